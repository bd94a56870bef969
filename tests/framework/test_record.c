/* test_record.c: game records (record.h).  The record parser finds games in
 * the registry, so these tests use the first registered variant, whatever
 * it is, and build their records from its own move and position texts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "tests/framework/toys.h"

#define SEED 0x4ec0u

static const DjVariant *variant(void)
{
    return dj_registry_all()[0];
}

static char *move_text(const DjGame *game, int ply)
{
    GString *out = g_string_new(NULL);
    dj_game_variant(game)->format_move(dj_game_position_at(game, ply),
                                       dj_game_move_at(game, ply), out);
    return g_string_free(out, FALSE);
}

static char *start_text(const DjGame *game)
{
    GString *out = g_string_new(NULL);
    dj_game_variant(game)->format_position(dj_game_position_at(game, 0), out);
    return g_string_free(out, FALSE);
}

static char *format_record(const DjGame *game)
{
    GString *out = g_string_new(NULL);
    dj_record_format(game, out);
    return g_string_free(out, FALSE);
}

static DjGame *parse_ok(const char *text)
{
    GError *error = NULL;
    DjGame *game = dj_record_parse(text, &error);
    if (game == NULL) {
        fail_msg("dj_record_parse refused:\n%s\nerror: %s", text,
                 error != NULL ? error->message : "(no error)");
    }
    assert_null(error);
    return game;
}

/* The record is refused with an error in the DJ_ERROR domain with `code`
 * that names line `line` (and contains `word` if not NULL). */
static void parse_refused(const char *text, int code, int line, const char *word)
{
    GError *error = NULL;
    DjGame *game = dj_record_parse(text, &error);
    if (game != NULL) {
        fail_msg("dj_record_parse accepted:\n%s", text);
    }
    assert_non_null(error);
    char *wanted = g_strdup_printf("line %d", line);
    const char *at = strstr(error->message, wanted);
    bool names_line = at != NULL && !g_ascii_isdigit(at[strlen(wanted)]);
    char *lower = g_ascii_strdown(error->message, -1);
    bool has_word = word == NULL || strstr(lower, word) != NULL;
    if (error->domain != DJ_ERROR || error->code != code || !names_line || !has_word) {
        fail_msg("record:\n%s\nerror (code %d, wanted %d; wanted \"%s\"%s%s): %s", text,
                 error->code, code, wanted, word != NULL ? " and " : "",
                 word != NULL ? word : "", error->message);
    }
    g_free(lower);
    g_free(wanted);
    g_error_free(error);
}

static void expect_same_moves(const DjGame *a, const DjGame *b)
{
    assert_int_equal(dj_game_length(a), dj_game_length(b));
    for (int ply = 0; ply < dj_game_length(a); ply++)
        assert_int_equal(dj_game_move_at(a, ply), dj_game_move_at(b, ply));
    const DjVariant *v = dj_game_variant(a);
    for (int ply = 0; ply <= dj_game_length(a); ply++)
        assert_true(v->key(dj_game_position_at(a, ply)) == v->key(dj_game_position_at(b, ply)));
}

static void test_round_trip_and_escapes(void **state)
{
    (void)state;
    DjGame *game = toy_random_game(variant(), NULL, SEED, 7);
    const char *tricky = "a \"quoted\" word, a back\\slash \\\" and ; [brackets]";
    dj_game_set_tag(game, "Event", tricky);
    dj_game_set_tag(game, "Site", "");
    dj_game_set_tag(game, "Round", "3");
    char *text = format_record(game);

    /* the text itself: Variant first, escapes as record.h says */
    char *variant_line = g_strdup_printf("[Variant \"%s\"]\n", variant()->name);
    assert_true(g_str_has_prefix(text, variant_line));
    assert_non_null(strstr(text,
                           "[Event \"a \\\"quoted\\\" word, a back\\\\slash \\\\\\\" and ; "
                           "[brackets]\"]\n"));
    assert_non_null(strstr(text, "[Site \"\"]\n"));
    assert_non_null(strstr(text, "\n\n"));   /* the blank line before the moves */

    DjGame *parsed = parse_ok(text);
    expect_same_moves(game, parsed);
    assert_string_equal(dj_game_tag(parsed, "Event"), tricky);
    assert_string_equal(dj_game_tag(parsed, "Site"), "");
    assert_string_equal(dj_game_tag(parsed, "Round"), "3");
    assert_string_equal(dj_game_tag(parsed, "Variant"), variant()->name);
    char *again = format_record(parsed);
    assert_string_equal(again, text);

    g_free(again);
    dj_game_free(parsed);
    g_free(variant_line);
    g_free(text);
    dj_game_free(game);
}

/* dj_record_tag_value(text, name) is `expected` (NULL: no such tag). */
static void expect_tag(const char *text, const char *name, const char *expected)
{
    char *value = dj_record_tag_value(text, name);
    if (g_strcmp0(value, expected) != 0)
        fail_msg("the %s tag of\n%s\nreads as %s%s%s, not %s%s%s", name, text,
                 value != NULL ? "\"" : "", value != NULL ? value : "NULL",
                 value != NULL ? "\"" : "", expected != NULL ? "\"" : "",
                 expected != NULL ? expected : "NULL", expected != NULL ? "\"" : "");
    g_free(value);
}

/* A tag read on its own agrees with the whole parser: escapes, layout. */
static void test_tag_value(void **state)
{
    (void)state;
    DjGame *game = toy_random_game(variant(), NULL, SEED, 3);
    const char *tricky = "a \"quoted\" word \\ and \\\" ; [x] \"]";
    dj_game_set_tag(game, "Event", tricky);
    char *text = format_record(game);
    expect_tag(text, "Event", tricky);
    expect_tag(text, "Variant", variant()->name);
    expect_tag(text, "Result", "*");
    expect_tag(text, "Round", NULL);
    g_free(text);
    dj_game_free(game);

    const char *laid_out =
        "\xEF\xBB\xBF; a comment before the tags\n"
        "\n"
        "  [Variant   \"toy\"]  \r\n"
        "; between the tags\n"
        "[Site \"back\\\\slash\"]\n"
        "[Result \"1-0\"]\n"
        "\n"
        "1. a1\n"
        "[Late \"after the moves\"]\n";
    expect_tag(laid_out, "Variant", "toy");
    expect_tag(laid_out, "Site", "back\\slash");
    expect_tag(laid_out, "Result", "1-0");
    expect_tag(laid_out, "Late", NULL);            /* not in the tag section */
    expect_tag(laid_out, "variant", NULL);         /* names are case-sensitive */
    /* The first of two, as dj_record_parse takes. */
    expect_tag("[Round \"1\"]\n[Round \"2\"]\n", "Round", "1");
    /* A broken tag line ends the section, as it stops the parser. */
    expect_tag("[Variant \"ogi\"]\n[Event \"unclosed]\n[Result \"*\"]\n", "Variant", "ogi");
    expect_tag("[Variant \"ogi\"]\n[Event \"unclosed]\n[Result \"*\"]\n", "Result", NULL);
    expect_tag("[Variant \"ogi\"] trailing\n", "Variant", NULL);
    expect_tag("", "Variant", NULL);
    expect_tag("[Variant \"ogi\"]", "Variant", "ogi");   /* no final line break */
}

static void test_set_result_round_trip(void **state)
{
    (void)state;
    DjGame *game = toy_random_game(variant(), NULL, SEED + 1, 4);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    dj_game_set_result(game, DJ_OUTCOME_WIN_SIDE1, "Side zero resigned");
    char *text = format_record(game);
    DjGame *parsed = parse_ok(text);
    expect_same_moves(game, parsed);
    assert_int_equal(dj_game_outcome(parsed), DJ_OUTCOME_WIN_SIDE1);
    assert_string_equal(dj_game_outcome_reason(parsed), "Side zero resigned");
    dj_game_free(parsed);
    g_free(text);

    dj_game_set_result(game, DJ_OUTCOME_DRAW, "agreed");
    text = format_record(game);
    parsed = parse_ok(text);
    assert_int_equal(dj_game_outcome(parsed), DJ_OUTCOME_DRAW);
    dj_game_free(parsed);
    g_free(text);
    dj_game_free(game);

    /* a game the rules ended */
    game = toy_finished_game(variant(), SEED + 2, 2000);
    text = format_record(game);
    parsed = parse_ok(text);
    expect_same_moves(game, parsed);
    assert_int_equal(dj_game_outcome(parsed), dj_game_outcome(game));
    dj_game_free(parsed);
    g_free(text);
    dj_game_free(game);
}

/* A record written by hand: comments, optional and glued move numbers,
 * odd spacing, a result token. */
static void test_hand_written(void **state)
{
    (void)state;
    DjGame *game = toy_random_game(variant(), NULL, SEED + 3, 5);
    assert_int_equal(dj_game_length(game), 5);
    char *m[5];
    for (int i = 0; i < 5; i++)
        m[i] = move_text(game, i);
    char *start = start_text(game);
    char *upper_name = g_ascii_strup(variant()->name, -1);

    char *text = g_strdup_printf("; a comment before the tags\n"
                                 "[Variant \"%s\"]\n"
                                 "[Position \"%s\"]\n"
                                 "\n"
                                 "1. %s %s ; a comment after moves\n"
                                 "; a whole line of comment\n"
                                 "   2.%s    %s\t\n"
                                 "\n"
                                 "%s *\n",
                                 upper_name, start, m[0], m[1], m[2], m[3], m[4]);
    DjGame *parsed = parse_ok(text);
    expect_same_moves(game, parsed);
    assert_ptr_equal(dj_game_variant(parsed), variant());
    assert_int_equal(dj_game_outcome(parsed), DJ_OUTCOME_ONGOING);
    dj_game_free(parsed);
    g_free(text);

    /* no move numbers, no result, no blank line, Windows line ends */
    text = g_strdup_printf("[Variant \"%s\"]\r\n[Position \"%s\"]\r\n%s %s %s\r\n%s\r\n%s\r\n",
                           variant()->name, start, m[0], m[1], m[2], m[3], m[4]);
    parsed = parse_ok(text);
    expect_same_moves(game, parsed);
    dj_game_free(parsed);
    g_free(text);

    /* a result token with the moves: the game ends as recorded */
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n\n%s %s 0-1\n",
                           variant()->name, start, m[0], m[1]);
    parsed = parse_ok(text);
    assert_int_equal(dj_game_length(parsed), 2);
    assert_int_equal(dj_game_outcome(parsed), DJ_OUTCOME_WIN_SIDE1);
    dj_game_free(parsed);
    g_free(text);

    /* tags only: a game with no moves yet */
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n", variant()->name, start);
    parsed = parse_ok(text);
    assert_int_equal(dj_game_length(parsed), 0);
    dj_game_free(parsed);
    g_free(text);

    g_free(upper_name);
    g_free(start);
    for (int i = 0; i < 5; i++)
        g_free(m[i]);
    dj_game_free(game);
}

static void test_errors_name_their_line(void **state)
{
    (void)state;
    DjGame *game = toy_random_game(variant(), NULL, SEED + 4, 3);
    assert_int_equal(dj_game_length(game), 3);
    const char *name = variant()->name;
    char *start = start_text(game);
    char *m0 = move_text(game, 0), *m1 = move_text(game, 1), *m2 = move_text(game, 2);
    char *text;

    /* malformed tags */
    text = g_strdup_printf("[Variant \"%s\"]\n[Event \"no end]\n\n%s\n", name, m0);
    parse_refused(text, DJ_ERROR_INVALID, 2, NULL);
    g_free(text);
    text = g_strdup_printf("[Variant \"%s\"\n\n%s\n", name, m0);
    parse_refused(text, DJ_ERROR_INVALID, 1, NULL);
    g_free(text);
    text = g_strdup_printf("; comment\n[Variant %s]\n", name);
    parse_refused(text, DJ_ERROR_INVALID, 2, NULL);
    g_free(text);
    text = g_strdup_printf("[Variant \"%s\"]\n[\"Event\" \"x\"]\n", name);
    parse_refused(text, DJ_ERROR_INVALID, 2, NULL);
    g_free(text);
    text = g_strdup_printf("[Variant \"%s\"] trailing\n", name);
    parse_refused(text, DJ_ERROR_INVALID, 1, NULL);
    g_free(text);

    /* which game? */
    text = g_strdup_printf("[Event \"x\"]\n[Position \"%s\"]\n\n1. %s\n", start, m0);
    parse_refused(text, DJ_ERROR_INVALID, 4, "variant");   /* noticed where moves start */
    g_free(text);
    /* an empty record has no line 0: the first line is 1 */
    parse_refused("", DJ_ERROR_INVALID, 1, "variant");
    text = g_strdup("; only a comment\n[Event \"x\"]");
    parse_refused(text, DJ_ERROR_INVALID, 2, "variant");
    g_free(text);
    text = g_strdup_printf("; comment\n[Variant \"no-such-game\"]\n\n%s\n", m0);
    parse_refused(text, DJ_ERROR_INVALID, 2, "no-such-game");
    g_free(text);

    /* a start position the variant refuses */
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"this is not it\"]\n\n%s\n", name, m0);
    parse_refused(text, DJ_ERROR_INVALID, 2, NULL);
    g_free(text);

    /* moves that cannot be played, on the line they are on */
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n\n1. %s %s\n2. zz99zz\n", name,
                           start, m0, m1);
    parse_refused(text, DJ_ERROR_ILLEGAL, 5, "zz99zz");
    g_free(text);
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n\n1. %s %s\n", name, start, m0,
                           m0);   /* the first move again, now by the other side */
    const DjVariant *v = variant();
    DjMove unused;
    if (!v->parse_move(dj_game_position_at(game, 1), m0, &unused, NULL)) {
        parse_refused(text, DJ_ERROR_ILLEGAL, 4, NULL);
    } else {
        g_printerr("(the first move is also legal for the other side: not checked)\n");
    }
    g_free(text);

    /* after the result nothing may follow; tags come before the moves */
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n\n%s 1-0\n%s\n", name, start,
                           m0, m1);
    parse_refused(text, DJ_ERROR_INVALID, 5, NULL);
    g_free(text);
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n\n%s\n[Event \"late\"]\n%s\n",
                           name, start, m0, m1);
    parse_refused(text, DJ_ERROR_INVALID, 5, NULL);
    g_free(text);

    /* a Result tag that is no result */
    text = g_strdup_printf("[Variant \"%s\"]\n[Position \"%s\"]\n[Result \"won\"]\n\n%s %s %s\n",
                           name, start, m0, m1, m2);
    parse_refused(text, DJ_ERROR_INVALID, 3, NULL);
    g_free(text);

    /* not UTF-8 */
    text = g_strdup_printf("[Variant \"%s\"]\n[Event \"\xff\xfe\"]\n", name);
    parse_refused(text, DJ_ERROR_INVALID, 2, NULL);
    g_free(text);

    g_free(m0);
    g_free(m1);
    g_free(m2);
    g_free(start);
    dj_game_free(game);
}

/* The recorded result must agree with a game the rules ended. */
static void test_contradicting_result(void **state)
{
    (void)state;
    DjGame *game = toy_finished_game(variant(), SEED + 5, 2000);
    DjOutcome outcome = dj_game_outcome(game);
    DjOutcome wrong = outcome == DJ_OUTCOME_WIN_SIDE0 ? DJ_OUTCOME_WIN_SIDE1
                                                      : DJ_OUTCOME_WIN_SIDE0;
    char *text = format_record(game);
    /* replace the final result token (the last line) */
    size_t length = strlen(text);
    assert_true(length > 2 && text[length - 1] == '\n');
    text[length - 1] = '\0';
    char *last_line = strrchr(text, '\n');
    assert_non_null(last_line);
    *last_line = '\0';
    int line = 1;
    for (const char *p = text; *p != '\0'; p++)
        line += *p == '\n';
    char *changed = g_strdup_printf("%s\n%s\n", text, dj_outcome_result_text(wrong));
    parse_refused(changed, DJ_ERROR_INVALID, line + 1, NULL);
    g_free(changed);
    g_free(text);
    dj_game_free(game);
}

static void test_save_and_load(void **state)
{
    (void)state;
    GError *error = NULL;
    char *dir = g_dir_make_tmp("dojo-record-XXXXXX", &error);
    assert_non_null(dir);
    char *path = g_build_filename(dir, "game.dojo", NULL);

    DjGame *game = toy_random_game(variant(), NULL, SEED + 6, 9);
    dj_game_set_tag(game, "Event", "saved \"game\"");
    assert_true(dj_record_save(game, path, &error));
    assert_null(error);
    DjGame *loaded = dj_record_load(path, &error);
    assert_non_null(loaded);
    expect_same_moves(game, loaded);
    assert_string_equal(dj_game_tag(loaded, "Event"), "saved \"game\"");
    dj_game_free(loaded);

    /* saving again replaces the file */
    assert_true(dj_game_undo(game));
    assert_true(dj_record_save(game, path, &error));
    loaded = dj_record_load(path, &error);
    assert_non_null(loaded);
    assert_int_equal(dj_game_length(loaded), dj_game_length(game));
    dj_game_free(loaded);

    /* files that are not there, or not records */
    char *missing = g_build_filename(dir, "missing.dojo", NULL);
    assert_null(dj_record_load(missing, &error));
    assert_true(g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
    char *expected = g_strdup_printf("%s: %s", missing, g_strerror(ENOENT));
    assert_string_equal(error->message, expected);   /* the path once, no wrapping */
    g_free(expected);
    g_clear_error(&error);
    char *nowhere = g_build_filename(dir, "no-such-dir", "game.dojo", NULL);
    assert_false(dj_record_save(game, nowhere, &error));
    assert_true(g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
    expected = g_strdup_printf("%s: %s", nowhere, g_strerror(ENOENT));
    assert_string_equal(error->message, expected);
    g_free(expected);
    g_clear_error(&error);
    char *binary = g_build_filename(dir, "binary.dojo", NULL);
    static const char bytes[] = "[Variant \"x\"]\n\0\1\2garbage";
    assert_true(g_file_set_contents(binary, bytes, sizeof bytes, NULL));
    assert_null(dj_record_load(binary, &error));
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID));
    expected = g_strdup_printf("%s: line 2: it is not a game record (it contains binary "
                               "data)", binary);
    assert_string_equal(error->message, expected);
    g_free(expected);
    g_clear_error(&error);
    /* a fault in the record: the parser's "line N: ..." behind the path, once */
    assert_true(g_file_set_contents(binary, "[Variant \"no such game\"]\n", -1, NULL));
    assert_null(dj_record_load(binary, &error));
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID)
                || g_error_matches(error, DJ_ERROR, DJ_ERROR_ILLEGAL));
    assert_true(g_str_has_prefix(error->message, binary));
    assert_true(g_str_has_prefix(error->message + strlen(binary), ": line 1: "));
    assert_null(strstr(error->message + strlen(binary), binary));
    g_clear_error(&error);

    g_remove(binary);
    g_remove(path);
    g_rmdir(dir);
    g_free(binary);
    g_free(nowhere);
    g_free(missing);
    dj_game_free(game);
    g_free(path);
    g_free(dir);
}

/* A record of a million moves (the shuttle toy, where only repetition
 * could end a game, with that rule off) loads, and is written one move a
 * line, in linear time.  Shown by size: rescanning the game for
 * repetitions after every move, or counting turns from the start for every
 * move number, is about 10^12 steps here and times the test out (a 360,000
 * ply record once took a minute to load); linear, it is a second or two. */
#define LONG_RECORD_PLIES 1000000

static void no_comment(int ply, GString *out, void *user_data)
{
    (void)ply;
    (void)out;
    (void)user_data;
}

static void test_long_record_is_linear(void **state)
{
    (void)state;
    DjVariant endless = toy_shuttle;
    endless.repetition_draw = 0;
    const DjVariant *const variants[] = { &endless, NULL };
    GString *text = g_string_new("[Variant \"toy-shuttle\"]\n");
    /* A shuttles a1-b1 and back, B c1-d1 and back: every position recurs */
    static const char *const cycle[] = { "b1 d1", "a1 c1" };
    for (int turn = 0; turn < LONG_RECORD_PLIES / 2; turn++)
        g_string_append_printf(text, "%d. %s\n", turn + 1, cycle[turn % 2]);
    g_string_append(text, "*\n");

    GError *error = NULL;
    DjGame *game = dj_record_parse_among(text->str, variants, &error);
    if (game == NULL)
        fail_msg("the long record was refused: %s", error != NULL ? error->message : "?");
    assert_int_equal(dj_game_length(game), LONG_RECORD_PLIES);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    /* every fourth position is the one after A's first b1 (the start is
     * not: B began on a1) */
    assert_int_equal(dj_game_repetitions(game), LONG_RECORD_PLIES / 4);

    GString *annotated = g_string_new(NULL);
    dj_record_format_annotated(game, no_comment, NULL, annotated);
    char *last = g_strdup_printf("\n%d... c1\n*\n", LONG_RECORD_PLIES / 2);
    assert_true(g_str_has_suffix(annotated->str, last));
    g_free(last);
    /* and reads back to the same game */
    DjGame *again = dj_record_parse_among(annotated->str, variants, &error);
    if (again == NULL)
        fail_msg("the annotated record was refused: %s", error != NULL ? error->message : "?");
    expect_same_moves(game, again);
    dj_game_free(again);
    g_string_free(annotated, TRUE);
    dj_game_free(game);
    g_string_free(text, TRUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_and_escapes),
        cmocka_unit_test(test_tag_value),
        cmocka_unit_test(test_set_result_round_trip),
        cmocka_unit_test(test_hand_written),
        cmocka_unit_test(test_errors_name_their_line),
        cmocka_unit_test(test_contradicting_result),
        cmocka_unit_test(test_save_and_load),
        cmocka_unit_test(test_long_record_is_linear),
    };
    return cmocka_run_group_tests_name("records", tests, NULL, NULL);
}
