/* position_text.c: the position string (format described in onitama.h). */
#include "variants/onitama/onitama.h"

#include "framework/error.h"
#include "framework/notation.h"

#include <string.h>

static const char piece_letters[2][2] = { { 'S', 'M' }, { 's', 'm' } };   /* [side][is_master] */

void onitama_format_position(const void *p, GString *out)
{
    const OnitamaPosition *pos = p;
    for (int rank = ONITAMA_SIZE - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < ONITAMA_SIZE; file++) {
            int square = file + rank * ONITAMA_SIZE;
            uint32_t bit = onitama_bit(square);
            int side = (pos->pieces[ONITAMA_BLUE] & bit) ? ONITAMA_BLUE
                     : (pos->pieces[ONITAMA_RED] & bit) ? ONITAMA_RED : -1;
            if (side < 0) {
                empty++;
                continue;
            }
            if (empty > 0)
                g_string_append_c(out, (char)('0' + empty));
            empty = 0;
            g_string_append_c(out, piece_letters[side][(pos->masters[side] & bit) != 0]);
        }
        if (empty > 0)
            g_string_append_c(out, (char)('0' + empty));
        if (rank > 0)
            g_string_append_c(out, '/');
    }
    g_string_append(out, pos->side == ONITAMA_BLUE ? " b " : " r ");
    for (int slot = 0; slot < 5; slot++) {
        if (slot > 0)
            g_string_append_c(out, ',');
        g_string_append(out, onitama_card(pos->cards[slot])->name);
    }
}

/* Says what it is about ("bad position: "), once: callers add only where
 * the string came from.  The message echoes the string read: dj_error_set
 * keeps it printable. */
#define position_error(error, ...) \
    dj_error_set((error), ONITAMA_ERROR, ONITAMA_ERROR_POSITION, "bad position: " __VA_ARGS__)

static bool parse_board(OnitamaPosition *pos, const char *board, GError **error)
{
    g_auto(GStrv) ranks = g_strsplit(board, "/", -1);
    bool ok = true;
    if (g_strv_length(ranks) != ONITAMA_SIZE) {
        ok = position_error(error, "the board needs 5 ranks separated by '/', found %u",
                            g_strv_length(ranks));
    }
    for (int row = 0; ok && row < ONITAMA_SIZE; row++) {
        int rank = ONITAMA_SIZE - 1 - row;
        int file = 0;
        for (const char *c = ranks[row]; ok && *c != '\0'; c++) {
            if (*c >= '1' && *c <= '9') {
                file += *c - '0';
                if (file > ONITAMA_SIZE)
                    break;   /* reported below as a rank that is too long */
                continue;
            }
            const char *letter = memchr("SMsm", *c, 4);
            if (letter == NULL) {
                ok = position_error(error, "'%c' on rank %d is not a piece: use M and S for Blue's "
                                    "master and students, m and s for Red's, a digit for empty squares",
                                    g_ascii_isprint(*c) ? *c : '?', rank + 1);
                break;
            }
            if (file >= ONITAMA_SIZE) {
                file = ONITAMA_SIZE + 1;   /* reported below as a rank that is too long */
                break;
            }
            int index = (int)(letter - "SMsm");
            int side = index / 2;
            uint32_t bit = onitama_bit(file + rank * ONITAMA_SIZE);
            pos->pieces[side] |= bit;
            if (index % 2)
                pos->masters[side] |= bit;
            file++;
        }
        if (ok && file != ONITAMA_SIZE)
            ok = position_error(error, "rank %d covers %s squares; each rank needs exactly 5",
                                rank + 1, file > ONITAMA_SIZE ? "more than 5" : "fewer than 5");
    }
    return ok;
}

/* The checks that make a board a position the rules can reach. */
static bool check_board(const OnitamaPosition *pos, GError **error)
{
    static const char *const side_names[2] = { "Blue", "Red" };
    for (int side = 0; side < 2; side++) {
        int masters = onitama_popcount(pos->masters[side]);
        int students = onitama_popcount(pos->pieces[side]) - masters;
        if (masters > 1)
            return position_error(error, "%s has %d masters; each side has one", side_names[side], masters);
        if (students > 4)
            return position_error(error, "%s has %d students; each side has at most 4",
                                  side_names[side], students);
    }
    if (pos->masters[0] == 0 && pos->masters[1] == 0)
        return position_error(error, "both masters are missing; a game ends when the first is captured");
    bool won[2];
    for (int side = 0; side < 2; side++) {
        won[side] = pos->masters[side ^ 1] == 0
                 || (pos->masters[side] & onitama_bit(onitama_enemy_temple(side))) != 0;
    }
    if (won[0] && won[1])
        return position_error(error, "both sides have won; a game ends at the first win");
    for (int side = 0; side < 2; side++) {
        if (won[side] && pos->side == side)
            return position_error(error, "%s has won, so %s moved last and it cannot be %s's turn",
                                  side_names[side], side_names[side], side_names[side]);
    }
    return true;
}

bool onitama_parse_position(OnitamaPosition *pos, const char *text, GError **error)
{
    onitama_tables_init();
    memset(pos, 0, sizeof *pos);
    if (text == NULL)
        return position_error(error, "no position given");
    g_auto(GStrv) tokens = g_strsplit_set(text, " \t\r\n", -1);
    g_autoptr(GPtrArray) words = g_ptr_array_new();   /* borrows the strings of `tokens` */
    for (char **t = tokens; *t != NULL; t++) {
        if (**t != '\0')
            g_ptr_array_add(words, *t);
    }
    bool ok = true;
    if (words->len < 3) {
        ok = position_error(error, "expected a board, the side to move and five cards, like "
                            "'ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab'");
    }
    if (ok)
        ok = parse_board(pos, g_ptr_array_index(words, 0), error);
    if (ok) {
        const char *side = g_ptr_array_index(words, 1);
        if (g_ascii_strcasecmp(side, "b") == 0 || g_ascii_strcasecmp(side, "blue") == 0)
            pos->side = ONITAMA_BLUE;
        else if (g_ascii_strcasecmp(side, "r") == 0 || g_ascii_strcasecmp(side, "red") == 0)
            pos->side = ONITAMA_RED;
        else
            ok = position_error(error, "the side to move must be b (Blue) or r (Red), not '%s'", side);
    }
    if (ok) {
        /* Card names may contain spaces ("sea snake"), so the rest is one list. */
        g_autoptr(GString) list = g_string_new(NULL);
        for (guint i = 2; i < words->len; i++) {
            if (i > 2)
                g_string_append_c(list, ' ');
            g_string_append(list, g_ptr_array_index(words, i));
        }
        int cards[5];
        g_autoptr(GError) card_error = NULL;
        ok = onitama_parse_card_list(list->str, cards, &card_error);
        if (ok) {
            for (int slot = 0; slot < 5; slot++)
                pos->cards[slot] = (uint8_t)cards[slot];
        } else {
            position_error(error, "%s", card_error->message);
        }
    }
    if (ok)
        ok = check_board(pos, error);
    if (ok)
        pos->key = onitama_compute_key(pos);
    return ok;
}
