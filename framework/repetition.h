/* repetition.h: judging a repeated position, shared by the game history and
 * the search so that both apply the same rule. */
#ifndef DOJO_FRAMEWORK_REPETITION_H
#define DOJO_FRAMEWORK_REPETITION_H

#include <stdbool.h>
#include <stdint.h>

#include "framework/game.h"

/* One position of a game line: its key, whose turn it is there, and whether
 * that side is in check.  Sides need not alternate along a line (a move may
 * give its side another turn), so the side is stored, never worked out from
 * the entry's index. */
typedef struct DjHistoryEntry {
    uint64_t key;
    bool in_check;
    uint8_t side;        /* side_to_move() of the position */
} DjHistoryEntry;

typedef enum DjRepetitionVerdict {
    DJ_REPETITION_DRAW = 0,
    DJ_REPETITION_MOVER_LOSES,   /* the side to move gave check all through the cycle */
    DJ_REPETITION_MOVER_WINS,    /* the other side did */
} DjRepetitionVerdict;

/* Judge the cycle line[first] ... line[last], where line[first] and
 * line[last] are the same position (same key, hence the same side to move;
 * last > first).  With perpetual_check_loses false the verdict is always
 * DRAW.  Otherwise the cycle is judged by turns: a turn ends at entry k when
 * line[k].side differs from line[k - 1].side, it was line[k - 1].side's, and
 * it gave check when line[k].in_check.  A move that gives its side another
 * turn ends no turn and checks no one.  If one side ended at least one turn
 * inside the cycle and every turn it ended gave check, while the other side
 * did not, the checking side loses; otherwise (nobody or both) it is a draw.
 * In a game whose turns alternate every move is a turn, which is the usual
 * perpetual-check rule. */
DjRepetitionVerdict dj_repetition_judge(const DjHistoryEntry *line, int first, int last,
                                        bool perpetual_check_loses);

#endif
