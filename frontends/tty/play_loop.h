/* play_loop.h: one game of `dojo play`, between people typing commands on
 * `in` and computer players, printing to `out`.
 *
 * The loop knows no game: it draws with the variant's render(), reads
 * moves with parse_move() and asks the framework's search for computer
 * moves.  It reads `in` one line at a time (line_reader.h), so it works the
 * same from a terminal, a pipe or a file; nothing is read while only
 * computers are to move.  Every move played is written to `journal` at once
 * (journal.h), so the game survives the program.
 *
 * Commands (one per line): a move, moves [SQUARE], hint, undo, history,
 * flip, replay, save FILE, load FILE, resign (asked twice: the second
 * confirms), draw, board, help, quit (see dojo_play_help).
 *
 * Under a time control (DojoPlayConfig.clock) the side to move's clock runs
 * (a person's from the prompt to the move); a side whose time runs out
 * loses ("Blue ran out of time"), and the clocks are kept in the record's
 * tags with every move (play_clock.h).  When only computers play, the
 * interface pauses delay_ms between their moves (PlayUiOps.watch_pause).
 * Anything wrong in a line is answered with one line saying why, and the
 * game goes on. */
#ifndef DOJO_FRONTENDS_TTY_PLAY_LOOP_H
#define DOJO_FRONTENDS_TTY_PLAY_LOOP_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/search/engine.h"
#include "frontends/tty/journal.h"
#include "frontends/tty/options.h"
#include "frontends/tty/play_clock.h"
#include "frontends/tty/play_tables.h"

typedef struct DojoPlayConfig {
    DojoPlayer players[2];   /* indexed by side */
    gint64 time_ms;          /* thinking time per computer move */
    int max_plies;           /* adjudicate a draw after this many plies; 0: never */
    bool color;              /* render with ANSI colour */
    bool traditional;        /* render with the game's traditional glyphs */
    bool flipped;            /* start with the board drawn from the other side */
    bool live_status;        /* `out` is a terminal: show a live thinking line */
    bool full_screen;        /* play on the full screen (screen.h) when the terminal
                                can; else line after line */
    /* A new game as this one began (its options, a fresh deal), for the
     * player who asks for one once a game is over; NULL: not offered. */
    DjGame *(*new_game)(void *data, GError **error);
    void *new_game_data;
    guint64 seed;            /* for the computer players' choices */
    const char *history_path;/* line-editing history file, or NULL */
    unsigned table_mb;       /* the computer's transposition table or MCTS tree; 0: the
                                search's default */
    DjEngineKind engine;     /* the computer's search; DJ_ENGINE_DEFAULT: the variant's */
    int threads;             /* the computer's search threads; 0 or 1: one (MCTS: one) */
    DojoTimeControl clock;   /* both sides' clocks (play_clock.h); all 0: the clocks
                                recorded in the game's tags if any (--resume), else
                                none.  Under a clock the computer plans its own time
                                instead of time_ms. */
    int delay_ms;            /* when only computers play: the pause between moves */
    DojoClockNowFn clock_now;/* the clocks' time (tests); NULL: the real time */
    /* Endgame tables (play_tables.h): what to do with them (DOJO_TABLES_OFF:
     * nothing), their folder (NULL: play_tables_default_dir) and the most
     * pieces of a background build.  A build starts only when a computer
     * plays at level 10: the levels below play without tables (engine.h). */
    DojoTablesMode tablebases;
    const char *tablebase_dir;
    int tablebase_pieces;
    void *clock_now_data;
} DojoPlayConfig;

typedef enum DojoPlayEnd {
    DOJO_PLAY_OVER,         /* the game ended; the final record is saved */
    DOJO_PLAY_QUIT,         /* quit, or end of input: the journal holds the game */
    DOJO_PLAY_INTERRUPTED,  /* SIGINT (see interrupt.h): the journal holds the game */
    DOJO_PLAY_FAILED,       /* reading the input failed */
} DojoPlayEnd;

/* Play `*game` to its end or until the players stop.  `load` may replace
 * `*game` (the old one is freed).  Side tags of the game are set from
 * `config->players`.  `journal` may be NULL (nothing kept on disk). */
DojoPlayEnd dojo_play_loop(DjGame **game, const DojoPlayConfig *config, DojoJournal *journal,
                           FILE *in, FILE *out);

/* The exit code (options.h) for a game that ended as `end`. */
int dojo_play_exit_code(DojoPlayEnd end);

/* Set the game's player tags ([Blue "human"] [Red "dojo level 5"]) from
 * `players`. */
void dojo_play_set_player_tags(DjGame *game, const DojoPlayer players[2]);

/* Append the list of commands, with `example_move` and `example_square`
 * (may be NULL) as examples. */
void dojo_play_help(const char *example_move, const char *example_square, GString *out);

#endif
