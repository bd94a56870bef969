/* level.c: playing strengths.
 *
 * A level below full strength plays as Stockfish's Skill Level does: it
 * searches a few candidate moves with exact scores (MultiPV) to a limited
 * depth and number of nodes, then chooses among them at random, a move
 * the less likely the more it gives away (a softmax over the score loss,
 * e^(-loss / temperature)).  So it misses deep ideas and now and then
 * plays a plausible second-best move, as a person does; a move that throws
 * a piece away gets rarer level by level.  What no person who knows the
 * rules does, losing in one move when a move that does not exists, a guard
 * refuses (level_guard.h): always from level 3 up, most of the time below. */
#include "framework/search/level.h"

#include <math.h>

#include "framework/search/level_guard.h"

typedef struct LevelSpec {
    int depth;          /* plies; 0: no depth limit */
    uint64_t nodes;     /* 0: no node limit; DjVariant.level_nodes replaces it */
    int lines;          /* candidate moves searched with exact scores */
    int temperature;    /* score units: a move this much worse than the best
                           is e times less likely (0: always the best) */
    int guard_percent;  /* chance that a move losing at once is refused */
} LevelSpec;

/* Tuned by matches until neighbouring levels came out about evenly spaced
 * in Elo in both games (docs/strength.md, bench/levels.sh).  A level that
 * searches deeper than the one below may choose more loosely (level 3):
 * one more ply alone was too big a step. */
static const LevelSpec level_specs[DJ_LEVEL_MAX] = {
    { 1, 0, 8, 300, 55 },
    { 1, 0, 8, 90, 85 },
    { 2, 0, 6, 180, 100 },
    { 2, 0, 5, 45, 100 },
    { 3, 0, 4, 60, 100 },
    { 0, 15000, 3, 35, 100 },
    { 0, 30000, 3, 22, 100 },
    { 0, 50000, 2, 14, 100 },
    { 0, 100000, 2, 4, 100 },
    { 0, 0, 1, 0, 100 },
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

/* Index of a candidate among the `n` still `open`, drawn with weight
 * e^(-(top - score) / temperature); -1 when none is open. */
static int draw_candidate(const int *scores, const bool *open, int n, int temperature,
                          GRand *rand)
{
    double weights[DJ_LEVEL_MAX_LINES];
    double total = 0;
    int top = G_MININT;
    for (int i = 0; i < n; i++)
        if (open[i] && scores[i] > top)
            top = scores[i];
    for (int i = 0; i < n; i++) {
        double loss = (double)top - (double)scores[i];
        weights[i] = !open[i] ? 0.0 : temperature > 0 ? exp(-loss / temperature)
                                                     : loss == 0 ? 1.0 : 0.0;
        total += weights[i];
    }
    if (total <= 0)
        return -1;
    double point = g_rand_double(rand) * total;
    int last_open = -1;
    for (int i = 0; i < n; i++) {
        if (!open[i])
            continue;
        last_open = i;
        if (point < weights[i])
            return i;
        point -= weights[i];
    }
    return last_open;   /* rounding left the point past the end */
}

/* The first of the search's root moves (best first) that does not lose at
 * once, or `fallback` when every one does. */
static DjMove first_safe_root_move(DjSearch *search, const DjVariant *variant, const void *root,
                                   DjMove fallback)
{
    int n = dj_search_root_scores(search, NULL, NULL, 0);
    g_autofree DjMove *moves = g_new(DjMove, n);
    g_autofree int *scores = g_new(int, n);
    dj_search_root_scores(search, moves, scores, n);
    return dj_first_move_not_losing_at_once(variant, root, moves, n, fallback);
}

int dj_level_guard_percent(int level)
{
    return level_specs[CLAMP(level, DJ_LEVEL_MIN, DJ_LEVEL_MAX) - 1].guard_percent;
}

DjMove dj_level_choose(DjSearch *search, int level, int64_t time_ms, GRand *rand,
                       const void *root, const DjHistoryEntry *line, int n_line,
                       const DjMove *root_moves, int n_root_moves,
                       DjSearchReportFn report, void *user_data, DjSearchInfo *info)
{
    level = CLAMP(level, DJ_LEVEL_MIN, DJ_LEVEL_MAX);
    const LevelSpec *spec = &level_specs[level - 1];
    const DjVariant *variant = dj_search_variant(search);
    uint64_t nodes = spec->nodes;
    if (level < DJ_LEVEL_MAX && variant->level_nodes != NULL)
        nodes = variant->level_nodes[level - 1];
    DjSearchLimits limits = {
        .depth = spec->depth,
        .nodes = nodes,
        .time_ms = time_ms,
        .multipv = spec->lines,
        .root_moves = root_moves,
        .n_root_moves = n_root_moves,
    };
    DjSearchInfo local;
    if (info == NULL)
        info = &local;
    DjMove best = dj_search_run(search, root, line, n_line, &limits, report, user_data, info);
    if (level == DJ_LEVEL_MAX || info->depth == 0) {
        /* A search cut short at depth 1 cannot see the reply that wins */
        if (dj_move_loses_at_once(variant, root, best))
            return first_safe_root_move(search, variant, root, best);
        return best;
    }

    DjMove moves[DJ_LEVEL_MAX_LINES];
    int scores[DJ_LEVEL_MAX_LINES];
    bool open[DJ_LEVEL_MAX_LINES];
    int n = MIN(dj_search_root_scores(search, NULL, NULL, 0), spec->lines);
    dj_search_root_scores(search, moves, scores, n);
    for (int i = 0; i < n; i++)
        open[i] = true;
    bool guarded = g_rand_int_range(rand, 0, 100) < spec->guard_percent;
    /* The temperatures are in hundredths of a pawn: in the game's units here. */
    int temperature = variant->eval_unit > 0
                      ? (int)((int64_t)spec->temperature * variant->eval_unit / 100)
                      : spec->temperature;
    for (;;) {
        int pick = draw_candidate(scores, open, n, temperature, rand);
        if (pick < 0)
            return first_safe_root_move(search, variant, root, best);
        if (!guarded || !dj_move_loses_at_once(variant, root, moves[pick]))
            return moves[pick];
        open[pick] = false;
    }
}
