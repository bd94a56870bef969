/* options.c: parsing what the subcommands share: variant names, setup
 * options, players and sides. */
#include "frontends/tty/options.h"

#include <string.h>

#include "framework/registry.h"
#include "framework/search/level.h"
#include "frontends/tty/cli.h"

G_DEFINE_QUARK(dojo-usage-error-quark, dojo_usage_error)

const DjVariant *dojo_variant_lookup(const char *name, GError **error)
{
    const DjVariant *variant = dj_registry_find(name);
    if (variant != NULL)
        return variant;
    g_autoptr(GString) names = g_string_new(NULL);
    dj_registry_append_names(names);
    dojo_usage_error(error, "unknown variant '%s' (there are: %s)", name, names->str);
    return NULL;
}

/* ---- setup options ----------------------------------------------------------- */

/* --NAME VALUE for a game's option: kept as "NAME=VALUE", like -o. */
static gboolean on_game_option(const gchar *option_name, const gchar *value, gpointer data,
                               GError **error)
{
    (void)error;
    DojoSetupArgs *args = data;
    const char *name = option_name;
    while (*name == '-')
        name++;
    if (args->game_options == NULL)
        args->game_options = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(args->game_options, g_strdup_printf("%s=%s", name, value));
    return TRUE;
}

/* Whether an earlier game in `all` (before index `before`) has an option
 * called `name`. */
static bool option_taken(const DjVariant *const *all, int before, const char *name)
{
    for (int i = 0; i < before; i++) {
        for (const DjVariantOption *o = all[i]->options; o != NULL && o->name != NULL; o++) {
            if (strcmp(o->name, name) == 0)
                return true;
        }
    }
    return false;
}

/* The one game the command line names: a word after the command's name
 * that is a game's name, when no word names another.  Read before the
 * parse, so that the command offers that game's options alone. */
static const DjVariant *game_named(void)
{
    int argc = 0;
    char **argv = dojo_cli_args(&argc);
    const DjVariant *named = NULL;
    for (int i = 2; i < argc; i++) {
        const DjVariant *v = argv[i][0] != '-' ? dj_registry_find(argv[i]) : NULL;
        if (v != NULL && named != NULL && v != named)
            return NULL;
        if (v != NULL)
            named = v;
    }
    return named;
}

/* A group of --NAME VALUE entries for the options of all[index]; `in_main`
 * shows them with the command's own under --help. */
static void add_game_option_group(GOptionContext *context, DojoSetupArgs *args,
                                  const DjVariant *const *all, int index, bool in_main)
{
    const DjVariant *v = all[index];
    if (v->options == NULL || v->options[0].name == NULL)
        return;
    g_autofree char *title = g_strdup_printf("%s options (shorthands for -o NAME=VALUE):",
                                             v->title);
    g_autofree char *help = g_strdup_printf("Show the options of %s", v->title);
    GOptionGroup *group = g_option_group_new(v->name, title, help, args, NULL);
    for (const DjVariantOption *o = v->options; o->name != NULL; o++) {
        if (!in_main && option_taken(all, index, o->name))
            continue;
        /* Among the command's own, the game's title says whose it is.  The
         * entry keeps a pointer to its text: an interned one lives on. */
        g_autofree char *titled = g_strdup_printf("%s: %s", v->title, o->help);
        GOptionEntry entry[] = {
            { o->name, 0, in_main ? G_OPTION_FLAG_IN_MAIN : 0, G_OPTION_ARG_CALLBACK,
              (gpointer)(guintptr)on_game_option, in_main ? g_intern_string(titled) : o->help,
              o->arg },
            { NULL, 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
        };
        g_option_group_add_entries(group, entry);
    }
    g_option_context_add_group(context, group);
}

static void add_game_option_groups(GOptionContext *context, DojoSetupArgs *args)
{
    const DjVariant *const *all = dj_registry_all();
    args->game = game_named();
    for (int i = 0; all[i] != NULL; i++) {
        if (args->game == NULL || all[i] == args->game)
            add_game_option_group(context, args, all, i, args->game != NULL);
    }
}

void dojo_setup_args_add(GOptionContext *context, DojoSetupArgs *args, bool with_seed)
{
    GOptionEntry entries[] = {
        { "position", 0, 0, G_OPTION_ARG_STRING, &args->position,
          "Start from this position string (as the variant writes it)", "STR" },
        { "option", 'o', 0, G_OPTION_ARG_STRING_ARRAY, &args->options,
          "A variant option (see 'dojo list'); repeatable", "NAME=VALUE" },
        { "seed", 0, 0, G_OPTION_ARG_STRING, &args->seed,
          "Seed for anything random in a new game", "N" },
        { NULL, 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL }
    };
    if (!with_seed)
        entries[2].long_name = NULL;
    g_option_group_add_entries(g_option_context_get_main_group(context), entries);
    add_game_option_groups(context, args);
}

bool dojo_setup_args_given(const DojoSetupArgs *args)
{
    return args->position != NULL || (args->options != NULL && args->options[0] != NULL)
        || (args->game_options != NULL && args->game_options->len > 0) || args->seed != NULL;
}

void dojo_setup_args_clear(DojoSetupArgs *args)
{
    g_free(args->position);
    g_strfreev(args->options);
    if (args->game_options != NULL)
        g_ptr_array_free(args->game_options, TRUE);
    g_free(args->seed);
    memset(args, 0, sizeof *args);
}

static void setup_add_option(DojoSetup *setup, const char *name, const char *value)
{
    char *name_copy = g_strdup(name);
    char *value_copy = g_strdup(value);
    g_ptr_array_add(setup->strings, name_copy);
    g_ptr_array_add(setup->strings, value_copy);
    DjOptionValue option = { name_copy, value_copy };
    g_array_append_val(setup->values, option);
}

/* How option `name` was given, for messages: "--NAME" or "-o NAME=". */
static char *option_as_given(const DojoSetupArgs *args, const char *name)
{
    size_t length = strlen(name);
    for (guint i = 0; args->game_options != NULL && i < args->game_options->len; i++) {
        const char *text = g_ptr_array_index(args->game_options, i);
        if (g_ascii_strncasecmp(text, name, length) == 0 && text[length] == '=')
            return g_strdup_printf("--%s", name);
    }
    return g_strdup_printf("-o %s=", name);
}

/* Whether the options `a` and `b` (as typed) exclude each other in the
 * table of `game`, or of any built-in game when `game` is NULL; *why is
 * then the table's reason, or NULL. */
static bool tables_exclude(const DjVariant *game, const char *a, const char *b,
                           const char **why)
{
    const DjVariant *const *all = dj_registry_all();
    for (int i = 0; all[i] != NULL; i++) {
        if (game != NULL && all[i] != game)
            continue;
        const DjVariantOption *oa = dj_option_find(all[i]->options, a);
        const DjVariantOption *ob = dj_option_find(all[i]->options, b);
        if (oa != NULL && ob != NULL && oa != ob && dj_options_exclude(oa, ob, why))
            return true;
    }
    return false;
}

/* Two options that the game's own table says cannot go together: a usage
 * error naming them as they were given ("--NAME", "-o NAME="). */
static bool check_exclusions(const DojoSetupArgs *args, GArray *values, GError **error)
{
    for (guint i = 0; i < values->len; i++) {
        const char *a = g_array_index(values, DjOptionValue, i).name;
        for (guint j = i + 1; j < values->len; j++) {
            const char *b = g_array_index(values, DjOptionValue, j).name;
            const char *why = NULL;
            if (!tables_exclude(args->game, a, b, &why))
                continue;
            /* "-o NAME" reads better than "-o NAME=" in a sentence */
            g_autofree char *given_a = option_as_given(args, a);
            g_autofree char *given_b = option_as_given(args, b);
            if (g_str_has_suffix(given_a, "="))
                given_a[strlen(given_a) - 1] = '\0';
            if (g_str_has_suffix(given_b, "="))
                given_b[strlen(given_b) - 1] = '\0';
            return dojo_usage_error(error, "%s%sgive %s or %s, not both",
                                    why != NULL ? why : "", why != NULL ? ": " : "", given_a,
                                    given_b);
        }
    }
    return true;
}

/* Options that would silently override or ignore one another. */
static bool check_conflicts(const DojoSetupArgs *args, GArray *values, GError **error)
{
    if (args->position != NULL && values->len > 0) {
        g_autofree char *given = option_as_given(args,
                                                 g_array_index(values, DjOptionValue, 0).name);
        return dojo_usage_error(error, "--position gives the whole position: %s does not apply "
                                "with it", given);
    }
    for (guint i = 0; i < values->len; i++) {
        const char *name = g_array_index(values, DjOptionValue, i).name;
        for (guint j = 0; j < i; j++) {
            if (g_ascii_strcasecmp(name, g_array_index(values, DjOptionValue, j).name) == 0) {
                dojo_usage_error(error, "the option '%s' is given twice", name);
                return false;
            }
        }
    }
    return check_exclusions(args, values, error);
}

bool dojo_setup_build(const DojoSetupArgs *args, guint64 default_seed, DojoSetup *out,
                      GError **error)
{
    memset(out, 0, sizeof *out);
    out->values = g_array_new(FALSE, TRUE, sizeof(DjOptionValue));
    out->strings = g_ptr_array_new_with_free_func(g_free);
    out->setup.seed = default_seed;
    if (args->seed != NULL) {
        guint64 seed = 0;
        if (!g_ascii_string_to_unsigned(args->seed, 10, 0, G_MAXUINT64, &seed, NULL)) {
            dojo_usage_error(error, "--seed wants a whole number, not '%s'", args->seed);
            dojo_setup_clear(out);
            return false;
        }
        out->setup.seed = seed;
    }
    for (int i = 0; args->options != NULL && args->options[i] != NULL; i++) {
        const char *text = args->options[i];
        const char *equals = strchr(text, '=');
        if (equals == NULL || equals == text) {
            dojo_usage_error(error, "-o wants NAME=VALUE, not '%s'", text);
            dojo_setup_clear(out);
            return false;
        }
        g_autofree char *name = g_strndup(text, (gsize)(equals - text));
        setup_add_option(out, g_strstrip(name), equals + 1);
    }
    for (guint i = 0; args->game_options != NULL && i < args->game_options->len; i++) {
        const char *text = g_ptr_array_index(args->game_options, i);
        const char *equals = strchr(text, '=');
        g_autofree char *name = g_strndup(text, (gsize)(equals - text));
        setup_add_option(out, name, equals + 1);
    }
    if (!check_conflicts(args, out->values, error)) {
        dojo_setup_clear(out);
        return false;
    }
    out->setup.position = args->position;
    out->setup.options = (const DjOptionValue *)(void *)out->values->data;
    out->setup.n_options = (int)out->values->len;
    return true;
}

void dojo_setup_clear(DojoSetup *setup)
{
    if (setup->values != NULL)
        g_array_free(setup->values, TRUE);
    if (setup->strings != NULL)
        g_ptr_array_free(setup->strings, TRUE);
    memset(setup, 0, sizeof *setup);
}

bool dojo_setup_position(const DjVariant *variant, const DojoSetupArgs *args,
                         guint64 default_seed, void *pos, GError **error)
{
    g_auto(DojoSetup) setup = { { NULL, 0, NULL, 0 }, NULL, NULL };
    if (!dojo_setup_build(args, default_seed, &setup, error))
        return false;
    return variant->setup(pos, &setup.setup, error);
}

/* ---- players and sides -------------------------------------------------------- */

bool dojo_int_parse(const char *text, const char *what, gint64 min, gint64 max,
                    gint64 *out, GError **error)
{
    gint64 value = 0;
    if (text == NULL || !g_ascii_string_to_signed(text, 10, min, max, &value, NULL)) {
        dojo_usage_error(error, "%s wants a whole number from %" G_GINT64_FORMAT " to %"
                    G_GINT64_FORMAT ", not '%s'", what, min, max, text != NULL ? text : "");
        return false;
    }
    *out = value;
    return true;
}

const DojoOptionWord dojo_engine_words[] = {
    { "alphabeta", DJ_ENGINE_ALPHABETA },
    { "mcts", DJ_ENGINE_MCTS },
    { NULL, 0 },
};

bool dojo_player_parse(const char *text, int default_level, DojoPlayer *out, GError **error)
{
    if (g_ascii_strcasecmp(text, "human") == 0) {
        *out = (DojoPlayer){ DOJO_PLAYER_HUMAN, 0 };
        return true;
    }
    if (g_ascii_strcasecmp(text, "computer") == 0) {
        *out = (DojoPlayer){ DOJO_PLAYER_COMPUTER, default_level };
        return true;
    }
    const char *level_text = text;
    if (g_ascii_strncasecmp(text, "computer:", 9) == 0)
        level_text = text + 9;
    gint64 level = 0;
    if (!g_ascii_string_to_signed(level_text, 10, DJ_LEVEL_MIN, DJ_LEVEL_MAX, &level, NULL)) {
        dojo_usage_error(error, "a side is 'human', 'computer', a level %d-%d or 'computer:LEVEL', "
                    "not '%s'", DJ_LEVEL_MIN, DJ_LEVEL_MAX, text);
        return false;
    }
    *out = (DojoPlayer){ DOJO_PLAYER_COMPUTER, (int)level };
    return true;
}

char *dojo_player_tag(const DojoPlayer *player)
{
    if (player->kind == DOJO_PLAYER_HUMAN)
        return g_strdup("human");
    return g_strdup_printf("dojo level %d", player->level);
}

bool dojo_player_from_tag(const char *tag, DojoPlayer *out)
{
    if (tag == NULL)
        return false;
    gint64 level = 0;
    if (g_ascii_strncasecmp(tag, "dojo level ", 11) == 0
        && g_ascii_string_to_signed(tag + 11, 10, DJ_LEVEL_MIN, DJ_LEVEL_MAX, &level, NULL)) {
        *out = (DojoPlayer){ DOJO_PLAYER_COMPUTER, (int)level };
        return true;
    }
    *out = (DojoPlayer){ DOJO_PLAYER_HUMAN, 0 };
    return true;
}

bool dojo_side_parse(const DjVariant *variant, const char *text, int *side, GError **error)
{
    if (strcmp(text, "0") == 0 || strcmp(text, "1") == 0) {
        *side = text[0] - '0';
        return true;
    }
    for (int s = 0; s < 2; s++) {
        if (g_ascii_strcasecmp(text, variant->side_names[s]) == 0) {
            *side = s;
            return true;
        }
    }
    dojo_usage_error(error, "a side of %s is 0, 1, %s or %s, not '%s'", variant->title,
                variant->side_names[0], variant->side_names[1], text);
    return false;
}

/* ---- colour ----------------------------------------------------------------- */

static const DojoOptionWord color_words[] = {
    { "auto", DOJO_COLOR_AUTO },
    { "always", DOJO_COLOR_ALWAYS },
    { "never", DOJO_COLOR_NEVER },
    { NULL, 0 },
};

void dojo_color_rows(DojoColorArgs *args, DojoOption rows[DOJO_COLOR_ROWS])
{
    rows[0] = (DojoOption){ .name = "color", .type = DOJO_OPTION_WORD, .to.word = &args->when,
                            .words = color_words, .def.word = DOJO_COLOR_AUTO,
                            .given = &args->when_given, .arg = "WHEN", .help = DOJO_COLOR_HELP };
    rows[1] = (DojoOption){ .name = "no-color", .type = DOJO_OPTION_FLAG,
                            .to.flag = &args->no_color, .help = DOJO_NO_COLOR_HELP };
    rows[2] = (DojoOption)DOJO_OPTION_END;
}

bool dojo_color_choice(const DojoColorArgs *args, DojoColorChoice *out, GError **error)
{
    if (args->no_color && args->when_given && args->when != DOJO_COLOR_NEVER) {
        const char *word = args->when == DOJO_COLOR_ALWAYS ? "always" : "auto";
        return dojo_usage_error(error, "--no-color and --color=%s say opposite things", word);
    }
    *out = args->no_color ? DOJO_COLOR_NEVER : (DojoColorChoice)args->when;
    return true;
}
