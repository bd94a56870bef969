/* engine.h: the searches a front end can choose from, behind one handle.
 *
 * dojo has two shared searches: alpha-beta (search.h), as strong as the
 * game's evaluate(), and Monte Carlo tree search (mcts.h), which needs
 * nothing but the rules.  A DjEngine is one of them with the calls both
 * share, so `dojo play`, `dojo analyze` and the engine protocol pick one by
 * name and otherwise do not care which.  A game without evaluate() can only
 * be searched by MCTS, and gets it by default.
 *
 * Like the searches it wraps, a DjEngine is used by one thread at a time;
 * dj_engine_stop may be called from any thread or a signal handler. */
#ifndef DOJO_FRAMEWORK_SEARCH_ENGINE_H
#define DOJO_FRAMEWORK_SEARCH_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/search/mcts.h"
#include "framework/search/search.h"

typedef enum DjEngineKind {
    DJ_ENGINE_DEFAULT = 0,   /* the variant's default (dj_engine_default_kind) */
    DJ_ENGINE_ALPHABETA,
    DJ_ENGINE_MCTS,
} DjEngineKind;

typedef struct DjEngine DjEngine;

/* "alphabeta", "mcts" (or "default"). */
const char *dj_engine_kind_name(DjEngineKind kind);

/* Read "alphabeta" or "mcts" (any case); false with `error` set otherwise. */
bool dj_engine_kind_parse(const char *text, DjEngineKind *kind, GError **error);

/* Alpha-beta where the game has evaluate(), MCTS where it has not. */
DjEngineKind dj_engine_default_kind(const DjVariant *variant);

/* A search of `kind` for `variant` using about `memory_mb` megabytes for
 * its table or tree (0: the search's default).  NULL with `error` set when
 * the variant cannot be searched that way (alpha-beta without evaluate) or
 * the table or tree cannot be had (dj_search_try_new, dj_mcts_try_new). */
DjEngine *dj_engine_new(const DjVariant *variant, DjEngineKind kind, unsigned memory_mb,
                        GError **error);
void dj_engine_free(DjEngine *engine);

/* The kind it is (never DJ_ENGINE_DEFAULT). */
DjEngineKind dj_engine_kind(const DjEngine *engine);

/* The search inside, or NULL when it is the other kind. */
DjSearch *dj_engine_alphabeta(DjEngine *engine);
DjMcts *dj_engine_mcts(DjEngine *engine);

/* The most search threads a front end offers (--threads, UCI's Threads). */
#define DJ_ENGINE_MAX_THREADS 256

/* Search threads: Lazy SMP for alpha-beta (dj_search_set_threads), tree
 * parallelism for MCTS (dj_mcts_set_threads).  Not during a run. */
void dj_engine_set_threads(DjEngine *engine, int threads);

/* The same for a count a user chose: false with an error (DJ_ERROR) when
 * the threads' memory cannot be had (dj_search_try_set_threads). */
bool dj_engine_try_set_threads(DjEngine *engine, int threads, GError **error);

/* The threads the last run had (dj_search_threads_started,
 * dj_mcts_threads_started): fewer than asked when the system refused to
 * start some. */
int dj_engine_threads_started(const DjEngine *engine);

/* Endgame tables for the searches to probe (dj_search_set_tables,
 * dj_mcts_set_tables; NULL: none, the default).  Borrowed: the set must
 * outlive every run made with it.  Not during a run.  dj_engine_run and
 * the full strength of dj_engine_choose use them; the playing levels below
 * it do not (their strength was measured without tables, and a beginner's
 * level that plays endings perfectly would not be the level it says). */
void dj_engine_set_tables(DjEngine *engine, DjTablebase *tables);
DjTablebase *dj_engine_tables(const DjEngine *engine);

/* As dj_search_clear / dj_mcts_clear: a new game. */
void dj_engine_clear(DjEngine *engine);

/* As dj_search_run / dj_mcts_run (see there what each limit means). */
DjMove dj_engine_run(DjEngine *engine, const void *root, const DjHistoryEntry *line, int n_line,
                     const DjSearchLimits *limits, DjSearchReportFn report, void *user_data,
                     DjSearchInfo *info);

/* As dj_search_set_time / dj_mcts_set_time. */
void dj_engine_set_time(DjEngine *engine, int64_t soft_ms, int64_t hard_ms);

/* As dj_search_stop / dj_mcts_stop: async-signal-safe. */
void dj_engine_stop(DjEngine *engine);

/* As dj_search_cancel_stop / dj_mcts_cancel_stop. */
void dj_engine_cancel_stop(DjEngine *engine);

/* A move at a playing level (1-10, clamped) within `time_ms`: alpha-beta
 * plays as dj_level_choose; MCTS at level 10 uses all the time, below it
 * also stops after 64 << level playouts (128 at level 1).  Arguments
 * (root_moves among them) otherwise as dj_level_choose. */
DjMove dj_engine_choose(DjEngine *engine, int level, int64_t time_ms, GRand *rand,
                        const void *root, const DjHistoryEntry *line, int n_line,
                        const DjMove *root_moves, int n_root_moves,
                        DjSearchReportFn report, void *user_data, DjSearchInfo *info);

/* g_autoptr(DjEngine) frees with dj_engine_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjEngine, dj_engine_free)
#endif

#endif
