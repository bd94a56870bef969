/* match_stats.c: Elo, its interval, LOS and the SPRT (see match_stats.h). */
#include "framework/lab/match_stats.h"

#include <math.h>
#include <string.h>

#include <glib.h>

/* The 97.5% quantile of the standard normal distribution. */
#define Z_95 1.959963984540054

double dj_elo_from_score(double score)
{
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

double dj_score_from_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* fishtest's results_to_pdf: in the SPRT an empty outcome counts as this
 * much, so that a one-sided sample (all wins) still has a variance. */
#define SPRT_EMPTY_COUNT 1e-3

/* Mean and variance per sample of the scores index / (n_outcomes - 1),
 * each outcome counted at least `floor` times.  False for a model size
 * other than 3 or 5 or when no sample was counted. */
static bool sample_moments(const int *counts, int n_outcomes, double floor, int *samples,
                           double *mean, double *variance)
{
    if (n_outcomes != DJ_TRINOMIAL_OUTCOMES && n_outcomes != DJ_PENTANOMIAL_OUTCOMES)
        return false;
    long observed = 0;
    double weight[DJ_PENTANOMIAL_OUTCOMES];
    double total = 0.0;
    for (int i = 0; i < n_outcomes; i++) {
        observed += counts[i] > 0 ? counts[i] : 0;
        weight[i] = MAX(counts[i] > 0 ? (double)counts[i] : 0.0, floor);
        total += weight[i];
    }
    if (observed == 0)
        return false;
    double m = 0.0;
    for (int i = 0; i < n_outcomes; i++)
        m += weight[i] * ((double)i / (n_outcomes - 1));
    m /= total;
    double v = 0.0;
    for (int i = 0; i < n_outcomes; i++) {
        double d = (double)i / (n_outcomes - 1) - m;
        v += weight[i] * d * d;
    }
    *samples = (int)observed;
    *mean = m;
    *variance = v / total;
    return true;
}

bool dj_match_estimate(const int *counts, int n_outcomes, DjMatchEstimate *out)
{
    memset(out, 0, sizeof *out);
    out->score = 0.5;
    out->los = 0.5;
    int n = 0;
    double mean = 0.0, variance = 0.0;
    if (!sample_moments(counts, n_outcomes, 0.0, &n, &mean, &variance))
        return false;
    out->samples = n;
    out->score = mean;
    out->elo = dj_elo_from_score(mean);
    double error = sqrt(variance / n);
    if (error <= 0.0) {
        out->elo_error = INFINITY;
        out->los = mean > 0.5 ? 1.0 : mean < 0.5 ? 0.0 : 0.5;
        return true;
    }
    double low = mean - Z_95 * error;
    double high = mean + Z_95 * error;
    out->elo_error = low <= 0.0 || high >= 1.0
        ? INFINITY
        : (dj_elo_from_score(high) - dj_elo_from_score(low)) / 2.0;
    out->los = 0.5 * (1.0 + erf((mean - 0.5) / error / sqrt(2.0)));
    return true;
}

void dj_sprt_bounds(const DjSprt *sprt, double *lower, double *upper)
{
    *lower = log(sprt->beta / (1.0 - sprt->alpha));
    *upper = log((1.0 - sprt->beta) / sprt->alpha);
}

double dj_sprt_llr(const DjSprt *sprt, const int *counts, int n_outcomes)
{
    int n = 0;
    double mean = 0.0, variance = 0.0;
    if (!sample_moments(counts, n_outcomes, SPRT_EMPTY_COUNT, &n, &mean, &variance)
        || variance <= 0.0)
        return 0.0;
    double total = 0.0;
    for (int i = 0; i < n_outcomes; i++)
        total += MAX(counts[i] > 0 ? (double)counts[i] : 0.0, SPRT_EMPTY_COUNT);
    double s0 = dj_score_from_elo(sprt->elo0);
    double s1 = dj_score_from_elo(sprt->elo1);
    return total * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
}

DjSprtVerdict dj_sprt_verdict(const DjSprt *sprt, double llr)
{
    double lower = 0.0, upper = 0.0;
    dj_sprt_bounds(sprt, &lower, &upper);
    if (llr >= upper)
        return DJ_SPRT_ACCEPT_H1;
    if (llr <= lower)
        return DJ_SPRT_ACCEPT_H0;
    return DJ_SPRT_CONTINUE;
}
