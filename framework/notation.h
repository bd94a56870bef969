/* notation.h: text helpers every variant shares. */
#ifndef DOJO_FRAMEWORK_NOTATION_H
#define DOJO_FRAMEWORK_NOTATION_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

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

/* Split `text` at its line breaks ('\n') into a NULL-terminated vector of
 * lines (g_strfreev it), as g_strsplit(text, "\n", -1) does, in time linear
 * in the text also under AddressSanitizer (whose strstr, which g_strsplit
 * calls, reads the rest of the text at every line: a million-line record
 * took minutes). */
char **dj_text_split_lines(const char *text);

/* Whether character `c` shows as itself when written inside a line of a
 * terminal.  Not so: control characters (g_unichar_iscntrl: C0 such as
 * escape and line breaks, DEL, C1 such as U+0085 and U+009B, which starts a
 * terminal command), format characters (G_UNICODE_FORMAT: direction
 * overrides and isolates such as U+202E RIGHT-TO-LEFT OVERRIDE, which turns
 * the text after it around, zero-width marks and joiners, U+FEFF), line and
 * paragraph separators (U+2028, U+2029), surrogates, and code points Unicode
 * leaves unassigned (any of them may become one of the above). */
bool dj_text_char_is_shown(gunichar c);

/* A copy of user text that is safe to quote in an error message (g_free
 * it): valid UTF-8 on one line, whatever the input.  Characters that show
 * as themselves (dj_text_char_is_shown) are kept, UTF-8 ones too; any other
 * character, and each byte that is not UTF-8, becomes '?'; after `max_chars`
 * characters the rest is cut and "..." added (max_chars <= 0: no limit).
 * Variants quote every piece of user text they echo with it: an error that
 * echoes half a UTF-8 character is not valid UTF-8, and a terminal shows
 * garbage for it. */
char *dj_text_quote(const char *text, int max_chars);

/* Append `text` to `out` as dj_text_quote makes it, except that tabs and
 * line breaks (\t, \n, \r) become spaces: text from a file or another
 * program printed as one line of a terminal. */
void dj_text_append_line(const char *text, int max_chars, GString *out);

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
