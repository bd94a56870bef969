/* test_match.c: `dojo match` between two engines: full matches with
 * records, engines that break the rules of the match, adjudication, the
 * SPRT stopping a match, usage errors, Ctrl-C.  The engines are the test
 * helper fake_uci (its path is the second argument), which plays a legal
 * move at once or misbehaves when asked; no timer is asserted. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "framework/game_history.h"
#include "framework/notation.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"
#include "tests/support/gerror_assert.h"
#include "tests/support/search_score.h"

static char *fake_path;

/* The first built variant of `names`, or NULL. */
static const char *built_variant(void)
{
    return dj_registry_all()[0]->name;
}

static char *engine_spec(const char *name, const char *extra)
{
    return g_strdup_printf("name=%s,cmd=%s%s%s", name, fake_path, extra != NULL ? "," : "",
                           extra != NULL ? extra : "");
}

/* dojo match VARIANT with engines a and b (fake_uci with `a_extra` and
 * `b_extra` spec items), --seed 1, and `args`. */
static DojoRun *run_match(void **state, const char *variant, const char *a_extra,
                          const char *b_extra, const char *const *args)
{
    char *a = engine_spec("a", a_extra);
    char *b = engine_spec("b", b_extra);
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer) "match");
    g_ptr_array_add(argv, (gpointer)variant);
    g_ptr_array_add(argv, (gpointer) "--engine");
    g_ptr_array_add(argv, a);
    g_ptr_array_add(argv, (gpointer) "--engine");
    g_ptr_array_add(argv, b);
    /* A fixed deal and openings (a later --seed wins): the engines play by
     * the position alone, so the games are the same on every run. */
    g_ptr_array_add(argv, (gpointer) "--seed");
    g_ptr_array_add(argv, (gpointer) "1");
    for (int i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    DojoRun *run = runner_run_text(*state, NULL, (const char *const *)argv->pdata);
    g_ptr_array_free(argv, TRUE);
    g_free(a);
    g_free(b);
    if (run->exit_code != 0)
        fprintf(stderr, "dojo match said:\n%s%s", run->out, run->err);
    return run;
}

/* The last line of `text` starting with `prefix` (g_free it), or NULL. */
static char *last_line_with(const char *text, const char *prefix)
{
    char **lines = runner_lines(text);
    char *found = NULL;
    for (int i = 0; lines[i] != NULL; i++) {
        if (g_str_has_prefix(lines[i], prefix)) {
            g_free(found);
            found = g_strdup(lines[i]);
        }
    }
    g_strfreev(lines);
    return found;
}

/* The start position of `game` as text (g_free it). */
static char *start_text(const DjGame *game)
{
    GString *text = g_string_new(NULL);
    dj_game_variant(game)->format_position(dj_game_position_at(game, 0), text);
    return g_string_free(text, FALSE);
}

/* A match of four games from random openings: a line per game, the
 * summary, and a record per game that loads, is finished, names the
 * engines by side, and shares its opening with its pair. */
static void check_full_match(void **state, const char *variant_name)
{
    const DjVariant *variant = dj_registry_find(variant_name);
    if (variant == NULL) {
        fprintf(stderr, "%s is not built: skipped\n", variant_name);
        skip();
    }
    DojoRun *r = run_match(state, variant_name, NULL, NULL,
                           (const char *const[]){ "--games", "4", "--nodes", "10",
                                                  "--openings", "random:3", "--seed", "7",
                                                  "--records", "recs", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "Finished game "), 4);
    char *score = last_line_with(r->out, "Score of a vs b: ");
    assert_non_null(score);
    assert_true(g_str_has_suffix(score, "] 4"));
    g_free(score);
    assert_int_equal(runner_count_containing(r->out, "Elo difference: "), 1);
    assert_int_equal(runner_count_containing(r->out, "pentanomial model, 2 pairs"), 1);

    DjGame *games[4];
    for (int i = 0; i < 4; i++) {
        char *name = g_strdup_printf("recs/game-%04d.dojo", i + 1);
        games[i] = runner_load_record(*state, name);
        g_free(name);
        DjGame *game = games[i];
        assert_int_not_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
        /* A plays side 0 in the first game of each pair. */
        assert_string_equal(dj_game_tag(game, variant->side_names[i % 2]), "a");
        assert_string_equal(dj_game_tag(game, variant->side_names[1 - i % 2]), "b");
        /* The line printed for the game gives the same result. */
        char *line = g_strdup_printf("Finished game %d (%s vs %s): %s {", i + 1,
                                     i % 2 == 0 ? "a" : "b", i % 2 == 0 ? "b" : "a",
                                     dj_outcome_result_text(dj_game_outcome(game)));
        assert_int_equal(runner_count_containing(r->out, line), 1);
        g_free(line);
        assert_true(dj_game_length(game) >= 3);
    }
    for (int pair = 0; pair < 2; pair++) {
        DjGame *first = games[2 * pair], *second = games[2 * pair + 1];
        char *start_first = start_text(first), *start_second = start_text(second);
        assert_string_equal(start_first, start_second);
        g_free(start_first);
        g_free(start_second);
        for (int ply = 0; ply < 3; ply++)
            assert_int_equal(dj_game_move_at(first, ply), dj_game_move_at(second, ply));
    }
    for (int i = 0; i < 4; i++)
        dj_game_free(games[i]);
    runner_run_free(r);
}

static void test_onitama_match(void **state)
{
    check_full_match(state, "onitama");
}

static void test_ogi_match(void **state)
{
    check_full_match(state, "ogi");
}

/* Engine b breaks a rule of the match on its first move: it loses that
 * game with the reason, is started again if it has to be, and the match
 * goes on. */
static void test_misbehaving_engine_loses(void **state)
{
    const struct {
        const char *how;
        const char *reason;
    } cases[] = {
        { "arg=--illegal-at,arg=1", "b played an illegal move 'a1a1'" },
        { "arg=--garbage-at,arg=1", "b played an illegal move '" },
        { "arg=--exit-at,arg=1", "b crashed" },
        { "arg=--silent-at,arg=1", "b lost on time" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        /* A folder each: a match numbers on after the records already there. */
        char *folder = g_strdup_printf("recs-%d", (int)i);
        char *record = g_strdup_printf("%s/game-0001.dojo", folder);
        DojoRun *r = run_match(state, built_variant(), NULL, cases[i].how,
                               (const char *const[]){ "--games", "2", "--movetime", "20",
                                                      "--time-margin", "300", "--records",
                                                      folder, NULL });
        assert_int_equal(r->exit_code, 0);
        char *line = last_line_with(r->out, "Finished game 1 ");
        assert_non_null(line);
        assert_non_null(strstr(line, "(a vs b): 1-0 {"));
        assert_non_null(strstr(line, cases[i].reason));
        g_free(line);
        /* The second game is played to a normal end. */
        assert_int_equal(runner_count_containing(r->out, "Finished game 2 "), 1);
        DjGame *game = runner_load_record(*state, record);
        assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
        assert_non_null(strstr(dj_game_outcome_reason(game), cases[i].reason));
        dj_game_free(game);
        runner_run_free(r);
        g_free(record);
        g_free(folder);
    }
}

/* An engine slower than its clock loses on time (no timer is asserted: it
 * can only be slower than it sleeps): the match's clock, and then the
 * engine's own (tc= in its spec) against an opponent on nodes. */
static void test_loss_on_the_clock(void **state)
{
    const struct {
        const char *b_spec, *option, *value;
    } clocks[] = {
        { "arg=--sleep,arg=400", "--tc", "0.1+0" },
        { "arg=--sleep,arg=400,tc=0.1+0", "--nodes", "10" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(clocks); i++) {
        DojoRun *r = run_match(state, built_variant(), NULL, clocks[i].b_spec,
                               (const char *const[]){ "--games", "2", clocks[i].option,
                                                      clocks[i].value, "--time-margin", "50",
                                                      NULL });
        assert_int_equal(r->exit_code, 0);
        assert_int_equal(runner_count_containing(r->out, "b lost on time"), 2);
        /* once: the summary does not repeat the last game's score line */
        assert_int_equal(runner_count_containing(r->out, "Score of a vs b: 2 - 0 - 0"), 1);
        runner_run_free(r);
    }
}

/* Time odds: each engine's own limits in its spec replace the match's.
 * An engine on a clock facing one without is sent its own clock for both
 * sides, with its own increment. */
static void test_engine_limits(void **state)
{
    DojoRun *r = run_match(state, built_variant(), "arg=--go-log,arg=a.log,movetime=70",
                           "arg=--go-log,arg=b.log,tc=30+0.5",
                           (const char *const[]){ "--games", "2", "--nodes", "10",
                                                  "--max-plies", "12", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char **a = runner_file_lines(*state, "a.log");
    char **b = runner_file_lines(*state, "b.log");
    assert_true(g_strv_length(a) >= 2);
    assert_true(g_strv_length(b) >= 2);
    for (int i = 0; a[i] != NULL; i++)
        assert_string_equal(a[i], "go movetime 70");
    gint64 first_clock = runner_go_value(b[0], "wtime");
    assert_true(first_clock > 0 && first_clock <= 30000);
    for (int i = 0; b[i] != NULL; i++) {
        assert_true(g_str_has_prefix(b[i], "go wtime "));
        assert_int_equal(runner_go_value(b[i], "wtime"), runner_go_value(b[i], "btime"));
        assert_int_equal(runner_go_value(b[i], "winc"), 500);
        assert_int_equal(runner_go_value(b[i], "binc"), 500);
        assert_int_equal(runner_go_value(b[i], "nodes"), -1);
        assert_int_equal(runner_go_value(b[i], "movetime"), -1);
    }
    g_strfreev(a);
    g_strfreev(b);

    /* One engine with its own limits, the other with the match's. */
    r = run_match(state, built_variant(), "arg=--go-log,arg=c.log,depth=3", NULL,
                  (const char *const[]){ "--games", "2", "--nodes", "10", "--max-plies", "8",
                                         NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char **c = runner_file_lines(*state, "c.log");
    for (int i = 0; c[i] != NULL; i++)
        assert_string_equal(c[i], "go depth 3");
    g_strfreev(c);
}

/* stderr=FILE keeps what an engine writes to its standard error (appended:
 * every engine started from the spec shares the file); a file that cannot
 * be opened fails the match with a message naming it. */
static void test_engine_stderr(void **state)
{
    DojoRun *r = run_match(state, built_variant(),
                           "arg=--stderr-note,arg=a-says-hello,stderr=a.err", NULL,
                           (const char *const[]){ "--games", "2", "--nodes", "10",
                                                  "--max-plies", "6", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char **lines = runner_file_lines(*state, "a.err");
    assert_true(g_strv_length(lines) >= 1);
    for (int i = 0; lines[i] != NULL; i++)
        assert_string_equal(lines[i], "a-says-hello");
    g_strfreev(lines);

    char *a = engine_spec("a", "stderr=no-such-folder/a.err");
    char *b = engine_spec("b", NULL);
    const char *argv[] = { "match", built_variant(), "--engine", a, "--engine", b, "--nodes",
                           "10", NULL };
    r = runner_run_text(*state, NULL, argv);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "no-such-folder/a.err"));
    assert_int_equal(runner_count_containing(r->out, "Finished game"), 0);
    runner_run_free(r);
    g_free(a);
    g_free(b);
}

/* How many plies of `game` are played when each side has made `moves`
 * moves: 2 * moves where turns alternate; more where a side moves twice in
 * a row (a compound turn's parts are moves of their own to a match). */
static int plies_until_each_moved(const DjGame *game, int moves)
{
    const DjVariant *v = dj_game_variant(game);
    int made[2] = { 0, 0 };
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        made[v->side_to_move(dj_game_position_at(game, ply))]++;
        if (made[0] >= moves && made[1] >= moves)
            return ply + 1;
    }
    return -1;
}

static void test_adjudication(void **state)
{
    /* Both engines agree that a is winning: b is adjudicated lost, with
     * either colour, once each has said so for 3 moves of its own (at ply
     * 6 where turns alternate: the records say when). */
    DojoRun *r = run_match(state, built_variant(), "arg=--score,arg=900", "arg=--score,arg=-900",
                           (const char *const[]){ "--games", "2", "--nodes", "1",
                                                  "--resign-score", "500", "--resign-moves",
                                                  "3", "--records", "recs", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "adjudicated: b's score was below -500"), 2);
    char **lines = runner_lines(r->out);
    for (int game = 1; game <= 2; game++) {
        g_autofree char *name = g_strdup_printf("recs/game-%04d.dojo", game);
        DjGame *loaded = runner_load_record(*state, name);
        int plies = plies_until_each_moved(loaded, 3);
        if (!dj_game_variant(loaded)->extra_turns)
            assert_int_equal(plies, 6);
        assert_int_equal(dj_game_length(loaded), plies);
        g_autofree char *head = g_strdup_printf("Finished game %d ", game);
        g_autofree char *tail = g_strdup_printf("for 3 moves} %d plies", plies);
        int found = 0;
        for (int i = 0; lines[i] != NULL; i++)
            found += g_str_has_prefix(lines[i], head) && g_str_has_suffix(lines[i], tail);
        assert_int_equal(found, 1);
        dj_game_free(loaded);
    }
    g_strfreev(lines);
    assert_int_equal(runner_count_containing(r->out, "Score of a vs b: 2 - 0 - 0"), 1);
    runner_run_free(r);

    /* Only one engine thinks it is lost: no adjudication by score. */
    r = run_match(state, built_variant(), "arg=--score,arg=0", "arg=--score,arg=-900",
                  (const char *const[]){ "--games", "2", "--nodes", "1", "--resign-score", "500",
                                         "--resign-moves", "3", "--max-plies", "9", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "adjudicated: b's score"), 0);
    runner_run_free(r);

    /* Both call it level after ply 4: a draw. */
    r = run_match(state, built_variant(), "arg=--score,arg=5", "arg=--score,arg=-5",
                  (const char *const[]){ "--games", "2", "--nodes", "1", "--draw-score", "10",
                                         "--draw-moves", "2", "--draw-after", "4", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, ": 1/2-1/2 {adjudicated: both scores"), 2);
    runner_run_free(r);

    /* The ply limit. */
    r = run_match(state, built_variant(), NULL, NULL,
                  (const char *const[]){ "--games", "2", "--nodes", "1", "--max-plies", "5",
                                         NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "1/2-1/2 {adjudicated: the move limit of 5 "
                                                     "plies was reached} 5 plies"),
                     2);
    runner_run_free(r);
}

/* Each engine move of a record carries what its engine said of it: its
 * score from its own side, its depth and its time; the opening's moves
 * carry nothing.  Whose move each is the record's positions say (a and b
 * three each where turns alternate; with compound turns a side makes two
 * in a row). */
static void test_annotated_records(void **state)
{
    DojoRun *r = run_match(state, built_variant(), "arg=--score,arg=900", "arg=--score,arg=-250",
                           (const char *const[]){ "--games", "2", "--nodes", "1",
                                                  "--openings", "random:2", "--max-plies", "8",
                                                  "--records", "recs", NULL });
    assert_int_equal(r->exit_code, 0);
    for (int game = 1; game <= 2; game++) {
        g_autofree char *name = g_strdup_printf("recs/game-%04d.dojo", game);
        g_autofree char *text = runner_read_file(*state, name);
        DjGame *loaded = runner_load_record(*state, name);
        const DjVariant *v = dj_game_variant(loaded);
        assert_int_equal(dj_game_length(loaded), 8);
        char **lines = runner_lines(text);
        int notes[2] = { 0, 0 }, plain = 0, ply = 0;
        for (int i = 0; lines[i] != NULL; i++) {
            if (!g_ascii_isdigit(lines[i][0]) || strchr(lines[i], ' ') == NULL)
                continue;   /* tags, the blank line, the result */
            assert_true(ply < dj_game_length(loaded));
            int side = v->side_to_move(dj_game_position_at(loaded, ply));
            const char *engine = dj_game_tag(loaded, v->side_names[side]);
            assert_non_null(engine);
            bool is_a = strcmp(engine, "a") == 0;
            const char *said = is_a ? " ; +9.00/1 " : " ; -2.50/1 ";
            const char *note = strstr(lines[i], " ; ");
            if (note == NULL)
                plain++;
            else if (ply >= 2 && g_str_has_prefix(note, said) && g_str_has_suffix(note, "s"))
                notes[is_a ? 0 : 1]++;
            else
                fail_msg("unexpected note in \"%s\" (ply %d, %s's move)", lines[i], ply + 1,
                         engine);
            ply++;
        }
        g_strfreev(lines);
        assert_int_equal(ply, 8);
        assert_int_equal(plain, 2);
        assert_int_equal(notes[0] + notes[1], 6);
        assert_true(notes[0] >= 2 && notes[1] >= 2);
        if (!v->extra_turns) {
            assert_int_equal(notes[0], 3);
            assert_int_equal(notes[1], 3);
        }
        dj_game_free(loaded);
    }
    runner_run_free(r);
}

/* b loses every game: the SPRT accepts H1 long before the 200 games. */
static void test_sprt_stops_the_match(void **state)
{
    DojoRun *r = run_match(state, built_variant(), "arg=--score,arg=900", "arg=--score,arg=-900",
                           (const char *const[]){ "--games", "200", "--nodes", "1",
                                                  "--resign-score", "500", "--resign-moves",
                                                  "1", "--sprt", "elo0=0,elo1=10", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "SPRT: llr "), 1);
    assert_int_equal(runner_count_containing(r->out, "H1 was accepted"), 1);
    /* One game at a time: the verdict comes with the tenth complete pair,
     * all won by a. */
    assert_int_equal(runner_count_containing(r->out, "Finished game "), 20);
    assert_int_equal(runner_count_containing(r->out, "Pentanomial [0, 1/2, 1, 3/2, 2]: "
                                                     "[0, 0, 0, 0, 10]"), 1);
    runner_run_free(r);
}

static void test_concurrent_games(void **state)
{
    DojoRun *r = run_match(state, built_variant(), NULL, NULL,
                           (const char *const[]){ "--games", "6", "--concurrency", "3",
                                                  "--nodes", "1", "--openings", "random:2",
                                                  "--records", "recs", NULL });
    assert_int_equal(r->exit_code, 0);
    for (int i = 1; i <= 6; i++) {
        char *line = g_strdup_printf("Finished game %d ", i);
        assert_int_equal(runner_count_containing(r->out, line), 1);
        g_free(line);
        char *name = g_strdup_printf("recs/game-%04d.dojo", i);
        dj_game_free(runner_load_record(*state, name));
        g_free(name);
    }
    runner_run_free(r);
}

/* The opening of record `name` (its first `plies` plies) as a game of
 * its own, and as text: the start position and the moves (g_free it). */
static DjGame *record_opening(void **state, const char *name, int plies, char **text)
{
    DjGame *record = runner_load_record(*state, name);
    assert_true(dj_game_length(record) >= plies);
    char *start = start_text(record);
    DjSetup setup = { start, 0, NULL, 0 };
    DjGame *opening = dj_game_new(dj_game_variant(record), &setup, NULL);
    assert_non_null(opening);
    GString *moves = g_string_new(start);
    for (int ply = 0; ply < plies; ply++) {
        DjMove move = dj_game_move_at(record, ply);
        g_string_append_c(moves, ' ');
        dj_game_variant(record)->format_move(dj_game_position(opening), move, moves);
        assert_true(dj_game_play(opening, move, NULL));
    }
    *text = g_string_free(moves, FALSE);
    g_free(start);
    dj_game_free(record);
    return opening;
}

/* --balance: every pair starts from an opening the search finds even, the
 * same with one game at a time or two, and not always the one drawn
 * without --balance (the bound is tight: a quarter of the game's typical
 * clear advantage, DjVariant.eval_unit). */
static void test_balanced_openings(void **state)
{
    enum { GAMES = 8, PLIES = 4, BOUND_CENTIPAWNS = 25 };
    const DjVariant *variant = dj_registry_find(built_variant());
    if (variant->evaluate == NULL) {
        fprintf(stderr, "%s has no evaluation, so --balance does not apply: skipped\n",
                variant->name);
        skip();
    }
    int unit = variant->eval_unit > 0 ? variant->eval_unit : 100;
    int bound = BOUND_CENTIPAWNS * unit / 100 > 0 ? BOUND_CENTIPAWNS * unit / 100 : 1;
    char bound_text[16];
    g_snprintf(bound_text, sizeof bound_text, "%d", bound);
    const char *folders[] = { "one", "two", "plain" };
    const char *const runs[3][6] = {
        { "--balance", bound_text, "--concurrency", "1", NULL },
        { "--balance", bound_text, "--concurrency", "2", NULL },
        { "--concurrency", "2", NULL },
    };
    for (int run = 0; run < 3; run++) {
        const char *args[16] = { "--games", "8", "--nodes", "1", "--openings", "random:4",
                                 "--seed", "7", "--records", folders[run] };
        for (int i = 0; runs[run][i] != NULL; i++)
            args[10 + i] = runs[run][i];
        DojoRun *r = run_match(state, built_variant(), NULL, NULL, args);
        assert_int_equal(r->exit_code, 0);
        assert_int_equal(runner_count_containing(r->out, "Finished game "), GAMES);
        runner_run_free(r);
    }
    int redrawn = 0;
    for (int i = 0; i < GAMES; i++) {
        char *texts[3];
        for (int run = 0; run < 3; run++) {
            char *name = g_strdup_printf("%s/game-%04d.dojo", folders[run], i + 1);
            DjGame *opening = record_opening(state, name, PLIES, &texts[run]);
            bool decisive = false;
            if (run == 0 && (abs(search_score(opening, 20000, &decisive)) > bound || decisive))
                fail_msg("%s game %d: an opening outside +-%d was kept: %s", variant->name,
                         i + 1, bound, texts[run]);
            dj_game_free(opening);
            g_free(name);
        }
        assert_string_equal(texts[0], texts[1]);
        redrawn += strcmp(texts[0], texts[2]) != 0;
        for (int run = 0; run < 3; run++)
            g_free(texts[run]);
    }
    assert_true(redrawn > 0);
}

/* A start that no random ply makes even: the match stops before its first
 * game and says how to go on. */
static void test_balance_gives_up(void **state)
{
    if (dj_registry_find("ogi") == NULL) {
        fprintf(stderr, "ogi is not built: skipped\n");
        skip();
    }
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "match", "ogi", "--engine", "name=a,cmd=/nonexistent/engine", "--engine",
        "name=b,cmd=/nonexistent/engine", "--nodes", "1", "--position",
        "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B6/LNSIK1NL b - 1", "--openings", "random:2",
        "--balance", "40", "--balance-nodes", "1000", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err, "dojo match: no opening of 2 random plies within +-40 "
                                "centipawns after 200 tries: raise --balance\n");
    assert_string_equal(r->out, "");
    runner_run_free(r);
}

static void test_usage_errors(void **state)
{
    const char *variant = built_variant();
    char *a = engine_spec("a", NULL);
    char *b = engine_spec("b", NULL);
    const struct {
        const char *args[15];
        const char *says;
    } cases[] = {
        { { "match", variant, "--nodes", "1", NULL }, "two --engine" },
        { { "match", variant, "--engine", a, "--nodes", "1", NULL }, "two --engine" },
        { { "match", "chess", "--engine", a, "--engine", b, "--nodes", "1", NULL }, "chess" },
        { { "match", variant, "--engine", a, "--engine", b, NULL }, "--movetime" },
        { { "match", variant, "--engine", a, "--engine", b, "--tc", "fast", NULL }, "--tc" },
        { { "match", variant, "--engine", a, "--engine", b, "--tc", "10+x", NULL }, "--tc" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "0", NULL }, "--nodes" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--games", "0", NULL },
          "--games" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--sprt",
            "elo0=5,elo1=1", NULL }, "--sprt" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--openings",
            "book", NULL }, "--openings" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--resign-score",
            "300", NULL }, "--resign-moves" },
        { { "match", variant, "--engine", "name=a", "--engine", b, "--nodes", "1", NULL },
          "cmd=" },
        { { "match", variant, "--engine", "name=a,cmd=x,colour=red", "--engine", b, "--nodes",
            "1", NULL }, "colour" },
        { { "match", variant, "--engine", a, "--engine", a, "--nodes", "1", NULL },
          "different names" },
        { { "match", variant, "--engine", "name=a,cmd=x,tc=fast", "--engine", b, "--nodes", "1",
            NULL }, "--engine a: tc" },
        { { "match", variant, "--engine", "name=a,cmd=x,movetime=0", "--engine", b, "--nodes",
            "1", NULL }, "--engine a: movetime" },
        { { "match", variant, "--engine", "name=a,cmd=x,nodes=10", "--engine", b, NULL },
          "--movetime" },
        { { "match", variant, "--engine", "name=a,cmd=x,stderr=", "--engine", b, "--nodes", "1",
            NULL }, "stderr= wants a FILE" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--openings",
            "random:2", "--balance", "even", NULL }, "--balance wants a whole number" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--openings",
            "random:2", "--balance", "50", "--balance-nodes", "10", NULL },
          "--balance-nodes wants a whole number from 1000" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--balance", "50",
            NULL }, "give --openings random:N with it" },
        { { "match", variant, "--engine", a, "--engine", b, "--nodes", "1", "--openings",
            "random:2", "--balance-nodes", "5000", NULL }, "--balance-nodes goes with --balance" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = runner_run_text(*state, NULL, cases[i].args);
        runner_assert_usage_error(r, i, cases[i].says, "Usage: dojo match");
        runner_run_free(r);
    }
    g_free(a);
    g_free(b);
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL);
    assert_true(g_file_set_contents(path, text, -1, NULL));
    g_free(path);
}

/* The start position of a new game of the built variant. */
static char *start_position(void)
{
    const DjVariant *variant = dj_registry_all()[0];
    DjSetup setup = { NULL, 3, NULL, 0 };
    DjGame *game = dj_game_new(variant, &setup, NULL);
    assert_non_null(game);
    GString *text = g_string_new(NULL);
    variant->format_position(dj_game_position(game), text);
    dj_game_free(game);
    return g_string_free(text, FALSE);
}

static void test_openings_file(void **state)
{
    char *start = start_position();
    char *good = g_strdup_printf("# openings\n\n%s\n", start);
    write_file(*state, "good.txt", good);
    char *bad = g_strdup_printf("# openings\n\n%s\nnot a position at all\n", start);
    write_file(*state, "bad.txt", bad);

    DojoRun *r = run_match(state, built_variant(), NULL, NULL,
                           (const char *const[]){ "--games", "2", "--nodes", "1", "--openings",
                                                  "file:good.txt", "--records", "recs", NULL });
    assert_int_equal(r->exit_code, 0);
    for (int i = 1; i <= 2; i++) {
        char *name = g_strdup_printf("recs/game-%04d.dojo", i);
        DjGame *game = runner_load_record(*state, name);
        char *text = start_text(game);
        assert_string_equal(text, start);
        g_free(text);
        dj_game_free(game);
        g_free(name);
    }
    runner_run_free(r);

    r = runner_run_text(*state, NULL, (const char *const[]){
        "match", built_variant(), "--engine", "name=a,cmd=/nonexistent/engine", "--engine",
        "name=b,cmd=/nonexistent/engine", "--nodes", "1", "--openings", "file:bad.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "bad.txt: line 4: "));
    assert_string_equal(r->out, "");
    runner_run_free(r);

    r = runner_run_text(*state, NULL, (const char *const[]){
        "match", built_variant(), "--engine", "name=a,cmd=/nonexistent/engine", "--engine",
        "name=b,cmd=/nonexistent/engine", "--nodes", "1", "--openings", "file:missing.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    char *expected = g_strdup_printf("dojo match: cannot read the openings in missing.txt: %s\n",
                                     g_strerror(ENOENT));
    assert_string_equal(r->err, expected);
    g_free(expected);
    runner_run_free(r);

    /* A NUL byte would cut the file short where string functions read it. */
    char *path = g_build_filename(*state, "nul.txt", NULL);
    assert_true(g_file_set_contents(path, "# openings\n\0binary\n", 19, NULL));
    g_free(path);
    r = runner_run_text(*state, NULL, (const char *const[]){
        "match", built_variant(), "--engine", "name=a,cmd=/nonexistent/engine", "--engine",
        "name=b,cmd=/nonexistent/engine", "--nodes", "1", "--openings", "file:nul.txt", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err, "dojo match: cannot read the openings in nul.txt: line 2: it is "
                                "not an openings file (it contains binary data)\n");
    runner_run_free(r);
    g_free(good);
    g_free(bad);
    g_free(start);
}

static void test_engine_that_cannot_start(void **state)
{
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "match", built_variant(), "--engine", "name=a,cmd=/nonexistent/engine", "--engine",
        "name=b,cmd=/nonexistent/engine", "--nodes", "1", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "cannot start a"));
    runner_run_free(r);
}

/* An engine that exits at once: GLib may have reaped it before dojo asks
 * for its process id, which once crashed dojo about one run in ten.  Every
 * run says what happened, once, and exits 1. */
static void test_engine_that_exits_at_once(void **state)
{
    for (int i = 0; i < 50; i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "match", built_variant(), "--engine", "name=x,cmd=/bin/false", "--engine",
            "name=y,cmd=/bin/false", "--nodes", "1", NULL });
        if (r->exit_code != 1 || r->signal != 0)
            fail_msg("run %d: exit %d, signal %d, said:\n%s", i + 1, r->exit_code, r->signal,
                     r->err);
        assert_string_equal(r->err, "dojo match: x exited before answering 'uciok'\n");
        runner_run_free(r);
    }
}

/* An engine may not grow dojo without end: an endless line, a line of
 * 5 MB in a game, a flood of info lines, each makes it broken, in words. */
static void test_engine_output_is_bounded(void **state)
{
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "match", built_variant(), "--engine", "name=a,cmd=/bin/cat,arg=/dev/zero", "--engine",
        "name=b,cmd=/bin/false", "--nodes", "1", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err,
                        "dojo match: a sent a line longer than 4 MB before answering 'uciok'\n");
    runner_run_free(r);
    const struct {
        const char *misbehaviour, *why;
    } cases[] = {
        { "arg=--long-line-at,arg=2", "b sent a line longer than 4 MB" },
        { "arg=--flood-at,arg=2", "b sent more than 64 MB of output after one command" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        r = run_match(state, built_variant(), NULL, cases[i].misbehaviour,
                      (const char *const[]){ "--games", "2", "--nodes", "1", NULL });
        assert_int_equal(r->exit_code, 0);
        /* b is broken in both games (started again for the second). */
        assert_int_equal(runner_count_containing(r->out, cases[i].why), 2);
        runner_run_free(r);
    }
}

/* Options the engine does not list or refuses fail the match, naming the
 * engine and the option, before any game: a match played with other
 * settings than asked says nothing. */
static void test_engine_options_are_checked(void **state)
{
    const struct {
        const char *option, *why;
    } cases[] = {
        { "option.NoSuch=1",
          "dojo match: b has no option 'NoSuch' (option.NoSuch=1): it offers UCI_Variant, Hash\n" },
        { "option.Hash=60000",
          "dojo match: b refused option.Hash=60000: Hash: no table of 60000 MB\n" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = run_match(state, built_variant(), NULL, cases[i].option,
                               (const char *const[]){ "--nodes", "1", NULL });
        assert_int_equal(r->exit_code, 1);
        assert_string_equal(r->err, cases[i].why);
        assert_int_equal(runner_count_containing(r->out, "Finished game"), 0);
        runner_run_free(r);
    }
    /* What it lists and takes is fine, in any case. */
    DojoRun *r = run_match(state, built_variant(), NULL, "option.hash=64",
                           (const char *const[]){ "--nodes", "1", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    /* dojo's own engine refuses a network it cannot read. */
    char *a = g_strdup_printf("name=a,cmd=%s,arg=uci,option.EvalFile=/no/such.net", runner_exe());
    char *b = g_strdup_printf("name=b,cmd=%s,arg=uci", runner_exe());
    r = runner_run_text(*state, NULL, (const char *const[]){
        "match", built_variant(), "--engine", a, "--engine", b, "--nodes", "1", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_true(g_str_has_prefix(r->err, "dojo match: a refused option.EvalFile=/no/such.net: "));
    runner_run_free(r);
    g_free(a);
    g_free(b);
}

/* A depth the engine refuses (dojo's own stops at 127) fails the match at
 * once with its words, rather than after a minute's wait for a move. */
static void test_refused_depth(void **state)
{
    DojoRun *r = run_match(state, built_variant(), NULL, "arg=--max-depth,arg=127",
                           (const char *const[]){ "--depth", "200", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err, "dojo match: b answered 'go depth 200' with an error: go depth "
                                "wants a whole number from 1 to 127, not '200'\n");
    assert_int_equal(runner_count_containing(r->out, "Finished game"), 0);
    runner_run_free(r);
    char *a = g_strdup_printf("name=a,cmd=%s,arg=uci", runner_exe());
    char *b = g_strdup_printf("name=b,cmd=%s,arg=uci", runner_exe());
    r = runner_run_text(*state, NULL, (const char *const[]){
        "match", built_variant(), "--engine", a, "--engine", b, "--depth", "200", NULL });
    assert_int_equal(r->exit_code, 1);
    /* a or b: the deal decides who moves first */
    assert_true(g_str_has_prefix(r->err, "dojo match: "));
    assert_true(g_str_has_suffix(r->err, " answered 'go depth 200' with an error: go depth "
                                         "wants a whole number from 1 to 127, not '200'\n"));
    runner_run_free(r);
    g_free(a);
    g_free(b);
}

/* A second match into the same --records folder numbers on, and a file
 * of a record's name that is no record is left alone. */
static void test_records_are_never_overwritten(void **state)
{
    char *folder = g_build_filename(*state, "recs", NULL);
    assert_int_equal(g_mkdir(folder, 0755), 0);
    g_free(folder);
    runner_write_file(*state, "recs/game-0001.dojo", "my own notes\n");
    for (int run = 0; run < 2; run++) {
        DojoRun *r = run_match(state, built_variant(), NULL, NULL, (const char *const[]){
            "--games", "2", "--nodes", "1", "--records", "recs", NULL });
        assert_int_equal(r->exit_code, 0);
        runner_run_free(r);
    }
    char *mine = runner_read_file(*state, "recs/game-0001.dojo");
    assert_string_equal(mine, "my own notes\n");
    g_free(mine);
    for (int n = 2; n <= 5; n++) {
        char *name = g_strdup_printf("recs/game-%04d.dojo", n);
        DjGame *game = runner_load_record(*state, name);
        char *round = g_strdup_printf("%d", (n - 2) % 2 + 1);
        assert_string_equal(dj_game_tag(game, "Round"), round);
        g_free(round);
        dj_game_free(game);
        g_free(name);
    }
    char *sixth = g_build_filename(*state, "recs", "game-0006.dojo", NULL);
    assert_false(g_file_test(sixth, G_FILE_TEST_EXISTS));
    g_free(sixth);
}

/* SIGTERM that reaches dojo before it has even started (its parent sent
 * it while blocked, so that it waits, pending): the match stops before its
 * first game, during the --balance search of the first opening, with its
 * summary and exit 130, not the default death (143) nor after the search.
 * The opening is one no try makes even, so that a match that does not
 * stop fails instead. */
static void test_terminate_before_the_first_game(void **state)
{
    if (dj_registry_find("ogi") == NULL) {
        fprintf(stderr, "ogi is not built: skipped\n");
        skip();
    }
    const char *argv[] = {
        runner_exe(), "match", "ogi", "--engine", "name=a,cmd=/nonexistent/engine",
        "--engine", "name=b,cmd=/nonexistent/engine", "--nodes", "1", "--position",
        "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B6/LNSIK1NL b - 1", "--openings", "random:2",
        "--balance", "40", "--balance-nodes", "1000", NULL };
    char *out_path = g_build_filename(*state, "out.txt", NULL);
    char *err_path = g_build_filename(*state, "err.txt", NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || chdir(*state) != 0)
            _exit(99);
        sigset_t mask;
        sigemptyset(&mask);
        sigaddset(&mask, SIGTERM);
        sigprocmask(SIG_BLOCK, &mask, NULL);
        kill(getpid(), SIGTERM);   /* pending, and still so after exec */
        execv(argv[0], (char *const *)argv);
        _exit(98);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    char *out = runner_read_file(*state, "out.txt");
    char *err = runner_read_file(*state, "err.txt");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 130)
        fail_msg("status %d, said:\n%s%s", status, out, err);
    assert_non_null(strstr(out, "Interrupted"));
    assert_non_null(strstr(out, "Score of a vs b: 0 - 0 - 0"));
    assert_string_equal(err, "");
    g_free(out);
    g_free(err);
    g_free(out_path);
    g_free(err_path);
}

/* Ctrl-C (SIGINT) or `kill` (SIGTERM): the summary so far, exit 130, and
 * no engine left running. */
static void check_stopped_by(void **state, int signal_number)
{
    char *marker = g_strdup_printf("--marker-%d", (int)getpid());
    char *a = g_strdup_printf("name=a,cmd=%s,arg=%s", fake_path, marker);
    char *b = g_strdup_printf("name=b,cmd=%s,arg=%s,arg=--silent-at,arg=3", fake_path, marker);
    /* Stopped once both engines run and b has gone silent (b is asked
     * for its third move in the second game at the latest). */
    DojoRun *r = runner_run_signalled(*state, (const char *const[]){
        "match", built_variant(), "--engine", a, "--engine", b, "--games", "1000",
        "--movetime", "10", "--time-margin", "100000", NULL }, fake_path, marker, 2,
        signal_number);
    assert_int_equal(r->exit_code, 130);
    assert_non_null(strstr(r->out, "Interrupted"));
    assert_non_null(strstr(r->out, "Score of a vs b: "));
    assert_non_null(strstr(r->out, "Elo difference: "));
    assert_int_equal(runner_count_processes(fake_path, marker), 0);
    runner_run_free(r);
    g_free(a);
    g_free(b);
    g_free(marker);
}

static void test_interrupt(void **state)
{
    check_stopped_by(state, SIGINT);
}

static void test_terminate(void **state)
{
    check_stopped_by(state, SIGTERM);
}

/* Two `dojo uci` processes play each built game at a few nodes a move. */
static void test_dojo_uci_match(void **state)
{
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){ "help", "uci", NULL });
    bool has_uci = r->exit_code == 0;
    runner_run_free(r);
    if (!has_uci) {
        fprintf(stderr, "this dojo has no 'uci' command: skipped\n");
        skip();
    }
    char *a = g_strdup_printf("name=one,cmd=%s,arg=uci", runner_exe());
    char *b = g_strdup_printf("name=two,cmd=%s,arg=uci", runner_exe());
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        r = runner_run_text(*state, NULL, (const char *const[]){
            "match", (*v)->name, "--engine", a, "--engine", b, "--games", "2", "--nodes", "300",
            "--openings", "random:2", "--seed", "5", "--records", (*v)->name, NULL });
        if (r->exit_code != 0)
            fail_msg("dojo match: exit %d, said:\n%s%s", r->exit_code, r->out, r->err);
        assert_int_equal(runner_count_containing(r->out, "Finished game "), 2);
        /* Nobody broke a rule of the match: the games ended by the rules. */
        assert_int_equal(runner_count_containing(r->out, "illegal move"), 0);
        assert_int_equal(runner_count_containing(r->out, "crashed"), 0);
        assert_int_equal(runner_count_containing(r->out, "on time"), 0);
        assert_int_equal(runner_count_containing(r->out, "sent no move"), 0);
        for (int i = 1; i <= 2; i++) {
            char *name = g_strdup_printf("%s/game-%04d.dojo", (*v)->name, i);
            DjGame *game = runner_load_record(*state, name);
            assert_int_not_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
            dj_game_free(game);
            g_free(name);
        }
        runner_run_free(r);
    }
    g_free(a);
    g_free(b);
}

static void test_help(void **state)
{
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){ "help", "match", NULL });
    assert_int_equal(r->exit_code, 0);
    const char *mentions[] = { "--engine", "--tc", "--movetime", "--nodes", "--depth",
                               "--openings", "--concurrency", "--sprt", "--records",
                               "pentanomial", "--resign-score", "--draw-score", "--max-plies",
                               "--balance", "--balance-nodes" };
    for (size_t i = 0; i < G_N_ELEMENTS(mentions); i++)
        assert_non_null(strstr(r->out, mentions[i]));
    runner_run_free(r);
}

int main(int argc, char **argv)
{
    fake_path = runner_init_with_engine(argc, argv);
    if (fake_path == NULL)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_onitama_match, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_ogi_match, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_misbehaving_engine_loses, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_loss_on_the_clock, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_limits, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_stderr, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_annotated_records, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_adjudication, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_sprt_stops_the_match, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_concurrent_games, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_balanced_openings, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_balance_gives_up, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_usage_errors, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_openings_file, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_that_cannot_start, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_that_exits_at_once, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_output_is_bounded, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_engine_options_are_checked, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_refused_depth, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_records_are_never_overwritten, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_terminate_before_the_first_game, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_interrupt, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_terminate, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_dojo_uci_match, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_help, runner_make_dir, runner_remove_dir),
    };
    int failures = cmocka_run_group_tests(tests, NULL, NULL);
    g_free(fake_path);
    return failures;
}
