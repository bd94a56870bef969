/* variant_test.h: helpers for a game's own rule tests (tests/NAME/), through
 * the DjVariant slots only, as the framework drives a game.  Each fails the
 * current cmocka test, saying why, when what it needs does not hold.
 *
 * Include order for test files: <stdarg.h>, <stddef.h>, <setjmp.h>,
 * <stdint.h>, then <cmocka.h>, then this header.  Link with
 * variant_test_dep (tests/support/meson.build). */
#ifndef DOJO_TESTS_SUPPORT_VARIANT_TEST_H
#define DOJO_TESTS_SUPPORT_VARIANT_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"

/* A position from a position string (fails the test if refused); g_free it. */
void *vt_position(const DjVariant *v, const char *text);

/* The error setup() gives for the position string `text` (fails the test
 * if it is accepted or the message is empty); g_free it. */
char *vt_position_error(const DjVariant *v, const char *text);

/* A new game with `options` and `seed`, or NULL with *message set to the
 * error (g_free it). */
void *vt_try_new_game(const DjVariant *v, const DjOptionValue *options, int n_options,
                      guint64 seed, char **message);

/* A new game (fails the test if refused); g_free it. */
void *vt_new_game(const DjVariant *v, const DjOptionValue *options, int n_options);

/* The position string of `pos` (g_free it). */
char *vt_position_string(const DjVariant *v, const void *pos);

/* The move `text` parses to in `pos` (fails the test if refused). */
DjMove vt_move(const DjVariant *v, const void *pos, const char *text);

/* The error message parse_move gives for `text` (fails the test if it is
 * accepted); g_free it. */
char *vt_move_error(const DjVariant *v, const void *pos, const char *text);

/* A copy of `pos` with the move `text` played, its key checked; g_free it. */
void *vt_after(const DjVariant *v, const void *pos, const char *text);

/* A copy of `pos` after each move of `moves`, separated by spaces, is
 * played in turn (each must be legal); g_free it. */
void *vt_after_line(const DjVariant *v, const void *pos, const char *moves);

/* Every legal move of `pos` in canonical text, ", "-separated, in
 * generation order or `sorted`; *n gets the count if n is not NULL.
 * g_free it. */
char *vt_moves_text(const DjVariant *v, const void *pos, bool sorted, int *n);

/* Whether `text` (canonical) is among the legal moves of `pos`. */
bool vt_has_move(const DjVariant *v, const void *pos, const char *text);

/* Fail unless `haystack` contains `needle`, printing both. */
void vt_assert_contains(const char *haystack, const char *needle);

/* Fail unless dj_perft from `pos` is counts[d - 1] at every depth d from 1
 * to `max_depth`; `label` names the row in the failure. */
void vt_check_perft(const DjVariant *v, const void *pos, const uint64_t *counts, int max_depth,
                    const char *label);

/* Leaves `depth` plies below `pos`, playing every move (no bulk counting)
 * and checking count_moves and the incremental key at every node: a
 * position outcome() ends counts 1, one with no legal move 0 below the
 * root. */
uint64_t vt_perft_by_playing(const DjVariant *v, const void *pos, int depth);

#endif
