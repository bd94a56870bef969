/* toy_takeaway.c: the take-away game as a DjVariant (see toys.h). */
#include "tests/framework/toys.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PILE 200

/* A NUMBER option: dj_options_check judges the name and the range. */
static const DjVariantOption takeaway_options[] = {
    { .name = "pile", .arg = "N", .kind = DJ_OPTION_NUMBER, .min = 1, .max = MAX_PILE,
      .help = "stones at the start (1 to 200, default 10)" },
    { .name = NULL },
};

bool toy_parse_number(const char *text, int min, int max, int *out)
{
    gint64 value = 0;
    /* Digits only: g_ascii_string_to_signed would take a sign too. */
    if (text == NULL || !g_ascii_isdigit(text[0])
        || !g_ascii_string_to_signed(text, 10, min, max, &value, NULL))
        return false;
    *out = (int)value;
    return true;
}

static bool takeaway_setup(void *p, const DjSetup *setup, GError **error)
{
    ToyTakeAway *pos = p;
    memset(pos, 0, sizeof *pos);
    if (setup->position == NULL) {
        int pile = 10;
        if (!dj_options_check("take-away", takeaway_options, setup->options, setup->n_options,
                              error))
            return false;
        /* The only option, and its value already found in range. */
        for (int i = 0; i < setup->n_options; i++) {
            g_autofree char *value = g_strstrip(g_strdup(setup->options[i].value));
            toy_parse_number(value, 1, MAX_PILE, &pile);
        }
        pos->pile = (uint8_t)pile;
        return true;
    }
    char **fields = g_strsplit(setup->position, " ", -1);
    int pile = 0, side = 0;
    bool ok = g_strv_length(fields) == 2 && toy_parse_number(fields[0], 0, MAX_PILE, &pile)
              && toy_parse_number(fields[1], 0, 1, &side);
    g_strfreev(fields);
    if (!ok) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "a take-away position is the pile and the side to move: \"7 0\"");
        return false;
    }
    pos->pile = (uint8_t)pile;
    pos->side = (uint8_t)side;
    return true;
}

static int takeaway_side_to_move(const void *p)
{
    return ((const ToyTakeAway *)p)->side;
}

static int takeaway_legal_moves(const void *p, DjMove *out)
{
    const ToyTakeAway *pos = p;
    int n = 0;
    for (int take = 1; take <= 2 && take <= pos->pile; take++)
        out[n++] = (DjMove)take;
    return n;
}

static void takeaway_play(void *p, DjMove move)
{
    ToyTakeAway *pos = p;
    pos->pile = (uint8_t)(pos->pile - move);
    pos->side ^= 1;
}

static DjOutcome takeaway_outcome(const void *p)
{
    (void)p;
    return DJ_OUTCOME_ONGOING;   /* an empty pile is a loss by "no legal move" */
}

static uint64_t takeaway_key(const void *p)
{
    const ToyTakeAway *pos = p;
    uint64_t z = ((uint64_t)pos->pile << 1 | pos->side) * 0x9e3779b97f4a7c15u;
    return z ^ (z >> 29) ^ 0x5bd1e995u;
}

static int takeaway_evaluate(const void *p)
{
    return ((const ToyTakeAway *)p)->pile;
}

static bool takeaway_is_noisy(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return false;
}

static bool takeaway_parse_move(const void *p, const char *text, DjMove *out,
                                GError **error)
{
    const ToyTakeAway *pos = p;
    int take = 0;
    if (!toy_parse_number(text, 1, 2, &take)) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "take 1 or 2 stones, not \"%s\"",
                    text);
        return false;
    }
    if (take > pos->pile) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL, "only %d stones are left", pos->pile);
        return false;
    }
    *out = (DjMove)take;
    return true;
}

static void takeaway_format_move(const void *p, DjMove move, GString *out)
{
    (void)p;
    g_string_append_printf(out, "%u", (unsigned)move);
}

static void takeaway_format_position(const void *p, GString *out)
{
    const ToyTakeAway *pos = p;
    g_string_append_printf(out, "%d %d", pos->pile, pos->side);
}

static void takeaway_render(const void *p, const DjRenderStyle *style, GString *out)
{
    const ToyTakeAway *pos = p;
    (void)style;
    g_string_append_printf(out, "%d stones, side %d to move\n", pos->pile, pos->side);
}

static int takeaway_move_origin(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return -1;
}

const DjVariant toy_takeaway = {
    .name = "toy-takeaway",
    .title = "Take-away",
    .summary = "take one or two stones; the last stone wins (a test toy)",
    .state_size = sizeof(ToyTakeAway),
    .max_moves = 2,
    .board_width = 1,
    .board_height = 1,
    .side_names = { "First", "Second" },
    .options = takeaway_options,
    .repetition_draw = 0,
    .repetition_claim = 0,
    .perpetual_check_loses = false,
    .setup = takeaway_setup,
    .side_to_move = takeaway_side_to_move,
    .legal_moves = takeaway_legal_moves,
    .count_moves = NULL,
    .play = takeaway_play,
    .play_null = NULL,
    .outcome = takeaway_outcome,
    .key = takeaway_key,
    .compute_key = takeaway_key,
    .in_check = NULL,
    .evaluate = takeaway_evaluate,
    .is_noisy = takeaway_is_noisy,
    .parse_move = takeaway_parse_move,
    .format_move = takeaway_format_move,
    .format_position = takeaway_format_position,
    .render = takeaway_render,
    .move_origin = takeaway_move_origin,
    .describe_outcome = NULL,
    .describe_move = NULL,
};
