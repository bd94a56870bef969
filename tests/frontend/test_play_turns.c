/* test_play_turns.c: `dojo play` through pipes, as issue 63 changed it:
 * one board a turn, the legend only in `help`, a pause between the moves
 * of computers (--delay), clocks (--tc, --byoyomi) kept in the record and
 * resumed, and `resign` asked twice. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib.h>

#include "framework/game_history.h"
#include "tests/frontend/runner.h"

#define CARDS "ox,boar,horse,elephant,crab"
#define RECORD "game.dojo"
#define RANK_5 " 5 |"    /* a line of Onitama's board: one per board drawn (a5 may be marked) */

static int count_boards(const char *text)
{
    return runner_count_containing(text, RANK_5);
}

/* Against the computer: the board before each of the person's prompts,
 * none between the person's move and the computer's reply (which is
 * announced in one line); each board is followed by its turn line. */
static void test_one_board_a_turn(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--play-as", "blue", "--level", "1",
                                 "--time", "50", "--cards", CARDS, "--record", RECORD, NULL };
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "Blue plays "), 1);
    assert_int_equal(runner_count_containing(r->out, "Red plays "), 1);
    /* the start, then after Red's reply: two, where there were three */
    assert_int_equal(count_boards(r->out), 2);
    assert_int_equal(runner_count_containing(r->out, "Move 1: Blue to move (human)."), 1);
    assert_int_equal(runner_count_containing(r->out, "Move 2: Blue to move (human)."), 1);
    assert_int_equal(runner_count_containing(r->out, "(computer)."), 0);
    /* between Blue's move and Red's reply, no board */
    const char *blue = strstr(r->out, "Blue plays ");
    const char *red = strstr(r->out, "Red plays ");
    assert_true(blue != NULL && red != NULL && blue < red);
    char *between = g_strndup(blue, (gsize)(red - blue));
    assert_int_equal(count_boards(between), 0);
    g_free(between);
    runner_run_free(r);

    /* `board` asks for it again; two people see it before every move */
    r = runner_run_text(*state, "board\nox:d1d2\n",
                        (const char *const[]){ "play", "onitama", "--hotseat", "--cards",
                                               CARDS, "--record", RECORD, "--force", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(count_boards(r->out), 3);
    runner_run_free(r);
}

/* Watching: a board after every move. */
static void test_watching_draws_every_move(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--watch", "--level", "1", "--time", "20",
                                 "--seed", "3", "--max-plies", "4", "--record", RECORD, NULL };
    DojoRun *r = runner_run_text(*state, NULL, args);
    assert_int_equal(r->exit_code, 0);
    DjGame *game = runner_load_record(*state, RECORD);
    int plies = dj_game_length(game);
    assert_true(plies >= 1);
    assert_int_equal(count_boards(r->out), plies + 1);
    dj_game_free(game);
    runner_run_free(r);
}

/* The legend of the board's signs is in `help`, not under each board. */
static void test_legend_only_in_help(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--hotseat", "--cards", CARDS, "--record",
                                 RECORD, "--force", NULL };
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nelephant:c5d4\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->out, "Legend"));
    runner_run_free(r);

    r = runner_run_text(*state, "help\n", args);
    assert_int_equal(r->exit_code, 0);
    const char *commands = strstr(r->out, "Commands (one per line):");
    const char *legend = strstr(r->out, "Legend");
    assert_non_null(commands);
    assert_non_null(legend);
    assert_true(legend > commands);   /* after the list of commands */
    assert_int_equal(runner_count_containing(r->out, "Legend"), 1);
    runner_run_free(r);
}

/* --delay is taken (0 to 60000) when only computers play; from a pipe the
 * pause ignores what the input holds (keys are a person's, at a
 * terminal): a "q" piped in does not stop the game, which plays on to its
 * end. */
static void test_delay_between_computer_moves(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--watch", "--level", "1", "--time", "20",
                                 "--seed", "3", "--max-plies", "3", "--delay", "10",
                                 "--record", RECORD, NULL };
    DojoRun *r = runner_run_text(*state, "q\n\nq\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Game over: "));
    assert_null(strstr(r->out, "Paused"));
    runner_run_free(r);

    /* both sides computers without --watch: the same */
    const char *const sides[] = { "play", "onitama", "--side0", "1", "--side1", "1", "--time",
                                  "20", "--max-plies", "2", "--delay", "0", "--record",
                                  RECORD, NULL };
    r = runner_run_text(*state, "q\n", sides);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Game over: "));
    runner_run_free(r);

    const char *const bad[] = { "-1", "60001", "soon", "" };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        r = runner_run_text(*state, NULL, (const char *const[]){ "play", "onitama", "--watch",
                                                                 "--delay", bad[i], NULL });
        assert_int_equal(r->exit_code, 2);
        assert_non_null(strstr(r->err, "--delay"));
        runner_run_free(r);
    }
}

/* --tc and --byoyomi typed wrong are usage errors naming the option. */
static void test_clock_options_checked(void **state)
{
    runner_require_variant("onitama");
    const char *const tcs[] = { "abc", "0", "5+x", "0:61", "-5", "1441" };
    for (size_t i = 0; i < G_N_ELEMENTS(tcs); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "play", "onitama", "--hotseat", "--tc", tcs[i], NULL });
        if (r->exit_code != 2 || strstr(r->err, "--tc") == NULL)
            fail_msg("--tc %s: exit %d: %s", tcs[i], r->exit_code, r->err);
        assert_null(runner_single_record(*state));   /* no game was started */
        runner_run_free(r);
    }
    const char *const periods[] = { "0", "3601", "1.5" };
    for (size_t i = 0; i < G_N_ELEMENTS(periods); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "play", "onitama", "--hotseat", "--byoyomi", periods[i], NULL });
        assert_int_equal(r->exit_code, 2);
        assert_non_null(strstr(r->err, "--byoyomi"));
        runner_run_free(r);
    }
}

/* Run dojo with `args` in `dir`, its input a pipe on which `line` comes
 * only after `wait_ms`, as from a person who thinks that long. */
static char *run_with_late_line(const char *dir, const char *const *args, int wait_ms,
                                const char *line)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)runner_exe());
    for (size_t i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    GSubprocessLauncher *launcher = g_subprocess_launcher_new(
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
    g_subprocess_launcher_set_cwd(launcher, dir);
    g_subprocess_launcher_setenv(launcher, "DOJO_HOME", dir, TRUE);
    GError *error = NULL;
    GSubprocess *process = g_subprocess_launcher_spawnv(
        launcher, (const char *const *)argv->pdata, &error);
    assert_non_null(process);
    g_usleep((gulong)wait_ms * 1000);
    GOutputStream *in = g_subprocess_get_stdin_pipe(process);
    assert_true(g_output_stream_write_all(in, line, strlen(line), NULL, NULL, NULL));
    g_output_stream_close(in, NULL, NULL);
    GInputStream *from = g_subprocess_get_stdout_pipe(process);
    GString *out = g_string_new(NULL);
    char buffer[4096];
    gssize n;
    while ((n = g_input_stream_read(from, buffer, sizeof buffer, NULL, NULL)) > 0)
        g_string_append_len(out, buffer, n);
    assert_true(g_subprocess_wait_check(process, NULL, NULL));
    g_object_unref(process);
    g_object_unref(launcher);
    g_ptr_array_free(argv, TRUE);
    return g_string_free(out, FALSE);
}

/* A person with one second on the clock who types a move after 1.5 s
 * loses on time, and the move is not played. */
static void test_person_loses_on_time(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--play-as", "blue", "--level", "1",
                                 "--cards", CARDS, "--tc", "0:01+0", "--record", RECORD, NULL };
    char *out = run_with_late_line(*state, args, 1500, "ox:d1d2\n");
    assert_non_null(strstr(out, "Move 1: Blue to move (human).  Blue 0:01.0  Red 0:01.0\n"));
    assert_non_null(strstr(out, "Game over: Red wins (Blue ran out of time). Result 0-1."));
    assert_null(strstr(out, "Blue plays"));
    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 0);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE1);
    assert_string_equal(dj_game_outcome_reason(game), "Blue ran out of time");
    assert_string_equal(dj_game_tag(game, "BlueClock"), "0:00.000");
    dj_game_free(game);
    g_free(out);
}

/* The clocks are in the record with every move, and --resume goes on with
 * them (their tags, as written, shown in the turn line and `history`). */
static void test_clocks_kept_and_resumed(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--play-as", "blue", "--level", "1",
                                 "--cards", CARDS, "--tc", "5+3", "--byoyomi", "10",
                                 "--record", RECORD, NULL };
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nhistory\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Move 1: Blue to move (human).  Blue 5:00  Red 5:00\n"));
    assert_non_null(strstr(r->out, "Clocks: Blue "));
    runner_run_free(r);
    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 2);
    assert_string_equal(dj_game_tag(game, "TimeControl"), "300+3");
    assert_string_equal(dj_game_tag(game, "Byoyomi"), "10");
    /* each side moved once well within its time: 5 minutes, less a little,
     * plus 3 seconds */
    assert_true(g_str_has_prefix(dj_game_tag(game, "BlueClock"), "5:0"));
    assert_true(g_str_has_prefix(dj_game_tag(game, "RedClock"), "5:0"));
    dj_game_free(game);

    /* the clocks as recorded are the clocks resumed */
    char *text = runner_read_file(*state, RECORD);
    char *start = strstr(text, "[BlueClock \"");
    assert_non_null(start);
    start += strlen("[BlueClock \"");
    char *end = strchr(start, '"');
    GString *edited = g_string_new_len(text, start - text);
    g_string_append(edited, "1:23.456");
    g_string_append(edited, end);
    runner_write_file(*state, RECORD, edited->str);
    r = runner_run_text(*state, "history\nquit\n",
                        (const char *const[]){ "play", "--resume", RECORD, NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Move 2: Blue to move (human).  Blue 1:23  Red 5:0"));
    assert_non_null(strstr(r->out, "Clocks: Blue 1:23  Red 5:0"));
    runner_run_free(r);
    game = runner_load_record(*state, RECORD);
    assert_string_equal(dj_game_tag(game, "TimeControl"), "300+3");
    dj_game_free(game);
    g_string_free(edited, TRUE);
    g_free(text);
}

/* `resign` asks; only a second `resign` right after it resigns. */
static void test_resign_is_confirmed(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--hotseat", "--cards", CARDS, "--record",
                                 RECORD, NULL };
    /* asked, then cancelled by a move (which is played), then asked and
     * confirmed by Red */
    DojoRun *r = runner_run_text(*state, "resign\nox:d1d2\nresign\nmoves\nresign\nresign\n",
                                 args);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_line(r->out, "Resign the game? Type 'resign' again to "
                                               "confirm."), 3);
    assert_non_null(strstr(r->out, "Legal moves ("));
    assert_non_null(strstr(r->out, "Game over: Blue wins (Red resigned). Result 1-0."));
    DjGame *game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_length(game), 1);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_free(game);
    runner_run_free(r);

    /* a single resign at the end of the input resigns nothing */
    r = runner_run_text(*state, "resign\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->out, "Game over"));
    game = runner_load_record(*state, RECORD);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    dj_game_free(game);
    runner_run_free(r);
}

/* `new` keeps the game and starts another with the same settings, in a
 * journal of its own. */
static void test_new_game(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--hotseat", "--cards", CARDS, NULL };
    DojoRun *r = runner_run_text(*state, "ox:c1c2\nnew\nox:c1c2\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "A new game: the game is kept in "), 1);
    assert_int_equal(runner_count_containing(r->out, "A new game, recorded in "), 1);
    /* the same move is legal again: the new game starts from the start */
    assert_int_equal(runner_count_containing(r->out, "Blue plays ox:c1c2"), 2);
    /* two journals: the first game's and the new one's */
    g_autofree char *games = g_build_filename(*state, "games", NULL);
    GDir *dir = g_dir_open(games, 0, NULL);
    assert_non_null(dir);
    int files = 0;
    while (g_dir_read_name(dir) != NULL)
        files++;
    g_dir_close(dir);
    assert_int_equal(files, 2);
    runner_run_free(r);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_play_turns PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_one_board_a_turn, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_watching_draws_every_move, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_legend_only_in_help, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_delay_between_computer_moves, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_clock_options_checked, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_person_loses_on_time, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_clocks_kept_and_resumed, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_resign_is_confirmed, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_new_game, runner_make_dir, runner_remove_dir),
    };
    return cmocka_run_group_tests_name("frontend play turns", tests, NULL, NULL);
}
