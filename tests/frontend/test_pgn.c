/* test_pgn.c: PGN from end to end: a real `dojo match` between two
 * `dojo uci` engines at a node limit writes --pgn beside --records; the
 * PGN holds the same games as the records, `dojo convert` turns it into
 * records and the records into PGN, `dojo train` and `dojo review` read
 * it as they read records, and pgn-extract (a chess tool) finds nothing
 * wrong with its structure.
 *
 * pgn-extract knows chess alone: it ignores the Variant tag, refuses a
 * FEN that is not chess's, cannot play the games' moves, and splits a
 * drop ("P@e5": '@' is not a PGN symbol character) in two.  So what it is
 * given is the PGN with each move put back as a chess move that is always
 * legal (knights out and back) and each FEN made chess's start with the
 * same side to move: it then checks everything else of ours, the tag
 * pairs and their escapes, the comments, the move numbers, the result
 * tokens against the Result tags and the blank lines between games.  The
 * test says it is skipped when pgn-extract is not installed (Debian's
 * package pgn-extract), except under CI (CI=true), where .ci/build
 * installs it and a missing one fails. */
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

#include "framework/game_history.h"
#include "framework/notation.h"
#include "framework/record.h"
#include "framework/record_pgn.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"
#include "tests/support/gerror_assert.h"

#define GAMES 4

/* GAMES games of `variant` between two `dojo uci` engines a little apart,
 * two at a time, as records in recs/ and in PGN in games.pgn. */
static void play_match(void **state, const char *variant)
{
    char *a = g_strdup_printf("name=a,cmd=%s,arg=uci,nodes=400", runner_exe());
    char *b = g_strdup_printf("name=b,cmd=%s,arg=uci,nodes=440", runner_exe());
    char *games = g_strdup_printf("%d", GAMES);
    DojoRun *r = runner_run_logged(*state, (const char *const[]){
        "match", variant, "--engine", a, "--engine", b, "--games", games, "--concurrency", "2",
        "--openings", "random:2", "--seed", "11", "--max-plies", "80", "--records", "recs",
        "--pgn", "games.pgn", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    g_free(games);
    g_free(a);
    g_free(b);
}

static GPtrArray *load_pgn(void **state, const char *name)
{
    char *path = g_build_filename(*state, name, NULL);
    GError *error = NULL;
    GPtrArray *games = dj_pgn_load(path, &error);
    assert_no_gerror(error);
    g_free(path);
    return games;
}

/* The game of `games` whose Round tag is `round`. */
static const DjPgnGame *game_of_round(GPtrArray *games, int round)
{
    char *wanted = g_strdup_printf("%d", round);
    const DjPgnGame *found = NULL;
    for (guint i = 0; i < games->len; i++) {
        const DjPgnGame *game = g_ptr_array_index(games, i);
        if (g_strcmp0(dj_game_tag(game->game, "Round"), wanted) == 0) {
            assert_null(found);
            found = game;
        }
    }
    g_free(wanted);
    assert_non_null(found);
    return found;
}

static void expect_same_game(const DjGame *a, const DjGame *b)
{
    assert_ptr_equal(dj_game_variant(a), dj_game_variant(b));
    assert_int_equal(dj_game_length(a), dj_game_length(b));
    for (int ply = 0; ply < dj_game_length(a); ply++)
        assert_int_equal(dj_game_move_at(a, ply), dj_game_move_at(b, ply));
    assert_int_equal(dj_game_outcome(a), dj_game_outcome(b));
    assert_string_equal(dj_game_outcome_reason(a), dj_game_outcome_reason(b));
    const DjVariant *v = dj_game_variant(a);
    for (int side = 0; side < 2; side++)
        assert_string_equal(dj_game_tag(a, v->side_names[side]),
                            dj_game_tag(b, v->side_names[side]));
}

/* The text of every "[NAME ...]" line of `text`, in order. */
static char *tag_lines(const char *text, const char *name)
{
    GString *out = g_string_new(NULL);
    char *head = g_strdup_printf("[%s \"", name);
    char **lines = runner_lines(text);
    for (int i = 0; lines[i] != NULL; i++) {
        if (g_str_has_prefix(lines[i], head))
            g_string_append_printf(out, "%s\n", lines[i]);
    }
    g_strfreev(lines);
    g_free(head);
    return g_string_free(out, FALSE);
}

/* The match's PGN holds its games, each as its record has it, in the
 * order they ended, in lines shorter than 80 characters; `dojo convert`
 * turns it into the same records, and the records into the same PGN but
 * for what records do not keep (the time control, the order). */
static void test_match_pgn_and_convert(void **state)
{
    const DjVariant *variant = dj_registry_all()[0];
    play_match(state, variant->name);
    GPtrArray *games = load_pgn(state, "games.pgn");
    assert_int_equal(games->len, GAMES);
    for (int round = 1; round <= GAMES; round++) {
        const DjPgnGame *pgn = game_of_round(games, round);
        char *name = g_strdup_printf("recs/game-%04d.dojo", round);
        DjGame *record = runner_load_record(*state, name);
        expect_same_game(record, pgn->game);
        assert_int_not_equal(dj_game_outcome(pgn->game), DJ_OUTCOME_ONGOING);
        /* each engine move has its note: all but the opening's 2 plies */
        for (int ply = 2; ply < dj_game_length(pgn->game); ply++)
            assert_non_null(g_ptr_array_index(pgn->comments, ply));
        dj_game_free(record);
        g_free(name);
    }
    char *text = runner_read_file(*state, "games.pgn");
    char **lines = runner_lines(text);
    for (int i = 0; lines[i] != NULL; i++) {
        if (lines[i][0] != '[')
            assert_true(g_utf8_strlen(lines[i], -1) < 80);
    }
    g_strfreev(lines);
    runner_assert_contains(text, "[White \"a\"]\n[Black \"b\"]\n");
    runner_assert_contains(text, "[TimeControl \"-\"]\n");   /* nodes: no time control */
    char *white_side = g_strdup_printf("[WhiteSide \"%s\"]\n", variant->side_names[0]);
    runner_assert_contains(text, white_side);
    g_free(white_side);

    /* PGN to records */
    DojoRun *r = runner_run_logged(*state, (const char *const[]){ "convert", "games.pgn",
                                                                  "--output", "back", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_assert_contains(r->out, "4 games written to back");
    runner_run_free(r);
    for (int i = 0; i < GAMES; i++) {
        char *name = g_strdup_printf("back/game-%04d.dojo", i + 1);
        DjGame *converted = runner_load_record(*state, name);
        const DjPgnGame *pgn = g_ptr_array_index(games, i);
        expect_same_game(pgn->game, converted);
        char *record = runner_read_file(*state, name);
        runner_assert_contains(record, " ; ");   /* the notes come along */
        g_free(record);
        dj_game_free(converted);
        g_free(name);
    }

    /* records to PGN: the same games, by round, the same Termination */
    r = runner_run_logged(*state, (const char *const[]){ "convert", "recs", "-o", "again.pgn",
                                                         NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    GPtrArray *again = load_pgn(state, "again.pgn");
    assert_int_equal(again->len, GAMES);
    for (int round = 1; round <= GAMES; round++) {
        const DjPgnGame *a = game_of_round(games, round), *b = game_of_round(again, round);
        expect_same_game(a->game, b->game);
        for (int ply = 0; ply < dj_game_length(a->game); ply++)
            assert_string_equal(g_ptr_array_index(a->comments, ply) != NULL
                                    ? (char *)g_ptr_array_index(a->comments, ply) : "",
                                g_ptr_array_index(b->comments, ply) != NULL
                                    ? (char *)g_ptr_array_index(b->comments, ply) : "");
    }
    char *again_text = runner_read_file(*state, "again.pgn");
    runner_assert_contains(again_text, "[TimeControl \"?\"]\n");   /* records do not keep it */
    /* the same Termination words, guessed from the records' reasons */
    char *terminations = tag_lines(text, "Termination");
    char *again_terminations = tag_lines(again_text, "Termination");
    assert_int_equal(runner_count_containing(terminations, "adjudication"),
                     runner_count_containing(again_terminations, "adjudication"));
    assert_int_equal(runner_count_containing(terminations, "normal"),
                     runner_count_containing(again_terminations, "normal"));
    g_free(terminations);
    g_free(again_terminations);

    g_free(again_text);
    g_ptr_array_unref(again);
    g_free(text);
    g_ptr_array_unref(games);
}

/* Ctrl-C in the middle of a match, two games at a time: the PGN reads,
 * and holds whole games only, each finished (a game that ended as the
 * signal came may be there without its line: its record is kept too). */
static void test_interrupted_match(void **state)
{
    const DjVariant *variant = dj_registry_all()[0];
    char *a = g_strdup_printf("name=a,cmd=%s,arg=uci,nodes=400", runner_exe());
    char *b = g_strdup_printf("name=b,cmd=%s,arg=uci,nodes=440", runner_exe());
    DojoRun *r = runner_run_interrupted(*state, (const char *const[]){
        "match", variant->name, "--engine", a, "--engine", b, "--games", "200",
        "--concurrency", "2", "--openings", "random:2", "--seed", "5", "--max-plies", "80",
        "--pgn", "games.pgn", NULL }, "Finished game ");
    assert_int_equal(r->exit_code, 130);
    assert_true(runner_count_containing(r->out, "Finished game ") >= 1);
    GPtrArray *games = load_pgn(state, "games.pgn");
    assert_true(games->len >= 1);
    for (guint i = 0; i < games->len; i++) {
        const DjPgnGame *game = g_ptr_array_index(games, i);
        assert_int_not_equal(dj_game_outcome(game->game), DJ_OUTCOME_ONGOING);
    }
    g_ptr_array_unref(games);
    runner_run_free(r);
    g_free(a);
    g_free(b);
}

/* What convert refuses: a bad file (named with its line, nothing
 * written), an output that is there (without --force), both kinds of
 * input at once, nothing to convert. */
static void test_convert_refusals(void **state)
{
    const DjVariant *variant = dj_registry_all()[0];
    DjSetup setup = { .seed = 1 };
    DjGame *game = dj_game_new(variant, &setup, NULL);
    DjMove moves[1024];
    assert_true(variant->legal_moves(dj_game_position(game), moves) > 0);
    assert_true(dj_game_play(game, moves[0], NULL));
    GString *text = g_string_new(NULL);
    dj_pgn_format(game, NULL, text);
    runner_write_file(*state, "good.pgn", text->str);
    char *one = g_build_filename(*state, "one.dojo", NULL);
    assert_true(dj_record_save(game, one, NULL));
    g_free(one);
    char *out_dir = g_build_filename(*state, "out", NULL);
    /* the move text starts on the line after the tags' blank line */
    int line = 1;
    for (const char *p = text->str; p < strstr(text->str, "\n\n"); p++)
        line += *p == '\n';
    line += 2;
    GString *bad = g_string_new(text->str);
    g_string_replace(bad, " *\n", " {never closed *\n", 1);
    runner_write_file(*state, "bad.pgn", bad->str);

    DojoRun *r = runner_run_logged(*state, (const char *const[]){ "convert", "bad.pgn", "-o", "out",
                                                                  NULL });
    assert_int_equal(r->exit_code, 1);
    char *where = g_strdup_printf("bad.pgn: line %d: a comment opened here", line);
    runner_assert_contains(r->err, where);
    g_free(where);
    assert_false(g_file_test(out_dir, G_FILE_TEST_EXISTS));
    runner_run_free(r);

    r = runner_run_logged(*state, (const char *const[]){ "convert", "good.pgn", "-o", "out",
                                                         NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    assert_true(g_file_test(out_dir, G_FILE_TEST_IS_DIR));
    r = runner_run_logged(*state, (const char *const[]){ "convert", "good.pgn", "-o", "out",
                                                         NULL });
    assert_int_equal(r->exit_code, 1);
    runner_assert_contains(r->err, "add --force");
    runner_run_free(r);
    r = runner_run_logged(*state, (const char *const[]){ "convert", "good.pgn", "-o", "out",
                                                         "--force", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);

    runner_write_file(*state, "mine.pgn", "a file of mine\n");
    r = runner_run_logged(*state, (const char *const[]){ "convert", "one.dojo", "-o", "mine.pgn",
                                                         NULL });
    assert_int_equal(r->exit_code, 1);
    runner_assert_contains(r->err, "add --force");
    runner_run_free(r);
    char *mine = runner_read_file(*state, "mine.pgn");
    assert_string_equal(mine, "a file of mine\n");
    g_free(mine);

    r = runner_run_logged(*state, (const char *const[]){ "convert", "one.dojo", "good.pgn", "-o",
                                                         "x", NULL });
    assert_int_equal(r->exit_code, 2);
    runner_assert_contains(r->err, "not both");
    runner_run_free(r);
    r = runner_run_logged(*state, (const char *const[]){ "convert", "one.dojo", NULL });
    assert_int_equal(r->exit_code, 2);
    runner_assert_contains(r->err, "--output");
    runner_run_free(r);
    r = runner_run_logged(*state, (const char *const[]){ "convert", "out", "-o", "none.pgn",
                                                         NULL });
    assert_int_equal(r->exit_code, 0);   /* out/ holds the converted record */
    runner_run_free(r);
    char *empty = g_build_filename(*state, "empty", NULL);
    assert_int_equal(g_mkdir(empty, 0700), 0);
    g_free(empty);
    r = runner_run_logged(*state, (const char *const[]){ "convert", "empty", "-o", "none2.pgn",
                                                         NULL });
    assert_int_equal(r->exit_code, 1);
    runner_assert_contains(r->err, "no .dojo record in empty");
    runner_run_free(r);

    g_free(out_dir);
    g_string_free(bad, TRUE);
    g_string_free(text, TRUE);
    dj_game_free(game);
}

/* `dojo train` takes the PGN's positions and scores as it takes the
 * records'; `dojo review` reviews game N of it as the record of that game. */
static void test_train_and_review_read_pgn(void **state)
{
    runner_require_variant("ogi");
    play_match(state, "ogi");
    DojoRun *from_records = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "recs", "--epochs", "1", "--validation", "0", "--skip-plies", "0",
        "-o", "a.net", NULL });
    assert_int_equal(from_records->exit_code, 0);
    DojoRun *from_pgn = runner_run_logged(*state, (const char *const[]){
        "train", "ogi", "games.pgn", "--epochs", "1", "--validation", "0", "--skip-plies", "0",
        "-o", "b.net", NULL });
    assert_int_equal(from_pgn->exit_code, 0);
    char *count = g_strdup_printf(" positions from %d games (0 records skipped)", GAMES);
    runner_assert_contains(from_records->err, count);
    runner_assert_contains(from_pgn->err, count);
    /* the same number of positions */
    const char *a = strstr(from_records->err, count), *b = strstr(from_pgn->err, count);
    while (a > from_records->err && g_ascii_isdigit(a[-1]))
        a--;
    while (b > from_pgn->err && g_ascii_isdigit(b[-1]))
        b--;
    assert_true(atoi(a) > 0);
    assert_int_equal(atoi(a), atoi(b));
    g_free(count);
    runner_run_free(from_records);
    runner_run_free(from_pgn);

    GPtrArray *games = load_pgn(state, "games.pgn");
    const DjPgnGame *second = g_ptr_array_index(games, 1);
    const char *round = dj_game_tag(second->game, "Round");
    char *record = g_strdup_printf("recs/game-%04d.dojo", atoi(round));
    DojoRun *of_record = runner_run_logged(*state, (const char *const[]){ "review", record,
                                                                          "--nodes", "300", NULL });
    DojoRun *of_pgn = runner_run_logged(*state, (const char *const[]){ "review", "games.pgn",
                                                                       "--game", "2", "--nodes",
                                                                       "300", NULL });
    assert_int_equal(of_record->exit_code, 0);
    assert_int_equal(of_pgn->exit_code, 0);
    runner_assert_contains(of_pgn->out, "Review of games.pgn, game 2: ");
    /* past the first line (which names the file), the same review */
    assert_string_equal(strchr(of_record->out, '\n'), strchr(of_pgn->out, '\n'));
    runner_run_free(of_record);
    runner_run_free(of_pgn);

    DojoRun *r = runner_run_logged(*state, (const char *const[]){ "review", "games.pgn", "--game",
                                                                  "9", NULL });
    assert_int_equal(r->exit_code, 2);
    runner_assert_contains(r->err, "holds 4 games");
    runner_run_free(r);
    r = runner_run_logged(*state, (const char *const[]){ "review", record, "--game", "2", NULL });
    assert_int_equal(r->exit_code, 2);
    runner_assert_contains(r->err, "--game is for a PGN file");
    runner_run_free(r);
    g_free(record);
    g_ptr_array_unref(games);
}

/* ---- pgn-extract ----------------------------------------------------------------- */

static char *find_pgn_extract(void)
{
    char *path = g_find_program_in_path("pgn-extract");
    if (path == NULL && g_file_test("/usr/games/pgn-extract", G_FILE_TEST_IS_EXECUTABLE))
        path = g_strdup("/usr/games/pgn-extract");   /* Debian puts it there */
    return path;
}

/* Chess moves that are legal whatever came before in the same pattern:
 * each side's knight out and back. */
static const char *chess_move(int white, int *count)
{
    static const char *const moves[2][2] = { { "Nf6", "Ng8" }, { "Nf3", "Ng1" } };
    return moves[white][(*count)++ % 2];
}

/* `pgn` with every move a chess one (chess_move) and every FEN chess's
 * start with the side to move of the game's first move. */
static char *as_chess(const char *pgn)
{
    GString *out = g_string_new(NULL);
    char **lines = g_strsplit(pgn, "\n", -1);
    bool in_comment = false;
    int counts[2] = { 0, 0 };
    int white = 1;   /* the side of the next move */
    for (int i = 0; lines[i] != NULL; i++) {
        const char *line = lines[i];
        if (!in_comment && line[0] == '[') {
            if (g_str_has_prefix(line, "[Event ")) {
                counts[0] = counts[1] = 0;
                white = 1;
            }
            if (g_str_has_prefix(line, "[FEN ")) {
                /* the move text says who moves first: "1..." is side 1 */
                const char *moves = NULL;
                for (int k = i; lines[k] != NULL && moves == NULL; k++)
                    if (lines[k][0] == '\0')
                        moves = lines[k + 1];
                bool black_first = moves != NULL && g_str_has_prefix(moves, "1...");
                g_string_append_printf(out, "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR "
                                       "%c KQkq - 0 1\"]\n", black_first ? 'b' : 'w');
            } else {
                g_string_append_printf(out, "%s\n", line);
            }
            continue;
        }
        char **words = g_strsplit(line, " ", -1);
        for (int w = 0; words[w] != NULL; w++) {
            const char *word = words[w];
            if (w > 0)
                g_string_append_c(out, ' ');
            bool number = g_regex_match_simple("^[0-9]+\\.(\\.\\.)?$", word, 0, 0);
            DjOutcome result;
            if (in_comment || word[0] == '{' || word[0] == '\0'
                || dj_outcome_parse_result(word, &result)) {
                if (word[0] == '{')
                    in_comment = true;
                if (in_comment && strchr(word, '}') != NULL)
                    in_comment = false;
                g_string_append(out, word);
            } else if (number) {
                white = !g_str_has_suffix(word, "...");
                g_string_append(out, word);
            } else {
                g_string_append(out, chess_move(white, &counts[white]));
                white = !white;
            }
        }
        g_strfreev(words);
        if (lines[i + 1] != NULL)
            g_string_append_c(out, '\n');
    }
    g_strfreev(lines);
    return g_string_free(out, FALSE);
}

static void test_pgn_extract_reads_it(void **state)
{
    char *pgn_extract = find_pgn_extract();
    if (pgn_extract == NULL) {
        if (g_strcmp0(g_getenv("CI"), "true") == 0)
            fail_msg("pgn-extract is not installed: .ci/build installs it (Debian package "
                     "pgn-extract) and CI must run this check");
        fprintf(stderr, "pgn-extract is not installed (Debian package pgn-extract): the check "
                        "of the PGN by another program is skipped\n");
        skip();
    }
    const DjVariant *variant = dj_registry_all()[0];
    play_match(state, variant->name);
    char *pgn = runner_read_file(*state, "games.pgn");
    char *chess = as_chess(pgn);
    runner_write_file(*state, "chess.pgn", chess);

    DojoRun *r = g_new0(DojoRun, 1);
    char *out_path = g_build_filename(*state, "extracted.pgn", NULL);
    char *in_path = g_build_filename(*state, "chess.pgn", NULL);
    char *argv[] = { pgn_extract, (char *)"-s", (char *)"--nobadresults", (char *)"-o",
                     out_path, in_path, NULL };
    int status = 0;
    GError *error = NULL;
    assert_true(g_spawn_sync(*state, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err,
                             &status, &error));
    assert_no_gerror(error);
    if (!g_spawn_check_wait_status(status, NULL) || r->err[0] != '\0')
        fail_msg("pgn-extract complained (exit status %d):\n%s\nabout:\n%s", status, r->err,
                 chess);
    /* every game came through, with our tags and comments */
    char *extracted = runner_read_file(*state, "extracted.pgn");
    assert_int_equal(runner_count_containing(extracted, "[Event \"dojo match\"]"), GAMES);
    assert_int_equal(runner_count_containing(extracted, "[Variant \""), GAMES);
    assert_int_equal(runner_count_containing(extracted, "[WhiteSide \""), GAMES);
    assert_int_equal(runner_count_containing(extracted, "[Termination \""), GAMES);
    int ours = 0, theirs = 0;
    /* not "{}", which stands for no comment (a part of a compound turn
     * without one: record_pgn.h) and which pgn-extract drops */
    for (const char *p = pgn; *p != '\0'; p++)
        ours += *p == '{' && p[1] != '}';
    for (const char *p = extracted; *p != '\0'; p++)
        theirs += *p == '{';
    assert_true(ours > GAMES);
    assert_int_equal(ours, theirs);

    g_free(extracted);
    g_free(in_path);
    g_free(out_path);
    runner_run_free(r);
    g_free(chess);
    g_free(pgn);
    g_free(pgn_extract);
}

static void test_help(void **state)
{
    const char *const mentions[] = { "--output", "--force", "PGN", "WhiteSide" };
    runner_assert_help_mentions(state, "convert", mentions, G_N_ELEMENTS(mentions));
    const char *const review[] = { "--game" };
    runner_assert_help_mentions(state, "review", review, G_N_ELEMENTS(review));
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_frontend_pgn PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 2;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_match_pgn_and_convert, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_interrupted_match, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_convert_refusals, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_train_and_review_read_pgn, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_pgn_extract_reads_it, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_help, runner_make_dir, runner_remove_dir),
    };
    return cmocka_run_group_tests_name("frontend_pgn", tests, NULL, NULL);
}
