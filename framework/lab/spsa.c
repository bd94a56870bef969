/* spsa.c: the SPSA schedule, perturbation and update (spsa.h). */
#include "framework/lab/spsa.h"

#include <math.h>

struct DjSpsa {
    DjSpsaParam *params;
    int n_params;
    int iterations;     /* N */
    double stability;   /* A */
    double *c, *a;      /* per weight: c and a of the schedule */
    double *theta;
    int done;
    GRand *rand;
    int *plus, *minus;  /* scratch for the callback */
    double *delta;
};

double dj_spsa_default_c_end(int min, int max, double fraction)
{
    return MAX(1.0, ((double)max - (double)min) * fraction);
}

static double clamp(double value, const DjSpsaParam *param)
{
    return CLAMP(value, (double)param->min, (double)param->max);
}

static int round_within(double value, const DjSpsaParam *param)
{
    return (int)lround(clamp(value, param));
}

DjSpsa *dj_spsa_new(const DjSpsaParam *params, int n_params, int iterations, double r_end,
                    guint64 seed)
{
    g_return_val_if_fail(n_params >= 1 && iterations >= 1 && r_end > 0, NULL);
    DjSpsa *spsa = g_new0(DjSpsa, 1);
    spsa->params = g_memdup2(params, sizeof *params * (gsize)n_params);
    spsa->n_params = n_params;
    spsa->iterations = iterations;
    spsa->stability = 0.1 * iterations;
    spsa->c = g_new(double, n_params);
    spsa->a = g_new(double, n_params);
    spsa->theta = g_new(double, n_params);
    spsa->plus = g_new(int, n_params);
    spsa->minus = g_new(int, n_params);
    spsa->delta = g_new(double, n_params);
    for (int i = 0; i < n_params; i++) {
        const DjSpsaParam *param = &params[i];
        double a_end = r_end * param->c_end * param->c_end;
        spsa->c[i] = param->c_end * pow(iterations, DJ_SPSA_GAMMA);
        spsa->a[i] = a_end * pow(spsa->stability + iterations, DJ_SPSA_ALPHA);
        spsa->theta[i] = clamp(param->start, param);
    }
    guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) };
    spsa->rand = g_rand_new_with_seed_array(words, 2);
    return spsa;
}

void dj_spsa_free(DjSpsa *spsa)
{
    if (spsa == NULL)
        return;
    g_rand_free(spsa->rand);
    g_free(spsa->params);
    g_free(spsa->c);
    g_free(spsa->a);
    g_free(spsa->theta);
    g_free(spsa->plus);
    g_free(spsa->minus);
    g_free(spsa->delta);
    g_free(spsa);
}

double dj_spsa_c(const DjSpsa *spsa, int param, int k)
{
    return spsa->c[param] / pow(k, DJ_SPSA_GAMMA);
}

double dj_spsa_a(const DjSpsa *spsa, int param, int k)
{
    return spsa->a[param] / pow(spsa->stability + k, DJ_SPSA_ALPHA);
}

double dj_spsa_stability(const DjSpsa *spsa)
{
    return spsa->stability;
}

int dj_spsa_done(const DjSpsa *spsa)
{
    return spsa->done;
}

bool dj_spsa_step(DjSpsa *spsa, DjSpsaPlayPair play, void *user_data, GError **error)
{
    if (spsa->done >= spsa->iterations)
        return false;
    int k = spsa->done + 1;
    /* A failed iteration must leave the draws as they were too, so that
     * trying it again plays the same Δ as a run that never failed. */
    GRand *before = g_rand_copy(spsa->rand);
    for (int i = 0; i < spsa->n_params; i++) {
        const DjSpsaParam *param = &spsa->params[i];
        spsa->delta[i] = g_rand_boolean(spsa->rand) ? 1.0 : -1.0;
        double shift = dj_spsa_c(spsa, i, k) * spsa->delta[i];
        spsa->plus[i] = round_within(spsa->theta[i] + shift, param);
        spsa->minus[i] = round_within(spsa->theta[i] - shift, param);
    }
    double result = 0.0;
    if (!play(spsa->plus, spsa->minus, k, &result, user_data, error)) {
        g_rand_free(spsa->rand);
        spsa->rand = before;
        return false;
    }
    g_rand_free(before);
    result = isfinite(result) ? CLAMP(result, -1.0, 1.0) : 0.0;
    for (int i = 0; i < spsa->n_params; i++) {
        double step = dj_spsa_a(spsa, i, k) * result * spsa->delta[i] / dj_spsa_c(spsa, i, k);
        spsa->theta[i] = clamp(spsa->theta[i] + step, &spsa->params[i]);
    }
    spsa->done = k;
    return true;
}

const double *dj_spsa_theta(const DjSpsa *spsa)
{
    return spsa->theta;
}

void dj_spsa_rounded(const DjSpsa *spsa, int *out)
{
    for (int i = 0; i < spsa->n_params; i++)
        out[i] = round_within(spsa->theta[i], &spsa->params[i]);
}
