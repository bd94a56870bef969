/* test_search_scale.c: the search is free of any scale of evaluation.  A
 * copy of each game that scores SCALE times as much and says so
 * (eval_unit SCALE * 100) is searched exactly as the game is: the same
 * nodes, the same move and line, SCALE times the score.  So the pruning
 * margins and aspiration windows follow eval_unit (search.c,
 * search_margins), and a game may score on any scale.  MCTS too: a
 * playout cut short turns evaluate() into a result in the game's units.  Both copies leave
 * out move_gain and see (estimates a game scales with its evaluation, and
 * which order captures by their size), so that nothing else differs. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "framework/search/mcts.h"
#include "framework/search/search.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0x5ca1eu
#define GAMES 4
#define PLY_STEP 6
#define POSITIONS_PER_GAME 3
#define DEPTH 5
#define TABLE_MB 8
#define SCALE 4
#define MCTS_PLAYOUTS 300
#define MCTS_CUT 6

static const DjVariant *base;

/* The game's evaluation kept inside a band that SCALE times it still fits
 * in (evaluate() must stay inside +-DJ_SCORE_EVAL_MAX)... */
#define BOUND ((DJ_SCORE_EVAL_MAX - 1) / SCALE)

static int evaluate_bounded(const void *pos)
{
    return CLAMP(base->evaluate(pos), -BOUND, BOUND);
}

/* ...and SCALE times that. */
static int evaluate_scaled(const void *pos)
{
    return evaluate_bounded(pos) * SCALE;
}

/* The game without the estimates in evaluate()'s units, its evaluation
 * bounded. */
static DjVariant unscaled_copy(const DjVariant *v)
{
    DjVariant copy = *v;
    copy.evaluate = evaluate_bounded;
    copy.move_gain = NULL;
    copy.see = NULL;
    copy.gaining_moves = NULL;
    copy.eval_unit = 0;
    return copy;
}

static void compare_at(const ConfWhere *where, const DjVariant *plain,
                       const DjVariant *scaled, const void *pos, int *compared)
{
    DjSearchLimits limits = { .depth = DEPTH };
    DjSearchInfo a, b;
    DjSearch *search_a = dj_search_new(plain, TABLE_MB);
    DjSearch *search_b = dj_search_new(scaled, TABLE_MB);
    DjMove move_a = dj_search_run(search_a, pos, NULL, 0, &limits, NULL, NULL, &a);
    DjMove move_b = dj_search_run(search_b, pos, NULL, 0, &limits, NULL, NULL, &b);
    dj_search_free(search_a);
    dj_search_free(search_b);
    const char *name = plain->name;
    CONF_CHECK(where, a.nodes == b.nodes && move_a == move_b,
               "%s: the search of the game scored %d times as much, with eval_unit %d, is "
               "not the same: %" G_GUINT64_FORMAT " nodes and move %u, against %"
               G_GUINT64_FORMAT " and %u (a margin of the search that does not follow "
               "eval_unit?)", name, SCALE, scaled->eval_unit, b.nodes, (unsigned)move_b,
               a.nodes, (unsigned)move_a);
    bool decisive = dj_score_is_decisive(a.score, NULL);
    CONF_CHECK(where, decisive ? b.score == a.score : b.score == a.score * SCALE,
               "%s: the scaled game scores %d where the game scores %d", name, b.score,
               a.score);
    CONF_CHECK(where, a.pv_length == b.pv_length
                          && memcmp(a.pv, b.pv, sizeof a.pv[0] * (size_t)a.pv_length) == 0,
               "%s: the scaled game's line differs", name);
    (*compared)++;
}

/* MCTS with playouts cut short and scored by evaluate(): the same tree
 * (same move, same line), the score SCALE times (to a rounding). */
static void compare_mcts_at(const ConfWhere *where, const DjVariant *plain,
                            const DjVariant *scaled, const void *pos)
{
    DjMctsOptions options;
    dj_mcts_options_default(&options);
    options.evaluate_after = MCTS_CUT;
    DjSearchLimits limits = { .nodes = MCTS_PLAYOUTS };
    DjSearchInfo a, b;
    DjMcts *mcts_a = dj_mcts_new(plain, TABLE_MB, &options);
    DjMcts *mcts_b = dj_mcts_new(scaled, TABLE_MB, &options);
    DjMove move_a = dj_mcts_run(mcts_a, pos, NULL, 0, &limits, NULL, NULL, &a);
    DjMove move_b = dj_mcts_run(mcts_b, pos, NULL, 0, &limits, NULL, NULL, &b);
    dj_mcts_free(mcts_a);
    dj_mcts_free(mcts_b);
    const char *name = plain->name;
    CONF_CHECK(where, move_a == move_b && a.pv_length == b.pv_length
                          && memcmp(a.pv, b.pv, sizeof a.pv[0] * (size_t)a.pv_length) == 0,
               "%s: MCTS on the game scored %d times as much, with eval_unit %d, plays %u "
               "where the game plays %u, or another line (a playout's evaluation turned "
               "into a result on a fixed scale?)", name, SCALE, scaled->eval_unit,
               (unsigned)move_b, (unsigned)move_a);
    bool decisive = dj_score_is_decisive(a.score, NULL);
    CONF_CHECK(where, decisive ? b.score == a.score : abs(b.score - a.score * SCALE) <= SCALE,
               "%s: MCTS on the scaled game scores %d where the game scores %d", name,
               b.score, a.score);
}

static void test_search_follows_eval_unit(void **state)
{
    (void)state;
    guint32 seed_base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        if (v->evaluate == NULL) {
            g_printerr("%s: no evaluation, so no alpha-beta search to scale\n", v->name);
            continue;
        }
        base = v;
        DjVariant plain = unscaled_copy(v);
        DjVariant scaled = plain;
        scaled.evaluate = evaluate_scaled;
        scaled.eval_unit = SCALE * (v->eval_unit > 0 ? v->eval_unit : 100);
        int compared = 0;
        for (int game = 0; game < GAMES; game++) {
            guint32 seed = conf_game_seed(seed_base, game);
            ConfLine *line = conf_line_random(v, seed, PLY_STEP * POSITIONS_PER_GAME);
            ConfWhere where = { v, seed, game, 0, NULL };
            for (int ply = 0; ply <= line->n_plies; ply += PLY_STEP) {
                where.ply = ply;
                where.pos = conf_line_position(line, ply);
                if (dj_position_outcome(v, where.pos) == DJ_OUTCOME_ONGOING) {
                    compare_at(&where, &plain, &scaled, where.pos, &compared);
                    compare_mcts_at(&where, &plain, &scaled, where.pos);
                }
            }
            conf_line_free(line);
        }
        g_printerr("%s: %d searches compared at depth %d, scale %d\n", v->name, compared,
                   DEPTH, SCALE);
        ConfWhere where = { v, seed_base, -1, -1, NULL };
        CONF_CHECK(&where, compared > 0, "%s: no position to search, so nothing was checked",
                   v->name);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_follows_eval_unit),
    };
    return cmocka_run_group_tests_name("search scale", tests, NULL, NULL);
}
