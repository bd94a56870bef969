/* search_bench: how deep and how fast the shared search goes from each
 * game's start position within a time budget.
 *
 *   search_bench [SECONDS]      (default 1 for Onitama, 5 for Ogi)
 *
 * Prints every completed iteration (depth, score, nodes, time) and the
 * nodes per second over the whole search. */
#include <stdio.h>

#include "bench/bench_common.h"
#include "framework/search/search.h"

typedef struct SearchRow {
    const char *variant;
    const char *option;
    double seconds;
} SearchRow;

static const SearchRow rows[] = {
    { "onitama", "cards=ox,boar,horse,elephant,crab", 1.0 },
    { "onitama", "cards=rabbit,cobra,rooster,tiger,frog", 1.0 },
    { "ogi", NULL, 5.0 },
};

static void report(const DjSearchInfo *info, void *user_data)
{
    (void)user_data;
    GString *score = g_string_new(NULL);
    dj_score_format(info->score, score);
    printf("  depth %2d  sel %2d  score %-10s nodes %12" G_GUINT64_FORMAT "  %7.3f s\n",
           info->depth, info->seldepth, score->str, info->nodes, info->elapsed_ms / 1000.0);
    fflush(stdout);
    g_string_free(score, TRUE);
}

int main(int argc, char **argv)
{
    double override = bench_seconds_argument("search_bench", argc, argv, 0);
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
        const SearchRow *row = &rows[i];
        const DjVariant *v = NULL;
        void *pos = bench_position(row->variant, NULL, row->option, &v);
        if (pos == NULL)
            continue;
        double budget = override > 0 ? override : row->seconds;
        printf("%s %s, %.1f s:\n", row->variant, row->option != NULL ? row->option : "start", budget);
        DjSearch *search = dj_search_new(v, 64);
        DjSearchLimits limits = { .time_ms = (int64_t)(budget * 1000) };
        DjSearchInfo info;
        double start = bench_now();
        DjMove best = dj_search_run(search, pos, NULL, 0, &limits, report, NULL, &info);
        double seconds = bench_now() - start;
        GString *text = g_string_new(NULL);
        v->format_move(pos, best, text);
        printf("  best %s, depth %d, %" G_GUINT64_FORMAT " nodes in %.3f s: %.2f M nodes/s\n",
               text->str, info.depth, info.nodes, seconds, (double)info.nodes / seconds / 1e6);
        g_string_free(text, TRUE);
        dj_search_free(search);
        g_free(pos);
    }
    return 0;
}
