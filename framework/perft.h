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

/* Whole turns (DjVariant.compound_turns): the sequences of exactly `turns`
 * turns below `pos`, a turn being the moves one side makes in a row (it
 * ends with a move after which the other side is to move).  The
 * conventions above hold turn for turn: a game outcome() ends counts 1
 * where it stands, a position without legal moves 0, also in the middle of
 * a turn; a root in the middle of a turn counts the rest of that turn as
 * its first.  In a game whose every move passes the turn this is
 * dj_perft(pos, turns).  No bulk counting (whether a move ends the turn is
 * known only once it is played).  Stops early, with a partial count, once
 * *stop is nonzero (`stop` may be NULL). */
uint64_t dj_perft_turns(const DjVariant *variant, const void *pos, int turns,
                        const atomic_int *stop);

/* dj_perft_turns split by root move (the first move of the first turn, in
 * generation order: a whole turn's count is the sum over its parts'
 * lines); returns the total. */
uint64_t dj_perft_turns_divide(const DjVariant *variant, const void *pos, int turns,
                               DjPerftDivideFn fn, void *user_data);

#endif
