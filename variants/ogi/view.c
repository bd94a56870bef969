/* view.c: an Ōgi position in parts (DjVariant.view_squares and
 * render_holdings), for a front end that draws the board itself.  The
 * glyphs come from render.c, so that the parts show the signs render()
 * draws. */
#include <string.h>

#include "variants/ogi/text.h"

void ogi_view_squares(const void *position, const DjRenderStyle *style, DjSquareView *out)
{
    const OgiPosition *pos = position;
    for (int sq = 0; sq < OGI_SQUARES; sq++) {
        DjSquareView *view = &out[sq];
        memset(view, 0, sizeof *view);
        view->side = -1;
        uint8_t piece = pos->board[sq];
        if (piece == OGI_NO_PIECE)
            continue;
        int colour = ogi_piece_colour(piece), type = ogi_piece_type(piece);
        view->side = colour;
        view->royal = type == OGI_KING;
        /* Two columns either way: a kanji is wide, and the letters keep
         * render()'s promotion column (" P", "+P") so that a board of
         * them lines up. */
        if (style->traditional) {
            g_strlcpy(view->glyph, ogi_type_kanji(colour, type), sizeof view->glyph);
        } else {
            char letters[3];
            ogi_piece_letters(colour, type, letters);
            g_strlcpy(view->glyph, letters, sizeof view->glyph);
        }
    }
}

/* The "In hand: " prefix, and the indent of the lines that go on after it. */
#define PREFIX "In hand: "
#define PREFIX_COLUMNS 9

void ogi_render_holdings(const void *position, const DjRenderStyle *style, int side,
                         GString *out)
{
    const OgiPosition *pos = position;
    if (side != OGI_BLACK && side != OGI_WHITE)
        return;   /* nothing belongs to neither player */
    int column = 0;
    for (int i = 0; i < OGI_HAND_KINDS; i++) {
        int kind = ogi_hand_order[i];
        int count = pos->hand[side][kind];
        if (count == 0)
            continue;
        /* Upper case for both sides, as a drop is typed ("P*e5"): the
         * front end places each hand by its side already. */
        char item[32];
        int columns;
        if (style->traditional) {
            columns = g_snprintf(item, sizeof item, count > 1 ? "%s x%d" : "%s",
                                 ogi_type_kanji(side, kind), count);
            columns -= (int)strlen(ogi_type_kanji(side, kind)) - 2;   /* bytes to columns */
        } else {
            columns = g_snprintf(item, sizeof item, count > 1 ? "%c x%d" : "%c",
                                 ogi_type_letter(kind), count);
        }
        if (column == 0) {
            g_string_append(out, PREFIX);
            column = PREFIX_COLUMNS;
        } else if (column + 2 + columns + 1 > DJ_HOLDINGS_COLUMNS) {
            /* the item and its comma would not fit: go on under the first */
            g_string_append_printf(out, ",\n%*s", PREFIX_COLUMNS, "");
            column = PREFIX_COLUMNS;
        } else {
            g_string_append(out, ", ");
            column += 2;
        }
        g_string_append(out, item);
        column += columns;
    }
    /* An empty hand is shown too: the player sees where captures go. */
    g_string_append(out, column > 0 ? "\n" : PREFIX "none\n");
}
