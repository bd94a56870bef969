/* output.h: how the dojo command talks to a terminal or a pipe.
 *
 * Everything the front end prints goes through plain stdio; these helpers
 * decide whether the other end is a person at a terminal (colour, a live
 * status line rewritten in place) and keep text that came from outside
 * (typed input, file contents echoed in messages) to one printable line. */
#ifndef DOJO_FRONTENDS_COMMON_OUTPUT_H
#define DOJO_FRONTENDS_COMMON_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <glib.h>

/* Whether `stream` is connected to a terminal. */
bool dojo_output_is_terminal(FILE *stream);

/* When to draw in colour, as --color=WHEN says. */
typedef enum {
    DOJO_COLOR_AUTO,     /* on a terminal that can show it, unless NO_COLOR says not */
    DOJO_COLOR_ALWAYS,   /* even into a pipe or a file, and whatever NO_COLOR says */
    DOJO_COLOR_NEVER,
} DojoColorChoice;

/* Whether to draw with ANSI colour on `stream`.  DOJO_COLOR_AUTO: only when
 * `stream` is a terminal, TERM is not "dumb", and NO_COLOR is unset or empty
 * (no-color.org: only a non-empty value turns colour off).  The user's
 * --color=always or --color=never overrides all of that. */
bool dojo_output_wants_color(FILE *stream, DojoColorChoice choice);

/* Width of the terminal `stream` is on, for status lines; when that cannot
 * be learnt, $COLUMNS if it holds a sensible number, else 80. */
int dojo_output_columns(FILE *stream);

/* Append `text` to `out` as one printable line (dj_text_append_line in
 * framework/notation.h): line breaks and tabs become spaces; other control
 * characters (escape sequences), format characters (such as the
 * right-to-left override U+202E), line and paragraph separators, unassigned
 * code points and bytes that are not UTF-8 become '?'; the result is cut to
 * at most `max_chars` characters (with "..." when cut; max_chars <= 0: no
 * limit). */
void dojo_output_sanitize(const char *text, int max_chars, GString *out);

/* Append `count` per `seconds` as a whole number ("1234567"), or "-" when
 * the time is too short to measure. */
void dojo_output_rate(uint64_t count, double seconds, GString *out);

/* Seconds since an arbitrary fixed point (monotonic clock). */
double dojo_output_now(void);

#endif
