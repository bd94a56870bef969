/* toy_mancala.c: a tiny mancala as a DjVariant (see toys.h): a game where a
 * move can give its side another turn, so the sides do not alternate. */
#include "tests/framework/toys.h"

#include <string.h>

#include "framework/notation.h"

#define PITS MANCALA_PITS             /* per side */
#define MAX_SEEDS 48                  /* in the whole game: evaluate() stays small */
#define WIDTH PITS
#define HEIGHT 2

static const DjVariantOption mancala_options[] = {
    { .name = "seeds", .arg = "N", .kind = DJ_OPTION_NUMBER, .min = 1, .max = 8,
      .help = "seeds in each pit at the start (1 to 8, default 2)" },
    { .name = NULL },
};

/* The pits of `side` in sowing order are pits[side * PITS + i], i = 0..PITS-1,
 * and sowing goes on into that side's store, then the other side's pits.
 * On the board side 0's pits are a1, b1, c1 and side 1's run back along
 * rank 2 (c2, b2, a2), so each pit faces the one it captures from. */
static int pit_square(int pit)
{
    return pit < PITS ? pit : (2 * PITS - 1 - pit) + WIDTH;
}

static int square_pit(int square)
{
    return square < WIDTH ? square : 2 * PITS - 1 - (square - WIDTH);
}

static int opposite(int pit)
{
    return 2 * PITS - 1 - pit;
}

static int seeds_on_side(const ToyMancala *pos, int side)
{
    int n = 0;
    for (int i = 0; i < PITS; i++)
        n += pos->pits[side * PITS + i];
    return n;
}

/* Recomputed from the whole position in play(): a move changes most of it,
 * so an incremental key would save nothing. */
static uint64_t mancala_key(const void *p)
{
    const ToyMancala *pos = p;
    uint64_t h = 0x243f6a8885a308d3u ^ pos->side;
    for (int i = 0; i < 2 * PITS; i++)
        h = (h ^ pos->pits[i]) * 0x100000001b3u;
    for (int s = 0; s < 2; s++)
        h = (h ^ pos->stores[s]) * 0x100000001b3u;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9u;
    return h ^ (h >> 32);
}

static bool mancala_setup(void *p, const DjSetup *setup, GError **error)
{
    ToyMancala *pos = p;
    memset(pos, 0, sizeof *pos);
    if (setup->position == NULL) {
        int seeds = 2;
        for (int i = 0; i < setup->n_options; i++) {
            const DjOptionValue *o = &setup->options[i];
            if (strcmp(o->name, "seeds") != 0 || !toy_parse_number(o->value, 1, 8, &seeds)) {
                g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "mancala has one option, seeds=1..8, not \"%s=%s\"", o->name,
                            o->value);
                return false;
            }
        }
        for (int i = 0; i < 2 * PITS; i++)
            pos->pits[i] = (uint8_t)seeds;
        pos->key = mancala_key(pos);
        return true;
    }
    char **fields = g_strsplit(setup->position, " ", -1);
    bool ok = g_strv_length(fields) == 2 * PITS + 3;
    int total = 0;
    for (int i = 0; ok && i < 2 * PITS + 2; i++) {
        int count = 0;
        ok = toy_parse_number(fields[i], 0, MAX_SEEDS, &count);
        if (i < 2 * PITS)
            pos->pits[i] = (uint8_t)count;
        else
            pos->stores[i - 2 * PITS] = (uint8_t)count;
        total += count;
    }
    int side = 0;
    ok = ok && toy_parse_number(fields[2 * PITS + 2], 0, 1, &side) && total <= MAX_SEEDS;
    g_strfreev(fields);
    if (!ok) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "a mancala position is six pits, two stores and the side to move, "
                    "at most %d seeds: \"2 2 2 2 2 2 0 0 0\"", MAX_SEEDS);
        return false;
    }
    pos->side = (uint8_t)side;
    pos->key = mancala_key(pos);
    return true;
}

static int mancala_side_to_move(const void *p)
{
    return ((const ToyMancala *)p)->side;
}

static int mancala_legal_moves(const void *p, DjMove *out)
{
    const ToyMancala *pos = p;
    int n = 0;
    for (int i = 0; i < PITS; i++)
        if (pos->pits[pos->side * PITS + i] > 0)
            out[n++] = (DjMove)(i + 1);
    return n;
}

static void mancala_play(void *p, DjMove move)
{
    ToyMancala *pos = p;
    int side = pos->side;
    int pit = side * PITS + (int)move - 1;
    int seeds = pos->pits[pit];
    pos->pits[pit] = 0;
    /* Ring slots: 0..PITS-1 side 0's pits, PITS its store, then side 1's
     * pits and store; the opponent's store is skipped. */
    const int ring = 2 * PITS + 2;
    int slot = side == 0 ? pit : pit + 1;
    int own_store = side == 0 ? PITS : 2 * PITS + 1;
    int other_store = side == 0 ? 2 * PITS + 1 : PITS;
    while (seeds > 0) {
        slot = (slot + 1) % ring;
        if (slot == other_store)
            continue;
        if (slot == own_store)
            pos->stores[side]++;
        else
            pos->pits[slot < PITS ? slot : slot - 1]++;
        seeds--;
    }
    if (slot == own_store) {
        pos->key = mancala_key(pos);
        return;   /* the last seed in one's own store: another turn */
    }
    int last = slot < PITS ? slot : slot - 1;
    if (last / PITS == side && pos->pits[last] == 1 && pos->pits[opposite(last)] > 0) {
        pos->stores[side] = (uint8_t)(pos->stores[side] + 1 + pos->pits[opposite(last)]);
        pos->pits[last] = 0;
        pos->pits[opposite(last)] = 0;
    }
    pos->side ^= 1;
    pos->key = mancala_key(pos);
}

/* Each side's final count: its store and the seeds left on its side. */
static DjOutcome mancala_outcome(const void *p)
{
    const ToyMancala *pos = p;
    int left[2] = { seeds_on_side(pos, 0), seeds_on_side(pos, 1) };
    if (left[0] > 0 && left[1] > 0)
        return DJ_OUTCOME_ONGOING;
    int final0 = pos->stores[0] + left[0], final1 = pos->stores[1] + left[1];
    return final0 > final1   ? DJ_OUTCOME_WIN_SIDE0
           : final1 > final0 ? DJ_OUTCOME_WIN_SIDE1
                             : DJ_OUTCOME_DRAW;
}

static uint64_t mancala_stored_key(const void *p)
{
    return ((const ToyMancala *)p)->key;
}

static int mancala_evaluate(const void *p)
{
    const ToyMancala *pos = p;
    return pos->stores[pos->side] - pos->stores[pos->side ^ 1];
}

/* What a move puts in its side's store: seeds sown there and captures. */
static int mancala_gain(const void *p, DjMove move)
{
    ToyMancala child = *(const ToyMancala *)p;
    int side = child.side;
    int before = child.stores[side];
    mancala_play(&child, move);
    return child.stores[side] - before;
}

static bool mancala_is_noisy(const void *p, DjMove move)
{
    return mancala_gain(p, move) > 0;
}

static bool mancala_parse_move(const void *p, const char *text, DjMove *out, GError **error)
{
    const ToyMancala *pos = p;
    int consumed = 0;
    int square = dj_square_parse(text, WIDTH, HEIGHT, &consumed);
    if (square < 0 || text[consumed] != '\0') {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "\"%s\" is not a pit (a1 to c2)", text);
        return false;
    }
    int pit = square_pit(square);
    if (pit / PITS != pos->side || pos->pits[pit] == 0) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL, "%s is not a pit of yours with seeds",
                    text);
        return false;
    }
    *out = (DjMove)(pit % PITS + 1);
    return true;
}

static int mancala_move_origin(const void *p, DjMove move)
{
    const ToyMancala *pos = p;
    return pit_square(pos->side * PITS + (int)move - 1);
}

static void mancala_format_move(const void *p, DjMove move, GString *out)
{
    dj_square_format(mancala_move_origin(p, move), WIDTH, out);
}

static void mancala_format_position(const void *p, GString *out)
{
    const ToyMancala *pos = p;
    for (int i = 0; i < 2 * PITS; i++)
        g_string_append_printf(out, "%d ", pos->pits[i]);
    g_string_append_printf(out, "%d %d %d", pos->stores[0], pos->stores[1], pos->side);
}

static void mancala_render(const void *p, const DjRenderStyle *style, GString *out)
{
    const ToyMancala *pos = p;
    (void)style;
    g_string_append_printf(out, "   [%2d]", pos->stores[1]);
    for (int i = 2 * PITS - 1; i >= PITS; i--)
        g_string_append_printf(out, " %2d", pos->pits[i]);
    g_string_append(out, "\n        ");
    for (int i = 0; i < PITS; i++)
        g_string_append_printf(out, " %2d", pos->pits[i]);
    g_string_append_printf(out, " [%2d]\nside %d to move\n", pos->stores[0], pos->side);
}

const DjVariant toy_mancala = {
    .name = "toy-mancala",
    .title = "Mancala",
    .summary = "three pits a side; the last seed in your store moves again (a test toy)",
    .state_size = sizeof(ToyMancala),
    .max_moves = PITS,
    .board_width = WIDTH,
    .board_height = HEIGHT,
    .side_names = { "South", "North" },
    .options = mancala_options,
    .extra_turns = true,
    .repetition_draw = 0,   /* every move sows toward a store: no position recurs */
    .repetition_claim = 0,
    .perpetual_check_loses = false,
    .setup = mancala_setup,
    .side_to_move = mancala_side_to_move,
    .legal_moves = mancala_legal_moves,
    .count_moves = NULL,
    .play = mancala_play,
    .play_null = NULL,
    .outcome = mancala_outcome,
    .key = mancala_stored_key,
    .compute_key = mancala_key,
    .in_check = NULL,
    .evaluate = mancala_evaluate,
    .is_noisy = mancala_is_noisy,
    .noisy_moves = NULL,
    .move_gain = mancala_gain,
    .parse_move = mancala_parse_move,
    .format_move = mancala_format_move,
    .format_position = mancala_format_position,
    .render = mancala_render,
    .move_origin = mancala_move_origin,
    .describe_outcome = NULL,
    .describe_move = NULL,
};
