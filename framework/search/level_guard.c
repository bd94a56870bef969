/* level_guard.c: does a move lose at once (see level_guard.h)? */
#include "framework/search/level_guard.h"

#include <string.h>

#include <glib.h>

bool dj_move_loses_at_once(const DjVariant *variant, const void *pos, DjMove move)
{
    int mover = variant->side_to_move(pos);
    g_autofree unsigned char *after = g_malloc(variant->state_size * 2);
    unsigned char *reply = after + variant->state_size;
    memcpy(after, pos, variant->state_size);
    variant->play(after, move);

    DjOutcome outcome = dj_position_outcome(variant, after);
    if (outcome != DJ_OUTCOME_ONGOING)
        return dj_outcome_winner(outcome) == 1 - mover;
    if (variant->side_to_move(after) == mover)
        return false;

    g_autofree DjMove *replies = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(after, replies);
    for (int i = 0; i < n; i++) {
        memcpy(reply, after, variant->state_size);
        variant->play(reply, replies[i]);
        if (dj_outcome_winner(dj_position_outcome(variant, reply)) == 1 - mover)
            return true;
    }
    return false;
}

DjMove dj_first_move_not_losing_at_once(const DjVariant *variant, const void *pos,
                                        const DjMove *moves, int n, DjMove fallback)
{
    for (int i = 0; i < n; i++)
        if (!dj_move_loses_at_once(variant, pos, moves[i]))
            return moves[i];
    return fallback;
}
