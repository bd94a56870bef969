/* repetition.c: who, if anyone, a repetition cycle condemns. */
#include "repetition.h"

DjRepetitionVerdict dj_repetition_judge(const DjHistoryEntry *line, int first, int last,
                                        bool perpetual_check_loses)
{
    if (!perpetual_check_loses)
        return DJ_REPETITION_DRAW;

    /* line[k].in_check says the move into position k gave check.  The moves
     * into first+1, first+3, ..., last-1 were made by the side to move at
     * `last` (same side as at `first`); the others by its opponent. */
    bool mover_always_checked = true;
    bool other_always_checked = true;
    for (int k = first + 1; k <= last; k++) {
        bool by_mover = ((k - first) % 2) == 1;
        if (!line[k].in_check) {
            if (by_mover)
                mover_always_checked = false;
            else
                other_always_checked = false;
        }
    }
    if (mover_always_checked && !other_always_checked)
        return DJ_REPETITION_MOVER_LOSES;
    if (other_always_checked && !mover_always_checked)
        return DJ_REPETITION_MOVER_WINS;
    return DJ_REPETITION_DRAW;
}
