/* think.h: showing what the search is thinking.
 *
 * Shared by `dojo play` (a live status line while the computer thinks) and
 * `dojo analyze` (one line per iteration). */
#ifndef DOJO_FRONTENDS_COMMON_THINK_H
#define DOJO_FRONTENDS_COMMON_THINK_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/search/search_types.h"

/* Append the moves of `pv` as text, each played from `root` in turn,
 * separated by spaces (in a game of compound turns the moves of one turn
 * by ", ", as records join them).  Stops early (without failing) at a move
 * that is not legal or once the game is over, so a damaged line never
 * reaches format_move. */
void dojo_format_pv(const DjVariant *variant, const void *root, const DjMove *pv, int n_pv,
                    GString *out);

/* The same in engine notation (dj_format_move_engine), for protocols:
 * always a move a word. */
void dojo_format_pv_engine(const DjVariant *variant, const void *root, const DjMove *pv,
                           int n_pv, GString *out);

/* Append a search's `score` of `pos` for people: "+1.25", or a forced
 * result in the game's words and count ("mate in 3", "win in 2", "loses
 * in 2"; framework/move_count.h), counted in moves of the side to move in
 * `pos` along `line` (the score's line from `pos`, n_line moves; a line
 * cut short is taken on with the sides alternating).  `score` is from the
 * side to move's view, and said so, or with `turned` from the other side's
 * ("loses in 2" for the side to move's "win in 2": the same number). */
void dojo_format_score(const DjVariant *variant, const void *pos, const DjMove *line,
                       int n_line, int score, bool turned, GString *out);

/* Append the score of `info` (a search of `root`) as dojo_format_score
 * says it, or, for a root the endgame tables hold (info->tablebase), the
 * tables' verdict: "win in 5 (tablebase)", "loses in 3 (tablebase)" (in
 * the game's words and count), "draw (tablebase)", or from tables that keep
 * no distances "win (tablebase)" and "loss (tablebase)". */
void dojo_format_info_score(const DjVariant *variant, const void *root,
                            const DjSearchInfo *info, GString *out);

/* Append "depth D  score S  nodes N  nps R  pv ..." for `info`, searched
 * from `root` (with "  tbhits T" after the rate when endgame tables
 * answered T probes). */
void dojo_format_search_info(const DjVariant *variant, const void *root,
                             const DjSearchInfo *info, GString *out);

/* Append "MOVE (description), score S at depth D" for the move a search
 * chose in `root` (the score part only if an iteration completed).  In a
 * game with compound turns, MOVE is the whole turn the search's line
 * begins with, its parts joined by ", " as records join them. */
void dojo_format_verdict(const DjVariant *variant, const void *root, DjMove move,
                         const DjSearchInfo *info, GString *out);

/* A live status line for a running search. */
typedef struct DojoThinkDisplay {
    const DjVariant *variant;
    const void *root;
    FILE *out;
    bool live;        /* out is a terminal: rewrite the line in place */
    bool shown;       /* a live line is on the screen */
    DjSearchInfo last;
    bool have_last;
} DojoThinkDisplay;

/* Start a display for a search of `root`. */
void dojo_think_display_init(DojoThinkDisplay *display, const DjVariant *variant,
                             const void *root, FILE *out, bool live);

/* The DjSearchReportFn: on a terminal rewrites the status line with \r;
 * otherwise only remembers the iteration. */
void dojo_think_report(const DjSearchInfo *info, void *user_data);

/* The search is over: on a terminal erase the status line; then print one
 * summary line with `label` ("Red thought") if any iteration completed
 * and `label` is not NULL. */
void dojo_think_display_end(DojoThinkDisplay *display, const char *label);

#endif
