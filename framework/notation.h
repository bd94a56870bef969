/* notation.h: text helpers every variant shares. */
#ifndef DOJO_NOTATION_H
#define DOJO_NOTATION_H

#include <stdbool.h>

#include <glib.h>

#include "game.h"

/* Squares: file + rank * width, file 0 = 'a', rank 0 = '1' (side 0's view). */

/* Append "c4" for square `square` of a board `width` files wide. */
void dj_square_format(int square, int width, GString *out);

/* Parse a square name ("c4", case-insensitive) at the start of `text` on a
 * width x height board.  Returns the square and sets *consumed to the number
 * of characters read, or returns -1 if `text` does not start with a square
 * of that board. */
int dj_square_parse(const char *text, int width, int height, int *consumed);

/* Collapse `text` into a fresh string: leading/trailing white space removed,
 * runs of white space made one space, letters lower-cased (ASCII only). */
char *dj_text_normalize(const char *text);

/* Split a comma-separated list ("ox, boar,horse") into a NULL-terminated
 * vector of trimmed, lower-cased, non-empty items (g_strfreev it). */
char **dj_text_split_list(const char *text);

/* A copy of user text that is safe to quote in an error message (g_free
 * it): valid UTF-8 on one line, whatever the input.  Printable characters
 * are kept (UTF-8 ones too); control characters and bytes that are not
 * UTF-8 become '?'; after `max_chars` characters the rest is cut and "..."
 * added (max_chars <= 0: no limit).  Variants quote every piece of user
 * text they echo with it: an error that echoes half a UTF-8 character is
 * not valid UTF-8, and a terminal shows garbage for it. */
char *dj_text_quote(const char *text, int max_chars);

/* The name of `outcome` for records: "1-0" (side 0 won), "0-1", "1/2-1/2",
 * "*" (ongoing). */
const char *dj_outcome_result_text(DjOutcome outcome);

/* The inverse; returns false for anything else. */
bool dj_outcome_parse_result(const char *text, DjOutcome *out);

/* Append `move` (legal in `pos`) as engine protocols write it: the
 * variant's format_move_engine, or format_move when it has none. */
void dj_format_move_engine(const DjVariant *variant, const void *pos, DjMove move,
                           GString *out);

/* Append `pos` as engine protocols write it after `position fen`: the
 * variant's format_position_engine, or format_position when it has none. */
void dj_format_position_engine(const DjVariant *variant, const void *pos, GString *out);

/* Append every legal move of `pos` in canonical text, separated by ", ". */
void dj_format_move_list(const DjVariant *variant, const void *pos,
                         const DjMove *moves, int n_moves, GString *out);

#endif
