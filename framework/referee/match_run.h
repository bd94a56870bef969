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
#include "framework/referee/match_report.h"
#include "framework/referee/uci_engine.h"

/* What a match leaves for its caller when asked (DojoMatchPlan.output):
 * a slice's result file is made of it (match_shard.h). */
typedef struct DojoMatchOutput {
    DojoMatchTally tally;      /* the games counted (its names point into the plan) */
    char *id_names[2];         /* what engines A and B called themselves (UCI's
                                * "id name"), or NULL when never started */
} DojoMatchOutput;

/* Free what dojo_match_run put in `output` (zeroed; also when empty). */
void dojo_match_output_clear(DojoMatchOutput *output);

/* Told of each game counted (under the run's lock, after its "Finished
 * game" line): game `index` of the run, engine A's half points in it (0,
 * 1 or 2).  What it appends to `print` is printed next (whole lines). */
typedef void (*DojoMatchGameHook)(void *data, int index, int half_points, GString *print);

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
    /* One slice of the match, for many machines (match_shard.h): slice
     * shard_index (from 1) of shard_count plays its own pairs alone, never
     * stops on the SPRT (only all slices together decide it), and names
     * its records by the game's number in the whole match whatever the
     * folder holds, so that the slices' records are the match's.
     * shard_count 0: the whole match. */
    int shard_index, shard_count;
    double time_scale;         /* clocks and move times are multiplied by this (a
                                * slower machine gets more time); node and depth
                                * limits are not.  0: 1 */
    DojoMatchOutput *output;   /* filled by the run when not NULL */
    /* Files that open in random order (and from which line): pair k takes
     * line (openings_first + k) mod the lines, or a line drawn from the
     * seed and k.  Both 0 for the file's order from its first line. */
    bool openings_random;
    int openings_first;
    const char *event;         /* the records' Event tag, or NULL: "dojo match" */
    const char *site;          /* their Site tag, or NULL: none */
    const char *pgn_path;      /* the games in PGN here too, or NULL; written by
                                * match_record (PGN) */
    int rating_interval;       /* > 0: the ratings lines every this many games too */
    /* Part of a larger event (a tournament's encounter, match_tournament.h):
     * its games are numbered from game_offset + 1 of total_games (0:
     * games) in the lines and the Round tag, and with a hook the run
     * prints no score line, no summary and no "Finished match": the
     * event does. */
    int game_offset, total_games;
    DojoMatchGameHook on_game;
    void *on_game_data;
    /* Not NULL: a match that fails after some games leaves their summary
     * here rather than printing it (its error comes first, from the
     * caller).  A match that fails before any game has none. */
    GString *failure_summary;
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

/* Run the match, printing to stdout "Started game N of M (W vs B)" as a
 * game starts, "Finished game N (W vs B): RESULT {REASON} P plies" as it
 * ends, each followed by the score line (or on a terminal, a progress
 * line rewritten in place), the ratings every plan->rating_interval games,
 * and at the end the summary (without the lines just printed: no line
 * twice in a row) and "Finished match" when the match was played out or
 * decided.  On DOJO_MATCH_FAILED `error` says why and no summary is
 * printed (see failure_summary). */
DojoMatchEnd dojo_match_run(const DojoMatchPlan *plan, GError **error);

#endif
