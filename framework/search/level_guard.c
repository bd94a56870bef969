/* level_guard.c: does a move lose at once (see level_guard.h)? */
#include "framework/search/level_guard.h"

#include <string.h>

#include <glib.h>

#include "framework/turn.h"

/* Whether `side`, to move in `pos` (ongoing), can win within its turn: a
 * move of `pos` wins, or (compound turns) a move keeps the turn and the
 * rest of the turn can win from there. */
static bool wins_within_turn(const DjVariant *variant, const void *pos, int side)
{
    bool compound = dj_turn_is_compound(variant);
    g_autofree unsigned char *child = g_malloc(variant->state_size);
    g_autofree DjMove *moves = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, variant->state_size);
        variant->play(child, moves[i]);
        DjOutcome outcome = dj_position_outcome(variant, child);
        if (outcome != DJ_OUTCOME_ONGOING) {
            if (dj_outcome_winner(outcome) == side)
                return true;
        } else if (compound && variant->side_to_move(child) == side
                   && wins_within_turn(variant, child, side)) {
            return true;
        }
    }
    return false;
}

bool dj_move_loses_at_once(const DjVariant *variant, const void *pos, DjMove move)
{
    int mover = variant->side_to_move(pos);
    g_autofree unsigned char *after = g_malloc(variant->state_size);
    memcpy(after, pos, variant->state_size);
    variant->play(after, move);

    DjOutcome outcome = dj_position_outcome(variant, after);
    if (outcome != DJ_OUTCOME_ONGOING)
        return dj_outcome_winner(outcome) == 1 - mover;
    if (variant->side_to_move(after) != mover)
        return wins_within_turn(variant, after, 1 - mover);
    if (!dj_turn_is_compound(variant))
        return false;   /* an extra turn is a decision of its own (level_guard.h) */

    /* A part of a turn loses at once when every way to finish the turn
     * does: an amazon moved where each of its arrows lets the opponent
     * shut the mover in. */
    g_autofree DjMove *rest = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(after, rest);
    for (int i = 0; i < n; i++)
        if (!dj_move_loses_at_once(variant, after, rest[i]))
            return false;
    return n > 0;
}

DjMove dj_first_move_not_losing_at_once(const DjVariant *variant, const void *pos,
                                        const DjMove *moves, int n, DjMove fallback)
{
    for (int i = 0; i < n; i++)
        if (!dj_move_loses_at_once(variant, pos, moves[i]))
            return moves[i];
    return fallback;
}
