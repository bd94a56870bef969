/* test_support.c: the test machinery itself — assert_no_gerror fails one
 * case and lets cmocka go on, and cmocka_tap hands meson a TAP stream in
 * which a skipped case is a skip, a failed case a failure and a crash an
 * error.
 *
 *   test_support CMOCKA_TAP TAP_SAMPLE   (meson passes both programs) */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>

#include "tests/support/gerror_assert.h"

static const char *cmocka_tap_path;
static const char *sample_path;

typedef struct Ran {
    int status;   /* as waitpid gives it */
    char *out;
    char *err;
} Ran;

/* Run `argv` with CMOCKA_MESSAGE_OUTPUT=TAP, collecting its output. */
static Ran run(const char *const *argv)
{
    char **env = g_environ_setenv(g_get_environ(), "CMOCKA_MESSAGE_OUTPUT", "TAP", TRUE);
    Ran ran = { 0 };
    GError *error = NULL;
    g_spawn_sync(NULL, (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL, &ran.out, &ran.err,
                 &ran.status, &error);
    assert_no_gerror(error);
    g_strfreev(env);
    return ran;
}

static void ran_clear(Ran *ran)
{
    g_free(ran->out);
    g_free(ran->err);
}

/* The lines of `text` that equal `line`. */
static int count_lines(const char *text, const char *line)
{
    char **lines = g_strsplit(text, "\n", -1);
    int n = 0;
    for (int i = 0; lines[i] != NULL; i++)
        n += strcmp(lines[i], line) == 0;
    g_strfreev(lines);
    return n;
}

static void assert_has_line(const Ran *ran, const char *line)
{
    if (count_lines(ran->out, line) != 1)
        fail_msg("expected the line \"%s\" once in:\n%s", line, ran->out);
}

/* The sample's GError case fails, and cmocka still runs the next case and
 * ends normally, counting one failure (g_assert_no_error would abort). */
static void test_assert_no_gerror_fails_one_case(void **state)
{
    (void)state;
    Ran ran = run((const char *const[]){ sample_path, NULL });
    if (!WIFEXITED(ran.status))
        fail_msg("the sample did not end normally (status %d):\n%s%s", ran.status, ran.out,
                 ran.err);
    assert_int_equal(WEXITSTATUS(ran.status), 1);
    assert_has_line(&ran, "not ok 1 - a_gerror_fails_only_its_own_case");
    assert_has_line(&ran, "ok 2 - the_next_case_runs");
    /* The failure says what the error was. */
    assert_non_null(strstr(ran.err, "a planted error"));
    assert_non_null(strstr(ran.err, "g-file-error-quark"));
    ran_clear(&ran);
}

/* Through cmocka_tap, the skipped case reads as a skip ("ok ... # SKIP");
 * the rest of the stream and the exit status are the program's, and the
 * failure's report is copied to standard error. */
static void test_cmocka_tap_reports_skips_as_skips(void **state)
{
    (void)state;
    Ran direct = run((const char *const[]){ sample_path, NULL });
    assert_has_line(&direct, "not ok 3 # SKIP a_skipped_case");

    Ran ran = run((const char *const[]){ cmocka_tap_path, sample_path, NULL });
    assert_true(WIFEXITED(ran.status));
    assert_int_equal(WEXITSTATUS(ran.status), 1);
    assert_has_line(&ran, "1..3");
    assert_has_line(&ran, "not ok 1 - a_gerror_fails_only_its_own_case");
    assert_has_line(&ran, "ok 2 - the_next_case_runs");
    assert_has_line(&ran, "ok 3 - a_skipped_case # SKIP");
    assert_null(strstr(ran.out, "not ok 3"));
    /* The failed case's report is on standard error too, where meson shows it. */
    assert_non_null(strstr(ran.err, "not ok 1 - a_gerror_fails_only_its_own_case\n# "));
    /* Every other line passes unchanged. */
    char *mended = g_strdup(direct.out);
    char *at = strstr(mended, "not ok 3 # SKIP a_skipped_case");
    assert_non_null(at);
    GString *expected = g_string_new_len(mended, at - mended);
    g_string_append(expected, "ok 3 - a_skipped_case # SKIP");
    g_string_append(expected, at + strlen("not ok 3 # SKIP a_skipped_case"));
    assert_string_equal(ran.out, expected->str);
    g_string_free(expected, TRUE);
    g_free(mended);
    ran_clear(&direct);
    ran_clear(&ran);
}

/* A program that dies mid-way fails the meson test: cmocka_tap exits with
 * 128 plus the signal, after passing on what the program wrote. */
static void test_cmocka_tap_reports_a_crash(void **state)
{
    (void)state;
    Ran ran = run((const char *const[]){ cmocka_tap_path, sample_path, "abort", NULL });
    assert_true(WIFEXITED(ran.status));
    assert_int_equal(WEXITSTATUS(ran.status), 128 + SIGABRT);
    assert_has_line(&ran, "ok 1 - the_next_case_runs");
    assert_non_null(strstr(ran.err, "killed by signal"));
    ran_clear(&ran);
}

/* A program that cannot be started fails too. */
static void test_cmocka_tap_reports_a_missing_program(void **state)
{
    (void)state;
    Ran ran = run((const char *const[]){ cmocka_tap_path, "/nonexistent/test", NULL });
    assert_true(WIFEXITED(ran.status));
    assert_int_equal(WEXITSTATUS(ran.status), 127);
    assert_string_equal(ran.out, "");
    assert_non_null(strstr(ran.err, "/nonexistent/test"));
    ran_clear(&ran);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        g_printerr("usage: test_support CMOCKA_TAP TAP_SAMPLE\n");
        return 2;
    }
    cmocka_tap_path = argv[1];
    sample_path = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_assert_no_gerror_fails_one_case),
        cmocka_unit_test(test_cmocka_tap_reports_skips_as_skips),
        cmocka_unit_test(test_cmocka_tap_reports_a_crash),
        cmocka_unit_test(test_cmocka_tap_reports_a_missing_program),
    };
    return cmocka_run_group_tests_name("test support", tests, NULL, NULL);
}
