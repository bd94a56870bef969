/* search_score.h: the verdict of dojo's alpha-beta search on a game's
 * position, redone by a test as `dojo match --balance` judges an opening
 * (framework/referee/match_balance.h): one thread, a node limit, and a table
 * that knows nothing yet, so the same position always gets the same
 * score.  Link with search_score_dep (tests/support/meson.build). */
#ifndef DOJO_TESTS_SUPPORT_SEARCH_SCORE_H
#define DOJO_TESTS_SUPPORT_SEARCH_SCORE_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"

/* The score of the current position of `game` (ongoing) for its side to
 * move after a search of `nodes` nodes, through the line that led to it;
 * *decisive says whether it is a forced win or loss.  Fails the current
 * cmocka test when the search finished no iteration. */
int search_score(const DjGame *game, guint64 nodes, bool *decisive);

#endif
