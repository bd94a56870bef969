/* perft.h: counting the leaves of the game tree, for every variant.
 *
 * Conventions: a position where the game is over is a leaf and counts 1
 * wherever it stands, whether the variant's outcome() ends it (a master
 * captured, a temple reached) or the side to move has no legal move
 * (checkmate, stalemate): dj_position_outcome is not ONGOING.  At depth 1
 * the legal moves are counted without playing them (bulk counting, through
 * count_moves when the variant supplies it).  The published counts of both
 * built-in games are the same under the chess convention (a mate counts 0)
 * to the depths published. */
#ifndef DOJO_PERFT_H
#define DOJO_PERFT_H

#include <stdint.h>

#include <glib.h>

#include "game.h"

/* Leaves `depth` plies below `pos` (depth 0: 1). */
uint64_t dj_perft(const DjVariant *variant, const void *pos, int depth);

/* Called once per legal root move, in generation order. */
typedef void (*DjPerftDivideFn)(const char *move_text, uint64_t count, void *user_data);

/* Perft split by root move; returns the total. */
uint64_t dj_perft_divide(const DjVariant *variant, const void *pos, int depth,
                         DjPerftDivideFn fn, void *user_data);

#endif
