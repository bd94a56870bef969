/* test_messages.c: exit codes and messages that say what went wrong, in the
 * user's own words: output that cannot be written, numbers and positions
 * out of range, stray words, conflicting options, text that is not UTF-8,
 * save errors, damaged records, control characters. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib.h>

#include "framework/registry.h"
#include "tests/frontend/runner.h"
#include "tests/support/gerror_assert.h"

#define CARDS "ox,boar,horse,elephant,crab"
#define START "ssmss/5/5/5/SSMSS b " CARDS

static DojoRun *run(const char *dir, const char *input, const char *const *args)
{
    DojoRun *r = runner_run_text(dir, input, args);
    assert_int_equal(r->signal, 0);
    return r;
}

static const char *const hotseat[] = { "play", "onitama", "--hotseat", "--cards", CARDS, NULL };

/* ---- 10. output that cannot be written ------------------------------------------- */

/* Run dojo with its standard output going to /dev/full; its exit code,
 * and its standard error in *err. */
static int run_into_full_disk(const char *dir, const char *const *args, char **err)
{
    GSubprocessLauncher *launcher = g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_subprocess_launcher_set_stdout_file_path(launcher, "/dev/full");
    g_subprocess_launcher_set_cwd(launcher, dir);
    g_subprocess_launcher_setenv(launcher, "DOJO_HOME", dir, TRUE);
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)runner_exe());
    for (int i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    GError *error = NULL;
    GSubprocess *process = g_subprocess_launcher_spawnv(launcher,
                                                        (const char *const *)argv->pdata, &error);
    assert_no_gerror(error);
    char *err_text = NULL;
    assert_true(g_subprocess_communicate_utf8(process, NULL, NULL, NULL, &err_text, &error));
    assert_no_gerror(error);
    assert_true(g_subprocess_get_if_exited(process));
    int code = g_subprocess_get_exit_status(process);
    *err = err_text;
    g_object_unref(process);
    g_object_unref(launcher);
    g_ptr_array_free(argv, TRUE);
    return code;
}

static void test_output_that_cannot_be_written_fails(void **state)
{
    runner_require_variant("onitama");
    runner_require_variant("ogi");
    const char *const commands[][6] = {
        { "list", NULL },
        { "perft", "ogi", "2", NULL },
        { "perft", "onitama", "1", "--cards", CARDS, NULL },
        /* GOption writes help itself, then ends the program. */
        { "help", "match", NULL },
        { "match", "--help", NULL },
        { "perft", "-h", NULL },
        { "--help", NULL },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        char *err = NULL;
        int code = run_into_full_disk(*state, commands[i], &err);
        assert_int_equal(code, 1);
        assert_int_equal(runner_count_containing(err, "cannot write the output"), 1);
        g_free(err);
    }
}

/* spsa --output does not replace a file of the user's unasked: refused
 * before any game (no engine is started). */
static void test_spsa_output_refuses_an_existing_file(void **state)
{
    runner_require_variant("onitama");
    runner_write_file(*state, "w.txt", "my weights\n");
    DojoRun *r = run(*state, NULL, (const char *const[]){
        "spsa", "onitama", "--iterations", "2", "--nodes", "10", "--output", "w.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err, "dojo spsa: cannot save the weights in w.txt: the file exists "
                                "already; add --force to replace it\n");
    runner_run_free(r);
    char *kept = runner_read_file(*state, "w.txt");
    assert_string_equal(kept, "my weights\n");
    g_free(kept);
}

/* ---- 11 to 15. the command line ----------------------------------------------- */

static void test_a_negative_depth_says_what_depth_is_wanted(void **state)
{
    runner_require_variant("onitama");
    const char *args[] = { "perft", "onitama", "-1", NULL };
    DojoRun *r = run(*state, NULL, args);
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "DEPTH must be 1 or more"));
    assert_null(strstr(r->err, "Unknown option"));
    runner_run_free(r);
}

static void test_a_rank_too_long_says_so(void **state)
{
    runner_require_variant("onitama");
    const char *args[] = { "perft", "onitama", "1", "--position",
                           "ssmss/6/5/5/SSMSS b " CARDS, NULL };
    DojoRun *r = run(*state, NULL, args);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "rank 4 covers more than 5 squares"));
    assert_null(strstr(r->err, "not a piece"));
    runner_run_free(r);
}

static void test_words_left_over_are_named(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = run(*state, "ox a1a2 extra\nhint extra\nquit now\nquit\n", hotseat);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "'extra' is left over after the move"));
    assert_non_null(strstr(r->out, "'hint' takes nothing after it: 'extra' is left over."));
    assert_non_null(strstr(r->out, "'quit' takes nothing after it: 'now' is left over."));
    /* "quit now" did not stop the game: the last "quit" did. */
    assert_int_equal(runner_count_containing(r->out, "the game is kept in"), 1);
    runner_run_free(r);

    const char *cards[] = { "perft", "onitama", "1", "--cards", CARDS " extra", NULL };
    r = run(*state, NULL, cards);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "'extra' is left over after the card 'crab'"));
    runner_run_free(r);
}

static void test_conflicting_options_are_refused(void **state)
{
    runner_require_variant("onitama");
    const char *const cases[][9] = {
        { "perft", "onitama", "1", "--cards", CARDS, "--position", START, NULL },
        { "perft", "onitama", "1", "--cards", CARDS, "--deck", "base", NULL },
        { "perft", "onitama", "1", "-o", "cards=" CARDS, "-o", "cards=" CARDS, NULL },
        { "play", "onitama", "--cards", CARDS, "--position", START, NULL },
    };
    const char *const why[] = { "--position gives the whole position", "not both",
                                "given twice", "--position gives the whole position" };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = run(*state, NULL, cases[i]);
        assert_int_equal(r->exit_code, 2);
        assert_non_null(strstr(r->err, why[i]));
        runner_run_free(r);
    }
}

static void test_an_option_that_is_not_utf8_is_named(void **state)
{
    runner_require_variant("onitama");
    const char *args[] = { "perft", "onitama", "1", "--cards", "ox,\xff", NULL };
    DojoRun *r = run(*state, NULL, args);
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "the value of --cards is not valid text"));
    runner_run_free(r);
    const char *joined[] = { "perft", "onitama", "1", "--position=\xfe", NULL };
    r = run(*state, NULL, joined);
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "the value of --position is not valid text"));
    runner_run_free(r);
}

/* ---- 16. save errors ----------------------------------------------------------- */

/* Run dojo in `dir` with `args` and no input: it must fail (exit 1) and
 * its whole standard error must be the one line `expected`, followed by
 * the system's words for `errsv` when that is not 0. */
static void expect_one_error_line(const char *dir, const char *const *args,
                                  const char *expected, int errsv)
{
    DojoRun *r = run(dir, NULL, args);
    assert_int_equal(r->exit_code, 1);
    char *line = g_strconcat(expected, errsv != 0 ? g_strerror(errsv) : "", "\n", NULL);
    assert_string_equal(r->err, line);
    g_free(line);
    runner_run_free(r);
}

/* Whether `text` has exactly one line that is `expected`, followed by the
 * system's words for `errsv` when that is not 0. */
static bool has_one_line(const char *text, const char *expected, int errsv)
{
    char *line = g_strconcat(expected, errsv != 0 ? g_strerror(errsv) : "", NULL);
    bool one = runner_count_line(text, line) == 1;
    g_free(line);
    return one;
}

static void test_a_save_error_names_the_file_once(void **state)
{
    runner_require_variant("onitama");
    runner_write_file(*state, "notes.txt", "my notes\n");
    /* a folder that is not there, and a "folder" that is a file: no user,
     * not even root, can write there */
    DojoRun *r = run(*state, "ox:d1d2\nsave nowhere/s.dojo\nsave notes.txt/s.dojo\nquit\n",
                     hotseat);
    assert_int_equal(r->exit_code, 0);
    assert_true(has_one_line(r->out, "Cannot save nowhere/s.dojo: ", ENOENT));
    assert_true(has_one_line(r->out, "Cannot save notes.txt/s.dojo: ", ENOTDIR));
    assert_int_equal(runner_count_containing(r->out, "s.dojo."), 0);   /* a temporary name */
    runner_run_free(r);

    /* --record to such a place: refused before the game starts */
    const char *record[] = { "play", "onitama", "--hotseat", "--cards", CARDS, "--record",
                             "notes.txt/s.dojo", NULL };
    expect_one_error_line(*state, record,
                          "dojo play: cannot record the game in notes.txt/s.dojo: ", ENOTDIR);
}

/* What a user reads when a record cannot be loaded: one line, the path
 * once, no message wrapped in another. */
#define MALFORMED "line 1: the record does not say which game it is (no [Variant \"...\"] tag)"

static void test_a_load_error_is_one_clear_line(void **state)
{
    runner_require_variant("onitama");
    runner_write_file(*state, "bad.dojo", "hello world\n");
    expect_one_error_line(*state, (const char *const[]){ "review", "missing.dojo", NULL },
                          "dojo review: cannot review missing.dojo: ", ENOENT);
    expect_one_error_line(*state, (const char *const[]){ "review", "bad.dojo", NULL },
                          "dojo review: cannot review bad.dojo: " MALFORMED, 0);
    expect_one_error_line(*state, (const char *const[]){ "play", "--resume", "bad.dojo", NULL },
                          "dojo play: cannot resume bad.dojo: " MALFORMED, 0);

    DojoRun *r = run(*state, "load missing.dojo\nload bad.dojo\nquit\n", hotseat);
    assert_int_equal(r->exit_code, 0);
    assert_true(has_one_line(r->out, "Cannot load missing.dojo: ", ENOENT));
    assert_true(has_one_line(r->out, "Cannot load bad.dojo: " MALFORMED, 0));
    assert_int_equal(runner_count_containing(r->out, "missing.dojo"), 1);
    assert_int_equal(runner_count_containing(r->out, "bad.dojo"), 1);
    runner_run_free(r);
}

static void test_a_bad_position_is_one_clear_line(void **state)
{
    runner_require_variant("onitama");
    expect_one_error_line(*state,
                          (const char *const[]){ "play", "onitama", "--position", "xx", NULL },
                          "dojo play: bad position: expected a board, the side to move and "
                          "five cards, like '" START "'", 0);
    /* in a record's Position tag: where it is, then the same words, once */
    runner_write_file(*state, "badpos.dojo", "[Variant \"onitama\"]\n[Position \"xx\"]\n\n"
                                             "1. ox:d1d2\n");
    expect_one_error_line(*state, (const char *const[]){ "review", "badpos.dojo", NULL },
                          "dojo review: cannot review badpos.dojo: line 2: bad position: "
                          "expected a board, the side to move and five cards, like '"
                          START "'", 0);
    if (dj_registry_find("ogi") != NULL)
        expect_one_error_line(*state,
                              (const char *const[]){ "analyze", "ogi", "--position", "xx", NULL },
                              "dojo analyze: bad position: the position string needs the side "
                              "to move ('b' or 'w') after the board", 0);
}

/* ---- 17. damaged records ---------------------------------------------------------- */

static void test_record_errors_are_short_and_to_the_point(void **state)
{
    runner_require_variant("onitama");
    runner_require_variant("ogi");
    GString *text = g_string_new("[Variant \"onitama\"]\n[Position \"" START "\"]\n\n1. ");
    for (int i = 0; i < 2 << 20; i++)
        g_string_append_c(text, 'x');
    g_string_append_c(text, '\n');
    runner_write_file(*state, "long.dojo", text->str);
    g_string_free(text, TRUE);
    const char *args[] = { "play", "--resume", "long.dojo", NULL };
    DojoRun *r = run(*state, NULL, args);
    assert_int_equal(r->exit_code, 1);
    assert_true(strlen(r->err) < 300);
    assert_non_null(strstr(r->err, "xxx..."));
    runner_run_free(r);

    /* A byte-order mark before the tags. */
    runner_write_file(*state, "bom.dojo",
               "\xEF\xBB\xBF[Variant \"onitama\"]\n[Position \"" START "\"]\n\n1. ox:d1d2\n");
    const char *bom[] = { "play", "--resume", "bom.dojo", "--hotseat", NULL };
    r = run(*state, "quit\n", bom);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "(Onitama, 1 move played)"));
    runner_run_free(r);

    /* No Position tag, in a game whose start is dealt at random. */
    runner_write_file(*state, "nopos.dojo", "[Variant \"onitama\"]\n\n1. ox:d1d2\n");
    const char *nopos[] = { "play", "--resume", "nopos.dojo", NULL };
    r = run(*state, NULL, nopos);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "no [Position"));
    assert_null(strstr(r->err, "card"));
    runner_run_free(r);
    /* ... while a game that always starts alike needs none. */
    runner_write_file(*state, "ogi.dojo", "[Variant \"ogi\"]\n\n1. c3c4\n");
    r = run(*state, "load ogi.dojo\nquit\n", hotseat);
    assert_non_null(strstr(r->out, "Loaded ogi.dojo (\xC5\x8Cgi, 1 move played)."));
    runner_run_free(r);
}

/* ---- 18 and 19. echoed input -------------------------------------------------------- */

static void test_echoed_input_is_printable_and_as_typed(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = run(*state, "\xE2\x80\xAEox:d1d2\x1B[31m\nP*e5\nquit\n", hotseat);
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->out, "\xE2\x80\xAE"));   /* the right-to-left override */
    assert_null(strstr(r->out, "\x1B["));
    assert_non_null(strstr(r->out, "'P' is not a square"));
    runner_run_free(r);
}

/* Text from a file is quoted without the characters that would change how
 * the terminal shows the rest: C1 controls, direction overrides, line
 * separators, zero-width and unassigned characters. */
static void test_quoted_file_text_is_printable(void **state)
{
    const char *unseen[] = {
        "\xc2\x85", "\xc2\x9b", "\xe2\x80\xae", "\xe2\x80\xa8", "\xe2\x80\xa9",
        "\xe2\x80\x8b", "\xef\xbb\xbf", "\xcd\xb8", "\x1b",
    };
    GString *name = g_string_new("x");
    for (size_t i = 0; i < G_N_ELEMENTS(unseen); i++)
        g_string_append_printf(name, "%sx", unseen[i]);
    char *record = g_strdup_printf("[Variant \"%s\"]\n\n1. a1\n", name->str);
    runner_write_file(*state, "odd.dojo", record);
    DojoRun *r = run(*state, NULL, (const char *const[]){ "review", "odd.dojo", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_true(g_utf8_validate(r->err, -1, NULL));
    assert_non_null(strstr(r->err, "x?x?x?x?x?x?x?x?x?x"));
    for (size_t i = 0; i < G_N_ELEMENTS(unseen); i++)
        if (strstr(r->err, unseen[i]) != NULL)
            fail_msg("character %zu was printed as it is: %s", i, r->err);
    runner_run_free(r);
    g_free(record);
    g_string_free(name, TRUE);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_messages PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
#define T(name) cmocka_unit_test_setup_teardown(name, runner_make_dir, runner_remove_dir)
    const struct CMUnitTest tests[] = {
        T(test_output_that_cannot_be_written_fails),
        T(test_spsa_output_refuses_an_existing_file),
        T(test_quoted_file_text_is_printable),
        T(test_a_negative_depth_says_what_depth_is_wanted),
        T(test_a_rank_too_long_says_so),
        T(test_words_left_over_are_named),
        T(test_conflicting_options_are_refused),
        T(test_an_option_that_is_not_utf8_is_named),
        T(test_a_save_error_names_the_file_once),
        T(test_a_load_error_is_one_clear_line),
        T(test_a_bad_position_is_one_clear_line),
        T(test_record_errors_are_short_and_to_the_point),
        T(test_echoed_input_is_printable_and_as_typed),
    };
#undef T
    return cmocka_run_group_tests_name("frontend messages", tests, NULL, NULL);
}
