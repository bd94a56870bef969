/* view.c: an Onitama position in parts (DjVariant.view_squares and
 * render_holdings), for a front end that draws the board itself.  The
 * letters and card grids come from render.c, so that the parts show the
 * very signs render() draws. */
#include "variants/onitama/onitama.h"

#include <string.h>

/* Room between the two titles of a hand: a grid (9 columns) and the 4
 * columns between grids, so that each title stands over its own grid. */
#define TITLE_COLUMN 13

void onitama_view_squares(const void *p, const DjRenderStyle *style, DjSquareView *out)
{
    (void)style;   /* Onitama has no traditional glyphs, and no colour here */
    const OnitamaPosition *pos = p;
    for (int square = 0; square < ONITAMA_SQUARES; square++) {
        DjSquareView *view = &out[square];
        memset(view, 0, sizeof *view);
        uint32_t bit = onitama_bit(square);
        char letter = onitama_piece_letter(pos, square);
        view->side = -1;
        if (letter != ' ') {
            view->glyph[0] = letter;
            view->side = (pos->pieces[ONITAMA_RED] & bit) != 0 ? ONITAMA_RED : ONITAMA_BLUE;
            view->royal = ((pos->masters[0] | pos->masters[1]) & bit) != 0;
        }
        view->special = square == ONITAMA_TEMPLE_BLUE || square == ONITAMA_TEMPLE_RED;
    }
}

void onitama_render_holdings(const void *p, const DjRenderStyle *style, int side, GString *out)
{
    static const char *const names[2] = { "Blue", "Red" };
    const OnitamaPosition *pos = p;
    if (side == ONITAMA_BLUE || side == ONITAMA_RED) {
        int first = pos->cards[2 * side], second = pos->cards[2 * side + 1];
        /* A card reads as its holder sees it from its edge of the board,
         * as in render(): upside down for the player at the top. */
        int turn = side == style->bottom_side ? 1 : -1;
        g_string_append_printf(out, "%-*s%s\n", TITLE_COLUMN, onitama_card(first)->title,
                               onitama_card(second)->title);
        onitama_append_card_pair(out, first, second, turn, 0);
    } else if (side == -1) {
        int card = pos->cards[ONITAMA_SIDE_SLOT];
        /* The side to move takes the side card after its move, so it is
         * turned the way that player reads it. */
        int receiver = pos->side;
        g_string_append_printf(out, "Side card: %s\n", onitama_card(card)->title);
        for (int row = 0; row < 5; row++) {
            g_string_append(out, "  ");
            onitama_append_card_row(out, card, receiver == style->bottom_side ? 1 : -1, row);
            g_string_append_c(out, '\n');
        }
        g_string_append_printf(out, "(%s takes it next)\n", names[receiver]);
    }
}
