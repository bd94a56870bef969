/* test_play_rules_only.c: a game with no evaluation, played through the
 * front end's play loop against a person.  The rules-only tic-tac-toe toy
 * gets MCTS as its search without asking; a person typing moves (each
 * script tries the squares in some order, and a taken square is refused
 * and the next line read) never beats it, and no computer move throws away
 * the result the computer had. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "framework/game_history.h"
#include "frontends/tty/play_loop.h"
#include "tests/framework/toys.h"

#define SCRIPTS_PER_SIDE 10
#define COMPUTER_LEVEL 9           /* 64 << 9 playouts a move: no clock decides */
#define TIME_MS (10 * 60 * 1000)

/* The squares a1..c3 in an order drawn from `rand`, one per line. */
static char *shuffled_script(GRand *rand)
{
    const char *names[9] = { "a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3" };
    for (int i = 8; i > 0; i--) {
        int j = g_rand_int_range(rand, 0, i + 1);
        const char *t = names[i]; names[i] = names[j]; names[j] = t;
    }
    GString *script = g_string_new(NULL);
    for (int i = 0; i < 9; i++)
        g_string_append_printf(script, "%s\n", names[i]);
    return g_string_free(script, FALSE);
}

static void play_one(const char *script, int human_side)
{
    const DjVariant *v = &toy_tictactoe_rules_only;
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(v, &setup, NULL);
    assert_non_null(game);
    DojoPlayConfig config = {
        .time_ms = TIME_MS,
        .seed = 1,
        .table_mb = 4,
        .engine = DJ_ENGINE_DEFAULT,
    };
    config.players[human_side] = (DojoPlayer){ DOJO_PLAYER_HUMAN, 0 };
    config.players[1 - human_side] = (DojoPlayer){ DOJO_PLAYER_COMPUTER, COMPUTER_LEVEL };
    FILE *in = fmemopen((void *)script, strlen(script), "r");
    char *output = NULL;
    size_t output_size = 0;
    FILE *out = open_memstream(&output, &output_size);
    assert_non_null(in);
    assert_non_null(out);
    DojoPlayEnd end = dojo_play_loop(&game, &config, NULL, in, out);
    fclose(in);
    fclose(out);

    assert_int_equal(end, DOJO_PLAY_OVER);
    assert_non_null(strstr(output, "Game over"));
    DjOutcome outcome = dj_game_outcome(game);
    if (dj_outcome_winner(outcome) == human_side) {
        fail_msg("the person won with the script\n%s\n%s", script, output);
    }
    /* every computer move keeps what the position was worth to it */
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        const ToyTicTacToe *before = dj_game_position_at(game, ply);
        if (v->side_to_move(before) == human_side)
            continue;
        const ToyTicTacToe *after = dj_game_position_at(game, ply + 1);
        if (-toy_tictactoe_result(after) != toy_tictactoe_result(before)) {
            fail_msg("ply %d: the computer's move changed the result from %d to %d\n%s",
                     ply, toy_tictactoe_result(before), -toy_tictactoe_result(after),
                     output);
        }
    }
    free(output);
    dj_game_free(game);
}

static void test_person_never_wins(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(0x7077u);
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < SCRIPTS_PER_SIDE; i++) {
            char *script = shuffled_script(rand);
            play_one(script, side);
            g_free(script);
        }
    }
    /* the corner opening, and a person who blunders as O: the computer takes
     * the win */
    play_one("a1\nc3\nb1\nc1\na2\nb2\nc2\na3\nb3\n", 0);
    play_one("b1\na2\nc2\nb3\na1\nc1\na3\nb2\nc3\n", 1);
    g_rand_free(rand);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_person_never_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
