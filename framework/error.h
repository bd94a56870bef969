/* error.h: the one helper that formats a message into a GError.
 *
 * Parsers and file functions in the framework, the variants and the front
 * end fail with `return dj_error_set(...)` instead of each keeping its own
 * copy of such a helper.  The message it sets is one line of valid,
 * printable UTF-8, whatever outside text (a typed move, a position string,
 * a line of a file, a path) it quotes.  Plain g_set_error is still right
 * where the message quotes nothing from outside, or quotes it already
 * cleaned (dj_text_quote).
 *
 * Who adds what to a message (so a player reads each thing once):
 *   - the code that finds the fault says what is wrong ("line 3: ...");
 *   - the code that opens a file names it, once, at the start
 *     ("PATH: ..."; see text_file.h and record.h);
 *   - the front end, where the message is printed, adds what it was doing
 *     ("Cannot load "), with g_prefix_error or when it prints.
 * No other layer re-wraps a message. */
#ifndef DOJO_FRAMEWORK_ERROR_H
#define DOJO_FRAMEWORK_ERROR_H

#include <stdbool.h>

#include <glib.h>

/* Set `error` (which may be NULL, as for g_set_error) to a new error of
 * `domain` and `code` whose message is `format` filled in as printf does,
 * with line breaks, control characters, invisible format characters and
 * bytes that are not UTF-8 each turned into '?'.  Always returns false, so
 * a function that fails can end with `return dj_error_set(...)`. */
bool dj_error_set(GError **error, GQuark domain, gint code, const char *format, ...)
    G_GNUC_PRINTF(4, 5);

#endif
