/* spsa_games.c: a pair of games between θ+ and θ- for each iteration. */
#include "framework/referee/spsa_games.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "framework/params.h"
#include "framework/text_file.h"

/* The two players of a game, by what they play with. */
enum { PLUS, MINUS };

struct DojoSpsaGames {
    const DojoSpsaGamesPlan *plan;
    gint *cancel;
    char *dir;                  /* the private temporary folder */
    char *weights_path[2];      /* by player: its weights file there */
    DojoEngineSpec specs[2];    /* by player: the plan's spec under its own name (shallow) */
    char *names[2];
    DojoEngine *engines[2][2];  /* by game of the pair (one set unless together), player */
};

/* One game of a pair, as a worker plays it. */
typedef struct GameJob {
    DojoSpsaGames *games;
    int pair, game;             /* the game is 0 or 1 in the pair */
    int plus_half_points;
    GError *error;
} GameJob;

DojoSpsaGames *dojo_spsa_games_new(const DojoSpsaGamesPlan *plan, gint *cancel, GError **error)
{
    g_autoptr(GError) local = NULL;
    char *dir = g_dir_make_tmp("dojo-spsa-XXXXXX", &local);
    if (dir == NULL) {
        g_set_error(error, G_FILE_ERROR, local->code,
                    "cannot make a temporary folder for the weights: %s", local->message);
        return NULL;
    }
    DojoSpsaGames *games = g_new0(DojoSpsaGames, 1);
    games->plan = plan;
    games->cancel = cancel;
    games->dir = dir;
    const char *files[2] = { "plus.txt", "minus.txt" };
    const char *signs[2] = { "+", "-" };
    for (int player = PLUS; player <= MINUS; player++) {
        games->weights_path[player] = g_build_filename(dir, files[player], NULL);
        games->names[player] = g_strconcat(plan->engine->name, signs[player], NULL);
        games->specs[player] = *plan->engine;
        games->specs[player].name = games->names[player];
    }
    return games;
}

/* Remove the folder and whatever is in it (only files are put there). */
static void remove_dir(const char *path)
{
    GDir *dir = g_dir_open(path, 0, NULL);
    if (dir != NULL) {
        const char *name;
        while ((name = g_dir_read_name(dir)) != NULL) {
            g_autofree char *file = g_build_filename(path, name, NULL);
            g_unlink(file);
        }
        g_dir_close(dir);
    }
    g_rmdir(path);
}

void dojo_spsa_games_free(DojoSpsaGames *games)
{
    if (games == NULL)
        return;
    for (int game = 0; game < 2; game++)
        for (int player = PLUS; player <= MINUS; player++)
            dojo_engine_free(games->engines[game][player]);
    remove_dir(games->dir);
    g_free(games->dir);
    for (int player = PLUS; player <= MINUS; player++) {
        g_free(games->weights_path[player]);
        g_free(games->names[player]);
    }
    g_free(games);
}

static bool write_weights(DojoSpsaGames *games, int player, const int *values, GError **error)
{
    g_autoptr(GString) text = g_string_new(NULL);
    dj_params_format_values(games->plan->variant, values, text);
    return dj_text_file_write_atomically(games->weights_path[player], text->str, text->len,
                                         error);
}

/* The engine of `player` for game `game` of a pair: one set of engines
 * plays both games unless they are played together. */
static DojoEngine **engine_of(DojoSpsaGames *games, int game, int player)
{
    return &games->engines[games->plan->together ? game : 0][player];
}

/* Start the engine of `player` for game `game` of a pair if it does not
 * run, then give it its weights and a new game. */
static bool prepare_engine(DojoSpsaGames *games, int game, int player, GError **error)
{
    const DojoSpsaGamesPlan *plan = games->plan;
    DojoEngine **engine = engine_of(games, game, player);
    if (*engine == NULL) {
        *engine = dojo_engine_start(&games->specs[player], plan->variant->name,
                                    plan->startup_timeout_ms, games->cancel, error);
        if (*engine == NULL)
            return false;
        if (!dojo_engine_has_option(*engine, "Weights")) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                        "%s offers no Weights option: it cannot load the weights to try "
                        "(dojo spsa needs an engine that does, as 'dojo uci' does)",
                        plan->engine->name);
            return false;
        }
    }
    g_autofree char *line = g_strdup_printf("setoption name Weights value %s",
                                            games->weights_path[player]);
    if (dojo_engine_send_checked(*engine, line, plan->startup_timeout_ms, error)
        && dojo_engine_new_game(*engine, plan->startup_timeout_ms, error))
        return true;
    dojo_engine_free(*engine);
    *engine = NULL;
    return false;
}

static void cancelled(GError **error)
{
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "interrupted");
}

static bool play_game(GameJob *job, GError **error)
{
    DojoSpsaGames *games = job->games;
    const DojoSpsaGamesPlan *plan = games->plan;
    int index = 2 * job->pair + job->game;
    g_autoptr(DjGame) game = dojo_match_opening(plan->openings, index, error);
    if (game == NULL)
        return false;
    for (int player = PLUS; player <= MINUS; player++)
        if (!prepare_engine(games, job->game, player, error))
            return false;
    int plus_side = job->game;   /* θ+ moves first in game 0, second in game 1 */
    DojoEngine *by_side[2];
    by_side[plus_side] = *engine_of(games, job->game, PLUS);
    by_side[1 - plus_side] = *engine_of(games, job->game, MINUS);
    const DojoMatchLimits *limits[2] = { &plan->limits, &plan->limits };
    DojoGameVerdict verdict;
    dojo_match_play_game(game, by_side, limits, &plan->adjudication, &verdict, NULL);
    if (verdict.cancelled) {
        cancelled(error);
        return false;
    }
    /* A loss on time under a clock or movetime is a result; any other
     * failure is not. */
    bool timed = plan->limits.base_ms > 0 || plan->limits.movetime_ms > 0;
    for (int side = 0; side < 2; side++) {
        bool on_time = verdict.timed_out[side] && timed;
        if ((verdict.engine_broken[side] && !on_time) || verdict.illegal_move[side]) {
            const char *reason = dj_game_outcome_reason(game);
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "game %d (iteration %d): %s",
                        index + 1, job->pair + 1, reason != NULL ? reason : "an engine failed");
            return false;
        }
        if (verdict.engine_broken[side]) {   /* late: start it again for the next game */
            int player = side == plus_side ? PLUS : MINUS;
            DojoEngine **engine = engine_of(games, job->game, player);
            dojo_engine_free(*engine);
            *engine = NULL;
        }
    }
    int winner = dj_outcome_winner(dj_game_outcome(game));
    job->plus_half_points = winner < 0 ? 1 : winner == plus_side ? 2 : 0;
    return true;
}

static gpointer game_worker(gpointer data)
{
    GameJob *job = data;
    if (!play_game(job, &job->error))
        g_atomic_int_set(job->games->cancel, 1);   /* the pair has no result: stop the other */
    return NULL;
}

bool dojo_spsa_games_play_pair(DojoSpsaGames *games, const int *plus, const int *minus,
                               int pair, int plus_half_points[2], GError **error)
{
    if (g_atomic_int_get(games->cancel)) {
        cancelled(error);
        return false;
    }
    if (!write_weights(games, PLUS, plus, error) || !write_weights(games, MINUS, minus, error))
        return false;
    GameJob jobs[2] = { { games, pair, 0, 0, NULL }, { games, pair, 1, 0, NULL } };
    if (games->plan->together) {
        GThread *second = g_thread_new("spsa-game", game_worker, &jobs[1]);
        game_worker(&jobs[0]);
        g_thread_join(second);
    } else {
        game_worker(&jobs[0]);
        if (jobs[0].error == NULL)
            game_worker(&jobs[1]);
    }
    /* The first failure that is not the other game being stopped. */
    GError *failure = NULL;
    for (int game = 0; game < 2; game++) {
        GError *e = jobs[game].error;
        if (e != NULL && (failure == NULL
                          || g_error_matches(failure, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
            failure = e;
    }
    if (failure != NULL) {
        g_propagate_error(error, g_error_copy(failure));
        g_clear_error(&jobs[0].error);
        g_clear_error(&jobs[1].error);
        return false;
    }
    plus_half_points[0] = jobs[0].plus_half_points;
    plus_half_points[1] = jobs[1].plus_half_points;
    return true;
}
