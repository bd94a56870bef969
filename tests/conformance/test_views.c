/* test_views.c: the checks of views.h on every registered variant that
 * draws a position in parts (view_squares, render_holdings,
 * render_legend), then proof that each check fails on a copy of a real
 * game with one bug planted through a wrapper: an escape in a glyph,
 * glyphs of two widths, a side on an empty square, a special square on one
 * edge only, a holdings line too wide, a legend too wide, a render() that
 * still draws the legend.  The base game is the first registered one with
 * view_squares and a mirror, so this runs in any build. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "framework/registry.h"
#include "tests/conformance/planted.h"
#include "tests/conformance/views.h"

#define BASE_SEED 0x71e35u
/* Random games per planted bug: each is caught in the first few. */
#define PLANTED_GAMES 6

static void test_views(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    int games = conf_games(CONF_VIEW_GAMES);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        if (v->render_holdings != NULL && v->view_squares == NULL)
            fail_msg("%s has render_holdings without view_squares (game.h)", v->name);
        conf_check_views_games(v, base, games);
        g_printerr("%s: %s%s%s checked over %d random games\n", v->name,
                   v->view_squares ? "view_squares " : "",
                   v->render_holdings ? "render_holdings " : "",
                   v->render_legend ? "render_legend" : "", games);
    }
}

/* ---- planted bugs --------------------------------------------------------- */

static const DjVariant *base;
static DjVariant wrapped;

static bool draws_in_parts(const DjVariant *variant)
{
    return variant->view_squares != NULL && variant->mirror != NULL
           && variant->render_holdings != NULL && variant->render_legend != NULL;
}

static int setup_base(void **state)
{
    (void)state;
    planted_setup(&base, &wrapped, draws_in_parts);
    return 0;
}

static int board_squares(void)
{
    return base->board_width * base->board_height;
}

/* A bold escape before side 0's glyphs, as a view copied from a coloured
 * render() would have. */
static void view_with_escape(const void *pos, const DjRenderStyle *style, DjSquareView *out)
{
    base->view_squares(pos, style, out);
    for (int sq = 0; sq < board_squares(); sq++) {
        if (out[sq].side == 0) {
            char *glyph = g_strconcat("\033[1m", out[sq].glyph, NULL);
            g_strlcpy(out[sq].glyph, glyph, sizeof out[sq].glyph);
            g_free(glyph);
        }
    }
}

/* Side 1's glyphs one column wider than side 0's ("m'"). */
static void view_with_two_widths(const void *pos, const DjRenderStyle *style, DjSquareView *out)
{
    base->view_squares(pos, style, out);
    for (int sq = 0; sq < board_squares(); sq++) {
        if (out[sq].side == 1)
            g_strlcat(out[sq].glyph, "'", sizeof out[sq].glyph);
    }
}

/* Empty squares owned by side 0, as a view that forgets to set -1. */
static void view_with_owned_empty_squares(const void *pos, const DjRenderStyle *style,
                                          DjSquareView *out)
{
    base->view_squares(pos, style, out);
    for (int sq = 0; sq < board_squares(); sq++) {
        if (out[sq].glyph[0] == '\0')
            out[sq].side = 0;
    }
}

/* The first rank special, as a view that marks side 0's edge of the board
 * and forgets the other. */
static void view_with_one_edge_special(const void *pos, const DjRenderStyle *style,
                                       DjSquareView *out)
{
    base->view_squares(pos, style, out);
    for (int sq = 0; sq < board_squares(); sq++)
        out[sq].special = sq < base->board_width;
}

static void holdings_too_wide(const void *pos, const DjRenderStyle *style, int side,
                              GString *out)
{
    base->render_holdings(pos, style, side, out);
    g_string_append_printf(out, "%*s|\n", DJ_HOLDINGS_COLUMNS, "");
}

static void legend_too_wide(const DjRenderStyle *style, GString *out)
{
    base->render_legend(style, out);
    g_string_append_printf(out, "%*s|\n", CONF_LEGEND_COLUMNS, "");
}

static void render_with_legend(const void *pos, const DjRenderStyle *style, GString *out)
{
    base->render(pos, style, out);
    base->render_legend(style, out);
}

static void run_views(void *data)
{
    (void)data;
    conf_check_views_games(&wrapped, BASE_SEED, PLANTED_GAMES);
}

/* The checks fail on `wrapped`, with a report containing `expected`. */
static void expect_failure(const char *expected)
{
    planted_expect_failure(run_views, NULL, expected);
}

static void require_base(void)
{
    planted_require_base(base, "view_squares, render_holdings, render_legend and a mirror");
}

static void test_the_unbroken_copy_passes(void **state)
{
    (void)state;
    require_base();
    run_views(NULL);
}

static void test_an_escape_in_a_glyph_is_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.view_squares = view_with_escape;
    expect_failure("with no escapes");
}

static void test_glyphs_of_two_widths_are_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.view_squares = view_with_two_widths;
    expect_failure("columns wide");
}

static void test_a_side_on_an_empty_square_is_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.view_squares = view_with_owned_empty_squares;
    expect_failure("side is -1 exactly where no piece stands");
}

static void test_a_view_that_favours_one_edge_is_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.view_squares = view_with_one_edge_special;
    expect_failure("of the mirror image");
}

static void test_holdings_too_wide_are_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.render_holdings = holdings_too_wide;
    expect_failure("a line of render_holdings");
}

static void test_a_legend_too_wide_is_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.render_legend = legend_too_wide;
    expect_failure("a line of render_legend");
}

static void test_a_render_that_draws_the_legend_is_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.render = render_with_legend;
    expect_failure("still draws the legend");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_views),
        cmocka_unit_test_setup(test_the_unbroken_copy_passes, setup_base),
        cmocka_unit_test_setup(test_an_escape_in_a_glyph_is_caught, setup_base),
        cmocka_unit_test_setup(test_glyphs_of_two_widths_are_caught, setup_base),
        cmocka_unit_test_setup(test_a_side_on_an_empty_square_is_caught, setup_base),
        cmocka_unit_test_setup(test_a_view_that_favours_one_edge_is_caught, setup_base),
        cmocka_unit_test_setup(test_holdings_too_wide_are_caught, setup_base),
        cmocka_unit_test_setup(test_a_legend_too_wide_is_caught, setup_base),
        cmocka_unit_test_setup(test_a_render_that_draws_the_legend_is_caught, setup_base),
    };
    return cmocka_run_group_tests_name("views", tests, NULL, NULL);
}
