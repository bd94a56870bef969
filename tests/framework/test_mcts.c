/* test_mcts.c: the Monte Carlo tree search (mcts.h) on the toy games, whose
 * results the tests work out themselves.  Limits are playout counts, never
 * the clock. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "framework/game_history.h"
#include "framework/search/mcts.h"
#include "framework/search/search.h"
#include "tests/framework/toys.h"

#define POOL_MB 4
#define TTT_PLAYOUTS 3000

static int ttt_move_result(const ToyTicTacToe *pos, DjMove move)
{
    ToyTicTacToe child = *pos;
    toy_tictactoe_rules_only.play(&child, move);
    return -toy_tictactoe_result(&child);
}

static DjMove mcts_move(DjMcts *mcts, const void *pos, uint64_t playouts, DjSearchInfo *info)
{
    DjSearchLimits limits = { .nodes = playouts };
    dj_mcts_clear(mcts);
    return dj_mcts_run(mcts, pos, NULL, 0, &limits, NULL, NULL, info);
}

/* ---- tic-tac-toe: never loses, never lets a win go --------------------------
 * MCTS plays `mcts_side` against every possible sequence of replies. */
static void play_every_reply(DjMcts *mcts, const ToyTicTacToe *pos, int mcts_side, int *games)
{
    const DjVariant *v = &toy_tictactoe_rules_only;
    DjOutcome outcome = dj_position_outcome(v, pos);
    if (outcome != DJ_OUTCOME_ONGOING) {
        assert_true(dj_outcome_winner(outcome) != 1 - mcts_side);
        (*games)++;
        return;
    }
    if (v->side_to_move(pos) == mcts_side) {
        DjSearchInfo info;
        DjMove move = mcts_move(mcts, pos, TTT_PLAYOUTS, &info);
        assert_true(toy_is_legal(v, pos, move));
        if (ttt_move_result(pos, move) != toy_tictactoe_result(pos)) {
            GString *text = g_string_new(NULL);
            v->format_position(pos, text);
            fail_msg("%s: MCTS plays %u, which throws away the result %d", text->str,
                     (unsigned)move, toy_tictactoe_result(pos));
        }
        ToyTicTacToe child = *pos;
        v->play(&child, move);
        play_every_reply(mcts, &child, mcts_side, games);
        return;
    }
    DjMove moves[9];
    int n = v->legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        ToyTicTacToe child = *pos;
        v->play(&child, moves[i]);
        play_every_reply(mcts, &child, mcts_side, games);
    }
}

static void test_tictactoe_never_loses(void **state)
{
    (void)state;
    DjMcts *mcts = dj_mcts_new(&toy_tictactoe_rules_only, POOL_MB, NULL);
    for (int side = 0; side < 2; side++) {
        ToyTicTacToe start;
        toy_setup(&toy_tictactoe_rules_only, &start, "......... x");
        int games = 0;
        play_every_reply(mcts, &start, side, &games);
        assert_true(games > 50);
    }
    dj_mcts_free(mcts);
}

/* Every position after two or three moves in which exactly one move keeps
 * the draw (the corner opening answered only by the centre among them):
 * MCTS finds that move and does not claim a decided result. */
static void test_tictactoe_only_drawing_reply(void **state)
{
    (void)state;
    const DjVariant *v = &toy_tictactoe_rules_only;
    DjMcts *mcts = dj_mcts_new(v, POOL_MB, NULL);
    ToyTicTacToe corner;
    toy_setup(v, &corner, "x........ o");
    DjSearchInfo info;
    assert_int_equal(mcts_move(mcts, &corner, TTT_PLAYOUTS, &info), 5);   /* b2 */

    int traps = 0;
    for (int a = 0; a < 9; a++)
        for (int b = 0; b < 9; b++)
            for (int c = -1; c < 9; c++) {
                if (a == b || c == a || c == b)
                    continue;
                ToyTicTacToe pos;
                toy_setup(v, &pos, "......... x");
                v->play(&pos, (DjMove)(a + 1));
                v->play(&pos, (DjMove)(b + 1));
                if (c >= 0)
                    v->play(&pos, (DjMove)(c + 1));
                if (toy_tictactoe_result(&pos) != 0)
                    continue;
                DjMove moves[9];
                int n = v->legal_moves(&pos, moves), drawing = 0;
                for (int i = 0; i < n; i++)
                    drawing += ttt_move_result(&pos, moves[i]) == 0;
                if (drawing != 1)
                    continue;
                traps++;
                DjMove move = mcts_move(mcts, &pos, TTT_PLAYOUTS, &info);
                assert_int_equal(ttt_move_result(&pos, move), 0);
                assert_false(dj_score_is_decisive(info.score, NULL) && info.score != 0);
            }
    assert_true(traps >= 8);
    dj_mcts_free(mcts);
}

/* ---- the solver ------------------------------------------------------------- */

/* Take-away from piles of 1 to 11 solved by `mcts`, with exact distances:
 * the rule of three says who wins and in how many plies. */
static void check_takeaway_solved(DjMcts *mcts)
{
    for (int pile = 1; pile <= 11; pile++) {
        bool wins = pile % 3 != 0;
        int distance = wins ? 1 + 2 * (pile / 3) : 2 * (pile / 3);
        ToyTakeAway pos;
        char *text = g_strdup_printf("%d %d", pile, pile % 2);
        toy_setup(&toy_takeaway, &pos, text);
        DjSearchInfo info;
        DjMove move = mcts_move(mcts, &pos, 200000, &info);
        assert_true(toy_is_legal(&toy_takeaway, &pos, move));
        int plies = -1;
        if (!dj_score_is_decisive(info.score, &plies) || (info.score > 0) != wins
            || plies != distance) {
            GString *score = g_string_new(NULL);
            dj_score_format(info.score, score);
            fail_msg("pile %s: MCTS says %s, the rule of three %s in %d", text,
                     score->str, wins ? "win" : "loss", distance);
        }
        if (wins)
            assert_int_equal(pile - (int)move, 3 * (pile / 3));
        /* a proven root ends the search long before the limit */
        assert_true(info.nodes < 200000);
        g_free(text);
    }
}

static void test_takeaway_solved(void **state)
{
    (void)state;
    DjMcts *mcts = dj_mcts_new(&toy_takeaway, POOL_MB, NULL);
    check_takeaway_solved(mcts);
    dj_mcts_free(mcts);
}

/* X wins at once; O to move loses whatever it does. */
static void test_tictactoe_proofs(void **state)
{
    (void)state;
    const DjVariant *v = &toy_tictactoe_rules_only;
    DjMcts *mcts = dj_mcts_new(v, POOL_MB, NULL);
    ToyTicTacToe pos;
    DjSearchInfo info;
    toy_setup(v, &pos, "xx.oo.... x");
    assert_int_equal(mcts_move(mcts, &pos, 100000, &info), 3);
    assert_int_equal(info.score, DJ_SCORE_WIN - 1);
    assert_int_equal(info.pv_length, 1);

    toy_setup(v, &pos, "x.x.o.x.o o");   /* X threatens b1 and a2 */
    DjMove move = mcts_move(mcts, &pos, 100000, &info);
    assert_true(toy_is_legal(v, &pos, move));
    assert_int_equal(info.score, -(DJ_SCORE_WIN - 2));
    DjMctsMoveStat stats[9];
    int n = dj_mcts_root_stats(mcts, stats, 9);
    assert_int_equal(n, 4);
    for (int i = 0; i < n; i++) {
        assert_true(stats[i].proven);
        assert_true(stats[i].score <= -(DJ_SCORE_WIN - 2));
    }
    dj_mcts_free(mcts);
}

/* The root restricted to some moves (UCI's go searchmoves): X, who wins at
 * c1 (3), plays the better of the moves listed, and the next run, at the
 * same root with no restriction, does not reuse that root's children. */
static void test_root_moves(void **state)
{
    (void)state;
    const DjVariant *v = &toy_tictactoe_rules_only;
    DjMcts *mcts = dj_mcts_new(v, POOL_MB, NULL);
    ToyTicTacToe pos;
    toy_setup(v, &pos, "xx.oo.... x");
    const DjMove two[] = { 7, 6 };   /* a3 lets O win at c2 (6), which c2 blocks */
    DjSearchLimits limits = { .nodes = 20000, .multipv = 3, .root_moves = two,
                              .n_root_moves = 2 };
    DjSearchInfo info;
    assert_int_equal(dj_mcts_run(mcts, &pos, NULL, 0, &limits, NULL, NULL, &info), 6);
    assert_int_equal(info.pv[0], 6);
    assert_false(dj_score_is_decisive(info.score, NULL) && info.score > 0);
    DjMctsMoveStat stats[9];
    assert_int_equal(dj_mcts_root_stats(mcts, stats, 9), 2);
    assert_int_equal(stats[1].move, 7);
    assert_true(stats[1].proven);

    DjSearchLimits whole = { .nodes = 20000 };
    assert_int_equal(dj_mcts_run(mcts, &pos, NULL, 0, &whole, NULL, NULL, &info), 3);
    assert_int_equal(info.score, DJ_SCORE_WIN - 1);

    /* and a restricted run after a whole one does not reuse its children */
    const DjMove one[] = { 7 };
    DjSearchLimits losing = { .nodes = 1000, .root_moves = one, .n_root_moves = 1 };
    assert_int_equal(dj_mcts_run(mcts, &pos, NULL, 0, &losing, NULL, NULL, &info), 7);
    assert_int_equal(info.score, -(DJ_SCORE_WIN - 2));
    assert_int_equal(dj_mcts_root_stats(mcts, stats, 9), 1);
    dj_mcts_free(mcts);
}

/* ---- sides that do not alternate --------------------------------------------
 * Mancala gives the mover another turn now and then: MCTS backs values up by
 * the side to move at each node, so its proofs agree with the alpha-beta
 * search (itself checked against an exact solver in test_extra_turns.c). */
static int result_class(int score)
{
    return dj_score_is_decisive(score, NULL) ? (score > 0 ? 1 : -1) : 0;
}

static void test_extra_turns_proven_as_alphabeta(void **state)
{
    (void)state;
    DjMcts *mcts = dj_mcts_new(&toy_mancala, POOL_MB, NULL);
    DjSearch *search = dj_search_new(&toy_mancala, POOL_MB);
    GRand *rand = g_rand_new_with_seed(0x3a7c);
    int proven = 0, decisive = 0;
    for (int i = 0; i < 30; i++) {
        GString *text = g_string_new(NULL);
        for (int p = 0; p < 2 * MANCALA_PITS; p++)
            g_string_append_printf(text, "%d ", g_rand_int_range(rand, 0, 3));
        g_string_append_printf(text, "%d %d %d", g_rand_int_range(rand, 0, 3),
                               g_rand_int_range(rand, 0, 3), g_rand_int_range(rand, 0, 2));
        ToyMancala pos;
        toy_setup(&toy_mancala, &pos, text->str);
        if (dj_position_outcome(&toy_mancala, &pos) != DJ_OUTCOME_ONGOING) {
            g_string_free(text, TRUE);
            continue;
        }
        DjSearchLimits exact = { .depth = 60 };
        DjSearchInfo reference, info;
        (void)dj_search_run(search, &pos, NULL, 0, &exact, NULL, NULL, &reference);
        DjMove move = mcts_move(mcts, &pos, 100000, &info);
        assert_true(toy_is_legal(&toy_mancala, &pos, move));
        DjMctsMoveStat stats[MANCALA_PITS];
        (void)dj_mcts_root_stats(mcts, stats, MANCALA_PITS);
        if (stats[0].proven) {
            proven++;
            if (result_class(info.score) != result_class(reference.score)) {
                fail_msg("%s: MCTS proves %d, alpha-beta says %d", text->str, info.score,
                         reference.score);
            }
            decisive += result_class(info.score) != 0;
        }
        g_string_free(text, TRUE);
    }
    assert_true(proven >= 20);
    assert_true(decisive >= 10);
    g_rand_free(rand);
    dj_search_free(search);
    dj_mcts_free(mcts);
}

/* ---- repetition by the game's rule ----------------------------------------
 * The shuttle game after c1 b1 d1 a1 c1 b1 d1 a1 (toy_shuttle_cycle): A's c1
 * repeats with A checking all through, which loses; with repetition a plain
 * draw it is the only move that is not worse. */
static void test_repetition(void **state)
{
    (void)state;
    const DjMove c1 = 3;
    DjGame *game = toy_shuttle_cycle(&toy_shuttle);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    DjMcts *mcts = dj_mcts_new(&toy_shuttle, POOL_MB, NULL);
    DjSearchLimits limits = { .nodes = 2000 };
    DjSearchInfo info;
    DjMove move = dj_mcts_run(mcts, dj_game_position(game), line, n_line, &limits, NULL, NULL,
                              &info);
    assert_true(toy_is_legal(&toy_shuttle, dj_game_position(game), move));
    assert_int_not_equal(move, c1);
    DjMctsMoveStat stats[3];
    assert_int_equal(dj_mcts_root_stats(mcts, stats, 3), 3);
    assert_int_equal(stats[2].move, c1);
    assert_true(stats[2].proven);
    assert_int_equal(stats[2].score, -(DJ_SCORE_WIN - 1));
    dj_mcts_free(mcts);
    dj_game_free(game);

    /* without the perpetual-check rule c1 is a draw at once */
    DjVariant lenient = toy_shuttle;
    lenient.perpetual_check_loses = false;
    game = toy_shuttle_cycle(&lenient);
    line = dj_game_line(game, &n_line);
    mcts = dj_mcts_new(&lenient, POOL_MB, NULL);
    (void)dj_mcts_run(mcts, dj_game_position(game), line, n_line, &limits, NULL, NULL, &info);
    int n = dj_mcts_root_stats(mcts, stats, 3);
    for (int i = 0; i < n; i++)
        if (stats[i].move == c1)
            assert_true(stats[i].proven && stats[i].score == DJ_SCORE_DRAW);
    dj_mcts_free(mcts);
    dj_game_free(game);
}

/* ---- limits, stop, reports, determinism -------------------------------------- */

typedef struct Reports {
    int calls;
    uint64_t nodes[64];
    DjMcts *stop;   /* stopped at the first report, if set */
} Reports;

static void record_report(const DjSearchInfo *info, void *user_data)
{
    Reports *r = user_data;
    assert_true(r->calls < 64);
    r->nodes[r->calls++] = info->nodes;
    assert_true(info->pv_length >= 1);
    if (r->stop != NULL)
        dj_mcts_stop(r->stop);
}

static void test_limits_and_stop(void **state)
{
    (void)state;
    DjMcts *mcts = dj_mcts_new(&toy_takeaway, POOL_MB, NULL);
    ToyTakeAway pos;
    toy_setup(&toy_takeaway, &pos, "200 1");
    const uint64_t counts[] = { 1, 2, 10, 300, 5000 };
    for (size_t i = 0; i < G_N_ELEMENTS(counts); i++) {
        Reports reports = { 0 };
        DjSearchLimits limits = { .nodes = counts[i] };
        DjSearchInfo info;
        dj_mcts_clear(mcts);
        DjMove move = dj_mcts_run(mcts, &pos, NULL, 0, &limits, record_report, &reports, &info);
        assert_true(toy_is_legal(&toy_takeaway, &pos, move));
        assert_int_equal(info.nodes, counts[i]);
        assert_int_equal(info.pv[0], move);
        /* a report at 256, 512, ... playouts, and one at the end */
        int expected = 1;
        for (uint64_t r = 256; r <= counts[i]; r *= 2)
            expected++;
        assert_int_equal(reports.calls, expected);
        assert_int_equal(reports.nodes[reports.calls - 1], counts[i]);
    }

    /* a depth limit stops once the average walk is that deep */
    for (int depth = 1; depth <= 4; depth++) {
        DjSearchLimits deep = { .depth = depth };
        DjSearchInfo info;
        dj_mcts_clear(mcts);
        DjMove move = dj_mcts_run(mcts, &pos, NULL, 0, &deep, NULL, NULL, &info);
        assert_true(toy_is_legal(&toy_takeaway, &pos, move));
        assert_int_equal(info.depth, depth);
        if (depth == 1)
            assert_int_equal(info.nodes, 1);
    }

    /* stopped from the report: no playout after the first report */
    Reports reports = { .stop = mcts };
    DjSearchLimits unlimited = { 0 };
    DjSearchInfo info;
    DjMove move = dj_mcts_run(mcts, &pos, NULL, 0, &unlimited, record_report, &reports, &info);
    assert_true(toy_is_legal(&toy_takeaway, &pos, move));
    assert_int_equal(info.nodes, 256);

    /* a stop before the run: it returns at once, still with a legal move */
    dj_mcts_stop(mcts);
    move = dj_mcts_run(mcts, &pos, NULL, 0, &unlimited, NULL, NULL, &info);
    assert_true(toy_is_legal(&toy_takeaway, &pos, move));
    assert_int_equal(info.nodes, 0);
    /* and the stop was used up */
    DjSearchLimits some = { .nodes = 50 };
    (void)dj_mcts_run(mcts, &pos, NULL, 0, &some, NULL, NULL, &info);
    assert_int_equal(info.nodes, 50);
    dj_mcts_free(mcts);
}

static void test_same_seed_same_move(void **state)
{
    (void)state;
    ToyTicTacToe pos;
    toy_setup(&toy_tictactoe, &pos, "......... x");
    DjMctsOptions options;
    dj_mcts_options_default(&options);
    options.seed = 12345;
    DjMctsMoveStat first[9], second[9];
    for (int run = 0; run < 2; run++) {
        DjMcts *mcts = dj_mcts_new(&toy_tictactoe, POOL_MB, &options);
        DjSearchLimits limits = { .nodes = 777 };
        DjSearchInfo info;
        (void)dj_mcts_run(mcts, &pos, NULL, 0, &limits, NULL, NULL, &info);
        assert_int_equal(dj_mcts_root_stats(mcts, run == 0 ? first : second, 9), 9);
        dj_mcts_free(mcts);
    }
    for (int i = 0; i < 9; i++) {
        assert_int_equal(first[i].move, second[i].move);
        assert_int_equal(first[i].visits, second[i].visits);
    }
}

/* A pool far too small for the tree: it stops growing, and the search
 * goes on.  Take-away with 200 stones is deeper than the tree may grow, so
 * no proof ends the search early. */
static void test_full_pool(void **state)
{
    (void)state;
    DjMcts *mcts = dj_mcts_new(&toy_takeaway, 1, NULL);
    ToyTakeAway pos;
    toy_setup(&toy_takeaway, &pos, "200 0");
    DjSearchInfo info;
    DjMove move = mcts_move(mcts, &pos, 60000, &info);
    assert_true(toy_is_legal(&toy_takeaway, &pos, move));
    assert_int_equal(info.nodes, 60000);
    assert_int_equal(dj_mcts_pool_capacity(mcts), (1u << 20) / DJ_MCTS_NODE_BYTES);
    assert_true(dj_mcts_pool_used(mcts) <= dj_mcts_pool_capacity(mcts));
    assert_true(dj_mcts_pool_used(mcts) > dj_mcts_pool_capacity(mcts) - 2);   /* it filled */
    assert_int_equal(info.hashfull,
                     (int)(1000 * (uint64_t)dj_mcts_pool_used(mcts) / dj_mcts_pool_capacity(mcts)));
    dj_mcts_free(mcts);
}

/* ---- a wide game: the tree grows by the children visited ---------------------
 * Wide take-away (toys.h): 5,000 moves a position, codes above 1 << 16.
 * Adding every child of a node at once, a tree of 16 MB (524,288 nodes)
 * filled after about a hundred expansions (10,000 playouts from 200 stones
 * took 520,001 nodes), and a proof through a node whose 5,000 replies must
 * all be refuted could not be had (200,000 playouts from 4 stones filled
 * the tree and proved nothing).  Grown child by child, a walk adds at most
 * one node: the tree holds at most a node a playout (and the root's first
 * child). */
#define WIDE_POOL_MB 16

static void test_wide_tree_grows_lazily(void **state)
{
    (void)state;
    DjMcts *mcts = dj_mcts_new(&toy_wide, WIDE_POOL_MB, NULL);
    uint32_t capacity = dj_mcts_pool_capacity(mcts);
    ToyWide pos;
    DjSearchInfo info;

    /* 200 stones: too deep to prove; the tree stays a node a playout */
    toy_setup(&toy_wide, &pos, "200 0");
    const uint64_t playouts = 10000;
    DjMove move = mcts_move(mcts, &pos, playouts, &info);
    assert_true(move >= WIDE_MOVE_BASE && move < WIDE_MOVE_BASE + WIDE_MOVES);
    assert_int_equal(info.nodes, playouts);
    assert_true(dj_mcts_pool_used(mcts) <= playouts + 2);
    assert_true(playouts + 2 < capacity / 10);   /* far from full */
    /* and the walks went deeper than the root's children */
    assert_true(info.seldepth >= 3);
    g_printerr("wide take-away, 200 stones: %u nodes after %" G_GUINT64_FORMAT " playouts\n",
               dj_mcts_pool_used(mcts), info.nodes);

    /* 4 stones: the one move of 5,000 that takes one stone wins in 3
     * plies, whatever of the 5,000 replies comes; the proof needs every
     * reply refuted */
    toy_setup(&toy_wide, &pos, "4 1");
    move = mcts_move(mcts, &pos, 200000, &info);
    assert_int_equal(move, toy_wide_move(1, 0));
    assert_int_equal(info.score, DJ_SCORE_WIN - 3);
    assert_true(info.nodes < 200000);   /* the proof ended the search */
    assert_true(dj_mcts_pool_used(mcts) <= info.nodes + 2);
    g_printerr("wide take-away, 4 stones: won in 3, proven after %" G_GUINT64_FORMAT
               " playouts, %u nodes\n", info.nodes, dj_mcts_pool_used(mcts));

    /* 3 stones: lost in 2 whatever is played, each of the 5,000 moves
     * refuted */
    toy_setup(&toy_wide, &pos, "3 0");
    move = mcts_move(mcts, &pos, 200000, &info);
    assert_true(move >= WIDE_MOVE_BASE && move < WIDE_MOVE_BASE + WIDE_MOVES);
    assert_int_equal(info.score, -(DJ_SCORE_WIN - 2));
    assert_true(dj_mcts_pool_used(mcts) <= info.nodes + 2);
    g_printerr("wide take-away, 3 stones: lost in 2, proven after %" G_GUINT64_FORMAT
               " playouts, %u nodes\n", info.nodes, dj_mcts_pool_used(mcts));
    DjMctsMoveStat *stats = g_new(DjMctsMoveStat, WIDE_MOVES);
    assert_int_equal(dj_mcts_root_stats(mcts, stats, WIDE_MOVES), WIDE_MOVES);
    g_free(stats);
    dj_mcts_free(mcts);
}

/* ---- tree reuse ------------------------------------------------------------- */

static uint64_t root_visits(DjMcts *mcts)
{
    DjMctsMoveStat stats[9];
    int n = dj_mcts_root_stats(mcts, stats, 9);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += stats[i].visits;
    return sum;
}

static void test_tree_reuse(void **state)
{
    (void)state;
    const DjVariant *v = &toy_tictactoe_rules_only;
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(v, &setup, NULL);
    DjMcts *mcts = dj_mcts_new(v, POOL_MB, NULL);
    int n_line = 0;
    DjSearchLimits many = { .nodes = 5000 }, one = { .nodes = 1 };
    DjSearchInfo info;
    DjMove move = dj_mcts_run(mcts, dj_game_position(game), dj_game_line(game, &n_line), 1,
                              &many, NULL, NULL, &info);
    assert_true(dj_game_play(game, move, NULL));
    DjMove reply = info.pv_length >= 2 ? info.pv[1] : DJ_MOVE_NONE;
    assert_true(dj_game_play(game, reply, NULL));
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    assert_int_equal(n_line, 3);

    /* two plies on along the line: the subtree comes with its playouts */
    (void)dj_mcts_run(mcts, dj_game_position(game), line, n_line, &one, NULL, NULL, &info);
    uint64_t kept = root_visits(mcts);
    assert_true(kept > 100);
    assert_true(dj_mcts_pool_used(mcts) < 5000 * 2);

    /* a line that does not go on from the last one (a new game): a new tree */
    DjGame *other = dj_game_new(v, &setup, NULL);
    const DjHistoryEntry *other_line = dj_game_line(other, &n_line);
    assert_int_equal(n_line, 1);
    (void)dj_mcts_run(mcts, dj_game_position(other), other_line, n_line, &one, NULL, NULL,
                      &info);
    assert_int_equal(root_visits(mcts), 1);
    dj_game_free(other);
    dj_mcts_free(mcts);
    dj_game_free(game);
}

/* ---- threads ---------------------------------------------------------------- */

/* Tree parallelism: the threads walk one tree in the same memory; what they
 * find together chooses the move and carries the proofs. */
static void test_threads_choose_and_prove(void **state)
{
    (void)state;
    const DjVariant *v = &toy_tictactoe_rules_only;
    DjMcts *mcts = dj_mcts_new(v, POOL_MB, NULL);
    uint32_t capacity = dj_mcts_pool_capacity(mcts);
    dj_mcts_set_threads(mcts, 3);
    assert_int_equal(dj_mcts_threads(mcts), 3);
    assert_int_equal(dj_mcts_pool_capacity(mcts), capacity);

    ToyTicTacToe corner;
    toy_setup(v, &corner, "x........ o");   /* only b2 draws */
    DjSearchInfo info;
    assert_int_equal(mcts_move(mcts, &corner, TTT_PLAYOUTS, &info), 5);
    assert_int_equal(info.pv[0], 5);
    ToyTicTacToe trap;
    toy_setup(v, &trap, "x...o...x o");   /* a corner loses to the fork */
    DjMove move = mcts_move(mcts, &trap, TTT_PLAYOUTS, &info);
    assert_int_equal(ttt_move_result(&trap, move), 0);
    dj_mcts_set_threads(mcts, 1);
    assert_int_equal(dj_mcts_threads(mcts), 1);
    dj_mcts_free(mcts);

    /* take-away solved with exact distances, whichever thread proves what */
    mcts = dj_mcts_new(&toy_takeaway, POOL_MB, NULL);
    dj_mcts_set_threads(mcts, 2);
    check_takeaway_solved(mcts);
    dj_mcts_free(mcts);
}

/* Every playout of every thread is one visit of one root move once the run
 * is over (the virtual losses all taken back), the node limit counts them
 * all, and a stop reaches every thread. */
static void test_threads_count_and_stop(void **state)
{
    (void)state;
    DjMcts *mcts = dj_mcts_new(&toy_takeaway, POOL_MB, NULL);
    dj_mcts_set_threads(mcts, 4);
    ToyTakeAway deep;
    toy_setup(&toy_takeaway, &deep, "200 1");   /* too deep for a proof to end it */
    DjSearchInfo info;
    DjMove move = mcts_move(mcts, &deep, 5000, &info);
    assert_true(toy_is_legal(&toy_takeaway, &deep, move));
    assert_true(info.nodes >= 5000 && info.nodes < 5000 + 4);
    DjMctsMoveStat stats[8];
    int n = dj_mcts_root_stats(mcts, stats, 8);
    assert_true(n >= 2 && n <= 8);
    uint64_t visits = 0;
    double value_sum = 0.0;
    for (int i = 0; i < n; i++) {
        visits += stats[i].visits;
        value_sum += stats[i].value * stats[i].visits;
        assert_true(stats[i].value >= -1.0 && stats[i].value <= 1.0);
    }
    assert_int_equal(visits, info.nodes);
    /* results are +-1 here: the sums of whole results, nothing left over */
    assert_true(fabs(value_sum - round(value_sum)) < 1e-6);
    assert_int_equal(stats[0].move, move);
    assert_int_equal(info.pv[0], move);
    for (int i = 1; i < n; i++)
        assert_true(stats[i - 1].visits >= stats[i].visits);

    /* the tree the threads grew is kept for the next move, as with one */
    assert_true(dj_mcts_pool_used(mcts) > 1000);

    /* a stop before the run stops every thread, and is used up */
    DjSearchLimits unlimited = { 0 }, some = { .nodes = 500 };
    dj_mcts_stop(mcts);
    move = dj_mcts_run(mcts, &deep, NULL, 0, &unlimited, NULL, NULL, &info);
    assert_true(toy_is_legal(&toy_takeaway, &deep, move));
    assert_int_equal(info.nodes, 0);
    (void)dj_mcts_run(mcts, &deep, NULL, 0, &some, NULL, NULL, &info);
    assert_true(info.nodes >= 500 && info.nodes < 500 + 4);
    dj_mcts_free(mcts);

    /* a pool too small for the tree fills without overflowing */
    mcts = dj_mcts_new(&toy_takeaway, 1, NULL);
    dj_mcts_set_threads(mcts, 3);
    toy_setup(&toy_takeaway, &deep, "200 0");
    move = mcts_move(mcts, &deep, 60000, &info);
    assert_true(toy_is_legal(&toy_takeaway, &deep, move));
    assert_true(dj_mcts_pool_used(mcts) <= dj_mcts_pool_capacity(mcts));
    assert_true(dj_mcts_pool_used(mcts) > dj_mcts_pool_capacity(mcts) - 8);
    dj_mcts_free(mcts);
}

/* A size a user typed (--hash) that the machine cannot hold is an error to
 * print, not an abort. */
static void test_a_tree_larger_than_memory_is_an_error(void **state)
{
    (void)state;
    GError *error = NULL;
    /* 4 PB: more than any machine has. */
    DjMcts *mcts = dj_mcts_try_new(&toy_takeaway, G_MAXUINT, NULL, &error);
    assert_null(mcts);
    assert_non_null(error);
    assert_non_null(strstr(error->message,
                           "a tree of 4294967295 MB is more than this machine's memory"));
    g_clear_error(&error);
    mcts = dj_mcts_try_new(&toy_takeaway, 1, NULL, &error);
    assert_non_null(mcts);
    assert_null(error);
    dj_mcts_free(mcts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tictactoe_never_loses),
        cmocka_unit_test(test_tictactoe_only_drawing_reply),
        cmocka_unit_test(test_takeaway_solved),
        cmocka_unit_test(test_tictactoe_proofs),
        cmocka_unit_test(test_root_moves),
        cmocka_unit_test(test_extra_turns_proven_as_alphabeta),
        cmocka_unit_test(test_repetition),
        cmocka_unit_test(test_limits_and_stop),
        cmocka_unit_test(test_same_seed_same_move),
        cmocka_unit_test(test_full_pool),
        cmocka_unit_test(test_tree_reuse),
        cmocka_unit_test(test_wide_tree_grows_lazily),
        cmocka_unit_test(test_a_tree_larger_than_memory_is_an_error),
        cmocka_unit_test(test_threads_choose_and_prove),
        cmocka_unit_test(test_threads_count_and_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
