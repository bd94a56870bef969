/* tablebase_published: dojo's Onitama tables against the counts other
 * solvers publish for the same card set (docs/tablebases.md, "Published
 * counts").
 *
 *   tablebase_published FOLDER [STUDENTS]
 *   tablebase_published tablebases 2
 *
 * FOLDER holds the tables of the cards ox, boar, horse, elephant, crab
 * (`dojo solve onitama --cards ox,boar,horse,elephant,crab --pieces N`)
 * for every class of at most STUDENTS students a side (default 2: the
 * "6 pieces" of the other solvers, who count at most N/2 - 1 students a
 * side).  It adds up the tables' own counts and, position by position
 * (every index of those classes, on every core), the positions the side to
 * move wins with its next move, and compares:
 *
 * - LHolten/onitama-solver (src/bin/table_base.rs, commit 68b52aa): won
 *   for the side to move;
 * - L0laapk3/onitama-tb (src/TableBase.hpp, commit 1bbc879): won or lost,
 *   leaving out the positions won with the next move;
 * - L0laapk3/onitama-tb2 (EXPECTED_WIN_IN_ONE): the positions won with
 *   the next move alone (a check of the rules, not of the solver).
 *
 * Exit status 0 when every published count for STUDENTS is met, 1 when
 * one differs, 2 for bad arguments or tables missing.  Minutes of CPU for
 * two students a side (1.08 billion positions). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_common.h"
#include "framework/endgame.h"
#include "framework/registry.h"
#include "framework/tablebase/table_file.h"

#define CARDS "ox,boar,horse,elephant,crab"
#define MAX_CLASSES 32

typedef struct Published {
    int students;               /* at most this many a side */
    uint64_t won;               /* LHolten */
    uint64_t decided_not_at_once;   /* L0laapk3: won or lost, less won at once */
    uint64_t won_at_once;       /* L0laapk3 tb2; 0: not published */
} Published;

static const Published published[] = {
    { 1, 6752579u, 0, 0 },
    { 2, 831344251u, 537649967u, 537541377u },
    { 3, 37560295296u, 19974501547u, 0 },
};

typedef struct Count {
    const DjVariant *v;
    const DjEndgameClass *classes;
    int n;
    int thread, threads;
    uint64_t at_once;
    GThread *handle;
} Count;

/* The side to move wins with one of its moves. */
static bool won_at_once(const DjVariant *v, const void *pos, DjMove *moves, void *child)
{
    int me = v->side_to_move(pos);
    int n = v->legal_moves(pos, moves);
    for (int m = 0; m < n; m++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[m]);
        DjOutcome o = v->outcome(child);
        if (o != DJ_OUTCOME_ONGOING && dj_outcome_winner(o) == me)
            return true;
    }
    return false;
}

static gpointer count_at_once(gpointer data)
{
    Count *c = data;
    const DjVariant *v = c->v;
    uint8_t *pos = g_malloc0(v->state_size), *child = g_malloc0(v->state_size);
    DjMove *moves = g_new0(DjMove, v->max_moves);
    for (int k = 0; k < c->n; k++) {
        uint64_t size = c->classes[k].size;
        uint64_t from = size * (uint64_t)c->thread / (uint64_t)c->threads;
        uint64_t to = size * (uint64_t)(c->thread + 1) / (uint64_t)c->threads;
        for (uint64_t x = from; x < to; x++)
            if (v->endgames->position(c->classes[k].id, x, pos))
                c->at_once += won_at_once(v, pos, moves, child);
    }
    g_free(moves);
    g_free(child);
    g_free(pos);
    return NULL;
}

static bool compare(const char *what, uint64_t ours, uint64_t theirs)
{
    bool same = ours == theirs;
    printf("%-58s %14" PRIu64 " %14" PRIu64 "  %s\n", what, ours, theirs,
           same ? "agree" : "DIFFER");
    return same;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: tablebase_published FOLDER [STUDENTS]\n");
        return 2;
    }
    int students = argc > 2 ? atoi(argv[2]) : 2;
    const Published *want = NULL;
    for (size_t i = 0; i < G_N_ELEMENTS(published); i++)
        if (published[i].students == students)
            want = &published[i];
    if (want == NULL) {
        fprintf(stderr, "tablebase_published: counts are published for 1 to 3 students a "
                        "side, not %d\n", students);
        return 2;
    }
    const DjVariant *v = NULL;
    g_autofree void *pos = bench_position("onitama", NULL, "cards=" CARDS, &v);
    if (pos == NULL)
        return 2;
    const DjEndgames *eg = v->endgames;
    DjEndgameClass all[64], classes[MAX_CLASSES];
    int n_all = eg->list_classes(pos, 2 + 2 * students, all, 64), n = 0;
    uint64_t sum[4] = { 0 };
    for (int i = 0; i < n_all && i < 64; i++) {
        int b, r;
        const char *dot = strrchr(all[i].name, '.');
        if (dot == NULL || sscanf(dot, ".%dv%d", &b, &r) != 2 || b > students || r > students)
            continue;
        g_autofree char *path = dj_tb_table_path(argv[1], v->name, &all[i]);
        DjTbTable head;
        bool distances;
        g_autoptr(GError) error = NULL;
        if (!dj_tb_table_read_header(path, &head, &distances, &error)) {
            fprintf(stderr, "tablebase_published: %s\n", error->message);
            return 2;
        }
        for (int c = 0; c < 4; c++)
            sum[c] += head.counts[c];
        classes[n++] = all[i];
    }
    printf("%d classes of at most %d students a side, cards %s, in %s\n", n, students, CARDS,
           argv[1]);
    bool same = compare("positions won for the side to move (LHolten)", sum[DJ_TB_WIN],
                        want->won);
    if (want->decided_not_at_once != 0) {
        int threads = (int)MIN(g_get_num_processors(), 64);
        Count counts[64];
        double start = bench_now();
        for (int t = 0; t < threads; t++) {
            counts[t] = (Count){ v, classes, n, t, threads, 0, NULL };
            counts[t].handle = g_thread_new("count", count_at_once, &counts[t]);
        }
        uint64_t at_once = 0;
        for (int t = 0; t < threads; t++) {
            g_thread_join(counts[t].handle);
            at_once += counts[t].at_once;
        }
        printf("(positions won with the next move counted in %.0f s on %d threads)\n",
               bench_now() - start, threads);
        if (want->won_at_once != 0)
            same &= compare("positions won with the next move (L0laapk3, tb2)", at_once,
                            want->won_at_once);
        same &= compare("won or lost, less those won with the next move (L0laapk3)",
                        sum[DJ_TB_WIN] + sum[DJ_TB_LOSS] - at_once, want->decided_not_at_once);
    }
    printf("drawn: %" PRIu64 " of %" PRIu64 " positions\n", sum[DJ_TB_DRAW],
           sum[DJ_TB_WIN] + sum[DJ_TB_LOSS] + sum[DJ_TB_DRAW]);
    return same ? 0 : 1;
}
