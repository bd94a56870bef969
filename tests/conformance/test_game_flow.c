/* test_game_flow.c: random games driven through DjGame (game_history.h) for
 * every registered variant: the game's positions, line, repetition counts
 * and outcome agree with the variant's own rules at every ply; a finished
 * game refuses further moves; undo restores every earlier position exactly. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/game_history.h"
#include "framework/registry.h"
#include "tests/conformance/conformance.h"
#include "tests/oracle/outcome_oracle.h"

#define BASE_SEED 0x9a3e0001u
#define GAMES_PER_VARIANT 100
#define MAX_PLIES 400

/* A move value that is not legal in `pos` (ongoing). */
static DjMove some_illegal_move(const DjVariant *v, const void *pos)
{
    for (DjMove m = 1; m < dj_variant_move_limit(v); m++) {
        if (!conf_is_legal(v, pos, m))
            return m;
    }
    return DJ_MOVE_NONE;
}

/* Checks the game's view of the current ply against the mirror; returns
 * whether the game is over. */
static bool check_ply(const ConfWhere *where, const DjVariant *v, const DjGame *game,
                      const unsigned char *mirror, const DjHistoryEntry *expected_line, int ply)
{
    const size_t size = v->state_size;
    const void *pos = mirror + (size_t)ply * size;
    CONF_CHECK(where, dj_game_length(game) == ply, "dj_game_length is %d",
               dj_game_length(game));
    CONF_CHECK(where, memcmp(dj_game_position(game), pos, size) == 0,
               "the game's position differs from the same moves played by hand");
    CONF_CHECK(where, dj_game_position_at(game, ply) == dj_game_position(game),
               "dj_game_position is not dj_game_position_at(length)");

    int n_entries = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_entries);
    CONF_CHECK(where, n_entries == ply + 1, "dj_game_line has %d entries", n_entries);
    for (int i = 0; i <= ply; i++) {
        CONF_CHECK(where, line[i].key == expected_line[i].key,
                   "line entry %d has the wrong key", i);
        CONF_CHECK(where, line[i].in_check == expected_line[i].in_check,
                   "line entry %d has the wrong in_check", i);
        CONF_CHECK(where, line[i].side == expected_line[i].side,
                   "line entry %d says side %d is to move, side_to_move says %d", i,
                   line[i].side, expected_line[i].side);
    }

    int occurrences = 0;
    for (int i = 0; i <= ply; i++)
        occurrences += expected_line[i].key == expected_line[ply].key;
    int repetitions = dj_game_repetitions(game);
    CONF_CHECK(where, repetitions == occurrences,
               "dj_game_repetitions %d, the position occurred %d times", repetitions,
               occurrences);

    DjOutcome by_position = dj_position_outcome(v, pos);
    DjOutcome by_game = dj_game_outcome(game);
    const char *reason = dj_game_outcome_reason(game);
    if (by_position != DJ_OUTCOME_ONGOING) {
        CONF_CHECK(where, by_game == by_position,
                   "dj_game_outcome %d but dj_position_outcome %d", (int)by_game,
                   (int)by_position);
        CONF_CHECK(where, reason != NULL && reason[0] != '\0', "a finished game gives no reason");
        return true;
    }
    if (by_game != DJ_OUTCOME_ONGOING) {
        CONF_CHECK(where, v->repetition_draw > 0 && repetitions >= v->repetition_draw,
                   "the game ended (%d) in an ongoing position without a repetition ending",
                   (int)by_game);
        DjOutcome by_oracle = oracle_expected_outcome(game, NULL);
        CONF_CHECK(where, by_game == by_oracle, "repetition outcome %d, the rule gives %d",
                   (int)by_game, (int)by_oracle);
        CONF_CHECK(where, reason != NULL && reason[0] != '\0', "a finished game gives no reason");
        return true;
    }
    CONF_CHECK(where, reason == NULL, "an ongoing game gives a reason \"%s\"", reason);
    CONF_CHECK(where, v->repetition_draw == 0 || repetitions < v->repetition_draw,
               "the position occurred %d times but the game goes on", repetitions);
    bool may_claim = v->repetition_claim > 0 && repetitions >= v->repetition_claim;
    CONF_CHECK(where, dj_game_can_claim_draw(game) == may_claim,
               "dj_game_can_claim_draw is %d with %d repetitions (claim at %d)",
               (int)dj_game_can_claim_draw(game), repetitions, v->repetition_claim);
    return false;
}

/* Plays one random game through DjGame, checking it all the way; returns
 * the number of moves played. */
static int play_one_game(const DjVariant *v, guint32 seed, int game_number)
{
    const size_t size = v->state_size;
    GRand *rand = g_rand_new_with_seed(seed);
    ConfWhere where = { v, seed, game_number, 0, NULL };

    DjSetup setup = { .seed = g_rand_int(rand) };
    GError *error = NULL;
    DjGame *game = dj_game_new(v, &setup, &error);
    CONF_CHECK(&where, game != NULL, "dj_game_new refused a new game: %s",
               error != NULL ? error->message : "(no error)");
    CONF_CHECK(&where, dj_game_variant(game) == v, "dj_game_variant is wrong");
    CONF_CHECK(&where, g_strcmp0(dj_game_tag(game, "Variant"), v->name) == 0,
               "the Variant tag is \"%s\"", dj_game_tag(game, "Variant"));
    CONF_CHECK(&where, dj_game_last_move(game) == DJ_MOVE_NONE, "a new game has a last move");

    unsigned char *mirror = g_malloc0((size_t)(MAX_PLIES + 1) * size);
    DjHistoryEntry *expected_line = g_new0(DjHistoryEntry, MAX_PLIES + 1);
    DjMove *played = g_new0(DjMove, MAX_PLIES + 1);
    memcpy(mirror, dj_game_position_at(game, 0), size);

    int ply = 0;
    bool over = false;
    for (;;) {
        const unsigned char *pos = mirror + (size_t)ply * size;
        where.ply = ply;
        where.pos = pos;
        expected_line[ply].key = v->key(pos);
        expected_line[ply].in_check = v->in_check != NULL && v->in_check(pos);
        int side = v->side_to_move(pos);
        CONF_CHECK(&where, side == 0 || side == 1, "side_to_move is %d", side);
        CONF_CHECK(&where, ply == 0 || v->extra_turns || side != expected_line[ply - 1].side,
                   "side %d moved and is to move again, but the variant does not set "
                   "extra_turns", side);
        expected_line[ply].side = (uint8_t)side;
        over = check_ply(&where, v, game, mirror, expected_line, ply);
        if (over || ply == MAX_PLIES)
            break;

        int n = 0;
        DjMove *moves = conf_legal_moves(v, pos, &n);
        DjMove move = moves[g_rand_int_range(rand, 0, n)];
        g_free(moves);

        if (ply % 7 == 3) {
            /* an illegal move and no move at all are refused, changing nothing */
            DjMove bad = some_illegal_move(v, pos);
            GError *bad_error = NULL;
            CONF_CHECK(&where, !dj_game_play(game, bad, &bad_error),
                       "dj_game_play accepted the illegal move %u", (unsigned)bad);
            CONF_CHECK(&where, bad_error != NULL, "refused without an error");
            g_clear_error(&bad_error);
            CONF_CHECK(&where, !dj_game_play(game, DJ_MOVE_NONE, &bad_error),
                       "dj_game_play accepted DJ_MOVE_NONE");
            CONF_CHECK(&where, bad_error != NULL, "refused without an error");
            g_clear_error(&bad_error);
            CONF_CHECK(&where, dj_game_length(game) == ply, "a refused move changed the game");
        }

        GError *play_error = NULL;
        bool ok;
        if (ply % 2 == 0) {
            ok = dj_game_play(game, move, &play_error);
        } else {
            char *text = conf_move_text(v, pos, move);
            ok = dj_game_play_text(game, text, &play_error);
            g_free(text);
        }
        CONF_CHECK(&where, ok, "the game refused a legal move: %s",
                   play_error != NULL ? play_error->message : "(no error)");
        CONF_CHECK(&where, dj_game_move_at(game, ply) == move, "dj_game_move_at is wrong");
        CONF_CHECK(&where, dj_game_last_move(game) == move, "dj_game_last_move is wrong");
        played[ply] = move;
        unsigned char *next = mirror + (size_t)(ply + 1) * size;
        memcpy(next, pos, size);
        v->play(next, move);
        ply++;
    }

    const int length = ply;
    const DjOutcome final_outcome = dj_game_outcome(game);
    if (over) {
        /* A finished game refuses every move, by value and by text. */
        const void *pos = mirror + (size_t)length * size;
        GError *late_error = NULL;
        if (length > 0) {
            CONF_CHECK(&where, !dj_game_play(game, played[length - 1], &late_error),
                       "a finished game accepted another move");
            CONF_CHECK(&where, late_error != NULL, "refused without an error");
            g_clear_error(&late_error);
            char *text = conf_move_text(v, mirror + (size_t)(length - 1) * size,
                                        played[length - 1]);
            CONF_CHECK(&where, !dj_game_play_text(game, text, &late_error),
                       "a finished game accepted the move text \"%s\"", text);
            CONF_CHECK(&where, late_error != NULL, "refused without an error");
            g_clear_error(&late_error);
            g_free(text);
        }
        if (dj_position_outcome(v, pos) == DJ_OUTCOME_ONGOING) {
            /* ended by repetition: the position's own moves are refused too */
            int n = 0;
            DjMove *moves = conf_legal_moves(v, pos, &n);
            for (int i = 0; i < n; i++) {
                CONF_CHECK(&where, !dj_game_play(game, moves[i], &late_error),
                           "a game ended by repetition accepted a move");
                g_clear_error(&late_error);
            }
            g_free(moves);
        }
        CONF_CHECK(&where, dj_game_length(game) == length, "a refused move changed the game");
        CONF_CHECK(&where, dj_game_outcome(game) == final_outcome,
                   "a refused move changed the outcome");
    }

    /* Undo all the way back: every position comes back byte for byte. */
    for (int back = length - 1; back >= 0; back--) {
        where.ply = back;
        where.pos = mirror + (size_t)back * size;
        CONF_CHECK(&where, dj_game_undo(game), "dj_game_undo refused with %d moves played",
                   back + 1);
        CONF_CHECK(&where, dj_game_length(game) == back, "undo left the length at %d",
                   dj_game_length(game));
        CONF_CHECK(&where, memcmp(dj_game_position(game), where.pos, size) == 0,
                   "undo did not restore the position's bytes");
        CONF_CHECK(&where, v->key(dj_game_position(game)) == expected_line[back].key,
                   "undo did not restore the key");
        CONF_CHECK(&where, dj_game_outcome(game) == DJ_OUTCOME_ONGOING,
                   "after undo the game is over");
        CONF_CHECK(&where, dj_game_last_move(game) == (back > 0 ? played[back - 1] : DJ_MOVE_NONE),
                   "after undo the last move is wrong");
        int n_entries = 0;
        (void)dj_game_line(game, &n_entries);
        CONF_CHECK(&where, n_entries == back + 1, "after undo the line has %d entries",
                   n_entries);
    }
    CONF_CHECK(&where, !dj_game_undo(game), "dj_game_undo succeeded at the start");

    /* The same moves again give the same game. */
    for (int i = 0; i < length; i++) {
        GError *again_error = NULL;
        CONF_CHECK(&where, dj_game_play(game, played[i], &again_error),
                   "replaying move %d was refused", i);
    }
    where.ply = length;
    CONF_CHECK(&where, memcmp(dj_game_position(game), mirror + (size_t)length * size, size) == 0,
               "replaying the moves gave another position");
    CONF_CHECK(&where, dj_game_outcome(game) == final_outcome,
               "replaying the moves gave another outcome");

    dj_game_free(game);
    g_free(played);
    g_free(expected_line);
    g_free(mirror);
    g_rand_free(rand);
    return length;
}

static void test_game_flow(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    int games = conf_games(GAMES_PER_VARIANT);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        long plies = 0;
        for (int game = 0; game < games; game++)
            plies += play_one_game(*vp, conf_game_seed(base, game), game);
        g_printerr("%s: %d games, %ld moves played, undone and replayed\n", (*vp)->name,
                   games, plies);
    }
}

/* A refused setup gives no game and an error. */
static void test_game_new_refuses_bad_setup(void **state)
{
    (void)state;
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        ConfWhere where = { v, 0, -1, -1, NULL };
        DjSetup setup = { .position = "this is not a position" };
        GError *error = NULL;
        DjGame *game = dj_game_new(v, &setup, &error);
        CONF_CHECK(&where, game == NULL, "dj_game_new accepted a nonsense position");
        CONF_CHECK(&where, error != NULL && error->message[0] != '\0',
                   "dj_game_new refused without an error message");
        g_error_free(error);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_flow),
        cmocka_unit_test(test_game_new_refuses_bad_setup),
    };
    return cmocka_run_group_tests_name("game flow", tests, NULL, NULL);
}
