/* test_repetition.c: dj_repetition_judge on hand-made lines.
 *
 * In a line, entry k's in_check says whether the side to move at k is in
 * check.  Where the sides alternate (the first tests), the move INTO
 * position k gave check, and in the cycle first..last the side to move at
 * `last` (the mover) made the moves into first+1, first+3, ..., last-1 and
 * the other side the moves into first+2, ..., last.  The last tests give
 * each entry its side explicitly, with extra turns. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/repetition.h"

/* A line from a string of '+' (the side to move here is in check) and '.'
 * (it is not), and one of the sides to move ('0' or '1'; NULL: sides
 * alternate, side 0 first); keys all differ except that `last` repeats
 * `first`. */
static DjHistoryEntry *make_line(const char *checks, const char *sides, int first, int last)
{
    int n = (int)strlen(checks);
    assert_true(sides == NULL || (int)strlen(sides) == n);
    DjHistoryEntry *line = g_new0(DjHistoryEntry, n);
    for (int k = 0; k < n; k++) {
        line[k].key = 1000u + (uint64_t)k;
        line[k].in_check = checks[k] == '+';
        line[k].side = (uint8_t)(sides != NULL ? sides[k] - '0' : k % 2);
    }
    line[last].key = line[first].key;
    assert_int_equal(line[last].side, line[first].side);
    return line;
}

static DjRepetitionVerdict judge_sides(const char *checks, const char *sides, int first,
                                       int last, bool rule)
{
    DjHistoryEntry *line = make_line(checks, sides, first, last);
    DjRepetitionVerdict verdict = dj_repetition_judge(line, first, last, rule);
    g_free(line);
    return verdict;
}

static DjRepetitionVerdict judge(const char *checks, int first, int last, bool rule)
{
    return judge_sides(checks, NULL, first, last, rule);
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

/* With extra turns: a move that keeps the turn ends no turn, so its check
 * flag is not a check given, and cycles can have odd lengths. */
static void test_extra_turns_are_judged_by_turns(void **state)
{
    (void)state;
    /* 0 moves twice (0 -> 1 keeps the turn), checks as its turn ends at 2;
     * 1 ends its turn at 3 without check: a three-ply cycle 0 loses */
    assert_int_equal(judge_sides("..+.", "0010", 0, 3, true), DJ_REPETITION_MOVER_LOSES);
    assert_int_equal(judge_sides("..+.", "0010", 0, 3, false), DJ_REPETITION_DRAW);
    /* seen from 1: 1 ends its turn at 1 without check, 0 moves twice and
     * checks as its turn ends at 3 */
    assert_int_equal(judge_sides("...+", "1001", 0, 3, true), DJ_REPETITION_MOVER_WINS);
    /* a flag at a position where the same side moves again is no check
     * given: 0's only turn end (at 2) does not check */
    assert_int_equal(judge_sides(".+..", "0010", 0, 3, true), DJ_REPETITION_DRAW);
    /* both end every turn with a check (1 after three moves) */
    assert_int_equal(judge_sides(".+..+", "01110", 0, 4, true), DJ_REPETITION_DRAW);
    /* 1 moves twice per turn and checks at the end of both turns, 0 never */
    assert_int_equal(judge_sides("..+..+.", "1101101", 0, 6, true),
                     DJ_REPETITION_MOVER_LOSES);
    /* a cycle of one side's moves alone ends no turn: nobody is condemned */
    assert_int_equal(judge_sides("+++", "000", 0, 2, true), DJ_REPETITION_DRAW);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_without_the_rule_always_draw),
        cmocka_unit_test(test_mover_checked_throughout_loses),
        cmocka_unit_test(test_other_side_checked_throughout_mover_wins),
        cmocka_unit_test(test_mixed_cycles_are_draws),
        cmocka_unit_test(test_only_the_cycle_counts),
        cmocka_unit_test(test_extra_turns_are_judged_by_turns),
    };
    return cmocka_run_group_tests_name("repetition", tests, NULL, NULL);
}
