/* test_match_shard.c: `dojo match --shard K/N` and `--merge`: the slices
 * of a match cover every pair once (in-process), the merged slices are the
 * whole match (the same counts, pentanomial, SPRT lines and records, game
 * for game), and what the merge refuses: a missing slice, a slice twice, a
 * slice of another match, an edited result.  The engines are `dojo uci`
 * at small node limits, which plays the same game from the same opening
 * on every run; no timer is asserted. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "framework/referee/match_shard.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"

#define GAMES "12"
#define SLICES 3

/* ---- slicing (in-process) --------------------------------------------------- */

/* Every game in exactly one slice, each slice whole pairs, none empty, the
 * slices as even as whole pairs allow, for every count up to the pairs. */
static void test_slices_cover_every_pair(void **state)
{
    (void)state;
    const int sizes[] = { 1, 2, 3, 4, 5, 7, 8, 16, 17, 31, 100, 101, 1000, 9999 };
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        int games = sizes[s];
        int pairs = dojo_match_shard_pairs(games);
        assert_int_equal(pairs, (games + 1) / 2);
        for (int count = 1; count <= MIN(pairs, 60); count++) {
            int next = 0, smallest = G_MAXINT, largest = 0;
            for (int index = 1; index <= count; index++) {
                int first = -1, end = -1;
                dojo_match_shard_games(games, index, count, &first, &end);
                assert_int_equal(first, next);      /* no gap, no overlap */
                assert_true(end > first);           /* no empty slice */
                assert_int_equal(first % 2, 0);     /* starts a pair */
                assert_true(end % 2 == 0 || end == games);   /* ends one */
                int slice_pairs = (end - first + 1) / 2;
                smallest = MIN(smallest, slice_pairs);
                largest = MAX(largest, slice_pairs);
                next = end;
            }
            assert_int_equal(next, games);
            assert_true(largest - smallest <= 1);
        }
    }
    /* the last slice of as many slices as pairs is the last pair */
    int first = 0, end = 0;
    dojo_match_shard_games(7, 4, 4, &first, &end);
    assert_int_equal(first, 6);
    assert_int_equal(end, 7);
}

static void test_slice_file_names_sort(void **state)
{
    (void)state;
    char *name = dojo_match_slice_file_name(3, 12);
    assert_string_equal(name, "slice-03-of-12.result");
    g_free(name);
    name = dojo_match_slice_file_name(1, 1);
    assert_string_equal(name, "slice-1-of-1.result");
    g_free(name);
    name = dojo_match_shard_record_name(12, 0);
    assert_string_equal(name, "game-0001.dojo");
    g_free(name);
}

/* Clocks and move times scale, nodes and depth do not. */
static void test_limits_scale(void **state)
{
    (void)state;
    DojoMatchLimits limits = { .base_ms = 10000, .inc_ms = 100, .movetime_ms = 0,
                               .nodes = 5000, .depth = 7, .margin_ms = 500, .cap_ms = 60000 };
    DojoMatchLimits scaled = dojo_match_limits_scaled(&limits, 1.5);
    assert_int_equal(scaled.base_ms, 15000);
    assert_int_equal(scaled.inc_ms, 150);
    assert_int_equal(scaled.movetime_ms, 0);
    assert_int_equal(scaled.nodes, 5000);
    assert_int_equal(scaled.depth, 7);
    assert_int_equal(scaled.margin_ms, 500);
    limits.movetime_ms = 3;
    scaled = dojo_match_limits_scaled(&limits, 0.01);
    assert_int_equal(scaled.movetime_ms, 1);   /* never to nothing */
    scaled = dojo_match_limits_scaled(&limits, 0.0);
    assert_int_equal(scaled.base_ms, 10000);
}

/* ---- through the dojo binary ------------------------------------------------- */

static const char *variant_name(void)
{
    return dj_registry_all()[0]->name;
}

/* dojo match with two `dojo uci` engines that differ (node limits, hash)
 * so that the games are not all alike, and `extra` (NULL-ended). */
static DojoRun *play(void **state, const char *seed, const char *const *extra)
{
    char *a = g_strdup_printf("name=a,cmd=%s,arg=uci,option.Hash=16,nodes=200", runner_exe());
    char *b = g_strdup_printf("name=b,cmd=%s,arg=uci,option.Hash=4,nodes=500", runner_exe());
    GPtrArray *argv = g_ptr_array_new();
    const char *fixed[] = { "match", variant_name(), "--engine", a, "--engine", b,
                            "--games", GAMES, "--openings", "random:4", "--max-plies", "80",
                            "--sprt", "elo0=0,elo1=10", "--seed", seed };
    for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++)
        g_ptr_array_add(argv, (gpointer)fixed[i]);
    for (int i = 0; extra[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)extra[i]);
    g_ptr_array_add(argv, NULL);
    DojoRun *run = runner_run_text(*state, NULL, (const char *const *)argv->pdata);
    g_ptr_array_free(argv, TRUE);
    g_free(a);
    g_free(b);
    return run;
}

/* Play slice `index` of SLICES with `seed` and `extra`; it must succeed. */
static void play_slice(void **state, const char *seed, int index, const char *const *extra)
{
    char *shard = g_strdup_printf("%d/%d", index, SLICES);
    GPtrArray *args = g_ptr_array_new();
    g_ptr_array_add(args, (gpointer) "--shard");
    g_ptr_array_add(args, shard);
    for (int i = 0; extra[i] != NULL; i++)
        g_ptr_array_add(args, (gpointer)extra[i]);
    g_ptr_array_add(args, NULL);
    DojoRun *r = play(state, seed, (const char *const *)args->pdata);
    if (r->exit_code != 0)
        fprintf(stderr, "slice %d said:\n%s%s", index, r->out, r->err);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Bench: "));
    runner_run_free(r);
    g_ptr_array_free(args, TRUE);
    g_free(shard);
}

static DojoRun *merge(void **state, const char *const *paths)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer) "match");
    g_ptr_array_add(argv, (gpointer) "--merge");
    for (int i = 0; paths[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)paths[i]);
    g_ptr_array_add(argv, NULL);
    DojoRun *run = runner_run_text(*state, NULL, (const char *const *)argv->pdata);
    g_ptr_array_free(argv, TRUE);
    return run;
}

/* The summary lines of a match's output (score, Elo, pentanomial, SPRT),
 * the last of each, one a line (g_free it). */
static char *summary_of(const char *out)
{
    const char *prefixes[] = { "Score of ", "Elo difference: ", "Pentanomial ", "SPRT: ",
                               "SPRT hypotheses: " };
    GString *summary = g_string_new(NULL);
    char **lines = runner_lines(out);
    for (size_t p = 0; p < G_N_ELEMENTS(prefixes); p++) {
        const char *last = NULL;
        for (int i = 0; lines[i] != NULL; i++)
            if (g_str_has_prefix(lines[i], prefixes[p]))
                last = lines[i];
        assert_non_null(last);
        g_string_append_printf(summary, "%s\n", last);
    }
    g_strfreev(lines);
    return g_string_free(summary, FALSE);
}

/* Record `name` of folder `folder` of `dir` without what differs from run
 * to run: its Date tag and the time of each engine move (" 0.412s" ending
 * a comment). */
static char *record_without_times(const char *dir, const char *folder, const char *name)
{
    g_autofree char *path = g_build_filename(folder, name, NULL);
    char *text = runner_read_file(dir, path);
    GString *out = g_string_new(NULL);
    char **lines = runner_lines(text);
    for (int i = 0; lines[i] != NULL; i++) {
        if (g_str_has_prefix(lines[i], "[Date "))
            continue;
        char *line = lines[i];
        size_t n = strlen(line);
        if (n > 0 && line[n - 1] == 's') {
            size_t k = n - 1;
            while (k > 0 && (g_ascii_isdigit(line[k - 1]) || line[k - 1] == '.'))
                k--;
            if (k > 0 && k < n - 1 && line[k - 1] == ' ')
                line[k - 1] = '\0';
        }
        g_string_append_printf(out, "%s\n", line);
    }
    g_strfreev(lines);
    g_free(text);
    return g_string_free(out, FALSE);
}

/* The whole match with seed 3, into folder "whole"; its summary. */
static char *play_whole(void **state)
{
    DojoRun *r = play(state, "3", (const char *const[]){ "--records", "whole", NULL });
    if (r->exit_code != 0)
        fprintf(stderr, "the whole match said:\n%s%s", r->out, r->err);
    assert_int_equal(r->exit_code, 0);
    char *summary = summary_of(r->out);
    runner_run_free(r);
    return summary;
}

/* The slices, in one folder ("shared", as on a cluster's shared disk) and
 * each in a folder of its own ("own/K"), add up to the whole match: the
 * same summary, and the same games in records of the same names. */
static void test_merge_is_the_whole_match(void **state)
{
    const char *dir = *state;
    char *whole = play_whole(state);
    for (int k = 1; k <= SLICES; k++) {
        play_slice(state, "3", k, (const char *const[]){ "--records", "shared", NULL });
        char *own = g_strdup_printf("own/%d", k);
        play_slice(state, "3", k, (const char *const[]){ "--records", own, NULL });
        g_free(own);
    }
    const char *const *merges[] = { (const char *const[]){ "shared", NULL },
                                    (const char *const[]){ "own", NULL },
                                    (const char *const[]){ "own/3", "own/1", "own/2", NULL } };
    for (size_t m = 0; m < G_N_ELEMENTS(merges); m++) {
        DojoRun *r = merge(state, merges[m]);
        if (r->exit_code != 0)
            fprintf(stderr, "the merge said:\n%s%s", r->out, r->err);
        assert_int_equal(r->exit_code, 0);
        char *summary = summary_of(r->out);
        assert_string_equal(summary, whole);
        g_free(summary);
        assert_non_null(strstr(r->out, "Merge of 3 slices of the match of "));
        assert_int_equal(runner_count_containing(r->out, "slice "), SLICES);
        runner_run_free(r);
    }
    int games = atoi(GAMES);
    for (int i = 0; i < games; i++) {
        char *name = dojo_match_shard_record_name(games, i);
        char *expected = record_without_times(dir, "whole", name);
        char *shared = record_without_times(dir, "shared", name);
        assert_string_equal(shared, expected);
        int first = 0, end = 0, k = 1;
        for (; k <= SLICES; k++) {
            dojo_match_shard_games(games, k, SLICES, &first, &end);
            if (i >= first && i < end)
                break;
        }
        char *own_dir = g_strdup_printf("own/%d", k);
        char *own = record_without_times(dir, own_dir, name);
        assert_string_equal(own, expected);
        g_free(own_dir);
        g_free(own);
        g_free(shared);
        g_free(expected);
        g_free(name);
    }
    g_free(whole);
}

/* What the result file holds: the slice, its games and results, the
 * counts, the engines with their id names, the machine's speed. */
static void test_result_file(void **state)
{
    play_slice(state, "3", 2, (const char *const[]){ "--result", "two.result", NULL });
    char *text = runner_read_file(*state, "two.result");
    const char *lines[] = { "[match]", "seed=3", ("games=" GAMES), "slices=3", "[engine A]",
                            "name=a", "id-name=dojo ", "options=Hash=16;", "nodes=200",
                            "[engine B]", "nodes=500", "[slice]", "index=2", "games=5-8",
                            "pairs=3-4", "results=", "pentanomial=", "[machine]",
                            "bench-nps=", "time-scale=1", "reference-nps=none" };
    for (size_t i = 0; i < G_N_ELEMENTS(lines); i++) {
        if (strstr(text, lines[i]) == NULL)
            fprintf(stderr, "no '%s' in\n%s", lines[i], text);
        assert_non_null(strstr(text, lines[i]));
    }
    g_free(text);
}

/* --reference-nps: the factor is the reference over this machine's
 * speed, stated in the result file; slices given other references are
 * not one match. */
static void test_reference_speed(void **state)
{
    g_autofree char *folder = g_build_filename(*state, "r", NULL);
    g_mkdir_with_parents(folder, 0755);
    play_slice(state, "3", 1, (const char *const[]){ "--result", "r/1.result",
                                                     "--reference-nps", "123456", NULL });
    GKeyFile *file = g_key_file_new();
    char *path = g_build_filename(*state, "r", "1.result", NULL);
    assert_true(g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, NULL));
    assert_int_equal(g_key_file_get_int64(file, "match", "reference-nps", NULL), 123456);
    gint64 nps = g_key_file_get_int64(file, "machine", "bench-nps", NULL);
    assert_true(nps > 0);
    double scale = g_key_file_get_double(file, "machine", "time-scale", NULL);
    assert_true(fabs(scale - 123456.0 / (double)nps) <= 1e-9 * scale);
    g_key_file_unref(file);
    g_free(path);
    play_slice(state, "3", 2, (const char *const[]){ "--result", "r/2.result", NULL });
    play_slice(state, "3", 3, (const char *const[]){ "--result", "r/3.result",
                                                     "--reference-nps", "123456", NULL });
    DojoRun *r = merge(state, (const char *const[]){ "r", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "reference nps: 'none' here, '123456' there"));
    runner_run_free(r);
}

static void make_folder(const char *dir, const char *name)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);
    assert_int_equal(g_mkdir_with_parents(path, 0755), 0);
}

/* `text` with every `from` made `to` (g_free it). */
static char *replaced(const char *text, const char *from, const char *to)
{
    g_auto(GStrv) parts = g_strsplit(text, from, -1);
    assert_true(g_strv_length(parts) > 1);
    return g_strjoinv(to, parts);
}

/* A missing slice, a slice twice, a slice of another match (another seed,
 * another engine option), an edited result, a file that is no result, a
 * folder without one: each refused, saying which. */
static void test_merge_errors(void **state)
{
    const char *dir = *state;
    for (int k = 1; k <= SLICES; k++)
        play_slice(state, "3", k, (const char *const[]){ "--records", "s", NULL });

    make_folder(dir, "two");
    char *one = runner_read_file(dir, "s/slice-1-of-3.result");
    char *three = runner_read_file(dir, "s/slice-3-of-3.result");
    runner_write_file(dir, "two/slice-1-of-3.result", one);
    runner_write_file(dir, "two/slice-3-of-3.result", three);
    DojoRun *r = merge(state, (const char *const[]){ "two", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "slice 2 of 3 is missing"));
    assert_string_equal(r->out, "");
    runner_run_free(r);

    r = merge(state, (const char *const[]){ "s", "two/slice-3-of-3.result", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "slice 3 of 3 is there twice"));
    runner_run_free(r);

    /* the same slice of a match with another seed */
    play_slice(state, "4", 2, (const char *const[]){ "--result", "two/seed4.result", NULL });
    r = merge(state, (const char *const[]){ "two", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "is a slice of another match than"));
    assert_non_null(strstr(r->err, "(seed: "));
    runner_run_free(r);

    /* another engine option: the text of slice 2 with B's hash changed */
    char *two = runner_read_file(dir, "s/slice-2-of-3.result");
    char *other = replaced(two, "Hash=4;", "Hash=8;");
    make_folder(dir, "foreign");
    runner_write_file(dir, "foreign/1.result", one);
    runner_write_file(dir, "foreign/2.result", other);
    r = merge(state, (const char *const[]){ "foreign", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "(engine B options: 'Hash=8' here, 'Hash=4' there)"));
    runner_run_free(r);

    /* another number of slices */
    char *of_two = replaced(two, "slices=3", "slices=2");
    runner_write_file(dir, "foreign/2.result", of_two);
    r = merge(state, (const char *const[]){ "foreign", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "foreign/2.result"));
    runner_run_free(r);

    /* an edited result: a game turned into a draw, the counts left */
    char **lines = g_strsplit(two, "\n", -1);
    for (int i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix(lines[i], "results="))
            lines[i][strlen("results=")] = lines[i][strlen("results=")] == '=' ? '1' : '=';
    char *edited = g_strjoinv("\n", lines);
    make_folder(dir, "edited");
    runner_write_file(dir, "edited/1.result", one);
    runner_write_file(dir, "edited/2.result", edited);
    runner_write_file(dir, "edited/3.result", three);
    r = merge(state, (const char *const[]){ "edited", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "was the file edited?"));
    runner_run_free(r);

    runner_write_file(dir, "notes.txt", "not a result\n");
    r = merge(state, (const char *const[]){ "notes.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "notes.txt: not a slice result"));
    runner_run_free(r);

    make_folder(dir, "empty");
    r = merge(state, (const char *const[]){ "empty", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "empty holds no slice result"));
    runner_run_free(r);

    r = merge(state, (const char *const[]){ "no-such-folder", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "no slice result or folder 'no-such-folder'"));
    runner_run_free(r);

    g_strfreev(lines);
    g_free(edited);
    g_free(of_two);
    g_free(other);
    g_free(two);
    g_free(three);
    g_free(one);
}

/* A slice is never played over what it left: its result file or one of
 * its records there already is refused before any game. */
static void test_slice_played_again(void **state)
{
    play_slice(state, "3", 1, (const char *const[]){ "--records", "s", NULL });
    DojoRun *r = play(state, "3", (const char *const[]){ "--shard", "1/3", "--records", "s",
                                                         NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "a slice's result is there already"));
    assert_null(strstr(r->out, "Finished game"));
    runner_run_free(r);
    r = play(state, "3", (const char *const[]){ "--shard", "1/3", "--records", "s", "--result",
                                                "elsewhere.result", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "the record of game 1, of slice 1 of 3, is there already"));
    runner_run_free(r);
}

static void test_usage_errors(void **state)
{
    const char *const *cases[] = {
        (const char *const[]){ "--shard", "0/3", "--records", "x", NULL },
        (const char *const[]){ "--shard", "4/3", "--records", "x", NULL },
        (const char *const[]){ "--shard", "1/7", "--records", "x", NULL },   /* 6 pairs */
        (const char *const[]){ "--shard", "1", "--records", "x", NULL },
        (const char *const[]){ "--shard", "a/b", "--records", "x", NULL },
        (const char *const[]){ "--shard", "1/3", NULL },   /* no place for the result */
        (const char *const[]){ "--reference-nps", "0", NULL },
    };
    const char *says[] = { "slices are counted from 1", "--shard wants K/N",
                           "12 games are 6 pairs: give at most 6 slices", "--shard wants K/N",
                           "--shard wants K/N", "--shard wants --records DIR or --result FILE",
                           "--reference-nps" };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = play(state, "3", cases[i]);
        assert_int_equal(r->exit_code, 2);
        if (strstr(r->err, says[i]) == NULL)
            fprintf(stderr, "case %zu said: %s", i, r->err);
        assert_non_null(strstr(r->err, says[i]));
        assert_null(strstr(r->out, "Finished game"));
        runner_run_free(r);
    }
    DojoRun *r = merge(state, (const char *const[]){ NULL });
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "--merge wants the result files"));
    runner_run_free(r);
    r = runner_run_text(*state, NULL, (const char *const[]){ "match", "--merge", "--engine",
                                                             "name=a,cmd=x", "d", NULL });
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "it takes no --engine"));
    runner_run_free(r);
}

static void test_help(void **state)
{
    const char *mentions[] = { "--shard", "--result", "--reference-nps", "--merge" };
    runner_assert_help_mentions(state, "match", mentions, G_N_ELEMENTS(mentions));
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_frontend_match_shard DOJO\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slices_cover_every_pair),
        cmocka_unit_test(test_slice_file_names_sort),
        cmocka_unit_test(test_limits_scale),
        cmocka_unit_test_setup_teardown(test_merge_is_the_whole_match, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_result_file, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_reference_speed, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_merge_errors, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_slice_played_again, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_usage_errors, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_help, runner_make_dir, runner_remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
