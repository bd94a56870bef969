/* review_play.h: playing on against the computer from a position of a
 * reviewed game (`dojo review --step`, then `play`).
 *
 * Kept apart from the stepping (review_step.h) so that stepping, which the
 * play loop also uses for its replay, does not itself call the play loop. */
#ifndef DOJO_FRONTENDS_TTY_REVIEW_PLAY_H
#define DOJO_FRONTENDS_TTY_REVIEW_PLAY_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

#include "frontends/tty/review.h"

typedef struct DojoReviewPlayConfig {
    bool color;
    bool traditional;
    bool flipped;        /* the board as it was shown: side 1 at the bottom */
    int level;           /* the computer's level */
    gint64 time_ms;      /* its time per move */
    bool full_screen;    /* play on the full screen when the terminal can */
} DojoReviewPlayConfig;

/* A new game from the position after `ply` moves of `review`'s game (one
 * where the game is not over), the side to move there a person against
 * the computer, kept in a fresh journal: the reviewed record is never
 * changed.  Reads moves from `in`, writes to `out`; returns the play
 * loop's exit code (options.h), or DOJO_EXIT_FAILURE when the game cannot
 * be set up again (said on `out`). */
int dojo_review_play_on(const DojoReview *review, int ply, const DojoReviewPlayConfig *config,
                        FILE *in, FILE *out);

#endif
