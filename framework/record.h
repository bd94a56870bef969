/* record.h: game records on disk.
 *
 * A record is UTF-8 text:
 *
 *     [Variant "onitama"]
 *     [Date "2026.11.22"]
 *     [Blue "Alice"]
 *     [Red "dojo level 5"]
 *     [Position "<the start position string>"]
 *     [Result "1-0"]
 *
 *     1. ox:c1c2 horse:c5c4
 *     2. ...
 *     1-0
 *
 * Tag lines first (a name, a string in double quotes with \" and \\
 * escapes), then a blank line, then the moves in each variant's canonical
 * text separated by white space.  Move numbers ("12.") are optional and
 * ignored; a result token may end the list; "; ..." comments run to the end
 * of the line.  The Position tag holds the start position, so a record
 * replays exactly.  A record written move by move while a game is played
 * (a journal) is the same format without a final result.
 */
#ifndef DOJO_RECORD_H
#define DOJO_RECORD_H

#include <stdbool.h>

#include <glib.h>

#include "game_history.h"

/* Append the whole record of `game` (tags, moves, result). */
void dj_record_format(const DjGame *game, GString *out);

/* Read a record.  The variant comes from the Variant tag (looked up in the
 * registry).  Every move is checked against the rules.  Errors name the line
 * where the text breaks ("line 12: ...") and why, in the DJ_ERROR domain;
 * no partial game is returned. */
DjGame *dj_record_parse(const char *text, GError **error);

/* Save atomically (a temporary file renamed over `path`). */
bool dj_record_save(const DjGame *game, const char *path, GError **error);

/* Load a record file. */
DjGame *dj_record_load(const char *path, GError **error);

#endif
