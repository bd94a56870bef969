/* test_net.c: the learnt evaluation's network (net.h) and its trainer
 * (net_train.h): the output of a network small enough to work out by hand,
 * the text file and what it refuses, fitting a made-up rule (the weights
 * kept within what a file holds), and putting a network into a game's slot
 * and taking it out. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "framework/lab/net_train.h"
#include "framework/net.h"
#include "tests/support/gerror_assert.h"
#include "tests/support/temp_dir.h"

/* ---- a network worked out by hand ------------------------------------- */

/* 3 inputs, 2 hidden units; every weight a sum of powers of two and a
 * whole number of 1 / DJ_NET_QUANTUM (1 / DJ_NET_W2_QUANTUM in the second
 * layer), so that neither the float arithmetic nor dj_net_output's
 * whole-number layers round anything, and the outputs below are the hand's:
 *     h0 = clamp(0.25 + 0.5 f0 + 1.0 f1 - 0.5 f2)
 *     h1 = clamp(0.5 - 1.0 f0 + 0.25 f1 + 0.125 f2)
 *     y  = 0.25 + 2 h0 - 4 h1                 (x 100 centipawns) */
static DjNet *hand_net(void)
{
    DjNet *net = dj_net_new("toy", 3, 2, 1);
    static const float w1[] = { 0.5f, -1.0f, 1.0f, 0.25f, -0.5f, 0.125f };
    memcpy(net->w1, w1, sizeof w1);
    net->b1[0] = 0.25f;
    net->b1[1] = 0.5f;
    net->w2[0] = 2.0f;
    net->w2[1] = -4.0f;
    net->b2 = 0.25f;
    dj_net_prepare(net);
    return net;
}

static void test_output_by_hand(void **state)
{
    (void)state;
    g_autoptr(DjNet) net = hand_net();
    static const struct {
        uint16_t features[3];
        int n;
        float h0, h1;
        int centipawns;
    } cases[] = {
        /* nothing active: the biases alone; 0.25 + 0.5 - 2 */
        { { 0 }, 0, 0.25f, 0.5f, -125 },
        /* h1 = 0.5 - 1 is below 0: clamped to 0; 0.25 + 1.5 */
        { { 0 }, 1, 0.75f, 0.0f, 175 },
        /* h0 = 1.25 is above 1: clamped to 1; 0.25 + 2 - 3 */
        { { 1 }, 1, 1.0f, 0.75f, -75 },
        /* feature 0 twice counts twice: h0 = 1.25 -> 1, h1 = -1.5 -> 0 */
        { { 0, 0 }, 2, 1.0f, 0.0f, 225 },
        /* h0 = -0.25 -> 0; 0.25 - 2.5 */
        { { 2 }, 1, 0.0f, 0.625f, -225 },
        /* two features, each clamped unit from its own sum; 0.25 + 0.5 */
        { { 2, 0 }, 2, 0.25f, 0.0f, 75 },
        /* all three: h0 = 1.25 -> 1, h1 = -0.125 -> 0 */
        { { 0, 1, 2 }, 3, 1.0f, 0.0f, 225 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        float hidden[2] = { -9.0f, -9.0f };
        float y = dj_net_forward(net, cases[i].features, cases[i].n, hidden);
        if (hidden[0] != cases[i].h0 || hidden[1] != cases[i].h1
            || y * DJ_NET_OUTPUT_UNIT != (float)cases[i].centipawns)
            fail_msg("case %zu: hidden %g %g, y %g; expected %g %g, %d centipawns", i,
                     (double)hidden[0], (double)hidden[1], (double)y, (double)cases[i].h0,
                     (double)cases[i].h1, cases[i].centipawns);
        assert_int_equal(dj_net_output(net, cases[i].features, cases[i].n),
                         cases[i].centipawns);
    }
    /* The output is rounded to whole centipawns. */
    net->b2 = 0.25375f;
    dj_net_prepare(net);
    assert_int_equal(dj_net_output(net, NULL, 0), -125);       /* -124.625 -> -125 */
    net->b2 = 0.2575f;
    dj_net_prepare(net);
    assert_int_equal(dj_net_output(net, NULL, 0), -124);       /* -124.25 -> -124 */
    /* A network gone wild stays far from the scores of won games. */
    net->b2 = 1e6f;
    dj_net_prepare(net);
    assert_int_equal(dj_net_output(net, NULL, 0), 10000);
    net->b2 = -1e6f;
    dj_net_prepare(net);
    assert_int_equal(dj_net_output(net, NULL, 0), -10000);
}

/* A new network starts near a change of 0, and its weights come from the
 * seed alone. */
static void test_new_network(void **state)
{
    (void)state;
    g_autoptr(DjNet) a = dj_net_new("toy", 50, 16, 7);
    g_autoptr(DjNet) b = dj_net_new("toy", 50, 16, 7);
    g_autoptr(DjNet) c = dj_net_new("toy", 50, 16, 8);
    assert_string_equal(a->variant, "toy");
    assert_int_equal(a->n_inputs, 50);
    assert_int_equal(a->n_hidden, 16);
    assert_memory_equal(a->w1, b->w1, sizeof *a->w1 * 50 * 16);
    assert_memory_equal(a->w2, b->w2, sizeof *a->w2 * 16);
    assert_memory_not_equal(a->w1, c->w1, sizeof *a->w1 * 50 * 16);
    uint16_t features[50];
    for (int i = 0; i < 50; i++)
        features[i] = (uint16_t)i;
    for (int n = 0; n <= 50; n += 10)
        assert_in_range(dj_net_output(a, features, n) + 10, 0, 20);
}

/* Weights within the file's bound can still add up past what 16-bit sums
 * hold: such a network is summed in 32 bits, and its output is the one
 * the floats give (four weights of 32 make 128, clamped to 1: 100
 * centipawns; in 16 bits the sum would wrap to 0). */
static void test_large_sums_are_exact(void **state)
{
    (void)state;
    GError *error = NULL;
    g_autoptr(DjNet) net = dj_net_parse("dojo-net 1 toy 4 1\n0\n0\n1\n32\n32\n32\n32\n",
                                        &error);
    assert_non_null(net);
    assert_null(error);
    assert_true(net->wide_sums);
    const uint16_t all[] = { 0, 1, 2, 3 };
    float hidden[DJ_NET_MAX_HIDDEN];
    assert_int_equal(dj_net_output(net, all, 4), 100);
    assert_int_equal((int)lrintf(dj_net_forward(net, all, 4, hidden) * DJ_NET_OUTPUT_UNIT), 100);
    /* Small weights keep the fast sums. */
    g_autoptr(DjNet) small = dj_net_new("toy", 4, 16, 1);
    assert_false(small->wide_sums);
}

/* Kept sums: made from a set of features, changed by what a "move" takes
 * away and adds, they give dj_net_output's result for the new set, to the
 * centipawn, for the widths the search spells out (16, 32, 64 units) and
 * one it does not (48).  Each network gets a new id. */
static void test_kept_sums(void **state)
{
    (void)state;
    const int widths[] = { 16, 32, 48, 64 };
    g_autoptr(GRand) rand = g_rand_new_with_seed(7);
    uint32_t last_id = 0;
    for (size_t w = 0; w < G_N_ELEMENTS(widths); w++) {
        g_autoptr(DjNet) net = dj_net_new("toy", 500, widths[w], (uint32_t)w + 1);
        /* Livelier than new: hidden units cross both ends of 0..1. */
        for (int i = 0; i < 500 * widths[w]; i++)
            net->w1[i] *= 8.0f;
        for (int j = 0; j < widths[w]; j++)
            net->w2[j] *= 100.0f;
        dj_net_prepare(net);
        assert_true(net->id != 0 && net->id != last_id);
        last_id = net->id;
        assert_true(dj_net_can_keep_sums(net, 64));
        assert_int_equal(dj_net_can_keep_sums(net, 32), widths[w] <= 32);

        uint16_t features[60];
        int n = 40;
        for (int k = 0; k < n; k++)
            features[k] = (uint16_t)g_rand_int_range(rand, 0, 500);
        int16_t sums[DJ_NET_MAX_HIDDEN], fresh[DJ_NET_MAX_HIDDEN];
        dj_net_sums(net, features, n, sums);
        assert_int_equal(dj_net_output_from_sums(net, sums), dj_net_output(net, features, n));
        int outputs_seen[2] = { 0, 0 };
        for (int step = 0; step < 200; step++) {
            /* Take away up to 3 features (the last ones) and add up to 4. */
            int n_removed = g_rand_int_range(rand, 0, MIN(3, n) + 1);
            int n_added = g_rand_int_range(rand, 0, 5);
            if (n - n_removed + n_added > 60)
                n_added = 0;
            uint16_t added[4];
            for (int k = 0; k < n_added; k++)
                added[k] = (uint16_t)g_rand_int_range(rand, 0, 500);
            dj_net_sums_update(net, sums, features + n - n_removed, n_removed, added, n_added);
            n -= n_removed;
            memcpy(features + n, added, sizeof *added * (size_t)n_added);
            n += n_added;
            dj_net_sums(net, features, n, fresh);
            assert_memory_equal(sums, fresh, sizeof *sums * (size_t)net->padded);
            int output = dj_net_output_from_sums(net, sums);
            assert_int_equal(output, dj_net_output(net, features, n));
            outputs_seen[output > 0]++;
        }
        /* The outputs were not all one way (the test saw real changes). */
        assert_true(outputs_seen[0] > 0 && outputs_seen[1] > 0);
    }
    /* A network whose sums may leave 16 bits keeps none. */
    g_autoptr(DjNet) wide = dj_net_parse("dojo-net 1 toy 4 1\n0\n0\n1\n32\n32\n32\n32\n", NULL);
    assert_non_null(wide);
    assert_false(dj_net_can_keep_sums(wide, 1024));
}

/* dj_net_output's whole-number layers against dj_net_forward's floats:
 * "within a centipawn or so" (net.h), here 2 at most, where `net`'s output
 * weights are as small as a trained network's. */
static void assert_output_near_forward(const DjNet *net, const uint16_t *features, int n)
{
    float hidden[DJ_NET_MAX_HIDDEN];
    long exact = lrintf(dj_net_forward(net, features, n, hidden) * DJ_NET_OUTPUT_UNIT);
    int output = dj_net_output(net, features, n);
    if (labs(output - exact) > 2)
        fail_msg("dj_net_output %d, dj_net_forward %ld centipawns (%d features)", output, exact,
                 n);
}

static void test_output_near_forward(void **state)
{
    (void)state;
    /* 200 inputs, 60 features a position, weights a little larger than a
     * new network's; every width dj_net_output spells out (16, 32, 64
     * padded) and others, padded or not. */
    static const int widths[] = { 1, 8, 16, 20, 32, 40, 64, 100 };
    g_autoptr(GRand) rand = g_rand_new_with_seed(12);
    for (size_t w = 0; w < G_N_ELEMENTS(widths); w++) {
        const int h = widths[w];
        g_autoptr(DjNet) net = dj_net_new("toy", 200, h, 11);
        for (int i = 0; i < 200 * h; i++)
            net->w1[i] = (float)g_rand_double_range(rand, -0.1, 0.1);
        for (int j = 0; j < h; j++) {
            net->b1[j] = (float)g_rand_double_range(rand, 0.0, 1.0);
            net->w2[j] = (float)g_rand_double_range(rand, -0.1, 0.1);
        }
        net->b2 = 0.05f;
        /* Until prepared, the search reads the weights as they were. */
        uint16_t features[60];
        for (int k = 0; k < 60; k++)
            features[k] = (uint16_t)g_rand_int_range(rand, 0, 200);
        g_autoptr(DjNet) fresh = dj_net_new("toy", 200, h, 11);
        fresh->b2 = 0.05f;
        assert_int_equal(dj_net_output(net, features, 60), dj_net_output(fresh, features, 60));
        dj_net_prepare(net);
        for (int t = 0; t < 500; t++) {
            int n = g_rand_int_range(rand, 0, 61);
            for (int k = 0; k < n; k++)
                features[k] = (uint16_t)g_rand_int_range(rand, 0, 200);
            assert_output_near_forward(net, features, n);
        }
    }
}

/* ---- the file ----------------------------------------------------------- */

/* A network with weights of every size a trained one has (not only the
 * small ones dj_net_new draws), for the round trips. */
static DjNet *trained_looking_net(void)
{
    DjNet *net = dj_net_new("toy", 40, 6, 3);
    g_autoptr(GRand) rand = g_rand_new_with_seed(99);
    for (int i = 0; i < 40 * 6; i++)
        net->w1[i] = (float)g_rand_double_range(rand, -3.0, 3.0);
    for (int j = 0; j < 6; j++) {
        net->b1[j] = (float)g_rand_double_range(rand, -1.0, 2.0);
        net->w2[j] = (float)g_rand_double_range(rand, -10.0, 10.0);
    }
    net->b2 = -0.3f;
    dj_net_prepare(net);
    return net;
}

static void assert_same_weights(const DjNet *a, const DjNet *b)
{
    assert_string_equal(a->variant, b->variant);
    assert_int_equal(a->n_inputs, b->n_inputs);
    assert_int_equal(a->n_hidden, b->n_hidden);
    assert_true(a->b2 == b->b2);
    size_t h = (size_t)a->n_hidden;
    for (size_t j = 0; j < h; j++)
        if (a->b1[j] != b->b1[j] || a->w2[j] != b->w2[j])
            fail_msg("hidden unit %zu: b1 %.9g, w2 %.9g read back as %.9g, %.9g", j,
                     (double)a->b1[j], (double)a->w2[j], (double)b->b1[j], (double)b->w2[j]);
    for (size_t i = 0; i < (size_t)a->n_inputs * h; i++)
        if (a->w1[i] != b->w1[i])
            fail_msg("W1[%zu][%zu] %.9g read back as %.9g", i / h, i % h, (double)a->w1[i],
                     (double)b->w1[i]);
}

static void test_format_and_parse(void **state)
{
    (void)state;
    /* The layout: the first line, the comment's lines, then b2, b1, w2 and
     * W1's rows, a line each. */
    g_autoptr(DjNet) hand = hand_net();
    g_autoptr(GString) plain = g_string_new(NULL);
    dj_net_format(hand, NULL, plain);
    assert_string_equal(plain->str, "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n"
                                    "-0.5 0.125\n");
    g_autoptr(GString) commented = g_string_new(NULL);
    dj_net_format(hand, "two lines\nof comment", commented);
    assert_true(g_str_has_prefix(commented->str,
                                 "dojo-net 1 toy 3 2\n# two lines\n# of comment\n0.25\n"));
    /* Comments and blank lines anywhere between the numbers, and any
     * whitespace between them, read the same. */
    GError *error = NULL;
    g_autoptr(DjNet) spaced = dj_net_parse(
        "dojo-net  1\ttoy 3 2\r\n# b2\n0.25\n\n# b1\n  0.25\t0.5 # and a note\r\n2 -4 0.5\n"
        "-1 1 0.25 -0.5 0.125", &error);
    assert_no_gerror(error);
    assert_non_null(spaced);
    assert_same_weights(hand, spaced);
    assert_int_equal(dj_net_output(spaced, NULL, 0), -125);   /* prepared for the search */

    /* A weight of DJ_NET_MAX_WEIGHT either way is in range. */
    g_autoptr(DjNet) bounds = dj_net_parse(
        "dojo-net 1 toy 3 2\n32\n0.25 0.5\n2 -4\n0.5 -32\n1 0.25\n-0.5 0.125\n", &error);
    assert_no_gerror(error);
    assert_non_null(bounds);
    assert_true(bounds->b2 == (float)DJ_NET_MAX_WEIGHT);
    assert_true(bounds->w1[1] == -(float)DJ_NET_MAX_WEIGHT);

    /* Weights of every size a trained network has come back exactly: a
     * network read from its file is the network that was written. */
    g_autoptr(DjNet) net = trained_looking_net();
    g_autoptr(GString) text = g_string_new(NULL);
    dj_net_format(net, "a comment", text);
    g_autoptr(DjNet) back = dj_net_parse(text->str, &error);
    assert_no_gerror(error);
    assert_non_null(back);
    /* Formatting what was read gives the same text: nothing drifts. */
    g_autoptr(GString) again = g_string_new(NULL);
    dj_net_format(back, "a comment", again);
    assert_string_equal(again->str, text->str);
    assert_same_weights(net, back);
}

static void test_save_and_load(void **state)
{
    const char *dir = *state;
    g_autofree char *path = g_build_filename(dir, "toy.net", NULL);
    g_autoptr(DjNet) net = trained_looking_net();
    GError *error = NULL;
    assert_true(dj_net_save(net, "saved by test_net", path, &error));
    assert_no_gerror(error);
    g_autofree char *text = NULL;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    assert_true(g_str_has_prefix(text, "dojo-net 1 toy 40 6\n# saved by test_net\n"));
    g_autoptr(DjNet) back = dj_net_load(path, &error);
    assert_no_gerror(error);
    assert_non_null(back);
    assert_string_equal(back->variant, "toy");
    assert_int_equal(back->n_inputs, 40);
    assert_int_equal(back->n_hidden, 6);
    /* The same output for many sets of up to 3 features, repeats too. */
    for (int a = -1; a < 40; a++)
        for (int b = a; b < 40; b += 3)
            for (int c = b; c < 40; c += 7) {
                uint16_t features[3] = { (uint16_t)MAX(a, 0), (uint16_t)MAX(b, 0),
                                         (uint16_t)MAX(c, 0) };
                int n = a < 0 ? 0 : 3;
                assert_int_equal(dj_net_output(back, features, n),
                                 dj_net_output(net, features, n));
            }

    /* Saving again replaces the file. */
    g_autoptr(DjNet) hand = hand_net();
    assert_true(dj_net_save(hand, NULL, path, &error));
    assert_no_gerror(error);
    g_autoptr(DjNet) replaced = dj_net_load(path, &error);
    assert_no_gerror(error);
    assert_same_weights(hand, replaced);

    /* A file that is not a network is refused, naming the file and the line. */
    assert_true(g_file_set_contents(path, "dojo-net 1 toy 3 2\n0.25\n0.25 zero\n", -1, NULL));
    assert_null(dj_net_load(path, &error));
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID));
    g_autofree char *expected = g_strdup_printf(
        "%s: line 3: 'zero' is not a weight (a finite number)", path);
    assert_string_equal(error->message, expected);
    g_clear_error(&error);

    /* No file: an error naming the path. */
    g_autofree char *missing = g_build_filename(dir, "missing.net", NULL);
    assert_null(dj_net_load(missing, &error));
    assert_non_null(error);
    if (strstr(error->message, missing) == NULL)
        fail_msg("the error does not name %s: %s", missing, error->message);
    g_clear_error(&error);
}

/* Each bad text is refused with DJ_ERROR_INVALID and a message that names
 * the line and says what is wrong. */
static void test_parse_refusals(void **state)
{
    (void)state;
    /* A good text of 3 inputs and 2 hidden units is 1 + 2 + 2 + 6 numbers. */
    static const char *const bad[][2] = {
        { "", "line 1: it is not an evaluation network (a file written by 'dojo train' "
              "starts with 'dojo-net 1 GAME INPUTS HIDDEN')" },
        { "0.25\n0.25 0.5\n", "line 1: it is not an evaluation network" },
        { "dojo-net 1 toy 3\n0\n", "line 1: it is not an evaluation network" },
        { "dojo-net 1 toy 3 2 9\n0\n", "line 1: it is not an evaluation network" },
        { "dojo-nets 1 toy 3 2\n0\n", "line 1: it is not an evaluation network" },
        { "# dojo-net 1 toy 3 2\n0\n", "line 1: it is not an evaluation network" },
        { "dojo-net 2 toy 3 2\n0\n",
          "line 1: version '2' of the network file is not one this dojo reads (1)" },
        { "dojo-net 1.0 toy 3 2\n0\n", "line 1: version '1.0' of the network file" },
        { "dojo-net one toy 3 2\n0\n", "line 1: version 'one' of the network file" },
        { "dojo-net 1 toy 0 2\n0\n",
          "line 1: a network has 1 to 65536 inputs and 1 to 1024 hidden units, not '0' and '2'" },
        { "dojo-net 1 toy 65537 2\n0\n", "not '65537' and '2'" },
        { "dojo-net 1 toy -3 2\n0\n", "not '-3' and '2'" },
        { "dojo-net 1 toy 3x 2\n0\n", "not '3x' and '2'" },
        { "dojo-net 1 toy 3 0\n0\n", "line 1: a network has 1 to 65536 inputs and 1 to 1024 "
                                     "hidden units, not '3' and '0'" },
        { "dojo-net 1 toy 3 1025\n0\n", "not '3' and '1025'" },
        { "dojo-net 1 toy 3 2", "line 1: the file ends before the last weight" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4", "line 4: the file ends before the last "
                                                     "weight" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5",
          "line 7: the file ends before the last weight" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5 # the last\n",
          "the file ends before the last weight" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 half\n2 -4\n0.5 -1\n1 0.25\n-0.5 0.125\n",
          "line 3: 'half' is not a weight (a finite number)" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0,25\n-0.5 0.125\n",
          "line 6: '0,25' is not a weight" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5 0.125x\n",
          "line 7: '0.125x' is not a weight" },
        { "dojo-net 1 toy 3 2\nnan\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5 0.125\n",
          "line 2: 'nan' is not a weight (a finite number)" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 inf\n0.5 -1\n1 0.25\n-0.5 0.125\n",
          "line 4: 'inf' is not a weight (a finite number)" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -INF\n1 0.25\n-0.5 0.125\n",
          "line 5: '-INF' is not a weight" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 1e999\n-0.5 0.125\n",
          "line 6: '1e999' is not a weight" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5 0.125 0\n",
          "line 7: more numbers than a network of 3 inputs and 2 hidden units has" },
        /* Weights beyond DJ_NET_MAX_WEIGHT either way, wherever they are. */
        { "dojo-net 1 toy 3 2\n32.5\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5 0.125\n",
          "line 2: the weight 32.5 is out of range (at most 32 either way)" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5 -1e3\n",
          "line 7: the weight -1e3 is out of range (at most 32 either way)" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -32.0001\n0.5 -1\n1 0.25\n-0.5 0.125\n",
          "line 4: the weight -32.0001 is out of range" },
        /* The largest network a file may declare, in a few bytes: refused
         * before its memory is taken. */
        { "dojo-net 1 toy 65536 1024\n0\n0\n",
          "the file is too short for a network of 65536 inputs and 1024 hidden units "
          "(67110913 numbers)" },
        { "dojo-net 1 toy 100 1000\n0\n", "the file is too short for a network of 100 inputs" },
        { "dojo-net 1 toy 3 2\n0.25\n0.25 0.5\n2 -4\n0.5 -1\n1 0.25\n-0.5 0.125\n\n# end\nx\n",
          "line 10: more numbers than a network of 3 inputs and 2 hidden units has" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        GError *error = NULL;
        DjNet *net = dj_net_parse(bad[i][0], &error);
        if (net != NULL)
            fail_msg("accepted:\n%s", bad[i][0]);
        assert_non_null(error);
        if (!g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID))
            fail_msg("for\n%s\nerror %s code %d: %s", bad[i][0],
                     g_quark_to_string(error->domain), error->code, error->message);
        if (strstr(error->message, bad[i][1]) == NULL)
            fail_msg("for\n%s\nexpected '%s', got '%s'", bad[i][0], bad[i][1], error->message);
        g_error_free(error);
    }
}

/* ---- training ----------------------------------------------------------- */

#define RULE_FEATURES 8

/* Samples of a made-up game whose evaluation misses one rule: feature 0 is
 * worth a pawn more and feature 3 a pawn less than it thinks.  Each feature
 * is present half of the time; the base evaluation is anywhere within two
 * pawns. */
static DjNetSet *rule_samples(int n, uint32_t seed)
{
    DjNetSet *set = dj_net_set_new();
    g_autoptr(GRand) rand = g_rand_new_with_seed(seed);
    for (int i = 0; i < n; i++) {
        uint16_t features[RULE_FEATURES];
        int count = 0;
        for (int f = 0; f < RULE_FEATURES; f++)
            if (g_rand_boolean(rand))
                features[count++] = (uint16_t)f;
        int base = g_rand_int_range(rand, -200, 201);
        bool has0 = count > 0 && features[0] == 0, has3 = false;
        for (int k = 0; k < count; k++)
            has3 |= features[k] == 3;
        double truth = base + (has0 ? 100 : 0) - (has3 ? 100 : 0);
        dj_net_set_add(set, features, count, base, (float)dj_net_expected_score(truth));
    }
    return set;
}

static const DjNetTrainOptions rule_options = {
    .epochs = 12, .batch = 16, .learning_rate = 0.02, .seed = 5,
};

typedef struct Progress {
    const DjNet *net;
    const DjNetSet *train, *validation;
    int calls, stop_at;
    double train_errors[64], validation_errors[64];
} Progress;

/* Checks that the errors reported are those of the network as it stands
 * after the epoch, and keeps them. */
static bool record_progress(int epoch, double train_error, double validation_error,
                            void *user_data)
{
    Progress *p = user_data;
    p->calls++;
    assert_int_equal(epoch, p->calls);
    assert_true(train_error == dj_net_error(p->net, p->train));
    assert_true(validation_error == dj_net_error(p->net, p->validation));
    p->train_errors[epoch - 1] = train_error;
    p->validation_errors[epoch - 1] = validation_error;
    return epoch != p->stop_at;
}

static double lowest(const double *values, int n)
{
    double low = INFINITY;
    for (int i = 0; i < n; i++)
        low = MIN(low, values[i]);
    return low;
}

static void test_train_learns_a_rule(void **state)
{
    (void)state;
    g_autoptr(DjNetSet) train = rule_samples(400, 1);
    g_autoptr(DjNetSet) validation = rule_samples(100, 2);
    g_autoptr(DjNet) net = dj_net_new("toy", RULE_FEATURES, 8, 3);
    double before = dj_net_error(net, train), validation_before = dj_net_error(net, validation);
    assert_true(before > 0.001);
    Progress p = { .net = net, .train = train, .validation = validation };
    assert_int_equal(dj_net_train(net, train, validation, &rule_options, record_progress, &p),
                     rule_options.epochs);
    assert_int_equal(p.calls, rule_options.epochs);
    double after = dj_net_error(net, train), validation_after = dj_net_error(net, validation);
    if (!(after < before / 4 && validation_after < validation_before / 4))
        fail_msg("error %g -> %g, held out %g -> %g", before, after, validation_before,
                 validation_after);
    /* The network kept is the epoch's whose held-out error was lowest. */
    assert_true(validation_after == lowest(p.validation_errors, p.calls));

    /* The search's copy of the weights is the kept network's. */
    for (int i = 0; i < dj_net_set_size(validation); i++) {
        const uint16_t *features;
        const DjNetSample *s = dj_net_set_sample(validation, i, &features);
        assert_output_near_forward(net, features, s->n_features);
    }
    /* It learnt the rule itself: among other features, feature 0 adds
     * about a pawn, feature 3 takes about one away, and both together
     * about cancel out. */
    const uint16_t others[] = { 1, 5, 6 }, with0[] = { 0, 1, 5, 6 }, with3[] = { 1, 3, 5, 6 },
                   both[] = { 0, 1, 3, 5, 6 };
    int plain = dj_net_output(net, others, 3);
    int gain0 = dj_net_output(net, with0, 4) - plain, gain3 = dj_net_output(net, with3, 4) - plain;
    int gain_both = dj_net_output(net, both, 5) - plain;
    if (gain0 < 80 || gain0 > 120 || gain3 < -120 || gain3 > -80 || abs(gain_both) > 20)
        fail_msg("feature 0 adds %d, feature 3 %d, both %d centipawns", gain0, gain3, gain_both);
}

static void test_train_stops_when_told(void **state)
{
    (void)state;
    g_autoptr(DjNetSet) train = rule_samples(200, 1);
    g_autoptr(DjNetSet) validation = rule_samples(50, 2);
    g_autoptr(DjNet) net = dj_net_new("toy", RULE_FEATURES, 8, 3);
    Progress p = { .net = net, .train = train, .validation = validation, .stop_at = 3 };
    assert_int_equal(dj_net_train(net, train, validation, &rule_options, record_progress, &p), 3);
    assert_int_equal(p.calls, 3);
    /* What it keeps is still the best of the epochs it made. */
    assert_true(dj_net_error(net, validation) == lowest(p.validation_errors, 3));
    for (int i = 0; i < dj_net_set_size(validation); i++) {
        const uint16_t *features;
        const DjNetSample *s = dj_net_set_sample(validation, i, &features);
        assert_output_near_forward(net, features, s->n_features);
    }
}

/* Without held-out samples the last epoch's network is kept, and the
 * validation error reported is 0. */
static void test_train_without_validation(void **state)
{
    (void)state;
    g_autoptr(DjNetSet) train = rule_samples(200, 1);
    g_autoptr(DjNetSet) none = dj_net_set_new();
    g_autoptr(DjNet) net = dj_net_new("toy", RULE_FEATURES, 8, 3);
    Progress p = { .net = net, .train = train, .validation = none };
    DjNetTrainOptions options = rule_options;
    options.epochs = 4;
    assert_int_equal(dj_net_train(net, train, none, &options, record_progress, &p), 4);
    for (int i = 0; i < 4; i++)
        assert_true(p.validation_errors[i] == 0.0);
    assert_true(dj_net_error(net, train) == p.train_errors[3]);
    /* No progress callback is fine too. */
    assert_int_equal(dj_net_train(net, train, none, &options, NULL, NULL), 4);
}

/* The same samples, network and seed give the same weights; another seed
 * (the order of the samples) other weights. */
static void test_train_is_deterministic(void **state)
{
    (void)state;
    g_autoptr(DjNetSet) train = rule_samples(200, 1);
    g_autoptr(DjNetSet) validation = rule_samples(50, 2);
    DjNet *nets[3];
    for (int i = 0; i < 3; i++) {
        nets[i] = dj_net_new("toy", RULE_FEATURES, 8, 3);
        DjNetTrainOptions options = rule_options;
        options.seed = i < 2 ? 5 : 6;
        dj_net_train(nets[i], train, validation, &options, NULL, NULL);
    }
    size_t h = 8;
    assert_memory_equal(nets[0]->w1, nets[1]->w1, sizeof(float) * RULE_FEATURES * h);
    assert_memory_equal(nets[0]->b1, nets[1]->b1, sizeof(float) * h);
    assert_memory_equal(nets[0]->w2, nets[1]->w2, sizeof(float) * h);
    assert_true(nets[0]->b2 == nets[1]->b2);
    assert_memory_not_equal(nets[0]->w1, nets[2]->w1, sizeof(float) * RULE_FEATURES * h);
    for (int i = 0; i < 3; i++)
        dj_net_free(nets[i]);
}

/* Nothing to do changes nothing. */
static void test_train_nothing(void **state)
{
    (void)state;
    g_autoptr(DjNetSet) train = rule_samples(20, 1);
    g_autoptr(DjNetSet) empty = dj_net_set_new();
    g_autoptr(DjNet) net = dj_net_new("toy", RULE_FEATURES, 4, 3);
    g_autoptr(DjNet) fresh = dj_net_new("toy", RULE_FEATURES, 4, 3);
    Progress p = { .net = net, .train = empty, .validation = empty };
    assert_int_equal(dj_net_train(net, empty, empty, &rule_options, record_progress, &p), 0);
    DjNetTrainOptions options = rule_options;
    options.epochs = 0;
    p.train = train;
    assert_int_equal(dj_net_train(net, train, empty, &options, record_progress, &p), 0);
    assert_int_equal(p.calls, 0);
    assert_same_weights(net, fresh);
    assert_true(dj_net_error(net, empty) == 0.0);
}

/* However far a step would take them, the trainer keeps the weights within
 * +-DJ_NET_MAX_WEIGHT, so that the network it made writes a file that
 * loads. */
static void test_train_keeps_weights_in_range(void **state)
{
    (void)state;
    g_autoptr(DjNetSet) train = rule_samples(200, 1);
    g_autoptr(DjNetSet) none = dj_net_set_new();
    g_autoptr(DjNet) net = dj_net_new("toy", RULE_FEATURES, 8, 3);
    /* Adam's first steps are about the learning rate each: 100 is far
     * past the bound. */
    DjNetTrainOptions options = rule_options;
    options.epochs = 2;
    options.learning_rate = 100.0;
    assert_int_equal(dj_net_train(net, train, none, &options, NULL, NULL), 2);
    const float bound = (float)DJ_NET_MAX_WEIGHT;
    int at_bound = 0;
    const struct { const float *w; size_t n; } blocks[] = {
        { net->w1, (size_t)RULE_FEATURES * 8 }, { net->b1, 8 }, { net->w2, 8 }, { &net->b2, 1 },
    };
    for (size_t b = 0; b < G_N_ELEMENTS(blocks); b++)
        for (size_t i = 0; i < blocks[b].n; i++) {
            float w = blocks[b].w[i];
            if (!(w >= -bound && w <= bound))
                fail_msg("block %zu, weight %zu: %g is beyond +-%g", b, i, (double)w,
                         (double)bound);
            at_bound += fabsf(w) == bound;
        }
    assert_true(at_bound > 0);   /* the steps did reach the bound */
    /* What it saves reads back as itself. */
    g_autoptr(GString) text = g_string_new(NULL);
    dj_net_format(net, NULL, text);
    GError *error = NULL;
    g_autoptr(DjNet) back = dj_net_parse(text->str, &error);
    assert_no_gerror(error);
    assert_non_null(back);
    assert_same_weights(net, back);
}

/* The set keeps what it is given (base and target within their bounds),
 * and the expected score is the usual logistic curve. */
static void test_set_and_expected_score(void **state)
{
    (void)state;
    g_autoptr(DjNetSet) set = dj_net_set_new();
    uint16_t first[] = { 4, 1, 4 }, second[DJ_NET_MAX_ACTIVE];
    for (int i = 0; i < DJ_NET_MAX_ACTIVE; i++)
        second[i] = (uint16_t)(DJ_NET_MAX_ACTIVE - i);
    dj_net_set_add(set, first, 3, -40000, 1.5f);
    dj_net_set_add(set, NULL, 0, 12, 0.25f);
    dj_net_set_add(set, second, DJ_NET_MAX_ACTIVE, 40000, -0.5f);
    first[0] = 9;   /* the set has its own copy */
    assert_int_equal(dj_net_set_size(set), 3);
    const uint16_t *features;
    const DjNetSample *s = dj_net_set_sample(set, 0, &features);
    assert_int_equal(s->n_features, 3);
    assert_int_equal(features[0], 4);
    assert_int_equal(features[1], 1);
    assert_int_equal(features[2], 4);
    assert_int_equal(s->base, -32000);
    assert_true(s->target == 1.0f);
    s = dj_net_set_sample(set, 1, &features);
    assert_int_equal(s->n_features, 0);
    assert_int_equal(s->base, 12);
    assert_true(s->target == 0.25f);
    s = dj_net_set_sample(set, 2, &features);
    assert_int_equal(s->n_features, DJ_NET_MAX_ACTIVE);
    assert_memory_equal(features, second, sizeof second);
    assert_int_equal(s->base, 32000);
    assert_true(s->target == 0.0f);

    assert_true(dj_net_expected_score(0) == 0.5);
    assert_true(fabs(dj_net_expected_score(400) - 10.0 / 11.0) < 1e-12);
    assert_true(fabs(dj_net_expected_score(-400) - 1.0 / 11.0) < 1e-12);
    assert_true(fabs(dj_net_expected_score(123) + dj_net_expected_score(-123) - 1.0) < 1e-12);

    /* The error of the hand network: its outputs are known exactly. */
    g_autoptr(DjNet) hand = hand_net();
    g_autoptr(DjNetSet) pair = dj_net_set_new();
    const uint16_t zero[] = { 0 };
    dj_net_set_add(pair, NULL, 0, 125, 0.5f);   /* 125 - 125: even */
    dj_net_set_add(pair, zero, 1, 225, 1.0f);   /* 225 + 175 = 400 */
    double miss = 1.0 - 10.0 / 11.0;
    assert_true(fabs(dj_net_error(hand, pair) - miss * miss / 2) < 1e-9);
}

/* ---- installing into a game ------------------------------------------------- */

/* A made-up game with a learnt evaluation, as a game offers one (its rules
 * do not matter to dj_net_install): a position is the set of its 3
 * features, and its own evaluation is 10; the network in its slot, if any,
 * adds to that. */
typedef struct ToyPosition {
    uint8_t features;   /* bit f: feature f is there */
} ToyPosition;

static const DjNet *toy_net;   /* the slot: NULL, no network */

static int toy_features(const void *pos, uint16_t *out)
{
    const ToyPosition *p = pos;
    int n = 0;
    for (int f = 0; f < 3; f++)
        if (p->features & (1 << f))
            out[n++] = (uint16_t)f;
    return n;
}

static int toy_evaluate(const void *pos)
{
    uint16_t features[3];
    return 10 + (toy_net != NULL ? dj_net_output(toy_net, features, toy_features(pos, features))
                                 : 0);
}

static const DjVariant with_net = {
    .name = "toy",
    .title = "Toy",
    .state_size = sizeof(ToyPosition),
    .evaluate = toy_evaluate,
    .net_inputs = 3,
    .net_features = toy_features,
    .net = &toy_net,
};

static const DjVariant without_net = {
    .name = "toy",
    .title = "Toy",
};

static void expect_refusal(GError *error, const char *expected)
{
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID));
    if (strstr(error->message, expected) == NULL)
        fail_msg("expected '%s', got '%s'", expected, error->message);
    g_error_free(error);
}

static int clear_toy_slot(void **state)
{
    (void)state;
    toy_net = NULL;
    return 0;
}

static void test_install(void **state)
{
    (void)state;
    /* No network to start with: the game's own evaluation. */
    const ToyPosition none = { 0 }, first = { 1 };
    assert_null(toy_net);
    assert_int_equal(toy_evaluate(&none), 10);
    assert_int_equal(toy_evaluate(&first), 10);

    /* Installed: -125 centipawns with no feature, +175 with feature 0
     * (hand_net). */
    g_autoptr(DjNet) net = hand_net();
    GError *error = NULL;
    assert_true(dj_net_install(&with_net, net, &error));
    assert_no_gerror(error);
    assert_ptr_equal(toy_net, net);
    assert_int_equal(toy_evaluate(&none), 10 - 125);
    assert_int_equal(toy_evaluate(&first), 10 + 175);

    /* Another takes its place: the same with 0.5 more in its output. */
    g_autoptr(DjNet) higher = hand_net();
    higher->b2 += 0.5f;
    dj_net_prepare(higher);
    assert_true(dj_net_install(&with_net, higher, &error));
    assert_no_gerror(error);
    assert_ptr_equal(toy_net, higher);
    assert_int_equal(toy_evaluate(&none), 10 - 75);
    assert_int_equal(toy_evaluate(&first), 10 + 225);

    /* Refusals leave the network installed before in place. */
    g_autoptr(DjNet) other_game = dj_net_new("ogi", 3, 2, 1);
    assert_false(dj_net_install(&with_net, other_game, &error));
    expect_refusal(error, "the network was trained for ogi, not toy");
    error = NULL;
    assert_ptr_equal(toy_net, higher);
    g_autoptr(DjNet) other_inputs = dj_net_new("toy", 4, 2, 1);
    assert_false(dj_net_install(&with_net, other_inputs, &error));
    expect_refusal(error, "the network reads 4 features, but toy has 3");
    error = NULL;
    assert_ptr_equal(toy_net, higher);
    assert_int_equal(toy_evaluate(&none), 10 - 75);
    /* The hidden layer is the trainer's choice: any width goes. */
    g_autoptr(DjNet) wide = dj_net_new("toy", 3, 20, 1);
    assert_true(dj_net_install(&with_net, wide, NULL));
    assert_ptr_equal(toy_net, wide);

    /* NULL takes the network out: the game's own evaluation again. */
    assert_true(dj_net_install(&with_net, NULL, &error));
    assert_no_gerror(error);
    assert_null(toy_net);
    assert_int_equal(toy_evaluate(&none), 10);
    assert_int_equal(toy_evaluate(&first), 10);
    /* ... which it may do again, with none there. */
    assert_true(dj_net_install(&with_net, NULL, &error));
    assert_no_gerror(error);
    assert_null(toy_net);
    /* And a network goes back in after. */
    assert_true(dj_net_install(&with_net, net, &error));
    assert_no_gerror(error);
    assert_int_equal(toy_evaluate(&first), 10 + 175);
    assert_true(dj_net_install(&with_net, NULL, NULL));

    /* A game without a learnt evaluation has nowhere to put one, nor to
     * take one out of. */
    const DjNet *const tries[] = { net, NULL };
    for (size_t i = 0; i < G_N_ELEMENTS(tries); i++) {
        assert_false(dj_net_install(&without_net, tries[i], &error));
        expect_refusal(error, "toy has no learnt evaluation to load a network into");
        error = NULL;
    }
    /* ... and neither does one that has the slot but no features. */
    DjVariant half = with_net;
    half.net_features = NULL;
    assert_false(dj_net_install(&half, net, &error));
    expect_refusal(error, "no learnt evaluation");
    error = NULL;
    assert_null(toy_net);
    /* ... nor one that has the features but no slot. */
    DjVariant slotless = with_net;
    slotless.net = NULL;
    assert_false(dj_net_install(&slotless, net, &error));
    expect_refusal(error, "no learnt evaluation");
    assert_null(toy_net);
}

/* hand_net's file as a game's built-in lines: the header, a comment, then
 * b2, b1, w2 and W1 by rows, spread over lines as a file may be. */
static const char *const hand_lines[] = {
    "dojo-net 1 toy 3 2\n", "# the hand's network\n", "0.25\n", "0.25 0.5\n",
    "2 -4\n", "0.5 -1\n1 0.25\n", "-0.5 0.125\n", NULL,
};

/* A game's built-in network: read from its lines, once (the same network
 * each call), and the one hand_net makes; none for a game without lines;
 * lines that do not read, or are another game's, refused in words naming
 * the game. */
static void test_builtin(void **state)
{
    (void)state;
    DjVariant game = with_net;
    game.net_builtin = hand_lines;
    GError *error = NULL;
    const DjNet *net = dj_net_builtin(&game, &error);
    assert_no_gerror(error);
    assert_non_null(net);
    assert_ptr_equal(dj_net_builtin(&game, NULL), net);
    assert_true(dj_net_install(&game, net, NULL));
    const ToyPosition none = { 0 }, first = { 1 };
    assert_int_equal(toy_evaluate(&none), 10 - 125);
    assert_int_equal(toy_evaluate(&first), 10 + 175);
    assert_true(dj_net_install(&game, NULL, NULL));

    assert_null(dj_net_builtin(&with_net, &error));
    assert_no_gerror(error);

    static const char *const cut_short[] = { "dojo-net 1 toy 3 2\n", "0.25\n", NULL };
    DjVariant broken = with_net;
    broken.net_builtin = cut_short;
    assert_null(dj_net_builtin(&broken, &error));
    assert_non_null(error);
    assert_non_null(strstr(error->message, "Toy's built-in network: "));
    g_clear_error(&error);

    static const char *const chess[] = { "dojo-net 1 chess 3 1\n", "0\n0\n0\n0 0 0\n", NULL };
    DjVariant wrong = with_net;
    wrong.net_builtin = chess;
    assert_null(dj_net_builtin(&wrong, &error));
    expect_refusal(error, "Toy's built-in network is for chess with 3 features, not toy with 3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_by_hand),
        cmocka_unit_test(test_new_network),
        cmocka_unit_test(test_output_near_forward),
        cmocka_unit_test(test_large_sums_are_exact),
        cmocka_unit_test(test_kept_sums),
        cmocka_unit_test(test_format_and_parse),
        cmocka_unit_test_setup_teardown(test_save_and_load, temp_dir_make, temp_dir_remove),
        cmocka_unit_test(test_parse_refusals),
        cmocka_unit_test(test_train_learns_a_rule),
        cmocka_unit_test(test_train_stops_when_told),
        cmocka_unit_test(test_train_without_validation),
        cmocka_unit_test(test_train_is_deterministic),
        cmocka_unit_test(test_train_nothing),
        cmocka_unit_test(test_train_keeps_weights_in_range),
        cmocka_unit_test(test_set_and_expected_score),
        cmocka_unit_test_teardown(test_install, clear_toy_slot),
        cmocka_unit_test_teardown(test_builtin, clear_toy_slot),
    };
    return cmocka_run_group_tests_name("net", tests, NULL, NULL);
}
