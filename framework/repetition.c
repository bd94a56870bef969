/* repetition.c: who, if anyone, a repetition cycle condemns. */
#include "framework/repetition.h"

DjRepetitionVerdict dj_repetition_judge(const DjHistoryEntry *line, int first, int last,
                                        bool perpetual_check_loses)
{
    if (!perpetual_check_loses)
        return DJ_REPETITION_DRAW;

    /* A turn ends at k when the side to move changes; never assume from
     * k's parity who moved (a move may give its side another turn). */
    /* (& 1: a side outside 0..1, against the contract, must not index
     * past the arrays) */
    int mover = line[last].side & 1;
    int turns[2] = { 0, 0 };
    bool always_checked[2] = { true, true };
    for (int k = first + 1; k <= last; k++) {
        int by = line[k - 1].side & 1;
        if ((line[k].side & 1) == by)
            continue;
        turns[by]++;
        if (!line[k].in_check)
            always_checked[by] = false;
    }
    bool mover_perpetual = turns[mover] > 0 && always_checked[mover];
    bool other_perpetual = turns[1 - mover] > 0 && always_checked[1 - mover];
    if (mover_perpetual && !other_perpetual)
        return DJ_REPETITION_MOVER_LOSES;
    if (other_perpetual && !mover_perpetual)
        return DJ_REPETITION_MOVER_WINS;
    return DJ_REPETITION_DRAW;
}
