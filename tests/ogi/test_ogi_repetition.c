/* test_ogi_repetition.c: the repetition rules of docs/rules/ogi.md, applied by
 * the framework's game history from Ōgi's key() and in_check(): the fourth
 * occurrence of a position draws, unless one side gave check with every
 * move of the cycle, and then that side loses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "framework/game_history.h"
#include "tests/ogi/ogi_test.h"

static DjGame *new_game(const char *position)
{
    DjSetup setup = { .position = position };
    GError *error = NULL;
    DjGame *game = dj_game_new(OGI, &setup, &error);
    if (game == NULL) {
        fail_msg("%s", error->message);
    }
    return game;
}

static void play(DjGame *game, const char *text)
{
    GError *error = NULL;
    if (!dj_game_play_text(game, text, &error)) {
        fail_msg("%s refused: %s", text, error->message);
         g_error_free(error);
    }
}

/* Both sides shuffle a rook: the start position comes back after every four
 * plies, and its fourth occurrence (after 12 plies) draws the game. */
static void test_fourfold_repetition_draws(void **state)
{
    (void)state;
    DjGame *game = new_game(NULL);
    static const char *const cycle[4] = { "g2h2", "b7a7", "h2g2", "a7b7" };
    for (int ply = 0; ply < 12; ply++) {
        assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        play(game, cycle[ply % 4]);
    }
    assert_int_equal(dj_game_repetitions(game), 4);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_DRAW);
    assert_non_null(dj_game_outcome_reason(game));
    /* The game is over: no more moves. */
    GError *error = NULL;
    assert_false(dj_game_play_text(game, "g2h2", &error));
    g_clear_error(&error);
    /* Taking a move back reopens it, at three occurrences. */
    assert_true(dj_game_undo(game));
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    dj_game_free(game);
}

/* A repetition is the same board, hands and side to move: the same board
 * with a different hand is a different position. */
static void test_hands_make_positions_differ(void **state)
{
    (void)state;
    void *a = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b P 1");
    void *b = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b 2P 1");
    void *c = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b p 1");
    void *d = ogi_test_position("4k3/8/8/8/8/8/8/4K3 w P 1");
    assert_true(OGI->key(a) != OGI->key(b));
    assert_true(OGI->key(a) != OGI->key(c));
    assert_true(OGI->key(a) != OGI->key(d));
    /* ...but the move number is not part of it. */
    void *e = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b P 57");
    assert_true(OGI->key(a) == OGI->key(e));
    g_free(a);
    g_free(b);
    g_free(c);
    g_free(d);
    g_free(e);
}

/* Black's rook checks from h1 and g1 in turn while White's King steps
 * between h8 and g8 (the dragon on a7 keeps it off rank 7).  Every Black
 * move of the cycle gives check, so at the fourth occurrence Black loses. */
static void test_perpetual_check_loses(void **state)
{
    (void)state;
    DjGame *game = new_game("7k/+R7/8/8/8/8/8/K5R1 b - 1");
    static const char *const cycle[4] = { "g1h1", "h8g8", "h1g1", "g8h8" };
    for (int ply = 0; ply < 12; ply++) {
        assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        play(game, cycle[ply % 4]);
        /* Black's moves check, White's do not. */
        assert_int_equal(OGI->in_check(dj_game_position(game)), ply % 2 == 0);
    }
    assert_int_equal(dj_game_repetitions(game), 4);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    dj_game_free(game);
}

/* The same cycle where one of Black's moves is quiet is an ordinary draw. */
static void test_repetition_with_a_quiet_move_draws(void **state)
{
    (void)state;
    /* The rook checks from h2, then goes back to f2 (no check); White's
     * King goes g8 and back. */
    DjGame *game = new_game("7k/+R7/8/8/8/8/5R2/K7 b - 1");
    static const char *const cycle[4] = { "f2h2", "h8g8", "h2f2", "g8h8" };
    for (int ply = 0; ply < 12; ply++) {
        assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        play(game, cycle[ply % 4]);
    }
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_DRAW);
    dj_game_free(game);
}

/* Perpetual check by White: White loses (Black wins). */
static void test_perpetual_check_by_white_loses(void **state)
{
    (void)state;
    DjGame *game = new_game("k5r1/8/8/8/8/8/+r7/7K w - 1");
    static const char *const cycle[4] = { "g8h8", "h1g1", "h8g8", "g1h1" };
    for (int ply = 0; ply < 12; ply++) {
        assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        play(game, cycle[ply % 4]);
    }
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_free(game);
}

/* The game history also ends games by mate through the variant's moves. */
static void test_mate_ends_game(void **state)
{
    (void)state;
    DjGame *game = new_game("3nkn2/8/4+P3/8/8/8/8/4K3 b P 1");
    play(game, "P*e7");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fourfold_repetition_draws),
        cmocka_unit_test(test_hands_make_positions_differ),
        cmocka_unit_test(test_perpetual_check_loses),
        cmocka_unit_test(test_repetition_with_a_quiet_move_draws),
        cmocka_unit_test(test_perpetual_check_by_white_loses),
        cmocka_unit_test(test_mate_ends_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
