/* endgame.c: Onitama's classes of endings (endgame.h; the contract is
 * framework/endgame.h).  Positions are folded to Blue to move, and
 * numbered by deal, the two masters' squares and the students' squares as
 * ranked combinations (endgame.h says the order). */
#include "variants/onitama/endgame.h"

#include <stdatomic.h>
#include <string.h>

#include <glib.h>

#include "variants/onitama/onitama.h"

#define ID_VALID (1ull << 40)
#define MAX_STUDENTS 4

/* binomial[n][k] for n up to 25. */
static uint64_t binomial[26][26];
/* unreach[card][side][to]: the squares from which a piece of `side` jumps
 * to `to` with `card` (onitama_reach turned round). */
static uint32_t unreach[ONITAMA_CARD_COUNT][2][ONITAMA_SQUARES];
static atomic_int ready;

static void init_tables(void)
{
    if (atomic_load_explicit(&ready, memory_order_acquire))
        return;
    onitama_tables_init();
    static GMutex lock;
    g_mutex_lock(&lock);
    if (!atomic_load_explicit(&ready, memory_order_relaxed)) {
        for (int n = 0; n < 26; n++) {
            binomial[n][0] = 1;
            for (int k = 1; k <= n; k++)
                binomial[n][k] = binomial[n - 1][k - 1] + (k <= n - 1 ? binomial[n - 1][k] : 0);
        }
        for (int c = 0; c < ONITAMA_CARD_COUNT; c++)
            for (int side = 0; side < 2; side++)
                for (int from = 0; from < ONITAMA_SQUARES; from++)
                    for (uint32_t to = onitama_reach[c][side][from]; to; to &= to - 1)
                        unreach[c][side][onitama_lowest(to)] |= onitama_bit(from);
        atomic_store_explicit(&ready, 1, memory_order_release);
    }
    g_mutex_unlock(&lock);
}

/* ---- classes ------------------------------------------------------------ */

static DjEndgameId make_id(uint32_t cards, int b, int r)
{
    return ID_VALID | (uint64_t)cards | (uint64_t)b << 32 | (uint64_t)r << 36;
}

/* The card set, students of the side to move and of the other: false for
 * no class of this game. */
static bool split_id(DjEndgameId id, uint32_t *cards, int *b, int *r)
{
    *cards = (uint32_t)id;
    *b = (int)(id >> 32) & 15;
    *r = (int)(id >> 36) & 15;
    return (id >> 40) == 1 && __builtin_popcount(*cards) == 5 && *b <= MAX_STUDENTS &&
           *r <= MAX_STUDENTS;
}

/* Groups in solving order: by pieces, then by the smaller side's students.
 * The number of {b, r} pairs before the pair's own. */
static int group_of(int b, int r)
{
    int lo = MIN(b, r), total = b + r, group = 0;
    for (int t = 0; t < total; t++)
        for (int x = 0; x <= t / 2; x++)
            group += t - x <= MAX_STUDENTS;
    for (int x = 0; x < lo; x++)
        group += total - x <= MAX_STUDENTS;
    return group;
}

static bool describe(DjEndgameId id, DjEndgameClass *out)
{
    uint32_t cards;
    int b, r;
    if (!split_id(id, &cards, &b, &r))
        return false;
    init_tables();
    memset(out, 0, sizeof *out);
    out->id = id;
    GString *name = g_string_new(NULL), *setup = g_string_new(NULL);
    for (uint32_t m = cards; m; m &= m - 1) {
        const char *card = onitama_card(onitama_lowest(m))->name;
        g_string_append_printf(name, "%s%s", name->len ? "-" : "", card);
        g_string_append_printf(setup, "%s%s", setup->len ? "," : "", card);
    }
    g_string_append_printf(name, ".%dv%d", b, r);
    g_strlcpy(out->name, name->str, sizeof out->name);
    g_strlcpy(out->setup, setup->str, sizeof out->setup);
    g_string_free(name, TRUE);
    g_string_free(setup, TRUE);
    out->group = group_of(b, r);
    out->pieces = 2 + b + r;
    out->size = 30ull * 625 * binomial[23][b] * binomial[23 - b][r];
    return true;
}

static uint32_t card_set(const OnitamaPosition *pos)
{
    uint32_t cards = 0;
    for (int i = 0; i < 5; i++)
        cards |= 1u << pos->cards[i];
    return cards;
}

static int list_classes(const void *p, int max_pieces, DjEndgameClass *out, int room)
{
    const OnitamaPosition *pos = p;
    uint32_t cards = card_set(pos);
    if (__builtin_popcount(cards) != 5 || max_pieces > ONITAMA_ENDGAME_MAX_PIECES)
        return 0;
    int n = 0;
    for (int total = 0; total + 2 <= max_pieces; total++)
        for (int lo = 0; lo <= total / 2; lo++) {
            int hi = total - lo;
            if (hi > MAX_STUDENTS)
                continue;
            for (int twice = 0; twice < (lo == hi ? 1 : 2); twice++) {
                if (n < room)
                    describe(make_id(cards, twice ? hi : lo, twice ? lo : hi), &out[n]);
                n++;
            }
        }
    return n;
}

/* ---- numbering ---------------------------------------------------------- */

/* `bits` with the squares of `gone` taken out, the rest closed up. */
static uint32_t squeeze(uint32_t bits, uint32_t gone)
{
    uint32_t out = 0;
    for (; bits; bits &= bits - 1) {
        int s = onitama_lowest(bits);
        out |= 1u << (s - __builtin_popcount(gone & (onitama_bit(s) - 1)));
    }
    return out;
}

/* The inverse of squeeze: the k-th free square (not in `gone`) for each bit k. */
static uint32_t spread(uint32_t bits, uint32_t gone)
{
    uint32_t out = 0;
    int k = 0;
    for (int s = 0; s < ONITAMA_SQUARES && bits; s++) {
        if (gone & onitama_bit(s))
            continue;
        if (bits & 1u << k) {
            out |= onitama_bit(s);
            bits &= ~(1u << k);
        }
        k++;
    }
    return out;
}

/* Colex rank of the set `bits`. */
static uint64_t rank_set(uint32_t bits)
{
    uint64_t rank = 0;
    int j = 1;
    for (; bits; bits &= bits - 1, j++)
        rank += binomial[onitama_lowest(bits)][j];
    return rank;
}

static uint32_t unrank_set(uint64_t rank, int k, int n)
{
    uint32_t bits = 0;
    for (int j = k; j >= 1; j--) {
        int e = n - 1;
        while (binomial[e][j] > rank)
            e--;
        bits |= 1u << e;
        rank -= binomial[e][j];
        n = e;
    }
    return bits;
}

/* The board turned half a turn (square s to 24 - s): the 25 bits reversed. */
static uint32_t half_turn(uint32_t bits)
{
    uint32_t x = bits;
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    x = (x >> 16) | (x << 16);
    return x >> 7;
}

/* The index of pair {x, y} (x < y, 0..n-1) among the pairs of n, colex. */
static int pair_rank(int x, int y) { return y * (y - 1) / 2 + x; }

static bool locate(const void *p, DjEndgameId *id, uint64_t *index)
{
    const OnitamaPosition *pos = p;
    if (onitama_outcome(pos) != DJ_OUTCOME_ONGOING)
        return false;
    init_tables();
    /* Folded to Blue to move: "me" is the side to move. */
    int me = pos->side, you = me ^ 1;
    uint32_t my_pieces = pos->pieces[me], my_master = pos->masters[me];
    uint32_t your_pieces = pos->pieces[you], your_master = pos->masters[you];
    if (me == ONITAMA_RED) {
        my_pieces = half_turn(my_pieces);
        my_master = half_turn(my_master);
        your_pieces = half_turn(your_pieces);
        your_master = half_turn(your_master);
    }
    uint32_t mine = my_pieces & ~my_master, yours = your_pieces & ~your_master;
    int b = onitama_popcount(mine), r = onitama_popcount(yours);
    uint32_t cards = card_set(pos);
    if (b > MAX_STUDENTS || r > MAX_STUDENTS || onitama_popcount(cards) != 5)
        return false;
    /* The deal: the ranks in the sorted set of my two cards, then of yours
     * among the three left. */
    int rank_of[ONITAMA_CARD_COUNT];
    int k = 0;
    for (uint32_t m = cards; m; m &= m - 1)
        rank_of[onitama_lowest(m)] = k++;
    int a0 = rank_of[pos->cards[2 * me]], a1 = rank_of[pos->cards[2 * me + 1]];
    int y0 = rank_of[pos->cards[2 * you]], y1 = rank_of[pos->cards[2 * you + 1]];
    int lo = MIN(a0, a1), hi = MAX(a0, a1);
    /* Yours among the three left: their ranks closed up. */
    int ylo = MIN(y0, y1), yhi = MAX(y0, y1);
    ylo -= (ylo > lo) + (ylo > hi);
    yhi -= (yhi > lo) + (yhi > hi);
    uint64_t deal = (uint64_t)pair_rank(lo, hi) * 3 + (uint64_t)pair_rank(ylo, yhi);
    int bm = onitama_lowest(my_master), rm = onitama_lowest(your_master);
    uint32_t masters = onitama_bit(bm) | onitama_bit(rm);
    uint64_t i = deal * 625 + (uint64_t)bm * 25 + (uint64_t)rm;
    i = i * binomial[23][b] + rank_set(squeeze(mine, masters));
    i = i * binomial[23 - b][r] + rank_set(squeeze(yours, masters | mine));
    *id = make_id(cards, b, r);
    *index = i;
    return true;
}

static bool position(DjEndgameId id, uint64_t index, void *p)
{
    uint32_t cards;
    int b, r;
    if (!split_id(id, &cards, &b, &r))
        return false;
    init_tables();
    uint64_t nb = binomial[23][b], nr = binomial[23 - b][r];
    uint64_t red_rank = index % nr;
    index /= nr;
    uint64_t blue_rank = index % nb;
    index /= nb;
    int rm = (int)(index % 25), bm = (int)(index / 25 % 25);
    uint64_t deal = index / 625;
    if (deal >= 30 || bm == rm || bm == ONITAMA_TEMPLE_RED || rm == ONITAMA_TEMPLE_BLUE)
        return false;
    uint32_t masters = onitama_bit(bm) | onitama_bit(rm);
    uint32_t blue = spread(unrank_set(blue_rank, b, 23), masters);
    uint32_t red = spread(unrank_set(red_rank, r, 23 - b), masters | blue);
    int ids[5], k = 0;
    for (uint32_t m = cards; m; m &= m - 1)
        ids[k++] = onitama_lowest(m);
    int mine = (int)(deal / 3), yours = (int)(deal % 3);
    int hi = 1;
    while ((hi + 1) * hi / 2 <= mine)
        hi++;
    int lo = mine - hi * (hi - 1) / 2;
    int left[3], n = 0;
    for (int c = 0; c < 5; c++)
        if (c != lo && c != hi)
            left[n++] = ids[c];
    int yhi = yours == 0 ? 1 : 2, ylo = yours == 2 ? 1 : 0;
    OnitamaPosition *pos = p;
    memset(pos, 0, sizeof *pos);
    pos->pieces[ONITAMA_BLUE] = blue | onitama_bit(bm);
    pos->masters[ONITAMA_BLUE] = onitama_bit(bm);
    pos->pieces[ONITAMA_RED] = red | onitama_bit(rm);
    pos->masters[ONITAMA_RED] = onitama_bit(rm);
    pos->cards[0] = (uint8_t)ids[lo];
    pos->cards[1] = (uint8_t)ids[hi];
    pos->cards[2] = (uint8_t)left[ylo];
    pos->cards[3] = (uint8_t)left[yhi];
    pos->cards[ONITAMA_SIDE_SLOT] = (uint8_t)left[3 - ylo - yhi];
    pos->side = ONITAMA_BLUE;
    pos->key = onitama_compute_key(pos);
    return true;
}

/* ---- unmoves ------------------------------------------------------------ */

#define MAX_PREDECESSORS 48

/* Whether the side to move of `pos` has a move (else it must pass). */
static bool has_move(const OnitamaPosition *pos)
{
    int side = pos->side;
    uint32_t own = pos->pieces[side];
    for (int slot = 2 * side; slot < 2 * side + 2; slot++)
        for (uint32_t pieces = own; pieces; pieces &= pieces - 1)
            if (onitama_reach[pos->cards[slot]][side][onitama_lowest(pieces)] & ~own)
                return true;
    return false;
}

/* `pos` has Blue to move (position() wrote it): Red has just moved, with
 * the card now beside the board, and took the card that was there, one of
 * its two.  Undo every quiet move of that card, and its pass where Red had
 * no move (a pass is legal only then: the predecessors are exact).  A
 * capture is never undone: it came from a class with a piece more. */
static int predecessors(const void *p, void *out)
{
    const OnitamaPosition *pos = p;
    OnitamaPosition *preds = out;
    init_tables();
    int used = pos->cards[ONITAMA_SIDE_SLOT];
    uint32_t occupied = pos->pieces[0] | pos->pieces[1];
    int n = 0;
    for (int taken = 0; taken < 2; taken++) {
        OnitamaPosition before = *pos;
        before.side = ONITAMA_RED;
        before.cards[ONITAMA_SIDE_SLOT] = pos->cards[2 + taken];
        before.cards[2 + taken] = (uint8_t)used;
        /* A pass: nothing moved. */
        if (!has_move(&before)) {
            preds[n] = before;
            preds[n].key = onitama_compute_key(&preds[n]);
            n++;
        }
        for (uint32_t red = pos->pieces[ONITAMA_RED]; red; red &= red - 1) {
            int to = onitama_lowest(red);
            uint32_t is_master = (pos->masters[ONITAMA_RED] >> to) & 1u;
            for (uint32_t from = unreach[used][ONITAMA_RED][to] & ~occupied; from;
                 from &= from - 1) {
                uint32_t from_to = onitama_bit(to) | onitama_bit(onitama_lowest(from));
                preds[n] = before;
                preds[n].pieces[ONITAMA_RED] ^= from_to;
                if (is_master)
                    preds[n].masters[ONITAMA_RED] ^= from_to;
                preds[n].key = onitama_compute_key(&preds[n]);
                n++;
            }
        }
    }
    return n;
}

static int count_pieces(const void *p)
{
    const OnitamaPosition *pos = p;
    return onitama_popcount(pos->pieces[0] | pos->pieces[1]);
}

const DjEndgames onitama_endgames = {
    .max_pieces = ONITAMA_ENDGAME_MAX_PIECES,
    .max_predecessors = MAX_PREDECESSORS,
    .list_classes = list_classes,
    .describe = describe,
    .locate = locate,
    .position = position,
    .predecessors = predecessors,
    .predecessors_exact = true,
    .count_pieces = count_pieces,
};
