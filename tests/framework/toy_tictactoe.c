/* toy_tictactoe.c: tic-tac-toe as a DjVariant (see toys.h). */
#include "tests/framework/toys.h"

#include <string.h>

#include "framework/notation.h"

static const int lines[8][3] = {
    { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
    { 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
    { 0, 4, 8 }, { 2, 4, 6 },
};

/* Zobrist numbers from a fixed splitmix64 sequence. */
static uint64_t cell_keys[9][3];
static uint64_t side_key;

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void init_keys(void)
{
    static gsize done = 0;
    if (g_once_init_enter(&done)) {
        uint64_t state = 0x7ac7ac;
        for (int c = 0; c < 9; c++)
            for (int p = 0; p < 3; p++)
                cell_keys[c][p] = p == 0 ? 0 : splitmix(&state);
        side_key = splitmix(&state);
        g_once_init_leave(&done, 1);
    }
}

static uint64_t ttt_compute_key(const void *p)
{
    const ToyTicTacToe *pos = p;
    init_keys();
    uint64_t key = pos->side ? side_key : 0;
    for (int c = 0; c < 9; c++)
        key ^= cell_keys[c][pos->cells[c]];
    return key;
}

static uint64_t ttt_key(const void *p)
{
    return ((const ToyTicTacToe *)p)->key;
}

static int line_owner(const ToyTicTacToe *pos)
{
    for (int l = 0; l < 8; l++) {
        int a = pos->cells[lines[l][0]];
        if (a != 0 && a == pos->cells[lines[l][1]] && a == pos->cells[lines[l][2]])
            return a;
    }
    return 0;
}

static bool ttt_setup(void *p, const DjSetup *setup, GError **error)
{
    ToyTicTacToe *pos = p;
    memset(pos, 0, sizeof *pos);
    if (setup->position == NULL) {
        if (setup->n_options > 0) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "tic-tac-toe has no option \"%s\"", setup->options[0].name);
            return false;
        }
        pos->key = ttt_compute_key(pos);
        return true;
    }
    const char *text = setup->position;
    int xs = 0, os = 0;
    for (int c = 0; c < 9; c++) {
        switch (text[c]) {
        case 'x': pos->cells[c] = 1; xs++; break;
        case 'o': pos->cells[c] = 2; os++; break;
        case '.': break;
        default:
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "a tic-tac-toe position is nine cells of x, o or . then x or o");
            return false;
        }
    }
    if (text[9] != ' ' || (text[10] != 'x' && text[10] != 'o') || text[11] != '\0') {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "a tic-tac-toe position is nine cells of x, o or . then x or o");
        return false;
    }
    pos->side = text[10] == 'o';
    if (xs - os != pos->side) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "X moves first: %d crosses and %d noughts cannot have %c to move", xs,
                    os, text[10]);
        return false;
    }
    pos->key = ttt_compute_key(pos);
    return true;
}

static int ttt_side_to_move(const void *p)
{
    return ((const ToyTicTacToe *)p)->side;
}

static int ttt_legal_moves(const void *p, DjMove *out)
{
    const ToyTicTacToe *pos = p;
    int n = 0;
    for (int c = 0; c < 9; c++)
        if (pos->cells[c] == 0)
            out[n++] = (DjMove)(c + 1);
    return n;
}

static void ttt_play(void *p, DjMove move)
{
    ToyTicTacToe *pos = p;
    int c = (int)move - 1;
    int piece = pos->side + 1;
    init_keys();
    pos->cells[c] = (uint8_t)piece;
    pos->key ^= cell_keys[c][piece] ^ side_key;
    pos->side ^= 1;
}

static DjOutcome ttt_outcome(const void *p)
{
    const ToyTicTacToe *pos = p;
    int owner = line_owner(pos);
    if (owner != 0)
        return dj_outcome_win_for(owner - 1);
    for (int c = 0; c < 9; c++)
        if (pos->cells[c] == 0)
            return DJ_OUTCOME_ONGOING;
    return DJ_OUTCOME_DRAW;
}

/* Lines still open to `piece` (no enemy mark), weighted by own marks. */
static int open_lines(const ToyTicTacToe *pos, int piece)
{
    int score = 0;
    for (int l = 0; l < 8; l++) {
        int own = 0;
        bool blocked = false;
        for (int i = 0; i < 3; i++) {
            int cell = pos->cells[lines[l][i]];
            own += cell == piece;
            blocked = blocked || (cell != 0 && cell != piece);
        }
        if (!blocked)
            score += 1 + own * own;
    }
    return score;
}

static int ttt_evaluate(const void *p)
{
    const ToyTicTacToe *pos = p;
    int me = pos->side + 1, them = 2 - pos->side;
    return 10 * (open_lines(pos, me) - open_lines(pos, them));
}

static bool ttt_is_noisy(const void *p, DjMove move)
{
    ToyTicTacToe after = *(const ToyTicTacToe *)p;
    ttt_play(&after, move);
    return line_owner(&after) != 0;
}

static bool ttt_parse_move(const void *p, const char *text, DjMove *out, GError **error)
{
    const ToyTicTacToe *pos = p;
    int consumed = 0;
    int square = dj_square_parse(text, 3, 3, &consumed);
    if (square < 0 || text[consumed] != '\0') {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "\"%s\" is not a square: write a1 to c3", text);
        return false;
    }
    if (pos->cells[square] != 0) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL, "%s is taken", text);
        return false;
    }
    *out = (DjMove)(square + 1);
    return true;
}

static void ttt_format_move(const void *p, DjMove move, GString *out)
{
    (void)p;
    dj_square_format((int)move - 1, 3, out);
}

static void ttt_format_position(const void *p, GString *out)
{
    const ToyTicTacToe *pos = p;
    for (int c = 0; c < 9; c++)
        g_string_append_c(out, ".xo"[pos->cells[c]]);
    g_string_append_c(out, ' ');
    g_string_append_c(out, pos->side ? 'o' : 'x');
}

static void ttt_render(const void *p, const DjRenderStyle *style, GString *out)
{
    const ToyTicTacToe *pos = p;
    (void)style;
    for (int rank = 2; rank >= 0; rank--) {
        for (int file = 0; file < 3; file++)
            g_string_append_c(out, ".XO"[pos->cells[rank * 3 + file]]);
        g_string_append_c(out, '\n');
    }
    g_string_append_printf(out, "%c to move\n", pos->side ? 'O' : 'X');
}

static int ttt_move_origin(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return -1;
}

const DjVariant toy_tictactoe = {
    .name = "toy-tictactoe",
    .title = "Tic-tac-toe",
    .summary = "three in a row on a 3x3 board (a test toy)",
    .state_size = sizeof(ToyTicTacToe),
    .max_moves = 9,
    .board_width = 3,
    .board_height = 3,
    .side_names = { "X", "O" },
    .options = NULL,
    .repetition_draw = 0,
    .repetition_claim = 0,
    .perpetual_check_loses = false,
    .setup = ttt_setup,
    .side_to_move = ttt_side_to_move,
    .legal_moves = ttt_legal_moves,
    .count_moves = NULL,
    .play = ttt_play,
    .play_null = NULL,
    .outcome = ttt_outcome,
    .key = ttt_key,
    .compute_key = ttt_compute_key,
    .in_check = NULL,
    .evaluate = ttt_evaluate,
    .is_noisy = ttt_is_noisy,
    .parse_move = ttt_parse_move,
    .format_move = ttt_format_move,
    .format_position = ttt_format_position,
    .render = ttt_render,
    .move_origin = ttt_move_origin,
    .describe_outcome = NULL,
    .describe_move = NULL,
};

int toy_tictactoe_result(const ToyTicTacToe *pos)
{
    const DjVariant *v = &toy_tictactoe;
    DjOutcome outcome = v->outcome(pos);
    if (outcome == DJ_OUTCOME_DRAW)
        return 0;
    if (outcome != DJ_OUTCOME_ONGOING)
        return -1;   /* the side that just moved completed a line */
    DjMove moves[9];
    int n = v->legal_moves(pos, moves);
    int best = -1;
    for (int i = 0; i < n && best < 1; i++) {
        ToyTicTacToe child = *pos;
        v->play(&child, moves[i]);
        best = MAX(best, -toy_tictactoe_result(&child));
    }
    return best;
}

/* The same rules with no evaluation: what a new game looks like before it
 * has one (see toys.h). */
const DjVariant toy_tictactoe_rules_only = {
    .name = "toy-tictactoe-rules-only",
    .title = "Tic-tac-toe (rules only)",
    .summary = "tic-tac-toe without an evaluation (a test toy)",
    .state_size = sizeof(ToyTicTacToe),
    .max_moves = 9,
    .board_width = 3,
    .board_height = 3,
    .side_names = { "X", "O" },
    .setup = ttt_setup,
    .side_to_move = ttt_side_to_move,
    .legal_moves = ttt_legal_moves,
    .play = ttt_play,
    .outcome = ttt_outcome,
    .key = ttt_key,
    .compute_key = ttt_compute_key,
    .evaluate = NULL,
    .is_noisy = NULL,
    .parse_move = ttt_parse_move,
    .format_move = ttt_format_move,
    .format_position = ttt_format_position,
    .render = ttt_render,
    .move_origin = ttt_move_origin,
};
