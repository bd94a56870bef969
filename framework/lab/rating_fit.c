/* rating_fit.c: Bradley-Terry ratings by maximum likelihood (see
 * rating_fit.h).  Newton's method on the natural scale (a rating difference
 * x gives the score 1 / (1 + e^-x)), one player held at 0, each step
 * halved until the likelihood does not fall; the rated group is strongly
 * connected, so the likelihood is strictly concave there and has one
 * finite maximum. */
#include "framework/lab/rating_fit.h"

#include <math.h>
#include <string.h>

#include <glib.h>

/* The 97.5% quantile of the standard normal distribution. */
#define Z_95 1.959963984540054
/* Elo points per unit of the natural scale: 400 / ln 10. */
#define ELO_PER_NATURAL 173.71779276130073
#define MAX_NEWTON_STEPS 200
#define MAX_HALVINGS 60

/* The results the fit works on, over the rated players only. */
typedef struct Fit {
    int m;               /* rated players */
    double *points;      /* m * m: points of a against b (a draw is 1/2) */
    double *games;       /* m * m: games between a and b */
    double *square;      /* m * m: the sum over a's games against b of a's score squared */
} Fit;

static double logistic(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/* ln(logistic(x)), without overflow far from 0. */
static double log_logistic(double x)
{
    return x > 0 ? -log1p(exp(-x)) : x - log1p(exp(x));
}

static double log_likelihood(const Fit *fit, const double *theta)
{
    double sum = 0.0;
    for (int a = 0; a < fit->m; a++)
        for (int b = 0; b < fit->m; b++)
            if (a != b && fit->points[a * fit->m + b] > 0)
                sum += fit->points[a * fit->m + b] * log_logistic(theta[a] - theta[b]);
    return sum;
}

/* Solve the k x k system `matrix` x = `rhs` in place (x in rhs) by Gaussian
 * elimination with partial pivoting, for `columns` right-hand sides stored
 * one after another (column c at rhs + c * k); `matrix` is destroyed.
 * False when it is singular. */
static bool solve(double *matrix, int k, double *rhs, int columns)
{
    for (int col = 0; col < k; col++) {
        int pivot = col;
        for (int r = col + 1; r < k; r++)
            if (fabs(matrix[r * k + col]) > fabs(matrix[pivot * k + col]))
                pivot = r;
        if (fabs(matrix[pivot * k + col]) < 1e-300)
            return false;
        if (pivot != col) {
            for (int c = 0; c < k; c++) {
                double t = matrix[col * k + c];
                matrix[col * k + c] = matrix[pivot * k + c];
                matrix[pivot * k + c] = t;
            }
            for (int c = 0; c < columns; c++) {
                double t = rhs[c * k + col];
                rhs[c * k + col] = rhs[c * k + pivot];
                rhs[c * k + pivot] = t;
            }
        }
        for (int r = col + 1; r < k; r++) {
            double factor = matrix[r * k + col] / matrix[col * k + col];
            if (factor == 0.0)
                continue;
            for (int c = col; c < k; c++)
                matrix[r * k + c] -= factor * matrix[col * k + c];
            for (int c = 0; c < columns; c++)
                rhs[c * k + r] -= factor * rhs[c * k + col];
        }
    }
    for (int c = 0; c < columns; c++) {
        double *x = rhs + c * k;
        for (int r = k - 1; r >= 0; r--) {
            double sum = x[r];
            for (int j = r + 1; j < k; j++)
                sum -= matrix[r * k + j] * x[j];
            x[r] = sum / matrix[r * k + r];
        }
    }
    return true;
}

/* The information matrix of players 1..m-1 (player 0 held at 0) at
 * `theta`, in `info` ((m-1)^2), and the gradient of the log-likelihood in
 * `gradient` (m-1).  With `spread` (may be NULL) also the observed
 * variance matrix of the scores (the middle of the sandwich). */
static void derivatives(const Fit *fit, const double *theta, double *info, double *gradient,
                        double *spread)
{
    int m = fit->m, k = m - 1;
    memset(info, 0, sizeof(double) * (size_t)(k * k));
    memset(gradient, 0, sizeof(double) * (size_t)k);
    if (spread != NULL)
        memset(spread, 0, sizeof(double) * (size_t)(k * k));
    for (int a = 0; a < m; a++) {
        for (int b = a + 1; b < m; b++) {
            double n = fit->games[a * m + b];
            if (n <= 0)
                continue;
            double p = logistic(theta[a] - theta[b]);
            double weight = n * p * (1.0 - p);
            double residual = fit->points[a * m + b] - n * p;
            /* sum over the games of (score - p)^2, from the sums of the
             * scores and of their squares */
            double variance = fit->square[a * m + b] - 2.0 * p * fit->points[a * m + b]
                + n * p * p;
            if (variance < 0)
                variance = 0;
            int ia = a - 1, ib = b - 1;   /* -1: player 0, held */
            if (ia >= 0) {
                gradient[ia] += residual;
                info[ia * k + ia] += weight;
                if (spread != NULL)
                    spread[ia * k + ia] += variance;
            }
            if (ib >= 0) {
                gradient[ib] -= residual;
                info[ib * k + ib] += weight;
                if (spread != NULL)
                    spread[ib * k + ib] += variance;
            }
            if (ia >= 0 && ib >= 0) {
                info[ia * k + ib] -= weight;
                info[ib * k + ia] -= weight;
                if (spread != NULL) {
                    spread[ia * k + ib] -= variance;
                    spread[ib * k + ia] -= variance;
                }
            }
        }
    }
}

/* The maximum of the likelihood, player 0 at 0, into theta (m). */
static void maximise(const Fit *fit, double *theta)
{
    int m = fit->m, k = m - 1;
    g_autofree double *info = g_new(double, (gsize)(k * k));
    g_autofree double *step = g_new(double, (gsize)k);
    g_autofree double *trial = g_new(double, (gsize)m);
    memset(theta, 0, sizeof(double) * (size_t)m);
    double current = log_likelihood(fit, theta);
    for (int iteration = 0; iteration < MAX_NEWTON_STEPS; iteration++) {
        derivatives(fit, theta, info, step, NULL);
        if (!solve(info, k, step, 1))
            return;
        double largest = 0.0;
        for (int i = 0; i < k; i++)
            largest = MAX(largest, fabs(step[i]));
        double scale = 1.0;
        bool moved = false;
        for (int halving = 0; halving < MAX_HALVINGS; halving++, scale /= 2) {
            trial[0] = 0.0;
            for (int i = 0; i < k; i++)
                trial[i + 1] = theta[i + 1] + scale * step[i];
            double value = log_likelihood(fit, trial);
            if (value >= current) {
                memcpy(theta, trial, sizeof(double) * (size_t)m);
                current = value;
                moved = true;
                break;
            }
        }
        if (!moved || largest * scale < 1e-13)
            return;
    }
}

/* The covariance of theta (m x m, player 0's row and column 0) into cov. */
static void covariance(const Fit *fit, const double *theta, double *cov)
{
    int m = fit->m, k = m - 1;
    memset(cov, 0, sizeof(double) * (size_t)(m * m));
    g_autofree double *info = g_new(double, (gsize)(k * k));
    g_autofree double *inverse = g_new0(double, (gsize)(k * k));
    g_autofree double *gradient = g_new(double, (gsize)k);
    g_autofree double *spread = g_new(double, (gsize)(k * k));
    derivatives(fit, theta, info, gradient, spread);
    for (int i = 0; i < k; i++)
        inverse[i * k + i] = 1.0;
    if (!solve(info, k, inverse, k))
        return;
    /* inverse * spread * inverse; the inverse is symmetric (column c of
     * the solution is its row c) */
    g_autofree double *half = g_new0(double, (gsize)(k * k));
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++) {
            double sum = 0.0;
            for (int j = 0; j < k; j++)
                sum += inverse[r * k + j] * spread[j * k + c];
            half[r * k + c] = sum;
        }
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++) {
            double sum = 0.0;
            for (int j = 0; j < k; j++)
                sum += half[r * k + j] * inverse[j * k + c];
            cov[(r + 1) * m + (c + 1)] = sum;
        }
}

/* reach[i * n + j]: i scored against j, directly or through others. */
static bool *reachability(int n, const DjPairResult *results)
{
    bool *reach = g_new0(bool, (gsize)(n * n));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            reach[i * n + j] = i != j
                && results[i * n + j].wins + results[i * n + j].draws > 0;
    for (int via = 0; via < n; via++)
        for (int i = 0; i < n; i++)
            if (reach[i * n + via])
                for (int j = 0; j < n; j++)
                    reach[i * n + j] = reach[i * n + j] || reach[via * n + j];
    return reach;
}

static int games_of(int n, const DjPairResult *results, int i)
{
    int games = 0;
    for (int j = 0; j < n; j++)
        if (j != i)
            games += results[i * n + j].wins + results[i * n + j].draws
                + results[i * n + j].losses;
    return games;
}

/* The rated group: the largest strongly connected group of players with
 * games, the one with the lowest player on a tie; its players into
 * `members` (in order), their number returned (0: nobody played). */
static int rated_group(int n, const DjPairResult *results, const bool *reach, int *members)
{
    int best = 0, best_size = 0;
    for (int i = 0; i < n; i++) {
        if (games_of(n, results, i) == 0)
            continue;
        int size = 1;
        for (int j = 0; j < n; j++)
            size += j != i && reach[i * n + j] && reach[j * n + i];
        if (size > best_size) {
            best = i;
            best_size = size;
        }
    }
    int m = 0;
    for (int j = 0; best_size > 0 && j < n; j++)
        if (j == best || (reach[best * n + j] && reach[j * n + best]))
            members[m++] = j;
    return m;
}

bool dj_rating_fit(int n, const DjPairResult *results, DjRatingAnchor anchor, DjRating *out)
{
    if (n < 1 || n > DJ_RATING_MAX_PLAYERS)
        return false;
    for (int i = 0; i < n * n; i++)
        if (results[i].wins < 0 || results[i].draws < 0 || results[i].losses < 0)
            return false;
    for (int i = 0; i < n; i++)
        out[i] = (DjRating){ DJ_RATING_UNKNOWN, NAN, NAN };
    g_autofree bool *reach = reachability(n, results);
    g_autofree int *members = g_new(int, (gsize)n);
    int m = rated_group(n, results, reach, members);
    if (m == 0)
        return true;

    Fit fit = { m, g_new0(double, (gsize)(m * m)), g_new0(double, (gsize)(m * m)),
                g_new0(double, (gsize)(m * m)) };
    double spread = 0.0;   /* any game whose score is not its pair's mean? */
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            if (a == b)
                continue;
            const DjPairResult *r = &results[members[a] * n + members[b]];
            fit.points[a * m + b] = r->wins + 0.5 * r->draws;
            fit.games[a * m + b] = r->wins + r->draws + r->losses;
            fit.square[a * m + b] = r->wins + 0.25 * r->draws;
            spread += r->wins + r->losses;
        }
    g_autofree double *theta = g_new0(double, (gsize)m);
    g_autofree double *cov = g_new0(double, (gsize)(m * m));
    if (m > 1) {
        maximise(&fit, theta);
        covariance(&fit, theta, cov);
    }
    g_free(fit.points);
    g_free(fit.games);
    g_free(fit.square);

    double shift = 0.0;
    g_autofree double *row_mean = g_new0(double, (gsize)m);
    double all_mean = 0.0;
    if (anchor == DJ_RATING_ANCHOR_MEAN) {
        /* theta - mean(theta): its covariance is T cov T with T = I - 11'/m */
        for (int a = 0; a < m; a++) {
            shift += theta[a] / m;
            for (int b = 0; b < m; b++)
                row_mean[a] += cov[a * m + b] / m;
            all_mean += row_mean[a] / m;
        }
    }
    for (int a = 0; a < m; a++) {
        double variance = cov[a * m + a] - 2.0 * row_mean[a] + all_mean;
        double error;
        if (m == 1 || (anchor == DJ_RATING_ANCHOR_FIRST && a == 0))
            error = 0.0;
        else if (spread == 0.0 || !(variance > 0.0))
            error = INFINITY;   /* every game drawn: no spread to measure by */
        else
            error = Z_95 * sqrt(variance) * ELO_PER_NATURAL;
        double elo = (theta[a] - shift) * ELO_PER_NATURAL;
        out[members[a]] = (DjRating){ DJ_RATING_FINITE, elo == 0.0 ? 0.0 : elo, error };
    }
    int first = members[0];
    for (int i = 0; i < n; i++) {
        if (out[i].kind == DJ_RATING_FINITE || games_of(n, results, i) == 0)
            continue;
        bool up = reach[i * n + first], down = reach[first * n + i];
        if (up && !down)
            out[i] = (DjRating){ DJ_RATING_ABOVE_ALL, INFINITY, NAN };
        else if (down && !up)
            out[i] = (DjRating){ DJ_RATING_BELOW_ALL, -INFINITY, NAN };
    }
    return true;
}
