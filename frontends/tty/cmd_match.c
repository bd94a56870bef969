/* cmd_match.c: `dojo match VARIANT --engine SPEC --engine SPEC ...`: a
 * match between two UCI engines, or a tournament of more, refereed by
 * dojo; the command line of cutechess-cli and fastchess is read too
 * (match_cutechess.h).  This file reads the command line into a
 * DojoMatchPlan (or a DojoTournamentPlan); match_run.c and
 * match_tournament.c play it. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "framework/game_history.h"
#include "framework/referee/match_run.h"
#include "framework/referee/match_tournament.h"
#include "framework/referee/uci_engine.h"
#include "framework/text_file.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/match_cutechess.h"
#include "frontends/tty/match_engines.h"
#include "frontends/tty/match_options.h"
#include "frontends/tty/match_shard_options.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

#define MATCH_PARAMS "[OPTION...] VARIANT --engine SPEC --engine SPEC [--engine SPEC...]"
#define MAX_GAMES 10000000

enum { ORDER_SEQUENTIAL, ORDER_RANDOM };

/* Whole numbers are 0 where not given and where the row's default says
 * "none" (out of its range): no limit of that kind, no adjudication. */
typedef struct MatchArgs {
    DojoSetupArgs setup;
    const char *const *engines;   /* --engine SPEC, each as typed */
    gint64 games, rounds, concurrency;
    int tournament;               /* DojoTournamentKind */
    const char *tc;               /* NULL: not given */
    gint64 movetime, nodes, depth;
    gint64 margin, cap, startup;
    DojoOpeningsArgs openings;
    int openings_order;
    gint64 openings_start;
    bool openings_order_given, openings_start_given;
    gint64 max_plies;
    gint64 resign_score, resign_moves, draw_score, draw_moves, draw_after;
    bool resign_score_given, resign_moves_given, draw_score_given, draw_moves_given;
    bool resign_one_sided;
    const char *sprt;             /* NULL: not given */
    const char *records;          /* NULL: not given */
    const char *pgn;              /* NULL: not given */
    const char *event, *site;     /* NULL: not given */
    gint64 rating_interval;
    DojoShardArgs shard;          /* --shard, --result, --reference-nps, --merge */
    const char *cutechess_variant;   /* -variant V, or NULL */
} MatchArgs;

/* Everything a run needs that outlives its parse. */
typedef struct MatchRun {
    int n_engines;
    DojoEngineSpec specs[DOJO_TOURNAMENT_MAX_ENGINES];
    DojoTournamentPlan plan;      /* plan.match is the two-engine match's plan too */
    DojoSetup setup;
    gint stop;
} MatchRun;

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

/* Each engine's limits (see dojo_match_engine_limits). */
static bool parse_limits(const MatchArgs *args, MatchRun *run, GError **error)
{
    DojoMatchLimits shared;
    memset(&shared, 0, sizeof shared);
    if (args->tc != NULL && !dojo_match_tc_parse_or_inf(args->tc, "--tc", &shared, error))
        return false;
    shared.movetime_ms = args->movetime;
    shared.nodes = args->nodes;
    shared.depth = args->depth;
    shared.margin_ms = args->margin;
    shared.cap_ms = args->cap;
    for (int i = 0; i < run->n_engines; i++)
        if (!dojo_match_engine_limits(&shared, &run->specs[i], &run->plan.limits[i], error))
            return false;
    return true;
}

static bool parse_adjudication(const MatchArgs *args, DojoAdjudication *adj, GError **error)
{
    if (args->resign_score_given != args->resign_moves_given)
        return dojo_usage_error(error, "--resign-score and --resign-moves go together");
    if (args->resign_one_sided && !args->resign_score_given)
        return dojo_usage_error(error, "--resign-one-sided goes with --resign-score and "
                                "--resign-moves");
    if (args->draw_score_given != args->draw_moves_given)
        return dojo_usage_error(error, "--draw-score and --draw-moves go together");
    /* --draw-score's "none" is -1 (0 is a threshold): 0 when not given, as
     * for the others */
    *adj = (DojoAdjudication){
        .max_plies = (int)args->max_plies, .resign_score = (int)args->resign_score,
        .resign_moves = (int)args->resign_moves, .resign_one_sided = args->resign_one_sided,
        .draw_score = args->draw_score_given ? (int)args->draw_score : 0,
        .draw_moves = (int)args->draw_moves, .draw_after = (int)args->draw_after,
    };
    return true;
}

/* The games, the tournament's shape and what only two engines can do. */
static bool parse_games(const MatchArgs *args, MatchRun *run, GError **error)
{
    DojoTournamentPlan *plan = &run->plan;
    int n = run->n_engines;
    plan->kind = (DojoTournamentKind)args->tournament;
    int encounters = plan->kind == DOJO_TOURNAMENT_GAUNTLET ? n - 1 : n * (n - 1) / 2;
    if (args->games * args->rounds * encounters > MAX_GAMES)
        return dojo_usage_error(error, "%" G_GINT64_FORMAT " games an encounter, %"
                                G_GINT64_FORMAT " rounds and %d encounters are more than %d "
                                "games", args->games, args->rounds, encounters, MAX_GAMES);
    plan->games = (int)(args->games * args->rounds);
    plan->n_engines = n;
    if (n > 2 && args->sprt != NULL)
        return dojo_usage_error(error, "--sprt compares two engines: this match has %d", n);
    if (n > 2 && (args->shard.shard != NULL || args->shard.result != NULL))
        return dojo_usage_error(error, "--shard and --result play a slice of a match of two "
                                "engines: this one has %d", n);
    return true;
}

/* --openings-order and --openings-start: for a file of openings. */
static bool parse_openings_order(const MatchArgs *args, DojoMatchPlan *plan, GError **error)
{
    if (!args->openings_order_given && !args->openings_start_given)
        return true;
    const char *how = args->openings.openings;
    if (how == NULL || (!g_str_has_prefix(how, "file:") && !g_str_has_prefix(how, "pgn:")))
        return dojo_usage_error(error, "--openings-order and --openings-start go with "
                                "--openings file:PATH or pgn:PATH");
    plan->openings_random = args->openings_order == ORDER_RANDOM;
    if (plan->openings_random && args->openings_start_given)
        return dojo_usage_error(error, "--openings-start goes with the file's order, not "
                                "--openings-order random");
    plan->openings_first = (int)args->openings_start - 1;
    return true;
}

/* The VARIANT: the one word left, or -variant's; both must agree. */
static const DjVariant *parse_variant(const MatchArgs *args, int n_positional, char **positional,
                                      GError **error)
{
    for (int i = 1; i < n_positional; i++)
        if (strchr(positional[i], '=') != NULL) {
            dojo_usage_error(error, "'%s' stands alone: the items of an engine follow its "
                             "--engine (--engine name=a,cmd=PROGRAM or -engine name=a "
                             "cmd=PROGRAM)", positional[i]);
            return NULL;
        }
    const char *name = n_positional > 0 ? positional[0] : args->cutechess_variant;
    if (n_positional > 1 || name == NULL) {
        dojo_usage_error(error, "match wants one VARIANT");
        return NULL;
    }
    const DjVariant *variant = dojo_variant_lookup(name, error);
    if (variant != NULL && args->cutechess_variant != NULL && n_positional > 0
        && dojo_variant_lookup(args->cutechess_variant, NULL) != variant) {
        dojo_usage_error(error, "-variant %s is not the VARIANT, %s", args->cutechess_variant,
                         positional[0]);
        return NULL;
    }
    return variant;
}

/* Everything that can be checked before an engine starts. */
static bool prepare(MatchArgs *args, int n_positional, char **positional, MatchRun *run,
                    GError **error)
{
    DojoMatchPlan *plan = &run->plan.match;
    plan->stop = &run->stop;   /* the first opening's --balance search stops on it */
    plan->variant = parse_variant(args, n_positional, positional, error);
    if (plan->variant == NULL)
        return false;
    while (args->engines != NULL && args->engines[run->n_engines] != NULL)
        run->n_engines++;
    if (run->n_engines < 2)
        return dojo_usage_error(error, "match wants two --engine SPEC options or more (or "
                                "-engine K=V ... twice or more)");
    if (run->n_engines > DOJO_TOURNAMENT_MAX_ENGINES)
        return dojo_usage_error(error, "match takes %d engines at most, not %d",
                                DOJO_TOURNAMENT_MAX_ENGINES, run->n_engines);
    guint64 default_seed = (guint64)g_get_real_time();
    bool ok = dojo_match_specs_parse(args->engines, run->n_engines, run->specs, error)
        && parse_limits(args, run, error)
        && parse_adjudication(args, &plan->adjudication, error)
        && parse_games(args, run, error)
        && (args->sprt == NULL || parse_sprt(args->sprt, &plan->sprt, error))
        && dojo_setup_build(&args->setup, default_seed, &run->setup, error)
        && dojo_match_openings_parse(&args->setup, &args->openings, plan, error)
        && parse_openings_order(args, plan, error)
        && (run->n_engines > 2
            || dojo_match_shard_check(&args->shard, run->plan.games, args->records, error));
    if (!ok)
        return false;
    /* Setting up the first game checks the options and --position now. */
    plan->setup = &run->setup.setup;
    plan->seed = run->setup.setup.seed;
    GError *local = NULL;
    g_autoptr(DjGame) first = dojo_match_opening(plan, 0, &local);
    if (first == NULL && !g_error_matches(local, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
        g_propagate_error(error, local);
        return false;
    }
    g_clear_error(&local);   /* stopped: the match says so */
    if (args->records != NULL && g_mkdir_with_parents(args->records, 0777) != 0) {
        int errsv = errno;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errsv),
                    "cannot create the records folder %s: %s", args->records, g_strerror(errsv));
        return false;
    }
    plan->games = run->plan.games;
    plan->concurrency = (int)args->concurrency;
    plan->records_dir = args->records;
    plan->pgn_path = args->pgn;
    plan->event = args->event;
    plan->site = args->site;
    plan->rating_interval = (int)args->rating_interval;
    plan->has_sprt = args->sprt != NULL;
    plan->startup_timeout_ms = (int)args->startup;
    plan->progress_columns = dojo_output_is_terminal(stdout) ? dojo_output_columns(stdout) : 0;
    return true;
}

/* The engines' names, from themselves where the command line gave none;
 * then the plan's. */
static bool name_engines(MatchRun *run, GError **error)
{
    DojoMatchPlan *plan = &run->plan.match;
    if (!dojo_match_name_engines(run->specs, run->n_engines, plan->variant->name,
                                 plan->startup_timeout_ms, &run->stop, error))
        return false;
    for (int i = 0; i < run->n_engines; i++)
        run->plan.engines[i] = &run->specs[i];
    plan->engines[0] = &run->specs[0];
    plan->engines[1] = &run->specs[1];
    plan->limits[0] = run->plan.limits[0];
    plan->limits[1] = run->plan.limits[1];
    return true;
}

static void print_header(const MatchRun *run)
{
    const DojoMatchPlan *plan = &run->plan.match;
    if (run->n_engines == 2) {
        printf("Match of %s: %s vs %s, %d games, seed %" G_GUINT64_FORMAT "\n",
               plan->variant->title, run->specs[0].name, run->specs[1].name, plan->games,
               plan->seed);
    } else {
        bool gauntlet = run->plan.kind == DOJO_TOURNAMENT_GAUNTLET;
        int encounters = gauntlet ? run->n_engines - 1
                                  : run->n_engines * (run->n_engines - 1) / 2;
        g_autoptr(GString) names = g_string_new(NULL);
        for (int i = 0; i < run->n_engines; i++)
            g_string_append_printf(names, "%s%s", i == 0 ? "" : i == 1 && gauntlet
                                   ? " against " : ", ", run->specs[i].name);
        printf("%s of %s: %s; %d encounters of %d games, %d games, seed %" G_GUINT64_FORMAT "\n",
               gauntlet ? "Gauntlet" : "Round robin", plan->variant->title, names->str,
               encounters, run->plan.games, encounters * run->plan.games, plan->seed);
    }
    fflush(stdout);
}

/* Name the engines, play, and say how it went: the exit code. */
static int play(MatchArgs *args, MatchRun *run)
{
    GError *error = NULL;
    if (!name_engines(run, &error)) {
        if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
            g_error_free(error);
            return DOJO_EXIT_INTERRUPTED;
        }
        return dojo_report_error("match", MATCH_PARAMS, error);
    }
    print_header(run);
    g_autoptr(GString) failure_summary = g_string_new(NULL);
    run->plan.match.failure_summary = failure_summary;
    DojoMatchEnd end = run->n_engines == 2
        ? dojo_match_shard_run(&args->shard, &run->plan.match, args->openings.balance_nodes,
                               &error)
        : dojo_tournament_run(&run->plan, &error);
    if (end == DOJO_MATCH_FAILED) {
        /* the error first, then what the games played say */
        int code = dojo_report_error("match", MATCH_PARAMS, error);
        fputs(failure_summary->str, stdout);
        fflush(stdout);
        return code;
    }
    return end == DOJO_MATCH_INTERRUPTED ? DOJO_EXIT_INTERRUPTED : DOJO_EXIT_OK;
}

static int run_match(void *data, int n_positional, char **positional)
{
    MatchArgs *args = data;
    if (args->shard.merge)
        return dojo_match_merge_command(&args->shard, MATCH_PARAMS, n_positional, positional,
                                        args->engines != NULL);
    MatchRun *run = g_new0(MatchRun, 1);
    /* Ctrl-C and SIGTERM are caught from here on (main.c catches them from
     * the start): the first opening's --balance search can take long, and
     * a match stopped before its first game still ends with its summary. */
    dojo_interrupt_watch_flag(&run->stop);
    dojo_interrupt_install();
    if (dojo_interrupted())
        g_atomic_int_set(&run->stop, 1);
    GError *error = NULL;
    int code = prepare(args, n_positional, positional, run, &error)
        ? play(args, run) : dojo_report_error("match", MATCH_PARAMS, error);
    dojo_interrupt_uninstall();
    dojo_interrupt_watch_flag(NULL);
    dojo_match_openings_clear(&run->plan.match);
    dojo_setup_clear(&run->setup);
    for (int i = 0; i < DOJO_TOURNAMENT_MAX_ENGINES; i++)
        dojo_engine_spec_clear(&run->specs[i]);
    g_free(run);
    return code;
}

/* The help's text after the options, in two parts: a C compiler need not
 * take a longer string. */
static const char match_description_engines[] =
    "Engines:\n"
    "  --engine cmd=PROGRAM[,name=NAME][,arg=ARG...][,dir=DIR][,stderr=FILE][,proto=uci]\n"
    "           [,option.NAME=VALUE...][,tc=TC][,st=S][,movetime=MS][,nodes=N][,depth=N]\n"
    "           [,timemargin=MS]\n"
    "  Each engine runs in its own process and speaks UCI.  Without name= it is named as\n"
    "  it names itself ('id name'; ' (2)' and so on added to a name taken).  After\n"
    "  uci/uciok every option.NAME=VALUE is sent as 'setoption name NAME value VALUE' in\n"
    "  the order given (one the engine does not list, or answers with 'info string\n"
    "  error', stops the match), then UCI_Variant is set to VARIANT (unless given, or the\n"
    "  engine has no such option).  Write a comma inside a value as '\\,', or give the\n"
    "  items as separate words (--engine name=a cmd=PROGRAM).  The first engine is A in\n"
    "  the results: scores and Elo are A's.  tc=, st= (seconds a move), movetime=,\n"
    "  nodes= and depth= in a spec give that engine its own limits, in place of all of\n"
    "  --tc, --movetime, --nodes and --depth (time odds: --engine ...,tc=20+0.2 --engine\n"
    "  ...,tc=10+0.1); timemargin= its own --time-margin.  A time control TC is\n"
    "  [MOVES/]TIME[+INC], TIME in seconds or M:SS (10+0.1, 40/60, 0:02+0.01): TIME\n"
    "  more every MOVES moves, what is left kept (sent as movestogo); tc=inf is no clock.\n"
    "  An engine's standard error is discarded, or with stderr=FILE appended to FILE.\n"
    "\n"
    "Tournaments:\n"
    "  With more than two engines, --tournament round-robin (the default) plays every\n"
    "  engine against every other, gauntlet the first against each of the others: each\n"
    "  encounter is a match of --games N games times --rounds N, the same openings in\n"
    "  every encounter.  It ends with a score line per encounter and a table of every\n"
    "  engine's results and Elo, fitted to all games at once by maximum likelihood\n"
    "  (Bradley-Terry, a draw half a win; the mean at 0 in a round robin, the first\n"
    "  engine at 0 in a gauntlet), '+inf' or '-inf' for an engine that won or lost all\n"
    "  its games against the others (no finite bound).  --sprt needs two engines.\n"
    "\n"
    "cutechess-cli and fastchess:\n"
    "  Their command line works as it is with 'dojo match VARIANT' in place of the\n"
    "  program: -engine K=V ..., -each K=V ... (for every engine), -games N (a game an\n"
    "  encounter unless given), -rounds N, -repeat, -concurrency N, -openings file=F\n"
    "  [format=epd|pgn] [order=random|sequential] [start=N] [plies=N], -draw movenumber=N\n"
    "  movecount=N score=CP, -resign movecount=N score=CP [twosided=true], -sprt elo0=X\n"
    "  elo1=Y [alpha=A beta=B], -pgnout FILE, -ratinginterval N, -seed/-srand N,\n"
    "  -variant V (must be VARIANT), -event T, -site T, -tournament KIND, -maxmoves N,\n"
    "  -recover; -debug, -wait, -outcomeinterval and -output format=cutechess change no\n"
    "  result and are ignored.  Their other options are refused by name.\n"
    "\n";

static const char match_description_games[] =
    "Games:\n"
    "  Games 2k+1 and 2k+2 of an encounter are a pair: the same opening, colours swapped\n"
    "  (A plays side 0 in the odd games, B in the even ones), as -repeat asks.\n"
    "  --openings random:N plays N random legal plies for each pair, from a seed made of\n"
    "  --seed and the pair's number; file:PATH takes one position string per line (blank\n"
    "  lines and # comments skipped), a pair each, from --openings-start N on, cycling,\n"
    "  or drawn from the seed with --openings-order random; pgn:PATH the same with the\n"
    "  games of a PGN file, each up to --openings-plies N plies.  --balance CP keeps only the\n"
    "  random openings that dojo's own search (--balance-nodes N nodes, one thread)\n"
    "  scores within +-CP, drawing again from the seed, the pair and the attempt's\n"
    "  number, 200 times at most: a pair from a lopsided opening mostly ends 1-1, each\n"
    "  engine winning with the good side, and tells nothing.  A new game of a variant\n"
    "  with a random set-up (dealt cards) is dealt afresh for each pair; -o and the\n"
    "  game's own options pass the variant's options.  Engines get 'position fen START\n"
    "  moves M1 M2 ...' with the whole game, and 'go' with the limits: --tc as\n"
    "  wtime/btime/winc/binc in ms (w is side 0) and movestogo, movetime, nodes, depth.\n"
    "  The referee keeps the clocks from sending 'go' to reading 'bestmove'.  An engine\n"
    "  with a clock facing one without is sent its own clock for both sides.\n"
    "\n"
    "Results:\n"
    "  The game's rules decide (the referee checks every move); an illegal or unparsable\n"
    "  move, a crash, a line over 4 MB or over 64 MB of output for one command, or no move\n"
    "  in time (the clock or movetime plus --time-margin, or --move-timeout with only nodes\n"
    "  or depth) loses, saying why; an error answered to 'go' stops the match.  A game\n"
    "  is a draw after --max-plies plies (0: never).  --resign-score CP --resign-moves N:\n"
    "  a loss once, N moves in a row, the loser scored itself <= -CP and the winner >= CP\n"
    "  (--resign-one-sided: the loser's scores alone).  --draw-score CP --draw-moves N\n"
    "  [--draw-after PLY]: a draw once both scored within +-CP for N moves.\n"
    "  'Started game N of M (W vs B)' and 'Finished game N (W vs B): RESULT {WHY} P plies'\n"
    "  for each game, then 'Score of A vs B: W - L - D [score] N', and at the end (and\n"
    "  every --rating-interval games) 'Elo difference: E +/- 95% interval, LOS', the\n"
    "  pentanomial counts, and with --sprt the log-likelihood ratio and its bounds; then\n"
    "  'Finished match'.  The match stops as soon as the SPRT accepts a hypothesis (not\n"
    "  before 10 samples).  With an even number of games Elo, LOS and the SPRT use the\n"
    "  pentanomial model over game pairs (as fishtest and fastchess do), with an odd\n"
    "  number the trinomial model over games.  Ctrl-C (or SIGTERM) stops the engines,\n"
    "  prints the summary so far and exits 130.\n"
    "\n"
    "Records:\n"
    "  --records DIR saves every finished game as DIR/game-NNNN.dojo (atomically, as it\n"
    "  ends; numbered on after the records already there, never over a file), with the\n"
    "  engines' names as the side tags, Event (--event, else 'dojo match'), Site (--site),\n"
    "  Result, Termination and Round, one move a line, each engine move with what its\n"
    "  engine said of it (\"; +0.35/12 0.412s\": its last score from its side, depth, and\n"
    "  time), which 'dojo play --resume', 'load' and 'dojo review' read.  --pgn FILE\n"
    "  adds each game to FILE in PGN as it ends (see 'dojo help convert').\n"
    "\n"
    "Examples:\n"
    "  dojo match GAME --engine name=new,cmd=build/frontends/tty/dojo,arg=uci \\\n"
    "    --engine name=old,cmd=/path/other-engine,option.Hash=64 \\\n"
    "    --games 200 --concurrency 2 --tc 10+0.1 --openings random:4 \\\n"
    "    --sprt elo0=0,elo1=10 --records match-records\n"
    "  dojo match GAME -engine cmd=new arg=uci -engine cmd=old arg=uci \\\n"
    "    -each tc=40/60 -rounds 100 -repeat -concurrency 2\n";

static const DojoOptionWord tournament_words[] = {
    { "round-robin", DOJO_TOURNAMENT_ROUND_ROBIN },
    { "gauntlet", DOJO_TOURNAMENT_GAUNTLET },
    { NULL, 0 },
};

static const DojoOptionWord order_words[] = {
    { "sequential", ORDER_SEQUENTIAL },
    { "random", ORDER_RANDOM },
    { NULL, 0 },
};

static int parse_and_run(MatchArgs *args, int argc, char **argv)
{
    DojoOption openings_rows[DOJO_MATCH_OPENINGS_ROWS];
    dojo_match_openings_rows(&args->openings, openings_rows);
    DojoOption shard_rows[DOJO_MATCH_SHARD_ROWS];
    dojo_match_shard_rows(&args->shard, shard_rows);
    const DojoOption rows[] = {
        { .name = "engine", .type = DOJO_OPTION_TEXT_LIST, .to.list = &args->engines,
          .arg = "SPEC",
          .help = "An engine (two or more): cmd=PROGRAM,name=NAME,arg=...,option.NAME=VALUE,"
                  "tc=..." },
        { .name = "games", .type = DOJO_OPTION_WHOLE, .to.whole = &args->games, .min = 1,
          .max = MAX_GAMES, .def.whole = 2, .arg = "N",
          .help = "Games to play (of each encounter in a tournament)" },
        { .name = "rounds", .type = DOJO_OPTION_WHOLE, .to.whole = &args->rounds, .min = 1,
          .max = MAX_GAMES, .def.whole = 1, .arg = "N",
          .help = "The games this many times over" },
        { .name = "tournament", .type = DOJO_OPTION_WORD, .to.word = &args->tournament,
          .words = tournament_words, .def.word = DOJO_TOURNAMENT_ROUND_ROBIN, .arg = "KIND",
          .help = "More than two engines: round-robin or gauntlet (the first against the "
                  "others)" },
        { .name = "concurrency", .type = DOJO_OPTION_WHOLE, .to.whole = &args->concurrency,
          .min = 1, .max = 256, .def.whole = 1, .arg = "N", .help = "Games played at once" },
        dojo_match_tc_row(&args->tc),
        dojo_match_movetime_row(&args->movetime),
        dojo_match_nodes_row(&args->nodes),
        { .name = "depth", .type = DOJO_OPTION_WHOLE, .to.whole = &args->depth, .min = 1,
          .max = 1000, .def.whole = 0, .arg = "N", .help = "Depth a move" },
        { .name = "time-margin", .type = DOJO_OPTION_WHOLE, .to.whole = &args->margin,
          .min = 0, .max = G_MAXINT32, .def.whole = DOJO_MATCH_DEFAULT_MARGIN_MS, .arg = "MS",
          .help = "How far a move may overrun its time" },
        { .name = "move-timeout", .type = DOJO_OPTION_WHOLE, .to.whole = &args->cap, .min = 1,
          .max = G_MAXINT32, .def.whole = DOJO_MATCH_DEFAULT_CAP_MS, .arg = "MS",
          .help = "Longest wait for a move under --nodes/--depth alone" },
        { .name = "startup-timeout", .type = DOJO_OPTION_WHOLE, .to.whole = &args->startup,
          .min = 1, .max = G_MAXINT32, .def.whole = DOJO_MATCH_DEFAULT_STARTUP_MS,
          .arg = "MS", .help = "Longest wait for uciok and readyok" },
        dojo_match_max_plies_row(&args->max_plies),
        { .name = "resign-score", .type = DOJO_OPTION_WHOLE, .to.whole = &args->resign_score,
          .min = 1, .max = 100000, .def.whole = 0, .given = &args->resign_score_given,
          .arg = "CP", .help = "Resign adjudication: score threshold" },
        { .name = "resign-moves", .type = DOJO_OPTION_WHOLE, .to.whole = &args->resign_moves,
          .min = 1, .max = 10000, .def.whole = 0, .given = &args->resign_moves_given,
          .arg = "N", .help = "Resign adjudication: moves in a row" },
        { .name = "resign-one-sided", .type = DOJO_OPTION_FLAG,
          .to.flag = &args->resign_one_sided,
          .help = "Resign adjudication by the loser's scores alone" },
        { .name = "draw-score", .type = DOJO_OPTION_WHOLE, .to.whole = &args->draw_score,
          .min = 0, .max = 100000, .def.whole = -1, .given = &args->draw_score_given,
          .arg = "CP", .help = "Draw adjudication: score threshold" },
        { .name = "draw-moves", .type = DOJO_OPTION_WHOLE, .to.whole = &args->draw_moves,
          .min = 1, .max = 10000, .def.whole = 0, .given = &args->draw_moves_given,
          .arg = "N", .help = "Draw adjudication: moves in a row" },
        { .name = "draw-after", .type = DOJO_OPTION_WHOLE, .to.whole = &args->draw_after,
          .min = 0, .max = G_MAXINT32, .def.whole = 0, .arg = "PLY",
          .help = "Draw adjudication: not before this ply" },
        { .name = "sprt", .type = DOJO_OPTION_TEXT, .to.text = &args->sprt, .arg = "SPEC",
          .help = "Stop when decided: elo0=X,elo1=Y[,alpha=0.05,beta=0.05]" },
        { .name = "rating-interval", .type = DOJO_OPTION_WHOLE,
          .to.whole = &args->rating_interval, .min = 0, .max = MAX_GAMES, .def.whole = 0,
          .arg = "N", .help = "Print the ratings every N games too (0: at the end only)" },
        { .name = "records", .type = DOJO_OPTION_PATH, .to.text = &args->records,
          .arg = "DIR", .help = "Save each game as DIR/game-NNNN.dojo" },
        { .name = "pgn", .type = DOJO_OPTION_PATH, .to.text = &args->pgn, .arg = "FILE",
          .help = "Save the games in PGN to FILE" },
        { .name = "event", .type = DOJO_OPTION_TEXT, .to.text = &args->event, .arg = "TEXT",
          .help = "The records' Event tag (default: dojo match)" },
        { .name = "site", .type = DOJO_OPTION_TEXT, .to.text = &args->site, .arg = "TEXT",
          .help = "The records' Site tag" },
        { .type = DOJO_OPTION_ROWS, .rows = openings_rows },
        { .name = "openings-order", .type = DOJO_OPTION_WORD, .to.word = &args->openings_order,
          .words = order_words, .def.word = ORDER_SEQUENTIAL,
          .given = &args->openings_order_given, .arg = "ORDER",
          .help = "A file's openings in its order or drawn at random" },
        { .name = "openings-start", .type = DOJO_OPTION_WHOLE,
          .to.whole = &args->openings_start, .min = 1, .max = G_MAXINT32, .def.whole = 1,
          .given = &args->openings_start_given, .arg = "N",
          .help = "The first pair takes the file's Nth opening" },
        { .name = "openings-plies", .type = DOJO_OPTION_WHOLE,
          .to.whole = &args->openings.pgn_plies, .min = 0, .max = G_MAXINT32, .def.whole = -1,
          .given = &args->openings.pgn_plies_given, .arg = "N",
          .help = "pgn:PATH: each game's first N plies (default: all)" },
        { .type = DOJO_OPTION_ROWS, .rows = shard_rows },
        DOJO_OPTION_END,
    };
    g_autofree char *description = g_strconcat(match_description_engines,
                                               match_description_games,
                                               dojo_match_shard_description, NULL);
    GOptionContext *context = dojo_option_table_context(
        "VARIANT", "Play a match between UCI engines (two, or a tournament of more), with "
        "dojo as the referee.", description, rows);
    dojo_setup_args_add(context, &args->setup, true);
    return dojo_option_parse_and_run(context, "match", MATCH_PARAMS, argc, argv, run_match,
                                     args);
}

int dojo_cmd_match(int argc, char **argv)
{
    MatchArgs args;
    memset(&args, 0, sizeof args);
    DojoCutechessArgs cutechess;
    GError *error = NULL;
    int code;
    if (!dojo_match_cutechess_translate(argc, argv, &cutechess, &error)) {
        code = dojo_report_error("match", MATCH_PARAMS, error);
    } else {
        args.cutechess_variant = cutechess.variant;
        code = parse_and_run(&args, cutechess.argc, cutechess.argv);
    }
    dojo_match_cutechess_clear(&cutechess);
    dojo_setup_args_clear(&args.setup);
    dojo_match_shard_args_clear(&args.shard);
    return code;
}
