/* test_search.c: the shared search (search.h) on the toy games, whose exact
 * values the tests work out themselves: take-away by its rule of three,
 * tic-tac-toe by a plain minimax written here.  Limits are checked by node
 * counts and depths, never by the clock. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/game_history.h"
#include "framework/search/search.h"
#include "tests/framework/toys.h"

#define SEED 0x5ea4c1u
#define TABLE_MB 4

/* ---- take-away: the side to move loses exactly on a multiple of three ---- */

static void test_takeaway_exact(void **state)
{
    (void)state;
    DjSearch *search = dj_search_new(&toy_takeaway, TABLE_MB);
    for (int pile = 1; pile <= 24; pile++) {
        /* the winner finishes as fast as it can, the loser holds out:
         * a round of two plies removes three stones */
        bool wins = pile % 3 != 0;
        int distance = wins ? 1 + 2 * (pile / 3) : 2 * (pile / 3);
        for (int pass = 0; pass < 2; pass++) {
            ToyTakeAway pos;
            char *text = g_strdup_printf("%d %d", pile, pass);
            toy_setup(&toy_takeaway, &pos, text);
            /* pass 0 with a depth limit, pass 1 without any limit */
            DjSearchLimits limits = { .depth = pass == 0 ? distance + 2 : 0 };
            DjSearchInfo info;
            DjMove move = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
            assert_true(toy_is_legal(&toy_takeaway, &pos, move));
            int plies = -1;
            if (!dj_score_is_decisive(info.score, &plies) || (info.score > 0) != wins
                || plies != distance) {
                fail_msg("take-away from %s: score %d (decisive in %d plies), expected a %s "
                         "in %d plies", text, info.score, plies, wins ? "win" : "loss",
                         distance);
            }
            if (wins)
                assert_int_equal(move, (DjMove)(pile % 3));
            assert_int_equal(info.score, wins ? DJ_SCORE_WIN - distance
                                              : -(DJ_SCORE_WIN - distance));
            g_free(text);
        }
    }
    dj_search_free(search);
}

/* ---- moves above 1 << 16 ------------------------------------------------------
 * Wide take-away (toys.h): the rule of three again, through moves whose
 * codes lie above 1 << 16 and 5,000 of them a position, so that the
 * tables by move (history, the transposition table's best move) see codes
 * beyond the default move limit; the best move and the line are legal
 * moves of the game, as the table gives them back. */
static bool wide_is_legal(const ToyWide *pos, DjMove move)
{
    return move >= WIDE_MOVE_BASE && move < WIDE_MOVE_BASE + WIDE_MOVES
           && toy_wide_take(move) <= pos->pile;
}

static void test_wide_moves_exact(void **state)
{
    (void)state;
    assert_true(dj_variant_move_limit(&toy_wide) > DJ_MOVE_LIMIT);
    DjSearch *search = dj_search_new(&toy_wide, TABLE_MB);
    for (int pile = 1; pile <= 5; pile++) {
        bool wins = pile % 3 != 0;
        int distance = wins ? 1 + 2 * (pile / 3) : 2 * (pile / 3);
        ToyWide pos;
        char *text = g_strdup_printf("%d %d", pile, pile % 2);
        toy_setup(&toy_wide, &pos, text);
        DjSearchLimits limits = { .depth = distance + 1 };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
        assert_true(wide_is_legal(&pos, move));
        if (info.score != (wins ? DJ_SCORE_WIN - distance : -(DJ_SCORE_WIN - distance)))
            fail_msg("wide take-away from %s: score %d, expected a %s in %d plies", text,
                     info.score, wins ? "win" : "loss", distance);
        if (wins)
            assert_int_equal(toy_wide_take(move), pile % 3);
        ToyWide walk = pos;
        assert_true(info.pv_length >= 1 && info.pv[0] == move);
        for (int i = 0; i < info.pv_length; i++) {
            assert_true(wide_is_legal(&walk, info.pv[i]));
            toy_wide.play(&walk, info.pv[i]);
        }
        g_free(text);
    }
    dj_search_free(search);
}

/* ---- tic-tac-toe against a plain minimax ---------------------------------- */

/* The exact score of `pos` for its side to move, `ply` plies below the
 * root, in the search's units: the winner wins as fast as it can and the
 * loser holds out as long as it can. */
static int solve(const ToyTicTacToe *pos, int ply)
{
    DjOutcome outcome = toy_tictactoe.outcome(pos);
    if (outcome == DJ_OUTCOME_DRAW)
        return DJ_SCORE_DRAW;
    if (outcome != DJ_OUTCOME_ONGOING)   /* the side that just moved made a line */
        return -(DJ_SCORE_WIN - ply);
    int best = -DJ_SCORE_WIN - 1;
    for (int c = 0; c < 9; c++) {
        if (pos->cells[c] != 0)
            continue;
        ToyTicTacToe child = *pos;
        child.cells[c] = (uint8_t)(pos->side + 1);
        child.side ^= 1;
        int score = -solve(&child, ply + 1);
        if (score > best)
            best = score;
    }
    return best;
}

static int empty_cells(const ToyTicTacToe *pos)
{
    int n = 0;
    for (int c = 0; c < 9; c++)
        n += pos->cells[c] == 0;
    return n;
}

/* The exact value of `move` in `pos`, from pos's side to move. */
static int move_value(const ToyTicTacToe *pos, DjMove move)
{
    ToyTicTacToe child = *pos;
    toy_tictactoe.play(&child, move);
    return -solve(&child, 1);
}

static char *ttt_text(const ToyTicTacToe *pos)
{
    GString *out = g_string_new(NULL);
    toy_tictactoe.format_position(pos, out);
    return g_string_free(out, FALSE);
}

static void check_full_depth(DjSearch *search, const ToyTicTacToe *pos)
{
    int expected = solve(pos, 0);
    DjSearchLimits limits = { .depth = empty_cells(pos) };
    DjSearchInfo info;
    DjMove move = dj_search_run(search, pos, NULL, 0, &limits, NULL, NULL, &info);
    char *text = ttt_text(pos);
    if (!toy_is_legal(&toy_tictactoe, pos, move)) {
        fail_msg("%s: illegal move %u", text, (unsigned)move);
    }
    if (info.score != expected) {
        fail_msg("%s: full-depth score %d, minimax says %d", text, info.score, expected);
    }
    if (move_value(pos, move) != expected) {
        fail_msg("%s: the move %u is worth %d, the best is worth %d", text,
                 (unsigned)move, move_value(pos, move), expected);
    }
    g_free(text);
}

static void test_tictactoe_full_depth_is_exact(void **state)
{
    (void)state;
    DjSearch *search = dj_search_new(&toy_tictactoe, TABLE_MB);
    ToyTicTacToe pos;
    toy_setup(&toy_tictactoe, &pos, "......... x");
    check_full_depth(search, &pos);

    /* perfect play from the start is a draw */
    DjSearchLimits limits = { .depth = 9 };
    DjSearchInfo info;
    (void)dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_int_equal(info.score, DJ_SCORE_DRAW);
    assert_false(dj_score_is_decisive(info.score, NULL));

    /* random positions: wins, losses and draws at their exact distance */
    GRand *rand = g_rand_new_with_seed(SEED);
    int checked = 0;
    for (int game = 0; game < 400; game++) {
        toy_setup(&toy_tictactoe, &pos, "......... x");
        int plies = g_rand_int_range(rand, 0, 8);
        for (int i = 0; i < plies && toy_tictactoe.outcome(&pos) == DJ_OUTCOME_ONGOING; i++) {
            DjMove moves[9];
            int n = toy_tictactoe.legal_moves(&pos, moves);
            toy_tictactoe.play(&pos, moves[g_rand_int_range(rand, 0, n)]);
        }
        if (toy_tictactoe.outcome(&pos) != DJ_OUTCOME_ONGOING)
            continue;
        if (game % 3 == 0)
            dj_search_clear(search);   /* with and without what the table knows */
        check_full_depth(search, &pos);
        checked++;
    }
    assert_true(checked > 300);
    g_rand_free(rand);
    dj_search_free(search);
}

static void test_tictactoe_wins_and_blocks(void **state)
{
    (void)state;
    DjSearch *search = dj_search_new(&toy_tictactoe, TABLE_MB);
    ToyTicTacToe pos;
    for (int depth = 1; depth <= 5; depth++) {
        /* X to move completes the top row at c1 */
        toy_setup(&toy_tictactoe, &pos, "xx.oo.... x");
        DjSearchLimits limits = { .depth = depth };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
        assert_int_equal(move, 3);   /* c1 */
        assert_int_equal(info.score, DJ_SCORE_WIN - 1);
        if (depth == 1)
            continue;

        /* O to move must block c1, and then holds the draw */
        toy_setup(&toy_tictactoe, &pos, "xx..o.... o");
        assert_int_equal(solve(&pos, 0), DJ_SCORE_DRAW);
        move = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
        assert_int_equal(move, 3);
        assert_false(dj_score_is_decisive(info.score, NULL));

        /* X threatens b1 and a2: O blocks one, X wins with the other */
        toy_setup(&toy_tictactoe, &pos, "x.x.o.x.o o");
        move = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
        assert_true(toy_is_legal(&toy_tictactoe, &pos, move));
        assert_int_equal(info.score, -(DJ_SCORE_WIN - 2));
    }
    dj_search_free(search);
}

/* ---- limits ----------------------------------------------------------------- */

typedef struct Reports {
    int calls;
    int depths[DJ_SEARCH_MAX_PLY + 1];
    uint64_t nodes[DJ_SEARCH_MAX_PLY + 1];
    DjSearch *stop_search;   /* if set, stop it after `stop_after` reports */
    int stop_after;
} Reports;

static void record_report(const DjSearchInfo *info, void *user_data)
{
    Reports *r = user_data;
    assert_true(r->calls <= DJ_SEARCH_MAX_PLY);
    r->depths[r->calls] = info->depth;
    r->nodes[r->calls] = info->nodes;
    r->calls++;
    if (r->stop_search != NULL && r->calls == r->stop_after)
        dj_search_stop(r->stop_search);
}

static void test_depth_limit_and_reports(void **state)
{
    (void)state;
    DjSearch *search = dj_search_new(&toy_takeaway, TABLE_MB);
    ToyTakeAway pos;
    toy_setup(&toy_takeaway, &pos, "60 0");
    for (int depth = 1; depth <= 8; depth++) {
        Reports reports = { 0 };
        DjSearchLimits limits = { .depth = depth };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, &pos, NULL, 0, &limits, record_report, &reports,
                                    &info);
        assert_true(toy_is_legal(&toy_takeaway, &pos, move));
        assert_int_equal(info.depth, depth);
        assert_int_equal(reports.calls, depth);   /* one report per iteration */
        for (int i = 0; i < reports.calls; i++) {
            assert_int_equal(reports.depths[i], i + 1);
            if (i > 0)
                assert_true(reports.nodes[i] >= reports.nodes[i - 1]);
        }
        /* no stone can run out within the horizon: not decisive */
        assert_false(dj_score_is_decisive(info.score, NULL));
        /* Nothing is noisy and nothing checks: the tree stops at the
         * horizon, but for singular extensions (from depth 6, within twice
         * the iteration's depth). */
        int reach = depth < 6 ? depth : 2 * depth;
        assert_true(info.seldepth <= reach);
        assert_true(info.pv_length >= 1 && info.pv_length <= reach);
        /* ...and at depth 8 they take some line past it: without them
         * nothing would. */
        if (depth == 8)
            assert_true(info.seldepth > depth);
        assert_int_equal(info.pv[0], move);
        assert_true(info.nodes > 0);
        ToyTakeAway walk = pos;
        for (int i = 0; i < info.pv_length; i++) {
            assert_true(toy_is_legal(&toy_takeaway, &walk, info.pv[i]));
            toy_takeaway.play(&walk, info.pv[i]);
        }
    }
    dj_search_free(search);
}

static void test_node_limit(void **state)
{
    (void)state;
    /* search.h: the node limit is checked every 1024 nodes */
    const uint64_t granularity = 1024;
    const uint64_t limits_to_try[] = { 1, 10, 100, 1000, 3000, 10000 };

    DjSearch *ttt = dj_search_new(&toy_tictactoe, TABLE_MB);
    DjSearch *takeaway = dj_search_new(&toy_takeaway, TABLE_MB);
    ToyTicTacToe board;
    toy_setup(&toy_tictactoe, &board, "......... x");
    ToyTakeAway pile;
    toy_setup(&toy_takeaway, &pile, "200 0");
    for (size_t i = 0; i < G_N_ELEMENTS(limits_to_try); i++) {
        DjSearchLimits limits = { .nodes = limits_to_try[i] };
        DjSearchInfo info;

        dj_search_clear(ttt);
        DjMove move = dj_search_run(ttt, &board, NULL, 0, &limits, NULL, NULL, &info);
        assert_true(toy_is_legal(&toy_tictactoe, &board, move));
        if (info.nodes > limits.nodes + granularity) {
            fail_msg("tic-tac-toe with a limit of %" G_GUINT64_FORMAT " nodes visited %"
                     G_GUINT64_FORMAT, limits.nodes, info.nodes);
        }

        dj_search_clear(takeaway);
        move = dj_search_run(takeaway, &pile, NULL, 0, &limits, NULL, NULL, &info);
        assert_true(toy_is_legal(&toy_takeaway, &pile, move));
        if (info.nodes > limits.nodes + granularity) {
            fail_msg("take-away with a limit of %" G_GUINT64_FORMAT " nodes visited %"
                     G_GUINT64_FORMAT, limits.nodes, info.nodes);
        }
    }
    dj_search_free(takeaway);
    dj_search_free(ttt);
}

static void test_time_limit_and_stop(void **state)
{
    (void)state;
    DjSearch *search = dj_search_new(&toy_takeaway, TABLE_MB);
    ToyTakeAway pos;
    toy_setup(&toy_takeaway, &pos, "200 1");

    /* a tiny time limit still gives a legal move (how long it took is not
     * checked) */
    DjSearchLimits quick = { .time_ms = 1 };
    DjSearchInfo info;
    DjMove move = dj_search_run(search, &pos, NULL, 0, &quick, NULL, NULL, &info);
    assert_true(toy_is_legal(&toy_takeaway, &pos, move));

    /* dj_search_stop during the search: no further iteration completes */
    Reports reports = { .stop_search = search, .stop_after = 3 };
    DjSearchLimits unlimited = { 0 };
    move = dj_search_run(search, &pos, NULL, 0, &unlimited, record_report, &reports, &info);
    assert_true(toy_is_legal(&toy_takeaway, &pos, move));
    assert_int_equal(reports.calls, 3);
    assert_int_equal(info.depth, 3);

    /* the next search starts afresh */
    DjSearchLimits four = { .depth = 4 };
    move = dj_search_run(search, &pos, NULL, 0, &four, NULL, NULL, &info);
    assert_true(toy_is_legal(&toy_takeaway, &pos, move));
    assert_int_equal(info.depth, 4);
    dj_search_free(search);
}

static void test_root_scores(void **state)
{
    (void)state;
    DjSearch *search = dj_search_new(&toy_tictactoe, TABLE_MB);
    ToyTicTacToe pos;
    toy_setup(&toy_tictactoe, &pos, "x...o.... x");
    DjSearchLimits limits = { .depth = empty_cells(&pos), .all_root_scores = true };
    DjSearchInfo info;
    DjMove best = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);

    DjMove moves[9];
    int scores[9];
    int n = dj_search_root_scores(search, moves, scores, 9);
    assert_int_equal(n, 7);
    assert_int_equal(moves[0], best);
    assert_int_equal(scores[0], info.score);
    bool seen[10] = { false };
    for (int i = 0; i < n; i++) {
        assert_true(toy_is_legal(&toy_tictactoe, &pos, moves[i]));
        assert_false(seen[moves[i]]);
        seen[moves[i]] = true;
        if (i > 0)
            assert_true(scores[i] <= scores[i - 1]);
        /* a full-width full-depth search knows every root move exactly */
        assert_int_equal(scores[i], move_value(&pos, moves[i]));
    }
    /* fewer slots than moves: the best ones, and the full count */
    assert_int_equal(dj_search_root_scores(search, moves, scores, 2), 7);
    assert_int_equal(moves[0], best);

    /* without all_root_scores the first is still the best */
    limits.all_root_scores = false;
    best = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
    n = dj_search_root_scores(search, moves, scores, 9);
    assert_int_equal(n, 7);
    assert_int_equal(moves[0], best);
    assert_int_equal(scores[0], info.score);
    dj_search_free(search);
}

/* ---- the root restricted to some moves (UCI's go searchmoves) ---------------- */

typedef struct RootReports {
    const DjMove *allowed;
    int n_allowed;
    int calls;
    int max_multipv;
} RootReports;

/* Every line reported starts with an allowed move. */
static void check_root_report(const DjSearchInfo *info, void *user_data)
{
    RootReports *r = user_data;
    bool allowed = false;
    for (int i = 0; i < r->n_allowed; i++)
        allowed = allowed || info->pv[0] == r->allowed[i];
    if (info->pv_length < 1 || !allowed)
        fail_msg("a line of the restricted search starts with %u", (unsigned)info->pv[0]);
    r->calls++;
    r->max_multipv = MAX(r->max_multipv, info->multipv);
}

static void test_root_moves(void **state)
{
    (void)state;
    DjSearch *search = dj_search_new(&toy_tictactoe, TABLE_MB);
    ToyTicTacToe pos;
    /* X wins at c1 (3); a3 (7) lets O complete its row at c2 (6) */
    toy_setup(&toy_tictactoe, &pos, "xx.oo.... x");
    const DjMove losing[] = { 7 };
    for (int threads = 1; threads <= 2; threads++) {
        dj_search_set_threads(search, threads);
        /* with a depth limit, and without one, when a helper that went
         * deeper gives the move */
        for (int pass = 0; pass < 2; pass++) {
            DjSearchLimits limits = { .depth = pass == 0 ? 4 : 0, .nodes = 100000,
                                      .root_moves = losing, .n_root_moves = 1 };
            RootReports reports = { .allowed = losing, .n_allowed = 1 };
            DjSearchInfo info;
            DjMove move = dj_search_run(search, &pos, NULL, 0, &limits, check_root_report,
                                        &reports, &info);
            assert_int_equal(move, 7);
            assert_int_equal(info.pv[0], 7);
            assert_int_equal(info.score, move_value(&pos, 7));
            assert_true(reports.calls > 0);
            DjMove moves[9];
            int scores[9];
            assert_int_equal(dj_search_root_scores(search, moves, scores, 9), 1);
            assert_int_equal(moves[0], 7);
        }
    }
    dj_search_set_threads(search, 1);

    /* Two moves (one listed twice), three lines asked: two lines, and with
     * all_root_scores both scores exact; the better of the two is played. */
    const DjMove two[] = { 7, 6, 7 };
    DjSearchLimits limits = { .depth = empty_cells(&pos), .multipv = 3, .all_root_scores = true,
                              .root_moves = two, .n_root_moves = 3 };
    RootReports reports = { .allowed = two, .n_allowed = 3 };
    DjSearchInfo info;
    DjMove move = dj_search_run(search, &pos, NULL, 0, &limits, check_root_report, &reports,
                                &info);
    assert_true(move_value(&pos, 6) > move_value(&pos, 7));
    assert_int_equal(move, 6);
    assert_int_equal(reports.max_multipv, 2);
    DjMove moves[9];
    int scores[9];
    assert_int_equal(dj_search_root_scores(search, moves, scores, 9), 2);
    for (int i = 0; i < 2; i++)
        assert_int_equal(scores[i], move_value(&pos, moves[i]));

    /* The next search is whole again: X wins. */
    DjSearchLimits whole = { .depth = 3 };
    assert_int_equal(dj_search_run(search, &pos, NULL, 0, &whole, NULL, NULL, &info), 3);
    assert_int_equal(info.score, DJ_SCORE_WIN - 1);

    /* Against the contract, no listed move is legal (a1 is taken): every
     * move is searched, so the answer is still a legal move. */
    const DjMove taken[] = { 1 };
    DjSearchLimits bad = { .depth = 3, .root_moves = taken, .n_root_moves = 1 };
    assert_int_equal(dj_search_run(search, &pos, NULL, 0, &bad, NULL, NULL, &info), 3);
    dj_search_free(search);
}

/* ---- repetition inside the search -------------------------------------------
 * The shuttle game after c1 b1 d1 a1 c1 b1 d1 a1: A (side 0) to move, A on d1
 * and B on a1.  A's c1 would repeat the position after the first c1 for the
 * third time, with A checking all through the cycle.  The evaluation makes
 * c1 look best (B in check: -300 for B) and the quiet moves worst (-300 for
 * A), so only the repetition rule keeps A from it. */
static void test_repetition_in_search(void **state)
{
    (void)state;
    const DjMove c1 = 3;

    /* perpetual check loses: A avoids c1 */
    DjGame *game = toy_shuttle_cycle(&toy_shuttle);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    DjSearch *search = dj_search_new(&toy_shuttle, TABLE_MB);
    for (int depth = 1; depth <= 6; depth++) {
        DjSearchLimits limits = { .depth = depth };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, dj_game_position(game), line, n_line, &limits,
                                    NULL, NULL, &info);
        assert_true(toy_is_legal(&toy_shuttle, dj_game_position(game), move));
        if (move == c1) {
            fail_msg("depth %d: the search repeats with a perpetual check (score %d)",
                     depth, info.score);
        }
        assert_false(dj_score_is_decisive(info.score, NULL));
        if (depth == 1)
            assert_int_equal(info.score, -300);
    }
    /* the root scores say why: c1 loses at once */
    DjSearchLimits all = { .depth = 1, .all_root_scores = true };
    DjSearchInfo info;
    (void)dj_search_run(search, dj_game_position(game), line, n_line, &all, NULL, NULL, &info);
    DjMove moves[3];
    int scores[3];
    assert_int_equal(dj_search_root_scores(search, moves, scores, 3), 3);
    assert_int_equal(moves[2], c1);
    assert_int_equal(scores[2], -(DJ_SCORE_WIN - 1));
    dj_search_free(search);
    dj_game_free(game);

    /* repetition a plain draw: c1 (0) beats the quiet moves (-300) */
    DjVariant lenient = toy_shuttle;
    lenient.perpetual_check_loses = false;
    game = toy_shuttle_cycle(&lenient);
    line = dj_game_line(game, &n_line);
    search = dj_search_new(&lenient, TABLE_MB);
    DjSearchLimits one = { .depth = 1 };
    DjMove move = dj_search_run(search, dj_game_position(game), line, n_line, &one, NULL, NULL,
                                &info);
    assert_int_equal(move, c1);
    assert_int_equal(info.score, DJ_SCORE_DRAW);
    dj_search_free(search);
    dj_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takeaway_exact),
        cmocka_unit_test(test_wide_moves_exact),
        cmocka_unit_test(test_tictactoe_full_depth_is_exact),
        cmocka_unit_test(test_tictactoe_wins_and_blocks),
        cmocka_unit_test(test_depth_limit_and_reports),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_time_limit_and_stop),
        cmocka_unit_test(test_root_scores),
        cmocka_unit_test(test_root_moves),
        cmocka_unit_test(test_repetition_in_search),
    };
    return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
