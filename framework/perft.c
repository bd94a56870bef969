/* perft.c: generic perft with bulk counting at the last ply.
 *
 * One block of scratch memory holds a position and a move list per ply, so
 * the recursion allocates nothing and touches only the variant's slots. */
#include "framework/perft.h"

#include <string.h>

typedef struct PerftScratch {
    const DjVariant *variant;
    unsigned char *positions;   /* depth + 1 positions */
    DjMove *moves;              /* depth lists of max_moves */
    const atomic_int *stop;     /* NULL, or a request to return early */
} PerftScratch;

static void scratch_init(PerftScratch *s, const DjVariant *v, int depth)
{
    s->variant = v;
    s->stop = NULL;
    s->positions = g_malloc((size_t)(depth + 1) * v->state_size);
    s->moves = g_new(DjMove, (size_t)(depth + 1) * (size_t)v->max_moves);
}

static void scratch_clear(PerftScratch *s)
{
    g_free(s->positions);
    g_free(s->moves);
}

/* Leaves below the ongoing position at ply `ply` of the scratch. */
static uint64_t perft_below(const PerftScratch *s, int ply, int depth)
{
    const DjVariant *v = s->variant;
    const size_t size = v->state_size;
    const unsigned char *pos = s->positions + (size_t)ply * size;

    DjMove *moves = s->moves + (size_t)ply * (size_t)v->max_moves;
    /* No legal move (a mate): no sequence of moves goes on from here. */
    if (depth == 1)
        return (uint64_t)(v->count_moves != NULL ? v->count_moves(pos) : v->legal_moves(pos, moves));

    /* Looked at only above the last two plies, where it costs nothing
     * against the leaves below. */
    if (depth > 2 && s->stop != NULL && atomic_load_explicit(s->stop, memory_order_relaxed))
        return 0;
    unsigned char *child = s->positions + (size_t)(ply + 1) * size;
    int n = v->legal_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, size);
        v->play(child, moves[i]);
        if (v->outcome(child) != DJ_OUTCOME_ONGOING)
            total += 1;
        else
            total += perft_below(s, ply + 1, depth - 1);
    }
    return total;
}

uint64_t dj_perft(const DjVariant *variant, const void *pos, int depth)
{
    return dj_perft_stoppable(variant, pos, depth, NULL);
}

uint64_t dj_perft_stoppable(const DjVariant *variant, const void *pos, int depth,
                            const atomic_int *stop)
{
    if (depth <= 0 || variant->outcome(pos) != DJ_OUTCOME_ONGOING)
        return 1;
    PerftScratch s;
    scratch_init(&s, variant, depth);
    s.stop = stop;
    memcpy(s.positions, pos, variant->state_size);
    uint64_t total = perft_below(&s, 0, depth);
    scratch_clear(&s);
    return total;
}

/* Count below a root move's child (held in the counter's own scratch). */
typedef uint64_t (*CountBelow)(void *counter, int root_side);

/* Play each root move of `pos` into `child`, count below it with `below`,
 * and hand each move's text and count to `fn`; returns the total.  The
 * one loop behind both divides. */
static uint64_t divide_root(const DjVariant *variant, const void *pos, unsigned char *child,
                            CountBelow below, void *counter, DjPerftDivideFn fn,
                            void *user_data)
{
    DjMove *root_moves = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(pos, root_moves);
    int side = variant->side_to_move(pos);
    GString *text = g_string_new(NULL);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, variant->state_size);
        variant->play(child, root_moves[i]);
        uint64_t count = below(counter, side);
        g_string_truncate(text, 0);
        variant->format_move(pos, root_moves[i], text);
        fn(text->str, count, user_data);
        total += count;
    }
    g_string_free(text, TRUE);
    g_free(root_moves);
    return total;
}

typedef struct MoveCounter {
    PerftScratch scratch;
    int depth;
} MoveCounter;

static uint64_t moves_below_root_move(void *counter, int root_side)
{
    (void)root_side;
    MoveCounter *c = counter;
    const DjVariant *v = c->scratch.variant;
    if (c->depth > 1 && v->outcome(c->scratch.positions) == DJ_OUTCOME_ONGOING)
        return perft_below(&c->scratch, 0, c->depth - 1);
    return 1;
}

uint64_t dj_perft_divide(const DjVariant *variant, const void *pos, int depth,
                         DjPerftDivideFn fn, void *user_data)
{
    if (depth <= 0 || variant->outcome(pos) != DJ_OUTCOME_ONGOING)
        return 1;
    MoveCounter c = { .depth = depth };
    scratch_init(&c.scratch, variant, depth);
    uint64_t total = divide_root(variant, pos, c.scratch.positions, moves_below_root_move, &c,
                                 fn, user_data);
    scratch_clear(&c.scratch);
    return total;
}

/* ---- whole turns ---------------------------------------------------------
 * A turn has no fixed number of moves, so the scratch grows a level (a
 * position and a move list) whenever the count goes one move deeper than
 * before: allocations happen a few times per count, never per node. */

typedef struct TurnScratch {
    const DjVariant *variant;
    GPtrArray *positions;       /* one per level reached so far */
    GPtrArray *moves;           /* max_moves each */
    const atomic_int *stop;
} TurnScratch;

static void turn_scratch_init(TurnScratch *s, const DjVariant *v, const void *root,
                              const atomic_int *stop)
{
    s->variant = v;
    s->stop = stop;
    s->positions = g_ptr_array_new_with_free_func(g_free);
    s->moves = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(s->positions, g_memdup2(root, v->state_size));
    g_ptr_array_add(s->moves, g_new(DjMove, v->max_moves));
}

static void turn_scratch_clear(TurnScratch *s)
{
    g_ptr_array_unref(s->positions);
    g_ptr_array_unref(s->moves);
}

/* Sequences of `turns` turns below the ongoing position of level `level`. */
static uint64_t turns_below(TurnScratch *s, guint level, int turns)
{
    const DjVariant *v = s->variant;
    if (s->stop != NULL && atomic_load_explicit(s->stop, memory_order_relaxed))
        return 0;
    if (level + 1 >= s->positions->len) {
        g_ptr_array_add(s->positions, g_malloc(v->state_size));
        g_ptr_array_add(s->moves, g_new(DjMove, v->max_moves));
    }
    const unsigned char *pos = s->positions->pdata[level];
    unsigned char *child = s->positions->pdata[level + 1];
    DjMove *moves = s->moves->pdata[level];
    int side = v->side_to_move(pos);
    int n = v->legal_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[i]);
        int left = v->side_to_move(child) != side ? turns - 1 : turns;
        if (left == 0 || v->outcome(child) != DJ_OUTCOME_ONGOING)
            total += 1;
        else
            total += turns_below(s, level + 1, left);
    }
    return total;
}

uint64_t dj_perft_turns(const DjVariant *variant, const void *pos, int turns,
                        const atomic_int *stop)
{
    if (turns <= 0 || variant->outcome(pos) != DJ_OUTCOME_ONGOING)
        return 1;
    TurnScratch s;
    turn_scratch_init(&s, variant, pos, stop);
    uint64_t total = turns_below(&s, 0, turns);
    turn_scratch_clear(&s);
    return total;
}

typedef struct TurnCounter {
    TurnScratch scratch;
    int turns;
} TurnCounter;

static uint64_t turns_below_root_move(void *counter, int root_side)
{
    TurnCounter *c = counter;
    const DjVariant *v = c->scratch.variant;
    const unsigned char *child = c->scratch.positions->pdata[0];
    int left = v->side_to_move(child) != root_side ? c->turns - 1 : c->turns;
    if (left > 0 && v->outcome(child) == DJ_OUTCOME_ONGOING)
        return turns_below(&c->scratch, 0, left);
    return 1;
}

uint64_t dj_perft_turns_divide(const DjVariant *variant, const void *pos, int turns,
                               DjPerftDivideFn fn, void *user_data)
{
    if (turns <= 0 || variant->outcome(pos) != DJ_OUTCOME_ONGOING)
        return 1;
    TurnCounter c = { .turns = turns };
    turn_scratch_init(&c.scratch, variant, pos, NULL);
    uint64_t total = divide_root(variant, pos, c.scratch.positions->pdata[0],
                                 turns_below_root_move, &c, fn, user_data);
    turn_scratch_clear(&c.scratch);
    return total;
}
