/* match_speed.c: the short bench behind --reference-nps. */
#include "framework/referee/match_speed.h"

#include <string.h>

#include "framework/perft.h"
#include "framework/search/search.h"

#define SPEED_SEEDS 3
#define SPEED_PLIES 6
#define SPEED_TABLE_MB 16

/* New games from fixed seeds and the position a few plies into each, by a
 * fixed rule over the legal moves (the rule of `dojo bench`): positions
 * of the middle of a game as well as its start. */
static GPtrArray *speed_positions(const DjVariant *variant)
{
    GPtrArray *positions = g_ptr_array_new_with_free_func(g_free);
    g_autofree DjMove *moves = g_new(DjMove, variant->max_moves);
    for (int seed = 1; seed <= SPEED_SEEDS; seed++) {
        void *pos = g_malloc(variant->state_size);
        DjSetup setup = { .position = NULL, .seed = (guint64)seed };
        if (!variant->setup(pos, &setup, NULL)) {
            g_free(pos);
            continue;
        }
        g_ptr_array_add(positions, g_memdup2(pos, variant->state_size));
        for (int ply = 0; ply < SPEED_PLIES; ply++) {
            if (dj_position_outcome(variant, pos) != DJ_OUTCOME_ONGOING)
                break;
            int n = variant->legal_moves(pos, moves);
            variant->play(pos, moves[(ply * 7 + seed * 3) % n]);
        }
        if (dj_position_outcome(variant, pos) == DJ_OUTCOME_ONGOING)
            g_ptr_array_add(positions, pos);
        else
            g_free(pos);
    }
    return positions;
}

/* Perft from `pos`, deeper until `leaves` are counted or the tree stops
 * growing. */
static guint64 perft_work(const DjVariant *variant, const void *pos, guint64 leaves)
{
    guint64 total = 0, counted = 0;
    for (int depth = 1; counted < leaves && depth < 64; depth++) {
        guint64 previous = counted;
        counted = dj_perft(variant, pos, depth);
        total += counted;
        if (counted <= previous)
            break;
    }
    return total;
}

guint64 dojo_match_speed_nps(const DjVariant *variant)
{
    g_autoptr(GPtrArray) positions = speed_positions(variant);
    if (positions->len == 0)
        return 1;
    guint64 share = DOJO_MATCH_SPEED_NODES / positions->len;
    g_autoptr(DjSearch) search = variant->evaluate != NULL
        ? dj_search_new(variant, SPEED_TABLE_MB) : NULL;
    guint64 nodes = 0;
    gint64 start = g_get_monotonic_time();
    for (guint i = 0; i < positions->len; i++) {
        const void *pos = g_ptr_array_index(positions, i);
        if (search == NULL) {
            nodes += perft_work(variant, pos, share);
            continue;
        }
        dj_search_clear(search);
        DjSearchLimits limits;
        memset(&limits, 0, sizeof limits);
        limits.nodes = share;
        DjSearchInfo info;
        memset(&info, 0, sizeof info);
        dj_search_run(search, pos, NULL, 0, &limits, NULL, NULL, &info);
        nodes += info.nodes;
    }
    gint64 elapsed_us = MAX(g_get_monotonic_time() - start, 1);
    guint64 nps = (guint64)((double)nodes * 1e6 / (double)elapsed_us);
    return MAX(nps, 1);
}
