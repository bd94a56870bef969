/* line_reader.c: libedit when it is there and the input is a terminal,
 * plain stdio otherwise. */
#include "frontends/tty/line_reader.h"

#include <errno.h>
#include <string.h>

#include <glib.h>

#include "frontends/common/output.h"

#ifdef DOJO_HAVE_LIBEDIT
#include <histedit.h>
#endif

struct DojoLineReader {
    FILE *in;
    FILE *out;
    bool interactive;
    char *prompt;
    char *history_path;
#ifdef DOJO_HAVE_LIBEDIT
    EditLine *editline;
    History *history;
#endif
};

#ifdef DOJO_HAVE_LIBEDIT
static char *editline_prompt(EditLine *editline)
{
    DojoLineReader *reader = NULL;
    el_get(editline, EL_CLIENTDATA, &reader);
    return reader != NULL && reader->prompt != NULL ? reader->prompt : (char *)"";
}

static void editline_start(DojoLineReader *reader)
{
    reader->editline = el_init("dojo", reader->in, reader->out, stderr);
    if (reader->editline == NULL)
        return;
    reader->history = history_init();
    HistEvent event;
    if (reader->history != NULL) {
        history(reader->history, &event, H_SETSIZE, 1000);
        history(reader->history, &event, H_SETUNIQUE, 1);
        if (reader->history_path != NULL)
            history(reader->history, &event, H_LOAD, reader->history_path);
        el_set(reader->editline, EL_HIST, history, reader->history);
    }
    el_set(reader->editline, EL_CLIENTDATA, reader);
    el_set(reader->editline, EL_PROMPT, editline_prompt);
    el_set(reader->editline, EL_EDITOR, "emacs");
    /* Let libedit restore the terminal before our SIGINT handler runs. */
    el_set(reader->editline, EL_SIGNAL, 1);
    el_source(reader->editline, NULL);
}

static DojoLineStatus editline_read(DojoLineReader *reader, char **line)
{
    int count = 0;
    errno = 0;
    const char *text = el_gets(reader->editline, &count);
    if (text == NULL) {
        if (count < 0)
            return errno == EINTR ? DOJO_LINE_INTERRUPTED : DOJO_LINE_ERROR;
        return DOJO_LINE_EOF;
    }
    size_t length = strlen(text);
    while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == '\r'))
        length--;
    if (length > DOJO_LINE_MAX)
        return DOJO_LINE_TOO_LONG;
    *line = g_strndup(text, length);
    if (reader->history != NULL && length > 0) {
        HistEvent event;
        history(reader->history, &event, H_ENTER, *line);
    }
    return DOJO_LINE_OK;
}
#endif

DojoLineReader *dojo_line_reader_new(FILE *in, FILE *out, const char *history_path)
{
    DojoLineReader *reader = g_new0(DojoLineReader, 1);
    reader->in = in;
    reader->out = out;
    reader->interactive = dojo_output_is_terminal(in);
    reader->history_path = g_strdup(history_path);
#ifdef DOJO_HAVE_LIBEDIT
    if (reader->interactive)
        editline_start(reader);
#endif
    return reader;
}

void dojo_line_reader_free(DojoLineReader *reader)
{
    if (reader == NULL)
        return;
#ifdef DOJO_HAVE_LIBEDIT
    if (reader->history != NULL) {
        HistEvent event;
        if (reader->history_path != NULL)
            history(reader->history, &event, H_SAVE, reader->history_path);
        history_end(reader->history);
    }
    if (reader->editline != NULL)
        el_end(reader->editline);
#endif
    g_free(reader->prompt);
    g_free(reader->history_path);
    g_free(reader);
}

/* Read bytes up to the next line break, keeping at most DOJO_LINE_MAX of
 * them: a longer line is still consumed to its end so that its tail is not
 * taken for the next command. */
static DojoLineStatus plain_read(DojoLineReader *reader, char **line)
{
    g_autoptr(GString) text = g_string_new(NULL);
    bool too_long = false;
    bool has_nul = false;
    bool read_any = false;
    int c;
    errno = 0;
    while ((c = getc(reader->in)) != EOF) {
        read_any = true;
        if (c == '\n')
            break;
        if (c == '\0')
            has_nul = true;
        if (text->len < DOJO_LINE_MAX)
            g_string_append_c(text, (char)c);
        else
            too_long = true;
    }
    if (c == EOF && ferror(reader->in)) {
        bool interrupted = errno == EINTR;
        clearerr(reader->in);
        return interrupted ? DOJO_LINE_INTERRUPTED : DOJO_LINE_ERROR;
    }
    if (!read_any)
        return DOJO_LINE_EOF;
    if (too_long || has_nul)
        return too_long ? DOJO_LINE_TOO_LONG : DOJO_LINE_NUL;
    if (text->len > 0 && text->str[text->len - 1] == '\r')
        g_string_truncate(text, text->len - 1);
    *line = g_string_free(g_steal_pointer(&text), FALSE);
    return DOJO_LINE_OK;
}

DojoLineStatus dojo_line_reader_read(DojoLineReader *reader, const char *prompt, char **line)
{
    *line = NULL;
    g_free(reader->prompt);
    reader->prompt = g_strdup(prompt != NULL ? prompt : "");
#ifdef DOJO_HAVE_LIBEDIT
    if (reader->editline != NULL)
        return editline_read(reader, line);
#endif
    if (reader->interactive && prompt != NULL) {
        fputs(prompt, reader->out);
        fflush(reader->out);
    }
    return plain_read(reader, line);
}

void dojo_command_line_split(const char *raw, DojoCommandLine *out)
{
    out->line = g_strstrip(g_strdup(raw));
    size_t word_length = strcspn(out->line, " \t");
    out->word = g_ascii_strdown(out->line, (gssize)word_length);
    const char *argument = out->line + word_length;
    while (*argument == ' ' || *argument == '\t')
        argument++;
    out->argument = argument;
    out->bare = argument[0] == '\0';
}

void dojo_command_line_clear(DojoCommandLine *command)
{
    g_clear_pointer(&command->line, g_free);
    g_clear_pointer(&command->word, g_free);
    command->argument = NULL;
}
