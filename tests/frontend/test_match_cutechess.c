/* test_match_cutechess.c: `dojo match` as engine testers run it: the
 * command line of cutechess-cli (and fastchess), its time controls, engines
 * named by themselves, the lines it prints, and tournaments of more than
 * two engines with their table and Elo fit.  Driven through the real dojo
 * binary, with dojo itself (`dojo uci`) at small node limits, or the test
 * engine fake_uci (the second argument) where a game must go a set way;
 * no timer is asserted. */
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

#include "framework/lab/rating_fit.h"
#include "framework/record_pgn.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"

static char *fake_path;

/* The first built game. */
static const char *built_variant(void)
{
    return dj_registry_all()[0]->name;
}

/* Run `dojo ARGS...` (NULL-ended) in the test's folder. */
static DojoRun *run_dojo(void **state, ...)
{
    va_list list;
    va_start(list, state);
    GPtrArray *argv = g_ptr_array_new();
    for (const char *arg = va_arg(list, const char *); arg != NULL;
         arg = va_arg(list, const char *))
        g_ptr_array_add(argv, (gpointer)arg);
    va_end(list);
    g_ptr_array_add(argv, NULL);
    DojoRun *run = runner_run_text(*state, NULL, (const char *const *)argv->pdata);
    g_ptr_array_free(argv, TRUE);
    return run;
}

static void expect_exit(const DojoRun *r, int code)
{
    if (r->exit_code != code)
        fail_msg("exit %d, expected %d; dojo said:\n%s%s", r->exit_code, code, r->out, r->err);
}

/* The last line of `text`, without its newline (g_free it). */
static char *last_line(const char *text)
{
    char **lines = runner_lines(text);
    guint n = g_strv_length(lines);
    char *last = g_strdup(n > 0 ? lines[n - 1] : "");
    g_strfreev(lines);
    return last;
}

/* A match played to its end prints each of its closing lines once, the
 * last "Finished match". */
static void assert_closing_lines(const char *out, int games)
{
    char *score_end = g_strdup_printf("] %d", games);
    char **lines = runner_lines(out);
    int scores = 0, finished_score = 0;
    for (int i = 0; lines[i] != NULL; i++) {
        if (!g_str_has_prefix(lines[i], "Score of "))
            continue;
        scores++;
        finished_score += g_str_has_suffix(lines[i], score_end);
    }
    g_strfreev(lines);
    assert_int_equal(scores, games);   /* one after each game, none again */
    assert_int_equal(finished_score, 1);
    assert_int_equal(runner_count_containing(out, "Elo difference: "), 1);
    assert_int_equal(runner_count_line(out, "Finished match"), 1);
    char *last = last_line(out);
    assert_string_equal(last, "Finished match");
    g_free(last);
    g_free(score_end);
}

/* ---- cutechess-cli's own examples --------------------------------------------------- */

/* The examples of cutechess-cli's manual (docs/cutechess-cli.6, EXAMPLES),
 * as they are but for the program ('dojo match GAME'), the engines (dojo
 * itself; UCI, not xboard, where the example uses an xboard engine) and a
 * node limit that keeps them short:
 *
 *   cutechess-cli -engine cmd=sloppy -engine cmd=sloppy -each proto=xboard
 *     tc=40/60 -rounds 10
 *   cutechess-cli -engine name=Atak cmd=Atak32.exe dir=C:\atak proto=xboard
 *     -engine cmd=glaurung proto=uci option.Threads=1 -each tc=40/1:30+1 */
static void test_cutechess_examples(void **state)
{
    char *cmd = g_strdup_printf("cmd=%s", runner_exe());
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", cmd, "arg=uci", "-engine", cmd,
                 "arg=uci", "-each", "proto=uci", "tc=40/60", "nodes=300", "-rounds", "10",
                 NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "Started game "), 10);
    assert_int_equal(runner_count_containing(r->out, "Finished game "), 10);
    assert_int_equal(runner_count_containing(r->out, "Started game 10 of 10 ("), 1);
    assert_closing_lines(r->out, 10);
    /* Unnamed, the engines are named as they name themselves, told apart. */
    assert_int_equal(runner_count_containing(r->out, "Score of dojo "), 10);
    assert_int_equal(runner_count_containing(r->out, " (2): "), 10);
    assert_int_equal(runner_count_containing(r->out, "(pentanomial model, 5 pairs)"), 1);
    runner_run_free(r);

    char *dir = g_strdup_printf("dir=%s", (const char *)*state);
    r = run_dojo(state, "match", built_variant(), "-engine", "name=Atak", cmd, "arg=uci", dir,
                 "proto=uci", "-engine", cmd, "arg=uci", "proto=uci", "option.Threads=1",
                 "-each", "tc=40/1:30+1", "nodes=300", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "Finished game 1 (Atak vs dojo "), 1);
    assert_closing_lines(r->out, 1);
    assert_int_equal(runner_count_containing(r->out, "(trinomial model, 1 game)"), 1);
    runner_run_free(r);
    g_free(dir);
    g_free(cmd);
}

static void write_openings(void **state);

/* A fastchess command line of the same kind. */
static void test_fastchess_line(void **state)
{
    write_openings(state);
    char *cmd = g_strdup_printf("cmd=%s", runner_exe());
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", cmd, "name=x",
                          "arg=uci", "-engine", cmd, "name=y", "arg=uci", "-each", "tc=10+0.1",
                          "nodes=200", "-rounds", "2", "-games", "2", "-repeat", "-concurrency",
                          "2", "-srand", "5", "-output", "format=cutechess", "-recover",
                          "-openings", "file=openings.txt", "format=epd", "order=random",
                          "-sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05",
                          "model=logistic", "-pgnout", "file=games.pgn", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "Finished game "), 4);
    assert_int_equal(runner_count_containing(r->out, "Score of x vs y: "), 4);
    assert_int_equal(runner_count_containing(r->out, "SPRT: llr "), 1);
    assert_closing_lines(r->out, 4);
    runner_run_free(r);
    g_free(cmd);
}

/* ---- what users saw (2026-12-02) ---------------------------------------------------- */

/* -engine with space-separated items and -each: refused with "Unknown
 * option -engine" before. */
static void test_single_dash_engines(void **state)
{
    char *cmd = g_strdup_printf("cmd=%s", fake_path);
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", cmd, "name=a", "-engine",
                          cmd, "name=b", "-each", "tc=1+0.01", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "Started game 1 of 1 (a vs b)"), 1);
    assert_int_equal(runner_count_containing(r->out, "Finished game 1 (a vs b): "), 1);
    assert_closing_lines(r->out, 1);
    runner_run_free(r);
    g_free(cmd);
}

/* --engine SPEC followed by more K=V words: the spec goes on (it said
 * "match wants one VARIANT" before); a K=V word elsewhere says what it is. */
static void test_space_separated_long_spec(void **state)
{
    char *cmd = g_strdup_printf("cmd=%s", fake_path);
    DojoRun *r = run_dojo(state, "match", built_variant(), "--engine", "name=a", cmd,
                          "--engine", "name=b", cmd, "--nodes", "1", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "Score of a vs b: "), 2);
    runner_run_free(r);
    r = run_dojo(state, "match", built_variant(), "--nodes", "1", "name=a", "--engine", cmd,
                 "--engine", cmd, NULL);
    expect_exit(r, 2);
    assert_non_null(strstr(r->err, "'name=a' stands alone"));
    assert_null(strstr(r->err, "wants one VARIANT"));
    runner_run_free(r);
    g_free(cmd);
}

/* name= is optional: the engine's own "id name", made unique. */
static void test_engines_name_themselves(void **state)
{
    char *a = g_strdup_printf("cmd=%s", fake_path);
    char *b = g_strdup_printf("name=fake,cmd=%s", fake_path);
    /* the long form too; a name given is kept, the engine's own gets (2) */
    DojoRun *r = run_dojo(state, "match", built_variant(), "--engine", a, "--engine", b,
                          "--nodes", "1", NULL);
    expect_exit(r, 0);
    assert_non_null(strstr(r->out, "Match of "));
    assert_non_null(strstr(r->out, ": fake (2) vs fake, 2 games"));
    assert_int_equal(runner_count_containing(r->out, "Score of fake (2) vs fake: "), 2);
    runner_run_free(r);
    g_free(a);
    g_free(b);
}

/* The time controls cutechess-cli writes: 40/60, 0:02+0.01, inf (with a
 * node limit), st=; each as the engine is told. */
static void test_time_control_forms(void **state)
{
    const struct {
        const char *each[3];
        gint64 wtime, winc, movestogo, movetime, nodes;
    } cases[] = {
        { { "tc=40/60", NULL }, 60000, 0, 40, -1, -1 },
        { { "tc=0:02+0.01", NULL }, 2000, 10, -1, -1, -1 },
        { { "tc=1:30", NULL }, 90000, 0, -1, -1, -1 },
        { { "tc=inf", "nodes=5", NULL }, -1, -1, -1, -1, 5 },
        { { "st=0.5", NULL }, -1, -1, -1, 500, -1 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *log = g_strdup_printf("go-%d.log", (int)i);
        char *a = g_strdup_printf("name=a cmd=%s arg=--go-log arg=%s", fake_path, log);
        char **a_words = g_strsplit(a, " ", -1);
        char *b = g_strdup_printf("cmd=%s", fake_path);
        DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", a_words[0],
                              a_words[1], a_words[2], a_words[3], "-engine", b, "name=b",
                              "-each", cases[i].each[0],
                              cases[i].each[1] != NULL ? cases[i].each[1] : "-debug",
                              "-maxmoves", "3", "-srand", "1", NULL);
        expect_exit(r, 0);
        runner_run_free(r);
        char **lines = runner_file_lines(*state, log);
        assert_true(g_strv_length(lines) >= 1);
        /* a plays side 0 (w) in the only game */
        if (cases[i].wtime > 0)
            assert_int_equal(runner_go_value(lines[0], "wtime"), cases[i].wtime);
        else
            assert_int_equal(runner_go_value(lines[0], "wtime"), -1);
        assert_int_equal(runner_go_value(lines[0], "winc"), cases[i].winc);
        assert_int_equal(runner_go_value(lines[0], "movestogo"), cases[i].movestogo);
        assert_int_equal(runner_go_value(lines[0], "movetime"), cases[i].movetime);
        assert_int_equal(runner_go_value(lines[0], "nodes"), cases[i].nodes);
        g_strfreev(lines);
        g_strfreev(a_words);
        g_free(a);
        g_free(b);
        g_free(log);
    }
}

/* MOVES/TIME: every MOVES moves the clock gets TIME more, what is left
 * kept, and the engine is told how many moves remain.  The clock can only
 * go up by that: there is no increment. */
static void test_moves_per_period_reset_the_clock(void **state)
{
    char *a = g_strdup_printf("cmd=%s", fake_path);
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", a, "name=a",
                          "arg=--go-log", "arg=a.log", "-engine", a, "name=b", "-each",
                          "tc=2/10", "-maxmoves", "6", "-srand", "1", NULL);
    expect_exit(r, 0);
    runner_run_free(r);
    char **lines = runner_file_lines(*state, "a.log");
    int n = (int)g_strv_length(lines);
    assert_true(n >= 5);
    int rises = 0;
    for (int i = 0; i < n; i++) {
        assert_int_equal(runner_go_value(lines[i], "movestogo"), i % 2 == 0 ? 2 : 1);
        gint64 own = runner_go_value(lines[i], "wtime");
        assert_true(own > 0 && own <= 10000 * (i / 2 + 1));
        if (i == 0)
            continue;
        gint64 before = runner_go_value(lines[i - 1], "wtime");
        if (i % 2 == 0) {   /* a new period began after the move before */
            assert_true(own > before);
            rises++;
        } else {
            assert_true(own <= before);
        }
    }
    assert_true(rises >= 2);
    g_strfreev(lines);
    g_free(a);
}

/* -rounds, -games, -repeat: games an encounter times rounds. */
static void test_rounds_games_repeat(void **state)
{
    char *cmd = g_strdup_printf("cmd=%s", fake_path);
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", cmd, "name=a", "-engine",
                          cmd, "name=b", "-each", "nodes=1", "-games", "2", "-rounds", "3",
                          "-repeat", "2", "-ratinginterval", "2", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "Finished game "), 6);
    assert_int_equal(runner_count_containing(r->out, "Started game 6 of 6 "), 1);
    /* ratings after games 2, 4 and 6, and not again at the end */
    assert_int_equal(runner_count_containing(r->out, "Elo difference: "), 3);
    assert_int_equal(runner_count_containing(r->out, "(pentanomial model, 1 pair)"), 1);
    assert_int_equal(runner_count_containing(r->out, "(pentanomial model, 2 pairs)"), 1);
    assert_int_equal(runner_count_containing(r->out, "(pentanomial model, 3 pairs)"), 1);
    char *last = last_line(r->out);
    assert_string_equal(last, "Finished match");
    g_free(last);
    runner_run_free(r);
    g_free(cmd);
}

/* An engine that cannot start: its error, and no summary of no games. */
static void test_start_failure_says_so_first(void **state)
{
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", "cmd=/nonexistent/engine",
                          "name=a", "-engine", "cmd=/nonexistent/engine", "name=b", "-each",
                          "nodes=1", NULL);
    expect_exit(r, 1);
    assert_non_null(strstr(r->err, "cannot start a"));
    assert_null(strstr(r->out, "Score of"));
    assert_null(strstr(r->out, "Elo difference"));
    assert_null(strstr(r->out, "Finished match"));
    runner_run_free(r);
    /* Unnamed, it is called by its program's name. */
    r = run_dojo(state, "match", built_variant(), "-engine", "cmd=/nonexistent/engine",
                 "-engine", "cmd=/nonexistent/engine", "-each", "nodes=1", NULL);
    expect_exit(r, 1);
    assert_true(g_str_has_prefix(r->err, "dojo match: cannot start engine (/nonexistent/engine)"));
    assert_string_equal(r->out, "");
    runner_run_free(r);
}

/* -openings file=F.pgn plies=N: each game's position after N plies opens a
 * pair, in the file's order. */
static void test_pgn_openings(void **state)
{
    const DjVariant *variant = dj_registry_all()[0];
    GString *pgn = g_string_new(NULL);
    char *expected[2];
    for (int k = 0; k < 2; k++) {
        DjSetup setup = { NULL, (guint64)k + 11, NULL, 0 };
        DjGame *game = dj_game_new(variant, &setup, NULL);
        assert_non_null(game);
        DjMove *moves = g_new(DjMove, variant->max_moves);
        for (int ply = 0; ply < 6; ply++) {
            int count = variant->legal_moves(dj_game_position(game), moves);
            assert_true(count > 0);
            assert_true(dj_game_play(game, moves[(k + ply) % count], NULL));
        }
        g_free(moves);
        GString *position = g_string_new(NULL);
        variant->format_position(dj_game_position_at(game, 4), position);
        expected[k] = g_string_free(position, FALSE);
        dj_pgn_format(game, NULL, pgn);
        dj_game_free(game);
    }
    runner_write_file(*state, "book.pgn", pgn->str);
    g_string_free(pgn, TRUE);
    char *cmd = g_strdup_printf("cmd=%s", fake_path);
    DojoRun *r = run_dojo(state, "match", variant->name, "-engine", cmd, "name=a", "-engine",
                          cmd, "name=b", "-each", "nodes=1", "-rounds", "4", "-openings",
                          "file=book.pgn", "plies=4", "-maxmoves", "2", "--records", "recs",
                          NULL);
    expect_exit(r, 0);
    runner_run_free(r);
    for (int i = 0; i < 4; i++) {
        char *name = g_strdup_printf("recs/game-%04d.dojo", i + 1);
        DjGame *game = runner_load_record(*state, name);
        GString *start = g_string_new(NULL);
        variant->format_position(dj_game_position_at(game, 0), start);
        assert_string_equal(start->str, expected[i / 2]);
        g_string_free(start, TRUE);
        dj_game_free(game);
        g_free(name);
    }
    g_free(expected[0]);
    g_free(expected[1]);
    g_free(cmd);
}

/* ---- usage -------------------------------------------------------------------------- */

static void test_usage_errors(void **state)
{
    const char *v = built_variant();
    char *cmd = g_strdup_printf("cmd=%s", fake_path);
    const struct {
        const char *args[16];
        const char *says;
    } cases[] = {
        { { "-frobnicate", NULL }, "unknown option -frobnicate" },
        { { "-tb", "/tb", NULL }, "-tb (of cutechess-cli or fastchess) is not an option" },
        { { "-noswap", NULL }, "-noswap" },
        { { "-variant", "chess", NULL }, "-variant chess is not the VARIANT" },
        { { "-repeat", "3", NULL }, "-repeat" },
        { { "-openings", "file=x.pgn", "format=bin", NULL }, "format= wants epd or pgn" },
        { { "-openings", "order=random", NULL }, "-openings wants file=FILE" },
        { { "-tournament", "knockout", NULL }, "-tournament knockout" },
        { { "-sprt", "elo0=0", "elo1=5", "model=normalized", NULL }, "model=normalized" },
        { { "-resign", "score=500", NULL }, "-resign wants movecount=N and score=CP" },
        { { "-draw", "movenumber=x", "movecount=2", "score=5", NULL }, "-draw movenumber=" },
        { { "-each", "proto=xboard", NULL }, "proto=xboard" },
        { { "-each", "ponder", NULL }, "ponder" },
        { { "-each", "st=0", NULL }, "st wants seconds" },
        { { "-each", "st=1", "tc=10", NULL }, "st= goes with neither tc=" },
        { { "-each", "tc=hg10", NULL }, "--engine a: tc wants [MOVES/]TIME[+INC]" },
        { { "-each", "tc=0/10", NULL }, "--engine a: tc" },
        { { "-each", "timemargin=-5", NULL }, "--engine a: timemargin" },
        { { "-each", "tc=inf", NULL }, "how long may the engines think" },
        { { "-engine", cmd, "name=c", "-sprt", "elo0=0", "elo1=5", NULL },
          "--sprt compares two engines: this match has 3" },
        { { "--openings-order", "random", NULL }, "go with --openings file:PATH" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        GPtrArray *argv = g_ptr_array_new();
        const char *head[] = { "match", v, "-engine", cmd, "name=a", "-engine", cmd, "name=b",
                               "--nodes", "1" };
        for (size_t k = 0; k < G_N_ELEMENTS(head); k++)
            g_ptr_array_add(argv, (gpointer)head[k]);
        for (int k = 0; cases[i].args[k] != NULL; k++)
            g_ptr_array_add(argv, (gpointer)cases[i].args[k]);
        g_ptr_array_add(argv, NULL);
        DojoRun *r = runner_run_text(*state, NULL, (const char *const *)argv->pdata);
        g_ptr_array_free(argv, TRUE);
        runner_assert_usage_error(r, i, cases[i].says, "Usage: dojo match");
        runner_run_free(r);
    }
    g_free(cmd);
}

/* ---- tournaments ------------------------------------------------------------------- */

/* A row of the table. */
typedef struct Row {
    char name[64];
    char elo[16], error[16];
    int games, wins, losses, draws;
    double points;
} Row;

/* The per-encounter score lines of `out` into `results` (n x n) over the
 * engines `names`; the table's rows into `rows` (n, in its order). */
static void read_tournament(const char *out, int n, const char *const *names,
                            DjPairResult *results, Row *rows)
{
    memset(results, 0, sizeof *results * (size_t)(n * n));
    char **lines = runner_lines(out);
    int in_table = -1, encounters = 0;
    for (int i = 0; lines[i] != NULL; i++) {
        const char *line = lines[i];
        char a[64], b[64];
        int w = 0, l = 0, d = 0;
        if (sscanf(line, "Score of %63s vs %63[^:]: %d - %d - %d", a, b, &w, &l, &d) == 5) {
            int ia = -1, ib = -1;
            for (int k = 0; k < n; k++) {
                if (strcmp(names[k], a) == 0)
                    ia = k;
                if (strcmp(names[k], b) == 0)
                    ib = k;
            }
            assert_true(ia >= 0 && ib >= 0);
            results[ia * n + ib] = (DjPairResult){ w, d, l };
            results[ib * n + ia] = (DjPairResult){ l, d, w };
            encounters++;
            continue;
        }
        if (g_str_has_prefix(line, "Rank Name")) {
            in_table = 0;
            continue;
        }
        if (in_table >= 0 && in_table < n) {
            Row *row = &rows[in_table];
            int rank = 0;
            assert_int_equal(sscanf(line, "%d %63s %15s %15s %d %d %d %d %lf", &rank, row->name,
                                    row->elo, row->error, &row->games, &row->wins,
                                    &row->losses, &row->draws, &row->points), 9);
            assert_int_equal(rank, in_table + 1);
            in_table++;
        }
    }
    assert_int_equal(in_table, n);
    assert_true(encounters > 0);
    g_strfreev(lines);
}

/* The table adds up, and its Elo is the fit of the score lines. */
static void check_table(const char *out, int n, const char *const *names, int games,
                        DjRatingAnchor anchor)
{
    DjPairResult results[16];
    Row rows[4];
    read_tournament(out, n, names, results, rows);
    DjRating ratings[4];
    assert_true(dj_rating_fit(n, results, anchor, ratings));
    int sum_games = 0, sum_wins = 0, sum_losses = 0;
    double sum_points = 0.0, sum_elo = 0.0, last_elo = INFINITY;
    for (int r = 0; r < n; r++) {
        const Row *row = &rows[r];
        int k = -1;
        for (int j = 0; j < n; j++)
            if (strcmp(names[j], row->name) == 0)
                k = j;
        assert_true(k >= 0);
        int w = 0, l = 0, d = 0;
        for (int j = 0; j < n; j++) {
            w += results[k * n + j].wins;
            l += results[k * n + j].losses;
            d += results[k * n + j].draws;
        }
        assert_int_equal(row->wins, w);
        assert_int_equal(row->losses, l);
        assert_int_equal(row->draws, d);
        assert_int_equal(row->games, w + l + d);
        assert_true(fabs(row->points - (w + 0.5 * d)) < 1e-9);
        sum_games += row->games;
        sum_wins += row->wins;
        sum_losses += row->losses;
        sum_points += row->points;
        switch (ratings[k].kind) {
        case DJ_RATING_FINITE: {
            double elo = atof(row->elo);
            if (fabs(elo - ratings[k].elo) > 0.051)
                fail_msg("%s: Elo %s in the table, %.3f fitted", row->name, row->elo,
                         ratings[k].elo);
            assert_true(elo <= last_elo);   /* best first */
            last_elo = elo;
            sum_elo += ratings[k].elo;
            if (isfinite(ratings[k].error))
                assert_true(fabs(atof(row->error) - ratings[k].error) <= 0.051);
            break;
        }
        case DJ_RATING_ABOVE_ALL:
            assert_string_equal(row->elo, "+inf");
            assert_int_equal(r, 0);
            break;
        case DJ_RATING_BELOW_ALL:
            assert_string_equal(row->elo, "-inf");
            break;
        case DJ_RATING_UNKNOWN:
            assert_string_equal(row->elo, "?");
            break;
        }
    }
    assert_int_equal(sum_games, 2 * games);
    assert_int_equal(sum_wins, sum_losses);
    assert_true(fabs(sum_points - games) < 1e-9);
    if (anchor == DJ_RATING_ANCHOR_MEAN && ratings[0].kind == DJ_RATING_FINITE
        && ratings[1].kind == DJ_RATING_FINITE && ratings[2].kind == DJ_RATING_FINITE)
        assert_true(fabs(sum_elo) < 1e-6);
    if (anchor == DJ_RATING_ANCHOR_FIRST && ratings[0].kind == DJ_RATING_FINITE)
        assert_true(fabs(ratings[0].elo) < 1e-9);
}

/* Three dojo engines of different strength (nodes a move). */
static DojoRun *run_tournament(void **state, const char *kind, const char *games)
{
    char *cmd = g_strdup_printf("cmd=%s", runner_exe());
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", cmd, "name=n100",
                          "arg=uci", "nodes=100", "-engine", cmd, "name=n30", "arg=uci",
                          "nodes=30", "-engine", cmd, "name=n800", "arg=uci", "nodes=800",
                          "-each", "proto=uci", "option.Hash=16", "-tournament", kind, "-games",
                          games, "-openings", "file=openings.txt", "-srand", "9",
                          "-concurrency", "2", NULL);
    g_free(cmd);
    return r;
}

/* Opening positions: a few plies into new games of the built game. */
static void write_openings(void **state)
{
    const DjVariant *variant = dj_registry_all()[0];
    GString *text = g_string_new("# openings\n");
    for (int k = 0; k < 6; k++) {
        DjSetup setup = { NULL, (guint64)k + 1, NULL, 0 };
        DjGame *game = dj_game_new(variant, &setup, NULL);
        assert_non_null(game);
        DjMove *moves = g_new(DjMove, variant->max_moves);
        for (int ply = 0; ply < 2; ply++) {
            int count = variant->legal_moves(dj_game_position(game), moves);
            assert_true(count > 0);
            assert_true(dj_game_play(game, moves[(k * 7 + ply * 3) % count], NULL));
        }
        g_free(moves);
        variant->format_position(dj_game_position(game), text);
        g_string_append_c(text, '\n');
        dj_game_free(game);
    }
    runner_write_file(*state, "openings.txt", text->str);
    g_string_free(text, TRUE);
}

static void test_round_robin(void **state)
{
    write_openings(state);
    DojoRun *r = run_tournament(state, "round-robin", "2");
    expect_exit(r, 0);
    assert_non_null(strstr(r->out, "Round robin of "));
    assert_int_equal(runner_count_containing(r->out, "Finished game "), 6);
    assert_int_equal(runner_count_containing(r->out, "Started game 6 of 6 "), 1);
    assert_int_equal(runner_count_containing(r->out, "Score of "), 3);
    assert_int_equal(runner_count_containing(r->out, "Rank Name"), 1);
    assert_int_equal(runner_count_containing(r->out, "the mean of the rated engines at 0"), 1);
    char *last = last_line(r->out);
    assert_string_equal(last, "Finished match");
    g_free(last);
    const char *names[] = { "n100", "n30", "n800" };
    check_table(r->out, 3, names, 6, DJ_RATING_ANCHOR_MEAN);
    runner_run_free(r);
}

static void test_gauntlet(void **state)
{
    write_openings(state);
    DojoRun *r = run_tournament(state, "gauntlet", "4");
    expect_exit(r, 0);
    assert_non_null(strstr(r->out, "Gauntlet of "));
    assert_non_null(strstr(r->out, ": n100 against n30, n800; 2 encounters of 4 games"));
    assert_int_equal(runner_count_containing(r->out, "Finished game "), 8);
    assert_int_equal(runner_count_containing(r->out, "Score of n100 vs n30: "), 1);
    assert_int_equal(runner_count_containing(r->out, "Score of n100 vs n800: "), 1);
    assert_int_equal(runner_count_containing(r->out, "Score of n30 vs n800: "), 0);
    assert_int_equal(runner_count_containing(r->out, "; n100 at 0"), 1);
    const char *names[] = { "n100", "n30", "n800" };
    check_table(r->out, 3, names, 8, DJ_RATING_ANCHOR_FIRST);
    runner_run_free(r);
}

/* An engine that wins every game has no finite upper bound: the table
 * says +inf, not a huge number.  Both engines agree a is winning, so the
 * referee adjudicates; b and c, each sure it is losing, draw on the ply
 * limit. */
static void test_unbounded_rating(void **state)
{
    char *cmd = g_strdup_printf("cmd=%s", fake_path);
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", cmd, "name=a",
                          "arg=--score", "arg=900", "-engine", cmd, "name=b", "arg=--score",
                          "arg=-900", "-engine", cmd, "name=c", "arg=--score", "arg=-900",
                          "-each", "nodes=1", "-games", "2", "-resign", "movecount=1",
                          "score=500", "twosided=true", "-maxmoves", "5", "-srand", "1", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "Score of a vs b: 2 - 0 - 0"), 1);
    assert_int_equal(runner_count_containing(r->out, "Score of a vs c: 2 - 0 - 0"), 1);
    assert_int_equal(runner_count_containing(r->out, "Score of b vs c: 0 - 0 - 2"), 1);
    assert_int_equal(runner_count_containing(r->out, "a: +inf, no finite upper bound"), 1);
    const char *names[] = { "a", "b", "c" };
    check_table(r->out, 3, names, 6, DJ_RATING_ANCHOR_MEAN);
    runner_run_free(r);
    g_free(cmd);
}

/* -resign without twosided: the loser's scores alone decide (b is sure
 * it is lost; a thinks the game is level). */
static void test_one_sided_resign(void **state)
{
    char *cmd = g_strdup_printf("cmd=%s", fake_path);
    DojoRun *r = run_dojo(state, "match", built_variant(), "-engine", cmd, "name=a",
                          "arg=--score", "arg=0", "-engine", cmd, "name=b", "arg=--score",
                          "arg=-900", "-each", "nodes=1", "-games", "2", "-resign",
                          "movecount=2", "score=500", "-srand", "1", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "adjudicated: b's score was below -500"),
                     2);
    runner_run_free(r);
    r = run_dojo(state, "match", built_variant(), "-engine", cmd, "name=a", "arg=--score",
                 "arg=0", "-engine", cmd, "name=b", "arg=--score", "arg=-900", "-each",
                 "nodes=1", "-games", "2", "-resign", "movecount=2", "score=500",
                 "twosided=true", "-maxmoves", "6", "-srand", "1", NULL);
    expect_exit(r, 0);
    assert_int_equal(runner_count_containing(r->out, "adjudicated: b's score"), 0);
    runner_run_free(r);
    g_free(cmd);
}

/* The help names what this adds. */
static void test_help(void **state)
{
    const char *mentions[] = { "--rounds", "--tournament", "--rating-interval", "--pgn",
                               "--openings-order", "--openings-start", "--openings-plies",
                               "--resign-one-sided", "--event", "--site", "cutechess-cli",
                               "-engine", "-each", "gauntlet", "round-robin", "movestogo",
                               "id name" };
    runner_assert_help_mentions(state, "match", mentions, G_N_ELEMENTS(mentions));
}

int main(int argc, char **argv)
{
    fake_path = runner_init_with_engine(argc, argv);
    if (fake_path == NULL)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_cutechess_examples, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_fastchess_line, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_single_dash_engines, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_space_separated_long_spec, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_engines_name_themselves, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_time_control_forms, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_moves_per_period_reset_the_clock, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_rounds_games_repeat, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_start_failure_says_so_first, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_pgn_openings, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_usage_errors, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_help, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_round_robin, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_gauntlet, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_unbounded_rating, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_one_sided_resign, runner_make_dir, runner_remove_dir),
    };
    int failures = cmocka_run_group_tests(tests, NULL, NULL);
    g_free(fake_path);
    return failures;
}
