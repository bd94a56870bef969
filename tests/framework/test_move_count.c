/* test_move_count.c: moves counted the way each game's players count them
 * (DjVariant.move_count): a forced result in words and numbers
 * (move_count.h), and the numbers records give moves (record.h), on toy
 * games given each way of counting. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/move_count.h"
#include "framework/record.h"
#include "tests/framework/toys.h"

static char *result_text(const DjVariant *variant, bool win, int plies, int own_moves)
{
    GString *out = g_string_new(NULL);
    dj_result_format(variant, win, plies, own_moves, out);
    return g_string_free(out, FALSE);
}

static void expect_result(const DjVariant *variant, bool win, int plies, int own_moves,
                          const char *expected)
{
    char *text = result_text(variant, win, plies, own_moves);
    assert_string_equal(text, expected);
    g_free(text);
}

/* toy_shuttle with the counting of shogi players. */
static DjVariant shuttle_by_plies(void)
{
    DjVariant v = toy_shuttle;
    v.move_count = DJ_MOVE_COUNT_PLIES;
    return v;
}

static void test_a_game_that_says_nothing_counts_as_chess(void **state)
{
    (void)state;
    assert_int_equal(toy_takeaway.move_count, DJ_MOVE_COUNT_TURNS);
    assert_int_equal(dj_result_count(&toy_takeaway, 3, 2), 2);
    /* no check in take-away: a win, not a mate */
    expect_result(&toy_takeaway, true, 3, 2, "win in 2");
    expect_result(&toy_takeaway, false, 4, 2, "loses in 2");
    expect_result(&toy_takeaway, true, 1, 1, "win in 1");
    /* a game already over */
    expect_result(&toy_takeaway, true, 0, 0, "won");
    expect_result(&toy_takeaway, false, 0, 0, "lost");
    /* with check, a mate */
    expect_result(&toy_shuttle, true, 3, 2, "mate in 2");
    expect_result(&toy_shuttle, false, 4, 2, "mated in 2");
}

static void test_a_game_counted_by_plies_says_every_move(void **state)
{
    (void)state;
    DjVariant v = shuttle_by_plies();
    assert_int_equal(dj_result_count(&v, 3, 2), 3);
    /* shogi's mate in 3: attacker, defender, attacker */
    expect_result(&v, true, 3, 2, "mate in 3");
    expect_result(&v, false, 4, 2, "mated in 4");
    expect_result(&v, true, 0, 0, "won");
    DjVariant no_check = toy_takeaway;
    no_check.move_count = DJ_MOVE_COUNT_PLIES;
    expect_result(&no_check, true, 5, 3, "win in 5");
    expect_result(&no_check, false, 2, 1, "loses in 2");
}

/* UCI's "mate N" counts the engine's own moves: a win in N is 2N - 1 plies
 * where turns alternate, a loss in N is 2N. */
static void test_an_engine_mate_in_the_game_count(void **state)
{
    (void)state;
    DjVariant plies = shuttle_by_plies();
    const struct {
        int mate, by_turns, by_plies;
    } cases[] = {
        { 1, 1, 1 }, { 2, 2, 3 }, { 5, 5, 9 }, { -1, -1, -2 }, { -2, -2, -4 }, { 0, 0, 0 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        assert_int_equal(dj_result_count_of_engine_mate(&toy_shuttle, cases[i].mate),
                         cases[i].by_turns);
        assert_int_equal(dj_result_count_of_engine_mate(&plies, cases[i].mate),
                         cases[i].by_plies);
    }
}

/* ---- move numbers ------------------------------------------------------------- */

static int starts_at_ten(const void *pos)
{
    (void)pos;
    return 10;
}

static int says_zero(const void *pos)
{
    (void)pos;
    return 0;
}

static DjGame *tictactoe_game(const DjVariant *v, const char *const *moves)
{
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(v, &setup, NULL);
    assert_non_null(game);
    for (const char *const *m = moves; *m != NULL; m++)
        assert_true(dj_game_play_text(game, *m, NULL));
    return game;
}

static char *moves_of(const DjGame *game)
{
    GString *out = g_string_new(NULL);
    dj_record_format_moves(game, 0, dj_game_length(game), out);
    return g_string_free(out, FALSE);
}

static char *number_text(const DjGame *game, int ply)
{
    GString *out = g_string_new(NULL);
    dj_record_append_move_number(game, ply, out);
    return g_string_free(out, FALSE);
}

static void test_start_number_from_the_position(void **state)
{
    (void)state;
    DjSetup setup = { 0 };
    ToyTicTacToe pos;
    assert_true(toy_tictactoe.setup(&pos, &setup, NULL));
    assert_int_equal(dj_move_number_of(&toy_tictactoe, &pos), 1);
    DjVariant v = toy_tictactoe;
    v.move_number = starts_at_ten;
    assert_int_equal(dj_move_number_of(&v, &pos), 10);
    v.move_number = says_zero;   /* a number below 1 is no number */
    assert_int_equal(dj_move_number_of(&v, &pos), 1);
}

static void test_turns_are_numbered_in_pairs_from_the_start_number(void **state)
{
    (void)state;
    static const char *const moves[] = { "b2", "a1", "c3", NULL };
    DjGame *game = tictactoe_game(&toy_tictactoe, moves);
    char *text = moves_of(game);
    assert_string_equal(text, "1. b2 a1\n2. c3");
    g_free(text);
    bool second = true;
    assert_int_equal(dj_record_move_number(game, 0, &second), 1);
    assert_false(second);
    assert_int_equal(dj_record_move_number(game, 1, &second), 1);
    assert_true(second);
    /* the move to come: O's second */
    assert_int_equal(dj_record_move_number(game, 3, &second), 2);
    assert_true(second);
    char *number = number_text(game, 3);
    assert_string_equal(number, "2...");
    g_free(number);
    dj_game_free(game);

    DjVariant v = toy_tictactoe;
    v.move_number = starts_at_ten;
    game = tictactoe_game(&v, moves);
    text = moves_of(game);
    assert_string_equal(text, "10. b2 a1\n11. c3");
    g_free(text);
    dj_game_free(game);
}

static void test_plies_are_numbered_one_a_move_a_line(void **state)
{
    (void)state;
    static const char *const moves[] = { "b2", "a1", "c3", NULL };
    DjVariant v = toy_tictactoe;
    v.move_count = DJ_MOVE_COUNT_PLIES;
    v.move_number = starts_at_ten;
    DjGame *game = tictactoe_game(&v, moves);
    char *text = moves_of(game);
    assert_string_equal(text, "10. b2\n11. a1\n12. c3");
    g_free(text);
    for (int ply = 0; ply <= 3; ply++) {
        bool second = true;
        assert_int_equal(dj_record_move_number(game, ply, &second), 10 + ply);
        assert_false(second);
        char *number = number_text(game, ply);
        char *expected = g_strdup_printf("%d.", 10 + ply);
        assert_string_equal(number, expected);
        g_free(expected);
        g_free(number);
    }
    /* a journal writes the moves in pieces: the same text */
    GString *pieces = g_string_new(NULL);
    dj_record_format_moves(game, 0, 1, pieces);
    dj_record_format_moves(game, 1, 3, pieces);
    assert_string_equal(pieces->str, "10. b2\n11. a1\n12. c3");
    g_string_free(pieces, TRUE);

    /* the record reads back as the same game */
    GString *record = g_string_new(NULL);
    dj_record_format(game, record);
    const DjVariant *const list[] = { &v, NULL };
    DjGame *back = dj_record_parse_among(record->str, list, NULL);
    assert_non_null(back);
    assert_int_equal(dj_game_length(back), 3);
    GString *again = g_string_new(NULL);
    dj_record_format(back, again);
    assert_string_equal(again->str, record->str);
    g_string_free(again, TRUE);
    g_string_free(record, TRUE);
    dj_game_free(back);
    dj_game_free(game);
}

/* A move that gives its side another turn is part of the same turn (by
 * turns), and has a number of its own (by plies). */
static void test_extra_turns_by_turns_and_by_plies(void **state)
{
    (void)state;
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(&toy_mancala, &setup, NULL);
    assert_non_null(game);
    /* b1 ends in South's store (a turn again), then a1 passes the turn */
    assert_true(dj_game_play_text(game, "b1", NULL));
    assert_int_equal(dj_game_variant(game)->side_to_move(dj_game_position(game)), 0);
    assert_true(dj_game_play_text(game, "a1", NULL));
    bool second = false;
    assert_int_equal(dj_record_move_number(game, 1, &second), 1);
    assert_false(second);
    assert_int_equal(dj_record_move_number(game, 2, &second), 1);   /* North's reply */
    assert_true(second);
    dj_game_free(game);

    DjVariant v = toy_mancala;
    v.move_count = DJ_MOVE_COUNT_PLIES;
    game = dj_game_new(&v, &setup, NULL);
    assert_true(dj_game_play_text(game, "b1", NULL));
    assert_true(dj_game_play_text(game, "a1", NULL));
    assert_int_equal(dj_record_move_number(game, 1, NULL), 2);
    assert_int_equal(dj_record_move_number(game, 2, NULL), 3);
    dj_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_game_that_says_nothing_counts_as_chess),
        cmocka_unit_test(test_a_game_counted_by_plies_says_every_move),
        cmocka_unit_test(test_an_engine_mate_in_the_game_count),
        cmocka_unit_test(test_start_number_from_the_position),
        cmocka_unit_test(test_turns_are_numbered_in_pairs_from_the_start_number),
        cmocka_unit_test(test_plies_are_numbered_one_a_move_a_line),
        cmocka_unit_test(test_extra_turns_by_turns_and_by_plies),
    };
    return cmocka_run_group_tests_name("move counts", tests, NULL, NULL);
}
