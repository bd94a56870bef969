/* net_train.c: fitting a network to labelled positions by Adam. */
#include "framework/lab/net_train.h"

#include <math.h>
#include <string.h>

struct DjNetSet {
    GArray *samples;    /* DjNetSample */
    GArray *features;   /* uint16_t */
};

DjNetSet *dj_net_set_new(void)
{
    DjNetSet *set = g_new0(DjNetSet, 1);
    set->samples = g_array_new(FALSE, FALSE, sizeof(DjNetSample));
    set->features = g_array_new(FALSE, FALSE, sizeof(uint16_t));
    return set;
}

void dj_net_set_free(DjNetSet *set)
{
    if (set == NULL)
        return;
    g_array_free(set->samples, TRUE);
    g_array_free(set->features, TRUE);
    g_free(set);
}

void dj_net_set_add(DjNetSet *set, const uint16_t *features, int n, int base, float target)
{
    g_return_if_fail(n >= 0 && n <= DJ_NET_MAX_ACTIVE);
    DjNetSample sample = {
        .first = set->features->len,
        .n_features = (uint16_t)n,
        .base = (int16_t)CLAMP(base, -32000, 32000),
        .target = CLAMP(target, 0.0f, 1.0f),
    };
    g_array_append_vals(set->features, features, (guint)n);
    g_array_append_val(set->samples, sample);
}

int dj_net_set_size(const DjNetSet *set)
{
    return (int)set->samples->len;
}

const DjNetSample *dj_net_set_sample(const DjNetSet *set, int i, const uint16_t **features)
{
    const DjNetSample *s = &g_array_index(set->samples, DjNetSample, i);
    *features = &g_array_index(set->features, uint16_t, s->first);
    return s;
}

double dj_net_expected_score(double centipawns)
{
    return 1.0 / (1.0 + pow(10.0, -centipawns / 400.0));
}

double dj_net_error(const DjNet *net, const DjNetSet *set)
{
    int n = dj_net_set_size(set);
    if (n == 0)
        return 0.0;
    float hidden[DJ_NET_MAX_HIDDEN];
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        const uint16_t *features;
        const DjNetSample *s = dj_net_set_sample(set, i, &features);
        float y = net != NULL ? dj_net_forward(net, features, s->n_features, hidden) : 0.0f;
        double p = dj_net_expected_score(s->base + (double)y * DJ_NET_OUTPUT_UNIT);
        sum += (p - s->target) * (p - s->target);
    }
    return sum / n;
}

/* Adam's moments of one block of weights. */
typedef struct Moments {
    float *m, *v;
} Moments;

static Moments moments_new(size_t n)
{
    return (Moments){ g_new0(float, n), g_new0(float, n) };
}

static void moments_free(Moments *mo)
{
    g_free(mo->m);
    g_free(mo->v);
}

#define ADAM_BETA1 0.9
#define ADAM_BETA2 0.999
#define ADAM_EPSILON 1e-8

/* One Adam step of n weights from their gradients (which it clears). */
static void adam_step(float *w, float *grad, Moments *mo, size_t offset, size_t n, double rate,
                      double correction1, double correction2)
{
    for (size_t i = offset; i < offset + n; i++) {
        double g = grad[i];
        grad[i] = 0.0f;
        double m = ADAM_BETA1 * mo->m[i] + (1.0 - ADAM_BETA1) * g;
        double v = ADAM_BETA2 * mo->v[i] + (1.0 - ADAM_BETA2) * g * g;
        mo->m[i] = (float)m;
        mo->v[i] = (float)v;
        double next = w[i] - rate * (m / correction1) / (sqrt(v / correction2) + ADAM_EPSILON);
        /* Within what a file may hold (net.h), so that what is saved loads. */
        w[i] = (float)CLAMP(next, -DJ_NET_MAX_WEIGHT, DJ_NET_MAX_WEIGHT);
    }
}

typedef struct Trainer {
    DjNet *net;
    float *g_w1, *g_b1, *g_w2, g_b2;
    Moments m_w1, m_b1, m_w2, m_b2;
    uint8_t *touched;       /* per feature: its row has a gradient this step */
    GArray *touched_rows;   /* int: those features */
    int64_t steps;
} Trainer;

/* Accumulate the gradient of one sample's squared error (over `scale`
 * samples: the batch's mean). */
static void accumulate(Trainer *t, const DjNetSample *s, const uint16_t *features,
                       double scale)
{
    DjNet *net = t->net;
    const int h = net->n_hidden;
    float pre[DJ_NET_MAX_HIDDEN], act[DJ_NET_MAX_HIDDEN];
    for (int j = 0; j < h; j++)
        pre[j] = net->b1[j];
    for (int k = 0; k < s->n_features; k++) {
        const float *row = net->w1 + (size_t)features[k] * (size_t)h;
        for (int j = 0; j < h; j++)
            pre[j] += row[j];
    }
    float y = net->b2;
    for (int j = 0; j < h; j++) {
        act[j] = pre[j] < 0.0f ? 0.0f : pre[j] > 1.0f ? 1.0f : pre[j];
        y += net->w2[j] * act[j];
    }
    double p = dj_net_expected_score(s->base + (double)y * DJ_NET_OUTPUT_UNIT);
    /* d(p - target)^2 / dy: p is the logistic of (base + y * unit) times
     * ln 10 / 400, so dp/dy = p (1 - p) ln 10 / 400 * unit. */
    float g = (float)(2.0 * (p - s->target) * p * (1.0 - p) * (G_LN10 / 400.0)
                      * DJ_NET_OUTPUT_UNIT * scale);
    t->g_b2 += g;
    float back[DJ_NET_MAX_HIDDEN];
    for (int j = 0; j < h; j++) {
        t->g_w2[j] += g * act[j];
        back[j] = pre[j] > 0.0f && pre[j] < 1.0f ? g * net->w2[j] : 0.0f;
        t->g_b1[j] += back[j];
    }
    for (int k = 0; k < s->n_features; k++) {
        int f = features[k];
        if (!t->touched[f]) {
            t->touched[f] = 1;
            g_array_append_val(t->touched_rows, f);
        }
        float *grow = t->g_w1 + (size_t)f * (size_t)h;
        for (int j = 0; j < h; j++)
            grow[j] += back[j];
    }
}

/* Apply the batch's gradient: dense for the small layers, and for W1 only
 * the rows of the features the batch saw (lazy Adam). */
static void apply(Trainer *t, double rate)
{
    DjNet *net = t->net;
    const size_t h = (size_t)net->n_hidden;
    t->steps++;
    double c1 = 1.0 - pow(ADAM_BETA1, (double)t->steps);
    double c2 = 1.0 - pow(ADAM_BETA2, (double)t->steps);
    adam_step(&net->b2, &t->g_b2, &t->m_b2, 0, 1, rate, c1, c2);
    adam_step(net->b1, t->g_b1, &t->m_b1, 0, h, rate, c1, c2);
    adam_step(net->w2, t->g_w2, &t->m_w2, 0, h, rate, c1, c2);
    for (guint i = 0; i < t->touched_rows->len; i++) {
        int f = g_array_index(t->touched_rows, int, i);
        t->touched[f] = 0;
        adam_step(net->w1, t->g_w1, &t->m_w1, (size_t)f * h, h, rate, c1, c2);
    }
    g_array_set_size(t->touched_rows, 0);
}

static void copy_weights(DjNet *to, const DjNet *from)
{
    size_t h = (size_t)from->n_hidden;
    memcpy(to->w1, from->w1, sizeof *to->w1 * (size_t)from->n_inputs * h);
    memcpy(to->b1, from->b1, sizeof *to->b1 * h);
    memcpy(to->w2, from->w2, sizeof *to->w2 * h);
    to->b2 = from->b2;
}

int dj_net_train(DjNet *net, const DjNetSet *train, const DjNetSet *validation,
                 const DjNetTrainOptions *options, DjNetTrainProgress progress,
                 void *user_data)
{
    const int n = dj_net_set_size(train);
    const size_t h = (size_t)net->n_hidden, inputs = (size_t)net->n_inputs;
    if (n == 0 || options->epochs <= 0)
        return 0;
    Trainer t = {
        .net = net,
        .g_w1 = g_new0(float, inputs * h),
        .g_b1 = g_new0(float, h),
        .g_w2 = g_new0(float, h),
        .m_w1 = moments_new(inputs * h),
        .m_b1 = moments_new(h),
        .m_w2 = moments_new(h),
        .m_b2 = moments_new(1),
        .touched = g_new0(uint8_t, inputs),
        .touched_rows = g_array_new(FALSE, FALSE, sizeof(int)),
    };
    int *order = g_new(int, (size_t)n);
    for (int i = 0; i < n; i++)
        order[i] = i;
    g_autoptr(GRand) rand = g_rand_new_with_seed(options->seed);
    g_autoptr(DjNet) best = dj_net_new(net->variant, net->n_inputs, net->n_hidden, 0);
    copy_weights(best, net);
    double best_error = INFINITY;
    const int batch = options->batch > 0 ? options->batch : 1;
    const int64_t total_steps = (int64_t)options->epochs * ((n + batch - 1) / batch);
    int epochs_done = 0;
    for (int epoch = 1; epoch <= options->epochs; epoch++) {
        for (int i = n - 1; i > 0; i--) {
            int j = g_rand_int_range(rand, 0, i + 1);
            int swap = order[i]; order[i] = order[j]; order[j] = swap;
        }
        for (int start = 0; start < n; start += batch) {
            int end = MIN(start + batch, n);
            for (int i = start; i < end; i++) {
                const uint16_t *features;
                const DjNetSample *s = dj_net_set_sample(train, order[i], &features);
                accumulate(&t, s, features, 1.0 / (end - start));
            }
            /* From the rate given down to a tenth of it, linearly. */
            double done = (double)t.steps / (double)total_steps;
            apply(&t, options->learning_rate * (1.0 - 0.9 * done));
        }
        epochs_done = epoch;
        double train_error = dj_net_error(net, train);
        double validation_error = dj_net_error(net, validation);
        double judged = dj_net_set_size(validation) > 0 ? validation_error : -(double)epoch;
        if (judged < best_error) {
            best_error = judged;
            copy_weights(best, net);
        }
        if (progress != NULL && !progress(epoch, train_error, validation_error, user_data))
            break;
    }
    copy_weights(net, best);
    dj_net_prepare(net);
    g_free(order);
    g_free(t.g_w1);
    g_free(t.g_b1);
    g_free(t.g_w2);
    moments_free(&t.m_w1);
    moments_free(&t.m_b1);
    moments_free(&t.m_w2);
    moments_free(&t.m_b2);
    g_free(t.touched);
    g_array_free(t.touched_rows, TRUE);
    return epochs_done;
}
