/* match_cutechess.c: the command line of cutechess-cli and fastchess in
 * dojo match's long form (see match_cutechess.h). */
#include "frontends/tty/match_cutechess.h"

#include <string.h>

#include "framework/record_pgn.h"
#include "frontends/tty/options.h"

/* What a translation collects before it writes the new command line. */
typedef struct Translation {
    GPtrArray *words;     /* the new command line but its engines (owned) */
    GPtrArray *engines;   /* GString *: each engine's spec, in the order given */
    GPtrArray *each;      /* -each K=V items (owned) */
    bool games_given;     /* -games or --games */
    bool single_dash;     /* some option was those programs' */
    char *variant;
} Translation;

/* The options of cutechess-cli and fastchess that dojo does not take. */
static const char *const refused[] = {
    "tb", "tbpieces", "tbignore50", "bookmode", "epdout", "noswap", "reverse", "seeds",
    "resultformat", "engines", "version", "log", "config", "quick", "force-concurrency",
    "autosaveinterval", "report", "randomseed", "use-affinity", "crc32", "testEnv",
    "scoreinterval", "show-latency", "sprtverdict", NULL,
};

static bool is_refused(const char *name)
{
    for (int i = 0; refused[i] != NULL; i++)
        if (strcmp(refused[i], name) == 0)
            return true;
    return false;
}

/* "-name": a single-dash word of letters (and dashes), not a number and
 * not one of dojo's one-letter options (-o). */
static bool is_single_dash_option(const char *word)
{
    if (word[0] != '-' || word[1] == '-' || !g_ascii_isalpha(word[1]) || word[2] == '\0')
        return false;
    for (const char *p = word + 1; *p != '\0'; p++)
        if (!g_ascii_isalnum(*p) && *p != '-')
            return false;
    return true;
}

static void add(Translation *t, const char *word)
{
    g_ptr_array_add(t->words, g_strdup(word));
}

static void add_option(Translation *t, const char *option, const char *value)
{
    add(t, option);
    add(t, value);
}

/* The value of option `name` at argv[*i + 1], or a usage error. */
static const char *take_value(int argc, char **argv, int *i, const char *name, GError **error)
{
    if (*i + 1 >= argc || argv[*i + 1][0] == '\0') {
        dojo_usage_error(error, "-%s wants a value", name);
        return NULL;
    }
    return argv[++*i];
}

/* The K=V words after option argv[*i], up to the next option (or a word
 * without '=', which is the VARIANT or another option's business); *i is
 * left on the last one taken. */
static GPtrArray *take_items(int argc, char **argv, int *i)
{
    GPtrArray *items = g_ptr_array_new();
    while (*i + 1 < argc && argv[*i + 1][0] != '-' && strchr(argv[*i + 1], '=') != NULL)
        g_ptr_array_add(items, argv[++*i]);
    return items;
}

/* Item `item` ("K=V") split: its key into *key (g_free), its value returned. */
static const char *split_item(const char *item, char **key)
{
    const char *equals = strchr(item, '=');
    *key = g_strndup(item, (gsize)(equals - item));
    return equals + 1;
}

/* Append `item` to an engine spec, its commas escaped as the spec wants. */
static bool append_spec_item(GString *spec, const char *item, const char *option,
                             GError **error)
{
    if (g_str_has_suffix(item, "\\"))
        return dojo_usage_error(error, "%s: '%s' ends in a backslash, which a spec cannot "
                                "take", option, item);
    if (spec->len > 0)
        g_string_append_c(spec, ',');
    for (const char *p = item; *p != '\0'; p++) {
        if (*p == ',')
            g_string_append_c(spec, '\\');
        g_string_append_c(spec, *p);
    }
    return true;
}

/* -engine / -each: the K=V words, and engine flags without a value
 * (debug is dropped: it only shows the engine's talk). */
static bool take_engine_items(int argc, char **argv, int *i, const char *option, GString *spec,
                              GPtrArray *each, GError **error)
{
    for (;;) {
        g_autoptr(GPtrArray) items = take_items(argc, argv, i);
        for (guint k = 0; k < items->len; k++) {
            const char *item = g_ptr_array_index(items, k);
            if (spec != NULL && !append_spec_item(spec, item, option, error))
                return false;
            if (each != NULL)
                g_ptr_array_add(each, g_strdup(item));
        }
        if (*i + 1 >= argc)
            return true;
        const char *next = argv[*i + 1];
        if (strcmp(next, "debug") == 0) {
            ++*i;
            continue;
        }
        if (strcmp(next, "ponder") == 0 || strcmp(next, "trust") == 0
            || strcmp(next, "whitepov") == 0)
            return dojo_usage_error(error, "%s: dojo match does not take '%s'", option, next);
        return true;
    }
}

/* The whole number of `value` for `what`, or a usage error. */
static bool whole(const char *value, const char *what, gint64 min, gint64 max, gint64 *out,
                  GError **error)
{
    return dojo_int_parse(value, what, min, max, out, error);
}

static bool translate_openings(Translation *t, int argc, char **argv, int *i, GError **error)
{
    g_autoptr(GPtrArray) items = take_items(argc, argv, i);
    const char *file = NULL, *format = NULL, *plies = NULL;
    for (guint k = 0; k < items->len; k++) {
        g_autofree char *key = NULL;
        const char *value = split_item(g_ptr_array_index(items, k), &key);
        gint64 number = 0;
        if (strcmp(key, "file") == 0 && value[0] != '\0') {
            file = value;
        } else if (strcmp(key, "format") == 0) {
            if (strcmp(value, "epd") != 0 && strcmp(value, "pgn") != 0)
                return dojo_usage_error(error, "-openings format= wants epd or pgn, not '%s'",
                                        value);
            format = value;
        } else if (strcmp(key, "order") == 0) {
            add_option(t, "--openings-order", value);
        } else if (strcmp(key, "start") == 0) {
            add_option(t, "--openings-start", value);
        } else if (strcmp(key, "plies") == 0) {
            if (!whole(value, "-openings plies=", 0, G_MAXINT32, &number, error))
                return false;
            plies = value;
        } else if (strcmp(key, "policy") == 0) {
            if (strcmp(value, "default") != 0)
                return dojo_usage_error(error, "-openings policy=%s: dojo gives every "
                                        "encounter the same openings (policy=default)", value);
        } else {
            return dojo_usage_error(error, "-openings: unknown key '%s' (there are file, "
                                    "format, order, start, plies, policy)", key);
        }
    }
    if (file == NULL)
        return dojo_usage_error(error, "-openings wants file=FILE");
    /* without format=, a file named *.pgn is PGN, as cutechess-cli would take it; any
     * other is dojo's own openings file (cutechess-cli would take it for PGN too) */
    bool pgn = format != NULL ? strcmp(format, "pgn") == 0 : dj_pgn_is_pgn_path(file);
    g_autofree char *how = g_strconcat(pgn ? "pgn:" : "file:", file, NULL);
    add_option(t, "--openings", how);
    if (pgn && plies != NULL)
        add_option(t, "--openings-plies", plies);   /* an EPD line has no moves to cut */
    return true;
}

static bool translate_adjudication(Translation *t, int argc, char **argv, int *i, bool draw,
                                   GError **error)
{
    const char *option = draw ? "-draw" : "-resign";
    g_autoptr(GPtrArray) items = take_items(argc, argv, i);
    const char *count = NULL, *score = NULL;
    bool two_sided = false;
    for (guint k = 0; k < items->len; k++) {
        g_autofree char *key = NULL;
        const char *value = split_item(g_ptr_array_index(items, k), &key);
        gint64 number = 0;
        if (strcmp(key, "movecount") == 0) {
            count = value;
        } else if (strcmp(key, "score") == 0) {
            score = value;
        } else if (draw && strcmp(key, "movenumber") == 0) {
            g_autofree char *what = g_strdup_printf("%s movenumber=", option);
            if (!whole(value, what, 0, G_MAXINT32 / 2, &number, error))
                return false;
            g_autofree char *plies = g_strdup_printf("%" G_GINT64_FORMAT, 2 * number);
            add_option(t, "--draw-after", plies);
        } else if (!draw && strcmp(key, "twosided") == 0
                   && (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)) {
            two_sided = strcmp(value, "true") == 0;
        } else {
            return dojo_usage_error(error, "%s: '%s=%s' is not one of %s", option, key, value,
                                    draw ? "movenumber=N, movecount=N, score=CP"
                                         : "movecount=N, score=CP, twosided=true|false");
        }
    }
    if (count == NULL || score == NULL)
        return dojo_usage_error(error, "%s wants movecount=N and score=CP", option);
    add_option(t, draw ? "--draw-moves" : "--resign-moves", count);
    add_option(t, draw ? "--draw-score" : "--resign-score", score);
    if (!draw && !two_sided)
        add(t, "--resign-one-sided");
    return true;
}

static bool translate_sprt(Translation *t, int argc, char **argv, int *i, GError **error)
{
    g_autoptr(GPtrArray) items = take_items(argc, argv, i);
    g_autoptr(GString) spec = g_string_new(NULL);
    for (guint k = 0; k < items->len; k++) {
        const char *item = g_ptr_array_index(items, k);
        g_autofree char *key = NULL;
        const char *value = split_item(item, &key);
        if (strcmp(key, "model") == 0) {
            if (strcmp(value, "logistic") != 0)
                return dojo_usage_error(error, "-sprt model=%s: dojo's SPRT is on logistic Elo "
                                        "(model=logistic)", value);
            continue;
        }
        /* the keys are --sprt's: it names a wrong one */
        g_string_append_printf(spec, "%s%s", spec->len > 0 ? "," : "", item);
    }
    add_option(t, "--sprt", spec->str);
    return true;
}

/* -pgnout FILE [min] [fi] (cutechess-cli) or -pgnout file=FILE (fastchess). */
static bool translate_pgnout(Translation *t, int argc, char **argv, int *i, GError **error)
{
    const char *file = NULL;
    if (*i + 1 < argc && argv[*i + 1][0] != '-' && strchr(argv[*i + 1], '=') == NULL)
        file = argv[++*i];
    while (*i + 1 < argc && argv[*i + 1][0] != '-') {
        const char *word = argv[*i + 1];
        if (strcmp(word, "min") == 0 || strcmp(word, "fi") == 0) {
            ++*i;   /* dojo writes finished games only, in its one form */
        } else if (g_str_has_prefix(word, "file=") && word[5] != '\0' && file == NULL) {
            file = word + 5;
            ++*i;
        } else if (strchr(word, '=') != NULL) {
            return dojo_usage_error(error, "-pgnout: dojo match does not take '%s'", word);
        } else {
            break;   /* the VARIANT */
        }
    }
    if (file == NULL)
        return dojo_usage_error(error, "-pgnout wants a FILE");
    add_option(t, "--pgn", file);
    return true;
}

/* A value that must be one of two words. */
static bool translate_tournament(Translation *t, const char *value, GError **error)
{
    if (strcmp(value, "round-robin") != 0 && strcmp(value, "gauntlet") != 0)
        return dojo_usage_error(error, "-tournament %s: dojo match plays round-robin and "
                                "gauntlet", value);
    add_option(t, "--tournament", value);
    return true;
}

/* One single-dash option at argv[*i] (its name `name`, without the dash). */
static bool translate_option(Translation *t, int argc, char **argv, int *i, const char *name,
                             GError **error)
{
    /* options with one value, renamed */
    static const char *const renamed[][2] = {
        { "games", "--games" }, { "rounds", "--rounds" }, { "concurrency", "--concurrency" },
        { "ratinginterval", "--rating-interval" }, { "seed", "--seed" }, { "srand", "--seed" },
        { "event", "--event" }, { "site", "--site" },
    };
    for (size_t k = 0; k < G_N_ELEMENTS(renamed); k++) {
        if (strcmp(name, renamed[k][0]) != 0)
            continue;
        const char *value = take_value(argc, argv, i, name, error);
        if (value == NULL)
            return false;
        t->games_given |= strcmp(name, "games") == 0;
        add_option(t, renamed[k][1], value);
        return true;
    }
    const char *value = NULL;
    gint64 number = 0;
    if (strcmp(name, "engine") == 0) {
        GString *spec = g_string_new(NULL);
        g_ptr_array_add(t->engines, spec);
        return take_engine_items(argc, argv, i, "-engine", spec, NULL, error);
    }
    if (strcmp(name, "each") == 0)
        return take_engine_items(argc, argv, i, "-each", NULL, t->each, error);
    if (strcmp(name, "openings") == 0)
        return translate_openings(t, argc, argv, i, error);
    if (strcmp(name, "draw") == 0 || strcmp(name, "resign") == 0)
        return translate_adjudication(t, argc, argv, i, name[0] == 'd', error);
    if (strcmp(name, "sprt") == 0)
        return translate_sprt(t, argc, argv, i, error);
    if (strcmp(name, "pgnout") == 0)
        return translate_pgnout(t, argc, argv, i, error);
    if (strcmp(name, "repeat") == 0) {
        if (*i + 1 < argc && g_ascii_isdigit(argv[*i + 1][0])) {
            if (!whole(argv[++*i], "-repeat", 2, 2, &number, error))
                return false;
        }
        return true;
    }
    if (strcmp(name, "recover") == 0 || strcmp(name, "debug") == 0)
        return true;
    if (strcmp(name, "wait") == 0 || strcmp(name, "outcomeinterval") == 0) {
        value = take_value(argc, argv, i, name, error);
        g_autofree char *what = g_strconcat("-", name, NULL);
        return value != NULL && whole(value, what, 0, G_MAXINT32, &number, error);
    }
    if (strcmp(name, "output") == 0) {
        g_autoptr(GPtrArray) items = take_items(argc, argv, i);
        for (guint k = 0; k < items->len; k++)
            if (strcmp(g_ptr_array_index(items, k), "format=cutechess") != 0)
                return dojo_usage_error(error, "-output: dojo prints as cutechess-cli does "
                                        "(format=cutechess), not '%s'",
                                        (const char *)g_ptr_array_index(items, k));
        return true;
    }
    if (strcmp(name, "tournament") == 0)
        return (value = take_value(argc, argv, i, name, error)) != NULL
            && translate_tournament(t, value, error);
    if (strcmp(name, "maxmoves") == 0) {
        if ((value = take_value(argc, argv, i, name, error)) == NULL
            || !whole(value, "-maxmoves", 0, G_MAXINT32 / 2, &number, error))
            return false;
        g_autofree char *plies = g_strdup_printf("%" G_GINT64_FORMAT, 2 * number);
        add_option(t, "--max-plies", plies);
        return true;
    }
    if (strcmp(name, "variant") == 0) {
        if ((value = take_value(argc, argv, i, name, error)) == NULL)
            return false;
        g_free(t->variant);
        t->variant = g_strdup(value);
        return true;
    }
    if (strcmp(name, "help") == 0) {
        add(t, "--help");
        return true;
    }
    if (is_refused(name))
        return dojo_usage_error(error, "-%s (of cutechess-cli or fastchess) is not an option "
                                "of dojo match", name);
    return dojo_usage_error(error, "unknown option -%s", name);
}

/* --engine SPEC (or --engine=SPEC) of the long form, and the K=V words that
 * may follow it. */
static bool take_long_engine(Translation *t, int argc, char **argv, int *i, GError **error)
{
    const char *first = NULL;
    if (g_str_has_prefix(argv[*i], "--engine=")) {
        first = argv[*i] + 9;
    } else if (*i + 1 < argc) {
        first = argv[++*i];
    } else {
        add(t, argv[*i]);   /* the table says it wants a value */
        return true;
    }
    GString *spec = g_string_new(first);
    g_ptr_array_add(t->engines, spec);
    g_autoptr(GPtrArray) items = take_items(argc, argv, i);
    for (guint k = 0; k < items->len; k++)
        if (!append_spec_item(spec, g_ptr_array_index(items, k), "--engine", error))
            return false;
    return true;
}

static void translation_clear(Translation *t)
{
    g_ptr_array_free(t->words, TRUE);
    g_ptr_array_free(t->engines, TRUE);
    g_ptr_array_free(t->each, TRUE);
    g_free(t->variant);
}

static void free_gstring(gpointer data)
{
    g_string_free(data, TRUE);
}

bool dojo_match_cutechess_translate(int argc, char **argv, DojoCutechessArgs *out,
                                    GError **error)
{
    memset(out, 0, sizeof *out);
    Translation t = { g_ptr_array_new_with_free_func(g_free),
                      g_ptr_array_new_with_free_func(free_gstring),
                      g_ptr_array_new_with_free_func(g_free), false, false, NULL };
    bool ok = true;
    if (argc > 0)
        add(&t, argv[0]);
    for (int i = 1; ok && i < argc; i++) {
        const char *word = argv[i];
        if (strcmp(word, "--") == 0) {   /* the rest as it is */
            for (; i < argc; i++)
                add(&t, argv[i]);
            break;
        }
        if (strcmp(word, "--engine") == 0 || g_str_has_prefix(word, "--engine=")) {
            ok = take_long_engine(&t, argc, argv, &i, error);
        } else if (is_single_dash_option(word)) {
            t.single_dash = true;
            ok = translate_option(&t, argc, argv, &i, word + 1, error);
        } else {
            t.games_given |= strcmp(word, "--games") == 0 || g_str_has_prefix(word, "--games=");
            add(&t, word);
        }
    }
    if (ok && t.each->len > 0 && t.engines->len == 0)
        ok = dojo_usage_error(error, "-each applies to the engines: give them with -engine");
    for (guint e = 0; ok && e < t.engines->len; e++) {
        GString *spec = g_ptr_array_index(t.engines, e);
        for (guint k = 0; ok && k < t.each->len; k++)
            ok = append_spec_item(spec, g_ptr_array_index(t.each, k), "-each", error);
    }
    if (!ok) {
        translation_clear(&t);
        return false;
    }
    out->kept = g_ptr_array_new_with_free_func(g_free);
    GPtrArray *words = g_ptr_array_new();
    for (guint k = 0; k < t.words->len; k++) {
        g_ptr_array_add(words, g_ptr_array_index(t.words, k));
        /* cutechess-cli plays one game an encounter unless told */
        if (k == 0 && t.single_dash && !t.games_given) {
            g_ptr_array_add(words, g_strdup("--games"));
            g_ptr_array_add(words, g_strdup("1"));
        }
    }
    for (guint e = 0; e < t.engines->len; e++) {
        g_ptr_array_add(words, g_strdup("--engine"));
        g_ptr_array_add(words, g_strdup(((GString *)g_ptr_array_index(t.engines, e))->str));
    }
    /* the strings change hands: `words` takes them from t.words */
    g_ptr_array_set_free_func(t.words, NULL);
    for (guint k = 0; k < words->len; k++)
        g_ptr_array_add(out->kept, g_ptr_array_index(words, k));
    out->argc = (int)words->len;
    g_ptr_array_add(words, NULL);
    out->argv = (char **)g_ptr_array_free(words, FALSE);
    out->variant = g_steal_pointer(&t.variant);
    translation_clear(&t);
    return true;
}

void dojo_match_cutechess_clear(DojoCutechessArgs *args)
{
    g_free(args->argv);
    if (args->kept != NULL)
        g_ptr_array_free(args->kept, TRUE);
    g_free(args->variant);
    memset(args, 0, sizeof *args);
}
