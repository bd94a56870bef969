/* perft.h: counting the leaves of the game tree, for every variant.
 *
 * Conventions: perft counts the sequences of exactly `depth` moves, except
 * that a game the variant's outcome() declares over (a master captured, a
 * temple reached) ends a sequence early and counts 1 wherever it stands.
 * A position with no legal move (checkmate, stalemate: a loss the framework
 * adds, not outcome()) has no sequence going on from it and counts 0, as in
 * chess and shogi perft; so does a root without legal moves.  At depth 1
 * the legal moves are counted without playing them (bulk counting, through
 * count_moves when the variant supplies it).  These are the conventions
 * published perft counts follow, a finished game being a leaf. */
#ifndef DOJO_FRAMEWORK_PERFT_H
#define DOJO_FRAMEWORK_PERFT_H

#include <stdatomic.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"

/* Leaves `depth` plies below `pos` (depth 0: 1). */
uint64_t dj_perft(const DjVariant *variant, const void *pos, int depth);

/* The same, returning early once *stop is nonzero (raised from another
 * thread: a deep perft runs for hours, and whoever asked may change their
 * mind).  A count cut short is partial: the caller, who raised the flag,
 * knows to discard it.  `stop` may be NULL (dj_perft). */
uint64_t dj_perft_stoppable(const DjVariant *variant, const void *pos, int depth,
                            const atomic_int *stop);

/* Called once per legal root move, in generation order. */
typedef void (*DjPerftDivideFn)(const char *move_text, uint64_t count, void *user_data);

/* Perft split by root move; returns the total. */
uint64_t dj_perft_divide(const DjVariant *variant, const void *pos, int depth,
                         DjPerftDivideFn fn, void *user_data);

#endif
