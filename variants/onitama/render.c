/* render.c: drawing the position for a terminal, and moves in words.
 *
 * The board is drawn with style->bottom_side at the bottom; each card is
 * drawn as a 5x5 grid ('o' the piece, 'x' where it may jump) turned the way
 * its holder sees it on that board, so that a card can be read straight
 * off the screen: a card of the player at the top appears turned 180
 * degrees.  The side card is turned for the side to move, which will take
 * it after its move.  Temples are the '===' edges of c1 and c5; the last
 * move's squares are bracketed.  The legend is apart (render_legend), and
 * the glyphs and card grids here are the ones view.c gives a front end
 * that draws the board itself, so both show the same signs. */
#include "variants/onitama/onitama.h"

#include <string.h>

#include "framework/notation.h"

static const char *const side_names[2] = { "Blue", "Red" };
static const char *const kind_names[2] = { "student", "master" };
static const char *const side_colors[2] = { "\033[1;34m", "\033[1;31m" };
static const char *const color_reset = "\033[0m";

#define BOARD_WIDTH 26     /* visible columns of every board line */
#define CARD_WIDTH 9       /* "x . o . x" */

static void append_colored(GString *out, bool color, int side, const char *text)
{
    if (color)
        g_string_append_printf(out, "%s%s%s", side_colors[side], text, color_reset);
    else
        g_string_append(out, text);
}

void onitama_append_card_row(GString *out, int card, int turn, int row)
{
    const OnitamaCard *c = onitama_card(card);
    int dy = 2 - row;
    for (int column = 0; column < 5; column++) {
        int dx = column - 2;
        char mark = dx == 0 && dy == 0 ? 'o' : '.';
        for (int i = 0; i < c->n_offsets; i++) {
            if (turn * c->offsets[i][0] == dx && turn * c->offsets[i][1] == dy)
                mark = 'x';
        }
        if (column > 0)
            g_string_append_c(out, ' ');
        g_string_append_c(out, mark);
    }
}

void onitama_append_card_pair(GString *out, int first, int second, int turn, int indent)
{
    for (int row = 0; row < 5; row++) {
        g_string_append_printf(out, "%*s", indent, "");
        onitama_append_card_row(out, first, turn, row);
        g_string_append(out, "    ");
        onitama_append_card_row(out, second, turn, row);
        g_string_append_c(out, '\n');
    }
}

char onitama_piece_letter(const OnitamaPosition *pos, int square)
{
    uint32_t bit = onitama_bit(square);
    for (int side = 0; side < 2; side++) {
        if (pos->pieces[side] & bit) {
            char letter = (pos->masters[side] & bit) != 0 ? 'M' : 'S';
            return side == ONITAMA_RED ? g_ascii_tolower(letter) : letter;
        }
    }
    return ' ';
}

/* The two cards of `side`, a title line and five grid lines. */
static void append_hand(GString *out, const OnitamaPosition *pos, const DjRenderStyle *style, int side)
{
    int turn = side == style->bottom_side ? 1 : -1;
    GString *title = g_string_new(NULL);
    g_string_append_printf(title, "%s holds:", side_names[side]);
    append_colored(out, style->color, side, title->str);
    g_string_free(title, TRUE);
    g_string_append_printf(out, "%*s", 16 - (int)strlen(side_names[side]) - 7, "");
    g_string_append_printf(out, "%-*s%s\n", CARD_WIDTH + 4, onitama_card(pos->cards[2 * side])->title,
                           onitama_card(pos->cards[2 * side + 1])->title);
    onitama_append_card_pair(out, pos->cards[2 * side], pos->cards[2 * side + 1], turn, 16);
}

static void append_piece(GString *out, const OnitamaPosition *pos, bool color, int square)
{
    char letter[2] = { onitama_piece_letter(pos, square), '\0' };
    if (letter[0] == ' ')
        g_string_append_c(out, ' ');
    else
        append_colored(out, color, (pos->pieces[ONITAMA_RED] & onitama_bit(square)) != 0, letter);
}

/* Board line `line` (0..12): file letters, borders and ranks. */
static void append_board_line(GString *out, const OnitamaPosition *pos, const DjRenderStyle *style,
                              int line)
{
    bool flipped = style->bottom_side == ONITAMA_RED;
    if (line == 0 || line == 12) {
        g_string_append(out, "    ");
        for (int column = 0; column < 5; column++)
            g_string_append_printf(out, " %c  ", 'a' + (flipped ? 4 - column : column));
        g_string_append(out, "  ");
        return;
    }
    if (line % 2 == 1) {
        /* The outer edges of c1 and c5 (both in the middle column, flipped
         * or not) mark the temples. */
        bool outer = line == 1 || line == 11;
        g_string_append(out, "   +");
        for (int column = 0; column < 5; column++)
            g_string_append(out, outer && column == 2 ? "===+" : "---+");
        g_string_append(out, "  ");
        return;
    }
    int row = line / 2 - 1;
    int rank = flipped ? row : 4 - row;
    DjMove last = style->last_move;
    bool mark_last = last != DJ_MOVE_NONE && !onitama_move_is_pass(last);
    g_string_append_printf(out, " %d |", rank + 1);
    for (int column = 0; column < 5; column++) {
        int square = (flipped ? 4 - column : column) + rank * ONITAMA_SIZE;
        bool marked = mark_last && (square == onitama_move_from(last) || square == onitama_move_to(last));
        g_string_append_c(out, marked ? '[' : ' ');
        append_piece(out, pos, style->color, square);
        g_string_append(out, marked ? "]|" : " |");
    }
    g_string_append_printf(out, " %d", rank + 1);
}

/* Line `line` of the side-card block beside the board, or nothing. */
static void append_side_card_line(GString *out, const OnitamaPosition *pos, const DjRenderStyle *style,
                                  int line)
{
    enum { FIRST = 3 };
    int card = pos->cards[ONITAMA_SIDE_SLOT];
    int receiver = pos->side;
    if (line == FIRST) {
        g_string_append_printf(out, "     Side card: %s", onitama_card(card)->title);
    } else if (line > FIRST && line <= FIRST + 5) {
        g_string_append(out, "       ");
        onitama_append_card_row(out, card, receiver == style->bottom_side ? 1 : -1, line - FIRST - 1);
    } else if (line == FIRST + 6) {
        g_string_append(out, "     (");
        append_colored(out, style->color, receiver, side_names[receiver]);
        g_string_append(out, " takes it next)");
    }
}

static void append_status(GString *out, const OnitamaPosition *pos, const DjRenderStyle *style)
{
    DjOutcome outcome = onitama_outcome(pos);
    if (outcome == DJ_OUTCOME_ONGOING) {
        append_colored(out, style->color, pos->side, side_names[pos->side]);
        g_string_append(out, " to move.");
    } else {
        int winner = outcome == DJ_OUTCOME_WIN_SIDE0 ? ONITAMA_BLUE : ONITAMA_RED;
        append_colored(out, style->color, winner, side_names[winner]);
        if (pos->masters[winner ^ 1] == 0)
            g_string_append_printf(out, " has won: %s's master was captured (Way of the Stone).",
                                   side_names[winner ^ 1]);
        else
            g_string_append_printf(out, " has won: its master reached %s's temple (Way of the Stream).",
                                   side_names[winner ^ 1]);
    }
    if (style->last_move != DJ_MOVE_NONE) {
        g_string_append(out, "  Last move: ");
        onitama_format_move(pos, style->last_move, out);
    }
    g_string_append_c(out, '\n');
}

void onitama_render(const void *p, const DjRenderStyle *style, GString *out)
{
    const OnitamaPosition *pos = p;
    int bottom = style->bottom_side == ONITAMA_RED ? ONITAMA_RED : ONITAMA_BLUE;
    append_hand(out, pos, style, bottom ^ 1);
    g_string_append_c(out, '\n');
    for (int line = 0; line <= 12; line++) {
        size_t start = out->len;
        append_board_line(out, pos, style, line);
        size_t side_start = out->len;
        append_side_card_line(out, pos, style, line);
        if (out->len == side_start) {
            /* nothing beside this line: drop the board's trailing spaces */
            while (out->len > start && out->str[out->len - 1] == ' ')
                g_string_truncate(out, out->len - 1);
        }
        g_string_append_c(out, '\n');
    }
    g_string_append_c(out, '\n');
    append_hand(out, pos, style, bottom);
    g_string_append_c(out, '\n');
    append_status(out, pos, style);
}

/* Two lines, broken between items: the old one-line legend was 120
 * columns, and a terminal wrapped it mid-word. */
void onitama_render_legend(const DjRenderStyle *style, GString *out)
{
    g_string_append(out, "Legend: ");
    append_colored(out, style->color, ONITAMA_BLUE, "M S");
    g_string_append(out, " Blue master, students; ");
    append_colored(out, style->color, ONITAMA_RED, "m s");
    g_string_append(out, " Red master, students;\n"
                         "        === temple; [ ] last move; cards: o piece, x where it may jump.\n");
}

void onitama_describe_move(const void *p, DjMove move, GString *out)
{
    const OnitamaPosition *pos = p;
    int side = pos->side, enemy = side ^ 1;
    const char *card = onitama_card(onitama_move_card(move))->title;
    if (onitama_move_is_pass(move)) {
        g_string_append_printf(out, "%s cannot move and passes, trading the %s for the side card %s",
                               side_names[side], card,
                               onitama_card(pos->cards[ONITAMA_SIDE_SLOT])->title);
        return;
    }
    int from = onitama_move_from(move), to = onitama_move_to(move);
    bool master = (pos->masters[side] & onitama_bit(from)) != 0;
    g_string_append_printf(out, "%s's %s moves ", side_names[side], kind_names[master]);
    dj_square_format(from, ONITAMA_SIZE, out);
    g_string_append_c(out, '-');
    dj_square_format(to, ONITAMA_SIZE, out);
    g_string_append_printf(out, " with the %s", card);
    if (pos->pieces[enemy] & onitama_bit(to)) {
        bool took_master = (pos->masters[enemy] & onitama_bit(to)) != 0;
        g_string_append_printf(out, ", capturing %s's %s", side_names[enemy], kind_names[took_master]);
        if (took_master) {
            g_string_append_printf(out, ": %s wins by the Way of the Stone", side_names[side]);
            return;
        }
    }
    if (master && to == onitama_enemy_temple(side))
        g_string_append_printf(out, ", reaching %s's temple: %s wins by the Way of the Stream",
                               side_names[enemy], side_names[side]);
}

void onitama_describe_outcome(const void *p, GString *out)
{
    const OnitamaPosition *pos = p;
    for (int winner = 0; winner < 2; winner++) {
        int loser = winner ^ 1;
        if (pos->masters[loser] == 0) {
            g_string_append_printf(out, "%s captured %s's master: the Way of the Stone",
                                   side_names[winner], side_names[loser]);
            return;
        }
        if (pos->masters[winner] & onitama_bit(onitama_enemy_temple(winner))) {
            g_string_append_printf(out, "%s's master reached %s's temple: the Way of the Stream",
                                   side_names[winner], side_names[loser]);
            return;
        }
    }
}
