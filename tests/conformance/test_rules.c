/* test_rules.c: every game checked (conf_variants) says how it is decided,
 * when a pass is legal and what its published perft counts are, and does
 * what it says (rules.h): outcome() against result_rules at every position
 * of random games, passes against is_pass and pass_anytime, perft against
 * perft_counts.  Then the result check is shown to catch two bugs planted
 * in a copy of a checked game: an end no declared rule gives, and the
 * winner of a rule that reads the board swapped (test_othello_bugs.c
 * plants the rest). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tests/conformance/planted.h"
#include "tests/conformance/rules.h"

#define BASE_SEED 0x5e1e5u
#define GAMES 60
#define MAX_PLIES 400
/* Counts up to this many leaves are counted here (a second or so in a
 * sanitizer build); deeper ones are for bench/perft_bench.c. */
#define PERFT_MAX_LEAVES 3000000

static void test_results_and_passes(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        ConfRulesTally tally;
        conf_check_rules(*vp, base, conf_games(GAMES), MAX_PLIES, &tally);
        char *names = conf_result_rule_names((*vp)->result_rules);
        g_printerr("%s (%s): %d random games, %d ended, %d of them by a declared rule; %d "
                   "positions checked, %d with a pass%s\n", (*vp)->name, names, tally.games,
                   tally.ends, tally.ends_declared, tally.positions, tally.pass_positions,
                   (*vp)->is_pass == NULL ? " (the game has no pass)" : "");
        g_free(names);
    }
}

static void test_published_perft_counts(void **state)
{
    (void)state;
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        int checked = conf_check_perft_counts(*vp, PERFT_MAX_LEAVES);
        g_printerr("%s: %d published perft counts checked\n", (*vp)->name, checked);
    }
}

/* ---- planted bugs ------------------------------------------------------- */

/* The wrapped games end a game that goes on when the side to move's number
 * of legal moves is a multiple of this: random games meet it often. */
#define END_MODULUS 7
#define PLANTED_GAMES 20

static const DjVariant *base;
static DjVariant wrapped;

static bool says_all_its_ends(const DjVariant *v)
{
    return v->result_rules != 0 && (v->result_rules & DJ_RESULT_OTHER) == 0;
}

static bool reads_royals(const DjVariant *v)
{
    return v->view_squares != NULL
           && (v->result_rules & (DJ_RESULT_ROYAL_CAPTURED | DJ_RESULT_ROYAL_ON_FAR_SPECIAL));
}

static int setup_undeclared_end(void **state)
{
    (void)state;
    planted_setup(&base, &wrapped, says_all_its_ends);
    return 0;
}

static int setup_royal(void **state)
{
    (void)state;
    planted_setup(&base, &wrapped, reads_royals);
    return 0;
}

/* An end by a rule the game does not declare, as an outcome() that grew a
 * rule of its own would. */
static DjOutcome outcome_with_an_undeclared_end(const void *pos)
{
    DjOutcome outcome = base->outcome(pos);
    if (outcome == DJ_OUTCOME_ONGOING && dj_count_moves(base, pos) % END_MODULUS == 0)
        return DJ_OUTCOME_WIN_SIDE0;
    return outcome;
}

/* The winner swapped, as an outcome() that looks at the wrong side would. */
static DjOutcome outcome_with_the_winner_swapped(const void *pos)
{
    DjOutcome outcome = base->outcome(pos);
    if (outcome == DJ_OUTCOME_WIN_SIDE0 || outcome == DJ_OUTCOME_WIN_SIDE1)
        return dj_outcome_win_for(1 - dj_outcome_winner(outcome));
    return outcome;
}

static void run_rules(void *data)
{
    (void)data;
    conf_check_rules(&wrapped, BASE_SEED, PLANTED_GAMES, MAX_PLIES, NULL);
}

static void test_an_end_no_declared_rule_gives_is_caught(void **state)
{
    (void)state;
    planted_require_base(base, "result_rules without DJ_RESULT_OTHER");
    run_rules(NULL);   /* the unbroken copy passes */
    wrapped.outcome = outcome_with_an_undeclared_end;
    planted_expect_failure(run_rules, NULL, "none of the declared rules");
}

static void test_a_swapped_winner_is_caught(void **state)
{
    (void)state;
    planted_require_base(base, "result_rules that read royal pieces");
    run_rules(NULL);
    wrapped.outcome = outcome_with_the_winner_swapped;
    planted_expect_failure(run_rules, NULL, "has won here, but outcome() says");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_results_and_passes),
        cmocka_unit_test(test_published_perft_counts),
        cmocka_unit_test_setup(test_an_end_no_declared_rule_gives_is_caught,
                               setup_undeclared_end),
        cmocka_unit_test_setup(test_a_swapped_winner_is_caught, setup_royal),
    };
    return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
