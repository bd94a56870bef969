/* test_search_limits.c: the shared search and the playing levels on
 * positions from random games of every registered variant: every depth and
 * node limit gives a legal move and a legal principal variation, and every
 * level a legal move; one thread repeats itself exactly, new weights take
 * effect, and a game's one-pass generator (legal_moves_marked) and its
 * generator of gaining moves (gaining_moves) change nothing the search
 * does. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/game_history.h"
#include "framework/params.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "framework/search/search.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0x5ea4c4u
#define TABLE_MB 8
#define MAX_PLIES 300
#define DEPTH_LIMIT_GAMES 5
#define DEPTH_LIMIT_POSITIONS_PER_GAME 3
#define NODE_LIMIT_GAMES 40
#define NODE_LIMIT_POSITIONS_PER_GAME 6
/* A safety net against a search that explodes on some position: a depth
 * search stopped by it still has to give a legal move, and is then excused
 * from completing its depth. */
#define DEPTH_SEARCH_NODE_CAP 200000
#define THREADS_NODE_LIMIT 20000
#define NODE_LIMIT_GRANULARITY 64

static void check_depth_limits_at(const ConfWhere *where, DjSearch *search, const void *pos,
                                  const DjHistoryEntry *line, int n_line)
{
    const DjVariant *v = where->variant;
    for (int depth = 1; depth <= 4; depth++) {
        DjSearchLimits limits = { .depth = depth, .nodes = DEPTH_SEARCH_NODE_CAP };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, pos, line, n_line, &limits, NULL, NULL, &info);
        CONF_CHECK(where, conf_is_legal(v, pos, move),
                   "at depth %d the search returned the illegal move %u", depth,
                   (unsigned)move);
        bool capped = info.nodes >= DEPTH_SEARCH_NODE_CAP;
        CONF_CHECK(where, info.depth == depth || (capped && info.depth < depth),
                   "asked for depth %d, completed %d (%" G_GUINT64_FORMAT " nodes)", depth,
                   info.depth, info.nodes);
        if (capped)
            continue;
        CONF_CHECK(where, info.pv_length >= 1 && info.pv[0] == move,
                   "at depth %d the principal variation does not start with the move",
                   depth);
        CONF_CHECK(where, info.score > -DJ_SCORE_WIN && info.score < DJ_SCORE_WIN,
                   "score %d out of range", info.score);
        conf_check_pv(where, v, pos, info.pv, info.pv_length);
    }
}

static void check_node_limits_at(const ConfWhere *where, DjSearch *search, const void *pos,
                                 const DjHistoryEntry *line, int n_line)
{
    const DjVariant *v = where->variant;
    static const uint64_t node_limits[] = { 1, 2, 10, 100, 1000, 5000 };
    for (size_t i = 0; i < G_N_ELEMENTS(node_limits); i++) {
        DjSearchLimits limits = { .nodes = node_limits[i] };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, pos, line, n_line, &limits, NULL, NULL, &info);
        CONF_CHECK(where, conf_is_legal(v, pos, move),
                   "with a limit of %" G_GUINT64_FORMAT " nodes the search returned the "
                   "illegal move %u", node_limits[i], (unsigned)move);
        /* The limit may be overshot only by the few nodes counted between
         * two checks (it once ran to 2048 for a limit of 100). */
        CONF_CHECK(where, info.nodes <= node_limits[i] + NODE_LIMIT_GRANULARITY,
                   "with a limit of %" G_GUINT64_FORMAT " nodes the search visited %"
                   G_GUINT64_FORMAT, node_limits[i], info.nodes);
        /* Also when the limit cut an iteration that had found a new best
         * move: the line reported is the one of the move returned. */
        CONF_CHECK(where, info.pv_length >= 1 && info.pv[0] == move,
                   "with a limit of %" G_GUINT64_FORMAT " nodes the line reported does not "
                   "start with the move returned", node_limits[i]);
        conf_check_pv(where, v, pos, info.pv, info.pv_length);
    }
}

/* What a multi-PV search reported: the lines of its last depth. */
typedef struct MultiPvReport {
    int depth;
    int count;
    DjMove first[8];
    int score[8];
} MultiPvReport;

static void collect_lines(const DjSearchInfo *info, void *user_data)
{
    MultiPvReport *report = user_data;
    if (info->depth != report->depth) {
        report->depth = info->depth;
        report->count = 0;
    }
    if (report->count < 8 && info->multipv == report->count + 1) {
        report->first[report->count] = info->pv[0];
        report->score[report->count] = info->score;
        report->count++;
    }
}

static void check_multipv_at(const ConfWhere *where, DjSearch *search, const void *pos,
                             const DjHistoryEntry *line, int n_line)
{
    const DjVariant *v = where->variant;
    DjMove *moves = g_new(DjMove, v->max_moves);
    int n = v->legal_moves(pos, moves);
    g_free(moves);
    DjSearchLimits limits = { .depth = 3, .multipv = 3, .nodes = DEPTH_SEARCH_NODE_CAP };
    MultiPvReport report = { 0 };
    DjSearchInfo info;
    DjMove move = dj_search_run(search, pos, line, n_line, &limits, collect_lines, &report,
                                &info);
    if (info.nodes >= DEPTH_SEARCH_NODE_CAP)
        return;
    int expected = n < 3 ? n : 3;
    CONF_CHECK(where, report.depth == 3 && report.count == expected,
               "multi-PV 3 at depth 3 reported %d lines at depth %d (%d legal moves)",
               report.count, report.depth, n);
    CONF_CHECK(where, report.first[0] == move, "line 1 does not start with the move returned");
    for (int a = 0; a < report.count; a++) {
        CONF_CHECK(where, conf_is_legal(v, pos, report.first[a]), "line %d starts illegally",
                   a + 1);
        for (int b = a + 1; b < report.count; b++) {
            CONF_CHECK(where, report.first[a] != report.first[b],
                       "lines %d and %d start with the same move", a + 1, b + 1);
            CONF_CHECK(where, report.score[a] >= report.score[b],
                       "line %d scores %d, below line %d's %d", a + 1, report.score[a], b + 1,
                       report.score[b]);
        }
    }
}

/* Runs `check` (a depth or a node limit check) with and without the game
 * line at positions spread over `games` random games of every variant. */
typedef void (*LimitCheck)(const ConfWhere *where, DjSearch *search, const void *pos,
                           const DjHistoryEntry *line, int n_line);

static void over_random_positions(guint32 base, int games, int positions_per_game,
                                  LimitCheck check)
{
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        if (v->evaluate == NULL)
            continue;   /* alpha-beta needs an evaluation (test_mcts.c covers it) */
        DjSearch *search = dj_search_new(v, TABLE_MB);
        for (int game_number = 0; game_number < games; game_number++) {
            guint32 seed = conf_game_seed(base, game_number);
            ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
            ConfWhere where = { v, seed, game_number, 0, NULL };
            /* the game as a DjGame, for the line of earlier positions */
            DjSetup setup = conf_line_setup(line);
            DjGame *game = dj_game_new(v, &setup, NULL);
            CONF_CHECK(&where, game != NULL, "dj_game_new refused a new game");
            int step = line->n_plies / positions_per_game + 1;
            for (int ply = 0; ply < line->n_plies; ply++) {
                if (dj_game_outcome(game) != DJ_OUTCOME_ONGOING)
                    break;
                if (ply % step == 0) {
                    where.ply = ply;
                    where.pos = dj_game_position(game);
                    int n_line = 0;
                    const DjHistoryEntry *history = dj_game_line(game, &n_line);
                    check(&where, search, where.pos, history, n_line);
                    check(&where, search, where.pos, NULL, 0);
                }
                CONF_CHECK(&where, dj_game_play(game, line->moves[ply], NULL),
                           "the game refused its move");
            }
            dj_game_free(game);
            conf_line_free(line);
        }
        dj_search_free(search);
    }
}

static void test_depth_limits(void **state)
{
    (void)state;
    over_random_positions(conf_base_seed(BASE_SEED), DEPTH_LIMIT_GAMES,
                          DEPTH_LIMIT_POSITIONS_PER_GAME, check_depth_limits_at);
}

static void test_node_limits(void **state)
{
    (void)state;
    over_random_positions(conf_base_seed(BASE_SEED) ^ 0x40de5u, NODE_LIMIT_GAMES,
                          NODE_LIMIT_POSITIONS_PER_GAME, check_node_limits_at);
}

static void keep_last_report(const DjSearchInfo *info, void *user_data)
{
    *(DjSearchInfo *)user_data = *info;
}

/* Helper threads share the table and search the same root: the answer is
 * still a legal move with a legal line, and the search can be run again,
 * also by one thread on the table the threads wrote at once.  (Nothing here
 * can tear an entry on purpose: test_table_entry.c checks that a torn one
 * reads as a miss.) */
static void check_threads_at(const ConfWhere *where, DjSearch *search, const void *pos,
                             const DjHistoryEntry *line, int n_line)
{
    const DjVariant *v = where->variant;
    dj_search_set_threads(search, 3);
    CONF_CHECK(where, dj_search_threads(search) == 3, "3 threads asked, %d set",
               dj_search_threads(search));
    for (int depth = 1; depth <= 4; depth += 3) {
        DjSearchLimits limits = { .depth = depth, .nodes = DEPTH_SEARCH_NODE_CAP };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, pos, line, n_line, &limits, NULL, NULL, &info);
        CONF_CHECK(where, conf_is_legal(v, pos, move),
                   "with 3 threads at depth %d the search returned the illegal move %u", depth,
                   (unsigned)move);
        CONF_CHECK(where, info.pv_length >= 1 && info.pv[0] == move,
                   "with 3 threads the line does not start with the move");
        conf_check_pv(where, v, pos, info.pv, info.pv_length);
    }
    /* Without a depth limit a helper that completed a deeper iteration
     * gives the move: then its line is the last one reported. */
    DjSearchLimits limits = { .nodes = THREADS_NODE_LIMIT };
    DjSearchInfo info, last = { 0 };
    DjMove move = dj_search_run(search, pos, line, n_line, &limits, keep_last_report, &last,
                                &info);
    CONF_CHECK(where, conf_is_legal(v, pos, move),
               "with 3 threads and a node limit the search returned the illegal move %u",
               (unsigned)move);
    CONF_CHECK(where, info.pv_length >= 1 && info.pv[0] == move,
               "with 3 threads and a node limit the line does not start with the move");
    conf_check_pv(where, v, pos, info.pv, info.pv_length);
    CONF_CHECK(where, last.pv_length == 0 || (last.pv[0] == move && last.depth == info.depth),
               "with 3 threads the last line reported (depth %d, %u) is not the answer's "
               "(depth %d, %u)", last.depth, (unsigned)last.pv[0], info.depth, (unsigned)move);
    /* The root restricted to one move (the last legal one, seldom the
     * best): the helpers keep to it too, so whichever thread gives the
     * answer, it is that move. */
    DjMove *legal = g_new(DjMove, v->max_moves);
    int n_legal = v->legal_moves(pos, legal);
    DjSearchLimits restricted = { .nodes = THREADS_NODE_LIMIT, .root_moves = &legal[n_legal - 1],
                                  .n_root_moves = 1 };
    move = dj_search_run(search, pos, line, n_line, &restricted, NULL, NULL, &info);
    CONF_CHECK(where, move == legal[n_legal - 1] && info.pv_length >= 1 && info.pv[0] == move,
               "with 3 threads and the root restricted to %u the search returned %u",
               (unsigned)legal[n_legal - 1], (unsigned)move);
    conf_check_pv(where, v, pos, info.pv, info.pv_length);
    g_free(legal);
    dj_search_set_threads(search, 1);
    DjSearchLimits after = { .depth = 4, .nodes = DEPTH_SEARCH_NODE_CAP };
    move = dj_search_run(search, pos, line, n_line, &after, NULL, NULL, &info);
    CONF_CHECK(where, conf_is_legal(v, pos, move),
               "one thread after 3 returned the illegal move %u", (unsigned)move);
    CONF_CHECK(where, info.pv_length >= 1 && info.pv[0] == move,
               "one thread after 3: the line does not start with the move");
    conf_check_pv(where, v, pos, info.pv, info.pv_length);
}

/* Two searches that must agree: the same move, score, depth, node count
 * and line.  `what` says which two they are, for the message. */
static void check_same_search(const ConfWhere *where, const char *what, DjMove move_a,
                              const DjSearchInfo *a, DjMove move_b, const DjSearchInfo *b)
{
    CONF_CHECK(where, move_a == move_b && a->score == b->score && a->depth == b->depth
                   && a->nodes == b->nodes,
               "%s: move %u score %d depth %d nodes %" G_GUINT64_FORMAT
               ", then move %u score %d depth %d nodes %" G_GUINT64_FORMAT, what,
               (unsigned)move_a, a->score, a->depth, a->nodes, (unsigned)move_b, b->score,
               b->depth, b->nodes);
    CONF_CHECK(where, a->pv_length == b->pv_length
                   && memcmp(a->pv, b->pv, sizeof(DjMove) * (size_t)a->pv_length) == 0,
               "%s: the lines differ", what);
}

/* One thread is deterministic: the same search on a cleared table gives
 * the same move, score, depth, line and node count every time (a node
 * limit, not a clock, ends it).  Matches and `dojo bench` signatures rely
 * on it. */
static void check_one_thread_repeats_at(const ConfWhere *where, DjSearch *search,
                                        const void *pos, const DjHistoryEntry *line,
                                        int n_line)
{
    DjSearchInfo runs[2];
    DjMove moves[2];
    for (int run = 0; run < 2; run++) {
        dj_search_clear(search);
        DjSearchLimits limits = { .nodes = THREADS_NODE_LIMIT };
        moves[run] = dj_search_run(search, pos, line, n_line, &limits, NULL, NULL, &runs[run]);
    }
    check_same_search(where, "one thread, searched twice", moves[0], &runs[0], moves[1],
                      &runs[1]);
}

/* A search after the evaluation's weights change (between searches, as
 * game.h allows) is the one a new search with those weights makes: nothing
 * evaluated with the old weights is kept (the search remembers
 * evaluations within a run). */
static void check_new_weights_at(const ConfWhere *where, DjSearch *search, const void *pos,
                                 const DjHistoryEntry *line, int n_line)
{
    const DjVariant *v = where->variant;
    if (v->n_params == 0)
        return;
    DjSearchLimits limits = { .nodes = THREADS_NODE_LIMIT };
    DjSearchInfo before, after, fresh_info;
    dj_search_clear(search);
    dj_search_run(search, pos, line, n_line, &limits, NULL, NULL, &before);
    int *saved = dj_params_snapshot(v);
    for (int i = 0; i < v->n_params; i++)
        *v->params[i].value = v->params[i].min + (v->params[i].max - v->params[i].min) / 3;
    dj_search_clear(search);
    DjMove move = dj_search_run(search, pos, line, n_line, &limits, NULL, NULL, &after);
    DjSearch *fresh = dj_search_new(v, TABLE_MB);
    DjMove fresh_move = dj_search_run(fresh, pos, line, n_line, &limits, NULL, NULL, &fresh_info);
    dj_search_free(fresh);
    dj_params_restore(v, saved);
    g_free(saved);
    check_same_search(where, "after new weights, then a new search with them", move, &after,
                      fresh_move, &fresh_info);
}

/* A search of `pos` and one of a copy of the game without a hook
 * (`without`) visit the same nodes to the same move, score and line. */
static void check_same_without(const ConfWhere *where, DjSearch *search, const void *pos,
                               const DjHistoryEntry *line, int n_line,
                               const DjVariant *without, const char *what)
{
    DjSearchLimits limits = { .nodes = THREADS_NODE_LIMIT };
    DjSearchInfo with_info, without_info;
    dj_search_clear(search);
    DjMove move = dj_search_run(search, pos, line, n_line, &limits, NULL, NULL, &with_info);
    DjSearch *plain = dj_search_new(without, TABLE_MB);
    DjMove plain_move = dj_search_run(plain, pos, line, n_line, &limits, NULL, NULL,
                                      &without_info);
    dj_search_free(plain);
    check_same_search(where, what, move, &with_info, plain_move, &without_info);
}

/* legal_moves_marked is only a faster way to the same ordering: its moves
 * must come in legal_moves' order, marked as is_noisy says. */
static void check_marked_moves_change_nothing_at(const ConfWhere *where, DjSearch *search,
                                                 const void *pos, const DjHistoryEntry *line,
                                                 int n_line)
{
    if (where->variant->legal_moves_marked == NULL)
        return;
    DjVariant unmarked = *where->variant;
    unmarked.legal_moves_marked = NULL;
    check_same_without(where, search, pos, line, n_line, &unmarked,
                       "with legal_moves_marked, then without");
}

/* gaining_moves is only a faster way to quiescence's list below its first
 * ply. */
static void check_gaining_moves_change_nothing_at(const ConfWhere *where, DjSearch *search,
                                                  const void *pos, const DjHistoryEntry *line,
                                                  int n_line)
{
    if (where->variant->gaining_moves == NULL)
        return;
    DjVariant without = *where->variant;
    without.gaining_moves = NULL;
    check_same_without(where, search, pos, line, n_line, &without,
                       "with gaining_moves, then without");
}

static void test_gaining_moves_change_nothing(void **state)
{
    (void)state;
    over_random_positions(BASE_SEED + 9, DEPTH_LIMIT_GAMES, DEPTH_LIMIT_POSITIONS_PER_GAME,
                          check_gaining_moves_change_nothing_at);
}

static void test_marked_moves_change_nothing(void **state)
{
    (void)state;
    over_random_positions(BASE_SEED + 8, DEPTH_LIMIT_GAMES, DEPTH_LIMIT_POSITIONS_PER_GAME,
                          check_marked_moves_change_nothing_at);
}

static void test_new_weights_take_effect(void **state)
{
    (void)state;
    over_random_positions(BASE_SEED + 7, DEPTH_LIMIT_GAMES, DEPTH_LIMIT_POSITIONS_PER_GAME,
                          check_new_weights_at);
}

static void test_one_thread_repeats(void **state)
{
    (void)state;
    over_random_positions(BASE_SEED + 6, DEPTH_LIMIT_GAMES, DEPTH_LIMIT_POSITIONS_PER_GAME,
                          check_one_thread_repeats_at);
}

static void test_threads(void **state)
{
    (void)state;
    over_random_positions(BASE_SEED + 5, DEPTH_LIMIT_GAMES, DEPTH_LIMIT_POSITIONS_PER_GAME,
                          check_threads_at);
}

static void test_multipv(void **state)
{
    (void)state;
    over_random_positions(BASE_SEED + 3, DEPTH_LIMIT_GAMES, DEPTH_LIMIT_POSITIONS_PER_GAME,
                          check_multipv_at);
}

static void test_levels_give_legal_moves(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        if (v->evaluate == NULL)
            continue;   /* alpha-beta needs an evaluation (test_mcts.c covers it) */
        DjSearch *search = dj_search_new(v, TABLE_MB);
        for (int game_number = 0; game_number < 6; game_number++) {
            guint32 seed = conf_game_seed(base ^ 0x1e7e1u, game_number);
            ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
            GRand *rand = g_rand_new_with_seed(seed);
            ConfWhere where = { v, seed, game_number, 0, NULL };
            int step = line->n_plies / 3 + 1;
            for (int ply = 0; ply < line->n_plies; ply += step) {
                const void *pos = conf_line_position(line, ply);
                where.ply = ply;
                where.pos = pos;
                for (int level = DJ_LEVEL_MIN; level <= DJ_LEVEL_MAX; level++) {
                    if (level != DJ_LEVEL_MIN && level != DJ_LEVEL_MAX && game_number > 1)
                        continue;
                    DjSearchInfo info;
                    DjMove move = dj_level_choose(search, level, 20, rand, pos, NULL, 0, NULL,
                                                  0, NULL, NULL, &info);
                    CONF_CHECK(&where, conf_is_legal(v, pos, move),
                               "level %d chose the illegal move %u", level, (unsigned)move);
                }
            }
            g_rand_free(rand);
            conf_line_free(line);
        }
        dj_search_free(search);
    }
}

/* By hand, an argument runs only the tests whose names match it. */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth_limits),
        cmocka_unit_test(test_node_limits),
        cmocka_unit_test(test_multipv),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_one_thread_repeats),
        cmocka_unit_test(test_new_weights_take_effect),
        cmocka_unit_test(test_marked_moves_change_nothing),
        cmocka_unit_test(test_gaining_moves_change_nothing),
        cmocka_unit_test(test_levels_give_legal_moves),
    };
    return cmocka_run_group_tests_name("search limits", tests, NULL, NULL);
}
