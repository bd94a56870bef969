/* record.h: game records on disk.
 *
 * A record is UTF-8 text:
 *
 *     [Variant "<the variant's name>"]
 *     [Date "2026.11.22"]
 *     [<side 0's name> "Alice"]
 *     [<side 1's name> "dojo level 5"]
 *     [Position "<the start position string>"]
 *     [Result "1-0"]
 *
 *     1. <move> <move>
 *     2. <move>, <move> <move>
 *     3. ...
 *     1-0
 *
 * Tag lines first (a name, a string in double quotes with \" and \\
 * escapes), then a blank line, then the moves in each variant's canonical
 * text separated by white space.  Moves are numbered as the game's players
 * number them (DjVariant.move_count), from the number the start position
 * carries (DjVariant.move_number; 1 for a game whose positions carry none).
 * Counted by turns (the default, as chess): a turn is the moves one side
 * makes before the other side is to move (one move, unless a move gives its
 * side another turn, as in mancala games), the moves of one turn are joined
 * by ", ", and each line holds a turn of each side, the first numbered
 * "N.".  In a game whose turns alternate this is the familiar "1. a b".
 * Counted by plies (as shogi): every move has a number of its own and a
 * line, "44. P*e7".  When reading, move numbers ("12.", "12...")
 * and the commas are layout only and ignored: the moves are played in
 * order and the rules say whose each is, so records written before turns
 * were numbered this way load the same.  A result token may end the list;
 * "; ..." comments run to the end of the line.  The Position tag holds the start position, so a record
 * replays exactly.  A record written move by move while a game is played
 * (a journal) is the same format without a final result.
 */
#ifndef DOJO_FRAMEWORK_RECORD_H
#define DOJO_FRAMEWORK_RECORD_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"

/* Append the whole record of `game` (tags, moves, result). */
void dj_record_format(const DjGame *game, GString *out);

/* The parts of a record, for a journal that appends moves as they are
 * played: the tag lines and the blank line after them (Result "*" while
 * the game goes on), and the moves of plies [from_ply, to_ply) numbered
 * as above (a line break comes before each "N.", so the text ends
 * without one; in a game that counts plies one move a line).  Tags, then
 * moves(0, k), then moves(k, n) gives the same text as tags then
 * moves(0, n). */
void dj_record_format_tags(const DjGame *game, GString *out);
void dj_record_format_moves(const DjGame *game, int from_ply, int to_ply, GString *out);

/* The turn (from 0) that the move at `ply` (< the game's length) belongs
 * to: a new turn starts with each move made by the other side than the
 * move before it, so with extra turns this is not `ply`.  Constant time. */
int dj_record_turn_index(const DjGame *game, int ply);

/* The number the game gives the move at `ply`, 0 <= ply <= the game's
 * length (at the length: the move to come), in the game's count
 * (DjVariant.move_count), from the start position's number: one a move
 * when the game counts plies; one a pair of turns when it counts turns,
 * *second (if not NULL) then set for the second turn of a pair.  The one
 * number the front ends, records and the game's own drawing (a SFEN's move
 * number) give a move. */
int dj_record_move_number(const DjGame *game, int ply, bool *second);

/* Append the number records give the move at `ply` (0 <= ply <= length)
 * in a list of one move per line: "N." for a move of a turn the record
 * starts a line with, "N..." for one of the turn after it (in a game whose
 * turns alternate, "12." for the first side's 12th move and "12..." for
 * the reply); "N." for every move of a game that counts plies. */
void dj_record_append_move_number(const DjGame *game, int ply, GString *out);

/* Appends the comment on the move at `ply`, or nothing for none. */
typedef void (*DjRecordCommentFn)(int ply, GString *out, void *user_data);

/* Append the whole record of `game` (tags, moves, result) one move a line,
 * numbered as dj_record_append_move_number numbers them ("12. a",
 * "12... b"), each move followed by " ; " and its comment when `comment`
 * appends one: the layout annotated records use, which dj_record_parse
 * reads as the same game. */
void dj_record_format_annotated(const DjGame *game, DjRecordCommentFn comment,
                                void *user_data, GString *out);

/* Read a record.  The variant comes from the Variant tag (looked up in the
 * registry; a byte-order mark before it is skipped).  Every move is checked
 * against the rules; a record may leave out the Position tag only for a
 * variant whose games all start the same way.  Errors name the line
 * where the text breaks ("line 12: ...") and why, in the DJ_ERROR domain;
 * no partial game is returned. */
DjGame *dj_record_parse(const char *text, GError **error);

/* The same, but a record cut short (its writing stopped by a full disk or
 * a crash: the text ends inside a word, and without that word it is a good
 * record) gives the game up to its last whole move, and *dropped (g_free)
 * says what was left out; *dropped is NULL otherwise. */
DjGame *dj_record_parse_salvaging(const char *text, char **dropped, GError **error);

/* The same, with the variant looked up in the NULL-terminated list
 * `variants` instead of the registry (for games that are not registered,
 * such as the tests' own). */
DjGame *dj_record_parse_among(const char *text, const DjVariant *const *variants,
                              GError **error);

/* The value of the tag `name` in record `text`, as dj_record_parse reads it
 * (its \" and \\ escapes undone; a fresh string), or NULL when the tag
 * section holds no such tag.  Only the tag section is read, the way
 * dj_record_parse reads it: a byte-order mark first is skipped, white space
 * around a line, blank lines and "; ..." comment lines are passed over, and
 * the section ends at the first other line that is not a tag.  A line that
 * starts like a tag but is not one ends the search too (NULL, unless the tag
 * came before it).  Nothing else is checked (not the UTF-8, not the moves):
 * this is for telling quickly what many files are (which game, finished or
 * not) without replaying each. */
char *dj_record_tag_value(const char *text, const char *name);

/* dj_record_parse, also giving each move's comment (its line's "; ..."
 * after the last move on the line, trimmed): *comments (free it with
 * g_ptr_array_unref) has dj_game_length entries, comments->pdata[ply] a
 * string or NULL where the move has none. */
DjGame *dj_record_parse_commented(const char *text, GPtrArray **comments, GError **error);

/* ---- parts shared with other formats of records (record_pgn.h) ----------- */

/* Append the tag line [NAME "VALUE"] and a line break, `value` with its
 * '"' and '\' escaped and line breaks made spaces. */
void dj_record_append_tag(GString *out, const char *name, const char *value);

/* Append `ms` milliseconds (>= 0) as seconds the way the time control tags
 * write them (TimeControl, Byoyomi), without trailing zeros: "300", "2.5",
 * "0.1". */
void dj_record_append_seconds(gint64 ms, GString *out);

/* Read `line` (white space around it removed) as one tag line,
 * [Name "value"]: *name and *value are fresh strings (the escapes undone).
 * false with "line LINE_NUMBER: a tag must look like [Name \"value\"]"
 * otherwise. */
bool dj_record_parse_tag(const char *line, int line_number, char **name, char **value,
                         GError **error);

/* What follows a move number at the start of `word` (digits, then one or
 * more periods: "12.", "12..."), or NULL when `word` does not start with
 * one. */
const char *dj_record_after_move_number(const char *word);

/* A tag as read, with its line for messages. */
typedef struct DjRecordTag {
    char *name;
    char *value;
    int line;
} DjRecordTag;

/* An empty list of DjRecordTag (a GArray; g_array_unref it) that frees
 * its tags' strings with them. */
GArray *dj_record_tags_new(void);

/* The first tag called `name` in `tags` (from dj_record_tags_new), or
 * NULL. */
const DjRecordTag *dj_record_tags_find(GArray *tags, const char *name);

/* The text after a byte-order mark at the start of `text` (or `text`), if
 * the whole is valid UTF-8; NULL with "line N: the record is not valid UTF-8
 * text" otherwise. */
const char *dj_record_text_start(const char *text, GError **error);

/* The position string every new game of `variant` starts from (g_free it),
 * or NULL when new games differ (a deal of cards). */
char *dj_record_standard_start(const DjVariant *variant);

/* A new game of the variant the Variant tag of `tags` names (looked up in
 * `variants`, ASCII case ignored), set up at the position the tag called
 * `position_tag` gives ("Position", "FEN"); a record without that tag is
 * accepted only for a variant whose new games all start the same way.
 * `end_line` is the line after the tags, for messages.  NULL with "line N:
 * WHY" (DJ_ERROR) otherwise. */
DjGame *dj_record_start_game(const DjVariant *const *variants, GArray *tags,
                             const char *position_tag, int end_line, GError **error);

/* Play the move `text` in `game`; false with "line LINE: move N \"TEXT\"
 * cannot be played: WHY" (or "is not a move" for a text far too long), N
 * the number the game gives the move (dj_record_move_number; "N..." for
 * the second turn of a pair). */
bool dj_record_play_move(DjGame *game, const char *text, int line, GError **error);

/* Give `game` the result `recorded` (from line `line`): when the rules have
 * ended the game, the result must be theirs (or "*"); otherwise a result
 * other than "*" is set with `reason` (NULL: "as recorded").  false with
 * "line LINE: the recorded result ... contradicts the moves (...)". */
bool dj_record_apply_result(DjGame *game, DjOutcome recorded, int line, const char *reason,
                            GError **error);

/* Save atomically (a temporary file renamed over `path`, see text_file.h).
 * Errors (G_FILE_ERROR) read "PATH: WHY" and name no other file. */
bool dj_record_save(const DjGame *game, const char *path, GError **error);

/* Save record text made elsewhere (an annotated record) the same way. */
bool dj_record_save_text(const char *text, const char *path, GError **error);

/* Load a record file: a regular file (a named pipe or a device is refused
 * without waiting) of at most DJ_TEXT_FILE_MAX_BYTES.  Errors name the file
 * once, at the start: "PATH: WHY" (G_FILE_ERROR) when it cannot be read,
 * "PATH: line 12: WHY" (DJ_ERROR, as dj_record_parse) when it is not a
 * good record.  A caller adds only what it was doing ("Cannot load "). */
DjGame *dj_record_load(const char *path, GError **error);

/* dj_record_load, salvaging a record cut short as dj_record_parse_salvaging
 * does. */
DjGame *dj_record_load_salvaging(const char *path, char **dropped, GError **error);

#endif
