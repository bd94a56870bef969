/* ogi_test.h: the Ōgi rule tests' names for the shared helpers of
 * tests/support/variant_test.h, bound to Ōgi.
 *
 * Include order for test files: <stdarg.h>, <stddef.h>, <setjmp.h>,
 * <stdint.h>, then <cmocka.h>, then this header. */
#ifndef DOJO_TESTS_OGI_OGI_TEST_H
#define DOJO_TESTS_OGI_OGI_TEST_H

#include "tests/support/variant_test.h"

extern const DjVariant dj_variant_ogi;
#define OGI (&dj_variant_ogi)

#define OGI_START "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1"

#define ogi_test_position(text) vt_position(OGI, (text))
#define ogi_test_start() vt_new_game(OGI, NULL, 0)
#define ogi_test_position_error(text) vt_position_error(OGI, (text))
#define ogi_test_position_string(pos) vt_position_string(OGI, (pos))
#define ogi_test_move(pos, text) vt_move(OGI, (pos), (text))
#define ogi_test_move_error(pos, text) vt_move_error(OGI, (pos), (text))
#define ogi_test_after(pos, text) vt_after(OGI, (pos), (text))
/* sorted; *n gets the count if n is not NULL */
#define ogi_test_moves_text(pos, n) vt_moves_text(OGI, (pos), true, (n))
#define ogi_test_has_move(pos, text) vt_has_move(OGI, (pos), (text))
#define ogi_test_assert_contains(haystack, needle) vt_assert_contains((haystack), (needle))

#endif
