/* match_report.h: the results of a match as they come in, and the lines
 * that show them, in the shape cutechess-cli and fastchess print:
 *
 *   Finished game 3 (new vs fsf): 1-0 {fsf's king was mated} 57 plies
 *   Score of new vs fsf: 12 - 30 - 8  [0.320] 50
 *   Elo difference: -130.6 +/- 95.4, LOS: 0.1 %, DrawRatio: 16.0 %
 *   Pentanomial [0, 1/2, 1, 3/2, 2]: [3, 5, 10, 4, 3]
 *   SPRT: llr -1.52 (-51.6%), lbound -2.94, ubound 2.94
 *
 * Scores are the first engine's ("A" in "A vs B").  The model: when the
 * games come in pairs (the same opening, colours swapped), Elo, LOS and
 * the SPRT use the pentanomial model over complete pairs; otherwise the
 * trinomial model over games.  The W - L - D line always counts games. */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_REPORT_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

#include "framework/lab/match_stats.h"

typedef struct DojoMatchTally {
    const char *names[2];    /* A and B */
    int wins, losses, draws; /* A's */
    bool paired;             /* pentanomial over pairs 2k, 2k+1 */
    int pentanomial[DJ_PENTANOMIAL_OUTCOMES];
    GArray *game_points;     /* int per game index: A's half points, -1 until played */
    bool has_sprt;
    DjSprt sprt;
} DojoMatchTally;

void dojo_match_tally_init(DojoMatchTally *tally, const char *name_a, const char *name_b,
                           int games, bool paired, const DjSprt *sprt);
void dojo_match_tally_clear(DojoMatchTally *tally);

/* Count game `index`, in which A scored `half_points` (0, 1 or 2). */
void dojo_match_tally_add(DojoMatchTally *tally, int index, int half_points);

/* Games counted so far. */
int dojo_match_tally_games(const DojoMatchTally *tally);

/* The SPRT's normal approximation means nothing on a handful of results
 * (one won game would "prove" anything, see dj_sprt_llr), so no verdict is
 * given before this many samples (pairs or games) other than even ones (a
 * pair won by each side, a drawn game) are in.  Even samples alone have no
 * variance: ten pairs each won by its first mover, common in deterministic
 * self-play, would otherwise accept H0 at once with an LLR of -37. */
#define DOJO_SPRT_MIN_SAMPLES 10

/* The current SPRT log-likelihood ratio and verdict (CONTINUE without
 * --sprt or before DOJO_SPRT_MIN_SAMPLES samples). */
DjSprtVerdict dojo_match_tally_sprt(const DojoMatchTally *tally, double *llr);

/* Append "Score of A vs B: W - L - D  [score] N". */
void dojo_match_format_score(const DojoMatchTally *tally, GString *out);

/* Append the full summary: the score line, then dojo_match_format_ratings;
 * each line ends in a newline. */
void dojo_match_format_summary(const DojoMatchTally *tally, GString *out);

/* Append what the games say of the engines (cutechess-cli's "ratings"):
 * the Elo line ("... (pentanomial model, 1 pair)"), the pentanomial
 * counts when paired, the SPRT lines when asked for; each line ends in a
 * newline. */
void dojo_match_format_ratings(const DojoMatchTally *tally, GString *out);

/* Append a one-line progress text: "12/200 games  new vs fsf: 5 - 4 - 3
 * Elo 29 +/- 150  LLR 0.31". */
void dojo_match_format_progress(const DojoMatchTally *tally, int games, GString *out);

/* g_auto(DojoMatchTally) clears at the end of its scope.  Guarded: a compiler
 * or GLib without automatic cleanup still reads this header. */
#ifdef G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(DojoMatchTally, dojo_match_tally_clear)
#endif

#endif
