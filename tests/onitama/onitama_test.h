/* onitama_test.h: helpers shared by the Onitama rule tests.  They drive the
 * variant only through its DjVariant slots, as the framework does.
 *
 * Include order for test files: <stdarg.h>, <stddef.h>, <setjmp.h>,
 * <stdint.h>, then <cmocka.h>, then this header. */
#ifndef DOJO_TESTS_ONITAMA_TEST_H
#define DOJO_TESTS_ONITAMA_TEST_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

extern const DjVariant dj_variant_onitama;
#define ONI (&dj_variant_onitama)

/* A position from a position string (fails the test if refused); g_free it. */
void *oni_position(const char *text);

/* A new game with the `cards` option (fails the test if refused). */
void *oni_new_game(const char *cards);

/* A new game with arbitrary options, or NULL with *message set to the
 * error (g_free it). */
void *oni_try_new_game(const DjOptionValue *options, int n_options, guint64 seed, char **message);

/* The position string of `pos` (g_free it). */
char *oni_position_string(const void *pos);

/* The move `text` parses to in `pos` (fails the test if refused). */
DjMove oni_move(const void *pos, const char *text);

/* The error message parse_move gives for `text` (fails the test if it is
 * accepted); g_free it. */
char *oni_move_error(const void *pos, const char *text);

/* A copy of `pos` with the move `text` played; g_free it. */
void *oni_after(const void *pos, const char *text);

/* Every legal move of `pos` in canonical text, ", "-separated; g_free it. */
char *oni_moves_text(const void *pos);

/* Whether `text` (canonical) is among the legal moves of `pos`. */
bool oni_has_move(const void *pos, const char *text);

/* Fail unless `haystack` contains `needle`, printing both. */
void oni_assert_contains(const char *haystack, const char *needle);

#endif
