/* game_history.h: one game as it is played: where it started, the moves,
 * every position on the way (for undo and repetition), tags for the record,
 * and how it ended. */
#ifndef DOJO_FRAMEWORK_GAME_HISTORY_H
#define DOJO_FRAMEWORK_GAME_HISTORY_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/repetition.h"

typedef struct DjGame DjGame;

/* A new game of `variant` set up by `setup` (see DjVariant.setup).  Returns
 * NULL with `error` set if the setup is refused.  The tag "Variant" is set. */
DjGame *dj_game_new(const DjVariant *variant, const DjSetup *setup, GError **error);
void dj_game_free(DjGame *game);

const DjVariant *dj_game_variant(const DjGame *game);

/* Number of moves played so far. */
int dj_game_length(const DjGame *game);

/* The position after `ply` moves (0: the start); ply in [0, length]. */
const void *dj_game_position_at(const DjGame *game, int ply);

/* The current position: dj_game_position_at(game, dj_game_length(game)). */
const void *dj_game_position(const DjGame *game);

/* The move that was played at ply index `ply` (from position ply to ply+1). */
DjMove dj_game_move_at(const DjGame *game, int ply);

/* The last move played, or DJ_MOVE_NONE at the start. */
DjMove dj_game_last_move(const DjGame *game);

/* The turn (from 0) that the move at `ply` belongs to, ply in [0, length):
 * a turn starts with each move made by another side than the move before
 * it, so with extra turns this is not `ply`.  Kept as moves are played, so
 * numbering every move of a long game costs no more than playing it. */
int dj_game_turn_index(const DjGame *game, int ply);

/* Key and in-check flag of every position from the start to the current one
 * (dj_game_length + 1 entries), for the search's repetition detection. */
const DjHistoryEntry *dj_game_line(const DjGame *game, int *n_entries);

/* Play `move`.  Refused (false, `error` set) if the game is over or the move
 * is not legal in the current position. */
bool dj_game_play(DjGame *game, DjMove move, GError **error);

/* Read `text` as a move of the current position with the variant's
 * parse_move, without playing it: false, with `error` saying why, when
 * the game is over or the text is not a legal move there. */
bool dj_game_parse_move(const DjGame *game, const char *text, DjMove *move, GError **error);

/* Read `text` as dj_game_parse_move does and play it. */
bool dj_game_play_text(DjGame *game, const char *text, GError **error);

/* Take back the last move (and any result set by dj_game_set_result). 
 * Returns false at the start of the game. */
bool dj_game_undo(DjGame *game);

/* How the game stands: a result set by dj_game_set_result (resignation,
 * agreed or claimed draw, adjudication) if any, else the position's outcome
 * (dj_position_outcome), else a repetition ending under the variant's
 * repetition_draw rule, else ONGOING. */
DjOutcome dj_game_outcome(const DjGame *game);

/* Words for why the game ended ("Red's master was captured", "fourfold
 * repetition", "Blue resigned"), or NULL while it goes on.  Owned by game. */
const char *dj_game_outcome_reason(const DjGame *game);

/* How many times the current position has occurred (1 the first time). */
int dj_game_repetitions(const DjGame *game);

/* Whether the side to move may claim a draw now (variant.repetition_claim). */
bool dj_game_can_claim_draw(const DjGame *game);

/* End the game by something other than the rules of the position:
 * `reason` is copied.  Pass DJ_OUTCOME_ONGOING to clear it. */
void dj_game_set_result(DjGame *game, DjOutcome outcome, const char *reason);

/* Draw `game` at a limit of `max_plies` plies on its length, in the words
 * every such limit ends a game with: `prefix` (a referee's "adjudicated: ",
 * or "") then "the move limit of N plies was reached". */
void dj_game_draw_at_move_limit(DjGame *game, int max_plies, const char *prefix);

/* Tags ("Variant", "Date", "Position", side names as player tags, "Result"
 * ...).  Values are copied.  dj_game_tag returns NULL for an unset tag. */
void dj_game_set_tag(DjGame *game, const char *name, const char *value);
const char *dj_game_tag(const DjGame *game, const char *name);

/* Tag names in the order they were first set (NULL-terminated, owned). */
const char *const *dj_game_tag_names(const DjGame *game);

/* g_autoptr(DjGame) frees with dj_game_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjGame, dj_game_free)
#endif

#endif
