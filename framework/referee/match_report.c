/* match_report.c: counting results and writing the summary lines. */
#include "framework/referee/match_report.h"

#include <math.h>
#include <string.h>

void dojo_match_tally_init(DojoMatchTally *tally, const char *name_a, const char *name_b,
                           int games, bool paired, const DjSprt *sprt)
{
    memset(tally, 0, sizeof *tally);
    tally->names[0] = name_a;
    tally->names[1] = name_b;
    tally->paired = paired;
    tally->game_points = g_array_new(FALSE, FALSE, sizeof(int));
    int pending = -1;
    for (int i = 0; i < games; i++)
        g_array_append_val(tally->game_points, pending);
    if (sprt != NULL) {
        tally->has_sprt = true;
        tally->sprt = *sprt;
    }
}

void dojo_match_tally_clear(DojoMatchTally *tally)
{
    if (tally->game_points != NULL)
        g_array_free(tally->game_points, TRUE);
    memset(tally, 0, sizeof *tally);
}

void dojo_match_tally_add(DojoMatchTally *tally, int index, int half_points)
{
    if (half_points == 2)
        tally->wins++;
    else if (half_points == 1)
        tally->draws++;
    else
        tally->losses++;
    if (index < 0 || (guint)index >= tally->game_points->len)
        return;
    g_array_index(tally->game_points, int, index) = half_points;
    int partner = index ^ 1;
    if (tally->paired && (guint)partner < tally->game_points->len) {
        int other = g_array_index(tally->game_points, int, partner);
        if (other >= 0)
            tally->pentanomial[half_points + other]++;
    }
}

int dojo_match_tally_games(const DojoMatchTally *tally)
{
    return tally->wins + tally->losses + tally->draws;
}

/* The counts of the model in use. */
static const int *model_counts(const DojoMatchTally *tally, int trinomial[3], int *n_outcomes)
{
    if (tally->paired) {
        *n_outcomes = DJ_PENTANOMIAL_OUTCOMES;
        return tally->pentanomial;
    }
    trinomial[0] = tally->losses;
    trinomial[1] = tally->draws;
    trinomial[2] = tally->wins;
    *n_outcomes = DJ_TRINOMIAL_OUTCOMES;
    return trinomial;
}

DjSprtVerdict dojo_match_tally_sprt(const DojoMatchTally *tally, double *llr)
{
    *llr = 0.0;
    if (!tally->has_sprt)
        return DJ_SPRT_CONTINUE;
    int trinomial[3];
    int n = 0;
    const int *counts = model_counts(tally, trinomial, &n);
    *llr = dj_sprt_llr(&tally->sprt, counts, n);
    /* The middle outcome (a 1-1 pair, a drawn game) is the even one. */
    int uneven = 0;
    for (int i = 0; i < n; i++)
        if (i != n / 2)
            uneven += counts[i];
    if (uneven < DOJO_SPRT_MIN_SAMPLES)
        return DJ_SPRT_CONTINUE;
    return dj_sprt_verdict(&tally->sprt, *llr);
}

void dojo_match_format_score(const DojoMatchTally *tally, GString *out)
{
    int games = dojo_match_tally_games(tally);
    double score = games > 0 ? (tally->wins + 0.5 * tally->draws) / games : 0.0;
    g_string_append_printf(out, "Score of %s vs %s: %d - %d - %d  [%.3f] %d", tally->names[0],
                           tally->names[1], tally->wins, tally->losses, tally->draws, score,
                           games);
}

static void append_elo(double value, GString *out)
{
    if (value == 0.0)
        value = 0.0; /* no "-0.0" */
    if (isinf(value))
        g_string_append(out, value > 0 ? "inf" : "-inf");
    else
        g_string_append_printf(out, "%.1f", value);
}

void dojo_match_format_summary(const DojoMatchTally *tally, GString *out)
{
    dojo_match_format_score(tally, out);
    g_string_append_c(out, '\n');
    dojo_match_format_ratings(tally, out);
}

void dojo_match_format_ratings(const DojoMatchTally *tally, GString *out)
{
    int trinomial[3];
    int n = 0;
    const int *counts = model_counts(tally, trinomial, &n);
    DjMatchEstimate estimate;
    dj_match_estimate(counts, n, &estimate);
    int games = dojo_match_tally_games(tally);
    g_string_append(out, "Elo difference: ");
    if (estimate.samples == 0) {
        g_string_append(out, "- (no complete sample yet)");
    } else {
        append_elo(estimate.elo, out);
        g_string_append(out, " +/- ");
        append_elo(estimate.elo_error, out);
    }
    g_string_append_printf(out, ", LOS: %.1f %%, DrawRatio: %.1f %% (%s model, %d %s)\n",
                           100.0 * estimate.los,
                           games > 0 ? 100.0 * tally->draws / games : 0.0,
                           tally->paired ? "pentanomial" : "trinomial", estimate.samples,
                           tally->paired ? (estimate.samples == 1 ? "pair" : "pairs")
                                         : (estimate.samples == 1 ? "game" : "games"));
    if (tally->paired)
        g_string_append_printf(out, "Pentanomial [0, 1/2, 1, 3/2, 2]: [%d, %d, %d, %d, %d]\n",
                               tally->pentanomial[0], tally->pentanomial[1],
                               tally->pentanomial[2], tally->pentanomial[3],
                               tally->pentanomial[4]);
    if (tally->has_sprt) {
        double llr = 0.0;
        DjSprtVerdict verdict = dojo_match_tally_sprt(tally, &llr);
        double lower = 0.0, upper = 0.0;
        dj_sprt_bounds(&tally->sprt, &lower, &upper);
        bool too_few = verdict == DJ_SPRT_CONTINUE && (llr >= upper || llr <= lower);
        g_string_append_printf(out, "SPRT: llr %.3f (%.1f%%), lbound %.2f, ubound %.2f",
                               llr, 100.0 * llr / upper, lower, upper);
        if (verdict != DJ_SPRT_CONTINUE)
            g_string_append_printf(out, " - H%d was accepted", verdict == DJ_SPRT_ACCEPT_H1);
        else if (too_few)
            g_string_append_printf(out, " - no verdict before %d uneven samples",
                                   DOJO_SPRT_MIN_SAMPLES);
        g_string_append_c(out, '\n');
        g_string_append_printf(out, "SPRT hypotheses: elo0 %g, elo1 %g, alpha %g, beta %g\n",
                               tally->sprt.elo0, tally->sprt.elo1, tally->sprt.alpha,
                               tally->sprt.beta);
    }
}

void dojo_match_format_progress(const DojoMatchTally *tally, int games, GString *out)
{
    int trinomial[3];
    int n = 0;
    const int *counts = model_counts(tally, trinomial, &n);
    DjMatchEstimate estimate;
    dj_match_estimate(counts, n, &estimate);
    g_string_append_printf(out, "%d/%d games  %s vs %s: %d - %d - %d  Elo ",
                           dojo_match_tally_games(tally), games, tally->names[0],
                           tally->names[1], tally->wins, tally->losses, tally->draws);
    if (estimate.samples == 0) {
        g_string_append(out, "-");
    } else {
        append_elo(estimate.elo, out);
        g_string_append(out, " +/- ");
        append_elo(estimate.elo_error, out);
    }
    if (tally->has_sprt) {
        double llr = 0.0;
        dojo_match_tally_sprt(tally, &llr);
        g_string_append_printf(out, "  LLR %.2f", llr);
    }
}
