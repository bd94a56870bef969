/* match_shard_options.h: `dojo match` on many machines: --shard K/N plays
 * one slice of a match and leaves its result file, --result FILE says
 * where, --reference-nps N scales the time limits by this machine's speed,
 * and --merge PATH... adds the slices up (framework/referee/match_shard.h).
 *
 * cmd_match.c includes the rows in its table and calls the three hooks
 * below; everything about slices stays here. */
#ifndef DOJO_FRONTENDS_TTY_MATCH_SHARD_OPTIONS_H
#define DOJO_FRONTENDS_TTY_MATCH_SHARD_OPTIONS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/referee/match_run.h"
#include "frontends/tty/option_table.h"

typedef struct DojoShardArgs {
    const char *shard;        /* --shard K/N as typed, or NULL */
    const char *result;       /* --result FILE, or NULL */
    gint64 reference_nps;     /* --reference-nps N, or 0 */
    bool merge;               /* --merge */
    /* Set by dojo_match_shard_check: */
    int index, count;         /* slice index of count; 0 of 0: not a slice */
    char *result_path;        /* where the slice's result goes (owned), or NULL */
} DojoShardArgs;

/* The paragraph of `dojo help match` on these options ("\nMany
 * machines:\n..."), to follow the rest of the description. */
extern const char dojo_match_shard_description[];

/* Rows for `dojo match`'s option table: --shard, --result,
 * --reference-nps and --merge, read into `args` (which must outlive the
 * context), then the end.  Include them with
 * { .type = DOJO_OPTION_ROWS, .rows = rows }. */
#define DOJO_MATCH_SHARD_ROWS 5
void dojo_match_shard_rows(DojoShardArgs *args, DojoOption rows[DOJO_MATCH_SHARD_ROWS]);

/* Check the slice options before anything is played or printed: --shard
 * reads as K/N with 1 <= K <= N <= the match's pairs (ceil(games / 2)),
 * and the slice's result goes to --result FILE or, without it, to
 * RECORDS/slice-K-of-N.result (`records`: --records DIR, or NULL); one of
 * the two is needed.  --result alone makes the match slice 1 of 1.  The
 * result file must not exist yet and its folder must take it, and no
 * record of the slice's games may be in `records` yet (a slice played
 * again would meet them): a slice is never played over what it left.
 * Usage errors for what is typed wrong; file errors name the file.
 * Sets args->index, count and result_path (free with
 * dojo_match_shard_args_clear). */
bool dojo_match_shard_check(DojoShardArgs *args, int games, const char *records,
                            GError **error);

/* dojo_match_run, as one slice when args make it one: the bench speed of
 * this machine measured (for a slice, or --reference-nps), the time limits
 * scaled, a line saying so printed, the slice played, and, when it played
 * all its games, its result file written (a line names it).  On failure to
 * write it, DOJO_MATCH_FAILED with the error.  `balance_nodes` is the
 * --balance search's (the result file names it).  Without any of these
 * options it is dojo_match_run. */
DojoMatchEnd dojo_match_shard_run(const DojoShardArgs *args, DojoMatchPlan *plan,
                                  gint64 balance_nodes, GError **error);

/* `dojo match --merge PATH...`: add up the slices the `n` `paths` hold
 * and print the match's summary, as the whole match prints it.  Options
 * that play a match (--engine: `engines_given`, --shard, --result,
 * --reference-nps) are a usage error beside --merge.  Returns the exit
 * code; `params` is the command's usage line. */
int dojo_match_merge_command(const DojoShardArgs *args, const char *params, int n,
                             char **paths, bool engines_given);

void dojo_match_shard_args_clear(DojoShardArgs *args);

#endif
