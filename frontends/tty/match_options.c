/* match_options.c: options shared by `dojo match` and `dojo spsa`. */
#include "match_options.h"

#include <math.h>
#include <string.h>

#include "framework/game_history.h"
#include "framework/text_file.h"

/* Seconds as typed ("10", "0.1") into milliseconds. */
static bool parse_seconds(const char *text, gint64 *ms)
{
    char *end = NULL;
    double seconds = g_ascii_strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(seconds) || seconds < 0 || seconds > 1e7)
        return false;
    *ms = (gint64)llround(seconds * 1000.0);
    return true;
}

bool dojo_match_tc_parse(const char *text, const char *what, DojoMatchLimits *limits,
                         GError **error)
{
    g_auto(GStrv) parts = g_strsplit(text, "+", 2);
    gint64 inc = 0;
    bool ok = parse_seconds(parts[0], &limits->base_ms) && limits->base_ms > 0
        && (parts[1] == NULL || parse_seconds(parts[1], &inc));
    if (!ok) {
        dojo_usage_error(error, "%s wants BASE+INC in seconds (e.g. 10+0.1 or 60), not '%s'",
                         what, text);
        return false;
    }
    limits->inc_ms = inc;
    return true;
}

/* The position strings of an openings file, each checked by the variant. */
static GPtrArray *read_positions(const DjVariant *variant, const char *path, GError **error)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, "an openings file", &text, &length,
                                error)) {
        g_prefix_error(error, "cannot read the openings in ");   /* "PATH: WHY" follows */
        return NULL;
    }
    g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (int i = 0; lines[i] != NULL; i++) {
        char *line = g_strstrip(lines[i]);
        if (line[0] == '\0' || line[0] == '#')
            continue;
        DjSetup setup = { line, 0, NULL, 0 };
        g_autoptr(GError) local = NULL;
        g_autoptr(DjGame) game = dj_game_new(variant, &setup, &local);
        if (game == NULL || dj_game_outcome(game) != DJ_OUTCOME_ONGOING) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "%s: line %d: %s", path, i + 1,
                        game == NULL ? local->message : "the game is already over there");
            return NULL;
        }
        g_ptr_array_add(positions, g_strdup(line));
    }
    if (positions->len == 0) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "%s holds no position", path);
        return NULL;
    }
    return g_steal_pointer(&positions);
}

bool dojo_match_openings_parse(const DojoSetupArgs *setup, const char *openings,
                               DojoMatchPlan *plan, GError **error)
{
    const char *text = openings;
    if (setup->position != NULL && text != NULL && g_str_has_prefix(text, "file:"))
        return dojo_usage_error(error, "--position and --openings file: cannot go together");
    if (setup->position != NULL) {
        /* A fixed --position is one opening for every pair. */
        plan->positions = g_ptr_array_new_with_free_func(g_free);
        g_ptr_array_add(plan->positions, g_strdup(setup->position));
    }
    if (text == NULL || strcmp(text, "none") == 0)
        return true;
    if (g_str_has_prefix(text, "random:")) {
        gint64 plies = 0;
        if (!dojo_int_parse(text + 7, "--openings random:N", 0, 1000, &plies, error))
            return false;
        plan->random_plies = (int)plies;
        return true;
    }
    if (g_str_has_prefix(text, "file:") && text[5] != '\0') {
        plan->positions = read_positions(plan->variant, text + 5, error);
        return plan->positions != NULL;
    }
    dojo_usage_error(error, "--openings wants none, random:N or file:PATH, not '%s'", text);
    return false;
}

