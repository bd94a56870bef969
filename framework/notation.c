/* notation.c: text helpers every variant shares. */
#include "framework/notation.h"

#include <string.h>

void dj_square_format(int square, int width, GString *out)
{
    g_string_append_c(out, (char)('a' + square % width));
    g_string_append_printf(out, "%d", square / width + 1);
}

int dj_square_parse(const char *text, int width, int height, int *consumed)
{
    if (text == NULL || !g_ascii_isalpha(text[0]))
        return -1;
    int file = g_ascii_tolower(text[0]) - 'a';
    if (file >= width || !g_ascii_isdigit(text[1]))
        return -1;
    int rank = text[1] - '0';
    int used = 2;
    if (g_ascii_isdigit(text[2])) {
        rank = rank * 10 + (text[2] - '0');
        used = 3;
        if (g_ascii_isdigit(text[3]))
            return -1;
    }
    if (rank < 1 || rank > height)
        return -1;
    if (consumed != NULL)
        *consumed = used;
    return file + (rank - 1) * width;
}

char *dj_text_normalize(const char *text)
{
    GString *out = g_string_new(NULL);
    bool pending_space = false;
    for (const char *p = text; *p != '\0'; p++) {
        if (g_ascii_isspace(*p)) {
            pending_space = out->len > 0;
            continue;
        }
        if (pending_space)
            g_string_append_c(out, ' ');
        pending_space = false;
        g_string_append_c(out, g_ascii_tolower(*p));
    }
    return g_string_free(out, FALSE);
}

char **dj_text_split_list(const char *text)
{
    GPtrArray *items = g_ptr_array_new();
    char **parts = g_strsplit(text, ",", -1);
    for (char **p = parts; *p != NULL; p++) {
        char *item = dj_text_normalize(*p);
        if (item[0] == '\0')
            g_free(item);
        else
            g_ptr_array_add(items, item);
    }
    g_strfreev(parts);
    g_ptr_array_add(items, NULL);
    return (char **)g_ptr_array_free(items, FALSE);
}

bool dj_text_char_is_shown(gunichar c)
{
    if (g_unichar_iscntrl(c))
        return false;
    switch (g_unichar_type(c)) {
    case G_UNICODE_FORMAT:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
    case G_UNICODE_SURROGATE:
    case G_UNICODE_UNASSIGNED:
        return false;
    default:
        return true;
    }
}

/* dj_text_quote and dj_text_append_line: `spaces` turns tabs and line
 * breaks into spaces rather than '?'. */
static void append_shown(const char *text, int max_chars, bool spaces, GString *out)
{
    int chars = 0;
    const char *p = text;
    while (*p != '\0') {
        if (max_chars > 0 && chars == max_chars) {
            g_string_append(out, "...");
            break;
        }
        gunichar c = g_utf8_get_char_validated(p, -1);
        if (c == (gunichar)-1 || c == (gunichar)-2) {
            g_string_append_c(out, '?');   /* not UTF-8: one byte at a time */
            p++;
        } else {
            if (dj_text_char_is_shown(c))
                g_string_append_unichar(out, c);
            else if (spaces && (c == '\t' || c == '\n' || c == '\r'))
                g_string_append_c(out, ' ');
            else
                g_string_append_c(out, '?');
            p = g_utf8_next_char(p);
        }
        chars++;
    }
}

char *dj_text_quote(const char *text, int max_chars)
{
    GString *out = g_string_new(NULL);
    append_shown(text, max_chars, false, out);
    return g_string_free(out, FALSE);
}

void dj_text_append_line(const char *text, int max_chars, GString *out)
{
    append_shown(text, max_chars, true, out);
}

const char *dj_outcome_result_text(DjOutcome outcome)
{
    switch (outcome) {
    case DJ_OUTCOME_WIN_SIDE0: return "1-0";
    case DJ_OUTCOME_WIN_SIDE1: return "0-1";
    case DJ_OUTCOME_DRAW: return "1/2-1/2";
    case DJ_OUTCOME_ONGOING: break;
    }
    return "*";
}

bool dj_outcome_parse_result(const char *text, DjOutcome *out)
{
    static const DjOutcome all[] = {
        DJ_OUTCOME_WIN_SIDE0, DJ_OUTCOME_WIN_SIDE1, DJ_OUTCOME_DRAW, DJ_OUTCOME_ONGOING,
    };
    for (size_t i = 0; i < G_N_ELEMENTS(all); i++) {
        if (strcmp(text, dj_outcome_result_text(all[i])) == 0) {
            *out = all[i];
            return true;
        }
    }
    return false;
}

void dj_format_move_list(const DjVariant *variant, const void *pos,
                         const DjMove *moves, int n_moves, GString *out)
{
    for (int i = 0; i < n_moves; i++) {
        if (i > 0)
            g_string_append(out, ", ");
        variant->format_move(pos, moves[i], out);
    }
}

void dj_format_move_engine(const DjVariant *variant, const void *pos, DjMove move,
                           GString *out)
{
    if (variant->format_move_engine != NULL)
        variant->format_move_engine(pos, move, out);
    else
        variant->format_move(pos, move, out);
}

void dj_format_position_engine(const DjVariant *variant, const void *pos, GString *out)
{
    if (variant->format_position_engine != NULL)
        variant->format_position_engine(pos, out);
    else
        variant->format_position(pos, out);
}

char **dj_text_split_lines(const char *text)
{
    GPtrArray *lines = g_ptr_array_new();
    if (text[0] != '\0') {
        const char *start = text;
        for (const char *p = text;; p++) {
            if (*p != '\n' && *p != '\0')
                continue;
            g_ptr_array_add(lines, g_strndup(start, (gsize)(p - start)));
            if (*p == '\0')
                break;
            start = p + 1;
        }
    }
    g_ptr_array_add(lines, NULL);
    return (char **)g_ptr_array_free(lines, FALSE);
}
