/* move_count.h: moves counted the way each game's players count them
 * (DjVariant.move_count, game.h): the words and the number of a forced
 * result, and where a game's move numbers start.  Every front end and
 * record says a result with these, so that one forced win reads the same
 * number everywhere; records number their moves with them (record.h). */
#ifndef DOJO_FRAMEWORK_MOVE_COUNT_H
#define DOJO_FRAMEWORK_MOVE_COUNT_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

/* The number a forced result is said with in `variant`'s count, for a
 * result `plies` plies away (every move of either side) of which
 * `own_moves` are moves of the side to move where it is counted from
 * (dj_line_own_moves in framework/search/search_types.h counts them along
 * a search's line; where turns alternate it is (plies + 1) / 2):
 * DJ_MOVE_COUNT_PLIES says `plies`, DJ_MOVE_COUNT_TURNS `own_moves`. */
int dj_result_count(const DjVariant *variant, int plies, int own_moves);

/* Append a forced result as the game's players say it, counted as
 * dj_result_count counts it, in the words of the side it is said for:
 * `win` true for a win of that side, false for its loss.  In a game with
 * check (in_check) "mate in 3" and "mated in 4", elsewhere "win in 2" and
 * "loses in 2"; a game already over (plies 0) is "won" or "lost". */
void dj_result_format(const DjVariant *variant, bool win, int plies, int own_moves,
                      GString *out);

/* A UCI engine's "score mate N" (N of the engine's own moves, negative
 * when it is the one mated; the engine is the side to move) in `variant`'s
 * count, with the same sign: where turns alternate, a win in N moves is
 * 2N - 1 plies and a loss in N moves 2N (in a game with extra turns the
 * plies cannot be known from N, and are taken so too). */
int dj_result_count_of_engine_mate(const DjVariant *variant, int mate);

/* The number `variant` gives the next move in `pos` in its count: its
 * move_number slot's (kept from 1 to G_MAXINT / 2), or 1 for a game whose
 * positions carry none. */
int dj_move_number_of(const DjVariant *variant, const void *pos);

#endif
