/* uci.h: the engine behind `dojo uci`: the UCI protocol in Fairy-Stockfish's
 * variant dialect, one command line at a time.
 *
 * The caller reads lines (from stdin, or a fuzzer's bytes) and hands each to
 * dojo_uci_command; everything the engine says goes to the `out` stream,
 * and nothing else does.  A `go` starts the search on a thread of its own,
 * so `isready`, `stop` and `ponderhit` are answered while it runs; the
 * search thread writes `info` lines and the `bestmove`.  Bad input of any
 * kind is answered with "info string error: ..." and the engine goes on.
 *
 * Dialect: `position startpos|fen STRING [moves M...]` takes each game's own
 * position string (and a FEN as Fairy-Stockfish writes it, for a game
 * whose DjVariant.format_position_engine writes one); moves are read with
 * the game's parser and written in its engine notation
 * (dj_format_move_engine).  UCI clocks: wtime/winc are side 0's,
 * btime/binc side 1's; a go with one side's clock gives the other an
 * empty one, as Stockfish does.  `go perft N` counts on the search thread
 * too, so that stop and quit end it (then without a total). */
#ifndef DOJO_FRONTENDS_UCI_UCI_H
#define DOJO_FRONTENDS_UCI_UCI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <glib.h>

typedef struct DojoUci DojoUci;

typedef struct DojoUciConfig {
    FILE *out;               /* where the engine speaks (stdout) */
    const char *version;     /* the program's version, for `id name dojo VERSION` */
    uint64_t node_cap;       /* 0, or a cap on every search's nodes; with it, `go
                                infinite`/`go ponder` do not wait for stop (fuzzing) */
    unsigned max_hash_mb;    /* the largest Hash allowed (0: 65536) */
    int max_perft_depth;     /* the deepest `go perft` allowed (0: 12) */
} DojoUciConfig;

/* A new engine set to the first registered game's start position. */
DojoUci *dojo_uci_new(const DojoUciConfig *config);

/* Stop any search (its bestmove is still written), then free. */
void dojo_uci_free(DojoUci *uci);

/* Handle one line of input (without or with its line ending).  Returns
 * false once the engine was told to quit, true otherwise. */
bool dojo_uci_command(DojoUci *uci, const char *line);

/* Answer a line the caller could not hand over (too long, a NUL byte in
 * it) with "info string error: MESSAGE", through the same output as every
 * other answer, so that it never lands inside a line the search writes. */
void dojo_uci_input_error(DojoUci *uci, const char *message);

/* g_autoptr(DojoUci) frees with dojo_uci_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoUci, dojo_uci_free)
#endif

#endif
