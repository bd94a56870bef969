/* test_onitama_tb_search.c: the searches with endgame tables
 * (framework/search/tb_search.h), on Onitama's tables of one card set built
 * here with the solver (framework/tablebase/solve.h): the tables' result
 * and a move that keeps it, in positions where the plain search at a small
 * node limit does not find it; MCTS alike; nothing changes without them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <glib/gstdio.h>

#include "framework/search/engine.h"
#include "framework/search/tb_search.h"
#include "framework/tablebase/probe.h"
#include "framework/tablebase/solve.h"
#include "tests/onitama/onitama_test.h"

/* The set ox, boar, horse, elephant, crab up to 3 pieces (masters and a
 * student): about 900 000 positions, a second or two. */
#define CARDS "ox,boar,horse,elephant,crab"
#define PIECES 3
/* Blue wins in 13 plies (7 of its moves); the plain search at SMALL_NODES
 * thinks Blue stands worse. */
#define LONG_WIN "5/1s3/3m1/5/2M2 b crab,elephant,horse,boar,ox"
#define LONG_WIN_PLIES 13
/* Blue loses in 30 plies whatever it does. */
#define LONG_LOSS "s4/5/5/3m1/M4 b crab,elephant,horse,ox,boar"
#define LONG_LOSS_PLIES 30
/* Neither side can force a win. */
#define DRAWN "1m3/5/5/4M/2s2 b elephant,horse,crab,ox,boar"
#define SMALL_NODES 300
/* Blue wins in 7 plies, but the plain search at SMALL_NODES plays a move
 * after which Red wins. */
#define TRAP "5/m4/5/4M/1s3 b crab,horse,elephant,boar,ox"

typedef struct Fixture {
    char *dir;
    DjTablebase *tables;
    char *wdl_dir;          /* the same tables without distances */
    DjTablebase *wdl;
} Fixture;

static int build_tables(void **state)
{
    Fixture *f = g_new0(Fixture, 1);
    f->dir = g_dir_make_tmp("dojo-tb-search-XXXXXX", NULL);
    assert_non_null(f->dir);
    g_autofree void *start = oni_new_game(CARDS);
    DjTbBuildOptions options = { .folder = f->dir, .max_pieces = PIECES, .distances = true };
    g_autoptr(GError) error = NULL;
    if (!dj_tb_build(ONI, start, &options, &error))
        fail_msg("building the tables: %s", error->message);
    f->tables = dj_tablebase_open(ONI, f->dir, &error);
    assert_non_null(f->tables);
    assert_true(dj_tablebase_preload(f->tables, start, &error));
    f->wdl_dir = g_dir_make_tmp("dojo-tb-search-XXXXXX", NULL);
    options.folder = f->wdl_dir;
    options.distances = false;
    if (!dj_tb_build(ONI, start, &options, &error))
        fail_msg("building the tables: %s", error->message);
    f->wdl = dj_tablebase_open(ONI, f->wdl_dir, &error);
    assert_non_null(f->wdl);
    assert_true(dj_tablebase_preload(f->wdl, start, &error));
    *state = f;
    return 0;
}

static void remove_folder(char *folder)
{
    g_autoptr(GDir) dir = g_dir_open(folder, 0, NULL);
    const char *name;
    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *path = g_build_filename(folder, name, NULL);
        g_remove(path);
    }
    g_rmdir(folder);
    g_free(folder);
}

static int free_tables(void **state)
{
    Fixture *f = *state;
    dj_tablebase_free(f->tables);
    dj_tablebase_free(f->wdl);
    remove_folder(f->dir);
    remove_folder(f->wdl_dir);
    g_free(f);
    return 0;
}

/* The tables' value of `pos` for its side to move, distance in *plies. */
static DjTbValue table_value(const Fixture *f, const void *pos, int *plies)
{
    return dj_tablebase_probe(f->tables, pos, plies);
}

/* Whether `move` keeps the root's table result: the position after it is
 * the opposite result for the side to move there (or the game ends so),
 * one ply nearer for a win. */
static void assert_keeps(const Fixture *f, const void *root, DjMove move, DjTbValue root_value,
                         int root_plies)
{
    g_autofree void *child = g_memdup2(root, ONI->state_size);
    ONI->play(child, move);
    DjOutcome outcome = dj_position_outcome(ONI, child);
    if (outcome != DJ_OUTCOME_ONGOING) {
        assert_int_equal(root_value, DJ_TB_WIN);
        assert_int_equal(dj_outcome_winner(outcome), ONI->side_to_move(root));
        return;
    }
    int plies = -1;
    DjTbValue value = table_value(f, child, &plies);
    if (root_value == DJ_TB_WIN) {
        assert_int_equal(value, DJ_TB_LOSS);
        assert_int_equal(plies, root_plies - 1);   /* the fastest win */
    } else if (root_value == DJ_TB_LOSS) {
        assert_int_equal(value, DJ_TB_WIN);
        assert_int_equal(plies, root_plies - 1);   /* the longest resistance */
    } else {
        assert_int_equal(value, DJ_TB_DRAW);
    }
}

static DjMove run(DjEngineKind kind, DjTablebase *tables, const void *pos, uint64_t nodes,
                  DjSearchInfo *info)
{
    g_autoptr(DjEngine) engine = dj_engine_new(ONI, kind, 16, NULL);
    assert_non_null(engine);
    dj_engine_set_tables(engine, tables);
    DjSearchLimits limits = { .nodes = nodes };
    memset(info, 0, sizeof *info);
    return dj_engine_run(engine, pos, NULL, 0, &limits, NULL, NULL, info);
}

static void test_alphabeta_finds_the_tables_win(void **state)
{
    Fixture *f = *state;
    g_autofree void *pos = oni_position(LONG_WIN);
    int plies = -1;
    assert_int_equal(table_value(f, pos, &plies), DJ_TB_WIN);
    assert_int_equal(plies, LONG_WIN_PLIES);

    /* The premise: the plain search at this node limit does not see it. */
    DjSearchInfo plain;
    run(DJ_ENGINE_ALPHABETA, NULL, pos, SMALL_NODES, &plain);
    assert_true(plain.score < DJ_SCORE_DECISIVE);
    assert_false(plain.tablebase);
    assert_int_equal(plain.tbhits, 0);

    DjSearchInfo info;
    DjMove move = run(DJ_ENGINE_ALPHABETA, f->tables, pos, SMALL_NODES, &info);
    assert_true(info.tablebase);
    assert_int_equal(info.score, DJ_SCORE_WIN - LONG_WIN_PLIES);
    assert_true(info.tbhits > 0);
    assert_int_equal(info.pv[0], move);
    assert_int_equal(info.pv_length, LONG_WIN_PLIES);   /* the tables' line to the end */
    assert_keeps(f, pos, move, DJ_TB_WIN, LONG_WIN_PLIES);
}

static void test_alphabeta_loss_and_draw(void **state)
{
    Fixture *f = *state;
    g_autofree void *lost = oni_position(LONG_LOSS);
    DjSearchInfo info;
    DjMove move = run(DJ_ENGINE_ALPHABETA, f->tables, lost, SMALL_NODES, &info);
    assert_true(info.tablebase);
    assert_int_equal(info.score, -(DJ_SCORE_WIN - LONG_LOSS_PLIES));
    assert_keeps(f, lost, move, DJ_TB_LOSS, LONG_LOSS_PLIES);

    g_autofree void *drawn = oni_position(DRAWN);
    move = run(DJ_ENGINE_ALPHABETA, f->tables, drawn, SMALL_NODES, &info);
    assert_true(info.tablebase);
    assert_int_equal(info.score, DJ_SCORE_DRAW);
    assert_keeps(f, drawn, move, DJ_TB_DRAW, 0);
}

/* Tables without distances: the root's value is reported (a known win,
 * DJ_SCORE_TB_WIN), and the move is one that keeps it, chosen by the
 * search among those. */
static void test_tables_without_distances(void **state)
{
    Fixture *f = *state;
    const char *positions[] = { TRAP, LONG_WIN, LONG_LOSS, DRAWN };
    const DjTbValue values[] = { DJ_TB_WIN, DJ_TB_WIN, DJ_TB_LOSS, DJ_TB_DRAW };
    const int scores[] = { DJ_SCORE_TB_WIN, DJ_SCORE_TB_WIN, -DJ_SCORE_TB_WIN, DJ_SCORE_DRAW };
    for (size_t i = 0; i < G_N_ELEMENTS(positions); i++) {
        g_autofree void *pos = oni_position(positions[i]);
        int plies = -1;
        if (i == 0) {
            /* the premise: without tables the search throws the win away */
            DjSearchInfo plain;
            DjMove move = run(DJ_ENGINE_ALPHABETA, NULL, pos, SMALL_NODES, &plain);
            g_autofree void *after = g_memdup2(pos, ONI->state_size);
            ONI->play(after, move);
            assert_int_equal(table_value(f, after, NULL), DJ_TB_WIN);
        }
        assert_int_equal(dj_tablebase_probe(f->wdl, pos, &plies), values[i]);
        assert_int_equal(plies, values[i] == DJ_TB_DRAW ? 0 : -1);
        DjSearchInfo info;
        DjMove move = run(DJ_ENGINE_ALPHABETA, f->wdl, pos, SMALL_NODES, &info);
        assert_true(info.tablebase);
        assert_int_equal(info.score, scores[i]);
        /* kept: the child's value by the tables with distances */
        g_autofree void *child = g_memdup2(pos, ONI->state_size);
        ONI->play(child, move);
        if (dj_position_outcome(ONI, child) == DJ_OUTCOME_ONGOING) {
            DjTbValue after = table_value(f, child, NULL);
            assert_int_equal(after, values[i] == DJ_TB_WIN ? DJ_TB_LOSS
                                    : values[i] == DJ_TB_LOSS ? DJ_TB_WIN : DJ_TB_DRAW);
        }
    }
}

static void test_mcts_finds_the_tables_win(void **state)
{
    Fixture *f = *state;
    g_autofree void *pos = oni_position(LONG_WIN);
    DjSearchInfo info;
    DjMove move = run(DJ_ENGINE_MCTS, f->tables, pos, SMALL_NODES, &info);
    assert_true(info.tablebase);
    assert_int_equal(info.score, DJ_SCORE_WIN - LONG_WIN_PLIES);
    assert_keeps(f, pos, move, DJ_TB_WIN, LONG_WIN_PLIES);
}

/* Below the root: a position with a student more than the tables hold is
 * searched, and the tables score its captures' positions exactly.  Blue
 * wins in 15 plies here (by the 4-piece tables, too slow to build in a
 * test: checked once by hand); the plain search at 3000 nodes sees an
 * edge, with the 3-piece tables it sees the win. */
#define LEAF_WIN "2m2/5/3sS/2M2/5 b crab,elephant,horse,ox,boar"

static void test_probes_below_the_root(void **state)
{
    Fixture *f = *state;
    g_autofree void *pos = oni_position(LEAF_WIN);
    assert_int_equal(table_value(f, pos, NULL), DJ_TB_NONE);   /* 4 pieces */
    DjSearchInfo plain, info;
    run(DJ_ENGINE_ALPHABETA, NULL, pos, 3000, &plain);
    assert_true(plain.score < DJ_SCORE_DECISIVE);
    run(DJ_ENGINE_ALPHABETA, f->tables, pos, 3000, &info);
    assert_false(info.tablebase);
    assert_true(info.tbhits > 0);
    assert_true(info.score >= DJ_SCORE_DECISIVE);
}

/* A search whose tables know nothing of the position searches as it did
 * without tables: the same move, score and nodes. */
static void test_unknown_positions_change_nothing(void **state)
{
    Fixture *f = *state;
    g_autofree void *start = oni_new_game(CARDS);
    DjSearchInfo plain, with;
    DjMove a = run(DJ_ENGINE_ALPHABETA, NULL, start, 3000, &plain);
    DjMove b = run(DJ_ENGINE_ALPHABETA, f->tables, start, 3000, &with);
    assert_int_equal(a, b);
    assert_int_equal(plain.score, with.score);
    assert_int_equal(plain.nodes, with.nodes);
    assert_int_equal(with.tbhits, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alphabeta_finds_the_tables_win),
        cmocka_unit_test(test_alphabeta_loss_and_draw),
        cmocka_unit_test(test_tables_without_distances),
        cmocka_unit_test(test_mcts_finds_the_tables_win),
        cmocka_unit_test(test_probes_below_the_root),
        cmocka_unit_test(test_unknown_positions_change_nothing),
    };
    return cmocka_run_group_tests(tests, build_tables, free_tables);
}
