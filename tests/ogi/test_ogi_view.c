/* test_ogi_view.c: an Ōgi position in parts, for a front end that draws
 * the board itself: view_squares (render()'s glyphs, in letters or kanji,
 * every glyph of a style two columns wide, the King royal), render_holdings
 * (the pieces in hand with their counts) and render_legend, which render()
 * no longer draws. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "tests/ogi/ogi_test.h"

#define SQUARES 64   /* a1 = 0, h1 = 7, a8 = 56 */
#define SQ(file, rank) ((file) - 'a' + ((rank) - 1) * 8)

static DjSquareView *view(const void *pos, bool traditional, int bottom_side)
{
    DjRenderStyle style = { .traditional = traditional, .bottom_side = bottom_side };
    DjSquareView *squares = g_new0(DjSquareView, SQUARES);
    OGI->view_squares(pos, &style, squares);
    return squares;
}

static void assert_square(const DjSquareView *s, const char *glyph, int side, bool royal)
{
    assert_string_equal(s->glyph, glyph);
    assert_int_equal(s->side, side);
    assert_int_equal(s->royal, royal);
    assert_false(s->special);   /* render() marks no square */
}

/* The terminal columns of a glyph: 2 for a wide character. */
static int columns(const char *glyph)
{
    int n = 0;
    for (const char *p = glyph; *p != '\0'; p = g_utf8_next_char(p))
        n += g_unichar_iswide(g_utf8_get_char(p)) ? 2 : 1;
    return n;
}

static void test_view_of_the_start_in_letters(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    for (int bottom = 0; bottom < 2; bottom++) {
        DjSquareView *s = view(pos, false, bottom);
        assert_square(&s[SQ('e', 1)], " K", 0, true);
        assert_square(&s[SQ('e', 8)], " k", 1, true);
        assert_square(&s[SQ('d', 1)], " I", 0, false);
        assert_square(&s[SQ('b', 2)], " B", 0, false);
        assert_square(&s[SQ('g', 7)], " b", 1, false);
        assert_square(&s[SQ('a', 3)], " P", 0, false);
        assert_square(&s[SQ('a', 4)], "", -1, false);
        int pieces[2] = { 0, 0 }, royal = 0;
        for (int sq = 0; sq < SQUARES; sq++) {
            if (s[sq].side >= 0) {
                pieces[s[sq].side]++;
                assert_int_equal(columns(s[sq].glyph), 2);
            }
            royal += s[sq].royal;
        }
        assert_int_equal(pieces[0], 18);   /* 8 pieces, rook, bishop, 8 pawns */
        assert_int_equal(pieces[1], 18);
        assert_int_equal(royal, 2);
        g_free(s);
    }
    g_free(pos);
}

static void test_view_in_kanji(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k2l/1+p6/8/8/8/8/1+B4R1/3IK3 b 2Pr 1");
    DjSquareView *s = view(pos, true, 0);
    assert_square(&s[SQ('e', 1)], "玉", 0, true);
    assert_square(&s[SQ('e', 8)], "王", 1, true);   /* White's King, as render() draws it */
    assert_square(&s[SQ('d', 1)], "妃", 0, false);
    assert_square(&s[SQ('b', 2)], "馬", 0, false);  /* a promoted bishop */
    assert_square(&s[SQ('g', 2)], "飛", 0, false);
    assert_square(&s[SQ('b', 7)], "と", 1, false);   /* White's tokin: no 'v', side says it */
    assert_square(&s[SQ('h', 8)], "香", 1, false);
    assert_square(&s[SQ('a', 1)], "", -1, false);
    for (int sq = 0; sq < SQUARES; sq++) {
        if (s[sq].side >= 0)
            assert_int_equal(columns(s[sq].glyph), 2);
    }
    g_free(s);

    /* the letters of the same position, '+' in render()'s promotion column */
    s = view(pos, false, 0);
    assert_square(&s[SQ('b', 2)], "+B", 0, false);
    assert_square(&s[SQ('b', 7)], "+p", 1, false);
    assert_square(&s[SQ('h', 8)], " l", 1, false);
    g_free(s);
    g_free(pos);
}

static char *holdings(const void *pos, bool traditional, int side)
{
    DjRenderStyle style = { .traditional = traditional };
    GString *out = g_string_new(NULL);
    OGI->render_holdings(pos, &style, side, out);
    return g_string_free(out, FALSE);
}

static void test_holdings_list_the_hand_with_counts(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b R2B3SP2p 1");
    char *text = holdings(pos, false, 0);
    assert_string_equal(text, "In hand: R, B x2, S x3, P\n");
    g_free(text);
    text = holdings(pos, false, 1);   /* upper case, as White types its drops too */
    assert_string_equal(text, "In hand: P x2\n");
    g_free(text);
    text = holdings(pos, true, 0);
    assert_string_equal(text, "In hand: 飛, 角 x2, 銀 x3, 歩\n");
    g_free(text);
    text = holdings(pos, false, -1);   /* nothing belongs to neither side */
    assert_string_equal(text, "");
    g_free(text);
    g_free(pos);

    /* an empty hand says so */
    pos = ogi_test_start();
    text = holdings(pos, false, 0);
    assert_string_equal(text, "In hand: none\n");
    g_free(text);
    g_free(pos);
}

static void test_a_full_hand_wraps_between_items(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b 2I2R2B4S4N4L16P 1");
    char *text = holdings(pos, false, 0);
    assert_string_equal(text, "In hand: I x2, R x2, B x2, S x4, N x4,\n"
                              "         L x4, P x16\n");
    g_free(text);
    text = holdings(pos, true, 0);
    char **lines = g_strsplit(text, "\n", -1);
    for (char **line = lines; *line != NULL; line++) {
        int width = 0;
        for (const char *p = *line; *p != '\0'; p = g_utf8_next_char(p))
            width += g_unichar_iswide(g_utf8_get_char(p)) ? 2 : 1;
        assert_true(width <= DJ_HOLDINGS_COLUMNS);
    }
    assert_true(g_strv_length(lines) >= 3);   /* two lines and the empty end */
    g_strfreev(lines);
    g_free(text);
    g_free(pos);
}

static char *legend(bool traditional)
{
    DjRenderStyle style = { .traditional = traditional };
    GString *out = g_string_new(NULL);
    OGI->render_legend(&style, out);
    return g_string_free(out, FALSE);
}

static void test_legend_apart_from_render(void **state)
{
    (void)state;
    char *letters = legend(false);
    ogi_test_assert_contains(letters, "K king");
    ogi_test_assert_contains(letters, "+ promoted");
    char *kanji = legend(true);
    ogi_test_assert_contains(kanji, "玉 王 king");
    ogi_test_assert_contains(kanji, "v before White's pieces");

    void *pos = ogi_test_start();
    DjRenderStyle style = { .traditional = false };
    GString *drawing = g_string_new(NULL);
    OGI->render(pos, &style, drawing);
    assert_null(strstr(drawing->str, "Legend"));
    assert_null(strstr(drawing->str, "K king"));
    g_string_free(drawing, TRUE);
    g_free(pos);
    g_free(letters);
    g_free(kanji);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_of_the_start_in_letters),
        cmocka_unit_test(test_view_in_kanji),
        cmocka_unit_test(test_holdings_list_the_hand_with_counts),
        cmocka_unit_test(test_a_full_hand_wraps_between_items),
        cmocka_unit_test(test_legend_apart_from_render),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
