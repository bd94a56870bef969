/* rules.h: the checks of what a game declares about its rules
 * (framework/game.h) against what its functions do:
 *
 *   result rules  at every position of random games, outcome() agrees with
 *                 DjVariant.result_rules: where a declared rule decides the
 *                 game, outcome() says that result; every end outcome()
 *                 reports is one a declared rule gives (unless the game
 *                 declares DJ_RESULT_OTHER); a position without legal
 *                 moves needs DJ_RESULT_NO_MOVE_LOSES;
 *   passes        where is_pass is given and pass_anytime is not, a pass is
 *                 never offered beside another move, and a pass leaves the
 *                 board as it was; a move that starts and ends on no
 *                 square (a pass by its looks) needs is_pass;
 *   perft counts  the game gives published perft counts
 *                 (DjVariant.perft_counts) and perft agrees with them.
 *
 * Each is a function of a variant, not of the registry, so that
 * test_othello_bugs.c can prove it fails on a deliberately broken game.
 * Include conformance.h (and cmocka before it) first. */
#ifndef DOJO_TESTS_CONFORMANCE_RULES_H
#define DOJO_TESTS_CONFORMANCE_RULES_H

#include <stdint.h>

#include "tests/conformance/conformance.h"

/* What conf_check_rules met, for the test's report and its own checks. */
typedef struct ConfRulesTally {
    int games;          /* random games played */
    int positions;      /* positions checked */
    int ends;           /* games that ended before the ply limit */
    int ends_declared;  /* ends a declared rule other than DJ_RESULT_OTHER explained */
    int pass_positions; /* ongoing positions where a pass was legal */
} ConfRulesTally;

/* The result and pass checks over `games` random games of `v` (at most
 * `max_plies` plies each; game seeds conf_game_seed(base, i)).  Fails at
 * the first position where a check fails, naming the game; also when `v`
 * declares no result_rules, or when no game ended (nothing to check the
 * rules against).  *tally, if not NULL, gets what was met. */
void conf_check_rules(const DjVariant *v, guint32 base, int games, int max_plies,
                      ConfRulesTally *tally);

/* The published perft counts of `v` (DjVariant.perft_counts) that have at
 * most `max_leaves` leaves agree with dj_perft (dj_perft_turns for a count
 * by turns).  Fails when `v` gives none (saying what to add), when one's
 * position is refused, or when every count is above `max_leaves`.  Returns
 * how many counts were checked. */
int conf_check_perft_counts(const DjVariant *v, uint64_t max_leaves);

/* The names of the DjResultRule flags in `rules`, for messages (g_free). */
char *conf_result_rule_names(unsigned rules);

#endif
