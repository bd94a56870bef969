/* search_score.c: a fresh search of a game's position, for tests. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/search/search.h"
#include "tests/support/search_score.h"

int search_score(const DjGame *game, guint64 nodes, bool *decisive)
{
    DjSearch *search = dj_search_new(dj_game_variant(game), 16);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    DjSearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = nodes;
    DjSearchInfo info;
    memset(&info, 0, sizeof info);
    dj_search_run(search, dj_game_position(game), line, n_line, &limits, NULL, NULL, &info);
    dj_search_free(search);
    assert_true(info.depth > 0);
    *decisive = dj_score_is_decisive(info.score, NULL);
    return info.score;
}
