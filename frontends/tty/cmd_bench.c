/* cmd_bench.c: `dojo bench`: a fixed workload per variant (perft and
 * fixed-depth searches from standard positions) that prints node counts,
 * times and speeds.  With a fixed depth the node counts depend only on the
 * code, so their total doubles as a regression signature. */
#include <stdio.h>
#include <string.h>

#include "framework/perft.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "framework/search/search.h"
#include "frontends/common/nets.h"
#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/tty/position_file.h"

#define BENCH_PARAMS "[OPTION...] [VARIANT...]"
/* Without --depth, each variant searches to the first depth at which the
 * search of its first standard position visits this many nodes: a depth
 * that suits the game, found the same way on every run. */
#define BENCH_CALIBRATION_NODES 300000u
/* Standard positions: new games from these seeds (duplicates dropped)... */
#define BENCH_SEEDS 3
/* ...and the positions a few plies into each, reached by a fixed rule. */
#define BENCH_OPENING_PLIES 6
/* Perft deepens until a run counts at least this many leaves. */
#define BENCH_PERFT_LEAVES 20000000u
#define BENCH_TABLE_MB 16

typedef struct BenchArgs {
    gint64 depth;            /* 0: calibrated */
    gint64 time_ms;          /* 0: none */
    const char *positions;   /* a file of position strings to search instead */
    const char *eval_file;
} BenchArgs;

typedef struct BenchTotals {
    uint64_t perft_leaves;
    double perft_seconds;
    uint64_t search_nodes;
    double search_seconds;
} BenchTotals;

typedef struct BenchPositions {
    GPtrArray *positions;   /* state_size blocks */
    GArray *keys;           /* uint64_t, to drop duplicates (standard positions only) */
    GArray *is_start;       /* gboolean: a new game rather than a later position */
} BenchPositions;

static void positions_add(BenchPositions *set, const DjVariant *variant, const void *pos,
                          gboolean is_start)
{
    uint64_t key = variant->key(pos);
    for (guint i = 0; i < set->keys->len; i++) {
        if (g_array_index(set->keys, uint64_t, i) == key)
            return;
    }
    void *copy = g_malloc(variant->state_size);
    memcpy(copy, pos, variant->state_size);
    g_ptr_array_add(set->positions, copy);
    g_array_append_val(set->keys, key);
    g_array_append_val(set->is_start, is_start);
}

static void positions_init(BenchPositions *set)
{
    set->positions = g_ptr_array_new_with_free_func(g_free);
    set->keys = g_array_new(FALSE, FALSE, sizeof(uint64_t));
    set->is_start = g_array_new(FALSE, FALSE, sizeof(gboolean));
}

/* New games from fixed seeds with default options, and from each the
 * position after a few plies picked by a fixed arithmetic rule over the
 * legal move list: varied, reproducible, and known to no game. */
static void standard_positions(const DjVariant *variant, BenchPositions *set)
{
    g_autofree void *pos = g_malloc(variant->state_size);
    g_autofree DjMove *moves = g_new(DjMove, variant->max_moves);
    for (int seed = 1; seed <= BENCH_SEEDS; seed++) {
        DjSetup setup = { .position = NULL, .seed = (guint64)seed };
        if (!variant->setup(pos, &setup, NULL))
            continue;
        positions_add(set, variant, pos, TRUE);
        for (int ply = 0; ply < BENCH_OPENING_PLIES; ply++) {
            if (dj_position_outcome(variant, pos) != DJ_OUTCOME_ONGOING)
                break;
            int n = variant->legal_moves(pos, moves);
            variant->play(pos, moves[(ply * 7 + seed * 3) % n]);
        }
        if (dj_position_outcome(variant, pos) == DJ_OUTCOME_ONGOING)
            positions_add(set, variant, pos, FALSE);
    }
}

/* The positions of a file (see position_file.h): searched, not counted by
 * perft, which measures move generation from the standard positions. */
static bool file_positions(const DjVariant *variant, const char *path, BenchPositions *set,
                           GError **error)
{
    g_autoptr(GPtrArray) strings = dojo_position_file_read(variant, path, "a positions file",
                                                           "cannot read the positions in ",
                                                           error);
    if (strings == NULL)
        return false;
    g_autofree void *pos = g_malloc(variant->state_size);
    for (guint i = 0; i < strings->len; i++) {
        DjSetup setup = { .position = g_ptr_array_index(strings, i) };
        /* dojo_position_file_read has read each of them */
        if (!variant->setup(pos, &setup, error))
            return false;
        /* not a start, so that perft leaves it out; kept even when it
         * repeats a line, so that the file's count is the bench's */
        void *copy = g_malloc(variant->state_size);
        memcpy(copy, pos, variant->state_size);
        g_ptr_array_add(set->positions, copy);
        gboolean is_start = FALSE;
        g_array_append_val(set->is_start, is_start);
    }
    return true;
}

/* Also for a set never filled (all NULL). */
static void positions_clear(BenchPositions *set)
{
    if (set->positions == NULL)
        return;
    g_ptr_array_free(set->positions, TRUE);
    g_array_free(set->keys, TRUE);
    g_array_free(set->is_start, TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(BenchPositions, positions_clear)

static void bench_perft(const DjVariant *variant, int index, const void *pos,
                        BenchTotals *totals)
{
    uint64_t leaves = 0;
    int depth = 0;
    double start = dojo_output_now();
    while (leaves < BENCH_PERFT_LEAVES && depth < DJ_SEARCH_MAX_PLY) {
        depth++;
        uint64_t previous = leaves;
        leaves = dj_perft(variant, pos, depth);
        if (leaves <= previous)   /* the tree stopped growing: every line ended */
            break;
    }
    double seconds = dojo_output_now() - start;
    g_autoptr(GString) rate = g_string_new(NULL);
    dojo_output_rate(leaves, seconds, rate);
    printf("%-10s position %d  perft %2d  %12" G_GUINT64_FORMAT " leaves  %8.3f s  %12s leaves/s\n",
           variant->name, index, depth, (guint64)leaves, seconds, rate->str);
    fflush(stdout);
    totals->perft_leaves += leaves;
    totals->perft_seconds += seconds;
}

static void bench_search(const DjVariant *variant, DjSearch *search, int index, const void *pos,
                         const DjSearchLimits *limits, BenchTotals *totals)
{
    dj_search_clear(search);
    DjSearchInfo info;
    memset(&info, 0, sizeof info);
    double start = dojo_output_now();
    DjMove best = dj_search_run(search, pos, NULL, 0, limits, NULL, NULL, &info);
    double seconds = dojo_output_now() - start;
    g_autoptr(GString) text = g_string_new(NULL);
    dojo_output_rate(info.nodes, seconds, text);
    printf("%-10s position %d  search %2d  %12" G_GUINT64_FORMAT " nodes   %8.3f s  %12s nodes/s  ",
           variant->name, index, info.depth, (guint64)info.nodes, seconds, text->str);
    g_string_truncate(text, 0);
    variant->format_move(pos, best, text);
    g_string_append(text, " ");
    dojo_format_score(variant, pos, info.pv, info.pv_length, info.score, false, text);
    printf("%s\n", text->str);
    fflush(stdout);
    totals->search_nodes += info.nodes;
    totals->search_seconds += seconds;
}

static int calibrate_depth(const DjVariant *variant, DjSearch *search, const void *pos)
{
    int depth = 1;
    for (; depth < DJ_SEARCH_MAX_PLY; depth++) {
        dj_search_clear(search);
        DjSearchLimits limits = { .depth = depth };
        DjSearchInfo info;
        memset(&info, 0, sizeof info);
        dj_search_run(search, pos, NULL, 0, &limits, NULL, NULL, &info);
        /* A search that ends short of its depth has solved the position. */
        if (info.nodes >= BENCH_CALIBRATION_NODES || info.depth < depth)
            break;
    }
    printf("%-10s search depth %d (the first at which position 1 needs %u nodes)\n",
           variant->name, depth, BENCH_CALIBRATION_NODES);
    return depth;
}

/* The bench of one variant from `set`: perft from its starts, then the
 * searches of all its positions. */
static void bench_variant(const DjVariant *variant, const BenchPositions *set,
                          const DjSearchLimits *given_limits, BenchTotals *totals)
{
    dojo_nets_install(variant, DJ_LEVEL_MAX);
    /* the alpha-beta search needs an evaluation: without one, perft only */
    g_autoptr(DjSearch) search = variant->evaluate != NULL ? dj_search_new(variant, BENCH_TABLE_MB) : NULL;
    DjSearchLimits limits = *given_limits;
    if (search != NULL && limits.depth == 0 && limits.time_ms == 0 && set->positions->len > 0)
        limits.depth = calibrate_depth(variant, search, g_ptr_array_index(set->positions, 0));
    for (guint i = 0; i < set->positions->len; i++) {
        const void *pos = g_ptr_array_index(set->positions, i);
        if (g_array_index(set->is_start, gboolean, i))
            bench_perft(variant, (int)i + 1, pos, totals);
    }
    for (guint i = 0; search != NULL && i < set->positions->len; i++)
        bench_search(variant, search, (int)i + 1, g_ptr_array_index(set->positions, i), &limits,
                     totals);
}

static int run_bench(void *data, int n_positional, char **positional)
{
    BenchArgs *args = data;
    GError *error = NULL;
    gint64 depth = args->depth;
    gint64 time_ms = args->time_ms;
    g_autoptr(GPtrArray) variants = g_ptr_array_new();
    for (int i = 0; i < n_positional; i++) {
        const DjVariant *variant = dojo_variant_lookup(positional[i], &error);
        if (variant == NULL)
            return dojo_report_error("bench", BENCH_PARAMS, error);
        g_ptr_array_add(variants, (gpointer)variant);
    }
    if (n_positional == 0) {
        for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++)
            g_ptr_array_add(variants, (gpointer)*v);
    }
    /* A network for one game named (or any game's, when all are benched). */
    if (args->eval_file != NULL
        && !dojo_nets_choose_value(args->eval_file,
                                   variants->len == 1 ? g_ptr_array_index(variants, 0) : NULL,
                                   &error))
        return dojo_report_error("bench", BENCH_PARAMS, error);
    /* Read before anything is printed: a bad file is all the output. */
    g_auto(BenchPositions) from_file = { NULL, NULL, NULL };
    if (args->positions != NULL) {
        if (n_positional != 1) {
            dojo_usage_error(&error, "--positions holds the positions of one game: name it "
                                     "(dojo bench --positions FILE GAME)");
            return dojo_report_error("bench", BENCH_PARAMS, error);
        }
        positions_init(&from_file);
        if (!file_positions(g_ptr_array_index(variants, 0), args->positions, &from_file, &error))
            return dojo_report_error("bench", BENCH_PARAMS, error);
    }

    DjSearchLimits limits = { .depth = (int)depth, .time_ms = time_ms };
    if (time_ms > 0)
        printf("Searches stop after %d ms%s: node counts vary from run to run.\n",
               (int)time_ms, depth > 0 ? " or at the depth given" : "");
    else
        printf("Searches to a fixed depth from cleared tables: node counts are "
               "reproducible.\n");
    BenchTotals totals = { 0 };
    for (guint i = 0; i < variants->len; i++) {
        const DjVariant *variant = g_ptr_array_index(variants, i);
        if (args->positions != NULL) {
            bench_variant(variant, &from_file, &limits, &totals);
            continue;
        }
        g_auto(BenchPositions) standard = { NULL, NULL, NULL };
        positions_init(&standard);
        standard_positions(variant, &standard);
        bench_variant(variant, &standard, &limits, &totals);
    }

    g_autoptr(GString) rate = g_string_new(NULL);
    if (args->positions == NULL) {   /* no perft from a file's positions */
        dojo_output_rate(totals.perft_leaves, totals.perft_seconds, rate);
        printf("total perft:  %" G_GUINT64_FORMAT " leaves in %.3f s (%s leaves/s)\n",
               (guint64)totals.perft_leaves, totals.perft_seconds, rate->str);
        g_string_truncate(rate, 0);
    }
    dojo_output_rate(totals.search_nodes, totals.search_seconds, rate);
    printf("total search: %" G_GUINT64_FORMAT " nodes in %.3f s (%s nodes/s)\n",
           (guint64)totals.search_nodes, totals.search_seconds, rate->str);
    printf("signature: %" G_GUINT64_FORMAT "\n",
           (guint64)(totals.perft_leaves + totals.search_nodes));
    return DOJO_EXIT_OK;
}

int dojo_cmd_bench(int argc, char **argv)
{
    BenchArgs args;
    memset(&args, 0, sizeof args);
    const DojoOption rows[] = {
        { .name = "depth", .type = DOJO_OPTION_WHOLE, .to.whole = &args.depth, .min = 1,
          .max = DJ_SEARCH_MAX_PLY, .default_note = "calibrated per variant", .arg = "N",
          .help = "Search depth" },
        { .name = "time", .type = DOJO_OPTION_WHOLE, .to.whole = &args.time_ms, .min = 1,
          .max = G_MAXINT32, .arg = "MS",
          .help = "Search each position for MS milliseconds instead (counts then vary)" },
        { .name = "positions", .type = DOJO_OPTION_PATH, .to.text = &args.positions,
          .arg = "FILE", .help = "Search the positions in FILE instead of the standard ones" },
        { .name = "eval-file", .type = DOJO_OPTION_PATH, .to.text = &args.eval_file,
          .arg = "FILE", .help = DOJO_NETS_OPTION_HELP },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "[VARIANT...]",
        "Run a fixed workload for each variant (all when none is named): perft from\n"
        "standard positions until a run counts 20 million leaves, and searches to a fixed\n"
        "depth from those positions and a few plies into each (by default the first depth\n"
        "at which the first position's search needs 300000 nodes).  Prints nodes, times,\n"
        "speeds and totals; with a fixed depth the node counts, and so the final\n"
        "signature, change only when the code does.  Build with -Dbuildtype=release.",
        "--positions FILE searches the positions of FILE instead (one position string a\n"
        "line, as the game writes it; lines that start with # are comments), for the\n"
        "one game named, and leaves perft out: the positions where a game is decided\n"
        "may search differently from the standard ones.",
        rows);
    return dojo_option_parse_and_run(context, "bench", BENCH_PARAMS, argc, argv, run_bench,
                                     &args);
}
