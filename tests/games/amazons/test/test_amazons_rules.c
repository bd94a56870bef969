/* test_amazons_rules.c: the test game's rules, notation and whole-turn
 * perft.  The counts are checked against a brute force of this file's own
 * (squares as (file, rank) pairs, lines walked step by step), which shares
 * no code with the game's generator, at the start and at positions of
 * random games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "framework/perft.h"
#include "framework/registry.h"
#include "tests/support/variant_test.h"

static const DjVariant *game(const char *name)
{
    const DjVariant *v = dj_registry_find(name);
    if (v == NULL)
        fail_msg("the test game %s is not built (-Dtest_games=amazons)", name);
    return v;
}

/* ---- the brute force ------------------------------------------------------ */

typedef struct Board {
    char cell[7][7];   /* [file][rank]: 'W', 'B', 'x' or '.' */
    int side;          /* 0 White, 1 Black */
} Board;

/* Reads only the board and the side of a position string between turns. */
static void board_from_text(const char *text, Board *b)
{
    int file = 0, rank = 6;
    const char *c = text;
    for (; *c != ' '; c++) {
        if (*c == '/') {
            rank--;
            file = 0;
        } else if (*c >= '1' && *c <= '7') {
            for (int k = 0; k < *c - '0'; k++)
                b->cell[file++][rank] = '.';
        } else {
            b->cell[file++][rank] = *c;
        }
    }
    b->side = c[1] == 'w' ? 0 : 1;
}

static const int steps[8][2] = {
    { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 },
};

static uint64_t brute_turns(Board *b, int turns)
{
    if (turns == 0)
        return 1;
    char me = b->side == 0 ? 'W' : 'B';
    uint64_t total = 0;
    for (int f = 0; f < 7; f++) for (int r = 0; r < 7; r++) {
        if (b->cell[f][r] != me)
            continue;
        for (int d = 0; d < 8; d++) {
            for (int tf = f + steps[d][0], tr = r + steps[d][1];
                 tf >= 0 && tf < 7 && tr >= 0 && tr < 7 && b->cell[tf][tr] == '.';
                 tf += steps[d][0], tr += steps[d][1]) {
                b->cell[f][r] = '.';
                b->cell[tf][tr] = me;
                for (int e = 0; e < 8; e++) {
                    for (int af = tf + steps[e][0], ar = tr + steps[e][1];
                         af >= 0 && af < 7 && ar >= 0 && ar < 7 && b->cell[af][ar] == '.';
                         af += steps[e][0], ar += steps[e][1]) {
                        b->cell[af][ar] = 'x';
                        b->side ^= 1;
                        total += brute_turns(b, turns - 1);
                        b->side ^= 1;
                        b->cell[af][ar] = '.';
                    }
                }
                b->cell[tf][tr] = '.';
                b->cell[f][r] = me;
            }
        }
    }
    return total;
}

/* The framework's counts of both variants from the position string `text`
 * against the brute force, 1..max_turns turns. */
static void check_counts(const char *text, int max_turns)
{
    const DjVariant *two = game("amazons"), *one = game("amazons1");
    void *pos2 = vt_position(two, text), *pos1 = vt_position(one, text);
    for (int turns = 1; turns <= max_turns; turns++) {
        Board b;
        board_from_text(text, &b);
        uint64_t expected = brute_turns(&b, turns);
        uint64_t counts[4] = {
            dj_perft_turns(two, pos2, turns, NULL),
            dj_perft_turns(one, pos1, turns, NULL),
            dj_perft(one, pos1, turns),
            dj_perft(two, pos2, 2 * turns),
        };
        static const char *const names[4] = {
            "amazons --turns", "amazons1 --turns", "amazons1 (moves)", "amazons (2N moves)",
        };
        for (int i = 0; i < 4; i++) {
            if (counts[i] != expected)
                fail_msg("%s: %d turns: %s counts %" G_GUINT64_FORMAT ", the brute force %"
                         G_GUINT64_FORMAT, text, turns, names[i], counts[i], expected);
        }
    }
    g_free(pos2);
    g_free(pos1);
}

static void test_perft_turns_at_the_start(void **state)
{
    (void)state;
    check_counts("2B1B2/7/7/7/7/7/2W1W2 w", 2);
    /* the figures rules.md quotes */
    void *pos = vt_new_game(game("amazons"), NULL, 0);
    assert_int_equal(dj_perft_turns(game("amazons"), pos, 1, NULL), 512);
    assert_int_equal(dj_perft_turns(game("amazons"), pos, 2, NULL), 219156);
    assert_int_equal(dj_perft(game("amazons"), pos, 1), 28);
    g_free(pos);
}

/* Positions of random games of whole turns (amazons1), a few turns deep
 * where the board has filled up. */
static void test_perft_turns_in_random_games(void **state)
{
    (void)state;
    const DjVariant *one = game("amazons1");
    GRand *rand = g_rand_new_with_seed(66);
    int checked = 0;
    for (int g = 0; g < 6; g++) {
        void *pos = vt_new_game(one, NULL, 0);
        for (int ply = 0; ply < 40; ply++) {
            DjMove moves[1200];
            int n = one->legal_moves(pos, moves);
            if (n == 0)
                break;
            one->play(pos, moves[g_rand_int_range(rand, 0, n)]);
            if (ply >= 12 && ply % 4 == 0) {
                char *text = vt_position_string(one, pos);
                check_counts(text, ply >= 20 ? 3 : 2);
                g_free(text);
                checked++;
            }
        }
        g_free(pos);
    }
    g_rand_free(rand);
    assert_true(checked >= 12);
}

/* A turn in the middle: the rest of it is the first turn counted. */
static void test_perft_turns_from_the_middle_of_a_turn(void **state)
{
    (void)state;
    const DjVariant *two = game("amazons");
    void *pos = vt_position(two, "2B1B2/7/7/7/7/3W3/2W4 w d2");
    int n = 0;
    g_free(vt_moves_text(two, pos, false, &n));
    assert_int_equal(dj_perft_turns(two, pos, 1, NULL), (uint64_t)n);
    assert_int_equal(dj_perft_turns(two, pos, 2, NULL), dj_perft(two, pos, 3));
    g_free(pos);
}

/* ---- notation and codes ----------------------------------------------------- */

static void test_whole_turn_codes_pass_the_old_limit(void **state)
{
    (void)state;
    const DjVariant *one = game("amazons1");
    assert_true(one->move_limit > DJ_MOVE_LIMIT);
    void *pos = vt_new_game(one, NULL, 0);
    DjMove move = vt_move(one, pos, "e1-e6/a6");
    assert_true(move >= DJ_MOVE_LIMIT);
    assert_true(move < one->move_limit);
    /* and every code of the start is below the game's limit */
    DjMove moves[1200];
    int n = one->legal_moves(pos, moves), above = 0;
    for (int i = 0; i < n; i++) {
        assert_true(moves[i] != DJ_MOVE_NONE && moves[i] < one->move_limit);
        above += moves[i] >= DJ_MOVE_LIMIT;
    }
    assert_true(above > 0);
    g_free(pos);
}

static void test_notation(void **state)
{
    (void)state;
    const DjVariant *one = game("amazons1"), *two = game("amazons");
    void *pos1 = vt_new_game(one, NULL, 0);
    assert_int_equal(vt_move(one, pos1, "e1e6 e2"), vt_move(one, pos1, "e1-e6/e2"));
    g_autofree char *short_turn = vt_move_error(one, pos1, "e1-e6");
    vt_assert_contains(short_turn, "three squares");
    void *pos2 = vt_new_game(two, NULL, 0);
    void *mid = vt_after(two, pos2, "e1-e6");
    g_autofree char *mid_text = vt_position_string(two, mid);
    assert_string_equal(mid_text, "2B1B2/4W2/7/7/7/7/2W4 w e6");
    assert_int_equal(vt_move(two, mid, "/e2"), vt_move(two, mid, "e2"));
    g_autofree char *refused = vt_move_error(two, mid, "c1-c4");
    vt_assert_contains(refused, "arrow");
    g_autofree char *error = vt_position_error(one, "2B1B2/4W2/7/7/7/7/2W4 w e6");
    vt_assert_contains(error, "one move");
    g_free(mid);
    g_free(pos1);
    g_free(pos2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_turns_at_the_start),
        cmocka_unit_test(test_perft_turns_in_random_games),
        cmocka_unit_test(test_perft_turns_from_the_middle_of_a_turn),
        cmocka_unit_test(test_whole_turn_codes_pass_the_old_limit),
        cmocka_unit_test(test_notation),
    };
    return cmocka_run_group_tests_name("amazons rules", tests, NULL, NULL);
}
