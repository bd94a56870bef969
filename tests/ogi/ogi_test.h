/* ogi_test.h: helpers shared by the Ōgi rule tests.  They drive the variant
 * through its DjVariant slots, as the framework does.
 *
 * Include order for test files: <stdarg.h>, <stddef.h>, <setjmp.h>,
 * <stdint.h>, then <cmocka.h>, then this header. */
#ifndef DOJO_TESTS_OGI_TEST_H
#define DOJO_TESTS_OGI_TEST_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

extern const DjVariant dj_variant_ogi;
#define OGI (&dj_variant_ogi)

#define OGI_START "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1"

/* A position from a position string (fails the test if refused); g_free it. */
void *ogi_test_position(const char *text);

/* A new game's start position; g_free it. */
void *ogi_test_start(void);

/* The error setup() gives for the position string `text` (fails the test if
 * it is accepted); g_free it. */
char *ogi_test_position_error(const char *text);

/* The position string of `pos` (g_free it). */
char *ogi_test_position_string(const void *pos);

/* The move `text` parses to in `pos` (fails the test if refused). */
DjMove ogi_test_move(const void *pos, const char *text);

/* The error message parse_move gives for `text` (fails the test if it is
 * accepted); g_free it. */
char *ogi_test_move_error(const void *pos, const char *text);

/* A copy of `pos` with the move `text` played; g_free it. */
void *ogi_test_after(const void *pos, const char *text);

/* Every legal move of `pos` in canonical text, sorted, ", "-separated
 * (g_free it); *n gets the count if n is not NULL. */
char *ogi_test_moves_text(const void *pos, int *n);

/* Whether `text` (canonical) is among the legal moves of `pos`. */
bool ogi_test_has_move(const void *pos, const char *text);

/* Fail unless `haystack` contains `needle`, printing both. */
void ogi_test_assert_contains(const char *haystack, const char *needle);

#endif
