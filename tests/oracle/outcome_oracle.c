/* outcome_oracle.c: see outcome_oracle.h. */
#include "tests/oracle/outcome_oracle.h"

#include <stdbool.h>

DjOutcome oracle_expected_outcome(const DjGame *game, int *occurrences)
{
    const DjVariant *v = dj_game_variant(game);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    int last = n_line - 1, first = last, count = 0;
    for (int k = last; k >= 0; k--) {   /* the key includes the side to move */
        if (line[k].key == line[last].key) {
            count++;
            first = k;
        }
    }
    if (occurrences != NULL)
        *occurrences = count;

    const void *pos = dj_game_position(game);
    DjOutcome by_rules = v->outcome(pos);
    if (by_rules != DJ_OUTCOME_ONGOING)
        return by_rules;
    if (dj_count_moves(v, pos) == 0)
        return dj_outcome_win_for(1 - v->side_to_move(pos));
    if (v->repetition_draw == 0 || count < v->repetition_draw)
        return DJ_OUTCOME_ONGOING;
    if (!v->perpetual_check_loses)
        return DJ_OUTCOME_DRAW;
    /* A side that gave check with every turn it ended in the cycle loses;
     * a move that gives its side another turn ends none. */
    bool moved[2] = { false, false }, always_checked[2] = { true, true };
    for (int ply = first; ply < last; ply++) {
        int side = v->side_to_move(dj_game_position_at(game, ply));
        if (v->side_to_move(dj_game_position_at(game, ply + 1)) == side)
            continue;
        moved[side] = true;
        if (!line[ply + 1].in_check)
            always_checked[side] = false;
    }
    bool perpetual[2] = { moved[0] && always_checked[0], moved[1] && always_checked[1] };
    if (perpetual[0] != perpetual[1])
        return dj_outcome_win_for(perpetual[0] ? 1 : 0);
    return DJ_OUTCOME_DRAW;
}
