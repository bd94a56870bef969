/* toy_helpers.c: small helpers the framework's tests share (see toys.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tests/framework/toys.h"

#include "framework/game_history.h"

bool toy_is_legal(const DjVariant *v, const void *pos, DjMove move)
{
    DjMove moves[16];
    assert_true(v->max_moves <= 16);
    int n = v->legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

void toy_setup(const DjVariant *v, void *pos, const char *text)
{
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (!v->setup(pos, &setup, &error)) {
        fail_msg("setup \"%s\": %s", text, error != NULL ? error->message : "?");
    }
}

DjGame *toy_shuttle_cycle(const DjVariant *variant)
{
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(variant, &setup, NULL);
    assert_non_null(game);
    const char *moves[] = { "c1", "b1", "d1", "a1", "c1", "b1", "d1", "a1" };
    for (size_t i = 0; i < G_N_ELEMENTS(moves); i++)
        assert_true(dj_game_play_text(game, moves[i], NULL));
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    return game;
}

DjGame *toy_random_game(const DjVariant *v, const char *position, guint32 seed, int n_moves)
{
    GRand *rand = g_rand_new_with_seed(seed);
    DjSetup setup = { .position = position, .seed = g_rand_int(rand) };
    GError *error = NULL;
    DjGame *game = dj_game_new(v, &setup, &error);
    if (game == NULL)
        fail_msg("a game of %s from \"%s\": %s", v->name, position != NULL ? position : "",
                 error != NULL ? error->message : "?");
    DjMove *moves = g_new(DjMove, (gsize)v->max_moves);
    for (int i = 0; i < n_moves && dj_game_outcome(game) == DJ_OUTCOME_ONGOING; i++) {
        int n = v->legal_moves(dj_game_position(game), moves);
        assert_true(dj_game_play(game, moves[g_rand_int_range(rand, 0, n)], NULL));
    }
    g_free(moves);
    g_rand_free(rand);
    return game;
}

DjGame *toy_finished_game(const DjVariant *v, guint32 seed, int max_moves)
{
    for (guint32 s = seed;; s++) {
        DjGame *game = toy_random_game(v, NULL, s, max_moves);
        if (dj_game_outcome(game) != DJ_OUTCOME_ONGOING)
            return game;
        dj_game_free(game);
    }
}
