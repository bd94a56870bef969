/* match_tournament.h: more than two engines, as cutechess-cli plays them
 * (a round robin, or a gauntlet: the first engine against each of the
 * others), and engines named by what they call themselves.
 *
 * A tournament is a series of encounters, each a match of two engines
 * (match_run.h) with the tournament's settings: the same games, openings
 * (pair k of every encounter starts from the same opening, so that every
 * engine meets the same positions), limits and adjudication.  The
 * encounters are played one after another, each with the tournament's
 * concurrency, the games numbered over the whole tournament.  At the end
 * come a score line per encounter and a table of every engine's results
 * with its rating, fitted to all the games at once (framework/lab/
 * rating_fit.h): the mean of the rated engines at 0 in a round robin, the
 * first engine at 0 in a gauntlet. */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_TOURNAMENT_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_TOURNAMENT_H

#include <stdbool.h>

#include <glib.h>

#include "framework/lab/rating_fit.h"
#include "framework/referee/match_game.h"
#include "framework/referee/match_run.h"
#include "framework/referee/uci_engine.h"

/* Engines a tournament takes at most. */
#define DOJO_TOURNAMENT_MAX_ENGINES 64

/* Start each engine of `specs` that has no name yet, read what it calls
 * itself (UCI's "id name" as one line of 80 characters at most; its
 * program's file name when it says nothing) and make that its name, then
 * stop it.  A name another engine already
 * has gets " (2)", " (3)"... as needed (engines named on the command line
 * keep theirs).  Each start waits `timeout_ms` at most; `cancel` (may be
 * NULL) stops the waits (G_IO_ERROR_CANCELLED).  False with the engine's
 * error when one cannot start. */
bool dojo_match_name_engines(DojoEngineSpec *specs, int n, const char *variant_name,
                             int timeout_ms, gint *cancel, GError **error);

typedef enum DojoTournamentKind {
    DOJO_TOURNAMENT_ROUND_ROBIN,   /* every engine against every other */
    DOJO_TOURNAMENT_GAUNTLET,      /* the first engine against each of the others */
} DojoTournamentKind;

typedef struct DojoTournamentPlan {
    /* Everything an encounter shares: all of DojoMatchPlan but its engines,
     * limits and games (set for each encounter; has_sprt must be false,
     * an SPRT compares two engines). */
    DojoMatchPlan match;
    DojoTournamentKind kind;
    int n_engines;                  /* 2..DOJO_TOURNAMENT_MAX_ENGINES */
    const DojoEngineSpec *engines[DOJO_TOURNAMENT_MAX_ENGINES];   /* named */
    DojoMatchLimits limits[DOJO_TOURNAMENT_MAX_ENGINES];
    int games;                      /* per encounter */
} DojoTournamentPlan;

/* The encounters of `kind` between `n` engines, in the order they are
 * played, into pairs[k][0] (engine A) and pairs[k][1] (B); returns their
 * number (n(n-1)/2 or n-1).  `pairs` holds n(n-1)/2 at least. */
int dojo_tournament_encounters(DojoTournamentKind kind, int n, int pairs[][2]);

/* Play the tournament, printing each game's lines as dojo_match_run does
 * (numbered over the tournament), the table every match.rating_interval
 * games, and at the end: "Interrupted: ..." when stopped, a score line
 * per encounter played ("Score of A vs B: W - L - D  [score] N"), the
 * table, and "Finished match" unless interrupted.  On DOJO_MATCH_FAILED
 * (an engine that cannot start, a record not saved) `error` says why and
 * nothing more is printed; the summary of the games played, if any, is
 * left in match.failure_summary when it is not NULL. */
DojoMatchEnd dojo_tournament_run(const DojoTournamentPlan *plan, GError **error);

/* The table of a tournament's results: `n` engines named `names`, their
 * games in `results` (n * n, as dj_rating_fit takes them), ratings fitted
 * with `anchor`.  Appends a header line, a line per engine (best first:
 * its rank, name, rating and the half width of its 95% interval, games,
 * wins, losses, draws, points, score and draw percentages; "+inf" or
 * "-inf" for a rating without a finite bound, "?" for one nothing links
 * to the others, with a line saying why under the table), and a line
 * saying how the ratings were fitted and anchored. */
void dojo_tournament_format_table(int n, const char *const *names, const DjPairResult *results,
                                  DjRatingAnchor anchor, GString *out);

#endif
