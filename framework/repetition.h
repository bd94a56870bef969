/* repetition.h: judging a repeated position, shared by the game history and
 * the search so that both apply the same rule. */
#ifndef DOJO_REPETITION_H
#define DOJO_REPETITION_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* One position of a game line: its key and whether the side to move there
 * was in check (that is, whether the move that led to it gave check). */
typedef struct DjHistoryEntry {
    uint64_t key;
    bool in_check;
} DjHistoryEntry;

typedef enum DjRepetitionVerdict {
    DJ_REPETITION_DRAW = 0,
    DJ_REPETITION_MOVER_LOSES,   /* the side to move gave check all through the cycle */
    DJ_REPETITION_MOVER_WINS,    /* the other side did */
} DjRepetitionVerdict;

/* Judge the cycle line[first] ... line[last], where line[first] and
 * line[last] are the same position (same key, same side to move, so
 * last - first is even and at least 2).  With perpetual_check_loses false
 * the verdict is always DRAW.  Otherwise, if every move of one side inside
 * the cycle gave check, that side loses; if both did (impossible in chess
 * like games but cheap to define), it is a draw. */
DjRepetitionVerdict dj_repetition_judge(const DjHistoryEntry *line, int first, int last,
                                        bool perpetual_check_loses);

#endif
