/* cmd_tune.c: `dojo tune VARIANT RECORD|FOLDER...`: fit the game's
 * evaluation weights to labelled positions (framework/lab/tune.h): the quiet
 * positions of recorded games, labelled with each game's result or with a
 * judge engine's opinion (tune_judge.h), and labels files
 * (framework/lab/tune_labels.h); write them as a weights file
 * (framework/params.h) that `dojo uci` reads with its Weights option. */
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

#include "framework/game_history.h"
#include "framework/lab/tune.h"
#include "framework/lab/tune_labels.h"
#include "framework/params.h"
#include "framework/record.h"
#include "framework/referee/tune_judge.h"
#include "framework/text_file.h"
#include "frontends/common/output.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/tty/record_paths.h"

#define TUNE_PARAMS "[OPTION...] VARIANT [RECORD|FOLDER...]"
/* How often the judging says how far it got. */
#define JUDGE_PROGRESS_EVERY 1000

/* The texts are NULL when not given. */
typedef struct TuneArgs {
    const char *command_line;   /* as typed, for the weights file's header */
    const char *output;
    bool force;                 /* --output and --save-labels may replace a file */
    gint64 passes, skip_plies, max_positions;
    const char *judge;          /* --judge SPEC */
    const char *const *labels;  /* --labels FILE, repeatable */
    const char *save_labels;
    const char *params;         /* --params NAME,NAME,... */
    const char *weights;        /* --weights FILE: the start */
} TuneArgs;

typedef struct TuneData {
    const DjVariant *variant;
    DjTuneSet *set;
    int games, skipped_games;
    int from_files;             /* positions read from --labels files */
    int skip_plies;
    int max_positions;
    DojoJudge *judge;           /* labels the positions of records, or NULL: their results */
    int judged;
} TuneData;

/* Add the quiet positions of the game in `path`; a record of another game,
 * an unfinished game or an unreadable file is counted as skipped.  Fails
 * only when the judge does. */
static bool add_record(TuneData *data, const char *path, GError **error)
{
    g_autoptr(GError) why = NULL;
    g_autoptr(DjGame) game = dj_record_load(path, &why);
    if (game == NULL) {
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(why->message, 200, clean);
        fprintf(stderr, "dojo tune: skipping %s\n", clean->str);   /* "PATH: WHY" */
        data->skipped_games++;
        return true;
    }
    DjOutcome outcome = dj_game_outcome(game);
    if (dj_game_variant(game) != data->variant || outcome == DJ_OUTCOME_ONGOING) {
        /* Said, as a record that does not read is: a count alone would
         * leave the user to guess which. */
        g_autofree char *message = dj_game_variant(game) != data->variant
            ? g_strdup_printf("%s: it is a game of %s, not %s", path,
                              dj_game_variant(game)->title, data->variant->title)
            : g_strdup_printf("%s: the game is unfinished (no result to learn from)", path);
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(message, 200, clean);
        fprintf(stderr, "dojo tune: skipping %s\n", clean->str);
        data->skipped_games++;
        return true;
    }
    if (dj_tune_set_size(data->set) >= data->max_positions)
        return true;
    if (data->judge != NULL && !dojo_judge_new_game(data->judge, error))
        return false;
    double result = outcome == DJ_OUTCOME_WIN_SIDE0 ? 1.0
                  : outcome == DJ_OUTCOME_WIN_SIDE1 ? 0.0 : 0.5;
    for (int ply = data->skip_plies; ply < dj_game_length(game); ply++) {
        if (dj_tune_set_size(data->set) >= data->max_positions)
            break;
        const void *pos = dj_game_position_at(game, ply);
        if (!dj_tune_position_is_quiet(data->variant, pos))
            continue;
        double label = result;
        if (data->judge != NULL) {
            if (!dojo_judge_position(data->judge, game, ply, &label, error))
                return false;
            if (++data->judged % JUDGE_PROGRESS_EVERY == 0)
                fprintf(stderr, "judged %d positions\n", data->judged);
        }
        dj_tune_set_add(data->set, pos, label);
    }
    data->games++;
    return true;
}

/* Add the records of `paths` (files, and folders of .dojo files). */
static bool add_paths(TuneData *data, int n_paths, char **paths, GError **error)
{
    g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
    if (!dojo_record_paths(n_paths, paths, files, error))
        return false;
    for (guint i = 0; i < files->len; i++)
        if (!add_record(data, g_ptr_array_index(files, i), error))
            return false;
    return true;
}

static void show_pass(int pass, double k, double error, void *user_data)
{
    (void)user_data;
    fprintf(stderr, "pass %d: k %.6f, error %.6f\n", pass, k, error);
}

/* Add the positions of every --labels file. */
static bool add_labels_files(TuneData *data, const char *const *paths, GError **error)
{
    for (int i = 0; paths != NULL && paths[i] != NULL; i++) {
        int added = 0;
        if (!dj_tune_labels_read(data->variant, data->set, paths[i], data->max_positions,
                                 &added, error))
            return false;
        data->from_files += added;
    }
    return true;
}

/* Add the positions of the records and folders in `paths`, judged by the
 * engine of `judge_spec` (NULL: labelled with their results).  While the
 * judge runs, Ctrl-C ends its waits (G_IO_ERROR_CANCELLED) and it is
 * always ended before this returns. */
static bool add_records(TuneData *data, const DojoEngineSpec *judge_spec, int n_paths,
                        char **paths, GError **error)
{
    if (judge_spec == NULL || n_paths == 0)
        return add_paths(data, n_paths, paths, error);
    gint cancel = 0;
    dojo_interrupt_watch_flag(&cancel);
    dojo_interrupt_install();
    bool ok = (data->judge = dojo_judge_start(judge_spec, data->variant, &cancel, error)) != NULL;
    ok = ok && add_paths(data, n_paths, paths, error);
    g_clear_pointer(&data->judge, dojo_judge_free);
    dojo_interrupt_uninstall();
    dojo_interrupt_watch_flag(NULL);
    return ok;
}

/* Where the labels came from, for the files' headers: "game results",
 * "the judge fsf (nodes 5000)" (`limit` is the judge's, as parsed),
 * "labels files a.txt, b.txt", joined by " and ". */
static char *describe_labels(const DojoEngineSpec *judge_spec, const DojoJudgeLimit *limit,
                             bool records, const char *const *files)
{
    g_autoptr(GString) text = g_string_new(NULL);
    if (records && judge_spec == NULL) {
        g_string_append(text, "game results");
    } else if (records) {
        g_string_append_printf(text, "the judge %s (", judge_spec->name);
        dojo_judge_limit_format(limit, text);
        g_string_append_c(text, ')');
    }
    for (int i = 0; files != NULL && files[i] != NULL; i++) {
        g_string_append(text, i > 0 ? ", " : text->len > 0 ? " and labels files " :
                                                          "labels files ");
        g_string_append(text, files[i]);
    }
    return g_string_free(g_steal_pointer(&text), FALSE);
}

static bool save_labels(const TuneData *data, const char *path, const char *command_line,
                        const char *source, GError **error)
{
    g_autofree char *comment = g_strdup_printf("%s positions labelled by %s, written by:\n  %s",
                                               data->variant->title, source, command_line);
    g_autoptr(GString) text = g_string_new(NULL);
    dj_tune_labels_format(data->variant, data->set, comment, text);
    if (!dj_text_file_write_atomically(path, text->str, text->len, error)) {
        g_prefix_error(error, "cannot save the labels: ");   /* "PATH: WHY" follows */
        return false;
    }
    fprintf(stderr, "%d labelled positions written to %s\n", dj_tune_set_size(data->set), path);
    return true;
}

/* Fit the weights and write them to --output or standard output. */
static int fit_and_write(const TuneArgs *args, const TuneData *data, const GArray *tuned,
                         int passes, const char *source)
{
    int n = dj_tune_set_size(data->set);
    double k_before = dj_tune_fit_k(data->set);
    double before = dj_tune_error(data->set, k_before);
    fprintf(stderr, "start: k %.6f, error %.6f\n", k_before, before);
    double k = 0;
    double after = dj_tune_run_some(data->set, (const int *)(const void *)tuned->data,
                                    (int)tuned->len, passes, show_pass, NULL, &k);

    const DjVariant *variant = data->variant;
    g_autoptr(GString) text = g_string_new(NULL);
    g_string_append_printf(text, "# %s evaluation weights, fitted by:\n#   %s\n", variant->title,
                           args->command_line);
    /* Positions read back from labels files come from games not counted here. */
    g_string_append_printf(text, "# %d positions (%d from %d games, %d from labels files), "
                           "labelled by %s; k %.6f; error %.6f -> %.6f\n", n,
                           n - data->from_files, data->games, data->from_files, source, k,
                           before, after);
    dj_params_format(variant, text);
    GError *error = NULL;
    if (args->output == NULL) {
        fputs(text->str, stdout);
    } else if (!dj_text_file_write_atomically(args->output, text->str, text->len, &error)) {
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(error->message, 0, clean);
        fprintf(stderr, "dojo tune: cannot save %s\n", clean->str);   /* "PATH: WHY" */
        g_clear_error(&error);
        /* A full disk: the weights go to standard output rather than
         * being lost with the fit. */
        if (fputs(text->str, stdout) != EOF && fflush(stdout) == 0)
            fprintf(stderr, "dojo tune: the weights went to standard output instead\n");
        return DOJO_EXIT_FAILURE;
    } else {
        fprintf(stderr, "weights written to %s\n", args->output);
    }
    return DOJO_EXIT_OK;
}

static bool parse_judge(const char *text, DojoEngineSpec *spec, DojoJudgeLimit *limit,
                        GError **error)
{
    return dojo_engine_spec_parse(text, "--judge", spec, error)
        && dojo_judge_limit_parse(spec, limit, error);
}

static int run_tune(void *data_args, int n_positional, char **positional)
{
    TuneArgs *args = data_args;
    if (n_positional < 1 || (n_positional < 2 && args->labels == NULL))
        return dojo_usage_failure("tune", TUNE_PARAMS, "tune wants a VARIANT and at least one "
                                  "RECORD or FOLDER, or --labels FILE");
    if (args->judge != NULL && n_positional < 2)
        return dojo_usage_failure("tune", TUNE_PARAMS, "--judge labels the positions of "
                                  "records: give a RECORD or FOLDER");
    GError *error = NULL;
    g_auto(DojoEngineSpec) judge_spec = { 0 };
    DojoJudgeLimit judge_limit = { 0 };
    const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
    g_autoptr(GArray) tuned = g_array_new(FALSE, FALSE, sizeof(int));
    if (variant == NULL
        || (args->judge != NULL && !parse_judge(args->judge, &judge_spec, &judge_limit, &error)))
        return dojo_report_error("tune", TUNE_PARAMS, error);
    if (args->passes == 0 && args->output != NULL)
        return dojo_usage_failure("tune", TUNE_PARAMS, "--passes 0 fits nothing: there would "
                                  "be no weights for --output");
    if (variant->n_params == 0) {
        fprintf(stderr, "dojo tune: %s has no weights to tune\n", variant->title);
        return DOJO_EXIT_FAILURE;
    }
    g_autoptr(GError) why = NULL;
    if (!dj_params_select(variant, args->params, tuned, &why)) {
        dojo_usage_error(&error, "--params: %s", why->message);
        return dojo_report_error("tune", TUNE_PARAMS, error);
    }
    if (args->weights != NULL && !dj_params_load(variant, args->weights, &error)) {
        g_prefix_error(&error, "cannot read the start weights: ");   /* "PATH: WHY" follows */
        return dojo_report_error("tune", TUNE_PARAMS, error);
    }
    /* Before the work: judging and fitting take minutes, and their result
     * must have a place to go. */
    const char *how_to_force = args->force ? NULL : "add --force";
    if (args->save_labels != NULL
        && !dj_text_file_check_target(args->save_labels, how_to_force, &error)) {
        g_prefix_error(&error, "cannot save the labels in ");   /* "PATH: WHY" follows */
        return dojo_report_error("tune", TUNE_PARAMS, error);
    }
    if (args->output != NULL && args->passes > 0
        && !dj_text_file_check_target(args->output, how_to_force, &error)) {
        g_prefix_error(&error, "cannot save the weights in ");   /* "PATH: WHY" follows */
        return dojo_report_error("tune", TUNE_PARAMS, error);
    }
    const DojoEngineSpec *judge = args->judge != NULL ? &judge_spec : NULL;
    g_autoptr(DjTuneSet) set = dj_tune_set_new(variant);
    TuneData data = { .variant = variant, .set = set, .skip_plies = (int)args->skip_plies,
                      .max_positions = (int)args->max_positions };
    if (!add_labels_files(&data, args->labels, &error))
        return dojo_report_error("tune", TUNE_PARAMS, error);
    if (!add_records(&data, judge, n_positional - 1, positional + 1, &error)) {
        if (!g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            return dojo_report_error("tune", TUNE_PARAMS, error);
        g_error_free(error);
        fprintf(stderr, "dojo tune: interrupted while judging: nothing written\n");
        return DOJO_EXIT_INTERRUPTED;
    }
    int n = dj_tune_set_size(data.set);
    fprintf(stderr, "%d positions: %d quiet positions from %d games (%d records skipped), "
            "%d from labels files\n", n, n - data.from_files, data.games, data.skipped_games,
            data.from_files);
    if (n == 0) {
        fprintf(stderr, "dojo tune: no positions to tune on: give finished games of %s\n",
                variant->title);
        return DOJO_EXIT_FAILURE;
    }
    g_autofree char *source = describe_labels(judge, &judge_limit, n_positional > 1,
                                                  args->labels);
    if (args->save_labels != NULL
        && !save_labels(&data, args->save_labels, args->command_line, source, &error))
        return dojo_report_error("tune", TUNE_PARAMS, error);
    if (args->passes == 0) {
        /* Labelling alone (judging takes minutes): fit later with --labels. */
        fprintf(stderr, "no fit (--passes 0)\n");
        return DOJO_EXIT_OK;
    }
    return fit_and_write(args, &data, tuned, (int)args->passes, source);
}

int dojo_cmd_tune(int argc, char **argv)
{
    g_autofree char *command_line = dojo_cli_command_line(argc, argv);
    TuneArgs args;
    memset(&args, 0, sizeof args);
    const DojoOption rows[] = {
        { .name = "output", .short_name = 'o', .type = DOJO_OPTION_PATH, .to.text = &args.output,
          .arg = "FILE", .help = "Write the weights to FILE (atomically)" },
        { .name = "force", .type = DOJO_OPTION_FLAG, .to.flag = &args.force,
          .help = "Let --output and --save-labels replace a file that exists" },
        { .name = "passes", .type = DOJO_OPTION_WHOLE, .to.whole = &args.passes, .min = 0,
          .max = 100000, .def.whole = 50, .arg = "N",
          .help = "At most N passes over the weights; 0: no fit, only --save-labels" },
        { .name = "skip-plies", .type = DOJO_OPTION_WHOLE, .to.whole = &args.skip_plies,
          .min = 0, .max = 100000, .def.whole = 8, .arg = "N",
          .help = "Leave out each game's first N plies, the opening" },
        { .name = "max-positions", .type = DOJO_OPTION_WHOLE, .to.whole = &args.max_positions,
          .min = 1, .max = 100000000, .def.whole = 500000, .arg = "N",
          .help = "Use at most N positions in all" },
        { .name = "judge", .type = DOJO_OPTION_TEXT, .to.text = &args.judge, .arg = "SPEC",
          .help = "Label the positions of records with this engine's scores (a 'dojo match "
                  "--engine' spec with one of nodes=, depth=, movetime=)" },
        { .name = "save-labels", .type = DOJO_OPTION_PATH, .to.text = &args.save_labels,
          .arg = "FILE",
          .help = "Write the labelled positions to FILE (atomically), before fitting" },
        { .name = "labels", .type = DOJO_OPTION_PATH_LIST, .to.list = &args.labels,
          .arg = "FILE", .help = "Add the positions of a labels file (repeatable)" },
        { .name = "params", .type = DOJO_OPTION_TEXT, .to.text = &args.params, .arg = "LIST",
          .help = "Fit only these weights (NAME,NAME,...; NAME* for all that start with NAME); "
                  "the others keep their values" },
        { .name = "weights", .type = DOJO_OPTION_PATH, .to.text = &args.weights,
          .default_note = "the built-in weights", .arg = "FILE",
          .help = "Start from this weights file" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "VARIANT [RECORD|FOLDER...]",
        "Fit the game's evaluation weights to labelled positions (Texel tuning): the\n"
        "quiet positions of finished games (records, or folders and their subfolders\n"
        "of .dojo records such as 'dojo match --records' writes) are labelled with each\n"
        "game's result, or with a stronger engine's opinion (--judge), and the weights\n"
        "are moved until the evaluation predicts the labels best.  --save-labels keeps\n"
        "the labelled positions in a file that --labels reads back (with or without\n"
        "records).\n"
        "The weights go to standard output or --output, in the form 'dojo uci' reads\n"
        "with 'setoption name Weights value FILE'.",
        "The judge is an engine as 'dojo match --engine' takes it, with exactly one\n"
        "limit of its own (nodes=N, depth=N or movetime=MS); each position gets side\n"
        "0's expected score 1 / (1 + 10^(-cp/400)) from its score (a mate: 1 or 0).\n"
        "A labels file has one 'LABEL POSITION' a line, '#' lines are comments.\n"
        "\n"
        "Examples:\n"
        "  dojo tune GAME games/ --output weights.txt\n"
        "  dojo tune GAME games/ --judge name=ref,cmd=/path/other-engine,nodes=5000 \\\n"
        "      --save-labels positions.labels --output weights.txt\n"
        "  dojo tune GAME --labels positions.labels --output weights.txt\n", rows);
    args.command_line = command_line;
    return dojo_option_parse_and_run(context, "tune", TUNE_PARAMS, argc, argv, run_tune, &args);
}
