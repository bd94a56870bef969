/* test_tablebase_onitama.c: Onitama's tables (variants/onitama/endgame.c)
 * built by the solver (framework/tablebase/solve.h) against a brute force
 * written here: a plain recursive depth-limited minimax with a memo, which
 * knows nothing of classes, indexes, levels or unmoves.  Also: the
 * numbering itself, the solver with and without unmoves, refused files,
 * resuming after an interruption, and the probe. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "framework/endgame.h"
#include "framework/registry.h"
#include "framework/tablebase/probe.h"
#include "framework/tablebase/solve.h"
#include "framework/tablebase/tb_error.h"
#include "tests/tablebase/tb_test.h"

static const DjVariant *oni(void)
{
    const DjVariant *v = dj_registry_find("onitama");
    assert_non_null(v);
    assert_non_null(v->endgames);
    return v;
}

/* A new game with `cards` (any position of the card set will do). */
static void *new_game(const char *cards)
{
    const DjVariant *v = oni();
    void *pos = g_malloc0(v->state_size);
    DjOptionValue option = { "cards", cards };
    DjSetup setup = { .options = &option, .n_options = 1 };
    GError *error = NULL;
    if (!v->setup(pos, &setup, &error))
        fail_msg("%s", error->message);
    return pos;
}

/* ---- the brute force --------------------------------------------------------- */

/* Memo of position -> what is known of it: decided (won or lost, with its
 * exact distance) or not decided within so many plies.  Keyed by the
 * position's bytes, hand order included (a different order is a
 * different entry, which costs only time). */
typedef struct Brute {
    const DjVariant *v;
    size_t size;
    GHashTable *memo;   /* bytes -> Known */
} Brute;

typedef struct Known {
    int8_t value;       /* +1 won, -1 lost, 0 not decided within `depth` */
    int16_t distance;   /* decided: plies to the end */
    int16_t depth;
} Known;

static size_t hash_size;

static guint memo_hash(gconstpointer p)
{
    const uint8_t *b = p;
    guint h = 2166136261u;
    for (size_t i = 0; i < hash_size; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}

static gboolean memo_equal(gconstpointer a, gconstpointer b)
{
    return memcmp(a, b, hash_size) == 0;
}

/* The value of `pos` for its side to move looking at most `depth` plies
 * ahead: +1 won, -1 lost (*distance: the plies to the end with best play,
 * the winner quickest, the loser slowest), 0 not decided that soon. */
static int brute(Brute *br, const void *pos, int depth, int *distance)
{
    const DjVariant *v = br->v;
    *distance = 0;
    DjOutcome o = v->outcome(pos);
    if (o != DJ_OUTCOME_ONGOING)
        return dj_outcome_winner(o) == v->side_to_move(pos) ? 1 : -1;
    Known *k = g_hash_table_lookup(br->memo, pos);
    if (k != NULL && k->value != 0) {
        *distance = k->distance;
        return k->distance <= depth ? k->value : 0;
    }
    if (k != NULL && k->depth >= depth)
        return 0;
    DjMove moves[64];
    int n = v->legal_moves(pos, moves);
    int win = INT_MAX, loss = 0;
    bool all_won = true;
    if (depth > 0)
        for (int i = 0; i < n; i++) {
            uint8_t child[64];
            memcpy(child, pos, v->state_size);
            v->play(child, moves[i]);
            int d, r = brute(br, child, depth - 1, &d);
            if (r < 0)
                win = MIN(win, d + 1);
            else if (r > 0)
                loss = MAX(loss, d + 1);
            else
                all_won = false;
        }
    if (k == NULL) {
        k = g_new0(Known, 1);
        g_hash_table_insert(br->memo, g_memdup2(pos, v->state_size), k);
    }
    k->depth = (int16_t)depth;
    if (win != INT_MAX) {
        k->value = 1;
        k->distance = (int16_t)win;
    } else if (n == 0 || (depth > 0 && all_won)) {
        k->value = -1;
        k->distance = (int16_t)(n == 0 ? 0 : loss);
    }
    *distance = k->distance;
    return k->value;
}

/* ---- checks --------------------------------------------------------------------- */

typedef struct Built {
    char *folder;
    DjTbPlan plan;
    DjTbTable **tables;
} Built;

/* A card set in which a master can have no move, so that a player must
 * pass: the fox and the otter move off the board from a corner. */
#define PASS_CARDS "fox,otter,boar,crab,horse"

static void build(Built *b, const char *cards, int pieces, bool forward_only, int threads)
{
    const DjVariant *v = oni();
    g_autofree void *pos = new_game(cards);
    b->folder = tb_test_folder();
    DjTbBuildOptions o = { .folder = b->folder, .max_pieces = pieces, .threads = threads,
                           .distances = true, .forward_only = forward_only };
    GError *error = NULL;
    if (!dj_tb_plan(v, pos, &o, &b->plan, &error))
        fail_msg("%s", error->message);
    tb_test_build(v, pos, &o);
    b->tables = g_new0(DjTbTable *, b->plan.n_classes);
    for (int i = 0; i < b->plan.n_classes; i++) {
        g_autofree char *path = dj_tb_table_path(b->folder, v->name, &b->plan.classes[i]);
        b->tables[i] = dj_tb_table_read(path, v->name, &b->plan.classes[i], &error);
        if (b->tables[i] == NULL)
            fail_msg("%s", error->message);
    }
}

static void built_free(Built *b)
{
    for (int i = 0; i < b->plan.n_classes; i++)
        dj_tb_table_free(b->tables[i]);
    g_free(b->tables);
    tb_test_remove_folder(b->folder);
    g_free(b->folder);
    dj_tb_plan_clear(&b->plan);
}

/* Compare every `stride`-th index (from a start that `seed` picks) of
 * every class of `b` with the brute force. */
static void check_against_brute(Built *b, int stride, int limit, guint32 seed)
{
    const DjVariant *v = oni();
    const DjEndgames *eg = v->endgames;
    int max_distance = 0;
    for (int i = 0; i < b->plan.n_classes; i++)
        for (uint64_t x = 0; x < b->plan.classes[i].size; x++)
            if (dj_tb_table_value(b->tables[i], x) != DJ_TB_NONE)
                max_distance = MAX(max_distance, dj_tb_table_distance(b->tables[i], x));
    assert_true(max_distance < 250);
    if (limit <= 0)
        limit = max_distance + 2;
    hash_size = v->state_size;
    Brute br = { v, v->state_size, g_hash_table_new_full(memo_hash, memo_equal, g_free, g_free) };
    GRand *rand = g_rand_new_with_seed(seed);
    uint8_t pos[64];
    uint64_t checked = 0;
    for (int i = 0; i < b->plan.n_classes; i++) {
        const DjEndgameClass *c = &b->plan.classes[i];
        uint64_t start = stride > 1 ? (uint64_t)g_rand_int_range(rand, 0, stride) : 0;
        for (uint64_t x = start; x < c->size; x += (uint64_t)stride) {
            DjTbValue tv = dj_tb_table_value(b->tables[i], x);
            if (!eg->position(c->id, x, pos)) {
                assert_int_equal(tv, DJ_TB_NONE);
                continue;
            }
            DjEndgameId id;
            uint64_t back;
            assert_true(eg->locate(pos, &id, &back));
            assert_true(id == c->id && back == x);
            int bd, r = brute(&br, pos, limit, &bd);
            int td = dj_tb_table_distance(b->tables[i], x);
            DjTbValue bv = r > 0 ? DJ_TB_WIN : r < 0 ? DJ_TB_LOSS : DJ_TB_DRAW;
            /* Not decided within the limit: the table must say a draw or
             * a longer end. */
            bool agree = r != 0 ? bv == tv && bd == td : tv == DJ_TB_DRAW || td > limit;
            if (!agree) {
                GString *text = g_string_new(NULL);
                v->format_position(pos, text);
                fail_msg("%s index %" PRIu64 " (%s): table %d in %d, brute force %d in %d",
                         c->name, x, text->str, tv, dj_tb_table_distance(b->tables[i], x), bv,
                         bd);
            }
            checked++;
        }
    }
    assert_true(checked > 0);
    g_rand_free(rand);
    g_hash_table_destroy(br.memo);
}

/* Two pieces (the masters alone): every position, three card sets. */
static void test_two_pieces_every_position(void **state)
{
    (void)state;
    static const char *sets[] = { "ox,boar,horse,elephant,crab",
                                  "tiger,dragon,frog,rabbit,monkey",
                                  "cobra,eel,goose,rooster,mantis",
                                  PASS_CARDS };
    for (size_t s = 0; s < G_N_ELEMENTS(sets); s++) {
        Built b;
        build(&b, sets[s], 2, false, 2);
        check_against_brute(&b, 1, 0, 1);
        built_free(&b);
    }
}

/* Three pieces: a sample of each class (every 61st index, from a start
 * the seed picks), looked at up to 5 plies deep. */
static void test_three_pieces(void **state)
{
    (void)state;
    Built b;
    build(&b, "ox,boar,horse,elephant,crab", 3, false, 2);
    check_against_brute(&b, 61, 5, 3);
    built_free(&b);
}

/* Four pieces: a thin sample, up to 3 plies deep. */
/* A published count: LHolten/onitama-solver (src/bin/table_base.rs,
 * commit 68b52aa) counts 6,752,579 positions won for the side to move
 * with these five cards and at most one student a side, every deal, the
 * masters off the enemy temples, as dojo numbers them: the sum of our
 * classes 0v0, 0v1, 1v0 and 1v1. */
#define LHOLTEN_WON_ONE_STUDENT_EACH 6752579u

static void test_four_pieces(void **state)
{
    (void)state;
    Built b;
    build(&b, "ox,boar,horse,elephant,crab", 4, false, 2);
    check_against_brute(&b, 20011, 3, 7);
    uint64_t won = 0;
    int classes = 0;
    for (int i = 0; i < b.plan.n_classes; i++) {
        const char *name = b.plan.classes[i].name;
        if (g_str_has_suffix(name, ".0v0") || g_str_has_suffix(name, ".0v1") ||
            g_str_has_suffix(name, ".1v0") || g_str_has_suffix(name, ".1v1")) {
            won += b.tables[i]->counts[DJ_TB_WIN];
            classes++;
        }
    }
    assert_int_equal(classes, 4);
    assert_int_equal(won, LHOLTEN_WON_ONE_STUDENT_EACH);
    built_free(&b);
}

/* The numbering: every index position() accepts locates back to itself,
 * the index of a position with Red to move is its turned image's, and
 * the unmoves of a position include every position that reaches it by a
 * quiet move (checked by playing the moves of every unmove forward). */
static void test_numbering_and_unmoves(void **state)
{
    (void)state;
    const DjVariant *v = oni();
    const DjEndgames *eg = v->endgames;
    g_autofree void *start = new_game("cobra,eel,goose,rooster,mantis");
    DjEndgameClass classes[16];
    int n = eg->list_classes(start, 4, classes, 16);
    assert_int_equal(n, 6);
    GRand *rand = g_rand_new_with_seed(11);
    uint8_t pos[64], turned[64], child[64];
    uint8_t *preds = g_malloc((size_t)eg->max_predecessors * v->state_size);
    for (int c = 0; c < n; c++) {
        for (int t = 0; t < 300; t++) {
            uint64_t x = (uint64_t)g_rand_double_range(rand, 0, (double)classes[c].size);
            if (!eg->position(classes[c].id, x, pos))
                continue;
            DjEndgameId id;
            uint64_t back;
            assert_true(eg->locate(pos, &id, &back));
            assert_true(id == classes[c].id && back == x);
            /* The probe skips positions by this count before locate(). */
            assert_int_equal(eg->count_pieces(pos), classes[c].pieces);
            v->mirror(pos, turned);
            assert_true(eg->locate(turned, &id, &back));
            assert_true(id == classes[c].id && back == x);
            /* Every quiet move of a position is undone by its child's unmoves. */
            DjMove moves[64];
            int m = v->legal_moves(pos, moves);
            for (int i = 0; i < m; i++) {
                memcpy(child, pos, v->state_size);
                v->play(child, moves[i]);
                if (v->outcome(child) != DJ_OUTCOME_ONGOING)
                    continue;
                DjEndgameId cid;
                uint64_t ci;
                assert_true(eg->locate(child, &cid, &ci));
                DjEndgameClass cc;
                assert_true(eg->describe(cid, &cc));
                if (cc.group != classes[c].group)
                    continue;   /* a capture: never unmoved */
                uint8_t canon[64];
                assert_true(eg->position(cid, ci, canon));
                int np = eg->predecessors(canon, preds);
                assert_true(np <= eg->max_predecessors);
                bool found = false;
                for (int p = 0; p < np && !found; p++) {
                    DjEndgameId pid;
                    uint64_t pi;
                    found = eg->locate(preds + (size_t)p * v->state_size, &pid, &pi) &&
                            pid == classes[c].id && pi == x;
                }
                assert_true(found);
            }
        }
    }
    g_free(preds);
    g_rand_free(rand);
}

static void compare_folders(const Built *a, const Built *b)
{
    const DjVariant *v = oni();
    assert_int_equal(a->plan.n_classes, b->plan.n_classes);
    for (int i = 0; i < a->plan.n_classes; i++) {
        g_autofree char *pa = dj_tb_table_path(a->folder, v->name, &a->plan.classes[i]);
        g_autofree char *pb = dj_tb_table_path(b->folder, v->name, &b->plan.classes[i]);
        gsize na, nb;
        g_autofree char *da = tb_test_table_data(pa, &na);
        g_autofree char *db = tb_test_table_data(pb, &nb);
        assert_int_equal(na, nb);
        assert_memory_equal(da, db, na);
    }
}

/* With unmoves and by forward passes alone: the same tables, on one
 * thread and on two. */
static void test_forward_equals_retrograde(void **state)
{
    (void)state;
    static const char *sets[] = { "tiger,dragon,frog,rabbit,monkey", PASS_CARDS };
    for (size_t i = 0; i < G_N_ELEMENTS(sets); i++) {
        Built retro, forward;
        build(&retro, sets[i], 3, false, 2);
        build(&forward, sets[i], 3, true, 1);
        compare_folders(&retro, &forward);
        built_free(&retro);
        built_free(&forward);
    }
}

/* The unmoves are exact (endgame.h, predecessors_exact), passes too: every
 * unmove of every two-master position of PASS_CARDS is written as often as
 * it has legal moves back to the position (the solver's counts rely on
 * it), and a pass is unmoved only where the mover had no other move (a
 * lone master in a corner holding the fox and the otter).  With
 * test_numbering_and_unmoves (every move is unmoved) that is exactness. */
/* The unmoves of index x of class `cls`, checked as the test below says;
 * counts what was checked and how many were passes. */
static void check_unmoves_of(const DjEndgameClass *cls, uint64_t x, int *checked, int *passes)
{
    const DjVariant *v = oni();
    const DjEndgames *eg = v->endgames;
    uint8_t pos[64], child[64], preds[64 * 64];
    assert_true(eg->max_predecessors <= 64 && v->state_size <= 64);
    if (!eg->position(cls->id, x, pos))
        return;
    int np = eg->predecessors(pos, preds);
    DjEndgameId ids[64];
    uint64_t indexes[64];
    bool located[64];
    for (int p = 0; p < np; p++)
        located[p] = eg->locate(preds + (size_t)p * v->state_size, &ids[p], &indexes[p]);
    for (int p = 0; p < np; p++) {
        const uint8_t *before = preds + (size_t)p * v->state_size;
        if (!located[p])
            continue;   /* a finished game: skipped by the solver */
        int written = 0;
        for (int q = 0; q < np; q++)
            written += located[q] && ids[q] == ids[p] && indexes[q] == indexes[p];
        DjMove moves[64];
        int m = v->legal_moves(before, moves);
        int back = 0;
        bool only_passes = true;
        for (int i = 0; i < m; i++) {
            DjEndgameId id;
            uint64_t index;
            only_passes &= v->is_pass(before, moves[i]);
            memcpy(child, before, v->state_size);
            v->play(child, moves[i]);
            back += eg->locate(child, &id, &index) && id == cls->id && index == x;
        }
        if (back != written)
            fail_msg("unmove %d of %s index %" PRIu64 " is written %d times but has %d moves "
                     "back to it", p, cls->name, x, written, back);
        *passes += only_passes;
        (*checked)++;
    }
}

/* The unmoves are exact (endgame.h, predecessors_exact), passes too: every
 * unmove of every two-master position of PASS_CARDS, and of a sample with
 * students, is written as often as it has legal moves back to the
 * position (the solver's counts rely on it), and a pass is unmoved only
 * where the mover had no other move (a lone master in a corner holding the
 * fox and the otter).  With test_numbering_and_unmoves (every move is
 * unmoved) that is exactness. */
static void test_unmoves_are_exact(void **state)
{
    (void)state;
    const DjEndgames *eg = oni()->endgames;
    assert_true(eg->predecessors_exact);
    g_autofree void *start = new_game(PASS_CARDS);
    DjEndgameClass classes[8];
    int n = eg->list_classes(start, 4, classes, 8);
    assert_int_equal(n, 6);
    int passes = 0, checked = 0;
    for (uint64_t x = 0; x < classes[0].size; x++)
        check_unmoves_of(&classes[0], x, &checked, &passes);
    if (passes == 0)
        fail_msg("no pass was unmoved in %s: the test proves nothing about passes",
                 classes[0].name);
    for (int c = 1; c < n; c++)
        for (uint64_t x = 7; x < classes[c].size; x += classes[c].size / 3000)
            check_unmoves_of(&classes[c], x, &checked, &passes);
    assert_true(checked > 0);
}

/* A game that says its unmoves are exact when they are not gets a clear
 * failure, not wrong tables: here every unmove written twice. */
static DjEndgames doubled_endgames;

static int doubled_predecessors(const void *pos, void *out)
{
    const DjVariant *v = oni();
    int n = v->endgames->predecessors(pos, out);
    uint8_t *bytes = out;
    memcpy(bytes + (size_t)n * v->state_size, bytes, (size_t)n * v->state_size);
    return 2 * n;
}

static void test_inexact_unmoves_refused(void **state)
{
    (void)state;
    DjVariant doubled = *oni();
    doubled_endgames = *doubled.endgames;
    doubled_endgames.predecessors = doubled_predecessors;
    doubled_endgames.max_predecessors *= 2;
    doubled.endgames = &doubled_endgames;
    g_autofree void *pos = new_game("ox,boar,horse,elephant,crab");
    g_autofree char *folder = tb_test_folder();
    DjTbBuildOptions o = { .folder = folder, .max_pieces = 2, .threads = 2 };
    GError *error = NULL;
    assert_false(dj_tb_build(&doubled, pos, &o, &error));
    assert_non_null(error);
    if (strstr(error->message, "predecessors_exact") == NULL)
        fail_msg("wanted a failure naming predecessors_exact, got: %s", error->message);
    g_error_free(error);
    /* Said exact no more, the same unmoves give the right tables. */
    doubled_endgames.predecessors_exact = false;
    tb_test_build(&doubled, pos, &o);
    tb_test_remove_folder(folder);
}

/* ---- refused files ------------------------------------------------------------- */

static void expect_refused(const char *path, const DjEndgameClass *expected, int code,
                           const char *words)
{
    GError *error = NULL;
    DjTbTable *t = dj_tb_table_read(path, "onitama", expected, &error);
    assert_null(t);
    assert_non_null(error);
    if (!g_error_matches(error, DJ_TB_ERROR, code) || strstr(error->message, words) == NULL)
        fail_msg("wanted code %d and \"%s\", got: %s", code, words, error->message);
    assert_non_null(strstr(error->message, path));
    g_error_free(error);
}

static void test_damaged_and_wrong_files_refused(void **state)
{
    (void)state;
    Built a, b;
    build(&a, "ox,boar,horse,elephant,crab", 3, false, 2);
    build(&b, "tiger,dragon,frog,rabbit,monkey", 2, false, 2);
    const DjEndgameClass *cls = &a.plan.classes[1];   /* 0v1 */
    g_autofree char *path = dj_tb_table_path(a.folder, "onitama", cls);
    gchar *data;
    gsize n;
    assert_true(g_file_get_contents(path, &data, &n, NULL));
    g_autofree char *bad = g_build_filename(a.folder, "bad.djtb", NULL);
    /* One byte of the data changed. */
    data[n - 1000] ^= 0x10;
    assert_true(g_file_set_contents(bad, data, (gssize)n, NULL));
    expect_refused(bad, cls, DJ_TB_ERROR_DAMAGED, "checksum");
    data[n - 1000] ^= 0x10;
    /* A count in the header changed. */
    char *wins = strstr(data, "\nwins ");
    assert_non_null(wins);
    wins[6] = wins[6] == '1' ? '2' : '1';
    assert_true(g_file_set_contents(bad, data, (gssize)n, NULL));
    expect_refused(bad, cls, DJ_TB_ERROR_DAMAGED, "checksum");
    wins[6] = wins[6] == '1' ? '2' : '1';
    /* Cut short, and cut inside its header. */
    assert_true(g_file_set_contents(bad, data, (gssize)(n - 1), NULL));
    expect_refused(bad, cls, DJ_TB_ERROR_DAMAGED, "cut short");
    assert_true(g_file_set_contents(bad, data, 40, NULL));
    expect_refused(bad, cls, DJ_TB_ERROR_DAMAGED, "cut short");
    /* Too long. */
    g_autofree char *longer = g_malloc(n + 1);
    memcpy(longer, data, n);
    longer[n] = 0;
    assert_true(g_file_set_contents(bad, longer, (gssize)(n + 1), NULL));
    expect_refused(bad, cls, DJ_TB_ERROR_DAMAGED, "too long");
    /* Not a table at all. */
    assert_true(g_file_set_contents(bad, "hello\n\nworld", -1, NULL));
    expect_refused(bad, cls, DJ_TB_ERROR_DAMAGED, "not a sound table file");
    /* The sound file itself is read. */
    GError *error = NULL;
    DjTbTable *t = dj_tb_table_read(path, "onitama", cls, &error);
    assert_non_null(t);
    dj_tb_table_free(t);
    /* Another card set's table where this one's is wanted. */
    g_autofree char *other = dj_tb_table_path(b.folder, "onitama", &b.plan.classes[0]);
    expect_refused(other, &a.plan.classes[0], DJ_TB_ERROR_MISMATCH, "setup");
    /* Another class of the same set. */
    g_autofree char *zero = dj_tb_table_path(a.folder, "onitama", &a.plan.classes[0]);
    expect_refused(zero, cls, DJ_TB_ERROR_MISMATCH, "class");
    /* Another game. */
    t = dj_tb_table_read(path, "ogi", NULL, &error);
    assert_null(t);
    assert_true(g_error_matches(error, DJ_TB_ERROR, DJ_TB_ERROR_MISMATCH));
    g_clear_error(&error);
    g_free(data);
    g_unlink(bad);
    built_free(&a);
    built_free(&b);
}

/* ---- interrupting and resuming ------------------------------------------------------ */

typedef struct StopAt {
    gint stop;
    int group, level;
    int seen_resumed;
    int passes_seen;            /* PASS reports */
    int pass_level;             /* the level of the last one */
    double pass_fraction;       /* and how far it was */
} StopAt;

static void stop_at(const DjTbProgress *p, void *data)
{
    StopAt *s = data;
    if (p->stage == DJ_TB_STAGE_PASS) {
        /* how far a level is: from 0 to 1, never back within a level */
        assert_true(p->pass_fraction >= 0.0 && p->pass_fraction <= 1.0);
        if (s->passes_seen > 0 && p->level == s->pass_level)
            assert_true(p->pass_fraction >= s->pass_fraction);
        s->passes_seen++;
        s->pass_level = p->level;
        s->pass_fraction = p->pass_fraction;
    }
    if (p->stage == DJ_TB_STAGE_LEVEL && p->group == s->group && p->level == s->level)
        g_atomic_int_set(&s->stop, 1);
    if (p->stage == DJ_TB_STAGE_RESUMED)
        s->seen_resumed++;
    if (p->stage == DJ_TB_STAGE_RESUMED || p->stage == DJ_TB_STAGE_GROUP)
        s->pass_level = -1;   /* a level done again, or another group's */
}

static void test_resume_gives_the_same_tables(void **state)
{
    (void)state;
    const DjVariant *v = oni();
    const char *cards = "cobra,eel,goose,rooster,mantis";
    Built whole;
    build(&whole, cards, 3, false, 2);
    g_autofree void *pos = new_game(cards);
    Built parts = { .folder = tb_test_folder() };
    GError *error = NULL;
    /* Stopped twice inside the 3-piece group, at level 3 and level 9. */
    StopAt at = { .group = 1, .level = 3 };
    DjTbBuildOptions o = { .folder = parts.folder, .max_pieces = 3, .threads = 2,
                           .distances = true, .stop = &at.stop, .progress = stop_at,
                           .progress_data = &at, .progress_seconds = 1e-9 };
    assert_false(dj_tb_build(v, pos, &o, &error));
    assert_true(g_error_matches(error, DJ_TB_ERROR, DJ_TB_ERROR_INTERRUPTED));
    g_clear_error(&error);
    g_autofree char *cp = dj_tb_checkpoint_path(parts.folder, v->name, &whole.plan.classes[1]);
    assert_true(g_file_test(cp, G_FILE_TEST_EXISTS));
    at.stop = 0;
    at.level = 9;
    assert_false(dj_tb_build(v, pos, &o, &error));
    assert_true(g_error_matches(error, DJ_TB_ERROR, DJ_TB_ERROR_INTERRUPTED));
    g_clear_error(&error);
    assert_int_equal(at.seen_resumed, 1);
    assert_true(at.passes_seen > 0);
    at.stop = 0;
    at.level = -1;
    o.forward_only = true;   /* a checkpoint does not care how it goes on */
    tb_test_build(v, pos, &o);
    assert_int_equal(at.seen_resumed, 2);
    assert_false(g_file_test(cp, G_FILE_TEST_EXISTS));
    assert_true(dj_tb_plan(v, pos, &o, &parts.plan, NULL));
    compare_folders(&whole, &parts);
    /* A damaged checkpoint is refused, saying what to do. */
    at.level = 2;
    g_autofree char *first = dj_tb_table_path(parts.folder, v->name, &whole.plan.classes[1]);
    g_unlink(first);
    assert_false(dj_tb_build(v, pos, &o, &error));
    g_clear_error(&error);
    gchar *data;
    gsize n;
    assert_true(g_file_get_contents(cp, &data, &n, NULL));
    data[n - 7] ^= 1;
    assert_true(g_file_set_contents(cp, data, (gssize)n, NULL));
    g_free(data);
    at.level = -1;
    at.stop = 0;
    assert_false(dj_tb_build(v, pos, &o, &error));
    assert_true(g_error_matches(error, DJ_TB_ERROR, DJ_TB_ERROR_DAMAGED));
    assert_non_null(strstr(error->message, "remove it"));
    g_clear_error(&error);
    g_unlink(cp);
    tb_test_build(v, pos, &o);
    compare_folders(&whole, &parts);
    tb_test_remove_folder(parts.folder);
    g_free(parts.folder);
    dj_tb_plan_clear(&parts.plan);
    built_free(&whole);
}

/* ---- the probe ---------------------------------------------------------------------- */

/* The 3-piece tables of the ox set built into b and opened as a set. */
static DjTablebase *open_three_pieces(Built *b)
{
    build(b, "ox,boar,horse,elephant,crab", 3, false, 2);
    GError *error = NULL;
    DjTablebase *tb = dj_tablebase_open(oni(), b->folder, &error);
    assert_non_null(tb);
    return tb;
}

static void test_probe_agrees_with_the_tables(void **state)
{
    (void)state;
    const DjVariant *v = oni();
    Built b;
    DjTablebase *tb = open_three_pieces(&b);
    assert_int_equal(dj_tablebase_max_pieces(tb), 3);
    assert_int_equal(dj_tablebase_count(tb), 3);
    GRand *rand = g_rand_new_with_seed(5);
    uint8_t pos[64], turned[64];
    for (int i = 0; i < b.plan.n_classes; i++)
        for (int t = 0; t < 2000; t++) {
            uint64_t x = (uint64_t)g_rand_double_range(rand, 0, (double)b.plan.classes[i].size);
            if (!v->endgames->position(b.plan.classes[i].id, x, pos))
                continue;
            v->mirror(pos, turned);
            int d1, d2;
            DjTbValue v1 = dj_tablebase_probe(tb, pos, &d1);
            DjTbValue v2 = dj_tablebase_probe(tb, turned, &d2);
            assert_int_equal(v1, dj_tb_table_value(b.tables[i], x));
            assert_int_equal(v2, v1);
            assert_int_equal(d2, d1);
            assert_int_equal(d1, v1 == DJ_TB_DRAW ? 0 : dj_tb_table_distance(b.tables[i], x));
        }
    /* Too many pieces, and a game already over: no answer. */
    g_autofree void *start = new_game("ox,boar,horse,elephant,crab");
    int d;
    assert_int_equal(dj_tablebase_probe(tb, start, &d), DJ_TB_NONE);
    assert_int_equal(d, -1);
    g_rand_free(rand);
    dj_tablebase_free(tb);
    built_free(&b);
}

/* A search on a clock never waits on a file: with probes_wait off a class
 * not yet read answers "none", and the tables a background load reads are
 * used from then on. */
static void test_probes_that_do_not_wait(void **state)
{
    (void)state;
    const DjVariant *v = oni();
    Built b;
    DjTablebase *tb = open_three_pieces(&b);
    dj_tablebase_set_probes_wait(tb, false);
    uint8_t pos[64];
    uint64_t x = 0;
    int c = b.plan.n_classes - 1;
    while (!v->endgames->position(b.plan.classes[c].id, x, pos))
        x++;
    int d;
    assert_int_equal(dj_tablebase_probe(tb, pos, &d), DJ_TB_NONE);
    dj_tablebase_preload_start(tb, pos);
    dj_tablebase_preload_start(tb, pos);   /* waits for the first load */
    assert_int_equal(dj_tablebase_probe(tb, pos, &d), dj_tb_table_value(b.tables[c], x));
    dj_tablebase_free(tb);                 /* and for the second */
    built_free(&b);
}

/* A piece limit (UCI's TablebasePieces below the folder's): the bigger
 * tables are neither probed nor read, and lifting it brings them back. */
static void test_piece_limit(void **state)
{
    (void)state;
    const DjVariant *v = oni();
    Built b;
    DjTablebase *tb = open_three_pieces(&b);
    dj_tablebase_set_piece_limit(tb, 2);
    assert_int_equal(dj_tablebase_max_pieces(tb), 2);
    int checked[4] = { 0 };
    uint8_t pos[64];
    for (int c = 0; c < b.plan.n_classes; c++) {
        int pieces = b.plan.classes[c].pieces;
        for (uint64_t x = 0; x < b.plan.classes[c].size && checked[pieces] < 50; x += 97) {
            if (!v->endgames->position(b.plan.classes[c].id, x, pos))
                continue;
            int d;
            DjTbValue got = dj_tablebase_probe(tb, pos, &d);
            assert_int_equal(got, pieces > 2 ? DJ_TB_NONE : dj_tb_table_value(b.tables[c], x));
            checked[pieces]++;
        }
    }
    assert_true(checked[2] > 0 && checked[3] > 0);
    /* Preloading a 3-piece position reads only what the limit allows. */
    int c3 = b.plan.n_classes - 1;
    assert_int_equal(b.plan.classes[c3].pieces, 3);
    uint64_t x = 0;
    while (!v->endgames->position(b.plan.classes[c3].id, x, pos))
        x++;
    assert_true(dj_tablebase_preload(tb, pos, NULL));
    dj_tablebase_set_probes_wait(tb, false);
    dj_tablebase_set_piece_limit(tb, 0);
    assert_int_equal(dj_tablebase_max_pieces(tb), 3);
    int d;
    assert_int_equal(dj_tablebase_probe(tb, pos, &d), DJ_TB_NONE);   /* not read yet */
    dj_tablebase_set_probes_wait(tb, true);
    assert_int_equal(dj_tablebase_probe(tb, pos, &d), dj_tb_table_value(b.tables[c3], x));
    dj_tablebase_free(tb);
    built_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_pieces_every_position),
        cmocka_unit_test(test_three_pieces),
        cmocka_unit_test(test_four_pieces),
        cmocka_unit_test(test_numbering_and_unmoves),
        cmocka_unit_test(test_forward_equals_retrograde),
        cmocka_unit_test(test_unmoves_are_exact),
        cmocka_unit_test(test_inexact_unmoves_refused),
        cmocka_unit_test(test_damaged_and_wrong_files_refused),
        cmocka_unit_test(test_resume_gives_the_same_tables),
        cmocka_unit_test(test_probe_agrees_with_the_tables),
        cmocka_unit_test(test_probes_that_do_not_wait),
        cmocka_unit_test(test_piece_limit),
    };
    /* TB_TEST=NAME runs the one test (when debugging). */
    if (g_getenv("TB_TEST") != NULL)
        cmocka_set_test_filter(g_getenv("TB_TEST"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
