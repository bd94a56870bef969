/* toy_wide.c: take-away with thousands of names for one move (see toys.h):
 * a game whose move codes lie above 1 << 16 and whose positions have
 * WIDE_MOVES moves each, for the search's tables by move and for a Monte
 * Carlo tree that must not add every child at once. */
#include "tests/framework/toys.h"

#include <stdlib.h>
#include <string.h>

static bool wide_setup(void *p, const DjSetup *setup, GError **error)
{
    ToyWide *pos = p;
    memset(pos, 0, sizeof *pos);
    if (setup->position == NULL) {
        if (!dj_options_check("wide take-away", NULL, setup->options, setup->n_options, error))
            return false;
        pos->pile = 10;
        return true;
    }
    char **fields = g_strsplit(setup->position, " ", -1);
    int pile = 0, side = 0;
    bool ok = g_strv_length(fields) == 2 && toy_parse_number(fields[0], 0, WIDE_MAX_PILE, &pile)
              && toy_parse_number(fields[1], 0, 1, &side);
    g_strfreev(fields);
    if (!ok) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "a wide take-away position is the pile and the side to move: \"7 0\"");
        return false;
    }
    pos->pile = (uint8_t)pile;
    pos->side = (uint8_t)side;
    return true;
}

static int wide_side_to_move(const void *p)
{
    return ((const ToyWide *)p)->side;
}

static int wide_legal_moves(const void *p, DjMove *out)
{
    const ToyWide *pos = p;
    int n = 0;
    if (pos->pile >= 1)
        out[n++] = toy_wide_move(1, 0);
    for (int tag = 0; pos->pile >= 2 && tag < WIDE_TAGS; tag++)
        out[n++] = toy_wide_move(2, tag);
    return n;
}

static void wide_play(void *p, DjMove move)
{
    ToyWide *pos = p;
    pos->pile = (uint8_t)(pos->pile - toy_wide_take(move));
    pos->side ^= 1;
}

static DjOutcome wide_outcome(const void *p)
{
    (void)p;
    return DJ_OUTCOME_ONGOING;   /* an empty pile is a loss by "no legal move" */
}

static uint64_t wide_key(const void *p)
{
    const ToyWide *pos = p;
    uint64_t z = ((uint64_t)pos->pile << 1 | pos->side) * 0xbf58476d1ce4e5b9u;
    return z ^ (z >> 31) ^ 0x2545f491u;
}

static int wide_evaluate(const void *p)
{
    (void)p;
    return 0;   /* uninformed: only the search can find the result */
}

/* Taking the last stones wins at once: noisy, as the contract asks. */
static bool wide_is_noisy(const void *p, DjMove move)
{
    return toy_wide_take(move) == ((const ToyWide *)p)->pile;
}

static bool wide_parse_move(const void *p, const char *text, DjMove *out, GError **error)
{
    const ToyWide *pos = p;
    char **parts = g_strsplit(text, ".", -1);
    int take = 0, tag = 0;
    bool ok = g_strv_length(parts) == 2 && toy_parse_number(parts[0], 1, 2, &take)
              && toy_parse_number(parts[1], 0, WIDE_TAGS - 1, &tag);
    g_strfreev(parts);
    if (!ok || (take == 1 && tag != 0)) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "a move is 1.0, or 2 and a tag: \"2.417\", not \"%s\"", text);
        return false;
    }
    if (take > pos->pile) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL, "only %d stones are left", pos->pile);
        return false;
    }
    *out = toy_wide_move(take, tag);
    return true;
}

static void wide_format_move(const void *p, DjMove move, GString *out)
{
    (void)p;
    g_string_append_printf(out, "%d.%d", toy_wide_take(move),
                           move == WIDE_MOVE_BASE ? 0 : (int)(move - WIDE_MOVE_BASE - 1));
}

static void wide_format_position(const void *p, GString *out)
{
    const ToyWide *pos = p;
    g_string_append_printf(out, "%d %d", pos->pile, pos->side);
}

static void wide_render(const void *p, const DjRenderStyle *style, GString *out)
{
    const ToyWide *pos = p;
    (void)style;
    g_string_append_printf(out, "%d stones, side %d to move\n", pos->pile, pos->side);
}

static int wide_move_origin(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return -1;
}

DjMove toy_wide_move(int take, int tag)
{
    return take == 1 ? WIDE_MOVE_BASE : WIDE_MOVE_BASE + 1 + (DjMove)tag;
}

int toy_wide_take(DjMove move)
{
    return move == WIDE_MOVE_BASE ? 1 : 2;
}

const DjVariant toy_wide = {
    .name = "toy-wide",
    .title = "Wide take-away",
    .summary = "take-away with thousands of names for taking two (a test toy)",
    .state_size = sizeof(ToyWide),
    .max_moves = WIDE_MOVES,
    .move_limit = WIDE_MOVE_BASE + WIDE_MOVES,
    .board_width = 1,
    .board_height = 1,
    .side_names = { "First", "Second" },
    .setup = wide_setup,
    .side_to_move = wide_side_to_move,
    .legal_moves = wide_legal_moves,
    .play = wide_play,
    .outcome = wide_outcome,
    .key = wide_key,
    .compute_key = wide_key,
    .evaluate = wide_evaluate,
    .is_noisy = wide_is_noisy,
    .parse_move = wide_parse_move,
    .format_move = wide_format_move,
    .format_position = wide_format_position,
    .render = wide_render,
    .move_origin = wide_move_origin,
};
