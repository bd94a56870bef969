/* test_match_report.c: when the SPRT of `dojo match` gives its verdict
 * (in-process, on the tally alone). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "framework/referee/match_report.h"

static const DjSprt sprt = { .elo0 = 0.0, .elo1 = 15.0, .alpha = 0.05, .beta = 0.05 };

/* Add pair `k` of a paired tally: A's half points in its two games. */
static void add_pair(DojoMatchTally *tally, int k, int first, int second)
{
    dojo_match_tally_add(tally, 2 * k, first);
    dojo_match_tally_add(tally, 2 * k + 1, second);
}

/* The summary of `tally` has `text` in it. */
static void assert_summary_says(const DojoMatchTally *tally, const char *text)
{
    g_autoptr(GString) summary = g_string_new(NULL);
    dojo_match_format_summary(tally, summary);
    if (strstr(summary->str, text) == NULL)
        fail_msg("expected \"%s\" in:\n%s", text, summary->str);
}

/* Pairs each won by its first mover say nothing of who is stronger: no
 * verdict however many come in, until uneven pairs do. */
static void test_even_pairs_give_no_verdict(void **state)
{
    (void)state;
    DojoMatchTally tally;
    dojo_match_tally_init(&tally, "a", "b", 400, true, &sprt);
    double llr = 0.0;
    for (int k = 0; k < 50; k++) {
        add_pair(&tally, k, 2, 0);
        assert_int_equal(dojo_match_tally_sprt(&tally, &llr), DJ_SPRT_CONTINUE);
    }
    /* Uneven pairs, all lost by A: the verdict comes with the tenth. */
    for (int k = 50; k < 59; k++) {
        add_pair(&tally, k, 0, 1);
        assert_int_equal(dojo_match_tally_sprt(&tally, &llr), DJ_SPRT_CONTINUE);
    }
    assert_summary_says(&tally, " - no verdict before 10 uneven samples\n");
    add_pair(&tally, 59, 1, 0);
    assert_int_equal(dojo_match_tally_sprt(&tally, &llr), DJ_SPRT_ACCEPT_H0);
    assert_true(llr < -2.94);
    assert_summary_says(&tally, " - H0 was accepted\n");
    dojo_match_tally_clear(&tally);
}

/* Ten pairs all won by A accept H1 (as before: a clear result is not held
 * back). */
static void test_ten_won_pairs_accept_h1(void **state)
{
    (void)state;
    DojoMatchTally tally;
    dojo_match_tally_init(&tally, "a", "b", 40, true, &sprt);
    double llr = 0.0;
    for (int k = 0; k < 9; k++) {
        add_pair(&tally, k, 2, 2);
        assert_int_equal(dojo_match_tally_sprt(&tally, &llr), DJ_SPRT_CONTINUE);
    }
    add_pair(&tally, 9, 2, 2);
    assert_int_equal(dojo_match_tally_sprt(&tally, &llr), DJ_SPRT_ACCEPT_H1);
    dojo_match_tally_clear(&tally);
}

/* Unpaired games: draws are the even outcome. */
static void test_draws_give_no_verdict(void **state)
{
    (void)state;
    DojoMatchTally tally;
    dojo_match_tally_init(&tally, "a", "b", 100, false, &sprt);
    double llr = 0.0;
    for (int i = 0; i < 40; i++) {
        dojo_match_tally_add(&tally, i, 1);
        assert_int_equal(dojo_match_tally_sprt(&tally, &llr), DJ_SPRT_CONTINUE);
    }
    for (int i = 40; i < 60; i++)
        dojo_match_tally_add(&tally, i, 2);
    assert_int_equal(dojo_match_tally_sprt(&tally, &llr), DJ_SPRT_ACCEPT_H1);
    dojo_match_tally_clear(&tally);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_even_pairs_give_no_verdict),
        cmocka_unit_test(test_ten_won_pairs_accept_h1),
        cmocka_unit_test(test_draws_give_no_verdict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
