/* match_balance.h: the referee's judgement of a random opening, for
 * --balance.  A random ply often hangs a piece, and a pair of games that
 * starts from such a position mostly ends 1-1, each engine winning with
 * the good side: it says nothing of which engine is stronger.  So the
 * position after the random plies is searched with dojo's own alpha-beta
 * search, and the opening is kept only when the score is close to even.
 *
 * The verdict depends on the game alone (its position and the line that
 * led there, for repetitions), never on what was judged before or on
 * which thread: one search thread, a node limit, and a table cleared
 * before every search.  One judge serves all the threads of a match or a
 * tuning run: its searches take turns under a lock.  It remembers its
 * latest verdicts, so that the two games of a pair, which draw the same
 * opening, pay for one search. */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_BALANCE_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_BALANCE_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"

#define DOJO_MATCH_DEFAULT_BALANCE_NODES 20000   /* --balance-nodes */
#define DOJO_MATCH_MIN_BALANCE_NODES 1000        /* fewer may not finish one iteration */
#define DOJO_MATCH_BALANCE_TRIES 200             /* random openings drawn for a pair at most */

typedef struct DojoMatchBalance DojoMatchBalance;

/* A judge that keeps a position when a search of `nodes` nodes (at least
 * DOJO_MATCH_MIN_BALANCE_NODES) scores it within +-max_cp centipawns
 * (0 <= max_cp < DJ_SCORE_EVAL_MAX) for the side to move.  `variant`
 * must have an evaluation (DjVariant.evaluate). */
DojoMatchBalance *dojo_match_balance_new(const DjVariant *variant, int max_cp, guint64 nodes);

/* NULL is allowed. */
void dojo_match_balance_free(DojoMatchBalance *balance);

int dojo_match_balance_max_cp(const DojoMatchBalance *balance);

/* Whether the current position of `game`, which must be ongoing, is even
 * enough: the score is within the bound and no forced win or loss.  May
 * be called from several threads at once. */
bool dojo_match_balance_accepts(DojoMatchBalance *balance, const DjGame *game);

/* How many searches the judge has run: a verdict it remembered ran none. */
guint64 dojo_match_balance_searches(DojoMatchBalance *balance);

#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoMatchBalance, dojo_match_balance_free)
#endif

#endif
