/* match_run.h: a whole match: the openings, the games run side by side,
 * the records, the tally and its lines.
 *
 * Game i (counted from 0) belongs to pair i / 2: both games of a pair
 * start from the same opening, engine A playing side 0 in the even game
 * and side 1 in the odd one.  A pair's opening comes from its own seed
 * (the match seed and the pair's number), so it does not depend on which
 * thread plays it or in what order. */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_RUN_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_RUN_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/lab/match_stats.h"
#include "framework/referee/match_balance.h"
#include "framework/referee/match_game.h"
#include "framework/referee/uci_engine.h"

typedef struct DojoMatchPlan {
    const DjVariant *variant;
    const DojoEngineSpec *engines[2];   /* A, B */
    int games;
    int concurrency;
    DojoMatchLimits limits[2];  /* by engine: A, B */
    DojoAdjudication adjudication;
    int random_plies;          /* random legal plies played by the referee */
    GPtrArray *positions;      /* start position strings (cycled over pairs), or NULL */
    DojoMatchBalance *balance; /* random openings must pass it (--balance), or NULL */
    const DjSetup *setup;      /* variant options for a new game (position ignored) */
    guint64 seed;
    const char *records_dir;   /* a record per game here, or NULL: game i is
                                * game-N.dojo, N = i + 1 + dojo_match_records_taken */
    bool has_sprt;
    DjSprt sprt;
    int startup_timeout_ms;    /* for uci/uciok and isready/readyok */
    int progress_columns;      /* > 0: stdout is a terminal this wide, where a progress
                                * line is rewritten in place; 0: plain lines */
    const gint *stop;          /* raised (to 1) from outside to end the match early,
                                * e.g. on Ctrl-C; or NULL */
} DojoMatchPlan;

/* How a match ended. */
typedef enum DojoMatchEnd {
    DOJO_MATCH_COMPLETE,       /* all games played */
    DOJO_MATCH_SPRT_DECIDED,   /* stopped early: the SPRT reached a bound */
    DOJO_MATCH_INTERRUPTED,    /* plan->stop was raised (Ctrl-C) */
    DOJO_MATCH_FAILED,         /* an engine could not be started, a record not saved */
} DojoMatchEnd;

/* Build the start of game `index` (the opening played); NULL with an error
 * when the variant refuses the setup or the position string.  The same
 * plan and index always give the same opening.  With a balance the pair
 * draws openings, each from a seed of its own (the pair's seed and the
 * attempt's number; the first is the opening the pair has without a
 * balance), until one passes, and fails after DOJO_MATCH_BALANCE_TRIES;
 * or with G_IO_ERROR_CANCELLED as soon as plan->stop is raised. */
DjGame *dojo_match_opening(const DojoMatchPlan *plan, int index, GError **error);

/* Run the match, printing a line per game and the summary to stdout (a
 * progress line rewritten in place when stdout is a terminal).  On
 * DOJO_MATCH_FAILED `error` says why. */
DojoMatchEnd dojo_match_run(const DojoMatchPlan *plan, GError **error);

#endif
