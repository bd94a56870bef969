/* test_bench_arguments.c: a benchmark given a bad number says which and
 * what it wants, and exits 2 at once, without running. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

/* The programs' paths, in the order meson passes them. */
enum { PERFT, SEARCH, MCTS, SOAK, N_PROGRAMS };
static const char *programs[N_PROGRAMS];

/* Run program `which` with `args` (NULL-terminated): it must exit 2 and say,
 * on standard error, each of the NULL-terminated `words`. */
static void expect_refused(int which, const char *const *args, const char *const *words)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)programs[which]);
    for (int i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    GError *error = NULL;
    GSubprocess *process = g_subprocess_newv((const char *const *)argv->pdata,
                                             G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                                 | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                                             &error);
    if (process == NULL)
        fail_msg("cannot start %s: %s", programs[which], error->message);
    char *err = NULL;
    if (!g_subprocess_communicate_utf8(process, NULL, NULL, NULL, &err, &error))
        fail_msg("cannot read from %s: %s", programs[which], error->message);
    char *joined = g_strjoinv(" ", (char **)args);
    if (!g_subprocess_get_if_exited(process) || g_subprocess_get_exit_status(process) != 2)
        fail_msg("%s %s did not exit with 2 (status %d): %s", programs[which], joined,
                 g_subprocess_get_status(process), err);
    for (int i = 0; words[i] != NULL; i++)
        if (strstr(err, words[i]) == NULL)
            fail_msg("%s %s: the message does not say '%s': %s", programs[which], joined,
                     words[i], err);
    g_free(joined);
    g_free(err);
    g_object_unref(process);
    g_ptr_array_free(argv, TRUE);
}

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void test_time_arguments(void **state)
{
    (void)state;
    const int timed[] = { SEARCH, MCTS };
    for (size_t i = 0; i < G_N_ELEMENTS(timed); i++) {
        const char *bad[] = { "abc", "-1", "0", "2x", "nan", "inf", "0x10", " 2", "", "1e9" };
        for (size_t b = 0; b < G_N_ELEMENTS(bad); b++) {
            char *quoted = g_strdup_printf("'%s'", bad[b]);
            expect_refused(timed[i], ARGS(bad[b]), ARGS(quoted, "seconds", "usage"));
            g_free(quoted);
        }
        expect_refused(timed[i], ARGS("1", "2"), ARGS("'2'", "usage"));
    }
}

static void test_perft_arguments(void **state)
{
    (void)state;
    expect_refused(PERFT, ARGS("--slow"), ARGS("'--slow'", "--quick"));
    expect_refused(PERFT, ARGS("5"), ARGS("'5'", "--quick"));
    expect_refused(PERFT, ARGS("--quick", "--quick"), ARGS("'--quick'"));
}

static void test_soak_arguments(void **state)
{
    (void)state;
    expect_refused(SOAK, ARGS("--depth", "x"), ARGS("--depth", "x"));
    expect_refused(SOAK, ARGS("--depth", "-1"), ARGS("--depth", "-1"));
    expect_refused(SOAK, ARGS("--depth", "9999"), ARGS("--depth", "9999"));
    expect_refused(SOAK, ARGS("--shuffle", "101"), ARGS("--shuffle", "100"));
    expect_refused(SOAK, ARGS("--games", "-5"), ARGS("--games", "-5"));
    expect_refused(SOAK, ARGS("--seconds", "nan"), ARGS("--seconds"));
    expect_refused(SOAK, ARGS("--games", "99999999999999999999"), ARGS("--games"));
    expect_refused(SOAK, ARGS("4"), ARGS("'4'"));
}

int main(int argc, char **argv)
{
    if (argc != 1 + N_PROGRAMS) {
        fprintf(stderr, "usage: test_bench_arguments PERFT_BENCH SEARCH_BENCH MCTS_BENCH SOAK\n");
        return 2;
    }
    for (int i = 0; i < N_PROGRAMS; i++)
        programs[i] = argv[i + 1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_time_arguments),
        cmocka_unit_test(test_perft_arguments),
        cmocka_unit_test(test_soak_arguments),
    };
    return cmocka_run_group_tests_name("bench arguments", tests, NULL, NULL);
}
