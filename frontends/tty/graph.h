/* graph.h: the evaluation graph of a game, drawn in a terminal.
 *
 * One column per move (or per group of moves when the game is wider than
 * the chart), a bar up from the middle line where side 0 stands better and
 * down where side 1 does.  Scores are squashed, not cut: a bar is
 * s / (|s| + DOJO_GRAPH_HALF_SCORE) of the half-height, so an advantage of
 * DOJO_GRAPH_HALF_SCORE fills half of it, small differences stay visible,
 * and a won or lost position (a decisive score, see dj_score_is_decisive)
 * fills the whole half, which no other score quite does, and never leaves
 * the chart. */
#ifndef DOJO_FRONTENDS_TTY_GRAPH_H
#define DOJO_FRONTENDS_TTY_GRAPH_H

#include <stdbool.h>

#include <glib.h>

/* The score (in the games' units, hundredths of a pawn) drawn at half height. */
#define DOJO_GRAPH_HALF_SCORE 300

typedef struct DojoGraphStyle {
    int rows;               /* rows for each half (>= 1) */
    int max_columns;        /* widest chart, labels excluded (>= 1) */
    bool color;             /* ANSI colour for the bars */
    bool ascii;             /* '#', '+' and '-' instead of block characters */
    const char *side_names[2];  /* labels of the two halves */
} DojoGraphStyle;

/* Append the chart of `scores` (n >= 1 entries: the score after each
 * move, from side 0's point of view, decisive scores included) to `out`,
 * ending with a newline: the rows of side 0's half, the middle line, the
 * rows of side 1's half, and a line of move numbers.  Nothing for n <= 0. */
void dojo_graph_draw(const int *scores, int n, const DojoGraphStyle *style, GString *out);

/* How many eighths of a half-height of `rows` rows the bar of `score`
 * fills: positive up (side 0), negative down (side 1). */
int dojo_graph_bar_eighths(int score, int rows);

#endif
