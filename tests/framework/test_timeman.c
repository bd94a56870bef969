/* test_timeman.c: dj_time_budget keeps its promises over a grid of clocks
 * (never past the time left, soft within hard), and spends as a player
 * would expect (more with more time, with an increment, on the last move
 * before the control). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdint.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_never_past_the_clock),
        cmocka_unit_test(test_spends_sensibly),
        cmocka_unit_test(test_horizon),
    };
    return cmocka_run_group_tests_name("timeman", tests, NULL, NULL);
}
