/* test_spsa.c: `dojo spsa`, tuning weights by self-play: short real runs
 * of `dojo uci` against itself at a few hundred nodes a move (the file
 * they write is a weights file `dojo uci` takes, within bounds, the same
 * for the same seed), --params and --weights, usage errors, and engines
 * that cannot start, cannot take weights, crash or play illegal moves
 * (fake_uci, its path the second argument), and Ctrl-C.  No timer is
 * asserted. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "framework/params.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"

static char *fake_path;
static char *original_tmpdir;   /* TMPDIR as the test started, or NULL */

/* Each test's engines make their temporary folders in the test's own
 * folder, so that a test can see that none is left. */
static char *use_own_tmpdir(const char *dir)
{
    char *tmp = g_build_filename(dir, "tmp", NULL);
    assert_int_equal(g_mkdir(tmp, 0700), 0);
    g_setenv("TMPDIR", tmp, TRUE);
    return tmp;
}

/* Teardown: TMPDIR back as it was, and the test's folder removed. */
static int remove_dir(void **state)
{
    if (original_tmpdir != NULL)
        g_setenv("TMPDIR", original_tmpdir, TRUE);
    else
        g_unsetenv("TMPDIR");
    return runner_remove_dir(state);
}

static void assert_dir_empty(const char *path)
{
    GDir *dir = g_dir_open(path, 0, NULL);
    assert_non_null(dir);
    const char *name = g_dir_read_name(dir);
    if (name != NULL)
        fprintf(stderr, "left in %s: %s\n", path, name);
    assert_null(name);
    g_dir_close(dir);
}

static DojoRun *run_spsa(const char *dir, const char *const *args)
{
    DojoRun *run = runner_run_text(dir, NULL, args);
    if (run->exit_code != 0)
        fprintf(stderr, "dojo spsa said:\n%s%s", run->out, run->err);
    return run;
}

/* The first built game with weights to tune (SPSA tunes nothing else);
 * skips the test when none has any. */
static const DjVariant *tuned_variant(void)
{
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++)
        if ((*v)->n_params > 0 && (*v)->evaluate != NULL)
            return *v;
    fprintf(stderr, "no built game has weights: skipped\n");
    skip();
    return NULL;
}

/* Every weight of `variant` is in `text` once, within its bounds; the
 * values into `values` (n_params of them, may be NULL). */
static void assert_weights_file(const DjVariant *variant, const char *text, int *values)
{
    int *saved = dj_params_snapshot(variant);
    char **lines = runner_lines(text);
    int named = 0;
    for (int i = 0; lines[i] != NULL; i++) {
        if (lines[i][0] == '#')
            continue;
        char name[64];
        int value = 0;
        assert_int_equal(sscanf(lines[i], "%63s %d", name, &value), 2);
        const DjParam *param = dj_params_find(variant, name);
        assert_non_null(param);
        assert_true(value >= param->min && value <= param->max);
        if (values != NULL)
            values[param - variant->params] = value;
        named++;
    }
    assert_int_equal(named, variant->n_params);
    GError *error = NULL;
    assert_true(dj_params_parse(variant, text, &error));   /* the parser dojo uci uses */
    dj_params_restore(variant, saved);
    g_strfreev(lines);
    g_free(saved);
}

/* `dojo uci` loads the weights file at `path` without complaint. */
static void assert_uci_takes(const char *dir, const char *variant, const char *path)
{
    char *input = g_strdup_printf("uci\nsetoption name UCI_Variant value %s\n"
                                  "setoption name Weights value %s\nisready\nquit\n", variant,
                                  path);
    DojoRun *r = runner_run_text(dir, input, (const char *const[]){ "uci", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "readyok"));
    assert_null(strstr(r->out, "info string error"));
    runner_run_free(r);
    g_free(input);
}

static void test_short_run(void **state)
{
    runner_require_variant("onitama");
    const DjVariant *onitama = dj_registry_find("onitama");
    char *tmp = use_own_tmpdir(*state);
    DojoRun *r = run_spsa(*state, (const char *const[]){
        "spsa", "onitama", "--iterations", "3", "--nodes", "300", "--seed", "1",
        "--output", "w.txt", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_string_equal(r->out, "");   /* the weights went to the file */
    assert_non_null(strstr(r->err, "iteration 3/3  6 games"));
    char *text = runner_read_file(*state, "w.txt");
    assert_true(g_str_has_prefix(text, "# Onitama evaluation weights, tuned by SPSA (finished):\n"
                                       "#   dojo spsa onitama --iterations 3 --nodes 300 --seed 1 "
                                       "--output w.txt\n# 3 of 3 iterations, 6 games, seed 1; "
                                       "theta+ vs theta-: "));
    assert_weights_file(onitama, text, NULL);
    char *path = g_build_filename(*state, "w.txt", NULL);
    assert_uci_takes(*state, "onitama", path);
    assert_dir_empty(tmp);
    runner_run_free(r);
    g_free(path);
    g_free(text);
    g_free(tmp);
}

/* On a terminal the progress line is rewritten in place, each iteration. */
static void test_progress_on_a_terminal(void **state)
{
    const DjVariant *variant = tuned_variant();
    DojoRun *r = runner_run_on_terminal(*state, NULL, (const char *const[]){
        "spsa", variant->name, "--iterations", "2", "--nodes", "50", "--seed", "2", NULL },
        (const char *const[]){ "COLUMNS=300", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "\r\033[Kiteration 1/2  2 games  theta+ vs theta-: "));
    assert_non_null(strstr(r->out, "\r\033[Kiteration 2/2  4 games  theta+ vs theta-: "));
    assert_non_null(strstr(r->out, "# 2 of 2 iterations, 4 games, seed 2; "));
    runner_run_free(r);
}

/* Run `args` (which write w.txt) in the test's folder and in another:
 * both succeed with the same weights file to the byte, returned (g_free
 * it). */
static char *same_weights_twice(void **state, const char *const *args)
{
    char *other = runner_temp_dir();
    DojoRun *first = run_spsa(*state, args);
    DojoRun *second = run_spsa(other, args);
    assert_int_equal(first->exit_code, 0);
    assert_int_equal(second->exit_code, 0);
    char *a = runner_read_file(*state, "w.txt");
    char *b = runner_read_file(other, "w.txt");
    assert_string_equal(a, b);
    runner_run_free(first);
    runner_run_free(second);
    runner_remove_tree(other);
    g_free(other);
    g_free(b);
    return a;
}

/* The same seed, the same weights to the byte (node limits, one thread;
 * the pair's games at once or one after the other). */
static void test_same_seed_same_weights(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "spsa", "onitama", "--iterations", "6", "--nodes", "150",
                                 "--seed", "7", "--openings", "random:2", "--c-end", "0.2",
                                 "--r-end", "0.5", "--output", "w.txt", "--concurrency", "2",
                                 NULL };
    char *a = same_weights_twice(state, args);
    /* A large --r-end moves the weights off the built-in ones. */
    const DjVariant *onitama = dj_registry_find("onitama");
    int *values = g_new(int, onitama->n_params);
    int *builtin = dj_params_snapshot(onitama);
    assert_weights_file(onitama, a, values);
    assert_memory_not_equal(values, builtin, sizeof(int) * (size_t)onitama->n_params);
    g_free(a);
    g_free(values);
    g_free(builtin);
}

/* --balance judges the openings as in dojo match, with both games of a
 * pair at once (two threads drawing them), and the same seed still gives
 * the same weights. */
static void test_balanced_openings(void **state)
{
    const char *variant = tuned_variant()->name;
    const char *const args[] = { "spsa", variant, "--iterations", "3", "--nodes", "100",
                                 "--seed", "4", "--openings", "random:2", "--balance", "100",
                                 "--concurrency", "2", "--r-end", "0.5", "--output", "w.txt",
                                 NULL };
    g_free(same_weights_twice(state, args));
}

/* --params moves only the weights named; the others keep the values of
 * --weights or the built-in ones.  Without --output the file goes to
 * standard output.  The first weight of the game is fixed by --weights,
 * the second and the last are tuned (any game with three weights). */
static void test_params_and_start_weights(void **state)
{
    const DjVariant *variant = tuned_variant();
    if (variant->n_params < 3) {
        fprintf(stderr, "%s has %d weights, fewer than the 3 this needs: skipped\n",
                variant->name, variant->n_params);
        skip();
    }
    const DjParam *fixed = &variant->params[0];
    const DjParam *tuned[2] = { &variant->params[1], &variant->params[variant->n_params - 1] };
    /* a start value of the fixed weight that is not its built-in one */
    int fixed_value = *fixed->value != fixed->min ? fixed->min : fixed->max;
    char *start = g_strdup_printf("# a start\n%s %d\n%s %d\n", fixed->name, fixed_value,
                                  tuned[0]->name, tuned[0]->min);
    runner_write_file(*state, "start.txt", start);
    g_free(start);
    char *params = g_strdup_printf("%s,%s", tuned[0]->name, tuned[1]->name);
    DojoRun *r = run_spsa(*state, (const char *const[]){
        "spsa", variant->name, "--iterations", "3", "--nodes", "200", "--seed", "3",
        "--params", params, "--weights", "start.txt", "--r-end", "2", NULL });
    assert_int_equal(r->exit_code, 0);
    char *heading = g_strdup_printf("# %s evaluation weights", variant->title);
    assert_true(g_str_has_prefix(r->out, heading));
    g_free(heading);
    int *values = g_new(int, variant->n_params);
    int *builtin = dj_params_snapshot(variant);
    assert_weights_file(variant, r->out, values);
    for (int i = 0; i < variant->n_params; i++) {
        const DjParam *param = &variant->params[i];
        if (param == fixed)
            assert_int_equal(values[i], fixed_value);
        else if (param != tuned[0] && param != tuned[1])
            assert_int_equal(values[i], builtin[i]);
    }
    /* the progress names the tuned weights only */
    for (int i = 0; i < 3; i++) {
        char *word = g_strdup_printf(" %s ", i < 2 ? tuned[i]->name : fixed->name);
        if (i < 2)
            assert_non_null(strstr(r->err, word));
        else
            assert_null(strstr(r->err, word));
        g_free(word);
    }
    runner_run_free(r);
    g_free(params);
    g_free(values);
    g_free(builtin);
}

typedef struct UsageCase {
    const char *args[16];
    int exit_code;
    const char *message;
} UsageCase;

static void test_usage_errors(void **state)
{
    const char *variant = tuned_variant()->name;
    char *first_param = g_strdup(tuned_variant()->params[0].name);
    /* a good line, then a weight no game has */
    char *bad = g_strdup_printf("%s %d\nno_such_weight 3\n", first_param,
                                tuned_variant()->params[0].min);
    runner_write_file(*state, "bad.txt", bad);
    g_free(bad);
    const UsageCase cases[] = {
        { { "spsa", variant, "--nodes", "100" }, 2, "--iterations N" },
        { { "spsa", variant, "--iterations", "0", "--nodes", "100" }, 2, "--iterations" },
        { { "spsa", "--iterations", "2", "--nodes", "100" }, 2, "one VARIANT" },
        { { "spsa", variant, "--iterations", "2" }, 2, "how long may the engines think" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--movetime", "10" }, 2,
          "one of --nodes, --movetime and --tc" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--params",
            "nonsense" }, 2, first_param },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--params",
            "nonsense" }, 2, "has no weight 'nonsense'" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--params", "" }, 2,
          "--params: names no weight" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--params", " " }, 2,
          "has no weight ''" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--concurrency", "3" }, 2,
          "--concurrency" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--c-end", "0" }, 2,
          "--c-end" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--r-end", "x" }, 2,
          "--r-end" },
        { { "spsa", variant, "--iterations", "2", "--engine", "cmd=x,nodes=5", "--nodes",
            "100" }, 2, "think alike" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--openings", "sometimes" },
          2, "--openings" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--balance", "100" }, 2,
          "give --openings random:N with it" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--openings", "random:2",
            "--balance", "100", "--balance-nodes", "1" }, 2, "--balance-nodes" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--weights", "bad.txt" }, 1,
          "bad.txt: line 2" },
        { { "spsa", variant, "--iterations", "2", "--nodes", "100", "--weights", "none.txt" },
          1, "none.txt" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        const char *args[20];
        size_t n = 0;
        for (; cases[i].args[n] != NULL; n++)
            args[n] = cases[i].args[n];
        args[n++] = "--output";
        args[n++] = "w.txt";
        args[n] = NULL;
        DojoRun *r = runner_run_text(*state, NULL, args);
        if (r->exit_code != cases[i].exit_code || strstr(r->err, cases[i].message) == NULL)
            fprintf(stderr, "case %zu said (%d):\n%s", i, r->exit_code, r->err);
        assert_int_equal(r->exit_code, cases[i].exit_code);
        assert_non_null(strstr(r->err, cases[i].message));
        char *path = g_build_filename(*state, "w.txt", NULL);
        assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
        g_free(path);
        runner_run_free(r);
    }
    g_free(first_param);
}

/* An engine that fails in some way: a message that says `message`, exit
 * 1, no weights file, no engine left running, no temporary folder left. */
static void check_engine_failure(void **state, const char *engine, const char *message)
{
    char *tmp = use_own_tmpdir(*state);
    char *marker = g_strdup_printf("--marker-%d", (int)getpid());
    char *spec = g_strdup_printf(engine, fake_path, marker);
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "spsa", tuned_variant()->name, "--iterations", "3", "--nodes", "10", "--seed", "1",
        "--output",
        "w.txt", "--engine", spec, NULL });
    if (r->exit_code != 1 || strstr(r->err, message) == NULL)
        fprintf(stderr, "dojo spsa said (%d):\n%s", r->exit_code, r->err);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, message));
    char *path = g_build_filename(*state, "w.txt", NULL);
    assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
    assert_int_equal(runner_count_processes(fake_path, marker), 0);
    assert_dir_empty(tmp);
    runner_run_free(r);
    g_free(path);
    g_free(spec);
    g_free(marker);
    g_free(tmp);
}

static void test_engine_that_cannot_start(void **state)
{
    check_engine_failure(state, "cmd=/nonexistent/engine%.0s%.0s", "cannot start engine+");
}

/* An engine that exits at once (GLib may have reaped it before dojo asks
 * for its process id, which once crashed dojo and left the temporary
 * folder behind): every run says so, exits 1 and leaves nothing. */
static void test_engine_that_exits_at_once(void **state)
{
    char *tmp = use_own_tmpdir(*state);
    for (int i = 0; i < 20; i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "spsa", tuned_variant()->name, "--iterations", "3", "--nodes", "10", "--seed",
            "1", "--engine", "name=fake,cmd=/bin/false", NULL });
        if (r->exit_code != 1 || r->signal != 0)
            fail_msg("run %d: exit %d, signal %d, said:\n%s", i + 1, r->exit_code, r->signal,
                     r->err);
        assert_non_null(strstr(r->err, "dojo spsa: fake+ exited before answering 'uciok'\n"));
        assert_dir_empty(tmp);
        runner_run_free(r);
    }
    g_free(tmp);
}

static void test_engine_without_weights(void **state)
{
    check_engine_failure(state, "name=fake,cmd=%s,arg=%s", "fake offers no Weights option");
}

/* An engine that answers its weights with "info string error" would play
 * with the weights it had: the run stops instead. */
static void test_engine_that_refuses_weights(void **state)
{
    check_engine_failure(state, "name=fake,cmd=%s,arg=%s,arg=--weights-option,"
                         "arg=--refuse-weights", "refused 'setoption name Weights value ");
}

static void test_engine_that_crashes(void **state)
{
    check_engine_failure(state, "name=fake,cmd=%s,arg=%s,arg=--weights-option,arg=--exit-at,"
                         "arg=3", "crashed (its output ended)");
}

static void test_engine_that_plays_illegal_moves(void **state)
{
    check_engine_failure(state, "name=fake,cmd=%s,arg=%s,arg=--weights-option,arg=--illegal-at,"
                         "arg=2", "played an illegal move");
}

/* Under --movetime a move that comes too late loses the game, and the
 * run goes on (the late engine is started again). */
static void test_loss_on_time_is_a_result(void **state)
{
    const DjVariant *variant = tuned_variant();
    char *spec = g_strdup_printf("name=fake,cmd=%s,arg=--weights-option,arg=--sleep,arg=700",
                                 fake_path);
    DojoRun *r = run_spsa(*state, (const char *const[]){
        "spsa", variant->name, "--iterations", "1", "--movetime", "10", "--seed", "1",
        "--engine", spec, NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "# 1 of 1 iterations, 2 games, seed 1; "));
    assert_weights_file(variant, r->out, NULL);
    runner_run_free(r);
    g_free(spec);
}

/* An --output that cannot be written (here: its folder does not exist),
 * at a checkpoint or at the end, is an error, but the weights the run
 * found go to standard output instead of being lost. */
static void check_unwritable_output(void **state, const char *checkpoint, const char *kind)
{
    const DjVariant *variant = tuned_variant();
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "spsa", variant->name, "--iterations", "2", "--nodes", "20", "--seed", "1",
        "--checkpoint", checkpoint, "--output", "missing/w.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "cannot save the weights: missing/w.txt"));
    assert_non_null(strstr(r->err, "went to standard output instead"));
    assert_non_null(strstr(r->out, kind));
    assert_weights_file(variant, r->out, NULL);
    runner_run_free(r);
}

static void test_unwritable_output_at_the_end(void **state)
{
    check_unwritable_output(state, "100", "tuned by SPSA (finished)");
}

static void test_unwritable_output_at_a_checkpoint(void **state)
{
    check_unwritable_output(state, "1", "tuned by SPSA (checkpoint)");
}

/* Ctrl-C: the weights so far in --output, exit 130, no engine left. */
static void test_interrupt(void **state)
{
    const DjVariant *variant = tuned_variant();
    char *tmp = use_own_tmpdir(*state);
    char *marker = g_strdup_printf("--marker-%d", (int)getpid());
    char *spec = g_strdup_printf("name=fake,cmd=%s,arg=%s,arg=--weights-option,arg=--sleep,"
                                 "arg=5", fake_path, marker);
    DojoRun *r = runner_run_signalled(*state, (const char *const[]){
        "spsa", variant->name, "--iterations", "100000", "--nodes", "10", "--checkpoint", "1",
        "--output", "w.txt", "--engine", spec, NULL }, fake_path, marker, 2, SIGINT);
    if (r->exit_code != 130)
        fprintf(stderr, "dojo spsa said (%d):\n%s", r->exit_code, r->err);
    assert_int_equal(r->exit_code, 130);
    assert_non_null(strstr(r->err, "Interrupted after "));
    assert_int_equal(runner_count_processes(fake_path, marker), 0);
    char *text = runner_read_file(*state, "w.txt");
    assert_non_null(strstr(text, "tuned by SPSA (interrupted)"));
    assert_weights_file(variant, text, NULL);
    assert_dir_empty(tmp);
    runner_run_free(r);
    g_free(text);
    g_free(spec);
    g_free(marker);
    g_free(tmp);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv) || argc < 3) {
        fprintf(stderr, "usage: test_frontend_spsa DOJO FAKE_UCI\n");
        return 1;
    }
    fake_path = g_canonicalize_filename(argv[2], NULL);
    original_tmpdir = g_strdup(g_getenv("TMPDIR"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_short_run, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_progress_on_a_terminal, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_same_seed_same_weights, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_balanced_openings, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_params_and_start_weights, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_usage_errors, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_that_cannot_start, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_that_exits_at_once, runner_make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_without_weights, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_that_refuses_weights, runner_make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_that_crashes, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_that_plays_illegal_moves, runner_make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_loss_on_time_is_a_result, runner_make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_unwritable_output_at_the_end, runner_make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_unwritable_output_at_a_checkpoint, runner_make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_interrupt, runner_make_dir, remove_dir),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    g_free(fake_path);
    g_free(original_tmpdir);
    return failed;
}
