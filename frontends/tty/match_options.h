/* match_options.h: command-line options that `dojo match` and `dojo spsa`
 * read the same way: a clock, and the openings of the game pairs. */
#ifndef DOJO_TTY_MATCH_OPTIONS_H
#define DOJO_TTY_MATCH_OPTIONS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/referee/match_game.h"
#include "framework/referee/match_run.h"
#include "frontends/tty/options.h"

/* What the referee allows when not told otherwise. */
#define DOJO_MATCH_DEFAULT_MARGIN_MS 500      /* --time-margin */
#define DOJO_MATCH_DEFAULT_CAP_MS 60000       /* --move-timeout */
#define DOJO_MATCH_DEFAULT_STARTUP_MS 10000   /* --startup-timeout */
#define DOJO_MATCH_DEFAULT_MAX_PLIES 1000     /* --max-plies */

/* Set limits->base_ms and inc_ms from BASE+INC in seconds ("10+0.1", or
 * "60" for no increment), typed for option `what`; a usage error naming
 * `what` otherwise (BASE must be more than 0). */
bool dojo_match_tc_parse(const char *text, const char *what, DojoMatchLimits *limits,
                         GError **error);

/* The options of the openings as typed (NULL: not given). */
typedef struct DojoOpeningsArgs {
    char *openings;        /* --openings HOW */
    char *balance;         /* --balance CP */
    char *balance_nodes;   /* --balance-nodes N */
} DojoOpeningsArgs;

/* Add --openings, --balance and --balance-nodes to `group`, read into
 * `args` (which must outlive the parse). */
void dojo_match_openings_args_add(GOptionGroup *group, DojoOpeningsArgs *args);

/* Free the strings of `args`. */
void dojo_match_openings_args_clear(DojoOpeningsArgs *args);

/* Set the openings of `plan` (its positions, random_plies and balance)
 * from --position (in `setup`) and `args`: --openings (NULL or "none",
 * "random:N" with N in 0..1000, or "file:PATH": a file of position strings
 * of plan->variant, one a line, blank lines and '#' comments skipped, each
 * checked), and --balance CP (0..DJ_SCORE_EVAL_MAX - 1) with
 * --balance-nodes N, which go with random:N only and need a variant with
 * an evaluation (see match_balance.h).  A fixed --position becomes the
 * only position; it does not go with file:.  Usage errors for what is
 * typed wrong; the file's errors name the file (and the line).  Free what
 * it sets with dojo_match_openings_clear, also after a failure. */
bool dojo_match_openings_parse(const DojoSetupArgs *setup, const DojoOpeningsArgs *args,
                               DojoMatchPlan *plan, GError **error);

/* Free the positions and the balance of `plan` and set them to NULL. */
void dojo_match_openings_clear(DojoMatchPlan *plan);

#endif
