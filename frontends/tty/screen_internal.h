/* screen_internal.h: what the parts of the full-screen interface share
 * (screen_ui.c: the interface and its keys; screen_draw.c: drawing;
 * screen_edit.c: the command line).  Internal to frontends/tty/screen_*.c. */
#ifndef DOJO_FRONTENDS_TTY_SCREEN_INTERNAL_H
#define DOJO_FRONTENDS_TTY_SCREEN_INTERNAL_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/search/search_types.h"
#include "frontends/tty/play_state.h"
#include "frontends/tty/review.h"
#include "frontends/tty/screen.h"
#include "frontends/tty/screen_pick.h"

/* The smallest window the interface draws in (80x24 fits both games). */
#define SCREEN_MIN_COLUMNS 60
#define SCREEN_MIN_LINES 20
/* Messages kept for the message area (the newest shown). */
#define SCREEN_MESSAGES 64
/* The most candidate moves a pick of two squares offers. */
#define SCREEN_MAX_CHOICES 16

/* Colour pairs (when the terminal has colour and it is allowed). */
enum {
    PAIR_SIDE0 = 1,
    PAIR_SIDE1,
    PAIR_TARGET,
    PAIR_LAST,
    PAIR_CHECK,
    PAIR_CURSOR,
    PAIR_TITLE,
};

/* What covers the board for a moment. */
typedef enum {
    OVERLAY_NONE,
    OVERLAY_TEXT,      /* a block of text (help, lists): any key closes it */
    OVERLAY_CHOICE,    /* which of several moves a pick stands for */
    OVERLAY_CONFIRM,   /* a yes/no question (resign, quit) */
    OVERLAY_OVER,      /* the game is over: the result, then a key */
} Overlay;

/* The command line at the bottom. */
typedef struct ScreenEdit {
    GString *text;           /* UTF-8 */
    gsize cursor;            /* byte offset in text, at a character boundary */
    GPtrArray *history;      /* char *, oldest first */
    int history_at;          /* index being shown; history->len: the new line */
    char *history_path;      /* loaded from and saved to (libedit's format), or NULL */
} ScreenEdit;

/* Where things are on the window (recomputed on every resize). */
typedef struct ScreenLayout {
    int height, width;       /* the window's lines and columns */
    bool too_small;
    int needed_width, needed_height;   /* the smallest window this game fits */
    int cell_width;            /* columns of one square, its grid line included */
    int glyph_width;           /* 1 or 2 */
    int board_top, board_left; /* the board's top-left corner (its frame) */
    int board_lines, board_columns;
    int side_left, side_width; /* the panel beside the board */
    int list_left, list_width; /* the move list (0 wide: none) */
    int status_line;           /* whose turn, the clocks */
    int message_line, message_lines;
    int command_line;          /* the command line or the keys */
} ScreenLayout;

typedef struct ScreenUi {
    FILE *in, *out;
    void *terminal;            /* SCREEN * */
    bool color;                /* colour pairs are set up */
    bool utf8;                 /* the locale is UTF-8: wide glyphs may be drawn */
    ScreenConfig config;
    ScreenLayout layout;

    PlayState *state;          /* the session drawn (set by every call) */
    PickMoves pick;            /* the legal moves of the position shown */
    const void *pick_pos;      /* the position `pick` holds: its address, */
    int pick_length;           /* the game's length then, */
    guint64 pick_key;          /* and its key (an address is reused after undo) */
    int cursor;                /* the square under the cursor */
    int selected;              /* the picked piece's square, or -1 */
    bool *targets;             /* where the picked piece may go (by square) */
    DjMove hint;               /* a move to mark (the last hint, until the position
                                * changes), or DJ_MOVE_NONE */

    GPtrArray *messages;       /* char *, newest last */
    Overlay overlay;
    char *overlay_text;        /* OVERLAY_TEXT, OVERLAY_CONFIRM, OVERLAY_OVER */
    int overlay_scroll;
    DjMove choices[SCREEN_MAX_CHOICES];
    int n_choices, choice_at;
    char *confirm_command;     /* what `y` sends in OVERLAY_CONFIRM */

    bool editing;              /* the command line has the keys */
    ScreenEdit edit;
    char *prompt;

    bool thinking;             /* the computer is searching */
    char *think_label;
    void *think_root;          /* a copy of the position searched (the game's own
                                * positions move as the game grows) */
    DjSearchInfo think_info;
    bool have_think;
    bool show_engine;          /* the engine panel is shown (key e) */
    int list_scroll;           /* moves scrolled back in the move list */
    bool paused;               /* watching, and paused */
    const DojoReview *review;  /* stepping through a review (screen_review.c), or NULL */
    int review_ply;            /* the position shown: after this many moves */
    bool review_play;          /* p plays on from the position shown */
} ScreenUi;

/* ---- screen_draw.c ---------------------------------------------------------- */

/* Work out where everything goes for the window's size. */
void screen_layout(ScreenUi *ui);

/* Draw the whole window and show it. */
void screen_draw(ScreenUi *ui);

/* The square at window cell (line, column), or -1. */
int screen_square_at(const ScreenUi *ui, int line, int column);

/* The side drawn at the bottom. */
int screen_bottom_side(const ScreenUi *ui);

/* Lines the review's evaluation graph takes (0 outside a review). */
int review_graph_lines(const ScreenUi *ui);

/* The position shown (the current one, or the one stepped to in a review)
 * and the number of moves that led to it. */
const void *shown_pos(const ScreenUi *ui);
int shown_length(const ScreenUi *ui);

/* ---- screen_ui.c ------------------------------------------------------------ */

/* How often a waiting screen wakes (clocks, Ctrl-C), in milliseconds. */
#define SCREEN_TICK_MS 200

/* Read one key: its code (a character, or a KEY_ code with *is_key_code)
 * within SCREEN_TICK_MS; false when none came. */
bool screen_read_key(int *is_key_code, unsigned int *key);

/* ---- screen_review.c -------------------------------------------------------- */

/* Step through `review` of the session's game until q or Escape; with
 * `allow_play`, p at a position where the game goes on returns the number
 * of moves that led to it, to play on from there; else -1. */
int screen_review(ScreenUi *ui, PlayState *state, const DojoReview *review, bool allow_play);

/* ---- screen_edit.c ---------------------------------------------------------- */

void screen_edit_init(ScreenEdit *edit, const char *history_path);
void screen_edit_clear(ScreenEdit *edit);

/* Handle one key (a character or a KEY_ code) on the command line.
 * Returns 1 when Enter finished a line (then *line is it, g_free), -1 when
 * Escape left the line, 0 otherwise. */
int screen_edit_key(ScreenEdit *edit, int is_key_code, unsigned int key, char **line);

/* Start the line with `text` (a command to finish, "save "). */
void screen_edit_set(ScreenEdit *edit, const char *text);

#endif
