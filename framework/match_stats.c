/* match_stats.c: Elo, its interval, LOS and the SPRT (see match_stats.h). */
#include "match_stats.h"

#include <math.h>
#include <string.h>

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

/* The score each outcome stands for: index / (n_outcomes - 1). */
static bool sample_moments(const int *counts, int n_outcomes, int *samples, double *mean,
                           double *variance)
{
    if (n_outcomes != DJ_TRINOMIAL_OUTCOMES && n_outcomes != DJ_PENTANOMIAL_OUTCOMES)
        return false;
    long total = 0;
    for (int i = 0; i < n_outcomes; i++)
        total += counts[i] > 0 ? counts[i] : 0;
    if (total == 0)
        return false;
    double m = 0.0;
    for (int i = 0; i < n_outcomes; i++)
        m += (counts[i] > 0 ? counts[i] : 0) * ((double)i / (n_outcomes - 1));
    m /= (double)total;
    double v = 0.0;
    for (int i = 0; i < n_outcomes; i++) {
        double d = (double)i / (n_outcomes - 1) - m;
        v += (counts[i] > 0 ? counts[i] : 0) * d * d;
    }
    v /= (double)total;
    *samples = (int)total;
    *mean = m;
    *variance = v;
    return true;
}

bool dj_match_estimate(const int *counts, int n_outcomes, DjMatchEstimate *out)
{
    memset(out, 0, sizeof *out);
    out->score = 0.5;
    out->los = 0.5;
    int n = 0;
    double mean = 0.0, variance = 0.0;
    if (!sample_moments(counts, n_outcomes, &n, &mean, &variance))
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
    if (!sample_moments(counts, n_outcomes, &n, &mean, &variance) || variance <= 0.0)
        return 0.0;
    double s0 = dj_score_from_elo(sprt->elo0);
    double s1 = dj_score_from_elo(sprt->elo1);
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
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
