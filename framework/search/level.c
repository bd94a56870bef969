/* level.c: playing strengths.  Weaker levels search shallower and choose at
 * random among the root moves whose exact score is within a margin of the
 * best, so they make the kind of mistakes a person makes: they miss deep
 * ideas and sometimes play a plausible second-best move. */
#include "framework/search/level.h"

typedef struct LevelSpec {
    int depth;      /* 0: no depth limit */
    int margin;     /* random choice among moves this close to the best */
} LevelSpec;

static const LevelSpec level_specs[DJ_LEVEL_MAX] = {
    { 1, 400 }, { 2, 250 }, { 2, 150 }, { 3, 100 }, { 4, 60 },
    { 5, 35 },  { 6, 20 },  { 8, 10 },  { 12, 0 },  { 0, 0 },
};

/* For a game whose levels have not been measured: spaced evenly. */
static const int generic_level_elo[DJ_LEVEL_MAX] = {
    800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600,
};

int dj_level_elo(const DjVariant *variant, int level)
{
    const int *table = variant->level_elo != NULL ? variant->level_elo : generic_level_elo;
    return table[CLAMP(level, DJ_LEVEL_MIN, DJ_LEVEL_MAX) - 1];
}

DjMove dj_level_choose(DjSearch *search, int level, int64_t time_ms, GRand *rand,
                       const void *root, const DjHistoryEntry *line, int n_line,
                       const DjMove *root_moves, int n_root_moves,
                       DjSearchReportFn report, void *user_data, DjSearchInfo *info)
{
    level = CLAMP(level, DJ_LEVEL_MIN, DJ_LEVEL_MAX);
    const LevelSpec *spec = &level_specs[level - 1];
    DjSearchLimits limits = {
        .depth = spec->depth,
        .time_ms = time_ms,
        .all_root_scores = spec->margin > 0,
        .root_moves = root_moves,
        .n_root_moves = n_root_moves,
    };
    DjSearchInfo local;
    if (info == NULL)
        info = &local;
    DjMove best = dj_search_run(search, root, line, n_line, &limits, report, user_data, info);
    if (spec->margin == 0 || info->depth == 0)
        return best;

    int n = dj_search_root_scores(search, NULL, NULL, 0);
    DjMove *moves = g_new(DjMove, n);
    int *scores = g_new(int, n);
    dj_search_root_scores(search, moves, scores, n);
    int top = scores[0];
    int candidates = 0;
    for (int i = 0; i < n; i++) {
        if (scores[i] >= top - spec->margin)
            moves[candidates++] = moves[i];
    }
    DjMove chosen = candidates <= 1 ? best : moves[g_rand_int_range(rand, 0, candidates)];
    g_free(moves);
    g_free(scores);
    return chosen;
}
