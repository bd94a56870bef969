/* test_notation.c: the shared text helpers (notation.h), the registry
 * (registry.h) and score texts (search.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"
#include "framework/registry.h"
#include "framework/search/search_types.h"
#include "tests/framework/toys.h"

static void expect_square_text(int square, int width, const char *expected)
{
    GString *out = g_string_new("prefix:");
    dj_square_format(square, width, out);
    char *wanted = g_strconcat("prefix:", expected, NULL);
    assert_string_equal(out->str, wanted);
    g_free(wanted);
    g_string_free(out, TRUE);
}

static void test_square_format(void **state)
{
    (void)state;
    expect_square_text(0, 5, "a1");
    expect_square_text(4, 5, "e1");
    expect_square_text(5, 5, "a2");
    expect_square_text(24, 5, "e5");
    expect_square_text(63, 8, "h8");
    expect_square_text(7, 8, "h1");
    expect_square_text(56, 8, "a8");
    expect_square_text(25, 26, "z1");
    expect_square_text(9 * 26, 26, "a10");
    expect_square_text(25 + 98 * 26, 26, "z99");
    expect_square_text(0, 1, "a1");
    expect_square_text(3, 1, "a4");
}

static void expect_square(const char *text, int width, int height, int square, int consumed)
{
    int used = -7;
    int got = dj_square_parse(text, width, height, &used);
    if (got != square) {
        fail_msg("dj_square_parse(\"%s\", %d, %d) = %d, expected %d", text, width, height,
                 got, square);
    }
    if (square >= 0)
        assert_int_equal(used, consumed);
}

static void test_square_parse(void **state)
{
    (void)state;
    expect_square("a1", 5, 5, 0, 2);
    expect_square("c4", 5, 5, 2 + 3 * 5, 2);
    expect_square("C4", 5, 5, 2 + 3 * 5, 2);
    expect_square("e5", 5, 5, 24, 2);
    expect_square("c4d5", 5, 5, 17, 2);     /* only the square at the start is read */
    expect_square("b2+", 5, 5, 6, 2);
    expect_square("h8", 8, 8, 63, 2);
    expect_square("a10", 26, 99, 9 * 26, 3);
    expect_square("z99", 26, 99, 25 + 98 * 26, 3);
    expect_square("b12x", 3, 12, 1 + 11 * 3, 3);

    /* not squares of the board */
    expect_square("f1", 5, 5, -1, 0);
    expect_square("a6", 5, 5, -1, 0);
    expect_square("a0", 5, 5, -1, 0);
    expect_square("i9", 8, 8, -1, 0);
    expect_square("a100", 26, 99, -1, 0);
    expect_square("", 5, 5, -1, 0);
    expect_square("a", 5, 5, -1, 0);
    expect_square("1a", 5, 5, -1, 0);
    expect_square("4c", 5, 5, -1, 0);
    expect_square(" a1", 5, 5, -1, 0);
    expect_square("-1", 5, 5, -1, 0);
    expect_square("\xc3\xa9" "1", 5, 5, -1, 0);
    expect_square("a12", 5, 5, -1, 0);       /* rank 12 on a 5-rank board */

    /* consumed may be NULL */
    assert_int_equal(dj_square_parse("b1", 5, 5, NULL), 1);
    /* format and parse agree on every square of a few boards */
    const int sizes[][2] = { { 5, 5 }, { 8, 8 }, { 9, 9 }, { 26, 12 }, { 3, 99 } };
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        int w = sizes[s][0], h = sizes[s][1];
        for (int square = 0; square < w * h; square++) {
            GString *text = g_string_new(NULL);
            dj_square_format(square, w, text);
            int used = 0;
            assert_int_equal(dj_square_parse(text->str, w, h, &used), square);
            assert_int_equal(used, (int)text->len);
            g_string_free(text, TRUE);
        }
    }
}

static void expect_normalized(const char *text, const char *expected)
{
    char *got = dj_text_normalize(text);
    assert_string_equal(got, expected);
    g_free(got);
}

static void test_text_normalize(void **state)
{
    (void)state;
    expect_normalized("  Hello   World\t\n", "hello world");
    expect_normalized("", "");
    expect_normalized(" \t\r\n ", "");
    expect_normalized("Sea Snake", "sea snake");
    expect_normalized("a\t\tb\n\nc", "a b c");
    expect_normalized("ONE", "one");
    /* only ASCII letters change; other bytes pass through */
    expect_normalized("\xc3\x84" "B  \xe6\xad\xa9", "\xc3\x84" "b \xe6\xad\xa9");
}

static void expect_list(const char *text, const char *const *expected)
{
    char **got = dj_text_split_list(text);
    assert_non_null(got);
    size_t n = 0;
    while (expected[n] != NULL)
        n++;
    if (g_strv_length(got) != n) {
        char *joined = g_strjoinv("|", got);
        fail_msg("dj_text_split_list(\"%s\") gave %u items: %s", text, g_strv_length(got),
                 joined);
    }
    for (size_t i = 0; i < n; i++)
        assert_string_equal(got[i], expected[i]);
    g_strfreev(got);
}

static void test_text_split_list(void **state)
{
    (void)state;
    expect_list("ox, boar,horse", (const char *const[]){ "ox", "boar", "horse", NULL });
    expect_list(" , ,A,, b ", (const char *const[]){ "a", "b", NULL });
    expect_list("", (const char *const[]){ NULL });
    expect_list(",,,", (const char *const[]){ NULL });
    expect_list("Single", (const char *const[]){ "single", NULL });
    expect_list("Sea Snake , TIGER", (const char *const[]){ "sea snake", "tiger", NULL });
}

static void check_quote(const char *text, int max_chars, const char *expected)
{
    char *quoted = dj_text_quote(text, max_chars);
    assert_string_equal(quoted, expected);
    assert_true(g_utf8_validate(quoted, -1, NULL));
    g_free(quoted);
}

static void test_text_quote(void **state)
{
    (void)state;
    check_quote("", 32, "");
    check_quote("boar a1a2", 32, "boar a1a2");
    check_quote("Ōgi 王", 32, "Ōgi 王");                  /* UTF-8 is kept whole */
    check_quote("a\xc5", 32, "a?");                      /* half a character */
    check_quote("\xff\xfe", 32, "??");                   /* not UTF-8 at all */
    check_quote("a\tb\nc\x01", 32, "a?b?c?");            /* one printable line */
    check_quote("abcdef", 4, "abcd...");                 /* cut after 4 characters */
    check_quote("王王王王王", 2, "王王...");                /* characters, not bytes */
    check_quote("abcdef", 0, "abcdef");                  /* no limit */
    /* Characters that do not show as themselves: a C1 control (NEL) and the
     * escape sequence introducer, the right-to-left override, a zero-width
     * space, the byte-order mark, line and paragraph separators. */
    check_quote("a\xc2\x85" "b\xc2\x9b" "c", 32, "a?b?c");
    check_quote("\xe2\x80\xae" "evil", 32, "?evil");
    check_quote("x\xe2\x80\x8by\xef\xbb\xbfz", 32, "x?y?z");
    check_quote("one\xe2\x80\xa8two\xe2\x80\xa9three", 32, "one?two?three");
    check_quote("\xe2\x81\xa6" "isolate\xe2\x81\xa9", 32, "?isolate?");
    check_quote("\xf3\xa0\x80\x81" "tag", 32, "?tag");   /* U+E0001 LANGUAGE TAG */
}

/* The characters dj_text_char_is_shown lets through, and those it does not. */
static void test_text_char_is_shown(void **state)
{
    (void)state;
    const gunichar shown[] = { 'a', ' ', '~', 0xA0, 0xE9, 0x14C, 0x738B, 0x1F600, 0xE000 };
    const gunichar hidden[] = {
        0x00, 0x07, '\t', '\n', '\r', 0x1B, 0x7F, 0x85, 0x9B,   /* controls */
        0x200B, 0x200E, 0x200F, 0x202A, 0x202E, 0x2066, 0x2069, 0xFEFF, 0xE0001,   /* format */
        0x2028, 0x2029,   /* line and paragraph separators */
        0xD800,           /* a surrogate */
        0x0378, 0xFFFF,   /* unassigned */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(shown); i++)
        if (!dj_text_char_is_shown(shown[i]))
            fail_msg("U+%04" G_GINT32_MODIFIER "X should be shown", shown[i]);
    for (size_t i = 0; i < G_N_ELEMENTS(hidden); i++)
        if (dj_text_char_is_shown(hidden[i]))
            fail_msg("U+%04" G_GINT32_MODIFIER "X should not be shown", hidden[i]);
}

static void check_line(const char *text, int max_chars, const char *expected)
{
    GString *out = g_string_new("> ");
    dj_text_append_line(text, max_chars, out);
    assert_string_equal(out->str + 2, expected);
    assert_true(g_utf8_validate(out->str, -1, NULL));
    g_string_free(out, TRUE);
}

static void test_text_append_line(void **state)
{
    (void)state;
    check_line("a\tb\nc\r\x01", 32, "a b c ?");          /* breaks become spaces */
    check_line("\x1b[31mred\x1b[0m", 32, "?[31mred?[0m");
    check_line("\xe2\x80\xae" "gnp.exe\xe2\x80\xa8x", 32, "?gnp.exe?x");
    check_line("Ōgi 王\xff", 32, "Ōgi 王?");
    check_line("abcdef", 3, "abc...");
    check_line("", 0, "");
}

/* dj_error_set: the printf-style message, made one printable line, in the
 * domain and code asked for; false whether or not an error is wanted. */
static void test_error_set(void **state)
{
    (void)state;
    GError *error = NULL;
    assert_false(dj_error_set(&error, DJ_ERROR, DJ_ERROR_ILLEGAL, "move %d \"%s\" is bad", 7,
                              "a1\nb2\x1b[31m\xff\xe2\x80\xae"));
    assert_non_null(error);
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_ILLEGAL));
    assert_string_equal(error->message, "move 7 \"a1?b2?[31m??\" is bad");
    assert_true(g_utf8_validate(error->message, -1, NULL));
    g_clear_error(&error);
    assert_false(dj_error_set(NULL, DJ_ERROR, DJ_ERROR_INVALID, "nobody reads %s", "this"));
}

static void test_result_texts(void **state)
{
    (void)state;
    assert_string_equal(dj_outcome_result_text(DJ_OUTCOME_WIN_SIDE0), "1-0");
    assert_string_equal(dj_outcome_result_text(DJ_OUTCOME_WIN_SIDE1), "0-1");
    assert_string_equal(dj_outcome_result_text(DJ_OUTCOME_DRAW), "1/2-1/2");
    assert_string_equal(dj_outcome_result_text(DJ_OUTCOME_ONGOING), "*");

    const DjOutcome all[] = { DJ_OUTCOME_ONGOING, DJ_OUTCOME_WIN_SIDE0, DJ_OUTCOME_WIN_SIDE1,
                              DJ_OUTCOME_DRAW };
    for (size_t i = 0; i < G_N_ELEMENTS(all); i++) {
        DjOutcome back = (DjOutcome)99;
        assert_true(dj_outcome_parse_result(dj_outcome_result_text(all[i]), &back));
        assert_int_equal(back, all[i]);
    }
    const char *bad[] = { "", "1-1", "2-0", "draw", "1/2", "1/2-1/2x", "1-0-", "0", "**" };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        DjOutcome out = DJ_OUTCOME_ONGOING;
        if (dj_outcome_parse_result(bad[i], &out)) {
            fail_msg("dj_outcome_parse_result accepted \"%s\"", bad[i]);
        }
    }

    assert_int_equal(dj_outcome_winner(DJ_OUTCOME_WIN_SIDE0), 0);
    assert_int_equal(dj_outcome_winner(DJ_OUTCOME_WIN_SIDE1), 1);
    assert_int_equal(dj_outcome_winner(DJ_OUTCOME_DRAW), -1);
    assert_int_equal(dj_outcome_winner(DJ_OUTCOME_ONGOING), -1);
    assert_int_equal(dj_outcome_win_for(0), DJ_OUTCOME_WIN_SIDE0);
    assert_int_equal(dj_outcome_win_for(1), DJ_OUTCOME_WIN_SIDE1);
}

static void test_format_move_list(void **state)
{
    (void)state;
    ToyTicTacToe pos;
    DjSetup setup = { .position = "x...o.... x" };
    assert_true(toy_tictactoe.setup(&pos, &setup, NULL));
    DjMove moves[9];
    int n = toy_tictactoe.legal_moves(&pos, moves);
    assert_int_equal(n, 7);
    GString *out = g_string_new(NULL);
    dj_format_move_list(&toy_tictactoe, &pos, moves, n, out);
    assert_string_equal(out->str, "b1, c1, a2, c2, a3, b3, c3");
    g_string_truncate(out, 0);
    dj_format_move_list(&toy_tictactoe, &pos, moves, 0, out);
    assert_string_equal(out->str, "");
    dj_format_move_list(&toy_tictactoe, &pos, moves + 2, 1, out);
    assert_string_equal(out->str, "a2");
    g_string_free(out, TRUE);
}

static void test_registry(void **state)
{
    (void)state;
    const DjVariant *const *all = dj_registry_all();
    assert_non_null(all);
    assert_non_null(all[0]);   /* a build has at least one game */
    for (const DjVariant *const *v = all; *v != NULL; v++) {
        assert_ptr_equal(dj_registry_find((*v)->name), *v);
        char *upper = g_ascii_strup((*v)->name, -1);
        assert_ptr_equal(dj_registry_find(upper), *v);
        upper[0] = g_ascii_tolower(upper[0]);
        assert_ptr_equal(dj_registry_find(upper), *v);   /* mixed case */
        g_free(upper);
        for (const DjVariant *const *w = all; w != v; w++)
            assert_true(g_ascii_strcasecmp((*v)->name, (*w)->name) != 0);
        char *longer = g_strconcat((*v)->name, "x", NULL);
        assert_null(dj_registry_find(longer));
        longer[strlen(longer) - 2] = '\0';
        /* a prefix is not the name (it may be another game's: amazons, amazons1) */
        const DjVariant *prefix = dj_registry_find(longer);
        assert_true(prefix == NULL || g_ascii_strcasecmp(prefix->name, longer) == 0);
        g_free(longer);
    }
    assert_null(dj_registry_find("no-such-variant"));
    assert_null(dj_registry_find(""));
    assert_null(dj_registry_find(NULL));
    /* the toys are not registered */
    assert_null(dj_registry_find(toy_tictactoe.name));
}

static void expect_score_text(int score, const char *expected)
{
    GString *out = g_string_new(NULL);
    dj_score_format(score, out);
    assert_string_equal(out->str, expected);
    g_string_free(out, TRUE);
}

static void test_scores(void **state)
{
    (void)state;
    expect_score_text(125, "+1.25");
    expect_score_text(-40, "-0.40");
    expect_score_text(DJ_SCORE_EVAL_MAX - 1, "+199.99");
    expect_score_text(DJ_SCORE_WIN - 5, "win in 5");
    expect_score_text(-(DJ_SCORE_WIN - 4), "loss in 4");
    expect_score_text(DJ_SCORE_WIN - 1, "win in 1");

    int plies = -1;
    assert_true(dj_score_is_decisive(DJ_SCORE_WIN - 5, &plies));
    assert_int_equal(plies, 5);
    assert_true(dj_score_is_decisive(-(DJ_SCORE_WIN - 4), &plies));
    assert_int_equal(plies, 4);
    assert_true(dj_score_is_decisive(DJ_SCORE_WIN - 100, NULL));
    assert_true(dj_score_is_decisive(-(DJ_SCORE_WIN - DJ_SEARCH_MAX_PLY), &plies));
    assert_int_equal(plies, DJ_SEARCH_MAX_PLY);
    const int not_decisive[] = { 0, 1, -1, 125, -40, DJ_SCORE_EVAL_MAX - 1,
                                 -(DJ_SCORE_EVAL_MAX - 1) };
    for (size_t i = 0; i < G_N_ELEMENTS(not_decisive); i++) {
        assert_false(dj_score_is_decisive(not_decisive[i], &plies));
    }
}

/* dj_text_split_lines gives what g_strsplit(text, "\n", -1) gives. */
static void test_split_lines(void **state)
{
    (void)state;
    static const char *const texts[] = { "", "a", "a\n", "\n", "\n\n", "a\nb", "a\n\nb\n",
                                         "[Tag \"x\"]\r\n1. e3e4\n*" };
    for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
        g_auto(GStrv) want = g_strsplit(texts[i], "\n", -1);
        g_auto(GStrv) got = dj_text_split_lines(texts[i]);
        assert_int_equal(g_strv_length(got), g_strv_length(want));
        for (guint k = 0; want[k] != NULL; k++)
            assert_string_equal(got[k], want[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_format),
        cmocka_unit_test(test_square_parse),
        cmocka_unit_test(test_text_normalize),
        cmocka_unit_test(test_split_lines),
        cmocka_unit_test(test_text_split_list),
        cmocka_unit_test(test_text_quote),
        cmocka_unit_test(test_text_char_is_shown),
        cmocka_unit_test(test_text_append_line),
        cmocka_unit_test(test_error_set),
        cmocka_unit_test(test_result_texts),
        cmocka_unit_test(test_format_move_list),
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_scores),
    };
    return cmocka_run_group_tests_name("notation and registry", tests, NULL, NULL);
}
