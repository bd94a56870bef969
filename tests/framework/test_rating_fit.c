/* test_rating_fit.c: the Bradley-Terry fit of several players (lab),
 * against cases worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "framework/lab/match_stats.h"
#include "framework/lab/rating_fit.h"

#define MAX_N 5
#define Z_95 1.959963984540054
#define ELO_PER_NATURAL (400.0 / log(10.0))

/* A table of results for n players, filled pair by pair. */
typedef struct Table {
    int n;
    DjPairResult r[MAX_N * MAX_N];
} Table;

static void table_init(Table *t, int n)
{
    memset(t, 0, sizeof *t);
    t->n = n;
}

/* Player a against player b: W - L - D from a's side (and the mirror). */
static void play(Table *t, int a, int b, int wins, int losses, int draws)
{
    t->r[a * t->n + b] = (DjPairResult){ wins, draws, losses };
    t->r[b * t->n + a] = (DjPairResult){ losses, draws, wins };
}

static void fit(const Table *t, DjRatingAnchor anchor, DjRating *out)
{
    assert_true(dj_rating_fit(t->n, t->r, anchor, out));
}

static void assert_close(double actual, double expected, double tolerance)
{
    if (!(fabs(actual - expected) <= tolerance))
        fail_msg("%.9f, expected %.9f (+-%g)", actual, expected, tolerance);
}

/* Two players: the fitted difference is the plain Elo of the score, and
 * its error the delta method on the score's spread, worked out by hand:
 * 7 wins, 2 draws, 1 loss is a score of 0.8 (Elo 400 log10 4); the
 * scores' squared deviations from 0.8 add up to 7(0.2)^2 + 2(0.3)^2 +
 * (0.8)^2 = 1.1, the information is 10 (0.8)(0.2) = 1.6, so the variance
 * on the natural scale is 1.1 / 1.6^2. */
static void test_two_players_match_the_score(void **state)
{
    (void)state;
    Table t;
    table_init(&t, 2);
    play(&t, 0, 1, 7, 1, 2);
    double elo = 400.0 * log10(4.0);
    assert_close(elo, dj_elo_from_score(0.8), 1e-9);
    double error = Z_95 * sqrt(1.1 / (1.6 * 1.6)) * ELO_PER_NATURAL;

    DjRating r[2];
    fit(&t, DJ_RATING_ANCHOR_FIRST, r);
    assert_int_equal(r[0].kind, DJ_RATING_FINITE);
    assert_int_equal(r[1].kind, DJ_RATING_FINITE);
    assert_close(r[0].elo, 0.0, 1e-9);
    assert_close(r[0].error, 0.0, 0.0);
    assert_close(r[1].elo, -elo, 1e-6);
    assert_close(r[1].error, error, 1e-6);

    fit(&t, DJ_RATING_ANCHOR_MEAN, r);
    assert_close(r[0].elo, elo / 2, 1e-6);
    assert_close(r[1].elo, -elo / 2, 1e-6);
    /* each is half the difference away from the mean */
    assert_close(r[0].error, error / 2, 1e-6);
    assert_close(r[1].error, error / 2, 1e-6);

    /* Where the interval is narrow, the error is match_stats's to the
     * first order: 30 wins, 20 losses, 50 draws. */
    table_init(&t, 2);
    play(&t, 0, 1, 30, 20, 50);
    fit(&t, DJ_RATING_ANCHOR_FIRST, r);
    int counts[3] = { 20, 50, 30 };
    DjMatchEstimate estimate;
    assert_true(dj_match_estimate(counts, 3, &estimate));
    assert_close(-r[1].elo, estimate.elo, 1e-6);
    assert_close(r[1].error, estimate.elo_error, 0.01 * estimate.elo_error);
}

/* Results that some ratings explain exactly are fitted to those ratings:
 * 3 of 4 is a natural difference of ln 3, 9 of 10 one of ln 9. */
static void test_consistent_results_are_fitted_exactly(void **state)
{
    (void)state;
    Table t;
    table_init(&t, 3);
    play(&t, 0, 1, 3, 1, 0);
    play(&t, 1, 2, 3, 1, 0);
    play(&t, 0, 2, 9, 1, 0);
    double step = log(3.0) * ELO_PER_NATURAL;   /* 190.85 */
    DjRating r[3];
    fit(&t, DJ_RATING_ANCHOR_FIRST, r);
    assert_close(r[0].elo, 0.0, 1e-9);
    assert_close(r[1].elo, -step, 1e-6);
    assert_close(r[2].elo, -2 * step, 1e-6);
    for (int i = 1; i < 3; i++) {
        assert_int_equal(r[i].kind, DJ_RATING_FINITE);
        assert_true(r[i].error > 0 && isfinite(r[i].error));
    }
    fit(&t, DJ_RATING_ANCHOR_MEAN, r);
    assert_close(r[0].elo, step, 1e-6);
    assert_close(r[1].elo, 0.0, 1e-6);
    assert_close(r[2].elo, -step, 1e-6);

    /* A cycle, each beating the next 3 to 1: all equal. */
    table_init(&t, 3);
    play(&t, 0, 1, 3, 1, 0);
    play(&t, 1, 2, 3, 1, 0);
    play(&t, 2, 0, 3, 1, 0);
    fit(&t, DJ_RATING_ANCHOR_MEAN, r);
    for (int i = 0; i < 3; i++)
        assert_close(r[i].elo, 0.0, 1e-6);
}

/* A chain (a against b, b against c, never a against c): each link is
 * its own two-player match. */
static void test_chain(void **state)
{
    (void)state;
    Table t;
    table_init(&t, 3);
    play(&t, 0, 1, 6, 2, 2);   /* 0.7 */
    play(&t, 1, 2, 5, 5, 0);   /* 0.5 */
    DjRating r[3];
    fit(&t, DJ_RATING_ANCHOR_FIRST, r);
    assert_close(r[1].elo, -dj_elo_from_score(0.7), 1e-6);
    assert_close(r[2].elo, r[1].elo, 1e-6);
}

/* A player who wins every game has no finite upper bound, and one who
 * loses every game no finite lower bound: they are said to be so, not
 * given a huge number, and the others are rated among themselves. */
static void test_perfect_scores_have_no_finite_bound(void **state)
{
    (void)state;
    Table t;
    table_init(&t, 4);
    play(&t, 0, 1, 4, 0, 0);
    play(&t, 0, 2, 4, 0, 0);
    play(&t, 0, 3, 4, 0, 0);
    play(&t, 1, 2, 1, 1, 2);
    play(&t, 1, 3, 4, 0, 0);
    play(&t, 2, 3, 4, 0, 0);
    DjRating r[4];
    fit(&t, DJ_RATING_ANCHOR_MEAN, r);
    assert_int_equal(r[0].kind, DJ_RATING_ABOVE_ALL);
    assert_true(isinf(r[0].elo) && r[0].elo > 0);
    assert_int_equal(r[3].kind, DJ_RATING_BELOW_ALL);
    assert_true(isinf(r[3].elo) && r[3].elo < 0);
    /* 1 and 2 drew their match: even, around their mean */
    assert_int_equal(r[1].kind, DJ_RATING_FINITE);
    assert_int_equal(r[2].kind, DJ_RATING_FINITE);
    assert_close(r[1].elo, 0.0, 1e-6);
    assert_close(r[2].elo, 0.0, 1e-6);
    /* anchored on the first rated player, 1 */
    fit(&t, DJ_RATING_ANCHOR_FIRST, r);
    assert_close(r[1].elo, 0.0, 0.0);
    assert_close(r[1].error, 0.0, 0.0);

    /* One draw is enough to tie a player to the others. */
    play(&t, 0, 3, 3, 0, 1);
    fit(&t, DJ_RATING_ANCHOR_MEAN, r);
    assert_int_equal(r[0].kind, DJ_RATING_FINITE);
    assert_int_equal(r[3].kind, DJ_RATING_FINITE);
    assert_true(r[0].elo > r[1].elo && r[1].elo > r[3].elo);
}

/* Players without games, or not linked to the rated group, are unknown;
 * of two groups of the same size the one with the lowest player is rated. */
static void test_unlinked_players_are_unknown(void **state)
{
    (void)state;
    Table t;
    table_init(&t, 5);
    play(&t, 0, 1, 1, 1, 0);
    play(&t, 2, 3, 2, 1, 1);
    DjRating r[5];
    fit(&t, DJ_RATING_ANCHOR_MEAN, r);
    assert_int_equal(r[0].kind, DJ_RATING_FINITE);
    assert_int_equal(r[1].kind, DJ_RATING_FINITE);
    for (int i = 2; i < 5; i++) {
        assert_int_equal(r[i].kind, DJ_RATING_UNKNOWN);
        assert_true(isnan(r[i].elo));
    }
    /* Nobody played. */
    table_init(&t, 3);
    fit(&t, DJ_RATING_ANCHOR_FIRST, r);
    for (int i = 0; i < 3; i++)
        assert_int_equal(r[i].kind, DJ_RATING_UNKNOWN);
}

/* Every game drawn: level, with no spread to measure an error by. */
static void test_all_draws(void **state)
{
    (void)state;
    Table t;
    table_init(&t, 3);
    play(&t, 0, 1, 0, 0, 4);
    play(&t, 1, 2, 0, 0, 4);
    DjRating r[3];
    fit(&t, DJ_RATING_ANCHOR_FIRST, r);
    assert_close(r[0].error, 0.0, 0.0);
    for (int i = 0; i < 3; i++)
        assert_close(r[i].elo, 0.0, 1e-9);
    assert_true(isinf(r[1].error) && isinf(r[2].error));
}

static void test_bad_input(void **state)
{
    (void)state;
    Table t;
    table_init(&t, 2);
    DjRating r[2];
    assert_false(dj_rating_fit(0, t.r, DJ_RATING_ANCHOR_MEAN, r));
    assert_false(dj_rating_fit(DJ_RATING_MAX_PLAYERS + 1, t.r, DJ_RATING_ANCHOR_MEAN, r));
    play(&t, 0, 1, -1, 0, 0);
    assert_false(dj_rating_fit(2, t.r, DJ_RATING_ANCHOR_MEAN, r));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_match_the_score),
        cmocka_unit_test(test_consistent_results_are_fitted_exactly),
        cmocka_unit_test(test_chain),
        cmocka_unit_test(test_perfect_scores_have_no_finite_bound),
        cmocka_unit_test(test_unlinked_players_are_unknown),
        cmocka_unit_test(test_all_draws),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
