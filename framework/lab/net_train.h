/* net_train.h: fitting a DjNet (net.h) to labelled positions.
 *
 * Each sample is a position's active features (from the side to move's
 * point of view), the game's own evaluation of it (`base`, centipawns) and
 * the target: the side to move's expected score in [0, 1].  The network's
 * output y is fitted so that
 *
 *     p = 1 / (1 + 10^(-(base + y * DJ_NET_OUTPUT_UNIT) / 400))
 *
 * comes close to the target (mean squared error), by Adam over shuffled
 * mini-batches.  Nothing here knows a game: the caller makes the samples
 * (frontends/tty/cmd_train.c makes them from records of played games). */
#ifndef DOJO_FRAMEWORK_LAB_NET_TRAIN_H
#define DOJO_FRAMEWORK_LAB_NET_TRAIN_H

#include "framework/net.h"

typedef struct DjNetSample {
    uint32_t first;      /* index of its first feature in the set's feature array */
    uint16_t n_features;
    int16_t base;        /* the game's evaluation, centipawns, side to move's view */
    float target;        /* expected score of the side to move, 0..1 */
} DjNetSample;

/* A growing set of samples. */
typedef struct DjNetSet DjNetSet;
DjNetSet *dj_net_set_new(void);
void dj_net_set_free(DjNetSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjNetSet, dj_net_set_free)
/* Add a sample (n <= DJ_NET_MAX_ACTIVE; `base` is kept within +-32000). */
void dj_net_set_add(DjNetSet *set, const uint16_t *features, int n, int base, float target);
int dj_net_set_size(const DjNetSet *set);
const DjNetSample *dj_net_set_sample(const DjNetSet *set, int i, const uint16_t **features);

/* The expected score of `centipawns`: 1 / (1 + 10^(-centipawns / 400)). */
double dj_net_expected_score(double centipawns);

/* Mean squared error of `net` over `set` (0 for an empty set); with `net`
 * NULL, of the game's evaluation alone (a network that adds 0). */
double dj_net_error(const DjNet *net, const DjNetSet *set);

typedef struct DjNetTrainOptions {
    int epochs;            /* passes over the training set */
    int batch;             /* samples a step */
    double learning_rate;  /* Adam's step size at the start; it falls to a tenth by the end */
    uint32_t seed;         /* the order of the samples */
} DjNetTrainOptions;

/* Called after each epoch with the error over the training and the
 * validation set; returning false stops the training there. */
typedef bool (*DjNetTrainProgress)(int epoch, double train_error, double validation_error,
                                   void *user_data);

/* Fit `net` to `train` (n_inputs must cover every feature of it), for
 * options->epochs passes.  After each pass the validation error is taken
 * on `validation` (may be empty), and `net` ends with the weights of the
 * pass whose validation error was the lowest (with no validation samples:
 * the last pass's).  Returns the number of passes made. */
int dj_net_train(DjNet *net, const DjNetSet *train, const DjNetSet *validation,
                 const DjNetTrainOptions *options, DjNetTrainProgress progress,
                 void *user_data);

#endif
