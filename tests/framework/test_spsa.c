/* test_spsa.c: the SPSA tuner (spsa.h) against made-up "games" whose
 * result is a known function of the two weight vectors: the side whose
 * weights lie nearer a hidden target wins.  A run must find the target;
 * the schedule, the perturbations, the bounds and the seed must behave as
 * the header says. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "framework/lab/spsa.h"

#define N_WEIGHTS 3

static const int target[N_WEIGHTS] = { 20, 75, 41 };

/* Squared distance from the target. */
static double distance(const int *weights, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += (double)(weights[i] - target[i]) * (weights[i] - target[i]);
    return sum;
}

/* A pair won outright by the nearer side, drawn on a tie. */
static bool nearer_wins(const int *plus, const int *minus, int iteration, double *result,
                        void *user_data, GError **error)
{
    (void)iteration;
    (void)error;
    int n = *(const int *)user_data;
    double d_plus = distance(plus, n), d_minus = distance(minus, n);
    *result = d_plus < d_minus ? 1.0 : d_plus > d_minus ? -1.0 : 0.0;
    return true;
}

/* Two games, each won by θ+ with a logistic chance of how much nearer it
 * is (a noisy pair result in {-1, -1/2, 0, 1/2, 1}). */
typedef struct Noisy {
    GRand *rand;
    int n;
} Noisy;

static bool noisy_pair(const int *plus, const int *minus, int iteration, double *result,
                       void *user_data, GError **error)
{
    (void)iteration;
    (void)error;
    Noisy *noisy = user_data;
    double edge = (sqrt(distance(minus, noisy->n)) - sqrt(distance(plus, noisy->n))) / 4.0;
    double p_plus = 1.0 / (1.0 + exp(-edge));
    double points = 0.0;
    for (int game = 0; game < 2; game++)
        points += g_rand_double(noisy->rand) < p_plus ? 1.0 : -1.0;
    *result = points / 2.0;
    return true;
}

static void fill(DjSpsaParam *params, int n, int min, int max, double start)
{
    for (int i = 0; i < n; i++)
        params[i] = (DjSpsaParam){ min, max, start, dj_spsa_default_c_end(min, max, 0.05) };
}

static void test_schedule(void **state)
{
    (void)state;
    assert_true(dj_spsa_default_c_end(0, 100, 0.05) == 5.0);
    assert_true(dj_spsa_default_c_end(0, 10, 0.05) == 1.0);   /* at least 1 */
    assert_true(dj_spsa_default_c_end(-500, 500, 0.1) == 100.0);
    DjSpsaParam param = { 0, 100, 50, 5.0 };
    g_autoptr(DjSpsa) spsa = dj_spsa_new(&param, 1, 100, 0.002, 1);
    assert_true(fabs(dj_spsa_stability(spsa) - 10.0) < 1e-12);
    /* c = 5 * 100^0.101, a = 0.002 * 25 * 110^0.602 */
    assert_true(fabs(dj_spsa_c(spsa, 0, 1) - 7.961044) < 1e-5);
    assert_true(fabs(dj_spsa_c(spsa, 0, 100) - 5.0) < 1e-12);
    assert_true(fabs(dj_spsa_a(spsa, 0, 1) - 0.05 * pow(10.0, 0.602)) < 1e-12);
    assert_true(fabs(dj_spsa_a(spsa, 0, 100) - 0.05) < 1e-12);
    assert_true(dj_spsa_c(spsa, 0, 2) < dj_spsa_c(spsa, 0, 1));
    assert_true(dj_spsa_a(spsa, 0, 2) < dj_spsa_a(spsa, 0, 1));
}

/* What the callback was given, and the result it answers. */
typedef struct Seen {
    int plus[N_WEIGHTS], minus[N_WEIGHTS];
    int iteration;
    double answer;
    int calls;
} Seen;

static bool remember(const int *plus, const int *minus, int iteration, double *result,
                     void *user_data, GError **error)
{
    (void)error;
    Seen *seen = user_data;
    memcpy(seen->plus, plus, sizeof seen->plus);
    memcpy(seen->minus, minus, sizeof seen->minus);
    seen->iteration = iteration;
    seen->calls++;
    *result = seen->answer;
    return true;
}

/* θ± = θ ± c_k Δ, rounded; with r = 0 θ stays, so every iteration
 * perturbs the start by the schedule's c_k, with both signs in use. */
static void test_perturbation(void **state)
{
    (void)state;
    DjSpsaParam params[N_WEIGHTS];
    fill(params, N_WEIGHTS, 0, 100, 50.0);
    g_autoptr(DjSpsa) spsa = dj_spsa_new(params, N_WEIGHTS, 50, 0.002, 7);
    Seen seen = { .answer = 0.0 };
    int ups[N_WEIGHTS] = { 0 };
    for (int k = 1; k <= 50; k++) {
        assert_true(dj_spsa_step(spsa, remember, &seen, NULL));
        assert_int_equal(seen.iteration, k);
        int shift = (int)lround(dj_spsa_c(spsa, 0, k));
        for (int i = 0; i < N_WEIGHTS; i++) {
            assert_int_equal(seen.plus[i] + seen.minus[i], 100);
            assert_int_equal(abs(seen.plus[i] - 50), shift);
            ups[i] += seen.plus[i] > 50;
            assert_true(dj_spsa_theta(spsa)[i] == 50.0);
        }
    }
    for (int i = 0; i < N_WEIGHTS; i++)
        assert_true(ups[i] > 10 && ups[i] < 40);
    assert_int_equal(dj_spsa_done(spsa), 50);
    assert_false(dj_spsa_step(spsa, remember, &seen, NULL));   /* all done */
    assert_int_equal(seen.calls, 50);
}

/* r = +1: θ moves by a_k Δ / c_k, the direction θ+ went. */
static void test_update(void **state)
{
    (void)state;
    DjSpsaParam params[N_WEIGHTS];
    fill(params, N_WEIGHTS, 0, 1000, 500.0);
    g_autoptr(DjSpsa) spsa = dj_spsa_new(params, N_WEIGHTS, 10, 0.002, 3);
    Seen seen = { .answer = 1.0 };
    assert_true(dj_spsa_step(spsa, remember, &seen, NULL));
    double expected = dj_spsa_a(spsa, 0, 1) / dj_spsa_c(spsa, 0, 1);
    for (int i = 0; i < N_WEIGHTS; i++) {
        double moved = dj_spsa_theta(spsa)[i] - 500.0;
        assert_true(fabs(fabs(moved) - expected) < 1e-9);
        assert_true((moved > 0) == (seen.plus[i] > 500));
    }
    seen.answer = 5.0;   /* out of [-1, 1]: counts as 1 */
    double before = dj_spsa_theta(spsa)[0];
    assert_true(dj_spsa_step(spsa, remember, &seen, NULL));
    double step = dj_spsa_a(spsa, 0, 2) / dj_spsa_c(spsa, 0, 2);
    assert_true(fabs(fabs(dj_spsa_theta(spsa)[0] - before) - step) < 1e-9);
}

/* A side that always wants more pushes θ to the top of the range and no
 * further; θ± never leave the bounds, nor does a start outside them. */
static bool higher_wins(const int *plus, const int *minus, int iteration, double *result,
                        void *user_data, GError **error)
{
    (void)iteration;
    (void)error;
    const DjSpsaParam *params = user_data;
    for (int i = 0; i < 2; i++) {
        assert_true(plus[i] >= params[i].min && plus[i] <= params[i].max);
        assert_true(minus[i] >= params[i].min && minus[i] <= params[i].max);
    }
    *result = plus[0] > minus[0] ? 1.0 : plus[0] < minus[0] ? -1.0 : 0.0;
    return true;
}

static void test_clamping(void **state)
{
    (void)state;
    DjSpsaParam params[2] = { { -10, 10, 8.0, 3.0 }, { 0, 5, 99.0, 2.0 } };
    g_autoptr(DjSpsa) spsa = dj_spsa_new(params, 2, 300, 0.5, 11);
    assert_true(dj_spsa_theta(spsa)[1] == 5.0);   /* the start, clamped */
    while (dj_spsa_step(spsa, higher_wins, params, NULL))
        ;
    assert_int_equal(dj_spsa_done(spsa), 300);
    assert_true(dj_spsa_theta(spsa)[0] == 10.0);
    assert_true(dj_spsa_theta(spsa)[1] >= 0.0 && dj_spsa_theta(spsa)[1] <= 5.0);
    int rounded[2];
    dj_spsa_rounded(spsa, rounded);
    assert_int_equal(rounded[0], 10);
    assert_true(rounded[1] >= 0 && rounded[1] <= 5);
}

static void run_to_end(DjSpsa *spsa, DjSpsaPlayPair play, void *data)
{
    while (dj_spsa_step(spsa, play, data, NULL))
        ;
}

static void test_converges(void **state)
{
    (void)state;
    DjSpsaParam params[N_WEIGHTS];
    fill(params, N_WEIGHTS, 0, 100, 50.0);
    int n = N_WEIGHTS;
    g_autoptr(DjSpsa) spsa = dj_spsa_new(params, N_WEIGHTS, 2000, 0.05, 5);
    run_to_end(spsa, nearer_wins, &n);
    int found[N_WEIGHTS];
    dj_spsa_rounded(spsa, found);
    for (int i = 0; i < N_WEIGHTS; i++) {
        fprintf(stderr, "weight %d: %d (target %d)\n", i, found[i], target[i]);
        assert_true(abs(found[i] - target[i]) <= 3);
    }
}

static void test_converges_with_noise(void **state)
{
    (void)state;
    DjSpsaParam params[N_WEIGHTS];
    fill(params, N_WEIGHTS, 0, 100, 50.0);
    Noisy noisy = { g_rand_new_with_seed(42), N_WEIGHTS };
    g_autoptr(DjSpsa) spsa = dj_spsa_new(params, N_WEIGHTS, 4000, 0.05, 9);
    run_to_end(spsa, noisy_pair, &noisy);
    g_rand_free(noisy.rand);
    int found[N_WEIGHTS];
    dj_spsa_rounded(spsa, found);
    for (int i = 0; i < N_WEIGHTS; i++) {
        fprintf(stderr, "weight %d: %d (target %d)\n", i, found[i], target[i]);
        assert_true(abs(found[i] - target[i]) <= 6);
    }
}

/* The same seeds give the same θ to the last bit; another seed another θ. */
static void noisy_run(guint64 seed, double *theta)
{
    DjSpsaParam params[N_WEIGHTS];
    fill(params, N_WEIGHTS, 0, 100, 50.0);
    Noisy noisy = { g_rand_new_with_seed(3), N_WEIGHTS };
    g_autoptr(DjSpsa) spsa = dj_spsa_new(params, N_WEIGHTS, 200, 0.05, seed);
    run_to_end(spsa, noisy_pair, &noisy);
    g_rand_free(noisy.rand);
    memcpy(theta, dj_spsa_theta(spsa), sizeof(double) * N_WEIGHTS);
}

static void test_reproducible(void **state)
{
    (void)state;
    double first[N_WEIGHTS], second[N_WEIGHTS], other[N_WEIGHTS];
    noisy_run(123, first);
    noisy_run(123, second);
    noisy_run(124, other);
    assert_memory_equal(first, second, sizeof first);
    assert_memory_not_equal(first, other, sizeof first);
}

static bool fail_at_three(const int *plus, const int *minus, int iteration, double *result,
                          void *user_data, GError **error)
{
    (void)plus;
    (void)minus;
    (void)user_data;
    if (iteration == 3) {
        g_set_error(error, g_quark_from_static_string("test"), 1, "the engine died");
        return false;
    }
    *result = 1.0;
    return true;
}

static void test_failure_stops(void **state)
{
    (void)state;
    DjSpsaParam params[N_WEIGHTS];
    fill(params, N_WEIGHTS, 0, 100, 50.0);
    g_autoptr(DjSpsa) spsa = dj_spsa_new(params, N_WEIGHTS, 10, 0.002, 1);
    assert_true(dj_spsa_step(spsa, fail_at_three, NULL, NULL));
    assert_true(dj_spsa_step(spsa, fail_at_three, NULL, NULL));
    double before[N_WEIGHTS];
    memcpy(before, dj_spsa_theta(spsa), sizeof before);
    g_autoptr(GError) error = NULL;
    assert_false(dj_spsa_step(spsa, fail_at_three, NULL, &error));
    assert_non_null(error);
    assert_string_equal(error->message, "the engine died");
    assert_int_equal(dj_spsa_done(spsa), 2);
    assert_memory_equal(before, dj_spsa_theta(spsa), sizeof before);
}

/* Fails at iteration 3 the first time it is asked, and keeps every θ+ it
 * is given, so that a retried iteration can be compared. */
typedef struct Flaky {
    bool failed;
    int calls;
    int plus[16][N_WEIGHTS];
} Flaky;

static bool flaky_pair(const int *plus, const int *minus, int iteration, double *result,
                       void *user_data, GError **error)
{
    Flaky *flaky = user_data;
    memcpy(flaky->plus[flaky->calls++], plus, sizeof flaky->plus[0]);
    if (iteration == 3 && !flaky->failed) {
        flaky->failed = true;
        g_set_error(error, g_quark_from_static_string("test"), 1, "the engine died");
        return false;
    }
    int n = N_WEIGHTS;
    return nearer_wins(plus, minus, iteration, result, &n, error);
}

/* An iteration that failed and was tried again plays the same Δ, and the
 * run ends where one that never failed ends. */
static void test_failure_leaves_the_draws(void **state)
{
    (void)state;
    DjSpsaParam params[N_WEIGHTS];
    fill(params, N_WEIGHTS, 0, 100, 50.0);
    g_autoptr(DjSpsa) steady = dj_spsa_new(params, N_WEIGHTS, 10, 0.002, 5);
    g_autoptr(DjSpsa) flaky_run = dj_spsa_new(params, N_WEIGHTS, 10, 0.002, 5);
    int n = N_WEIGHTS;
    Flaky flaky = { 0 };
    while (dj_spsa_step(steady, nearer_wins, &n, NULL)) {
    }
    for (int attempt = 0; attempt < 12 && dj_spsa_done(flaky_run) < 10; attempt++) {
        g_autoptr(GError) error = NULL;
        dj_spsa_step(flaky_run, flaky_pair, &flaky, &error);
    }
    assert_true(flaky.failed);
    assert_int_equal(flaky.calls, 11);
    /* calls 2 and 3 were iteration 3: the failed one and its retry */
    assert_memory_equal(flaky.plus[2], flaky.plus[3], sizeof flaky.plus[0]);
    assert_int_equal(dj_spsa_done(flaky_run), 10);
    assert_memory_equal(dj_spsa_theta(steady), dj_spsa_theta(flaky_run),
                        sizeof(double) * N_WEIGHTS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schedule),
        cmocka_unit_test(test_perturbation),
        cmocka_unit_test(test_update),
        cmocka_unit_test(test_clamping),
        cmocka_unit_test(test_converges),
        cmocka_unit_test(test_converges_with_noise),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_failure_stops),
        cmocka_unit_test(test_failure_leaves_the_draws),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
