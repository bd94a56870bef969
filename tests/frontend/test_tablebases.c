/* test_tablebases.c: endgame tables as a person or a GUI meets them: `dojo
 * analyze` says "(tablebase)", `dojo uci` has TablebasePath and reports
 * tbhits, `dojo play` reads them, builds the game's own in the background
 * and goes on without them when they cannot be had.  The tables are the
 * 3-piece ones of one Onitama card set, built here with the solver. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <glib/gstdio.h>

#include "framework/registry.h"
#include "framework/tablebase/probe.h"
#include "framework/tablebase/solve.h"
#include "runner.h"
#include "uci_client.h"

#define CARDS "ox,boar,horse,elephant,crab"
/* Blue wins in 13 plies: 7 of its own moves. */
#define LONG_WIN "5/1s3/3m1/5/2M2 b crab,elephant,horse,boar,ox"
/* Blue loses in 30 plies: 15 of its own moves. */
#define LONG_LOSS "s4/5/5/3m1/M4 b crab,elephant,horse,ox,boar"
#define DRAWN "1m3/5/5/4M/2s2 b elephant,horse,crab,ox,boar"
/* Five pieces: two students a side but one, near the 3-piece tables. */
#define NEAR_END "2m2/1s3/5/1S1S1/2M2 b ox,boar,horse,elephant,crab"

/* The folder of 3-piece tables, built once for every test. */
static char *tables_dir;

static const DjVariant *onitama(void)
{
    return dj_registry_find("onitama");
}

static void build_tables_as(const char *folder, int pieces, bool distances)
{
    const DjVariant *v = onitama();
    g_autofree void *pos = g_malloc(v->state_size);
    DjSetup setup = { .position = "2m2/5/5/5/2M2 b " CARDS };
    g_autoptr(GError) error = NULL;
    assert_true(v->setup(pos, &setup, &error));
    DjTbBuildOptions options = { .folder = folder, .max_pieces = pieces,
                                 .distances = distances };
    if (!dj_tb_build(v, pos, &options, &error))
        fail_msg("building the tables: %s", error->message);
}

static void build_tables(const char *folder, int pieces)
{
    build_tables_as(folder, pieces, true);
}

static int make_tables(void **state)
{
    (void)state;
    if (onitama() == NULL)
        return 0;
    tables_dir = runner_temp_dir();
    build_tables(tables_dir, 3);
    return 0;
}

static int remove_tables(void **state)
{
    (void)state;
    if (tables_dir != NULL)
        runner_remove_tree(tables_dir);
    g_free(tables_dir);
    return 0;
}

/* A copy of the tables in `dir`/`name` with one table's data damaged (a
 * byte flipped: its checksum no longer matches); its path (g_free). */
static char *damaged_tables(const char *dir, const char *name)
{
    char *folder = g_build_filename(dir, name, NULL);
    assert_int_equal(g_mkdir_with_parents(folder, 0700), 0);
    build_tables(folder, 3);
    g_autoptr(GDir) listing = g_dir_open(folder, 0, NULL);
    const char *file;
    int spoilt = 0;
    while ((file = g_dir_read_name(listing)) != NULL) {
        if (!g_str_has_suffix(file, ".1v0.djtb"))
            continue;
        g_autofree char *path = g_build_filename(folder, file, NULL);
        g_autofree char *text = NULL;
        gsize length = 0;
        assert_true(g_file_get_contents(path, &text, &length, NULL));
        text[length - 100] ^= 0x55;
        assert_true(g_file_set_contents(path, text, (gssize)length, NULL));
        spoilt++;
    }
    assert_int_equal(spoilt, 1);
    return folder;
}

/* ---- analyze --------------------------------------------------------------------- */

static DojoRun *analyze(const char *dir, const char *position, const char *tables)
{
    return runner_run_text(dir, NULL, (const char *const[]){
        "analyze", "onitama", "--position", position, "--depth", "3", "--tablebase-dir",
        tables, NULL });
}

static void test_analyze_says_tablebase(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = analyze(*state, LONG_WIN, tables_dir);
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "score win in 7 (tablebase)");
    runner_assert_contains(r->out, "tbhits ");
    runner_assert_contains(r->out, "best move: ");
    assert_string_equal(r->err, "");
    runner_run_free(r);

    r = analyze(*state, LONG_LOSS, tables_dir);
    runner_assert_contains(r->out, "score loses in 15 (tablebase)");
    runner_run_free(r);

    r = analyze(*state, DRAWN, tables_dir);
    runner_assert_contains(r->out, "score draw (tablebase)");
    runner_run_free(r);

    /* --tablebases off: the search alone, which at depth 3 cannot see it. */
    r = runner_run_text(*state, NULL, (const char *const[]){
        "analyze", "onitama", "--position", LONG_WIN, "--depth", "3", "--tablebase-dir",
        tables_dir, "--tablebases", "off", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->out, "tablebase"));
    assert_null(strstr(r->out, "tbhits"));
    runner_run_free(r);
}

/* Tables without distances (dojo solve without --distances): the result
 * without its distance. */
static void test_analyze_without_distances(void **state)
{
    runner_require_variant("onitama");
    g_autofree char *folder = g_build_filename(*state, "wdl", NULL);
    assert_int_equal(g_mkdir_with_parents(folder, 0700), 0);
    build_tables_as(folder, 3, false);
    DojoRun *r = analyze(*state, LONG_WIN, folder);
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "score win (tablebase)");
    runner_run_free(r);
    r = analyze(*state, LONG_LOSS, folder);
    runner_assert_contains(r->out, "score loss (tablebase)");
    runner_run_free(r);
    r = analyze(*state, DRAWN, folder);
    runner_assert_contains(r->out, "score draw (tablebase)");
    runner_run_free(r);
}

/* The tables of the state folder ($DOJO_HOME/tablebases/GAME) are read
 * without being named. */
static void test_analyze_reads_the_state_folder(void **state)
{
    runner_require_variant("onitama");
    g_autofree char *folder = g_build_filename(*state, "tablebases", "onitama", NULL);
    assert_int_equal(g_mkdir_with_parents(folder, 0700), 0);
    build_tables(folder, 3);
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "analyze", "onitama", "--position", LONG_WIN, "--depth", "3", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "win in 7 (tablebase)");
    runner_run_free(r);
}

/* A folder that is not there, and a damaged table: one warning each, and
 * the analysis goes on. */
static void test_analyze_missing_or_damaged(void **state)
{
    runner_require_variant("onitama");
    g_autofree char *missing = g_build_filename(*state, "no-such-folder", NULL);
    DojoRun *r = analyze(*state, LONG_WIN, missing);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->err, "warning"), 1);
    runner_assert_contains(r->err, "no-such-folder");
    runner_assert_contains(r->out, "best move: ");
    assert_null(strstr(r->out, "(tablebase)"));
    runner_run_free(r);

    g_autofree char *damaged = damaged_tables(*state, "damaged");
    r = analyze(*state, LONG_WIN, damaged);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->err, "warning"), 1);
    runner_assert_contains(r->err, ".1v0.djtb");
    runner_assert_contains(r->out, "best move: ");
    runner_run_free(r);
}

/* ---- uci ------------------------------------------------------------------------- */

/* The number after `key` in an info line, or -1. */
static gint64 info_value(const char *line, const char *key)
{
    g_autofree char *spaced = g_strdup_printf(" %s ", key);
    const char *at = strstr(line, spaced);
    return at != NULL ? g_ascii_strtoll(at + strlen(spaced), NULL, 10) : -1;
}

static void test_uci_tablebase_path(void **state)
{
    runner_require_variant("onitama");
    UciClient *engine = uci_client_start(*state);
    uci_client_send(engine, "uci");
    uci_client_expect(engine, "uciok");
    runner_assert_contains(uci_client_transcript(engine),
                           "option name TablebasePath type string default <empty>");
    runner_assert_contains(uci_client_transcript(engine),
                           "option name TablebasePieces type spin default ");
    uci_client_send(engine, "setoption name UCI_Variant value onitama");
    uci_client_send(engine, "setoption name TablebasePath value %s", tables_dir);
    uci_client_send(engine, "isready");
    uci_client_expect(engine, "readyok");
    uci_client_send(engine, "position fen %s", LONG_WIN);
    uci_client_send(engine, "go nodes 300");
    const char *info = uci_client_expect(engine, "info depth");
    runner_assert_contains(info, "score mate 7");
    assert_true(info_value(info, "tbhits") > 0);
    uci_client_expect(engine, "bestmove ");

    /* TablebasePieces 2: the root (3 pieces) is no table's, so it is
     * searched (more than the tables' one line at depth 1). */
    uci_client_send(engine, "setoption name TablebasePieces value 2");
    uci_client_send(engine, "position fen %s", LONG_WIN);
    uci_client_send(engine, "go nodes 300");
    uci_client_expect(engine, "info depth 2 ");
    uci_client_expect(engine, "bestmove ");

    /* TablebasePieces 0: no table, no tbhits, and no win seen at 300 nodes. */
    uci_client_send(engine, "setoption name TablebasePieces value 0");
    uci_client_send(engine, "position fen %s", LONG_WIN);
    uci_client_send(engine, "go nodes 300");
    g_autofree char *last = NULL;
    for (;;) {
        const char *line = uci_client_read(engine);
        assert_non_null(line);
        if (g_str_has_prefix(line, "bestmove "))
            break;
        if (g_str_has_prefix(line, "info depth")) {
            g_free(last);
            last = g_strdup(line);
        }
    }
    assert_non_null(last);
    assert_null(strstr(last, "tbhits"));
    assert_null(strstr(last, "mate"));
    assert_int_equal(uci_client_quit(engine), 0);
}

/* A TablebasePath that is not a folder: one error line, and the search
 * goes on without tables. */
static void test_uci_missing_folder(void **state)
{
    runner_require_variant("onitama");
    g_autofree char *missing = g_build_filename(*state, "no-such-folder", NULL);
    UciClient *engine = uci_client_start(*state);
    uci_client_send(engine, "setoption name UCI_Variant value onitama");
    uci_client_send(engine, "setoption name TablebasePath value %s", missing);
    uci_client_send(engine, "position fen %s", LONG_WIN);
    uci_client_send(engine, "go nodes 300");
    uci_client_expect(engine, "bestmove ");
    uci_client_send(engine, "go nodes 300");
    uci_client_expect(engine, "bestmove ");
    assert_int_equal(runner_count_containing(uci_client_transcript(engine),
                                             "info string error: TablebasePath"), 1);
    assert_int_equal(uci_client_quit(engine), 0);
}

/* ---- play ------------------------------------------------------------------------ */

/* The computer at level 10 plays a table position from the tables: its
 * summary says so. */
static void test_play_uses_tables(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, "quit\n", (const char *const[]){
        "play", "onitama", "--position", LONG_WIN, "--side0", "computer:10", "--side1",
        "human", "--line", "--time", "200", "--tablebase-dir", tables_dir, NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "win in 7 (tablebase)");
    runner_run_free(r);

    /* A person's hint says it too. */
    r = runner_run_text(*state, "hint\nquit\n", (const char *const[]){
        "play", "onitama", "--position", LONG_WIN, "--side0", "human", "--side1",
        "computer:10", "--line", "--time", "200", "--tablebase-dir", tables_dir, NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "Hint: ");
    runner_assert_contains(r->out, "score win in 7 (tablebase)");
    runner_run_free(r);

    /* --tablebases off: none of it. */
    r = runner_run_text(*state, "hint\nquit\n", (const char *const[]){
        "play", "onitama", "--position", LONG_WIN, "--side0", "human", "--side1",
        "computer:10", "--line", "--time", "200", "--tablebase-dir", tables_dir,
        "--tablebases", "off", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "Hint: ");
    assert_null(strstr(r->out, "(tablebase)"));
    runner_run_free(r);
}

/* A damaged table, or a folder that is not there, in play: one warning,
 * and the game goes on to its end. */
static void test_play_goes_on_without_a_damaged_table(void **state)
{
    runner_require_variant("onitama");
    g_autofree char *damaged = damaged_tables(*state, "damaged");
    g_autofree char *missing = g_build_filename(*state, "no-such-folder", NULL);
    const char *folders[] = { damaged, missing };
    for (size_t i = 0; i < G_N_ELEMENTS(folders); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "play", "onitama", "--position", LONG_WIN, "--watch", "--level", "10", "--line",
            "--time", "50", "--delay", "0", "--max-plies", "60", "--tablebase-dir",
            folders[i], NULL });
        assert_int_equal(r->exit_code, 0);
        runner_assert_contains(r->out, "Game over");
        assert_int_equal(runner_count_containing(r->out, "Warning"), 1);
        runner_assert_contains(r->out, i == 0 ? ".1v0.djtb" : "no-such-folder");
        runner_run_free(r);
    }
}

/* Near the end of a game whose tables the folder lacks, a computer at
 * level 10 starts building them in the background and the game goes on;
 * the tables land in the state folder ($DOJO_HOME/tablebases/onitama). */
static void test_play_builds_in_the_background(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "play", "onitama", "--position", NEAR_END, "--watch", "--level", "10", "--line",
        "--time", "100", "--delay", "0", "--max-plies", "80", "--tablebase-pieces", "3",
        NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "Building the endgame tables of "
                                   "crab,elephant,horse,ox,boar (up to 3 pieces) in the "
                                   "background.");
    runner_assert_contains(r->out, "Game over");
    g_autofree char *folder = g_build_filename(*state, "tablebases", "onitama", NULL);
    assert_true(g_file_test(folder, G_FILE_TEST_IS_DIR));
    runner_run_free(r);

    /* --tablebases load: the same game builds nothing. */
    g_autofree char *other = g_build_filename(*state, "other", NULL);
    assert_int_equal(g_mkdir_with_parents(other, 0700), 0);
    r = runner_run_text(other, NULL, (const char *const[]){
        "play", "onitama", "--position", NEAR_END, "--watch", "--level", "10", "--line",
        "--time", "50", "--delay", "0", "--max-plies", "20", "--tablebase-pieces", "3",
        "--tablebases", "load", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_null(strstr(r->out, "Building"));
    runner_run_free(r);
}

/* Ogi's four-piece tables need more memory than a background build may
 * take: without --tablebase-pieces the build comes down to three pieces
 * (and says so); asked for four, it is refused, in words. */
static void test_play_default_cap_fits(void **state)
{
    runner_require_variant("ogi");
    const char *near_end = "4k3/8/8/8/8/8/2S1P3/4K3 b - 1";
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "play", "ogi", "--position", near_end, "--watch", "--level", "10", "--line",
        "--time", "50", "--delay", "0", "--max-plies", "2", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "(up to 3 pieces) in the background.");
    runner_run_free(r);
    g_autofree char *other = g_build_filename(*state, "other", NULL);
    assert_int_equal(g_mkdir_with_parents(other, 0700), 0);
    r = runner_run_text(other, NULL, (const char *const[]){
        "play", "ogi", "--position", near_end, "--watch", "--level", "10", "--line",
        "--time", "50", "--delay", "0", "--max-plies", "2", "--tablebase-pieces", "4", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "(up to 4 pieces) would need");
    runner_assert_contains(r->out, "not built (--tablebase-pieces lowers the cap).");
    assert_null(strstr(r->out, "Building"));
    runner_run_free(r);
}

/* ---- solve ----------------------------------------------------------------------- */

/* `dojo solve` as a person runs it: the plan, the counts of each class (the
 * two-masters class of this card set has 11514 won and 5076 lost
 * positions, as tests/tablebase's brute force agrees), the tables kept and
 * not built twice, and clear refusals. */
static void test_solve_command(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "solve", "onitama", "--cards", CARDS, "--pieces", "3", "--output", "tb", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "Onitama tables of 3 pieces or fewer, setup "
                                   "crab,elephant,horse,ox,boar: 3 classes in 2 groups");
    runner_assert_contains(r->out, "crab-elephant-horse-ox-boar.0v0: 11514 won, 5076 lost, "
                                   "0 drawn\n");
    assert_null(strstr(r->out, "already there"));
    runner_run_free(r);
    g_autofree char *table = g_build_filename(*state, "tb",
                                              "onitama.crab-elephant-horse-ox-boar.1v0.djtb",
                                              NULL);
    assert_true(g_file_test(table, G_FILE_TEST_IS_REGULAR));

    /* Again: every table is there, and its counts are read back. */
    r = runner_run_text(*state, NULL, (const char *const[]){
        "solve", "onitama", "--cards", CARDS, "--pieces", "3", "--output", "tb", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "crab-elephant-horse-ox-boar.0v0: 11514 won, 5076 lost, "
                                   "0 drawn (already there)");
    runner_run_free(r);

    /* Too little memory allowed: refused before anything is written. */
    r = runner_run_text(*state, NULL, (const char *const[]){
        "solve", "onitama", "--cards", CARDS, "--pieces", "3", "--memory", "10K",
        "--output", "small", NULL });
    assert_int_not_equal(r->exit_code, 0);
    /* (GLib may put a no-break space between a size and its unit) */
    runner_assert_contains(r->err, "the tables of 3 pieces need ");
    runner_assert_contains(r->err, "MB of memory, more than the 10.0");
    g_autofree char *small = g_build_filename(*state, "small", "onitama.crab-elephant-horse-"
                                              "ox-boar.0v0.djtb", NULL);
    assert_false(g_file_test(small, G_FILE_TEST_EXISTS));
    runner_run_free(r);

    /* No such card, and a game whose endings dojo cannot number. */
    r = runner_run_text(*state, NULL, (const char *const[]){
        "solve", "onitama", "--cards", "ox,boar,horse,elephant,unicorn", "--pieces", "3",
        NULL });
    assert_int_not_equal(r->exit_code, 0);
    runner_assert_contains(r->err, "'unicorn' is not an Onitama card");
    runner_run_free(r);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_frontend_tablebases PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 2;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_analyze_says_tablebase, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_without_distances, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_reads_the_state_folder, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_analyze_missing_or_damaged, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_uci_tablebase_path, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_uci_missing_folder, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_play_uses_tables, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_play_goes_on_without_a_damaged_table,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_play_builds_in_the_background, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_play_default_cap_fits, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_solve_command, runner_make_dir,
                                        runner_remove_dir),
    };
    return cmocka_run_group_tests(tests, make_tables, remove_tables);
}
