/* test_game_history.c: DjGame (game_history.h) on the toy games: playing,
 * refusing, undoing, outcomes, repetition counts and endings, claims,
 * results set from outside, tags. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/game_history.h"
#include "tests/framework/toys.h"

static DjGame *new_game(const DjVariant *variant, const char *position)
{
    DjSetup setup = { .position = position };
    GError *error = NULL;
    DjGame *game = dj_game_new(variant, &setup, &error);
    if (game == NULL) {
        fail_msg("dj_game_new: %s", error != NULL ? error->message : "(no error)");
    }
    return game;
}

static void play_text(DjGame *game, const char *text)
{
    GError *error = NULL;
    if (!dj_game_play_text(game, text, &error)) {
        fail_msg("dj_game_play_text(\"%s\"): %s", text,
                 error != NULL ? error->message : "(no error)");
    }
}

static void play_all(DjGame *game, const char *const *texts)
{
    for (const char *const *t = texts; *t != NULL; t++)
        play_text(game, *t);
}

static char *position_text(const DjGame *game, int ply)
{
    GString *out = g_string_new(NULL);
    dj_game_variant(game)->format_position(dj_game_position_at(game, ply), out);
    return g_string_free(out, FALSE);
}

static void expect_position(const DjGame *game, int ply, const char *expected)
{
    char *text = position_text(game, ply);
    assert_string_equal(text, expected);
    g_free(text);
}

static void expect_refused(DjGame *game, DjMove move, int code)
{
    int length = dj_game_length(game);
    DjOutcome outcome = dj_game_outcome(game);
    GError *error = NULL;
    assert_false(dj_game_play(game, move, &error));
    assert_non_null(error);
    assert_true(error->domain == DJ_ERROR);
    assert_int_equal(error->code, code);
    assert_true(error->message[0] != '\0');
    g_error_free(error);
    assert_int_equal(dj_game_length(game), length);
    assert_int_equal(dj_game_outcome(game), outcome);
}

static void test_play_and_win(void **state)
{
    (void)state;
    DjGame *game = new_game(&toy_tictactoe, NULL);
    assert_ptr_equal(dj_game_variant(game), &toy_tictactoe);
    assert_int_equal(dj_game_length(game), 0);
    assert_int_equal(dj_game_last_move(game), DJ_MOVE_NONE);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    assert_null(dj_game_outcome_reason(game));
    expect_position(game, 0, "......... x");

    play_all(game, (const char *const[]){ "a1", "a2", "b1", "b2", NULL });
    assert_int_equal(dj_game_length(game), 4);
    assert_int_equal(dj_game_move_at(game, 0), 1);       /* a1 */
    assert_int_equal(dj_game_move_at(game, 3), 5);       /* b2 */
    assert_int_equal(dj_game_last_move(game), 5);
    expect_position(game, 0, "......... x");
    expect_position(game, 1, "x........ o");
    expect_position(game, 4, "xx.oo.... x");
    assert_ptr_equal(dj_game_position(game), dj_game_position_at(game, 4));

    /* a taken square, DJ_MOVE_NONE and a move out of range are refused */
    expect_refused(game, 1, DJ_ERROR_ILLEGAL);
    expect_refused(game, DJ_MOVE_NONE, DJ_ERROR_ILLEGAL);
    expect_refused(game, 10, DJ_ERROR_ILLEGAL);
    GError *error = NULL;
    assert_false(dj_game_play_text(game, "a1", &error));   /* taken */
    assert_non_null(error);
    g_clear_error(&error);
    assert_false(dj_game_play_text(game, "z9", &error));   /* no such square */
    assert_non_null(error);
    g_clear_error(&error);
    assert_int_equal(dj_game_length(game), 4);

    /* a move read without playing it (UCI's go searchmoves) */
    DjMove move = DJ_MOVE_NONE;
    assert_true(dj_game_parse_move(game, "c1", &move, &error));
    assert_null(error);
    assert_int_equal(move, 3);
    assert_false(dj_game_parse_move(game, "a1", &move, &error));   /* taken */
    assert_non_null(error);
    g_clear_error(&error);
    assert_int_equal(dj_game_length(game), 4);

    play_text(game, "c1");   /* three in a row */
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    assert_non_null(dj_game_outcome_reason(game));
    assert_true(dj_game_outcome_reason(game)[0] != '\0');
    assert_false(dj_game_can_claim_draw(game));

    /* the game is over: nothing more is played */
    expect_refused(game, 9, DJ_ERROR_GAME_OVER);
    assert_false(dj_game_play_text(game, "c3", &error));
    assert_non_null(error);
    assert_int_equal(error->code, DJ_ERROR_GAME_OVER);
    g_clear_error(&error);
    assert_false(dj_game_parse_move(game, "c3", &move, &error));
    assert_non_null(error);
    assert_int_equal(error->code, DJ_ERROR_GAME_OVER);
    g_clear_error(&error);

    /* undo reopens it */
    assert_true(dj_game_undo(game));
    assert_int_equal(dj_game_length(game), 4);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    assert_null(dj_game_outcome_reason(game));
    expect_position(game, 4, "xx.oo.... x");
    play_text(game, "c3");
    play_text(game, "c2");   /* O: a2 b2 c2 */
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);

    /* undo all the way back, then no further */
    for (int i = 6; i > 0; i--)
        assert_true(dj_game_undo(game));
    assert_int_equal(dj_game_length(game), 0);
    assert_false(dj_game_undo(game));
    assert_int_equal(dj_game_length(game), 0);
    expect_position(game, 0, "......... x");
    dj_game_free(game);
}

static void test_draw_and_no_move(void **state)
{
    (void)state;
    DjGame *game = new_game(&toy_tictactoe, NULL);
    /* X a1 O b2 X c3 O b1 X b3 O a3 X c1 O c2 X a2: a full board, no line */
    play_all(game, (const char *const[]){ "a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2",
                                          NULL });
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    play_text(game, "a2");
    expect_position(game, 9, "xoxxoooxx o");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_DRAW);
    assert_non_null(dj_game_outcome_reason(game));
    dj_game_free(game);

    /* Take-away: the side left without a move has lost. */
    game = new_game(&toy_takeaway, "3 0");
    play_text(game, "1");
    play_text(game, "2");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    assert_non_null(dj_game_outcome_reason(game));
    expect_refused(game, 1, DJ_ERROR_GAME_OVER);
    dj_game_free(game);

    /* A start position that is already over. */
    game = new_game(&toy_tictactoe, "xxxoo.... o");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    expect_refused(game, 6, DJ_ERROR_GAME_OVER);
    dj_game_free(game);
    game = new_game(&toy_takeaway, "0 1");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_free(game);
}

static void test_refused_setup(void **state)
{
    (void)state;
    DjSetup bad_position = { .position = "xxxxx.... o" };
    GError *error = NULL;
    assert_null(dj_game_new(&toy_tictactoe, &bad_position, &error));
    assert_non_null(error);
    g_clear_error(&error);

    DjOptionValue option = { "colour", "red" };
    DjSetup bad_option = { .options = &option, .n_options = 1 };
    assert_null(dj_game_new(&toy_tictactoe, &bad_option, &error));
    assert_non_null(error);
    g_clear_error(&error);

    DjOptionValue pile = { "pile", "5" };
    DjSetup good_option = { .options = &pile, .n_options = 1 };
    DjGame *game = dj_game_new(&toy_takeaway, &good_option, &error);
    assert_non_null(game);
    expect_position(game, 0, "5 0");
    dj_game_free(game);
}

/* The perpetual-check cycle of the shuttle game (see toys.h): A shuttles
 * between c1 and d1, checking with every move; B between a1 and b1. */
static const char *const perpetual_moves[] = { "c1", "b1", "d1", "a1", "c1", "b1",
                                               "d1", "a1", "c1", NULL };
/* occurrences of the position after each move (index = ply) */
static const int perpetual_counts[] = { 1, 1, 1, 1, 1, 2, 2, 2, 2, 3 };

static void test_perpetual_check(void **state)
{
    (void)state;
    DjGame *game = new_game(&toy_shuttle, NULL);
    for (int ply = 0; perpetual_moves[ply] != NULL; ply++) {
        assert_int_equal(dj_game_repetitions(game), perpetual_counts[ply]);
        assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        assert_int_equal(dj_game_can_claim_draw(game), perpetual_counts[ply] >= 2);
        play_text(game, perpetual_moves[ply]);
    }
    assert_int_equal(dj_game_repetitions(game), 3);
    /* A checked all through the cycle: A (side 0) loses */
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    assert_non_null(dj_game_outcome_reason(game));
    assert_false(dj_game_can_claim_draw(game));
    expect_refused(game, 1, DJ_ERROR_GAME_OVER);

    int n = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n);
    assert_int_equal(n, 10);
    for (int k = 0; k < n; k++) {
        /* A's moves (into odd positions) checked, B's did not */
        assert_int_equal(line[k].in_check, k % 2 == 1);
        assert_true(line[k].key == toy_shuttle.key(dj_game_position_at(game, k)));
    }
    assert_true(line[9].key == line[5].key && line[5].key == line[1].key);

    /* undo: the third occurrence is gone and the game goes on */
    assert_true(dj_game_undo(game));
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    assert_int_equal(dj_game_repetitions(game), 2);
    assert_true(dj_game_can_claim_draw(game));
    (void)dj_game_line(game, &n);
    assert_int_equal(n, 9);
    dj_game_free(game);

    /* The same cycle without the perpetual-check rule is a draw. */
    DjVariant lenient = toy_shuttle;
    lenient.perpetual_check_loses = false;
    game = new_game(&lenient, NULL);
    play_all(game, perpetual_moves);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_DRAW);
    dj_game_free(game);

    /* B to move in the repeated position and B the checker: A wins. */
    game = new_game(&toy_shuttle, "a1 a1 1");
    play_all(game, (const char *const[]){ "c1", "b1", "d1", "a1", "c1", "b1", "d1", "a1",
                                          "c1", NULL });
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_free(game);
}

static void test_quiet_repetition_is_a_draw(void **state)
{
    (void)state;
    DjGame *game = new_game(&toy_shuttle, NULL);
    /* both shuttle a1 <-> b1: no checks */
    const char *const moves[] = { "b1", "b1", "a1", "a1", "b1", "b1", "a1", "a1", NULL };
    const int counts[] = { 1, 1, 1, 1, 2, 2, 2, 2, 3 };
    for (int ply = 0; moves[ply] != NULL; ply++) {
        assert_int_equal(dj_game_repetitions(game), counts[ply]);
        assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        play_text(game, moves[ply]);
    }
    assert_int_equal(dj_game_repetitions(game), 3);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_DRAW);
    assert_non_null(dj_game_outcome_reason(game));
    dj_game_free(game);

    /* Without repetition_draw the game simply goes on; claims still work. */
    DjVariant endless = toy_shuttle;
    endless.repetition_draw = 0;
    game = new_game(&endless, NULL);
    for (int round = 0; round < 5; round++)
        play_all(game, moves);
    assert_int_equal(dj_game_repetitions(game), 11);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    assert_true(dj_game_can_claim_draw(game));
    dj_game_free(game);

    /* Without repetition_claim there is nothing to claim. */
    DjVariant no_claim = toy_shuttle;
    no_claim.repetition_claim = 0;
    game = new_game(&no_claim, NULL);
    play_all(game, (const char *const[]){ "b1", "b1", "a1", "a1", NULL });
    assert_int_equal(dj_game_repetitions(game), 2);
    assert_false(dj_game_can_claim_draw(game));
    dj_game_free(game);
}

static void test_set_result(void **state)
{
    (void)state;
    DjGame *game = new_game(&toy_tictactoe, NULL);
    play_all(game, (const char *const[]){ "b2", "a1", NULL });
    char reason[] = "O resigned";
    dj_game_set_result(game, DJ_OUTCOME_WIN_SIDE0, reason);
    strcpy(reason, "garbage!!!");   /* the game keeps its own copy */
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    assert_string_equal(dj_game_outcome_reason(game), "O resigned");
    expect_refused(game, 9, DJ_ERROR_GAME_OVER);

    /* cleared again */
    dj_game_set_result(game, DJ_OUTCOME_ONGOING, NULL);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    assert_null(dj_game_outcome_reason(game));
    play_text(game, "c3");
    assert_int_equal(dj_game_length(game), 3);

    /* undo takes back the move and the result with it */
    dj_game_set_result(game, DJ_OUTCOME_DRAW, "agreed");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_DRAW);
    assert_true(dj_game_undo(game));
    assert_int_equal(dj_game_length(game), 2);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);

    play_all(game, (const char *const[]){ "a2", "c1", "a3", NULL });
    assert_int_equal(dj_game_length(game), 5);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    dj_game_free(game);

    /* a result set over a finished position wins over the rules */
    game = new_game(&toy_tictactoe, "xx.oo.... x");
    play_text(game, "c1");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_set_result(game, DJ_OUTCOME_WIN_SIDE1, "adjudicated");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    assert_string_equal(dj_game_outcome_reason(game), "adjudicated");
    dj_game_set_result(game, DJ_OUTCOME_ONGOING, NULL);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);   /* the rules again */
    dj_game_free(game);
}

static void test_tags(void **state)
{
    (void)state;
    DjGame *game = new_game(&toy_tictactoe, NULL);
    assert_string_equal(dj_game_tag(game, "Variant"), "toy-tictactoe");
    assert_null(dj_game_tag(game, "Event"));
    assert_null(dj_game_tag(game, "variant"));   /* tag names are exact */

    char value[] = "Club night";
    dj_game_set_tag(game, "Event", value);
    strcpy(value, "changed!!!");
    dj_game_set_tag(game, "X", "Alice");
    dj_game_set_tag(game, "O", "Bob \"the bot\"");
    dj_game_set_tag(game, "Event", "Club night, round 2");   /* replaced in place */
    assert_string_equal(dj_game_tag(game, "Event"), "Club night, round 2");
    assert_string_equal(dj_game_tag(game, "O"), "Bob \"the bot\"");

    const char *const *names = dj_game_tag_names(game);
    const char *expected[] = { "Variant", "Event", "X", "O" };
    for (size_t i = 0; i < G_N_ELEMENTS(expected); i++) {
        assert_non_null(names[i]);
        assert_string_equal(names[i], expected[i]);
    }
    assert_null(names[G_N_ELEMENTS(expected)]);

    /* tags survive moves and undo */
    play_text(game, "b2");
    assert_true(dj_game_undo(game));
    assert_string_equal(dj_game_tag(game, "X"), "Alice");
    dj_game_free(game);
}

/* A game of a million moves, with the repetition count and the turn checked
 * after every move and every undo, against counts kept here.  This shows
 * linear loading by size: rescanning the line after every move (as the
 * history once did, which made a 360,000-ply record load in a minute)
 * compares about 10^12 keys here and times the test out, while counting
 * occurrences as moves come takes about a second. */
#define LONG_GAME_PLIES 1000000
#define LONG_GAME_UNDOS 1000

static int shuttle_code(const DjGame *game)
{
    const ToyShuttle *pos = dj_game_position(game);
    return pos->token[0] + 4 * pos->token[1] + 16 * pos->side;
}

static void test_long_game_is_linear(void **state)
{
    (void)state;
    DjVariant endless = toy_shuttle;
    endless.repetition_draw = 0;
    DjGame *game = new_game(&endless, NULL);
    int seen[32] = { 0 };
    int *codes = g_new(int, LONG_GAME_PLIES + 1);
    GRand *rand = g_rand_new_with_seed(0x11ea4u);   /* any seed: the counts are checked */
    for (int ply = 0;; ply++) {
        codes[ply] = shuttle_code(game);
        int count = ++seen[codes[ply]];
        if (dj_game_repetitions(game) != count)
            fail_msg("ply %d: %d repetitions, expected %d", ply, dj_game_repetitions(game),
                     count);
        assert_int_equal(dj_game_can_claim_draw(game), count >= endless.repetition_claim);
        if (ply == LONG_GAME_PLIES)
            break;
        const ToyShuttle *pos = dj_game_position(game);
        int cell = (pos->token[pos->side] + g_rand_int_range(rand, 1, 4)) % 4;
        assert_true(dj_game_play(game, (DjMove)(cell + 1), NULL));
        assert_int_equal(dj_game_turn_index(game, ply), ply);   /* turns alternate */
    }
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    for (int ply = LONG_GAME_PLIES; ply > LONG_GAME_PLIES - LONG_GAME_UNDOS; ply--) {
        assert_true(dj_game_undo(game));
        seen[codes[ply]]--;
        assert_int_equal(dj_game_repetitions(game), seen[codes[ply - 1]]);
    }
    g_rand_free(rand);
    g_free(codes);
    dj_game_free(game);
}

/* Undoing the move that repeated a position for the last time, and playing
 * it again, ends the game as before: the first occurrence, which the
 * perpetual check is judged from, is kept across the undo. */
static void test_undo_keeps_the_first_occurrence(void **state)
{
    (void)state;
    DjGame *game = toy_shuttle_cycle(&toy_shuttle);
    play_text(game, "c1");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    assert_int_equal(dj_game_repetitions(game), 3);
    assert_true(dj_game_undo(game));
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    assert_int_equal(dj_game_repetitions(game), 2);
    play_text(game, "c1");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    /* undone to the start and played again, the counts come back */
    while (dj_game_undo(game))
        assert_int_equal(dj_game_repetitions(game), perpetual_counts[dj_game_length(game)]);
    dj_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_and_win),
        cmocka_unit_test(test_draw_and_no_move),
        cmocka_unit_test(test_refused_setup),
        cmocka_unit_test(test_perpetual_check),
        cmocka_unit_test(test_quiet_repetition_is_a_draw),
        cmocka_unit_test(test_set_result),
        cmocka_unit_test(test_tags),
        cmocka_unit_test(test_long_game_is_linear),
        cmocka_unit_test(test_undo_keeps_the_first_occurrence),
    };
    return cmocka_run_group_tests_name("game history", tests, NULL, NULL);
}
