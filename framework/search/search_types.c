/* search_types.c: the helpers both searches (and their callers) read
 * limits and lines with. */
#include "framework/search/search_types.h"

#include <glib.h>

int dj_search_restrict_moves(DjMove *moves, int n, const DjMove *only, int n_only)
{
    int kept = 0;
    for (int i = 0; i < n; i++) {
        bool listed = false;
        for (int j = 0; j < n_only && !listed; j++)
            listed = only[j] == moves[i];
        if (listed)
            moves[kept++] = moves[i];
    }
    /* With none kept nothing was written: the list is whole. */
    return kept > 0 ? kept : n;
}

int dj_line_own_moves(const DjVariant *variant, const void *root, const DjMove *pv,
                      int pv_length, int plies)
{
    unsigned char *pos = g_memdup2(root, variant->state_size);
    DjMove *moves = g_new(DjMove, variant->max_moves);
    int root_side = variant->side_to_move(root);
    int own = 0, mover = root_side;
    bool following = true;   /* still on the pv, with legal moves */
    for (int i = 0; i < plies; i++) {
        if (following) {
            following = i < pv_length
                        && dj_position_outcome(variant, pos) == DJ_OUTCOME_ONGOING;
            int n = following ? variant->legal_moves(pos, moves) : 0;
            bool legal = false;
            for (int k = 0; k < n && !legal; k++)
                legal = moves[k] == pv[i];
            following = following && legal;
            mover = variant->side_to_move(pos);
            if (following)
                variant->play(pos, pv[i]);
        } else {
            mover = 1 - mover;
        }
        own += mover == root_side;
    }
    g_free(moves);
    g_free(pos);
    return own;
}
