/* play_ui.h: how a `dojo play` session meets the player.
 *
 * The play loop (play_loop.c, play_state.c, play_commands.c) knows the
 * rules, the commands and the computer; a PlayUi knows the terminal.  The
 * loop tells the interface what happened (a message, a new position, the
 * computer thinking) and asks it for the next command of the person to
 * move, as a line of text: a move ("ox:c1c2"), or a command ("undo").
 * Two interfaces implement it:
 *   - the line interface (play_ui_line.c): text printed line after line and
 *     commands read a line at a time, for pipes, scripts, TERM=dumb and
 *     screen readers (--line);
 *   - the full-screen one (screen_*.c): the position drawn in place, moves
 *     picked with keys or the mouse, or typed.
 * Every function is called on the thread that runs the loop. */
#ifndef DOJO_FRONTENDS_TTY_PLAY_UI_H
#define DOJO_FRONTENDS_TTY_PLAY_UI_H

#include <stdbool.h>

#include <glib.h>

#include "framework/search/search_types.h"
#include "frontends/tty/line_reader.h"
#include "frontends/tty/review.h"

typedef struct PlayState PlayState;

/* What the player wants once a game is over. */
typedef enum PlayAfter {
    PLAY_AFTER_END,      /* stop */
    PLAY_AFTER_REVIEW,   /* the engine's review of the game, stepped through */
    PLAY_AFTER_NEW,      /* a new game with the same settings */
} PlayAfter;

typedef struct PlayUiOps {
    /* One message for the player: one printable line (play_say made it so). */
    void (*say)(void *ui, PlayState *state, const char *line);
    /* A block of several lines (help, lists), each ending with '\n'. */
    void (*show_text)(void *ui, PlayState *state, const char *text);
    /* The position, whose turn it is or the game's state changed (a move,
     * undo, load, flip, the end): show it.  `asked` is true when the player
     * asked to see the board again. */
    void (*show_position)(void *ui, PlayState *state, bool asked);
    /* The computer starts to search `root` for side `side` (labelled
     * `label`, "Red thought"; NULL for a hint). */
    void (*think_begin)(void *ui, PlayState *state, const void *root, const char *label);
    /* An iteration of that search completed. */
    void (*think_report)(void *ui, PlayState *state, const DjSearchInfo *info);
    /* The search is over; `final` is its last word with the move it chose
     * first in its line, or NULL when it was interrupted or completed no
     * iteration (the last report, if any, is then all there is). */
    void (*think_end)(void *ui, PlayState *state, const DjSearchInfo *final);
    /* The next command of the person to move, after `prompt` ("Blue> "):
     * DOJO_LINE_OK with a fresh *line (g_free it), or why there is none. */
    DojoLineStatus (*read_command)(void *ui, PlayState *state, const char *prompt, char **line);
    /* Only computers play (watching): wait `delay_ms` between their moves
     * so a person can follow, and let the player pause and go on; false
     * when the player asked to stop watching (quit). */
    bool (*watch_pause)(void *ui, PlayState *state, int delay_ms);
    /* Ctrl-C arrived (the loop says what is kept next). */
    void (*interrupted)(void *ui);
    /* The game is over (the result is set and announced): what the player
     * wants next.  `can_start_new`: a new game can be offered. */
    PlayAfter (*game_over)(void *ui, PlayState *state, bool can_start_new);
    /* The engine reviews the game: `done` of `total` moves so far (done ==
     * total: finished). */
    void (*review_progress)(void *ui, PlayState *state, int done, int total);
    /* Step through `review` of the game so far until the player is done. */
    void (*step_review)(void *ui, PlayState *state, const DojoReview *review);
    /* Close the interface (leave full-screen mode) and free it. */
    void (*free)(void *ui);
} PlayUiOps;

/* The line interface on `in` and `out` (the loop's streams); `history_path`
 * is the line editor's history file, or NULL.  Never NULL. */
void *play_ui_line_new(FILE *in, FILE *out, const char *history_path, bool live_status);
extern const PlayUiOps play_ui_line_ops;

#endif
