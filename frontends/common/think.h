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

/* Append the moves of `pv` as text, each played from `root` in turn.  Stops
 * early (without failing) at a move that is not legal or once the game is
 * over, so a damaged line never reaches format_move. */
void dojo_format_pv(const DjVariant *variant, const void *root, const DjMove *pv, int n_pv,
                    GString *out);

/* The same in engine notation (dj_format_move_engine), for protocols. */
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

/* Append "depth D  score S  nodes N  nps R  pv ..." for `info`, searched
 * from `root`. */
void dojo_format_search_info(const DjVariant *variant, const void *root,
                             const DjSearchInfo *info, GString *out);

/* Append "MOVE (description), score S at depth D" for the move a search
 * chose in `root` (the score part only if an iteration completed). */
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
