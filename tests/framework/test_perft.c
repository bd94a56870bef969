/* test_perft.c: dj_perft and dj_perft_divide on the toy games, against
 * numbers worked out by hand and against counts made here without the
 * framework (perft.h: a game outcome() ends is a leaf that counts 1; a
 * position with no legal move counts 0). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/perft.h"
#include "tests/framework/toys.h"

/* Regressions covered here: the depth-1 count once wrote into the root's
 * move list (wrong totals for variants without count_moves), and a position
 * with no legal move once counted as a leaf (1) where shogi and chess perft
 * count it 0. */

/* ---- tic-tac-toe counted independently ---------------------------------- */

static bool has_line(const char board[9], char mark)
{
    static const int lines[8][3] = {
        { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
        { 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 },
    };
    for (int l = 0; l < 8; l++)
        if (board[lines[l][0]] == mark && board[lines[l][1]] == mark
            && board[lines[l][2]] == mark)
            return true;
    return false;
}

/* Leaves `depth` plies below `board` with `mover` ('x' or 'o') to move. */
static uint64_t count_ttt(char board[9], char mover, int depth)
{
    bool full = memchr(board, '.', 9) == NULL;
    if (depth == 0 || full || has_line(board, 'x') || has_line(board, 'o'))
        return 1;
    uint64_t total = 0;
    for (int c = 0; c < 9; c++) {
        if (board[c] != '.')
            continue;
        board[c] = mover;
        total += count_ttt(board, mover == 'x' ? 'o' : 'x', depth - 1);
        board[c] = '.';
    }
    return total;
}

static void setup_ttt(ToyTicTacToe *pos, const char *text)
{
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (!toy_tictactoe.setup(pos, &setup, &error)) {
        fail_msg("setup \"%s\": %s", text, error->message);
    }
}

static void test_tictactoe_by_hand(void **state)
{
    (void)state;
    ToyTicTacToe pos;
    setup_ttt(&pos, "......... x");
    /* no line can be complete before the fifth mark: 9 * 8 * 7 ... */
    const uint64_t by_hand[] = { 1, 9, 9 * 8, 9 * 8 * 7, 9 * 8 * 7 * 6, 9 * 8 * 7 * 6 * 5 };
    for (int depth = 0; depth < (int)G_N_ELEMENTS(by_hand); depth++)
        assert_int_equal(dj_perft(&toy_tictactoe, &pos, depth), by_hand[depth]);
    /* every game of tic-tac-toe to its end: the well-known 255168 */
    assert_int_equal(dj_perft(&toy_tictactoe, &pos, 9), 255168);
    assert_int_equal(dj_perft(&toy_tictactoe, &pos, 12), 255168);
}

static void test_tictactoe_by_count(void **state)
{
    (void)state;
    const char *positions[] = {
        "......... x", "x...o.... x", "xo....... x", "xx.oo.... x", "xo.ox.... x",
        "xoxoxo... x", "x.o.x.o.. x", "xox.o...x o",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(positions); i++) {
        ToyTicTacToe pos;
        setup_ttt(&pos, positions[i]);
        char board[9];
        memcpy(board, positions[i], 9);
        char mover = positions[i][10];
        for (int depth = 0; depth <= 9; depth++) {
            uint64_t expected = count_ttt(board, mover, depth);
            uint64_t got = dj_perft(&toy_tictactoe, &pos, depth);
            if (got != expected) {
                fail_msg("perft %d of \"%s\": %" G_GUINT64_FORMAT ", counted %"
                         G_GUINT64_FORMAT, depth, positions[i], got, expected);
            }
        }
    }
    /* a finished game is one leaf at any depth */
    ToyTicTacToe over;
    setup_ttt(&over, "xxxoo.... o");
    for (int depth = 0; depth <= 4; depth++)
        assert_int_equal(dj_perft(&toy_tictactoe, &over, depth), 1);
}

/* dj_perft_stoppable counts as dj_perft while its flag is down, and gives
 * up at once when the flag is up (`go perft` is stopped through it). */
static void test_stoppable(void **state)
{
    (void)state;
    ToyTicTacToe pos;
    setup_ttt(&pos, "......... x");
    atomic_int stop = 0;
    for (int depth = 0; depth <= 9; depth++)
        assert_int_equal(dj_perft_stoppable(&toy_tictactoe, &pos, depth, &stop),
                         dj_perft(&toy_tictactoe, &pos, depth));
    atomic_store(&stop, 1);
    /* Above the last two plies no node is counted; below, the count is
     * cheap and whole. */
    assert_int_equal(dj_perft_stoppable(&toy_tictactoe, &pos, 9, &stop), 0);
    assert_int_equal(dj_perft_stoppable(&toy_tictactoe, &pos, 2, &stop), 9 * 8);
}

/* ---- take-away: a game where the loser simply has no move ---------------- */

/* Sequences of `depth` moves from a pile of `pile` stones: an empty pile
 * leaves the side to move without a move, so none go on from it. */
static uint64_t count_takeaway(int pile, int depth)
{
    if (depth == 0)
        return 1;
    if (pile == 0)
        return 0;
    uint64_t total = count_takeaway(pile - 1, depth - 1);
    if (pile >= 2)
        total += count_takeaway(pile - 2, depth - 1);
    return total;
}

static void test_takeaway(void **state)
{
    (void)state;
    ToyTakeAway pos;
    /* by hand: from 3 stones, 3 plies: only 1-1-1 (1-2 and 2-1 leave the
     * next side without a move after two) */
    DjSetup three = { .position = "3 0" };
    assert_true(toy_takeaway.setup(&pos, &three, NULL));
    assert_int_equal(dj_perft(&toy_takeaway, &pos, 2), 3);
    assert_int_equal(dj_perft(&toy_takeaway, &pos, 3), 1);
    /* from 1 stone: one move, then none */
    DjSetup one = { .position = "1 0" };
    assert_true(toy_takeaway.setup(&pos, &one, NULL));
    assert_int_equal(dj_perft(&toy_takeaway, &pos, 1), 1);
    assert_int_equal(dj_perft(&toy_takeaway, &pos, 2), 0);
    /* an empty pile: the side to move has lost, and has no move */
    DjSetup empty = { .position = "0 1" };
    assert_true(toy_takeaway.setup(&pos, &empty, NULL));
    assert_int_equal(dj_perft(&toy_takeaway, &pos, 0), 1);
    assert_int_equal(dj_perft(&toy_takeaway, &pos, 1), 0);

    for (int pile = 0; pile <= 14; pile++) {
        char *text = g_strdup_printf("%d 0", pile);
        DjSetup setup = { .position = text };
        assert_true(toy_takeaway.setup(&pos, &setup, NULL));
        for (int depth = 0; depth <= 12; depth++) {
            uint64_t expected = count_takeaway(pile, depth);
            uint64_t got = dj_perft(&toy_takeaway, &pos, depth);
            if (got != expected) {
                fail_msg("take-away perft %d from %d stones: %" G_GUINT64_FORMAT
                         ", counted %" G_GUINT64_FORMAT, depth, pile, got, expected);
            }
        }
        g_free(text);
    }
}

static void test_shuttle(void **state)
{
    (void)state;
    ToyShuttle pos;
    DjSetup setup = { .position = NULL };
    assert_true(toy_shuttle.setup(&pos, &setup, NULL));
    /* three moves in every position, and perft knows nothing of repetition */
    uint64_t expected = 1;
    for (int depth = 0; depth <= 8; depth++, expected *= 3)
        assert_int_equal(dj_perft(&toy_shuttle, &pos, depth), expected);
}

/* ---- divide ---------------------------------------------------------------- */

typedef struct Divided {
    GString *texts;
    uint64_t counts[9];
    int calls;
} Divided;

static void collect(const char *move_text, uint64_t count, void *user_data)
{
    Divided *d = user_data;
    assert_true(d->calls < 9);
    g_string_append_printf(d->texts, "%s%s", d->calls > 0 ? " " : "", move_text);
    d->counts[d->calls++] = count;
}

static void test_divide(void **state)
{
    (void)state;
    ToyTicTacToe pos;
    setup_ttt(&pos, "xx.oo.... x");
    for (int depth = 1; depth <= 5; depth++) {
        Divided d = { .texts = g_string_new(NULL) };
        uint64_t total = dj_perft_divide(&toy_tictactoe, &pos, depth, collect, &d);
        /* one call per legal move, in generation order, with its text */
        assert_int_equal(d.calls, 5);
        assert_string_equal(d.texts->str, "c1 c2 a3 b3 c3");
        uint64_t sum = 0;
        char board[9];
        for (int i = 0; i < 5; i++) {
            static const int squares[] = { 2, 5, 6, 7, 8 };
            memcpy(board, "xx.oo....", 9);
            board[squares[i]] = 'x';
            assert_int_equal(d.counts[i], count_ttt(board, 'o', depth - 1));
            sum += d.counts[i];
        }
        assert_int_equal(d.counts[0], 1);   /* c1 wins: a leaf at any depth */
        assert_int_equal(total, sum);
        assert_int_equal(total, dj_perft(&toy_tictactoe, &pos, depth));
        g_string_free(d.texts, TRUE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tictactoe_by_hand),
        cmocka_unit_test(test_tictactoe_by_count),
        cmocka_unit_test(test_stoppable),
        cmocka_unit_test(test_takeaway),
        cmocka_unit_test(test_shuttle),
        cmocka_unit_test(test_divide),
    };
    return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}
