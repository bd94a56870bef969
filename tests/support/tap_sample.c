/* tap_sample: a cmocka program whose cases fail, pass and skip, for
 * test_support.c to run (directly and through cmocka_tap).  With the
 * argument "abort", a case passes and the next one aborts the program. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "tests/support/gerror_assert.h"

/* The failed case cannot free its error: main does, so that valgrind (which
 * the suite may run under) sees no leak. */
static GError *planted;

static void a_gerror_fails_only_its_own_case(void **state)
{
    (void)state;
    planted = g_error_new_literal(G_FILE_ERROR, G_FILE_ERROR_NOENT, "a planted error");
    assert_no_gerror(planted);
}

static void the_next_case_runs(void **state)
{
    (void)state;
    assert_int_equal(1 + 1, 2);
}

static void a_skipped_case(void **state)
{
    (void)state;
    skip();
}

static void an_aborting_case(void **state)
{
    (void)state;
    abort();
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_gerror_fails_only_its_own_case),
        cmocka_unit_test(the_next_case_runs),
        cmocka_unit_test(a_skipped_case),
    };
    const struct CMUnitTest aborting[] = {
        cmocka_unit_test(the_next_case_runs),
        cmocka_unit_test(an_aborting_case),
    };
    if (argc > 1 && strcmp(argv[1], "abort") == 0)
        return cmocka_run_group_tests_name("tap sample", aborting, NULL, NULL);
    int failed = cmocka_run_group_tests_name("tap sample", tests, NULL, NULL);
    g_clear_error(&planted);
    return failed;
}
