/* test_cli.c: the dojo command outside of play: list, help, version, usage
 * errors, perft, analyze, bench. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "framework/game.h"
#include "framework/net.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "tests/frontend/runner.h"

#define CARDS "ox,boar,horse,elephant,crab"

static DojoRun *run(void **state, const char *const *args)
{
    return runner_run_text(*state, NULL, args);
}

static void test_list_names_every_variant(void **state)
{
    DojoRun *r = run(state, (const char *const[]){ "list", NULL });
    assert_int_equal(r->exit_code, 0);
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        assert_non_null(strstr(r->out, (*v)->name));
        assert_non_null(strstr(r->out, (*v)->summary));
        for (const DjVariantOption *o = (*v)->options; o != NULL && o->name != NULL; o++) {
            char *spec = g_strdup_printf("-o %s=", o->name);
            assert_non_null(strstr(r->out, spec));
            g_free(spec);
        }
    }
    runner_run_free(r);
}

static void test_help_and_version(void **state)
{
    DojoRun *r = run(state, (const char *const[]){ "--version", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_true(g_str_has_prefix(r->out, "dojo "));
    runner_run_free(r);

    r = run(state, (const char *const[]){ "--help", NULL });
    assert_int_equal(r->exit_code, 0);
    const char *commands[] = { "list", "play", "perft", "analyze", "bench", "help" };
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
        assert_non_null(strstr(r->out, commands[i]));
    runner_run_free(r);

    r = run(state, (const char *const[]){ "help", "play", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "--play-as"));
    assert_non_null(strstr(r->out, "--resume"));
    assert_non_null(strstr(r->out, "DOJO_HOME"));
    /* A game's options are shown as that game's, after its title, and not
     * among dojo's own options. */
    const char *own = strstr(r->out, "--play-as");
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        for (const DjVariantOption *o = (*v)->options; o != NULL && o->name != NULL; o++) {
            char *title = g_strdup_printf("%s options", (*v)->title);
            char *entry = g_strdup_printf("--%s=%s", o->name, o->arg);
            const char *at_title = strstr(r->out, title);
            const char *at_entry = strstr(r->out, entry);
            assert_non_null(at_title);
            assert_non_null(at_entry);
            assert_true(at_title < at_entry);
            assert_true(own > at_entry || strstr(own, entry) == NULL);
            g_free(entry);
            g_free(title);
        }
    }
    runner_run_free(r);

    r = run(state, (const char *const[]){ "perft", "--help", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "--divide"));
    runner_run_free(r);
}

/* Whether game `v` has an option called `name`. */
static bool has_option(const DjVariant *v, const char *name)
{
    return dj_option_find(v->options, name) != NULL;
}

/* `dojo play GAME --help` shows that game's options among the command's
 * own, and not one that only another game has (nor another game's title):
 * each game's list comes from its own table. */
static void test_play_game_help_shows_its_options_only(void **state)
{
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        DojoRun *r = run(state, (const char *const[]){ "play", (*v)->name, "--help", NULL });
        assert_int_equal(r->exit_code, 0);
        for (const DjVariantOption *o = (*v)->options; o != NULL && o->name != NULL; o++) {
            char *entry = g_strdup_printf("--%s=%s", o->name, o->arg);
            if (strstr(r->out, entry) == NULL)
                fail_msg("dojo play %s --help lacks %s:\n%s", (*v)->name, entry, r->out);
            g_free(entry);
        }
        /* and the Elo of each of its levels, in order, from its own table */
        char *heading = g_strdup_printf("The levels of %s, with their Elo", (*v)->title);
        const char *at = strstr(r->out, heading);
        if (at == NULL)
            fail_msg("dojo play %s --help lacks \"%s\":\n%s", (*v)->name, heading, r->out);
        for (int level = DJ_LEVEL_MIN; level <= DJ_LEVEL_MAX; level++) {
            char *entry = g_strdup_printf("%d: %4d", level, dj_level_elo(*v, level));
            at = strstr(at, entry);
            if (at == NULL)
                fail_msg("dojo play %s --help lacks level %d's \"%s\" in order:\n%s",
                         (*v)->name, level, entry, r->out);
            g_free(entry);
        }
        g_free(heading);
        bool has_group = (*v)->options != NULL && (*v)->options[0].name != NULL;
        if (!has_group)
            assert_null(strstr(r->out, "options (shorthands for -o NAME=VALUE)"));
        for (const DjVariant *const *other = dj_registry_all(); *other != NULL; other++) {
            if (*other == *v)
                continue;
            for (const DjVariantOption *o = (*other)->options; o != NULL && o->name != NULL;
                 o++) {
                char *entry = g_strdup_printf("--%s=", o->name);
                if (!has_option(*v, o->name) && strstr(r->out, entry) != NULL)
                    fail_msg("dojo play %s --help shows %s's %s", (*v)->name, (*other)->name,
                             entry);
                g_free(entry);
            }
            char *group = g_strdup_printf("options of %s", (*other)->title);
            assert_null(strstr(r->out, group));
            g_free(group);
        }
        runner_run_free(r);
    }
}

/* Two options that a game's table says exclude each other are a usage
 * error, in the table's words, however they are given. */
static void test_excluded_options_are_a_usage_error(void **state)
{
    int found = 0;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        for (const DjVariantOption *o = (*v)->options; o != NULL && o->name != NULL; o++) {
            for (const char *const *e = o->excludes; e != NULL && *e != NULL; e++) {
                char *shorthand = g_strdup_printf("--%s", o->name);
                char *other = g_strdup_printf("%s=x", *e);
                DojoRun *r = run(state, (const char *const[]){ "perft", (*v)->name, "1",
                                                               shorthand, "x", "-o", other,
                                                               NULL });
                assert_int_equal(r->exit_code, 2);
                if (o->excludes_why != NULL)
                    assert_non_null(strstr(r->err, o->excludes_why));
                assert_non_null(strstr(r->err, "not both"));
                assert_non_null(strstr(r->err, shorthand));
                runner_run_free(r);
                g_free(other);
                g_free(shorthand);
                found++;
            }
        }
    }
    if (found == 0)
        skip();
}

static void test_usage_errors_exit_2(void **state)
{
    /* Any built game will do: these are mistakes in the command line. */
    const char *game = dj_registry_all()[0]->name;
    const char *const *cases[] = {
        (const char *const[]){ NULL },
        (const char *const[]){ "frobnicate", NULL },
        (const char *const[]){ "--frobnicate", NULL },
        (const char *const[]){ "help", "frobnicate", NULL },
        (const char *const[]){ "list", "extra", NULL },
        (const char *const[]){ "play", NULL },
        (const char *const[]){ "play", "no-such-game", NULL },
        (const char *const[]){ "play", game, "--bogus", NULL },
        (const char *const[]){ "play", game, "--level", "11", NULL },
        (const char *const[]){ "play", game, "--level", "five", NULL },
        (const char *const[]){ "play", game, "--hotseat", "--watch", NULL },
        (const char *const[]){ "play", game, "--play-as", "green", NULL },
        (const char *const[]){ "play", game, "--side1", "robot", NULL },
        (const char *const[]){ "play", game, "--time", "-5", NULL },
        (const char *const[]){ "play", game, "-o", "cards", NULL },
        (const char *const[]){ "play", game, "--seed", "x", NULL },
        (const char *const[]){ "play", "--resume", "--cards", CARDS, NULL },
        (const char *const[]){ "perft", game, NULL },
        (const char *const[]){ "perft", game, "three", NULL },
        (const char *const[]){ "perft", game, "3", "4", NULL },
        (const char *const[]){ "analyze", NULL },
        (const char *const[]){ "analyze", game, "--depth", "0", NULL },
        (const char *const[]){ "analyze", game, "--threads", "0", NULL },
        (const char *const[]){ "play", game, "--threads", "many", NULL },
        (const char *const[]){ "tune", NULL },
        (const char *const[]){ "tune", game, NULL },
        (const char *const[]){ "tune", "no-such-game", ".", NULL },
        (const char *const[]){ "tune", game, ".", "--passes", "-1", NULL },
        (const char *const[]){ "tune", game, ".", "--passes", "0", "--output", "w.txt", NULL },
        (const char *const[]){ "tune", game, "no-such-file", NULL },
        (const char *const[]){ "analyze", game, "--engine", "minimax", NULL },
        (const char *const[]){ "play", game, "--engine", "", NULL },
        (const char *const[]){ "bench", "no-such-game", NULL },
        (const char *const[]){ "bench", "--depth", "x", NULL },
        (const char *const[]){ "bench", "--positions", "mid.txt", NULL },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = run(state, cases[i]);
        if (r->exit_code != 2)
            fail_msg("case %zu: exit %d (expected 2), stderr:\n%s", i, r->exit_code, r->err);
        assert_non_null(strstr(r->err, "Usage: dojo"));
        assert_string_equal(r->out, "");
        runner_run_free(r);
    }
}

static void test_option_the_variant_refuses_exits_1(void **state)
{
    runner_require_variant("onitama");
    const char *const *cases[] = {
        (const char *const[]){ "perft", "onitama", "1", "-o", "colour=red", NULL },
        (const char *const[]){ "perft", "onitama", "1", "--cards", "ox,ox,ox,ox,ox", NULL },
        (const char *const[]){ "perft", "onitama", "1", "--deck", "no-such-deck", NULL },
        (const char *const[]){ "perft", "onitama", "1", "--position", "nonsense", NULL },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = run(state, cases[i]);
        assert_int_equal(r->exit_code, 1);
        /* One clear line, from the variant. */
        assert_true(g_str_has_prefix(r->err, "dojo perft: "));
        assert_int_equal(runner_count_containing(r->err, ""), 1);
        runner_run_free(r);
    }
}

static void test_perft_counts(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = run(state, (const char *const[]){ "perft", "onitama", "3", "--cards", CARDS,
                                                   NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "perft 3: 1989 leaves"));
    runner_run_free(r);

    /* The other published deal (Red moves first), through -o this time:
     * Blue's cards, Red's, then the side card. */
    r = run(state, (const char *const[]){ "perft", "onitama", "4", "-o",
                                          "cards=rabbit,cobra,rooster,tiger,frog", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "perft 4: 10374 leaves"));
    runner_run_free(r);
}

static void test_perft_divide_adds_up(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = run(state, (const char *const[]){ "perft", "onitama", "3", "--divide",
                                                   "--cards", CARDS, NULL });
    assert_int_equal(r->exit_code, 0);
    char **lines = runner_lines(r->out);
    guint64 sum = 0;
    int moves = 0;
    for (int i = 0; lines[i] != NULL; i++) {
        const char *colon = strstr(lines[i], ": ");
        if (colon == NULL || g_str_has_prefix(lines[i], "perft") || strstr(lines[i], "position"))
            continue;
        guint64 count = 0;
        assert_true(g_ascii_string_to_unsigned(colon + 2, 10, 0, G_MAXUINT64, &count, NULL));
        sum += count;
        moves++;
    }
    assert_int_equal(moves, 10);
    assert_int_equal(sum, 1989);
    g_strfreev(lines);
    runner_run_free(r);
}

/* dojo tune on games played here: weights for every parameter, written
 * atomically; the engine reads them back. */
static void test_tune_writes_weights(void **state)
{
    if (dj_registry_find("onitama") == NULL)
        skip();
    const DjVariant *onitama = dj_registry_find("onitama");
    /* No finished game yet: nothing to tune on; a file that is not a
     * record is skipped with one line that names it once. */
    runner_write_file(*state, "bad.dojo", "hello world\n");
    DojoRun *r = run(state, (const char *const[]){ "tune", "onitama", ".", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "no positions to tune on"));
    assert_int_equal(runner_count_line(r->err, "dojo tune: skipping ./bad.dojo: line 1: the "
                                               "record does not say which game it is (no "
                                               "[Variant \"...\"] tag)"), 1);
    runner_run_free(r);
    char *bad = g_build_filename(*state, "bad.dojo", NULL);
    assert_int_equal(g_remove(bad), 0);
    g_free(bad);
    for (int seed = 1; seed <= 3; seed++) {
        char *seed_text = g_strdup_printf("%d", seed);
        r = run(state, (const char *const[]){ "play", "onitama", "--watch", "--side0", "2",
                                              "--side1", "3", "--time", "20", "--max-plies",
                                              "40", "--seed", seed_text, NULL });
        assert_int_equal(r->exit_code, 0);
        runner_run_free(r);
        g_free(seed_text);
    }
    r = run(state, (const char *const[]){ "tune", "onitama", "games", "--passes", "2",
                                          "--skip-plies", "2", "--output", "w.txt", NULL });
    if (r->exit_code != 0)
        fail_msg("dojo tune failed: %s", r->err);
    assert_non_null(strstr(r->err, "from 3 games"));
    runner_run_free(r);
    char *path = g_build_filename(*state, "w.txt", NULL);
    char *text = NULL;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    assert_non_null(strstr(text, "#   dojo tune onitama games --passes 2 --skip-plies 2"));
    for (int i = 0; i < onitama->n_params; i++) {
        char *line = g_strdup_printf("\n%s ", onitama->params[i].name);
        assert_non_null(strstr(text, line));
        g_free(line);
    }
    char *input = g_strdup_printf("setoption name Weights value %s\nisready\n", path);
    r = runner_run_text(*state, input, (const char *const[]){ "uci", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->out, "error"));
    assert_non_null(strstr(r->out, "readyok"));
    runner_run_free(r);
    g_free(input);
    g_free(text);
    g_free(path);
}

/* With helper threads the answer is a move and the iterations are shown. */
static void test_analyze_with_threads(void **state)
{
    DojoRun *r = run(state, (const char *const[]){ "analyze", "ogi", "--threads", "2",
                                                   "--depth", "5", NULL });
    if (dj_registry_find("ogi") == NULL) {
        runner_run_free(r);
        skip();
    }
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "depth  5  score "));
    assert_non_null(strstr(r->out, "best move: "));
    runner_run_free(r);
}

/* The move after "best move: " in `out` is legal in Onitama's start with
 * CARDS. */
static void assert_best_move_legal(const char *out)
{
    const char *best = strstr(out, "best move: ");
    assert_non_null(best);
    best += strlen("best move: ");
    char *move_text = g_strndup(best, strcspn(best, " \n,"));
    const DjVariant *variant = dj_registry_find("onitama");
    void *pos = g_malloc(variant->state_size);
    DjOptionValue cards = { "cards", CARDS };
    DjSetup setup = { .options = &cards, .n_options = 1 };
    assert_true(variant->setup(pos, &setup, NULL));
    DjMove move = DJ_MOVE_NONE;
    assert_true(variant->parse_move(pos, move_text, &move, NULL));
    g_free(pos);
    g_free(move_text);
}

/* The move after "best move: " must be legal in the analysed position. */
static void test_analyze_prints_iterations_and_a_legal_move(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = run(state, (const char *const[]){ "analyze", "onitama", "--cards", CARDS,
                                                   "--depth", "4", NULL });
    assert_int_equal(r->exit_code, 0);
    for (int depth = 1; depth <= 4; depth++) {
        char *line = g_strdup_printf("depth %2d  score ", depth);
        assert_non_null(strstr(r->out, line));
        g_free(line);
    }
    assert_best_move_legal(r->out);
    runner_run_free(r);
}

/* The signed number that ends `line` ("... +0.12"), in hundredths. */
static int last_pawns(const char *line)
{
    const char *number = strrchr(line, ' ');
    assert_non_null(number);
    double pawns = g_ascii_strtod(number + 1, NULL);
    return (int)(pawns * 100.0 + (pawns < 0 ? -0.5 : 0.5));
}

/* --eval alone: the parts of the start position's evaluation, adding up to
 * the total, which is the game's evaluate() with its built-in network (a
 * "learnt" part); no search. */
static void test_analyze_eval_shows_the_parts(void **state)
{
    runner_require_variant("ogi");
    DojoRun *r = run(state, (const char *const[]){ "analyze", "ogi", "--eval", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "static evaluation, Black to move, in pawns:\n"));
    assert_null(strstr(r->out, "best move"));
    assert_null(strstr(r->out, "depth "));
    g_auto(GStrv) lines = g_strsplit(strstr(r->out, "static evaluation"), "\n", -1);
    assert_true(g_str_has_prefix(lines[1], "part "));
    int sum = 0, parts = 0;
    char **line = lines + 2;
    for (; *line != NULL && !g_str_has_prefix(*line, "total "); line++, parts++)
        sum += last_pawns(*line);
    assert_non_null(*line);
    assert_true(parts >= 3);
    assert_non_null(strstr(r->out, "\nking safety "));
    assert_non_null(strstr(r->out, "\nlearnt "));
    const DjVariant *ogi = dj_registry_find("ogi");
    const DjNet *builtin = dj_net_builtin(ogi, NULL);
    assert_non_null(builtin);
    assert_true(dj_net_install(ogi, builtin, NULL));
    void *start = g_malloc(ogi->state_size);
    assert_true(ogi->setup(start, &(DjSetup){ 0 }, NULL));
    assert_int_equal(last_pawns(*line), ogi->evaluate(start));
    assert_int_equal(sum, ogi->evaluate(start));
    g_free(start);
    assert_true(dj_net_install(ogi, NULL, NULL));
    runner_run_free(r);
}

/* --eval-file: `none` plays without the built-in network (no "learnt"
 * part), a file with its network (the part is that network's), in analyze,
 * review and bench alike; a file for no game it can go in, or one that does
 * not read, is refused in words before any search. */
static void test_eval_file_option(void **state)
{
    runner_require_variant("ogi");
    const DjVariant *ogi = dj_registry_find("ogi");
    g_autoptr(DjNet) net = dj_net_new("ogi", ogi->net_inputs, 4, 11);
    for (int i = 0; i < net->n_hidden; i++)
        net->w2[i] = 30.0f;   /* a part that shows: a new network's is 0 */
    dj_net_prepare(net);
    g_autofree char *path = g_build_filename(*state, "mine.net", NULL);
    assert_true(dj_net_save(net, "test", path, NULL));

    DojoRun *r = run(state, (const char *const[]){ "analyze", "ogi", "--eval", "--eval-file",
                                                   "none", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "\ntotal "));
    assert_null(strstr(r->out, "\nlearnt "));
    runner_run_free(r);

    r = run(state, (const char *const[]){ "analyze", "ogi", "--eval", "--eval-file", path, NULL });
    assert_int_equal(r->exit_code, 0);
    const char *learnt = strstr(r->out, "\nlearnt ");
    assert_non_null(learnt);
    assert_true(dj_net_install(ogi, net, NULL));
    void *start = g_malloc(ogi->state_size);
    assert_true(ogi->setup(start, &(DjSetup){ 0 }, NULL));
    int whole = ogi->evaluate(start);
    assert_true(dj_net_install(ogi, NULL, NULL));
    assert_true(ogi->setup(start, &(DjSetup){ 0 }, NULL));
    int without = ogi->evaluate(start);
    g_free(start);
    assert_int_not_equal(whole, without);
    g_auto(GStrv) rows = g_strsplit(learnt + 1, "\n", 2);
    int shown = (int)lround(g_ascii_strtod(strrchr(rows[0], ' ') + 1, NULL) * 100.0);
    assert_int_equal(shown, whole - without);
    runner_run_free(r);

    /* The same in bench: three different signatures. */
    const char *given[] = { NULL, "none", path };
    char *signatures[3] = { NULL, NULL, NULL };
    for (int i = 0; i < 3; i++) {
        r = run(state, (const char *const[]){ "bench", "ogi", "--depth", "3",
                                              given[i] != NULL ? "--eval-file" : NULL,
                                              given[i], NULL });
        assert_int_equal(r->exit_code, 0);
        assert_non_null(strstr(r->out, "signature: "));
        signatures[i] = g_strdup(strstr(r->out, "signature: "));
        runner_run_free(r);
    }
    assert_string_not_equal(signatures[0], signatures[1]);
    assert_string_not_equal(signatures[0], signatures[2]);
    assert_string_not_equal(signatures[1], signatures[2]);
    for (int i = 0; i < 3; i++)
        g_free(signatures[i]);

    /* Refused: another game's file, a file that is no network, none at all. */
    if (dj_registry_find("onitama") != NULL) {
        r = run(state, (const char *const[]){ "analyze", "onitama", "--depth", "2",
                                              "--eval-file", path, NULL });
        assert_int_equal(r->exit_code, 1);
        assert_non_null(strstr(r->err, "no learnt evaluation"));
        assert_null(strstr(r->out, "best move"));
        runner_run_free(r);
    }
    runner_write_file(*state, "text.net", "hello\n");
    g_autofree char *text = g_build_filename(*state, "text.net", NULL);
    g_autofree char *missing = g_build_filename(*state, "missing.net", NULL);
    const char *bad[] = { text, missing };
    for (int i = 0; i < 2; i++) {
        r = run(state, (const char *const[]){ "bench", "ogi", "--depth", "2", "--eval-file",
                                              bad[i], NULL });
        assert_int_equal(r->exit_code, 1);
        assert_non_null(strstr(r->err, bad[i]));
        assert_null(strstr(r->out, "signature"));
        runner_run_free(r);
    }
    /* play and review refuse it before a game starts or a move is searched. */
    runner_write_file(*state, "short.dojo", "[Variant \"ogi\"]\n\n1. c3c4\n1... f6f5\n");
    g_autofree char *record = g_build_filename(*state, "short.dojo", NULL);
    r = runner_run_text(*state, "quit\n", (const char *const[]){ "play", "ogi", "--eval-file",
                                                                 missing, NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, missing));
    assert_null(strstr(r->out, "recorded in"));
    runner_run_free(r);
    r = run(state, (const char *const[]){ "review", record, "--depth", "2", "--eval-file",
                                          text, NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "not an evaluation network"));
    runner_run_free(r);
    r = run(state, (const char *const[]){ "review", record, "--depth", "2", "--eval-file",
                                          "none", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
}

/* --eval with a limit shows the parts, then searches. */
static void test_analyze_eval_then_search(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = run(state, (const char *const[]){ "analyze", "onitama", "--cards", CARDS,
                                                   "--eval", "--depth", "2", NULL });
    assert_int_equal(r->exit_code, 0);
    const char *table = strstr(r->out, "static evaluation, ");
    assert_non_null(table);
    assert_non_null(strstr(table, "\ntotal "));
    assert_non_null(strstr(table, "depth  2  score "));
    assert_best_move_legal(r->out);
    runner_run_free(r);
}

/* MCTS: playouts instead of nodes, the most visited moves, a legal move. */
static void test_analyze_with_mcts(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = run(state, (const char *const[]){ "analyze", "onitama", "--cards", CARDS,
                                                   "--engine", "mcts", "--nodes", "2000", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "nodes 2000 "));
    assert_non_null(strstr(r->out, "  visits "));
    assert_best_move_legal(r->out);
    runner_run_free(r);
}

/* Node counts of a fixed-depth bench are a signature: the same every run. */
static void test_bench_is_reproducible(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "bench", "onitama", "--depth", "4", NULL };
    DojoRun *first = run(state, args);
    DojoRun *second = run(state, args);
    assert_int_equal(first->exit_code, 0);
    assert_int_equal(second->exit_code, 0);
    const char *sig1 = strstr(first->out, "signature: ");
    const char *sig2 = strstr(second->out, "signature: ");
    assert_non_null(sig1);
    assert_non_null(sig2);
    assert_string_equal(sig1, sig2);
    assert_true(runner_count_containing(first->out, " perft ") >= 1);
    assert_true(runner_count_containing(first->out, " search ") >= 2);
    runner_run_free(first);
    runner_run_free(second);
}

/* --positions searches a file's positions, one a line, comments and blank
 * lines aside, in order and repeats included, and runs no perft. */
static void test_bench_positions_file(void **state)
{
    runner_require_variant("onitama");
    runner_write_file(*state, "mid.txt",
                      "# two deals\n"
                      "ssmss/5/5/5/SSMSS b boar,mantis,eel,frog,ox\n"
                      "\n"
                      "  ssmss/5/5/5/SSMSS b tiger,crab,monkey,crane,dragon  \n"
                      "ssmss/5/5/5/SSMSS b boar,mantis,eel,frog,ox\n");
    const char *const args[] = { "bench", "onitama", "--positions", "mid.txt", "--depth", "3",
                                 NULL };
    DojoRun *first = run(state, args);
    DojoRun *second = run(state, args);
    assert_int_equal(first->exit_code, 0);
    assert_int_equal(runner_count_containing(first->out, " search  3 "), 3);
    assert_int_equal(runner_count_containing(first->out, "position 3 "), 1);
    assert_int_equal(runner_count_containing(first->out, "position 4 "), 0);
    assert_int_equal(runner_count_containing(first->out, " perft "), 0);
    assert_int_equal(runner_count_containing(first->out, "total perft"), 0);
    const char *sig1 = strstr(first->out, "signature: ");
    const char *sig2 = strstr(second->out, "signature: ");
    assert_non_null(sig1);
    assert_non_null(sig2);
    assert_string_equal(sig1, sig2);
    runner_run_free(first);
    runner_run_free(second);

    /* A bad line is named, and nothing is searched. */
    runner_write_file(*state, "bad.txt", "ssmss/5/5/5/SSMSS b boar,mantis,eel,frog,ox\nxyz\n");
    const char *const bad[] = { "bench", "onitama", "--positions", "bad.txt", NULL };
    DojoRun *r = run(state, bad);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "bad.txt: line 2: "));
    assert_string_equal(r->out, "");
    runner_run_free(r);

    const char *const missing[] = { "bench", "onitama", "--positions", "none.txt", NULL };
    r = run(state, missing);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "cannot read the positions in none.txt"));
    runner_run_free(r);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_cli PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_list_names_every_variant, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_help_and_version, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_usage_errors_exit_2, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_play_game_help_shows_its_options_only, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_excluded_options_are_a_usage_error, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_option_the_variant_refuses_exits_1, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_perft_counts, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_bench_positions_file, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_perft_divide_adds_up, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_with_threads, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_tune_writes_weights, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_with_mcts, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_eval_shows_the_parts, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_eval_then_search, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_prints_iterations_and_a_legal_move,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_bench_is_reproducible, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_eval_file_option, runner_make_dir, runner_remove_dir),
    };
    return cmocka_run_group_tests_name("frontend cli", tests, NULL, NULL);
}
