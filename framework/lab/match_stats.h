/* match_stats.h: what a match between two engines says about their
 * strength.  Pure functions over result counts; no I/O, no state.
 *
 * Scores are from the first engine's point of view ("A" in "A vs B"): a win
 * is 1, a draw 1/2, a loss 0.  Two models of the results:
 *
 *   trinomial:   each game is one sample with a score in {0, 1/2, 1};
 *                counts are indexed [losses, draws, wins].
 *   pentanomial: each pair of games played from the same opening with the
 *                colours swapped is one sample; its score is the pair's
 *                total over 2, in {0, 1/4, 1/2, 3/4, 1}; counts are indexed
 *                by the pair's total in half points (0 = lost both ... 4 =
 *                won both).  Pairing removes the opening's bias from the
 *                variance, as fishtest and fastchess do.
 *
 * Elo is the logistic Elo: a score s means -400 log10(1/s - 1).
 */
#ifndef DOJO_FRAMEWORK_LAB_MATCH_STATS_H
#define DOJO_FRAMEWORK_LAB_MATCH_STATS_H

#include <stdbool.h>

#define DJ_TRINOMIAL_OUTCOMES 3
#define DJ_PENTANOMIAL_OUTCOMES 5

/* One summary of a sample of results. */
typedef struct DjMatchEstimate {
    int samples;        /* games (trinomial) or game pairs (pentanomial) */
    double score;       /* mean score per game, in [0, 1] */
    double elo;         /* Elo difference of the score; +-inf at 1 and 0 */
    double elo_error;   /* half the width of the 95% interval of the Elo
                         * (normal approximation of the mean score), or
                         * +inf when the interval reaches 0 or 1 */
    double los;         /* likelihood of superiority: the probability that
                         * the true score is above 1/2, in [0, 1] */
} DjMatchEstimate;

/* The logistic Elo difference for a mean score in [0, 1] (+-INFINITY at the
 * ends). */
double dj_elo_from_score(double score);

/* The expected score for an Elo difference (the inverse). */
double dj_score_from_elo(double elo);

/* Estimate from `counts` (DJ_TRINOMIAL_OUTCOMES entries for `n_outcomes`
 * == 3, DJ_PENTANOMIAL_OUTCOMES for 5; other sizes are refused).  The 95%
 * interval is the score's mean +- 1.96 standard errors mapped through
 * dj_elo_from_score, its half width reported as elo_error (cutechess-cli's
 * way); LOS is Phi((mean - 1/2) / standard error).  Returns false (and a
 * zeroed estimate with score 1/2, los 1/2) when there are no samples;
 * with samples but no variance (all results equal) elo_error is +inf and
 * LOS is 1, 0 or 1/2. */
bool dj_match_estimate(const int *counts, int n_outcomes, DjMatchEstimate *out);

/* The hypotheses and error rates of a sequential probability ratio test:
 * H0 "the Elo difference is elo0" against H1 "it is elo1" (elo0 < elo1),
 * with false positive rate alpha and false negative rate beta. */
typedef struct DjSprt {
    double elo0, elo1;
    double alpha, beta;
} DjSprt;

typedef enum DjSprtVerdict {
    DJ_SPRT_CONTINUE = 0,
    DJ_SPRT_ACCEPT_H0,   /* LLR <= lower bound: not as strong as elo1 */
    DJ_SPRT_ACCEPT_H1,   /* LLR >= upper bound: stronger than elo0 */
} DjSprtVerdict;

/* The stopping bounds: lower = ln(beta / (1 - alpha)), upper =
 * ln((1 - beta) / alpha).  Needs 0 < alpha, beta < 1 and alpha + beta < 1. */
void dj_sprt_bounds(const DjSprt *sprt, double *lower, double *upper);

/* The log-likelihood ratio of H1 over H0 for `counts` (a model as in
 * dj_match_estimate), by the generalised SPRT's normal approximation that
 * fishtest uses: with s0, s1 the scores of elo0 and elo1, mean m and
 * variance v per sample, N samples:  LLR = N (s1 - s0) (2m - s0 - s1) / (2v),
 * where, as in fishtest, an outcome never seen counts 0.001 times, so that
 * a one-sided sample (every game won) has a variance and can end the test.
 * 0 when there are no samples. */
double dj_sprt_llr(const DjSprt *sprt, const int *counts, int n_outcomes);

/* Where `llr` stands against the bounds of `sprt`. */
DjSprtVerdict dj_sprt_verdict(const DjSprt *sprt, double llr);

#endif
