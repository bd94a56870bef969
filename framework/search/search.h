/* search.h: the shared alpha-beta search, written against game.h only.
 *
 * Iterative deepening principal variation search with a transposition
 * table keyed by the variant's Zobrist key, move ordering (hash move, noisy
 * moves, killers, history), null-move pruning where the variant supplies
 * play_null, late move reductions, singular extensions, quiescence on
 * noisy moves, and repetition detection over the game line that led to the
 * root.
 *
 * Turns need not alternate (game.h): every score is from the view of the
 * side to move where it stands, and a move that gives its side another
 * turn keeps that view instead of negating it.  Distances to the end count
 * plies, whoever makes them.
 *
 * Depth, in a game of compound turns (DjVariant.compound_turns: a turn is
 * several moves, an amazon's move and then its arrow), counts turns: a move
 * after which the same side is still to move costs no depth (it is extended,
 * as a check is), so depth N searches N whole turns and the horizon never
 * falls in the middle of a turn, where the evaluation would score half a
 * move.  Counting turns through the depth itself would need the tables and
 * the pruning margins to know of turns; the extension leaves them as they
 * are, and a game's turns are bounded by its rules (and the search by
 * DJ_SEARCH_MAX_PLY).  Elsewhere a move that keeps the turn (a mancala's
 * extra turn, a new decision) is a ply of depth as any other.
 *
 * The limits a run takes and the reports it makes are search_types.h's,
 * shared with MCTS (mcts.h).
 *
 * A DjSearch is used by one thread at a time (with dj_search_set_threads it
 * runs helper threads of its own during dj_search_run); dj_search_stop may
 * be called from any thread or a signal handler. */
#ifndef DOJO_FRAMEWORK_SEARCH_SEARCH_H
#define DOJO_FRAMEWORK_SEARCH_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/repetition.h"
#include "framework/search/score.h"
#include "framework/search/search_types.h"
#include "framework/tablebase/probe.h"

typedef struct DjSearch DjSearch;

/* A search for `variant` with a transposition table of about `table_mb`
 * megabytes (0: a default of 64).  The table's memory is taken from the
 * system as it is first used, so a large table starts at once.  Aborts when
 * the table cannot be had: use dj_search_try_new for a size a user chose. */
DjSearch *dj_search_new(const DjVariant *variant, unsigned table_mb);

/* The same, but a table larger than the machine's memory, or one the system
 * refuses, is NULL with an error (DJ_ERROR) saying so. */
DjSearch *dj_search_try_new(const DjVariant *variant, unsigned table_mb, GError **error);
void dj_search_free(DjSearch *search);

/* Search with `threads` threads (Lazy SMP: the others share the table and
 * search the same root at staggered depths while dj_search_run runs; the
 * result is the first thread's).  1 (the default) keeps the search on the
 * caller's thread and deterministic.  Not during a run.  Aborts when the
 * helpers' memory cannot be had. */
void dj_search_set_threads(DjSearch *search, int threads);

/* The same for a count a user chose: when the system refuses the memory
 * of a helper, false with an error (DJ_ERROR) saying so, and the search
 * keeps the helpers it could make (dj_search_threads says how many). */
bool dj_search_try_set_threads(DjSearch *search, int threads, GError **error);
int dj_search_threads(const DjSearch *search);

/* The threads the last dj_search_run searched with (0 before the first,
 * or when its root had no move): fewer than
 * dj_search_threads when the system refused to start some (each thread's
 * stack is memory too); the run goes on with those it has. */
int dj_search_threads_started(const DjSearch *search);

/* Probe `tables` (NULL: none, the default) at the root and at every node
 * below it, as tb_search.h says: a root they hold is answered from them
 * without a search (DjSearchInfo.tablebase), and a node they hold scores
 * their value.  The search only borrows the set: it must outlive every run
 * made with it.  Not during a run. */
void dj_search_set_tables(DjSearch *search, DjTablebase *tables);
DjTablebase *dj_search_tables(const DjSearch *search);

/* Forget the table, killers and history (a new game). */
void dj_search_clear(DjSearch *search);

/* Search `root` (which must be ONGOING with at least one legal move) and
 * return the best move, filling `info` if not NULL (line 1; when a stop
 * cuts an iteration short after it found a better move, `info` holds that
 * move's line and score, so info->pv[0] is always the move returned).  `line` holds the
 * positions of the game before and including the root (the root is the
 * last entry), so repetitions of earlier positions are scored by the
 * variant's repetition rule; it may be NULL (n_line 0).  Always returns a
 * legal move, even if stopped before the first iteration completes. */
DjMove dj_search_run(DjSearch *search, const void *root,
                     const DjHistoryEntry *line, int n_line,
                     const DjSearchLimits *limits,
                     DjSearchReportFn report, void *user_data,
                     DjSearchInfo *info);

/* Give a running search (for example one started without a time limit
 * while pondering) new time limits, counted from now: `soft_ms` and
 * `hard_ms` as DjSearchLimits.soft_time_ms and time_ms (0: none).  May be
 * called from any thread while dj_search_run runs; the next run starts
 * from its own limits again. */
void dj_search_set_time(DjSearch *search, int64_t soft_ms, int64_t hard_ms);

/* Ask a running search to return as soon as it can (async-signal-safe).
 * A stop that arrives before dj_search_run starts makes that run return at
 * once (still with a legal move); each run clears the request as it ends. */
void dj_search_stop(DjSearch *search);

/* Forget a stop request that no run consumed (one that arrived just after
 * the run it was meant for had ended), so that the next run is not cut
 * short.  Call only while no dj_search_run is going on. */
void dj_search_cancel_stop(DjSearch *search);

/* Root moves of the last search with their scores (exact when the search
 * ran with all_root_scores; otherwise only the first is), the best first:
 * fills min(max, count) entries and returns the count of root moves. */
int dj_search_root_scores(const DjSearch *search, DjMove *moves, int *scores, int max);

/* The game `search` was made for. */
const DjVariant *dj_search_variant(const DjSearch *search);

/* g_autoptr(DjSearch) frees with dj_search_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjSearch, dj_search_free)
#endif

#endif
