/* review_step.h: stepping through a reviewed game, one position at a time.
 *
 * Reads commands one per line from `reader` (a terminal or a pipe alike):
 *   next (or n, or an empty line), back (b), first, last, goto N (the
 *   position after N moves), board, play, help, quit (q).
 * Each position is shown with the move that led to it, the engine's verdict
 * on that move, the board and the engine's line from there.  `play` (only
 * when the stepping does not come from inside a game, `allow_play`) ends
 * the stepping with the position shown, for the caller to play on from
 * (review_play.h): stepping plays nothing itself. */
#ifndef DOJO_FRONTENDS_TTY_REVIEW_STEP_H
#define DOJO_FRONTENDS_TTY_REVIEW_STEP_H

#include <stdbool.h>
#include <stdio.h>

#include "frontends/tty/line_reader.h"
#include "frontends/tty/review.h"

typedef struct DojoStepConfig {
    bool color;
    bool traditional;
    bool flipped;        /* draw side 1 at the bottom */
    bool allow_play;     /* `play` may start a new game (not from inside one) */
} DojoStepConfig;

/* How stepping ended. */
typedef enum {
    DOJO_STEP_QUIT,         /* quit, or the end of input */
    DOJO_STEP_INTERRUPTED,  /* Ctrl-C */
    DOJO_STEP_PLAY,         /* `play`: go on from the position shown */
} DojoStepEnd;

/* Step through `review` until quit, `play` or the end of input, reading
 * `reader` and writing to `out`.  On DOJO_STEP_PLAY, *play_ply (when not
 * NULL) is the position shown (after that many moves), one where the game
 * is not over. */
DojoStepEnd dojo_review_step(const DojoReview *review, const DojoStepConfig *config,
                             DojoLineReader *reader, FILE *out, int *play_ply);

#endif
