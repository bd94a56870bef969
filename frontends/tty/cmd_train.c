/* cmd_train.c: `dojo train VARIANT RECORD|FOLDER...`: fit a learnt
 * evaluation (framework/net.h) to the positions of recorded games.
 *
 * The records are those `dojo match --records` writes, where each engine
 * move carries what the engine said of it ("; +0.35/12 0.412s"), or the
 * PGN files `dojo match --pgn` writes ("{+0.35/12 0.412s}"), every game of
 * each.  Each
 * position before such a move that was not a capture, promotion or check,
 * the side to move not in check, becomes a sample: its features, the
 * game's own evaluation of it, and as the target a blend of the engine's
 * score there and the game's result, both as the side to move's expected
 * score.  The network learns the difference: what the search found that
 * the evaluation did not see. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "framework/game_history.h"
#include "framework/lab/net_train.h"
#include "framework/net.h"
#include "framework/record.h"
#include "framework/record_pgn.h"
#include "framework/referee/match_record.h"
#include "framework/text_file.h"
#include "frontends/common/output.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/tty/record_paths.h"

#define TRAIN_PARAMS "[OPTION...] VARIANT RECORD|FOLDER..."
/* Scores this far from 0 say the game is decided: nothing to learn there
 * about the evaluation. */
#define DECIDED_CENTIPAWNS 2000
#define RECORD_MAX_BYTES ((gsize)16 << 20)

typedef struct TrainArgs {
    const char *command_line;
    const char *output, *net;   /* NULL: not given */
    bool force;                 /* --output may replace a file */
    bool hidden_given;
    gint64 hidden, epochs, batch, validation, skip_plies, max_positions, seed;
    double rate, lambda;
} TrainArgs;

typedef struct TrainData {
    const DjVariant *variant;
    DjNetSet *train, *validation;
    double lambda;
    int validation_every;        /* every Nth game is held out; 0: none */
    int skip_plies, max_positions;
    int games, skipped_games, positions;
} TrainData;

/* Say that the record at `path` is left out, and why ("PATH: WHY", the
 * message of a reader or "PATH: " and `why`), and count it. */
static void skip_record(TrainData *data, const char *path, const char *why)
{
    g_autofree char *message = path != NULL ? g_strdup_printf("%s: %s", path, why)
                                            : g_strdup(why);
    g_autoptr(GString) clean = g_string_new(NULL);
    dojo_output_sanitize(message, 200, clean);
    fprintf(stderr, "dojo train: skipping %s\n", clean->str);
    data->skipped_games++;
}

/* Add the samples of `game` (read from `where`, for messages), whose
 * engine scores are scores[ply] where known[ply]; a game of another
 * variant or unfinished is skipped, saying so. */
static void add_game(TrainData *data, const char *where, const DjGame *game, const int *scores,
                     const bool *known)
{
    DjOutcome outcome = dj_game_outcome(game);
    if (dj_game_variant(game) != data->variant) {
        g_autofree char *why_not = g_strdup_printf("it is a game of %s, not %s",
                                                   dj_game_variant(game)->title,
                                                   data->variant->title);
        skip_record(data, where, why_not);
        return;
    }
    if (outcome == DJ_OUTCOME_ONGOING) {
        skip_record(data, where, "the game is unfinished (no result to learn from)");
        return;
    }
    const DjVariant *v = data->variant;
    int n_plies = dj_game_length(game);
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

/* Add the samples of every game of the PGN file at `path` (the engines'
 * scores from the comments of the moves); a file that does not read is
 * skipped, saying so. */
static void add_pgn(TrainData *data, const char *path)
{
    g_autoptr(GError) why = NULL;
    g_autoptr(GPtrArray) games = dj_pgn_load(path, &why);
    if (games == NULL) {
        skip_record(data, NULL, why->message);   /* "PATH: WHY" */
        return;
    }
    for (guint i = 0; i < games->len && data->positions < data->max_positions; i++) {
        const DjPgnGame *pgn = g_ptr_array_index(games, i);
        int n_plies = dj_game_length(pgn->game);
        g_autofree int *scores = g_new0(int, (size_t)MAX(n_plies, 1));
        g_autofree bool *known = g_new0(bool, (size_t)MAX(n_plies, 1));
        for (int ply = 0; ply < n_plies; ply++) {
            const char *comment = g_ptr_array_index(pgn->comments, ply);
            known[ply] = comment != NULL && dojo_match_note_score(comment, &scores[ply]);
        }
        g_autofree char *where = g_strdup_printf("%s, game %u (line %d)", path, i + 1,
                                                 pgn->line);
        add_game(data, where, pgn->game, scores, known);
    }
}

/* Add the samples of the record at `path` (a PGN file: of its games); a
 * record that does not read, of another game or unfinished, is skipped,
 * saying so. */
static void add_record(TrainData *data, const char *path)
{
    if (dj_pgn_is_pgn_path(path)) {
        add_pgn(data, path);
        return;
    }
    g_autofree char *text = NULL;
    gsize length = 0;
    g_autoptr(GError) why = NULL;
    g_autoptr(DjGame) game = NULL;
    if (dj_text_file_read_text(path, RECORD_MAX_BYTES, "a game record", &text, &length, &why)
        && (game = dj_record_parse(text, &why)) == NULL)
        g_prefix_error(&why, "%s: ", path);   /* the parser names a line, not the file */
    if (game == NULL) {
        skip_record(data, NULL, why->message);   /* "PATH: WHY" */
        return;
    }
    int n_plies = dj_game_length(game);
    g_autofree int *scores = g_new(int, (size_t)MAX(n_plies, 1));
    g_autofree bool *known = g_new(bool, (size_t)MAX(n_plies, 1));
    dojo_match_record_scores(text, n_plies, scores, known);
    add_game(data, path, game, scores, known);
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
    const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
    if (variant == NULL)
        return dojo_report_error("train", TRAIN_PARAMS, error);
    if (args->validation == 1)
        return dojo_usage_failure("train", TRAIN_PARAMS, "--validation 1 would hold out every "
                                  "game: give 0 (none) or 2 or more");
    if (variant->net_features == NULL || variant->net == NULL) {
        fprintf(stderr, "dojo train: %s has no learnt evaluation\n", variant->title);
        return DOJO_EXIT_FAILURE;
    }
    /* Before the work: a network trained for an hour must have a place to go. */
    if (!dj_text_file_check_target(args->output, args->force ? NULL : "add --force", &error)) {
        g_prefix_error(&error, "cannot save the network in ");   /* "PATH: WHY" follows */
        return dojo_report_error("train", TRAIN_PARAMS, error);
    }
    g_autoptr(DjNet) net = NULL;
    if (args->net != NULL) {
        net = dj_net_load(args->net, &error);
        if (net == NULL || !dj_net_install(variant, net, &error)) {
            g_prefix_error(&error, "cannot start from the network: ");
            return dojo_report_error("train", TRAIN_PARAMS, error);
        }
        /* Its width is the network's: a different --hidden would be
         * silently ignored. */
        if (args->hidden_given && args->hidden != net->n_hidden) {
            g_autofree char *message = g_strdup_printf(
                "--hidden %" G_GINT64_FORMAT " is for a new network: the network of --net has "
                "%d hidden units (leave --hidden out)", args->hidden, net->n_hidden);
            return dojo_usage_failure("train", TRAIN_PARAMS, message);
        }
    } else {
        net = dj_net_new(variant->name, variant->net_inputs, (int)args->hidden,
                         (uint32_t)args->seed);
    }
    /* The samples' base is the game's own evaluation, without a network. */
    dj_net_install(variant, NULL, NULL);

    g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
    if (!dojo_record_paths(n_positional - 1, positional + 1, files, &error))
        return dojo_report_error("train", TRAIN_PARAMS, error);
    g_autoptr(DjNetSet) train = dj_net_set_new();
    g_autoptr(DjNetSet) validation = dj_net_set_new();
    TrainData data = {
        .variant = variant, .train = train, .validation = validation, .lambda = args->lambda,
        .validation_every = (int)args->validation, .skip_plies = (int)args->skip_plies,
        .max_positions = (int)args->max_positions,
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
        .epochs = (int)args->epochs, .batch = (int)args->batch, .learning_rate = args->rate,
        .seed = (uint32_t)args->seed,
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
        dj_net_set_size(validation), args->lambda, 1.0 - args->lambda, epochs, options.epochs, alone_train,
        after_train, alone, after);
    if (!dj_net_save(net, comment, args->output, &error)) {
        /* A full disk: the network goes to standard output rather than
         * being lost with the training's work. */
        g_prefix_error(&error, "cannot save the network: ");   /* "PATH: WHY" follows */
        dojo_report_error("train", TRAIN_PARAMS, error);
        g_autoptr(GString) text = g_string_new(NULL);
        dj_net_format(net, comment, text);
        if (fputs(text->str, stdout) != EOF && fflush(stdout) == 0)
            fprintf(stderr, "dojo train: the network went to standard output instead\n");
        return DOJO_EXIT_FAILURE;
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
    const DojoOption rows[] = {
        { .name = "output", .short_name = 'o', .type = DOJO_OPTION_PATH, .to.text = &args.output,
          .arg = "FILE", .help = "Write the network to FILE (atomically)" },
        { .name = "force", .type = DOJO_OPTION_FLAG, .to.flag = &args.force,
          .help = "Let --output replace a file that exists" },
        { .name = "net", .type = DOJO_OPTION_PATH, .to.text = &args.net,
          .default_note = "a new one", .arg = "FILE", .help = "Start from this network" },
        { .name = "hidden", .type = DOJO_OPTION_WHOLE, .to.whole = &args.hidden, .min = 1,
          .given = &args.hidden_given,
          .max = DJ_NET_MAX_HIDDEN, .def.whole = 32, .arg = "N",
          .help = "Hidden units of a new network" },
        { .name = "epochs", .type = DOJO_OPTION_WHOLE, .to.whole = &args.epochs, .min = 1,
          .max = 100000, .def.whole = 20, .arg = "N", .help = "Passes over the positions" },
        { .name = "batch", .type = DOJO_OPTION_WHOLE, .to.whole = &args.batch, .min = 1,
          .max = 1000000, .def.whole = 256, .arg = "N", .help = "Positions a step" },
        { .name = "rate", .type = DOJO_OPTION_NUMBER, .to.number = &args.rate, .low = 0.0,
          .low_excluded = true, .high = 1.0, .def.number = 0.001, .arg = "X",
          .help = "Learning rate at the start, falling to a tenth" },
        { .name = "lambda", .type = DOJO_OPTION_NUMBER, .to.number = &args.lambda, .low = 0.0,
          .high = 1.0, .def.number = 0.75, .arg = "X",
          .help = "Weight of the engines' scores in the target, from 0 to 1, the rest the "
                  "result" },
        { .name = "validation", .type = DOJO_OPTION_WHOLE, .to.whole = &args.validation,
          .min = 0, .max = 1000000, .def.whole = 20, .arg = "N",
          .help = "Hold out every Nth game, none for 0" },
        { .name = "skip-plies", .type = DOJO_OPTION_WHOLE, .to.whole = &args.skip_plies,
          .min = 0, .max = 100000, .def.whole = 8, .arg = "N",
          .help = "Leave out each game's first N plies" },
        { .name = "max-positions", .type = DOJO_OPTION_WHOLE, .to.whole = &args.max_positions,
          .min = 1, .max = 100000000, .def.whole = 5000000, .arg = "N",
          .help = "Use at most N positions" },
        { .name = "seed", .type = DOJO_OPTION_WHOLE, .to.whole = &args.seed, .min = 0,
          .max = G_MAXUINT32, .def.whole = 1, .arg = "N",
          .help = "Seed of a new network's weights and of the order of the positions" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "VARIANT RECORD|FOLDER...",
        "Train a learnt evaluation: a small network added to the game's own evaluation,\n"
        "fitted to the quiet positions of recorded games (records, or folders and their\n"
        "subfolders of .dojo records such as 'dojo match --records' writes, or PGN files\n"
        "named *.pgn such as 'dojo match --pgn' writes: all their games), where each\n"
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
        "  dojo match GAME --engine $A --engine $B --games 10000 --records games/\n"
        "  dojo train GAME games/ --output GAME.net\n", rows);
    args.command_line = command_line;
    return dojo_option_parse_and_run(context, "train", TRAIN_PARAMS, argc, argv, run_train,
                                     &args);
}
