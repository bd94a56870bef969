/* tablebase_probe: probes a second of a folder of tables
 * (framework/tablebase/probe.h), on one thread and on every core.
 *
 *   tablebase_probe GAME FOLDER OPTION [SECONDS]
 *   tablebase_probe onitama tablebases cards=ox,boar,horse,elephant,crab
 *
 * The positions probed are drawn at random from the classes of the tables
 * (index by index, then each turned round to the other side to move half
 * of the time, as a search meets them), made before the clock starts; all
 * tables are loaded first (dj_tablebase_preload), so the figure is the
 * probe's own: locate() and the lookup. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_common.h"
#include "framework/endgame.h"
#include "framework/registry.h"
#include "framework/tablebase/probe.h"

#define N_POSITIONS 4096

typedef struct Run {
    DjTablebase *tb;
    const uint8_t *positions;
    size_t size;
    double seconds;
    uint64_t probes, found;
    GThread *thread;
} Run;

static gpointer probe_for(gpointer data)
{
    Run *r = data;
    double end = bench_now() + r->seconds;
    uint64_t probes = 0, found = 0;
    while (bench_now() < end) {
        for (int i = 0; i < N_POSITIONS; i++) {
            int d;
            found += dj_tablebase_probe(r->tb, r->positions + (size_t)i * r->size, &d) !=
                     DJ_TB_NONE;
        }
        probes += N_POSITIONS;
    }
    r->probes = probes;
    r->found = found;
    return NULL;
}

static void measure(DjTablebase *tb, const uint8_t *positions, size_t size, double seconds,
                    int threads)
{
    Run runs[64] = { 0 };
    double start = bench_now();
    for (int t = 0; t < threads; t++) {
        runs[t] = (Run){ tb, positions, size, seconds, 0, 0, NULL };
        runs[t].thread = g_thread_new("probe", probe_for, &runs[t]);
    }
    uint64_t probes = 0, found = 0;
    for (int t = 0; t < threads; t++) {
        g_thread_join(runs[t].thread);
        probes += runs[t].probes;
        found += runs[t].found;
    }
    double took = bench_now() - start;
    printf("%d thread%s: %" G_GUINT64_FORMAT " probes in %.2f s: %.2f M probes/s (%.1f%% found)\n",
           threads, threads == 1 ? "" : "s", probes, took, probes / took / 1e6,
           100.0 * (double)found / (double)probes);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: tablebase_probe GAME FOLDER OPTION [SECONDS]\n");
        return 2;
    }
    double seconds = argc > 4 ? atof(argv[4]) : 1.0;
    const DjVariant *v = NULL;
    void *pos = bench_position(argv[1], NULL, argv[3], &v);
    if (pos == NULL)
        return 0;
    GError *error = NULL;
    DjTablebase *tb = dj_tablebase_open(v, argv[2], &error);
    if (tb == NULL || !dj_tablebase_preload(tb, pos, &error)) {
        fprintf(stderr, "tablebase_probe: %s\n", error->message);
        return 1;
    }
    const DjEndgames *eg = v->endgames;
    int n = eg->list_classes(pos, dj_tablebase_max_pieces(tb), NULL, 0);
    DjEndgameClass *classes = g_new0(DjEndgameClass, n);
    eg->list_classes(pos, dj_tablebase_max_pieces(tb), classes, n);
    uint8_t *positions = g_malloc0((size_t)N_POSITIONS * v->state_size);
    GRand *rand = g_rand_new_with_seed(1);
    for (int i = 0; i < N_POSITIONS;) {
        const DjEndgameClass *c = &classes[g_rand_int_range(rand, 0, n)];
        uint64_t index = ((uint64_t)g_rand_int(rand) << 32 | g_rand_int(rand)) % c->size;
        uint8_t *p = positions + (size_t)i * v->state_size;
        if (!eg->position(c->id, index, p))
            continue;
        if (v->mirror != NULL && g_rand_boolean(rand)) {
            uint8_t turned[256];
            v->mirror(p, turned);
            memcpy(p, turned, v->state_size);
        }
        i++;
    }
    printf("%s, %d tables of up to %d pieces in %s\n", v->title, dj_tablebase_count(tb),
           dj_tablebase_max_pieces(tb), argv[2]);
    measure(tb, positions, v->state_size, seconds, 1);
    measure(tb, positions, v->state_size, seconds, (int)MIN(g_get_num_processors(), 64));
    g_rand_free(rand);
    g_free(positions);
    g_free(classes);
    dj_tablebase_free(tb);
    g_free(pos);
    return 0;
}
