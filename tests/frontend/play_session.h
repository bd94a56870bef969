/* play_session.h: the play loop (frontends/tty/play_loop.h) run in-process
 * on typed input, for the tests that drive it as a library rather than
 * through the dojo binary (test_play_clock.c, test_play_extra_turns.c).
 *
 * Include cmocka (and what it needs) first. */
#ifndef DOJO_TESTS_FRONTEND_PLAY_SESSION_H
#define DOJO_TESTS_FRONTEND_PLAY_SESSION_H

#include "framework/game.h"
#include "framework/game_history.h"
#include "frontends/tty/play_loop.h"

/* A game played by the loop, everything it printed, and how it ended. */
typedef struct PlaySession {
    DjGame *game;
    char *output;
    DojoPlayEnd end;
} PlaySession;

/* Play `typed` (the lines a person types) with dojo_play_loop, without a
 * journal, from a new game of `variant` (no options; the test fails when
 * it cannot be set up) between `players` (indexed by side).  A computer
 * thinks 50 ms a move, with seed 7 and a 1 MB table.  With a `clock`
 * (NULL: none), the clocks' time is the input the loop has read so far, a
 * second a byte.  Free the result with play_session_free. */
PlaySession play_session_run(const DjVariant *variant, const char *typed,
                             const DojoPlayer players[2], const DojoTimeControl *clock);

void play_session_free(PlaySession *session);

/* Fail the current test, showing the whole output, unless the output
 * holds `text`. */
void play_session_assert_has(const PlaySession *session, const char *text);

#endif
