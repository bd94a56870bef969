/* test_repetition.c: dj_repetition_judge on hand-made lines.
 *
 * In a line, entry k's in_check says whether the move INTO position k gave
 * check.  In the cycle first..last the side to move at `last` (the mover)
 * made the moves into first+1, first+3, ..., last-1 and the other side the
 * moves into first+2, ..., last. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/repetition.h"

/* A line from a string of '+' (the move into this position gave check) and
 * '.' (it did not); keys all differ except that `last` repeats `first`. */
static DjHistoryEntry *make_line(const char *checks, int first, int last)
{
    int n = (int)strlen(checks);
    DjHistoryEntry *line = g_new0(DjHistoryEntry, n);
    for (int k = 0; k < n; k++) {
        line[k].key = 1000u + (uint64_t)k;
        line[k].in_check = checks[k] == '+';
    }
    line[last].key = line[first].key;
    return line;
}

static DjRepetitionVerdict judge(const char *checks, int first, int last, bool rule)
{
    DjHistoryEntry *line = make_line(checks, first, last);
    DjRepetitionVerdict verdict = dj_repetition_judge(line, first, last, rule);
    g_free(line);
    return verdict;
}

static void test_without_the_rule_always_draw(void **state)
{
    (void)state;
    assert_int_equal(judge(".+.+.", 0, 4, false), DJ_REPETITION_DRAW);
    assert_int_equal(judge("..+.+", 0, 4, false), DJ_REPETITION_DRAW);
    assert_int_equal(judge("+++++", 0, 4, false), DJ_REPETITION_DRAW);
    assert_int_equal(judge(".....", 0, 4, false), DJ_REPETITION_DRAW);
    assert_int_equal(judge(".+.", 0, 2, false), DJ_REPETITION_DRAW);
}

static void test_mover_checked_throughout_loses(void **state)
{
    (void)state;
    /* moves into 1 and 3 are the mover's: both checks */
    assert_int_equal(judge(".+.+.", 0, 4, true), DJ_REPETITION_MOVER_LOSES);
    /* the shortest cycle */
    assert_int_equal(judge(".+.", 0, 2, true), DJ_REPETITION_MOVER_LOSES);
    /* a longer one */
    assert_int_equal(judge(".+.+.+.", 0, 6, true), DJ_REPETITION_MOVER_LOSES);
}

static void test_other_side_checked_throughout_mover_wins(void **state)
{
    (void)state;
    assert_int_equal(judge("+.+.+", 0, 4, true), DJ_REPETITION_MOVER_WINS);
    assert_int_equal(judge("..+", 0, 2, true), DJ_REPETITION_MOVER_WINS);
    assert_int_equal(judge("+.+.+.+", 0, 6, true), DJ_REPETITION_MOVER_WINS);
}

static void test_mixed_cycles_are_draws(void **state)
{
    (void)state;
    assert_int_equal(judge(".....", 0, 4, true), DJ_REPETITION_DRAW);
    assert_int_equal(judge("+++++", 0, 4, true), DJ_REPETITION_DRAW);   /* both checked */
    assert_int_equal(judge(".+...", 0, 4, true), DJ_REPETITION_DRAW);   /* mover once */
    assert_int_equal(judge("...+.", 0, 4, true), DJ_REPETITION_DRAW);
    assert_int_equal(judge("..+..", 0, 4, true), DJ_REPETITION_DRAW);   /* other once */
    assert_int_equal(judge("....+", 0, 4, true), DJ_REPETITION_DRAW);
    assert_int_equal(judge(".+.+...", 0, 6, true), DJ_REPETITION_DRAW); /* mover stopped */
}

static void test_only_the_cycle_counts(void **state)
{
    (void)state;
    /* Entries before `first` are history the cycle does not include. */
    assert_int_equal(judge("+...+.+.", 3, 7, true), DJ_REPETITION_MOVER_LOSES);
    assert_int_equal(judge("...+.+.+", 3, 7, true), DJ_REPETITION_MOVER_WINS);
    /* a check long before the cycle changes nothing */
    assert_int_equal(judge(".+.......", 4, 8, true), DJ_REPETITION_DRAW);
    /* a cycle that stops before the end of the line */
    assert_int_equal(judge(".+.+.+.+..", 2, 6, true), DJ_REPETITION_MOVER_LOSES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_without_the_rule_always_draw),
        cmocka_unit_test(test_mover_checked_throughout_loses),
        cmocka_unit_test(test_other_side_checked_throughout_mover_wins),
        cmocka_unit_test(test_mixed_cycles_are_draws),
        cmocka_unit_test(test_only_the_cycle_counts),
    };
    return cmocka_run_group_tests_name("repetition", tests, NULL, NULL);
}
