/* cmd_spsa.c: `dojo spsa VARIANT --iterations N ...`: tune the game's
 * evaluation weights for game results by SPSA (framework/lab/spsa.h), each
 * iteration a pair of games between two copies of a UCI engine
 * (spsa_games.h), and write them as a weights file (framework/params.h).
 * This file reads the command line, runs the iterations, shows progress
 * and writes the file: at the end, every --checkpoint iterations, and on
 * Ctrl-C. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

#include "framework/lab/spsa.h"
#include "framework/notation.h"
#include "framework/params.h"
#include "framework/referee/spsa_games.h"
#include "framework/text_file.h"
#include "frontends/common/output.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/match_options.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

#define SPSA_PARAMS "[OPTION...] VARIANT --iterations N --nodes N|--movetime MS|--tc B+I"
#define MAX_ITERATIONS 100000000
/* Without a terminal, a progress line every this many iterations. */
#define PLAIN_PROGRESS_EVERY 10

typedef struct SpsaArgs {
    DojoSetupArgs setup;
    const char *command_line;   /* as typed, for the weights file's header */
    gint64 iterations;
    bool iterations_given;
    const char *engine;         /* NULL: this dojo */
    gint64 nodes, movetime;     /* 0: not given */
    const char *tc;             /* NULL: not given */
    const char *params;         /* NULL: every weight */
    const char *weights, *output;   /* NULL: not given */
    bool force;                 /* --output may replace a file */
    gint64 checkpoint, concurrency, max_plies;
    DojoOpeningsArgs openings;
    double c_end, r_end;
} SpsaArgs;

/* Everything a run needs, read from the command line. */
typedef struct SpsaSetup {
    const DjVariant *variant;
    int iterations, checkpoint;
    double c_end_fraction, r_end;
    bool together;
    DojoEngineSpec engine;
    DojoMatchLimits limits;
    DojoAdjudication adjudication;
    DojoSetup game_setup;
    DojoMatchPlan openings;
    int *start;                 /* every weight of the variant at the start */
    GArray *tuned;              /* int: the indexes in variant->params of the weights tuned */
} SpsaSetup;

/* A run under way. */
typedef struct SpsaRun {
    const SpsaArgs *args;
    const SpsaSetup *setup;
    DojoSpsaGames *games;
    DjSpsa *spsa;
    int wins, losses, draws;    /* θ+'s games */
    int *full_plus, *full_minus;
    bool terminal;              /* stderr is a terminal: the progress line is rewritten */
    bool line_open;             /* a progress line without its newline is on the terminal */
    int checkpoint_saved;       /* the iterations the last checkpoint holds, or 0 */
    bool save_failed;           /* a checkpoint could not be written: the run stopped */
} SpsaRun;

/* ---- the command line --------------------------------------------------------------- */

/* This dojo itself, `dojo uci`, as an engine spec. */
static bool own_engine(DojoEngineSpec *spec, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autofree char *exe = g_file_read_link("/proc/self/exe", &local);
    if (exe == NULL)
        return dojo_usage_error(error, "cannot find the dojo program itself (%s): give the "
                                "engine with --engine cmd=PATH,arg=uci", local->message);
    g_auto(GStrv) parts = g_strsplit(exe, ",", -1);
    g_autofree char *escaped = g_strjoinv("\\,", parts);   /* a comma would end cmd= */
    g_autofree char *text = g_strdup_printf("name=dojo,cmd=%s,arg=uci", escaped);
    return dojo_engine_spec_parse(text, "--engine", spec, error);
}

static bool parse_engine(const SpsaArgs *args, DojoEngineSpec *spec, GError **error)
{
    if (args->engine == NULL)
        return own_engine(spec, error);
    g_autofree char *text = g_strconcat("name=engine,", args->engine, NULL);   /* a name= wins */
    if (!dojo_engine_spec_parse(text, "--engine", spec, error))
        return false;
    if (spec->tc != NULL || spec->movetime != NULL || spec->nodes != NULL
        || spec->depth != NULL)
        return dojo_usage_error(error, "--engine: both players think alike: give --nodes, "
                                "--movetime or --tc, not tc=, movetime=, nodes= or depth=");
    return true;
}

static bool parse_limits(const SpsaArgs *args, DojoMatchLimits *limits, GError **error)
{
    memset(limits, 0, sizeof *limits);
    limits->margin_ms = DOJO_MATCH_DEFAULT_MARGIN_MS;
    limits->cap_ms = DOJO_MATCH_DEFAULT_CAP_MS;
    int given = (args->nodes > 0) + (args->movetime > 0) + (args->tc != NULL);
    if (given != 1)
        return dojo_usage_error(error, given == 0 ? "how long may the engines think? Give "
                                "--nodes, --movetime or --tc" : "give one of --nodes, "
                                "--movetime and --tc, not %d of them", given);
    if (args->tc != NULL)
        return dojo_match_tc_parse(args->tc, "--tc", limits, error);
    limits->movetime_ms = args->movetime;
    limits->nodes = args->nodes;
    return true;
}

/* The weights --params names (all of them without it), as indexes. */
static bool parse_tuned(const DjVariant *variant, const char *text, GArray *tuned,
                        GError **error)
{
    g_autoptr(GError) why = NULL;
    if (!dj_params_select(variant, text, tuned, &why))
        return dojo_usage_error(error, "--params: %s", why->message);
    return true;
}

static void setup_clear(SpsaSetup *setup)
{
    dojo_engine_spec_clear(&setup->engine);
    dojo_setup_clear(&setup->game_setup);
    dojo_match_openings_clear(&setup->openings);
    if (setup->tuned != NULL)
        g_array_free(setup->tuned, TRUE);
    g_free(setup->start);
}

/* Read everything but the variant (setup->variant) from `args`. */
static bool read_setup(const SpsaArgs *args, SpsaSetup *setup, GError **error)
{
    const DjVariant *variant = setup->variant;
    if (!args->iterations_given)
        return dojo_usage_error(error, "how many iterations? Give --iterations N");
    setup->c_end_fraction = args->c_end;
    setup->r_end = args->r_end;
    bool ok = parse_limits(args, &setup->limits, error)
        && parse_engine(args, &setup->engine, error)
        && parse_tuned(variant, args->params, setup->tuned, error)
        && dojo_setup_build(&args->setup, (guint64)g_get_real_time(), &setup->game_setup, error);
    if (!ok)
        return false;
    setup->iterations = (int)args->iterations;
    setup->checkpoint = (int)args->checkpoint;
    setup->together = args->concurrency == 2;
    setup->adjudication = (DojoAdjudication){ .max_plies = (int)args->max_plies };
    /* The start weights before any opening is drawn: they are the
     * referee's evaluation when --balance judges the openings, for every
     * pair alike. */
    if (args->weights != NULL && !dj_params_load(variant, args->weights, error)) {
        g_prefix_error(error, "cannot read the start weights: ");   /* "PATH: WHY" follows */
        return false;
    }
    DojoMatchPlan *openings = &setup->openings;
    openings->variant = variant;
    openings->setup = &setup->game_setup.setup;
    openings->seed = setup->game_setup.setup.seed;
    if (!dojo_match_openings_parse(&args->setup, &args->openings, openings, error))
        return false;
    /* The first opening checks the game's options and --position now.
     * --balance's tries stop on Ctrl-C; tune() then ends at once. */
    openings->stop = dojo_interrupt_flag();
    g_autoptr(DjGame) first = dojo_match_opening(openings, 0, error);
    if (first == NULL && !g_error_matches(*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return false;
    g_clear_error(error);
    setup->start = dj_params_snapshot(variant);
    return true;
}

/* ---- the weights file ------------------------------------------------------------------ */

/* Every weight: the tuned ones from `tuned_values` (in --params order),
 * the others at their start. */
static void fill_weights(const SpsaSetup *setup, const int *tuned_values, int *out)
{
    memcpy(out, setup->start, sizeof *out * (size_t)setup->variant->n_params);
    for (guint j = 0; j < setup->tuned->len; j++)
        out[g_array_index(setup->tuned, int, j)] = tuned_values[j];
}

static void format_weights(const SpsaRun *run, const char *state, GString *out)
{
    const SpsaSetup *setup = run->setup;
    const DjVariant *variant = setup->variant;
    int done = dj_spsa_done(run->spsa);
    g_autofree int *tuned = g_new(int, setup->tuned->len);
    g_autofree int *values = g_new(int, variant->n_params);
    dj_spsa_rounded(run->spsa, tuned);
    fill_weights(setup, tuned, values);
    g_string_append_printf(out, "# %s evaluation weights, tuned by SPSA (%s):\n#   %s\n",
                           variant->title, state, run->args->command_line);
    g_string_append_printf(out, "# %d of %d iterations, %d games, seed %" G_GUINT64_FORMAT
                           "; theta+ vs theta-: %d - %d - %d\n", done, setup->iterations,
                           2 * done, setup->openings.seed, run->wins, run->losses, run->draws);
    dj_params_format_values(variant, values, out);
}

static bool save_weights(const SpsaRun *run, const char *state, GError **error)
{
    g_autoptr(GString) text = g_string_new(NULL);
    format_weights(run, state, text);
    if (dj_text_file_write_atomically(run->args->output, text->str, text->len, error))
        return true;
    g_prefix_error(error, "cannot save the weights: ");   /* "PATH: WHY" follows */
    return false;
}

/* The weights file on standard output. */
static void print_weights(const SpsaRun *run, const char *state)
{
    g_autoptr(GString) text = g_string_new(NULL);
    format_weights(run, state, text);
    fputs(text->str, stdout);
    fflush(stdout);
}

/* When --output cannot be written, the weights go to standard output
 * rather than being lost with the run's work. */
static void save_to_stdout(const SpsaRun *run, const char *state)
{
    print_weights(run, state);
    fprintf(stderr, "dojo spsa: the weights after %d iterations went to standard output "
            "instead\n", dj_spsa_done(run->spsa));
}

/* ---- progress ----------------------------------------------------------------------------- */

static void end_progress_line(SpsaRun *run)
{
    if (run->line_open)
        fputc('\n', stderr);
    run->line_open = false;
}

static void show_progress(SpsaRun *run)
{
    int done = dj_spsa_done(run->spsa);
    int games = 2 * done;
    if (!run->terminal && done % PLAIN_PROGRESS_EVERY != 0 && done != 1
        && done != run->setup->iterations)
        return;
    const DjVariant *variant = run->setup->variant;
    g_autoptr(GString) line = g_string_new(NULL);
    double score = games > 0 ? (run->wins + 0.5 * run->draws) / games : 0.5;
    g_string_append_printf(line, "iteration %d/%d  %d games  theta+ vs theta-: %d - %d - %d "
                           "[%.3f] ", done, run->setup->iterations, games, run->wins,
                           run->losses, run->draws, score);
    const double *theta = dj_spsa_theta(run->spsa);
    for (guint j = 0; j < run->setup->tuned->len; j++)
        g_string_append_printf(line, " %s %.2f",
                               variant->params[g_array_index(run->setup->tuned, int, j)].name,
                               theta[j]);
    if (run->terminal) {
        int columns = dojo_output_columns(stderr);
        if ((int)line->len >= columns)
            g_string_truncate(line, (gsize)MAX(columns - 1, 0));
        fprintf(stderr, "\r\033[K%s", line->str);
        run->line_open = true;
    } else {
        fprintf(stderr, "%s\n", line->str);
    }
    fflush(stderr);
}

/* ---- the iterations ----------------------------------------------------------------------- */

static bool play_pair(const int *plus, const int *minus, int iteration, double *result,
                      void *user_data, GError **error)
{
    SpsaRun *run = user_data;
    fill_weights(run->setup, plus, run->full_plus);
    fill_weights(run->setup, minus, run->full_minus);
    int half_points[2];
    if (!dojo_spsa_games_play_pair(run->games, run->full_plus, run->full_minus, iteration - 1,
                                   half_points, error))
        return false;
    for (int game = 0; game < 2; game++) {
        run->wins += half_points[game] == 2;
        run->draws += half_points[game] == 1;
        run->losses += half_points[game] == 0;
    }
    /* θ+'s points minus θ-'s over the pair, halved: (h0 + h1)/2 - (4 - h0 - h1)/2, halved */
    *result = (half_points[0] + half_points[1] - 2) / 2.0;
    return true;
}

/* Run every iteration (or until Ctrl-C), saving checkpoints.  False with
 * an error when the games fail; interrupted or not is the caller's to
 * ask (dojo_interrupted). */
static bool iterate(SpsaRun *run, GError **error)
{
    const SpsaSetup *setup = run->setup;
    while (!dojo_interrupted()) {
        GError *local = NULL;
        if (!dj_spsa_step(run->spsa, play_pair, run, &local)) {
            if (local == NULL)
                return true;   /* all done */
            if (dojo_interrupted() && g_error_matches(local, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
                g_error_free(local);
                return true;
            }
            g_propagate_error(error, local);
            return false;
        }
        show_progress(run);
        int done = dj_spsa_done(run->spsa);
        if (run->args->output != NULL && done % setup->checkpoint == 0
            && done < setup->iterations) {
            if (!save_weights(run, "checkpoint", error)) {
                run->save_failed = true;
                return false;
            }
            run->checkpoint_saved = done;
        }
    }
    return true;
}

/* The tuner over the weights of setup->tuned. */
static DjSpsa *new_tuner(const SpsaSetup *setup)
{
    const DjVariant *variant = setup->variant;
    guint n = setup->tuned->len;
    g_autofree DjSpsaParam *params = g_new(DjSpsaParam, n);
    for (guint j = 0; j < n; j++) {
        int index = g_array_index(setup->tuned, int, j);
        const DjParam *param = &variant->params[index];
        params[j] = (DjSpsaParam){ param->min, param->max, setup->start[index],
                                   dj_spsa_default_c_end(param->min, param->max,
                                                         setup->c_end_fraction) };
    }
    return dj_spsa_new(params, (int)n, setup->iterations, setup->r_end, setup->openings.seed);
}

/* Tune, then write the weights (also when interrupted); the exit code. */
static int tune(const SpsaArgs *args, const SpsaSetup *setup)
{
    const DjVariant *variant = setup->variant;
    SpsaRun run = { .args = args, .setup = setup };
    run.terminal = dojo_output_is_terminal(stderr);
    run.full_plus = g_new(int, variant->n_params);
    run.full_minus = g_new(int, variant->n_params);
    run.spsa = new_tuner(setup);
    gint cancel = 0;
    DojoSpsaGamesPlan plan = { variant, &setup->engine, setup->limits, setup->adjudication,
                               &setup->openings, setup->together,
                               DOJO_MATCH_DEFAULT_STARTUP_MS };
    GError *error = NULL;
    dojo_interrupt_watch_flag(&cancel);
    dojo_interrupt_install();
    fprintf(stderr, "SPSA of %s: %u weights, %d iterations, seed %" G_GUINT64_FORMAT "\n",
            variant->title, setup->tuned->len, setup->iterations, setup->openings.seed);
    run.games = dojo_spsa_games_new(&plan, &cancel, &error);
    bool ok = run.games != NULL && iterate(&run, &error);
    dojo_spsa_games_free(run.games);   /* every engine ends here */
    bool interrupted = dojo_interrupted();
    dojo_interrupt_uninstall();
    dojo_interrupt_watch_flag(NULL);
    end_progress_line(&run);
    int code = DOJO_EXIT_OK;
    if (!ok) {
        code = dojo_report_error("spsa", SPSA_PARAMS, error);
        if (run.save_failed)
            save_to_stdout(&run, "checkpoint");
        if (run.checkpoint_saved > 0)
            fprintf(stderr, "dojo spsa: %s holds the checkpoint after %d iterations\n",
                    args->output, run.checkpoint_saved);
    } else {
        const char *state = interrupted ? "interrupted" : "finished";
        if (interrupted)
            fprintf(stderr, "Interrupted after %d iterations\n", dj_spsa_done(run.spsa));
        if (args->output == NULL) {
            print_weights(&run, state);
        } else if (!save_weights(&run, state, &error)) {
            code = dojo_report_error("spsa", SPSA_PARAMS, error);
            save_to_stdout(&run, state);
        } else {
            fprintf(stderr, "weights written to %s\n", args->output);
        }
        if (code == DOJO_EXIT_OK && interrupted)
            code = DOJO_EXIT_INTERRUPTED;
    }
    dj_spsa_free(run.spsa);
    g_free(run.full_plus);
    g_free(run.full_minus);
    return code;
}

static int run_spsa(void *data, int n_positional, char **positional)
{
    SpsaArgs *args = data;
    if (n_positional != 1)
        return dojo_usage_failure("spsa", SPSA_PARAMS, "spsa wants one VARIANT");
    GError *error = NULL;
    SpsaSetup setup;
    memset(&setup, 0, sizeof setup);
    setup.tuned = g_array_new(FALSE, FALSE, sizeof(int));
    setup.variant = dojo_variant_lookup(positional[0], &error);
    int code = DOJO_EXIT_OK;
    if (setup.variant != NULL && setup.variant->n_params == 0) {
        fprintf(stderr, "dojo spsa: %s has no weights to tune\n", setup.variant->title);
        code = DOJO_EXIT_FAILURE;
    } else if (setup.variant == NULL || !read_setup(args, &setup, &error)) {
        code = dojo_report_error("spsa", SPSA_PARAMS, error);
    } else if (args->output != NULL && g_file_test(args->output, G_FILE_TEST_EXISTS)
               && !dj_text_file_check_target(args->output, args->force ? NULL : "add --force",
                                             &error)) {
        /* Before the games: a file of the user's is not replaced unasked.
         * (A folder that cannot be written is found at the first write,
         * and the weights go to standard output then.) */
        g_prefix_error(&error, "cannot save the weights in ");   /* "PATH: WHY" follows */
        code = dojo_report_error("spsa", SPSA_PARAMS, error);
    } else {
        code = tune(args, &setup);
    }
    setup_clear(&setup);
    return code;
}

static const char spsa_description[] =
    "Each iteration k = 1..N perturbs the weights tuned, theta, by +-c_k at random\n"
    "(one sign per weight, from --seed), plays a pair of games between theta+ and theta-\n"
    "(the same opening, each side once as the first mover), and moves theta towards the\n"
    "winner: theta_i += a_k * r * D_i / c_k, r = (theta+'s points - theta-'s) / 2 over\n"
    "the pair.  Per weight of range R: c_end = max(1, R * --c-end), c_k = c_end *\n"
    "(N/k)^0.101, a_k = r_end * c_end^2 * ((A+N)/(A+k))^0.602 with A = N/10 (the\n"
    "schedules of Fishtest's SPSA).  Values are rounded and kept within the range.\n"
    "\n"
    "Engine: both players are one UCI engine, 'dojo uci' of this dojo unless --engine\n"
    "gives another in 'dojo match --engine' syntax (no name= needed; no limits of its\n"
    "own).  Each gets its weights as 'setoption name Weights value FILE' before each\n"
    "game, from a private temporary folder removed at the end.  An engine that does not\n"
    "start, offers no Weights option, refuses its weights, crashes, falls silent or\n"
    "plays an illegal move stops the run with a message (nothing new is written); a\n"
    "loss on time under --tc or --movetime is a result.  Games are refereed as 'dojo\n"
    "match' does: --openings, --balance, -o, --cards, --deck and --position as there (the\n"
    "referee's search judges openings with the start weights); a draw after --max-plies\n"
    "plies.\n"
    "--concurrency 2 plays the two games of a pair at once (iterations always run one\n"
    "after the other).\n"
    "\n"
    "Output: a weights file for 'dojo uci' (Weights) and --weights, headed by the\n"
    "command, the iterations done, the games and theta+'s wins, losses and draws, to\n"
    "standard output at the end, or with --output FILE atomically, at the end and every\n"
    "--checkpoint iterations.  Ctrl-C (or SIGTERM) stops the engines, writes the\n"
    "current weights and exits 130.  Progress goes to standard error.\n"
    "\n"
    "Example:\n"
    "  dojo spsa GAME --iterations 2000 --tc 2+0.05 --concurrency 2 \\\n"
    "    --openings random:4 --params NAME,NAME --output spsa-weights.txt\n"
    "  (dojo analyze GAME --eval shows the names of a game's weights)\n";

int dojo_cmd_spsa(int argc, char **argv)
{
    g_autofree char *command_line = dojo_cli_command_line(argc, argv);
    SpsaArgs args;
    memset(&args, 0, sizeof args);
    args.command_line = command_line;
    DojoOption openings_rows[DOJO_MATCH_OPENINGS_ROWS];
    dojo_match_openings_rows(&args.openings, openings_rows);
    const DojoOption rows[] = {
        /* no default: read_setup asks for it by name */
        { .name = "iterations", .type = DOJO_OPTION_WHOLE, .to.whole = &args.iterations,
          .min = 1, .max = MAX_ITERATIONS, .def.whole = 0, .given = &args.iterations_given,
          .arg = "N", .help = "Iterations, a game pair each (required)" },
        { .name = "engine", .type = DOJO_OPTION_TEXT, .to.text = &args.engine,
          .default_note = "this dojo's 'dojo uci'", .arg = "SPEC",
          .help = "The engine of both players" },
        dojo_match_nodes_row(&args.nodes),
        dojo_match_movetime_row(&args.movetime),
        dojo_match_tc_row(&args.tc),
        { .name = "params", .type = DOJO_OPTION_TEXT, .to.text = &args.params,
          .default_note = "all", .arg = "NAME,NAME,...",
          .help = "Tune only these weights; NAME* for all that start with NAME" },
        { .name = "weights", .type = DOJO_OPTION_PATH, .to.text = &args.weights,
          .default_note = "the built-in weights", .arg = "FILE",
          .help = "Start from this weights file" },
        { .name = "output", .type = DOJO_OPTION_PATH, .to.text = &args.output,
          .default_note = "standard output", .arg = "FILE",
          .help = "Write the weights to FILE, atomically" },
        { .name = "force", .type = DOJO_OPTION_FLAG, .to.flag = &args.force,
          .help = "Let --output replace a file that exists" },
        { .name = "checkpoint", .type = DOJO_OPTION_WHOLE, .to.whole = &args.checkpoint,
          .min = 1, .max = MAX_ITERATIONS, .def.whole = 100, .arg = "K",
          .help = "Write --output every K iterations" },
        { .name = "concurrency", .type = DOJO_OPTION_WHOLE, .to.whole = &args.concurrency,
          .min = 1, .max = 2, .def.whole = 1, .arg = "N",
          .help = "1, or 2: the games of a pair at once" },
        dojo_match_max_plies_row(&args.max_plies),
        { .name = "c-end", .type = DOJO_OPTION_NUMBER, .to.number = &args.c_end, .low = 0.0,
          .low_excluded = true, .high = 1.0, .def.number = 0.05, .arg = "X",
          .help = "The last perturbation, a fraction of each range, at least 1" },
        { .name = "r-end", .type = DOJO_OPTION_NUMBER, .to.number = &args.r_end, .low = 0.0,
          .low_excluded = true, .high = 10.0, .def.number = 0.002, .arg = "X",
          .help = "The last learning rate" },
        { .type = DOJO_OPTION_ROWS, .rows = openings_rows },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "VARIANT", "Tune the evaluation's weights for game results by SPSA over self-play "
        "games.", spsa_description, rows);
    dojo_setup_args_add(context, &args.setup, true);
    int code = dojo_option_parse_and_run(context, "spsa", SPSA_PARAMS, argc, argv, run_spsa,
                                         &args);
    dojo_setup_args_clear(&args.setup);
    return code;
}
