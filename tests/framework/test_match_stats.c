/* test_match_stats.c: Elo, interval, LOS and SPRT against values computed
 * independently in Python 3 (the formulas written out from the definitions
 * in match_stats.h, with math.log10, math.erf and the 1.959963984540054
 * quantile):
 *
 *   elo(s) = -400 log10(1/s - 1); L(e) = 1 / (1 + 10^(-e/400))
 *   mean/var over the samples; se = sqrt(var/N)
 *   elo_error = (elo(mean + 1.96 se) - elo(mean - 1.96 se)) / 2
 *   los = 0.5 (1 + erf((mean - 0.5) / se / sqrt 2))
 *   llr = N (L(elo1) - L(elo0)) (2 mean - L(elo0) - L(elo1)) / (2 var)
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "framework/lab/match_stats.h"

#define assert_close(a, b, eps) assert_true(fabs((a) - (b)) < (eps))

static void test_elo_of_a_score(void **state)
{
    (void)state;
    assert_close(dj_elo_from_score(0.5), 0.0, 1e-12);
    assert_close(dj_elo_from_score(0.75), 190.848501887865, 1e-9);   /* python3 */
    assert_close(dj_elo_from_score(0.25), -190.848501887865, 1e-9);
    assert_true(isinf(dj_elo_from_score(1.0)) && dj_elo_from_score(1.0) > 0);
    assert_true(isinf(dj_elo_from_score(0.0)) && dj_elo_from_score(0.0) < 0);
    for (int elo = -600; elo <= 600; elo += 50)
        assert_close(dj_elo_from_score(dj_score_from_elo(elo)), elo, 1e-9);
}

static void test_trinomial_estimate(void **state)
{
    (void)state;
    /* W 60, L 40, D 100: python3 gives elo 34.86007028756008, error
     * 34.159268843597225, LOS 0.9783241243695688, score 0.55. */
    int counts[3] = { 40, 100, 60 };
    DjMatchEstimate e;
    assert_true(dj_match_estimate(counts, 3, &e));
    assert_int_equal(e.samples, 200);
    assert_close(e.score, 0.55, 1e-12);
    assert_close(e.elo, 34.86007028756008, 1e-9);
    assert_close(e.elo_error, 34.159268843597225, 1e-9);
    assert_close(e.los, 0.9783241243695688, 1e-9);
}

static void test_pentanomial_estimate(void **state)
{
    (void)state;
    /* Pairs 5, 20, 40, 25, 10 (0 to 2 points): python3 gives elo
     * 26.10669260503662, error 34.8264253039565, LOS 0.9305354671563948,
     * score 0.5375 over 100 pairs. */
    int counts[5] = { 5, 20, 40, 25, 10 };
    DjMatchEstimate e;
    assert_true(dj_match_estimate(counts, 5, &e));
    assert_int_equal(e.samples, 100);
    assert_close(e.score, 0.5375, 1e-12);
    assert_close(e.elo, 26.10669260503662, 1e-9);
    assert_close(e.elo_error, 34.8264253039565, 1e-9);
    assert_close(e.los, 0.9305354671563948, 1e-9);
}

static void test_estimate_edges(void **state)
{
    (void)state;
    DjMatchEstimate e;
    int none[5] = { 0 };
    assert_false(dj_match_estimate(none, 5, &e));
    assert_int_equal(e.samples, 0);
    assert_close(e.score, 0.5, 1e-12);
    assert_false(dj_match_estimate(none, 4, &e));

    int all_wins[3] = { 0, 0, 7 };
    assert_true(dj_match_estimate(all_wins, 3, &e));
    assert_true(isinf(e.elo) && e.elo > 0);
    assert_true(isinf(e.elo_error));
    assert_close(e.los, 1.0, 1e-12);

    int all_draws[3] = { 0, 5, 0 };
    assert_true(dj_match_estimate(all_draws, 3, &e));
    assert_close(e.elo, 0.0, 1e-12);
    assert_close(e.los, 0.5, 1e-12);

    /* An interval reaching a score of 1 has no finite Elo width. */
    int mostly_wins[3] = { 0, 1, 9 };
    assert_true(dj_match_estimate(mostly_wins, 3, &e));
    assert_true(isinf(e.elo_error));
}

static void test_sprt(void **state)
{
    (void)state;
    DjSprt sprt = { 0.0, 10.0, 0.05, 0.05 };
    double lower = 0, upper = 0;
    dj_sprt_bounds(&sprt, &lower, &upper);
    /* python3: math.log(0.05/0.95), math.log(0.95/0.05) */
    assert_close(lower, -2.9444389791664403, 1e-12);
    assert_close(upper, 2.9444389791664403, 1e-12);

    int tri[3] = { 40, 100, 60 };
    assert_close(dj_sprt_llr(&sprt, tri, 3), 1.0054917129579661, 1e-9);   /* python3 */
    int penta[5] = { 5, 20, 40, 25, 10 };
    assert_close(dj_sprt_llr(&sprt, penta, 5), 0.6789666135073781, 1e-9); /* python3 */

    int none[3] = { 0 };
    assert_close(dj_sprt_llr(&sprt, none, 3), 0.0, 1e-12);

    /* One-sided samples, empty outcomes counted 0.001 times as fishtest's
     * results_to_pdf does; python3 with that floor: */
    int all_wins[3] = { 0, 0, 10 };
    assert_close(dj_sprt_llr(&sprt, all_wins, 3), 567.3640540582418, 1e-6);
    int pairs_won[5] = { 0, 0, 0, 0, 5 };
    assert_close(dj_sprt_llr(&sprt, pairs_won, 5), 94.65299681088884, 1e-6);
    int pairs_lost[5] = { 6, 0, 0, 0, 0 };
    assert_close(dj_sprt_llr(&sprt, pairs_lost, 5), -140.25364253417368, 1e-6);

    assert_int_equal(dj_sprt_verdict(&sprt, 1.0), DJ_SPRT_CONTINUE);
    assert_int_equal(dj_sprt_verdict(&sprt, 3.0), DJ_SPRT_ACCEPT_H1);
    assert_int_equal(dj_sprt_verdict(&sprt, -3.0), DJ_SPRT_ACCEPT_H0);

    /* Ten times the sample, same proportions: the LLR scales with N. */
    int tri10[3] = { 400, 1000, 600 };
    double llr10 = dj_sprt_llr(&sprt, tri10, 3);
    assert_close(llr10, 10.054917129579661, 1e-8);
    assert_int_equal(dj_sprt_verdict(&sprt, llr10), DJ_SPRT_ACCEPT_H1);
    int losing[3] = { 600, 1000, 400 };
    assert_int_equal(dj_sprt_verdict(&sprt, dj_sprt_llr(&sprt, losing, 3)), DJ_SPRT_ACCEPT_H0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elo_of_a_score),
        cmocka_unit_test(test_trinomial_estimate),
        cmocka_unit_test(test_pentanomial_estimate),
        cmocka_unit_test(test_estimate_edges),
        cmocka_unit_test(test_sprt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
