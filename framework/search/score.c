/* score.c: what a search's score means (see score.h). */
#include "framework/search/score.h"

#include <stdlib.h>

bool dj_score_is_decisive(int score, int *plies)
{
    if (score < DJ_SCORE_DECISIVE && score > -DJ_SCORE_DECISIVE)
        return false;
    if (plies != NULL)
        *plies = DJ_SCORE_WIN - abs(score);
    return true;
}

void dj_score_format(int score, GString *out)
{
    int plies = 0;
    if (dj_score_is_decisive(score, &plies))
        g_string_append_printf(out, "%s in %d", score > 0 ? "win" : "loss", plies);
    else
        g_string_append_printf(out, "%+.2f", score / 100.0);
}
