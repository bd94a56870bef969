/* test_ogi_net.c: Ōgi's learnt evaluation (net_features.c and the network
 * term of eval.c): the features of positions from the start and from
 * random play are in range, few enough and never repeated, and the same for
 * a position and its mirror image; there is no network until one is
 * installed, and then it adds its output to evaluate() and shows as the
 * "learnt" part of eval_terms(); taken out (NULL), the evaluation is the
 * game's own again.  The search's whole-number copy of a network is close
 * to its floats for the sizes of weights a trained one has. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "framework/lab/net_train.h"
#include "framework/net.h"
#include "framework/registry.h"
#include "tests/ogi/ogi_test.h"
#include "tests/support/gerror_assert.h"
#include "variants/ogi/net_features.h"

/* The game as the front end finds it. */
static const DjVariant *ogi(void)
{
    const DjVariant *v = dj_registry_find("ogi");
    assert_ptr_equal(v, OGI);
    return v;
}

/* Whatever a test left installed, the next one starts as a program does,
 * with no network (a failed assertion skips the test's own taking it
 * out). */
static int take_net_out(void **state)
{
    (void)state;
    return dj_net_install(OGI, NULL, NULL) ? 0 : -1;
}

/* Positions of `n_games` games of random legal moves from the start, at
 * most `max_plies` each, every position along the way (g_ptr_array_unref
 * frees them). */
static GPtrArray *random_positions(int n_games, int max_plies, guint32 seed)
{
    const DjVariant *v = ogi();
    GPtrArray *positions = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GRand) rand = g_rand_new_with_seed(seed);
    DjMove *moves = g_new(DjMove, (size_t)v->max_moves);
    for (int game = 0; game < n_games; game++) {
        void *pos = ogi_test_start();
        for (int ply = 0; ply < max_plies && v->outcome(pos) == DJ_OUTCOME_ONGOING; ply++) {
            int n = v->legal_moves(pos, moves);
            if (n == 0)
                break;
            g_ptr_array_add(positions, g_memdup2(pos, v->state_size));
            v->play(pos, moves[g_rand_int_range(rand, 0, n)]);
        }
        g_free(pos);
    }
    g_free(moves);
    return positions;
}

/* A few positions with more in them than random play gives: every piece in
 * one hand, Kings two squares apart among pieces, promoted pieces next to
 * the Kings, from either side. */
static const char *const set_positions[] = {
    OGI_START,
    "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL w - 1",
    "4k3/8/8/8/8/8/8/4K3 b 16P4L4N4S2B2R2I 1",
    "4k3/8/8/8/8/8/8/4K3 w 16p4l4n4s2b2r2i 1",
    "4k3/8/8/8/8/8/8/4K3 w 8P2L2N2S1B1R1I8p2l2n2s1b1r1i 1",
    "6+b1/3+n+l+p2/4ks1+r/+R+L+N5/2K5/1+B1+S4/8/8 b 2p 30",
    "6+b1/3+n+l+p2/4ks1+r/+R+L+N5/2K5/1+B1+S4/8/8 w 2p 30",
};

/* `n` features of one position: each below OGI_NET_INPUTS, no more than
 * DJ_NET_MAX_ACTIVE, none twice. */
static void check_features(const uint16_t *features, int n, const char *where)
{
    if (n < 2 || n > DJ_NET_MAX_ACTIVE)
        fail_msg("%s: %d features", where, n);
    uint8_t *seen = g_new0(uint8_t, OGI_NET_INPUTS);
    for (int i = 0; i < n; i++) {
        if (features[i] >= OGI_NET_INPUTS)
            fail_msg("%s: feature %d is not below %d", where, features[i], OGI_NET_INPUTS);
        if (seen[features[i]]++)
            fail_msg("%s: feature %d is there twice", where, features[i]);
    }
    g_free(seen);
}

static int compare_features(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* The features of `pos` (sorted when `sorted`); returns how many.  Room for
 * more than DJ_NET_MAX_ACTIVE, so that a game writing too many is caught
 * by check_features rather than by a smashed stack. */
#define ROOM (4 * DJ_NET_MAX_ACTIVE)

static int features_of(const void *pos, uint16_t *out, bool sorted)
{
    int n = ogi()->net_features(pos, out);
    assert_in_range(n, 0, ROOM);
    if (sorted)
        qsort(out, (size_t)n, sizeof *out, compare_features);
    return n;
}

static void test_variant_offers_a_net(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    assert_int_equal(v->net_inputs, OGI_NET_INPUTS);
    assert_ptr_equal(v->net_features, ogi_net_features);
    assert_ptr_equal(v->net, &ogi_net);
    /* None is built in: the slot is empty, before the first position and
     * after it. */
    assert_null(ogi_net);
    void *pos = ogi_test_start();
    assert_null(ogi_net);
    /* and the evaluation has no learnt part */
    DjEvalTerm terms[DJ_EVAL_MAX_TERMS];
    int n = v->eval_terms(pos, terms);
    for (int i = 0; i < n; i++)
        assert_string_not_equal(terms[i].name, "learnt");
    g_free(pos);
}

/* The start: 36 pieces on the board, empty hands, and 10 pieces within two
 * squares of each King (c1 d1 f1 g1, g2 and c3..g3 around Black's e1). */
static void test_start_features(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    uint16_t features[ROOM];
    int n = features_of(pos, features, false);
    assert_int_equal(n, 36 + 10 + 10);
    check_features(features, n, "the start");
    g_free(pos);
}

static void test_features_in_range_and_distinct(void **state)
{
    (void)state;
    uint16_t features[ROOM];
    for (size_t i = 0; i < G_N_ELEMENTS(set_positions); i++) {
        void *pos = ogi_test_position(set_positions[i]);
        check_features(features, features_of(pos, features, false), set_positions[i]);
        g_free(pos);
    }
    g_autoptr(GPtrArray) positions = random_positions(20, 200, 1);
    assert_true(positions->len > 1000);
    int most = 0;
    for (guint i = 0; i < positions->len; i++) {
        const void *pos = g_ptr_array_index(positions, i);
        int n = features_of(pos, features, false);
        g_autofree char *where = ogi_test_position_string(pos);
        check_features(features, n, where);
        most = MAX(most, n);
    }
    assert_true(most > 56);   /* captures filled the hands at times */
}

/* A hand counts up: "at least 1", "at least 2", ... of a kind, so one more
 * pawn in hand is exactly one more feature, the others staying. */
static void test_hand_counts_up(void **state)
{
    (void)state;
    uint16_t fewer[ROOM], more[ROOM];
    void *two = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b 2Pr 1");
    void *three = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b 3Pr 1");
    int n_fewer = features_of(two, fewer, true), n_more = features_of(three, more, true);
    assert_int_equal(n_fewer, 2 + 2 + 1);   /* the Kings, two pawns, a rook */
    assert_int_equal(n_more, n_fewer + 1);
    int matched = 0;
    for (int i = 0, j = 0; i < n_fewer && j < n_more; j++)
        if (fewer[i] == more[j]) {
            i++;
            matched++;
        }
    assert_int_equal(matched, n_fewer);
    g_free(two);
    g_free(three);
}

/* The mirror image (a half turn, colours swapped, the other side to move)
 * is the same position for the side to move: the same features. */
static void test_mirror_has_the_same_features(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    g_autoptr(GPtrArray) positions = random_positions(20, 200, 2);
    for (size_t i = 0; i < G_N_ELEMENTS(set_positions); i++)
        g_ptr_array_add(positions, ogi_test_position(set_positions[i]));
    void *image = g_malloc(v->state_size);
    uint16_t original[ROOM], mirrored[ROOM];
    for (guint i = 0; i < positions->len; i++) {
        const void *pos = g_ptr_array_index(positions, i);
        v->mirror(pos, image);
        int n = features_of(pos, original, true), m = features_of(image, mirrored, true);
        if (n != m || memcmp(original, mirrored, sizeof *original * (size_t)n) != 0) {
            g_autofree char *text = ogi_test_position_string(pos);
            g_autofree char *image_text = ogi_test_position_string(image);
            fail_msg("%s has %d features, its image %s %d, not the same", text, n, image_text,
                     m);
        }
    }
    g_free(image);
}

/* The same board with the other side to move is another position for the
 * network: it reads the board from the mover's side. */
static void test_side_to_move_matters(void **state)
{
    (void)state;
    uint16_t black[ROOM], white[ROOM];
    void *b = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b 2Pr 1");
    void *w = ogi_test_position("4k3/8/8/8/8/8/8/4K3 w 2Pr 1");
    int n = features_of(b, black, true);
    assert_int_equal(features_of(w, white, true), n);
    assert_memory_not_equal(black, white, sizeof *black * (size_t)n);
    g_free(b);
    g_free(w);
}

/* A network for Ōgi whose output is large and varies from position to
 * position (a new one adds about nothing). */
static DjNet *lively_net(uint32_t seed)
{
    DjNet *net = dj_net_new("ogi", OGI_NET_INPUTS, 32, seed);
    for (int j = 0; j < net->n_hidden; j++)
        net->w2[j] *= 100.0f;   /* within +-1 */
    net->b2 = 0.3f;
    dj_net_prepare(net);
    return net;
}

/* The sum of the parts' `mine - theirs`; *learnt gets the "learnt" part's
 * `mine` and *has_learnt whether there is one. */
static int terms_total(const void *pos, bool *has_learnt, int *learnt)
{
    DjEvalTerm terms[DJ_EVAL_MAX_TERMS];
    int n = ogi()->eval_terms(pos, terms);
    assert_in_range(n, 1, DJ_EVAL_MAX_TERMS);
    int total = 0;
    *has_learnt = false;
    for (int i = 0; i < n; i++) {
        total += terms[i].mine - terms[i].theirs;
        if (strcmp(terms[i].name, "learnt") == 0) {
            assert_false(*has_learnt);
            *has_learnt = true;
            *learnt = terms[i].mine;
            assert_int_equal(terms[i].theirs, 0);
        }
    }
    return total;
}

/* With `net` in use (NULL: none), evaluate() is `plain` (the game's own
 * evaluation of each of `positions`) plus the network's output, eval_terms
 * has the output as its "learnt" part (none without a network) and still
 * adds up to evaluate(), and the mirror image evaluates the same.  Returns
 * the range of the outputs (highest less lowest). */
static int check_evaluation(GPtrArray *positions, const int *plain, const DjNet *net)
{
    const DjVariant *v = ogi();
    void *image = g_malloc(v->state_size);
    uint16_t features[ROOM];
    int lowest = G_MAXINT, highest = G_MININT;
    for (guint i = 0; i < positions->len; i++) {
        const void *pos = g_ptr_array_index(positions, i);
        int output = net != NULL ? dj_net_output(net, features, features_of(pos, features, false))
                                 : 0;
        lowest = MIN(lowest, output);
        highest = MAX(highest, output);
        int score = v->evaluate(pos);
        if (score != plain[i] + output) {
            g_autofree char *text = ogi_test_position_string(pos);
            fail_msg("%s: evaluate() %d, the game's own evaluation %d and the network's "
                     "output %d", text, score, plain[i], output);
        }
        bool has_learnt = false;
        int learnt = 0;
        assert_int_equal(terms_total(pos, &has_learnt, &learnt), score);
        assert_int_equal(has_learnt, net != NULL);
        if (net != NULL)
            assert_int_equal(learnt, output);
        /* The mirror image is the same position to the network as well. */
        v->mirror(pos, image);
        assert_int_equal(v->evaluate(image), score);
    }
    g_free(image);
    return highest - lowest;
}

static void test_network_adds_to_the_evaluation(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    g_autoptr(GPtrArray) positions = random_positions(10, 120, 3);
    for (size_t i = 0; i < G_N_ELEMENTS(set_positions); i++)
        g_ptr_array_add(positions, ogi_test_position(set_positions[i]));
    /* The game's own evaluation, with no network, as the game starts. */
    assert_null(ogi_net);
    int *plain = g_new(int, positions->len);
    for (guint i = 0; i < positions->len; i++)
        plain[i] = v->evaluate(g_ptr_array_index(positions, i));
    check_evaluation(positions, plain, NULL);

    /* One installed: its output added. */
    GError *error = NULL;
    g_autoptr(DjNet) net = lively_net(4);
    assert_true(dj_net_install(v, net, &error));
    assert_no_gerror(error);
    assert_ptr_equal(ogi_net, net);
    /* It did change the scores, and by position. */
    assert_true(check_evaluation(positions, plain, net) >= 10);

    /* Another in its place: that one's output instead. */
    g_autoptr(DjNet) other = lively_net(5);
    assert_true(dj_net_install(v, other, &error));
    assert_no_gerror(error);
    assert_ptr_equal(ogi_net, other);
    assert_true(check_evaluation(positions, plain, other) >= 10);

    /* Taken out (NULL), the evaluation is the game's own again, as before. */
    assert_true(dj_net_install(v, NULL, &error));
    assert_no_gerror(error);
    assert_null(ogi_net);
    check_evaluation(positions, plain, NULL);
    /* Taking it out again changes nothing; putting one back works. */
    assert_true(dj_net_install(v, NULL, &error));
    assert_no_gerror(error);
    check_evaluation(positions, plain, NULL);
    assert_true(dj_net_install(v, net, &error));
    assert_no_gerror(error);
    check_evaluation(positions, plain, net);
    g_free(plain);
}

/* The search's whole-number copy of `net` against the floats it was made
 * from, over `positions`: within a few centipawns (rounding each weight
 * moves a position's output by a centipawn or two). */
static void check_search_copy(const DjNet *net, GPtrArray *positions, const char *what)
{
    uint16_t features[ROOM];
    float hidden[DJ_NET_MAX_HIDDEN];
    int worst = 0;
    long total = 0;
    for (guint i = 0; i < positions->len; i++) {
        int n = features_of(g_ptr_array_index(positions, i), features, false);
        long fitted = lrintf(dj_net_forward(net, features, n, hidden) * DJ_NET_OUTPUT_UNIT);
        int gap = abs(dj_net_output(net, features, n) - (int)fitted);
        worst = MAX(worst, gap);
        total += gap;
    }
    if (worst > 12 || total > 3 * (long)positions->len)
        fail_msg("%s: the search's network is up to %d centipawns (%.2f on average) from the "
                 "floats", what, worst, (double)total / positions->len);
}

/* A made-up lesson for a network to learn: each piece in the hand of the
 * side to move is worth 40 centipawns more than the evaluation says, each
 * in the other hand 40 less (the hand features lie between the 1920 of the
 * board and the 1400 near the Kings, 34 a side, ours first). */
static int hand_lesson(const uint16_t *features, int n)
{
    int lesson = 0;
    for (int k = 0; k < n; k++) {
        if (features[k] >= 1920 && features[k] < 1920 + 34)
            lesson += 40;
        else if (features[k] >= 1920 + 34 && features[k] < 1920 + 68)
            lesson -= 40;
    }
    return lesson;
}

/* A network trained (net_train.h) on positions of random play, and one
 * whose weights are drawn large: the search's copy of each is within a few
 * centipawns of its floats. */
static void test_search_copy_near_the_floats(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    /* The lesson reads the hands, and from the mover's side. */
    uint16_t features[ROOM];
    void *black = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b 2Pr 1");
    void *white = ogi_test_position("4k3/8/8/8/8/8/8/4K3 w 2Pr 1");
    assert_int_equal(hand_lesson(features, features_of(black, features, false)), 40);
    assert_int_equal(hand_lesson(features, features_of(white, features, false)), -40);
    g_free(black);
    g_free(white);

    g_autoptr(GPtrArray) positions = random_positions(20, 150, 6);
    g_autoptr(DjNetSet) train = dj_net_set_new();
    g_autoptr(DjNetSet) none = dj_net_set_new();
    for (guint i = 0; i < positions->len; i++) {
        const void *pos = g_ptr_array_index(positions, i);
        int n = features_of(pos, features, false);
        int plain = v->evaluate(pos);
        dj_net_set_add(train, features, n, plain,
                       (float)dj_net_expected_score(plain + hand_lesson(features, n)));
    }
    g_autoptr(DjNet) net = dj_net_new("ogi", OGI_NET_INPUTS, 32, 7);
    double before = dj_net_error(net, train);
    const DjNetTrainOptions options = {
        .epochs = 4, .batch = 32, .learning_rate = 0.01, .seed = 3,
    };
    assert_int_equal(dj_net_train(net, train, none, &options, NULL, NULL), 4);
    double after = dj_net_error(net, train);
    if (!(after < before / 2))
        fail_msg("training on the lesson took the error from %g to %g only", before, after);
    check_search_copy(net, positions, "trained");

    g_autoptr(DjNet) lively = lively_net(8);
    check_search_copy(lively, positions, "lively");
}

/* A new network starts as a change of (about) nothing: a few centipawns
 * at most. */
static void test_new_network_changes_little(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    g_autoptr(GPtrArray) positions = random_positions(4, 100, 5);
    assert_null(ogi_net);
    int *plain = g_new(int, positions->len);
    for (guint i = 0; i < positions->len; i++)
        plain[i] = v->evaluate(g_ptr_array_index(positions, i));
    g_autoptr(DjNet) net = dj_net_new("ogi", OGI_NET_INPUTS, 32, 9);
    assert_true(dj_net_install(v, net, NULL));
    for (guint i = 0; i < positions->len; i++)
        assert_in_range(v->evaluate(g_ptr_array_index(positions, i)) - plain[i] + 5, 0, 10);
    assert_true(dj_net_install(v, NULL, NULL));
    g_free(plain);
}

/* Networks made for another game or another set of features are refused,
 * and the one installed stays. */
static void test_install_refusals(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    g_autoptr(DjNet) net = lively_net(6);
    assert_true(dj_net_install(v, net, NULL));
    g_autoptr(DjNet) other_game = dj_net_new("onitama", OGI_NET_INPUTS, 8, 1);
    g_autoptr(DjNet) other_inputs = dj_net_new("ogi", OGI_NET_INPUTS - 1, 8, 1);
    GError *error = NULL;
    assert_false(dj_net_install(v, other_game, &error));
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID));
    vt_assert_contains(error->message, "the network was trained for onitama, not ogi");
    g_clear_error(&error);
    assert_false(dj_net_install(v, other_inputs, &error));
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID));
    vt_assert_contains(error->message, "the network reads 3387 features, but ogi has 3388");
    g_clear_error(&error);
    assert_ptr_equal(ogi_net, net);
    assert_true(dj_net_install(v, NULL, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_variant_offers_a_net, take_net_out),
        cmocka_unit_test_teardown(test_start_features, take_net_out),
        cmocka_unit_test_teardown(test_features_in_range_and_distinct, take_net_out),
        cmocka_unit_test_teardown(test_hand_counts_up, take_net_out),
        cmocka_unit_test_teardown(test_mirror_has_the_same_features, take_net_out),
        cmocka_unit_test_teardown(test_side_to_move_matters, take_net_out),
        cmocka_unit_test_teardown(test_network_adds_to_the_evaluation, take_net_out),
        cmocka_unit_test_teardown(test_search_copy_near_the_floats, take_net_out),
        cmocka_unit_test_teardown(test_new_network_changes_little, take_net_out),
        cmocka_unit_test_teardown(test_install_refusals, take_net_out),
    };
    return cmocka_run_group_tests_name("ogi-net", tests, NULL, NULL);
}
