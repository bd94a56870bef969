/* mcts_bench: playouts per second of the Monte Carlo tree search from each
 * game's start position, with random playouts (the default) and with
 * playouts cut after 8 plies by evaluate().
 *
 *   mcts_bench [SECONDS]      (default 2 a search)
 *
 * Prints the playouts, the time, the rate, the move chosen and the tree's
 * size. */
#include <stdio.h>

#include "bench/bench_common.h"
#include "framework/search/mcts.h"

typedef struct MctsRow {
    const char *variant;
    const char *option;
} MctsRow;

static const MctsRow rows[] = {
    { "onitama", "cards=ox,boar,horse,elephant,crab" },
    { "onitama", "cards=rabbit,cobra,rooster,tiger,frog" },
    { "ogi", NULL },
};

static void run(const DjVariant *v, const void *pos, double budget, int evaluate_after)
{
    DjMctsOptions options;
    dj_mcts_options_default(&options);
    options.evaluate_after = evaluate_after;
    DjMcts *mcts = dj_mcts_new(v, 64, &options);
    DjSearchLimits limits = { .time_ms = (int64_t)(budget * 1000) };
    DjSearchInfo info;
    double start = bench_now();
    DjMove best = dj_mcts_run(mcts, pos, NULL, 0, &limits, NULL, NULL, &info);
    double seconds = bench_now() - start;
    GString *text = g_string_new(NULL);
    v->format_move(pos, best, text);
    g_string_append(text, ", score ");
    dj_score_format(info.score, text);
    printf("  %-22s %10" G_GUINT64_FORMAT " playouts in %6.3f s: %9.0f playouts/s  "
           "best %s, tree %u nodes\n",
           evaluate_after > 0 ? "cut after 8 plies:" : "random playouts:", info.nodes, seconds,
           (double)info.nodes / seconds, text->str, dj_mcts_pool_used(mcts));
    g_string_free(text, TRUE);
    dj_mcts_free(mcts);
}

int main(int argc, char **argv)
{
    double budget = bench_seconds_argument("mcts_bench", argc, argv, 2.0);
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
        const MctsRow *row = &rows[i];
        const DjVariant *v = NULL;
        void *pos = bench_position(row->variant, NULL, row->option, &v);
        if (pos == NULL)
            continue;   /* a game the build leaves out */
        printf("%s %s, %.1f s a search (one thread):\n", row->variant,
               row->option != NULL ? row->option : "start", budget);
        run(v, pos, budget, 0);
        if (v->evaluate != NULL)
            run(v, pos, budget, 8);
        fflush(stdout);
        g_free(pos);
    }
    return 0;
}
