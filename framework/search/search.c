/* search.c: iterative deepening principal variation search over game.h.
 *
 * Plain C in the hot paths: no GLib inside search_node/quiesce; memory is
 * allocated once per DjSearch (the table) and per dj_search_run (stacks). */
/* madvise(MADV_HUGEPAGE) for the table is a Linux extension. */
#define _DEFAULT_SOURCE 1

#include "framework/search/memory.h"
#include "framework/search/search.h"
#include "framework/search/table_entry.h"
#include "framework/search/tb_search.h"
#include "framework/search/timeman.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include <glib.h>

#define INF (DJ_SCORE_WIN + 1)
#define DECISIVE DJ_SCORE_DECISIVE       /* beyond this a score counts plies to the end */
#define QUIESCE_MAX 8                    /* quiescence plies below the horizon */
#define LMP_DEPTH 5                      /* late move pruning at this depth and below */
#define SEE_PRUNE_DEPTH 5                /* exchange pruning at this depth and below */
#define SEE_QUIET_MARGIN 60              /* a quiet move may lose this much a ply of depth */
#define SEE_NOISY_MARGIN 150             /* a capture or check this much */
#define QUIESCE_EVASIONS 3               /* below this many, a check is not answered in full */
#define QUIESCE_DELTA 200                /* margin for delta pruning */
#define CUT_NODE_REDUCTION 2             /* more late move reduction at expected cut nodes */
#define SINGULAR_DEPTH 6                 /* singular extensions at this depth and above */
#define SINGULAR_MARGIN 6                /* the other moves must stay this much a ply below the entry */
#define ASPIRATION_WINDOW 40             /* the first window either side of the last score */
#define ASPIRATION_WINDOW_MAX 1000       /* wider than this, the window opens fully */
#define STACK_PLIES (DJ_SEARCH_MAX_PLY + QUIESCE_MAX + 2)
#define HISTORY_MAX 16384
/* The most slots a side's history has (a power of two).  A game's move
 * range may be up to DJ_MOVE_LIMIT_MAX (1 << 24): a slot a move would be
 * 256 MB a search thread for the two histories.  Above this the moves share
 * slots (history_slot): a history is only a hint for the move order, and a
 * collision costs a worse order, never a wrong result.  1 << 18 slots (4 MB
 * a thread) hold a move range of 1 << 18, an Amazons turn as one move,
 * without sharing; 1 << 16, every game's default, gives the tables of old. */
#define HISTORY_SLOTS_LOG 18
#define HISTORY_SLOTS_MAX (1u << HISTORY_SLOTS_LOG)
#define REPETITION_FILTER 4096
#define EVAL_CACHE_ENTRIES (1 << 17)     /* a power of two: 2 MB, one huge page */
#define MAX_MULTIPV 64

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* Entries (table_entry.h), four to a bucket. */
#define BUCKET 4
_Static_assert(sizeof(TableEntry) * BUCKET == 64, "a bucket is one cache line");
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the stop flag is set from signal handlers: it must be lock-free");

typedef struct EvalCacheEntry {
    uint64_t key;
    int32_t eval;
    int32_t filled;
} EvalCacheEntry;
_Static_assert(sizeof(EvalCacheEntry) * EVAL_CACHE_ENTRIES == (size_t)2 << 20,
               "the evaluation cache fills one huge page");

struct DjSearch {
    const DjVariant *variant;
    size_t size;

    TableEntry *table;
    size_t n_buckets;            /* a power of two */
    void *table_mapping;         /* what table_alloc mapped (munmap when owned) */
    size_t table_mapping_bytes;
    uint8_t generation;

    /* Which quiet moves cut off, by side and move: history_slots a side,
     * indexed by history_slot().  Sized to the game's move range
     * (dj_variant_move_limit) up to HISTORY_SLOTS_MAX, and moves above that
     * folded in (history_folds; see history_slot). */
    int32_t *history[2];         /* history[1] follows history[0] in one block */
    /* The same for noisy moves (captures, checks, promotions): which of
     * them cut off, to order those the exchange cannot tell apart. */
    int32_t *noisy_history[2];
    size_t history_slots;
    bool history_folds;          /* the game's moves go beyond HISTORY_SLOTS_MAX */
    /* By ply and by whose move: the root side's (0) or the other side's
     * (1); with extra turns one ply can be either.  Relative to the root,
     * so that in games whose turns alternate the slot a ply uses stays the
     * same from one search to the next, as it did before sides were told
     * apart (the searches then visit the same trees). */
    DjMove killers[STACK_PLIES][2][2];

    /* Static evaluations by key, cleared at the start of each run (the
     * weights may change between runs): the same positions are evaluated
     * again at every iteration, as leaves and then for the pruning at the
     * nodes above them. */
    EvalCacheEntry *eval_cache;  /* EVAL_CACHE_ENTRIES */
    void *eval_cache_mapping;    /* what huge_alloc mapped for it (NULL: g_new0's) */
    size_t eval_cache_mapping_bytes;

    /* Per run. */
    unsigned char *positions;    /* STACK_PLIES positions */
    DjMove *moves;               /* STACK_PLIES lists of max_moves */
    int32_t *order;              /* ordering scores, parallel to moves */
    uint8_t *noisy_flags;        /* legal_moves_marked's marks, parallel to moves */
    DjMove *noisy_scratch;       /* max_moves, for score_moves */
    DjMove *quiet_scratch;       /* max_moves, for pick_node_move */
    int32_t *quiet_order_scratch;
    /* One bit a move: the noisy moves of the node score_moves is scoring
     * (all clear between calls).  A lookup in it replaces a scan of the
     * noisy list for every move. */
    uint64_t *noisy_marks;       /* dj_variant_move_limit bits */
    DjHistoryEntry *line;        /* the game before the root + the current path */
    int line_capacity;
    int root_index;              /* index of the root in line */
    int root_side;               /* side to move at the root */
    uint8_t repetition_filter[REPETITION_FILTER];
    DjMove pv[STACK_PLIES][STACK_PLIES];
    int pv_length[STACK_PLIES];
    /* The move a singular-extension test leaves out at each ply (see
     * search_node); DJ_MOVE_NONE when none. */
    DjMove excluded[STACK_PLIES];

    uint64_t nodes;
    uint64_t next_check;         /* when to look at the clock and the node limit */
    int seldepth;
    int root_depth;              /* depth of the current iteration */
    /* The pruning margins and aspiration windows, in evaluate()'s units:
     * the figures in hundredths of a pawn scaled by the game's eval_unit
     * (search_margins), the same figures for a game on a pawn's scale. */
    struct {
        int futility_reverse, futility, see_quiet, see_noisy, delta, singular;
        int window, window_max;
    } margin;
    int64_t start_ms;
    /* Time limits, which dj_search_set_time may change from another thread
     * during a run: the hard deadline (absolute, 0: none), and the soft
     * budget in ms counted from time_origin_ms (0: none). */
    _Atomic int64_t hard_deadline_ms;
    _Atomic int64_t soft_ms;
    _Atomic int64_t time_origin_ms;
    uint64_t node_limit;         /* 0: none */
    /* The score the last run answered with, from the view of the side it
     * searched for (last_answer_side; -1: none since the last clear): the
     * time manager spends more when the next run for that side finds less. */
    int last_answer_score;
    int last_answer_side;
    /* Raised by dj_search_stop from another thread or a signal handler:
     * a lock-free atomic is safe in both (a volatile sig_atomic_t is only
     * safe in the handler, and a data race between threads). */
    atomic_int stop;

    /* Threads (Lazy SMP): helpers share this search's table and search
     * the same root on threads of their own while dj_search_run runs.  A
     * helper has helper_index > 0 and owns neither table nor helpers. */
    bool owns_table;
    int helper_index;
    struct DjSearch **helpers;
    int n_helpers;
    int threads_started;         /* by the last run: 1 + the helpers it could start */
    _Atomic uint64_t published_nodes;   /* nodes, as other threads may read them */

    /* Endgame tables (tb_search.h), shared with the helpers; NULL: none,
     * and the search is what it was without them. */
    DjTablebase *tables;
    DjTablebase *probe_tables;          /* what this run probes below the root: `tables`,
                                           or NULL at a root they hold without distances */
    bool root_tb_known;                 /* such a root: its value is root_tb_score */
    int root_tb_score;
    uint64_t tbhits;                    /* probes that answered, this run */
    _Atomic uint64_t published_tbhits;  /* the same, as other threads may read them */

    /* Multi-PV: lines [0, multipv) are the first root moves; the line of
     * root move k is kept in line_pv[k] while later lines are searched. */
    int multipv;
    DjMove line_pv[MAX_MULTIPV][DJ_SEARCH_MAX_PLY];
    int line_pv_length[MAX_MULTIPV];

    /* Root moves with the scores of the last completed iteration. */
    DjMove *root_moves;
    int *root_scores;
    int n_root;
    bool all_root_scores;
    /* Only some root moves are searched (DjSearchLimits.root_moves): the
     * root's best among them is not the root's value. */
    bool root_restricted;
};

static uint8_t reductions[64][64];

static gpointer init_reductions(gpointer unused)
{
    (void)unused;
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            reductions[d][m] = (uint8_t)(0.75 + log((double)d) * log((double)m) / 2.25);
    return NULL;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- transposition table ------------------------------------------------ */

static int score_to_table(int score, int ply)
{
    if (score >= DECISIVE)
        return score + ply;
    if (score <= -DECISIVE)
        return score - ply;
    return score;
}

static int score_from_table(int score, int ply)
{
    if (score >= DECISIVE)
        return score - ply;
    if (score <= -DECISIVE)
        return score + ply;
    return score;
}

/* Start loading `address` while other work goes on. */
static inline void prefetch(const void *address)
{
#if defined(__GNUC__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

/* The first entry of `key`'s bucket in the table. */
static inline TableEntry *table_bucket(const DjSearch *s, uint64_t key)
{
    return s->table + (key & (s->n_buckets - 1)) * BUCKET;
}

/* The evaluation cache's slot for `key`. */
static inline EvalCacheEntry *eval_cache_slot(const DjSearch *s, uint64_t key)
{
    return &s->eval_cache[key & (EVAL_CACHE_ENTRIES - 1)];
}

/* The bucket of `key`: the table is far larger than the caches and a probe
 * is otherwise a wait on memory. */
static inline void table_prefetch(const DjSearch *s, uint64_t key)
{
    prefetch(table_bucket(s, key));
}

/* The evaluation cache's slot for `key` (see evaluate()): the child looks
 * there first thing, and in a profile of a search with a costly evaluation
 * that load and the table's were where it waited longest. */
static inline void eval_cache_prefetch(const DjSearch *s, uint64_t key)
{
    prefetch(eval_cache_slot(s, key));
}

/* True, with the entry of `key` in *out, when the table has it. */
static bool table_probe(const DjSearch *s, uint64_t key, TableData *out)
{
    const TableEntry *bucket = table_bucket(s, key);
    for (int i = 0; i < BUCKET; i++)
        if (table_entry_read(&bucket[i], key, out))
            return true;
    return false;
}

static void table_store(DjSearch *s, uint64_t key, DjMove move, int score, int depth,
                        int bound, int ply)
{
    TableEntry *bucket = table_bucket(s, key);
    TableEntry *victim = &bucket[0];
    int victim_worth = 1 << 30;
    for (int i = 0; i < BUCKET; i++) {
        TableEntry *e = &bucket[i];
        uint64_t data;
        uint64_t e_key = table_entry_key(e, &data);
        TableData old = table_data_unpack(data);
        if (e_key == key) {
            victim = e;
            if (move == DJ_MOVE_NONE)
                move = old.move;   /* keep the old best move */
            break;
        }
        int age = (uint8_t)(s->generation - old.generation);
        int worth = old.depth - 8 * age;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = e;
        }
    }
    table_entry_write(victim, key, (TableData){
        .move = move,
        .score = (int16_t)score_to_table(score, ply),
        .depth = (uint8_t)(depth < 0 ? 0 : depth),
        .bound = (uint8_t)bound,
        .generation = s->generation,
    });
}

/* ---- life cycle --------------------------------------------------------- */

/* Zeroed, aligned to 2 MB and, where the system allows, backed by huge pages:
 * fewer TLB misses on the random accesses of the tables.  Anonymous memory
 * from mmap comes zeroed and is only given pages as it is touched, so even a
 * table of gigabytes costs nothing to start (a memset would take seconds).
 * NULL when the system will not give that much; else *mapping and
 * *mapping_bytes say what to munmap. */
static void *huge_alloc(size_t bytes, void **mapping, size_t *mapping_bytes)
{
    size_t align = (size_t)2 << 20;
    if (bytes > SIZE_MAX - align)
        return NULL;
    size_t mapped = bytes + align;
    void *memory = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                        -1, 0);
    if (memory == MAP_FAILED)
        return NULL;
    uintptr_t start = ((uintptr_t)memory + align - 1) & ~(uintptr_t)(align - 1);
#ifdef MADV_HUGEPAGE
    madvise((void *)start, bytes, MADV_HUGEPAGE);
#endif
    *mapping = memory;
    *mapping_bytes = mapped;
    return (void *)start;
}

static TableEntry *table_alloc(DjSearch *s, size_t bytes)
{
    return huge_alloc(bytes, &s->table_mapping, &s->table_mapping_bytes);
}

static void search_release(DjSearch *s);

/* `centipawns` in the units of a game whose typical clear advantage is
 * worth `unit` (DjVariant.eval_unit, 0: 100), at least 1. */
static int scale_margin(int centipawns, int unit)
{
    if (unit <= 0)
        unit = 100;
    int64_t scaled = (int64_t)centipawns * unit / 100;
    return scaled < 1 ? 1 : scaled > DJ_SCORE_EVAL_MAX ? DJ_SCORE_EVAL_MAX : (int)scaled;
}

static void search_margins(DjSearch *s, int unit)
{
    s->margin.futility_reverse = scale_margin(120, unit);
    s->margin.futility = scale_margin(150, unit);
    s->margin.see_quiet = scale_margin(SEE_QUIET_MARGIN, unit);
    s->margin.see_noisy = scale_margin(SEE_NOISY_MARGIN, unit);
    s->margin.delta = scale_margin(QUIESCE_DELTA, unit);
    s->margin.singular = scale_margin(SINGULAR_MARGIN, unit);
    s->margin.window = scale_margin(ASPIRATION_WINDOW, unit);
    s->margin.window_max = scale_margin(ASPIRATION_WINDOW_MAX, unit);
}

/* Everything of a search but its table; NULL when the system refuses the
 * memory (with hundreds of threads under a memory limit it may: that is
 * the user's choice to report, not a reason to abort). */
static DjSearch *search_alloc(const DjVariant *variant)
{
    static GOnce once = G_ONCE_INIT;
    g_once(&once, init_reductions, NULL);
    DjSearch *s = g_try_new0(DjSearch, 1);
    if (s == NULL)
        return NULL;
    s->variant = variant;
    s->size = variant->state_size;
    search_margins(s, variant->eval_unit);
    s->last_answer_side = -1;
    size_t stack_moves = (size_t)STACK_PLIES * (size_t)variant->max_moves;
    s->positions = g_try_malloc((size_t)STACK_PLIES * s->size);
    s->moves = g_try_new(DjMove, stack_moves);
    s->order = g_try_new(int32_t, stack_moves);
    s->noisy_flags = g_try_new(uint8_t, stack_moves);
    s->noisy_scratch = g_try_new(DjMove, variant->max_moves);
    s->quiet_scratch = g_try_new(DjMove, variant->max_moves);
    s->quiet_order_scratch = g_try_new(int32_t, variant->max_moves);
    s->root_moves = g_try_new(DjMove, variant->max_moves);
    s->root_scores = g_try_new(int, variant->max_moves);
    uint32_t limit = dj_variant_move_limit(variant);
    s->history_folds = limit > HISTORY_SLOTS_MAX;
    s->history_slots = s->history_folds ? HISTORY_SLOTS_MAX : limit;
    s->history[0] = g_try_new0(int32_t, 2 * s->history_slots);
    s->noisy_history[0] = g_try_new0(int32_t, 2 * s->history_slots);
    if (s->history[0] != NULL && s->noisy_history[0] != NULL) {
        s->history[1] = s->history[0] + s->history_slots;
        s->noisy_history[1] = s->noisy_history[0] + s->history_slots;
    }
    s->noisy_marks = g_try_new0(uint64_t, ((size_t)limit + 63) / 64);
    /* Every node looks there at a random place: one huge page, not 512. */
    s->eval_cache = huge_alloc(sizeof(EvalCacheEntry) * EVAL_CACHE_ENTRIES,
                               &s->eval_cache_mapping, &s->eval_cache_mapping_bytes);
    if (s->eval_cache == NULL)
        s->eval_cache = g_try_new0(EvalCacheEntry, EVAL_CACHE_ENTRIES);
    if (s->positions == NULL || s->moves == NULL || s->order == NULL || s->noisy_flags == NULL
        || s->noisy_scratch == NULL || s->quiet_scratch == NULL
        || s->quiet_order_scratch == NULL || s->root_moves == NULL || s->root_scores == NULL
        || s->history[0] == NULL || s->noisy_history[0] == NULL || s->noisy_marks == NULL
        || s->eval_cache == NULL) {
        search_release(s);
        return NULL;
    }
    return s;
}

static void search_release(DjSearch *s)
{
    g_free(s->positions);
    g_free(s->moves);
    g_free(s->order);
    g_free(s->noisy_flags);
    g_free(s->noisy_scratch);
    g_free(s->quiet_scratch);
    g_free(s->quiet_order_scratch);
    g_free(s->line);
    g_free(s->root_moves);
    g_free(s->root_scores);
    g_free(s->history[0]);
    g_free(s->noisy_history[0]);
    g_free(s->noisy_marks);
    if (s->eval_cache_mapping != NULL)
        munmap(s->eval_cache_mapping, s->eval_cache_mapping_bytes);
    else
        g_free(s->eval_cache);
    g_free(s);
}

bool dj_search_try_set_threads(DjSearch *s, int threads, GError **error)
{
    int helpers = threads > 1 ? threads - 1 : 0;
    if (s->helper_index != 0 || helpers == s->n_helpers)
        return true;
    for (int i = helpers; i < s->n_helpers; i++)
        search_release(s->helpers[i]);
    if (helpers < s->n_helpers) {
        s->n_helpers = helpers;
        return true;   /* the array keeps its size: it is freed with the search */
    }
    DjSearch **grown = g_try_renew(DjSearch *, s->helpers, helpers);
    if (grown == NULL) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "cannot search with %d threads: the system refused the memory", threads);
        return false;
    }
    s->helpers = grown;
    for (int i = s->n_helpers; i < helpers; i++) {
        DjSearch *h = search_alloc(s->variant);
        if (h == NULL) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "cannot search with %d threads: the system refused the memory (%d "
                        "could be had)", threads, i + 1);
            return false;   /* with the helpers made so far (n_helpers counts them) */
        }
        h->table = s->table;
        h->n_buckets = s->n_buckets;
        h->tables = s->tables;
        h->helper_index = i + 1;
        s->helpers[i] = h;
        s->n_helpers = i + 1;
    }
    return true;
}

void dj_search_set_threads(DjSearch *s, int threads)
{
    GError *error = NULL;
    if (!dj_search_try_set_threads(s, threads, &error))
        g_error("dj_search_set_threads: %s", error->message);
}

int dj_search_threads(const DjSearch *s)
{
    return s->n_helpers + 1;
}

int dj_search_threads_started(const DjSearch *s)
{
    return s->threads_started;
}

DjSearch *dj_search_try_new(const DjVariant *variant, unsigned table_mb, GError **error)
{
    /* a game's fault, not a user's: the table keeps 24 bits of a move */
    g_return_val_if_fail(dj_variant_move_limit(variant) <= DJ_MOVE_LIMIT_MAX, NULL);
    if (table_mb == 0)
        table_mb = 64;
    if (!dj_memory_fits(table_mb, "table", error))
        return NULL;
    DjSearch *s = search_alloc(variant);
    if (s == NULL) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "cannot have a search: the system refused the memory");
        return NULL;
    }
    s->owns_table = true;
    size_t bytes = (size_t)table_mb << 20;
    size_t buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(TableEntry) <= bytes)
        buckets *= 2;
    s->n_buckets = buckets;
    s->table = table_alloc(s, buckets * BUCKET * sizeof(TableEntry));
    if (s->table == NULL) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "cannot have a table of %u MB: the system refused the memory", table_mb);
        search_release(s);
        return NULL;
    }
    return s;
}

DjSearch *dj_search_new(const DjVariant *variant, unsigned table_mb)
{
    GError *error = NULL;
    DjSearch *s = dj_search_try_new(variant, table_mb, &error);
    if (s == NULL)
        g_error("dj_search_new: %s", error->message);
    return s;
}

void dj_search_free(DjSearch *s)
{
    if (s == NULL)
        return;
    dj_search_set_threads(s, 1);
    g_free(s->helpers);
    if (s->owns_table && s->table_mapping != NULL)
        munmap(s->table_mapping, s->table_mapping_bytes);
    search_release(s);
}

void dj_search_clear(DjSearch *s)
{
    /* Through the entries' atomics, as every other access to the table. */
    TableData empty = { 0 };
    for (size_t i = 0; i < s->n_buckets * BUCKET; i++)
        table_entry_write(&s->table[i], 0, empty);
    memset(s->history[0], 0, sizeof(int32_t) * 2 * s->history_slots);
    memset(s->noisy_history[0], 0, sizeof(int32_t) * 2 * s->history_slots);
    memset(s->killers, 0, sizeof s->killers);
    s->generation = 0;
    s->last_answer_side = -1;
    for (int i = 0; i < s->n_helpers; i++) {
        DjSearch *h = s->helpers[i];
        memset(h->history[0], 0, sizeof(int32_t) * 2 * h->history_slots);
        memset(h->noisy_history[0], 0, sizeof(int32_t) * 2 * h->history_slots);
        memset(s->helpers[i]->killers, 0, sizeof s->helpers[i]->killers);
    }
}

void dj_search_set_tables(DjSearch *s, DjTablebase *tables)
{
    s->tables = tables;
    for (int i = 0; i < s->n_helpers; i++)
        s->helpers[i]->tables = tables;
}

DjTablebase *dj_search_tables(const DjSearch *s)
{
    return s->tables;
}

void dj_search_stop(DjSearch *s)
{
    s->stop = 1;
}

void dj_search_cancel_stop(DjSearch *s)
{
    s->stop = 0;
}

void dj_search_set_time(DjSearch *s, int64_t soft_ms, int64_t hard_ms)
{
    int64_t now = now_ms();
    atomic_store_explicit(&s->time_origin_ms, now, memory_order_relaxed);
    atomic_store_explicit(&s->soft_ms, soft_ms > 0 ? soft_ms : 0, memory_order_relaxed);
    atomic_store_explicit(&s->hard_deadline_ms, hard_ms > 0 ? now + hard_ms : 0,
                          memory_order_relaxed);
}

/* ---- helpers ------------------------------------------------------------ */

static inline unsigned char *position_at(DjSearch *s, int ply)
{
    return s->positions + (size_t)ply * s->size;
}

static bool out_of_resources(DjSearch *s)
{
    if (s->stop)
        return true;
    if (s->nodes >= s->next_check) {
        atomic_store_explicit(&s->published_nodes, s->nodes, memory_order_relaxed);
        atomic_store_explicit(&s->published_tbhits, s->tbhits, memory_order_relaxed);
        s->next_check = s->nodes + 1024;
        if (s->node_limit != 0 && s->next_check > s->node_limit)
            s->next_check = s->node_limit;
        int64_t deadline = atomic_load_explicit(&s->hard_deadline_ms, memory_order_relaxed);
        if ((s->node_limit != 0 && s->nodes >= s->node_limit)
            || (deadline != 0 && now_ms() >= deadline))
            s->stop = 1;
    }
    return s->stop;
}

/* Score of a position that outcome() ends, from its side to move. */
static int terminal_score(const DjVariant *v, const void *pos, DjOutcome outcome, int ply)
{
    int winner = dj_outcome_winner(outcome);
    if (winner < 0)
        return DJ_SCORE_DRAW;
    return winner == v->side_to_move(pos) ? DJ_SCORE_WIN - ply : -(DJ_SCORE_WIN - ply);
}

/* If the position at line index `idx` repeats an earlier one, store its
 * score in *score and return true.  Every earlier entry is compared (the
 * key includes the side to move, and with extra turns a repetition can be
 * an odd number of plies long); the filter keeps this off most nodes. */
static bool repetition_score(DjSearch *s, int idx, int ply, int *score)
{
    uint64_t key = s->line[idx].key;
    if (s->repetition_filter[key & (REPETITION_FILTER - 1)] == 0)
        return false;
    for (int j = idx - 1; j >= 0; j--) {
        if (s->line[j].key != key)
            continue;
        switch (dj_repetition_judge(s->line, j, idx, s->variant->perpetual_check_loses)) {
        case DJ_REPETITION_MOVER_LOSES: *score = -(DJ_SCORE_WIN - ply); break;
        case DJ_REPETITION_MOVER_WINS: *score = DJ_SCORE_WIN - ply; break;
        case DJ_REPETITION_DRAW: *score = DJ_SCORE_DRAW; break;
        }
        return true;
    }
    return false;
}

static void filter_add(DjSearch *s, uint64_t key, int delta)
{
    s->repetition_filter[key & (REPETITION_FILTER - 1)] += (uint8_t)delta;
}

/* The slot of `move` in a side's history: the move itself in a game whose
 * moves fit (`folds` false: every move below HISTORY_SLOTS_MAX), else its
 * low bits mixed with the high ones, so that moves differing only above
 * the table's range (an Amazons turn's arrow, say) do not all share one
 * slot.  `folds` is s->history_folds, which a hot loop reads once, so
 * that the compiler can make a loop without the fold for games whose
 * moves fit: their search costs about what it did with tables of fixed
 * size (0.3 to 0.4% more instructions in `dojo bench`, by callgrind). */
static inline uint32_t history_slot(bool folds, DjMove move)
{
    return folds ? (move ^ move >> HISTORY_SLOTS_LOG) & (HISTORY_SLOTS_MAX - 1) : move;
}

static void history_update(const DjSearch *s, int32_t *const table[2], int side, DjMove move,
                           int bonus)
{
    int32_t *h = &table[side][history_slot(s->history_folds, move)];
    *h += bonus - *h * abs(bonus) / HISTORY_MAX;
}

/* Ordering among noisy moves: the biggest immediate gain first (when the
 * variant can tell), then their own history (noisy_history: which captures
 * and checks cut off before, kept apart from the quiet moves' history, which
 * measures something else).  Stays below 1 << 23. */
static inline int32_t noisy_order_by_gain(const DjSearch *s, int side, DjMove m, int gain)
{
    int32_t kept = gain < 0 ? 0 : gain > DJ_SCORE_EVAL_MAX ? DJ_SCORE_EVAL_MAX : gain;
    return kept * 256 + s->noisy_history[side][history_slot(s->history_folds, m)] + HISTORY_MAX;
}

static inline int32_t noisy_order(const DjSearch *s, const void *pos, int side, DjMove m)
{
    int gain = s->variant->move_gain != NULL ? s->variant->move_gain(pos, m) : 0;
    return noisy_order_by_gain(s, side, m, gain);
}

/* Order score bands, best first: the hash move; noisy moves that do not
 * lose the exchange, by gain; the two killers; noisy moves that lose it
 * (see), by noisy history; quiet moves, by history (|history| <= HISTORY_MAX). */
#define ORDER_HASH (1 << 30)
#define ORDER_NOISY (1 << 24)
#define ORDER_KILLER (1 << 22)
#define ORDER_BAD_NOISY (1 << 21)

/* Whether an order score (not the hash move's) is a quiet move's. */
static inline bool order_is_quiet(int32_t order)
{
    return order < ORDER_BAD_NOISY || (order >= ORDER_KILLER && order < ORDER_NOISY);
}

/* Whether an order score is a noisy move's that does not lose the exchange
 * (the hash move's is ORDER_HASH): its see() is known to be at least 0. */
static inline bool order_is_good_noisy(int32_t order)
{
    return order >= ORDER_NOISY && order < ORDER_HASH;
}

/* Order scores for the moves at `ply` (n >= 1).  `marks`, when not NULL,
 * says of each move whether it is noisy (legal_moves_marked's).  Returns
 * the index of the first move with the highest score: the first pick,
 * without another pass over the list. */
static int score_moves(DjSearch *s, const void *pos, int ply, const DjMove *moves,
                       const uint8_t *marks, int32_t *order, int n, DjMove hash_move)
{
    const DjVariant *v = s->variant;
    int side = v->side_to_move(pos);
    /* With a noisy-move generator, one short list replaces a call per move. */
    DjMove *noisy = s->noisy_scratch;
    int n_noisy = marks == NULL && v->noisy_moves != NULL ? v->noisy_moves(pos, noisy) : -1;
    for (int k = 0; k < n_noisy; k++)
        s->noisy_marks[noisy[k] / 64] |= UINT64_C(1) << (noisy[k] % 64);
    /* Read once: the stores to `order` could alias them for the compiler. */
    const DjMove killer0 = s->killers[ply][side != s->root_side][0];
    const DjMove killer1 = s->killers[ply][side != s->root_side][1];
    const int32_t *history = s->history[side];
    const int32_t *noisy_history = s->noisy_history[side];
    const bool folds = s->history_folds;
    int top = 0;
    for (int i = 0; i < n; i++) {
        DjMove m = moves[i];
        bool is_noisy = false;
        if (marks != NULL) {
            is_noisy = marks[i];
        } else if (n_noisy >= 0) {
            is_noisy = (s->noisy_marks[m / 64] >> (m % 64)) & 1;
        } else if (m != hash_move) {
            is_noisy = v->is_noisy(pos, m);
        }
        if (m == hash_move)
            order[i] = ORDER_HASH;
        else if (is_noisy && v->see != NULL && v->see(pos, m) < 0)
            order[i] = ORDER_BAD_NOISY + noisy_history[history_slot(folds, m)] + HISTORY_MAX;
        else if (is_noisy)
            order[i] = ORDER_NOISY + noisy_order(s, pos, side, m);
        else if (m == killer0)
            order[i] = ORDER_KILLER + 1;
        else if (m == killer1)
            order[i] = ORDER_KILLER;
        else
            order[i] = history[history_slot(folds, m)];
        if (order[i] > order[top])
            top = i;
    }
    for (int k = 0; k < n_noisy; k++)
        s->noisy_marks[noisy[k] / 64] = 0;
    return top;
}

/* Sort moves[i..n) by descending order score (insertion sort: lists are
 * short and mostly sorted by the time it runs). */
static void sort_moves(DjMove *moves, int32_t *order, int i, int n)
{
    for (int j = i + 1; j < n; j++) {
        DjMove m = moves[j];
        int32_t o = order[j];
        int k = j - 1;
        while (k >= i && order[k] < o) {
            moves[k + 1] = moves[k];
            order[k + 1] = order[k];
            k--;
        }
        moves[k + 1] = m;
        order[k + 1] = o;
    }
}

static inline void swap_moves(DjMove *moves, int32_t *order, int i, int j)
{
    if (i != j) {
        DjMove m = moves[i]; moves[i] = moves[j]; moves[j] = m;
        int32_t o = order[i]; order[i] = order[j]; order[j] = o;
    }
}

/* The first index of the highest score in order[i..n). */
static inline int first_best(const int32_t *order, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (order[j] > order[best])
            best = j;
    return best;
}

/* Bring the best remaining move to index i.  The first few picks select
 * (a cut-off usually comes early); after that the rest is sorted once. */
#define PICKS_BEFORE_SORT 3
#define LAZY_PICK_MOVES 16
static inline void pick_move(DjMove *moves, int32_t *order, int i, int n)
{
    if (i == PICKS_BEFORE_SORT) {
        sort_moves(moves, order, i, n);
        return;
    }
    if (i > PICKS_BEFORE_SORT)
        return;
    swap_moves(moves, order, i, first_best(order, i, n));
}

/* Whether an order score is a plain quiet move's (not the hash move, a
 * killer or a noisy move): the last band, where late move pruning and
 * futility, once they leave one move out, leave out all the rest. */
static inline bool order_is_plain_quiet(int32_t order)
{
    return order < ORDER_BAD_NOISY;
}

/* pick_move() for the main search, giving the moves in the very order it
 * gives them.  At a node where late move pruning may end the loop early
 * (`may_stop_early`), the plain quiet moves are not sorted whole at the
 * fourth pick: the moves above them are (a few), and each plain quiet move
 * is then selected as it is needed, without disturbing the order of the
 * rest, so the sort's cost is paid only for the moves the node reaches.
 * *quiet_from is where the plain quiet moves begin once known (else -1). */
static void pick_lazily(DjSearch *s, DjMove *moves, int32_t *order, int i, int n,
                        int *quiet_from)
{
    if (i == PICKS_BEFORE_SORT) {
        /* Stable partition: the moves above the plain quiet band first. */
        int high = i, low = 0;
        for (int j = i; j < n; j++) {
            if (order_is_plain_quiet(order[j])) {
                s->quiet_scratch[low] = moves[j];
                s->quiet_order_scratch[low++] = order[j];
            } else {
                moves[high] = moves[j];
                order[high++] = order[j];
            }
        }
        memcpy(moves + high, s->quiet_scratch, sizeof *moves * (size_t)low);
        memcpy(order + high, s->quiet_order_scratch, sizeof *order * (size_t)low);
        sort_moves(moves, order, i, high);
        *quiet_from = high;
    }
    if (i < *quiet_from)
        return;
    /* The first of the best (a stable sort's choice), moved up in front of
     * the others, which keep their order. */
    int best = first_best(order, i, n);
    if (best != i) {
        DjMove m = moves[best];
        int32_t o = order[best];
        memmove(moves + i + 1, moves + i, sizeof *moves * (size_t)(best - i));
        memmove(order + i + 1, order + i, sizeof *order * (size_t)(best - i));
        moves[i] = m;
        order[i] = o;
    }
}

static inline void pick_node_move(DjSearch *s, DjMove *moves, int32_t *order, int i, int n,
                                  bool may_stop_early, int *quiet_from)
{
    if (!may_stop_early || i < PICKS_BEFORE_SORT)
        pick_move(moves, order, i, n);
    else
        pick_lazily(s, moves, order, i, n, quiet_from);
}

/* The variant's evaluate(), remembered by key. */
static inline int evaluate(DjSearch *s, const void *pos)
{
    uint64_t key = s->variant->key(pos);
    EvalCacheEntry *e = eval_cache_slot(s, key);
    if (e->filled && e->key == key)
        return e->eval;
    int eval = s->variant->evaluate(pos);
    e->key = key;
    e->eval = eval;
    e->filled = 1;
    return eval;
}

/* ---- quiescence --------------------------------------------------------- */

static int quiesce(DjSearch *s, int ply, int qdepth, int alpha, int beta);

/* The score of the position at ply + 1 from the view of `side`, the side to
 * move at ply, for the window alpha..beta in that view.  Scores are from the
 * side to move's view, and a move may give its side another turn: then the
 * child's score is already ours and nothing is negated. */
static inline int quiesce_child(DjSearch *s, int ply, int side, int qdepth, int alpha, int beta)
{
    if (s->variant->side_to_move(position_at(s, ply + 1)) == side)
        return quiesce(s, ply + 1, qdepth, alpha, beta);
    return -quiesce(s, ply + 1, qdepth, -beta, -alpha);
}

static int quiesce(DjSearch *s, int ply, int qdepth, int alpha, int beta)
{
    const DjVariant *v = s->variant;
    const unsigned char *pos = position_at(s, ply);
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;

    DjOutcome outcome = v->outcome(pos);
    if (outcome != DJ_OUTCOME_ONGOING)
        return terminal_score(v, pos, outcome, ply);
    if (out_of_resources(s))
        return 0;

    bool in_check = v->in_check != NULL && v->in_check(pos);
    int best = -INF;
    if (!in_check) {
        best = evaluate(s, pos);
        if (best >= beta || qdepth >= QUIESCE_MAX || ply >= STACK_PLIES - 2)
            return best;
        if (best > alpha)
            alpha = best;
    }

    DjMove *moves = s->moves + (size_t)ply * (size_t)v->max_moves;
    int32_t *order = s->order + (size_t)ply * (size_t)v->max_moves;
    int n;
    if (!in_check && v->noisy_moves != NULL) {
        /* Below the first ply only moves that gain something are searched
         * (see below): a game that can tell generates no others. */
        if (qdepth > 0 && v->gaining_moves != NULL && v->move_gain != NULL)
            n = v->gaining_moves(pos, moves);
        else
            n = v->noisy_moves(pos, moves);
        /* no noisy move says nothing about having no move at all */
    } else {
        n = v->legal_moves(pos, moves);
        if (n == 0)
            return -(DJ_SCORE_WIN - ply);
        if (in_check && (qdepth >= QUIESCE_EVASIONS || ply >= STACK_PLIES - 2))
            return evaluate(s, pos);
        if (!in_check) {   /* noisy moves only (all of them when in check) */
            int noisy = 0;
            for (int i = 0; i < n; i++)
                if (v->is_noisy(pos, moves[i]))
                    moves[noisy++] = moves[i];
            n = noisy;
        }
    }
    int side = v->side_to_move(pos);
    /* Noisy moves that win nothing (quiet checks) only at the first
     * quiescence ply: chains of them are what makes it explode.  They leave
     * the list before it is ordered, so that a generator that never makes
     * them (gaining_moves) leaves the same list in the same order. */
    bool gain_only = !in_check && qdepth > 0 && v->move_gain != NULL;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        int gain = v->move_gain != NULL ? v->move_gain(pos, moves[i]) : 0;
        if (gain_only && gain == 0)
            continue;
        moves[kept] = moves[i];
        order[kept++] = noisy_order_by_gain(s, side, moves[i], gain);
    }
    unsigned char *child = position_at(s, ply + 1);
    for (int i = 0; i < kept; i++) {
        pick_move(moves, order, i, kept);
        /* Delta pruning: even winning this much cannot bring the score
         * back to alpha (never when in check: every evasion counts). */
        if (!in_check && v->move_gain != NULL) {
            int gain = v->move_gain(pos, moves[i]);
            if (best + gain + s->margin.delta <= alpha)
                continue;
            /* A capture or check that loses the exchange changes nothing
             * that the stand-pat score has not already counted. */
            if (v->see != NULL && v->see(pos, moves[i]) < 0)
                continue;
        }
        memcpy(child, pos, s->size);
        v->play(child, moves[i]);
        eval_cache_prefetch(s, v->key(child));
        int score = quiesce_child(s, ply, side, qdepth + 1, alpha, beta);
        if (s->stop)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta)
                    break;
            }
        }
    }
    return best;   /* in check every evasion was searched, so best is a real score */
}

/* ---- main search -------------------------------------------------------- */

/* What a node is expected to be.  A PV node is searched with an open
 * window; the others with a null window, where a cut node is expected to
 * fail high (Stockfish's cutNode) and an all node to fail low.
 * A child's expectation: for the first move, a PV node below a PV node and
 * the opposite of its parent's otherwise (expected_after()); for the reduced
 * search of a late move, a cut; for a late move searched to full depth at a
 * null window, and for the null move, the opposite of its parent's; for the
 * root's null-window searches, a cut.  Late quiet moves at a cut node are
 * reduced more: there the first moves usually refute, and when they have
 * not, the late ones seldom do. */
typedef enum { NODE_PV, NODE_CUT, NODE_ALL } NodeType;

/* The expectation of a null-window child of a node of type `parent`: a move
 * that refutes an all node's move makes a cut node, and the other way round;
 * below a PV node, a null window is searched to refute, as at an all node. */
static inline NodeType expected_after(NodeType parent)
{
    return parent == NODE_CUT ? NODE_ALL : NODE_CUT;
}

static int search_node(DjSearch *s, int ply, int depth, int alpha, int beta, NodeType type,
                       bool allow_null, bool in_check);
static int search(DjSearch *s, int ply, int depth, int alpha, int beta, NodeType type,
                  bool allow_null);

/* search() of the position at ply + 1, scored from the view of `side`, the
 * side to move at ply, for the window alpha..beta in that view: negated
 * only when the move passed the turn (see quiesce_child). */
static inline int search_child(DjSearch *s, int ply, int side, int depth, int alpha, int beta,
                               NodeType type, bool allow_null)
{
    if (s->variant->side_to_move(position_at(s, ply + 1)) == side) {
        /* The rest of a turn is no ply of depth in a game of compound
         * turns (search.h): depth counts turns there. */
        if (s->variant->compound_turns)
            depth++;
        return search(s, ply + 1, depth, alpha, beta, type, allow_null);
    }
    return -search(s, ply + 1, depth, -beta, -alpha, type, allow_null);
}

/* Enter the position at `ply`: record it on the line, score repetitions
 * and ends, then search it.  Every path leaves the filter as it found it. */
static int search(DjSearch *s, int ply, int depth, int alpha, int beta, NodeType type,
                  bool allow_null)
{
    const DjVariant *v = s->variant;
    const unsigned char *pos = position_at(s, ply);
    int idx = s->root_index + ply;
    uint64_t key = v->key(pos);
    bool in_check = v->in_check != NULL && v->in_check(pos);
    s->line[idx].key = key;
    s->line[idx].in_check = in_check;
    s->line[idx].side = (uint8_t)v->side_to_move(pos);
    s->pv_length[ply] = 0;

    DjOutcome outcome = v->outcome(pos);
    if (outcome != DJ_OUTCOME_ONGOING) {
        s->nodes++;
        return terminal_score(v, pos, outcome, ply);
    }
    int score = DJ_SCORE_DRAW;
    if (repetition_score(s, idx, ply, &score)) {
        s->nodes++;
        return score;
    }
    /* After the repetition: a table knows no game line (tb_search.h). */
    if (s->probe_tables != NULL && dj_tb_search_score(s->probe_tables, pos, ply, &score)) {
        s->nodes++;
        s->tbhits++;
        return score;
    }
    if (in_check && ply < 2 * s->root_depth)
        depth++;   /* check extension, bounded so that check sequences end */
    if (depth <= 0 || ply >= DJ_SEARCH_MAX_PLY - 1)
        return quiesce(s, ply, 0, alpha, beta);

    filter_add(s, key, +1);
    score = search_node(s, ply, depth, alpha, beta, type, allow_null, in_check);
    filter_add(s, key, -1);
    return score;
}

static int search_node(DjSearch *s, int ply, int depth, int alpha, int beta, NodeType type,
                       bool allow_null, bool in_check)
{
    const DjVariant *v = s->variant;
    bool pv_node = type == NODE_PV;
    const unsigned char *pos = position_at(s, ply);
    uint64_t key = s->line[s->root_index + ply].key;
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (out_of_resources(s))
        return 0;

    /* Mate distance pruning: nothing here beats a shorter win found already. */
    int worst = -(DJ_SCORE_WIN - ply), best_possible = DJ_SCORE_WIN - ply - 1;
    if (alpha < worst) alpha = worst;
    if (beta > best_possible) beta = best_possible;
    if (alpha >= beta)
        return alpha;

    /* Depth-1 nodes are the most numerous and their entries the least
     * useful: they skip the table, and its memory latency (same time to
     * depth, more nodes per second, in bench/search_bench). */
    DjMove excluded = s->excluded[ply];
    DjMove hash_move = DJ_MOVE_NONE;
    TableData entry = { 0 };
    int tscore = 0;
    if (depth > 1 && table_probe(s, key, &entry)) {
        hash_move = entry.move;
        tscore = score_from_table(entry.score, ply);
        if (!pv_node && excluded == DJ_MOVE_NONE && entry.depth >= depth) {
            if ((entry.bound == BOUND_EXACT)
                || (entry.bound == BOUND_LOWER && tscore >= beta)
                || (entry.bound == BOUND_UPPER && tscore <= alpha))
                return tscore;
        }
    }

    /* Internal iterative reduction: a node the table knows nothing of is
     * searched a ply shallower; if it matters, the next iteration comes
     * back with a move to try first. */
    if (hash_move == DJ_MOVE_NONE && depth >= 4 && excluded == DJ_MOVE_NONE)
        depth--;

    int side = v->side_to_move(pos);
    /* Only the pruning below, at non-PV nodes, needs the static evaluation. */
    int static_eval = in_check || pv_node ? -INF : evaluate(s, pos);
    unsigned char *child = position_at(s, ply + 1);

    if (!pv_node && !in_check && excluded == DJ_MOVE_NONE) {
        /* Reverse futility: far above beta near the horizon. */
        if (depth <= 3 && static_eval - s->margin.futility_reverse * depth >= beta
            && static_eval < DECISIVE)
            return static_eval;
        /* Null move: if passing still holds beta, a real move will. */
        if (allow_null && v->play_null != NULL && depth >= 3 && static_eval >= beta
            && beta > -DECISIVE && beta < DECISIVE) {
            int r = 2 + depth / 4;
            memcpy(child, pos, s->size);
            v->play_null(child);
            int score = search_child(s, ply, side, depth - 1 - r, beta - 1, beta,
                                     expected_after(type), false);
            if (s->stop)
                return 0;
            if (score >= beta)
                return score >= DECISIVE ? beta : score;
        }
    }

    /* Singular extension: when the table's move holds a lower bound that
     * every other move, searched to half the depth, stays clearly below,
     * the node hangs on that one move, which is searched a ply deeper.
     * When even the others reach beta, two moves cut and the node does. */
    int hash_extension = 0;
    if (depth >= SINGULAR_DEPTH && excluded == DJ_MOVE_NONE && hash_move != DJ_MOVE_NONE
        && entry.bound != BOUND_UPPER && entry.depth >= depth - 3
        && tscore > -DECISIVE && tscore < DECISIVE && ply < 2 * s->root_depth) {
        int singular_beta = tscore - s->margin.singular * depth;
        s->excluded[ply] = hash_move;
        /* The node's own expectation, at a null window (a PV node's as an all node's). */
        int score = search_node(s, ply, (depth - 1) / 2, singular_beta - 1, singular_beta,
                                pv_node ? NODE_ALL : type, false, in_check);
        s->excluded[ply] = DJ_MOVE_NONE;
        s->pv_length[ply] = 0;
        if (s->stop)
            return 0;
        if (score < singular_beta)
            hash_extension = 1;
        else if (singular_beta >= beta)
            return singular_beta;
    }

    DjMove *moves = s->moves + (size_t)ply * (size_t)v->max_moves;
    int32_t *order = s->order + (size_t)ply * (size_t)v->max_moves;
    uint8_t *marks = v->legal_moves_marked == NULL
                         ? NULL : s->noisy_flags + (size_t)ply * (size_t)v->max_moves;
    int n = marks != NULL ? v->legal_moves_marked(pos, moves, marks) : v->legal_moves(pos, moves);
    if (n == 0)
        return -(DJ_SCORE_WIN - ply);
    /* The hash move goes first, and the others are scored only if it does
     * not cut off: most cut nodes never pay for ordering. */
    int first_unscored = 0;
    for (int i = 0; i < n && hash_move != DJ_MOVE_NONE; i++) {
        if (moves[i] == hash_move) {
            moves[i] = moves[0];
            moves[0] = hash_move;
            if (marks != NULL) {
                uint8_t mark = marks[i];
                marks[i] = marks[0];
                marks[0] = mark;
            }
            order[0] = ORDER_HASH;
            first_unscored = 1;
            break;
        }
    }
    /* Only the hash move, at 0, is not told apart by its order score. */
    bool hash_move_quiet = first_unscored == 0
                           || (marks != NULL ? !marks[0] : !v->is_noisy(pos, hash_move));

    int best = -INF;
    DjMove best_move = DJ_MOVE_NONE;
    int original_alpha = alpha;
    int searched = 0;
    /* Short lists are sorted at once: for them the bookkeeping of picking
     * one move at a time costs more than the sort (0.3% of the search's
     * instructions, measured in a game whose lists are that short). */
    bool may_stop_early = !pv_node && !in_check && depth <= LMP_DEPTH && n >= LAZY_PICK_MOVES;
    int quiet_from = -1;
    for (int i = 0; i < n; i++) {
        if (i == first_unscored) {
            /* The pick pick_move() would make, known from the scoring. */
            int top = i + score_moves(s, pos, ply, moves + i, marks != NULL ? marks + i : NULL,
                                      order + i, n - i, hash_move);
            swap_moves(moves, order, i, top);
        } else if (i > first_unscored) {
            pick_node_move(s, moves, order, i, n, may_stop_early, &quiet_from);
        }
        DjMove m = moves[i];
        if (m == excluded)
            continue;
        bool quiet = m == hash_move ? hash_move_quiet : order_is_quiet(order[i]);

        /* Late move pruning: near the horizon, once the moves ordered
         * first have failed, the late quiet ones seldom do better. */
        bool late_pruned = !pv_node && !in_check && quiet && depth <= LMP_DEPTH
                           && best > -DECISIVE && searched >= 3 + depth * depth;
        /* Futility: a quiet move cannot lift a hopeless score near the horizon. */
        bool futile = !pv_node && !in_check && quiet && searched > 0 && depth <= 2
                      && best > -DECISIVE && static_eval + s->margin.futility * depth <= alpha;
        if (late_pruned || futile) {
            /* Nothing is searched after it, so the same holds for every
             * move below it in the plain quiet band: they all come later. */
            if (m != hash_move && order_is_plain_quiet(order[i]))
                break;
            continue;
        }
        /* Exchange pruning: near the horizon, a move that hands over
         * material (a drop or step onto a square the enemy wins) is left
         * out; a capture or check only when it loses a lot. */
        if (!pv_node && !in_check && searched > 0 && depth <= SEE_PRUNE_DEPTH
            && best > -DECISIVE && v->see != NULL && !order_is_good_noisy(order[i])
            && v->see(pos, m) < (quiet ? -s->margin.see_quiet : -s->margin.see_noisy) * depth)
            continue;

        memcpy(child, pos, s->size);
        v->play(child, m);
        uint64_t child_key = v->key(child);
        table_prefetch(s, child_key);
        eval_cache_prefetch(s, child_key);
        int score;
        if (searched == 0) {
            int extension = m == hash_move ? hash_extension : 0;
            score = search_child(s, ply, side, depth - 1 + extension, alpha, beta,
                                 pv_node ? NODE_PV : expected_after(type), true);
        } else {
            int r = 0;
            if (depth >= 3 && quiet && !in_check && searched >= 2) {
                r = reductions[depth < 64 ? depth : 63][searched < 64 ? searched : 63];
                if (pv_node && r > 0)
                    r--;
                if (type == NODE_CUT)   /* see NodeType */
                    r += CUT_NODE_REDUCTION;
                if (r > depth - 2)
                    r = depth - 2;
            }
            score = search_child(s, ply, side, depth - 1 - r, alpha, alpha + 1,
                                 r > 0 ? NODE_CUT : expected_after(type), true);
            if (score > alpha && r > 0)
                score = search_child(s, ply, side, depth - 1, alpha, alpha + 1,
                                     expected_after(type), true);
            if (score > alpha && score < beta && pv_node)
                score = search_child(s, ply, side, depth - 1, alpha, beta, NODE_PV, true);
        }
        if (s->stop)
            return 0;
        searched++;

        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                s->pv[ply][0] = m;
                memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(DjMove) * (size_t)s->pv_length[ply + 1]);
                s->pv_length[ply] = s->pv_length[ply + 1] + 1;
                if (score >= beta) {
                    /* depth^2 alone left histories within a few percent of
                     * HISTORY_MAX, too little to tell moves apart; capped at
                     * a quarter of it so one deep cut does not erase all. */
                    int bonus = MIN(16 * depth * depth, HISTORY_MAX / 4);
                    if (quiet) {
                        DjMove *killers = s->killers[ply][side != s->root_side];
                        if (killers[0] != m) {
                            killers[1] = killers[0];
                            killers[0] = m;
                        }
                        history_update(s, s->history, side, m, bonus);
                    } else {
                        history_update(s, s->noisy_history, side, m, bonus);
                    }
                    /* The moves tried before it did not cut: the noisy ones
                     * always lose, the quiet ones when a quiet move cut. */
                    for (int j = 0; j < i; j++) {
                        if (moves[j] == hash_move)
                            continue;
                        if (!order_is_quiet(order[j]))
                            history_update(s, s->noisy_history, side, moves[j], -bonus);
                        else if (quiet)
                            history_update(s, s->history, side, moves[j], -bonus);
                    }
                    break;
                }
            }
        }
    }
    if (searched == 0)   /* everything pruned: the position is as bad as it looked */
        return alpha;

    int bound = best >= beta ? BOUND_LOWER : best > original_alpha ? BOUND_EXACT : BOUND_UPPER;
    /* After a fail low every move has only an upper bound, and the highest
     * bound says nothing of which move is best: the entry keeps the move it
     * had, if any.  A singular test's search, without the table's move, is
     * not the node's value and is not stored. */
    if (depth > 1 && excluded == DJ_MOVE_NONE)
        table_store(s, key, bound == BOUND_UPPER ? DJ_MOVE_NONE : best_move, best, depth, bound,
                    ply);
    return best;
}

/* ---- root --------------------------------------------------------------- */

/* Search root moves [first, n_root) to `depth` (the moves before `first`
 * are the lines of a multi-PV search already done); returns the best score
 * and moves the best move to index `first`, keeping the order of the
 * others, so the root moves stay sorted best first. */
static int search_root(DjSearch *s, int depth, int alpha, int beta, int first)
{
    const DjVariant *v = s->variant;
    const unsigned char *root = position_at(s, 0);
    unsigned char *child = position_at(s, 1);
    int side = v->side_to_move(root);
    int best = -INF;
    int original_alpha = alpha;
    s->pv_length[0] = 0;
    s->nodes++;

    for (int i = first; i < s->n_root; i++) {
        DjMove m = s->root_moves[i];
        memcpy(child, root, s->size);
        v->play(child, m);
        int score;
        if (i == first || s->all_root_scores) {
            int a = s->all_root_scores ? -INF : alpha;
            score = search_child(s, 0, side, depth - 1, a, beta, NODE_PV, true);
        } else {
            score = search_child(s, 0, side, depth - 1, alpha, alpha + 1, NODE_CUT, true);
            if (score > alpha && score < beta && !s->stop)
                score = search_child(s, 0, side, depth - 1, alpha, beta, NODE_PV, true);
        }
        if (s->stop)
            break;
        s->root_scores[i] = score;
        if (score > best)
            best = score;
        /* The first move leads; another only with a score above alpha.  A
         * move that fails low has only an upper bound, and upper bounds do
         * not rank moves: if time runs out in the re-search that follows a
         * fail low, the move at the front is the one played. */
        if (i == first || score > alpha) {
            /* move it to the front, keeping the order of the others */
            size_t before = (size_t)(i - first);
            memmove(&s->root_moves[first + 1], &s->root_moves[first], sizeof(DjMove) * before);
            memmove(&s->root_scores[first + 1], &s->root_scores[first], sizeof(int) * before);
            s->root_moves[first] = m;
            s->root_scores[first] = score;
            s->pv[0][0] = m;
            memcpy(&s->pv[0][1], s->pv[1], sizeof(DjMove) * (size_t)s->pv_length[1]);
            s->pv_length[0] = s->pv_length[1] + 1;
            if (first < s->multipv) {
                int length = MIN(s->pv_length[0], DJ_SEARCH_MAX_PLY);
                memcpy(s->line_pv[first], s->pv[0], sizeof(DjMove) * (size_t)length);
                s->line_pv_length[first] = length;
            }
            if (score > alpha)
                alpha = score;
            if (score >= beta)
                break;
        } else if (!s->all_root_scores) {
            s->root_scores[i] = score < original_alpha ? original_alpha - 1 : score;
        }
    }
    /* A restricted root's score is not the position's: stored, it would
     * answer for the position wherever it comes up again. */
    if (!s->stop && best > -INF && first == 0 && !s->root_restricted) {
        int bound = best >= beta ? BOUND_LOWER : best > original_alpha ? BOUND_EXACT : BOUND_UPPER;
        table_store(s, s->line[s->root_index].key, s->root_moves[0], best, depth, bound, 0);
    }
    return best;
}

/* One iteration for the line at root index `first`: aspiration windows
 * around `previous` (the line's score at the last depth).  Returns the
 * score; s->stop says whether it was cut short. */
static int search_line(DjSearch *s, int depth, int first, int previous)
{
    int alpha = -INF, beta = INF, window = s->margin.window;
    if (depth >= 5 && !s->all_root_scores && previous > -DECISIVE && previous < DECISIVE) {
        alpha = previous - window;
        beta = previous + window;
    }
    for (;;) {
        int score = search_root(s, depth, alpha, beta, first);
        if (s->stop)
            return score;
        if (score <= alpha) {
            alpha = alpha - window < -INF ? -INF : alpha - window;
            window *= 2;
        } else if (score >= beta) {
            beta = beta + window > INF ? INF : beta + window;
            window *= 2;
        } else {
            return score;
        }
        if (window > s->margin.window_max) {
            alpha = -INF;
            beta = INF;
        }
    }
}

/* Permille of a sample of the table written by this search. */
static int table_fill(const DjSearch *s)
{
    size_t buckets = s->n_buckets < 250 ? s->n_buckets : 250;
    int used = 0;
    for (size_t b = 0; b < buckets; b++)
        for (int i = 0; i < BUCKET; i++) {
            uint64_t data;
            uint64_t key = table_entry_key(&s->table[b * BUCKET + i], &data);
            used += key != 0 && table_data_unpack(data).generation == s->generation;
        }
    return (int)((size_t)used * 1000 / (buckets * BUCKET));
}

static void prepare_line(DjSearch *s, const void *root, const DjHistoryEntry *line, int n_line)
{
    const DjVariant *v = s->variant;
    int needed = n_line + STACK_PLIES + 1;
    if (needed > s->line_capacity) {
        g_free(s->line);
        s->line = g_new(DjHistoryEntry, needed);
        s->line_capacity = needed;
    }
    if (n_line > 0)
        memcpy(s->line, line, sizeof(DjHistoryEntry) * (size_t)n_line);
    s->root_index = n_line > 0 ? n_line - 1 : 0;
    s->line[s->root_index].key = v->key(root);
    s->line[s->root_index].in_check = v->in_check != NULL && v->in_check(root);
    s->line[s->root_index].side = (uint8_t)v->side_to_move(root);
    s->root_side = s->line[s->root_index].side;
    memset(s->repetition_filter, 0, sizeof s->repetition_filter);
    for (int i = 0; i <= s->root_index; i++)
        filter_add(s, s->line[i].key, +1);
}

/* Nodes of this search and its helpers (theirs as last published). */
static uint64_t total_nodes(const DjSearch *s)
{
    uint64_t nodes = s->nodes;
    for (int i = 0; i < s->n_helpers; i++)
        nodes += atomic_load_explicit(&s->helpers[i]->published_nodes, memory_order_relaxed);
    return nodes;
}

/* The same for the tables' answers. */
static uint64_t total_tbhits(const DjSearch *s)
{
    uint64_t hits = s->tbhits;
    for (int i = 0; i < s->n_helpers; i++)
        hits += atomic_load_explicit(&s->helpers[i]->published_tbhits, memory_order_relaxed);
    return hits;
}

/* Fill `info` with line `k` (root index) after a completed iteration. */
static void line_info(DjSearch *s, int k, int depth, DjSearchInfo *info)
{
    info->depth = depth;
    info->seldepth = s->seldepth;
    info->multipv = k + 1;
    info->score = s->root_scores[k];
    info->nodes = total_nodes(s);
    info->elapsed_ms = now_ms() - s->start_ms;
    info->hashfull = table_fill(s);
    info->tbhits = total_tbhits(s);
    info->tablebase = false;   /* searched (tables_answer sets it) */
    if (s->root_tb_known) {
        /* The tables' value, whatever the search thinks of its moves. */
        info->score = s->root_tb_score;
        info->tablebase = true;
    }
    int length = s->line_pv_length[k];
    memcpy(info->pv, s->line_pv[k], sizeof(DjMove) * (size_t)length);
    info->pv_length = length;
    if (length == 0 || info->pv[0] != s->root_moves[k]) {
        info->pv[0] = s->root_moves[k];
        info->pv_length = 1;
    }
}

/* Whether the root's `score` is a win within `moves` moves of the root
 * side's own (not plies / 2: a side may move twice in a row). */
static bool win_within_moves(DjSearch *s, int score, const DjMove *pv, int pv_length, int moves)
{
    return score >= DECISIVE
        && dj_line_own_moves(s->variant, position_at(s, 0), pv, pv_length,
                             DJ_SCORE_WIN - score) <= moves;
}

/* The time manager's verdict after the iteration of `depth`, which scored
 * `score`: whether another one is worth starting (dj_time_scale says how
 * far past the planned time's half). */
static bool time_for_another_iteration(DjSearch *s, const DjIterationTrend *trend, int depth,
                                       int score)
{
    int64_t soft = atomic_load_explicit(&s->soft_ms, memory_order_relaxed);
    if (soft == 0)
        return true;   /* only the hard limit (or none) applies */
    int64_t origin = atomic_load_explicit(&s->time_origin_ms, memory_order_relaxed);
    /* An iteration takes about as long as all before it together, so one
     * started past half the budget would end past it. */
    return (double)(now_ms() - origin)
           < 0.5 * (double)soft * dj_time_scale(trend, depth, score, s->variant->eval_unit);
}

/* A helper's share of a run: the same root, line and root moves as the
 * main search (`limits` holds only the root moves: the main thread keeps
 * the other limits and stops the helpers). */
typedef struct HelperRun {
    DjSearch *helper;
    const void *root;
    const DjHistoryEntry *line;
    int n_line;
    DjSearchLimits limits;
    GThread *thread;
    DjSearchInfo result;   /* its last completed iteration */
} HelperRun;

static gpointer helper_main(gpointer data)
{
    HelperRun *run = data;
    dj_search_run(run->helper, run->root, run->line, run->n_line, &run->limits, NULL, NULL,
                  &run->result);
    return NULL;
}

/* Helpers skip some depths so that the threads spread over several depths
 * at once rather than all searching the same tree (Stockfish's skip
 * blocks): helper k searches depth d unless ((d + phase) / size) is odd. */
static bool helper_skips(int helper_index, int depth)
{
    static const int size[] = { 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3 };
    static const int phase[] = { 0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5 };
    int k = (helper_index - 1) % (int)G_N_ELEMENTS(size);
    return ((depth + phase[k]) / size[k]) % 2 != 0;
}

/* A root the tables hold (with distances), answered from them without a
 * search: its root moves (restricted, multipv lines) ranked and scored by
 * the tables, each line reported once at depth 1 with the tables' line.
 * false, searching nothing, when they cannot rank it (tb_search.h). */
static bool tables_answer(DjSearch *s, const DjHistoryEntry *line, int n_line,
                          DjSearchReportFn report, void *user_data, DjSearchInfo *info_out,
                          DjMove *best)
{
    const DjVariant *v = s->variant;
    const unsigned char *root = position_at(s, 0);
    uint64_t probes = 0;
    bool ranked = dj_tb_search_rank_root(s->tables, v, root, line, n_line, s->root_moves,
                                         s->root_scores, s->n_root, &probes);
    s->tbhits += probes;
    s->nodes += probes;
    if (!ranked)
        return false;
    unsigned char *child = position_at(s, 1);
    DjSearchInfo first;
    memset(&first, 0, sizeof first);
    for (int k = 0; k < s->multipv; k++) {
        DjSearchInfo info;
        memset(&info, 0, sizeof info);
        memcpy(child, root, s->size);
        v->play(child, s->root_moves[k]);
        info.pv[0] = s->root_moves[k];
        info.pv_length = 1 + dj_tb_search_line(s->tables, v, child, info.pv + 1,
                                               DJ_SEARCH_MAX_PLY - 1, &probes);
        s->tbhits = probes;
        s->nodes = probes;
        info.depth = 1;
        info.seldepth = info.pv_length;
        info.multipv = k + 1;
        info.score = s->root_scores[k];
        info.nodes = s->nodes;
        info.tbhits = s->tbhits;
        info.elapsed_ms = now_ms() - s->start_ms;
        info.tablebase = true;
        if (k == 0)
            first = info;
        if (report != NULL)
            report(&info, user_data);
    }
    if (info_out != NULL)
        *info_out = first;
    *best = s->root_moves[0];
    s->last_answer_score = first.score;
    s->last_answer_side = s->root_side;
    s->stop = 0;   /* as a run that searched: a stop that came early is spent */
    return true;
}

/* A root the tables hold without distances (tables_answer could not rank
 * it): only the moves that keep its value are searched, with no probe
 * below the root (each child would score alike, and the search could not
 * tell which makes progress), and its value is reported
 * (dj_tb_search_keep_value). */
static void tables_keep_value(DjSearch *s)
{
    uint64_t probes = 0;
    DjTbValue value = DJ_TB_NONE;
    int kept = dj_tb_search_keep_value(s->tables, s->variant, position_at(s, 0), s->root_moves,
                                       s->n_root, &value, &probes);
    s->tbhits += probes;
    s->nodes += probes;
    if (kept == 0)
        return;
    s->root_restricted = s->root_restricted || kept < s->n_root;
    s->n_root = kept;
    s->probe_tables = NULL;
    s->root_tb_known = true;
    s->root_tb_score = value == DJ_TB_WIN ? DJ_SCORE_TB_WIN
                     : value == DJ_TB_LOSS ? -DJ_SCORE_TB_WIN : DJ_SCORE_DRAW;
}

DjMove dj_search_run(DjSearch *s, const void *root, const DjHistoryEntry *line, int n_line,
                     const DjSearchLimits *limits, DjSearchReportFn report, void *user_data,
                     DjSearchInfo *info_out)
{
    const DjVariant *v = s->variant;
    DjSearchLimits none = { 0 };
    if (limits == NULL)
        limits = &none;

    s->nodes = 0;
    s->next_check = 0;
    s->seldepth = 0;
    s->generation++;
    memset(s->eval_cache, 0, sizeof *s->eval_cache * EVAL_CACHE_ENTRIES);
    s->start_ms = now_ms();
    atomic_store_explicit(&s->time_origin_ms, s->start_ms, memory_order_relaxed);
    atomic_store_explicit(&s->soft_ms, limits->time_ms > 0 ? limits->soft_time_ms : 0,
                          memory_order_relaxed);
    atomic_store_explicit(&s->hard_deadline_ms,
                          limits->time_ms > 0 ? s->start_ms + limits->time_ms : 0,
                          memory_order_relaxed);
    s->node_limit = limits->nodes;
    s->all_root_scores = limits->all_root_scores;
    memcpy(position_at(s, 0), root, s->size);
    prepare_line(s, root, line, n_line);

    s->n_root = v->legal_moves(root, s->root_moves);
    if (s->n_root == 0) {
        s->stop = 0;
        return DJ_MOVE_NONE;
    }
    int n_legal = s->n_root;
    s->n_root = dj_search_restrict_moves(s->root_moves, n_legal, limits->root_moves,
                                         limits->n_root_moves);
    s->root_restricted = s->n_root < n_legal;
    s->multipv = CLAMP(limits->multipv, 1, MIN(MAX_MULTIPV, s->n_root));
    s->tbhits = 0;
    atomic_store_explicit(&s->published_tbhits, 0, memory_order_relaxed);
    s->probe_tables = s->tables;
    s->root_tb_known = false;
    DjMove answer = DJ_MOVE_NONE;
    if (s->tables != NULL && s->helper_index == 0
        && tables_answer(s, line, n_line, report, user_data, info_out, &answer))
        return answer;
    if (s->tables != NULL) {
        tables_keep_value(s);
        s->multipv = CLAMP(limits->multipv, 1, MIN(MAX_MULTIPV, s->n_root));
    }
    TableData entry;
    bool entry_found = table_probe(s, s->line[s->root_index].key, &entry);
    for (int i = 0; entry_found && i < s->n_root; i++) {
        if (s->root_moves[i] == entry.move) {
            DjMove m = s->root_moves[i];
            memmove(&s->root_moves[1], &s->root_moves[0], sizeof(DjMove) * (size_t)i);
            s->root_moves[0] = m;
        }
    }
    for (int i = 0; i < s->n_root; i++)
        s->root_scores[i] = -INF;
    memset(s->line_pv_length, 0, sizeof s->line_pv_length);

    DjSearchInfo info;
    memset(&info, 0, sizeof info);
    info.multipv = 1;
    info.pv[0] = s->root_moves[0];
    info.pv_length = 1;
    DjMove best = s->root_moves[0];
    int max_depth = limits->depth > 0 && limits->depth < DJ_SEARCH_MAX_PLY
                        ? limits->depth : DJ_SEARCH_MAX_PLY - 1;
    int line_scores[MAX_MULTIPV] = { 0 };
    DjIterationTrend trend = {
        .last_answer = s->last_answer_score,
        .has_last_answer = s->last_answer_side == s->root_side,
    };

    atomic_store_explicit(&s->published_nodes, 0, memory_order_relaxed);
    HelperRun *helper_runs = s->n_helpers > 0 ? g_new0(HelperRun, s->n_helpers) : NULL;
    s->threads_started = 1;
    for (int i = 0; i < s->n_helpers; i++) {
        DjSearch *h = s->helpers[i];
        h->generation = (uint8_t)(s->generation - 1);   /* its run makes it the same */
        atomic_store_explicit(&h->published_nodes, 0, memory_order_relaxed);
        helper_runs[i] = (HelperRun){
            .helper = h, .root = root, .line = line, .n_line = n_line,
            .limits = { .root_moves = limits->root_moves, .n_root_moves = limits->n_root_moves },
        };
        /* A thread the system refuses (its stack is memory too) is one
         * helper fewer, not an abort: dj_search_threads_started tells. */
        helper_runs[i].thread = g_thread_try_new("dojo-helper", helper_main, &helper_runs[i],
                                                 NULL);
        s->threads_started += helper_runs[i].thread != NULL;
    }

    for (int depth = 1; depth <= max_depth; depth++) {
        if (s->helper_index > 0 && depth > 1 && helper_skips(s->helper_index, depth))
            continue;
        s->root_depth = depth;
        int score = 0;
        int done = 0;   /* lines completed at this depth */
        for (int k = 0; k < s->multipv; k++) {
            int line_score = search_line(s, depth, k, line_scores[k]);
            if (s->stop)
                break;
            line_scores[k] = line_score;
            if (k == 0)
                score = line_score;
            done++;
        }
        if (s->stop && done == 0) {
            /* A root move that beat the last iteration's best is trusted,
             * and its line is the one reported with it. */
            if (s->root_moves[0] != best && s->root_scores[0] > -INF) {
                best = s->root_moves[0];
                line_info(s, 0, info.depth, &info);
                if (report != NULL && s->multipv == 1)
                    report(&info, user_data);   /* the last line shown is the answer's */
            }
            break;
        }
        /* The lines searched later may have found moves that beat an
         * earlier line's (with a narrower window): re-sort what completed. */
        if (done > 1) {
            for (int a = 1; a < done; a++)
                for (int b = a; b > 0 && s->root_scores[b] > s->root_scores[b - 1]; b--) {
                    DjMove m = s->root_moves[b]; s->root_moves[b] = s->root_moves[b - 1];
                    s->root_moves[b - 1] = m;
                    int sc = s->root_scores[b]; s->root_scores[b] = s->root_scores[b - 1];
                    s->root_scores[b - 1] = sc;
                    DjMove pv[DJ_SEARCH_MAX_PLY];
                    int length = s->line_pv_length[b];
                    memcpy(pv, s->line_pv[b], sizeof(DjMove) * (size_t)length);
                    memcpy(s->line_pv[b], s->line_pv[b - 1],
                           sizeof(DjMove) * (size_t)s->line_pv_length[b - 1]);
                    s->line_pv_length[b] = s->line_pv_length[b - 1];
                    memcpy(s->line_pv[b - 1], pv, sizeof(DjMove) * (size_t)length);
                    s->line_pv_length[b - 1] = length;
                    int ls = line_scores[b]; line_scores[b] = line_scores[b - 1];
                    line_scores[b - 1] = ls;
                }
            score = s->root_scores[0];
        }
        trend.changes *= 0.5;
        if (depth > 1 && s->root_moves[0] != best) {
            trend.changes += 1.0;
            trend.stable_since = depth;
        }
        best = s->root_moves[0];
        line_info(s, 0, depth, &info);
        if (report != NULL) {
            for (int k = 0; k < done; k++) {
                DjSearchInfo line_report;
                line_info(s, k, depth, &line_report);
                report(&line_report, user_data);
            }
        }
        if (s->stop)
            break;

        /* A forced result found by a full-width search stays found. */
        if (limits->depth == 0 && dj_score_is_decisive(score, NULL)
            && DJ_SCORE_WIN - abs(score) <= depth)
            break;
        if (limits->mate > 0 && win_within_moves(s, score, info.pv, info.pv_length, limits->mate))
            break;
        if (!time_for_another_iteration(s, &trend, depth, score))
            break;
        trend.previous = score;
    }
    /* All are told first, then waited for: stopping and joining one at a
     * time leaves the rest searching, and with many more threads than
     * cores each join waits for a helper that the others starve. */
    for (int i = 0; i < s->n_helpers; i++)
        dj_search_stop(s->helpers[i]);
    for (int i = 0; i < s->n_helpers; i++) {
        if (helper_runs[i].thread != NULL)
            g_thread_join(helper_runs[i].thread);
        dj_search_cancel_stop(s->helpers[i]);   /* one that ended by itself kept it */
    }
    /* A helper that completed a deeper iteration than this thread has the
     * better move (helpers run ahead: they skip depths).  Not with a depth
     * limit, which the helpers do not keep, nor with several lines or every
     * root move scored, which only this thread keeps. */
    bool helpers_may_answer = limits->depth == 0 && s->multipv == 1 && !s->all_root_scores;
    int deepest = -1;
    for (int i = 0; i < s->n_helpers && helpers_may_answer; i++) {
        const DjSearchInfo *r = &helper_runs[i].result;
        int best_depth = deepest < 0 ? info.depth : helper_runs[deepest].result.depth;
        if (r->pv_length > 0 && r->depth > best_depth)
            deepest = i;
    }
    if (deepest >= 0) {
        info = helper_runs[deepest].result;
        best = info.pv[0];
    }
    g_free(helper_runs);
    info.nodes = total_nodes(s);
    info.tbhits = total_tbhits(s);
    info.elapsed_ms = now_ms() - s->start_ms;
    if (deepest >= 0 && report != NULL)
        report(&info, user_data);   /* the last line shown is the answer's */
    if (info_out != NULL)
        *info_out = info;
    s->last_answer_score = info.score;
    s->last_answer_side = s->root_side;
    s->stop = 0;   /* cleared here, not at the start: a stop that came early still counts */
    return best;
}

const DjVariant *dj_search_variant(const DjSearch *s)
{
    return s->variant;
}

int dj_search_root_scores(const DjSearch *s, DjMove *moves, int *scores, int max)
{
    int n = s->n_root < max ? s->n_root : max;
    for (int i = 0; i < n; i++) {
        moves[i] = s->root_moves[i];
        scores[i] = s->root_scores[i];
    }
    return s->n_root;
}
