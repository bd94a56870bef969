/* turn.h: whole turns, for games whose turn is several moves
 * (DjVariant.compound_turns: an Amazons turn is the amazon's move and then
 * its arrow).
 *
 * A turn is the moves one side makes in a row: it ends with a move after
 * which the other side is to move, or the game is over.  As records write
 * it (record.h), its moves are joined by ", ": "d1-d6, /f4".  These
 * helpers let a front end read a whole turn typed in that form, write the
 * turn a search chose, and take a whole turn back; for a game without
 * compound_turns every move is a turn of its own. */
#ifndef DOJO_FRAMEWORK_TURN_H
#define DOJO_FRAMEWORK_TURN_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/game_history.h"

/* Whether the game treats the moves one side makes in a row as one turn
 * (compound_turns; only meaningful with extra_turns). */
bool dj_turn_is_compound(const DjVariant *variant);

/* Play the move or the moves of one turn typed in `text`: with
 * compound_turns the parts may be joined by commas ("d1-d6, /f4"), each
 * read in the position the ones before it leave; a single part (a turn
 * typed a part at a time) is played alone.  Every part must be the side's
 * own: a part after the turn has passed to the other side is refused.  On
 * any error nothing of `text` stays played, and the message says which
 * part failed ("the second part '/f9': ...").  *n_played (may be NULL)
 * gets the number of moves played. */
bool dj_game_play_turn_text(DjGame *game, const char *text, int *n_played, GError **error);

/* How many of the `n` moves of `line`, played from `pos`, make up its
 * first turn: up to and including the first move after which the other
 * side is to move or the game is over (1 without compound_turns; at most
 * n; 0 for n == 0). */
int dj_turn_length(const DjVariant *variant, const void *pos, const DjMove *line, int n);

/* Append the first turn of `line` (dj_turn_length moves of it) from `pos`,
 * its moves in canonical text joined by ", "; returns how many moves it
 * wrote. */
int dj_turn_format(const DjVariant *variant, const void *pos, const DjMove *line, int n,
                   GString *out);

/* Whether the game at its current position stands at the start of a turn:
 * no move yet, or the last move passed the turn (always true without
 * compound_turns). */
bool dj_game_at_turn_start(const DjGame *game);

/* How many turns of the side to move in `root` begin within the first
 * `plies` moves of `line` (played from `root`; past its end, or past a
 * move that is not legal, the moves are taken to alternate): a turn in
 * progress at the root counts as one.  "Win in N" in a game with compound
 * turns says this N, where dj_line_own_moves (search_types.h) counts every
 * move; for a game without compound turns the two agree. */
int dj_turn_count_own(const DjVariant *variant, const void *root, const DjMove *line, int n,
                      int plies);

#endif /* DOJO_FRAMEWORK_TURN_H */
