/* onitama_test.h: the Onitama rule tests' names for the shared helpers of
 * tests/support/variant_test.h, bound to Onitama.
 *
 * Include order for test files: <stdarg.h>, <stddef.h>, <setjmp.h>,
 * <stdint.h>, then <cmocka.h>, then this header. */
#ifndef DOJO_TESTS_ONITAMA_ONITAMA_TEST_H
#define DOJO_TESTS_ONITAMA_ONITAMA_TEST_H

#include "tests/support/variant_test.h"

extern const DjVariant dj_variant_onitama;
#define ONI (&dj_variant_onitama)

/* A new game with the `cards` option (fails the test if refused). */
static inline void *oni_new_game(const char *cards)
{
    DjOptionValue option = { "cards", cards };
    return vt_new_game(ONI, &option, 1);
}

#define oni_position(text) vt_position(ONI, (text))
#define oni_try_new_game(options, n, seed, message) \
    vt_try_new_game(ONI, (options), (n), (seed), (message))
#define oni_position_string(pos) vt_position_string(ONI, (pos))
#define oni_move(pos, text) vt_move(ONI, (pos), (text))
#define oni_move_error(pos, text) vt_move_error(ONI, (pos), (text))
#define oni_after(pos, text) vt_after(ONI, (pos), (text))
/* in generation order */
#define oni_moves_text(pos) vt_moves_text(ONI, (pos), false, NULL)
#define oni_has_move(pos, text) vt_has_move(ONI, (pos), (text))
#define oni_assert_contains(haystack, needle) vt_assert_contains((haystack), (needle))

#endif
