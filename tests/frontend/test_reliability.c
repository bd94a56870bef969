/* test_reliability.c: no game lost or damaged, whatever the disk, the
 * paths or a second dojo do: a full disk, two dojo on one game, saving
 * through other paths, loading over a game, files that are not records,
 * records that never end, named pipes, huge tables. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "framework/game_history.h"
#include "tests/frontend/runner.h"
#include "tests/support/gerror_assert.h"

#define CARDS "ox,boar,horse,elephant,crab"
#define START "ssmss/5/5/5/SSMSS b " CARDS

/* A game of Onitama with the cards above, as a record without result. */
static const char two_moves_record[] =
    "[Variant \"onitama\"]\n"
    "[Blue \"human\"]\n"
    "[Red \"human\"]\n"
    "[Position \"" START "\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. ox:d1d2 elephant:c5d4\n";

/* Write the two-move record followed by `more` to `name` in `dir`. */
static void write_two_moves_and(const char *dir, const char *name, const char *more)
{
    char *text = g_strconcat(two_moves_record, more, NULL);
    runner_write_file(dir, name, text);
    g_free(text);
}

static DojoRun *run(const char *dir, const char *input, const char *const *args)
{
    DojoRun *r = runner_run_text(dir, input, args);
    if (g_getenv("DOJO_TEST_VERBOSE") != NULL)
        fprintf(stderr, "exit %d\n--- out:\n%s--- err:\n%s---\n", r->exit_code, r->out, r->err);
    assert_int_equal(r->signal, 0);
    return r;
}

/* ---- 1. a full disk ---------------------------------------------------------- */

static void test_failed_append_leaves_the_record_as_it_was(void **state)
{
    runner_require_variant("onitama");
    write_two_moves_and(*state, "game.dojo", "");
    const char *args[] = { "play", "--resume", "game.dojo", "--hotseat", NULL };
    /* Settle the file as dojo writes it, then allow it a few bytes more:
     * the next move's line cannot be written whole. */
    DojoRun *r = run(*state, "quit\n", args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *before = runner_read_file(*state, "game.dojo");
    struct rlimit old_limit;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
    struct rlimit limit = old_limit;
    limit.rlim_cur = strlen(before) + 6;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &limit), 0);
    r = runner_run_text(*state, "boar:b1b2\nquit\n", args);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old_limit), 0);
    signal(SIGXFSZ, old_handler);
    assert_int_equal(r->signal, 0);
    /* one line, naming the file once */
    char *expected = g_strdup_printf("Warning: the game record is no longer kept on disk: "
                                     "game.dojo: %s", g_strerror(EFBIG));
    assert_int_equal(runner_count_line(r->out, expected), 1);
    g_free(expected);
    runner_run_free(r);
    char *after = runner_read_file(*state, "game.dojo");
    assert_string_equal(after, before);
    g_free(after);
    g_free(before);
}

static void test_record_cut_short_resumes_up_to_its_last_whole_move(void **state)
{
    runner_require_variant("onitama");
    write_two_moves_and(*state, "cut.dojo", "2. boar:b1b2 hor");
    const char *args[] = { "play", "--resume", "cut.dojo", "--hotseat", NULL };
    DojoRun *r = run(*state, "horse:d4d3\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->err, "cut short"));
    assert_non_null(strstr(r->err, "\"hor\""));
    assert_non_null(strstr(r->out, "3 moves played"));
    assert_null(strstr(r->out, "was not played"));
    runner_run_free(r);
    runner_assert_record_moves(*state, "cut.dojo", "ox:d1d2 elephant:c5d4 boar:b1b2 horse:d4d3");
}

/* ---- 2. two dojo on one game ---------------------------------------------------- */

static void test_a_second_dojo_cannot_write_a_game_being_played(void **state)
{
    runner_require_variant("onitama");
    write_two_moves_and(*state, "game.dojo", "");
    GSubprocessLauncher *launcher = g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                              | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                              | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
    g_subprocess_launcher_set_cwd(launcher, *state);
    g_subprocess_launcher_setenv(launcher, "DOJO_HOME", *state, TRUE);
    GError *error = NULL;
    GSubprocess *first = g_subprocess_launcher_spawn(launcher, &error, runner_exe(), "play",
                                                     "--resume", "game.dojo", "--hotseat",
                                                     NULL);
    assert_no_gerror(error);
    /* The first one has the game once it asks for a move. */
    GDataInputStream *output = g_data_input_stream_new(g_subprocess_get_stdout_pipe(first));
    bool waiting = false;
    char *line;
    while (!waiting && (line = g_data_input_stream_read_line(output, NULL, NULL, &error)) != NULL) {
        waiting = g_str_has_prefix(line, "Move 2: Blue");
        g_free(line);
    }
    assert_no_gerror(error);
    assert_true(waiting);

    const char *args[] = { "play", "--resume", "game.dojo", "--hotseat", NULL };
    /* No input: it stops before reading any, and the runner would lose its
     * output to the broken pipe. */
    DojoRun *second = run(*state, NULL, args);
    assert_int_equal(second->exit_code, 1);
    assert_non_null(strstr(second->err, "game.dojo"));
    assert_non_null(strstr(second->err, "another dojo"));
    runner_run_free(second);
    /* Nor may it save over that game. */
    const char *other[] = { "play", "onitama", "--hotseat", "--cards", CARDS, NULL };
    second = run(*state, "ox:d1d2\nsave game.dojo\nquit\n", other);
    assert_non_null(strstr(second->out, "Cannot save game.dojo: this game is open in another dojo"));
    runner_run_free(second);

    GOutputStream *input = g_subprocess_get_stdin_pipe(first);
    assert_true(g_output_stream_write_all(input, "boar:b1b2\nquit\n", 15, NULL, NULL, &error));
    assert_no_gerror(error);
    g_output_stream_close(input, NULL, NULL);
    while ((line = g_data_input_stream_read_line(output, NULL, NULL, NULL)) != NULL)
        g_free(line);
    g_object_unref(output);
    assert_true(g_subprocess_wait(first, NULL, &error));
    assert_int_equal(g_subprocess_get_exit_status(first), 0);
    g_object_unref(first);
    g_object_unref(launcher);

    runner_assert_record_moves(*state, "game.dojo", "ox:d1d2 elephant:c5d4 boar:b1b2");
    /* Once it has stopped, the game can be continued again. */
    DojoRun *r = run(*state, "horse:d4d3\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    DjGame *game = runner_load_record(*state, "game.dojo");
    assert_int_equal(dj_game_length(game), 4);
    dj_game_free(game);
}

/* ---- 3. saving over the journal through another path ------------------------------ */

static void test_save_over_the_journal_through_a_linked_folder_keeps_it(void **state)
{
    runner_require_variant("onitama");
    char *link = g_build_filename(*state, "linked", NULL);
    assert_int_equal(symlink(".", link), 0);
    g_free(link);
    const char *args[] = { "play", "onitama", "--hotseat", "--cards", CARDS, "--record",
                           "game.dojo", NULL };
    DojoRun *r = run(*state, "ox:d1d2\nsave linked/game.dojo\nelephant:c5d4\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Saved the game to linked/game.dojo."));
    runner_run_free(r);
    DjGame *game = runner_load_record(*state, "game.dojo");
    assert_int_equal(dj_game_length(game), 2);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    dj_game_free(game);
}

/* ---- 4. load keeps the game being played ---------------------------------------- */

static void test_load_keeps_the_game_being_played(void **state)
{
    runner_require_variant("onitama");
    runner_require_variant("ogi");
    runner_write_file(*state, "shogi.dojo",
               "[Variant \"ogi\"]\n[Result \"*\"]\n\n1. c3c4\n");
    const char *args[] = { "play", "onitama", "--hotseat", "--cards", CARDS, NULL };
    DojoRun *r = run(*state, "ox:d1d2\nload shogi.dojo\nc6c5\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->out, "was not played"));
    runner_run_free(r);
    char *games = g_build_filename(*state, "games", NULL);
    GDir *listing = g_dir_open(games, 0, NULL);
    assert_non_null(listing);
    int onitama = 0, ogi = 0;
    const char *name;
    while ((name = g_dir_read_name(listing)) != NULL) {
        if (!g_str_has_suffix(name, ".dojo"))
            continue;
        DjGame *game = runner_load_record(games, name);
        const char *variant = dj_game_variant(game)->name;
        if (g_str_has_suffix(name, "-onitama.dojo") && strcmp(variant, "onitama") == 0) {
            onitama++;
            assert_int_equal(dj_game_length(game), 1);
        } else if (g_str_has_suffix(name, "-ogi.dojo") && strcmp(variant, "ogi") == 0) {
            ogi++;
            char *moves = runner_moves_text(game);
            assert_string_equal(moves, "c3c4 c6c5");
            g_free(moves);
        } else {
            fail_msg("unexpected record %s of %s", name, variant);
        }
        dj_game_free(game);
    }
    g_dir_close(listing);
    g_free(games);
    assert_int_equal(onitama, 1);
    assert_int_equal(ogi, 1);
}

/* ---- 5. save and --record overwrite nothing but records ---------------------------- */

static void test_save_replaces_only_records_unless_told(void **state)
{
    runner_require_variant("onitama");
    runner_write_file(*state, "notes.txt", "my notes\n");
    runner_write_file(*state, "target.txt", "linked notes\n");
    char *link = g_build_filename(*state, "link.dojo", NULL);
    assert_int_equal(symlink("target.txt", link), 0);
    g_free(link);
    char *fifo = g_build_filename(*state, "pipe.dojo", NULL);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    g_free(fifo);
    runner_write_file(*state, "old.dojo", two_moves_record);

    const char *args[] = { "play", "onitama", "--hotseat", "--cards", CARDS, NULL };
    DojoRun *r = run(*state,
                     "ox:d1d2\nsave notes.txt\nsave link.dojo\nsave pipe.dojo\nsave old.dojo\n"
                     "quit\n",
                     args);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "Cannot save notes.txt"), 1);
    assert_non_null(strstr(r->out, "not a game record; use 'save! FILE' to replace it"));
    assert_int_equal(runner_count_line(r->out, "Cannot save link.dojo: not a regular file (a "
                                               "symbolic link): a game is only written to a "
                                               "plain file"), 1);
    assert_non_null(strstr(r->out, "Cannot save pipe.dojo"));
    assert_non_null(strstr(r->out, "Saved the game to old.dojo."));
    runner_run_free(r);
    char *text = runner_read_file(*state, "notes.txt");
    assert_string_equal(text, "my notes\n");
    g_free(text);
    text = runner_read_file(*state, "target.txt");
    assert_string_equal(text, "linked notes\n");
    g_free(text);
    DjGame *game = runner_load_record(*state, "old.dojo");
    assert_int_equal(dj_game_length(game), 1);
    dj_game_free(game);

    r = run(*state, "ox:d1d2\nsave! notes.txt\nquit\n", args);
    assert_non_null(strstr(r->out, "Saved the game to notes.txt."));
    runner_run_free(r);
    game = runner_load_record(*state, "notes.txt");
    assert_int_equal(dj_game_length(game), 1);
    dj_game_free(game);
}

static void test_record_option_replaces_only_records_unless_forced(void **state)
{
    runner_require_variant("onitama");
    runner_write_file(*state, "notes.txt", "my notes\n");
    const char *args[] = { "play", "onitama", "--hotseat", "--cards", CARDS, "--record",
                           "notes.txt", NULL };
    DojoRun *r = run(*state, NULL, args);
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err, "dojo play: cannot record the game in notes.txt: it exists and "
                                "is not a game record; add --force to replace it\n");
    runner_run_free(r);
    char *text = runner_read_file(*state, "notes.txt");
    assert_string_equal(text, "my notes\n");
    g_free(text);

    const char *forced[] = { "play", "onitama", "--hotseat", "--cards", CARDS, "--record",
                             "notes.txt", "--force", NULL };
    r = run(*state, "ox:d1d2\nquit\n", forced);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    DjGame *game = runner_load_record(*state, "notes.txt");
    assert_int_equal(dj_game_length(game), 1);
    dj_game_free(game);
}

/* ---- 6. resuming keeps what the record holds ------------------------------------ */

static void test_resume_keeps_comments_and_the_final_star(void **state)
{
    runner_require_variant("onitama");
    write_two_moves_and(*state, "game.dojo", "; a comment of mine\n*\n");
    const char *args[] = { "play", "--resume", "game.dojo", "--hotseat", NULL };
    DojoRun *r = run(*state, "quit\n", args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *after = runner_read_file(*state, "game.dojo");
    assert_non_null(strstr(after, "; a comment of mine\n"));
    assert_true(g_str_has_suffix(after, "\n*\n"));
    g_free(after);

    r = run(*state, "boar:b1b2\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    after = runner_read_file(*state, "game.dojo");
    assert_non_null(strstr(after, "; a comment of mine\n"));
    assert_true(g_str_has_suffix(after, "\n*\n"));
    g_free(after);
    runner_assert_record_moves(*state, "game.dojo", "ox:d1d2 elephant:c5d4 boar:b1b2");
}

/* ---- 7. a table too large ---------------------------------------------------- */

static void test_a_table_too_large_is_a_clear_error(void **state)
{
    runner_require_variant("onitama");
    const char *args[] = { "analyze", "onitama", "--cards", CARDS, "--hash", "65536",
                           "--depth", "1", NULL };
    DojoRun *r = run(*state, NULL, args);
    /* A machine with 64 GB may have it; any other says why not. */
    if (r->exit_code != 0) {
        assert_int_equal(r->exit_code, 1);
        assert_non_null(strstr(r->err, "--hash 65536"));
        assert_non_null(strstr(r->err, "memory"));
    }
    runner_run_free(r);
}

/* ---- 8 and 9. files that never end, named pipes ------------------------------------ */

static void test_a_record_that_never_ends_is_refused(void **state)
{
    runner_require_variant("onitama");
    runner_require_variant("ogi");
    char *link = g_build_filename(*state, "zero.dojo", NULL);
    assert_int_equal(symlink("/dev/zero", link), 0);
    g_free(link);
    const char *args[] = { "play", "--resume", "zero.dojo", NULL };
    DojoRun *r = run(*state, NULL, args);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "device"));
    runner_run_free(r);

    /* A huge regular file is not read to its end either. */
    char *big = g_build_filename(*state, "big.dojo", NULL);
    FILE *file = fopen(big, "w");
    assert_non_null(file);
    fputs("[Variant \"ogi\"]\n\n", file);
    for (int i = 0; i < 700000; i++)
        fputs("; pad\n", file);
    fclose(file);
    g_free(big);
    const char *hotseat[] = { "play", "onitama", "--hotseat", "--cards", CARDS, NULL };
    r = run(*state, "load big.dojo\nload zero.dojo\nquit\n", hotseat);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Cannot load big.dojo: it is longer than 4 MB"));
    assert_non_null(strstr(r->out, "Cannot load zero.dojo: it is a device"));
    runner_run_free(r);
}

static void test_named_pipes_are_not_waited_on(void **state)
{
    runner_require_variant("onitama");
    char *games = g_build_filename(*state, "games", NULL);
    assert_int_equal(g_mkdir(games, 0755), 0);
    runner_write_file(games, "20200101-000000-onitama.dojo", two_moves_record);
    char *fifo = g_build_filename(games, "20991231-000000-onitama.dojo", NULL);
    assert_int_equal(mkfifo(fifo, 0600), 0);

    const char *latest[] = { "play", "--resume", "--hotseat", NULL };
    DojoRun *r = run(*state, "quit\n", latest);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "20200101-000000-onitama.dojo"));
    runner_run_free(r);

    const char *named[] = { "play", "--resume", fifo, NULL };
    r = run(*state, NULL, named);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "named pipe"));
    runner_run_free(r);

    const char *hotseat[] = { "play", "onitama", "--hotseat", "--cards", CARDS, NULL };
    char *input = g_strdup_printf("load %s\nquit\n", fifo);
    r = run(*state, input, hotseat);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "it is a named pipe"));
    runner_run_free(r);
    g_free(input);
    g_free(fifo);
    g_free(games);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_reliability PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
#define T(name) cmocka_unit_test_setup_teardown(name, runner_make_dir, runner_remove_dir)
    const struct CMUnitTest tests[] = {
        T(test_failed_append_leaves_the_record_as_it_was),
        T(test_record_cut_short_resumes_up_to_its_last_whole_move),
        T(test_a_second_dojo_cannot_write_a_game_being_played),
        T(test_save_over_the_journal_through_a_linked_folder_keeps_it),
        T(test_load_keeps_the_game_being_played),
        T(test_save_replaces_only_records_unless_told),
        T(test_record_option_replaces_only_records_unless_forced),
        T(test_resume_keeps_comments_and_the_final_star),
        T(test_a_table_too_large_is_a_clear_error),
        T(test_a_record_that_never_ends_is_refused),
        T(test_named_pipes_are_not_waited_on),
    };
#undef T
    return cmocka_run_group_tests_name("frontend reliability", tests, NULL, NULL);
}
