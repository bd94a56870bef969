/* screen_edit.c: the command line of the full-screen interface: a line
 * editor with a history, kept in the same file as the line interface's
 * (libedit's format, through libedit's own history functions when dojo is
 * built with it; in memory only otherwise). */
#include <string.h>

#include <curses.h>

#ifdef DOJO_HAVE_LIBEDIT
#include <histedit.h>
#endif

#include "frontends/tty/line_reader.h"
#include "frontends/tty/screen_internal.h"

#define HISTORY_SIZE 1000

#ifdef DOJO_HAVE_LIBEDIT
/* A libedit history of the line interface's size, or NULL. */
static History *history_open(HistEvent *event)
{
    History *list = history_init();
    if (list != NULL)
        history(list, event, H_SETSIZE, HISTORY_SIZE);
    return list;
}
#endif

static void history_load(ScreenEdit *edit)
{
#ifdef DOJO_HAVE_LIBEDIT
    HistEvent event;
    History *list = edit->history_path != NULL ? history_open(&event) : NULL;
    if (list == NULL)
        return;
    if (history(list, &event, H_LOAD, edit->history_path) >= 0) {
        /* H_LAST is the oldest entry; H_PREV walks towards the newest. */
        for (int ok = history(list, &event, H_LAST); ok >= 0;
             ok = history(list, &event, H_PREV))
            g_ptr_array_add(edit->history, g_strdup(event.str));
    }
    history_end(list);
#else
    (void)edit;
#endif
}

static void history_save(ScreenEdit *edit)
{
#ifdef DOJO_HAVE_LIBEDIT
    HistEvent event;
    History *list = edit->history_path != NULL && edit->history->len > 0
                        ? history_open(&event)
                        : NULL;
    if (list == NULL)
        return;
    history(list, &event, H_SETUNIQUE, 1);
    for (guint i = 0; i < edit->history->len; i++)
        history(list, &event, H_ENTER, (const char *)g_ptr_array_index(edit->history, i));
    history(list, &event, H_SAVE, edit->history_path);
    history_end(list);
#else
    (void)edit;
#endif
}

void screen_edit_init(ScreenEdit *edit, const char *history_path)
{
    memset(edit, 0, sizeof *edit);
    edit->text = g_string_new(NULL);
    edit->history = g_ptr_array_new_with_free_func(g_free);
    edit->history_path = g_strdup(history_path);
    history_load(edit);
    edit->history_at = (int)edit->history->len;
}

void screen_edit_clear(ScreenEdit *edit)
{
    if (edit->text == NULL)
        return;
    history_save(edit);
    g_string_free(edit->text, TRUE);
    g_ptr_array_free(edit->history, TRUE);
    g_free(edit->history_path);
    memset(edit, 0, sizeof *edit);
}

void screen_edit_set(ScreenEdit *edit, const char *text)
{
    g_string_assign(edit->text, text);
    edit->cursor = edit->text->len;
    edit->history_at = (int)edit->history->len;
}

/* The byte offset of the character before / after `at`. */
static gsize step_back(const GString *text, gsize at)
{
    if (at == 0)
        return 0;
    const char *p = g_utf8_find_prev_char(text->str, text->str + at);
    return p != NULL ? (gsize)(p - text->str) : 0;
}

static gsize step_forward(const GString *text, gsize at)
{
    if (at >= text->len)
        return text->len;
    return (gsize)(g_utf8_next_char(text->str + at) - text->str);
}

static void show_history(ScreenEdit *edit, int at)
{
    if (at < 0 || at > (int)edit->history->len)
        return;
    edit->history_at = at;
    const char *text = at < (int)edit->history->len ? g_ptr_array_index(edit->history, at) : "";
    g_string_assign(edit->text, text);
    edit->cursor = edit->text->len;
}

static void remember(ScreenEdit *edit, const char *line)
{
    if (line[0] == '\0')
        return;
    guint n = edit->history->len;
    if (n > 0 && strcmp(g_ptr_array_index(edit->history, n - 1), line) == 0)
        return;
    g_ptr_array_add(edit->history, g_strdup(line));
    if (edit->history->len > HISTORY_SIZE)
        g_ptr_array_remove_index(edit->history, 0);
}

int screen_edit_key(ScreenEdit *edit, int is_key_code, unsigned int key, char **line)
{
    GString *text = edit->text;
    if (!is_key_code && (key == '\n' || key == '\r')) {
        *line = g_strdup(text->str);
        remember(edit, text->str);
        screen_edit_set(edit, "");
        return 1;
    }
    if (!is_key_code && key == 27) {   /* Escape */
        screen_edit_set(edit, "");
        return -1;
    }
    if (is_key_code) {
        switch (key) {
        case KEY_ENTER:
            return screen_edit_key(edit, 0, '\n', line);
        case KEY_LEFT:
            edit->cursor = step_back(text, edit->cursor);
            return 0;
        case KEY_RIGHT:
            edit->cursor = step_forward(text, edit->cursor);
            return 0;
        case KEY_HOME:
            edit->cursor = 0;
            return 0;
        case KEY_END:
            edit->cursor = text->len;
            return 0;
        case KEY_UP:
            show_history(edit, edit->history_at - 1);
            return 0;
        case KEY_DOWN:
            show_history(edit, edit->history_at + 1);
            return 0;
        case KEY_BACKSPACE: {
            gsize from = step_back(text, edit->cursor);
            g_string_erase(text, (gssize)from, (gssize)(edit->cursor - from));
            edit->cursor = from;
            return 0;
        }
        case KEY_DC: {
            gsize to = step_forward(text, edit->cursor);
            g_string_erase(text, (gssize)edit->cursor, (gssize)(to - edit->cursor));
            return 0;
        }
        default:
            return 0;
        }
    }
    if (key == 127 || key == 8)   /* DEL or ^H: as Backspace */
        return screen_edit_key(edit, 1, KEY_BACKSPACE, line);
    if (key == 21) {              /* ^U: clear the line */
        screen_edit_set(edit, "");
        return 0;
    }
    if (key == 1 || key == 5) {   /* ^A, ^E */
        edit->cursor = key == 1 ? 0 : text->len;
        return 0;
    }
    gunichar c = (gunichar)key;
    if (!g_unichar_validate(c) || g_unichar_iscntrl(c) || text->len + 6 > DOJO_LINE_MAX)
        return 0;
    char bytes[6];
    int n = g_unichar_to_utf8(c, bytes);
    g_string_insert_len(text, (gssize)edit->cursor, bytes, n);
    edit->cursor += (gsize)n;
    return 0;
}
