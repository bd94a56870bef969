/* cmd_train.c: `dojo train VARIANT RECORD|FOLDER...`: fit a learnt
 * evaluation (framework/net.h) to the positions of recorded games.
 *
 * The records are those `dojo match --records` writes, where each engine
 * move carries what the engine said of it ("; +0.35/12 0.412s").  Each
 * position before such a move that was not a capture, promotion or check,
 * the side to move not in check, becomes a sample: its features, the
 * game's own evaluation of it, and as the target a blend of the engine's
 * score there and the game's result, both as the side to move's expected
 * score.  The network learns the difference: what the search found that
 * the evaluation did not see. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontends/tty/cli.h"
#include "framework/game_history.h"
#include "framework/net.h"
#include "framework/lab/net_train.h"
#include "framework/record.h"
#include "framework/text_file.h"
#include "frontends/tty/interrupt.h"
#include "framework/referee/match_record.h"
#include "frontends/tty/options.h"
#include "frontends/common/output.h"
#include "frontends/tty/record_paths.h"

#define TRAIN_PARAMS "[OPTION...] VARIANT RECORD|FOLDER..."
#define DEFAULT_HIDDEN 32
#define DEFAULT_EPOCHS 20
#define DEFAULT_BATCH 256
#define DEFAULT_RATE 0.001
#define DEFAULT_LAMBDA 0.75
#define DEFAULT_VALIDATION 20
#define DEFAULT_SKIP_PLIES 8
#define DEFAULT_MAX_POSITIONS 5000000
/* Scores this far from 0 say the game is decided: nothing to learn there
 * about the evaluation. */
#define DECIDED_CENTIPAWNS 2000
#define RECORD_MAX_BYTES ((gsize)16 << 20)

typedef struct TrainArgs {
    const char *command_line;
    char *output, *net, *hidden, *epochs, *batch, *rate, *lambda, *validation;
    char *skip_plies, *max_positions, *seed;
} TrainArgs;

typedef struct TrainData {
    const DjVariant *variant;
    DjNetSet *train, *validation;
    double lambda;
    int validation_every;        /* every Nth game is held out; 0: none */
    int skip_plies, max_positions;
    int games, skipped_games, positions;
} TrainData;

/* Add the samples of the record at `path`; a record that does not read, of
 * another game or unfinished, is counted as skipped. */
static void add_record(TrainData *data, const char *path)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    g_autoptr(GError) why = NULL;
    g_autoptr(DjGame) game = NULL;
    if (dj_text_file_read_text(path, RECORD_MAX_BYTES, "a game record", &text, &length, &why)
        && (game = dj_record_parse(text, &why)) == NULL)
        g_prefix_error(&why, "%s: ", path);   /* the parser names a line, not the file */
    if (game == NULL) {
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(why->message, 200, clean);
        fprintf(stderr, "dojo train: skipping %s\n", clean->str);   /* "PATH: WHY" */
        data->skipped_games++;
        return;
    }
    DjOutcome outcome = dj_game_outcome(game);
    if (dj_game_variant(game) != data->variant || outcome == DJ_OUTCOME_ONGOING) {
        data->skipped_games++;
        return;
    }
    const DjVariant *v = data->variant;
    int n_plies = dj_game_length(game);
    g_autofree int *scores = g_new(int, (size_t)MAX(n_plies, 1));
    g_autofree bool *known = g_new(bool, (size_t)MAX(n_plies, 1));
    dojo_match_record_scores(text, n_plies, scores, known);
    double side0_result = outcome == DJ_OUTCOME_WIN_SIDE0 ? 1.0
                        : outcome == DJ_OUTCOME_WIN_SIDE1 ? 0.0 : 0.5;
    bool held_out = data->validation_every > 0
                 && data->games % data->validation_every == data->validation_every - 1;
    DjNetSet *set = held_out ? data->validation : data->train;
    uint16_t features[DJ_NET_MAX_ACTIVE];
    for (int ply = data->skip_plies; ply < n_plies; ply++) {
        if (data->positions >= data->max_positions)
            break;
        if (!known[ply] || abs(scores[ply]) >= DECIDED_CENTIPAWNS)
            continue;
        /* Where the engine's choice was a capture, promotion or check, its
         * score is that move's gain, which no static evaluation can see;
         * in check, every move is forced. */
        const void *pos = dj_game_position_at(game, ply);
        if ((v->in_check != NULL && v->in_check(pos))
            || v->is_noisy(pos, dj_game_move_at(game, ply)))
            continue;
        double result = v->side_to_move(pos) == 0 ? side0_result : 1.0 - side0_result;
        double target = data->lambda * dj_net_expected_score(scores[ply])
                      + (1.0 - data->lambda) * result;
        int n = v->net_features(pos, features);
        dj_net_set_add(set, features, n, v->evaluate(pos), (float)target);
        data->positions++;
    }
    data->games++;
}

static bool show_epoch(int epoch, double train_error, double validation_error, void *user_data)
{
    const TrainData *data = user_data;
    if (dj_net_set_size(data->validation) > 0)
        fprintf(stderr, "epoch %d: error %.6f, held out %.6f\n", epoch, train_error,
                validation_error);
    else
        fprintf(stderr, "epoch %d: error %.6f\n", epoch, train_error);
    return !dojo_interrupted();
}

static bool parse_args(const TrainArgs *args, gint64 *numbers, double *rate, double *lambda,
                       GError **error)
{
    struct { const char *text, *what; gint64 min, max, fallback; } ints[] = {
        { args->hidden, "--hidden", 1, DJ_NET_MAX_HIDDEN, DEFAULT_HIDDEN },
        { args->epochs, "--epochs", 1, 100000, DEFAULT_EPOCHS },
        { args->batch, "--batch", 1, 1000000, DEFAULT_BATCH },
        { args->validation, "--validation", 0, 1000000, DEFAULT_VALIDATION },
        { args->skip_plies, "--skip-plies", 0, 100000, DEFAULT_SKIP_PLIES },
        { args->max_positions, "--max-positions", 1, 100000000, DEFAULT_MAX_POSITIONS },
        { args->seed, "--seed", 0, G_MAXUINT32, 1 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(ints); i++) {
        numbers[i] = ints[i].fallback;
        if (ints[i].text != NULL
            && !dojo_int_parse(ints[i].text, ints[i].what, ints[i].min, ints[i].max,
                               &numbers[i], error))
            return false;
    }
    if (args->validation != NULL && numbers[3] == 1)
        return dojo_usage_error(error, "--validation 1 would hold out every game: give 0 (none) "
                                "or 2 or more");
    if (!dojo_fraction_parse(args->rate, "--rate", 0.0, 1.0, DEFAULT_RATE, rate, error))
        return false;
    *lambda = DEFAULT_LAMBDA;
    if (args->lambda == NULL)
        return true;
    char *end = NULL;
    *lambda = g_ascii_strtod(args->lambda, &end);
    if (end == args->lambda || *end != '\0' || !(*lambda >= 0.0 && *lambda <= 1.0))
        return dojo_usage_error(error, "--lambda wants a number from 0 to 1, not '%s'",
                                args->lambda);
    return true;
}

static int run_train(void *data_args, int n_positional, char **positional)
{
    TrainArgs *args = data_args;
    if (n_positional < 2)
        return dojo_usage_failure("train", TRAIN_PARAMS, "train wants a VARIANT and at least "
                                  "one RECORD or FOLDER");
    if (args->output == NULL)
        return dojo_usage_failure("train", TRAIN_PARAMS, "train wants --output FILE for the "
                                  "network");
    GError *error = NULL;
    gint64 numbers[7];
    double rate = 0, lambda = 0;
    const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
    if (variant == NULL || !parse_args(args, numbers, &rate, &lambda, &error))
        return dojo_report_error("train", TRAIN_PARAMS, error);
    if (variant->net_features == NULL || variant->net == NULL) {
        fprintf(stderr, "dojo train: %s has no learnt evaluation\n", variant->title);
        return DOJO_EXIT_FAILURE;
    }
    g_autoptr(DjNet) net = NULL;
    if (args->net != NULL) {
        net = dj_net_load(args->net, &error);
        if (net == NULL || !dj_net_install(variant, net, &error)) {
            g_prefix_error(&error, "cannot start from the network: ");
            return dojo_report_error("train", TRAIN_PARAMS, error);
        }
    } else {
        net = dj_net_new(variant->name, variant->net_inputs, (int)numbers[0],
                         (uint32_t)numbers[6]);
    }
    /* The samples' base is the game's own evaluation, without a network. */
    dj_net_install(variant, NULL, NULL);

    g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
    if (!dojo_record_paths(n_positional - 1, positional + 1, files, &error))
        return dojo_report_error("train", TRAIN_PARAMS, error);
    g_autoptr(DjNetSet) train = dj_net_set_new();
    g_autoptr(DjNetSet) validation = dj_net_set_new();
    TrainData data = {
        .variant = variant, .train = train, .validation = validation, .lambda = lambda,
        .validation_every = (int)numbers[3], .skip_plies = (int)numbers[4],
        .max_positions = (int)numbers[5],
    };
    for (guint i = 0; i < files->len && data.positions < data.max_positions; i++)
        add_record(&data, g_ptr_array_index(files, i));
    fprintf(stderr, "%d positions from %d games (%d records skipped): %d to train on, %d held "
            "out\n", data.positions, data.games, data.skipped_games, dj_net_set_size(train),
            dj_net_set_size(validation));
    if (dj_net_set_size(train) == 0) {
        fprintf(stderr, "dojo train: no positions to train on: give finished games of %s "
                "with the engines' scores (dojo match --records)\n", variant->title);
        return DOJO_EXIT_FAILURE;
    }
    double alone = dj_net_error(NULL, validation), alone_train = dj_net_error(NULL, train);
    fprintf(stderr, "the evaluation alone: error %.6f, held out %.6f\n", alone_train, alone);

    DjNetTrainOptions options = {
        .epochs = (int)numbers[1], .batch = (int)numbers[2], .learning_rate = rate,
        .seed = (uint32_t)numbers[6],
    };
    dojo_interrupt_install();
    int epochs = dj_net_train(net, train, validation, &options, show_epoch, &data);
    bool interrupted = dojo_interrupted();
    dojo_interrupt_uninstall();
    double after_train = dj_net_error(net, train), after = dj_net_error(net, validation);

    g_autofree char *comment = g_strdup_printf(
        "%s learnt evaluation, trained by:\n  %s\n"
        "%d positions from %d games (%d held out), target %.2f x the engines' scores + "
        "%.2f x the results;\n"
        "%d epochs of %d; error %.6f -> %.6f, held out %.6f -> %.6f",
        variant->title, args->command_line, data.positions, data.games,
        dj_net_set_size(validation), lambda, 1.0 - lambda, epochs, options.epochs, alone_train,
        after_train, alone, after);
    if (!dj_net_save(net, comment, args->output, &error)) {
        g_prefix_error(&error, "cannot save the network: ");   /* "PATH: WHY" follows */
        return dojo_report_error("train", TRAIN_PARAMS, error);
    }
    fprintf(stderr, "network written to %s%s\n", args->output,
            interrupted ? " (interrupted: the best epoch so far)" : "");
    return interrupted ? DOJO_EXIT_INTERRUPTED : DOJO_EXIT_OK;
}

int dojo_cmd_train(int argc, char **argv)
{
    g_autofree char *command_line = dojo_cli_command_line(argc, argv);
    TrainArgs args;
    memset(&args, 0, sizeof args);
    GOptionContext *context = dojo_option_context(
        "VARIANT RECORD|FOLDER...",
        "Train a learnt evaluation: a small network added to the game's own evaluation,\n"
        "fitted to the quiet positions of recorded games (records, or folders and their\n"
        "subfolders of .dojo records such as 'dojo match --records' writes), where each\n"
        "engine move carries the engine's score.  Its target is a blend of that score\n"
        "and the game's result (--lambda); it learns what the search found that the\n"
        "evaluation did not.  'dojo uci' loads the network with\n"
        "'setoption name EvalFile value FILE'.",
        "Every --validation'th game is held out: after each epoch the error is taken\n"
        "on those games too, and the network of the epoch with the lowest held-out\n"
        "error is written.  Ctrl-C stops after the current epoch and writes it.\n"
        "\n"
        "Example (two engines at slightly different node counts, so that the two\n"
        "games of each opening differ):\n"
        "  A=name=a,cmd=dojo,arg=uci,nodes=10000; B=name=b,cmd=dojo,arg=uci,nodes=11000\n"
        "  dojo match ogi --engine $A --engine $B --games 10000 --records games/\n"
        "  dojo train ogi games/ --output ogi.net\n", &args);
    GOptionEntry entries[] = {
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &args.output,
          "Write the network to FILE (atomically)", "FILE" },
        { "net", 0, 0, G_OPTION_ARG_FILENAME, &args.net,
          "Start from this network (default: a new one)", "FILE" },
        { "hidden", 0, 0, G_OPTION_ARG_STRING, &args.hidden,
          "Hidden units of a new network (default 32)", "N" },
        { "epochs", 0, 0, G_OPTION_ARG_STRING, &args.epochs,
          "Passes over the positions (default 20)", "N" },
        { "batch", 0, 0, G_OPTION_ARG_STRING, &args.batch,
          "Positions a step (default 256)", "N" },
        { "rate", 0, 0, G_OPTION_ARG_STRING, &args.rate,
          "Learning rate at the start, falling to a tenth (default 0.001)", "X" },
        { "lambda", 0, 0, G_OPTION_ARG_STRING, &args.lambda,
          "Weight of the engines' scores in the target, the rest the result (0 to 1, "
          "default 0.75)", "X" },
        { "validation", 0, 0, G_OPTION_ARG_STRING, &args.validation,
          "Hold out every Nth game (default 20; 0: none)", "N" },
        { "skip-plies", 0, 0, G_OPTION_ARG_STRING, &args.skip_plies,
          "Leave out each game's first N plies (default 8)", "N" },
        { "max-positions", 0, 0, G_OPTION_ARG_STRING, &args.max_positions,
          "Use at most N positions (default 5000000)", "N" },
        { "seed", 0, 0, G_OPTION_ARG_STRING, &args.seed,
          "Seed of a new network's weights and of the order of the positions (default 1)",
          "N" },
        { NULL, 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    };
    g_option_group_add_entries(dojo_option_main_group(context), entries);
    args.command_line = command_line;
    int code = dojo_option_parse_and_run(context, "train", TRAIN_PARAMS, argc, argv, run_train,
                                         &args);
    char *strings[] = { args.output, args.net, args.hidden, args.epochs, args.batch, args.rate,
                        args.lambda, args.validation, args.skip_plies, args.max_positions,
                        args.seed };
    for (size_t i = 0; i < G_N_ELEMENTS(strings); i++)
        g_free(strings[i]);
    return code;
}
