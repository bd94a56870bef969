/* spsa.h: tuning integer weights for game results by SPSA (simultaneous
 * perturbation stochastic approximation), with the schedules Fishtest uses
 * to tune Stockfish.
 *
 * The tuner keeps θ, one double per weight, within each weight's bounds.
 * Iteration k (1..N) draws Δ in {-1,+1}^p, asks the caller to play θ+ =
 * θ + c_k·Δ against θ- = θ - c_k·Δ (each rounded to whole numbers and
 * clamped to the bounds), and moves θ_i += a_k,i · r · Δ_i / c_k,i, where
 * r in [-1,1] is θ+'s result (see DjSpsaPlayPair).  Per weight:
 *
 *   c_k = c / k^γ               γ = 0.101, c = c_end · N^γ
 *   a_k = a / (A + k)^α         α = 0.602, A = 0.1 · N,
 *                               a = a_end · (A + N)^α, a_end = r_end · c_end²
 *
 * so that the last iteration perturbs by c_end and moves by at most
 * a_end / c_end = r_end · c_end.
 *
 * Nothing here knows of engines or processes: the caller plays the games
 * in its callback.  All of it is reproducible: Δ comes from a GRand seeded
 * with the seed given, and nothing else is random. */
#ifndef DOJO_FRAMEWORK_LAB_SPSA_H
#define DOJO_FRAMEWORK_LAB_SPSA_H

#include <stdbool.h>

#include <glib.h>

#define DJ_SPSA_ALPHA 0.602
#define DJ_SPSA_GAMMA 0.101

/* One weight to tune. */
typedef struct DjSpsaParam {
    int min, max;     /* its bounds, min <= max */
    double start;     /* θ's start, within the bounds */
    double c_end;     /* the perturbation at the last iteration, > 0 */
} DjSpsaParam;

/* The default c_end of a weight with bounds [min, max]: `fraction` of the
 * range, but at least 1 (a smaller perturbation of a whole number mostly
 * rounds to no change at all).  The usual fraction is 1/20. */
double dj_spsa_default_c_end(int min, int max, double fraction);

/* Play θ+ (`plus`) against θ- (`minus`), both n_params whole numbers in
 * the order and bounds given to dj_spsa_new, for `iteration` (1..N).  Set
 * *result to (θ+'s points - θ-'s points) / 2 over the games played (a
 * pair: in [-1, 1]; anything outside is clamped).  False with an error
 * stops the tuning (the iteration does not count). */
typedef bool (*DjSpsaPlayPair)(const int *plus, const int *minus, int iteration, double *result,
                               void *user_data, GError **error);

typedef struct DjSpsa DjSpsa;

/* A tuner of the n_params weights of `params` (copied) over `iterations`
 * (>= 1) iterations, with r_end (> 0) and Δ drawn from `seed`. */
DjSpsa *dj_spsa_new(const DjSpsaParam *params, int n_params, int iterations, double r_end,
                    guint64 seed);
void dj_spsa_free(DjSpsa *spsa);

/* The schedule: c_k and a_k of weight `param` at iteration k (1..N), and A. */
double dj_spsa_c(const DjSpsa *spsa, int param, int k);
double dj_spsa_a(const DjSpsa *spsa, int param, int k);
double dj_spsa_stability(const DjSpsa *spsa);

/* Iterations done so far (0..N). */
int dj_spsa_done(const DjSpsa *spsa);

/* Run the next iteration: draw Δ, call `play` once, update θ.  False when
 * `play` fails (its error is passed on; θ, the count of iterations done
 * and the random draws stay as they were, so a call after it tries the
 * same iteration with the same Δ) or when all N iterations are done (no
 * error). */
bool dj_spsa_step(DjSpsa *spsa, DjSpsaPlayPair play, void *user_data, GError **error);

/* θ now, n_params doubles. */
const double *dj_spsa_theta(const DjSpsa *spsa);

/* θ rounded to whole numbers (half away from zero) within the bounds,
 * into `out` (n_params of them). */
void dj_spsa_rounded(const DjSpsa *spsa, int *out);

#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjSpsa, dj_spsa_free)
#endif

#endif
