/* tune.c: Texel tuning by local search. */
#include "framework/lab/tune.h"

#include <math.h>
#include <string.h>

#include <glib.h>

struct DjTuneSet {
    const DjVariant *variant;
    GByteArray *positions;   /* state_size bytes each */
    GArray *results;         /* double */
};

DjTuneSet *dj_tune_set_new(const DjVariant *variant)
{
    DjTuneSet *set = g_new0(DjTuneSet, 1);
    set->variant = variant;
    set->positions = g_byte_array_new();
    set->results = g_array_new(FALSE, FALSE, sizeof(double));
    return set;
}

void dj_tune_set_free(DjTuneSet *set)
{
    if (set == NULL)
        return;
    g_byte_array_free(set->positions, TRUE);
    g_array_free(set->results, TRUE);
    g_free(set);
}

void dj_tune_set_add(DjTuneSet *set, const void *pos, double result)
{
    g_byte_array_append(set->positions, pos, (guint)set->variant->state_size);
    g_array_append_val(set->results, result);
}

int dj_tune_set_size(const DjTuneSet *set)
{
    return (int)set->results->len;
}

const void *dj_tune_set_position(const DjTuneSet *set, int index)
{
    g_return_val_if_fail(index >= 0 && index < dj_tune_set_size(set), NULL);
    return set->positions->data + (size_t)index * set->variant->state_size;
}

double dj_tune_set_label(const DjTuneSet *set, int index)
{
    g_return_val_if_fail(index >= 0 && index < dj_tune_set_size(set), 0.0);
    return g_array_index(set->results, double, index);
}

bool dj_tune_position_is_quiet(const DjVariant *v, const void *pos)
{
    if (dj_position_outcome(v, pos) != DJ_OUTCOME_ONGOING)
        return false;
    if (v->in_check != NULL && v->in_check(pos))
        return false;
    DjMove *moves = g_new(DjMove, v->max_moves);
    int n = v->legal_moves(pos, moves);
    /* With an exchange evaluator only a noisy move that wins material
     * spoils the position: in a drop game nearly every position has some
     * check or even trade to play, and leaving all of those out would keep
     * almost nothing. */
    bool quiet = true;
    for (int i = 0; i < n && quiet; i++)
        quiet = !v->is_noisy(pos, moves[i]) || (v->see != NULL && v->see(pos, moves[i]) <= 0);
    g_free(moves);
    return quiet;
}

double dj_tune_error(const DjTuneSet *set, double k)
{
    const DjVariant *v = set->variant;
    int n = dj_tune_set_size(set);
    if (n == 0)
        return 0.0;
    double total = 0.0;
    for (int i = 0; i < n; i++) {
        const void *pos = set->positions->data + (size_t)i * v->state_size;
        int eval = v->evaluate(pos);
        if (v->side_to_move(pos) != 0)
            eval = -eval;
        double predicted = 1.0 / (1.0 + exp(-k * eval));
        double diff = g_array_index(set->results, double, i) - predicted;
        total += diff * diff;
    }
    return total / n;
}

double dj_tune_fit_k(const DjTuneSet *set)
{
    /* Golden-section search on log k: the error is unimodal in k. */
    double lo = log(1e-5), hi = log(1.0);
    const double ratio = (sqrt(5.0) - 1.0) / 2.0;
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = dj_tune_error(set, exp(a)), fb = dj_tune_error(set, exp(b));
    for (int i = 0; i < 60; i++) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = dj_tune_error(set, exp(a));
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = dj_tune_error(set, exp(b));
        }
    }
    return exp((lo + hi) / 2.0);
}

double dj_tune_run(DjTuneSet *set, int max_passes, DjTuneProgressFn progress,
                   void *user_data, double *k_out)
{
    const DjVariant *v = set->variant;
    g_autofree int *all = g_new(int, v->n_params > 0 ? v->n_params : 1);
    for (int i = 0; i < v->n_params; i++)
        all[i] = i;
    return dj_tune_run_some(set, all, v->n_params, max_passes, progress, user_data, k_out);
}

double dj_tune_run_some(DjTuneSet *set, const int *tuned, int n_tuned, int max_passes,
                        DjTuneProgressFn progress, void *user_data, double *k_out)
{
    const DjVariant *v = set->variant;
    double k = dj_tune_fit_k(set);
    double best = dj_tune_error(set, k);
    int *step = g_new(int, n_tuned > 0 ? n_tuned : 1);
    for (int t = 0; t < n_tuned; t++) {
        const DjParam *p = &v->params[tuned[t]];
        int range = p->max - p->min;
        step[t] = range / 16 > 1 ? range / 16 : 1;
    }
    for (int pass = 1; pass <= max_passes && dj_tune_set_size(set) > 0; pass++) {
        bool improved = false;
        for (int t = 0; t < n_tuned; t++) {
            const DjParam *p = &v->params[tuned[t]];
            for (int direction = 1; direction >= -1; direction -= 2) {
                bool moved = false;
                for (;;) {
                    int old = *p->value;
                    int next = old + direction * step[t];
                    if (next < p->min || next > p->max)
                        break;
                    *p->value = next;
                    double error = dj_tune_error(set, k);
                    if (error < best) {
                        best = error;
                        improved = moved = true;
                    } else {
                        *p->value = old;
                        break;
                    }
                }
                if (moved)
                    break;   /* no need to try the other way */
            }
        }
        /* The scale follows the weights. */
        k = dj_tune_fit_k(set);
        best = dj_tune_error(set, k);
        if (progress != NULL)
            progress(pass, k, best, user_data);
        if (!improved) {
            bool any_larger = false;
            for (int t = 0; t < n_tuned; t++) {
                if (step[t] > 1) {
                    step[t] /= 2;
                    any_larger = true;
                }
            }
            if (!any_larger)
                break;
        }
    }
    g_free(step);
    if (k_out != NULL)
        *k_out = k;
    return best;
}
