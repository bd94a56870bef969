/* test_tablebase_toy.c: the solver (framework/tablebase/solve.h) is not
 * Onitama's alone: tic-tac-toe (tests/framework/toys.h), numbered here as
 * one class of 3^9 boards with no unmoves, is solved by forward passes,
 * and every position's value agrees with the toy's own minimax
 * (toy_tictactoe_result), its distances with a count made here. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "framework/endgame.h"
#include "framework/tablebase/probe.h"
#include "framework/tablebase/solve.h"
#include "tests/framework/toys.h"
#include "tests/tablebase/tb_test.h"

#define BOARDS 19683   /* 3^9 */
#define TTT_ID 1

static bool ttt_describe(DjEndgameId id, DjEndgameClass *out)
{
    if (id != TTT_ID)
        return false;
    memset(out, 0, sizeof *out);
    out->id = TTT_ID;
    g_strlcpy(out->name, "all", sizeof out->name);
    g_strlcpy(out->setup, "standard", sizeof out->setup);
    out->group = 0;
    out->pieces = 9;
    out->size = BOARDS;
    return true;
}

static int ttt_list(const void *pos, int max_pieces, DjEndgameClass *out, int room)
{
    (void)pos;
    if (max_pieces < 9)
        return 0;
    if (room > 0)
        ttt_describe(TTT_ID, out);
    return 1;
}

static bool ttt_locate(const void *p, DjEndgameId *id, uint64_t *index)
{
    const ToyTicTacToe *pos = p;
    if (toy_tictactoe.outcome(pos) != DJ_OUTCOME_ONGOING)
        return false;
    uint64_t x = 0;
    for (int c = 8; c >= 0; c--)
        x = x * 3 + pos->cells[c];
    *id = TTT_ID;
    *index = x;
    return true;
}

static bool ttt_position(DjEndgameId id, uint64_t index, void *p)
{
    if (id != TTT_ID || index >= BOARDS)
        return false;
    char text[16];
    int xs = 0, os = 0;
    for (int c = 0; c < 9; c++, index /= 3) {
        int cell = (int)(index % 3);
        text[c] = ".xo"[cell];
        xs += cell == 1;
        os += cell == 2;
    }
    if (xs != os && xs != os + 1)
        return false;
    text[9] = ' ';
    text[10] = xs == os ? 'x' : 'o';
    text[11] = '\0';
    DjSetup setup = { .position = text };
    return toy_tictactoe.setup(p, &setup, NULL) &&
           toy_tictactoe.outcome(p) == DJ_OUTCOME_ONGOING;
}

static const DjEndgames ttt_endgames = {
    .max_pieces = 9,
    .max_predecessors = 0,
    .list_classes = ttt_list,
    .describe = ttt_describe,
    .locate = ttt_locate,
    .position = ttt_position,
    .predecessors = NULL,
};

/* Plies to the end with best play (the winner quickest, the loser
 * slowest, a draw by a full board counted too but not compared). */
static int plies_to_end(const ToyTicTacToe *pos, int *result)
{
    const DjVariant *v = &toy_tictactoe;
    DjOutcome o = v->outcome(pos);
    if (o != DJ_OUTCOME_ONGOING) {
        *result = o == DJ_OUTCOME_DRAW ? 0 : -1;
        return 0;
    }
    DjMove moves[9];
    int n = v->legal_moves(pos, moves);
    int best = -2, best_d = 0;
    for (int i = 0; i < n; i++) {
        ToyTicTacToe child = *pos;
        v->play(&child, moves[i]);
        int r, d = plies_to_end(&child, &r) + 1;
        r = -r;
        if (r > best || (r == best && ((r > 0 && d < best_d) || (r < 0 && d > best_d)))) {
            best = r;
            best_d = d;
        }
    }
    *result = best;
    return best_d;
}

static void test_tictactoe_solved(void **state)
{
    (void)state;
    DjVariant ttt = toy_tictactoe;
    ttt.endgames = &ttt_endgames;
    g_autofree char *folder = tb_test_folder();
    ToyTicTacToe start;
    DjSetup setup = { 0 };
    assert_true(ttt.setup(&start, &setup, NULL));
    DjTbBuildOptions o = { .folder = folder, .max_pieces = 9, .threads = 2, .distances = true };
    tb_test_build(&ttt, &start, &o);
    GError *error = NULL;
    DjTablebase *tb = dj_tablebase_open(&ttt, folder, &error);
    assert_non_null(tb);
    int positions = 0, wins = 0;
    for (uint64_t x = 0; x < BOARDS; x++) {
        ToyTicTacToe pos;
        if (!ttt_position(TTT_ID, x, &pos))
            continue;
        int d, r;
        DjTbValue v = dj_tablebase_probe(tb, &pos, &d);
        int want = toy_tictactoe_result(&pos);
        assert_int_equal(v, want > 0 ? DJ_TB_WIN : want < 0 ? DJ_TB_LOSS : DJ_TB_DRAW);
        int plies = plies_to_end(&pos, &r);
        assert_int_equal(r, want);
        if (want != 0)
            assert_int_equal(d, plies);
        positions++;
        wins += want > 0;
    }
    /* 5478 legal boards, less those already won (958 finished boards, of
     * which 16 full draws). */
    assert_int_equal(positions, 5478 - 958);
    assert_true(wins > 0);
    /* The start is a draw. */
    int d;
    assert_int_equal(dj_tablebase_probe(tb, &start, &d), DJ_TB_DRAW);
    dj_tablebase_free(tb);
    tb_test_remove_folder(folder);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tictactoe_solved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
