/* screen.h: the full-screen interface of `dojo play` (see play_ui.h).
 *
 * The position is drawn once and redrawn in place with ncursesw: the board
 * (from the game's view_squares, with a cursor, the picked piece, its legal
 * destinations, the last move and a royal piece in check marked by signs as
 * well as colour), what each side holds beside it (render_holdings), whose
 * turn it is, the clocks, the messages, the computer's thoughts while it
 * thinks, and, on a larger window, the move list.  Moves are picked with
 * the keyboard (arrows or hjkl, Enter) or the mouse, or typed on the
 * command line at the bottom; a move two ways of making it (two cards, an
 * optional promotion) asks which.  A window too small says how big it must
 * be; a resize redraws.  Built only with ncursesw (DOJO_HAVE_CURSES). */
#ifndef DOJO_FRONTENDS_TTY_SCREEN_H
#define DOJO_FRONTENDS_TTY_SCREEN_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

#include "frontends/tty/play_ui.h"
#include "frontends/tty/review.h"

typedef struct ScreenConfig {
    bool color;          /* colour allowed (--color, NO_COLOR): never the only sign */
    const char *history_path;   /* the command line's history file, or NULL */
} ScreenConfig;

/* Whether the full-screen interface can run on `in` and `out`: both
 * terminals, TERM set, not "dumb", known to the terminal database, and
 * dojo built with ncursesw. */
bool screen_available(FILE *in, FILE *out);

/* Enter full-screen mode on `in` and `out` (a terminal, screen_available);
 * NULL with a message in `error` when the terminal cannot be set up. */
void *play_ui_screen_new(FILE *in, FILE *out, const ScreenConfig *config, GError **error);
extern const PlayUiOps play_ui_screen_ops;

/* Step through `review` of a recorded game on the full screen (dojo
 * review --step): the arrow keys step, q leaves, p plays on from the
 * position shown.  Returns the number of moves that led to that position
 * after p, else -1 (and -1 with `error` set when the screen cannot be set
 * up). */
int screen_review_record(FILE *in, FILE *out, const ScreenConfig *config,
                         const DojoReview *review, bool traditional, bool flipped,
                         GError **error);

#endif
