/* test_level_guard.c: the playing levels on positions from random games of
 * every registered variant, where some move loses at once (the opponent
 * wins with the reply) and some move does not: from level 3 up a level
 * never chooses a losing one, and at level 1 the choice is not the same
 * for every seed of its random choice. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/registry.h"
#include "framework/search/engine.h"
#include "framework/search/level.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0x1e7e1u
#define TABLE_MB 8
#define MAX_PLIES 200
#define GAMES 60
#define POSITIONS_PER_VARIANT 10
#define CHOICES_PER_LEVEL 2
#define MOVE_TIME_MS 40    /* level 10's limit; the others stop on their own */
#define LOWEST_GUARDED_LEVEL 3

/* Whether `move` hands the opponent a win in one reply (or ends the game
 * lost itself).  Written here from the rules alone, independently of the
 * framework's guard, so that the test checks it rather than repeats it. */
static bool hands_over_the_game(const DjVariant *v, const void *pos, DjMove move)
{
    int mover = v->side_to_move(pos);
    DjOutcome lost = dj_outcome_win_for(1 - mover);
    unsigned char *child = g_malloc(v->state_size);
    unsigned char *grandchild = g_malloc(v->state_size);
    memcpy(child, pos, v->state_size);
    v->play(child, move);
    DjOutcome outcome = dj_position_outcome(v, child);
    bool handed = outcome == lost;
    if (outcome == DJ_OUTCOME_ONGOING && v->side_to_move(child) != mover) {
        int n = 0;
        DjMove *replies = conf_legal_moves(v, child, &n);
        for (int i = 0; i < n && !handed; i++) {
            memcpy(grandchild, child, v->state_size);
            v->play(grandchild, replies[i]);
            handed = dj_position_outcome(v, grandchild) == lost;
        }
        g_free(replies);
    }
    g_free(grandchild);
    g_free(child);
    return handed;
}

/* Whether `pos` has a move that does not hand the game over, and more
 * that do than a level considers candidates (so that the candidates a
 * search ranks best cannot all be safe ones by luck): a level that chose
 * among its candidates at random, or trusted a search that cannot see the
 * loss, would be caught here. */
static bool is_trap(const DjVariant *v, const void *pos)
{
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    int handing = 0;
    for (int i = 0; i < n; i++)
        handing += hands_over_the_game(v, pos, moves[i]);
    g_free(moves);
    return handing < n && n - handing <= DJ_LEVEL_MAX_LINES / 2
           && handing >= DJ_LEVEL_MAX_LINES / 2;
}

static void test_levels_do_not_lose_at_once(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = dj_registry_all(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        DjEngine *engine = dj_engine_new(v, DJ_ENGINE_DEFAULT, TABLE_MB, NULL);
        assert_non_null(engine);
        GRand *rand = g_rand_new_with_seed(base);
        int traps = 0, level1_varied = 0;
        for (int game = 0; game < conf_games(GAMES) && traps < POSITIONS_PER_VARIANT; game++) {
            guint32 seed = conf_game_seed(base, game);
            ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
            /* one position a game, the first trap, so that the positions
             * come from many games */
            for (int ply = 0; ply < line->n_plies; ply++) {
                const void *pos = conf_line_position(line, ply);
                if (!is_trap(v, pos))
                    continue;
                ConfWhere where = { v, seed, game, ply, pos };
                for (int level = LOWEST_GUARDED_LEVEL; level <= DJ_LEVEL_MAX; level++)
                    for (int k = 0; k < CHOICES_PER_LEVEL; k++) {
                        dj_engine_clear(engine);
                        DjMove move = dj_engine_choose(engine, level, MOVE_TIME_MS, rand, pos,
                                                       NULL, 0, NULL, 0, NULL, NULL, NULL);
                        char *text = conf_move_text(v, pos, move);
                        CONF_CHECK(&where, conf_is_legal(v, pos, move),
                                   "level %d chose an illegal move", level);
                        CONF_CHECK(&where, !hands_over_the_game(v, pos, move),
                                   "level %d plays %s, after which the opponent wins at "
                                   "once, though another move does not lose so", level, text);
                        g_free(text);
                    }
                /* level 1 chooses at random: eight seeds of its choice
                 * should not all give one move in every position */
                DjMove first = DJ_MOVE_NONE;
                bool varied = false;
                for (guint32 s = 0; s < 8; s++) {
                    GRand *choice = g_rand_new_with_seed(s);
                    dj_engine_clear(engine);
                    DjMove move = dj_engine_choose(engine, DJ_LEVEL_MIN, MOVE_TIME_MS, choice,
                                                   pos, NULL, 0, NULL, 0, NULL, NULL, NULL);
                    g_rand_free(choice);
                    varied = varied || (s > 0 && move != first);
                    first = s == 0 ? move : first;
                }
                level1_varied += varied;
                traps++;
                break;
            }
            conf_line_free(line);
        }
        g_printerr("%s: %d positions with a move that loses at once checked at levels %d-%d; "
                   "level 1 varied its choice in %d\n", v->name, traps, LOWEST_GUARDED_LEVEL,
                   DJ_LEVEL_MAX, level1_varied);
        ConfWhere where = { v, base, -1, -1, NULL };
        CONF_CHECK(&where, traps > 0,
                   "no random game reached a position where a move loses at once: "
                   "nothing was checked");
        CONF_CHECK(&where, level1_varied > 0,
                   "level 1 chose the same move for eight seeds in each of %d positions",
                   traps);
        g_rand_free(rand);
        dj_engine_free(engine);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_do_not_lose_at_once),
    };
    return cmocka_run_group_tests_name("level guard", tests, NULL, NULL);
}
