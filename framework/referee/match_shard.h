/* match_shard.h: one match played as slices on many machines, and the
 * slices added up again.
 *
 * A match of G games has P = ceil(G / 2) pairs (games 2k and 2k+1 share an
 * opening; the last game of an odd match is a pair of its own).  Slice K
 * of N (K counted from 1) plays the pairs floor((K-1)P/N) up to
 * floor(KP/N) - 1: a run of whole pairs, the slices as even as whole pairs
 * allow, together every pair once.  A slice plays its games exactly as the
 * whole match would (each game's opening comes from the match seed and the
 * pair's number, match_run.h), so the slices of a seed add up to the match
 * of that seed, game for game.
 *
 * Each slice leaves a result file (a GLib key file, text) that says which
 * match it belongs to ([match], [engine A], [engine B]: everything that
 * decides its games), what it played ([slice]) and where ([machine]: the
 * host, the referee's version, the bench speed and the time scale, the
 * engines' commands, which may differ from machine to machine).  The merge
 * reads the result files of all the slices, checks that they are slices of
 * one match, all there and each once, and adds them up into one tally. */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_SHARD_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_SHARD_H

#include <stdbool.h>

#include <glib.h>

#include "framework/referee/match_report.h"
#include "framework/referee/match_run.h"

/* The result files a folder holds end with this. */
#define DOJO_MATCH_SLICE_SUFFIX ".result"

/* The pairs of a match of `games` games: ceil(games / 2). */
int dojo_match_shard_pairs(int games);

/* The games of slice `index` (1..count) of a match of `games` games, as
 * game indices from 0: [*first, *end).  `count` must be from 1 to
 * dojo_match_shard_pairs(games): no slice is then empty. */
void dojo_match_shard_games(int games, int index, int count, int *first, int *end);

/* `limits` with the clock (base and increment) and the move time
 * multiplied by `scale` (rounded, at least 1 ms where they were given);
 * nodes, depth and the margins as they are.  A scale of 0 means 1. */
DojoMatchLimits dojo_match_limits_scaled(const DojoMatchLimits *limits, double scale);

/* The name of slice `index` of `count`'s result file in a records folder:
 * "slice-K-of-N.result", K written with as many digits as N so that the
 * names sort (g_free it). */
char *dojo_match_slice_file_name(int index, int count);

/* The name of game `index`'s record (from 0) in the records folder of a
 * slice of a match of `games` games: game-NNNN.dojo, numbered in the
 * whole match, as the whole match names it in an empty folder
 * (g_free it). */
char *dojo_match_shard_record_name(int games, int index);

/* What the machine of a slice adds to its result file. */
typedef struct DojoMatchSliceFacts {
    guint64 bench_nps;         /* dojo's short bench on this machine (match_speed.h) */
    guint64 reference_nps;     /* the speed time limits are given for, or 0: none */
    gint64 balance_nodes;      /* the --balance search's nodes (when plan->balance) */
    const char *referee;       /* the referee's version ("0.1.0 (git 1a2b3c4)") */
} DojoMatchSliceFacts;

/* Write the result file of the slice `plan` played (plan->shard_index of
 * plan->shard_count, all its games; plan->output filled by the run) to
 * `path`, atomically.  Its [match] and engine groups come from the plan
 * (the limits as given, before plan->time_scale). */
bool dojo_match_slice_save(const char *path, const DojoMatchPlan *plan,
                           const DojoMatchSliceFacts *facts, GError **error);

/* Slices added up. */
typedef struct DojoMatchMerged {
    char *variant;             /* the game's name */
    char *names[2];            /* engines A and B */
    char *id_names[2];         /* what they call themselves ("" when unknown) */
    guint64 seed;
    int games, slices;
    DojoMatchTally tally;      /* every game of the match; names point to `names` */
    GPtrArray *notes;          /* a line per slice: its games and its machine */
} DojoMatchMerged;

/* Read the result files the `n` `paths` name (a file as it is; a folder as
 * the files ending in DOJO_MATCH_SLICE_SUFFIX in it and its subfolders,
 * not through symbolic links) and add them up into `merged` (cleared
 * first; clear it with dojo_match_merged_clear, also after a failure).
 * Fails, saying what and naming the files, when a path is neither a file
 * nor a folder, a folder holds no result file, a file does not read as a
 * slice result (or its counts disagree with its games), two files are the
 * same slice, a slice is missing, or a file is a slice of another match
 * (the first thing that differs is named: another engine, option, limit,
 * seed, number of slices...). */
bool dojo_match_merge(int n, char **paths, DojoMatchMerged *merged, GError **error);

void dojo_match_merged_clear(DojoMatchMerged *merged);

#endif
