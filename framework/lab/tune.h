/* tune.h: fitting a game's evaluation weights (DjVariant.params) to the
 * results of played games ("Texel" tuning).
 *
 * Each position of a game is labelled with the game's result for side 0
 * (1, 1/2 or 0).  The error of a set of weights is the mean of
 * (result - sigmoid(k * eval))^2 over the positions, eval being evaluate()
 * from side 0's point of view and sigmoid(x) = 1 / (1 + e^-x); k turns the
 * evaluation's units into a winning chance.  Quiet positions (no capture or
 * check to resolve) are the ones whose static evaluation means something. */
#ifndef DOJO_FRAMEWORK_LAB_TUNE_H
#define DOJO_FRAMEWORK_LAB_TUNE_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

typedef struct DjTuneSet DjTuneSet;

/* An empty set of positions of `variant`.  The tuner uses the variant's
 * side_to_move, evaluate and params only. */
DjTuneSet *dj_tune_set_new(const DjVariant *variant);
void dj_tune_set_free(DjTuneSet *set);

/* Add a copy of `pos` (an ongoing position) with `result`, the game's
 * result for side 0 in [0, 1]. */
void dj_tune_set_add(DjTuneSet *set, const void *pos, double result);
int dj_tune_set_size(const DjTuneSet *set);

/* Position `index` (in [0, size), in the order added) of the set, and its
 * label (side 0's expected score in [0, 1]): for writing the set out.
 * The position is owned by the set and valid until the next add. */
const void *dj_tune_set_position(const DjTuneSet *set, int index);
double dj_tune_set_label(const DjTuneSet *set, int index);

/* Whether `pos` is ongoing, not in check, and has no noisy move (with
 * DjVariant.see: no noisy move whose exchange value is positive). */
bool dj_tune_position_is_quiet(const DjVariant *variant, const void *pos);

/* The error of the current weights with scale `k`. */
double dj_tune_error(const DjTuneSet *set, double k);

/* The k that minimises the error of the current weights. */
double dj_tune_fit_k(const DjTuneSet *set);

/* Called after each pass with the error reached. */
typedef void (*DjTuneProgressFn)(int pass, double k, double error, void *user_data);

/* Lower the error by local search: k is fitted again, then each weight in
 * turn moves by a step up or down, within its range, while that lowers the
 * error; the steps start at a sixteenth of each range and halve when a
 * pass changes nothing, down to 1.  Stops after `max_passes` passes or when
 * no step of 1 helps.  The variant's weights are changed in place; returns
 * the final error and stores the final k in *k_out if not NULL.  An empty
 * set changes nothing. */
double dj_tune_run(DjTuneSet *set, int max_passes, DjTuneProgressFn progress,
                   void *user_data, double *k_out);

/* dj_tune_run moving only the weights whose indexes (in the variant's
 * params) are the n_tuned of `tuned`; the others keep their values. */
double dj_tune_run_some(DjTuneSet *set, const int *tuned, int n_tuned, int max_passes,
                        DjTuneProgressFn progress, void *user_data, double *k_out);

/* g_autoptr(DjTuneSet) frees with dj_tune_set_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjTuneSet, dj_tune_set_free)
#endif

#endif
