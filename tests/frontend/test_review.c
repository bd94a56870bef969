/* test_review.c: learning from a game through the real binary: `history`,
 * `flip` and `replay` in play, the computer's move line, and `dojo review`
 * (bad input, verdicts, annotated records, stepping, Ctrl-C). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "framework/game_history.h"
#include "tests/frontend/runner.h"

#define CARDS "ox,boar,horse,elephant,crab"
#define NODES "20000"

/* Blue's master walks next to a Red student, which takes it: 0-1. */
static const char finished_game[] =
    "[Variant \"onitama\"]\n"
    "[Position \"2m2/5/2s2/5/S1M1S b ox,boar,horse,elephant,crab\"]\n"
    "\n"
    "1. ox:c1c2 horse:c3c2\n"
    "0-1\n";

/* Blue lets a win in one go; the game goes on. */
static const char unfinished_game[] =
    "[Variant \"onitama\"]\n"
    "[Event \"dojo match\"]\n"
    "[Blue \"dojo level 2\"]\n"
    "[Red \"other engine\"]\n"
    "[Position \"2m2/2S2/5/5/S1M1S b ox,boar,horse,elephant,crab\"]\n"
    "\n"
    "1. boar:a1a2 horse:c5c4\n";

static const char *const hotseat_args[] = {
    "play", "onitama", "--hotseat", "--cards", CARDS, NULL
};

static void write_file(const char *dir, const char *name, const char *text, gssize length)
{
    char *path = g_build_filename(dir, name, NULL);
    assert_true(g_file_set_contents(path, text, length, NULL));
    g_free(path);
}

static char *read_file(const char *dir, const char *name)
{
    char *path = g_build_filename(dir, name, NULL);
    char *text = NULL;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    g_free(path);
    return text;
}

/* Which rank each drawn board shows first: "5" for side 0 at the bottom,
 * "1" for side 1, one character per board. */
static char *board_orientations(const char *out)
{
    GString *seen = g_string_new(NULL);
    char **lines = runner_lines(out);
    bool in_board = false;
    for (char **l = lines; *l != NULL; l++) {
        bool five = g_str_has_prefix(*l, " 5 |");
        bool one = g_str_has_prefix(*l, " 1 |");
        if ((five || one) && !in_board)
            g_string_append_c(seen, five ? '5' : '1');
        if (five || one)
            in_board = !in_board;
    }
    g_strfreev(lines);
    return g_string_free(seen, FALSE);
}

/* ---- play -------------------------------------------------------------------- */

static void test_history_lists_the_moves_numbered_and_described(void **state)
{
    runner_require_variant("onitama");
    runner_require_variant("ogi");
    DojoRun *r = runner_run_text(*state, "history\nox:d1d2\nelephant:c5d4\nhistory\nquit\n",
                                 hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "No moves yet."));
    assert_non_null(strstr(r->out, "Moves so far (2):\n"
                                   "  1. Blue ox:d1d2 (Blue's student moves d1-d2 with the Ox)\n"
                                   "  1... Red elephant:c5d4 (Red's master moves c5-d4 with the "
                                   "Elephant)\n"));
    runner_run_free(r);

    const char *const ogi_args[] = { "play", "ogi", "--hotseat", NULL };
    r = runner_run_text(*state, "c3c4\nf6f5\nhistory\nquit\n", ogi_args);
    assert_int_equal(r->exit_code, 0);
    /* Ōgi numbers every move, as shogi players do */
    assert_non_null(strstr(r->out, "  1. Black c3c4 (Black's pawn c3-c4)\n"
                                   "  2. White f6f5 (White's pawn f6-f5)\n"));
    runner_run_free(r);
}

static void test_flip_turns_the_board_and_an_option_starts_flipped(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, "board\nflip\nox:d1d2\nflip\nquit\n", hotseat_args);
    assert_int_equal(r->exit_code, 0);
    char *seen = board_orientations(r->out);
    /* start, board, flip, after the move (still flipped), flip back */
    assert_string_equal(seen, "55115");
    g_free(seen);
    runner_run_free(r);

    const char *const flipped_args[] = {
        "play", "onitama", "--hotseat", "--cards", CARDS, "--flip", NULL
    };
    r = runner_run_text(*state, "flip\nquit\n", flipped_args);
    assert_int_equal(r->exit_code, 0);
    seen = board_orientations(r->out);
    assert_string_equal(seen, "15");
    g_free(seen);
    runner_run_free(r);
}

/* The computer's move line names the card it played. */
static void test_computer_move_line_names_its_card(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = {
        "play", "onitama", "--watch", "--level", "1", "--cards", CARDS, "--max-plies", "4",
        "--time", "200", NULL
    };
    DojoRun *r = runner_run_text(*state, NULL, args);
    assert_int_equal(r->exit_code, 0);
    char **lines = runner_lines(r->out);
    int checked = 0;
    for (char **l = lines; *l != NULL; l++) {
        const char *plays = strstr(*l, " plays ");
        if (plays == NULL || !(g_str_has_prefix(*l, "Blue") || g_str_has_prefix(*l, "Red")))
            continue;
        const char *move = plays + strlen(" plays ");
        char *card = g_strndup(move, strcspn(move, ":"));
        card[0] = g_ascii_toupper(card[0]);
        char *with = g_strdup_printf(" with the %s", card);
        assert_non_null(strstr(move, with));
        g_free(with);
        g_free(card);
        checked++;
    }
    assert_int_equal(checked, 4);
    g_strfreev(lines);
    runner_run_free(r);
}

static void test_replay_steps_through_the_game_and_goes_back_to_it(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, "replay\nox:d1d2\nelephant:c5d4\nreplay\nfirst\n"
                                         "next\nnext\nnext\nback\nplay\nquit\nboar:b1b2\n"
                                         "quit\n", hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "No moves to replay yet."));
    assert_int_equal(runner_count_containing(r->out, "Start of the game (2 moves)."), 2);
    assert_int_equal(runner_count_containing(r->out, "Position 1 of 2, after 1. Blue ox:d1d2"), 2);
    assert_int_equal(runner_count_containing(r->out, "Position 2 of 2, after 1... Red "
                                                     "elephant:c5d4"), 1);
    assert_int_equal(runner_count_containing(r->out, "This is the end of the game"), 1);
    assert_int_equal(runner_count_containing(r->out, "Verdict: "), 3);
    assert_non_null(strstr(r->out, "You are in a game already"));
    assert_non_null(strstr(r->out, "Back to the game."));
    /* The game goes on where it was. */
    assert_non_null(strstr(r->out, "Blue plays boar:b1b2"));
    runner_run_free(r);
}

/* ---- review: bad input ----------------------------------------------------------- */

static void assert_review_fails(const char *dir, const char *file, int code, const char *why)
{
    const char *const args[] = { "review", file, "--nodes", "1000", NULL };
    DojoRun *r = runner_run_text(dir, NULL, args);
    if (r->exit_code != code || strstr(r->err, why) == NULL)
        fail_msg("review %s: exit %d (expected %d, saying \"%s\"), stderr:\n%s", file,
                 r->exit_code, code, why, r->err);
    assert_int_equal(runner_count_containing(r->err, "dojo review:"), 1);
    runner_run_free(r);
}

static void test_review_refuses_bad_records_clearly(void **state)
{
    runner_require_variant("onitama");
    runner_require_variant("ogi");
    const char *dir = *state;
    assert_review_fails(dir, "missing.dojo", 1, "cannot review missing.dojo");
    write_file(dir, "binary.dojo", "[Variant \"onitama\"]\n\0\1\2", 23);
    assert_review_fails(dir, "binary.dojo", 1, "not a game record");
    write_file(dir, "illegal.dojo",
               "[Variant \"onitama\"]\n[Position \"2m2/5/2s2/5/S1M1S b ox,boar,horse,elephant,"
               "crab\"]\n\n1. ox:c1c4\n", -1);
    assert_review_fails(dir, "illegal.dojo", 1, "line 4: move 1 \"ox:c1c4\" cannot be played");
    write_file(dir, "chess.dojo", "[Variant \"chess\"]\n\n1. e4 e5\n", -1);
    assert_review_fails(dir, "chess.dojo", 1, "unknown game \"chess\"");
    write_file(dir, "empty.dojo", "[Variant \"ogi\"]\n[Result \"*\"]\n\n*\n", -1);
    assert_review_fails(dir, "empty.dojo", 1, "the record has no moves");

    const char *const none[] = { "review", NULL };
    DojoRun *r = runner_run_text(dir, NULL, none);
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "review wants one RECORD"));
    runner_run_free(r);
    write_file(dir, "finished.dojo", finished_game, -1);
    const char *const bad_nodes[] = { "review", "finished.dojo", "--nodes", "many", NULL };
    r = runner_run_text(dir, NULL, bad_nodes);
    assert_int_equal(r->exit_code, 2);
    assert_non_null(strstr(r->err, "--nodes"));
    runner_run_free(r);
}

/* ---- review: verdicts, graph, annotated records ---------------------------------- */

static void test_review_of_a_finished_game(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    write_file(dir, "finished.dojo", finished_game, -1);
    const char *const args[] = { "review", "finished.dojo", "--nodes", NODES, NULL };
    DojoRun *r = runner_run_text(dir, NULL, args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Onitama, 2 moves, result 0-1"));
    assert_int_equal(runner_count_containing(r->out, "1. Blue ox:c1c2"), 1);
    assert_int_equal(runner_count_containing(r->out, "-> loses in 1  blunder, forced loss; best "),
                     1);
    assert_non_null(strstr(r->out, "1... Red horse:c3c2      win in 1 -> won\n"));
    assert_non_null(strstr(r->out, "Blue: 1 move, 0 inaccuracies, 0 mistakes, 1 blunder"));
    assert_non_null(strstr(r->out, "Evaluation after each move (Blue above the line, Red below):"));
    assert_null(strchr(r->out, '\x1b'));   /* no colour into a pipe */
    runner_run_free(r);
}

static void test_annotated_record_loads_and_reviews_the_same(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    write_file(dir, "game.dojo", unfinished_game, -1);
    const char *const first[] = {
        "review", "game.dojo", "--nodes", NODES, "--output", "reviewed.dojo", NULL
    };
    DojoRun *r = runner_run_text(dir, NULL, first);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "The annotated record is in reviewed.dojo."));
    runner_run_free(r);
    char *original = read_file(dir, "game.dojo");
    assert_string_equal(original, unfinished_game);
    g_free(original);

    char *annotated = read_file(dir, "reviewed.dojo");
    assert_non_null(strstr(annotated, "[Annotator \"dojo review, 20000 nodes per position\"]"));
    assert_non_null(strstr(annotated, "[Red \"other engine\"]"));
    assert_non_null(strstr(annotated, "1. boar:a1a2 ; win in 1 -> "));
    assert_non_null(strstr(annotated, "missed win; best ox:c4c5"));
    DjGame *game = runner_load_record(dir, "reviewed.dojo");
    assert_int_equal(dj_game_length(game), 2);
    dj_game_free(game);

    /* `load` in play reads it. */
    DojoRun *load = runner_run_text(dir, "load reviewed.dojo\nhistory\nquit\n", hotseat_args);
    assert_int_equal(load->exit_code, 0);
    assert_non_null(strstr(load->out, "Loaded reviewed.dojo (Onitama, 2 moves played)."));
    assert_non_null(strstr(load->out, "  1... Red horse:c5c4"));
    runner_run_free(load);

    /* Reviewing the annotated record gives the same record again. */
    const char *const second[] = {
        "review", "reviewed.dojo", "--nodes", NODES, "--output", "again.dojo", NULL
    };
    r = runner_run_text(dir, NULL, second);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *again = read_file(dir, "again.dojo");
    assert_string_equal(again, annotated);
    g_free(again);
    g_free(annotated);

    /* An output that cannot be written fails without touching anything,
     * before the review. */
    const char *const unwritable[] = {
        "review", "game.dojo", "--nodes", "1000", "--output", "no/such/dir/x.dojo", NULL
    };
    r = runner_run_text(dir, NULL, unwritable);
    assert_int_equal(r->exit_code, 1);
    /* The user's file is named, never a temporary one. */
    assert_int_equal(runner_count_line(r->err, "dojo review: cannot save the annotated record "
                                               "in no/such/dir/x.dojo: there is no folder "
                                               "no/such/dir"), 1);
    assert_string_equal(r->out, "");
    assert_null(strstr(r->err, "x.dojo."));
    runner_run_free(r);
}

/* ---- review: stepping ------------------------------------------------------------ */

static void test_stepping_through_a_game(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    write_file(dir, "finished.dojo", finished_game, -1);
    const char *const args[] = { "review", "finished.dojo", "--nodes", NODES, "--step", NULL };
    DojoRun *r = runner_run_text(dir,
                                 "next\n\nnext\nback\nfirst\nback\nlast\ngoto 1\ngoto 9\ngoto x\n"
                                 "board\nhelp\nlast\nplay\nfly\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Start of the game (2 moves)."));
    assert_int_equal(runner_count_containing(r->out, "Start of the game (2 moves)."), 2);
    assert_int_equal(runner_count_containing(r->out, "Position 1 of 2, after 1. Blue ox:c1c2 "
                                                     "(Blue's master moves c1-c2 with the Ox)"), 4);
    assert_int_equal(runner_count_containing(r->out, "Position 2 of 2, after 1... Red "
                                                     "horse:c3c2"), 3);
    assert_int_equal(runner_count_containing(r->out, "This is the end of the game"), 1);
    assert_int_equal(runner_count_containing(r->out, "This is the start of the game."), 1);
    assert_int_equal(runner_count_containing(r->out, "There is no position"), 2);
    assert_non_null(strstr(r->out, "Verdict: +"));
    assert_non_null(strstr(r->out, "Engine: win in 1 at depth 1, line horse:c3c2"));
    assert_non_null(strstr(r->out, "Game over: 0-1"));
    assert_non_null(strstr(r->out, "goto N"));
    assert_non_null(strstr(r->out, "The game is over in this position"));
    assert_non_null(strstr(r->out, "'fly' is not a command here"));
    runner_run_free(r);
}

static void test_play_on_from_a_reviewed_position(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    write_file(dir, "game.dojo", unfinished_game, -1);
    const char *const args[] = {
        "review", "game.dojo", "--nodes", "2000", "--step", "--level", "1", NULL
    };
    DojoRun *r = runner_run_text(dir, "goto 1\nplay\nhistory\nquit\n", args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "A new game from move 1, Red against the computer"));
    assert_non_null(strstr(r->out, "Moves so far (1):\n  1. Blue boar:a1a2"));
    runner_run_free(r);

    char *original = read_file(dir, "game.dojo");
    assert_string_equal(original, unfinished_game);
    g_free(original);
    char *journal = runner_single_record(dir);
    assert_non_null(journal);
    DjGame *game = runner_load_record(NULL, journal);
    assert_int_equal(dj_game_length(game), 1);
    assert_string_equal(dj_game_tag(game, "Red"), "human");
    assert_string_equal(dj_game_tag(game, "Blue"), "dojo level 1");
    GString *start = g_string_new(NULL);
    dj_game_variant(game)->format_position(dj_game_position_at(game, 0), start);
    assert_string_equal(start->str, "2m2/2S2/5/5/S1M1S b ox,boar,horse,elephant,crab");
    g_string_free(start, TRUE);
    dj_game_free(game);
    g_free(journal);
}

/* ---- review: a whole game, and where its record goes ------------------------------ */

/* Eighteen plies of Ōgi where a search of 50 nodes ends no iteration by
 * the ninth (many drops and moves): the review goes on to the end. */
static const char ogi_game[] =
    "[Variant \"ogi\"]\n"
    "[Position \"lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. c1d2 e8e7\n2. h3h4 a8a7\n3. f3f4 c8c7\n4. g2f2 d6d5\n5. h4h5 d8f7\n"
    "6. d1f3 h6h5\n7. f1g2 e7e8\n8. f4f5 e6e5\n9. a1a2 f6f5\n";

static void test_review_with_few_nodes_reviews_every_move(void **state)
{
    runner_require_variant("ogi");
    write_file(*state, "ogi.dojo", ogi_game, -1);
    static const char *const nodes[] = { "1", "50" };
    for (size_t i = 0; i < G_N_ELEMENTS(nodes); i++) {
        DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
            "review", "ogi.dojo", "--nodes", nodes[i], "--output", "out.dojo", "--force",
            NULL });
        if (r->exit_code != 0 || strstr(r->out, "Black: 9 moves") == NULL
            || strstr(r->out, "White: 9 moves") == NULL)
            fail_msg("--nodes %s: exit %d:\n%s%s", nodes[i], r->exit_code, r->out, r->err);
        runner_run_free(r);
        /* Every move has its verdict in the annotated record. */
        char *annotated = read_file(*state, "out.dojo");
        assert_int_equal(runner_count_containing(annotated, " ; "), 18);
        g_free(annotated);
    }
}

/* --output is checked before the review: a file there is refused without
 * --force, a folder that is not there is said at once. */
static void test_review_output_is_checked_first(void **state)
{
    runner_require_variant("onitama");
    write_file(*state, "game.dojo", finished_game, -1);
    write_file(*state, "mine.dojo", "precious\n", -1);
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){
        "review", "game.dojo", "--nodes", "100", "--output", "mine.dojo", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err, "dojo review: cannot save the annotated record in mine.dojo: "
                                "the file exists already; add --force to replace it\n");
    assert_null(strstr(r->out, "Review of"));
    runner_run_free(r);
    char *kept = read_file(*state, "mine.dojo");
    assert_string_equal(kept, "precious\n");
    g_free(kept);
    r = runner_run_text(*state, NULL, (const char *const[]){
        "review", "game.dojo", "--nodes", "100", "--output", "nodir/out.dojo", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_string_equal(r->err, "dojo review: cannot save the annotated record in "
                                "nodir/out.dojo: there is no folder nodir\n");
    assert_null(strstr(r->out, "Review of"));
    runner_run_free(r);
    r = runner_run_text(*state, NULL, (const char *const[]){
        "review", "game.dojo", "--nodes", "100", "--output", "mine.dojo", "--force", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "The annotated record is in mine.dojo."));
    runner_run_free(r);
    DjGame *game = runner_load_record(*state, "mine.dojo");
    assert_int_equal(dj_game_length(game), 2);
    dj_game_free(game);
}

/* ---- review: Ctrl-C --------------------------------------------------------------- */

static void test_interrupted_review_prints_what_it_has(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    write_file(dir, "game.dojo", unfinished_game, -1);
    const char *const args[] = { "review", "game.dojo", "--time", "600000", NULL };
    /* The header comes once the handler is in place. */
    DojoRun *r = runner_run_interrupted(dir, args, "before -> after the move.\n");
    assert_int_equal(r->exit_code, 130);
    assert_non_null(strstr(r->out, "Interrupted: 0 of 2 moves reviewed"));
    assert_non_null(strstr(r->out, "Blue: 0 moves"));
    runner_run_free(r);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_review PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_history_lists_the_moves_numbered_and_described,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_flip_turns_the_board_and_an_option_starts_flipped,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_computer_move_line_names_its_card, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_replay_steps_through_the_game_and_goes_back_to_it,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_review_refuses_bad_records_clearly, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_review_of_a_finished_game, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_annotated_record_loads_and_reviews_the_same,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_stepping_through_a_game, runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_play_on_from_a_reviewed_position, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_review_with_few_nodes_reviews_every_move,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_review_output_is_checked_first, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_interrupted_review_prints_what_it_has, runner_make_dir,
                                        runner_remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
