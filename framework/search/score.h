/* score.h: what a search's score means, for the searches and whoever reads
 * their scores (the time manager, the front ends).
 *
 * Scores are from the side to move's view, on evaluate()'s scale; a forced
 * result counts plies from DJ_SCORE_WIN (game.h): a win in N plies is
 * DJ_SCORE_WIN - N, a loss in N plies -(DJ_SCORE_WIN - N). */
#ifndef DOJO_FRAMEWORK_SEARCH_SCORE_H
#define DOJO_FRAMEWORK_SEARCH_SCORE_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

/* Beyond this (in absolute value) a score counts plies to the end. */
#define DJ_SCORE_DECISIVE (DJ_SCORE_WIN - 1000)

/* Whether `score` means a forced win (> 0) or loss (< 0), and in how many
 * plies, counting every move of either side (the distance is written to
 * *plies if not NULL; dj_line_own_moves in search_types.h counts one side's
 * moves). */
bool dj_score_is_decisive(int score, int *plies);

/* Append the score for people: "+1.25", "-0.40", "win in 5", "loss in 4". */
void dj_score_format(int score, GString *out);

#endif
