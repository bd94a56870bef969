/* play_state.h: what the parts of the play loop share (internal to
 * play_loop.c, play_state.c and play_commands.c).
 *
 * A PlayState is one running `dojo play` session: the game, who plays,
 * where output goes, the journal and the computer's search. */
#ifndef DOJO_FRONTENDS_TTY_PLAY_STATE_H
#define DOJO_FRONTENDS_TTY_PLAY_STATE_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/search/engine.h"
#include "frontends/tty/journal.h"
#include "frontends/tty/line_reader.h"
#include "frontends/tty/play_clock.h"
#include "frontends/tty/play_loop.h"
#include "frontends/tty/play_ui.h"

typedef struct PlayState {
    DjGame *game;
    const DjVariant *variant;     /* the game's (load may change both) */
    const DojoPlayConfig *config;
    DojoJournal *journal;         /* may be NULL */
    bool journal_failed;          /* the journal broke; warned once already */
    const PlayUiOps *ui_ops;      /* how the player sees the game (play_ui.h) */
    void *ui;
    DjEngine *engine;             /* made on first use, see play_engine */
    PlayTables *tables;           /* endgame tables, made by play_update_tables; NULL: none
                                     yet (the search borrows their set) */
    GRand *rand;                  /* the computer players' choices */
    bool flipped;                 /* the board is drawn from the other side (`flip`) */
    DojoPlayClock *clock;         /* the players' clocks; NULL: none (play_time.c) */
    bool resign_asked;            /* `resign` was typed and waits for its confirmation: a
                                     second `resign` as the next command resigns, anything
                                     else cancels.  An interface that asks in a dialog of
                                     its own sets it before handing over the "resign" its
                                     player confirmed (or calls play_resign). */
} PlayState;

typedef enum LineVerdict {
    LINE_CONTINUE,
    LINE_QUIT,
    LINE_NEW_GAME,   /* `new`: this game is kept, a new one starts */
} LineVerdict;

/* Whether a person plays `side`. */
bool play_is_human(const PlayState *state, int side);

/* The side to move in the current position. */
int play_side_to_move(const PlayState *state);

/* The variant's name for `side` ("Blue"). */
const char *play_side_name(const PlayState *state, int side);

/* Tell the player one line (made printable: it may hold text from outside). */
void play_say(PlayState *state, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* Show a block of lines (help, lists). */
void play_show_text(PlayState *state, const char *text);

/* `text` shortened and made printable for quoting in a message (g_free). */
char *play_echo_of(const char *text);

/* The search for the current variant (config->engine, or the variant's
 * default when a loaded game cannot be searched so), made on first use and
 * registered with interrupt.h so that Ctrl-C stops it. */
DjEngine *play_engine(PlayState *state);

/* Free the search (when the variant changes, and at the end). */
void play_drop_engine(PlayState *state);

/* Bring the endgame tables up to date for the position on the board
 * (play_tables_poll: a finished build taken in, a new one started near the
 * end when a computer plays at level 10), tell the player what changed,
 * and hand the set to the search.  Called after every move and before
 * every search; does nothing with config->tablebases off. */
void play_update_tables(PlayState *state);

/* Free the tables, stopping a build that runs (at the end). */
void play_drop_tables(PlayState *state);

/* The side drawn at the bottom: the only human's, else side 0; the other
 * one after `flip`. */
int play_bottom_side(const PlayState *state);

/* Show the current position (the interface draws it: play_ui.h); `asked`:
 * the player asked to see it again. */
void play_show_board(PlayState *state, bool asked);

/* Append the variant's drawing of the current position, the last move
 * marked, from the side play_bottom_side says. */
void play_render_board(PlayState *state, GString *out);

/* Append "Move N: Blue to move (human).\n" while the game goes on, N the
 * number the game gives the move to come (dj_record_move_number: as its
 * history and record number it), with both clocks under a time control
 * ("...(human).  Blue 4:32  Red 5:00"). */
void play_append_turn(PlayState *state, GString *out);

/* Append how the game ended once it is over, its cause named ("Game
 * over: Red wins (Blue ran out of time). Result 0-1."), no newline;
 * nothing while it goes on. */
void play_append_result(PlayState *state, GString *out);

/* Bring the journal up to date: append new moves, or (`rewrite`) write the
 * whole game again.  A failing disk is reported once; the game goes on. */
void play_keep_journal(PlayState *state, bool rewrite);

/* A move was just played: journal it, announce it, draw the board. */
void play_after_move(PlayState *state);

/* `side` claims a draw by repetition (dj_game_can_claim_draw holds). */
void play_claim_draw(PlayState *state, int side);

/* A legal move (one from a square if there is one) and its origin square
 * as examples for help texts (g_free both; NULL when there are none). */
void play_examples(PlayState *state, char **move_text, char **square_text);

/* Search the current position with a live status line: at `level` with
 * dj_level_choose when `by_level`, else the plain search for `time_ms`.
 * `soft_ms` (0: none) is a clock's target for the move, `time_ms` then its
 * limit: the full search at level 10 plans between them, a lower level
 * takes the target as its time.
 * Prints one summary line labelled `label` (if not NULL) afterwards.
 * Returns a legal move and fills `info`; returns DJ_MOVE_NONE when
 * interrupted before the search began (check dojo_interrupted()). */
DjMove play_think(PlayState *state, int level, gint64 time_ms, gint64 soft_ms, bool by_level,
                  const char *label, DjSearchInfo *info);

/* `history`: the moves so far, numbered, with their descriptions;
 * `flip`: draw the board from the other side; `replay`: the engine reviews
 * the game so far (a fixed number of nodes per position) and the player
 * steps through it (review_step.h), then the game goes on (play_view.c). */
void play_show_history(PlayState *state);
void play_flip(PlayState *state);
void play_replay(PlayState *state);

/* `side` gives up the game (a `resign` confirmed). */
void play_resign(PlayState *state, int side);

/* ---- clocks (play_time.c) ------------------------------------------------------- */

/* Set up the clocks for the game on the board: config->clock when it is on,
 * else the time control recorded in the game's tags (a resumed or loaded
 * game), else none.  The clocks start from the game's clock tags when it
 * has them for that time control, else full. */
void play_clock_setup(PlayState *state);

/* Whether clocks are on; if so *left_ms (may be NULL) is what the side to
 * move has left right now, byoyomi included (the full screen redraws it
 * while a person thinks). */
bool play_clock_left_now(const PlayState *state, gint64 *left_ms);

/* Append `side`'s clock as a player reads it ("4:32", "0:09.5" under ten
 * seconds, "byoyomi 0:30"); nothing without clocks. */
void play_format_clock(const PlayState *state, int side, GString *out);

/* Append "Blue 4:32  Red 5:00" (both clocks, side 0 first); nothing
 * without clocks. */
void play_append_clocks(const PlayState *state, GString *out);

/* Start the clock of the side to move (if it does not run already). */
void play_clock_start_turn(PlayState *state);

/* When the flag of `side` (to move) has fallen: end the game, the other
 * side winning ("Blue ran out of time"), and return true. */
bool play_clock_check_flag(PlayState *state, int side);

/* The computer's time for its move under the clock: *soft_ms its target
 * and *hard_ms its limit (framework/search/timeman.h). */
void play_clock_budget(PlayState *state, gint64 *soft_ms, gint64 *hard_ms);

/* Stop the mover's clock after the last move played (false: its flag fell
 * meanwhile, and the game is over); the clocks after `undo` (back as they
 * were at that ply); the clock tags set on the game, for the journal. */
bool play_clock_after_move(PlayState *state);
void play_clock_after_undo(PlayState *state);
void play_clock_tag_game(PlayState *state);

/* Carry out one line typed by a player (play_commands.c). */
LineVerdict play_handle_line(PlayState *state, const char *line);

#endif
