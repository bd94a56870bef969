/* test_graph.c: the evaluation graph's drawing, for fixed lists of scores. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include <glib.h>

#include "framework/game.h"
#include "frontends/tty/graph.h"

static DojoGraphStyle style_of(int rows, int max_columns, bool color, bool ascii)
{
    DojoGraphStyle style = {
        .rows = rows,
        .max_columns = max_columns,
        .color = color,
        .ascii = ascii,
        .side_names = { "Up", "Down" },
    };
    return style;
}

static char *draw(const int *scores, int n, DojoGraphStyle style)
{
    GString *out = g_string_new(NULL);
    dojo_graph_draw(scores, n, &style, out);
    return g_string_free(out, FALSE);
}

/* The text with every ANSI escape sequence removed. */
static char *without_escapes(const char *text)
{
    GString *out = g_string_new(NULL);
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '\x1b') {
            while (*p != '\0' && *p != 'm')
                p++;
            if (*p == '\0')
                break;
            continue;
        }
        g_string_append_c(out, *p);
    }
    return g_string_free(out, FALSE);
}

static void test_bar_heights_squash_scores_and_keep_decisive_ones_on_the_chart(void **state)
{
    (void)state;
    assert_int_equal(dojo_graph_bar_eighths(0, 4), 0);
    assert_int_equal(dojo_graph_bar_eighths(DOJO_GRAPH_HALF_SCORE, 4), 16);
    assert_int_equal(dojo_graph_bar_eighths(-DOJO_GRAPH_HALF_SCORE, 4), -16);
    assert_int_equal(dojo_graph_bar_eighths(1, 4), 1);   /* any advantage shows */
    assert_int_equal(dojo_graph_bar_eighths(DJ_SCORE_EVAL_MAX - 1, 4), 31);   /* not proven */
    assert_int_equal(dojo_graph_bar_eighths(DJ_SCORE_WIN - 7, 4), 32);
    assert_int_equal(dojo_graph_bar_eighths(-(DJ_SCORE_WIN - 2), 4), -32);
    assert_int_equal(dojo_graph_bar_eighths(DJ_SCORE_WIN, 1), 8);
    /* Larger scores never draw shorter bars. */
    for (int score = 0; score < 3000; score += 7)
        assert_true(dojo_graph_bar_eighths(score + 7, 5) >= dojo_graph_bar_eighths(score, 5));
}

/* Scores: level, a little up, half up, half down, a win in 3, a loss in 5. */
static const int game_scores[] = { 0, 100, 300, -300, DJ_SCORE_WIN - 3, -(DJ_SCORE_WIN - 5) };

static void test_plain_chart_of_fixed_scores(void **state)
{
    (void)state;
    char *chart = draw(game_scores, 6, style_of(2, 80, false, false));
    const char *expected =
        "Up   \u2502    \u2588\n"
        "     \u2502 \u2584\u2588 \u2588\n"
        "     \u253c\u2500\u2500\u2500\u2500\u2500\u2500\n"
        "     \u2502   \u2588 \u2588\n"
        "Down \u2502     \u2588\n"
        "      1\n";
    assert_string_equal(chart, expected);
    assert_null(strchr(chart, '\x1b'));
    g_free(chart);
}

static void test_ascii_chart_of_fixed_scores(void **state)
{
    (void)state;
    char *chart = draw(game_scores, 6, style_of(2, 80, false, true));
    const char *expected =
        "Up   |    #\n"
        "     | :# #\n"
        "     +------\n"
        "     |   # #\n"
        "Down |     #\n"
        "      1\n";
    assert_string_equal(chart, expected);
    g_free(chart);
}

static void test_colour_chart_is_the_plain_one_with_escapes(void **state)
{
    (void)state;
    char *plain = draw(game_scores, 6, style_of(2, 80, false, false));
    char *colour = draw(game_scores, 6, style_of(2, 80, true, false));
    assert_non_null(strstr(colour, "\x1b[36m"));   /* side 0's bars */
    assert_non_null(strstr(colour, "\x1b[33m"));   /* side 1's bars */
    assert_non_null(strstr(colour, "\x1b[0m"));
    char *stripped = without_escapes(colour);
    assert_string_equal(stripped, plain);
    g_free(stripped);
    g_free(colour);
    g_free(plain);
}

static void test_game_of_one_move(void **state)
{
    (void)state;
    const int won[] = { DJ_SCORE_WIN - 1 };
    char *chart = draw(won, 1, style_of(2, 80, false, true));
    assert_string_equal(chart,
                        "Up   |#\n"
                        "     |#\n"
                        "     +-\n"
                        "     |\n"
                        "Down |\n"
                        "      1\n");
    g_free(chart);
    GString *nothing = g_string_new(NULL);
    DojoGraphStyle style = style_of(2, 80, false, true);
    dojo_graph_draw(won, 0, &style, nothing);
    assert_int_equal(nothing->len, 0);
    g_string_free(nothing, TRUE);
}

static void test_long_game_is_squeezed_to_the_width(void **state)
{
    (void)state;
    int scores[200];
    for (int i = 0; i < 200; i++)
        scores[i] = i < 100 ? 50 : -(DJ_SCORE_WIN - 1);
    char *chart = draw(scores, 200, style_of(3, 40, false, true));
    char **lines = g_strsplit(chart, "\n", -1);
    assert_int_equal(g_strv_length(lines), 3 + 1 + 3 + 1 + 1);
    assert_string_equal(lines[3], "     +----------------------------------------");
    /* The last column stands for the last move: a loss, a full bar down. */
    for (int row = 4; row < 7; row++)
        assert_int_equal(lines[row][strlen(lines[row]) - 1], '#');
    /* The numbers name the last move of each column. */
    assert_true(g_str_has_prefix(lines[7], "      5"));
    assert_non_null(strstr(lines[7], "200"));
    g_strfreev(lines);
    g_free(chart);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bar_heights_squash_scores_and_keep_decisive_ones_on_the_chart),
        cmocka_unit_test(test_plain_chart_of_fixed_scores),
        cmocka_unit_test(test_ascii_chart_of_fixed_scores),
        cmocka_unit_test(test_colour_chart_is_the_plain_one_with_escapes),
        cmocka_unit_test(test_game_of_one_move),
        cmocka_unit_test(test_long_game_is_squeezed_to_the_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
