/* level_guard.h: the blunders a playing level must not make.
 *
 * A weaker level chooses among several good moves at random (level.c); it
 * must still not hand the game over in one move, as a person who knows the
 * rules would not: leave open a reply that wins, whatever the game's way of
 * winning is.  What "loses at once" means is read off the rules alone (play
 * the move, then every reply, and ask outcome()), so every game gets the
 * guard without saying anything. */
#ifndef DOJO_FRAMEWORK_SEARCH_LEVEL_GUARD_H
#define DOJO_FRAMEWORK_SEARCH_LEVEL_GUARD_H

#include <stdbool.h>

#include "framework/game.h"

/* Whether `move`, legal in `pos` (an ongoing position), loses at once: it
 * ends the game with the mover's loss, or it hands the turn to the
 * opponent and the opponent's next turn can win.  With compound turns
 * (turn.h) that turn may be several moves, and a move that keeps the turn
 * loses at once when every way to finish the turn does (so a level guarded
 * part by part never plays a turn that loses at once when another turn
 * does not).  Without them a move after which the mover moves again
 * (extra_turns) is judged by its own end only, a turn of its own: it does
 * not lose at once.  Repetition is a property of the game's history, not
 * of a position, and is not looked at.  The cost is a two-turn look-ahead:
 * meant for the few moves a level chooses among, not for a search. */
bool dj_move_loses_at_once(const DjVariant *variant, const void *pos, DjMove move);

/* The first of the `n` `moves` (legal in `pos`) that does not lose at
 * once, or `fallback` when every one does (or n is 0). */
DjMove dj_first_move_not_losing_at_once(const DjVariant *variant, const void *pos,
                                        const DjMove *moves, int n, DjMove fallback);

#endif
