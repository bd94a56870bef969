/* cmd_tune.c: `dojo tune VARIANT RECORD|FOLDER...`: fit the game's
 * evaluation weights to the results of recorded games (framework/tune.h)
 * and write them as a weights file (framework/params.h) that `dojo uci`
 * reads with its Weights option. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "framework/game_history.h"
#include "framework/params.h"
#include "framework/record.h"
#include "framework/text_file.h"
#include "framework/tune.h"
#include "options.h"
#include "output.h"

#define TUNE_PARAMS "[OPTION...] VARIANT RECORD|FOLDER..."
#define DEFAULT_PASSES 50
#define DEFAULT_SKIP_PLIES 8
#define DEFAULT_MAX_POSITIONS 500000

typedef struct TuneArgs {
    const char *command_line;   /* as typed, for the weights file's header */
    char *output;
    char *passes;
    char *skip_plies;
    char *max_positions;
} TuneArgs;

typedef struct TuneData {
    const DjVariant *variant;
    DjTuneSet *set;
    int games, skipped_games;
    int skip_plies;
    int max_positions;
} TuneData;

/* Add the quiet positions of the game in `path`; a record of another game,
 * an unfinished game or an unreadable file is counted as skipped. */
static void add_record(TuneData *data, const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(DjGame) game = dj_record_load(path, &error);
    if (game == NULL) {
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(error->message, 200, clean);
        fprintf(stderr, "dojo tune: skipping %s\n", clean->str);   /* "PATH: WHY" */
        data->skipped_games++;
        return;
    }
    DjOutcome outcome = dj_game_outcome(game);
    if (dj_game_variant(game) != data->variant || outcome == DJ_OUTCOME_ONGOING) {
        data->skipped_games++;
        return;
    }
    double result = outcome == DJ_OUTCOME_WIN_SIDE0 ? 1.0
                  : outcome == DJ_OUTCOME_WIN_SIDE1 ? 0.0 : 0.5;
    for (int ply = data->skip_plies; ply < dj_game_length(game); ply++) {
        if (dj_tune_set_size(data->set) >= data->max_positions)
            break;
        const void *pos = dj_game_position_at(game, ply);
        if (dj_tune_position_is_quiet(data->variant, pos))
            dj_tune_set_add(data->set, pos, result);
    }
    data->games++;
}

static gint compare_paths(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool add_path(TuneData *data, const char *path, GError **error)
{
    if (!g_file_test(path, G_FILE_TEST_IS_DIR)) {
        if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
            g_set_error(error, DOJO_USAGE_ERROR, DOJO_USAGE_ERROR_BAD_ARGUMENT,
                        "no record or folder '%s'", path);
            return false;
        }
        add_record(data, path);
        return true;
    }
    g_autoptr(GDir) dir = g_dir_open(path, 0, error);
    if (dir == NULL)
        return false;
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL)
        if (g_str_has_suffix(name, ".dojo"))
            g_ptr_array_add(names, g_build_filename(path, name, NULL));
    /* Sorted, so that the positions kept under --max-positions do not
     * depend on the order the file system lists them in. */
    g_ptr_array_sort(names, compare_paths);
    for (guint i = 0; i < names->len; i++)
        add_record(data, g_ptr_array_index(names, i));
    return true;
}

static void show_pass(int pass, double k, double error, void *user_data)
{
    (void)user_data;
    fprintf(stderr, "pass %d: k %.6f, error %.6f\n", pass, k, error);
}

static int run_tune(void *data_args, int n_positional, char **positional)
{
    TuneArgs *args = data_args;
    if (n_positional < 2)
        return dojo_usage_failure("tune", TUNE_PARAMS,
                                  "tune wants a VARIANT and at least one RECORD or FOLDER");
    GError *error = NULL;
    gint64 passes = DEFAULT_PASSES, skip = DEFAULT_SKIP_PLIES, max = DEFAULT_MAX_POSITIONS;
    const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
    if (variant == NULL
        || (args->passes != NULL
            && !dojo_int_parse(args->passes, "--passes", 1, 100000, &passes, &error))
        || (args->skip_plies != NULL
            && !dojo_int_parse(args->skip_plies, "--skip-plies", 0, 100000, &skip, &error))
        || (args->max_positions != NULL
            && !dojo_int_parse(args->max_positions, "--max-positions", 1, 100000000, &max,
                               &error)))
        return dojo_report_error("tune", TUNE_PARAMS, error);
    if (variant->n_params == 0) {
        fprintf(stderr, "dojo tune: %s has no weights to tune\n", variant->title);
        return DOJO_EXIT_FAILURE;
    }
    g_autoptr(DjTuneSet) set = dj_tune_set_new(variant);
    TuneData data = { variant, set, 0, 0, (int)skip, (int)max };
    for (int i = 1; i < n_positional; i++) {
        if (!add_path(&data, positional[i], &error))
            return dojo_report_error("tune", TUNE_PARAMS, error);
    }
    int n = dj_tune_set_size(data.set);
    fprintf(stderr, "%d quiet positions from %d games (%d records skipped)\n", n, data.games,
            data.skipped_games);
    if (n == 0) {
        fprintf(stderr, "dojo tune: no positions to tune on: give finished games of %s\n",
                variant->title);
        return DOJO_EXIT_FAILURE;
    }
    double k_before = dj_tune_fit_k(data.set);
    double before = dj_tune_error(data.set, k_before);
    fprintf(stderr, "start: k %.6f, error %.6f\n", k_before, before);
    double k = 0;
    double after = dj_tune_run(data.set, (int)passes, show_pass, NULL, &k);

    g_autoptr(GString) text = g_string_new(NULL);
    g_string_append_printf(text, "# %s evaluation weights, fitted by:\n#   %s\n", variant->title,
                           args->command_line);
    g_string_append_printf(text, "# %d quiet positions from %d games; k %.6f; error %.6f -> "
                           "%.6f\n", n, data.games, k, before, after);
    dj_params_format(variant, text);
    int code = DOJO_EXIT_OK;
    if (args->output == NULL) {
        fputs(text->str, stdout);
    } else if (!dj_text_file_write_atomically(args->output, text->str, text->len, &error)) {
        fprintf(stderr, "dojo tune: cannot save %s\n", error->message);   /* "PATH: WHY" */
        g_clear_error(&error);
        code = DOJO_EXIT_FAILURE;
    } else {
        fprintf(stderr, "weights written to %s\n", args->output);
    }
    return code;
}

int dojo_cmd_tune(int argc, char **argv)
{
    g_autoptr(GString) command_line = g_string_new("dojo");
    for (int i = 0; i < argc; i++) {
        /* Quoted only where a shell needs it, so the line reads as typed. */
        bool plain = argv[i][0] != '\0' && strpbrk(argv[i], " \t'\"\\$`*?;&|<>(){}~#") == NULL;
        g_autofree char *quoted = plain ? NULL : g_shell_quote(argv[i]);
        g_string_append_printf(command_line, " %s", plain ? argv[i] : quoted);
    }
    TuneArgs args;
    memset(&args, 0, sizeof args);
    GOptionContext *context = dojo_option_context(
        "VARIANT RECORD|FOLDER...",
        "Fit the game's evaluation weights to the results of recorded games (Texel\n"
        "tuning): the quiet positions of finished games (records, or folders of .dojo\n"
        "records such as 'dojo match --records' writes) are labelled with each game's\n"
        "result, and the weights are moved until the evaluation predicts them best.\n"
        "The weights go to standard output or --output, in the form 'dojo uci' reads\n"
        "with 'setoption name Weights value FILE'.",
        "Example:\n  dojo tune ogi games/ --output ogi-weights.txt\n", &args);
    GOptionEntry entries[] = {
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &args.output,
          "Write the weights to FILE (atomically)", "FILE" },
        { "passes", 0, 0, G_OPTION_ARG_STRING, &args.passes,
          "At most N passes over the weights (default 50)", "N" },
        { "skip-plies", 0, 0, G_OPTION_ARG_STRING, &args.skip_plies,
          "Leave out each game's first N plies (default 8: the opening)", "N" },
        { "max-positions", 0, 0, G_OPTION_ARG_STRING, &args.max_positions,
          "Use at most N positions (default 500000)", "N" },
        { NULL, 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    };
    g_option_group_add_entries(dojo_option_main_group(context), entries);
    args.command_line = command_line->str;
    int code = dojo_option_parse_and_run(context, "tune", TUNE_PARAMS, argc, argv, run_tune,
                                         &args);
    g_free(args.output);
    g_free(args.passes);
    g_free(args.skip_plies);
    g_free(args.max_positions);
    return code;
}
