/* move_text.c: moves as text (forms listed in onitama.h). */
#include "variants/onitama/onitama.h"

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"

static const char *const side_names[2] = { "Blue", "Red" };
static const char *const kind_names[2] = { "student", "master" };

void onitama_format_move(const void *pos, DjMove move, GString *out)
{
    (void)pos;
    g_string_append(out, onitama_card(onitama_move_card(move))->name);
    g_string_append_c(out, ':');
    if (onitama_move_is_pass(move)) {
        g_string_append(out, "pass");
        return;
    }
    dj_square_format(onitama_move_from(move), ONITAMA_SIZE, out);
    dj_square_format(onitama_move_to(move), ONITAMA_SIZE, out);
}

int onitama_move_origin(const void *pos, DjMove move)
{
    (void)pos;
    return onitama_move_is_pass(move) ? -1 : onitama_move_from(move);
}

int onitama_move_destination(const void *pos, DjMove move)
{
    (void)pos;
    return onitama_move_is_pass(move) ? -1 : onitama_move_to(move);
}

/* The message echoes what was typed: dj_error_set keeps it printable. */
#define move_error(error, ...) dj_error_set((error), ONITAMA_ERROR, ONITAMA_ERROR_MOVE, __VA_ARGS__)

/* The words of a move, sorted by what they look like: anything with a digit
 * (or a lone '-') is part of the squares, "pass" is a pass, the rest names
 * a card ("sea snake" is two words). */
typedef struct MoveWords {
    GString *card;
    GString *squares;
    GString *leftover;   /* words naming a card again after the squares */
    bool pass;
    const char *typed;   /* the move as the user typed it, for messages */
} MoveWords;

static void move_words_clear(MoveWords *words)
{
    g_string_free(words->card, TRUE);
    g_string_free(words->squares, TRUE);
    g_string_free(words->leftover, TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(MoveWords, move_words_clear)

static void split_move_words(const char *normalized, MoveWords *words)
{
    g_auto(GStrv) tokens = g_strsplit_set(normalized, " :", -1);
    bool card_done = false;   /* the card's words have been followed by others */
    for (char **t = tokens; *t != NULL; t++) {
        const char *token = *t;
        if (*token == '\0')
            continue;
        bool card_word = false;
        if (strcmp(token, "pass") == 0) {
            words->pass = true;
        } else if (strcmp(token, "-") == 0 || strpbrk(token, "0123456789") != NULL) {
            g_string_append(words->squares, token);
        } else {
            GString *into = card_done ? words->leftover : words->card;
            if (into->len > 0)
                g_string_append_c(into, ' ');
            g_string_append(into, token);
            card_word = true;
        }
        if (!card_word && words->card->len > 0)
            card_done = true;
    }
}

/* `piece` of the normalized move as the user typed it (same letters, case
 * kept), or `piece` itself when it cannot be found (g_free). */
static char *as_typed(const char *typed, const char *piece)
{
    size_t n = strlen(piece);
    for (const char *p = typed; n > 0 && *p != '\0'; p++) {
        if (g_ascii_strncasecmp(p, piece, n) == 0)
            return g_strndup(p, n);
    }
    return g_strdup(piece);
}

/* The text at `text` that was meant as a square, for error messages: a
 * letter and the digits after it, or else one character. */
static char *square_attempt(const char *text)
{
    size_t n = 1;
    if (g_ascii_isalpha(text[0]))
        while (g_ascii_isdigit(text[n]))
            n++;
    return g_strndup(text, n);
}

/* Read "a1a2", "a1-a2" or "a1xa2" (the whole of `text`); messages quote
 * it as in `typed`. */
static bool parse_squares(const char *text, const char *typed, int *from, int *to,
                          GError **error)
{
    int consumed = 0;
    const char *at = text;
    for (int i = 0; i < 2; i++) {
        if (i == 1 && (*at == '-' || *at == 'x'))
            at++;
        if (*at == '\0') {
            g_autofree char *shown = as_typed(typed, text);
            return move_error(error, "'%s' needs two squares, like a1a2", shown);
        }
        int square = dj_square_parse(at, ONITAMA_SIZE, ONITAMA_SIZE, &consumed);
        if (square < 0) {
            g_autofree char *bad = square_attempt(at);
            g_autofree char *shown = as_typed(typed, bad);
            return move_error(error, "'%s' is not a square of the board (files a-e, ranks 1-5)",
                              shown);
        }
        *(i == 0 ? from : to) = square;
        at += consumed;
    }
    if (*at != '\0') {
        g_autofree char *rest = as_typed(typed, at);
        g_autofree char *shown = as_typed(typed, text);
        return move_error(error, "unexpected '%s' after the squares in '%s'", rest, shown);
    }
    return true;
}

/* "Ox and Boar": the two cards of `side`. */
static void append_hand(const OnitamaPosition *pos, int side, GString *out)
{
    g_string_append_printf(out, "%s and %s", onitama_card(pos->cards[2 * side])->title,
                           onitama_card(pos->cards[2 * side + 1])->title);
}

/* The card named `name` if the side to move holds it, else an error. */
static bool find_held_card(const OnitamaPosition *pos, const char *name, int *card, GError **error)
{
    int id = onitama_card_find(name);
    int side = pos->side;
    g_autoptr(GString) help = g_string_new(NULL);
    bool ok = false;
    int slot = id >= 0 ? onitama_card_slot(pos, id) : -1;
    if (id < 0 || slot < 0) {
        for (int s = 0; s < 5; s++)
            g_string_append_printf(help, "%s%s", s > 0 ? ", " : "", onitama_card(pos->cards[s])->name);
        const char *leftover = onitama_card_leftover(name);
        if (leftover != NULL) {
            g_autofree char *card = g_strstrip(g_strndup(name, (gsize)(leftover - name)));
            move_error(error, "'%s' is left over after the card '%s'", leftover, card);
        } else if (id < 0) {
            move_error(error, "'%s' is neither a card nor a square; this game's cards are %s",
                       name, help->str);
        } else {
            move_error(error, "this game has no %s card; its cards are %s",
                       onitama_card(id)->title, help->str);
        }
    } else if (onitama_slot_holder(slot) != side) {
        append_hand(pos, side, help);
        move_error(error, "%s does not hold the %s (%s %s); %s holds %s", side_names[side],
                   onitama_card(id)->title,
                   slot == ONITAMA_SIDE_SLOT ? "it is the" : side_names[side ^ 1],
                   slot == ONITAMA_SIDE_SLOT ? "side card" : "holds it",
                   side_names[side], help->str);
    } else {
        *card = id;
        ok = true;
    }
    return ok;
}

/* How many legal moves are not passes. */
static int count_ordinary_moves(const OnitamaPosition *pos)
{
    DjMove moves[ONITAMA_MAX_MOVES];
    int n = onitama_legal_moves(pos, moves);
    return onitama_move_is_pass(moves[0]) ? 0 : n;
}

static bool parse_pass(const OnitamaPosition *pos, const MoveWords *words, DjMove *out,
                       GError **error)
{
    int side = pos->side;
    const char *first = onitama_card(pos->cards[2 * side])->name;
    const char *second = onitama_card(pos->cards[2 * side + 1])->name;
    if (words->squares->len > 0)
        return move_error(error, "a pass names a card, not squares: %s:pass or %s:pass", first, second);
    if (words->card->len == 0)
        return move_error(error, "say which card you pass with: %s:pass or %s:pass", first, second);
    int card;
    if (!find_held_card(pos, words->card->str, &card, error))
        return false;
    int n = count_ordinary_moves(pos);
    if (n > 0)
        return move_error(error, "%s may pass only when no card moves any piece, and has %d legal %s",
                          side_names[side], n, n == 1 ? "move" : "moves");
    *out = onitama_move_pass(card);
    return true;
}

/* Why `card` (held by the mover) cannot take the piece on `from` to `to`. */
static void explain_unreachable(const OnitamaPosition *pos, int card, int from, int to, GError **error)
{
    int side = pos->side;
    uint32_t reach = onitama_reach[card][side][from] & ~pos->pieces[side];
    g_autoptr(GString) squares = g_string_new(NULL);
    for (uint32_t bits = reach; bits != 0; bits &= bits - 1) {
        if (squares->len > 0)
            g_string_append(squares, ", ");
        dj_square_format(onitama_lowest(bits), ONITAMA_SIZE, squares);
    }
    g_autoptr(GString) from_text = g_string_new(NULL);
    g_autoptr(GString) to_text = g_string_new(NULL);
    dj_square_format(from, ONITAMA_SIZE, from_text);
    dj_square_format(to, ONITAMA_SIZE, to_text);
    move_error(error, "the %s cannot move %s's piece from %s to %s; from %s it %s%s",
               onitama_card(card)->title, side_names[side], from_text->str, to_text->str,
               from_text->str, reach != 0 ? "reaches " : "reaches no free square", squares->str);
}

static bool parse_board_move(const OnitamaPosition *pos, const MoveWords *words, DjMove *out,
                             GError **error)
{
    int side = pos->side, enemy = side ^ 1;
    int from = -1, to = -1;
    if (!parse_squares(words->squares->str, words->typed, &from, &to, error))
        return false;
    int card = -1;
    if (words->card->len > 0 && !find_held_card(pos, words->card->str, &card, error))
        return false;

    g_autoptr(GString) from_text = g_string_new(NULL);
    g_autoptr(GString) to_text = g_string_new(NULL);
    dj_square_format(from, ONITAMA_SIZE, from_text);
    dj_square_format(to, ONITAMA_SIZE, to_text);
    uint32_t from_bit = onitama_bit(from), to_bit = onitama_bit(to);
    bool ok = false;
    if (!(pos->pieces[side] & from_bit)) {
        if (pos->pieces[enemy] & from_bit)
            move_error(error, "the piece on %s is %s's %s, not one of %s's", from_text->str,
                       side_names[enemy], kind_names[(pos->masters[enemy] & from_bit) != 0],
                       side_names[side]);
        else
            move_error(error, "there is no piece of %s's on %s", side_names[side], from_text->str);
    } else if (from == to) {
        move_error(error, "a move must go somewhere: %s%s stays on %s", from_text->str, to_text->str,
                   from_text->str);
    } else if (pos->pieces[side] & to_bit) {
        move_error(error, "%s's own %s stands on %s: a piece cannot land on its own side's piece",
                   side_names[side], kind_names[(pos->masters[side] & to_bit) != 0], to_text->str);
    } else if (count_ordinary_moves(pos) == 0) {
        move_error(error, "no card moves any of %s's pieces, so %s must pass: %s:pass or %s:pass",
                   side_names[side], side_names[side], onitama_card(pos->cards[2 * side])->name,
                   onitama_card(pos->cards[2 * side + 1])->name);
    } else if (card >= 0) {
        if (onitama_reach[card][side][from] & to_bit) {
            *out = onitama_move_make(card, from, to);
            ok = true;
        } else {
            explain_unreachable(pos, card, from, to, error);
        }
    } else {
        int first = pos->cards[2 * side], second = pos->cards[2 * side + 1];
        bool by_first = (onitama_reach[first][side][from] & to_bit) != 0;
        bool by_second = (onitama_reach[second][side][from] & to_bit) != 0;
        if (by_first && by_second) {
            move_error(error, "%s%s is ambiguous: %s:%s%s or %s:%s%s", from_text->str, to_text->str,
                       onitama_card(first)->name, from_text->str, to_text->str,
                       onitama_card(second)->name, from_text->str, to_text->str);
        } else if (!by_first && !by_second) {
            move_error(error, "neither the %s nor the %s moves %s's piece from %s to %s",
                       onitama_card(first)->title, onitama_card(second)->title, side_names[side],
                       from_text->str, to_text->str);
        } else {
            *out = onitama_move_make(by_first ? first : second, from, to);
            ok = true;
        }
    }
    return ok;
}

/* The error for a card named without squares, with an example move. */
static bool ask_for_squares(const OnitamaPosition *pos, int card, GError **error)
{
    DjMove moves[ONITAMA_MAX_MOVES];
    int n = onitama_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        if (onitama_move_card(moves[i]) == card) {
            g_autoptr(GString) example = g_string_new(NULL);
            onitama_format_move(pos, moves[i], example);
            return move_error(error, "which move with the %s? name the squares too, like %s",
                              onitama_card(card)->title, example->str);
        }
    }
    return move_error(error, "the %s moves none of %s's pieces", onitama_card(card)->title,
                      side_names[pos->side]);
}

bool onitama_parse_move(const void *p, const char *text, DjMove *out, GError **error)
{
    const OnitamaPosition *pos = p;
    if (text == NULL)
        return move_error(error, "no move given");
    if (onitama_outcome(pos) != DJ_OUTCOME_ONGOING)
        return move_error(error, "the game is over: no more moves");
    g_autofree char *normalized = dj_text_normalize(text);
    g_auto(MoveWords) words = { g_string_new(NULL), g_string_new(NULL), g_string_new(NULL), false,
                                text };
    split_move_words(normalized, &words);
    bool ok;
    if (words.leftover->len > 0) {
        ok = move_error(error, "'%s' is left over after the move: a move is one card and two "
                        "squares, like ox:c1c2", words.leftover->str);
    } else if (words.pass) {
        ok = parse_pass(pos, &words, out, error);
    } else if (words.squares->len > 0) {
        ok = parse_board_move(pos, &words, out, error);
    } else if (words.card->len > 0) {
        int card;
        ok = find_held_card(pos, words.card->str, &card, error);
        if (ok)
            ok = ask_for_squares(pos, card, error);
    } else {
        ok = move_error(error, "empty move: write a card and two squares, like ox:c1c2");
    }
    return ok;
}
