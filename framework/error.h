/* error.h: the one way dojo sets a GError from a printf-style message.
 *
 * The framework, the variants and the front end all build their errors
 * with dj_error_set, so every message a player may read obeys one rule:
 * it is a single line of valid, printable UTF-8, whatever outside text
 * (a typed move, a position string, a line of a file) it quotes.
 *
 * Who adds what to a message (so a player reads each thing once):
 *   - the code that finds the fault says what is wrong ("line 3: ...");
 *   - the code that opens a file names it, once, at the start
 *     ("PATH: ..."; see text_file.h and record.h);
 *   - the front end, where the message is printed, adds what it was doing
 *     ("Cannot load "), with g_prefix_error or when it prints.
 * No other layer re-wraps a message. */
#ifndef DOJO_ERROR_H
#define DOJO_ERROR_H

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
