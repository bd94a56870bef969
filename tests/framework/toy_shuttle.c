/* toy_shuttle.c: the shuttle game as a DjVariant (see toys.h): a game that
 * only repetition can end, with checks, for the repetition rules. */
#include "tests/framework/toys.h"

#include <string.h>

#include "framework/notation.h"

#define CELLS 4
#define CHECKING_CELL 2   /* c1 and d1 give check */

static bool shuttle_setup(void *p, const DjSetup *setup, GError **error)
{
    ToyShuttle *pos = p;
    memset(pos, 0, sizeof *pos);
    if (setup->position == NULL) {
        if (setup->n_options > 0) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "shuttle has no option \"%s\"",
                        setup->options[0].name);
            return false;
        }
        return true;
    }
    const char *text = setup->position;
    int consumed = 0;
    for (int side = 0; side < 2; side++) {
        int cell = dj_square_parse(text, CELLS, 1, &consumed);
        if (cell < 0 || text[consumed] != ' ')
            goto malformed;
        pos->token[side] = (uint8_t)cell;
        text += consumed + 1;
    }
    if ((text[0] != '0' && text[0] != '1') || text[1] != '\0')
        goto malformed;
    pos->side = (uint8_t)(text[0] - '0');
    return true;

malformed:
    g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                "a shuttle position is both tokens' cells and the side to move: \"a1 b1 0\"");
    return false;
}

static int shuttle_side_to_move(const void *p)
{
    return ((const ToyShuttle *)p)->side;
}

static int shuttle_legal_moves(const void *p, DjMove *out)
{
    const ToyShuttle *pos = p;
    int n = 0;
    for (int cell = 0; cell < CELLS; cell++)
        if (cell != pos->token[pos->side])
            out[n++] = (DjMove)(cell + 1);
    return n;
}

static void shuttle_play(void *p, DjMove move)
{
    ToyShuttle *pos = p;
    pos->token[pos->side] = (uint8_t)(move - 1);
    pos->side ^= 1;
}

static DjOutcome shuttle_outcome(const void *p)
{
    (void)p;
    return DJ_OUTCOME_ONGOING;
}

static uint64_t shuttle_key(const void *p)
{
    const ToyShuttle *pos = p;
    uint64_t code = (uint64_t)pos->token[0] | (uint64_t)pos->token[1] << 2
                    | (uint64_t)pos->side << 4;
    uint64_t z = (code + 1) * 0xd6e8feb86659fd93u;
    return z ^ (z >> 32);
}

static bool shuttle_in_check(const void *p)
{
    const ToyShuttle *pos = p;
    return pos->token[1 - pos->side] >= CHECKING_CELL;
}

static int shuttle_evaluate(const void *p)
{
    return shuttle_in_check(p) ? -300 : 300;
}

static bool shuttle_is_noisy(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return false;
}

static bool shuttle_parse_move(const void *p, const char *text, DjMove *out, GError **error)
{
    const ToyShuttle *pos = p;
    int consumed = 0;
    int cell = dj_square_parse(text, CELLS, 1, &consumed);
    if (cell < 0 || text[consumed] != '\0') {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "\"%s\" is not a cell (a1 to d1)",
                    text);
        return false;
    }
    if (cell == pos->token[pos->side]) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL, "the token is already on %s", text);
        return false;
    }
    *out = (DjMove)(cell + 1);
    return true;
}

static void shuttle_format_move(const void *p, DjMove move, GString *out)
{
    (void)p;
    dj_square_format((int)move - 1, CELLS, out);
}

static void shuttle_format_position(const void *p, GString *out)
{
    const ToyShuttle *pos = p;
    dj_square_format(pos->token[0], CELLS, out);
    g_string_append_c(out, ' ');
    dj_square_format(pos->token[1], CELLS, out);
    g_string_append_printf(out, " %d", pos->side);
}

static void shuttle_render(const void *p, const DjRenderStyle *style, GString *out)
{
    const ToyShuttle *pos = p;
    (void)style;
    for (int cell = 0; cell < CELLS; cell++) {
        char mark = '.';
        if (pos->token[0] == cell)
            mark = pos->token[1] == cell ? '*' : 'A';
        else if (pos->token[1] == cell)
            mark = 'B';
        g_string_append_c(out, mark);
    }
    g_string_append_printf(out, "\nside %d to move\n", pos->side);
}

static int shuttle_move_origin(const void *p, DjMove move)
{
    (void)move;
    const ToyShuttle *pos = p;
    return pos->token[pos->side];
}

const DjVariant toy_shuttle = {
    .name = "toy-shuttle",
    .title = "Shuttle",
    .summary = "tokens shuttle on a track until a position repeats (a test toy)",
    .state_size = sizeof(ToyShuttle),
    .max_moves = CELLS - 1,
    .board_width = CELLS,
    .board_height = 1,
    .side_names = { "A", "B" },
    .options = NULL,
    .repetition_draw = 3,
    .repetition_claim = 2,
    .perpetual_check_loses = true,
    .setup = shuttle_setup,
    .side_to_move = shuttle_side_to_move,
    .legal_moves = shuttle_legal_moves,
    .count_moves = NULL,
    .play = shuttle_play,
    .play_null = NULL,
    .outcome = shuttle_outcome,
    .key = shuttle_key,
    .compute_key = shuttle_key,
    .in_check = shuttle_in_check,
    .evaluate = shuttle_evaluate,
    .is_noisy = shuttle_is_noisy,
    .parse_move = shuttle_parse_move,
    .format_move = shuttle_format_move,
    .format_position = shuttle_format_position,
    .render = shuttle_render,
    .move_origin = shuttle_move_origin,
    .describe_outcome = NULL,
    .describe_move = NULL,
};
