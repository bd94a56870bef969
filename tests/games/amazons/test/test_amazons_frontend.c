/* test_amazons_frontend.c: what a person sees of a whole turn, in the test
 * game `amazons` (a turn is the amazon's move, then its arrow): perft
 * counted in turns, a whole turn typed at the prompt in the record's joined
 * form, `undo` taking back a whole turn, a hint and UCI's line showing the
 * whole turn.  Drives the real dojo binary (tests/frontend/runner.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tests/frontend/runner.h"
#include "tests/frontend/uci_client.h"

/* Counted by the brute force of test_amazons_rules.c (and rules.md). */
static void test_perft_counts_turns(void **state)
{
    const char *dir = *state;
    const char *turns[] = { "perft", "amazons", "2", "--turns", NULL };
    DojoRun *r = runner_run_text(dir, NULL, turns);
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "perft 2 turns: 219156 leaves");
    runner_run_free(r);
    const char *moves[] = { "perft", "amazons", "2", NULL };
    r = runner_run_text(dir, NULL, moves);
    runner_assert_contains(r->out, "perft 2: 512 leaves");
    runner_run_free(r);
    const char *one[] = { "perft", "amazons1", "2", "--turns", NULL };
    r = runner_run_text(dir, NULL, one);
    runner_assert_contains(r->out, "perft 2 turns: 219156 leaves");
    runner_run_free(r);
}

static void test_whole_turn_typed_at_the_prompt(void **state)
{
    const char *dir = *state;
    const char *args[] = { "play", "amazons", "--hotseat", "--line", "--record=game.dojo", NULL };
    DojoRun *r = runner_run_text(dir, "e1-e6, /a6\nc7-c3\n/e3\nposition\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "White plays e1-e6, /a6");
    runner_assert_contains(r->out, "Black plays c7-c3, /e3");
    runner_assert_contains(r->out, "Position: 4B2/x3W2/7/7/2B1x2/7/2W4 w");
    runner_run_free(r);
    runner_assert_record_moves(dir, "game.dojo", "e1-e6 /a6 c7-c3 /e3");
    g_autofree char *record = runner_read_file(dir, "game.dojo");
    runner_assert_contains(record, "1. e1-e6, /a6 c7-c3, /e3");
}

/* A part that fails takes the parts before it back: nothing of the line
 * stays played. */
static void test_a_bad_part_plays_nothing(void **state)
{
    const char *dir = *state;
    const char *args[] = { "play", "amazons", "--hotseat", "--line", NULL };
    DojoRun *r = runner_run_text(dir, "e1-e6, /e1x\ne1-e6, /a6, c7-c3\nposition\nquit\n", args);
    runner_assert_contains(r->out, "the second part");
    runner_assert_contains(r->out, "the third part 'c7-c3': the turn was over before it");
    runner_assert_contains(r->out, "Position: 2B1B2/7/7/7/7/7/2W1W2 w");
    runner_run_free(r);
}

static void test_undo_takes_back_a_whole_turn(void **state)
{
    const char *dir = *state;
    const char *args[] = { "play", "amazons", "--hotseat", "--line", NULL };
    DojoRun *r = runner_run_text(dir, "e1-e6, /a6\nc7-c3\n/e3\nundo\nposition\nquit\n", args);
    runner_assert_contains(r->out, "Took back 2 moves");
    runner_assert_contains(r->out, "Position: 2B1B2/x3W2/7/7/7/7/2W4 b");
    runner_run_free(r);
    /* Against the computer: the person's turn and the computer's after it. */
    const char *versus[] = { "play", "amazons", "--play-as=0", "--level=1", "--time=100", "--line",
                             NULL };
    r = runner_run_text(dir, "e1-e6, /a6\nundo\nposition\nquit\n", versus);
    runner_assert_contains(r->out, "Took back 4 moves");
    runner_assert_contains(r->out, "Position: 2B1B2/7/7/7/7/7/2W1W2 w");
    runner_run_free(r);
}

/* The hint is a whole turn: a move and its arrow, joined as records join
 * them. */
static void test_hint_is_a_whole_turn(void **state)
{
    const char *dir = *state;
    const char *args[] = { "play", "amazons", "--hotseat", "--line", "--time=200", NULL };
    DojoRun *r = runner_run_text(dir, "hint\nquit\n", args);
    const char *hint = strstr(r->out, "Hint: ");
    assert_non_null(hint);
    const char *comma = strstr(hint, ", /");
    const char *end = strchr(hint, '\n');
    if (comma == NULL || (end != NULL && comma > end))
        fail_msg("the hint is not a whole turn: %s", hint);
    runner_run_free(r);
}

/* UCI plays a move at a time: bestmove is the turn's first move, the rest
 * of the turn follows it in the pv. */
static void test_uci_bestmove_and_line(void **state)
{
    UciClient *engine = uci_client_start(*state);
    uci_client_send(engine, "uci");
    uci_client_expect(engine, "uciok");
    uci_client_send(engine, "setoption name UCI_Variant value amazons");
    uci_client_send(engine, "position startpos");
    uci_client_send(engine, "go depth 3");
    g_autofree char *pv = NULL;
    const char *line;
    while ((line = uci_client_read(engine)) != NULL && !g_str_has_prefix(line, "bestmove ")) {
        if (g_str_has_prefix(line, "info ") && strstr(line, " pv ") != NULL) {
            g_free(pv);
            pv = g_strdup(strstr(line, " pv ") + 4);
        }
    }
    assert_non_null(line);
    g_autofree char *best = g_strdup(line + 9);
    assert_non_null(pv);
    assert_null(strstr(best, "ponder"));
    g_autofree char *expected = g_strdup_printf("%s /", best);
    if (!g_str_has_prefix(pv, expected))
        fail_msg("bestmove %s, but the line is %s", best, pv);
    /* The GUI plays the first move and asks again: the rest of the turn
     * comes at once, from the line (one search a turn). */
    g_auto(GStrv) words = g_strsplit(pv, " ", -1);
    uci_client_send(engine, "position startpos moves %s", best);
    uci_client_send(engine, "go depth 3");
    bool from_line = false, searched = false;
    while ((line = uci_client_read(engine)) != NULL && !g_str_has_prefix(line, "bestmove ")) {
        from_line = from_line || g_str_has_prefix(line, "info string the rest of the turn");
        searched = searched || g_str_has_prefix(line, "info depth");
    }
    assert_non_null(line);
    assert_true(from_line && !searched);
    assert_string_equal(line + 9, words[1]);
    assert_int_equal(uci_client_quit(engine), 0);
}

/* A review judges whole turns: one line a turn, its moves joined, and a
 * turn that is not the engine's shows the engine's turn. */
static void test_review_judges_whole_turns(void **state)
{
    const char *dir = *state;
    runner_write_file(dir, "game.dojo",
                      "[Variant \"amazons\"]\n\n"
                      "1. e1-e6, /a6 c7-c3, /e3\n2. c1-c2, /b1 c3-a5, /b5\n");
    const char *args[] = { "review", "game.dojo", "--depth=2", "--output=notes.dojo", NULL };
    DojoRun *r = runner_run_text(dir, NULL, args);
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "1. White e1-e6, /a6 ");
    runner_assert_contains(r->out, "1... Black c7-c3, /e3 ");
    runner_assert_contains(r->out, "2... Black c3-a5, /b5 ");
    /* no line of its own for the first move of a turn */
    assert_int_equal(runner_count_containing(r->out, "White e1-e6 "), 0);
    runner_run_free(r);
    g_autofree char *notes = runner_read_file(dir, "notes.dojo");
    runner_assert_contains(notes, "part of a turn: judged with its last move");
}

/* "Win in N" counts turns: Black's amazons on a7 and g7 are walled in but
 * for b6, and any White turn whose arrow lands there wins; two moves, one
 * turn, in both variants. */
static void test_win_in_one_turn(void **state)
{
    const char *dir = *state;
    const char *names[] = { "amazons", "amazons1" };
    for (int i = 0; i < 2; i++) {
        const char *args[] = { "analyze", names[i], "--position=Bx3xB/x4xx/7/7/7/7/2W1W2 w",
                               "--depth=1", NULL };
        DojoRun *r = runner_run_text(dir, NULL, args);
        assert_int_equal(r->exit_code, 0);
        runner_assert_contains(r->out, "score win in 1");
        assert_int_equal(runner_count_containing(r->out, "win in 2"), 0);
        /* depth counts turns: one turn deep sees it */
        runner_assert_contains(r->out, "score win in 1 at depth 1");
        runner_assert_contains(r->out, "/b6");
        runner_run_free(r);
    }
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_perft_counts_turns, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_whole_turn_typed_at_the_prompt, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_a_bad_part_plays_nothing, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_undo_takes_back_a_whole_turn, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_hint_is_a_whole_turn, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_uci_bestmove_and_line, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_review_judges_whole_turns, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_win_in_one_turn, runner_make_dir,
                                        runner_remove_dir),
    };
    return cmocka_run_group_tests_name("amazons front end", tests, NULL, NULL);
}
