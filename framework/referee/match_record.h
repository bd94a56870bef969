/* match_record.h: the record of a match game, each engine move annotated
 * with what its engine said of it.
 *
 * The record is the usual one (framework/record.h), written one move per
 * line, so that each move can carry an end-of-line comment:
 *
 *     5. P@e5 ; +0.35/12 0.412s
 *     6. d8e7 ; -M4/20 0.050s
 *
 * the engine's last score from the mover's side (in pawns, or "M" and the
 * distance to mate in the game's count, dj_result_count_of_engine_mate:
 * the mover's moves, or plies in a game that counts plies; negative when
 * mated), "/" its last depth, and the time
 * from `go` to `bestmove`.  A part the engine did not say is left out; the
 * opening's moves have no comment.  dj_record_parse reads it as any record
 * (comments and move numbers are layout). */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_RECORD_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_RECORD_H

#include <glib.h>

#include "framework/game_history.h"
#include "framework/record_pgn.h"
#include "framework/referee/match_game.h"

/* Append the comment text of one note ("+0.35/12 0.412s"); a mate's
 * number is written as it is (dojo_match_format_record puts it in the
 * game's count first). */
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

/* The score a note ("+0.35/12 0.412s", as dojo_match_format_note writes
 * it) gives, in centipawns, in *centipawns; false for a note without one
 * (a mate, no score, another text). */
bool dojo_match_note_score(const char *note, int *centipawns);

/* Append a side's time control in PGN's form (the TimeControl tag, PGN
 * standard 9.6.1): "10+0.1" for a clock (seconds, and the increment when
 * there is one), "40/60+0.5" for a clock of 60 s every 40 moves, "1/0.2"
 * for a time per move (one move in 0.2 s: PGN has no closer form; what a
 * move leaves is not carried over as the standard's periods would), "-"
 * for node or depth limits alone. */
void dojo_match_format_time_control(const DojoMatchLimits *limits, GString *out);

/* Append the PGN (record_pgn.h) of a match game: `notes` as each move's
 * comment (as in dojo_match_format_record), `termination` (the verdict's)
 * and the sides' time controls from limits[side]. */
void dojo_match_format_pgn(const DjGame *game, const DojoMoveNote *notes, int n_notes,
                           DjPgnTermination termination,
                           const DojoMatchLimits *const limits[2], GString *out);

/* How a recorded match game ended, in PGN's words, as well as its record
 * tells: unfinished, the rules, or else from the words of its reason as
 * dojo match writes them (an adjudication, a loss on time, an illegal
 * move, a crash); anything else (a resignation) is "normal".  For records
 * made before PGN, read back (dojo convert). */
DjPgnTermination dojo_match_termination_of_record(const DjGame *game);

/* How many numbers the records of earlier matches in folder `dir` took:
 * the highest N of its files named "game-N.dojo" (any number of digits),
 * 0 when there is none or the folder cannot be read.  A match numbers its
 * games on from there, so that a second match into the same folder adds
 * to the first rather than writing over it (nor over a file of that name
 * that is no record). */
int dojo_match_records_taken(const char *dir);

#endif
