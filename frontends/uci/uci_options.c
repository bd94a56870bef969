/* uci_options.c: the option table of `dojo uci`. */
#include "frontends/uci/uci_options.h"

#include <string.h>

#include "framework/error.h"
#include "framework/registry.h"
#include "framework/search/level.h"

G_DEFINE_QUARK(dojo-uci-error-quark, dojo_uci_error)

/* A `setoption` that cannot be applied; false. */
#define option_error(error, ...) \
    dj_error_set((error), DOJO_UCI_ERROR, DOJO_UCI_ERROR_OPTION, __VA_ARGS__)

/* The range UCI_Elo offers: the lowest and highest level of every game
 * built in (a GUI reads it once, before it chooses the game). */
static void elo_range(int *min, int *max)
{
    *min = G_MAXINT;
    *max = G_MININT;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        *min = MIN(*min, dj_level_elo(*v, DJ_LEVEL_MIN));
        *max = MAX(*max, dj_level_elo(*v, DJ_LEVEL_MAX));
    }
}

void dojo_uci_settings_init(DojoUciSettings *settings)
{
    memset(settings, 0, sizeof *settings);
    settings->variant = dj_registry_all()[0];
    settings->hash_mb = DOJO_UCI_DEFAULT_HASH_MB;
    settings->threads = 1;
    settings->multipv = 1;
    settings->skill_level = DJ_LEVEL_MAX;
    int min_elo;
    elo_range(&min_elo, &settings->elo);
    settings->move_overhead_ms = DOJO_UCI_DEFAULT_OVERHEAD_MS;
    settings->tablebase_pieces = DOJO_UCI_MAX_TABLEBASE_PIECES;
    settings->game_options = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

void dojo_uci_settings_clear(DojoUciSettings *settings)
{
    if (settings->game_options != NULL)
        g_hash_table_destroy(settings->game_options);
    g_free(settings->weights);
    g_free(settings->eval_file);
    g_free(settings->tablebase_path);
    memset(settings, 0, sizeof *settings);
}

/* Every distinct game option name of the registered games, in order. */
static GPtrArray *game_option_names(void)
{
    GPtrArray *names = g_ptr_array_new();
    const DjVariant *const *all = dj_registry_all();
    for (int v = 0; all[v] != NULL; v++) {
        for (const DjVariantOption *o = all[v]->options; o != NULL && o->name != NULL; o++) {
            bool seen = false;
            for (guint i = 0; i < names->len && !seen; i++)
                seen = g_ascii_strcasecmp(g_ptr_array_index(names, i), o->name) == 0;
            if (!seen)
                g_ptr_array_add(names, (gpointer)o->name);
        }
    }
    return names;
}

void dojo_uci_options_describe(const DojoUciSettings *settings, unsigned max_hash_mb,
                               GString *out)
{
    g_string_append_printf(out, "option name UCI_Variant type combo default %s",
                           settings->variant->name);
    const DjVariant *const *all = dj_registry_all();
    for (int v = 0; all[v] != NULL; v++)
        g_string_append_printf(out, " var %s", all[v]->name);
    g_string_append_c(out, '\n');
    g_string_append_printf(out, "option name Hash type spin default %u min 1 max %u\n",
                           MIN(settings->hash_mb, max_hash_mb), max_hash_mb);
    g_string_append(out, "option name Clear Hash type button\n");
    DjEngineKind engine = settings->engine != DJ_ENGINE_DEFAULT
                              ? settings->engine : dj_engine_default_kind(settings->variant);
    g_string_append_printf(out, "option name Search type combo default %s var alphabeta "
                           "var mcts\n", dj_engine_kind_name(engine));
    g_string_append_printf(out, "option name Threads type spin default %d min 1 max %d\n",
                           settings->threads, DJ_ENGINE_MAX_THREADS);
    g_string_append_printf(out, "option name MultiPV type spin default %d min 1 max %d\n",
                           settings->multipv, DOJO_UCI_MAX_MULTIPV);
    g_string_append_printf(out, "option name Ponder type check default %s\n",
                           settings->ponder ? "true" : "false");
    g_string_append_printf(out, "option name Skill Level type spin default %d min %d max %d\n",
                           settings->skill_level, DJ_LEVEL_MIN, DJ_LEVEL_MAX);
    g_string_append_printf(out, "option name UCI_LimitStrength type check default %s\n",
                           settings->limit_strength ? "true" : "false");
    int min_elo, max_elo;
    elo_range(&min_elo, &max_elo);
    g_string_append_printf(out, "option name UCI_Elo type spin default %d min %d max %d\n",
                           settings->elo, min_elo, max_elo);
    g_string_append_printf(out, "option name Move Overhead type spin default %d min 0 max %d\n",
                           settings->move_overhead_ms, DOJO_UCI_MAX_OVERHEAD_MS);
    g_string_append_printf(out, "option name Seed type spin default %" G_GUINT64_FORMAT
                           " min 0 max %d\n", settings->seed, G_MAXINT32);
    g_string_append_printf(out, "option name Weights type string default %s\n",
                           settings->weights != NULL ? settings->weights : "<empty>");
    g_string_append_printf(out, "option name EvalFile type string default %s\n",
                           settings->eval_file != NULL ? settings->eval_file : "<empty>");
    g_string_append_printf(out, "option name TablebasePath type string default %s\n",
                           settings->tablebase_path != NULL ? settings->tablebase_path
                                                            : "<empty>");
    g_string_append_printf(out, "option name TablebasePieces type spin default %d min 0 max %d\n",
                           settings->tablebase_pieces, DOJO_UCI_MAX_TABLEBASE_PIECES);
    g_autoptr(GPtrArray) names = game_option_names();
    for (guint i = 0; i < names->len; i++) {
        const char *name = g_ptr_array_index(names, i);
        g_autofree char *key = g_ascii_strdown(name, -1);
        const char *value = g_hash_table_lookup(settings->game_options, key);
        g_string_append_printf(out, "option name %s type string default %s\n", name,
                               value != NULL ? value : "<empty>");
    }
}

static bool spin_value(const char *name, const char *value, gint64 min, gint64 max,
                       gint64 *out, GError **error)
{
    if (value == NULL || !g_ascii_string_to_signed(value, 10, min, max, out, NULL)) {
        option_error(error, "option '%s' wants a whole number from %" G_GINT64_FORMAT " to %"
                     G_GINT64_FORMAT ", not '%s'", name, min, max, value != NULL ? value : "");
        return false;
    }
    return true;
}

static bool check_value(const char *name, const char *value, bool *out, GError **error)
{
    if (value != NULL && g_ascii_strcasecmp(value, "true") == 0) {
        *out = true;
        return true;
    }
    if (value != NULL && g_ascii_strcasecmp(value, "false") == 0) {
        *out = false;
        return true;
    }
    option_error(error, "option '%s' wants true or false, not '%s'", name,
                 value != NULL ? value : "");
    return false;
}

bool dojo_uci_option_set(DojoUciSettings *settings, const char *name, const char *value,
                         unsigned max_hash_mb, DojoUciChange *changed, GError **error)
{
    *changed = DOJO_UCI_CHANGED_NOTHING;
    gint64 number = 0;
    bool flag = false;
    if (g_ascii_strcasecmp(name, "UCI_Variant") == 0) {
        const DjVariant *variant = value != NULL ? dj_registry_find(value) : NULL;
        if (variant == NULL) {
            g_autoptr(GString) names = g_string_new(NULL);
            dj_registry_append_names(names);
            return option_error(error, "UCI_Variant: no game '%s' (there are: %s)",
                                    value != NULL ? value : "", names->str);
        }
        settings->variant = variant;
        *changed = DOJO_UCI_CHANGED_VARIANT;
    } else if (g_ascii_strcasecmp(name, "Hash") == 0) {
        if (!spin_value("Hash", value, 1, max_hash_mb, &number, error))
            return false;
        settings->hash_mb = (unsigned)number;
        *changed = DOJO_UCI_CHANGED_HASH;
    } else if (g_ascii_strcasecmp(name, "Clear Hash") == 0) {
        *changed = DOJO_UCI_CLEAR_HASH;
    } else if (g_ascii_strcasecmp(name, "Search") == 0) {
        DjEngineKind engine = DJ_ENGINE_DEFAULT;
        if (!dj_engine_kind_parse(value, &engine, error)) {
            g_prefix_error(error, "Search: ");
            return false;
        }
        settings->engine = engine;
    } else if (g_ascii_strcasecmp(name, "Threads") == 0) {
        if (!spin_value("Threads", value, 1, DJ_ENGINE_MAX_THREADS, &number, error))
            return false;
        settings->threads = (int)number;
        *changed = DOJO_UCI_CHANGED_THREADS;
    } else if (g_ascii_strcasecmp(name, "MultiPV") == 0) {
        if (!spin_value("MultiPV", value, 1, DOJO_UCI_MAX_MULTIPV, &number, error))
            return false;
        settings->multipv = (int)number;
    } else if (g_ascii_strcasecmp(name, "Ponder") == 0) {
        if (!check_value("Ponder", value, &flag, error))
            return false;
        settings->ponder = flag;
    } else if (g_ascii_strcasecmp(name, "Skill Level") == 0) {
        if (!spin_value("Skill Level", value, DJ_LEVEL_MIN, DJ_LEVEL_MAX, &number, error))
            return false;
        settings->skill_level = (int)number;
    } else if (g_ascii_strcasecmp(name, "UCI_LimitStrength") == 0) {
        if (!check_value("UCI_LimitStrength", value, &flag, error))
            return false;
        settings->limit_strength = flag;
    } else if (g_ascii_strcasecmp(name, "UCI_Elo") == 0) {
        int min_elo, max_elo;
        elo_range(&min_elo, &max_elo);
        if (!spin_value("UCI_Elo", value, min_elo, max_elo, &number, error))
            return false;
        settings->elo = (int)number;
    } else if (g_ascii_strcasecmp(name, "Move Overhead") == 0) {
        if (!spin_value("Move Overhead", value, 0, DOJO_UCI_MAX_OVERHEAD_MS, &number, error))
            return false;
        settings->move_overhead_ms = (int)number;
    } else if (g_ascii_strcasecmp(name, "Seed") == 0) {
        if (!spin_value("Seed", value, 0, G_MAXINT32, &number, error))
            return false;
        settings->seed = (guint64)number;
        settings->seed_given = true;
        *changed = DOJO_UCI_CHANGED_GAME_OPTION;
    } else if (g_ascii_strcasecmp(name, "Weights") == 0) {
        g_free(settings->weights);
        settings->weights = value == NULL || value[0] == '\0' || strcmp(value, "<empty>") == 0
                                ? NULL : g_strdup(value);
        *changed = DOJO_UCI_CHANGED_WEIGHTS;
    } else if (g_ascii_strcasecmp(name, "EvalFile") == 0) {
        g_free(settings->eval_file);
        settings->eval_file = value == NULL || value[0] == '\0' || strcmp(value, "<empty>") == 0
                                  ? NULL : g_strdup(value);
        *changed = DOJO_UCI_CHANGED_EVAL_FILE;
    } else if (g_ascii_strcasecmp(name, "TablebasePath") == 0) {
        g_free(settings->tablebase_path);
        settings->tablebase_path
            = value == NULL || value[0] == '\0' || strcmp(value, "<empty>") == 0
                  ? NULL : g_strdup(value);
        *changed = DOJO_UCI_CHANGED_TABLEBASES;
    } else if (g_ascii_strcasecmp(name, "TablebasePieces") == 0) {
        if (!spin_value("TablebasePieces", value, 0, DOJO_UCI_MAX_TABLEBASE_PIECES, &number,
                        error))
            return false;
        settings->tablebase_pieces = (int)number;
        *changed = DOJO_UCI_CHANGED_TABLEBASES;
    } else {
        g_autoptr(GPtrArray) names = game_option_names();
        bool known = false;
        for (guint i = 0; i < names->len && !known; i++)
            known = g_ascii_strcasecmp(g_ptr_array_index(names, i), name) == 0;
        if (!known) {
            option_error(error, "no option '%s' (the 'uci' command lists them)", name);
            return false;
        }
        g_autofree char *key = g_ascii_strdown(name, -1);
        const DjVariant *game = settings->variant;
        bool empty = value == NULL || value[0] == '\0' || strcmp(value, "<empty>") == 0;
        /* The current game's table judges the value now (a word among its
         * choices, a number in its range); the game itself the rest, at
         * `position startpos`. */
        DjOptionValue given = { name, value };
        g_autoptr(GError) why = NULL;
        if (!empty && dj_option_find(game->options, name) != NULL
            && !dj_options_check(game->title, game->options, &given, 1, &why)) {
            g_set_error_literal(error, DOJO_UCI_ERROR, DOJO_UCI_ERROR_OPTION, why->message);
            return false;
        }
        if (empty)
            g_hash_table_remove(settings->game_options, key);
        else
            g_hash_table_replace(settings->game_options, g_steal_pointer(&key), g_strdup(value));
        *changed = DOJO_UCI_CHANGED_GAME_OPTION;
    }
    return true;
}

int dojo_uci_playing_level(const DojoUciSettings *settings)
{
    int level = settings->skill_level;
    if (settings->limit_strength) {
        int by_elo = DJ_LEVEL_MIN;
        for (int l = DJ_LEVEL_MIN; l <= DJ_LEVEL_MAX; l++)
            if (dj_level_elo(settings->variant, l) <= settings->elo)
                by_elo = l;
        level = MIN(level, by_elo);
    }
    return level;
}

void dojo_uci_settings_setup(const DojoUciSettings *settings, GArray *scratch, DjSetup *setup)
{
    g_array_set_size(scratch, 0);
    for (const DjVariantOption *o = settings->variant->options; o != NULL && o->name != NULL;
         o++) {
        g_autofree char *key = g_ascii_strdown(o->name, -1);
        const char *value = g_hash_table_lookup(settings->game_options, key);
        if (value != NULL) {
            DjOptionValue option = { o->name, value };
            g_array_append_val(scratch, option);
        }
    }
    memset(setup, 0, sizeof *setup);
    setup->seed = settings->seed;
    setup->options = (const DjOptionValue *)(void *)scratch->data;
    setup->n_options = (int)scratch->len;
}
