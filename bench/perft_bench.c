/* perft_bench: move generator speed on the published perft counts.
 *
 *   perft_bench [--quick]      --quick stops one ply shallower
 *
 * Each row is checked against its published count (a wrong count exits 1),
 * then timed; leaves per second is the figure to compare across versions. */
#include <stdio.h>
#include <string.h>

#include "bench_common.h"
#include "framework/perft.h"

typedef struct PerftRow {
    const char *variant;
    const char *option;     /* NAME=VALUE or NULL */
    int depth;
    uint64_t expected;
} PerftRow;

static const PerftRow rows[] = {
    { "onitama", "cards=ox,boar,horse,elephant,crab", 7, 137281607 },
    { "onitama", "cards=rabbit,cobra,rooster,tiger,frog", 8, 324013378 },
    { "onitama", "cards=goose,dragon,mantis,eel,crane", 7, 39359208 },
    { "onitama", "cards=monkey,tiger,crab,dragon,mantis", 7, 64873385 },
    { "onitama", "cards=ox,boar,horse,elephant,crab", 8, 2353802670u },
    { "ogi", NULL, 5, 8490025 },
    /* Every shogi-family engine (Fairy-Stockfish too) counts this: mates
     * inside the tree count 0 (perft.h). */
    { "ogi", NULL, 6, 205167370 },
};

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    int failures = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
        const PerftRow *row = &rows[i];
        if (quick && row->depth >= 8)
            continue;
        const DjVariant *v = NULL;
        void *pos = bench_position(row->variant, NULL, row->option, &v);
        double start = bench_now();
        uint64_t count = dj_perft(v, pos, row->depth);
        double seconds = bench_now() - start;
        bool ok = count == row->expected;
        failures += !ok;
        printf("%-8s %-40s depth %d: %12" G_GUINT64_FORMAT " leaves %s %8.3f s %8.1f M leaves/s\n",
               row->variant, row->option != NULL ? row->option : "start", row->depth, count,
               ok ? "ok   " : "WRONG", seconds, (double)count / seconds / 1e6);
        fflush(stdout);
        g_free(pos);
    }
    return failures == 0 ? 0 : 1;
}
