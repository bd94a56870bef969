/* test_ogi_tablebase.c: Ōgi's endgame classes (variants/ogi/endgame.c)
 * solved by the shared solver (framework/tablebase), checked against the
 * naive reference rules of tests/ogi/reference.c.
 *
 * - Numbering: every index of the one-piece classes (a sample of the
 *   two-piece ones) gives back its index; every position string of two
 *   classes that the game's parser accepts is in its class, and every
 *   index position() accepts is one of them (so position() refuses
 *   exactly what the rules call impossible); nifu and dead pieces beside
 *   a second piece are refused.
 * - Values: every position of the solved classes is checked one ply deep
 *   with the reference's moves (no legal move: lost in 0; won in d: some
 *   move to a position lost in d - 1 and none quicker; lost in d: every
 *   move to a won position, the slowest won in d - 1; draw otherwise).
 *   Values that satisfy this at every position are the true values (by
 *   induction on the distance), so this is a full check of the table.
 * - A plain mate search with the reference's moves agrees with the table
 *   on positions won or lost within 3 plies.
 * - predecessors() gives back the position before every legal move (what
 *   the retrograde build relies on; `dojo solve ogi --pieces 3 --forward`
 *   writes the same tables without it).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "framework/tablebase/solve.h"
#include "framework/tablebase/table_file.h"
#include "tests/ogi/ogi_test.h"
#include "tests/ogi/reference.h"
#include "tests/support/temp_dir.h"
#include "variants/ogi/endgame.h"
#include "variants/ogi/position.h"

static const DjEndgames *eg(void)
{
    return OGI->endgames;
}

static DjEndgameClass class_named(const char *name)
{
    DjEndgameClass all[64];
    int n = eg()->list_classes(NULL, OGI_ENDGAME_MAX_PIECES, all, 64);
    for (int i = 0; i < n; i++)
        if (strcmp(all[i].name, name) == 0)
            return all[i];
    fail_msg("no class %s", name);
    return all[0];
}

/* ---- classes ------------------------------------------------------------ */

static void test_classes(void **state)
{
    (void)state;
    DjEndgameClass all[64];
    assert_int_equal(eg()->list_classes(NULL, 2, all, 64), 0);
    assert_int_equal(eg()->list_classes(NULL, 3, all, 64), 7);
    assert_int_equal(eg()->list_classes(NULL, 4, NULL, 0), 35);
    int n = eg()->list_classes(NULL, 4, all, 64);
    assert_int_equal(n, 35);
    const char *singles[] = { "kk-p", "kk-l", "kk-n", "kk-s", "kk-b", "kk-r", "kk-i" };
    for (int i = 0; i < n; i++) {
        DjEndgameClass d;
        assert_true(eg()->describe(all[i].id, &d));
        assert_memory_equal(&d, &all[i], sizeof d);
        assert_int_equal(all[i].group, i);   /* a class is a group of its own */
        assert_string_equal(all[i].setup, "standard");
        if (i < 7) {
            assert_string_equal(all[i].name, singles[i]);
            assert_int_equal(all[i].pieces, 3);
            assert_int_equal(all[i].size, 2048 * 258);
        } else {
            assert_int_equal(all[i].pieces, 4);
        }
        for (int j = 0; j < i; j++) {
            assert_true(all[i].id != all[j].id);
            assert_string_not_equal(all[i].name, all[j].name);
        }
    }
    assert_int_equal(class_named("kk-br").size, 2048ull * 258 * 258);
    assert_int_equal(class_named("kk-pp").size, 2048ull * 258 * 259 / 2);
    DjEndgameClass d;
    assert_false(eg()->describe(0, &d));
    assert_false(eg()->describe(1000, &d));
}

/* Whether position() accepts `index`, and if so that locate() gives it back. */
static bool round_trip(const DjEndgameClass *cls, uint64_t index, void *pos)
{
    if (!eg()->position(cls->id, index, pos))
        return false;
    DjEndgameId id = 0;
    uint64_t back = 0;
    assert_true(eg()->locate(pos, &id, &back));
    assert_int_equal(id, cls->id);
    assert_int_equal(back, index);
    /* The probe skips positions by this count before locate(). */
    assert_int_equal(eg()->count_pieces(pos), cls->pieces);
    assert_int_equal(OGI->key(pos), OGI->compute_key(pos));
    return true;
}

static void test_round_trip_every_index(void **state)
{
    (void)state;
    g_autofree void *pos = g_malloc0(OGI->state_size);
    DjEndgameClass all[7];
    eg()->list_classes(NULL, 3, all, 7);
    for (int c = 0; c < 7; c++) {
        uint64_t valid = 0;
        for (uint64_t i = 0; i < all[c].size; i++)
            valid += round_trip(&all[c], i, pos);
        print_message("# %s: %" G_GUINT64_FORMAT " positions of %" G_GUINT64_FORMAT " indexes\n",
                      all[c].name, valid, all[c].size);
        assert_true(valid > all[c].size / 3);
    }
    /* Two pieces: a sample, the same for every run. */
    const char *pairs[] = { "kk-pp", "kk-br", "kk-ll", "kk-ni" };
    for (int c = 0; c < 4; c++) {
        DjEndgameClass cls = class_named(pairs[c]);
        uint64_t x = 12345, valid = 0;
        for (int k = 0; k < 300000; k++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            valid += round_trip(&cls, (x >> 11) % cls.size, pos);
        }
        assert_true(valid > 50000);
        assert_false(eg()->position(cls.id, cls.size, pos));
    }
}

/* ---- the rules' idea of a possible position ----------------------------- */

/* A piece of `kind` in `state` (endgame.c's numbering, owner 0 = Black)
 * written into a board of letters and a hand. */
static void put_state(char board[64][3], char hands[2][4], int kind, int state)
{
    static const char letters[] = "PLNSBRI";
    if (state >= 256) {
        int owner = state - 256;
        char l = letters[kind];
        hands[owner][strlen(hands[owner])] = owner ? (char)(l + 32) : l;
        return;
    }
    int sq = state & 63, owner = state >> 7, promoted = (state >> 6) & 1;
    char l = owner ? (char)(letters[kind] + 32) : letters[kind];
    board[sq][0] = promoted ? '+' : l;
    board[sq][1] = promoted ? l : '\0';
}

/* The position string of Kings on `bk` (Black) and `wk`, a piece, and the
 * side to move. */
static char *position_text(int bk, int wk, int kind, int state, int side)
{
    char board[64][3] = { { 0 } };
    char hands[2][4] = { { 0 } };
    board[bk][0] = 'K';
    board[wk][0] = 'k';
    if (state < 256 && (board[state & 63][0] != 0))
        return NULL;
    put_state(board, hands, kind, state);
    GString *s = g_string_new(NULL);
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            const char *p = board[rank * 8 + file];
            if (p[0] == 0) {
                empty++;
                continue;
            }
            if (empty)
                g_string_append_printf(s, "%d", empty);
            empty = 0;
            g_string_append(s, p);
        }
        if (empty)
            g_string_append_printf(s, "%d", empty);
        if (rank)
            g_string_append_c(s, '/');
    }
    g_string_append_printf(s, " %c %s%s 1", side ? 'w' : 'b', hands[0], hands[1]);
    if (hands[0][0] == 0 && hands[1][0] == 0)
        g_string_insert_c(s, s->len - 2, '-');
    return g_string_free(s, FALSE);
}

/* Every position of class `name` written as text: the parser accepts it
 * exactly when locate() finds an index that position() accepts, and
 * position() writes the same position or its image under a symmetry;
 * every index position() accepts is reached so. */
static void check_against_parser(const char *name, int kind)
{
    DjEndgameClass cls = class_named(name);
    g_autofree uint8_t *reached = g_malloc0(cls.size);
    g_autofree void *pos = g_malloc0(OGI->state_size);
    g_autofree void *back = g_malloc0(OGI->state_size);
    uint64_t accepted = 0;
    for (int side = 0; side < 2; side++)
        for (int bk = 0; bk < 64; bk++)
            for (int wk = 0; wk < 64; wk++)
                for (int state = 0; state < 258; state++) {
                    if (bk == wk)
                        continue;
                    g_autofree char *text = position_text(bk, wk, kind, state, side);
                    if (text == NULL)
                        continue;
                    DjSetup setup = { .position = text };
                    GError *error = NULL;
                    if (!OGI->setup(pos, &setup, &error)) {
                        g_clear_error(&error);
                        continue;
                    }
                    accepted++;
                    DjEndgameId id;
                    uint64_t index;
                    assert_true(eg()->locate(pos, &id, &index));
                    assert_int_equal(id, cls.id);
                    assert_true(index < cls.size);
                    assert_true(eg()->position(id, index, back));
                    reached[index] = 1;
                    /* The image: the half turn when White is to move, then
                     * the reflection when Black's King is on files e-h. */
                    int ibk = bk, iwk = wk, istate = state;
                    if (side) {   /* the Kings change sides and squares */
                        ibk = wk ^ 63;
                        iwk = bk ^ 63;
                        istate = state >= 256 ? 256 + ((state - 256) ^ 1)
                                              : ((state >> 6) ^ 2) * 64 + ((state & 63) ^ 63);
                    }
                    int r = (ibk & 7) >= 4 ? 7 : 0;
                    if (istate < 256)
                        istate ^= r;
                    g_autofree char *want = position_text(ibk ^ r, iwk ^ r, kind, istate, 0);
                    g_autofree char *got = ogi_test_position_string(back);
                    assert_string_equal(got, want);
                }
    uint64_t valid = 0;
    for (uint64_t i = 0; i < cls.size; i++) {
        bool ok = eg()->position(cls.id, i, pos);
        valid += ok;
        assert_int_equal(ok, reached[i]);
    }
    print_message("# %s: %" G_GUINT64_FORMAT " position strings accepted, %" G_GUINT64_FORMAT
                  " positions after folding\n", name, accepted, valid);
}

/* Whether position() accepts the index that locate() gives the position
 * `board` lists with `side` to move, built piece by piece (the parser
 * would refuse some of them). */
static bool accepted(const char *board, int side)
{
    OgiPosition pos;
    ogi_position_clear(&pos);
    /* board: "SQUARE:CPT ..." with C colour (0/1), P 0 or 1 promoted, T a
     * letter of "plnsbrik" */
    g_auto(GStrv) items = g_strsplit(board, " ", -1);
    for (int i = 0; items[i] != NULL; i++) {
        const char *it = items[i];
        int sq = (it[0] - 'a') + (it[1] - '1') * 8;
        int type = (int)(strchr("plnsbrik", it[5]) - "plnsbrik");
        ogi_position_put(&pos, sq, it[3] - '0', type + (it[4] - '0') * OGI_PROMOTION);
    }
    pos.side = (uint8_t)side;
    DjEndgameId id;
    uint64_t index;
    assert_true(eg()->locate(&pos, &id, &index));
    g_autofree void *back = g_malloc0(OGI->state_size);
    return eg()->position(id, index, back);
}

static void test_two_piece_rules(void **state)
{
    (void)state;
    /* nifu: two unpromoted pawns of one side on a file */
    assert_false(accepted("e1:00k e8:10k c3:00p c5:00p", 0));
    assert_false(accepted("e1:00k e8:10k c4:10p c6:10p", 1));
    assert_true(accepted("e1:00k e8:10k c3:00p c5:10p", 0));
    assert_true(accepted("e1:00k e8:10k c3:00p c5:01p", 0));
    assert_true(accepted("e1:00k e8:10k c3:00p d5:00p", 1));
    /* a knight that could never move, beside another piece */
    assert_false(accepted("e1:00k e8:10k a7:00n h2:00r", 0));
    assert_true(accepted("e1:00k e8:10k a7:01n h2:00r", 0));
    assert_false(accepted("e1:00k e8:10k a2:10n h2:00r", 1));
    /* the side not to move in check, by the second piece */
    assert_false(accepted("e1:00k e8:10k a4:00p h8:00r", 0));
    assert_true(accepted("e1:00k e8:10k a4:00p h8:00r", 1));
}

static void test_positions_are_what_the_parser_accepts(void **state)
{
    (void)state;
    check_against_parser("kk-n", OGI_KNIGHT);   /* dead on the last two ranks */
    check_against_parser("kk-i", OGI_PRINCESS); /* checks by jumps and slides */
}

/* ---- predecessors --------------------------------------------------------- */

/* For every `stride`-th position P of class `name` and each of its legal
 * moves to C: predecessors() of C as position() writes it (folded) gives
 * P or its image among positions that could arise, within
 * max_predecessors. */
static void check_predecessors(const char *name, uint64_t stride)
{
    DjEndgameClass cls = class_named(name);
    const size_t size = OGI->state_size;
    g_autofree void *pos = g_malloc0(size);
    g_autofree void *child = g_malloc0(size);
    g_autofree uint8_t *preds = g_malloc0((size_t)eg()->max_predecessors * size);
    g_autofree DjMove *moves = g_new(DjMove, OGI->max_moves);
    uint64_t checked = 0, most = 0;
    for (uint64_t i = 0; i < cls.size; i += stride) {
        if (!eg()->position(cls.id, i, pos))
            continue;
        int n = OGI->legal_moves(pos, moves);
        for (int m = 0; m < n; m++) {
            memcpy(child, pos, size);
            OGI->play(child, moves[m]);
            DjEndgameId id;
            uint64_t ci;
            assert_true(eg()->locate(child, &id, &ci));
            assert_int_equal(id, cls.id);   /* every move stays in the class */
            assert_true(eg()->position(id, ci, child));
            int np = eg()->predecessors(child, preds);
            assert_true(np >= 0 && np < eg()->max_predecessors);
            most = MAX(most, (uint64_t)np);
            bool found = false;
            for (int p = 0; p < np; p++) {
                DjEndgameId pid;
                uint64_t pi;
                assert_true(eg()->locate(preds + (size_t)p * size, &pid, &pi));
                assert_int_equal(pid, cls.id);
                assert_true(eg()->position(pid, pi, child));   /* one that could arise */
                found = found || pi == i;
            }
            if (!found)
                fail_msg("%s: position %" G_GUINT64_FORMAT " is not among the predecessors "
                         "after its move %d", name, i, m);
            checked++;
        }
    }
    print_message("# %s: %" G_GUINT64_FORMAT " moves unmade, at most %" G_GUINT64_FORMAT
                  " predecessors\n", name, checked, most);
}

static void test_predecessors(void **state)
{
    (void)state;
    const char *singles[] = { "kk-p", "kk-l", "kk-n", "kk-s", "kk-b", "kk-r", "kk-i" };
    for (int c = 0; c < 7; c++)
        check_predecessors(singles[c], 13);
    check_predecessors("kk-pp", 400009);
    check_predecessors("kk-ri", 800011);
    check_predecessors("kk-ns", 800011);
}

/* ---- solving ------------------------------------------------------------ */

typedef struct Solved {
    char *folder;
    DjTbTable *tables[64];
    int n;
} Solved;

static Solved solve(int pieces, bool forward_only)
{
    Solved s = { 0 };
    void *folder = NULL;
    assert_int_equal(temp_dir_make(&folder), 0);
    s.folder = folder;
    g_autofree void *start = ogi_test_start();
    DjTbBuildOptions o = { .folder = s.folder, .max_pieces = pieces, .distances = true,
                           .forward_only = forward_only };
    GError *error = NULL;
    if (!dj_tb_build(OGI, start, &o, &error))
        fail_msg("build: %s", error->message);
    DjEndgameClass all[64];
    s.n = eg()->list_classes(start, pieces, all, 64);
    for (int i = 0; i < s.n; i++) {
        g_autofree char *path = dj_tb_table_path(s.folder, OGI->name, &all[i]);
        s.tables[i] = dj_tb_table_read(path, OGI->name, &all[i], &error);
        if (s.tables[i] == NULL)
            fail_msg("%s", error->message);
    }
    return s;
}

static void solved_free(Solved *s)
{
    for (int i = 0; i < s->n; i++)
        dj_tb_table_free(s->tables[i]);
    void *folder = s->folder;
    temp_dir_remove(&folder);
}

static const DjTbTable *table_of(const Solved *s, DjEndgameId id)
{
    for (int i = 0; i < s->n; i++)
        if (s->tables[i]->cls.id == id)
            return s->tables[i];
    fail_msg("no table for class %" G_GUINT64_FORMAT, id);
    return NULL;
}

/* The value and distance of `pos` from the tables. */
static DjTbValue lookup(const Solved *s, const void *pos, int *distance)
{
    DjEndgameId id;
    uint64_t index;
    assert_true(eg()->locate(pos, &id, &index));
    const DjTbTable *t = table_of(s, id);
    assert_true(index < t->cls.size);
    *distance = dj_tb_table_distance(t, index);
    return dj_tb_table_value(t, index);
}

/* The reference's position as the game's (for locate). */
static void from_reference(const RefPosition *ref, OgiPosition *pos)
{
    ogi_position_clear(pos);
    for (int sq = 0; sq < 64; sq++) {
        if (ref->type[sq] == 0)
            continue;
        int t = ref->type[sq] - 1;   /* 0..7 base, 8.. promoted: as OgiType */
        ogi_position_put(pos, sq, ref->colour[sq], t);
    }
    for (int c = 0; c < 2; c++)
        for (int k = 1; k <= 7; k++)
            if (ref->hand[c][k] > 0)
                ogi_position_hand_add(pos, c, k - 1, ref->hand[c][k]);
    pos->side = (uint8_t)ref->side;
}

static void to_reference(const void *pos, RefPosition *ref)
{
    g_autofree char *text = ogi_test_position_string(pos);
    assert_true(ref_parse(ref, text));
}

/* Check every `stride`-th position of table `t` one ply deep with the
 * reference's moves (see the top of the file). */
static void check_one_ply(const Solved *s, const DjTbTable *t, uint64_t stride)
{
    g_autofree void *pos = g_malloc0(OGI->state_size);
    RefMove *moves = g_new(RefMove, 2000);
    OgiPosition child;
    uint64_t counts[4] = { 0 };
    for (uint64_t i = 0; i < t->cls.size; i += stride) {
        DjTbValue v = dj_tb_table_value(t, i);
        int d = dj_tb_table_distance(t, i);
        counts[v]++;
        if (!eg()->position(t->cls.id, i, pos)) {
            assert_int_equal(v, DJ_TB_NONE);
            continue;
        }
        assert_int_not_equal(v, DJ_TB_NONE);
        RefPosition ref;
        to_reference(pos, &ref);
        int n = ref_legal_moves(&ref, moves);
        int best_win = -1, slowest_loss = -1;
        bool all_won = true;
        for (int m = 0; m < n; m++) {
            RefPosition next = ref;
            ref_play(&next, &moves[m]);
            from_reference(&next, &child);
            int cd;
            DjTbValue cv = lookup(s, &child, &cd);
            assert_int_not_equal(cv, DJ_TB_NONE);
            if (cv == DJ_TB_LOSS && (best_win < 0 || cd + 1 < best_win))
                best_win = cd + 1;
            if (cv != DJ_TB_WIN)
                all_won = false;
            else if (cd + 1 > slowest_loss)
                slowest_loss = cd + 1;
        }
        if (n == 0) {
            assert_int_equal(v, DJ_TB_LOSS);
            assert_int_equal(d, 0);
        } else if (best_win >= 0) {
            assert_int_equal(v, DJ_TB_WIN);
            assert_int_equal(d, best_win);
        } else if (all_won) {
            assert_int_equal(v, DJ_TB_LOSS);
            assert_int_equal(d, slowest_loss);
        } else {
            assert_int_equal(v, DJ_TB_DRAW);
        }
    }
    g_free(moves);
    if (stride == 1)
        for (int v = 0; v < 4; v++)
            assert_int_equal(counts[v], t->counts[v]);
}

/* Whether the side to move of `ref` wins within `plies` (odd), or
 * (`lose`) loses within `plies` (even), by the reference's moves alone. */
static bool ref_forced(const RefPosition *ref, int plies, bool lose)
{
    RefMove moves[2000];
    int n = ref_legal_moves(ref, moves);
    if (lose && n == 0)
        return true;
    if (plies <= 0)
        return false;
    for (int m = 0; m < n; m++) {
        RefPosition next = *ref;
        ref_play(&next, &moves[m]);
        bool r = ref_forced(&next, plies - 1, !lose);
        if (!lose && r)
            return true;
        if (lose && !r)
            return false;
    }
    return lose;
}

/* Positions of `t` won in 1 or 3 plies or lost in 0 or 2: a mate search
 * with the reference finds the same distance (and not one 2 plies less). */
static void check_mate_search(const DjTbTable *t, int samples)
{
    g_autofree void *pos = g_malloc0(OGI->state_size);
    int found[4] = { 0 };
    uint64_t x = 99;
    for (int tries = 0; tries < 4000000 && found[0] + found[1] + found[2] + found[3] < 4 * samples;
         tries++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t i = (x >> 11) % t->cls.size;
        DjTbValue v = dj_tb_table_value(t, i);
        int d = dj_tb_table_distance(t, i);
        if ((v != DJ_TB_WIN && v != DJ_TB_LOSS) || d > 3)
            continue;
        int slot = d;   /* 0: lost in 0, 1: won in 1, 2: lost in 2, 3: won in 3 */
        if (found[slot] >= samples)
            continue;
        found[slot]++;
        assert_true(eg()->position(t->cls.id, i, pos));
        RefPosition ref;
        to_reference(pos, &ref);
        bool lose = v == DJ_TB_LOSS;
        assert_true(ref_forced(&ref, d, lose));
        if (d >= 2)
            assert_false(ref_forced(&ref, d - 2, lose));
    }
    print_message("# %s: mate search on %d lost in 0, %d won in 1, %d lost in 2, %d won in 3\n",
                  t->cls.name, found[0], found[1], found[2], found[3]);
    assert_true(found[0] > 0 && found[1] > 0);
}

static void test_one_piece_tables(void **state)
{
    (void)state;
    Solved s = solve(3, false);
    print_message("# --pieces 3: %d classes\n", s.n);
    assert_int_equal(s.n, 7);
    for (int i = 0; i < s.n; i++) {
        const DjTbTable *t = s.tables[i];
        print_message("# %s: %" G_GUINT64_FORMAT " won, %" G_GUINT64_FORMAT " lost, %"
                      G_GUINT64_FORMAT " drawn, %" G_GUINT64_FORMAT " no position\n",
                      t->cls.name, t->counts[DJ_TB_WIN], t->counts[DJ_TB_LOSS],
                      t->counts[DJ_TB_DRAW], t->counts[DJ_TB_NONE]);
        check_one_ply(&s, t, 1);
        check_mate_search(t, 20);
    }
    solved_free(&s);
}

/* Tables built beforehand (`dojo solve ogi --pieces 4 --distances --output
 * DIR`), checked one ply deep on about 200,000 positions each: set
 * DOJO_OGI_TABLES=DIR.  Skipped otherwise (the two-piece classes take
 * minutes each to build). */
static void test_tables_in_folder(void **state)
{
    (void)state;
    const char *dir = g_getenv("DOJO_OGI_TABLES");
    if (dir == NULL) {
        skip();
        return;
    }
    Solved s = { 0 };
    DjEndgameClass all[64];
    int n = eg()->list_classes(NULL, OGI_ENDGAME_MAX_PIECES, all, 64);
    for (int i = 0; i < n; i++) {
        g_autofree char *path = dj_tb_table_path(dir, OGI->name, &all[i]);
        if (!g_file_test(path, G_FILE_TEST_EXISTS))
            continue;
        GError *error = NULL;
        s.tables[s.n] = dj_tb_table_read(path, OGI->name, &all[i], &error);
        if (s.tables[s.n] == NULL)
            fail_msg("%s", error->message);
        s.n++;
    }
    for (int i = 0; i < s.n; i++) {
        const DjTbTable *t = s.tables[i];
        uint64_t stride = t->cls.size / 200000 + 1;
        print_message("# %s: checking one position in %" G_GUINT64_FORMAT "\n", t->cls.name,
                      stride);
        if (t->distances == NULL)
            fail_msg("%s has no distances (build with --distances)", t->cls.name);
        check_one_ply(&s, t, stride);
    }
    for (int i = 0; i < s.n; i++)
        dj_tb_table_free(s.tables[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classes),
        cmocka_unit_test(test_round_trip_every_index),
        cmocka_unit_test(test_positions_are_what_the_parser_accepts),
        cmocka_unit_test(test_two_piece_rules),
        cmocka_unit_test(test_predecessors),
        cmocka_unit_test(test_one_piece_tables),
        cmocka_unit_test(test_tables_in_folder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
