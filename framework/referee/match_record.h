/* match_record.h: the record of a match game, each engine move annotated
 * with what its engine said of it.
 *
 * The record is the usual one (framework/record.h), written one move per
 * line, so that each move can carry an end-of-line comment:
 *
 *     3. P@e5 ; +0.35/12 0.412s
 *     3... d8e7 ; -M4/20 0.050s
 *
 * the engine's last score from the mover's side (in pawns, or "M" and the
 * moves to mate, negative when mated), "/" its last depth, and the time
 * from `go` to `bestmove`.  A part the engine did not say is left out; the
 * opening's moves have no comment.  dj_record_parse reads it as any record
 * (comments and move numbers are layout). */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_RECORD_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_RECORD_H

#include <glib.h>

#include "framework/game_history.h"
#include "framework/referee/match_game.h"

/* Append the comment text of one note ("+0.35/12 0.412s"). */
void dojo_match_format_note(const DojoMoveNote *note, GString *out);

/* Append the record of `game` (tags, moves, result) with `notes` (in ply
 * order, as dojo_match_play_game leaves them; n_notes may be 0). */
void dojo_match_format_record(const DjGame *game, const DojoMoveNote *notes, int n_notes,
                              GString *out);

/* Read back the scores of such a record's `text`, for its first n_plies
 * plies: scores[ply] in centipawns from the mover's side, known[ply] false
 * where the move has no score (an opening move, a mate score, a comment of
 * another form).  Move lines are the lines that start "N." or "N...", one
 * a ply. */
void dojo_match_record_scores(const char *text, int n_plies, int *scores, bool *known);

/* How many numbers the records of earlier matches in folder `dir` took:
 * the highest N of its files named "game-N.dojo" (any number of digits),
 * 0 when there is none or the folder cannot be read.  A match numbers its
 * games on from there, so that a second match into the same folder adds
 * to the first rather than writing over it (nor over a file of that name
 * that is no record). */
int dojo_match_records_taken(const char *dir);

#endif
