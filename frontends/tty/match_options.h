/* match_options.h: command-line options that `dojo match` and `dojo spsa`
 * read the same way: a clock, and the openings of the game pairs. */
#ifndef DOJO_FRONTENDS_TTY_MATCH_OPTIONS_H
#define DOJO_FRONTENDS_TTY_MATCH_OPTIONS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/referee/match_game.h"
#include "framework/referee/match_run.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

/* What the referee allows when not told otherwise. */
#define DOJO_MATCH_DEFAULT_MARGIN_MS 500      /* --time-margin */
#define DOJO_MATCH_DEFAULT_CAP_MS 60000       /* --move-timeout */
#define DOJO_MATCH_DEFAULT_STARTUP_MS 10000   /* --startup-timeout */
#define DOJO_MATCH_DEFAULT_MAX_PLIES 1000     /* --max-plies */

/* Set limits->base_ms, inc_ms and moves_per_tc from a time control as
 * cutechess-cli writes it, [MOVES/]TIME[+INC]: TIME in seconds ("60",
 * "0.5") or minutes and seconds ("1:30"), more than 0; INC seconds a move
 * (none: 0); MOVES (1..10000) the moves after which TIME comes again
 * (none: 0, TIME is for the whole game).  "10+0.1", "40/60", "0:02+0.01".
 * Typed for option `what`; a usage error naming `what` otherwise. */
bool dojo_match_tc_parse(const char *text, const char *what, DojoMatchLimits *limits,
                         GError **error);

/* The same, and "inf": no clock (the three set to 0). */
bool dojo_match_tc_parse_or_inf(const char *text, const char *what, DojoMatchLimits *limits,
                                GError **error);

/* Rows for an option table (option_table.h) of the options both commands
 * have, one row each, so that each command keeps its own order:
 * --tc BASE+INC, as typed (NULL when not given: dojo_match_tc_parse reads
 * it); --movetime MS (1..G_MAXINT32) and --nodes N (1..G_MAXINT64), 0
 * when not given; --max-plies N (0..G_MAXINT32, 0: never; default
 * DOJO_MATCH_DEFAULT_MAX_PLIES).  Each goes into the destination given. */
DojoOption dojo_match_tc_row(const char **tc);
DojoOption dojo_match_movetime_row(gint64 *movetime_ms);
DojoOption dojo_match_nodes_row(gint64 *nodes);
DojoOption dojo_match_max_plies_row(gint64 *max_plies);

/* The options of the openings, as read by dojo_match_openings_rows. */
typedef struct DojoOpeningsArgs {
    const char *openings;     /* --openings HOW, as typed ("none" when not given) */
    gint64 pgn_plies;         /* pgn:PATH: the plies of each game taken (a command's own
                               * --openings-plies; not given: all) */
    bool pgn_plies_given;
    gint64 balance;           /* --balance CP (0..DJ_SCORE_EVAL_MAX - 1) */
    gint64 balance_nodes;     /* --balance-nodes N (DOJO_MATCH_MIN_BALANCE_NODES or
                               * more; default DOJO_MATCH_DEFAULT_BALANCE_NODES) */
    bool balance_given, balance_nodes_given;
} DojoOpeningsArgs;

/* Rows for an option table: --openings, --balance and --balance-nodes,
 * read into `args` (which must outlive the context), then the end; PGN
 * openings are taken whole (pgn_plies not given) unless the command's own
 * row says otherwise.
 * Include them with { .type = DOJO_OPTION_ROWS, .rows = rows }. */
#define DOJO_MATCH_OPENINGS_ROWS 4
void dojo_match_openings_rows(DojoOpeningsArgs *args,
                              DojoOption rows[DOJO_MATCH_OPENINGS_ROWS]);

/* Set the openings of `plan` (its positions, random_plies and balance)
 * from --position (in `setup`) and `args`: --openings (NULL or "none",
 * "random:N" with N in 0..1000, "file:PATH": a file of position strings
 * of plan->variant, one a line, blank lines and '#' comments skipped, each
 * checked, or "pgn:PATH": the games of a PGN file (record_pgn.h), all of
 * plan->variant, each the position after its first args->pgn_plies plies
 * or all of them, but never a finished game's last), and --balance CP with --balance-nodes N (their ranges checked
 * by the rows), which go with random:N only and need a variant with an
 * evaluation (see match_balance.h).  A fixed --position becomes the
 * only position; it does not go with file:.  Usage errors for what is
 * typed wrong; the file's errors name the file (and the line).  Free what
 * it sets with dojo_match_openings_clear, also after a failure. */
bool dojo_match_openings_parse(const DojoSetupArgs *setup, const DojoOpeningsArgs *args,
                               DojoMatchPlan *plan, GError **error);

/* Free the positions and the balance of `plan` and set them to NULL. */
void dojo_match_openings_clear(DojoMatchPlan *plan);

#endif
