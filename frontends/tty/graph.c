/* graph.c: the evaluation graph (see graph.h). */
#include "frontends/tty/graph.h"

#include <stdlib.h>
#include <string.h>

#include "framework/search/score.h"

#define COLOR_SIDE0 "\x1b[36m"
#define COLOR_SIDE1 "\x1b[33m"
#define COLOR_RESET "\x1b[0m"

/* Partial cells: the bar grows up from the middle line in side 0's half
 * (lower eighth blocks) and hangs down in side 1's (upper blocks, which
 * Unicode has only in a few sizes). */
static const char *const up_blocks[9] = {
    " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588",
};

static const char *down_block(int fill)
{
    if (fill >= 8)
        return "\u2588";
    if (fill >= 4)
        return "\u2580";
    return fill > 0 ? "\u2594" : " ";
}

static const char *ascii_block(int fill)
{
    if (fill >= 8)
        return "#";
    if (fill >= 4)
        return ":";
    return fill > 0 ? "." : " ";
}

int dojo_graph_bar_eighths(int score, int rows)
{
    int full = rows * 8;
    if (dj_score_is_decisive(score, NULL))
        return score > 0 ? full : -full;
    long magnitude = labs((long)score);
    long eighths = (magnitude * full + (magnitude + DOJO_GRAPH_HALF_SCORE) / 2)
                 / (magnitude + DOJO_GRAPH_HALF_SCORE);
    if (eighths == 0 && magnitude > 0)
        eighths = 1;   /* any advantage at all shows */
    if (eighths >= full)
        eighths = full - 1;   /* only a proven result fills the half */
    return score > 0 ? (int)eighths : -(int)eighths;
}

static void append_margin(GString *out, const char *label, int width)
{
    const char *text = label != NULL ? label : "";
    g_string_append(out, text);
    for (long pad = width - g_utf8_strlen(text, -1); pad > 0; pad--)
        g_string_append_c(out, ' ');
    g_string_append_c(out, ' ');
}

/* One row of cells; `level` is the row's distance from the middle line. */
static void append_row(GString *out, const int *bars, int columns, int level, bool upper,
                       const DojoGraphStyle *style)
{
    int last = -1;
    for (int c = 0; c < columns; c++) {
        int height = upper ? bars[c] : -bars[c];
        if (height > level * 8)
            last = c;
    }
    if (last < 0)
        return;
    if (style->color)
        g_string_append(out, upper ? COLOR_SIDE0 : COLOR_SIDE1);
    for (int c = 0; c <= last; c++) {
        int height = upper ? bars[c] : -bars[c];
        int fill = CLAMP(height - level * 8, 0, 8);
        if (style->ascii)
            g_string_append(out, ascii_block(fill));
        else
            g_string_append(out, upper ? up_blocks[fill] : down_block(fill));
    }
    if (style->color)
        g_string_append(out, COLOR_RESET);
}

/* Move numbers under the chart: under the first column and every tenth
 * one, the last move that column stands for. */
static void append_numbers(GString *out, const int *last_move, int columns)
{
    g_autofree char *line = g_malloc((gsize)columns + 16);
    memset(line, ' ', (size_t)columns + 15);
    int free_from = 0;
    for (int c = 0; c < columns; c++) {
        int number = last_move[c];
        bool wanted = c == 0 || (c + 1) % 10 == 0;
        if (!wanted || c < free_from)
            continue;
        char digits[16];
        int length = g_snprintf(digits, sizeof digits, "%d", number);
        memcpy(line + c, digits, (size_t)length);
        free_from = c + length + 1;
    }
    int end = columns + 15;
    while (end > 0 && line[end - 1] == ' ')
        end--;
    g_string_append_len(out, line, end);
}

void dojo_graph_draw(const int *scores, int n, const DojoGraphStyle *style, GString *out)
{
    if (n <= 0)
        return;
    int rows = MAX(style->rows, 1);
    int columns = MIN(n, MAX(style->max_columns, 1));
    g_autofree int *bars = g_new(int, columns);
    g_autofree int *last_move = g_new(int, columns);
    for (int c = 0; c < columns; c++) {
        int last = (int)(((gint64)(c + 1) * n) / columns) - 1;
        bars[c] = dojo_graph_bar_eighths(scores[last], rows);
        last_move[c] = last + 1;
    }
    int margin = 0;
    for (int side = 0; side < 2; side++) {
        if (style->side_names[side] != NULL)
            margin = MAX(margin, (int)g_utf8_strlen(style->side_names[side], -1));
    }
    const char *bar = style->ascii ? "|" : "\u2502";
    for (int r = 0; r < rows; r++) {
        append_margin(out, r == 0 ? style->side_names[0] : NULL, margin);
        g_string_append(out, bar);
        append_row(out, bars, columns, rows - 1 - r, true, style);
        g_string_append_c(out, '\n');
    }
    append_margin(out, NULL, margin);
    g_string_append(out, style->ascii ? "+" : "\u253c");
    for (int c = 0; c < columns; c++)
        g_string_append(out, style->ascii ? "-" : "\u2500");
    g_string_append_c(out, '\n');
    for (int r = 0; r < rows; r++) {
        append_margin(out, r == rows - 1 ? style->side_names[1] : NULL, margin);
        g_string_append(out, bar);
        append_row(out, bars, columns, r, false, style);
        g_string_append_c(out, '\n');
    }
    append_margin(out, NULL, margin);
    g_string_append_c(out, ' ');
    append_numbers(out, last_move, columns);
    g_string_append_c(out, '\n');
}
