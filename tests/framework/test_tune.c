/* test_tune.c: evaluation weights as text (params.h) and the Texel tuner
 * (tune.h) on a made-up game whose evaluation has one fixed term and two
 * weights: positions labelled with the winning chances of known weights
 * must lead the tuner back to those weights. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "framework/lab/tune.h"
#include "framework/params.h"

/* A position of the made-up game: three features and the side to move. */
typedef struct Features {
    int material, space, safety;
    int side;
} Features;

static int weight_space = 1, weight_safety = 1;
static const DjParam made_up_params[] = {
    { "space", &weight_space, 0, 200 },
    { "safety", &weight_safety, -100, 100 },
};

static int made_up_side(const void *pos)
{
    return ((const Features *)pos)->side;
}

/* From the side to move, as evaluate() must be. */
static int made_up_evaluate(const void *pos)
{
    const Features *f = pos;
    int score = 100 * f->material + weight_space * f->space + weight_safety * f->safety;
    return f->side == 0 ? score : -score;
}

static const DjVariant made_up = {
    .name = "madeup",
    .title = "Made-up",
    .state_size = sizeof(Features),
    .side_to_move = made_up_side,
    .evaluate = made_up_evaluate,
    .params = made_up_params,
    .n_params = 2,
};

/* `error` is set and its message contains `expected`; frees it. */
static void expect_message(GError *error, const char *input, const char *expected)
{
    assert_non_null(error);
    if (strstr(error->message, expected) == NULL)
        fail_msg("for '%s' expected '%s', got '%s'", input, expected, error->message);
    g_error_free(error);
}

static void test_params_text(void **state)
{
    (void)state;
    weight_space = 7;
    weight_safety = -3;
    GString *text = g_string_new(NULL);
    dj_params_format(&made_up, text);
    assert_string_equal(text->str, "space 7\nsafety -3\n");
    assert_true(dj_params_parse(&made_up, "# a comment\n\n  SAFETY   12 # why\nspace 0\n", NULL));
    assert_int_equal(weight_space, 0);
    assert_int_equal(weight_safety, 12);
    assert_true(dj_params_parse(&made_up, text->str, NULL));
    assert_int_equal(weight_space, 7);
    assert_int_equal(weight_safety, -3);
    assert_ptr_equal(dj_params_find(&made_up, "Space"), &made_up_params[0]);
    assert_null(dj_params_find(&made_up, "speed"));
    g_string_free(text, TRUE);

    /* Refusals change nothing. */
    static const char *const bad[][2] = {
        { "space 1\nspeed 3\n", "line 2: Made-up has no weight 'speed'" },
        { "space 201\n", "line 1: 'space' wants a whole number from 0 to 200, not '201'" },
        { "safety x\n", "not 'x'" },
        { "space\n", "line 1: expected 'NAME VALUE', found 1 words" },
        { "space 1 2\n", "found 3 words" },
        { "space 1\nspace 2\n", "line 2: 'space' is given twice" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        GError *error = NULL;
        assert_false(dj_params_parse(&made_up, bad[i][0], &error));
        expect_message(error, bad[i][0], bad[i][1]);
        assert_int_equal(weight_space, 7);
        assert_int_equal(weight_safety, -3);
    }
    int *saved = dj_params_snapshot(&made_up);
    weight_space = 99;
    dj_params_restore(&made_up, saved);
    assert_int_equal(weight_space, 7);
    g_free(saved);
}

static void test_tuner_finds_the_weights(void **state)
{
    (void)state;
    /* Labels from k = 0.01 and the weights space 40, safety -25. */
    const double k_true = 0.01;
    DjTuneSet *set = dj_tune_set_new(&made_up);
    for (int material = -2; material <= 2; material++)
        for (int space = -6; space <= 6; space++)
            for (int safety = -6; safety <= 6; safety += 2)
                for (int side = 0; side < 2; side++) {
                    Features f = { material, space, safety, side };
                    double eval = 100.0 * material + 40.0 * space - 25.0 * safety;
                    dj_tune_set_add(set, &f, 1.0 / (1.0 + exp(-k_true * eval)));
                }
    assert_int_equal(dj_tune_set_size(set), 5 * 13 * 7 * 2);
    weight_space = 1;
    weight_safety = 1;
    double k_start = dj_tune_fit_k(set);
    double before = dj_tune_error(set, k_start);
    double k = 0;
    double after = dj_tune_run(set, 200, NULL, NULL, &k);
    assert_true(after < before / 100);
    assert_in_range(weight_space, 38, 42);
    assert_in_range(weight_safety, -27, -23);
    assert_true(fabs(k - k_true) < 0.001);
    dj_tune_set_free(set);
}

/* Naming weights by list and by prefix, and the refusals. */
static void test_params_select(void **state)
{
    (void)state;
    GArray *picked = g_array_new(FALSE, FALSE, sizeof(int));
    assert_true(dj_params_select(&made_up, NULL, picked, NULL));
    assert_int_equal(picked->len, 2);
    assert_int_equal(g_array_index(picked, int, 0), 0);
    assert_int_equal(g_array_index(picked, int, 1), 1);
    g_array_set_size(picked, 0);
    assert_true(dj_params_select(&made_up, " SAFETY ,space", picked, NULL));
    assert_int_equal(picked->len, 2);
    assert_int_equal(g_array_index(picked, int, 0), 1);
    assert_int_equal(g_array_index(picked, int, 1), 0);
    g_array_set_size(picked, 0);
    assert_true(dj_params_select(&made_up, "sa*", picked, NULL));
    assert_int_equal(picked->len, 1);
    assert_int_equal(g_array_index(picked, int, 0), 1);
    g_array_set_size(picked, 0);
    assert_true(dj_params_select(&made_up, "*", picked, NULL));
    assert_int_equal(picked->len, 2);

    static const char *const bad[][2] = {
        { "space,speed", "Made-up has no weight 'speed' (there are space, safety)" },
        { "sp*,x*", "no weight 'x*'" },
        { "space,SPACE", "'space' is named twice" },
        { "*,safety", "'safety' is named twice" },
        { "", "names no weight" },
        { "space,", "no weight ''" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        GError *error = NULL;
        g_array_set_size(picked, 0);
        assert_false(dj_params_select(&made_up, bad[i][0], picked, &error));
        expect_message(error, bad[i][0], bad[i][1]);
        assert_int_equal(picked->len, 0);   /* nothing added on failure */
    }
    g_array_free(picked, TRUE);
}

/* dj_tune_run_some moves the weights it is given and no other. */
static void test_tuner_moves_only_the_chosen(void **state)
{
    (void)state;
    const double k_true = 0.01;
    DjTuneSet *set = dj_tune_set_new(&made_up);
    for (int space = -6; space <= 6; space++)
        for (int safety = -6; safety <= 6; safety += 2) {
            Features f = { 0, space, safety, space & 1 };
            double eval = 40.0 * space - 25.0 * safety;
            dj_tune_set_add(set, &f, 1.0 / (1.0 + exp(-k_true * eval)));
        }
    weight_space = 1;
    weight_safety = 1;
    const int only_safety[] = { 1 };
    double before = dj_tune_error(set, dj_tune_fit_k(set));
    double after = dj_tune_run_some(set, only_safety, 1, 200, NULL, NULL, NULL);
    assert_true(after < before);
    assert_int_equal(weight_space, 1);
    assert_true(weight_safety < 0);   /* the fit pulls it toward -25 */
    dj_tune_set_free(set);
}

/* The set gives back what was added, in order, as copies. */
static void test_set_walk(void **state)
{
    (void)state;
    DjTuneSet *set = dj_tune_set_new(&made_up);
    Features f = { 3, -4, 5, 1 };
    dj_tune_set_add(set, &f, 0.25);
    f.material = -7;
    f.side = 0;
    dj_tune_set_add(set, &f, 1.0);
    f.material = 99;   /* the set keeps its own copy */
    assert_int_equal(dj_tune_set_size(set), 2);
    const Features *first = dj_tune_set_position(set, 0);
    const Features *second = dj_tune_set_position(set, 1);
    assert_int_equal(first->material, 3);
    assert_int_equal(first->space, -4);
    assert_int_equal(first->side, 1);
    assert_int_equal(second->material, -7);
    assert_int_equal(second->side, 0);
    assert_true(dj_tune_set_label(set, 0) == 0.25);
    assert_true(dj_tune_set_label(set, 1) == 1.0);
    dj_tune_set_free(set);
}

static void test_empty_set(void **state)
{
    (void)state;
    DjTuneSet *set = dj_tune_set_new(&made_up);
    weight_space = 5;
    assert_true(dj_tune_error(set, 0.01) == 0.0);
    assert_true(dj_tune_run(set, 10, NULL, NULL, NULL) == 0.0);
    assert_int_equal(weight_space, 5);
    dj_tune_set_free(set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params_text),
        cmocka_unit_test(test_tuner_finds_the_weights),
        cmocka_unit_test(test_params_select),
        cmocka_unit_test(test_tuner_moves_only_the_chosen),
        cmocka_unit_test(test_set_walk),
        cmocka_unit_test(test_empty_set),
    };
    return cmocka_run_group_tests_name("tune", tests, NULL, NULL);
}
