/* perft.h: counting the leaves of the game tree, for every variant.
 *
 * Conventions (those of the published counts): a position the variant's
 * outcome() calls over (a master captured, a temple reached) is a leaf and
 * counts 1 wherever it stands; a position with no legal move simply has no
 * children (it adds 0 below depth 0, as checkmates do in chess perft).  At
 * depth 1 the legal moves are counted without playing them (bulk counting,
 * through count_moves when the variant supplies it). */
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
