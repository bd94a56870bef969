/* level.h: playing strengths built on the search.
 *
 * Level 1 is for a beginner who knows the moves: a shallow search of a few
 * candidate moves and a random choice among them, the likelier the better
 * the move.  Each level searches deeper and chooses less randomly; none
 * from level 3 up loses in one move when it need not.  Level 10 is the
 * full search with all the time it is given. */
#ifndef DOJO_FRAMEWORK_SEARCH_LEVEL_H
#define DOJO_FRAMEWORK_SEARCH_LEVEL_H

#include <glib.h>

#include "framework/search/search.h"

#define DJ_LEVEL_MIN 1
#define DJ_LEVEL_MAX 10

/* The lowest level that evaluates with the game's learnt network, where
 * the game has one (the front end installs it, frontends/common/nets.h).
 * A network is worth hundreds of Elo at the same time: a level just below
 * full strength without it would be far more than a step below. */
#define DJ_LEVEL_NET_MIN 9

/* The most candidate moves a level chooses among. */
#define DJ_LEVEL_MAX_LINES 8

/* Choose a move for `root` at `level` (clamped to [MIN, MAX]).  time_ms is
 * the time allowed (levels below MAX also stop at their own depth and node
 * count).  `rand` makes the choice reproducible: the same search, position
 * and state of `rand` give the same move.  The choice is among `root_moves` when
 * n_root_moves > 0 (as DjSearchLimits.root_moves; NULL, 0: every move).
 * Arguments otherwise as dj_search_run. */
DjMove dj_level_choose(DjSearch *search, int level, int64_t time_ms, GRand *rand,
                       const void *root, const DjHistoryEntry *line, int n_line,
                       const DjMove *root_moves, int n_root_moves,
                       DjSearchReportFn report, void *user_data, DjSearchInfo *info);

/* The chance, in percent, that `level` (clamped) refuses a move that loses
 * at once when it has one that does not (level_guard.h): 100 from level 3. */
int dj_level_guard_percent(int level);

/* The Elo of `level` (clamped to [MIN, MAX]) in `variant`: its measured
 * table (DjVariant.level_elo), or for a game without one a generic scale,
 * 800 for level 1 to 2600 for level 10 in steps of 200. */
int dj_level_elo(const DjVariant *variant, int level);

#endif
