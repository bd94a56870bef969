/* test_play.c: `dojo play` driven through a pipe: a whole game, bad input,
 * the commands, and games with the computer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/notation.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "tests/frontend/runner.h"

#define CARDS "ox,boar,horse,elephant,crab"
#define RECORD "game.dojo"

/* A hot-seat game with the deal above that Blue wins in 11 plies by
 * capturing Red's master (each move checked legal by the rules engine). */
static const char *const winning_game[] = {
    "ox:d1d2", "elephant:c5d4", "boar b1b2", "ox:d5c5", "elephant:d2e3", "boar:e5d5",
    "ox:e1e2", "elephant:b5c4", "boar:e2d2", "horse:a5b5", "elephant:e3d4",
};

static const char *const hotseat_args[] = {
    "play", "onitama", "--hotseat", "--cards", CARDS, "--record", RECORD, "--force", "--time",
    "100", NULL
};

static void test_hotseat_game_to_a_win(void **state)
{
    runner_require_variant("onitama");
    GString *input = g_string_new(NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(winning_game); i++)
        g_string_append_printf(input, "%s\n", winning_game[i]);
    DojoRun *r = runner_run_text(*state, input->str, hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Game over: Blue wins"));
    assert_non_null(strstr(r->out, "Result 1-0."));
    assert_int_equal(runner_count_containing(r->out, "Blue plays "), 6);
    assert_int_equal(runner_count_containing(r->out, "Red plays "), 5);

    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), G_N_ELEMENTS(winning_game));
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    assert_string_equal(dj_game_tag(game, "Blue"), "human");
    assert_string_equal(dj_game_tag(game, "Red"), "human");
    dj_game_free(game);
    g_string_free(input, TRUE);
    runner_run_free(r);
}

/* Feeding `bad` (bad_length bytes) between two good moves adds exactly one
 * line to the output, which is returned; the game goes on unchanged. */
static char *one_extra_line(const char *dir, const char *bad, gsize bad_length)
{
    const char *good = "ox:d1d2\nelephant:c5d4\nquit\n";
    DojoRun *baseline = runner_run_text(dir, good, hotseat_args);
    assert_int_equal(baseline->exit_code, 0);

    GString *input = g_string_new("ox:d1d2\n");
    g_string_append_len(input, bad, (gssize)bad_length);
    g_string_append(input, "\nelephant:c5d4\nquit\n");
    DojoRun *r = runner_run(dir, input->str, input->len, hotseat_args);
    assert_int_equal(r->exit_code, 0);

    char **a = runner_lines(baseline->out);
    char **b = runner_lines(r->out);
    guint n_a = g_strv_length(a);
    assert_int_equal(g_strv_length(b), n_a + 1);
    guint i = 0;
    while (i < n_a && strcmp(a[i], b[i]) == 0)
        i++;
    for (guint j = i; j < n_a; j++)
        assert_string_equal(a[j], b[j + 1]);
    char *message = g_strdup(b[i]);
    assert_true(strlen(message) > 10);
    assert_true(g_utf8_validate(message, -1, NULL));

    DjGame *game = runner_load_record(dir, RECORD);
    assert_int_equal(dj_game_length(game), 2);
    dj_game_free(game);
    g_strfreev(a);
    g_strfreev(b);
    g_string_free(input, TRUE);
    runner_run_free(r);
    runner_run_free(baseline);
    return message;
}

static void test_bad_lines_get_one_message_each(void **state)
{
    runner_require_variant("onitama");
    char *message = one_extra_line(*state, "xyzzy", 5);
    assert_non_null(strstr(message, "xyzzy"));
    g_free(message);

    /* Red's horse cannot jump two squares. */
    message = one_extra_line(*state, "horse:c5c3", 10);
    assert_non_null(strstr(message, "horse:c5c3"));
    g_free(message);

    message = one_extra_line(*state, "", 0);
    assert_non_null(strstr(message, "Empty line"));
    g_free(message);

    message = one_extra_line(*state, "   \t ", 5);
    assert_non_null(strstr(message, "Empty line"));
    g_free(message);

    gsize long_length = 1024 * 1024;
    char *long_line = g_malloc(long_length);
    memset(long_line, 'x', long_length);
    message = one_extra_line(*state, long_line, long_length);
    assert_non_null(strstr(message, "too long"));
    g_free(message);
    g_free(long_line);

    message = one_extra_line(*state, "a\0b", 3);
    assert_non_null(strstr(message, "NUL"));
    g_free(message);

    message = one_extra_line(*state, "\x01\xff\xfe\x80zz", 6);
    g_free(message);

    message = one_extra_line(*state, "moves z9", 8);
    assert_non_null(strstr(message, "z9"));
    g_free(message);
}

static void test_quit_and_end_of_input_keep_the_game(void **state)
{
    runner_require_variant("onitama");
    /* Nothing after quit is read. */
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nquit\nelephant:c5d4\n", hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, RECORD));
    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 1);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    dj_game_free(game);
    runner_run_free(r);

    /* End of input in the middle of a line still plays that line. */
    r = runner_run_text(*state, "ox:d1d2\nelephant:c5d4", hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "End of input"));
    game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 2);
    dj_game_free(game);
    runner_run_free(r);
}

static void test_commands(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state,
                                 "moves\nmoves c1\nmoves C1\nmoves c2\nmoves e3\nboard\nhelp\ndraw\n"
                                 "hint\nundo\nresign\nresign\n",
                                 hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Legal moves (10): "));
    assert_int_equal(runner_count_containing(r->out, "Legal moves from or to c1 (2): ox:c1c2, boar:c1c2"), 2);
    /* the moves that end on a square too (placement games need it) */
    assert_non_null(strstr(r->out, "Legal moves from or to c2 (2): ox:c1c2, boar:c1c2"));
    assert_non_null(strstr(r->out, "No legal move starts or ends on e3."));
    assert_non_null(strstr(r->out, "quit"));
    assert_non_null(strstr(r->out, "No draw to claim"));
    assert_non_null(strstr(r->out, "Hint: "));
    assert_non_null(strstr(r->out, "Nothing to take back."));
    assert_non_null(strstr(r->out, "Game over: Red wins (Blue resigned). Result 0-1."));
    /* resign is asked twice: the first only asks for the confirmation */
    assert_int_equal(runner_count_line(r->out, "Resign the game? Type 'resign' again to "
                                               "confirm."), 1);

    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 0);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    dj_game_free(game);
    runner_run_free(r);

    /* The hint is a legal move: play it. */
    r = runner_run_text(*state, "hint\n", hotseat_args);
    const char *hint = strstr(r->out, "Hint: ");
    assert_non_null(hint);
    hint += strlen("Hint: ");
    char *move = g_strndup(hint, strcspn(hint, " ,\n"));
    char *input = g_strdup_printf("%s\nundo\n%s\n", move, move);
    runner_run_free(r);
    r = runner_run_text(*state, input, hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Took back 1 move."));
    runner_assert_record_moves(*state, RECORD, move);
    g_free(input);
    g_free(move);
    runner_run_free(r);
}

/* `position` prints the position string, and a game started from it with
 * --position is in that position: the same string, the same legal moves. */
static void test_position_command_round_trips(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nelephant:c5d4\nposition\nposition now\nmoves\n",
                                 hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "'position' takes nothing after it: 'now' is left over."));
    const char *found = strstr(r->out, "Position: ");
    assert_non_null(found);
    found += strlen("Position: ");
    char *text = g_strndup(found, strcspn(found, "\n"));
    const char *moves = strstr(r->out, "Legal moves (");
    assert_non_null(moves);
    char *legal = g_strndup(moves, strcspn(moves, "\n"));
    runner_run_free(r);

    const char *const args[] = { "play", "onitama", "--hotseat", "--position", text,
                                 "--record", "again.dojo", NULL };
    r = runner_run_text(*state, "position\nmoves\n", args);
    assert_int_equal(r->exit_code, 0);
    char *expected = g_strdup_printf("Position: %s\n", text);
    assert_non_null(strstr(r->out, expected));
    assert_non_null(strstr(r->out, legal));
    /* the start position's string is another one */
    assert_null(strstr(text, "ox:d1d2"));
    g_free(expected);
    g_free(legal);
    g_free(text);
    runner_run_free(r);
}

static void test_against_the_computer_and_undo(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--play-as", "BLUE", "--level", "1",
                                 "--time", "1000", "--cards", CARDS, "--record", RECORD,
                                 "--force", NULL };
    DojoRun *r = runner_run_text(*state, "ox:d1d2\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "Red plays "), 1);
    assert_int_equal(runner_count_containing(r->out, "Red thought: depth"), 1);
    char *players = g_strdup_printf("Blue: a person; Red: the computer at level 1 (about %d "
                                    "Elo).", dj_level_elo(dj_registry_find("onitama"), 1));
    assert_int_equal(runner_count_containing(r->out, players), 1);
    g_free(players);
    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 2);
    assert_string_equal(dj_game_tag(game, "Blue"), "human");
    assert_string_equal(dj_game_tag(game, "Red"), "dojo level 1");
    dj_game_free(game);
    runner_run_free(r);

    /* undo takes back the computer's reply and the person's move. */
    r = runner_run_text(*state, "ox:d1d2\nundo\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Took back 2 moves."));
    game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 0);
    dj_game_free(game);
    runner_run_free(r);
}

static void test_computer_moves_first_for_play_as_side_1(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--play-as", "red", "--level", "1",
                                 "--time", "1000", "--cards", CARDS, "--record", RECORD,
                                 "--force", NULL };
    DojoRun *r = runner_run_text(*state, "", args);
    assert_int_equal(r->exit_code, 0);
    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 1);
    assert_string_equal(dj_game_tag(game, "Blue"), "dojo level 1");
    assert_string_equal(dj_game_tag(game, "Red"), "human");
    dj_game_free(game);
    runner_run_free(r);
}

static void test_computer_against_itself_to_the_end(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--watch", "--level", "1", "--time", "20",
                                 "--seed", "3", "--max-plies", "8", "--record", RECORD, NULL };
    DojoRun *r = runner_run_text(*state, NULL, args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Game over: "));
    DjGame *game = runner_load_record(*state, RECORD);
    assert_true(dj_game_length(game) <= 8);
    assert_int_not_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    if (dj_game_length(game) == 8 && dj_game_outcome(game) == DJ_OUTCOME_DRAW)
        assert_non_null(strstr(r->out, "the move limit of 8 plies was reached"));
    dj_game_free(game);
    runner_run_free(r);
}

/* --engine mcts: the computer plays by MCTS, each move a legal one (the
 * record loads), at level 3: 512 playouts a move, whatever the clock. */
static void test_computer_against_itself_by_mcts(void **state)
{
    runner_require_variant("ogi");
    const char *const args[] = { "play", "ogi", "--watch", "--engine", "mcts", "--level", "3",
                                 "--time", "100000", "--seed", "3", "--max-plies", "6",
                                 "--record", RECORD, NULL };
    DojoRun *r = runner_run_text(*state, NULL, args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Game over: "));
    assert_non_null(strstr(r->out, "nodes 512 "));
    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 6);
    dj_game_free(game);
    runner_run_free(r);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_play PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_hotseat_game_to_a_win, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_computer_against_itself_by_mcts, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_bad_lines_get_one_message_each, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_quit_and_end_of_input_keep_the_game, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_commands, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_position_command_round_trips, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_against_the_computer_and_undo, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_computer_moves_first_for_play_as_side_1, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_computer_against_itself_to_the_end, runner_make_dir,
                                        runner_remove_dir),
    };
    return cmocka_run_group_tests_name("frontend play", tests, NULL, NULL);
}
