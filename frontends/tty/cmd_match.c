/* cmd_match.c: `dojo match VARIANT --engine SPEC --engine SPEC ...`: a
 * match between two UCI engines, refereed by dojo.  This file reads the
 * command line into a DojoMatchPlan; match_run.c plays it. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "framework/game_history.h"
#include "framework/referee/match_run.h"
#include "framework/referee/uci_engine.h"
#include "framework/text_file.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/match_options.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

#define MATCH_PARAMS "[OPTION...] VARIANT --engine SPEC --engine SPEC"
#define MAX_GAMES 10000000

/* Whole numbers are 0 where not given and where the row's default says
 * "none" (out of its range): no limit of that kind, no adjudication. */
typedef struct MatchArgs {
    DojoSetupArgs setup;
    const char *const *engines;   /* --engine SPEC, each as typed */
    gint64 games, concurrency;
    const char *tc;               /* NULL: not given */
    gint64 movetime, nodes, depth;
    gint64 margin, cap, startup;
    DojoOpeningsArgs openings;
    gint64 max_plies;
    gint64 resign_score, resign_moves, draw_score, draw_moves, draw_after;
    bool resign_score_given, resign_moves_given, draw_score_given, draw_moves_given;
    const char *sprt;             /* NULL: not given */
    const char *records;          /* NULL: not given */
} MatchArgs;

/* An optional whole number of an engine's spec: `fallback` when not given. */
static bool parse_count(const char *text, const char *what, gint64 min, gint64 max,
                        gint64 fallback, gint64 *out, GError **error)
{
    if (text == NULL) {
        *out = fallback;
        return true;
    }
    return dojo_int_parse(text, what, min, max, out, error);
}

static bool parse_sprt(const char *text, DjSprt *sprt, GError **error)
{
    *sprt = (DjSprt){ NAN, NAN, 0.05, 0.05 };
    g_auto(GStrv) items = g_strsplit(text, ",", -1);
    bool ok = true;
    for (int i = 0; ok && items[i] != NULL; i++) {
        char *equals = strchr(items[i], '=');
        char *end = NULL;
        double value = equals != NULL ? g_ascii_strtod(equals + 1, &end) : NAN;
        ok = equals != NULL && end != equals + 1 && *end == '\0' && isfinite(value);
        if (!ok)
            break;
        *equals = '\0';
        if (strcmp(items[i], "elo0") == 0)
            sprt->elo0 = value;
        else if (strcmp(items[i], "elo1") == 0)
            sprt->elo1 = value;
        else if (strcmp(items[i], "alpha") == 0)
            sprt->alpha = value;
        else if (strcmp(items[i], "beta") == 0)
            sprt->beta = value;
        else
            ok = false;
    }
    ok = ok && isfinite(sprt->elo0) && isfinite(sprt->elo1) && sprt->elo0 < sprt->elo1
        && sprt->alpha > 0 && sprt->beta > 0 && sprt->alpha + sprt->beta < 1;
    if (!ok)
        dojo_usage_error(error, "--sprt wants elo0=X,elo1=Y[,alpha=A,beta=B] with elo0 < elo1 and "
                    "0 < alpha, beta, alpha + beta < 1, not '%s'", text);
    return ok;
}

/* Set the four limits of `limits` from the tc=, movetime=, nodes= and
 * depth= of `spec` (0 where not given); its errors name the engine. */
static bool parse_spec_thinking(const DojoEngineSpec *spec, DojoMatchLimits *limits,
                                GError **error)
{
    g_autofree char *tc = g_strdup_printf("--engine %s: tc", spec->name);
    g_autofree char *movetime = g_strdup_printf("--engine %s: movetime", spec->name);
    g_autofree char *nodes = g_strdup_printf("--engine %s: nodes", spec->name);
    g_autofree char *depth = g_strdup_printf("--engine %s: depth", spec->name);
    limits->base_ms = limits->inc_ms = 0;
    limits->movetime_ms = limits->nodes = limits->depth = 0;
    return (spec->tc == NULL || dojo_match_tc_parse(spec->tc, tc, limits, error))
        && parse_count(spec->movetime, movetime, 1, G_MAXINT32, 0, &limits->movetime_ms, error)
        && parse_count(spec->nodes, nodes, 1, G_MAXINT64, 0, &limits->nodes, error)
        && parse_count(spec->depth, depth, 1, 1000, 0, &limits->depth, error);
}

static bool has_thinking(const DojoMatchLimits *limits)
{
    return limits->base_ms > 0 || limits->movetime_ms > 0 || limits->nodes > 0
        || limits->depth > 0;
}

/* Each engine's limits: its spec's tc/movetime/nodes/depth when it gives
 * any (they replace the match's, all four), else the match's. */
static bool parse_limits(const MatchArgs *args, const DojoEngineSpec specs[2],
                         DojoMatchLimits limits[2], GError **error)
{
    DojoMatchLimits shared;
    memset(&shared, 0, sizeof shared);
    if (args->tc != NULL && !dojo_match_tc_parse(args->tc, "--tc", &shared, error))
        return false;
    shared.movetime_ms = args->movetime;
    shared.nodes = args->nodes;
    shared.depth = args->depth;
    shared.margin_ms = args->margin;
    shared.cap_ms = args->cap;
    for (int i = 0; i < 2; i++) {
        const DojoEngineSpec *spec = &specs[i];
        limits[i] = shared;
        if (spec->tc == NULL && spec->movetime == NULL && spec->nodes == NULL
            && spec->depth == NULL)
            continue;
        if (!parse_spec_thinking(spec, &limits[i], error))
            return false;
    }
    if (!has_thinking(&limits[0]) || !has_thinking(&limits[1])) {
        dojo_usage_error(error, "how long may the engines think? Give --tc, --movetime, --nodes "
                    "or --depth (or tc=, movetime=, nodes=, depth= in each --engine)");
        return false;
    }
    return true;
}

static bool parse_adjudication(const MatchArgs *args, DojoAdjudication *adj, GError **error)
{
    if (args->resign_score_given != args->resign_moves_given) {
        dojo_usage_error(error, "--resign-score and --resign-moves go together");
        return false;
    }
    if (args->draw_score_given != args->draw_moves_given) {
        dojo_usage_error(error, "--draw-score and --draw-moves go together");
        return false;
    }
    /* --draw-score's "none" is -1 (0 is a threshold): 0 when not given, as
     * for the others */
    *adj = (DojoAdjudication){ (int)args->max_plies, (int)args->resign_score,
                               (int)args->resign_moves,
                               args->draw_score_given ? (int)args->draw_score : 0,
                               (int)args->draw_moves, (int)args->draw_after };
    return true;
}

static int run_match(void *data, int n_positional, char **positional)
{
    MatchArgs *args = data;
    if (n_positional != 1)
        return dojo_usage_failure("match", MATCH_PARAMS, "match wants one VARIANT");
    int n_engines = 0;
    while (args->engines != NULL && args->engines[n_engines] != NULL)
        n_engines++;
    if (n_engines != 2)
        return dojo_usage_failure("match", MATCH_PARAMS,
                                  "match wants exactly two --engine SPEC options");
    GError *error = NULL;
    DojoMatchPlan plan;
    memset(&plan, 0, sizeof plan);
    DojoEngineSpec specs[2];
    memset(specs, 0, sizeof specs);
    DojoSetup setup;
    memset(&setup, 0, sizeof setup);
    guint64 default_seed = (guint64)g_get_real_time();
    int code = DOJO_EXIT_OK;
    /* Ctrl-C and SIGTERM are caught from here on (main.c catches them from
     * the start): the first opening's --balance search can take long, and
     * a match stopped before its first game still ends with its summary. */
    gint stop = 0;
    plan.stop = &stop;
    dojo_interrupt_watch_flag(&stop);
    dojo_interrupt_install();
    if (dojo_interrupted())
        g_atomic_int_set(&stop, 1);

    plan.variant = dojo_variant_lookup(positional[0], &error);
    bool ok = plan.variant != NULL
        && dojo_engine_spec_parse(args->engines[0], "--engine", &specs[0], &error)
        && dojo_engine_spec_parse(args->engines[1], "--engine", &specs[1], &error);
    if (ok && strcmp(specs[0].name, specs[1].name) == 0) {
        dojo_usage_error(&error, "the two engines need different names (both are '%s')",
                    specs[0].name);
        ok = false;
    }
    ok = ok && parse_limits(args, specs, plan.limits, &error)
        && parse_adjudication(args, &plan.adjudication, &error)
        && (args->sprt == NULL || parse_sprt(args->sprt, &plan.sprt, &error))
        && dojo_setup_build(&args->setup, default_seed, &setup, &error);
    ok = ok && dojo_match_openings_parse(&args->setup, &args->openings, &plan, &error);
    if (ok) {
        /* Setting up the first game checks the options and --position now. */
        plan.setup = &setup.setup;
        plan.seed = setup.setup.seed;
        g_autoptr(DjGame) first = dojo_match_opening(&plan, 0, &error);
        ok = first != NULL;
        if (!ok && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
            g_clear_error(&error);   /* stopped: the match below says so */
            ok = true;
        }
    }
    if (ok && args->records != NULL && g_mkdir_with_parents(args->records, 0777) != 0) {
        int errsv = errno;
        g_set_error(&error, G_FILE_ERROR, g_file_error_from_errno(errsv),
                    "cannot create the records folder %s: %s", args->records, g_strerror(errsv));
        ok = false;
    }
    if (!ok) {
        code = dojo_report_error("match", MATCH_PARAMS, error);
    } else {
        plan.engines[0] = &specs[0];
        plan.engines[1] = &specs[1];
        plan.games = (int)args->games;
        plan.concurrency = (int)args->concurrency;
        plan.records_dir = args->records;
        plan.has_sprt = args->sprt != NULL;
        plan.startup_timeout_ms = (int)args->startup;
        plan.progress_columns = dojo_output_is_terminal(stdout) ? dojo_output_columns(stdout) : 0;
        printf("Match of %s: %s vs %s, %d games, seed %" G_GUINT64_FORMAT "\n",
               plan.variant->title, specs[0].name, specs[1].name, plan.games, plan.seed);
        fflush(stdout);
        DojoMatchEnd end = dojo_match_run(&plan, &error);
        if (end == DOJO_MATCH_FAILED)
            code = dojo_report_error("match", MATCH_PARAMS, error);
        else if (end == DOJO_MATCH_INTERRUPTED)
            code = DOJO_EXIT_INTERRUPTED;
    }
    dojo_interrupt_uninstall();
    dojo_interrupt_watch_flag(NULL);
    dojo_match_openings_clear(&plan);
    dojo_setup_clear(&setup);
    dojo_engine_spec_clear(&specs[0]);
    dojo_engine_spec_clear(&specs[1]);
    return code;
}

static const char match_description[] =
    "Engines:\n"
    "  --engine name=NAME,cmd=PROGRAM[,arg=ARG...][,dir=DIR][,stderr=FILE]\n"
    "           [,option.NAME=VALUE...][,tc=BASE+INC][,movetime=MS][,nodes=N][,depth=N]\n"
    "  Each engine runs in its own process and speaks UCI.  After uci/uciok every\n"
    "  option.NAME=VALUE is sent as 'setoption name NAME value VALUE' in the order given\n"
    "  (one the engine does not list, or answers with 'info string error', stops the match),\n"
    "  then UCI_Variant is set to VARIANT (unless given, or the engine has no such\n"
    "  option).  Write a comma inside a value as '\\,'.  The first engine is A in the\n"
    "  results: scores and Elo are A's.  tc=BASE+INC, movetime=MS, nodes=N and depth=N\n"
    "  in a spec give that engine its own limits, in place of all of --tc, --movetime,\n"
    "  --nodes and --depth (time odds: --engine ...,tc=20+0.2 --engine ...,tc=10+0.1).\n"
    "  An engine's standard error is discarded, or with stderr=FILE appended to FILE.\n"
    "\n"
    "Games:\n"
    "  Games 2k+1 and 2k+2 are a pair: the same opening, colours swapped (A plays side 0\n"
    "  in the odd games, B in the even ones).  --openings random:N plays N random\n"
    "  legal plies for each pair, from a seed made of --seed and the pair's number;\n"
    "  file:PATH takes one position string per line (blank lines and # comments skipped),\n"
    "  a pair each, cycling.  --balance CP keeps only the random openings that dojo's own\n"
    "  search (--balance-nodes N nodes, one thread) scores within +-CP, drawing\n"
    "  again from the seed, the pair and the attempt's number, 200 times at most: a pair\n"
    "  from a lopsided opening mostly ends 1-1, each engine winning with the good side,\n"
    "  and tells nothing.  A new game of a variant with a random set-up (dealt cards) is\n"
    "  dealt afresh for each pair; -o and the game's own options pass the variant's options.\n"
    "  Engines get 'position fen START moves M1 M2 ...' with the whole game, and 'go' with\n"
    "  the limits: --tc as wtime/btime/winc/binc in ms (w is side 0), movetime, nodes,\n"
    "  depth.  The referee keeps the clocks from sending 'go' to reading 'bestmove'.  An\n"
    "  engine with a clock facing one without is sent its own clock for both sides.\n"
    "\n"
    "Results:\n"
    "  The game's rules decide (the referee checks every move); an illegal or unparsable\n"
    "  move, a crash, a line over 4 MB or over 64 MB of output for one command, or no move\n"
    "  in time (the clock or movetime plus --time-margin, or --move-timeout with only nodes\n"
    "  or depth) loses, saying why; an error answered to 'go' stops the match.  A game\n"
    "  is a draw after --max-plies plies (0: never).  --resign-score CP --resign-moves N:\n"
    "  a loss once, N moves in a row, the loser scored itself <= -CP and the winner >= CP.\n"
    "  --draw-score CP --draw-moves N [--draw-after PLY]: a draw once both scored within\n"
    "  +-CP for N moves.\n"
    "  A line per game, then 'Score of A vs B: W - L - D [score] N', 'Elo difference: E\n"
    "  +/- 95% interval, LOS', and with --sprt the log-likelihood ratio and its bounds;\n"
    "  the match stops as soon as the SPRT accepts a hypothesis (not before 10 samples).\n"
    "  With an even number of games Elo, LOS and the SPRT use the pentanomial model over\n"
    "  game pairs (as fishtest and fastchess do), with an odd number the trinomial model\n"
    "  over games.  Ctrl-C (or SIGTERM) stops the engines, prints the summary so far and exits 130.\n"
    "\n"
    "Records:\n"
    "  --records DIR saves every finished game as DIR/game-NNNN.dojo (atomically, as it\n"
    "  ends; numbered on after the records already there, never over a file), with the\n"
    "  engines' names as the side tags, Result, Termination and Round, one move a line,\n"
    "  each engine move with what its engine said of it (\"; +0.35/12 0.412s\": its last\n"
    "  score from its side, depth, and time), which\n"
    "  'dojo play --resume', 'load' and 'dojo review' read.\n"
    "\n"
    "Example:\n"
    "  dojo match GAME --engine name=new,cmd=build/frontends/tty/dojo,arg=uci \\\n"
    "    --engine name=old,cmd=/path/other-engine,option.Hash=64 \\\n"
    "    --games 200 --concurrency 2 --tc 10+0.1 --openings random:4 \\\n"
    "    --sprt elo0=0,elo1=10 --records match-records\n";

int dojo_cmd_match(int argc, char **argv)
{
    MatchArgs args;
    memset(&args, 0, sizeof args);
    DojoOption openings_rows[DOJO_MATCH_OPENINGS_ROWS];
    dojo_match_openings_rows(&args.openings, openings_rows);
    const DojoOption rows[] = {
        { .name = "engine", .type = DOJO_OPTION_TEXT_LIST, .to.list = &args.engines,
          .arg = "SPEC",
          .help = "An engine (twice): name=NAME,cmd=PROGRAM,arg=...,option.NAME=VALUE,tc=..." },
        { .name = "games", .type = DOJO_OPTION_WHOLE, .to.whole = &args.games, .min = 1,
          .max = MAX_GAMES, .def.whole = 2, .arg = "N", .help = "Games to play" },
        { .name = "concurrency", .type = DOJO_OPTION_WHOLE, .to.whole = &args.concurrency,
          .min = 1, .max = 256, .def.whole = 1, .arg = "N", .help = "Games played at once" },
        dojo_match_tc_row(&args.tc),
        dojo_match_movetime_row(&args.movetime),
        dojo_match_nodes_row(&args.nodes),
        { .name = "depth", .type = DOJO_OPTION_WHOLE, .to.whole = &args.depth, .min = 1,
          .max = 1000, .def.whole = 0, .arg = "N", .help = "Depth a move" },
        { .name = "time-margin", .type = DOJO_OPTION_WHOLE, .to.whole = &args.margin, .min = 0,
          .max = G_MAXINT32, .def.whole = DOJO_MATCH_DEFAULT_MARGIN_MS, .arg = "MS",
          .help = "How far a move may overrun its time" },
        { .name = "move-timeout", .type = DOJO_OPTION_WHOLE, .to.whole = &args.cap, .min = 1,
          .max = G_MAXINT32, .def.whole = DOJO_MATCH_DEFAULT_CAP_MS, .arg = "MS",
          .help = "Longest wait for a move under --nodes/--depth alone" },
        { .name = "startup-timeout", .type = DOJO_OPTION_WHOLE, .to.whole = &args.startup,
          .min = 1, .max = G_MAXINT32, .def.whole = DOJO_MATCH_DEFAULT_STARTUP_MS, .arg = "MS",
          .help = "Longest wait for uciok and readyok" },
        dojo_match_max_plies_row(&args.max_plies),
        { .name = "resign-score", .type = DOJO_OPTION_WHOLE, .to.whole = &args.resign_score,
          .min = 1, .max = 100000, .def.whole = 0, .given = &args.resign_score_given,
          .arg = "CP", .help = "Resign adjudication: score threshold" },
        { .name = "resign-moves", .type = DOJO_OPTION_WHOLE, .to.whole = &args.resign_moves,
          .min = 1, .max = 10000, .def.whole = 0, .given = &args.resign_moves_given,
          .arg = "N", .help = "Resign adjudication: moves in a row" },
        { .name = "draw-score", .type = DOJO_OPTION_WHOLE, .to.whole = &args.draw_score,
          .min = 0, .max = 100000, .def.whole = -1, .given = &args.draw_score_given,
          .arg = "CP", .help = "Draw adjudication: score threshold" },
        { .name = "draw-moves", .type = DOJO_OPTION_WHOLE, .to.whole = &args.draw_moves,
          .min = 1, .max = 10000, .def.whole = 0, .given = &args.draw_moves_given,
          .arg = "N", .help = "Draw adjudication: moves in a row" },
        { .name = "draw-after", .type = DOJO_OPTION_WHOLE, .to.whole = &args.draw_after,
          .min = 0, .max = G_MAXINT32, .def.whole = 0, .arg = "PLY",
          .help = "Draw adjudication: not before this ply" },
        { .name = "sprt", .type = DOJO_OPTION_TEXT, .to.text = &args.sprt, .arg = "SPEC",
          .help = "Stop when decided: elo0=X,elo1=Y[,alpha=0.05,beta=0.05]" },
        { .name = "records", .type = DOJO_OPTION_PATH, .to.text = &args.records, .arg = "DIR",
          .help = "Save each game as DIR/game-NNNN.dojo" },
        { .type = DOJO_OPTION_ROWS, .rows = openings_rows },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "VARIANT", "Play a match between two UCI engines, with dojo as the referee.",
        match_description, rows);
    dojo_setup_args_add(context, &args.setup, true);
    int code = dojo_option_parse_and_run(context, "match", MATCH_PARAMS, argc, argv, run_match,
                                         &args);
    dojo_setup_args_clear(&args.setup);
    return code;
}
