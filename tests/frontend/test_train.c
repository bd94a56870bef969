/* test_train.c: `dojo train` on the records of a real match between two
 * `dojo uci` engines at a few thousand nodes a move (the engines' scores in
 * the records' comments are what it learns from), what it refuses, and
 * the network it writes loaded by `dojo uci` through EvalFile: none at the
 * start, listed by `uci`, shown as the "learnt" part by `eval`, a bad file
 * refused with the engine going on, `none` being a file like any other, and
 * <empty> (or nothing) taking the network out. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "framework/game_history.h"
#include "framework/net.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"
#include "tests/frontend/uci_client.h"
#include "tests/support/gerror_assert.h"

/* Six finished games of Ōgi in recs/ between two `dojo uci` engines a
 * little apart in strength, as `dojo match --records` writes them: each
 * engine move with its score ("; +0.31/5 0.031s"). */
static void make_records(void **state)
{
    char *a = g_strdup_printf("name=a,cmd=%s,arg=uci,nodes=2000", runner_exe());
    char *b = g_strdup_printf("name=b,cmd=%s,arg=uci,nodes=2200", runner_exe());
    DojoRun *r = runner_run_logged(*state, (const char *const[]){
        "match", "ogi", "--engine", a, "--engine", b, "--games", "6", "--openings", "random:4",
        "--seed", "7", "--records", "recs", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    g_free(a);
    g_free(b);
    char *first = runner_read_file(*state, "recs/game-0001.dojo");
    runner_assert_contains(first, "\n2. ");   /* Ōgi numbers every move, as shogi does */
    assert_true(g_regex_match_simple("\n[0-9]+\\.+ \\S+ ; [+-][0-9]+\\.[0-9][0-9]/[0-9]+ ", first,
                                     0, 0));
    g_free(first);
}

/* The number before " positions from " in dojo train's report. */
static int positions_read(const char *err)
{
    const char *at = strstr(err, " positions from ");
    assert_non_null(at);
    while (at > err && g_ascii_isdigit(at[-1]))
        at--;
    return atoi(at);
}

/* The network in file `name` of `dir`, which must load. */
static DjNet *load_net(const char *dir, const char *name)
{
    char *path = g_build_filename(dir, name, NULL);
    GError *error = NULL;
    DjNet *net = dj_net_load(path, &error);
    assert_no_gerror(error);
    assert_non_null(net);
    g_free(path);
    return net;
}

/* An Ōgi network whose output is +1.23 pawns in every position: no hidden
 * unit ever on, b2 1.23. */
static void write_fixed_net(const char *dir, const char *name)
{
    GString *text = g_string_new("dojo-net 1 ogi 3388 1\n# +1.23 everywhere\n1.23\n0\n0\n");
    for (int i = 0; i < 3388; i++)
        g_string_append(text, "0\n");
    runner_write_file(dir, name, text->str);
    g_string_free(text, TRUE);
}

static void test_train_from_a_match(void **state)
{
    runner_require_variant("ogi");
    make_records(state);
    DojoRun *r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "recs", "--output", "ogi.net", "--epochs", "3", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_string_equal(r->out, "");
    assert_int_equal(runner_count_line(r->err, "network written to ogi.net"), 1);
    assert_int_equal(runner_count_containing(r->err, " positions from 6 games (0 records skipped)"),
                     1);
    int positions = positions_read(r->err);
    assert_true(positions > 10);
    /* One line an epoch, three of them. */
    assert_int_equal(runner_count_containing(r->err, "epoch "), 3);
    assert_int_equal(runner_count_containing(r->err, "epoch 3: error "), 1);
    runner_run_free(r);

    char *text = runner_read_file(*state, "ogi.net");
    assert_true(g_str_has_prefix(text, "dojo-net 1 ogi 3388 32\n# "));
    /* The comment says how it was made, the command as typed. */
    runner_assert_contains(text, "\n#   dojo train ogi recs --output ogi.net --epochs 3\n");
    char *from = g_strdup_printf("\n# %d positions from 6 games", positions);
    runner_assert_contains(text, from);
    g_free(from);
    runner_assert_contains(text, "\n# 3 epochs of 3; error ");
    DjNet *net = load_net(*state, "ogi.net");
    assert_string_equal(net->variant, "ogi");
    assert_int_equal(net->n_inputs, 3388);
    assert_int_equal(net->n_hidden, 32);
    dj_net_free(net);

    /* The same records and options give the same network. */
    r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "recs", "--output", "again.net", "--epochs", "3", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *again = runner_read_file(*state, "again.net");
    char *weights = runner_without_comments(text), *again_weights = runner_without_comments(again);
    assert_string_equal(weights, again_weights);
    g_free(weights);
    g_free(again_weights);
    g_free(again);
    g_free(text);

    /* --hidden makes another width; --max-positions caps the positions. */
    r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "recs/game-0001.dojo", "recs", "--output", "narrow.net", "--epochs", "1",
        "--hidden", "8", "--max-positions", "10", "--seed", "3", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->err, "10 positions from "), 1);
    runner_run_free(r);
    char *narrow = runner_read_file(*state, "narrow.net");
    assert_true(g_str_has_prefix(narrow, "dojo-net 1 ogi 3388 8\n"));
    g_free(narrow);

    /* Every second game held out: the evaluation alone and each epoch
     * report their error on those too. */
    r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "recs", "--output", "held.net", "--epochs", "2", "--validation", "2",
        NULL });
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->err, ", 0 held out"));
    assert_int_equal(runner_count_containing(r->err, ", held out "), 1 + 2);
    assert_int_equal(runner_count_containing(r->err, "the evaluation alone: error "), 1);
    runner_run_free(r);

    /* --net goes on from a network, of its own width: a --hidden that
     * differs is refused, not ignored. */
    r = runner_run_text(*state, NULL, (const char *const[]){
        "train", "ogi", "recs", "--net", "ogi.net", "--hidden", "4", "--epochs", "1",
        "--output", "more.net", NULL });
    assert_int_equal(r->exit_code, 2);
    runner_assert_contains(r->err, "--hidden 4 is for a new network: the network of --net has 32 "
                                   "hidden units");
    runner_run_free(r);
    r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "recs", "--net", "ogi.net", "--hidden", "32", "--epochs", "1",
        "--output", "more.net", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *more = runner_read_file(*state, "more.net");
    assert_true(g_str_has_prefix(more, "dojo-net 1 ogi 3388 32\n"));
    g_free(more);
    /* ... and refuses one that is not a network for this game. */
    runner_write_file(*state, "other.net", "dojo-net 1 ogi 3 1\n0\n0\n0\n0\n0\n0\n");
    r = runner_run_text(*state, NULL, (const char *const[]){
        "train", "ogi", "recs", "--net", "other.net", "--output", "x.net", NULL });
    assert_int_not_equal(r->exit_code, 0);
    runner_assert_contains(r->err, "cannot start from the network");
    runner_assert_contains(r->err, "the network reads 3 features, but ogi has 3388");
    runner_run_free(r);
    char *output = g_build_filename(*state, "x.net", NULL);
    assert_false(g_file_test(output, G_FILE_TEST_EXISTS));
    g_free(output);

    /* The samples' base is the game's own evaluation, whatever network it
     * starts from: the evaluation alone has the same error with --net (a
     * network adding +1.23 everywhere) as without. */
    write_fixed_net(*state, "fixed.net");
    char *alone[2] = { NULL, NULL };
    for (int i = 0; i < 2; i++) {
        const char *args[] = { "train", "ogi", "recs", "--output", "base.net", "--force",
                               "--epochs", "1", "--validation", "2", i == 0 ? NULL : "--net",
                               "fixed.net", NULL };
        r = runner_run_logged(*state, args);
        assert_int_equal(r->exit_code, 0);
        const char *line = strstr(r->err, "the evaluation alone: error ");
        assert_non_null(line);
        alone[i] = g_strndup(line, strcspn(line, "\n"));
        runner_run_free(r);
    }
    assert_string_equal(alone[1], alone[0]);
    g_free(alone[0]);
    g_free(alone[1]);
    char *based = runner_read_file(*state, "base.net");
    assert_true(g_str_has_prefix(based, "dojo-net 1 ogi 3388 1\n"));   /* from fixed.net */
    g_free(based);
}

/* A usage error exits 2, says what is wrong, and writes no network. */
static void test_usage_errors(void **state)
{
    runner_require_variant("ogi");
    char *recs = g_build_filename(*state, "recs", NULL);
    assert_int_equal(g_mkdir(recs, 0700), 0);
    g_free(recs);
    static const struct {
        const char *args[12];
        const char *message;
    } cases[] = {
        { { "train", "ogi", "recs", NULL }, "train wants --output FILE" },
        { { "train", "ogi", "--output", "x.net", NULL },
          "train wants a VARIANT and at least one RECORD or FOLDER" },
        { { "train", "--output", "x.net", NULL }, "train wants a VARIANT" },
        { { "train", "ogi", "recs", "--output", "x.net", "--lambda", "2", NULL },
          "--lambda wants a number" },
        { { "train", "ogi", "recs", "--output", "x.net", "--lambda", "-0.5", NULL },
          "--lambda wants a number from 0 to 1, not '-0.5'" },
        { { "train", "ogi", "recs", "--output", "x.net", "--lambda", "half", NULL }, "--lambda" },
        { { "train", "ogi", "recs", "--output", "x.net", "--validation", "1", NULL },
          "--validation 1 would hold out every game" },
        { { "train", "ogi", "recs", "--output", "x.net", "--hidden", "0", NULL },
          "--hidden wants a whole number from 1 to 1024, not '0'" },
        { { "train", "ogi", "recs", "--output", "x.net", "--hidden", "1025", NULL },
          "--hidden wants a whole number from 1 to 1024" },
        { { "train", "ogi", "recs", "--output", "x.net", "--epochs", "0", NULL }, "--epochs" },
        { { "train", "ogi", "recs", "--output", "x.net", "--batch", "x", NULL }, "--batch" },
        { { "train", "ogi", "recs", "--output", "x.net", "--rate", "0", NULL }, "--rate" },
        { { "train", "ogi", "recs", "--output", "x.net", "--max-positions", "0", NULL },
          "--max-positions" },
        { { "train", "ogi", "nowhere", "--output", "x.net", NULL },
          "no record or folder 'nowhere'" },
        { { "train", "ogi", "recs", "nowhere", "--output", "x.net", NULL },
          "no record or folder 'nowhere'" },
        { { "train", "chess", "recs", "--output", "x.net", NULL }, "unknown variant 'chess'" },
        { { "train", "ogi", "recs", "--output", "x.net", "--bogus", NULL }, "--bogus" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = runner_run_text(*state, NULL, cases[i].args);
        if (r->exit_code != 2 || strstr(r->err, cases[i].message) == NULL)
            fail_msg("case %zu: exit %d (2 expected), said:\n%s%s(expected '%s')", i,
                     r->exit_code, r->out, r->err, cases[i].message);
        runner_assert_contains(r->err, "Usage: dojo train");
        runner_run_free(r);
        char *output = g_build_filename(*state, "x.net", NULL);
        assert_false(g_file_test(output, G_FILE_TEST_EXISTS));
        g_free(output);
    }
}

/* --lambda takes a number from 0 to 1, and says so whichever side of that
 * range the number given is on. */
static void test_lambda_range_in_words(void **state)
{
    runner_require_variant("ogi");
    const char *const values[] = { "2", "1.5", "-0.5", "-1" };
    for (size_t i = 0; i < G_N_ELEMENTS(values); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "train", "ogi", ".", "--output", "x.net", "--lambda", values[i], NULL });
        assert_int_equal(r->exit_code, 2);
        char *expected = g_strdup_printf("--lambda wants a number from 0 to 1, not '%s'",
                                         values[i]);
        if (strstr(r->err, expected) == NULL)
            fail_msg("for --lambda %s expected '%s', got:\n%s", values[i], expected, r->err);
        g_free(expected);
        runner_run_free(r);
    }
    /* Both ends are in it. */
    const char *const ends[] = { "0", "1" };
    for (size_t i = 0; i < G_N_ELEMENTS(ends); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "train", "ogi", ".", "--output", "x.net", "--lambda", ends[i], NULL });
        assert_int_equal(r->exit_code, 1);   /* only for want of positions */
        runner_assert_contains(r->err, "no positions to train on");
        runner_run_free(r);
    }
}

/* A finished game with no engine scores: the 5-ply checkmate of a match
 * opening (its moves carry no comments, as a person's game would). */
#define UNSCORED_RECORD                                                                   \
    "[Variant \"ogi\"]\n"                                                                 \
    "[Position \"lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1\"]\n"          \
    "[Result \"1-0\"]\n"                                                                  \
    "\n"                                                                                  \
    "1. d1f2\n1... b7e7\n2. f2e4\n2... c6c5\n3. e4d6+\n1-0\n"

/* A game with scores that has not ended. */
#define UNFINISHED_RECORD                                                                 \
    "[Variant \"ogi\"]\n"                                                                 \
    "[Position \"lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1\"]\n"          \
    "[Result \"*\"]\n"                                                                    \
    "\n"                                                                                  \
    "1. d1f2 ; +0.20/5 0.010s\n1... b7e7 ; -0.10/5 0.010s\n"

/* Records with nothing to learn from: an error (exit 1), no network. */
static void test_no_positions(void **state)
{
    runner_require_variant("ogi");
    char *folder = g_build_filename(*state, "recs", NULL);
    assert_int_equal(g_mkdir(folder, 0700), 0);
    g_free(folder);
    /* An empty folder. */
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "train", "ogi", "recs", "--output", "x.net", NULL });
    assert_int_equal(r->exit_code, 1);
    runner_assert_contains(r->err, "0 positions from 0 games (0 records skipped)");
    runner_assert_contains(r->err, "dojo train: no positions to train on");
    runner_run_free(r);

    runner_write_file(*state, "recs/a-unscored.dojo", UNSCORED_RECORD);
    /* A subfolder is read too; a link back up the tree is not followed. */
    folder = g_build_filename(*state, "recs", "deeper", NULL);
    assert_int_equal(g_mkdir(folder, 0700), 0);
    char *loop = g_build_filename(folder, "loop", NULL);
    assert_int_equal(symlink("..", loop), 0);
    g_free(loop);
    g_free(folder);
    runner_write_file(*state, "recs/deeper/b-unfinished.dojo", UNFINISHED_RECORD);
    runner_write_file(*state, "recs/c-broken.dojo", "this is not a record\n");
    runner_write_file(*state, "recs/notes.txt", "not a .dojo file: never read\n");
    DjGame *game = runner_load_record(*state, "recs/a-unscored.dojo");
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_free(game);
    r = runner_run_text(*state, NULL, (const char *const[]){
        "train", "ogi", "recs", "--output", "x.net", "--skip-plies", "0", NULL });
    assert_int_equal(r->exit_code, 1);
    runner_assert_contains(r->err, "dojo train: skipping recs/c-broken.dojo: line ");
    /* Every record skipped is named, with why. */
    assert_int_equal(runner_count_containing(r->err, "dojo train: skipping "), 2);
    runner_assert_contains(r->err, "dojo train: skipping recs/deeper/b-unfinished.dojo: the game "
                                   "is unfinished");
    assert_null(strstr(r->err, "notes.txt"));
    runner_assert_contains(r->err, "0 positions from 1 games (2 records skipped)");
    runner_assert_contains(r->err, "dojo train: no positions to train on: give finished games of "
                                   "Ōgi with the engines' scores");
    runner_run_free(r);
    char *output = g_build_filename(*state, "x.net", NULL);
    assert_false(g_file_test(output, G_FILE_TEST_EXISTS));
    g_free(output);
}

/* The game of UNSCORED_RECORD with the comments an engine may write: two
 * scores to learn from (plies 0 and 1), then a decided score, a score
 * without a depth (not the engines' form) and a mate score, which are not. */
#define SCORED_RECORD                                                                     \
    "[Variant \"ogi\"]\n"                                                                 \
    "[Position \"lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1\"]\n"          \
    "[Result \"1-0\"]\n"                                                                  \
    "\n"                                                                                  \
    "1. d1f2 ; +0.20/5 0.010s\n"                                                          \
    "1... b7e7 ; -0.10/5 0.010s\n"                                                        \
    "2. f2e4 ; +25.00/5 0.010s\n"                                                         \
    "2... c6c5 ; +0.50 0.010s\n"                                                          \
    "3. e4d6+ ; +M1/1 0.000s\n"                                                           \
    "1-0\n"

/* Which moves' comments give positions, and --skip-plies leaving out the
 * first ones. */
static void test_scores_from_comments(void **state)
{
    runner_require_variant("ogi");
    runner_write_file(*state, "scored.dojo", SCORED_RECORD);
    static const struct {
        const char *skip;
        int positions;
    } cases[] = { { "0", 2 }, { "1", 1 }, { "2", 0 } };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "train", "ogi", "scored.dojo", "--output", "x.net", "--force", "--epochs", "1",
            "--skip-plies", cases[i].skip, NULL });
        char *expected = g_strdup_printf("%d positions from 1 games (0 records skipped)",
                                         cases[i].positions);
        if (strstr(r->err, expected) == NULL
            || r->exit_code != (cases[i].positions > 0 ? 0 : 1))
            fail_msg("--skip-plies %s: expected '%s', exit %d, got exit %d:\n%s", cases[i].skip,
                     expected, cases[i].positions > 0 ? 0 : 1, r->exit_code, r->err);
        g_free(expected);
        runner_run_free(r);
    }
}

/* --output: checked before the work (a file there is refused without
 * --force, a missing folder found at once); replacing keeps the file's
 * mode and writes through a symbolic link; and a network that cannot be
 * written at the end goes to standard output, not lost. */
static void test_output_is_checked_first_and_never_lost(void **state)
{
    runner_require_variant("ogi");
    runner_write_file(*state, "scored.dojo", SCORED_RECORD);
    runner_write_file(*state, "mine.net", "precious\n");
    const char *const existing[] = { "train", "ogi", "scored.dojo", "--output", "mine.net",
                                     "--epochs", "1", "--skip-plies", "0", NULL };
    DojoRun *r = runner_run_text(*state, NULL, existing);
    assert_int_equal(r->exit_code, 1);
    runner_assert_contains(r->err, "dojo train: cannot save the network in mine.net: the file "
                                   "exists already; add --force to replace it");
    assert_null(strstr(r->err, "epoch "));
    runner_run_free(r);
    char *kept = runner_read_file(*state, "mine.net");
    assert_string_equal(kept, "precious\n");
    g_free(kept);

    /* --force replaces it, keeping its mode, through a symbolic link. */
    char *mine = g_build_filename(*state, "mine.net", NULL);
    assert_int_equal(chmod(mine, 0600), 0);
    char *link = g_build_filename(*state, "link.net", NULL);
    assert_int_equal(symlink("mine.net", link), 0);
    r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "scored.dojo", "--output", "link.net", "--force", "--epochs", "1",
        "--skip-plies", "0", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    struct stat info;
    assert_int_equal(lstat(link, &info), 0);
    assert_true(S_ISLNK(info.st_mode));
    assert_int_equal(stat(mine, &info), 0);
    assert_int_equal(info.st_mode & 0777, 0600);
    char *net = runner_read_file(*state, "mine.net");
    assert_true(g_str_has_prefix(net, "dojo-net 1 ogi "));
    g_free(net);
    g_free(link);
    g_free(mine);

    /* A folder that is not there: said before any epoch. */
    r = runner_run_text(*state, NULL, (const char *const[]){
        "train", "ogi", "scored.dojo", "--output", "nodir/x.net", "--epochs", "1",
        "--skip-plies", "0", NULL });
    assert_int_equal(r->exit_code, 1);
    runner_assert_contains(r->err, "dojo train: cannot save the network in nodir/x.net: there is "
                                   "no folder nodir");
    assert_null(strstr(r->err, "epoch "));
    runner_run_free(r);

    /* The disk fills up at the end: the network is on standard output. */
    char *out = NULL, *err = NULL;
    int code = runner_run_with_small_files(*state, (const char *const[]){
        "train", "ogi", "scored.dojo", "--output", "big.net", "--epochs", "1",
        "--skip-plies", "0", NULL }, &out, &err);
    if (code != 1)
        fail_msg("exit %d:\n%s", code, err);
    runner_assert_contains(err, "dojo train: cannot save the network: big.net: ");
    runner_assert_contains(err, "dojo train: the network went to standard output instead");
    assert_true(g_str_has_prefix(out, "dojo-net 1 ogi 3388 32\n"));
    g_free(out);
    g_free(err);
    char *big = g_build_filename(*state, "big.net", NULL);
    assert_false(g_file_test(big, G_FILE_TEST_EXISTS));
    g_free(big);
}

/* A record of the other game is named as skipped, with why. */
static void test_a_record_of_another_game_is_named(void **state)
{
    runner_require_variant("ogi");
    runner_require_variant("onitama");
    runner_write_file(*state, "scored.dojo", SCORED_RECORD);
    runner_write_file(*state, "onitama.dojo",
                      "[Variant \"onitama\"]\n"
                      "[Position \"2m2/5/2s2/5/S1M1S b ox,boar,horse,elephant,crab\"]\n"
                      "\n1. ox:c1c2 horse:c3c2\n0-1\n");
    DojoRun *r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "scored.dojo", "onitama.dojo", "--output", "x.net", "--epochs", "1",
        "--skip-plies", "0", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->err, "(1 records skipped)");
    runner_assert_contains(r->err, "dojo train: skipping onitama.dojo: it is a game of Onitama, "
                                   "not Ōgi\n");
    runner_run_free(r);
}

/* A game without a learnt evaluation cannot have one trained. */
static void test_game_without_a_network(void **state)
{
    const DjVariant *v = NULL;
    for (const DjVariant *const *all = dj_registry_all(); *all != NULL && v == NULL; all++)
        if ((*all)->net == NULL)
            v = *all;
    if (v == NULL) {
        fprintf(stderr, "every built game has a learnt evaluation: skipped\n");
        skip();
    }
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "train", v->name, ".", "--output", "x.net", NULL });
    assert_int_equal(r->exit_code, 1);
    char *expected = g_strdup_printf("dojo train: %s has no learnt evaluation", v->title);
    runner_assert_contains(r->err, expected);
    g_free(expected);
    runner_run_free(r);
}

/* The "learnt" row of `eval`'s table (g_free it), or NULL when it has none;
 * fails the test if the table does not end. */
static char *learnt_row(UciClient *engine)
{
    uci_client_send(engine, "eval");
    uci_client_expect(engine, "info string static evaluation");
    char *row = NULL;
    const char *line;
    while ((line = uci_client_read(engine)) != NULL
           && !g_str_has_prefix(line, "info string total "))
        if (g_str_has_prefix(line, "info string learnt ")) {
            assert_null(row);
            row = g_strdup(line);
        }
    assert_non_null(line);
    return row;
}

/* The EvalFile line of the option list `uci` gives is `value`. */
static void expect_eval_file_option(UciClient *engine, const char *value)
{
    uci_client_send(engine, "uci");
    const char *option = uci_client_expect(engine, "option name EvalFile ");
    char *expected = g_strdup_printf("option name EvalFile type string default %s", value);
    assert_string_equal(option, expected);
    g_free(expected);
    uci_client_expect(engine, "uciok");
}

/* setoption, then isready: fails the test if the engine answers with an
 * error. */
static void set_eval_file(UciClient *engine, const char *value)
{
    uci_client_send(engine, "setoption name EvalFile value %s", value);
    uci_client_send(engine, "isready");
    const char *line;
    while ((line = uci_client_read(engine)) != NULL && strcmp(line, "readyok") != 0)
        if (g_str_has_prefix(line, "info string error"))
            fail_msg("EvalFile %s: %s", value, line);
    assert_non_null(line);
}

static void test_uci_eval_file(void **state)
{
    runner_require_variant("ogi");
    make_records(state);
    DojoRun *r = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "recs", "--output", "ogi.net", "--epochs", "2", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *trained = g_build_filename(*state, "ogi.net", NULL);
    write_fixed_net(*state, "fixed.net");
    char *fixed = g_build_filename(*state, "fixed.net", NULL);
    char *missing = g_build_filename(*state, "no", "such", "file.net", NULL);

    UciClient *engine = uci_client_start(*state);
    expect_eval_file_option(engine, "<empty>");
    /* Ōgi starts with its built-in network. */
    uci_client_send(engine, "setoption name UCI_Variant value ogi");
    uci_client_send(engine, "position startpos moves c3c4 f6f5");
    char *builtin_row = learnt_row(engine);
    assert_non_null(builtin_row);
    /* `none`: the hand-written evaluation alone, and it plays. */
    set_eval_file(engine, "none");
    expect_eval_file_option(engine, "none");
    assert_null(learnt_row(engine));
    uci_client_send(engine, "go nodes 500");
    uci_client_expect(engine, "bestmove ");

    /* Loaded while UCI_Variant names another game (a GUI sends the options
     * in any order), the network goes to the game its file names, and the
     * other game's evaluation is left alone. */
    if (dj_registry_find("onitama") != NULL) {
        uci_client_send(engine, "setoption name UCI_Variant value onitama");
        set_eval_file(engine, fixed);
        uci_client_send(engine, "position startpos");
        assert_null(learnt_row(engine));
        uci_client_send(engine, "setoption name UCI_Variant value ogi");
    } else {
        set_eval_file(engine, fixed);
    }
    expect_eval_file_option(engine, fixed);
    uci_client_send(engine, "position startpos moves c3c4 f6f5");
    char *row = learnt_row(engine);
    assert_non_null(row);
    assert_true(g_str_has_suffix(row, " +1.23"));
    g_free(row);

    /* The network dojo train wrote loads and plays. */
    set_eval_file(engine, trained);
    expect_eval_file_option(engine, trained);
    char *trained_row = learnt_row(engine);
    assert_non_null(trained_row);
    uci_client_send(engine, "go nodes 500");
    uci_client_expect(engine, "bestmove ");

    /* A file that is not there: an error naming it, the network loaded
     * before stays, and the engine goes on. */
    uci_client_send(engine, "setoption name EvalFile value %s", missing);
    runner_assert_contains(uci_client_expect(engine, "info string error: "), missing);
    uci_client_send(engine, "isready");
    uci_client_expect(engine, "readyok");
    expect_eval_file_option(engine, trained);
    row = learnt_row(engine);
    assert_non_null(row);
    assert_string_equal(row, trained_row);
    g_free(row);

    /* Files that are no network for this dojo, likewise. */
    static const char *const bad[][2] = {
        { "text.net", "some text\n" },
        { "short.net", "dojo-net 1 ogi 3388 1\n0\n0\n0\n" },
        { "chess.net", "dojo-net 1 chess 3 1\n0\n0\n0\n0\n0\n0\n" },
        { "small.net", "dojo-net 1 ogi 3 1\n0\n0\n0\n0\n0\n0\n" },
    };
    static const char *const why[] = {
        "line 1: it is not an evaluation network",
        "the file ends before the last weight",
        "the network is for 'chess', a game this dojo does not have",
        "the network reads 3 features, but ogi has 3388",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        runner_write_file(*state, bad[i][0], bad[i][1]);
        char *path = g_build_filename(*state, bad[i][0], NULL);
        uci_client_send(engine, "setoption name EvalFile value %s", path);
        const char *error = uci_client_expect(engine, "info string error: ");
        runner_assert_contains(error, path);
        runner_assert_contains(error, why[i]);
        g_free(path);
        uci_client_send(engine, "isready");
        uci_client_expect(engine, "readyok");
    }
    expect_eval_file_option(engine, trained);
    row = learnt_row(engine);
    assert_string_equal(row, trained_row);
    g_free(row);

    /* <empty> puts the built-in network back. */
    set_eval_file(engine, "<empty>");
    expect_eval_file_option(engine, "<empty>");
    row = learnt_row(engine);
    assert_non_null(row);
    assert_string_equal(row, builtin_row);
    g_free(row);
    uci_client_send(engine, "go nodes 500");
    uci_client_expect(engine, "bestmove ");
    /* ... and again: nothing changes. */
    set_eval_file(engine, "<empty>");
    row = learnt_row(engine);
    assert_string_equal(row, builtin_row);
    g_free(row);
    /* `none` twice: no network, then still none. */
    set_eval_file(engine, "none");
    assert_null(learnt_row(engine));
    set_eval_file(engine, "none");
    assert_null(learnt_row(engine));
    g_free(builtin_row);

    /* A file named none is given as ./none (the engine runs in the test's
     * folder): not there, an error, and the choice before stays ... */
    uci_client_send(engine, "setoption name EvalFile value ./none");
    runner_assert_contains(uci_client_expect(engine, "info string error: "), "./none");
    uci_client_send(engine, "isready");
    uci_client_expect(engine, "readyok");
    expect_eval_file_option(engine, "none");
    assert_null(learnt_row(engine));
    /* ... there, it loads. */
    write_fixed_net(*state, "none");
    set_eval_file(engine, "./none");
    expect_eval_file_option(engine, "./none");
    row = learnt_row(engine);
    assert_non_null(row);
    assert_true(g_str_has_suffix(row, " +1.23"));
    g_free(row);

    /* An empty value is <empty>: the built-in network. */
    set_eval_file(engine, "");
    expect_eval_file_option(engine, "<empty>");
    row = learnt_row(engine);
    assert_non_null(row);
    assert_false(g_str_has_suffix(row, " +1.23"));
    g_free(row);

    int errors = runner_count_containing(uci_client_transcript(engine), "info string error");
    assert_int_equal(errors, 1 + (int)G_N_ELEMENTS(bad) + 1);
    assert_int_equal(uci_client_quit(engine), 0);
    g_free(trained_row);
    g_free(missing);
    g_free(fixed);
    g_free(trained);
}

static void test_help(void **state)
{
    const char *const mentions[] = { "--output", "--hidden", "--epochs", "--batch", "--rate",
                                     "--lambda", "--validation", "--skip-plies",
                                     "--max-positions", "--seed", "--net", "EvalFile",
                                     "dojo match" };
    runner_assert_help_mentions(state, "train", mentions, G_N_ELEMENTS(mentions));
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_frontend_train PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 2;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_train_from_a_match, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_usage_errors, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_lambda_range_in_words, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_no_positions, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_scores_from_comments, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_output_is_checked_first_and_never_lost,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_a_record_of_another_game_is_named, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_game_without_a_network, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_uci_eval_file, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_help, runner_make_dir, runner_remove_dir),
    };
    return cmocka_run_group_tests_name("frontend_train", tests, NULL, NULL);
}
