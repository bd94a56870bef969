/* mcts.h: the shared Monte Carlo tree search, written against game.h only.
 *
 * UCT over a tree of bounded memory: every iteration descends from the root
 * by the UCB1 rule, adds at most one node (a child of the node it stops at,
 * the first time a walk goes to that move) and finishes the game from there
 * with a playout (random moves, biased towards moves that win material when
 * the variant supplies move_gain() or is_noisy()).  The tree grows lazily,
 * with progressive widening: a node considers more of its moves the more it
 * is visited (about 2 + 2 sqrt(visits) not proven lost), those that gain
 * most (move_gain) and noisy ones first, so a position of thousands of
 * moves costs memory for the moves visited, a node a playout at most.
 * It needs nothing but the rules: a game without evaluate() gets a real
 * opponent from it.
 *
 * A solver runs alongside: positions the rules end (including repetitions,
 * judged by the variant's rule as the alpha-beta search does), and nodes
 * with a child that wins for the side to move there or with a child for
 * every move, all decided, are proven (a node's first child is a noisy
 * move that wins at once, where it has one, so such a win is proven as
 * soon as the node grows); the search never plays into a proven loss when
 * it has another move, plays a proven win, and reports proven results as
 * "win in N" / "loss in N" (DJ_SCORE_WIN - N, as the alpha-beta search).
 *
 * Values are backed up by the side to move at each node, never by assuming
 * that the sides alternate: after play() either side may be to move.
 *
 * The tree lives in a pool of nodes allocated once, sized from the same
 * megabytes as the alpha-beta transposition table.  When the pool is full
 * the tree stops growing (iterations go on, with playouts from the leaves).
 * Between moves of one game the subtree of the new root is kept and the
 * rest given back to the pool.
 *
 * Threads (dj_mcts_set_threads): tree parallelism.  Helper threads walk the
 * same tree as the caller's while a run lasts; a walk counts as a lost
 * visit at each node it passes until its result comes back (virtual loss),
 * so that the threads spread over the tree instead of walking the same
 * line.  With one thread the search is deterministic.
 *
 * A DjMcts is used by one thread at a time (its helpers are its own);
 * dj_mcts_stop may be called from any thread or a signal handler. */
#ifndef DOJO_FRAMEWORK_SEARCH_MCTS_H
#define DOJO_FRAMEWORK_SEARCH_MCTS_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/repetition.h"
#include "framework/search/search_types.h"
#include "framework/tablebase/probe.h"

typedef struct DjMcts DjMcts;

/* Knobs that change what the search computes (defaults with
 * dj_mcts_options_default). */
typedef struct DjMctsOptions {
    uint64_t seed;          /* of the playouts' random moves */
    double exploration;     /* UCB1 constant c in Q + c * sqrt(ln N / n) */
    int playout_plies;      /* a playout that has not ended after this many
                               plies is scored by evaluate() where the game
                               has one (a draw otherwise) */
    int evaluate_after;     /* 0: off.  Otherwise cut every playout after this
                               many plies and score it by evaluate() (for
                               games with an evaluation) */
} DjMctsOptions;

void dj_mcts_options_default(DjMctsOptions *options);

/* A search for `variant` whose tree uses about `pool_mb` megabytes (0: the
 * default of 64; like the alpha-beta table's --hash).  `options` may be
 * NULL (the defaults).  NULL, with `error` (DJ_ERROR_INVALID) saying why,
 * when the tree is more than the machine's memory or the system refuses
 * it: a size a user typed must not abort the program. */
DjMcts *dj_mcts_try_new(const DjVariant *variant, unsigned pool_mb,
                        const DjMctsOptions *options, GError **error);

/* dj_mcts_try_new for sizes known to fit (tests, benchmarks): it aborts
 * the program when the tree cannot be had. */
DjMcts *dj_mcts_new(const DjVariant *variant, unsigned pool_mb, const DjMctsOptions *options);
void dj_mcts_free(DjMcts *mcts);

/* Most threads dj_mcts_set_threads takes. */
#define DJ_MCTS_MAX_THREADS 256

/* Search with `threads` threads (1 to DJ_MCTS_MAX_THREADS; tree
 * parallelism, above).  1, the default, keeps the search on the caller's
 * thread and deterministic.  The tree and its memory are the same whatever
 * the count.  Not during a run. */
void dj_mcts_set_threads(DjMcts *mcts, int threads);
int dj_mcts_threads(const DjMcts *mcts);

/* The threads the last dj_mcts_run walked with (0 before the first):
 * fewer than dj_mcts_threads when the system refused to start some; the
 * run goes on with those it has. */
int dj_mcts_threads_started(const DjMcts *mcts);

/* Forget the tree and restart the random sequences from the seed (a new
 * game): the next run with one thread gives what a new DjMcts would. */
void dj_mcts_clear(DjMcts *mcts);

/* Search `root` (ONGOING with at least one legal move) and return the best
 * move: a proven win if there is one, else the most visited move that is
 * not a proven loss (a proven loss only when every move is one).  Always a
 * legal move, even when stopped at once.
 *
 * `line` as for dj_search_run: the positions of the game up to and
 * including the root, for repetitions (may be NULL, n_line 0).  When the
 * root is a position of the previous run's tree reached along `line`, that
 * subtree is reused.
 *
 * Limits: `nodes` counts iterations (playouts, of all threads together; with
 * threads a few more may end as the limit is reached), `time_ms` is a hard limit,
 * `soft_time_ms` (when not 0) ends the search early once spent, `mate`
 * stops once a win in at most that many moves is proven, `multipv` reports
 * that many root moves; `depth` stops the search once the average tree
 * walk is that many plies deep (the reported depth); root_moves restricts
 * the root as for dj_search_run (the root is then proven by those moves
 * alone, and the root of such a run is not reused by the next run);
 * all_root_scores is ignored.  The search also ends when the root is
 * proven.
 *
 * `report` is called as the playout count passes each power of two from
 * 256 on, and once at the end, with: depth = average plies of the tree
 * walks, seldepth = deepest, score = the best move's value on the
 * centipawn-like scale of dj_mcts_score (or a proven result), nodes =
 * playouts (of all threads; during a run with threads, the other threads'
 * walks in progress count as lost visits), hashfull = permille of the pool in use, pv = the most visited
 * line.  `info` gets the last of these. */
DjMove dj_mcts_run(DjMcts *mcts, const void *root, const DjHistoryEntry *line, int n_line,
                   const DjSearchLimits *limits, DjSearchReportFn report, void *user_data,
                   DjSearchInfo *info);

/* As dj_search_set_time, for a running search. */
void dj_mcts_set_time(DjMcts *mcts, int64_t soft_ms, int64_t hard_ms);

/* As dj_search_stop (async-signal-safe; a stop before the run makes it
 * return at once; each run clears it as it ends). */
void dj_mcts_stop(DjMcts *mcts);

/* As dj_search_cancel_stop: forget a stop no run consumed.  Call only
 * while no dj_mcts_run is going on. */
void dj_mcts_cancel_stop(DjMcts *mcts);

/* Probe `tables` (NULL: none, the default) as tb_search.h says: a new
 * node they hold (with distances) is proven by their value, and a playout
 * that reaches a position they hold ends with it; a root they hold is
 * proven at once by its children, and reported so (DjSearchInfo.tablebase).
 * The search only borrows the set: it must outlive every run made with
 * it.  Not during a run. */
void dj_mcts_set_tables(DjMcts *mcts, DjTablebase *tables);
DjTablebase *dj_mcts_tables(const DjMcts *mcts);

/* One root move after a run. */
typedef struct DjMctsMoveStat {
    DjMove move;
    uint32_t visits;
    double value;     /* mean result for the side to move at the root, -1..+1 */
    int score;        /* value on dj_mcts_score's scale, or a proven result */
    bool proven;
} DjMctsMoveStat;

/* The root moves of the last run that the tree has a child for (every
 * legal move once the root was visited enough, fewer in a wide position),
 * best first (the order dj_mcts_run chose by): fills min(max, count)
 * entries and returns the count. */
int dj_mcts_root_stats(const DjMcts *mcts, DjMctsMoveStat *stats, int max);

/* Bytes of one node of the tree: the pool of a search made with pool_mb
 * holds (pool_mb << 20) / DJ_MCTS_NODE_BYTES nodes (at least enough for
 * the root and four times max_moves children). */
#define DJ_MCTS_NODE_BYTES 32

/* Nodes in the pool, and how many are in use (for tests of the bound). */
uint32_t dj_mcts_pool_capacity(const DjMcts *mcts);
uint32_t dj_mcts_pool_used(const DjMcts *mcts);

/* A mean result in -1..+1 as a score on evaluate()'s scale: 4 eval units
 * (`eval_unit`, DjVariant.eval_unit, 0: 100) times log10 of the odds of
 * winning (+191 at 0.5 with the unit 100), strictly inside
 * +-DJ_SCORE_EVAL_MAX.  A playout cut short turns evaluate() into a
 * result by the inverse. */
int dj_mcts_score(double value, int eval_unit);

/* g_autoptr(DjMcts) frees with dj_mcts_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjMcts, dj_mcts_free)
#endif

#endif
