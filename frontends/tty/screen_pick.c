/* screen_pick.c: picking a move square by square (see screen_pick.h). */
#include "frontends/tty/screen_pick.h"

#include <string.h>

#include <glib.h>

void pick_moves_load(PickMoves *pick, const DjVariant *variant, const void *pos)
{
    memset(pick, 0, sizeof *pick);
    pick->variant = variant;
    pick->pos = pos;
    pick->moves = g_new(DjMove, variant->max_moves);
    pick->origin = g_new(int, variant->max_moves);
    pick->destination = g_new(int, variant->max_moves);
    if (dj_position_outcome(variant, pos) != DJ_OUTCOME_ONGOING)
        return;
    pick->n = variant->legal_moves(pos, pick->moves);
    for (int i = 0; i < pick->n; i++) {
        pick->origin[i] = variant->move_origin(pos, pick->moves[i]);
        pick->destination[i] = variant->move_destination != NULL
                                   ? variant->move_destination(pos, pick->moves[i])
                                   : -1;
    }
}

void pick_moves_clear(PickMoves *pick)
{
    g_free(pick->moves);
    g_free(pick->origin);
    g_free(pick->destination);
    memset(pick, 0, sizeof *pick);
}

bool pick_has_moves_from(const PickMoves *pick, int square)
{
    for (int i = 0; i < pick->n; i++) {
        if (pick->origin[i] == square)
            return true;
    }
    return false;
}

int pick_destinations(const PickMoves *pick, int from, bool *marks)
{
    const DjVariant *variant = pick->variant;
    int squares = variant->board_width * variant->board_height;
    memset(marks, 0, (size_t)squares * sizeof *marks);
    int marked = 0;
    for (int i = 0; i < pick->n; i++) {
        int to = pick->destination[i];
        if (pick->origin[i] == from && to >= 0 && to < squares && !marks[to]) {
            marks[to] = true;
            marked++;
        }
    }
    return marked;
}

int pick_candidates(const PickMoves *pick, int from, int to, DjMove *out, int max)
{
    int found = 0;
    for (int i = 0; i < pick->n; i++) {
        if (pick->origin[i] != from || (to >= 0 && pick->destination[i] != to))
            continue;
        if (found < max)
            out[found] = pick->moves[i];
        found++;
    }
    return found;
}
