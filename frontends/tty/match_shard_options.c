/* match_shard_options.c: --shard, --result, --reference-nps and --merge of
 * `dojo match`. */
#include "frontends/tty/match_shard_options.h"

#include <stdio.h>
#include <string.h>

#include "framework/referee/match_shard.h"
#include "framework/referee/match_speed.h"
#include "framework/registry.h"
#include "framework/text_file.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/options.h"

/* As many slices as `dojo match` has games at most. */
#define MAX_SLICES 10000000

const char dojo_match_shard_description[] =
    "\n"
    "Many machines:\n"
    "  --shard K/N plays slice K of N (from 1) of the match, whole pairs, the very games\n"
    "  the whole match plays with the same --seed; its records are named by their number\n"
    "  in the whole match, and once it has played them all it saves its result to --result\n"
    "  FILE or RECORDS/slice-K-of-N.result.  --reference-nps N multiplies clocks and move\n"
    "  times by N / this machine's speed (a short bench of dojo's search).  'dojo match\n"
    "  --merge PATH...' adds up the slices' result files (folders: every *.result in\n"
    "  them) and prints the match's summary; it names a missing slice, a slice twice and\n"
    "  a slice of another match.  Recipes for Slurm, Kubernetes and GNU parallel:\n"
    "  docs/matches.md, \"Many machines\".\n";

void dojo_match_shard_rows(DojoShardArgs *args, DojoOption rows[DOJO_MATCH_SHARD_ROWS])
{
    const DojoOption table[DOJO_MATCH_SHARD_ROWS] = {
        { .name = "shard", .type = DOJO_OPTION_TEXT, .to.text = &args->shard, .arg = "K/N",
          .help = "Play slice K of N (from 1) and save its result: many machines" },
        { .name = "result", .type = DOJO_OPTION_PATH, .to.text = &args->result, .arg = "FILE",
          .help = "Save the slice's result here (default RECORDS/slice-K-of-N.result)" },
        { .name = "reference-nps", .type = DOJO_OPTION_WHOLE, .to.whole = &args->reference_nps,
          .min = 1, .max = G_MAXINT64, .def.whole = 0, .arg = "N",
          .help = "Scale time limits by N / this machine's bench speed" },
        { .name = "merge", .type = DOJO_OPTION_FLAG, .to.flag = &args->merge,
          .help = "Add up the slices' results in PATH... (files or folders)" },
        DOJO_OPTION_END,
    };
    memcpy(rows, table, sizeof table);
}

void dojo_match_shard_args_clear(DojoShardArgs *args)
{
    g_clear_pointer(&args->result_path, g_free);
}

/* K/N with 1 <= K <= N. */
static bool parse_shard(const char *text, int *index, int *count, GError **error)
{
    g_auto(GStrv) parts = g_strsplit(text, "/", -1);
    gint64 k = 0, n = 0;
    bool ok = g_strv_length(parts) == 2
        && g_ascii_string_to_signed(parts[0], 10, 0, MAX_SLICES, &k, NULL)
        && g_ascii_string_to_signed(parts[1], 10, 1, MAX_SLICES, &n, NULL) && k <= n;
    if (!ok)
        return dojo_usage_error(error, "--shard wants K/N, slice K of N, 1 <= K <= N, not '%s'",
                                text);
    if (k == 0)
        return dojo_usage_error(error, "--shard %s: slices are counted from 1 (an index that "
                                "counts from 0, as Kubernetes' JOB_COMPLETION_INDEX does, "
                                "needs 1 added)", text);
    *index = (int)k;
    *count = (int)n;
    return true;
}

/* No record of the slice's games in `records` yet. */
static bool check_records(const DojoShardArgs *args, int games, const char *records,
                          GError **error)
{
    int first = 0, end = 0;
    dojo_match_shard_games(games, args->index, args->count, &first, &end);
    for (int i = first; i < end; i++) {
        g_autofree char *name = dojo_match_shard_record_name(games, i);
        g_autofree char *path = g_build_filename(records, name, NULL);
        if (g_file_test(path, G_FILE_TEST_EXISTS))
            return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                                "%s: the record of game %d, of slice %d of %d, is there "
                                "already: a slice names its records by the game's number in "
                                "the whole match; move the slice's records away (or give a "
                                "fresh folder) to play it again", path, i + 1, args->index,
                                args->count);
    }
    return true;
}

bool dojo_match_shard_check(DojoShardArgs *args, int games, const char *records,
                            GError **error)
{
    args->index = args->count = 0;
    if (args->shard == NULL && args->result == NULL)
        return true;
    if (args->shard == NULL) {
        args->index = args->count = 1;
    } else if (!parse_shard(args->shard, &args->index, &args->count, error)) {
        return false;
    }
    int pairs = dojo_match_shard_pairs(games);
    if (args->count > pairs)
        return dojo_usage_error(error, "--shard %s: a slice plays whole pairs of games, and "
                                "%d %s %d %s: give at most %d slices", args->shard, games,
                                games == 1 ? "game is" : "games are", pairs,
                                pairs == 1 ? "pair" : "pairs", pairs);
    if (args->result != NULL) {
        args->result_path = g_strdup(args->result);
    } else if (records != NULL) {
        g_autofree char *name = dojo_match_slice_file_name(args->index, args->count);
        args->result_path = g_build_filename(records, name, NULL);
    } else {
        return dojo_usage_error(error, "--shard wants --records DIR or --result FILE: where "
                                "should the slice's result go?");
    }
    if (g_file_test(args->result_path, G_FILE_TEST_EXISTS))
        return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                            "%s: a slice's result is there already; remove it (and the "
                            "slice's records) to play the slice again", args->result_path);
    /* A records folder not made yet (the match makes it) holds nothing. */
    if (args->result == NULL && !g_file_test(records, G_FILE_TEST_IS_DIR))
        return true;
    if (!dj_text_file_check_target(args->result_path, NULL, error))
        return false;
    return records == NULL || check_records(args, games, records, error);
}

DojoMatchEnd dojo_match_shard_run(const DojoShardArgs *args, DojoMatchPlan *plan,
                                  gint64 balance_nodes, GError **error)
{
    if (args->count == 0 && args->reference_nps == 0)
        return dojo_match_run(plan, error);
    DojoMatchSliceFacts facts = { .reference_nps = (guint64)args->reference_nps,
                                  .balance_nodes = balance_nodes,
                                  .referee = dojo_cli_version() };
    facts.bench_nps = dojo_match_speed_nps(plan->variant);
    plan->time_scale = facts.reference_nps > 0
        ? (double)facts.reference_nps / (double)facts.bench_nps : 1.0;
    printf("Bench: %" G_GUINT64_FORMAT " nodes/s", facts.bench_nps);
    if (facts.reference_nps > 0)
        printf("; time limits x%.3f (reference %" G_GUINT64_FORMAT " nodes/s)",
               plan->time_scale, facts.reference_nps);
    printf("\n");
    if (args->count > 0) {
        int first = 0, end = 0;
        dojo_match_shard_games(plan->games, args->index, args->count, &first, &end);
        printf("Slice %d of %d: games %d to %d (pairs %d to %d)\n", args->index, args->count,
               first + 1, end, first / 2 + 1, (end + 1) / 2);
        plan->shard_index = args->index;
        plan->shard_count = args->count;
    }
    fflush(stdout);
    DojoMatchOutput output;
    memset(&output, 0, sizeof output);
    plan->output = &output;
    DojoMatchEnd end = dojo_match_run(plan, error);
    if (end == DOJO_MATCH_COMPLETE && args->count > 0) {
        if (dojo_match_slice_save(args->result_path, plan, &facts, error))
            printf("Slice %d of %d saved in %s: add the slices up with dojo match --merge\n",
                   args->index, args->count, args->result_path);
        else
            end = DOJO_MATCH_FAILED;
    } else if (args->count > 0 && end != DOJO_MATCH_FAILED) {
        printf("The slice did not play all its games: no result saved\n");
    }
    fflush(stdout);
    plan->output = NULL;
    dojo_match_output_clear(&output);
    return end;
}

int dojo_match_merge_command(const DojoShardArgs *args, const char *params, int n,
                             char **paths, bool engines_given)
{
    if (engines_given || args->shard != NULL || args->result != NULL
        || args->reference_nps != 0)
        return dojo_usage_failure("match", params, "--merge adds up slices played already: "
                                  "it takes no --engine, --shard, --result or --reference-nps");
    if (n == 0)
        return dojo_usage_failure("match", params, "--merge wants the result files of the "
                                  "slices, or folders that hold them");
    GError *error = NULL;
    DojoMatchMerged merged;
    if (!dojo_match_merge(n, paths, &merged, &error)) {
        dojo_match_merged_clear(&merged);
        return dojo_report_error("match", params, error);
    }
    const DjVariant *variant = dj_registry_find(merged.variant);
    g_autoptr(GString) text = g_string_new(NULL);
    g_string_append_printf(text, "Merge of %d slices of the match of %s: %s vs %s, %d games, "
                           "seed %" G_GUINT64_FORMAT "\n", merged.slices,
                           variant != NULL ? variant->title : merged.variant, merged.names[0],
                           merged.names[1], merged.games, merged.seed);
    for (int i = 0; i < 2; i++)
        g_string_append_printf(text, "%s: %s\n", merged.names[i],
                               merged.id_names[i][0] != '\0' ? merged.id_names[i]
                                                             : "(no id name)");
    for (guint i = 0; i < merged.notes->len; i++)
        g_string_append_printf(text, "%s\n", (char *)g_ptr_array_index(merged.notes, i));
    dojo_match_format_summary(&merged.tally, text);
    fputs(text->str, stdout);
    fflush(stdout);
    dojo_match_merged_clear(&merged);
    return DOJO_EXIT_OK;
}
