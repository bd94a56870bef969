/* cmd_match.c: `dojo match VARIANT --engine SPEC --engine SPEC ...`: a
 * match between two UCI engines, refereed by dojo.  This file reads the
 * command line into a DojoMatchPlan; match_run.c plays it. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "frontends/tty/cli.h"
#include "framework/game_history.h"
#include "framework/text_file.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/match_options.h"
#include "framework/referee/match_run.h"
#include "frontends/tty/options.h"
#include "framework/referee/uci_engine.h"

#define MATCH_PARAMS "[OPTION...] VARIANT --engine SPEC --engine SPEC"
#define MAX_GAMES 10000000

typedef struct MatchArgs {
    DojoSetupArgs setup;
    char **engines;
    char *games, *concurrency;
    char *tc, *movetime, *nodes, *depth;
    char *margin, *cap, *startup;
    DojoOpeningsArgs openings;
    char *max_plies;
    char *resign_score, *resign_moves, *draw_score, *draw_moves, *draw_after;
    char *sprt;
    char *records;
} MatchArgs;

/* An optional whole number: `fallback` when not given. */
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

/* How long one engine may think, as typed: the match's options or the
 * engine's spec. */
typedef struct LimitTexts {
    const char *tc, *movetime, *nodes, *depth;
    const char *prefix;   /* "--" for the match's options, "--engine NAME: " for a spec's */
} LimitTexts;

/* Set the four limits of `limits` from `texts` (0 where not given). */
static bool parse_thinking(const LimitTexts *texts, DojoMatchLimits *limits, GError **error)
{
    g_autofree char *tc = g_strconcat(texts->prefix, "tc", NULL);
    g_autofree char *movetime = g_strconcat(texts->prefix, "movetime", NULL);
    g_autofree char *nodes = g_strconcat(texts->prefix, "nodes", NULL);
    g_autofree char *depth = g_strconcat(texts->prefix, "depth", NULL);
    limits->base_ms = limits->inc_ms = 0;
    limits->movetime_ms = limits->nodes = limits->depth = 0;
    return (texts->tc == NULL || dojo_match_tc_parse(texts->tc, tc, limits, error))
        && parse_count(texts->movetime, movetime, 1, G_MAXINT32, 0, &limits->movetime_ms, error)
        && parse_count(texts->nodes, nodes, 1, G_MAXINT64, 0, &limits->nodes, error)
        && parse_count(texts->depth, depth, 1, 1000, 0, &limits->depth, error);
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
    LimitTexts texts = { args->tc, args->movetime, args->nodes, args->depth, "--" };
    if (!parse_thinking(&texts, &shared, error)
        || !parse_count(args->margin, "--time-margin", 0, G_MAXINT32, DOJO_MATCH_DEFAULT_MARGIN_MS,
                        &shared.margin_ms, error)
        || !parse_count(args->cap, "--move-timeout", 1, G_MAXINT32, DOJO_MATCH_DEFAULT_CAP_MS,
                        &shared.cap_ms, error))
        return false;
    for (int i = 0; i < 2; i++) {
        const DojoEngineSpec *spec = &specs[i];
        limits[i] = shared;
        if (spec->tc == NULL && spec->movetime == NULL && spec->nodes == NULL
            && spec->depth == NULL)
            continue;
        g_autofree char *prefix = g_strdup_printf("--engine %s: ", spec->name);
        LimitTexts own = { spec->tc, spec->movetime, spec->nodes, spec->depth, prefix };
        if (!parse_thinking(&own, &limits[i], error))
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
    gint64 values[6];
    if (!parse_count(args->max_plies, "--max-plies", 0, G_MAXINT32, DOJO_MATCH_DEFAULT_MAX_PLIES,
                     &values[0], error)
        || !parse_count(args->resign_score, "--resign-score", 1, 100000, 0, &values[1], error)
        || !parse_count(args->resign_moves, "--resign-moves", 1, 10000, 0, &values[2], error)
        || !parse_count(args->draw_score, "--draw-score", 0, 100000, 0, &values[3], error)
        || !parse_count(args->draw_moves, "--draw-moves", 1, 10000, 0, &values[4], error)
        || !parse_count(args->draw_after, "--draw-after", 0, G_MAXINT32, 0, &values[5], error))
        return false;
    if ((args->resign_score == NULL) != (args->resign_moves == NULL)) {
        dojo_usage_error(error, "--resign-score and --resign-moves go together");
        return false;
    }
    if ((args->draw_score == NULL) != (args->draw_moves == NULL)) {
        dojo_usage_error(error, "--draw-score and --draw-moves go together");
        return false;
    }
    *adj = (DojoAdjudication){ (int)values[0], (int)values[1], (int)values[2],
                               (int)values[3], (int)values[4], (int)values[5] };
    return true;
}

static int run_match(void *data, int n_positional, char **positional)
{
    MatchArgs *args = data;
    if (n_positional != 1)
        return dojo_usage_failure("match", MATCH_PARAMS, "match wants one VARIANT");
    int n_engines = args->engines != NULL ? (int)g_strv_length(args->engines) : 0;
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
    gint64 games = 0, concurrency = 0, startup = 0;
    guint64 default_seed = (guint64)g_get_real_time();
    int code = DOJO_EXIT_OK;

    plan.variant = dojo_variant_lookup(positional[0], &error);
    bool ok = plan.variant != NULL
        && dojo_engine_spec_parse(args->engines[0], "--engine", &specs[0], &error)
        && dojo_engine_spec_parse(args->engines[1], "--engine", &specs[1], &error);
    if (ok && strcmp(specs[0].name, specs[1].name) == 0) {
        dojo_usage_error(&error, "the two engines need different names (both are '%s')",
                    specs[0].name);
        ok = false;
    }
    ok = ok && parse_count(args->games, "--games", 1, MAX_GAMES, 2, &games, &error)
        && parse_count(args->concurrency, "--concurrency", 1, 256, 1, &concurrency, &error)
        && parse_count(args->startup, "--startup-timeout", 1, G_MAXINT32, DOJO_MATCH_DEFAULT_STARTUP_MS,
                       &startup, &error)
        && parse_limits(args, specs, plan.limits, &error)
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
        plan.games = (int)games;
        plan.concurrency = (int)concurrency;
        plan.records_dir = args->records;
        plan.has_sprt = args->sprt != NULL;
        plan.startup_timeout_ms = (int)startup;
        plan.progress_columns = dojo_output_is_terminal(stdout) ? dojo_output_columns(stdout) : 0;
        gint stop = 0;
        plan.stop = &stop;
        printf("Match of %s: %s vs %s, %d games, seed %" G_GUINT64_FORMAT "\n",
               plan.variant->title, specs[0].name, specs[1].name, plan.games, plan.seed);
        fflush(stdout);
        dojo_interrupt_watch_flag(&stop);
        dojo_interrupt_install();
        DojoMatchEnd end = dojo_match_run(&plan, &error);
        dojo_interrupt_uninstall();
        dojo_interrupt_watch_flag(NULL);
        if (end == DOJO_MATCH_FAILED)
            code = dojo_report_error("match", MATCH_PARAMS, error);
        else if (end == DOJO_MATCH_INTERRUPTED)
            code = DOJO_EXIT_INTERRUPTED;
    }
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
    "  option.NAME=VALUE is sent as 'setoption name NAME value VALUE' in the order given,\n"
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
    "  search (--balance-nodes N, default 20000, one thread) scores within +-CP, drawing\n"
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
    "  move, a crash, or no move in time (the clock or movetime plus --time-margin, or\n"
    "  --move-timeout with only nodes or depth) loses, saying why.  A game is a draw after\n"
    "  --max-plies plies (0: never).  --resign-score CP --resign-moves N: a loss once, N\n"
    "  moves in a row, the loser scored itself <= -CP and the winner >= CP.  --draw-score CP\n"
    "  --draw-moves N [--draw-after PLY]: a draw once both scored within +-CP for N moves.\n"
    "  A line per game, then 'Score of A vs B: W - L - D [score] N', 'Elo difference: E\n"
    "  +/- 95% interval, LOS', and with --sprt the log-likelihood ratio and its bounds;\n"
    "  the match stops as soon as the SPRT accepts a hypothesis (not before 10 samples).\n"
    "  With an even number of games Elo, LOS and the SPRT use the pentanomial model over\n"
    "  game pairs (as fishtest and fastchess do), with an odd number the trinomial model\n"
    "  over games.  Ctrl-C (or SIGTERM) stops the engines, prints the summary so far and exits 130.\n"
    "\n"
    "Records:\n"
    "  --records DIR saves every finished game as DIR/game-NNNN.dojo (atomically, as it\n"
    "  ends), with the engines' names as the side tags, Result, Termination and Round,\n"
    "  one move a line, each engine move with what its engine said of it (\"; +0.35/12\n"
    "  0.412s\": its last score from its side, depth, and time), which\n"
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
    GOptionContext *context = dojo_option_context(
        "VARIANT", "Play a match between two UCI engines, with dojo as the referee.",
        match_description, &args);
    GOptionGroup *group = dojo_option_main_group(context);
    GOptionEntry entries[] = {
        { "engine", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args.engines,
          "An engine (twice): name=NAME,cmd=PROGRAM,arg=...,option.NAME=VALUE,tc=...", "SPEC" },
        { "games", 0, 0, G_OPTION_ARG_STRING, &args.games, "Games to play (default 2)", "N" },
        { "concurrency", 0, 0, G_OPTION_ARG_STRING, &args.concurrency,
          "Games played at once (default 1)", "N" },
        { "tc", 0, 0, G_OPTION_ARG_STRING, &args.tc,
          "A clock per side: BASE seconds plus INC a move", "BASE+INC" },
        { "movetime", 0, 0, G_OPTION_ARG_STRING, &args.movetime, "Milliseconds a move", "MS" },
        { "nodes", 0, 0, G_OPTION_ARG_STRING, &args.nodes, "Nodes a move", "N" },
        { "depth", 0, 0, G_OPTION_ARG_STRING, &args.depth, "Depth a move", "N" },
        { "time-margin", 0, 0, G_OPTION_ARG_STRING, &args.margin,
          "How far a move may overrun its time (default 500)", "MS" },
        { "move-timeout", 0, 0, G_OPTION_ARG_STRING, &args.cap,
          "Longest wait for a move under --nodes/--depth alone (default 60000)", "MS" },
        { "startup-timeout", 0, 0, G_OPTION_ARG_STRING, &args.startup,
          "Longest wait for uciok and readyok (default 10000)", "MS" },
        { "max-plies", 0, 0, G_OPTION_ARG_STRING, &args.max_plies,
          "A draw after this many plies (default 1000; 0: never)", "N" },
        { "resign-score", 0, 0, G_OPTION_ARG_STRING, &args.resign_score,
          "Resign adjudication: score threshold", "CP" },
        { "resign-moves", 0, 0, G_OPTION_ARG_STRING, &args.resign_moves,
          "Resign adjudication: moves in a row", "N" },
        { "draw-score", 0, 0, G_OPTION_ARG_STRING, &args.draw_score,
          "Draw adjudication: score threshold", "CP" },
        { "draw-moves", 0, 0, G_OPTION_ARG_STRING, &args.draw_moves,
          "Draw adjudication: moves in a row", "N" },
        { "draw-after", 0, 0, G_OPTION_ARG_STRING, &args.draw_after,
          "Draw adjudication: not before this ply", "PLY" },
        { "sprt", 0, 0, G_OPTION_ARG_STRING, &args.sprt,
          "Stop when decided: elo0=X,elo1=Y[,alpha=0.05,beta=0.05]", "SPEC" },
        { "records", 0, 0, G_OPTION_ARG_FILENAME, &args.records,
          "Save each game as DIR/game-NNNN.dojo", "DIR" },
        { NULL, 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    };
    g_option_group_add_entries(group, entries);
    dojo_match_openings_args_add(group, &args.openings);
    dojo_setup_args_add(context, &args.setup, true);
    int code = dojo_option_parse_and_run(context, "match", MATCH_PARAMS, argc, argv, run_match,
                                         &args);
    dojo_setup_args_clear(&args.setup);
    dojo_match_openings_args_clear(&args.openings);
    g_strfreev(args.engines);
    char **strings[] = { &args.games, &args.concurrency, &args.tc, &args.movetime,
                         &args.nodes, &args.depth, &args.margin, &args.cap, &args.startup,
                         &args.max_plies, &args.resign_score,
                         &args.resign_moves, &args.draw_score, &args.draw_moves,
                         &args.draw_after, &args.sprt, &args.records };
    for (size_t i = 0; i < G_N_ELEMENTS(strings); i++)
        g_free(*strings[i]);
    return code;
}
