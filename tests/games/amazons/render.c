/* render.c: the board for a terminal, the view for a full screen, moves in
 * words (amazons.h). */
#include "tests/games/amazons/amazons.h"

#include <string.h>

#include "framework/notation.h"

static const char *const side_names[2] = { "White", "Black" };

static char square_letter(const AmazonsPosition *pos, int square)
{
    uint64_t bit = amazons_bit(square);
    return pos->amazons[0] & bit ? 'W' : pos->amazons[1] & bit ? 'B'
           : pos->arrows & bit ? 'x' : '.';
}

/* The squares `move` touches, to bracket them. */
static bool marked(const AmazonsPosition *pos, DjMove move, int square)
{
    if (move == DJ_MOVE_NONE)
        return false;
    return amazons_move_from(move) == square || amazons_move_to(move) == square
           || (pos->whole_turns && amazons_move_arrow(move) == square);
}

void amazons_render(const void *p, const DjRenderStyle *style, GString *out)
{
    const AmazonsPosition *pos = p;
    bool flipped = style->bottom_side == AMAZONS_BLACK;
    for (int row = 0; row < AMAZONS_SIZE; row++) {
        int rank = flipped ? row : AMAZONS_SIZE - 1 - row;
        g_string_append_printf(out, "%d ", rank + 1);
        for (int column = 0; column < AMAZONS_SIZE; column++) {
            int file = flipped ? AMAZONS_SIZE - 1 - column : column;
            int square = file + rank * AMAZONS_SIZE;
            bool mark = marked(pos, style->last_move, square);
            char letter = square_letter(pos, square);
            g_string_append_c(out, mark ? '[' : ' ');
            /* With colour: White's amazons bold yellow, Black's bold
             * magenta, arrows dim. */
            const char *color = !style->color ? NULL
                                : letter == 'W' ? "\033[1;33m"
                                : letter == 'B' ? "\033[1;35m"
                                : letter == 'x' ? "\033[2m" : NULL;
            if (color != NULL)
                g_string_append_printf(out, "%s%c\033[0m", color, letter);
            else
                g_string_append_c(out, letter);
            g_string_append_c(out, mark ? ']' : ' ');
        }
        g_string_append_c(out, '\n');
    }
    g_string_append(out, "  ");
    for (int column = 0; column < AMAZONS_SIZE; column++)
        g_string_append_printf(out, " %c ", 'a' + (flipped ? AMAZONS_SIZE - 1 - column : column));
    g_string_append_c(out, '\n');
    g_string_append_printf(out, "%s to move", side_names[pos->side]);
    if (pos->shooter != AMAZONS_NO_SQUARE) {
        g_string_append(out, ": the amazon on ");
        dj_square_format(pos->shooter, AMAZONS_SIZE, out);
        g_string_append(out, " shoots");
    }
    g_string_append_c(out, '\n');
}

void amazons_render_legend(const DjRenderStyle *style, GString *out)
{
    (void)style;
    g_string_append(out, "W White's amazons, B Black's, x an arrow (a burnt square), "
                         "[ ] the last move\n");
}

void amazons_view_squares(const void *p, const DjRenderStyle *style, DjSquareView *out)
{
    (void)style;
    const AmazonsPosition *pos = p;
    for (int square = 0; square < AMAZONS_SQUARES; square++) {
        DjSquareView *view = &out[square];
        memset(view, 0, sizeof *view);
        view->side = -1;
        char letter = square_letter(pos, square);
        if (letter == 'W' || letter == 'B') {
            view->glyph[0] = letter;
            view->side = letter == 'W' ? AMAZONS_WHITE : AMAZONS_BLACK;
        }
        view->special = letter == 'x';
    }
}

void amazons_describe_move(const void *p, DjMove move, GString *out)
{
    const AmazonsPosition *pos = p;
    if (amazons_move_is_arrow(pos, move)) {
        g_string_append(out, "the amazon shoots its arrow at ");
        dj_square_format(amazons_move_to(move), AMAZONS_SIZE, out);
        return;
    }
    g_string_append(out, "the amazon moves");
    if (pos->whole_turns) {
        g_string_append(out, " and shoots at ");
        dj_square_format(amazons_move_arrow(move), AMAZONS_SIZE, out);
    } else {
        g_string_append(out, "; its arrow comes next");
    }
}
