/* outcome_oracle.h: what the rules say about the end of a game, worked out
 * from the game's line alone, without the framework's own judging
 * (game_history.c, repetition.c), so that the checks built on it (the
 * conformance game flow, the soak, the play fuzz target) test that judging
 * rather than repeat it.  One copy for all of them. */
#ifndef DOJO_TESTS_ORACLE_OUTCOME_ORACLE_H
#define DOJO_TESTS_ORACLE_OUTCOME_ORACLE_H

#include "framework/game_history.h"

/* The outcome the rules give the current position of `game`: the variant's
 * outcome(), else "no legal move loses", else the repetition rule of
 * game.h (repetition_draw, perpetual_check_loses) over the whole line, from
 * the first occurrence of the current position.  *occurrences, if not
 * NULL, gets how often the current position occurred.  A result set with
 * dj_game_set_result (resignation, claim, adjudication) is not the rules'
 * and is ignored. */
DjOutcome oracle_expected_outcome(const DjGame *game, int *occurrences);

#endif
