/* review_step.h: stepping through a reviewed game, one position at a time.
 *
 * Reads commands one per line from `reader` (a terminal or a pipe alike):
 *   next (or n, or an empty line), back (b), first, last, goto N (the
 *   position after N moves), board, play, help, quit (q).
 * Each position is shown with the move that led to it, the engine's verdict
 * on that move, the board and the engine's line from there.  `play`
 * continues a new game from the position shown against the computer, in a
 * fresh journal: the reviewed record is never changed (only when the
 * stepping does not come from inside a game, `allow_play`). */
#ifndef DOJO_TTY_REVIEW_STEP_H
#define DOJO_TTY_REVIEW_STEP_H

#include <stdbool.h>
#include <stdio.h>

#include "frontends/tty/line_reader.h"
#include "frontends/tty/review.h"

typedef struct DojoStepConfig {
    bool color;
    bool traditional;
    bool flipped;        /* draw side 1 at the bottom */
    int level;           /* the computer's level after `play` */
    gint64 time_ms;      /* its time per move after `play` */
    bool allow_play;     /* `play` may start a new game (not from inside one) */
} DojoStepConfig;

/* Step through `review` until quit or end of input, reading `reader`
 * (which the play loop after `play` goes on reading, from `in`); returns an
 * exit code (options.h): the play loop's after `play`, else DOJO_EXIT_OK,
 * or DOJO_EXIT_INTERRUPTED after Ctrl-C. */
int dojo_review_step(const DojoReview *review, const DojoStepConfig *config,
                     DojoLineReader *reader, FILE *in, FILE *out);

#endif
