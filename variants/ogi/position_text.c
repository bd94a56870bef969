/* position_text.c: reading and writing Ōgi position strings (see text.h). */
#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"
#include "variants/ogi/attacks.h"
#include "variants/ogi/text.h"

/* The order hands are written in: most valuable first, as shogi does. */
static const int hand_order[OGI_HAND_KINDS] = {
    OGI_PRINCESS, OGI_ROOK, OGI_BISHOP, OGI_SILVER, OGI_KNIGHT, OGI_LANCE, OGI_PAWN,
};

#define MAX_MOVE_NUMBER 100000000u

/* Says what it is about ("bad position: "), once: callers add only where
 * the string came from (a record's line, say). */
#define fail(error, ...) \
    dj_error_set((error), OGI_ERROR, OGI_ERROR_POSITION, "bad position: " __VA_ARGS__)

static char *square_name(int sq)
{
    GString *s = g_string_new(NULL);
    ogi_square_append(sq, s);
    return g_string_free(s, FALSE);
}

static bool parse_board(OgiPosition *pos, const char *text, GError **error)
{
    int rank = 7;
    int file = 0;
    for (const char *p = text;; p++) {
        char c = *p;
        if (c == '/' || c == '\0') {
            if (file != 8)
                return fail(error, "rank %d of the board has %d squares; each rank needs exactly 8",
                            rank + 1, file);
            if (c == '\0')
                break;
            if (rank == 0)
                return fail(error, "the board has more than 8 ranks");
            rank--;
            file = 0;
            continue;
        }
        if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail(error, "rank %d of the board has more than 8 squares", rank + 1);
            continue;
        }
        bool promoted = false;
        if (c == '+') {
            promoted = true;
            c = *++p;
            if (c == '\0')
                return fail(error, "the board ends with '+': a piece letter must follow it");
        }
        int type = ogi_letter_type(c);
        if (type < 0) {
            if (c == '0' || c == '9')
                return fail(error, "'%c' is not a count of empty squares (use 1 to 8)", c);
            char quoted[2] = { c, '\0' };
            char *safe = dj_text_quote(quoted, OGI_QUOTE_MAX);
            bool ok = fail(error, "'%s' is not an Ōgi piece: use K I R B S N L P (upper case for "
                                  "Black, lower case for White), '+' before a promoted piece and a "
                                  "digit for empty squares", safe);
            g_free(safe);
            return ok;
        }
        if (promoted && type == OGI_KING)
            return fail(error, "a King cannot be promoted (found '+%c')", c);
        if (file >= 8)
            return fail(error, "rank %d of the board has more than 8 squares", rank + 1);
        int colour = g_ascii_isupper(c) ? OGI_BLACK : OGI_WHITE;
        int sq = sq_make(file, rank);
        if (type == OGI_KING && (pos->by_type[OGI_KING] & pos->by_colour[colour]))
            return fail(error, "%s has more than one King", ogi_side_name[colour]);
        ogi_position_put(pos, sq, colour, promoted ? type + OGI_PROMOTION : type);
        file++;
    }
    if (rank != 0)
        return fail(error, "the board has %d ranks; it needs 8, separated by '/'", 8 - rank);
    return true;
}

static bool parse_hand(OgiPosition *pos, const char *text, GError **error)
{
    if (strcmp(text, "-") == 0)
        return true;
    const char *p = text;
    while (*p != '\0') {
        int count = 1;
        if (g_ascii_isdigit(*p)) {
            count = 0;
            while (g_ascii_isdigit(*p)) {
                count = count * 10 + (*p - '0');
                if (count > 99)
                    return fail(error, "a count in the pieces in hand is too large");
                p++;
            }
            if (count == 0)
                return fail(error, "a count of 0 in the pieces in hand: leave the piece out instead");
            if (*p == '\0')
                return fail(error, "the pieces in hand end with a count but no piece letter");
        }
        char c = *p++;
        if (c == '+')
            return fail(error, "pieces in hand are never promoted: remove the '+'");
        int kind = ogi_letter_type(c);
        if (kind < 0) {
            char quoted[2] = { c, '\0' };
            char *safe = dj_text_quote(quoted, OGI_QUOTE_MAX);
            bool ok = fail(error, "'%s' in the pieces in hand is not an Ōgi piece "
                                  "(use P L N S B R I, '-' for none)", safe);
            g_free(safe);
            return ok;
        }
        if (kind == OGI_KING)
            return fail(error, "a King cannot be held in hand");
        int colour = g_ascii_isupper(c) ? OGI_BLACK : OGI_WHITE;
        if (pos->hand[colour][kind] + count > 16)
            return fail(error, "%s holds more %ss than the set has",
                        ogi_side_name[colour], ogi_type_name(kind));
        ogi_position_hand_add(pos, colour, kind, count);
    }
    return true;
}

/* The checks that make a position one the game could reach. */
static bool validate(const OgiPosition *pos, GError **error)
{
    for (int colour = 0; colour < 2; colour++)
        if ((pos->by_type[OGI_KING] & pos->by_colour[colour]) == 0)
            return fail(error, "%s has no King", ogi_side_name[colour]);

    int total[OGI_KING + 1] = { 0 };
    for (int sq = 0; sq < OGI_SQUARES; sq++) {
        uint8_t piece = pos->board[sq];
        if (piece != OGI_NO_PIECE)
            total[ogi_type_base(ogi_piece_type(piece))]++;
    }
    for (int colour = 0; colour < 2; colour++)
        for (int kind = 0; kind < OGI_HAND_KINDS; kind++)
            total[kind] += pos->hand[colour][kind];
    for (int kind = 0; kind < OGI_KING; kind++)
        if (total[kind] > 2 * ogi_set_count[kind])
            return fail(error, "there are %d %ss (promoted or not, on the board and in hand), "
                               "but the set has only %d",
                        total[kind], ogi_type_name(kind), 2 * ogi_set_count[kind]);

    for (int colour = 0; colour < 2; colour++) {
        Bitboard own = pos->by_colour[colour];
        Bitboard stuck = ((pos->by_type[OGI_PAWN] | pos->by_type[OGI_LANCE])
                          & ~ogi_drop_squares[colour][OGI_PAWN])
                       | (pos->by_type[OGI_KNIGHT] & ~ogi_drop_squares[colour][OGI_KNIGHT]);
        stuck &= own;
        if (stuck) {
            int sq = bb_first(stuck);
            char *name = square_name(sq);
            bool ok = fail(error, "%s's %s on %s could never move: unpromoted pawns and lances "
                                  "cannot stand on the last rank, nor knights on the last two",
                           ogi_side_name[colour], ogi_type_name(ogi_piece_type(pos->board[sq])), name);
            g_free(name);
            return ok;
        }
        Bitboard pawns = pos->by_type[OGI_PAWN] & own;
        for (int file = 0; file < OGI_FILES; file++)
            if (bb_several(pawns & BB_FILE(file)))
                return fail(error, "%s has two unpromoted pawns on the %c file (nifu)",
                            ogi_side_name[colour], 'a' + file);
    }

    int waiting = pos->side ^ 1;
    if (ogi_colour_in_check(pos, waiting))
        return fail(error, "%s's King is in check although it is %s's turn: "
                           "the position cannot arise", ogi_side_name[waiting],
                    ogi_side_name[pos->side]);
    return true;
}

static bool parse_move_number(const char *s, uint32_t *out, GError **error)
{
    guint64 number = 0;
    /* Digits only: no sign, no white space, nothing after them. */
    if (!g_ascii_string_to_unsigned(s, 10, 1, MAX_MOVE_NUMBER, &number, NULL)) {
        char *safe = dj_text_quote(s, OGI_QUOTE_MAX);
        bool ok = fail(error, "the move number must be a whole number from 1 to %u, not '%s'",
                       MAX_MOVE_NUMBER, safe);
        g_free(safe);
        return ok;
    }
    *out = (uint32_t)number;
    return true;
}

static void set_side(OgiPosition *pos, int side)
{
    if (side != pos->side)
        pos->key ^= ogi_zobrist_side;
    pos->side = (uint8_t)side;
}

/* Our own form: "<board> <b|w> <hand> [<move number>]". */
static bool parse_sfen(OgiPosition *pos, char **field, int n, GError **error)
{
    if (n < 2)
        return n == 0 ? fail(error, "the position string is empty")
                      : fail(error, "the position string needs the side to move ('b' or 'w') "
                                    "after the board");
    if (n > 4) {
        char *safe = dj_text_quote(field[4], OGI_QUOTE_MAX);
        bool ok = fail(error, "unexpected '%s' after the move number", safe);
        g_free(safe);
        return ok;
    }
    if (!parse_board(pos, field[0], error))
        return false;
    if (g_ascii_strcasecmp(field[1], "b") == 0) {
        set_side(pos, OGI_BLACK);
    } else if (g_ascii_strcasecmp(field[1], "w") == 0) {
        set_side(pos, OGI_WHITE);
    } else {
        char *safe = dj_text_quote(field[1], OGI_QUOTE_MAX);
        bool ok = fail(error, "the side to move must be 'b' (Black) or 'w' (White), not '%s'", safe);
        g_free(safe);
        return ok;
    }
    if (n >= 3 && !parse_hand(pos, field[2], error))
        return false;
    if (n >= 4 && !parse_move_number(field[3], &pos->move_number, error))
        return false;
    return true;
}

/* Fairy-Stockfish's FEN: "<board>[<hand>] <w|b> [<castling> <en passant>
 * <halfmove clock> <fullmove number>]".  Its "w" is the first player, our
 * Black; the hand lists one letter a piece ("PPp"; counts are read too). */
static bool parse_engine_fen(OgiPosition *pos, char **field, int n, GError **error)
{
    char *open = strchr(field[0], '[');
    size_t length = strlen(open);
    if (open[length - 1] != ']' || strchr(open + 1, '[') != NULL
        || strchr(open, ']') != open + length - 1)
        return fail(error, "the pieces in hand must end the board in one pair of brackets, "
                           "as in 'LNSIKSNL[Pp]'");
    char *board = g_strndup(field[0], (gsize)(open - field[0]));
    char *hand = g_strndup(open + 1, length - 2);
    bool ok = parse_board(pos, board, error)
              && (hand[0] == '\0' || parse_hand(pos, hand, error));
    g_free(board);
    g_free(hand);
    if (!ok)
        return false;
    if (n < 2)
        return fail(error, "the FEN needs the side to move ('w' for Black, who moves first, "
                           "or 'b' for White) after the board");
    if (n > 6) {
        char *safe = dj_text_quote(field[6], OGI_QUOTE_MAX);
        ok = fail(error, "unexpected '%s' after the fullmove number", safe);
        g_free(safe);
        return ok;
    }
    if (g_ascii_strcasecmp(field[1], "w") == 0) {
        set_side(pos, OGI_BLACK);
    } else if (g_ascii_strcasecmp(field[1], "b") == 0) {
        set_side(pos, OGI_WHITE);
    } else {
        char *safe = dj_text_quote(field[1], OGI_QUOTE_MAX);
        ok = fail(error, "the FEN's side to move must be 'w' (Black, who moves first) or 'b' "
                         "(White), not '%s'", safe);
        g_free(safe);
        return ok;
    }
    for (int i = 2; i < 4 && i < n; i++) {
        if (strcmp(field[i], "-") != 0) {
            char *safe = dj_text_quote(field[i], OGI_QUOTE_MAX);
            ok = fail(error, "Ōgi has no castling or en passant: the FEN's field %d must be "
                             "'-', not '%s'", i + 1, safe);
            g_free(safe);
            return ok;
        }
    }
    if (n >= 5) {
        gint64 unused = 0;
        if (!g_ascii_string_to_signed(field[4], 10, 0, MAX_MOVE_NUMBER, &unused, NULL)) {
            char *safe = dj_text_quote(field[4], OGI_QUOTE_MAX);
            ok = fail(error, "the FEN's halfmove clock must be a whole number, not '%s'", safe);
            g_free(safe);
            return ok;
        }
    }
    if (n >= 6) {
        uint32_t fullmove = 1;
        if (!parse_move_number(field[5], &fullmove, error))
            return false;
        if (fullmove > MAX_MOVE_NUMBER / 2)
            return fail(error, "the fullmove number %u is too large", fullmove);
        pos->move_number = 2 * (fullmove - 1) + 1 + (pos->side == OGI_WHITE ? 1u : 0u);
    } else {
        pos->move_number = pos->side == OGI_WHITE ? 2 : 1;
    }
    return true;
}

bool ogi_position_parse(OgiPosition *pos, const char *text, GError **error)
{
    ogi_position_clear(pos);
    if (text == NULL)
        return fail(error, "no position string given");
    char **fields = g_strsplit_set(text, " \t\r\n", -1);
    /* Drop empty fields in place: runs of white space separate one field. */
    int n = 0;
    for (char **f = fields; *f != NULL; f++) {
        if (**f == '\0')
            g_free(*f);
        else
            fields[n++] = *f;
    }
    fields[n] = NULL;
    bool ok = n > 0 && strchr(fields[0], '[') != NULL ? parse_engine_fen(pos, fields, n, error)
                                                       : parse_sfen(pos, fields, n, error);
    if (ok)
        ok = validate(pos, error);
    g_strfreev(fields);
    return ok;
}

static void format_board(const OgiPosition *pos, GString *out)
{
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            uint8_t piece = pos->board[sq_make(file, rank)];
            if (piece == OGI_NO_PIECE) {
                empty++;
                continue;
            }
            if (empty > 0)
                g_string_append_c(out, (char)('0' + empty));
            empty = 0;
            int type = ogi_piece_type(piece);
            if (!ogi_type_promotes(type) && type != OGI_KING)
                g_string_append_c(out, '+');
            char letter = ogi_type_letter(type);
            g_string_append_c(out, ogi_piece_colour(piece) == OGI_BLACK ? letter
                                                                    : g_ascii_tolower(letter));
        }
        if (empty > 0)
            g_string_append_c(out, (char)('0' + empty));
        if (rank > 0)
            g_string_append_c(out, '/');
    }
}

/* The hand, Black's pieces first; with `counts` as "2Pp", else "PPp". */
static void format_hand(const OgiPosition *pos, bool counts, GString *out)
{
    for (int colour = 0; colour < 2; colour++) {
        for (int i = 0; i < OGI_HAND_KINDS; i++) {
            int kind = hand_order[i];
            int count = pos->hand[colour][kind];
            char letter = ogi_type_letter(kind);
            if (colour == OGI_WHITE)
                letter = g_ascii_tolower(letter);
            if (count > 1 && counts) {
                g_string_append_printf(out, "%d", count);
                count = 1;
            }
            for (int k = 0; k < count; k++)
                g_string_append_c(out, letter);
        }
    }
}

void ogi_format_position(const void *position, GString *out)
{
    const OgiPosition *pos = position;
    format_board(pos, out);
    g_string_append(out, pos->side == OGI_BLACK ? " b " : " w ");
    gsize before = out->len;
    format_hand(pos, true, out);
    if (out->len == before)
        g_string_append_c(out, '-');
    g_string_append_printf(out, " %u", pos->move_number);
}

void ogi_format_position_engine(const void *position, GString *out)
{
    const OgiPosition *pos = position;
    format_board(pos, out);
    g_string_append_c(out, '[');
    format_hand(pos, false, out);
    g_string_append_printf(out, "] %s - - 0 %u", pos->side == OGI_BLACK ? "w" : "b",
                           (pos->move_number - 1) / 2 + 1);
}
