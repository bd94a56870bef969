/* solve.c: the retrograde solver (solve.h).
 *
 * While a group is solved, every position of it has a 16-bit word: its
 * value (DjTbValue, in the top two bits; DJ_TB_DRAW meaning "not decided
 * yet") and its distance in plies (the low 14 bits).  Level d decides the
 * positions d plies from the end.  A decided word whose distance is below
 * d is *final* at level d; other positions read it as unknown, so words
 * written during level d (their distance is d or more) never change what
 * another position of the same level sees.  That makes the order in
 * which threads visit positions irrelevant, and an interrupted level can
 * simply be done again after a resume.
 *
 * Evaluating a position at level d (evaluate()): play each of its moves;
 * a move that ends the game, leads to an earlier group's table or to a
 * final word of the group has a known value.  Some move to a lost
 * position: won, one ply more than the quickest such; every move to a won
 * position: lost, one ply more than the slowest.  Earlier tables are
 * known at once, so level 1 can decide a position with a distance above 1
 * (a capture into a long loss): that word is written with its true
 * distance and only becomes final at the level after it.  A won word may
 * still get a shorter distance later from its own group; a lost word
 * never changes.
 *
 * Which positions a level evaluates: at levels 0 and 1 every one (level 0
 * marks what is no position and what has no move); after that, without
 * predecessors, every position not decided yet (and won ones whose
 * distance may shrink); with predecessors, only the predecessors of the
 * positions whose words became final at this level (distance d - 1),
 * marked in a bitmap first.  When the game's predecessors are exact
 * (DjEndgames.predecessors_exact), those of a lost position are not
 * marked but written won in d at once: a move to a position lost in
 * d - 1 is a win in d, and no quicker win was left to find (it would have
 * been found at an earlier level).  The group is done after level d when no word
 * has a distance of d or more: nothing can change any more, and what is
 * undecided is a draw.
 */
#include "framework/tablebase/solve.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "framework/error.h"
#include "framework/tablebase/probe.h"
#include "framework/tablebase/tb_error.h"
#include "framework/text_file.h"

#define DIST_MASK 0x3fffu
#define UNKNOWN_MANY 255u
#define CHUNK 4096u
#define CHECKPOINT_MAGIC "dojo-tablebase-checkpoint 1\n"

static inline unsigned w_value(uint16_t w) { return w >> 14; }
static inline unsigned w_dist(uint16_t w) { return w & DIST_MASK; }
static inline uint16_t w_make(unsigned v, unsigned d) { return (uint16_t)(v << 14 | d); }

typedef enum Phase { PHASE_INIT, PHASE_ALL, PHASE_MARK, PHASE_MARKED, PHASE_COUNT } Phase;

typedef struct Solver {
    const DjVariant *v;
    const DjEndgames *eg;
    const DjTbBuildOptions *o;
    DjTablebase *lower;           /* the earlier groups' tables */
    const DjEndgameClass *cls;    /* the group's classes */
    int n_cls;
    uint64_t offset[64 + 1];      /* class k holds words offset[k] .. offset[k+1] - 1 */
    uint64_t total;
    uint16_t *w;
    uint64_t *mark;               /* retrograde: the positions to evaluate */
    bool retro;
    /* With exact predecessors: for each undecided word, its moves into the
     * group not yet known to lead to a position won for the other side
     * (UNKNOWN_MANY: too many to count, evaluated as without counts).  A
     * position is evaluated only when the last of them becomes a win. */
    uint8_t *unknown;
    int level;
    Phase phase;
    uint64_t next;                /* the next chunk's first word; atomic */
    int stop_seen;                /* atomic */
    int failed;                   /* atomic: the game broke its contract */
    char failure[256];
    GMutex failure_lock;
    /* Progress within a level: the caller's worker reports it. */
    DjTbProgress *prog;
    GTimer *timer;
    double last_report;
    int passes, pass_index;       /* the level's passes, and which one runs */
    /* Summed over the workers after each pass. */
    unsigned max_dist;            /* the largest distance of any decided word */
    uint64_t decided;
} Solver;

typedef struct Worker {
    Solver *s;
    GThread *thread;
    bool reports;                 /* the caller's thread: says how far a level is */
    uint8_t *pos, *child, *preds;
    DjMove *moves;
    unsigned max_dist;
    uint64_t decided;
} Worker;

static void fail(Solver *s, const char *what, const DjEndgameClass *cls, uint64_t index)
{
    g_mutex_lock(&s->failure_lock);
    if (!s->failed)
        g_snprintf(s->failure, sizeof s->failure,
                   "%s cannot be solved: %s (class %s, position %" PRIu64 ")", s->v->title, what,
                   cls->name, index);
    __atomic_store_n(&s->failed, 1, __ATOMIC_RELEASE);
    g_mutex_unlock(&s->failure_lock);
}

static int class_in_group(const Solver *s, DjEndgameId id)
{
    for (int k = 0; k < s->n_cls; k++)
        if (s->cls[k].id == id)
            return k;
    return -1;
}

static inline uint16_t load_w(const Solver *s, uint64_t g)
{
    return __atomic_load_n(&s->w[g], __ATOMIC_RELAXED);
}

static inline void store_w(Solver *s, uint64_t g, uint16_t w)
{
    __atomic_store_n(&s->w[g], w, __ATOMIC_RELAXED);
}

/* The word of `pos` (class k, index i) at the solver's level: its new
 * word, or 0 when it stays undecided.  *unknown (when not NULL): its moves
 * into the group whose value is not known yet at this level, when it
 * stays undecided. */
static uint16_t evaluate(Worker *wk, const void *pos, int k, uint64_t i, unsigned *unknown)
{
    Solver *s = wk->s;
    const DjVariant *v = s->v;
    int level = s->level;
    int n = v->legal_moves(pos, wk->moves);
    if (n == 0)
        return w_make(DJ_TB_LOSS, 0);
    int me = v->side_to_move(pos);
    unsigned win_best = UINT_MAX, loss_max = 0, not_known = 0;
    bool all_lost = true;   /* every move so far leads to a win for the other side */
    for (int m = 0; m < n; m++) {
        memcpy(wk->child, pos, v->state_size);
        v->play(wk->child, wk->moves[m]);
        int cs = v->side_to_move(wk->child);
        DjOutcome o = v->outcome(wk->child);
        unsigned kind, cd = 0;   /* the child's value for ITS side to move */
        if (o != DJ_OUTCOME_ONGOING) {
            int winner = dj_outcome_winner(o);
            kind = winner < 0 ? DJ_TB_DRAW : winner == cs ? DJ_TB_WIN : DJ_TB_LOSS;
        } else {
            DjEndgameId id;
            uint64_t ci;
            if (!s->eg->locate(wk->child, &id, &ci)) {
                fail(s, "a move leads to a position in no class", &s->cls[k], i);
                return 0;
            }
            int ck = class_in_group(s, id);
            if (ck >= 0) {
                if (ci >= s->cls[ck].size) {
                    fail(s, "locate() gave an index out of range", &s->cls[k], i);
                    return 0;
                }
                uint16_t cw = load_w(s, s->offset[ck] + ci);
                kind = w_value(cw);
                cd = w_dist(cw);
                if (kind == DJ_TB_NONE) {
                    fail(s, "a move leads to an index position() refuses", &s->cls[k], i);
                    return 0;
                }
                if (kind == DJ_TB_DRAW || (int)cd > level - 1) {
                    all_lost = false;   /* not known yet */
                    not_known++;
                    continue;
                }
            } else {
                int d;
                kind = dj_tablebase_probe(s->lower, wk->child, &d);
                if (kind == DJ_TB_NONE) {
                    fail(s, "a move leads to a class not solved before", &s->cls[k], i);
                    return 0;
                }
                cd = d < 0 ? 0 : (unsigned)d;
            }
        }
        if (kind == DJ_TB_DRAW) {
            all_lost = false;
            continue;
        }
        bool good = cs != me ? kind == DJ_TB_LOSS : kind == DJ_TB_WIN;
        if (good) {
            win_best = MIN(win_best, cd + 1);
            /* Nothing quicker can turn up: a win in fewer plies than the
             * level was found at an earlier one. */
            if ((int)win_best <= MAX(level, 1))
                break;
        } else
            loss_max = MAX(loss_max, cd + 1);
    }
    if (win_best != UINT_MAX)
        return w_make(DJ_TB_WIN, MIN(win_best, DIST_MASK));
    if (all_lost)
        return w_make(DJ_TB_LOSS, MIN(loss_max, DIST_MASK));
    if (unknown != NULL)
        *unknown = not_known;
    return 0;
}

/* Evaluate word g (class k, index i) at the level and write what changed. */
static void visit(Worker *wk, int k, uint64_t i, uint64_t g)
{
    Solver *s = wk->s;
    uint16_t old = load_w(s, g);
    unsigned ov = w_value(old);
    if (ov == DJ_TB_NONE || ov == DJ_TB_LOSS ||
        (ov == DJ_TB_WIN && (int)w_dist(old) <= s->level))
        return;
    if (!s->eg->position(s->cls[k].id, i, wk->pos)) {
        fail(s, "position() refuses an index it accepted before", &s->cls[k], i);
        return;
    }
    unsigned unknown = UNKNOWN_MANY;
    uint16_t nw = evaluate(wk, wk->pos, k, i, &unknown);
    if (nw == 0 && ov == DJ_TB_DRAW && s->unknown != NULL) {
        if (s->phase != PHASE_MARKED)
            s->unknown[g] = (uint8_t)MIN(unknown, UNKNOWN_MANY);
        else if (s->unknown[g] == 0 && unknown > 0)
            /* evaluated because its count reached 0: every move into the
             * group should be known by now */
            fail(s, "a count of unknown moves reached 0 too early: predecessors() gives "
                    "too few positions or too many (predecessors_exact)", &s->cls[k], i);
    }
    if (nw == 0 || (ov == DJ_TB_WIN && w_dist(nw) >= w_dist(old)))
        return;
    if (ov == DJ_TB_DRAW)
        wk->decided++;
    store_w(s, g, nw);
}

static void pass_init(Worker *wk, int k, uint64_t i, uint64_t g)
{
    Solver *s = wk->s;
    if (!s->eg->position(s->cls[k].id, i, wk->pos)) {
        store_w(s, g, w_make(DJ_TB_NONE, 0));
        return;
    }
    if (s->v->legal_moves(wk->pos, wk->moves) == 0) {
        store_w(s, g, w_make(DJ_TB_LOSS, 0));
        wk->decided++;
    } else {
        store_w(s, g, 0);
    }
}

/* Predecessor word pg of a position lost at the level before: won at
 * this level, unless it is won as quickly already.  Only words of
 * distance `level` are written, which no other word of this pass reads. */
static void win_at_level(Worker *wk, uint64_t pg)
{
    Solver *s = wk->s;
    uint16_t want = w_make(DJ_TB_WIN, (unsigned)s->level);
    uint16_t old = load_w(s, pg);
    for (;;) {
        unsigned ov = w_value(old);
        if (ov == DJ_TB_NONE || ov == DJ_TB_LOSS ||
            (ov == DJ_TB_WIN && (int)w_dist(old) <= s->level))
            return;
        if (__atomic_compare_exchange_n(&s->w[pg], &old, want, false, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            if (ov == DJ_TB_DRAW)
                wk->decided++;
            return;
        }
    }
}

/* Predecessor word pg (class pk, index pi) of a position won at the
 * level before (with counts): one move fewer not known.  false when it is
 * to be evaluated now (that was the last one, or they were too many to
 * count). */
static bool one_less_unknown(Solver *s, uint64_t pg, int pk, uint64_t pi)
{
    if (w_value(load_w(s, pg)) != DJ_TB_DRAW)
        return true;   /* decided: a lost word stays lost, a won one won */
    uint8_t n = __atomic_load_n(&s->unknown[pg], __ATOMIC_RELAXED);
    for (;;) {
        if (n == UNKNOWN_MANY)
            return false;
        if (n == 0) {
            fail(s, "predecessors() gives a position more often than it has moves there "
                    "(predecessors_exact)", &s->cls[pk], pi);
            return true;
        }
        if (__atomic_compare_exchange_n(&s->unknown[pg], &n, (uint8_t)(n - 1), false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return n - 1 != 0;
    }
}

/* Mark the predecessors of word g if it became final at this level (or,
 * with exact predecessors, make those of a lost position won, and mark
 * those of a won one once their last unknown move is known). */
static void pass_mark(Worker *wk, int k, uint64_t i, uint64_t g)
{
    Solver *s = wk->s;
    uint16_t w = load_w(s, g);
    unsigned v = w_value(w);
    if ((v != DJ_TB_WIN && v != DJ_TB_LOSS) || (int)w_dist(w) != s->level - 1)
        return;
    bool won_at_once = v == DJ_TB_LOSS && s->eg->predecessors_exact;
    if (!s->eg->position(s->cls[k].id, i, wk->pos)) {
        fail(s, "position() refuses an index it accepted before", &s->cls[k], i);
        return;
    }
    int n = s->eg->predecessors(wk->pos, wk->preds);
    if (n > s->eg->max_predecessors) {
        fail(s, "predecessors() wrote more than max_predecessors", &s->cls[k], i);
        return;
    }
    bool exact = s->eg->predecessors_exact;
    int me = exact ? s->v->side_to_move(wk->pos) : 0;
    for (int p = 0; p < n; p++) {
        const void *pred = wk->preds + (size_t)p * s->v->state_size;
        DjEndgameId id;
        uint64_t pi;
        if (!s->eg->locate(pred, &id, &pi))
            continue;   /* a finished game: nothing to decide */
        int pk = class_in_group(s, id);
        if (pk < 0 || pi >= s->cls[pk].size)
            continue;
        if (exact && s->v->side_to_move(pred) == me) {
            fail(s, "a move keeps the turn, which predecessors_exact rules out", &s->cls[k], i);
            return;
        }
        uint64_t pg = s->offset[pk] + pi;
        if (won_at_once)
            win_at_level(wk, pg);
        else if (s->unknown == NULL || !one_less_unknown(s, pg, pk, pi))
            __atomic_fetch_or(&s->mark[pg >> 6], 1ull << (pg & 63), __ATOMIC_RELAXED);
    }
}

/* Tell the caller how far the level is, every progress_seconds. */
static void report_pass(Solver *s, uint64_t start)
{
    if (s->o->progress == NULL || s->prog == NULL)
        return;
    double now = g_timer_elapsed(s->timer, NULL);
    double every = s->o->progress_seconds > 0 ? s->o->progress_seconds : 1.0;
    if (now - s->last_report < every)
        return;
    s->last_report = now;
    double within = s->total > 0 ? (double)start / (double)s->total : 0.0;
    s->prog->stage = DJ_TB_STAGE_PASS;
    s->prog->level = s->level;
    s->prog->pass_fraction = (s->pass_index + within) / MAX(s->passes, 1);
    s->prog->seconds = now;
    s->o->progress(s->prog, s->o->progress_data);
}

/* After a resume: the counts of word g's unknown moves as the level's
 * marking pass expects them (every move into the group but those to
 * positions won in level - 2 plies or fewer, which earlier marking passes
 * counted off). */
static void pass_count(Worker *wk, int k, uint64_t i, uint64_t g)
{
    Solver *s = wk->s;
    const DjVariant *v = s->v;
    if (w_value(load_w(s, g)) != DJ_TB_DRAW)
        return;
    if (!s->eg->position(s->cls[k].id, i, wk->pos)) {
        fail(s, "position() refuses an index it accepted before", &s->cls[k], i);
        return;
    }
    int n = v->legal_moves(wk->pos, wk->moves);
    unsigned count = 0;
    for (int m = 0; m < n; m++) {
        memcpy(wk->child, wk->pos, v->state_size);
        v->play(wk->child, wk->moves[m]);
        DjEndgameId id;
        uint64_t ci;
        if (v->outcome(wk->child) != DJ_OUTCOME_ONGOING || !s->eg->locate(wk->child, &id, &ci))
            continue;
        int ck = class_in_group(s, id);
        if (ck < 0 || ci >= s->cls[ck].size)
            continue;
        uint16_t cw = load_w(s, s->offset[ck] + ci);
        if (w_value(cw) == DJ_TB_WIN && (int)w_dist(cw) <= s->level - 2)
            continue;
        count++;
    }
    s->unknown[g] = (uint8_t)MIN(count, UNKNOWN_MANY);
}

static gpointer worker_run(gpointer data)
{
    Worker *wk = data;
    Solver *s = wk->s;
    for (;;) {
        if (__atomic_load_n(&s->failed, __ATOMIC_ACQUIRE))
            break;
        if (s->o->stop != NULL && g_atomic_int_get(s->o->stop)) {
            __atomic_store_n(&s->stop_seen, 1, __ATOMIC_RELEASE);
            break;
        }
        uint64_t start = __atomic_fetch_add(&s->next, CHUNK, __ATOMIC_RELAXED);
        if (start >= s->total)
            break;
        uint64_t end = MIN(start + CHUNK, s->total);
        if (wk->reports)
            report_pass(s, start);
        int k = 0;
        while (s->offset[k + 1] <= start)
            k++;
        for (uint64_t g = start; g < end; g++) {
            while (g >= s->offset[k + 1])
                k++;
            uint64_t i = g - s->offset[k];
            switch (s->phase) {
            case PHASE_INIT:
                pass_init(wk, k, i, g);
                break;
            case PHASE_ALL:
                visit(wk, k, i, g);
                break;
            case PHASE_MARK:
                pass_mark(wk, k, i, g);
                break;
            case PHASE_MARKED:
                if (s->mark[g >> 6] & (1ull << (g & 63)))
                    visit(wk, k, i, g);
                break;
            case PHASE_COUNT:
                pass_count(wk, k, i, g);
                break;
            }
        }
    }
    return NULL;
}

static int thread_count(const DjTbBuildOptions *o)
{
    int n = o->threads > 0 ? o->threads : (int)g_get_num_processors();
    return CLAMP(n, 1, 256);
}

/* One pass over the group's words in `phase`, on every thread.  false
 * when stopped or failed (the pass is then incomplete). */
static bool run_pass(Solver *s, Phase phase)
{
    s->phase = phase;
    s->next = 0;
    int n = thread_count(s->o);
    Worker *workers = g_new0(Worker, n);
    size_t preds = (size_t)MAX(s->eg->max_predecessors, 1) * s->v->state_size;
    for (int t = 0; t < n; t++) {
        Worker *wk = &workers[t];
        wk->s = s;
        wk->pos = g_malloc0(s->v->state_size);
        wk->child = g_malloc0(s->v->state_size);
        wk->preds = g_malloc0(preds);
        wk->moves = g_new0(DjMove, MAX(s->v->max_moves, 1));
        wk->reports = t == 0;
        if (t > 0)
            wk->thread = g_thread_new("dojo-solve", worker_run, wk);
    }
    worker_run(&workers[0]);
    for (int t = 0; t < n; t++) {
        Worker *wk = &workers[t];
        if (wk->thread != NULL)
            g_thread_join(wk->thread);
        s->decided += wk->decided;
        g_free(wk->pos);
        g_free(wk->child);
        g_free(wk->preds);
        g_free(wk->moves);
    }
    g_free(workers);
    return !s->failed && !s->stop_seen;
}

/* The largest distance of a decided word, and how many are decided. */
static void survey(Solver *s)
{
    unsigned max = 0;
    uint64_t decided = 0;
    for (uint64_t g = 0; g < s->total; g++) {
        unsigned v = w_value(s->w[g]);
        if (v == DJ_TB_WIN || v == DJ_TB_LOSS) {
            decided++;
            max = MAX(max, w_dist(s->w[g]));
        }
    }
    s->max_dist = max;
    s->decided = decided;
}

/* ---- checkpoints ---------------------------------------------------------- */

char *dj_tb_checkpoint_path(const char *folder, const char *game, const DjEndgameClass *first)
{
    g_autofree char *base = g_strdup_printf("%s.%s.checkpoint", game, first->name);
    return g_build_filename(folder, base, NULL);
}

static GString *checkpoint_header(const Solver *s, int level)
{
    GString *h = g_string_new(CHECKPOINT_MAGIC);
    g_string_append_printf(h, "game %s\ngroup %s\nsetup %s\nwords %" PRIu64
                           "\ndistances %d\nlevel %d\n", s->v->name, s->cls[0].name,
                           s->cls[0].setup, s->total, s->o->distances, level);
    return h;
}

static bool checkpoint_write(const Solver *s, const char *path, int level, GError **error)
{
    g_autoptr(GString) h = checkpoint_header(s, level);
    uint64_t bytes = s->total * sizeof *s->w;
    uint64_t sum = dj_tb_fnv1a(DJ_TB_FNV_OFFSET, (const uint8_t *)s->w, bytes);
    g_string_append_printf(h, "checksum %016" PRIx64 "\n\n", sum);
    DjTbBlock blocks[2] = { { h->str, h->len }, { s->w, bytes } };
    return dj_tb_write_blocks(path, blocks, 2, error);
}

/* Read the checkpoint at `path` into s->w; *level: the level to do next.
 * false with *error only when the file is there but cannot be used. */
static bool checkpoint_read(Solver *s, const char *path, int *level, bool *found,
                            GError **error)
{
    *found = false;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return true;
    *found = true;
    char buf[1024];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    char *blank = strstr(buf, "\n\n");
    g_autoptr(GString) want = checkpoint_header(s, 0);
    /* Everything but the level must be as this build would write it. */
    char *lvl = strstr(buf, "\nlevel ");
    size_t fixed = want->len - strlen("level 0\n");
    bool ok = blank != NULL && lvl != NULL && (size_t)(lvl + 1 - buf) == fixed &&
              memcmp(buf, want->str, fixed) == 0;
    uint64_t sum = 0;
    if (ok) {
        char *e;
        *level = (int)g_ascii_strtoll(lvl + 7, &e, 10);
        ok = *e == '\n' && strncmp(e + 1, "checksum ", 9) == 0 && *level >= 0;
        if (ok)
            sum = g_ascii_strtoull(e + 10, NULL, 16);
    }
    uint64_t bytes = s->total * sizeof *s->w;
    if (ok) {
        long start = (long)(blank + 2 - buf);
        ok = fseek(f, 0, SEEK_END) == 0 && (uint64_t)ftell(f) == (uint64_t)start + bytes &&
             fseek(f, start, SEEK_SET) == 0;
        for (uint64_t off = 0; ok && off < bytes; off += 1u << 26) {
            size_t chunk = (size_t)MIN((uint64_t)1 << 26, bytes - off);
            ok = fread((char *)s->w + off, 1, chunk, f) == chunk;
        }
        ok = ok && dj_tb_fnv1a(DJ_TB_FNV_OFFSET, (const uint8_t *)s->w, bytes) == sum;
    }
    fclose(f);
    if (!ok)
        return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_DAMAGED,
                            "%s: the checkpoint is damaged or of another build; remove it "
                            "to solve its group from the start", path);
    return true;
}

/* ---- planning ------------------------------------------------------------- */

static uint64_t table_bytes(const DjEndgameClass *c, bool distances)
{
    return (c->size + 3) / 4 + (distances ? c->size : 0);
}

bool dj_tb_plan(const DjVariant *variant, const void *pos, const DjTbBuildOptions *options,
                DjTbPlan *plan, GError **error)
{
    memset(plan, 0, sizeof *plan);
    const DjEndgames *eg = variant->endgames;
    if (eg == NULL)
        return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_UNSUPPORTED,
                            "%s has no tablebases (dojo cannot number its endings)",
                            variant->title);
    if (options->max_pieces > eg->max_pieces)
        return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_UNSUPPORTED,
                            "%s tables go up to %d pieces, not %d", variant->title,
                            eg->max_pieces, options->max_pieces);
    int n = options->max_pieces > 0 ? eg->list_classes(pos, options->max_pieces, NULL, 0) : 0;
    if (n <= 0)
        return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_UNSUPPORTED,
                            "%s has no tables of %d pieces or fewer", variant->title,
                            options->max_pieces);
    plan->classes = g_new0(DjEndgameClass, n);
    plan->n_classes = eg->list_classes(pos, options->max_pieces, plan->classes, n);
    bool retro = eg->predecessors != NULL && !options->forward_only;
    uint64_t working = 0, tables = 0;
    for (int a = 0; a < n;) {
        int b = a;
        uint64_t words = 0;
        while (b < n && plan->classes[b].group == plan->classes[a].group)
            words += plan->classes[b++].size;
        if (b - a > 64) {
            dj_tb_plan_clear(plan);
            return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_UNSUPPORTED,
                                "%s has a group of more than 64 classes", variant->title);
        }
        working = MAX(working, words * 2 + (retro ? (words + 63) / 64 * 8 : 0) +
                                   (retro && eg->predecessors_exact ? words : 0));
        plan->n_groups++;
        a = b;
    }
    for (int i = 0; i < n; i++) {
        plan->positions += plan->classes[i].size;
        tables += table_bytes(&plan->classes[i], options->distances);
    }
    plan->disk = tables + (uint64_t)n * 512;
    plan->memory = tables + working;
    return true;
}

void dj_tb_plan_clear(DjTbPlan *plan)
{
    g_clear_pointer(&plan->classes, g_free);
    plan->n_classes = 0;
}

/* ---- the build -------------------------------------------------------------- */

static void report(const DjTbBuildOptions *o, DjTbProgress *p, GTimer *timer)
{
    if (o->progress == NULL)
        return;
    p->seconds = g_timer_elapsed(timer, NULL);
    o->progress(p, o->progress_data);
}

/* The group's tables, read back from the folder when every one is there
 * and sound; NULL when the group must be built. */
static bool group_on_disk(const DjVariant *v, const DjTbBuildOptions *o,
                          const DjEndgameClass *cls, int n, DjTbTable **out)
{
    for (int k = 0; k < n; k++) {
        g_autofree char *path = dj_tb_table_path(o->folder, v->name, &cls[k]);
        out[k] = dj_tb_table_read(path, v->name, &cls[k], NULL);
        if (out[k] == NULL || (o->distances && out[k]->distances == NULL)) {
            for (int j = 0; j <= k; j++)
                g_clear_pointer(&out[j], dj_tb_table_free);
            return false;
        }
    }
    return true;
}

static bool solve_group(Solver *s, DjTbProgress *prog, GTimer *timer, GError **error)
{
    const DjTbBuildOptions *o = s->o;
    g_autofree char *cp = dj_tb_checkpoint_path(o->folder, s->v->name, &s->cls[0]);
    int level = 0;
    bool found;
    if (!checkpoint_read(s, cp, &level, &found, error))
        return false;
    if (found) {
        survey(s);
        prog->stage = DJ_TB_STAGE_RESUMED;
        prog->level = level;
        prog->decided = s->decided;
        report(o, prog, timer);
    }
    double last_checkpoint = g_timer_elapsed(timer, NULL);
    s->prog = prog;
    s->timer = timer;
    s->last_report = last_checkpoint;
    /* The counts are not in a checkpoint: made again, once. */
    bool recount = found && level >= 2 && s->unknown != NULL;
    double every = o->checkpoint_seconds > 0 ? o->checkpoint_seconds : 300;
    for (;; level++) {
        s->level = level;
        bool ok;
        s->pass_index = 0;
        if (level == 0) {
            s->decided = 0;
            s->passes = 1;
            ok = run_pass(s, PHASE_INIT);
        } else if (level == 1 || !s->retro) {
            s->passes = 1;
            ok = run_pass(s, PHASE_ALL);
        } else {
            memset(s->mark, 0, (s->total + 63) / 64 * 8);
            s->passes = recount ? 3 : 2;
            ok = true;
            if (recount) {
                ok = run_pass(s, PHASE_COUNT);
                recount = !ok;
                s->pass_index++;
            }
            ok = ok && run_pass(s, PHASE_MARK);
            s->pass_index++;
            ok = ok && run_pass(s, PHASE_MARKED);
        }
        if (s->failed)
            return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_UNSUPPORTED, "%s",
                                s->failure);
        if (!ok) {
            GError *cp_error = NULL;
            if (!checkpoint_write(s, cp, level, &cp_error)) {
                g_propagate_error(error, cp_error);
                return false;
            }
            return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_INTERRUPTED,
                                "interrupted; the work so far is kept in %s: run the same "
                                "command again to go on", cp);
        }
        survey(s);
        if (s->max_dist >= DIST_MASK)
            return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_UNSUPPORTED,
                                "%s: a distance of more than %u plies", s->cls[0].name,
                                DIST_MASK - 1);
        prog->stage = DJ_TB_STAGE_LEVEL;
        prog->level = level;
        prog->decided = s->decided;
        report(o, prog, timer);
        if (level >= 1 && (int)s->max_dist < level)
            break;
        if (g_timer_elapsed(timer, NULL) - last_checkpoint >= every) {
            if (!checkpoint_write(s, cp, level + 1, error))
                return false;
            last_checkpoint = g_timer_elapsed(timer, NULL);
        }
    }
    return true;
}

static void now_utc(char *out, size_t size)
{
    GDateTime *now = g_date_time_new_now_utc();
    g_autofree char *text = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
    g_strlcpy(out, text, size);
    g_date_time_unref(now);
}

/* The group's words as tables, written and added to s->lower. */
static bool write_group(Solver *s, DjTbProgress *prog, GTimer *timer, double seconds,
                        GError **error)
{
    const DjTbBuildOptions *o = s->o;
    for (int k = 0; k < s->n_cls; k++) {
        DjTbTable *t = dj_tb_table_new(s->v->name, &s->cls[k], o->distances, error);
        if (t == NULL)
            return false;
        const uint16_t *w = s->w + s->offset[k];
        for (uint64_t i = 0; i < s->cls[k].size; i++) {
            unsigned v = w_value(w[i]);
            dj_tb_table_set(t, i, (DjTbValue)v);
            if (t->distances != NULL && (v == DJ_TB_WIN || v == DJ_TB_LOSS))
                t->distances[i] = (uint8_t)MIN(w_dist(w[i]), DJ_TB_DISTANCE_MAX);
        }
        dj_tb_table_count(t);
        g_strlcpy(t->made_by, o->made_by ? o->made_by : "dojo", sizeof t->made_by);
        now_utc(t->made_at, sizeof t->made_at);
        t->seconds = seconds;
        g_autofree char *path = dj_tb_table_path(o->folder, s->v->name, &s->cls[k]);
        if (!dj_tb_table_write(t, path, error)) {
            dj_tb_table_free(t);
            return false;
        }
        prog->stage = DJ_TB_STAGE_CLASS;
        prog->cls = &s->cls[k];
        prog->table = t;
        prog->reused = false;
        report(o, prog, timer);
        prog->table = NULL;
        dj_tablebase_add(s->lower, t);
    }
    return true;
}

bool dj_tb_build(const DjVariant *variant, const void *pos, const DjTbBuildOptions *options,
                 GError **error)
{
    DjTbPlan plan;
    if (!dj_tb_plan(variant, pos, options, &plan, error))
        return false;
    if (options->memory_limit > 0 && plan.memory > options->memory_limit) {
        g_autofree char *need = g_format_size(plan.memory);
        g_autofree char *allowed = g_format_size(options->memory_limit);
        dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_MEMORY,
                     "the tables of %d pieces need %s of memory, more than the %s allowed",
                     options->max_pieces, need, allowed);
        dj_tb_plan_clear(&plan);
        return false;
    }
    DjTablebase *lower = dj_tablebase_open(variant, NULL, error);
    if (lower == NULL) {
        dj_tb_plan_clear(&plan);
        return false;
    }
    GTimer *timer = g_timer_new();
    bool ok = true;
    DjTbProgress prog = { .n_groups = plan.n_groups };
    for (int a = 0; ok && a < plan.n_classes;) {
        int b = a;
        while (b < plan.n_classes && plan.classes[b].group == plan.classes[a].group)
            b++;
        prog.group = plan.classes[a].group;
        prog.cls = &plan.classes[a];
        DjTbTable *have[64] = { 0 };
        if (group_on_disk(variant, options, &plan.classes[a], b - a, have)) {
            for (int k = 0; k < b - a; k++) {
                prog.stage = DJ_TB_STAGE_CLASS;
                prog.cls = &plan.classes[a + k];
                prog.table = have[k];
                prog.reused = true;
                report(options, &prog, timer);
                dj_tablebase_add(lower, have[k]);
            }
            prog.table = NULL;
            a = b;
            continue;
        }
        Solver s = {
            .v = variant, .eg = variant->endgames, .o = options, .lower = lower,
            .cls = &plan.classes[a], .n_cls = b - a,
            .retro = variant->endgames->predecessors != NULL && !options->forward_only,
        };
        g_mutex_init(&s.failure_lock);
        for (int k = 0; k < s.n_cls; k++)
            s.offset[k + 1] = s.offset[k] + s.cls[k].size;
        s.total = s.offset[s.n_cls];
        s.w = malloc(s.total * sizeof *s.w);
        if (s.retro)
            s.mark = malloc((s.total + 63) / 64 * 8);
        bool counted = s.retro && s.eg->predecessors_exact;
        if (counted)
            s.unknown = malloc(s.total);
        if (s.w == NULL || (s.retro && s.mark == NULL) || (counted && s.unknown == NULL)) {
            ok = dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_MEMORY,
                              "not enough memory to solve %s (%" PRIu64 " positions)",
                              s.cls[0].name, s.total);
        } else {
            prog.stage = DJ_TB_STAGE_GROUP;
            prog.total = s.total;
            prog.decided = 0;
            report(options, &prog, timer);
            double start = g_timer_elapsed(timer, NULL);
            ok = solve_group(&s, &prog, timer, error) &&
                 write_group(&s, &prog, timer, g_timer_elapsed(timer, NULL) - start, error);
            if (ok) {
                g_autofree char *cp = dj_tb_checkpoint_path(options->folder, variant->name,
                                                            &s.cls[0]);
                unlink(cp);
            }
        }
        free(s.w);
        free(s.mark);
        free(s.unknown);
        g_mutex_clear(&s.failure_lock);
        a = b;
    }
    g_timer_destroy(timer);
    dj_tablebase_free(lower);
    dj_tb_plan_clear(&plan);
    return ok;
}
