/* test_onitama_render.c: the terminal drawing, the position in parts
 * (view_squares, render_holdings, render_legend) and moves in words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/onitama/onitama_test.h"

static char *render(const void *pos, bool color, DjMove last_move, int bottom_side)
{
    DjRenderStyle style = { .color = color, .last_move = last_move, .bottom_side = bottom_side };
    GString *out = g_string_new(NULL);
    ONI->render(pos, &style, out);
    assert_true(out->len > 0 && out->str[out->len - 1] == '\n');
    return g_string_free(out, FALSE);
}

/* The index of the first line of `lines` containing `needle`. */
static int find_line(char **lines, const char *needle)
{
    for (int i = 0; lines[i] != NULL; i++) {
        if (strstr(lines[i], needle) != NULL)
            return i;
    }
    fail_msg("no line contains \"%s\"", needle);
    return -1;
}

/* Row `row` of the card grid that starts `column` characters into the
 * five lines after line `title`. */
static char *grid_row(char **lines, int title, int column, int row)
{
    const char *line = lines[title + 1 + row];
    assert_true(strlen(line) >= (size_t)column + 9);
    return g_strndup(line + column, 9);
}

static void assert_grid_row(char **lines, int title, int column, int row, const char *expected)
{
    char *got = grid_row(lines, title, column, row);
    if (strcmp(got, expected) != 0) {
        fail_msg("grid row %d after line %d: \"%s\", expected \"%s\"", row, title, got, expected);
    }
    g_free(got);
}

static void test_board_and_labels(void **state)
{
    (void)state;
    void *pos = oni_new_game("tiger,boar,horse,elephant,crab");
    char *text = render(pos, false, DJ_MOVE_NONE, 0);
    oni_assert_contains(text, "a   b   c   d   e");
    oni_assert_contains(text, " 5 | s | s | m | s | s | 5");
    oni_assert_contains(text, " 1 | S | S | M | S | S | 1");
    oni_assert_contains(text, "+---+---+===+---+---+");   /* temples */
    oni_assert_contains(text, "Blue holds:");
    oni_assert_contains(text, "Red holds:");
    oni_assert_contains(text, "Side card: Crab");
    oni_assert_contains(text, "Blue to move.");
    assert_null(strstr(text, "Legend"));   /* render_legend's, shown on request */
    assert_null(strchr(text, '\033'));
    assert_null(strstr(text, "|["));   /* no last move to mark on the board */
    /* Red (top) is drawn first, Blue's hand after the board. */
    assert_true(strstr(text, "Red holds:") < strstr(text, " 5 |"));
    assert_true(strstr(text, " 1 |") < strstr(text, "Blue holds:"));
    g_free(text);

    char *colored = render(pos, true, DJ_MOVE_NONE, 0);
    assert_non_null(strchr(colored, '\033'));
    g_free(colored);
    g_free(pos);
}

static void test_flipped_board(void **state)
{
    (void)state;
    void *pos = oni_new_game("tiger,boar,horse,elephant,crab");
    char *text = render(pos, false, DJ_MOVE_NONE, 1);
    char **lines = g_strsplit(text, "\n", -1);
    int labels = find_line(lines, "e   d   c   b   a");
    assert_true(g_str_has_prefix(lines[labels + 2], " 1 | S | S | M | S | S | 1"));
    assert_true(strstr(text, "Blue holds:") < strstr(text, " 1 |"));
    assert_true(strstr(text, " 5 |") < strstr(text, "Red holds:"));
    g_strfreev(lines);
    g_free(text);
    g_free(pos);
}

static void test_last_move_marked(void **state)
{
    (void)state;
    void *pos = oni_new_game("tiger,boar,horse,elephant,crab");
    DjMove move = oni_move(pos, "tiger:c1c3");
    void *after = oni_after(pos, "tiger:c1c3");
    char *text = render(after, false, move, 0);
    oni_assert_contains(text, " 3 |   |   |[M]|   |   | 3");
    oni_assert_contains(text, " 1 | S | S |[ ]| S | S | 1");
    oni_assert_contains(text, "Last move: tiger:c1c3");
    oni_assert_contains(text, "Red to move.");
    g_free(text);
    g_free(after);
    g_free(pos);
}

/* Cards are drawn the way their holder sees them on the drawn board. */
static void test_cards_oriented_for_holder(void **state)
{
    (void)state;
    /* Blue's first card is the Tiger (0,2),(0,-1), Red's the Kirin
     * (-1,2),(1,2),(0,-2); the side card Frog (-2,0),(-1,1),(1,-1) has
     * Red's stamp, so Red moves first and will take the Frog. */
    void *pos = oni_new_game("tiger,boar,kirin,horse,frog");
    assert_int_equal(ONI->side_to_move(pos), 1);
    char *text = render(pos, false, DJ_MOVE_NONE, 0);
    char **lines = g_strsplit(text, "\n", -1);

    int blue = find_line(lines, "Blue holds:");
    assert_grid_row(lines, blue, 16, 0, ". . x . .");   /* Tiger: two forward (up) */
    assert_grid_row(lines, blue, 16, 2, ". . o . .");
    assert_grid_row(lines, blue, 16, 3, ". . x . .");   /* one back (down) */
    assert_grid_row(lines, blue, 16, 4, ". . . . .");

    int red = find_line(lines, "Red holds:");
    /* Red at the top: the Kirin turned 180 degrees, its two forward steps
     * pointing down the screen and mirrored left-right. */
    assert_grid_row(lines, red, 16, 0, ". . x . .");   /* (0,-2): two back = up */
    assert_grid_row(lines, red, 16, 2, ". . o . .");
    assert_grid_row(lines, red, 16, 4, ". x . x .");   /* (-1,2), (1,2) */

    /* The side card Frog, turned for Red (to move, who takes it next):
     * (-2,0) is Red's left = the screen's right; (-1,1) down-right;
     * (1,-1) up-left. */
    int side = find_line(lines, "Side card: Frog");
    char *row1 = grid_row(lines, side, (int)strlen(lines[side + 2]) - 9, 1);
    char *row2 = grid_row(lines, side, (int)strlen(lines[side + 3]) - 9, 2);
    char *row3 = grid_row(lines, side, (int)strlen(lines[side + 4]) - 9, 3);
    assert_string_equal(row1, ". x . . .");
    assert_string_equal(row2, ". . o . x");
    assert_string_equal(row3, ". . . x .");
    g_free(row1);
    g_free(row2);
    g_free(row3);
    oni_assert_contains(text, "(Red takes it next)");
    g_strfreev(lines);
    g_free(text);

    /* With Red at the bottom, Red's Kirin reads as printed. */
    text = render(pos, false, DJ_MOVE_NONE, 1);
    lines = g_strsplit(text, "\n", -1);
    red = find_line(lines, "Red holds:");
    assert_grid_row(lines, red, 16, 0, ". x . x .");
    assert_grid_row(lines, red, 16, 4, ". . x . .");
    g_strfreev(lines);
    g_free(text);
    g_free(pos);
}

static void test_game_over_status(void **state)
{
    (void)state;
    void *pos = oni_position("5/5/2S2/5/2M2 r boar,ox,horse,elephant,crab");
    char *text = render(pos, false, DJ_MOVE_NONE, 0);
    oni_assert_contains(text, "Blue has won: Red's master was captured (Way of the Stone).");
    g_free(text);
    g_free(pos);
    pos = oni_position("M4/5/5/5/2m2 b boar,ox,horse,elephant,crab");
    text = render(pos, false, DJ_MOVE_NONE, 0);
    oni_assert_contains(text, "Red has won: its master reached Blue's temple (Way of the Stream).");
    g_free(text);
    g_free(pos);
}

/* ---- the position in parts ---------------------------------------------- */

#define SQUARES 25   /* a 5x5 board, a1 = 0 .. e5 = 24 */

static DjSquareView *view(const void *pos, bool traditional, int bottom_side)
{
    DjRenderStyle style = { .traditional = traditional, .bottom_side = bottom_side };
    DjSquareView *squares = g_new0(DjSquareView, SQUARES);
    ONI->view_squares(pos, &style, squares);
    return squares;
}

static void assert_square(const DjSquareView *s, const char *glyph, int side, bool royal,
                          bool special)
{
    assert_string_equal(s->glyph, glyph);
    assert_int_equal(s->side, side);
    assert_int_equal(s->royal, royal);
    assert_int_equal(s->special, special);
}

static void test_view_of_the_start(void **state)
{
    (void)state;
    void *pos = oni_new_game("tiger,boar,horse,elephant,crab");
    for (int bottom = 0; bottom < 2; bottom++) {
        /* squares are numbered from Blue's side whichever way the board
         * is turned, and Onitama has no traditional glyphs */
        DjSquareView *s = view(pos, bottom == 1, bottom);
        assert_square(&s[2], "M", 0, true, true);     /* c1: Blue's master, on its temple */
        assert_square(&s[22], "m", 1, true, true);    /* c5: Red's */
        assert_square(&s[0], "S", 0, false, false);   /* a1 */
        assert_square(&s[24], "s", 1, false, false);  /* e5 */
        assert_square(&s[12], "", -1, false, false);  /* c3 */
        int pieces = 0, special = 0;
        for (int sq = 0; sq < SQUARES; sq++) {
            pieces += s[sq].side >= 0;
            special += s[sq].special;
        }
        assert_int_equal(pieces, 10);
        assert_int_equal(special, 2);
        g_free(s);
    }
    /* an empty temple stays special; a master off it stays royal */
    void *after = oni_after(pos, "tiger:c1c3");
    DjSquareView *s = view(after, false, 0);
    assert_square(&s[2], "", -1, false, true);
    assert_square(&s[12], "M", 0, true, false);
    g_free(s);
    g_free(after);
    g_free(pos);
}

static char *holdings(const void *pos, int side, int bottom_side)
{
    DjRenderStyle style = { .bottom_side = bottom_side };
    GString *out = g_string_new(NULL);
    ONI->render_holdings(pos, &style, side, out);
    return g_string_free(out, FALSE);
}

static void assert_lines(const char *text, const char *const *expected)
{
    char **lines = g_strsplit(text, "\n", -1);
    int n = 0;
    while (expected[n] != NULL) {
        assert_non_null(lines[n]);
        assert_string_equal(lines[n], expected[n]);
        n++;
    }
    /* ends with a newline: nothing after the last line */
    assert_non_null(lines[n]);
    assert_string_equal(lines[n], "");
    assert_null(lines[n + 1]);
    g_strfreev(lines);
}

static void test_holdings_draw_the_dealt_cards(void **state)
{
    (void)state;
    /* Blue: Tiger (0,2),(0,-1) and Boar (-1,0),(0,1),(1,0); Red: Kirin
     * (-1,2),(1,2),(0,-2) and Horse (-1,0),(0,1),(0,-1); side card Frog
     * (-2,0),(-1,1),(1,-1), Red's stamp: Red moves first and takes it. */
    void *pos = oni_new_game("tiger,boar,kirin,horse,frog");
    char *text = holdings(pos, 0, 0);
    static const char *const blue[] = {
        "Tiger        Boar",
        ". . x . .    . . . . .",
        ". . . . .    . . x . .",
        ". . o . .    . x o x .",
        ". . x . .    . . . . .",
        ". . . . .    . . . . .",
        NULL,
    };
    assert_lines(text, blue);
    g_free(text);

    /* Red at the top: its cards turned 180 degrees, as render() draws them */
    text = holdings(pos, 1, 0);
    static const char *const red_top[] = {
        "Kirin        Horse",
        ". . x . .    . . . . .",
        ". . . . .    . . x . .",
        ". . o . .    . . o x .",   /* the Horse's step left: Red's left is the screen's right */
        ". . . . .    . . x . .",
        ". x . x .    . . . . .",
        NULL,
    };
    assert_lines(text, red_top);
    g_free(text);

    /* ... and as printed when Red sits at the bottom */
    text = holdings(pos, 1, 1);
    oni_assert_contains(text, "Kirin        Horse\n. x . x .    . . . . .\n");
    g_free(text);

    text = holdings(pos, -1, 0);
    static const char *const side_card[] = {
        "Side card: Frog",
        "  . . . . .",
        "  . x . . .",
        "  . . o . x",
        "  . . . x .",
        "  . . . . .",
        "(Red takes it next)",
        NULL,
    };
    assert_lines(text, side_card);
    g_free(text);

    /* the same grids as render() draws, line for line */
    DjRenderStyle style = { .bottom_side = 0 };
    GString *drawing = g_string_new(NULL);
    ONI->render(pos, &style, drawing);
    oni_assert_contains(drawing->str, "                . . x . .    . . . . .\n");
    g_string_free(drawing, TRUE);
    g_free(pos);
}

static char *legend(bool color)
{
    DjRenderStyle style = { .color = color };
    GString *out = g_string_new(NULL);
    ONI->render_legend(&style, out);
    return g_string_free(out, FALSE);
}

static void test_legend_in_short_lines(void **state)
{
    (void)state;
    char *text = legend(false);
    oni_assert_contains(text, "M S Blue master, students;");
    oni_assert_contains(text, "m s Red master, students;");
    oni_assert_contains(text, "=== temple");
    oni_assert_contains(text, "o piece, x where it may jump");
    assert_null(strchr(text, '\033'));
    assert_true(g_str_has_suffix(text, "\n"));
    char **lines = g_strsplit(text, "\n", -1);
    assert_true(g_strv_length(lines) >= 3);   /* two lines at least */
    for (char **line = lines; *line != NULL; line++)
        assert_true(strlen(*line) <= 78);
    g_strfreev(lines);
    g_free(text);
    text = legend(true);
    assert_non_null(strchr(text, '\033'));
    g_free(text);
}

static char *describe(const void *pos, const char *move_text)
{
    GString *out = g_string_new(NULL);
    ONI->describe_move(pos, oni_move(pos, move_text), out);
    return g_string_free(out, FALSE);
}

static void test_describe_move(void **state)
{
    (void)state;
    void *pos = oni_position("m4/2s2/5/2M2/1S3 b boar,ox,horse,elephant,crab");
    char *text = describe(pos, "boar:c2c3");
    assert_string_equal(text, "Blue's master moves c2-c3 with the Boar");
    g_free(text);
    g_free(pos);

    pos = oni_position("m4/5/2s2/2S2/2M2 b boar,ox,horse,elephant,crab");
    text = describe(pos, "boar:c2c3");
    assert_string_equal(text, "Blue's student moves c2-c3 with the Boar, capturing Red's student");
    g_free(text);
    g_free(pos);

    pos = oni_position("5/2m2/2S2/5/2M2 b boar,ox,horse,elephant,crab");
    text = describe(pos, "boar:c3c4");
    assert_string_equal(text, "Blue's student moves c3-c4 with the Boar, capturing Red's master: "
                              "Blue wins by the Way of the Stone");
    g_free(text);
    g_free(pos);

    pos = oni_position("5/2M2/5/5/m4 b boar,ox,horse,elephant,crab");
    text = describe(pos, "boar:c4c5");
    assert_string_equal(text, "Blue's master moves c4-c5 with the Boar, reaching Red's temple: "
                              "Blue wins by the Way of the Stream");
    g_free(text);
    g_free(pos);

    pos = oni_position("M3m/S4/S4/S4/S4 b tiger,horse,ox,boar,crab");
    text = describe(pos, "horse:pass");
    assert_string_equal(text, "Blue cannot move and passes, trading the Horse for the side card Crab");
    g_free(text);
    g_free(pos);
}

static void test_move_origin(void **state)
{
    (void)state;
    void *pos = oni_new_game("tiger,boar,horse,elephant,crab");
    assert_int_equal(ONI->move_origin(pos, oni_move(pos, "tiger:c1c3")), 2);
    assert_int_equal(ONI->move_origin(pos, oni_move(pos, "boar:e1e2")), 4);
    void *after = oni_after(pos, "boar:e1e2");
    assert_int_equal(ONI->move_origin(after, oni_move(after, "horse:d5d4")), 23);
    g_free(after);
    g_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_and_labels),
        cmocka_unit_test(test_flipped_board),
        cmocka_unit_test(test_last_move_marked),
        cmocka_unit_test(test_cards_oriented_for_holder),
        cmocka_unit_test(test_game_over_status),
        cmocka_unit_test(test_view_of_the_start),
        cmocka_unit_test(test_holdings_draw_the_dealt_cards),
        cmocka_unit_test(test_legend_in_short_lines),
        cmocka_unit_test(test_describe_move),
        cmocka_unit_test(test_move_origin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
