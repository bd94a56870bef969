/* text.c: position strings and move text (forms in amazons.h). */
#include "tests/games/amazons/amazons.h"

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"

#define QUOTE_MAX 60

static bool position_error(GError **error, const char *text, const char *why)
{
    g_autofree char *quoted = dj_text_quote(text, QUOTE_MAX);
    return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "bad position \"%s\": %s", quoted,
                        why);
}

static bool read_board(AmazonsPosition *pos, const char *board, const char *text,
                       GError **error)
{
    int rank = AMAZONS_SIZE - 1, file = 0;
    for (const char *c = board; *c != '\0'; c++) {
        if (*c == '/') {
            if (file != AMAZONS_SIZE || rank == 0)
                return position_error(error, text, "each of the 7 ranks must have 7 squares");
            rank--;
            file = 0;
            continue;
        }
        if (*c >= '1' && *c <= '7') {
            file += *c - '0';
            if (file > AMAZONS_SIZE)
                return position_error(error, text, "a rank has more than 7 squares");
            continue;
        }
        if (file >= AMAZONS_SIZE)
            return position_error(error, text, "a rank has more than 7 squares");
        uint64_t bit = amazons_bit(file + rank * AMAZONS_SIZE);
        if (*c == 'W')
            pos->amazons[AMAZONS_WHITE] |= bit;
        else if (*c == 'B')
            pos->amazons[AMAZONS_BLACK] |= bit;
        else if (*c == 'x')
            pos->arrows |= bit;
        else
            return position_error(error, text, "a square must be W, B, x or a digit 1-7");
        file++;
    }
    if (rank != 0 || file != AMAZONS_SIZE)
        return position_error(error, text, "the board must have 7 ranks of 7 squares");
    for (int side = 0; side < 2; side++) {
        if (__builtin_popcountll(pos->amazons[side]) != AMAZONS_PER_SIDE)
            return position_error(error, text, "each side must have exactly 2 amazons");
    }
    return true;
}

bool amazons_parse_position(AmazonsPosition *pos, bool whole_turns, const char *text,
                            GError **error)
{
    memset(pos, 0, sizeof *pos);
    pos->whole_turns = whole_turns;
    pos->shooter = AMAZONS_NO_SQUARE;
    g_auto(GStrv) fields = g_strsplit_set(text, " ", -1);
    char *words[4] = { NULL };
    int n = 0;
    for (char **f = fields; *f != NULL; f++) {
        if (**f == '\0')
            continue;
        if (n == 3)
            return position_error(error, text, "too many fields");
        words[n++] = *f;
    }
    if (n < 2)
        return position_error(error, text, "expected a board and the side to move (w or b)");
    if (!read_board(pos, words[0], text, error))
        return false;
    if (strcmp(words[1], "w") == 0)
        pos->side = AMAZONS_WHITE;
    else if (strcmp(words[1], "b") == 0)
        pos->side = AMAZONS_BLACK;
    else
        return position_error(error, text, "the side to move must be w or b");
    if (n == 3) {
        if (whole_turns)
            return position_error(error, text,
                                  "in this variant a turn is one move: no amazon is left to shoot");
        int consumed = 0;
        int square = dj_square_parse(words[2], AMAZONS_SIZE, AMAZONS_SIZE, &consumed);
        if (square < 0 || words[2][consumed] != '\0')
            return position_error(error, text, "the third field must be a square (the amazon to shoot)");
        if (!(pos->amazons[pos->side] & amazons_bit(square)))
            return position_error(error, text, "the amazon to shoot must be one of the side to move's");
        int reach[AMAZONS_MAX_REACH];
        if (amazons_reach(square, amazons_occupied(pos), reach) == 0)
            return position_error(error, text, "the amazon to shoot has nowhere to shoot");
        pos->shooter = (uint8_t)square;
    }
    pos->key = amazons_compute_key(pos);
    return true;
}

void amazons_format_position(const void *p, GString *out)
{
    const AmazonsPosition *pos = p;
    for (int rank = AMAZONS_SIZE - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < AMAZONS_SIZE; file++) {
            uint64_t bit = amazons_bit(file + rank * AMAZONS_SIZE);
            char c = pos->amazons[0] & bit ? 'W' : pos->amazons[1] & bit ? 'B'
                     : pos->arrows & bit ? 'x' : 0;
            if (c == 0) {
                empty++;
                continue;
            }
            if (empty > 0)
                g_string_append_printf(out, "%d", empty);
            empty = 0;
            g_string_append_c(out, c);
        }
        if (empty > 0)
            g_string_append_printf(out, "%d", empty);
        if (rank > 0)
            g_string_append_c(out, '/');
    }
    g_string_append(out, pos->side == AMAZONS_WHITE ? " w" : " b");
    if (pos->shooter != AMAZONS_NO_SQUARE) {
        g_string_append_c(out, ' ');
        dj_square_format(pos->shooter, AMAZONS_SIZE, out);
    }
}

void amazons_format_move(const void *p, DjMove move, GString *out)
{
    const AmazonsPosition *pos = p;
    if (amazons_move_is_arrow(pos, move)) {
        g_string_append_c(out, '/');
        dj_square_format(amazons_move_to(move), AMAZONS_SIZE, out);
        return;
    }
    dj_square_format(amazons_move_from(move), AMAZONS_SIZE, out);
    g_string_append_c(out, '-');
    dj_square_format(amazons_move_to(move), AMAZONS_SIZE, out);
    if (pos->whole_turns) {
        g_string_append_c(out, '/');
        dj_square_format(amazons_move_arrow(move), AMAZONS_SIZE, out);
    }
}

int amazons_move_origin(const void *p, DjMove move)
{
    (void)p;
    return amazons_move_from(move);
}

int amazons_move_destination(const void *p, DjMove move)
{
    (void)p;
    return amazons_move_to(move);
}

static bool move_error(GError **error, int code, const char *text, const char *why)
{
    g_autofree char *quoted = dj_text_quote(text, QUOTE_MAX);
    return dj_error_set(error, DJ_ERROR, code, "\"%s\": %s", quoted, why);
}

bool amazons_parse_move(const void *p, const char *text, DjMove *out, GError **error)
{
    const AmazonsPosition *pos = p;
    /* The squares in order; '-', '/' and spaces only separate them. */
    int squares[3], n = 0;
    for (const char *c = text; *c != '\0';) {
        if (*c == '-' || *c == '/' || *c == ' ' || *c == '\t') {
            c++;
            continue;
        }
        int consumed = 0;
        int square = dj_square_parse(c, AMAZONS_SIZE, AMAZONS_SIZE, &consumed);
        if (square < 0 || n == 3)
            return move_error(error, DJ_ERROR_INVALID, text,
                              pos->whole_turns ? "a turn looks like d1-d6/f4 (from, to, arrow)"
                                               : "a move looks like d1-d6, an arrow /f4");
        squares[n++] = square;
        c += consumed;
    }
    DjMove move;
    if (pos->whole_turns) {
        if (n != 3)
            return move_error(error, DJ_ERROR_INVALID, text,
                              "a turn is three squares: from, to, arrow (d1-d6/f4)");
        move = amazons_make_turn(squares[0], squares[1], squares[2]);
    } else if (pos->shooter != AMAZONS_NO_SQUARE) {
        if (n != 1)
            return move_error(error, DJ_ERROR_INVALID, text,
                              "the amazon has moved: now its arrow, one square (/f4)");
        move = amazons_make_arrow(pos->shooter, squares[0]);
    } else {
        if (n != 2)
            return move_error(error, DJ_ERROR_INVALID, text,
                              "first the amazon's move, two squares (d1-d6); the arrow comes next");
        move = amazons_make(squares[0], squares[1]);
    }
    if (!amazons_is_legal(pos, move))
        return move_error(error, DJ_ERROR_ILLEGAL, text,
                          "not legal: an amazon moves like a queen, over no amazon or arrow, "
                          "and its arrow flies the same way from where it lands");
    *out = move;
    return true;
}
