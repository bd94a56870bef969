/* engine.c: one handle over the alpha-beta and the MCTS search. */
#include "framework/search/engine.h"

#include "framework/search/level.h"
#include "framework/search/level_guard.h"

struct DjEngine {
    const DjVariant *variant;
    DjEngineKind kind;
    DjSearch *alphabeta;
    DjMcts *mcts;
};

const char *dj_engine_kind_name(DjEngineKind kind)
{
    switch (kind) {
    case DJ_ENGINE_ALPHABETA: return "alphabeta";
    case DJ_ENGINE_MCTS: return "mcts";
    default: return "default";
    }
}

bool dj_engine_kind_parse(const char *text, DjEngineKind *kind, GError **error)
{
    if (text != NULL && g_ascii_strcasecmp(text, "alphabeta") == 0) {
        *kind = DJ_ENGINE_ALPHABETA;
        return true;
    }
    if (text != NULL && g_ascii_strcasecmp(text, "mcts") == 0) {
        *kind = DJ_ENGINE_MCTS;
        return true;
    }
    g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                "unknown search \"%s\" (there are: alphabeta, mcts)", text != NULL ? text : "");
    return false;
}

DjEngineKind dj_engine_default_kind(const DjVariant *variant)
{
    return variant->evaluate != NULL ? DJ_ENGINE_ALPHABETA : DJ_ENGINE_MCTS;
}

DjEngine *dj_engine_new(const DjVariant *variant, DjEngineKind kind, unsigned memory_mb,
                        GError **error)
{
    if (kind == DJ_ENGINE_DEFAULT)
        kind = dj_engine_default_kind(variant);
    if (kind == DJ_ENGINE_ALPHABETA && variant->evaluate == NULL) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "%s has no evaluation, so the alphabeta search cannot play it "
                    "(use mcts)", variant->title);
        return NULL;
    }
    DjSearch *alphabeta = NULL;
    if (kind == DJ_ENGINE_ALPHABETA) {
        alphabeta = dj_search_try_new(variant, memory_mb, error);
        if (alphabeta == NULL)
            return NULL;
    }
    DjMcts *mcts = NULL;
    if (kind == DJ_ENGINE_MCTS) {
        mcts = dj_mcts_try_new(variant, memory_mb, NULL, error);
        if (mcts == NULL)
            return NULL;
    }
    DjEngine *engine = g_new0(DjEngine, 1);
    engine->variant = variant;
    engine->kind = kind;
    engine->alphabeta = alphabeta;
    engine->mcts = mcts;
    return engine;
}

void dj_engine_free(DjEngine *engine)
{
    if (engine == NULL)
        return;
    dj_search_free(engine->alphabeta);
    dj_mcts_free(engine->mcts);
    g_free(engine);
}

DjEngineKind dj_engine_kind(const DjEngine *engine)
{
    return engine->kind;
}

DjSearch *dj_engine_alphabeta(DjEngine *engine)
{
    return engine->alphabeta;
}

DjMcts *dj_engine_mcts(DjEngine *engine)
{
    return engine->mcts;
}

void dj_engine_set_threads(DjEngine *engine, int threads)
{
    if (engine->alphabeta != NULL)
        dj_search_set_threads(engine->alphabeta, threads);
    else
        dj_mcts_set_threads(engine->mcts, threads);
}

bool dj_engine_try_set_threads(DjEngine *engine, int threads, GError **error)
{
    if (engine->alphabeta != NULL)
        return dj_search_try_set_threads(engine->alphabeta, threads, error);
    dj_mcts_set_threads(engine->mcts, threads);   /* a few hundred bytes a thread */
    return true;
}

int dj_engine_threads_started(const DjEngine *engine)
{
    if (engine->alphabeta != NULL)
        return dj_search_threads_started(engine->alphabeta);
    return dj_mcts_threads_started(engine->mcts);
}

void dj_engine_set_tables(DjEngine *engine, DjTablebase *tables)
{
    if (engine->alphabeta != NULL)
        dj_search_set_tables(engine->alphabeta, tables);
    else
        dj_mcts_set_tables(engine->mcts, tables);
}

DjTablebase *dj_engine_tables(const DjEngine *engine)
{
    return engine->alphabeta != NULL ? dj_search_tables(engine->alphabeta)
                                     : dj_mcts_tables(engine->mcts);
}

void dj_engine_clear(DjEngine *engine)
{
    if (engine->alphabeta != NULL)
        dj_search_clear(engine->alphabeta);
    else
        dj_mcts_clear(engine->mcts);
}

DjMove dj_engine_run(DjEngine *engine, const void *root, const DjHistoryEntry *line, int n_line,
                     const DjSearchLimits *limits, DjSearchReportFn report, void *user_data,
                     DjSearchInfo *info)
{
    if (engine->alphabeta != NULL)
        return dj_search_run(engine->alphabeta, root, line, n_line, limits, report, user_data,
                             info);
    return dj_mcts_run(engine->mcts, root, line, n_line, limits, report, user_data, info);
}

void dj_engine_set_time(DjEngine *engine, int64_t soft_ms, int64_t hard_ms)
{
    if (engine->alphabeta != NULL)
        dj_search_set_time(engine->alphabeta, soft_ms, hard_ms);
    else
        dj_mcts_set_time(engine->mcts, soft_ms, hard_ms);
}

void dj_engine_stop(DjEngine *engine)
{
    if (engine->alphabeta != NULL)
        dj_search_stop(engine->alphabeta);
    else
        dj_mcts_stop(engine->mcts);
}

void dj_engine_cancel_stop(DjEngine *engine)
{
    if (engine->alphabeta != NULL)
        dj_search_cancel_stop(engine->alphabeta);
    else
        dj_mcts_cancel_stop(engine->mcts);
}

DjMove dj_engine_choose(DjEngine *engine, int level, int64_t time_ms, GRand *rand,
                        const void *root, const DjHistoryEntry *line, int n_line,
                        const DjMove *root_moves, int n_root_moves,
                        DjSearchReportFn report, void *user_data, DjSearchInfo *info)
{
    level = CLAMP(level, DJ_LEVEL_MIN, DJ_LEVEL_MAX);
    /* The levels below full strength play without tables (engine.h). */
    DjTablebase *tables = dj_engine_tables(engine);
    if (level < DJ_LEVEL_MAX && tables != NULL) {
        dj_engine_set_tables(engine, NULL);
        DjMove move = dj_engine_choose(engine, level, time_ms, rand, root, line, n_line,
                                       root_moves, n_root_moves, report, user_data, info);
        dj_engine_set_tables(engine, tables);
        return move;
    }
    if (engine->alphabeta != NULL)
        return dj_level_choose(engine->alphabeta, level, time_ms, rand, root, line, n_line,
                               root_moves, n_root_moves, report, user_data, info);
    DjSearchLimits limits = {
        .time_ms = time_ms,
        .nodes = level < DJ_LEVEL_MAX ? (uint64_t)64 << level : 0,
        .root_moves = root_moves,
        .n_root_moves = n_root_moves,
    };
    DjMove move = dj_mcts_run(engine->mcts, root, line, n_line, &limits, report, user_data,
                              info);
    if (g_rand_int_range(rand, 0, 100) >= dj_level_guard_percent(level)
        || !dj_move_loses_at_once(engine->variant, root, move))
        return move;
    /* A person who knows the rules does not lose in one move when another
     * move does not: the first such move the rules list. */
    g_autofree DjMove *moves = g_new(DjMove, engine->variant->max_moves);
    int n = engine->variant->legal_moves(root, moves);
    n = dj_search_restrict_moves(moves, n, root_moves, n_root_moves);
    return dj_first_move_not_losing_at_once(engine->variant, root, moves, n, move);
}
