/* test_tune.c: `dojo tune` with a judge engine (--judge), labels files
 * written (--save-labels) and read back (--labels), and what goes wrong
 * with them.  The judge is the test helper fake_uci (its path is the
 * second argument) with --score-by-moves: its score for a position is
 * 40 x the moves sent with it - 300, so the test knows each position's
 * label without asking an engine. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <sys/wait.h>

#include "framework/game_history.h"
#include "framework/lab/tune.h"
#include "framework/registry.h"
#include "framework/text_file.h"
#include "tests/frontend/runner.h"
#include "tests/support/gerror_assert.h"

#define SKIP_PLIES "2"

static char *fake_path;

/* The first built game with weights to tune; skips the test when none. */
static const DjVariant *tuned_variant(void)
{
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++)
        if ((*v)->n_params > 0)
            return *v;
    fprintf(stderr, "no built game has weights: skipped\n");
    skip();
    return NULL;
}

/* dojo with `args`; prints what it said when it fails, for the log. */
static DojoRun *run(void **state, const char *const *args)
{
    DojoRun *r = runner_run_text(*state, NULL, args);
    if (r->exit_code != 0)
        fprintf(stderr, "dojo %s said:\n%s%s", args[0], r->out, r->err);
    return r;
}

/* Four finished games of `v` between two fake engines in recs/. */
static void make_records(void **state, const DjVariant *v)
{
    char *a = g_strdup_printf("name=a,cmd=%s", fake_path);
    char *b = g_strdup_printf("name=b,cmd=%s", fake_path);
    DojoRun *r = run(state, (const char *const[]){
        "match", v->name, "--engine", a, "--engine", b, "--games", "4", "--nodes", "1",
        "--openings", "random:4", "--seed", "11", "--max-plies", "40", "--records", "recs",
        NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    g_free(a);
    g_free(b);
}

/* A judge spec: fake_uci scoring by moves, with `extra` spec items. */
static char *judge_spec(const char *extra)
{
    return g_strdup_printf("name=judge,cmd=%s,arg=--score-by-moves,%s", fake_path, extra);
}

/* The lines --save-labels must write for the records in recs/ (finished
 * games, in name order, their quiet positions from SKIP_PLIES on), each
 * labelled from fake_uci's score; *count gets their number. */
static char *expected_labels(void **state, const DjVariant *v, int *count)
{
    GString *text = g_string_new(NULL);
    *count = 0;
    for (int i = 1; i <= 4; i++) {
        char *name = g_strdup_printf("recs/game-%04d.dojo", i);
        DjGame *game = runner_load_record(*state, name);
        assert_int_not_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        for (int ply = atoi(SKIP_PLIES); ply < dj_game_length(game); ply++) {
            const void *pos = dj_game_position_at(game, ply);
            if (!dj_tune_position_is_quiet(v, pos))
                continue;
            double cp = 40.0 * ply - 300.0;
            double p = 1.0 / (1.0 + pow(10.0, -cp / 400.0));
            char label[G_ASCII_DTOSTR_BUF_SIZE];
            g_ascii_formatd(label, sizeof label, "%.6f", v->side_to_move(pos) == 0 ? p : 1 - p);
            g_string_append_printf(text, "%s ", label);
            v->format_position(pos, text);
            g_string_append_c(text, '\n');
            (*count)++;
        }
        dj_game_free(game);
        g_free(name);
    }
    return g_string_free(text, FALSE);
}

/* The judge labels every quiet position with its own score; the labels
 * file holds exactly those lines, whose positions read back; fitting to
 * the file gives the same weights as fitting to the judged run. */
static void test_judge_and_labels_file(void **state)
{
    const DjVariant *v = tuned_variant();
    make_records(state, v);
    char *spec = judge_spec("arg=--go-log,arg=go.log,nodes=7");
    DojoRun *r = run(state, (const char *const[]){
        "tune", v->name, "recs", "--judge", spec, "--save-labels", "l.txt", "--skip-plies",
        SKIP_PLIES, "--passes", "3", "--output", "judged.txt", NULL });
    assert_int_equal(r->exit_code, 0);
    int count = 0;
    char *expected = expected_labels(state, v, &count);
    assert_true(count > 10);
    char *line = g_strdup_printf("%d labelled positions written to l.txt", count);
    assert_int_equal(runner_count_line(r->err, line), 1);
    g_free(line);
    runner_run_free(r);

    char *labels = runner_read_file(*state, "l.txt");
    assert_true(g_str_has_prefix(labels, "# "));
    assert_non_null(strstr(labels, "labelled by the judge judge (nodes 7)"));
    assert_non_null(strstr(labels, "\n#   dojo tune "));
    char *body = runner_without_comments(labels);
    assert_string_equal(body, expected);
    /* Each position reads back to itself. */
    char **lines = runner_lines(body);
    void *pos = g_malloc(v->state_size);
    for (int i = 0; lines[i] != NULL; i++) {
        const char *position = strchr(lines[i], ' ') + 1;
        DjSetup setup = { position, 0, NULL, 0 };
        GError *error = NULL;
        assert_true(v->setup(pos, &setup, &error));
        assert_no_gerror(error);
        GString *again = g_string_new(NULL);
        v->format_position(pos, again);
        assert_string_equal(again->str, position);
        g_string_free(again, TRUE);
    }
    g_free(pos);
    g_strfreev(lines);
    /* One search per position, with the spec's limit. */
    char *go_log = runner_read_file(*state, "go.log");
    char **gos = runner_lines(go_log);
    assert_int_equal((int)g_strv_length(gos), count);
    for (int i = 0; gos[i] != NULL; i++)
        assert_string_equal(gos[i], "go nodes 7");
    g_strfreev(gos);
    g_free(go_log);

    r = run(state, (const char *const[]){ "tune", v->name, "--labels", "l.txt", "--passes", "3",
                                          "--output", "reread.txt", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *judged = runner_read_file(*state, "judged.txt");
    char *reread = runner_read_file(*state, "reread.txt");
    assert_non_null(strstr(judged, "labelled by the judge judge (nodes 7);"));
    assert_non_null(strstr(reread, "labelled by labels files l.txt;"));
    /* The header says where the positions came from: none from games here. */
    char *from = g_strdup_printf("# %d positions (0 from 0 games, %d from labels files)",
                                 count, count);
    assert_non_null(strstr(reread, from));
    g_free(from);
    char *judged_weights = runner_without_comments(judged);
    char *reread_weights = runner_without_comments(reread);
    assert_true(judged_weights[0] != '\0');
    assert_string_equal(judged_weights, reread_weights);

    /* Records and labels files mix; --max-positions caps them together
     * (the files come first). */
    r = run(state, (const char *const[]){ "tune", v->name, "recs", "--labels", "l.txt",
                                          "--max-positions", "5", "--passes", "1", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->err, "5 positions: 0 quiet positions"), 1);
    assert_non_null(strstr(r->out, "labelled by game results and labels files l.txt;"));
    assert_non_null(strstr(r->out, "# 5 positions (0 from "));
    assert_non_null(strstr(r->out, " games, 5 from labels files)"));
    runner_run_free(r);

    /* --passes 0 labels and saves, and fits nothing: no weights at all. */
    r = run(state, (const char *const[]){ "tune", v->name, "--labels", "l.txt", "--passes", "0",
                                          "--save-labels", "again.txt", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_string_equal(r->out, "");
    assert_int_equal(runner_count_line(r->err, "no fit (--passes 0)"), 1);
    assert_null(strstr(r->err, "start: k"));
    runner_run_free(r);
    char *again = runner_read_file(*state, "again.txt");
    char *again_body = runner_without_comments(again);
    assert_string_equal(again_body, body);
    g_free(again_body);
    g_free(again);
    r = runner_run_text(*state, NULL, (const char *const[]){
        "tune", v->name, "--labels", "l.txt", "--passes", "0", "--output", "w.txt", NULL });
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "--passes 0 fits nothing"));
    runner_run_free(r);

    /* --params fits only the weight it names: every other line of the
     * weights written is the built-in one. */
    const char *only = v->params[0].name;
    r = run(state, (const char *const[]){ "tune", v->name, "--labels", "l.txt", "--passes", "3",
                                          "--params", only, NULL });
    assert_int_equal(r->exit_code, 0);
    char **fitted = runner_lines(r->out);
    int weight_lines = 0;
    for (int i = 0; fitted[i] != NULL; i++) {
        if (fitted[i][0] == '#')
            continue;
        const DjParam *p = &v->params[weight_lines++];
        if (p == &v->params[0])
            continue;
        char *builtin = g_strdup_printf("%s %d", p->name, *p->value);
        assert_string_equal(fitted[i], builtin);
        g_free(builtin);
    }
    assert_int_equal(weight_lines, v->n_params);
    g_strfreev(fitted);
    runner_run_free(r);
    /* --weights is the start: a weight it sets and --params leaves alone
     * is written as the file has it (a game of one weight has none to
     * leave alone). */
    if (v->n_params >= 2) {
        const DjParam *fixed = &v->params[1];
        int start_value = *fixed->value != fixed->min ? fixed->min : fixed->max;
        char *start_text = g_strdup_printf("%s %d\n", fixed->name, start_value);
        runner_write_file(*state, "start.txt", start_text);
        g_free(start_text);
        r = run(state, (const char *const[]){ "tune", v->name, "--labels", "l.txt", "--passes",
                                              "1", "--params", only, "--weights", "start.txt",
                                              NULL });
        assert_int_equal(r->exit_code, 0);
        char *start_line = g_strdup_printf("%s %d", fixed->name, start_value);
        assert_int_equal(runner_count_line(r->out, start_line), 1);
        g_free(start_line);
        runner_run_free(r);
    } else {
        fprintf(stderr, "%s has one weight: --weights with --params not checked\n", v->name);
    }
    r = runner_run_text(*state, NULL, (const char *const[]){
        "tune", v->name, "--labels", "l.txt", "--weights", "missing.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "cannot read the start weights: "));
    assert_non_null(strstr(r->err, "missing.txt"));
    runner_run_free(r);
    r = runner_run_text(*state, NULL, (const char *const[]){
        "tune", v->name, "--labels", "l.txt", "--params", "nonsense", NULL });
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "--params: "));
    assert_non_null(strstr(r->err, "has no weight 'nonsense'"));
    runner_run_free(r);

    g_free(judged_weights);
    g_free(reread_weights);
    g_free(judged);
    g_free(reread);
    g_free(body);
    g_free(labels);
    g_free(expected);
    g_free(spec);
}

/* A malformed line of a labels file fails the run, naming FILE:LINE and
 * what is wrong; nothing is fitted. */
static void test_bad_labels_file(void **state)
{
    const DjVariant *v = tuned_variant();
    void *start = g_malloc(v->state_size);
    DjSetup setup = { NULL, 1, NULL, 0 };
    assert_true(v->setup(start, &setup, NULL));
    GString *good = g_string_new("0.5 ");
    v->format_position(start, good);
    g_free(start);
    struct {
        const char *line;
        const char *why;
    } cases[] = {
        { "abc POS", "bad.txt:4: the label 'abc' is not a number" },
        { "nan POS", "bad.txt:4: the label 'nan' is not a number" },
        { "0,5 POS", "bad.txt:4: the label '0,5' is not a number" },
        { "1.5 POS", "bad.txt:4: the label 1.5 is not between 0 and 1" },
        { "-0.01 POS", "bad.txt:4: the label -0.01 is not between 0 and 1" },
        { "0.25", "bad.txt:4: no position after the label" },
        { "0.25 this-is-no-position", "bad.txt:4: " },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char **parts = g_strsplit(cases[i].line, "POS", 2);
        char *bad_line = g_strjoinv(good->str + 4, parts);
        char *text = g_strdup_printf("# a comment\n\n%s\n%s\n%s\n", good->str, bad_line,
                                     good->str);
        runner_write_file(*state, "bad.txt", text);
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "tune", v->name, "--labels", "bad.txt", NULL });
        if (r->exit_code != 1 || strstr(r->err, cases[i].why) == NULL)
            fail_msg("case '%s': exit %d, said:\n%s", bad_line, r->exit_code, r->err);
        assert_int_equal(runner_count_containing(r->err, "dojo tune: "), 1);
        assert_string_equal(r->out, "");
        runner_run_free(r);
        g_free(text);
        g_free(bad_line);
        g_strfreev(parts);
    }
    /* The good lines alone are fine. */
    char *text = g_strdup_printf("%s\n%s\n", good->str, good->str);
    runner_write_file(*state, "good.txt", text);
    DojoRun *r = run(state, (const char *const[]){ "tune", v->name, "--labels", "good.txt",
                                                   "--passes", "1", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->err, "2 positions: "), 1);
    runner_run_free(r);
    r = runner_run_text(*state, NULL, (const char *const[]){ "tune", v->name, "--labels",
                                                             "missing.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "missing.txt: "));
    runner_run_free(r);
    g_free(text);
    g_string_free(good, TRUE);
}

/* --output and --save-labels are checked before the work: a file there is
 * refused without --force; weights that cannot be written at the end go to
 * standard output, not lost; records left out are named. */
static void test_output_is_checked_first_and_never_lost(void **state)
{
    const DjVariant *v = tuned_variant();
    void *start = g_malloc(v->state_size);
    DjSetup setup = { NULL, 1, NULL, 0 };
    assert_true(v->setup(start, &setup, NULL));
    GString *position = g_string_new(NULL);
    v->format_position(start, position);
    g_free(start);
    char *labels = g_strdup_printf("0.5 %s\n0.5 %s\n", position->str, position->str);
    char *unfinished = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n[Result \"*\"]\n",
                                       v->name, position->str);
    g_string_free(position, TRUE);
    runner_write_file(*state, "l.txt", labels);
    g_free(labels);
    runner_write_file(*state, "mine.txt", "precious\n");
    static const struct {
        const char *option, *what;
    } cases[] = { { "--output", "weights" }, { "--save-labels", "labels" } };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "tune", v->name, "--labels", "l.txt", "--passes", "1", cases[i].option, "mine.txt",
            NULL });
        char *expected = g_strdup_printf("dojo tune: cannot save the %s in mine.txt: the file "
                                         "exists already; add --force to replace it\n",
                                         cases[i].what);
        if (r->exit_code != 1 || strcmp(r->err, expected) != 0)
            fail_msg("%s: exit %d, said:\n%s", cases[i].option, r->exit_code, r->err);
        g_free(expected);
        runner_run_free(r);
        char *kept = runner_read_file(*state, "mine.txt");
        assert_string_equal(kept, "precious\n");
        g_free(kept);
    }
    DojoRun *r = run(state, (const char *const[]){
        "tune", v->name, "--labels", "l.txt", "--passes", "1", "--output", "mine.txt", "--force",
        NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *weights = runner_read_file(*state, "mine.txt");
    assert_true(g_str_has_prefix(weights, "# "));
    g_free(weights);

    /* The weights file's header names the labels file: a long name makes
     * it longer than the limit lets through. */
    char long_name[201];
    memset(long_name, 'l', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    char *long_labels = runner_read_file(*state, "l.txt");
    runner_write_file(*state, long_name, long_labels);
    g_free(long_labels);
    char *out = NULL, *err = NULL;
    int code = runner_run_with_small_files(*state, (const char *const[]){
        "tune", v->name, "--labels", long_name, "--passes", "1", "--output", "big.txt", NULL },
        &out, &err);
    if (code != 1)
        fail_msg("exit %d:\n%s", code, err);
    assert_non_null(strstr(err, "dojo tune: cannot save big.txt: "));
    assert_non_null(strstr(err, "dojo tune: the weights went to standard output instead"));
    assert_true(strlen(out) > 512);
    char *expected = g_strdup_printf("\n%s ", v->params[0].name);
    assert_non_null(strstr(out, expected));
    g_free(expected);
    g_free(out);
    g_free(err);
    char *big = g_build_filename(*state, "big.txt", NULL);
    assert_false(g_file_test(big, G_FILE_TEST_EXISTS));
    g_free(big);

    /* An unfinished game is left out, and said to be. */
    runner_write_file(*state, "unfinished.dojo", unfinished);
    g_free(unfinished);
    r = run(state, (const char *const[]){
        "tune", v->name, "unfinished.dojo", "--labels", "l.txt", "--passes", "1", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->err, "(1 records skipped)"));
    assert_non_null(strstr(r->err, "dojo tune: skipping unfinished.dojo: the game is "
                                   "unfinished"));
    runner_run_free(r);
}

/* A labels file far larger than a game record (the records' cap is
 * DJ_TEXT_FILE_MAX_BYTES) is read whole: every line is checked, the first
 * --max-positions kept. */
static void test_large_labels_file(void **state)
{
    const DjVariant *v = tuned_variant();
    void *start = g_malloc(v->state_size);
    DjSetup setup = { NULL, 1, NULL, 0 };
    assert_true(v->setup(start, &setup, NULL));
    GString *line = g_string_new("0.500000 ");
    v->format_position(start, line);
    g_string_append_c(line, '\n');
    g_free(start);
    GString *text = g_string_new("# big\n");
    int lines = 0;
    while (text->len <= DJ_TEXT_FILE_MAX_BYTES + 4096) {
        g_string_append(text, line->str);
        lines++;
    }
    runner_write_file(*state, "big.txt", text->str);
    DojoRun *r = run(state, (const char *const[]){ "tune", v->name, "--labels", "big.txt",
                                                   "--max-positions", "100", "--passes", "1",
                                                   NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->err, "100 positions: "), 1);
    runner_run_free(r);
    /* A bad last line is still found. */
    g_string_append(text, "2 x\n");
    runner_write_file(*state, "big.txt", text->str);
    r = runner_run_text(*state, NULL, (const char *const[]){
        "tune", v->name, "--labels", "big.txt", "--max-positions", "100", NULL });
    assert_int_equal(r->exit_code, 1);
    char *where = g_strdup_printf("big.txt:%d: the label 2 is not between 0 and 1", lines + 2);
    assert_non_null(strstr(r->err, where));
    g_free(where);
    runner_run_free(r);
    g_string_free(text, TRUE);
    g_string_free(line, TRUE);
}

/* A judge without exactly one limit of its own, or without records to
 * judge, is a usage error. */
static void test_judge_usage_errors(void **state)
{
    const DjVariant *v = tuned_variant();
    const char *limits[] = { "dir=.", "tc=10+0.1", "nodes=5,depth=3", "movetime=50,tc=1",
                             "nodes=0", "depth=x" };
    for (size_t i = 0; i < G_N_ELEMENTS(limits); i++) {
        char *spec = judge_spec(limits[i]);
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "tune", v->name, ".", "--judge", spec, NULL });
        if (r->exit_code != 2 || strstr(r->err, "--judge judge") == NULL)
            fail_msg("spec '%s': exit %d, said:\n%s", spec, r->exit_code, r->err);
        assert_non_null(strstr(r->err, "Usage: dojo tune"));
        runner_run_free(r);
        g_free(spec);
    }
    /* A spec that does not parse is named as the option it came with. */
    DojoRun *bad = runner_run_text(*state, NULL, (const char *const[]){
        "tune", v->name, ".", "--judge", "name=j,cmd=x,bogus=1,nodes=5", NULL });
    if (bad->exit_code != 2 || strstr(bad->err, "--judge: unknown key 'bogus'") == NULL
        || strstr(bad->err, "--engine") != NULL)
        fail_msg("unknown key: exit %d, said:\n%s", bad->exit_code, bad->err);
    runner_run_free(bad);
    char *spec = judge_spec("nodes=5");
    runner_write_file(*state, "l.txt", "");
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "tune", v->name, "--labels", "l.txt", "--judge", spec, NULL });
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "--judge labels the positions of records"));
    runner_run_free(r);
    r = runner_run_text(*state, NULL, (const char *const[]){ "tune", v->name, "--judge", spec,
                                                             NULL });
    assert_int_equal(r->exit_code, 2);
    runner_run_free(r);
    g_free(spec);
}

/* A judge that exits, says no score, plays an illegal move or cannot
 * start fails the run with one line naming it; no labels file is left
 * and no engine keeps running. */
static void test_judge_that_fails(void **state)
{
    const DjVariant *v = tuned_variant();
    make_records(state, v);
    char *marker = g_strdup_printf("--marker-%d", (int)getpid());
    struct {
        const char *spec;
        const char *why;
    } cases[] = {
        { "name=judge,cmd=%s,arg=%s,arg=--score-by-moves,arg=--exit-at,arg=3,nodes=1",
          "dojo tune: the judge judge exited while thinking about a position" },
        { "name=judge,cmd=%s,arg=%s,nodes=1",
          "dojo tune: the judge judge gave no score (info ... score cp X) before its move" },
        { "name=judge,cmd=%s,arg=%s,arg=--score-by-moves,arg=--illegal-at,arg=2,depth=2",
          "dojo tune: the judge judge answered bestmove 'a1a1'" },
        { "name=judge,cmd=%s-no-such-program,arg=%s,movetime=10",
          "dojo tune: cannot start judge" },
        /* at once, not after a minute's wait for a move */
        { "name=judge,cmd=%s,arg=%s,arg=--max-depth,arg=127,depth=200",
          "dojo tune: the judge judge answered 'go depth 200' with an error: go depth wants a "
          "whole number from 1 to 127, not '200'\n" },
        { "name=judge,cmd=%s,arg=%s,arg=--score-by-moves,arg=--flood-at,arg=2,nodes=1",
          "dojo tune: the judge judge sent more than 64 MB of output after one command\n" },
        { "name=judge,cmd=%s,arg=%s,option.NoSuch=1,nodes=1",
          "dojo tune: judge has no option 'NoSuch' (option.NoSuch=1)" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *spec = g_strdup_printf(cases[i].spec, fake_path, marker);
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "tune", v->name, "recs", "--judge", spec, "--save-labels", "l.txt", NULL });
        if (r->exit_code != 1 || strstr(r->err, cases[i].why) == NULL)
            fail_msg("spec '%s': exit %d, said:\n%s", spec, r->exit_code, r->err);
        assert_int_equal(runner_count_containing(r->err, "dojo tune: "), 1);
        assert_string_equal(r->out, "");
        char *labels = g_build_filename(*state, "l.txt", NULL);
        assert_false(g_file_test(labels, G_FILE_TEST_EXISTS));
        g_free(labels);
        assert_int_equal(runner_count_processes(fake_path, marker), 0);
        runner_run_free(r);
        g_free(spec);
    }
    g_free(marker);
}

/* A judge that exits at once (GLib may have reaped it before dojo asks for
 * its process id, which once crashed dojo): every run says so and exits 1. */
static void test_judge_that_exits_at_once(void **state)
{
    const DjVariant *v = tuned_variant();
    make_records(state, v);
    for (int i = 0; i < 20; i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "tune", v->name, "recs", "--judge", "name=judge,cmd=/bin/false,nodes=1", NULL });
        if (r->exit_code != 1 || r->signal != 0)
            fail_msg("run %d: exit %d, signal %d, said:\n%s", i + 1, r->exit_code, r->signal,
                     r->err);
        assert_string_equal(r->err, "dojo tune: judge exited before answering 'uciok'\n");
        runner_run_free(r);
    }
}

/* Ctrl-C while the judge thinks: exit 130, nothing written, the judge
 * ended. */
static void test_interrupted_judging(void **state)
{
    const DjVariant *v = tuned_variant();
    make_records(state, v);
    char *marker = g_strdup_printf("--marker-%d", (int)getpid());
    char *spec = g_strdup_printf("name=judge,cmd=%s,arg=%s,arg=--score-by-moves,"
                                 "arg=--silent-at,arg=2,nodes=1", fake_path, marker);
    DojoRun *r = runner_run_signalled(*state, (const char *const[]){
        "tune", v->name, "recs", "--judge", spec, "--save-labels", "l.txt", NULL }, fake_path,
        marker, 1, SIGINT);
    assert_int_equal(r->exit_code, 130);
    assert_non_null(strstr(r->err, "interrupted"));
    assert_string_equal(r->out, "");
    assert_int_equal(runner_count_processes(fake_path, marker), 0);
    char *labels = g_build_filename(*state, "l.txt", NULL);
    assert_false(g_file_test(labels, G_FILE_TEST_EXISTS));
    g_free(labels);
    runner_run_free(r);
    g_free(spec);
    g_free(marker);
}

static void test_help(void **state)
{
    const char *const mentions[] = { "--judge", "--labels", "--save-labels", "nodes=",
                                     "LABEL POSITION", "--max-positions" };
    runner_assert_help_mentions(state, "tune", mentions, G_N_ELEMENTS(mentions));
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv) || argc < 3) {
        fprintf(stderr, "usage: test_frontend_tune DOJO FAKE_UCI\n");
        return 1;
    }
    fake_path = g_canonicalize_filename(argv[2], NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_judge_and_labels_file, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_bad_labels_file, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_output_is_checked_first_and_never_lost,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_large_labels_file, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_judge_usage_errors, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_judge_that_fails, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_judge_that_exits_at_once, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_interrupted_judging, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_help, runner_make_dir, runner_remove_dir),
    };
    int failures = cmocka_run_group_tests(tests, NULL, NULL);
    g_free(fake_path);
    return failures;
}
