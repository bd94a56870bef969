/* render.c: drawing an Ōgi position for a terminal, and describing moves.
 *
 * Letters (default): upper case Black, lower case White, '+' before a
 * promoted piece, '.' for an empty square.  Traditional (kanji), as in
 * shogi diagrams, White's pieces carry a 'v' prefix:
 *   King 玉 (Black) / 王 (White), Princess 妃 (promoted: 后, "empress"),
 *   Rook 飛 (promoted: 龍), Bishop 角 (馬), Silver 銀 (全), Knight 桂 (圭),
 *   Lance 香 (杏), Pawn 歩 (と); an empty square is ・.
 * The squares of the last move are bracketed: [ P].  The legend is apart
 * (ogi_render_legend), and view.c gives a front end that draws the board
 * itself the same glyphs (less the 'v', which its `side` replaces).
 */
#include "variants/ogi/attacks.h"
#include "variants/ogi/text.h"

#define ANSI_BLACK_PIECE "\033[1;36m"
#define ANSI_WHITE_PIECE "\033[1;31m"
#define ANSI_RESET "\033[0m"

static const char *const kanji[OGI_TYPES] = {
    [OGI_PAWN] = "歩",     [OGI_LANCE] = "香",  [OGI_KNIGHT] = "桂",  [OGI_SILVER] = "銀",
    [OGI_BISHOP] = "角",   [OGI_ROOK] = "飛",   [OGI_PRINCESS] = "妃", [OGI_KING] = "玉",
    [OGI_TOKIN] = "と",    [OGI_PLANCE] = "杏", [OGI_PKNIGHT] = "圭", [OGI_PSILVER] = "全",
    [OGI_HORSE] = "馬",    [OGI_DRAGON] = "龍", [OGI_PPRINCESS] = "后",
};
#define KANJI_WHITE_KING "王"
#define KANJI_EMPTY "・"

const int ogi_hand_order[OGI_HAND_KINDS] = {
    OGI_PRINCESS, OGI_ROOK, OGI_BISHOP, OGI_SILVER, OGI_KNIGHT, OGI_LANCE, OGI_PAWN,
};

const char *ogi_type_kanji(int colour, int type)
{
    return colour == OGI_WHITE && type == OGI_KING ? KANJI_WHITE_KING : kanji[type];
}

void ogi_piece_letters(int colour, int type, char out[3])
{
    bool promoted = !ogi_type_promotes(type) && type != OGI_KING;
    char letter = ogi_type_letter(type);
    out[0] = promoted ? '+' : ' ';
    out[1] = colour == OGI_BLACK ? letter : g_ascii_tolower(letter);
    out[2] = '\0';
}

static void append_piece(GString *out, uint8_t piece, const DjRenderStyle *style)
{
    if (piece == OGI_NO_PIECE) {
        g_string_append(out, style->traditional ? " " KANJI_EMPTY : " .");
        return;
    }
    int colour = ogi_piece_colour(piece);
    int type = ogi_piece_type(piece);
    if (style->color)
        g_string_append(out, colour == OGI_BLACK ? ANSI_BLACK_PIECE : ANSI_WHITE_PIECE);
    if (style->traditional) {
        g_string_append_c(out, colour == OGI_WHITE ? 'v' : ' ');
        g_string_append(out, ogi_type_kanji(colour, type));
    } else {
        char letters[3];
        ogi_piece_letters(colour, type, letters);
        g_string_append(out, letters);
    }
    if (style->color)
        g_string_append(out, ANSI_RESET);
}

static void append_files(GString *out, const DjRenderStyle *style, bool flipped)
{
    g_string_append(out, "    ");
    for (int i = 0; i < OGI_FILES; i++) {
        int file = flipped ? 7 - i : i;
        g_string_append_printf(out, style->traditional ? "  %c  " : "  %c ", 'a' + file);
    }
    while (out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate(out, out->len - 1);   /* no trailing blanks */
    g_string_append_c(out, '\n');
}

static void append_hand(GString *out, const OgiPosition *pos, int colour, const DjRenderStyle *style)
{
    g_string_append_printf(out, "%s in hand:", ogi_side_name[colour]);
    bool any = false;
    for (int i = 0; i < OGI_HAND_KINDS; i++) {
        int kind = ogi_hand_order[i];
        int count = pos->hand[colour][kind];
        if (count == 0)
            continue;
        any = true;
        g_string_append_c(out, ' ');
        if (style->traditional) {
            g_string_append(out, kanji[kind]);
            if (count > 1)
                g_string_append_printf(out, "%d", count);
        } else {
            if (count > 1)
                g_string_append_printf(out, "%d", count);
            char letter = ogi_type_letter(kind);
            g_string_append_c(out, colour == OGI_BLACK ? letter : g_ascii_tolower(letter));
        }
    }
    if (!any)
        g_string_append(out, " nothing");
    g_string_append_c(out, '\n');
}

void ogi_render(const void *position, const DjRenderStyle *style, GString *out)
{
    const OgiPosition *pos = position;
    bool flipped = style->bottom_side == OGI_WHITE;
    int top_side = flipped ? OGI_BLACK : OGI_WHITE;
    Bitboard marked = 0;
    if (style->last_move != DJ_MOVE_NONE) {
        marked |= BB_SQ(ogi_move_to(style->last_move));
        if (!ogi_move_is_drop(style->last_move))
            marked |= BB_SQ(ogi_move_from(style->last_move));
    }

    append_hand(out, pos, top_side, style);
    append_files(out, style, flipped);
    for (int row = 0; row < OGI_RANKS; row++) {
        int rank = flipped ? row : 7 - row;
        g_string_append_printf(out, "  %d ", rank + 1);
        for (int col = 0; col < OGI_FILES; col++) {
            int sq = sq_make(flipped ? 7 - col : col, rank);
            bool mark = (marked & BB_SQ(sq)) != 0;
            g_string_append_c(out, mark ? '[' : ' ');
            append_piece(out, pos->board[sq], style);
            g_string_append_c(out, mark ? ']' : ' ');
        }
        g_string_append_printf(out, " %d\n", rank + 1);
    }
    append_files(out, style, flipped);
    append_hand(out, pos, top_side ^ 1, style);
    /* A side with no move has lost (a mate, or a stalemate, which loses
     * too): the board says so rather than whose turn it is. */
    bool check = ogi_in_check(pos);
    if (ogi_count_moves(pos) == 0)
        g_string_append_printf(out, "%s %s (move %u).", ogi_side_name[pos->side],
                               check ? "is checkmated" : "has no legal move", pos->move_number);
    else
        g_string_append_printf(out, "%s to move (move %u).%s", ogi_side_name[pos->side],
                               pos->move_number, check ? " Check!" : "");
    g_string_append_c(out, '\n');
}

void ogi_describe_move(const void *position, DjMove move, GString *out)
{
    const OgiPosition *pos = position;
    int us = pos->side;
    int to = ogi_move_to(move);
    if (ogi_move_is_drop(move)) {
        g_string_append_printf(out, "%s drops a %s on ", ogi_side_name[us],
                               ogi_type_name(ogi_move_kind(move)));
        ogi_square_append(to, out);
    } else {
        int from = ogi_move_from(move);
        int type = ogi_piece_type(pos->board[from]);
        g_string_append_printf(out, "%s's %s ", ogi_side_name[us], ogi_type_name(type));
        ogi_square_append(from, out);
        g_string_append_c(out, '-');
        ogi_square_append(to, out);
        uint8_t captured = pos->board[to];
        if (captured != OGI_NO_PIECE)
            g_string_append_printf(out, " takes a %s", ogi_type_name(ogi_piece_type(captured)));
        if (ogi_move_promotes(move))
            g_string_append_printf(out, "%s promotes", captured != OGI_NO_PIECE ? " and" : "");
    }
    if (ogi_gives_check(pos, move))
        g_string_append(out, ", giving check");
}

/* Kept to lines of at most 78 columns (a kanji is two), broken between
 * items, for an 80-column terminal. */
void ogi_render_legend(const DjRenderStyle *style, GString *out)
{
    if (style->traditional) {
        g_string_append(out,
            "Legend: 玉 王 king, 妃 princess, 飛 rook, 角 bishop, 銀 silver,\n"
            "        桂 knight, 香 lance, 歩 pawn; promoted: 后 princess, 龍 dragon,\n"
            "        馬 horse, 全 silver, 圭 knight, 杏 lance, と tokin;\n"
            "        v before White's pieces; ・ empty square; [ ] last move.\n");
    } else {
        g_string_append(out,
            "Legend: K king, I princess, R rook, B bishop, S silver, N knight,\n"
            "        L lance, P pawn; upper case Black, lower case White;\n"
            "        + promoted (+B horse, +R dragon); . empty square; [ ] last move.\n");
    }
}
