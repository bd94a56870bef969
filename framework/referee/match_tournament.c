/* match_tournament.c: tournaments of more than two engines, as a series of
 * two-engine matches, and engines named by themselves (see
 * match_tournament.h). */
#include "framework/referee/match_tournament.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "framework/notation.h"
#include "framework/referee/match_report.h"

/* ---- names ----------------------------------------------------------------------- */

static bool name_taken(const DojoEngineSpec *specs, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (specs[i].name != NULL && strcmp(specs[i].name, name) == 0)
            return true;
    return false;
}

bool dojo_match_name_engines(DojoEngineSpec *specs, int n, const char *variant_name,
                             int timeout_ms, gint *cancel, GError **error)
{
    for (int i = 0; i < n; i++) {
        if (specs[i].name != NULL)
            continue;
        DojoEngine *engine = dojo_engine_start(&specs[i], variant_name, timeout_ms, cancel,
                                               error);
        if (engine == NULL)
            return false;
        const char *said = dojo_engine_id_name(engine);
        /* what another program says is printed as one clean line, not too long */
        g_autoptr(GString) clean = g_string_new(NULL);
        dj_text_append_line(said != NULL && said[0] != '\0' ? said : dojo_engine_name(engine),
                            80, clean);
        g_autofree char *base = g_strdup(clean->str);
        dojo_engine_free(engine);
        char *name = g_strdup(base);
        for (int k = 2; name_taken(specs, n, name); k++) {
            g_free(name);
            name = g_strdup_printf("%s (%d)", base, k);
        }
        specs[i].name = name;
    }
    return true;
}

/* ---- the schedule ----------------------------------------------------------------- */

int dojo_tournament_encounters(DojoTournamentKind kind, int n, int pairs[][2])
{
    int k = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (kind == DOJO_TOURNAMENT_ROUND_ROBIN || a == 0) {
                pairs[k][0] = a;
                pairs[k][1] = b;
                k++;
            }
    return k;
}

/* ---- the table -------------------------------------------------------------------- */

typedef struct Standing {
    int index;
    int wins, losses, draws;
    DjRating rating;
} Standing;

/* Best first: the unbounded above, then by rating, the unbounded below,
 * the unknown last; on a tie, the order given. */
static int standing_rank(const Standing *s)
{
    switch (s->rating.kind) {
    case DJ_RATING_ABOVE_ALL:
        return 0;
    case DJ_RATING_FINITE:
        return 1;
    case DJ_RATING_BELOW_ALL:
        return 2;
    case DJ_RATING_UNKNOWN:
        break;
    }
    return 3;
}

static int compare_standings(const void *x, const void *y)
{
    const Standing *a = x, *b = y;
    int ra = standing_rank(a), rb = standing_rank(b);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    if (ra == 1 && a->rating.elo != b->rating.elo)
        return a->rating.elo > b->rating.elo ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

static void append_rating(const DjRating *r, GString *out)
{
    switch (r->kind) {
    case DJ_RATING_FINITE:
        g_string_append_printf(out, "%7.1f ", r->elo);
        if (isinf(r->error))
            g_string_append_printf(out, "%7s ", "inf");
        else
            g_string_append_printf(out, "%7.1f ", r->error);
        return;
    case DJ_RATING_ABOVE_ALL:
        g_string_append_printf(out, "%7s %7s ", "+inf", "-");
        return;
    case DJ_RATING_BELOW_ALL:
        g_string_append_printf(out, "%7s %7s ", "-inf", "-");
        return;
    case DJ_RATING_UNKNOWN:
        break;
    }
    g_string_append_printf(out, "%7s %7s ", "?", "-");
}

void dojo_tournament_format_table(int n, const char *const *names, const DjPairResult *results,
                                  DjRatingAnchor anchor, GString *out)
{
    g_autofree Standing *standings = g_new0(Standing, (gsize)n);
    g_autofree DjRating *ratings = g_new0(DjRating, (gsize)n);
    if (!dj_rating_fit(n, results, anchor, ratings))
        for (int i = 0; i < n; i++)
            ratings[i] = (DjRating){ DJ_RATING_UNKNOWN, NAN, NAN };
    int width = 4;
    for (int i = 0; i < n; i++) {
        Standing *s = &standings[i];
        s->index = i;
        s->rating = ratings[i];
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            s->wins += results[i * n + j].wins;
            s->losses += results[i * n + j].losses;
            s->draws += results[i * n + j].draws;
        }
        width = MAX(width, (int)g_utf8_strlen(names[i], -1));
    }
    int games = 0;
    for (int i = 0; i < n; i++)
        games += standings[i].wins + standings[i].losses + standings[i].draws;
    games /= 2;
    qsort(standings, (size_t)n, sizeof *standings, compare_standings);
    g_string_append_printf(out, "Rank %-*s     Elo     +/-   Games    Wins  Losses   Draws  "
                           "Points   Score    Draw\n", width, "Name");
    for (int k = 0; k < n; k++) {
        const Standing *s = &standings[k];
        int played = s->wins + s->losses + s->draws;
        double points = s->wins + 0.5 * s->draws;
        /* names are padded by characters, not bytes */
        int pad = width - (int)g_utf8_strlen(names[s->index], -1);
        g_string_append_printf(out, "%4d %s%*s ", k + 1, names[s->index], pad, "");
        append_rating(&s->rating, out);
        g_string_append_printf(out, "%7d %7d %7d %7d %7.1f ", played, s->wins, s->losses,
                               s->draws, points);
        if (played > 0)
            g_string_append_printf(out, "%6.1f%% %6.1f%%\n", 100.0 * points / played,
                                   100.0 * s->draws / played);
        else
            g_string_append_printf(out, "%7s %7s\n", "-", "-");
    }
    for (int k = 0; k < n; k++) {
        const Standing *s = &standings[k];
        const char *name = names[s->index];
        if (s->rating.kind == DJ_RATING_ABOVE_ALL)
            g_string_append_printf(out, "%s: +inf, no finite upper bound: the rated engines "
                                   "never scored against it\n", name);
        else if (s->rating.kind == DJ_RATING_BELOW_ALL)
            g_string_append_printf(out, "%s: -inf, no finite lower bound: it never scored "
                                   "against the rated engines\n", name);
        else if (s->rating.kind == DJ_RATING_UNKNOWN && s->wins + s->losses + s->draws > 0)
            g_string_append_printf(out, "%s: ?, no games link it to the rated engines\n", name);
    }
    const char *anchored = NULL;
    for (int i = 0; anchored == NULL && i < n; i++)
        if (ratings[i].kind == DJ_RATING_FINITE)
            anchored = names[i];
    g_string_append_printf(out, "Elo: maximum likelihood over all %d games (Bradley-Terry, "
                           "a draw half a win), +/- its 95%% interval; ", games);
    if (anchored == NULL)
        g_string_append(out, "no game yet\n");
    else if (anchor == DJ_RATING_ANCHOR_FIRST)
        g_string_append_printf(out, "%s at 0\n", anchored);
    else
        g_string_append(out, "the mean of the rated engines at 0\n");
}

/* ---- running ---------------------------------------------------------------------- */

typedef struct Tournament {
    const DojoTournamentPlan *plan;
    int n_encounters;
    int (*pairs)[2];
    DojoMatchTally *tallies;   /* by encounter */
    DjPairResult *results;     /* n * n */
    const char **names;
    int encounter;             /* the one being played */
    int games_done;
} Tournament;

static DjRatingAnchor tournament_anchor(const DojoTournamentPlan *plan)
{
    return plan->kind == DOJO_TOURNAMENT_GAUNTLET ? DJ_RATING_ANCHOR_FIRST
                                                  : DJ_RATING_ANCHOR_MEAN;
}

static void append_table(const Tournament *t, GString *out)
{
    dojo_tournament_format_table(t->plan->n_engines, t->names, t->results,
                                 tournament_anchor(t->plan), out);
}

/* The run's hook (under its lock): count the game, and the table at the
 * rating interval. */
static void count_game(void *data, int index, int half_points, GString *print)
{
    Tournament *t = data;
    int n = t->plan->n_engines;
    int a = t->pairs[t->encounter][0], b = t->pairs[t->encounter][1];
    dojo_match_tally_add(&t->tallies[t->encounter], index, half_points);
    DjPairResult *ab = &t->results[a * n + b], *ba = &t->results[b * n + a];
    if (half_points == 2) {
        ab->wins++;
        ba->losses++;
    } else if (half_points == 0) {
        ab->losses++;
        ba->wins++;
    } else {
        ab->draws++;
        ba->draws++;
    }
    t->games_done++;
    /* the table every so many games; after the last game the summary has it */
    int interval = t->plan->match.rating_interval;
    if (interval > 0 && t->games_done % interval == 0
        && t->games_done < t->n_encounters * t->plan->games)
        append_table(t, print);
}

static void append_summary(const Tournament *t, GString *out)
{
    for (int e = 0; e < t->n_encounters; e++) {
        if (dojo_match_tally_games(&t->tallies[e]) == 0)
            continue;
        dojo_match_format_score(&t->tallies[e], out);
        g_string_append_c(out, '\n');
    }
    append_table(t, out);
}

DojoMatchEnd dojo_tournament_run(const DojoTournamentPlan *plan, GError **error)
{
    int n = plan->n_engines;
    Tournament t = { 0 };
    t.plan = plan;
    t.pairs = g_malloc_n((gsize)(n * (n - 1) / 2 + 1), sizeof *t.pairs);
    t.n_encounters = dojo_tournament_encounters(plan->kind, n, t.pairs);
    t.tallies = g_new0(DojoMatchTally, (gsize)t.n_encounters);
    t.results = g_new0(DjPairResult, (gsize)(n * n));
    t.names = g_new(const char *, (gsize)n);
    for (int i = 0; i < n; i++)
        t.names[i] = plan->engines[i]->name;
    for (int e = 0; e < t.n_encounters; e++)
        dojo_match_tally_init(&t.tallies[e], t.names[t.pairs[e][0]], t.names[t.pairs[e][1]],
                              plan->games, plan->games % 2 == 0, NULL);

    DojoMatchEnd end = DOJO_MATCH_COMPLETE;
    for (int e = 0; e < t.n_encounters && end == DOJO_MATCH_COMPLETE; e++) {
        DojoMatchPlan match = plan->match;
        int a = t.pairs[e][0], b = t.pairs[e][1];
        match.engines[0] = plan->engines[a];
        match.engines[1] = plan->engines[b];
        match.limits[0] = plan->limits[a];
        match.limits[1] = plan->limits[b];
        match.games = plan->games;
        match.has_sprt = false;
        match.game_offset = e * plan->games;
        match.total_games = t.n_encounters * plan->games;
        match.on_game = count_game;
        match.on_game_data = &t;
        match.output = NULL;
        t.encounter = e;
        end = dojo_match_run(&match, error);
    }

    g_autoptr(GString) summary = g_string_new(NULL);
    if (end == DOJO_MATCH_FAILED) {
        if (t.games_done > 0 && plan->match.failure_summary != NULL)
            append_summary(&t, plan->match.failure_summary);
    } else {
        if (end == DOJO_MATCH_INTERRUPTED)
            g_string_append(summary, "Interrupted: the summary of the games finished so far\n");
        append_summary(&t, summary);
        if (end != DOJO_MATCH_INTERRUPTED)
            g_string_append(summary, "Finished match\n");
    }
    fputs(summary->str, stdout);
    fflush(stdout);

    for (int e = 0; e < t.n_encounters; e++)
        dojo_match_tally_clear(&t.tallies[e]);
    g_free(t.tallies);
    g_free(t.results);
    g_free(t.names);
    g_free(t.pairs);
    return end;
}
