/* test_level_guard.c: the playing levels on positions from random games of
 * every registered variant, where some move loses at once (the opponent
 * wins with its next turn) and some move does not: from level 3 up a level
 * never chooses a losing one, and at level 1 the choice is not the same
 * for every seed of its random choice.  With compound turns the positions
 * are taken at the start of a turn and within it, and a turn's part loses
 * at once when every way to finish the turn does: a level guarded part by
 * part so plays no whole turn that loses at once when another does not. */
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

/* What is asked of a position where a turn ends. */
typedef bool (*EndTest)(const DjVariant *v, const void *pos, int mover);

/* Whether some way for `side` to finish the turn it is in at `pos` leads
 * to a position where `test` holds.  The turn is over once the game is,
 * once the other side is to move, or (without compound turns, where every
 * move is a turn of its own) after one move; `started` says whether a
 * move of it has been made.  Written here from the rules alone,
 * independently of the framework's guard (level_guard.c), so that the test
 * checks it rather than repeats it. */
static bool some_turn_end(const DjVariant *v, const void *pos, int side, bool started,
                          EndTest test)
{
    bool compound = v->extra_turns && v->compound_turns;
    if (started && (!compound || v->side_to_move(pos) != side
                    || dj_position_outcome(v, pos) != DJ_OUTCOME_ONGOING))
        return test(v, pos, side);
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    unsigned char *child = g_malloc(v->state_size);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[i]);
        found = some_turn_end(v, child, side, true, test);
    }
    g_free(child);
    g_free(moves);
    return found;
}

/* The end of a turn of `mover` where it has just won. */
static bool mover_won(const DjVariant *v, const void *pos, int mover)
{
    return dj_position_outcome(v, pos) == dj_outcome_win_for(mover);
}

/* The end of a turn of `mover` after which it has not lost and the
 * opponent's next turn cannot win. */
static bool mover_survives(const DjVariant *v, const void *pos, int mover)
{
    DjOutcome outcome = dj_position_outcome(v, pos);
    if (outcome != DJ_OUTCOME_ONGOING)
        return outcome != dj_outcome_win_for(1 - mover);
    return v->side_to_move(pos) == mover
           || !some_turn_end(v, pos, 1 - mover, false, mover_won);
}

/* Whether `move` hands the opponent a win with its next turn (or ends the
 * game lost itself), however the mover finishes the turn `move` begins or
 * goes on with (compound turns: an amazon moved where every arrow lets the
 * opponent shut the mover in). */
static bool hands_over_the_game(const DjVariant *v, const void *pos, DjMove move)
{
    unsigned char *child = g_memdup2(pos, v->state_size);
    v->play(child, move);
    bool handed = !some_turn_end(v, child, v->side_to_move(pos), true, mover_survives);
    g_free(child);
    return handed;
}

/* Whether `pos` has a move that does not hand the game over, and whether,
 * whichever moves a level takes as its candidates (up to
 * DJ_LEVEL_MAX_LINES, best first by its search), at least half of them
 * hand the game over, because at most half of that many moves are safe (so
 * that the candidates a search ranks best cannot all be safe ones by
 * luck): a level that chose among its candidates at random, or trusted a
 * search that cannot see the loss, would be caught here.  In a game with
 * few moves (the end of an Amazons game) that is two moves of three; in
 * one with many, four of eight.  (It stops counting once too many moves
 * are safe: with whole turns each safe move costs all the opponent's
 * turns.) */
static bool is_trap(const DjVariant *v, const void *pos)
{
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    int safe = 0;
    for (int i = 0; i < n && safe <= DJ_LEVEL_MAX_LINES / 2; i++)
        safe += !hands_over_the_game(v, pos, moves[i]);
    g_free(moves);
    return safe > 0 && 2 * safe <= MIN(n, DJ_LEVEL_MAX_LINES);
}

static void test_levels_do_not_lose_at_once(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        DjEngine *engine = dj_engine_new(v, DJ_ENGINE_DEFAULT, TABLE_MB, NULL);
        ConfWhere engine_where = { v, base, -1, -1, NULL };
        CONF_CHECK(&engine_where, engine != NULL, "%s: no engine could be made", v->name);
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
                                   "level %d plays %s, after which the opponent wins with "
                                   "its next turn (however the mover's turn ends), though "
                                   "another move does not lose so", level, text);
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
