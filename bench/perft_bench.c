/* perft_bench: move generator speed on the published perft counts.
 *
 *   perft_bench [--quick]      --quick runs each row one ply shallower
 *
 * Each row is checked against its published count (a wrong count exits 1),
 * then timed; leaves per second is the figure to compare across versions.
 * The counts are those of docs/rules/NAME.md.  Rows of a game the build
 * leaves out are skipped. */
#include <stdio.h>
#include <string.h>

#include "bench/bench_common.h"
#include "framework/perft.h"

#define MAX_DEPTH 8

typedef struct PerftRow {
    const char *variant;
    const char *option;     /* NAME=VALUE or NULL */
    int depth;              /* the depth run (--quick: one less) */
    uint64_t counts[MAX_DEPTH];   /* counts[d - 1]: the count at depth d */
} PerftRow;

#define ONITAMA_OX_BOAR { 10, 130, 1989, 28509, 487780, 7748422, 137281607, 2353802670u }

static const PerftRow rows[] = {
    { "onitama", "cards=ox,boar,horse,elephant,crab", 7, ONITAMA_OX_BOAR },
    { "onitama", "cards=rabbit,cobra,rooster,tiger,frog", 8,
      { 9, 72, 880, 10374, 138879, 1781181, 24489752, 324013378 } },
    { "onitama", "cards=goose,dragon,mantis,eel,crane", 7,
      { 10, 120, 1272, 16445, 211643, 2793554, 39359208, 537916817 } },
    { "onitama", "cards=monkey,tiger,crab,dragon,mantis", 7,
      { 11, 143, 1807, 23949, 325011, 4619275, 64873385, 949933361 } },
    { "onitama", "cards=ox,boar,horse,elephant,crab", 8, ONITAMA_OX_BOAR },
    { "ogi", NULL, 5, { 25, 625, 14825, 356853, 8490025 } },
    /* Every shogi-family engine (Fairy-Stockfish too) counts this: mates
     * inside the tree count 0 (perft.h). */
    { "ogi", NULL, 6, { 25, 625, 14825, 356853, 8490025, 205167370 } },
};

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (i > 1 || strcmp(argv[i], "--quick") != 0)
            bench_usage_error("perft_bench", "[--quick]", "unknown argument '%s'", argv[i]);
    bool quick = argc == 2;
    int failures = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
        const PerftRow *row = &rows[i];
        int depth = quick ? row->depth - 1 : row->depth;
        const DjVariant *v = NULL;
        void *pos = bench_position(row->variant, NULL, row->option, &v);
        if (pos == NULL)
            continue;
        double start = bench_now();
        uint64_t count = dj_perft(v, pos, depth);
        double seconds = bench_now() - start;
        bool ok = count == row->counts[depth - 1];
        failures += !ok;
        printf("%-8s %-40s depth %d: %12" G_GUINT64_FORMAT " leaves %s %8.3f s %8.1f M leaves/s\n",
               row->variant, row->option != NULL ? row->option : "start", depth, count,
               ok ? "ok   " : "WRONG", seconds, (double)count / seconds / 1e6);
        fflush(stdout);
        g_free(pos);
    }
    return failures == 0 ? 0 : 1;
}
