/* game.c: small helpers over the variant interface. */
#include "framework/game.h"

G_DEFINE_QUARK(dj-error-quark, dj_error)

DjOutcome dj_position_outcome(const DjVariant *variant, const void *pos)
{
    DjOutcome outcome = variant->outcome(pos);
    if (outcome != DJ_OUTCOME_ONGOING)
        return outcome;
    if (dj_count_moves(variant, pos) == 0)
        return dj_outcome_win_for(1 - variant->side_to_move(pos));
    return DJ_OUTCOME_ONGOING;
}

int dj_outcome_winner(DjOutcome outcome)
{
    switch (outcome) {
    case DJ_OUTCOME_WIN_SIDE0: return 0;
    case DJ_OUTCOME_WIN_SIDE1: return 1;
    default: return -1;
    }
}

DjOutcome dj_outcome_win_for(int side)
{
    return side == 0 ? DJ_OUTCOME_WIN_SIDE0 : DJ_OUTCOME_WIN_SIDE1;
}

int dj_count_moves(const DjVariant *variant, const void *pos)
{
    if (variant->count_moves != NULL)
        return variant->count_moves(pos);
    DjMove *moves = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(pos, moves);
    g_free(moves);
    return n;
}
