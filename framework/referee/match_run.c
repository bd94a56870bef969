/* match_run.c: running the games of a match on worker threads. */
#include "framework/referee/match_run.h"

#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/referee/match_record.h"
#include "framework/referee/match_report.h"
#include "framework/referee/match_shard.h"
#include "framework/referee/referee_error.h"

/* Tries at a random opening that does not end the game. */
#define OPENING_TRIES 100

typedef struct MatchShared {
    const DojoMatchPlan *plan;
    GMutex lock;
    GCond finished;          /* a worker ended */
    int next_game;
    int running_workers;
    gint cancel;             /* stops every engine wait */
    DojoMatchEnd end;
    GError *error;           /* the first failure */
    DojoMatchTally tally;
    bool terminal;           /* stdout is a terminal: a live progress line */
    int records_taken;       /* record numbers earlier matches took in records_dir */
    int first_game, end_game;   /* the games to play: all, or a slice's */
    DojoMatchLimits limits[2];  /* the plan's, times its time scale */
    char *id_names[2];          /* engines A and B as they name themselves */
    int score_printed_at;       /* games counted when the score line was last printed
                                 * on its own, -1: never */
    int ratings_printed_at;     /* the same for the ratings lines */
    DjPgnAppender *pgn;         /* plan->pgn_path, open; or NULL */
} MatchShared;

void dojo_match_output_clear(DojoMatchOutput *output)
{
    dojo_match_tally_clear(&output->tally);
    g_free(output->id_names[0]);
    g_free(output->id_names[1]);
    memset(output, 0, sizeof *output);
}

/* ---- openings --------------------------------------------------------------- */

/* A seed for item `n` of what `seed` stands for (a pair of the match, an
 * attempt of a pair): splitmix64 of the two, so that neighbours differ in
 * every bit. */
static guint64 derive_seed(guint64 seed, int n)
{
    guint64 z = seed + 0x9E3779B97F4A7C15ull * (guint64)(n + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static bool play_random_plies(DjGame *game, int plies, GRand *rand)
{
    const DjVariant *variant = dj_game_variant(game);
    g_autofree DjMove *moves = g_new(DjMove, variant->max_moves);
    for (int i = 0; i < plies && dj_game_outcome(game) == DJ_OUTCOME_ONGOING; i++) {
        int n = variant->legal_moves(dj_game_position(game), moves);
        if (n == 0)
            break;
        dj_game_play(game, moves[g_rand_int_range(rand, 0, n)], NULL);
    }
    return dj_game_outcome(game) == DJ_OUTCOME_ONGOING;
}

/* The opening of pair `pair` drawn from `seed` (the deal of a new game
 * too), not yet judged by any balance. */
static DjGame *draw_opening(const DojoMatchPlan *plan, int pair, guint64 seed, GError **error)
{
    DjSetup setup = *plan->setup;
    setup.seed = seed;
    setup.position = NULL;
    if (plan->positions != NULL) {
        guint n = plan->positions->len;
        guint line = plan->openings_random
            ? (guint)(derive_seed(plan->seed ^ 0x6f70656e696e6773ull, pair) % n)
            : (guint)(((guint64)plan->openings_first + (guint64)pair) % n);
        setup.position = g_ptr_array_index(plan->positions, line);
    }
    guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) };
    g_autoptr(GRand) rand = g_rand_new_with_seed_array(words, 2);
    for (int attempt = 0; attempt < OPENING_TRIES; attempt++) {
        g_autoptr(DjGame) game = dj_game_new(plan->variant, &setup, error);
        if (game == NULL)
            return NULL;
        if (play_random_plies(game, plan->random_plies, rand))
            return g_steal_pointer(&game);
    }
    g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                "every random opening of %d plies ended the game", plan->random_plies);
    return NULL;
}

DjGame *dojo_match_opening(const DojoMatchPlan *plan, int index, GError **error)
{
    int pair = index / 2;
    guint64 seed = derive_seed(plan->seed, pair);
    if (plan->balance == NULL)
        return draw_opening(plan, pair, seed, error);
    for (int attempt = 0; attempt < DOJO_MATCH_BALANCE_TRIES; attempt++) {
        /* The tries of a pair can take many seconds: a stop ends them. */
        if (plan->stop != NULL && g_atomic_int_get(plan->stop)) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "interrupted");
            return NULL;
        }
        /* Each attempt from a seed of its own, not from where the last one
         * left a generator, so that the opening is the seed's, the pair's
         * and the attempt's alone.  Attempt 0 is the opening without
         * --balance: one that is even stays the same. */
        guint64 attempt_seed = attempt == 0 ? seed : derive_seed(seed, attempt);
        g_autoptr(DjGame) game = draw_opening(plan, pair, attempt_seed, error);
        if (game == NULL)
            return NULL;
        if (dojo_match_balance_accepts(plan->balance, game))
            return g_steal_pointer(&game);
    }
    g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                "no opening of %d random plies within +-%d centipawns after %d tries: "
                "raise --balance", plan->random_plies,
                dojo_match_balance_max_cp(plan->balance), DOJO_MATCH_BALANCE_TRIES);
    return NULL;
}

/* ---- output --------------------------------------------------------------------- */

/* Under the lock: `text` (whole lines), then on a terminal the progress
 * line, rewritten in place. */
static void print_text(MatchShared *shared, const char *text)
{
    if (shared->terminal)
        fputs("\r\033[K", stdout);
    fputs(text, stdout);
    if (shared->terminal) {
        g_autoptr(GString) status = g_string_new(NULL);
        dojo_match_format_progress(&shared->tally, shared->end_game - shared->first_game,
                                   status);
        int columns = shared->plan->progress_columns;
        if ((int)status->len >= columns)
            g_string_truncate(status, (gsize)MAX(columns - 1, 0));
        fputs(status->str, stdout);
    }
    fflush(stdout);
}

/* The number of game `index` of the run in the lines: from 1 over the
 * whole event. */
static int game_number(const DojoMatchPlan *plan, int index)
{
    return plan->game_offset + index + 1;
}

static void report_start(MatchShared *shared, int index, const char *names[2])
{
    const DojoMatchPlan *plan = shared->plan;
    g_autofree char *line = g_strdup_printf(
        "Started game %d of %d (%s vs %s)\n", game_number(plan, index),
        plan->total_games > 0 ? plan->total_games : plan->games, names[0], names[1]);
    g_mutex_lock(&shared->lock);
    if (!g_atomic_int_get(&shared->cancel))
        print_text(shared, line);
    g_mutex_unlock(&shared->lock);
}

static void report_game(MatchShared *shared, int index, DjGame *game, const char *names[2])
{
    const DojoMatchPlan *plan = shared->plan;
    DjOutcome outcome = dj_game_outcome(game);
    int a_side = index % 2;
    int winner = dj_outcome_winner(outcome);
    int half_points = winner < 0 ? 1 : winner == a_side ? 2 : 0;
    dojo_match_tally_add(&shared->tally, index, half_points);
    g_autoptr(GString) text = g_string_new(NULL);
    g_string_append_printf(text, "Finished game %d (%s vs %s): %s {", game_number(plan, index),
                           names[0], names[1], dj_outcome_result_text(outcome));
    const char *reason = dj_game_outcome_reason(game);
    dj_text_append_line(reason != NULL ? reason : "", 200, text);
    g_string_append_printf(text, "} %d plies\n", dj_game_length(game));
    int games = dojo_match_tally_games(&shared->tally);
    if (plan->on_game != NULL) {
        plan->on_game(plan->on_game_data, index, half_points, text);
    } else {
        if (!shared->terminal) {
            dojo_match_format_score(&shared->tally, text);
            g_string_append_c(text, '\n');
            shared->score_printed_at = games;
        }
        if (plan->rating_interval > 0 && games % plan->rating_interval == 0) {
            dojo_match_format_ratings(&shared->tally, text);
            shared->ratings_printed_at = games;
        }
    }
    print_text(shared, text->str);
}

static void fail_match(MatchShared *shared, GError *error)
{
    if (shared->error == NULL) {
        shared->error = error;
        shared->end = DOJO_MATCH_FAILED;
    } else {
        g_error_free(error);
    }
    g_atomic_int_set(&shared->cancel, 1);
}

static bool save_record(const DojoMatchPlan *plan, int taken, DjGame *game,
                        const GArray *notes, int index, GError **error)
{
    if (plan->records_dir == NULL)
        return true;
    int width = 4;
    for (int n = taken + plan->games; n >= 10000; n /= 10)
        width++;
    g_autofree char *name = g_strdup_printf("game-%0*d.dojo", width, taken + index + 1);
    g_autofree char *path = g_build_filename(plan->records_dir, name, NULL);
    /* Numbered after every file of that form, so something there now came
     * since (another match into the folder): it is not ours to replace. */
    if (g_file_test(path, G_FILE_TEST_EXISTS)) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                    "cannot save the record of game %d: %s exists (it is left as it is)",
                    index + 1, path);
        return false;
    }
    g_autoptr(GString) text = g_string_new(NULL);
    dojo_match_format_record(game, (const DojoMoveNote *)(const void *)notes->data,
                             (int)notes->len, text);
    return dj_record_save_text(text->str, path, error);
}

static void tag_game(const DojoMatchPlan *plan, DjGame *game, int index, const char *names[2])
{
    const DjVariant *variant = plan->variant;
    dj_game_set_tag(game, "Event", plan->event != NULL ? plan->event : "dojo match");
    if (plan->site != NULL)
        dj_game_set_tag(game, "Site", plan->site);
    g_autofree char *round = g_strdup_printf("%d", game_number(plan, index));
    dj_game_set_tag(game, "Round", round);
    g_autoptr(GDateTime) now = g_date_time_new_now_utc();
    g_autofree char *date = g_date_time_format(now, "%Y.%m.%d");
    dj_game_set_tag(game, "Date", date);
    for (int side = 0; side < 2; side++)
        dj_game_set_tag(game, variant->side_names[side], names[side]);
}

/* ---- workers ----------------------------------------------------------------------- */

/* Start `*engine` if it is not running; false (match failed) if it cannot. */
static bool ensure_engine(MatchShared *shared, int which, DojoEngine **engine)
{
    const DojoMatchPlan *plan = shared->plan;
    if (*engine != NULL)
        return true;
    GError *error = NULL;
    *engine = dojo_engine_start(plan->engines[which], plan->variant->name,
                                plan->startup_timeout_ms, &shared->cancel, &error);
    if (*engine != NULL) {
        const char *id_name = dojo_engine_id_name(*engine);
        g_mutex_lock(&shared->lock);
        if (shared->id_names[which] == NULL && id_name != NULL)
            shared->id_names[which] = g_strdup(id_name);
        g_mutex_unlock(&shared->lock);
        return true;
    }
    g_mutex_lock(&shared->lock);
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_error_free(error);
    else
        fail_match(shared, error);
    g_mutex_unlock(&shared->lock);
    return false;
}

/* ucinewgame for both; an engine that does not answer is started again once. */
static bool prepare_engines(MatchShared *shared, DojoEngine *engines[2])
{
    for (int which = 0; which < 2; which++) {
        for (int attempt = 0; attempt < 2; attempt++) {
            if (!ensure_engine(shared, which, &engines[which]))
                return false;
            GError *error = NULL;
            if (dojo_engine_new_game(engines[which], shared->plan->startup_timeout_ms, &error))
                break;
            bool cancelled = g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
            dojo_engine_free(engines[which]);
            engines[which] = NULL;
            if (cancelled || attempt == 1) {
                g_mutex_lock(&shared->lock);
                if (cancelled)
                    g_error_free(error);
                else
                    fail_match(shared, error);
                g_mutex_unlock(&shared->lock);
                return false;
            }
            g_error_free(error);
        }
    }
    return true;
}

static bool play_one(MatchShared *shared, int index, DojoEngine *engines[2])
{
    const DojoMatchPlan *plan = shared->plan;
    GError *error = NULL;
    g_autoptr(DjGame) game = dojo_match_opening(plan, index, &error);
    if (game == NULL) {
        g_mutex_lock(&shared->lock);
        if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            g_error_free(error);   /* stopped: the match ends as interrupted */
        else
            fail_match(shared, error);
        g_mutex_unlock(&shared->lock);
        return false;
    }
    if (!prepare_engines(shared, engines))
        return false;
    int a_side = index % 2;
    DojoEngine *by_side[2];
    by_side[a_side] = engines[0];
    by_side[1 - a_side] = engines[1];
    /* The specs' names: they outlive an engine that breaks during the game. */
    const char *names[2];
    names[a_side] = plan->engines[0]->name;
    names[1 - a_side] = plan->engines[1]->name;
    report_start(shared, index, names);
    const DojoMatchLimits *limits[2];
    limits[a_side] = &shared->limits[0];
    limits[1 - a_side] = &shared->limits[1];
    DojoGameVerdict verdict;
    g_autoptr(GArray) notes = g_array_new(FALSE, FALSE, sizeof(DojoMoveNote));
    dojo_match_play_game(game, by_side, limits, &plan->adjudication, &verdict, notes);
    for (int side = 0; side < 2; side++) {
        if (verdict.engine_broken[side]) {
            int which = side == a_side ? 0 : 1;
            dojo_engine_free(engines[which]);
            engines[which] = NULL;
        }
    }
    if (verdict.cancelled)
        return false;
    if (verdict.refused[0] || verdict.refused[1]) {
        /* An engine that refuses what every game asks of it (a depth beyond
         * its limit) would lose them all: the match says why instead. */
        const char *reason = dj_game_outcome_reason(game);
        g_mutex_lock(&shared->lock);
        fail_match(shared, g_error_new(DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_ENGINE, "%s",
                                       reason != NULL ? reason : "an engine refused to play"));
        g_mutex_unlock(&shared->lock);
        return false;
    }
    tag_game(plan, game, index, names);
    bool saved = save_record(plan, shared->records_taken, game, notes, index, &error);
    g_autoptr(GString) pgn = NULL;
    if (shared->pgn != NULL) {
        pgn = g_string_new(NULL);
        dojo_match_format_pgn(game, (const DojoMoveNote *)(const void *)notes->data,
                              (int)notes->len, verdict.termination, limits, pgn);
    }
    g_mutex_lock(&shared->lock);
    /* Under the lock: games go in the order they end, each whole. */
    GError *pgn_error = NULL;
    bool pgn_saved = pgn == NULL || dj_pgn_appender_add(shared->pgn, pgn->str, &pgn_error);
    bool go_on = !g_atomic_int_get(&shared->cancel);
    if (go_on) {
        report_game(shared, index, game, names);
        double llr = 0.0;
        if (plan->shard_count == 0
            && dojo_match_tally_sprt(&shared->tally, &llr) != DJ_SPRT_CONTINUE) {
            shared->end = DOJO_MATCH_SPRT_DECIDED;
            g_atomic_int_set(&shared->cancel, 1);
            go_on = false;
        }
    }
    if (!saved) {
        fail_match(shared, error);
        go_on = false;
    }
    if (!pgn_saved) {
        fail_match(shared, pgn_error);
        go_on = false;
    }
    g_mutex_unlock(&shared->lock);
    return go_on;
}

static gpointer worker(gpointer data)
{
    MatchShared *shared = data;
    DojoEngine *engines[2] = { NULL, NULL };
    for (;;) {
        g_mutex_lock(&shared->lock);
        int index = g_atomic_int_get(&shared->cancel) ? shared->end_game
                                                      : shared->next_game++;
        g_mutex_unlock(&shared->lock);
        if (index >= shared->end_game || !play_one(shared, index, engines))
            break;
    }
    dojo_engine_free(engines[0]);
    dojo_engine_free(engines[1]);
    g_mutex_lock(&shared->lock);
    shared->running_workers--;
    g_cond_signal(&shared->finished);
    g_mutex_unlock(&shared->lock);
    return NULL;
}

static bool stopped(const DojoMatchPlan *plan)
{
    return plan->stop != NULL && g_atomic_int_get(plan->stop) != 0;
}

DojoMatchEnd dojo_match_run(const DojoMatchPlan *plan, GError **error)
{
    MatchShared shared;
    memset(&shared, 0, sizeof shared);
    shared.plan = plan;
    shared.end = DOJO_MATCH_COMPLETE;
    shared.terminal = plan->progress_columns > 0;
    shared.score_printed_at = shared.ratings_printed_at = -1;
    if (plan->records_dir != NULL && plan->shard_count == 0)
        shared.records_taken = dojo_match_records_taken(plan->records_dir);
    shared.end_game = plan->games;
    if (plan->shard_count > 0)
        dojo_match_shard_games(plan->games, plan->shard_index, plan->shard_count,
                               &shared.first_game, &shared.end_game);
    shared.next_game = shared.first_game;
    for (int i = 0; i < 2; i++)
        shared.limits[i] = dojo_match_limits_scaled(&plan->limits[i], plan->time_scale);
    g_mutex_init(&shared.lock);
    g_cond_init(&shared.finished);
    bool paired = plan->games % 2 == 0;
    dojo_match_tally_init(&shared.tally, plan->engines[0]->name, plan->engines[1]->name,
                          plan->games, paired, plan->has_sprt ? &plan->sprt : NULL);

    if (stopped(plan)) {   /* before the first game: none starts */
        shared.end = DOJO_MATCH_INTERRUPTED;
        g_atomic_int_set(&shared.cancel, 1);
    }
    if (plan->pgn_path != NULL && !g_atomic_int_get(&shared.cancel)) {
        GError *pgn_error = NULL;
        shared.pgn = dj_pgn_appender_open(plan->pgn_path, &pgn_error);
        if (shared.pgn == NULL)
            fail_match(&shared, pgn_error);   /* no game starts */
    }
    int workers = MAX(1, MIN(plan->concurrency, shared.end_game - shared.first_game));
    GPtrArray *threads = g_ptr_array_new();
    shared.running_workers = workers;
    for (int i = 0; i < workers; i++)
        g_ptr_array_add(threads, g_thread_new("match-game", worker, &shared));

    g_mutex_lock(&shared.lock);
    while (shared.running_workers > 0) {
        gint64 until = g_get_monotonic_time() + 50 * G_TIME_SPAN_MILLISECOND;
        g_cond_wait_until(&shared.finished, &shared.lock, until);
        if (stopped(plan) && !g_atomic_int_get(&shared.cancel)) {
            if (shared.end == DOJO_MATCH_COMPLETE)
                shared.end = DOJO_MATCH_INTERRUPTED;
            g_atomic_int_set(&shared.cancel, 1);
        }
    }
    g_mutex_unlock(&shared.lock);
    for (guint i = 0; i < threads->len; i++)
        g_thread_join(g_ptr_array_index(threads, i));
    g_ptr_array_free(threads, TRUE);

    if (stopped(plan) && shared.end == DOJO_MATCH_COMPLETE)
        shared.end = DOJO_MATCH_INTERRUPTED;
    g_autoptr(GString) summary = g_string_new(NULL);
    if (shared.terminal)
        g_string_append(summary, "\r\033[K");
    int games = dojo_match_tally_games(&shared.tally);
    if (shared.end == DOJO_MATCH_FAILED) {
        /* The error comes first, from the caller: a summary of no games
         * would only mislead. */
        if (games > 0 && plan->failure_summary != NULL && plan->on_game == NULL)
            dojo_match_format_summary(&shared.tally, plan->failure_summary);
    } else if (plan->on_game == NULL) {
        if (shared.end == DOJO_MATCH_INTERRUPTED)
            g_string_append(summary, "Interrupted: the summary of the games finished so far\n");
        else if (shared.end == DOJO_MATCH_SPRT_DECIDED)
            g_string_append(summary, "SPRT decided: the match stops here\n");
        /* Each line once: not again what the last game just printed. */
        if (shared.score_printed_at != games) {
            dojo_match_format_score(&shared.tally, summary);
            g_string_append_c(summary, '\n');
        }
        if (shared.ratings_printed_at != games)
            dojo_match_format_ratings(&shared.tally, summary);
        if (shared.end != DOJO_MATCH_INTERRUPTED)
            g_string_append(summary, "Finished match\n");
    }
    fputs(summary->str, stdout);
    fflush(stdout);

    DojoMatchEnd end = shared.end;
    if (shared.error != NULL)
        g_propagate_error(error, shared.error);
    if (plan->output != NULL) {
        dojo_match_output_clear(plan->output);
        plan->output->tally = shared.tally;
        memset(&shared.tally, 0, sizeof shared.tally);
        for (int i = 0; i < 2; i++)
            plan->output->id_names[i] = g_steal_pointer(&shared.id_names[i]);
    }
    g_free(shared.id_names[0]);
    g_free(shared.id_names[1]);
    dojo_match_tally_clear(&shared.tally);
    dj_pgn_appender_close(shared.pgn);
    g_cond_clear(&shared.finished);
    g_mutex_clear(&shared.lock);
    return end;
}
