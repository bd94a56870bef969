/* othello6.c: Othello on 6x6, correct or with one bug planted (othello6.h). */
#include "tests/conformance/othello6.h"

#include <string.h>

#define SIZE 6
#define SQUARES (SIZE * SIZE)
#define PASS ((DjMove)(SQUARES + 1))
#define EMPTY 0
/* a disc of side s is s + 1 */

typedef struct Othello6 {
    uint8_t board[SQUARES];   /* EMPTY, 1 Black, 2 White; square = file + rank * 6 */
    uint8_t side;             /* to move */
    uint8_t unused[3];        /* kept 0: no padding the compiler would leave unset */
    uint64_t key;
} Othello6;

_Static_assert(sizeof(Othello6) == 48, "no padding");

/* file and rank steps: the four along ranks and files first */
static const int steps[8][2] = {
    { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 },
};

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static uint64_t othello6_compute_key(const void *p)
{
    const Othello6 *pos = p;
    uint64_t key = pos->side ? mix(1000) : 0;
    for (int sq = 0; sq < SQUARES; sq++)
        if (pos->board[sq] != EMPTY)
            key ^= mix((uint64_t)sq * 3 + pos->board[sq]);
    return key;
}

static uint64_t othello6_key(const void *p)
{
    return ((const Othello6 *)p)->key;
}

static int othello6_side_to_move(const void *p)
{
    return ((const Othello6 *)p)->side;
}

/* The discs a disc of `side` on the empty `sq` flips along the first
 * `directions` steps, into `out` (NULL: only counted). */
static int flips(const Othello6 *pos, int sq, int side, int directions, int *out)
{
    int n = 0;
    int own = side + 1, other = 2 - side;
    for (int d = 0; d < directions; d++) {
        int f = sq % SIZE + steps[d][0], r = sq / SIZE + steps[d][1], run = 0;
        while (f >= 0 && f < SIZE && r >= 0 && r < SIZE && pos->board[f + r * SIZE] == other) {
            f += steps[d][0];
            r += steps[d][1];
            run++;
        }
        if (run == 0 || f < 0 || f >= SIZE || r < 0 || r >= SIZE
            || pos->board[f + r * SIZE] != own)
            continue;
        for (int k = 1; k <= run; k++) {
            if (out != NULL)
                out[n] = sq + k * (steps[d][0] + steps[d][1] * SIZE);
            n++;
        }
    }
    return n;
}

/* The placements of `side`, as moves into `out` (NULL: counted only). */
static int placements(const Othello6 *pos, int side, int directions, DjMove *out)
{
    int n = 0;
    for (int sq = 0; sq < SQUARES; sq++) {
        if (pos->board[sq] == EMPTY && flips(pos, sq, side, directions, NULL) > 0) {
            if (out != NULL)
                out[n] = (DjMove)(sq + 1);
            n++;
        }
    }
    return n;
}

static int moves_with(const void *p, DjMove *out, int directions, bool pass_beside)
{
    const Othello6 *pos = p;
    int n = placements(pos, pos->side, directions, out);
    if (n == 0 || pass_beside)
        out[n++] = PASS;
    return n;
}

static void play_with(void *p, DjMove move, int directions)
{
    Othello6 *pos = p;
    if (move != PASS) {
        int sq = (int)move - 1;
        int flipped[SQUARES];
        int n = flips(pos, sq, pos->side, directions, flipped);
        pos->board[sq] = (uint8_t)(pos->side + 1);
        for (int i = 0; i < n; i++)
            pos->board[flipped[i]] = (uint8_t)(pos->side + 1);
    }
    pos->side ^= 1;
    pos->key = othello6_compute_key(pos);
}

static DjOutcome count(const Othello6 *pos)
{
    int discs[3] = { 0, 0, 0 };
    for (int sq = 0; sq < SQUARES; sq++)
        discs[pos->board[sq]]++;
    if (discs[1] == discs[2])
        return DJ_OUTCOME_DRAW;
    return discs[1] > discs[2] ? DJ_OUTCOME_WIN_SIDE0 : DJ_OUTCOME_WIN_SIDE1;
}

static DjOutcome outcome_with(const void *p, int directions)
{
    const Othello6 *pos = p;
    if (placements(pos, pos->side, directions, NULL) > 0
        || placements(pos, 1 - pos->side, directions, NULL) > 0)
        return DJ_OUTCOME_ONGOING;
    return count(pos);
}

/* ---- correct, and each bug ------------------------------------------------ */

static int legal_moves_right(const void *p, DjMove *out) { return moves_with(p, out, 8, false); }
static int legal_moves_four(const void *p, DjMove *out) { return moves_with(p, out, 4, false); }
static int legal_moves_pass_beside(const void *p, DjMove *out)
{
    return moves_with(p, out, 8, true);
}
static void play_right(void *p, DjMove move) { play_with(p, move, 8); }
static void play_four(void *p, DjMove move) { play_with(p, move, 4); }
static DjOutcome outcome_right(const void *p) { return outcome_with(p, 8); }
static DjOutcome outcome_four(const void *p) { return outcome_with(p, 4); }

static DjOutcome outcome_last_mover_wins(const void *p)
{
    const Othello6 *pos = p;
    if (outcome_with(p, 8) == DJ_OUTCOME_ONGOING)
        return DJ_OUTCOME_ONGOING;
    return dj_outcome_win_for(1 - pos->side);
}

static DjOutcome outcome_one_stuck(const void *p)
{
    const Othello6 *pos = p;
    if (placements(pos, pos->side, 8, NULL) > 0)
        return DJ_OUTCOME_ONGOING;
    return count(pos);
}

/* ---- text ------------------------------------------------------------------- */

static bool fail(GError **error, const char *message)
{
    g_set_error_literal(error, DJ_ERROR, DJ_ERROR_INVALID, message);
    return false;
}

static bool othello6_setup(void *p, const DjSetup *setup, GError **error)
{
    Othello6 *pos = p;
    memset(pos, 0, sizeof *pos);
    const char *text = setup->position != NULL ? setup->position : OTHELLO6_START;
    if (setup->position == NULL && setup->n_options > 0)
        return fail(error, "Othello 6x6 has no options");
    /* "rank6/rank5/.../rank1 x" */
    const char *c = text;
    for (int rank = SIZE - 1; rank >= 0; rank--) {
        for (int file = 0; file < SIZE; file++, c++) {
            if (*c == '.')
                pos->board[file + rank * SIZE] = EMPTY;
            else if (*c == 'x' || *c == 'o')
                pos->board[file + rank * SIZE] = *c == 'x' ? 1 : 2;
            else
                return fail(error, "a rank is six of '.', 'x' and 'o'");
        }
        if (rank > 0 && *c++ != '/')
            return fail(error, "the six ranks are separated by '/'");
    }
    if (c[0] != ' ' || (c[1] != 'x' && c[1] != 'o') || c[2] != '\0')
        return fail(error, "the ranks are followed by a space and the side to move, x or o");
    pos->side = c[1] == 'o';
    pos->key = othello6_compute_key(pos);
    return true;
}

static void othello6_format_position(const void *p, GString *out)
{
    const Othello6 *pos = p;
    for (int rank = SIZE - 1; rank >= 0; rank--) {
        for (int file = 0; file < SIZE; file++)
            g_string_append_c(out, ".xo"[pos->board[file + rank * SIZE]]);
        if (rank > 0)
            g_string_append_c(out, '/');
    }
    g_string_append(out, pos->side ? " o" : " x");
}

static void othello6_format_move(const void *p, DjMove move, GString *out)
{
    (void)p;
    if (move == PASS) {
        g_string_append(out, "pass");
        return;
    }
    int sq = (int)move - 1;
    g_string_append_printf(out, "%c%d", 'a' + sq % SIZE, sq / SIZE + 1);
}

/* Move text is checked against the list of the game it belongs to: each
 * DjVariant of this file parses with its own legal_moves. */
static bool parse_with(const void *p, const char *text, DjMove *out, GError **error,
                       int (*legal)(const void *, DjMove *))
{
    DjMove moves[SQUARES + 1];
    int n = legal(p, moves);
    for (int i = 0; i < n; i++) {
        GString *canonical = g_string_new(NULL);
        othello6_format_move(p, moves[i], canonical);
        bool same = g_ascii_strcasecmp(canonical->str, text) == 0;
        g_string_free(canonical, TRUE);
        if (same) {
            *out = moves[i];
            return true;
        }
    }
    g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL, "'%s' is not a legal move here", text);
    return false;
}

static bool parse_right(const void *p, const char *t, DjMove *o, GError **e)
{
    return parse_with(p, t, o, e, legal_moves_right);
}
static bool parse_four(const void *p, const char *t, DjMove *o, GError **e)
{
    return parse_with(p, t, o, e, legal_moves_four);
}
static bool parse_pass_beside(const void *p, const char *t, DjMove *o, GError **e)
{
    return parse_with(p, t, o, e, legal_moves_pass_beside);
}

static void othello6_render(const void *p, const DjRenderStyle *style, GString *out)
{
    (void)style;
    const Othello6 *pos = p;
    for (int rank = SIZE - 1; rank >= 0; rank--) {
        g_string_append_printf(out, "%d ", rank + 1);
        for (int file = 0; file < SIZE; file++)
            g_string_append_c(out, ".xo"[pos->board[file + rank * SIZE]]);
        g_string_append_c(out, '\n');
    }
    g_string_append_printf(out, "  abcdef\n%s to move\n", pos->side ? "White" : "Black");
}

static void othello6_view_squares(const void *p, const DjRenderStyle *style, DjSquareView *out)
{
    (void)style;
    const Othello6 *pos = p;
    for (int sq = 0; sq < SQUARES; sq++) {
        memset(&out[sq], 0, sizeof out[sq]);
        out[sq].side = pos->board[sq] - 1;
        if (pos->board[sq] != EMPTY)
            g_strlcpy(out[sq].glyph, pos->board[sq] == 1 ? "x" : "o", DJ_GLYPH_MAX);
    }
}

static int othello6_move_origin(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return -1;
}

static int othello6_move_destination(const void *p, DjMove move)
{
    (void)p;
    return move == PASS ? -1 : (int)move - 1;
}

static bool othello6_is_pass(const void *p, DjMove move)
{
    (void)p;
    return move == PASS;
}

/* The image under a left-right reflection with the colours (and the side
 * to move) swapped: the start maps to itself, and so do the rules. */
static void othello6_mirror(const void *p, void *o)
{
    const Othello6 *pos = p;
    Othello6 *out = o;
    memset(out, 0, sizeof *out);
    for (int sq = 0; sq < SQUARES; sq++) {
        int image = (SIZE - 1 - sq % SIZE) + sq / SIZE * SIZE;
        out->board[image] = pos->board[sq] == EMPTY ? EMPTY : (uint8_t)(3 - pos->board[sq]);
    }
    out->side = (uint8_t)(1 - pos->side);
    out->key = othello6_compute_key(out);
}

/* The discs, the side to move's less the other's, a disc worth 10: enough
 * for the search to play, and a scale of its own (eval_unit 40: four
 * discs make a clear advantage). */
static int othello6_evaluate(const void *p)
{
    const Othello6 *pos = p;
    int balance = 0;
    for (int sq = 0; sq < SQUARES; sq++)
        if (pos->board[sq] != EMPTY)
            balance += pos->board[sq] == pos->side + 1 ? 10 : -10;
    return balance;
}

/* A placement game: nothing for quiescence (allowed, game.h). */
static bool othello6_is_noisy(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return false;
}

/* Counted by an independent bitboard generator in test_othello_bugs.c,
 * which checks them again every run: no published 6x6 counts were at hand. */
static const DjPerftCount othello6_perft[] = {
    { OTHELLO6_START, 1, 4, false },
    { OTHELLO6_START, 2, 12, false },
    { OTHELLO6_START, 3, 56, false },
    { OTHELLO6_START, 4, 244, false },
    { OTHELLO6_START, 5, 1364, false },
    { OTHELLO6_START, 6, 7604, false },
    { OTHELLO6_START, 7, 47740, false },
    { OTHELLO6_START, 8, 308716, false },
    { OTHELLO6_START, 9, 2114912, false },
    { NULL, 0, 0, false },
};

#define OTHELLO6_COMMON                                                                    \
    .name = "othello6", .title = "Othello 6x6",                                            \
    .summary = "discs that flip: a test game of the conformance suite",                    \
    .state_size = sizeof(Othello6), .max_moves = SQUARES + 1, .board_width = SIZE,         \
    .board_height = SIZE, .side_names = { "Black", "White" },                              \
    .result_rules = DJ_RESULT_MOST_PIECES, .perft_counts = othello6_perft,                 \
    .setup = othello6_setup, .side_to_move = othello6_side_to_move,                        \
    .key = othello6_key, .compute_key = othello6_compute_key,                              \
    .format_move = othello6_format_move, .format_position = othello6_format_position,      \
    .render = othello6_render, .view_squares = othello6_view_squares,                      \
    .move_origin = othello6_move_origin, .move_destination = othello6_move_destination,    \
    .is_pass = othello6_is_pass, .mirror = othello6_mirror, .evaluate = othello6_evaluate, \
    .is_noisy = othello6_is_noisy, .eval_unit = 40

static const DjVariant games[OTHELLO6_N_BUGS] = {
    [OTHELLO6_CORRECT] = { OTHELLO6_COMMON, .legal_moves = legal_moves_right,
                           .play = play_right, .outcome = outcome_right,
                           .parse_move = parse_right },
    [OTHELLO6_FOUR_DIRECTIONS] = { OTHELLO6_COMMON, .legal_moves = legal_moves_four,
                                   .play = play_four, .outcome = outcome_four,
                                   .parse_move = parse_four },
    [OTHELLO6_PASS_BESIDE_MOVES] = { OTHELLO6_COMMON, .legal_moves = legal_moves_pass_beside,
                                     .play = play_right, .outcome = outcome_right,
                                     .parse_move = parse_pass_beside },
    [OTHELLO6_LAST_MOVER_WINS] = { OTHELLO6_COMMON, .legal_moves = legal_moves_right,
                                   .play = play_right, .outcome = outcome_last_mover_wins,
                                   .parse_move = parse_right },
    [OTHELLO6_ENDS_WHEN_ONE_STUCK] = { OTHELLO6_COMMON, .legal_moves = legal_moves_right,
                                       .play = play_right, .outcome = outcome_one_stuck,
                                       .parse_move = parse_right },
};

const DjVariant *othello6_variant(Othello6Bug bug)
{
    return &games[bug < OTHELLO6_N_BUGS ? bug : OTHELLO6_CORRECT];
}
