/* test_onitama_notation.c: move text, position strings and game options. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/onitama/onitama_test.h"

/* Blue holds Tiger (0,2),(0,-1) and Boar (0,1),(-1,0),(1,0). */
static const char *const tiger_boar = "ssmss/5/5/5/SSMSS b tiger,boar,horse,elephant,crab";

static void check_same_move(const void *pos, const char *text, const char *canonical)
{
    DjMove move = oni_move(pos, text);
    GString *out = g_string_new(NULL);
    ONI->format_move(pos, move, out);
    if (strcmp(out->str, canonical) != 0) {
        fail_msg("'%s' parsed as %s, expected %s", text, out->str, canonical);
    }
    g_string_free(out, TRUE);
}

static void test_move_forms(void **state)
{
    (void)state;
    void *pos = oni_position(tiger_boar);
    const char *const forms[] = {
        "boar:a1a2", "BOAR:A1A2", "Boar:a1a2", "boar a1a2", "a1a2 boar", "a1a2:boar",
        "a1-a2 boar", "  boar   a1a2  ", "a1a2  Boar", "boar: a1-a2", "a1 a2 boar", "boar a1xa2",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(forms); i++)
        check_same_move(pos, forms[i], "boar:a1a2");
    /* Bare squares when one card only makes the move. */
    check_same_move(pos, "a1a2", "boar:a1a2");
    check_same_move(pos, "a1a3", "tiger:a1a3");
    check_same_move(pos, "C1-C3", "tiger:c1c3");
    g_free(pos);
}

/* Every legal move's canonical text reads back to the same move. */
static void test_canonical_round_trip(void **state)
{
    (void)state;
    const char *const positions[] = {
        tiger_boar,
        "ssmss/5/5/5/SSMSS r tiger,boar,sea-snake,kirin,crab",
        "M3m/S4/S4/S4/S4 b tiger,horse,ox,boar,crab",   /* passes */
    };
    for (size_t p = 0; p < G_N_ELEMENTS(positions); p++) {
        void *pos = oni_position(positions[p]);
        DjMove moves[64];
        int n = ONI->legal_moves(pos, moves);
        for (int i = 0; i < n; i++) {
            GString *text = g_string_new(NULL);
            ONI->format_move(pos, moves[i], text);
            assert_null(strchr(text->str, ' '));
            assert_int_equal(oni_move(pos, text->str), moves[i]);
            g_string_free(text, TRUE);
        }
        g_free(pos);
    }
}

static void test_sea_snake_names(void **state)
{
    (void)state;
    void *pos = oni_position("ssmss/5/5/5/SSMSS b sea-snake,boar,horse,elephant,crab");
    /* Sea Snake (0,1),(2,0),(-1,-1): a1 to a2 only with it, Boar also a1a2. */
    const char *const forms[] = {
        "sea-snake:b1b2", "sea snake:b1b2", "seasnake b1b2", "Sea Snake b1b2", "b1b2 sea snake",
        "SEA-SNAKE:B1B2", "b1-b2 Sea-Snake",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(forms); i++)
        check_same_move(pos, forms[i], "sea-snake:b1b2");
    g_free(pos);
    /* And in options and position strings. */
    void *game = oni_new_game("Sea Snake, boar, horse, elephant, crab");
    char *text = oni_position_string(game);
    assert_string_equal(text, "ssmss/5/5/5/SSMSS b sea-snake,boar,horse,elephant,crab");
    g_free(text);
    g_free(game);
    game = oni_position("ssmss/5/5/5/SSMSS b seasnake,boar,horse,elephant,crab");
    g_free(game);
    game = oni_position("ssmss/5/5/5/SSMSS b sea snake, boar, horse, elephant, crab");
    g_free(game);
}

static void test_pass_forms(void **state)
{
    (void)state;
    void *pos = oni_position("M3m/S4/S4/S4/S4 b tiger,horse,ox,boar,crab");
    const char *const forms[] = { "horse:pass", "pass horse", "pass:horse", "Horse Pass", " PASS  HORSE " };
    for (size_t i = 0; i < G_N_ELEMENTS(forms); i++)
        check_same_move(pos, forms[i], "horse:pass");
    char *error = oni_move_error(pos, "pass");
    oni_assert_contains(error, "tiger:pass");
    oni_assert_contains(error, "horse:pass");
    g_free(error);
    error = oni_move_error(pos, "a5b5");
    oni_assert_contains(error, "must pass");
    g_free(error);
    error = oni_move_error(pos, "ox:pass");
    oni_assert_contains(error, "does not hold the Ox");
    g_free(error);
    g_free(pos);
    /* Passing while a move exists is refused. */
    pos = oni_position(tiger_boar);
    error = oni_move_error(pos, "boar:pass");
    oni_assert_contains(error, "only when no card moves");
    g_free(error);
    g_free(pos);
}

typedef struct BadMove {
    const char *text;
    const char *words;   /* the error must contain these */
} BadMove;

static void test_move_errors(void **state)
{
    (void)state;
    void *pos = oni_position(tiger_boar);
    const BadMove bad[] = {
        { "", "empty move" },
        { "   ", "empty move" },
        { "boar:f1f2", "'f1' is not a square" },
        { "boar:a6a5", "'a6' is not a square" },
        { "boar:a0a1", "'a0' is not a square" },
        { "boar:a1", "needs two squares" },
        { "boar:a1a2a3", "unexpected 'a3'" },
        { "boar:a2a3", "no piece of Blue's on a2" },
        { "boar:a5a4", "Red's student, not one of Blue's" },
        { "boar:c5c4", "Red's master" },
        { "horse:a1a2", "Blue does not hold the Horse (Red holds it)" },
        { "crab:a1a2", "it is the side card" },
        { "dragon:a1a2", "this game has no Dragon card" },
        { "wombat:a1a2", "'wombat' is neither a card nor a square" },
        { "boar:a1b1", "Blue's own student stands on b1" },
        { "boar:a1a1", "must go somewhere" },
        { "boar:a1a3", "the Boar cannot move Blue's piece from a1 to a3; from a1 it reaches a2" },
        { "a1b3", "neither the Tiger nor the Boar" },
        { "boar", "which move with the Boar?" },
        { "tiger:pass boar", "'boar' is left over after the move" },
        { "boar a1a2 extra", "'extra' is left over after the move" },
        { "a1a2 boar extra", "'extra' is left over after the card 'boar'" },
        /* Quoted as typed, not lower-cased. */
        { "P*e5", "'P' is not a square" },
        { "Boar:A1A2B3", "unexpected 'B3' after the squares in 'A1A2B3'" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        char *error = oni_move_error(pos, bad[i].text);
        oni_assert_contains(error, bad[i].words);
        g_free(error);
    }
    g_free(pos);
    /* Ambiguous: Ox (0,1) and Boar (0,1) both move a1 to a2. */
    pos = oni_position("ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab");
    char *error = oni_move_error(pos, "a1a2");
    oni_assert_contains(error, "ambiguous");
    oni_assert_contains(error, "ox:a1a2");
    oni_assert_contains(error, "boar:a1a2");
    g_free(error);
    g_free(pos);
    /* A finished game takes no moves. */
    pos = oni_position("5/5/2S2/5/2M2 r boar,ox,horse,elephant,crab");
    error = oni_move_error(pos, "horse:a1a2");
    oni_assert_contains(error, "game is over");
    g_free(error);
    g_free(pos);
    /* Garbage is refused with a reason, and never crashes. */
    pos = oni_position(tiger_boar);
    const char *const garbage[] = { ":", "::::", "-", "a", "1", "pass pass", "a1a2 a3a4 boar",
                                    "\t\n", "boar:\xff\xfe", "b\x01oar a1a2", "z99z99" };
    for (size_t i = 0; i < G_N_ELEMENTS(garbage); i++) {
        char *message = oni_move_error(pos, garbage[i]);
        assert_true(message[0] != '\0');
        /* the echo of what was typed is valid UTF-8 on one line */
        assert_true(g_utf8_validate(message, -1, NULL));
        assert_null(strpbrk(message, "\t\n\x01"));
        g_free(message);
    }
    /* and so is the echo of a bad option */
    DjOptionValue bad_deck = { "deck", "bo\xffth" };
    char *deck_message = NULL;
    assert_null(oni_try_new_game(&bad_deck, 1, 0, &deck_message));
    assert_true(g_utf8_validate(deck_message, -1, NULL));
    oni_assert_contains(deck_message, "bo?th");
    g_free(deck_message);
    g_free(pos);
}

static void test_position_round_trip(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(7);
    for (int game = 0; game < 40; game++) {
        DjOptionValue option = { "deck", "both" };
        char *message = NULL;
        void *pos = oni_try_new_game(&option, 1, (guint64)game * 31, &message);
        for (int ply = 0; ply < 80; ply++) {
            char *text = oni_position_string(pos);
            void *back = oni_position(text);
            char *again = oni_position_string(back);
            assert_string_equal(text, again);
            assert_true(ONI->key(back) == ONI->key(pos));
            assert_memory_equal(back, pos, ONI->state_size);
            g_free(again);
            g_free(back);
            g_free(text);
            if (ONI->outcome(pos) != DJ_OUTCOME_ONGOING)
                break;
            DjMove moves[64];
            int n = ONI->legal_moves(pos, moves);
            ONI->play(pos, moves[g_rand_int_range(rand, 0, n)]);
        }
        g_free(pos);
    }
    g_rand_free(rand);
    /* Lenient reading: case of card names and side, spacing. */
    void *pos = oni_position("  ssmss/5/5/5/SSMSS   B   Ox, BOAR,horse ,elephant,  crab ");
    char *text = oni_position_string(pos);
    assert_string_equal(text, "ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab");
    g_free(text);
    g_free(pos);
}

typedef struct BadPosition {
    const char *text;
    const char *words;
} BadPosition;

static void test_position_errors(void **state)
{
    (void)state;
    const BadPosition bad[] = {
        { "", "expected a board" },
        { "ssmss/5/5/5/SSMSS b", "expected a board" },
        { "ssmss/5/5/SSMSS b ox,boar,horse,elephant,crab", "5 ranks" },
        { "ssmss/5/5/5/5/SSMSS b ox,boar,horse,elephant,crab", "5 ranks" },
        { "ssmss/6/5/5/SSMSS b ox,boar,horse,elephant,crab", "rank 4 covers more than 5" },
        { "ssmss/5/5/5/SS9 b ox,boar,horse,elephant,crab", "rank 1 covers more than 5" },
        { "ssmss/4/5/5/SSMSS b ox,boar,horse,elephant,crab", "rank 4 covers fewer than 5" },
        { "ssmsss/5/5/5/SSMSS b ox,boar,horse,elephant,crab", "rank 5 covers more than 5" },
        { "ssmss/5/3S3/5/SSMSS b ox,boar,horse,elephant,crab", "rank 3 covers more than 5" },
        { "ssmss/5/5/5/SSMSx b ox,boar,horse,elephant,crab", "'x' on rank 1 is not a piece" },
        { "ssmss/5/5/5/SSMSS x ox,boar,horse,elephant,crab", "b (Blue) or r (Red)" },
        { "ssmss/5/5/5/SSMSS b ox,boar,horse,elephant", "exactly 5 cards" },
        { "ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab,eel", "exactly 5 cards" },
        { "ssmss/5/5/5/SSMSS b ox,boar,horse,ox,crab", "the Ox is named twice" },
        { "ssmss/5/5/5/SSMSS b ox,boar,horse,wombat,crab", "'wombat' is not an Onitama card" },
        { "ssmss/5/5/M4/SSMSS b ox,boar,horse,elephant,crab", "Blue has 2 masters" },
        { "ssmss/s4/5/5/SSMSS b ox,boar,horse,elephant,crab", "Red has 5 students" },
        { "ssss1/5/5/5/SSSS1 b ox,boar,horse,elephant,crab", "both masters are missing" },
        { "ss1ss/5/5/5/SSMSS b ox,boar,horse,elephant,crab", "Blue has won" },
        { "ssMss/5/5/5/SS1SS b ox,boar,horse,elephant,crab", "Blue has won" },
        { "m4/5/5/5/2m2 r ox,boar,horse,elephant,crab", "Red has 2 masters" },
        { "ssMss/5/5/5/SSmSS b ox,boar,horse,elephant,crab", "both sides have won" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        void *pos = g_malloc0(ONI->state_size);
        DjSetup setup = { .position = bad[i].text };
        GError *error = NULL;
        if (ONI->setup(pos, &setup, &error)) {
            fail_msg("position '%s' was accepted", bad[i].text);
        }
        oni_assert_contains(error->message, bad[i].words);
        g_error_free(error);
        g_free(pos);
    }
}

typedef struct BadOptions {
    DjOptionValue options[2];
    int n_options;
    const char *words[2];
} BadOptions;

static void test_option_errors(void **state)
{
    (void)state;
    const BadOptions bad[] = {
        { { { "colour", "red" } }, 1, { "no option 'colour'", "cards and deck" } },
        { { { "cards", "ox,boar,horse,elephant" } }, 1, { "exactly 5 cards", "4 were given" } },
        { { { "cards", "" } }, 1, { "exactly 5 cards", "0 were given" } },
        { { { "cards", "ox,boar,horse,elephant,crab,eel" } }, 1, { "exactly 5 cards", "6 were given" } },
        { { { "cards", "ox,boar,horse,ox,crab" } }, 1, { "the Ox is named twice", "must all differ" } },
        { { { "cards", "ox,boar,horse,elephant,crab extra" } }, 1,
          { "'extra' is left over after the card 'crab'", "left over" } },
        { { { "cards", "ox,boar,wombat,elephant,crab" } }, 1,
          { "'wombat' is not an Onitama card", "tiger, dragon, frog" } },
        { { { "deck", "expansion" } }, 1, { "deck must be base, senseis or both", "'expansion'" } },
        { { { "cards", "ox,boar,horse,elephant,crab" }, { "speed", "fast" } }, 2, { "no option 'speed'", "" } },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        char *message = NULL;
        void *pos = oni_try_new_game(bad[i].options, bad[i].n_options, 1, &message);
        assert_null(pos);
        oni_assert_contains(message, bad[i].words[0]);
        oni_assert_contains(message, bad[i].words[1]);
        /* the unknown-card message lists the expansion too */
        if (strstr(message, "wombat") != NULL)
            oni_assert_contains(message, "sea-snake");
        g_free(message);
    }
    /* Option names, card names and decks are read case-insensitively.
     * (cards and deck together are refused now: test_onitama_options.c.) */
    DjOptionValue options[2] = { { "Cards", "OX,Boar,horse,elephant,Crab" }, { "DECK", "Senseis" } };
    char *message = NULL;
    void *pos = oni_try_new_game(options, 1, 1, &message);
    assert_non_null(pos);
    char *text = oni_position_string(pos);
    assert_string_equal(text, "ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab");
    g_free(text);
    g_free(pos);
    pos = oni_try_new_game(&options[1], 1, 1, &message);
    assert_non_null(pos);
    g_free(pos);
    /* A position string wins over options (which are then ignored). */
    DjSetup setup = { .position = "ssmss/5/5/5/SSMSS r ox,boar,horse,elephant,crab",
                      .options = bad[0].options, .n_options = 1 };
    pos = g_malloc0(ONI->state_size);
    assert_true(ONI->setup(pos, &setup, NULL));
    assert_int_equal(ONI->side_to_move(pos), 1);
    g_free(pos);
}

static void test_options_are_listed(void **state)
{
    (void)state;
    assert_non_null(ONI->options);
    assert_string_equal(ONI->options[0].name, "cards");
    assert_string_equal(ONI->options[1].name, "deck");
    assert_null(ONI->options[2].name);
    assert_string_equal(ONI->name, "onitama");
    assert_string_equal(ONI->title, "Onitama");
    assert_string_equal(ONI->side_names[0], "Blue");
    assert_string_equal(ONI->side_names[1], "Red");
    assert_int_equal(ONI->repetition_draw, 0);
    assert_int_equal(ONI->repetition_claim, 3);
    assert_false(ONI->perpetual_check_loses);
    assert_null(ONI->in_check);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_forms),
        cmocka_unit_test(test_canonical_round_trip),
        cmocka_unit_test(test_sea_snake_names),
        cmocka_unit_test(test_pass_forms),
        cmocka_unit_test(test_move_errors),
        cmocka_unit_test(test_position_round_trip),
        cmocka_unit_test(test_position_errors),
        cmocka_unit_test(test_option_errors),
        cmocka_unit_test(test_options_are_listed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
