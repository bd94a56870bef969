/* cmd_analyze.c: `dojo analyze VARIANT`: search one position and show
 * every iteration, then the best move. */
#include <stdio.h>
#include <string.h>

#include "framework/search/engine.h"
#include "framework/search/level.h"
#include "frontends/common/eval_table.h"
#include "frontends/common/nets.h"
#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/tty/play_tables.h"

#define ANALYZE_PARAMS "[OPTION...] VARIANT [--position STR] [--time MS | --depth N] [--engine E] [--eval]"
#define ANALYZE_DEFAULT_TIME_MS 5000
#define ANALYZE_DEFAULT_SEED 1
/* The search's own default (0 would pick it too), named for the help. */
#define ANALYZE_DEFAULT_HASH_MB 64

typedef struct AnalyzeArgs {
    DojoSetupArgs setup;
    gint64 time_ms, depth, nodes;   /* 0: not given */
    gint64 hash_mb;
    bool hash_given;
    gint64 threads;
    int engine;                     /* a DjEngineKind */
    DojoColorArgs color;
    bool eval;
    const char *eval_file;
    int tablebases;                 /* DOJO_TABLES_OFF or DOJO_TABLES_LOAD */
    const char *tablebase_dir;      /* NULL: play_tables_default_dir */
} AnalyzeArgs;

static const DojoOptionWord tables_mode_words[] = {
    { "off", DOJO_TABLES_OFF },
    { "load", DOJO_TABLES_LOAD },
    { NULL, 0 },
};

/* The endgame tables the search probes (NULL: none): the folder given, or
 * the state folder's when it is there.  One that cannot be read, or a
 * table of the position's setup that cannot be loaded, is one warning:
 * the analysis goes on without it. */
static DjTablebase *open_tables(const AnalyzeArgs *args, const DjVariant *variant,
                                const void *root)
{
    if (args->tablebases == DOJO_TABLES_OFF || variant->endgames == NULL)
        return NULL;
    g_autofree char *folder = args->tablebase_dir != NULL ? g_strdup(args->tablebase_dir)
                                                          : play_tables_default_dir(variant);
    if (args->tablebase_dir == NULL && !g_file_test(folder, G_FILE_TEST_IS_DIR))
        return NULL;   /* none made yet */
    g_autoptr(GError) error = NULL;
    DjTablebase *tables = dj_tablebase_open(variant, folder, &error);
    if (tables == NULL) {
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(error->message, 0, clean);
        fprintf(stderr, "dojo analyze: warning: no endgame tables: %s; searching without "
                "them\n", clean->str);
        return NULL;
    }
    if (!dj_tablebase_preload(tables, root, &error)) {
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(error->message, 0, clean);
        fprintf(stderr, "dojo analyze: warning: %s; searching without that table\n",
                clean->str);
    }
    return tables;
}

typedef struct AnalyzeReport {
    const DjVariant *variant;
    const void *root;
    DjEngine *engine;
} AnalyzeReport;

static void print_iteration(const DjSearchInfo *info, void *user_data)
{
    const AnalyzeReport *report = user_data;
    g_autoptr(GString) line = g_string_new(NULL);
    dojo_format_search_info(report->variant, report->root, info, line);
    printf("%s  time %.3f s\n", line->str, (double)info->elapsed_ms / 1000.0);
    fflush(stdout);
    /* A SIGINT that came before the search could be stopped. */
    if (dojo_interrupted())
        dj_engine_stop(report->engine);
}

/* MCTS: the most visited root moves with their playouts and values. */
#define ROOT_MOVES_SHOWN 5
static void print_root_moves(const DjVariant *variant, const void *root, DjMcts *mcts)
{
    DjMctsMoveStat stats[ROOT_MOVES_SHOWN];
    int n = MIN(dj_mcts_root_stats(mcts, stats, ROOT_MOVES_SHOWN), ROOT_MOVES_SHOWN);
    g_autoptr(GString) line = g_string_new(NULL);
    for (int i = 0; i < n; i++) {
        g_string_assign(line, "  ");
        variant->format_move(root, stats[i].move, line);
        g_string_append_printf(line, "  visits %u  value %+.3f  score ", stats[i].visits,
                               stats[i].value);
        /* the root's score through this move: its line starts with it */
        dojo_format_score(variant, root, &stats[i].move, 1, stats[i].score, false, line);
        printf("%s%s\n", line->str, stats[i].proven ? " (proven)" : "");
    }
}

static int run_analyze(void *data, int n_positional, char **positional)
{
    AnalyzeArgs *args = data;
    if (n_positional != 1)
        return dojo_usage_failure("analyze", ANALYZE_PARAMS, "analyze wants one VARIANT");
    GError *error = NULL;
    gint64 time_ms = args->time_ms;
    gint64 depth = args->depth;
    gint64 nodes = args->nodes;
    DojoColorChoice color = DOJO_COLOR_AUTO;
    const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
    if (variant == NULL
        || !dojo_color_choice(&args->color, &color, &error)
        || (args->eval_file != NULL
            && !dojo_nets_choose_value(args->eval_file, variant, &error)))
        return dojo_report_error("analyze", ANALYZE_PARAMS, error);
    if (args->eval && variant->evaluate == NULL) {
        g_set_error(&error, DJ_ERROR, DJ_ERROR_INVALID,
                    "--eval: %s has no evaluation to show (it is searched by MCTS)",
                    variant->title);
        return dojo_report_error("analyze", ANALYZE_PARAMS, error);
    }
    /* --eval alone shows the evaluation; with a limit it searches too. */
    bool search = !args->eval || time_ms > 0 || depth > 0 || nodes > 0;
    if (time_ms == 0 && depth == 0 && nodes == 0)
        time_ms = ANALYZE_DEFAULT_TIME_MS;
    /* Made before the position is shown: a table that cannot be had is
     * said before anything else. */
    g_autoptr(DjEngine) engine = NULL;
    if (search) {
        engine = dj_engine_new(variant, (DjEngineKind)args->engine, (unsigned)args->hash_mb,
                               &error);
        if (engine == NULL) {
            if (args->hash_given)
                g_prefix_error(&error, "--hash %" G_GINT64_FORMAT ": ", args->hash_mb);
            return dojo_report_error("analyze", ANALYZE_PARAMS, error);
        }
        dj_engine_set_threads(engine, (int)args->threads);
    }

    g_autofree void *root = g_malloc(variant->state_size);
    if (!dojo_setup_position(variant, &args->setup, ANALYZE_DEFAULT_SEED, root, &error))
        return dojo_report_error("analyze", ANALYZE_PARAMS, error);
    g_autoptr(GString) text = g_string_new(NULL);
    variant->format_position(root, text);
    printf("%s position: %s\n", variant->title, text->str);
    g_string_truncate(text, 0);
    DjRenderStyle style = {
        .color = dojo_output_wants_color(stdout, color),
        .last_move = DJ_MOVE_NONE,
        .bottom_side = 0,
    };
    variant->render(root, &style, text);
    fputs(text->str, stdout);
    fflush(stdout);

    DjOutcome outcome = dj_position_outcome(variant, root);
    if (outcome != DJ_OUTCOME_ONGOING) {
        int winner = dj_outcome_winner(outcome);
        fprintf(stderr, "dojo analyze: the game is over in this position (%s%s)\n",
                winner >= 0 ? variant->side_names[winner] : "a draw",
                winner >= 0 ? " has won" : "");
        return DOJO_EXIT_FAILURE;
    }
    dojo_nets_install(variant, DJ_LEVEL_MAX);
    if (args->eval) {
        g_string_truncate(text, 0);
        dojo_format_eval_table(variant, root, text);
        fputs(text->str, stdout);
        fflush(stdout);
    }
    if (!search)
        return DOJO_EXIT_OK;

    DjTablebase *tables = open_tables(args, variant, root);
    dj_engine_set_tables(engine, tables);
    DjSearchLimits limits = { .depth = (int)depth, .time_ms = time_ms, .nodes = (uint64_t)nodes };
    AnalyzeReport report = { variant, root, engine };
    DjSearchInfo info;
    memset(&info, 0, sizeof info);
    dojo_interrupt_watch_engine(engine);
    dojo_interrupt_install();
    DjMove best = dj_engine_run(engine, root, NULL, 0, &limits, print_iteration, &report, &info);
    dojo_interrupt_uninstall();
    dojo_interrupt_watch_engine(NULL);
    if (dj_engine_mcts(engine) != NULL)
        print_root_moves(variant, root, dj_engine_mcts(engine));
    dj_engine_set_tables(engine, NULL);
    dj_tablebase_free(tables);

    g_string_truncate(text, 0);
    g_string_append(text, "best move: ");
    dojo_format_verdict(variant, root, best, &info, text);
    printf("%s%s\n", text->str, dojo_interrupted() ? " (interrupted)" : "");
    return dojo_interrupted() ? DOJO_EXIT_INTERRUPTED : DOJO_EXIT_OK;
}

int dojo_cmd_analyze(int argc, char **argv)
{
    AnalyzeArgs args;
    memset(&args, 0, sizeof args);
    DojoOption color_rows[DOJO_COLOR_ROWS];
    dojo_color_rows(&args.color, color_rows);
    const DojoOption rows[] = {
        { .name = "time", .type = DOJO_OPTION_WHOLE, .to.whole = &args.time_ms, .min = 1,
          .max = G_MAXINT32, .arg = "MS", .help = "Search for MS milliseconds" },
        { .name = "depth", .type = DOJO_OPTION_WHOLE, .to.whole = &args.depth, .min = 1,
          .max = DJ_SEARCH_MAX_PLY, .arg = "N", .help = "Search N plies deep" },
        { .name = "nodes", .type = DOJO_OPTION_WHOLE, .to.whole = &args.nodes, .min = 1,
          .max = G_MAXINT64, .arg = "N", .help = "Stop after N nodes" },
        { .name = "hash", .type = DOJO_OPTION_WHOLE, .to.whole = &args.hash_mb, .min = 1,
          .max = 65536, .def.whole = ANALYZE_DEFAULT_HASH_MB, .given = &args.hash_given,
          .arg = "MB", .help = "Transposition table (or MCTS tree) size in MB" },
        { .name = "engine", .type = DOJO_OPTION_WORD, .to.word = &args.engine,
          .words = dojo_engine_words, .def.word = DJ_ENGINE_DEFAULT,
          .default_note = "alphabeta if the game has an evaluation", .arg = "E",
          .help = "The search: alphabeta or mcts" },
        { .name = "threads", .type = DOJO_OPTION_WHOLE, .to.whole = &args.threads, .min = 1,
          .max = DJ_ENGINE_MAX_THREADS, .def.whole = 1, .arg = "N", .help = "Search threads" },
        { .type = DOJO_OPTION_ROWS, .rows = color_rows },
        { .name = "eval", .type = DOJO_OPTION_FLAG, .to.flag = &args.eval,
          .help = "Show the static evaluation in its parts (and search only if --time, "
                  "--depth or --nodes is given too)" },
        { .name = "eval-file", .type = DOJO_OPTION_PATH, .to.text = &args.eval_file,
          .arg = "FILE", .help = DOJO_NETS_OPTION_HELP },
        { .name = "tablebases", .type = DOJO_OPTION_WORD, .to.word = &args.tablebases,
          .words = tables_mode_words, .def.word = DOJO_TABLES_LOAD, .arg = "off|load",
          .help = "Probe the endgame tables of the folder, or none" },
        { .name = "tablebase-dir", .type = DOJO_OPTION_PATH, .to.text = &args.tablebase_dir,
          .arg = "DIR", .default_note = "the state folder's tablebases/GAME",
          .help = "The folder of endgame tables" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "VARIANT",
        "Search a position (a new game unless --position) and print each iteration:\n"
        "depth, score (side to move's view), nodes, nodes per second and the best line.\n"
        "Without --time, --depth or --nodes the search runs for 5 seconds; Ctrl-C stops\n"
        "it and prints the best move so far.\n"
        "\n"
        "--engine mcts searches by Monte Carlo tree search instead of\n"
        "alpha-beta, the default for games with an evaluation: nodes are then playouts,\n"
        "depth the average depth of the tree walks (--depth stops there), and the most\n"
        "visited moves are listed at the end.  --hash sizes its tree.\n"
        "\n"
        "--eval shows the static evaluation of the position, part by part as the game\n"
        "adds it up, each side's share from its own point of view; it searches as well\n"
        "only when --time, --depth or --nodes is given.\n"
        "\n"
        "Endgame tables (dojo solve, or those dojo play built) in --tablebase-dir, else\n"
        "in $DOJO_HOME/tablebases/GAME/ or $XDG_STATE_HOME/dojo/tablebases/GAME/, are\n"
        "probed: a position they hold is answered from them (\"win in 5 (tablebase)\",\n"
        "\"draw (tablebase)\"), and the search scores the positions they hold below it\n"
        "exactly.",
        "Example:\n  dojo analyze GAME --depth 10   (GAME: a name 'dojo list' shows)\n",
        rows);
    dojo_setup_args_add(context, &args.setup, true);
    int code = dojo_option_parse_and_run(context, "analyze", ANALYZE_PARAMS, argc, argv,
                                         run_analyze, &args);
    dojo_setup_args_clear(&args.setup);
    return code;
}
