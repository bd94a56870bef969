/* test_search_tactics.c: the shared search on positions from random games of
 * every registered variant: a win in one is always found and scored as one;
 * a position where every move loses at once scores as exactly that loss. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/registry.h"
#include "framework/search/search.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0x5ea4c4u
#define TABLE_MB 8
#define MAX_PLIES 300
#define TACTIC_GAMES 80
#define MAX_WINS_PER_VARIANT 24
#define MAX_LOSSES_PER_VARIANT 12
#define MORE_GAMES_FACTOR 4     /* at most this many times the games when nothing was found */

/* The moves of `pos` that win at once. */
static int winning_moves(const DjVariant *v, const void *pos, DjMove *out)
{
    int mover = v->side_to_move(pos);
    int n = 0, wins = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    unsigned char *child = g_malloc(v->state_size);
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[i]);
        if (dj_position_outcome(v, child) == dj_outcome_win_for(mover))
            out[wins++] = moves[i];
    }
    g_free(child);
    g_free(moves);
    return wins;
}

/* If every move of `pos` loses at once (the move itself ends the game in
 * the opponent's favour, or passes the turn to the opponent, who then has a
 * move that does), return the number of plies to the loss with the longest
 * resistance (1 or 2); otherwise 0.  A move that gives the mover another
 * turn is not a loss at once. */
static int loses_at_once(const DjVariant *v, const void *pos)
{
    int mover = v->side_to_move(pos);
    DjOutcome lost = dj_outcome_win_for(1 - mover);
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    DjMove *replies = g_new(DjMove, (gsize)v->max_moves + 1);
    unsigned char *child = g_malloc(v->state_size);
    int longest = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[i]);
        DjOutcome outcome = dj_position_outcome(v, child);
        if (outcome == lost) {
            if (longest < 1)
                longest = 1;
            continue;
        }
        if (outcome != DJ_OUTCOME_ONGOING || v->side_to_move(child) == mover
            || winning_moves(v, child, replies) == 0) {
            longest = 0;
            break;
        }
        longest = 2;
    }
    g_free(child);
    g_free(replies);
    g_free(moves);
    return longest;
}

static void test_finds_wins_and_losses(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        if (v->evaluate == NULL)
            continue;   /* alpha-beta needs an evaluation (test_mcts.c covers it) */
        DjSearch *search = dj_search_new(v, TABLE_MB);
        DjMove *wins = g_new(DjMove, (gsize)v->max_moves + 1);
        int wins_checked = 0, losses_checked = 0;
        /* More games while either kind is still missing, up to a bound: a
         * check that found nothing has checked nothing. */
        int games = conf_games(TACTIC_GAMES), game_number = 0;
        /* Where a move may keep the turn, a position where every move
         * loses at once is one the search cannot be asked about here (a
         * move that keeps the turn is not a loss at once): none is looked
         * for in vain. */
        bool losses_wanted = !v->extra_turns;
        for (; game_number < games
               || (game_number < MORE_GAMES_FACTOR * games
                   && (wins_checked == 0 || (losses_wanted && losses_checked == 0)));
             game_number++) {
            guint32 seed = conf_game_seed(base ^ 0x77u, game_number);
            ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
            ConfWhere where = { v, seed, game_number, 0, NULL };
            for (int ply = 0; ply < line->n_plies; ply++) {
                const void *pos = conf_line_position(line, ply);
                where.ply = ply;
                where.pos = pos;
                int n_wins = wins_checked < MAX_WINS_PER_VARIANT ? winning_moves(v, pos, wins)
                                                                 : 0;
                if (n_wins > 0) {
                    DjSearchLimits limits = { .depth = 2 };
                    DjSearchInfo info;
                    DjMove move = dj_search_run(search, pos, NULL, 0, &limits, NULL, NULL,
                                                &info);
                    bool is_win = false;
                    for (int i = 0; i < n_wins; i++)
                        is_win = is_win || wins[i] == move;
                    char *text = conf_move_text(v, pos, move);
                    CONF_CHECK(&where, is_win,
                               "a win in one exists but the search at depth 2 plays %s", text);
                    int plies = -1;
                    CONF_CHECK(&where, dj_score_is_decisive(info.score, &plies)
                                           && info.score > 0 && plies == 1,
                               "the win in one scores %d (decisive in %d plies)", info.score,
                               plies);
                    g_free(text);
                    wins_checked++;
                }
                if (n_wins == 0 && losses_checked < MAX_LOSSES_PER_VARIANT) {
                    int expected = loses_at_once(v, pos);
                    if (expected > 0) {
                        DjSearchLimits limits = { .depth = 3 };
                        DjSearchInfo info;
                        DjMove move = dj_search_run(search, pos, NULL, 0, &limits, NULL, NULL,
                                                    &info);
                        CONF_CHECK(&where, conf_is_legal(v, pos, move),
                                   "a lost position gave an illegal move");
                        int plies = -1;
                        CONF_CHECK(&where, dj_score_is_decisive(info.score, &plies)
                                               && info.score < 0 && plies == expected,
                                   "every move loses in %d plies but the score is %d "
                                   "(decisive in %d plies)", expected, info.score, plies);
                        losses_checked++;
                    }
                }
            }
            conf_line_free(line);
        }
        g_printerr("%s: %d wins in one and %d lost positions checked in %d random games\n",
                   v->name, wins_checked, losses_checked, game_number);
        ConfWhere where = { v, base, -1, -1, NULL };
        if (losses_checked == 0 && !losses_wanted)
            g_printerr("%s: a move may keep the turn (extra_turns), and no position where "
                       "every move loses at once was met: that check skipped\n", v->name);
        CONF_CHECK(&where, wins_checked > 0 && (losses_checked > 0 || !losses_wanted),
                   "%s: %d random games reached %d positions with a win in one and %d where "
                   "every move loses at once: with none of a kind, that check found nothing "
                   "to check (try more games: DOJO_CONFORMANCE_SCALE)", v->name, game_number,
                   wins_checked, losses_checked);
        g_free(wins);
        dj_search_free(search);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finds_wins_and_losses),
    };
    return cmocka_run_group_tests_name("search tactics", tests, NULL, NULL);
}
