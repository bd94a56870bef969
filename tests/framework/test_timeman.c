/* test_timeman.c: dj_time_budget keeps its promises over a grid of clocks
 * (never past the time left, soft within hard), and spends as a player
 * would expect (more with more time, with an increment, on the last move
 * before the control); dj_time_scale stretches the plan where the best move
 * changes or the score falls, and shrinks it where the best move stands. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdint.h>

#include "framework/game.h"
#include "framework/search/timeman.h"

static void budget_within(int64_t left, int64_t inc, int mtg, int horizon, int64_t overhead,
                          int64_t *soft, int64_t *hard)
{
    DjClock clock = { .time_ms = left, .increment_ms = inc, .moves_to_go = mtg,
                      .horizon_moves = horizon, .overhead_ms = overhead };
    dj_time_budget(&clock, soft, hard);
}

/* The framework's horizon (a game that does not set its own). */
static void budget(int64_t left, int64_t inc, int mtg, int64_t overhead, int64_t *soft,
                   int64_t *hard)
{
    budget_within(left, inc, mtg, 0, overhead, soft, hard);
}

static void test_never_past_the_clock(void **state)
{
    (void)state;
    static const int64_t lefts[] = { -5, 0, 1, 2, 3, 10, 31, 32, 50, 100, 999, 10000,
                                     600000, 7200000 };
    static const int64_t incs[] = { 0, 10, 100, 2000, 30000 };
    static const int mtgs[] = { 0, 1, 2, 5, 40, 100 };
    static const int64_t overheads[] = { 0, 30, 1000 };
    static const int horizons[] = { 0, 1, 2, 12, 30, 80 };
    for (size_t a = 0; a < sizeof lefts / sizeof lefts[0]; a++)
        for (size_t b = 0; b < sizeof incs / sizeof incs[0]; b++)
            for (size_t c = 0; c < sizeof mtgs / sizeof mtgs[0]; c++)
                for (size_t d = 0; d < sizeof overheads / sizeof overheads[0]; d++)
                    for (size_t e = 0; e < sizeof horizons / sizeof horizons[0]; e++) {
                        int64_t soft = -1, hard = -1;
                        int64_t left = lefts[a], overhead = overheads[d];
                        budget_within(left, incs[b], mtgs[c], horizons[e], overhead, &soft,
                                      &hard);
                        assert_true(soft >= 1);
                        assert_true(soft <= hard);
                        if (left > overhead + 2)
                            assert_true(hard + overhead < left);
                        else
                            assert_int_equal(hard, 1);
                    }
}

static void test_spends_sensibly(void **state)
{
    (void)state;
    int64_t soft, hard, soft2, hard2;
    /* 10 s + 0.1 s, sudden death: a few hundred ms a move, able to stretch. */
    budget(10000, 100, 0, 30, &soft, &hard);
    assert_in_range(soft, 250, 800);
    assert_true(hard >= 3 * soft);
    /* More time on the clock, more per move. */
    budget(60000, 100, 0, 30, &soft2, &hard2);
    assert_true(soft2 > soft && hard2 > hard);
    /* An increment adds to what is spent. */
    budget(10000, 0, 0, 30, &soft2, &hard2);
    assert_true(soft2 < soft);
    /* The last move before the control takes most of what is left. */
    budget(10000, 0, 1, 30, &soft2, &hard2);
    assert_true(soft2 > 5000 && hard2 > soft2);
    /* A fixed number of moves shares the time among them. */
    budget(10000, 0, 5, 30, &soft2, &hard2);
    assert_in_range(soft2, 1500, 2500);
    /* With a huge increment and little time the increment cannot be spent
     * before it arrives. */
    budget(1000, 30000, 0, 30, &soft2, &hard2);
    assert_true(hard2 < 1000 - 30);
}

static void test_horizon(void **state)
{
    (void)state;
    int64_t soft, hard, soft2, hard2;
    /* No horizon of the game's own: the framework's. */
    budget_within(10000, 100, 0, DJ_CLOCK_HORIZON_MOVES, 30, &soft, &hard);
    budget(10000, 100, 0, 30, &soft2, &hard2);
    assert_true(soft == soft2 && hard == hard2);
    /* A shorter horizon spends more of the clock now: 10 s over 12 moves,
     * plus most of the increment. */
    budget_within(10000, 100, 0, 12, 30, &soft2, &hard2);
    assert_true(soft2 > soft);
    assert_in_range(soft2, 850, 950);
    /* Moves to go under the horizon still rule. */
    budget_within(10000, 0, 5, 12, 30, &soft, &hard);
    budget_within(10000, 0, 5, 0, 30, &soft2, &hard2);
    assert_true(soft == soft2 && hard == hard2);
}

/* A trend at depth 12 with the best move found at depth 10, no change since
 * and the score where it was. */
static DjIterationTrend steady(void)
{
    return (DjIterationTrend){ .changes = 0.0, .stable_since = 10, .previous = 30,
                               .last_answer = 30, .has_last_answer = true };
}

static void test_scale_follows_the_search(void **state)
{
    (void)state;
    DjIterationTrend t = steady();
    double plain = dj_time_scale(&t, 12, 30, 0);
    assert_true(plain > 0.8 && plain < 1.0);

    /* A best move that has stood for many iterations: less time. */
    assert_true(dj_time_scale(&t, 10 + 7, 30, 0) < plain);
    /* One that just changed: more, and more again the more it changes. */
    t.changes = 1.0;
    double changed = dj_time_scale(&t, 12, 30, 0);
    t.changes = 1.5;
    assert_true(changed > plain && dj_time_scale(&t, 12, 30, 0) > changed);

    /* A falling score: more, whether it fell in this search or since the
     * last answer; a rising one no more than a steady one. */
    t = steady();
    double fell_here = dj_time_scale(&t, 12, -20, 0);
    assert_true(fell_here > plain);
    t.previous = -20;
    double fell_since = dj_time_scale(&t, 12, -20, 0);
    assert_true(fell_since > plain);
    t.has_last_answer = false;
    assert_true(dj_time_scale(&t, 12, -20, 0) < fell_since);   /* no last answer to fall from */
    t = steady();
    assert_true(dj_time_scale(&t, 12, 300, 0) <= plain);

    /* A mate found or feared is no fall in centipawns. */
    t = steady();
    double mated = dj_time_scale(&t, 12, -(DJ_SCORE_WIN - 9), 0);
    t.previous = -(DJ_SCORE_WIN - 11);
    assert_true(dj_time_scale(&t, 12, 30, 0) == mated);

    /* A game scored in units four times as big: the same fall, four times
     * the points, is the same stretch (and unit 100 is unit 0's). */
    t = steady();
    assert_true(dj_time_scale(&t, 12, -20, 100) == fell_here);
    DjIterationTrend big = { .changes = 0.0, .stable_since = 10, .previous = 120,
                             .last_answer = 120, .has_last_answer = true };
    assert_true(dj_time_scale(&big, 12, -80, 400) == fell_here);
    assert_true(dj_time_scale(&big, 12, -80, 100) > fell_here);
}

static void test_scale_stays_in_bounds(void **state)
{
    (void)state;
    static const int scores[] = { -(DJ_SCORE_WIN - 3), -5000, -400, -60, 0, 60, 400, 5000,
                                  DJ_SCORE_WIN - 3 };
    static const double changes[] = { 0.0, 0.25, 1.0, 1.9, 10.0 };
    for (size_t a = 0; a < sizeof scores / sizeof scores[0]; a++)
        for (size_t b = 0; b < sizeof scores / sizeof scores[0]; b++)
            for (size_t c = 0; c < sizeof scores / sizeof scores[0]; c++)
                for (size_t d = 0; d < sizeof changes / sizeof changes[0]; d++)
                    for (int stable = 0; stable <= 20; stable += 5) {
                        DjIterationTrend t = { .changes = changes[d], .stable_since = stable,
                                               .previous = scores[b], .last_answer = scores[c],
                                               .has_last_answer = true };
                        double scale = dj_time_scale(&t, 20, scores[a], 0);
                        assert_true(scale >= 0.6 - 1e-9);
                        assert_true(scale <= DJ_TIME_SCALE_MAX);
                    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_never_past_the_clock),
        cmocka_unit_test(test_spends_sensibly),
        cmocka_unit_test(test_horizon),
        cmocka_unit_test(test_scale_follows_the_search),
        cmocka_unit_test(test_scale_stays_in_bounds),
    };
    return cmocka_run_group_tests_name("timeman", tests, NULL, NULL);
}
