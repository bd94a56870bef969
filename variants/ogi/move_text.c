/* move_text.c: Ōgi move text (see text.h) and the names of things. */
#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"
#include "variants/ogi/attacks.h"
#include "variants/ogi/text.h"

const char *const ogi_side_name[2] = { "Black", "White" };

static const char type_letters[OGI_KING + 1] = {
    [OGI_PAWN] = 'P', [OGI_LANCE] = 'L', [OGI_KNIGHT] = 'N', [OGI_SILVER] = 'S',
    [OGI_BISHOP] = 'B', [OGI_ROOK] = 'R', [OGI_PRINCESS] = 'I', [OGI_KING] = 'K',
};

static const char *const type_names[OGI_TYPES] = {
    [OGI_PAWN] = "pawn",        [OGI_LANCE] = "lance",     [OGI_KNIGHT] = "knight",
    [OGI_SILVER] = "silver",    [OGI_BISHOP] = "bishop",   [OGI_ROOK] = "rook",
    [OGI_PRINCESS] = "princess", [OGI_KING] = "king",      [OGI_TOKIN] = "tokin",
    [OGI_PLANCE] = "promoted lance", [OGI_PKNIGHT] = "promoted knight",
    [OGI_PSILVER] = "promoted silver", [OGI_HORSE] = "horse", [OGI_DRAGON] = "dragon",
    [OGI_PPRINCESS] = "promoted princess",
};

char ogi_type_letter(int type)
{
    return type_letters[ogi_type_base(type)];
}

int ogi_letter_type(char letter)
{
    char upper = g_ascii_toupper(letter);
    for (int type = 0; type <= OGI_KING; type++)
        if (type_letters[type] == upper)
            return type;
    return -1;
}

const char *ogi_type_name(int type)
{
    return type >= 0 && type < OGI_TYPES ? type_names[type] : "piece";
}

void ogi_square_append(int sq, GString *out)
{
    g_string_append_c(out, (char)('a' + sq_file(sq)));
    g_string_append_c(out, (char)('1' + sq_rank(sq)));
}

int ogi_square_parse(const char *text)
{
    char file = g_ascii_tolower(text[0]);
    if (file < 'a' || file > 'h' || text[1] < '1' || text[1] > '8')
        return -1;
    return sq_make(file - 'a', text[1] - '1');
}

void ogi_format_move(const void *position, DjMove move, GString *out)
{
    (void)position;
    int to = ogi_move_to(move);
    if (ogi_move_is_drop(move)) {
        g_string_append_c(out, ogi_type_letter(ogi_move_kind(move)));
        g_string_append_c(out, '*');
        ogi_square_append(to, out);
        return;
    }
    ogi_square_append(ogi_move_from(move), out);
    ogi_square_append(to, out);
    if (ogi_move_promotes(move))
        g_string_append_c(out, '+');
}

void ogi_format_move_engine(const void *position, DjMove move, GString *out)
{
    gsize start = out->len;
    ogi_format_move(position, move, out);
    if (ogi_move_is_drop(move))
        out->str[start + 1] = '@';
}

int ogi_move_origin(const void *position, DjMove move)
{
    (void)position;
    return ogi_move_is_drop(move) ? -1 : ogi_move_from(move);
}

int ogi_move_destination(const void *position, DjMove move)
{
    (void)position;
    return ogi_move_to(move);
}

#define refuse(error, ...) dj_error_set((error), OGI_ERROR, OGI_ERROR_MOVE, __VA_ARGS__)

/* The legal move with these parts, or DJ_MOVE_NONE.  `from` is the hand
 * kind for drops. */
static DjMove find_legal(const OgiPosition *pos, bool drop, int from, int to)
{
    uint32_t moves[OGI_MAX_MOVES];
    int n = ogi_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        uint32_t m = moves[i];
        if (ogi_move_is_drop(m) == drop && ogi_move_from(m) == from && ogi_move_to(m) == to)
            return m;
    }
    return DJ_MOVE_NONE;
}

static const char *check_reason(const OgiPosition *pos)
{
    return ogi_in_check(pos) ? "your King is in check and this does not get it out of check"
                             : "it would leave your King in check";
}

static bool explain_drop(const OgiPosition *pos, int kind, int to, const char *text, GError **error)
{
    int us = pos->side;
    char square[3] = { (char)('a' + sq_file(to)), (char)('1' + sq_rank(to)), '\0' };
    const char *name = ogi_type_name(kind);
    if (kind == OGI_KING)
        return refuse(error, "%s: a King is never in hand, so it cannot be dropped", text);
    if (pos->hand[us][kind] == 0)
        return refuse(error, "%s: %s has no %s in hand", text, ogi_side_name[us], name);
    if (pos->board[to] != OGI_NO_PIECE)
        return refuse(error, "%s: %s is occupied; pieces are dropped on empty squares only",
                      text, square);
    if ((ogi_drop_squares[us][kind] & BB_SQ(to)) == 0)
        return refuse(error, "%s: a %s dropped on %s could never move", text, name, square);
    if (kind == OGI_PAWN
        && (pos->by_type[OGI_PAWN] & pos->by_colour[us] & BB_FILE(sq_file(to))))
        return refuse(error, "%s: nifu: %s already has an unpromoted pawn on the %c file",
                      text, ogi_side_name[us], square[0]);
    return refuse(error, "%s: %s", text, check_reason(pos));
}

static bool explain_board_move(const OgiPosition *pos, int from, int to, const char *text,
                               GError **error)
{
    int us = pos->side;
    uint8_t piece = pos->board[from];
    char from_name[3] = { (char)('a' + sq_file(from)), (char)('1' + sq_rank(from)), '\0' };
    char to_name[3] = { (char)('a' + sq_file(to)), (char)('1' + sq_rank(to)), '\0' };
    if (piece == OGI_NO_PIECE)
        return refuse(error, "%s: there is no piece on %s", text, from_name);
    int type = ogi_piece_type(piece);
    if (ogi_piece_colour(piece) != us)
        return refuse(error, "%s: the %s on %s is %s's, and it is %s's turn", text,
                      ogi_type_name(type), from_name, ogi_side_name[us ^ 1], ogi_side_name[us]);
    if (from == to)
        return refuse(error, "%s: a piece must move to another square", text);
    uint8_t target = pos->board[to];
    if (target != OGI_NO_PIECE && ogi_piece_colour(target) == us)
        return refuse(error, "%s: %s is occupied by your own %s", text, to_name,
                      ogi_type_name(ogi_piece_type(target)));
    Bitboard occ = pos->by_colour[0] | pos->by_colour[1];
    if ((ogi_piece_attacks(us, type, from, occ) & BB_SQ(to)) == 0) {
        if (ogi_piece_attacks(us, type, from, 0) & BB_SQ(to))
            return refuse(error, "%s: the %s's way from %s to %s is blocked", text,
                          ogi_type_name(type), from_name, to_name);
        return refuse(error, "%s: a %s cannot move from %s to %s", text, ogi_type_name(type),
                      from_name, to_name);
    }
    if (type == OGI_KING)
        return refuse(error, "%s: your King would be in check on %s", text, to_name);
    return refuse(error, "%s: %s", text, check_reason(pos));
}

bool ogi_parse_move(const void *position, const char *text, DjMove *out, GError **error)
{
    const OgiPosition *pos = position;
    if (text == NULL)
        return refuse(error, "no move given");
    g_autofree char *copy = g_strstrip(g_strdup(text));
    size_t len = strlen(copy);

    if (len == 4 && (copy[1] == '*' || copy[1] == '@') && ogi_letter_type(copy[0]) >= 0
        && ogi_square_parse(copy + 2) >= 0) {
        int kind = ogi_letter_type(copy[0]);
        int to = ogi_square_parse(copy + 2);
        DjMove move = kind == OGI_KING ? DJ_MOVE_NONE : find_legal(pos, true, kind, to);
        if (move == DJ_MOVE_NONE)
            return explain_drop(pos, kind, to, copy, error);
        *out = move;
        return true;
    }

    /* e3e4, e3-e4, e3xe4, each with an optional '+'. */
    int from = len >= 4 ? ogi_square_parse(copy) : -1;
    size_t at = 2;
    if (from >= 0 && (copy[at] == '-' || copy[at] == 'x' || copy[at] == 'X'))
        at++;
    int to = from >= 0 && len >= at + 2 ? ogi_square_parse(copy + at) : -1;
    if (to >= 0)
        at += 2;
    bool plus = to >= 0 && at < len && copy[at] == '+';
    if (plus)
        at++;
    if (from < 0 || to < 0 || at != len) {
        g_autofree char *quoted = dj_text_quote(copy, OGI_QUOTE_MAX);
        return refuse(error, "'%s' is not a move: write a board move as e3e4 (b2h8+ when the "
                             "piece promotes) and a drop as P*e5 or P@e5", quoted);
    }
    DjMove move = from == to ? DJ_MOVE_NONE : find_legal(pos, false, from, to);
    if (move == DJ_MOVE_NONE)
        return explain_board_move(pos, from, to, copy, error);
    if (plus && !ogi_move_promotes(move)) {
        g_autoptr(GString) plain = g_string_new(NULL);
        ogi_format_move(pos, move, plain);
        return refuse(error, "%s: this move does not promote (a piece promotes only when it "
                             "enters, moves within or leaves the promotion zone): write %s",
                      copy, plain->str);
    }
    /* Promotion is always forced in Ōgi, so a missing '+' is no doubt. */
    *out = move;
    return true;
}
