/* test_counts.c: one way to say a result and one number for a move, read
 * back through the real binary from every place that says them.
 *
 * A forced win from a position of each game is read from `dojo analyze`,
 * a hint in `dojo play`, `dojo review`, the record of a `dojo match`
 * between two `dojo uci`, and `dojo uci` itself (its "mate N" converted by
 * the protocol's definition: N moves of the engine, so 2N - 1 plies for a
 * win): each says the same number, in the game's own count (Ōgi counts
 * every move of both sides, as shogi does: "mate in 3"; Onitama the
 * winner's moves, as chess does: "win in 2").  Then the number of a move
 * is the same in the play loop's turn line, the game's drawing, `history`,
 * the record and the review, also from a position string with a move
 * number; and the end of a game names its cause. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "framework/game_history.h"
#include "tests/frontend/runner.h"
#include "tests/frontend/uci_client.h"

/* A position with a short forced win for the side to move. */
typedef struct ForcedWin {
    const char *variant;
    const char *position;
    const char *move;          /* the winning move, as the record writes it */
    const char *words;         /* the result's words: "mate in" */
    const char *loss_words;    /* the loser's: "mated in" */
    int count;                 /* in the game's count */
    bool count_plies;          /* the game counts plies (else the winner's moves) */
} ForcedWin;

/* Black drops the rook on e7; the king goes to d8 or f8; a silver drop
 * mates: three plies, two of Black's moves. */
static const ForcedWin ogi_win = {
    "ogi", "4k3/8/4P3/8/8/8/8/4K3 b RS 10", "R*e7", "mate in", "mated in", 3, true,
};

/* Blue's master walks c3-c4-c5 onto Red's temple, and Red's master in the
 * corner cannot stop it: two of Blue's moves, three plies. */
static const ForcedWin onitama_win = {
    "onitama", "4m/5/2M2/5/5 b boar,ox,horse,elephant,crab", "boar:c3c4", "win in",
    "loses in", 2, false,
};

/* The number after the first `words` found after `anchor` in `text` (the
 * anchor's line only); fails the test, showing the text, when there is
 * none. */
static int number_after(const char *text, const char *anchor, const char *words)
{
    const char *at = strstr(text, anchor);
    if (at == NULL)
        fail_msg("no \"%s\" in:\n%s", anchor, text);
    const char *end = strchr(at, '\n');
    g_autofree char *line = g_strndup(at, end != NULL ? (gsize)(end - at) : strlen(at));
    const char *found = strstr(line, words);
    if (found == NULL)
        fail_msg("no \"%s\" in the line \"%s\"", words, line);
    return atoi(found + strlen(words));
}

static void require(const ForcedWin *win)
{
    runner_require_variant(win->variant);
}

static int analyze_count(const char *dir, const ForcedWin *win, const char *position,
                         const char *words)
{
    const char *const args[] = {
        "analyze", win->variant, "--position", position, "--depth", "7", NULL
    };
    DojoRun *r = runner_run_text(dir, NULL, args);
    assert_int_equal(r->exit_code, 0);
    /* every iteration that found it says it the same way */
    assert_int_equal(number_after(r->out, "depth  7  score ", words),
                     number_after(r->out, "best move: ", words));
    int count = number_after(r->out, "best move: ", words);
    runner_run_free(r);
    return count;
}

static int hint_count(const char *dir, const ForcedWin *win)
{
    const char *const args[] = {
        "play", win->variant, "--position", win->position, "--hotseat", "--line",
        "--time", "1000", NULL
    };
    DojoRun *r = runner_run_text(dir, "hint\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    int count = number_after(r->out, "Hint: ", win->words);
    runner_run_free(r);
    return count;
}

/* `dojo review` of a record whose first move is the winning one: the
 * mover's score before it. */
static int review_count(const char *dir, const ForcedWin *win)
{
    g_autofree char *record = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n\n%s\n",
                                              win->variant, win->position, win->move);
    runner_write_file(dir, "won.dojo", record);
    const char *const args[] = { "review", "won.dojo", "--depth", "7", NULL };
    DojoRun *r = runner_run_text(dir, NULL, args);
    assert_int_equal(r->exit_code, 0);
    g_autofree char *move = g_strdup_printf(" %s ", win->move);
    int count = number_after(r->out, move, win->words);
    runner_run_free(r);
    return count;
}

/* The record of a match between two `dojo uci` from the position: the
 * winner's first move (engine A's, side 0's, the side to move) carries
 * "+M" and the count. */
static int record_count(const char *dir, const ForcedWin *win)
{
    g_autofree char *engine_a = g_strdup_printf("name=a,cmd=%s,arg=uci", runner_exe());
    g_autofree char *engine_b = g_strdup_printf("name=b,cmd=%s,arg=uci", runner_exe());
    const char *const args[] = {
        "match", win->variant, "--position", win->position, "--engine", engine_a,
        "--engine", engine_b, "--depth", "6", "--games", "1", "--records", "recs", NULL
    };
    DojoRun *r = runner_run_text(dir, NULL, args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    g_autofree char *text = runner_read_file(dir, "recs/game-0001.dojo");
    /* the first move's note: the winner's, from the position */
    return number_after(text, " ; ", "; +M");
}

/* `dojo uci`'s "score mate N" for `position`, N as the protocol says it:
 * the engine's own moves, negative when it is mated. */
static int uci_mate(const char *dir, const ForcedWin *win, const char *position)
{
    UciClient *engine = uci_client_start(dir);
    uci_client_send(engine, "setoption name UCI_Variant value %s", win->variant);
    uci_client_send(engine, "position fen %s", position);
    uci_client_send(engine, "go depth 6");
    g_autofree char *info = g_strdup(uci_client_expect(engine, "info depth 6 "));
    uci_client_expect(engine, "bestmove ");
    assert_int_equal(uci_client_quit(engine), 0);
    const char *mate = strstr(info, " score mate ");
    if (mate == NULL)
        fail_msg("no mate score in \"%s\"", info);
    return atoi(mate + strlen(" score mate "));
}

/* UCI's N in the game's count: plies (2N - 1 for a win, 2N for a loss,
 * turns alternating) or the engine's moves. */
static int uci_in_game_count(const ForcedWin *win, int mate)
{
    if (!win->count_plies)
        return abs(mate);
    return mate > 0 ? 2 * mate - 1 : -2 * mate;
}

/* The position after the winning move (the loser to move). */
static char *position_after_win(const char *dir, const ForcedWin *win)
{
    g_autofree char *record = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n\n%s\n",
                                              win->variant, win->position, win->move);
    runner_write_file(dir, "after.dojo", record);
    DjGame *game = runner_load_record(dir, "after.dojo");
    GString *text = g_string_new(NULL);
    dj_game_variant(game)->format_position(dj_game_position(game), text);
    dj_game_free(game);
    return g_string_free(text, FALSE);
}

static void check_one_count(void **state, const ForcedWin *win)
{
    require(win);
    const char *dir = *state;
    int analyzed = analyze_count(dir, win, win->position, win->words);
    assert_int_equal(analyzed, win->count);
    assert_int_equal(hint_count(dir, win), win->count);
    assert_int_equal(review_count(dir, win), win->count);
    assert_int_equal(record_count(dir, win), win->count);
    int mate = uci_mate(dir, win, win->position);
    assert_true(mate > 0);
    assert_int_equal(uci_in_game_count(win, mate), win->count);

    /* the loser's side of the same line, one move on: one ply fewer, and
     * one of the winner's moves fewer (the loser's moves, counted as UCI
     * counts the side to move's, are as many where turns alternate) */
    g_autofree char *after = position_after_win(dir, win);
    int lost = analyze_count(dir, win, after, win->loss_words);
    assert_int_equal(lost, win->count - 1);
    int lost_uci = uci_mate(dir, win, after);
    assert_true(lost_uci < 0);
    assert_int_equal(uci_in_game_count(win, lost_uci), lost);
}

static void test_ogi_mate_reads_the_same_everywhere(void **state)
{
    check_one_count(state, &ogi_win);
}

static void test_onitama_win_reads_the_same_everywhere(void **state)
{
    check_one_count(state, &onitama_win);
}

/* ---- move numbers ---------------------------------------------------------------- */

static void assert_has(const char *text, const char *needle)
{
    if (strstr(text, needle) == NULL)
        fail_msg("no \"%s\" in:\n%s", needle, text);
}

/* Ōgi numbers every move, from the position string's move number: the turn
 * line, the board's own line, history, the record and the review agree. */
static void test_ogi_move_numbers_agree_from_a_position(void **state)
{
    runner_require_variant("ogi");
    const char *dir = *state;
    const char *const args[] = {
        "play", "ogi", "--position", ogi_win.position, "--hotseat", "--line",
        "--record", "game.dojo", NULL
    };
    DojoRun *r = runner_run_text(dir, "R*e7\ne8d8\nhistory\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_has(r->out, "Black to move (move 10).\nMove 10: Black to move (human).\n");
    assert_has(r->out, "White to move (move 11). Check!\nMove 11: White to move (human).\n");
    assert_has(r->out, "Black to move (move 12).\nMove 12: Black to move (human).\n");
    assert_has(r->out, "  10. Black R*e7 (Black drops a rook on e7, giving check)\n"
                       "  11. White e8d8 (White's king e8-d8)\n");
    assert_null(strstr(r->out, "Ply "));
    runner_run_free(r);

    g_autofree char *record = runner_read_file(dir, "game.dojo");
    assert_has(record, "\n\n10. R*e7\n11. e8d8");

    const char *const review[] = { "review", "game.dojo", "--nodes", "2000", "--step", "--line",
                                   NULL };
    r = runner_run_text(dir, "next\nnext\nquit\n", review);
    assert_int_equal(r->exit_code, 0);
    assert_has(r->out, "  10. Black R*e7 ");
    assert_has(r->out, "  11. White e8d8 ");
    assert_has(r->out, "Position 1 of 2, after 10. Black R*e7");
    assert_has(r->out, "Position 2 of 2, after 11. White e8d8");
    runner_run_free(r);
}

/* Onitama numbers pairs of turns, from 1 (its position strings carry no
 * number). */
static void test_onitama_move_numbers_agree(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    const char *const args[] = {
        "play", "onitama", "--cards", "ox,boar,horse,elephant,crab", "--hotseat", "--line",
        "--record", "game.dojo", NULL
    };
    DojoRun *r = runner_run_text(dir, "ox:d1d2\nelephant:c5d4\nhistory\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_has(r->out, "Move 1: Blue to move (human).");
    assert_has(r->out, "Move 1: Red to move (human).");
    assert_has(r->out, "Move 2: Blue to move (human).");
    assert_has(r->out, "  1. Blue ox:d1d2 ");
    assert_has(r->out, "  1... Red elephant:c5d4 ");
    runner_run_free(r);

    g_autofree char *record = runner_read_file(dir, "game.dojo");
    assert_has(record, "\n\n1. ox:d1d2 elephant:c5d4");
    const char *const review[] = { "review", "game.dojo", "--nodes", "2000", NULL };
    r = runner_run_text(dir, NULL, review);
    assert_int_equal(r->exit_code, 0);
    assert_has(r->out, "  1. Blue ox:d1d2 ");
    assert_has(r->out, "  1... Red elephant:c5d4 ");
    runner_run_free(r);
}

/* ---- the end of a game, named ----------------------------------------------------- */

static void test_checkmate_is_named_on_the_board_and_in_the_record(void **state)
{
    runner_require_variant("ogi");
    const char *dir = *state;
    const char *const args[] = {
        "play", "ogi", "--position", "4k3/8/4+P3/8/8/8/8/4K3 b SP 10", "--hotseat", "--line",
        "--record", "mate.dojo", NULL
    };
    DojoRun *r = runner_run_text(dir, "S*e7\n", args);
    assert_int_equal(r->exit_code, 0);
    /* the board says it, not whose turn it would be */
    assert_has(r->out, "White is checkmated (move 11).\n");
    assert_null(strstr(r->out, "White to move (move 11)"));
    assert_has(r->out, "Game over: Black wins (White is checkmated). Result 1-0.\n");
    runner_run_free(r);
    g_autofree char *record = runner_read_file(dir, "mate.dojo");
    assert_has(record, "[Termination \"White is checkmated\"]");

    const char *const review[] = { "review", "mate.dojo", "--nodes", "2000", "--step", "--line",
                                   NULL };
    r = runner_run_text(dir, "last\nquit\n", review);
    assert_int_equal(r->exit_code, 0);
    assert_has(r->out, "result 1-0 (White is checkmated)");
    assert_has(r->out, "Game over: 1-0, White is checkmated.");
    runner_run_free(r);
}

static void test_move_limit_and_resignation_are_named(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    const char *const limit[] = {
        "play", "onitama", "--cards", "ox,boar,horse,elephant,crab", "--hotseat", "--line",
        "--max-plies", "2", "--record", "limit.dojo", NULL
    };
    DojoRun *r = runner_run_text(dir, "ox:d1d2\nelephant:c5d4\n", limit);
    assert_int_equal(r->exit_code, 0);
    assert_has(r->out, "Game over: draw (the move limit of 2 plies was reached). "
                       "Result 1/2-1/2.\n");
    runner_run_free(r);
    g_autofree char *record = runner_read_file(dir, "limit.dojo");
    assert_has(record, "[Termination \"the move limit of 2 plies was reached\"]");

    const char *const resign[] = {
        "play", "onitama", "--cards", "ox,boar,horse,elephant,crab", "--hotseat", "--line",
        "--record", "resigned.dojo", NULL
    };
    r = runner_run_text(dir, "resign\nresign\n", resign);
    assert_int_equal(r->exit_code, 0);
    assert_has(r->out, "Game over: Red wins (Blue resigned). Result 0-1.\n");
    runner_run_free(r);
    g_autofree char *resigned = runner_read_file(dir, "resigned.dojo");
    assert_has(resigned, "[Termination \"Blue resigned\"]");
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_counts PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_ogi_mate_reads_the_same_everywhere,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_onitama_win_reads_the_same_everywhere,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_ogi_move_numbers_agree_from_a_position,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_onitama_move_numbers_agree,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_checkmate_is_named_on_the_board_and_in_the_record,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_move_limit_and_resignation_are_named,
                                        runner_make_dir, runner_remove_dir),
    };
    return cmocka_run_group_tests_name("one count", tests, NULL, NULL);
}
