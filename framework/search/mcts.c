/* mcts.c: UCT with a solver over a bounded node pool (see mcts.h).
 *
 * Plain C in the iteration loop: no GLib between the root and the end of a
 * playout; memory is allocated once per DjMcts (and per thread count).
 *
 * The tree grows lazily: a node's children are a list, and a child is
 * added to it (allocated, classified) only when a walk first goes to it,
 * so a walk adds at most one node and a position of thousands of moves
 * costs memory for the moves visited, not for all of them.  Which moves a
 * node considers grows with its visits (progressive widening, see
 * widening_allows), in a fixed order of each position's moves (see
 * move_rank): those that gain the most first, then noisy ones, then the
 * rest in an order drawn from the position's key and the seed.
 *
 * Threads share one tree.  The fields of a node that a walk reads while
 * another thread may write them are atomic; a child is written whole
 * before its index is published in its parent's list (release) and read
 * after it is seen (acquire), so `move` and `side` need no atomics.  One
 * walk at a time adds to a node's list (FLAG_EXPANDING). */
#include "framework/search/mcts.h"
#include "framework/search/memory.h"
#include "framework/search/tb_search.h"

#include <math.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#define DEFAULT_POOL_MB 64
#define MAX_TREE_PLY DJ_SEARCH_MAX_PLY
#define REPETITION_FILTER 4096
#define REUSE_MAX_PLIES 8          /* how far the new root may lie below the old */
#define FIRST_REPORT 256
#define MAX_PROOF_PLIES 60000


enum { SIDE_UNKNOWN = 2 };
enum { PROOF_NONE = 0, PROOF_WIN0, PROOF_WIN1, PROOF_DRAW };
/* FLAG_KEEP: while keeping a subtree.  FLAG_EXPANDING: a walk is adding a
 * child.  FLAG_COMPLETE: every move of the node has its child.
 * FLAG_SWEPT: the first child is a move found to win at once (add_child),
 * out of the order of move_rank. */
enum { FLAG_KEEP = 1, FLAG_EXPANDING = 2, FLAG_COMPLETE = 4, FLAG_SWEPT = 8 };

/* Widening: a node considers at most WIDEN_BASE + WIDEN_SCALE * sqrt(N)
 * children that are not proven lost, after N visits (widening_allows). */
#define WIDEN_BASE 2.0
#define WIDEN_SCALE 2.0

/* One position of the tree.  A node's children form a list (children,
 * then each child's sibling) in the order they were added, and every node
 * lies after its parent and after the siblings added before it in the pool
 * (it was allocated later): every index a node holds points forward, which
 * is what lets dj_mcts_run keep a subtree by sliding it down in one pass. */
typedef struct Node {
    _Atomic uint32_t children;      /* index of the first child; 0: none yet */
    _Atomic uint32_t sibling;       /* the parent's next child; 0: the last so far */
    _Atomic uint32_t visits;        /* with threads, walks in progress included */
    uint32_t link;                  /* while keeping a subtree: the node's new index */
    _Atomic double value;           /* sum of results for the side to move at the
                                       parent (with threads, a loss for each walk
                                       in progress) */
    unsigned move : 24;             /* the move from the parent (DJ_MOVE_LIMIT_MAX) */
    unsigned side : 8;              /* side to move here (SIDE_UNKNOWN: an empty tree's root) */
    _Atomic uint16_t proof_plies;   /* with a proof: plies to the end of the game */
    _Atomic uint8_t proof;          /* PROOF_*: the result under best play, if proven */
    _Atomic uint8_t flags;          /* FLAG_* */
} Node;

_Static_assert(sizeof(Node) == DJ_MCTS_NODE_BYTES, "mcts.h promises the size of a node");

/* What one thread needs for its walks: its own position, moves, path,
 * game line (for repetitions) and random numbers. */
typedef struct Walker {
    DjMcts *mcts;
    uint64_t rng;
    unsigned char *pos;               /* the position of the current walk */
    unsigned char *child;             /* a child of it, while expanding */
    DjMove *moves;                    /* max_moves */
    DjMove *scratch;                  /* max_moves, while classifying */
    uint32_t path[MAX_TREE_PLY + 1];
    DjHistoryEntry *line;             /* the game up to the root + the walk */
    int line_capacity;
    uint16_t repetition_filter[REPETITION_FILTER];
    GThread *thread;                  /* a helper's, during a run */
} Walker;

struct DjMcts {
    const DjVariant *variant;
    size_t size;
    DjMctsOptions options;

    Node *pool;
    uint32_t capacity;
    _Atomic uint32_t used;

    /* walkers[0] is the caller's; the others run on helper threads. */
    Walker *walkers;
    int threads;
    int threads_started;         /* by the last run: threads, less those the system refused */

    /* The tree's root as of the last run, to find the new root below it. */
    bool have_tree;
    unsigned char *tree_root;
    DjHistoryEntry *tree_line;
    int tree_line_length;
    int tree_line_capacity;
    /* The root has children for some of its moves only (a run restricted
     * by DjSearchLimits.root_moves): a later run at the same root must not
     * reuse it. */
    bool root_restricted;

    /* Per run. */
    int root_index;                   /* of the root in each walker's line */
    const DjMove *root_only;          /* DjSearchLimits.root_moves of this run */
    int n_root_only;

    _Atomic uint64_t playouts;        /* of all threads */
    _Atomic uint64_t depth_sum;
    _Atomic int seldepth;
    atomic_int run_over;              /* the caller's walker is done: helpers stop */
    int64_t start_ms;
    _Atomic int64_t hard_deadline_ms;
    _Atomic int64_t soft_ms;
    _Atomic int64_t time_origin_ms;
    uint64_t node_limit;
    atomic_int stop;             /* lock-free: set from other threads and signal handlers */

    DjMctsMoveStat *root_stats;       /* max_moves, best first */
    int n_root_stats;

    /* Endgame tables (tb_search.h): a position they hold is proven by
     * them, and a playout that reaches one ends with their value.  NULL:
     * none, and the search is what it was without them. */
    DjTablebase *tables;
    _Atomic uint64_t tbhits;          /* probes that answered, this run */
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* splitmix64: fast, and the same sequence on every platform. */
static inline uint64_t next_random(Walker *w)
{
    uint64_t z = (w->rng += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline int random_below(Walker *w, int n)
{
    return (int)(((next_random(w) >> 32) * (uint64_t)n) >> 32);
}

void dj_mcts_options_default(DjMctsOptions *options)
{
    options->seed = 0x6d637473u;
    options->exploration = 1.0;
    options->playout_plies = 400;
    options->evaluate_after = 0;
}

/* The score that stands for odds of 10 to 1: 4 of the game's units (400
 * centipawns, as in chess's Elo-like logistic). */
static double odds_unit(int eval_unit)
{
    return 4.0 * (eval_unit > 0 ? eval_unit : 100);
}

int dj_mcts_score(double value, int eval_unit)
{
    double p = (value + 1.0) / 2.0;
    p = CLAMP(p, 1e-9, 1.0 - 1e-9);
    double score = odds_unit(eval_unit) * log10(p / (1.0 - p));
    return (int)CLAMP(lround(score), -(DJ_SCORE_EVAL_MAX - 1), DJ_SCORE_EVAL_MAX - 1);
}

/* ---- life cycle --------------------------------------------------------- */

/* Walker k's first random number state: the seed itself for the caller's,
 * so that one thread searches as it always did. */
static uint64_t walker_seed(const DjMcts *m, int k)
{
    return m->options.seed ^ (UINT64_C(0x5851f42d4c957f2d) * (uint64_t)k);
}

static Walker *walkers_new(DjMcts *m, int threads)
{
    Walker *walkers = g_new0(Walker, threads);
    for (int k = 0; k < threads; k++) {
        Walker *w = &walkers[k];
        w->mcts = m;
        w->rng = walker_seed(m, k);
        w->pos = g_malloc(m->size);
        w->child = g_malloc(m->size);
        w->moves = g_new(DjMove, m->variant->max_moves);
        w->scratch = g_new(DjMove, m->variant->max_moves);
    }
    return walkers;
}

static void walkers_free(Walker *walkers, int threads)
{
    for (int k = 0; k < threads; k++) {
        Walker *w = &walkers[k];
        g_free(w->pos);
        g_free(w->child);
        g_free(w->moves);
        g_free(w->scratch);
        g_free(w->line);
    }
    g_free(walkers);
}

static void tree_reset(DjMcts *m)
{
    memset(&m->pool[0], 0, sizeof(Node));
    m->pool[0].side = SIDE_UNKNOWN;
    m->used = 1;
    m->have_tree = false;
    m->root_restricted = false;
}

DjMcts *dj_mcts_try_new(const DjVariant *variant, unsigned pool_mb,
                        const DjMctsOptions *options, GError **error)
{
    g_return_val_if_fail(variant->max_moves > 0, NULL);
    /* a game's fault, not a user's: a node keeps 24 bits of its move */
    g_return_val_if_fail(dj_variant_move_limit(variant) <= DJ_MOVE_LIMIT_MAX, NULL);
    if (pool_mb == 0)
        pool_mb = DEFAULT_POOL_MB;
    if (!dj_memory_fits(pool_mb, "tree", error))
        return NULL;
    size_t nodes = ((size_t)pool_mb << 20) / sizeof(Node);
    /* The root and its children must fit, with room to spare. */
    size_t least = 1 + 4 * (size_t)variant->max_moves;
    nodes = MAX(nodes, least);
    nodes = MIN(nodes, (size_t)UINT32_MAX - 1);
    Node *pool = g_try_new(Node, nodes);
    if (pool == NULL) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "cannot have a tree of %u MB: the system refused the memory", pool_mb);
        return NULL;
    }
    DjMcts *m = g_new0(DjMcts, 1);
    m->variant = variant;
    m->size = variant->state_size;
    if (options != NULL)
        m->options = *options;
    else
        dj_mcts_options_default(&m->options);
    m->capacity = (uint32_t)nodes;
    m->pool = pool;
    m->tree_root = g_malloc(m->size);
    m->root_stats = g_new0(DjMctsMoveStat, variant->max_moves);
    m->threads = 1;
    m->walkers = walkers_new(m, 1);
    tree_reset(m);
    return m;
}

DjMcts *dj_mcts_new(const DjVariant *variant, unsigned pool_mb, const DjMctsOptions *options)
{
    GError *error = NULL;
    DjMcts *m = dj_mcts_try_new(variant, pool_mb, options, &error);
    if (m == NULL)
        g_error("dj_mcts_new: %s", error->message);
    return m;
}

void dj_mcts_free(DjMcts *m)
{
    if (m == NULL)
        return;
    g_free(m->pool);
    g_free(m->tree_root);
    g_free(m->tree_line);
    walkers_free(m->walkers, m->threads);
    g_free(m->root_stats);
    g_free(m);
}

void dj_mcts_clear(DjMcts *m)
{
    tree_reset(m);
    for (int k = 0; k < m->threads; k++)
        m->walkers[k].rng = walker_seed(m, k);
    m->n_root_stats = 0;
}

void dj_mcts_set_threads(DjMcts *m, int threads)
{
    threads = CLAMP(threads, 1, DJ_MCTS_MAX_THREADS);
    if (threads == m->threads)
        return;
    /* The caller's walker keeps its random sequence; new helpers start
     * theirs from the seed, as after dj_mcts_clear. */
    Walker *walkers = walkers_new(m, threads);
    walkers[0].rng = m->walkers[0].rng;
    walkers_free(m->walkers, m->threads);
    m->walkers = walkers;
    m->threads = threads;
}

int dj_mcts_threads(const DjMcts *m)
{
    return m->threads;
}

int dj_mcts_threads_started(const DjMcts *m)
{
    return m->threads_started;
}

void dj_mcts_stop(DjMcts *m)
{
    m->stop = 1;
}

void dj_mcts_cancel_stop(DjMcts *m)
{
    m->stop = 0;
}

void dj_mcts_set_time(DjMcts *m, int64_t soft_ms, int64_t hard_ms)
{
    int64_t now = now_ms();
    atomic_store_explicit(&m->time_origin_ms, now, memory_order_relaxed);
    atomic_store_explicit(&m->soft_ms, soft_ms > 0 ? soft_ms : 0, memory_order_relaxed);
    atomic_store_explicit(&m->hard_deadline_ms, hard_ms > 0 ? now + hard_ms : 0,
                          memory_order_relaxed);
}

uint32_t dj_mcts_pool_capacity(const DjMcts *m)
{
    return m->capacity;
}

uint32_t dj_mcts_pool_used(const DjMcts *m)
{
    return m->used;
}

/* ---- proofs and results ------------------------------------------------- */

static inline uint8_t proof_win_for(int side)
{
    return side == 0 ? PROOF_WIN0 : PROOF_WIN1;
}

/* A proven result as a result for side 0: +1, -1 or 0. */
static inline double proof_result0(uint8_t proof)
{
    return proof == PROOF_WIN0 ? 1.0 : proof == PROOF_WIN1 ? -1.0 : 0.0;
}

static inline uint8_t proof_of_outcome(DjOutcome outcome)
{
    switch (outcome) {
    case DJ_OUTCOME_WIN_SIDE0: return PROOF_WIN0;
    case DJ_OUTCOME_WIN_SIDE1: return PROOF_WIN1;
    default: return PROOF_DRAW;
    }
}

/* Atomic access to a node's shared fields.  A proof's distance is written
 * before the proof (release) and read after it (acquire), so a proof seen
 * comes with its distance; a node's children likewise. */
#define RELAXED memory_order_relaxed
static inline uint8_t proof_of(const Node *n)
{
    return atomic_load_explicit(&n->proof, memory_order_acquire);
}

static inline void set_proof(Node *n, uint8_t proof, int plies)
{
    atomic_store_explicit(&n->proof_plies, (uint16_t)plies, RELAXED);
    atomic_store_explicit(&n->proof, proof, memory_order_release);
}

static inline uint32_t children_of(const Node *n)
{
    return atomic_load_explicit(&n->children, memory_order_acquire);
}

/* The next child of the same parent, or 0. */
static inline uint32_t sibling_of(const Node *n)
{
    return atomic_load_explicit(&n->sibling, memory_order_acquire);
}

/* A node's flags; FLAG_COMPLETE is set (release) after its last child is
 * published, so a walk that sees it sees every child. */
static inline uint8_t flags_of(const Node *n)
{
    return atomic_load_explicit(&n->flags, memory_order_acquire);
}

static inline uint32_t visits_of(const Node *n)
{
    return atomic_load_explicit(&n->visits, RELAXED);
}

static inline double value_of(const Node *n)
{
    return atomic_load_explicit(&n->value, RELAXED);
}

/* value += delta, with other threads adding too (C11 has no atomic
 * floating-point add that needs no runtime library). */
static inline void add_value(Node *n, double delta)
{
    double old = atomic_load_explicit(&n->value, RELAXED);
    while (!atomic_compare_exchange_weak_explicit(&n->value, &old, old + delta, RELAXED,
                                                  RELAXED))
        ;
}

/* The score of a proven node for `side`, counting `extra` plies above it. */
static int proof_score(const Node *n, int side, int extra)
{
    if (n->proof == PROOF_DRAW)
        return DJ_SCORE_DRAW;
    int plies = n->proof_plies + extra;
    return n->proof == proof_win_for(side) ? DJ_SCORE_WIN - plies : -(DJ_SCORE_WIN - plies);
}

/* Decide `node` from its children where that can be done: a child that
 * wins for the side to move here wins (the fastest of those found), and
 * children that are all decided decide by the best of them.  Returns
 * whether the node is proven now. */
static bool try_prove(DjMcts *m, uint32_t node)
{
    Node *n = &m->pool[node];
    int side = n->side;
    uint8_t win = proof_win_for(side);
    int fastest_win = INT32_MAX, slowest_loss = -1;
    /* Only a node with a child for each of its moves is decided by them all. */
    bool all_proven = (flags_of(n) & FLAG_COMPLETE) != 0, draw = false;
    for (uint32_t i = children_of(n); i != 0; i = sibling_of(&m->pool[i])) {
        const Node *c = &m->pool[i];
        uint8_t proof = proof_of(c);
        int plies = atomic_load_explicit(&c->proof_plies, RELAXED);
        if (proof == PROOF_NONE)
            all_proven = false;
        else if (proof == win)
            fastest_win = MIN(fastest_win, plies);
        else if (proof == PROOF_DRAW)
            draw = true;
        else
            slowest_loss = MAX(slowest_loss, plies);
    }
    /* Two threads may prove the same node at once: both from proven
     * children, so either proof is sound. */
    if (fastest_win != INT32_MAX)
        set_proof(n, win, MIN(fastest_win + 1, MAX_PROOF_PLIES));
    else if (all_proven && draw)
        set_proof(n, PROOF_DRAW, 0);
    else if (all_proven)
        set_proof(n, proof_win_for(1 - side), MIN(slowest_loss + 1, MAX_PROOF_PLIES));
    return proof_of(n) != PROOF_NONE;
}

/* ---- the walk ----------------------------------------------------------- */

static bool out_of_resources(DjMcts *m)
{
    if (m->stop)
        return true;
    if (m->node_limit != 0 && m->playouts >= m->node_limit)
        return true;
    int64_t deadline = atomic_load_explicit(&m->hard_deadline_ms, memory_order_relaxed);
    int64_t soft = atomic_load_explicit(&m->soft_ms, memory_order_relaxed);
    if (deadline == 0 && soft == 0)
        return false;
    int64_t now = now_ms();
    if (deadline != 0 && now >= deadline)
        return true;
    int64_t origin = atomic_load_explicit(&m->time_origin_ms, memory_order_relaxed);
    return soft != 0 && now - origin >= soft;
}

static void filter_add(Walker *w, uint64_t key, int delta)
{
    w->repetition_filter[key & (REPETITION_FILTER - 1)] += (uint16_t)delta;
}

/* If the position at line index `idx` repeats an earlier one, its proof by
 * the variant's rule (the side to move there is `side`). */
static uint8_t repetition_proof(Walker *w, int idx, int side)
{
    uint64_t key = w->line[idx].key;
    if (w->repetition_filter[key & (REPETITION_FILTER - 1)] <= 1)
        return PROOF_NONE;   /* only this entry is in its bucket */
    for (int j = idx - 1; j >= 0; j--) {
        if (w->line[j].key != key)
            continue;
        switch (dj_repetition_judge(w->line, j, idx, w->mcts->variant->perpetual_check_loses)) {
        case DJ_REPETITION_MOVER_LOSES: return proof_win_for(1 - side);
        case DJ_REPETITION_MOVER_WINS: return proof_win_for(side);
        case DJ_REPETITION_DRAW: return PROOF_DRAW;
        }
    }
    return PROOF_NONE;
}

/* The proof the tables give the ongoing `pos` (side to move `side`), and
 * its plies in *plies; PROOF_NONE when they do not hold it with its
 * distance (a proof says how far the end is). */
static uint8_t table_proof(DjMcts *m, const void *pos, int side, int *plies)
{
    int distance = -1;
    DjTbValue value = dj_tablebase_probe(m->tables, pos, &distance);
    if (value == DJ_TB_NONE || (value != DJ_TB_DRAW && distance < 0))
        return PROOF_NONE;
    atomic_fetch_add_explicit(&m->tbhits, 1, memory_order_relaxed);
    *plies = value == DJ_TB_DRAW ? 0 : MIN(distance, MAX_PROOF_PLIES);
    return value == DJ_TB_DRAW ? PROOF_DRAW
         : value == DJ_TB_WIN ? proof_win_for(side) : proof_win_for(1 - side);
}

/* A new node whose position is `pos`, at line index `idx` (its entry
 * filled in): learn its side to move, and prove it if the game ends there
 * (or, after a repetition, when the tables know its end: tb_search.h). */
static void classify(Walker *w, Node *n, const void *pos, int idx)
{
    const DjVariant *v = w->mcts->variant;
    n->side = (uint8_t)v->side_to_move(pos);
    DjOutcome outcome = v->outcome(pos);
    uint8_t proof = PROOF_NONE;
    int plies = 0;
    if (outcome != DJ_OUTCOME_ONGOING)
        proof = proof_of_outcome(outcome);
    else if ((proof = repetition_proof(w, idx, n->side)) != PROOF_NONE)
        ;
    else if (w->mcts->tables != NULL
             && (proof = table_proof(w->mcts, pos, n->side, &plies)) != PROOF_NONE)
        ;
    else if ((v->count_moves != NULL ? v->count_moves(pos)
                                     : v->legal_moves(pos, w->scratch)) == 0)
        proof = proof_win_for(1 - n->side);
    set_proof(n, proof, plies);
}

/* Room for one node in the pool: its index, or 0 when the pool is full. */
static uint32_t allocate(DjMcts *m)
{
    uint32_t index = atomic_load_explicit(&m->used, RELAXED);
    do {
        if (index >= m->capacity)
            return 0;
    } while (!atomic_compare_exchange_weak_explicit(&m->used, &index, index + 1, RELAXED,
                                                    RELAXED));
    return index;
}

/* splitmix64's finaliser, for the order of a position's moves. */
static inline uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Where a move comes in the order a node adds its children: the lower
 * `high`, the sooner; ties by the move. */
typedef struct Rank {
    uint64_t high;
    DjMove move;
} Rank;

/* The rank of `move` of `pos` (whose key is `key`): the moves that gain
 * most at once (move_gain) first, then noisy ones (is_noisy), then the
 * rest, each group in an order drawn from the key, the move and the seed.
 * The same at every visit and in every thread, so that a node needs no
 * list of its moves: its next child is found by ranking them again
 * (add_child).  A drawn order rather than the generator's, so that the
 * moves a wide node never reaches are not always those the generator
 * writes last. */
static inline Rank move_rank(const DjMcts *m, const void *pos, uint64_t key, DjMove move)
{
    const DjVariant *v = m->variant;
    uint64_t prior = 0;
    if (v->move_gain != NULL) {
        int gain = v->move_gain(pos, move);
        prior = (uint64_t)CLAMP(gain, 0, DJ_SCORE_EVAL_MAX) * 2;
    }
    if (v->is_noisy != NULL && v->is_noisy(pos, move))
        prior += 1;
    uint64_t draw = mix(key ^ m->options.seed ^ ((uint64_t)move * 0x9e3779b97f4a7c15u)) >> 32;
    return (Rank){ ((uint64_t)UINT32_MAX - prior) << 32 | draw, move };
}

static inline bool rank_below(Rank a, Rank b)
{
    return a.high < b.high || (a.high == b.high && a.move < b.move);
}

/* The number of moves of `pos` (ongoing). */
static int count_moves(Walker *w, const void *pos)
{
    const DjVariant *v = w->mcts->variant;
    return v->count_moves != NULL ? v->count_moves(pos) : v->legal_moves(pos, w->scratch);
}

/* A noisy move among `moves` of w->pos (ongoing, `side` to move) after
 * which the game is over in `side`'s favour (by outcome(), or the other
 * side has no move), or DJ_MOVE_NONE.  A node's first child is that move
 * where there is one, so that a win at once is proven as soon as the node
 * grows, as when every child was added at once.  Wins are noisy (is_noisy's
 * contract): trying only those costs a fraction of trying every move. */
static DjMove winning_noisy_move(Walker *w, const DjMove *moves, int n, int side)
{
    const DjMcts *m = w->mcts;
    const DjVariant *v = m->variant;
    if (v->is_noisy == NULL)
        return DJ_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        if (!v->is_noisy(w->pos, moves[i]))
            continue;
        memcpy(w->child, w->pos, m->size);
        v->play(w->child, moves[i]);
        DjOutcome outcome = v->outcome(w->child);
        bool wins = outcome != DJ_OUTCOME_ONGOING
                        ? dj_outcome_winner(outcome) == side
                        : v->side_to_move(w->child) != side && count_moves(w, w->child) == 0;
        if (wins)
            return moves[i];
    }
    return DJ_MOVE_NONE;
}

/* expand()'s work, with the node claimed: add the next child of `node`
 * (position w->pos, ongoing, `ply` plies below the root) and return its
 * index, classified at once (a move that ends the game is known before any
 * playout); 0 when every move has its child or the pool is full.  The next
 * child is a move that wins at once for the first (winning_noisy_move),
 * else the first move by move_rank after the last child added. */
static uint32_t add_child(Walker *w, uint32_t node, int ply)
{
    DjMcts *m = w->mcts;
    const DjVariant *v = m->variant;
    Node *parent = &m->pool[node];
    uint8_t flags = flags_of(parent);
    if (flags & FLAG_COMPLETE)
        return 0;   /* another walk added the last just before */
    uint32_t tail = 0;
    int count = 0;
    for (uint32_t i = children_of(parent); i != 0; i = sibling_of(&m->pool[i])) {
        tail = i;
        count++;
    }
    int n = v->legal_moves(w->pos, w->moves);
    if (ply == 0 && m->n_root_only > 0) {
        int legal = n;
        n = dj_search_restrict_moves(w->moves, legal, m->root_only, m->n_root_only);
        if (count == 0)   /* the root's first child comes before helpers start */
            m->root_restricted = n < legal;
    }
    DjMove move = count == 0 ? winning_noisy_move(w, w->moves, n, parent->side) : DJ_MOVE_NONE;
    bool swept = move != DJ_MOVE_NONE;
    if (!swept) {
        uint64_t key = v->key(w->pos);
        DjMove swept_move = (flags & FLAG_SWEPT) ? (DjMove)m->pool[children_of(parent)].move
                                                 : DJ_MOVE_NONE;
        /* after the last child in rank order (a swept child alone is out of it) */
        bool after = tail != 0 && !(count == 1 && swept_move != DJ_MOVE_NONE);
        Rank last = after ? move_rank(m, w->pos, key, m->pool[tail].move) : (Rank){ 0, 0 };
        Rank best = { UINT64_MAX, UINT32_MAX };
        for (int i = 0; i < n; i++) {
            if (w->moves[i] == swept_move)
                continue;
            Rank r = move_rank(m, w->pos, key, w->moves[i]);
            if ((!after || rank_below(last, r)) && rank_below(r, best))
                best = r;
        }
        move = best.move != UINT32_MAX ? best.move : DJ_MOVE_NONE;
    }
    if (move == DJ_MOVE_NONE) {
        atomic_fetch_or_explicit(&parent->flags, FLAG_COMPLETE, memory_order_release);
        return 0;
    }
    uint32_t index = allocate(m);
    if (index == 0)
        return 0;
    Node *c = &m->pool[index];
    memset(c, 0, sizeof *c);   /* no thread sees it before it is published */
    c->move = move & (DJ_MOVE_LIMIT_MAX - 1);
    bool checks = v->perpetual_check_loses && v->in_check != NULL;
    int idx = m->root_index + ply + 1;
    DjHistoryEntry *entry = &w->line[idx];
    memcpy(w->child, w->pos, m->size);
    v->play(w->child, move);
    entry->key = v->key(w->child);
    entry->in_check = checks && v->in_check(w->child);
    entry->side = (uint8_t)v->side_to_move(w->child);
    filter_add(w, entry->key, +1);
    classify(w, c, w->child, idx);
    filter_add(w, entry->key, -1);
    if (tail == 0)
        atomic_store_explicit(&parent->children, index, memory_order_release);
    else
        atomic_store_explicit(&m->pool[tail].sibling, index, memory_order_release);
    uint8_t more = (uint8_t)((swept ? FLAG_SWEPT : 0) | (count + 1 >= n ? FLAG_COMPLETE : 0));
    if (more != 0)
        atomic_fetch_or_explicit(&parent->flags, more, memory_order_release);
    return index;
}

/* Add the next child of `node` (add_child).  0 when there is none to add,
 * when the pool has no room (the tree stops growing), or when another
 * thread is adding one: the caller chooses among the children it has. */
static uint32_t expand(Walker *w, uint32_t node, int ply)
{
    DjMcts *m = w->mcts;
    Node *parent = &m->pool[node];
    if (atomic_fetch_or_explicit(&parent->flags, FLAG_EXPANDING, memory_order_acquire)
        & FLAG_EXPANDING)
        return 0;
    uint32_t child = add_child(w, node, ply);
    atomic_fetch_and_explicit(&parent->flags, (uint8_t)~FLAG_EXPANDING, memory_order_release);
    return child;
}

/* Progressive widening: whether a node visited `visits` times that has
 * `open` children not proven lost may consider another.  Proven losses do
 * not count, so that a node whose moves are refuted one by one goes on to
 * the next at once (the solver needs every move to prove a loss).  A
 * node's first few children come at once, as before (a toy's or a narrow
 * game's nodes have all theirs within a few dozen visits); a node with
 * thousands of moves spends its visits on a few hundred of them. */
static inline bool widening_allows(int open, uint32_t visits)
{
    return open < WIDEN_BASE + WIDEN_SCALE * sqrt((double)visits);
}

/* The UCB1 choice among the children of `node` (position w->pos, `ply`
 * plies below the root): unvisited children first, then a new child when
 * widening allows one, never a proven loss for the side to move.  0 when
 * there is no child to go to (none yet and none could be added, or every
 * one a proven loss and no other could be added): the caller plays out
 * from the node.  With threads a child's visits and value count the walks
 * in progress below it as losses (virtual loss), which sends the others
 * elsewhere. */
static uint32_t select_child(Walker *w, uint32_t node, int ply)
{
    DjMcts *m = w->mcts;
    const Node *n = &m->pool[node];
    uint8_t loss = proof_win_for(1 - n->side);
    bool complete = (flags_of(n) & FLAG_COMPLETE) != 0;
    uint32_t parent_visits = visits_of(n);
    double log_parent = log((double)(parent_visits > 0 ? parent_visits : 1));
    double c = m->options.exploration;
    uint32_t best = 0;
    double best_ucb = -INFINITY;
    int open = 0;
    for (uint32_t index = children_of(n); index != 0; index = sibling_of(&m->pool[index])) {
        const Node *child = &m->pool[index];
        uint8_t proof = proof_of(child);
        if (proof == loss)
            continue;
        open++;
        uint32_t visits = visits_of(child);
        if (visits == 0)
            return index;
        double q = proof == PROOF_DRAW ? 0.0 : value_of(child) / visits;
        double ucb = q + c * sqrt(log_parent / visits);
        if (ucb > best_ucb) {
            best_ucb = ucb;
            best = index;
        }
    }
    if (!complete && widening_allows(open, parent_visits)) {
        uint32_t added = expand(w, node, ply);
        if (added != 0)
            return added;
    }
    return best;
}

/* A playout move: uniformly random, or the better of two random moves by
 * move_gain, or a second draw when the first is quiet and is_noisy says
 * what is not. */
static DjMove playout_move(Walker *w, const void *pos, const DjMove *moves, int n)
{
    const DjVariant *v = w->mcts->variant;
    DjMove move = moves[random_below(w, n)];
    if (n == 1)
        return move;
    if (v->move_gain != NULL) {
        DjMove other = moves[random_below(w, n)];
        if (v->move_gain(pos, other) > v->move_gain(pos, move))
            move = other;
    } else if (v->is_noisy != NULL && !v->is_noisy(pos, move)) {
        move = moves[random_below(w, n)];
    }
    return move;
}

/* A score of evaluate() as a result in -1..+1 for side 0. */
static double evaluation_result0(const DjVariant *v, const void *pos)
{
    double e = v->evaluate(pos);
    double p = 1.0 / (1.0 + pow(10.0, -e / odds_unit(v->eval_unit)));
    double r = 2.0 * p - 1.0;
    return v->side_to_move(pos) == 0 ? r : -r;
}

/* Finish the game from w->pos (ongoing); the result for side 0. */
static double playout(Walker *w)
{
    DjMcts *m = w->mcts;
    const DjVariant *v = m->variant;
    unsigned char *pos = w->pos;   /* the walk is over: it may be played on */
    int limit = m->options.playout_plies;
    int cut = v->evaluate != NULL ? m->options.evaluate_after : 0;
    for (int ply = 0;; ply++) {
        DjOutcome outcome = v->outcome(pos);
        if (outcome != DJ_OUTCOME_ONGOING)
            return proof_result0(proof_of_outcome(outcome));
        if (m->tables != NULL) {
            /* the tables' value ends the playout, distance or not */
            DjTbValue value = dj_tablebase_probe(m->tables, pos, NULL);
            if (value != DJ_TB_NONE) {
                atomic_fetch_add_explicit(&m->tbhits, 1, memory_order_relaxed);
                int winner = value == DJ_TB_DRAW ? -1
                           : value == DJ_TB_WIN ? v->side_to_move(pos)
                                                : 1 - v->side_to_move(pos);
                return winner < 0 ? 0.0 : winner == 0 ? 1.0 : -1.0;
            }
        }
        int n = v->legal_moves(pos, w->moves);
        if (n == 0)
            return v->side_to_move(pos) == 0 ? -1.0 : 1.0;
        if ((cut > 0 && ply >= cut) || ply >= limit)
            return v->evaluate != NULL ? evaluation_result0(v, pos) : 0.0;
        v->play(pos, playout_move(w, pos, w->moves, n));
    }
}

static void note_depth(DjMcts *m, int ply)
{
    atomic_fetch_add_explicit(&m->depth_sum, (uint64_t)ply, RELAXED);
    int deepest = atomic_load_explicit(&m->seldepth, RELAXED);
    while (ply > deepest
           && !atomic_compare_exchange_weak_explicit(&m->seldepth, &deepest, ply, RELAXED,
                                                     RELAXED))
        ;
}

/* One iteration: walk down, expand, play out, back up.  With threads
 * (`shared`) each node of the walk counts a visit and a loss as the walk
 * passes it, and the loss is taken back with the result: one thread alone
 * adds both at the end, as it always did, so its search stays the same to
 * the last bit. */
static void iterate(Walker *w, const void *root, bool shared)
{
    DjMcts *m = w->mcts;
    const DjVariant *v = m->variant;
    bool checks = v->perpetual_check_loses && v->in_check != NULL;
    memcpy(w->pos, root, m->size);
    uint32_t node = 0;
    int ply = 0;
    w->path[0] = 0;
    double result0;
    for (;;) {
        Node *n = &m->pool[node];
        uint8_t proof = proof_of(n);
        if (proof != PROOF_NONE) {
            result0 = proof_result0(proof);
            break;
        }
        /* A leaf is played out on its first visit (this walk's own
         * virtual visit aside) and grown on the next.  A child that ends
         * the game is proven as it is added: the walk goes on to it, and
         * the backup proves this node from it. */
        bool first_visit = children_of(n) == 0
                           && visits_of(n) <= (shared && ply > 0 ? 1u : 0u);
        uint32_t next = first_visit || ply >= MAX_TREE_PLY ? 0 : select_child(w, node, ply);
        if (next == 0) {
            result0 = playout(w);
            break;
        }
        node = next;
        if (shared) {
            Node *next = &m->pool[node];
            atomic_fetch_add_explicit(&next->visits, 1, RELAXED);
            add_value(next, -1.0);
        }
        v->play(w->pos, m->pool[node].move);
        ply++;
        w->path[ply] = node;
        DjHistoryEntry *entry = &w->line[m->root_index + ply];
        entry->key = v->key(w->pos);
        entry->in_check = checks && v->in_check(w->pos);
        entry->side = (uint8_t)v->side_to_move(w->pos);
        filter_add(w, entry->key, +1);
    }
    for (int k = 1; k <= ply; k++)
        filter_add(w, w->line[m->root_index + k].key, -1);
    note_depth(m, ply);

    bool proving = true;
    for (int k = ply; k >= 1; k--) {
        Node *child = &m->pool[w->path[k]];
        const Node *parent = &m->pool[w->path[k - 1]];
        double result = parent->side == 0 ? result0 : -result0;
        if (shared) {
            add_value(child, result + 1.0);   /* the virtual loss taken back */
        } else {
            atomic_fetch_add_explicit(&child->visits, 1, RELAXED);
            add_value(child, result);
        }
        if (proving)
            proving = proof_of(child) != PROOF_NONE && proof_of(parent) == PROOF_NONE
                      && try_prove(m, w->path[k - 1]);
    }
    atomic_fetch_add_explicit(&m->pool[0].visits, 1, RELAXED);
}

/* ---- the root ----------------------------------------------------------- */

/* Whether child a is a better choice than child b for `side`: a proven win
 * (the fastest), then by visits (then value), proven losses last (the
 * slowest first). */
static bool better_child(const Node *a, const Node *b, int side)
{
    uint8_t win = proof_win_for(side), loss = proof_win_for(1 - side);
    int rank_a = a->proof == win ? 2 : a->proof == loss ? 0 : 1;
    int rank_b = b->proof == win ? 2 : b->proof == loss ? 0 : 1;
    if (rank_a != rank_b)
        return rank_a > rank_b;
    if (rank_a == 2 && a->proof_plies != b->proof_plies)
        return a->proof_plies < b->proof_plies;
    if (rank_a == 0 && a->proof_plies != b->proof_plies)
        return a->proof_plies > b->proof_plies;
    if (a->visits != b->visits)
        return a->visits > b->visits;
    double qa = a->visits > 0 ? a->value / a->visits : 0.0;
    double qb = b->visits > 0 ? b->value / b->visits : 0.0;
    return qa > qb;
}

static uint32_t best_child(const DjMcts *m, uint32_t node)
{
    const Node *n = &m->pool[node];
    uint32_t best = n->children;
    for (uint32_t i = sibling_of(&m->pool[best]); i != 0; i = m->pool[i].sibling)
        if (better_child(&m->pool[i], &m->pool[best], n->side))
            best = i;
    return best;
}

/* The score of child `index` of the root for the root's side to move. */
static int child_score(const DjMcts *m, uint32_t index)
{
    const Node *c = &m->pool[index];
    int side = m->pool[0].side;
    if (c->proof != PROOF_NONE)
        return proof_score(c, side, 1);
    return dj_mcts_score(c->visits > 0 ? c->value / c->visits : 0.0, m->variant->eval_unit);
}

/* Sort the root's children best first into root_stats. */
static void collect_root_stats(DjMcts *m)
{
    const Node *root = &m->pool[0];
    int n = 0;
    for (uint32_t i = children_of(root); i != 0; i = sibling_of(&m->pool[i]))
        n++;
    n = MIN(n, m->variant->max_moves);   /* a helper may add one meanwhile */
    uint32_t *order = g_new(uint32_t, MAX(n, 1));
    uint32_t index = children_of(root);
    for (int i = 0; i < n; i++, index = sibling_of(&m->pool[index])) {
        int k = i;
        while (k > 0 && better_child(&m->pool[index], &m->pool[order[k - 1]], root->side)) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = index;
    }
    for (int i = 0; i < n; i++) {
        const Node *c = &m->pool[order[i]];
        DjMctsMoveStat *stat = &m->root_stats[i];
        stat->move = c->move;
        stat->visits = c->visits;
        stat->value = c->proof != PROOF_NONE ? proof_result0(c->proof) * (root->side == 0 ? 1 : -1)
                      : c->visits > 0 ? c->value / c->visits : 0.0;
        stat->score = child_score(m, order[i]);
        stat->proven = c->proof != PROOF_NONE;
    }
    m->n_root_stats = n;
    g_free(order);
}

/* The most visited line from root child `first`. */
static void fill_line(const DjMcts *m, uint32_t first, DjSearchInfo *info)
{
    info->pv_length = 0;
    uint32_t node = first;
    for (;;) {
        info->pv[info->pv_length++] = m->pool[node].move;
        const Node *n = &m->pool[node];
        if (n->children == 0 || info->pv_length >= DJ_SEARCH_MAX_PLY)
            break;
        uint32_t next = best_child(m, node);
        if (m->pool[next].visits == 0 && m->pool[next].proof == PROOF_NONE)
            break;
        node = next;
    }
}

/* The reported depth: the average tree walk, rounded up, at least 1. */
static int average_depth(const DjMcts *m)
{
    int depth = m->playouts > 0 ? (int)((m->depth_sum + m->playouts - 1) / m->playouts) : 0;
    return MAX(depth, 1);
}

static void fill_info(DjMcts *m, int k, DjSearchInfo *info)
{
    memset(info, 0, sizeof *info);
    info->multipv = k + 1;
    info->depth = average_depth(m);
    info->seldepth = m->seldepth;
    info->nodes = m->playouts;
    info->elapsed_ms = now_ms() - m->start_ms;
    info->hashfull = (int)((uint64_t)m->used * 1000 / m->capacity);
    info->tbhits = atomic_load_explicit(&m->tbhits, memory_order_relaxed);
    const Node *root = &m->pool[0];
    /* root_stats is sorted; find child k's index again by its move */
    DjMove move = m->root_stats[k].move;
    for (uint32_t i = children_of(root); i != 0; i = sibling_of(&m->pool[i])) {
        if (m->pool[i].move == move) {
            fill_line(m, i, info);
            break;
        }
    }
    info->score = m->root_stats[k].score;
}

static void report_lines(DjMcts *m, int multipv, DjSearchReportFn report, void *user_data)
{
    collect_root_stats(m);
    int lines = CLAMP(multipv, 1, m->n_root_stats);
    for (int k = 0; k < lines; k++) {
        DjSearchInfo info;
        fill_info(m, k, &info);
        report(&info, user_data);
    }
}

/* ---- keeping the tree --------------------------------------------------- */

/* Each walker's copy of the game line up to the root, and its filter. */
static void prepare_line(Walker *w, const void *root, const DjHistoryEntry *line, int n_line)
{
    DjMcts *m = w->mcts;
    const DjVariant *v = m->variant;
    int needed = n_line + MAX_TREE_PLY + 2;
    if (needed > w->line_capacity) {
        g_free(w->line);
        w->line = g_new(DjHistoryEntry, needed);
        w->line_capacity = needed;
    }
    if (n_line > 0)
        memcpy(w->line, line, sizeof(DjHistoryEntry) * (size_t)n_line);
    m->root_index = n_line > 0 ? n_line - 1 : 0;
    w->line[m->root_index].key = v->key(root);
    w->line[m->root_index].in_check = v->in_check != NULL && v->in_check(root);
    w->line[m->root_index].side = (uint8_t)v->side_to_move(root);
    memset(w->repetition_filter, 0, sizeof w->repetition_filter);
    for (int i = 0; i <= m->root_index; i++)
        filter_add(w, w->line[i].key, +1);
}

static bool same_entry(const DjHistoryEntry *a, const DjHistoryEntry *b)
{
    return a->key == b->key && a->in_check == b->in_check && a->side == b->side;
}

/* The node of the last tree that stands for the new root, reached from the
 * old root along the game line, or 0 with *found false. */
static uint32_t find_new_root(DjMcts *m, bool *found)
{
    const DjHistoryEntry *line = m->walkers[0].line;
    *found = false;
    int old_length = m->tree_line_length;
    int new_length = m->root_index + 1;
    int below = new_length - old_length;
    if (!m->have_tree || below < 0 || below > REUSE_MAX_PLIES)
        return 0;
    for (int i = 0; i < old_length; i++)
        if (!same_entry(&m->tree_line[i], &line[i]))
            return 0;
    const DjVariant *v = m->variant;
    unsigned char *pos = m->walkers[0].pos;
    unsigned char *child_pos = g_malloc(m->size);
    memcpy(pos, m->tree_root, m->size);
    uint32_t node = 0;
    for (int k = 1; k <= below && node != UINT32_MAX; k++) {
        const Node *n = &m->pool[node];
        uint64_t wanted = line[old_length - 1 + k].key;
        uint32_t next = UINT32_MAX;
        for (uint32_t i = n->children; i != 0 && next == UINT32_MAX; i = m->pool[i].sibling) {
            memcpy(child_pos, pos, m->size);
            v->play(child_pos, m->pool[i].move);
            if (v->key(child_pos) == wanted) {
                next = i;
                memcpy(pos, child_pos, m->size);
            }
        }
        node = next;
    }
    g_free(child_pos);
    if (node == UINT32_MAX)
        return 0;
    *found = true;
    return node;
}

/* Make `keep` the root, sliding its subtree to the front of the pool and
 * giving the rest back.  Every index a node holds (its first child, its
 * next sibling) points forward in the pool, so two passes in pool order do
 * it: the first marks the subtree and gives each of its nodes its new
 * index (link), the second moves each node down, after which nothing
 * still to be read lies below it, and points it at its children's and
 * sibling's new places. */
static void keep_subtree(DjMcts *m, uint32_t keep)
{
    if (keep == 0)
        return;
    Node *pool = m->pool;
    uint32_t used = m->used;
    pool[keep].flags |= FLAG_KEEP;
    uint32_t dest = 0;
    for (uint32_t i = keep; i < used; i++) {
        Node *x = &pool[i];
        if (!(x->flags & FLAG_KEEP))
            continue;
        x->link = dest++;
        for (uint32_t c = x->children; c != 0; c = pool[c].sibling)
            pool[c].flags |= FLAG_KEEP;
    }
    for (uint32_t i = keep; i < used; i++) {
        if (!(pool[i].flags & FLAG_KEEP))
            continue;
        Node x = pool[i];
        x.children = x.children != 0 ? pool[x.children].link : 0;
        x.sibling = i != keep && x.sibling != 0 ? pool[x.sibling].link : 0;
        x.flags &= FLAG_COMPLETE | FLAG_SWEPT;
        uint32_t to = x.link;
        x.link = 0;
        pool[to] = x;
    }
    m->used = dest;
}

static void remember_tree(DjMcts *m, const void *root)
{
    int length = m->root_index + 1;
    if (length > m->tree_line_capacity) {
        g_free(m->tree_line);
        m->tree_line = g_new(DjHistoryEntry, length);
        m->tree_line_capacity = length;
    }
    memcpy(m->tree_line, m->walkers[0].line, sizeof(DjHistoryEntry) * (size_t)length);
    m->tree_line_length = length;
    memcpy(m->tree_root, root, m->size);
    m->have_tree = true;
}

/* ---- the run ------------------------------------------------------------ */

/* The run of one walker, to the end of the run (the caller's walker says
 * when, through run_over, once its own loop ends). */
typedef struct HelperRun {
    Walker *walker;
    const void *root;
} HelperRun;

static bool run_goes_on(DjMcts *m)
{
    return proof_of(&m->pool[0]) == PROOF_NONE && !out_of_resources(m);
}

static gpointer helper_main(gpointer data)
{
    HelperRun *run = data;
    DjMcts *m = run->walker->mcts;
    while (!atomic_load_explicit(&m->run_over, RELAXED) && run_goes_on(m)) {
        iterate(run->walker, run->root, true);
        atomic_fetch_add_explicit(&m->playouts, 1, RELAXED);
    }
    return NULL;
}

/* A root the tables hold (with distances), answered from them without a
 * walk and without touching the tree: the root moves (restricted as
 * limits say) ranked by the tables into root_stats, every one proven, and
 * the multipv lines reported once with the tables' line.  false when the
 * tables cannot rank them (tb_search.h): then the search runs. */
static bool tables_answer(DjMcts *m, const void *root, const DjHistoryEntry *line, int n_line,
                          const DjSearchLimits *limits, DjSearchReportFn report,
                          void *user_data, DjSearchInfo *info_out, DjMove *best)
{
    const DjVariant *v = m->variant;
    g_autofree DjMove *moves = g_new(DjMove, v->max_moves);
    g_autofree int *scores = g_new(int, v->max_moves);
    int n = v->legal_moves(root, moves);
    n = dj_search_restrict_moves(moves, n, limits->root_moves, limits->n_root_moves);
    uint64_t probes = 0;
    bool ranked = dj_tb_search_rank_root(m->tables, v, root, line, n_line, moves, scores, n,
                                         &probes);
    if (!ranked) {
        atomic_fetch_add_explicit(&m->tbhits, probes, memory_order_relaxed);
        return false;
    }
    for (int i = 0; i < n; i++) {
        DjMctsMoveStat *stat = &m->root_stats[i];
        stat->move = moves[i];
        stat->visits = 0;
        stat->value = scores[i] > 0 ? 1.0 : scores[i] < 0 ? -1.0 : 0.0;
        stat->score = scores[i];
        stat->proven = true;
    }
    m->n_root_stats = n;
    g_autofree unsigned char *child = g_malloc(m->size);
    int lines = CLAMP(limits->multipv, 1, n);
    DjSearchInfo first;
    memset(&first, 0, sizeof first);
    for (int k = 0; k < lines; k++) {
        DjSearchInfo info;
        memset(&info, 0, sizeof info);
        memcpy(child, root, m->size);
        v->play(child, moves[k]);
        info.pv[0] = moves[k];
        info.pv_length = 1 + dj_tb_search_line(m->tables, v, child, info.pv + 1,
                                               DJ_SEARCH_MAX_PLY - 1, &probes);
        info.depth = 1;
        info.seldepth = info.pv_length;
        info.multipv = k + 1;
        info.score = scores[k];
        info.tbhits = probes;
        info.elapsed_ms = now_ms() - m->start_ms;
        info.tablebase = true;
        if (k == 0)
            first = info;
        if (report != NULL)
            report(&info, user_data);
    }
    atomic_store_explicit(&m->tbhits, probes, memory_order_relaxed);
    if (info_out != NULL)
        *info_out = first;
    *best = moves[0];
    m->stop = 0;   /* as a run that walked: a stop that came early is spent */
    return true;
}

DjMove dj_mcts_run(DjMcts *m, const void *root, const DjHistoryEntry *line, int n_line,
                   const DjSearchLimits *limits, DjSearchReportFn report, void *user_data,
                   DjSearchInfo *info_out)
{
    const DjVariant *v = m->variant;
    Walker *w = &m->walkers[0];
    DjSearchLimits none = { 0 };
    if (limits == NULL)
        limits = &none;
    m->playouts = 0;
    m->depth_sum = 0;
    m->seldepth = 0;
    m->run_over = 0;
    m->start_ms = now_ms();
    atomic_store_explicit(&m->time_origin_ms, m->start_ms, memory_order_relaxed);
    atomic_store_explicit(&m->soft_ms, limits->time_ms > 0 ? limits->soft_time_ms : 0,
                          memory_order_relaxed);
    atomic_store_explicit(&m->hard_deadline_ms,
                          limits->time_ms > 0 ? m->start_ms + limits->time_ms : 0,
                          memory_order_relaxed);
    m->node_limit = limits->nodes;
    atomic_store_explicit(&m->tbhits, 0, memory_order_relaxed);
    DjMove answer = DJ_MOVE_NONE;
    if (m->tables != NULL && tables_answer(m, root, line, n_line, limits, report, user_data,
                                           info_out, &answer))
        return answer;
    m->root_only = limits->root_moves;
    m->n_root_only = limits->n_root_moves;
    for (int k = 0; k < m->threads; k++)
        prepare_line(&m->walkers[k], root, line, n_line);

    /* A restricted run makes the root's children afresh from its moves;
     * below the root every node has all its children. */
    bool found = false;
    uint32_t keep = find_new_root(m, &found);
    if (found && m->n_root_only == 0 && !(keep == 0 && m->root_restricted)) {
        keep_subtree(m, keep);
        m->root_restricted = false;
    } else {
        tree_reset(m);
    }
    remember_tree(m, root);

    Node *top = &m->pool[0];
    top->side = (uint8_t)v->side_to_move(root);
    if (top->children == 0) {
        /* the caller says the root goes on: a proof without children was a
         * repetition of the line of an earlier search */
        top->proof = PROOF_NONE;
        memcpy(w->pos, root, m->size);
        if (!expand(w, 0, 0)) {
            tree_reset(m);
            remember_tree(m, root);
            m->pool[0].side = (uint8_t)v->side_to_move(root);
            memcpy(w->pos, root, m->size);
            if (!expand(w, 0, 0)) {
                m->stop = 0;
                m->n_root_stats = 0;
                m->root_only = NULL;
                m->n_root_only = 0;
                return DJ_MOVE_NONE;   /* no legal move: against the contract */
            }
        }
        (void)try_prove(m, 0);
    }

    /* The helpers walk the same tree from here: the root has a child. */
    bool shared = m->threads > 1;
    HelperRun *runs = NULL;
    m->threads_started = m->threads;   /* less those the system refuses below */
    if (shared && run_goes_on(m)) {
        runs = g_new(HelperRun, m->threads);
        for (int k = 1; k < m->threads; k++) {
            runs[k] = (HelperRun){ &m->walkers[k], root };
            /* One the system refuses (its stack is memory too) is a
             * walker fewer, not an abort. */
            m->walkers[k].thread = g_thread_try_new("mcts-helper", helper_main, &runs[k], NULL);
            m->threads_started -= m->walkers[k].thread == NULL;
        }
    }
    uint64_t next_report = FIRST_REPORT;
    while (run_goes_on(m)) {
        iterate(w, root, shared);
        uint64_t playouts = atomic_fetch_add_explicit(&m->playouts, 1, RELAXED) + 1;
        if (report != NULL && playouts >= next_report) {
            report_lines(m, limits->multipv, report, user_data);
            while (next_report <= playouts)
                next_report *= 2;
        }
        if (limits->depth > 0 && average_depth(m) >= limits->depth)
            break;
    }
    m->run_over = 1;
    if (runs != NULL) {
        for (int k = 1; k < m->threads; k++) {
            if (m->walkers[k].thread != NULL)
                g_thread_join(m->walkers[k].thread);
            m->walkers[k].thread = NULL;
        }
        g_free(runs);
    }

    collect_root_stats(m);
    DjSearchInfo info;
    fill_info(m, 0, &info);
    if (report != NULL)
        report_lines(m, limits->multipv, report, user_data);
    if (info_out != NULL)
        *info_out = info;
    m->root_only = NULL;   /* the caller's array: not to be read after the run */
    m->n_root_only = 0;
    m->stop = 0;   /* cleared here, not at the start: a stop that came early still counts */
    return m->root_stats[0].move;
}

void dj_mcts_set_tables(DjMcts *m, DjTablebase *tables)
{
    m->tables = tables;
}

DjTablebase *dj_mcts_tables(const DjMcts *m)
{
    return m->tables;
}

int dj_mcts_root_stats(const DjMcts *m, DjMctsMoveStat *stats, int max)
{
    int n = MIN(m->n_root_stats, max);
    if (n > 0)
        memcpy(stats, m->root_stats, sizeof(DjMctsMoveStat) * (size_t)n);
    return m->n_root_stats;
}
