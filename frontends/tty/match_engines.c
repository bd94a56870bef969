/* match_engines.c: the engines of `dojo match` and their limits (see
 * match_engines.h). */
#include "frontends/tty/match_engines.h"

#include <math.h>
#include <string.h>

#include "frontends/tty/match_options.h"
#include "frontends/tty/options.h"

bool dojo_match_specs_parse(const char *const *texts, int n, DojoEngineSpec *specs,
                            GError **error)
{
    memset(specs, 0, sizeof *specs * (size_t)n);
    for (int i = 0; i < n; i++)
        if (!dojo_engine_spec_parse_unnamed(texts[i], "--engine", &specs[i], error))
            return false;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (specs[i].name != NULL && specs[j].name != NULL
                && strcmp(specs[i].name, specs[j].name) == 0)
                return dojo_usage_error(error, "the engines need different names (two are "
                                        "'%s')", specs[i].name);
    return true;
}

/* What the errors call the engine of `spec`: its name, or its program. */
static const char *label(const DojoEngineSpec *spec)
{
    return spec->name != NULL ? spec->name : g_ptr_array_index(spec->argv, 0);
}

/* An optional whole number of a spec: 0 when not given. */
static bool spec_count(const DojoEngineSpec *spec, const char *key, const char *text, gint64 min,
                       gint64 max, gint64 *out, GError **error)
{
    *out = 0;
    if (text == NULL)
        return true;
    g_autofree char *what = g_strdup_printf("--engine %s: %s", label(spec), key);
    return dojo_int_parse(text, what, min, max, out, error);
}

/* st=SECONDS a move, as cutechess-cli takes it. */
static bool spec_seconds(const DojoEngineSpec *spec, gint64 *movetime_ms, GError **error)
{
    char *end = NULL;
    double seconds = g_ascii_strtod(spec->st, &end);
    if (end == spec->st || *end != '\0' || !isfinite(seconds) || seconds <= 0
        || seconds * 1000.0 > G_MAXINT32)
        return dojo_usage_error(error, "--engine %s: st wants seconds a move (more than 0), "
                                "not '%s'", label(spec), spec->st);
    *movetime_ms = MAX((gint64)llround(seconds * 1000.0), 1);
    return true;
}

static bool has_thinking(const DojoMatchLimits *limits)
{
    return limits->base_ms > 0 || limits->movetime_ms > 0 || limits->nodes > 0
        || limits->depth > 0;
}

bool dojo_match_engine_limits(const DojoMatchLimits *shared, const DojoEngineSpec *spec,
                              DojoMatchLimits *out, GError **error)
{
    *out = *shared;
    if (spec->tc != NULL || spec->st != NULL || spec->movetime != NULL || spec->nodes != NULL
        || spec->depth != NULL) {
        if (spec->st != NULL && (spec->tc != NULL || spec->movetime != NULL))
            return dojo_usage_error(error, "--engine %s: st= goes with neither tc= nor "
                                    "movetime=", label(spec));
        g_autofree char *tc = g_strdup_printf("--engine %s: tc", label(spec));
        out->base_ms = out->inc_ms = out->moves_per_tc = 0;
        if ((spec->tc != NULL && !dojo_match_tc_parse_or_inf(spec->tc, tc, out, error))
            || !spec_count(spec, "movetime", spec->movetime, 1, G_MAXINT32, &out->movetime_ms,
                           error)
            || (spec->st != NULL && !spec_seconds(spec, &out->movetime_ms, error))
            || !spec_count(spec, "nodes", spec->nodes, 1, G_MAXINT64, &out->nodes, error)
            || !spec_count(spec, "depth", spec->depth, 1, 1000, &out->depth, error))
            return false;
    }
    if (spec->timemargin != NULL
        && !spec_count(spec, "timemargin", spec->timemargin, 0, G_MAXINT32, &out->margin_ms,
                       error))
        return false;
    if (!has_thinking(out))
        return dojo_usage_error(error, "how long may the engines think? Give --tc, --movetime, "
                                "--nodes or --depth (or tc=, st=, movetime=, nodes=, depth= "
                                "in each --engine)");
    return true;
}
