/* test_othello_bugs.c: the rule bugs a newcomer's Othello had, planted one
 * at a time in a small Othello (othello6.h), are each caught by a generic
 * check of rules.h, and the correct game passes every one of them:
 *
 *   flips in four directions only      perft against the published counts
 *   a pass offered beside placements   the pass check (and perft)
 *   the last mover declared the winner the result check (most pieces)
 *   the game ended when only the side  the result check (neither side can
 *   to move is stuck                   move)
 *
 * The correct game passes the checks of properties.h too; those alone (the
 * mirror, the bytes, the records) catch none of the four bugs, which is
 * why the game's declarations are checked.
 *
 * Nobody publishes perft counts of 6x6 Othello that were at hand, so the
 * game's counts were made by an independent generator, a bitboard one
 * written here apart from othello6.c, and this test counts them again. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "tests/conformance/othello6.h"
#include "tests/conformance/planted.h"
#include "tests/conformance/properties.h"
#include "tests/conformance/rules.h"

#define BASE_SEED 0x07e1100u
#define GAMES 40
#define MAX_PLIES 80            /* a 6x6 game has at most 32 placements and few passes */
#define PERFT_MAX_LEAVES 2000000
#define PROPERTY_GAMES 12

/* ---- the independent count: bitboards, square = file + 6 * rank ---------- */

#define FULL ((UINT64_C(1) << 36) - 1)
#define FILE_A UINT64_C(0x041041041)          /* squares 0, 6, 12, ..., 30 */
#define FILE_F (FILE_A << 5)

/* The eight directions as shifts of the board, with the wrapped file cleared. */
static uint64_t shift(uint64_t b, int d)
{
    switch (d) {
    case 0: return (b << 1) & ~FILE_A & FULL;    /* east */
    case 1: return (b >> 1) & ~FILE_F;           /* west */
    case 2: return (b << 6) & FULL;              /* north */
    case 3: return b >> 6;                       /* south */
    case 4: return (b << 7) & ~FILE_A & FULL;    /* north-east */
    case 5: return (b << 5) & ~FILE_F & FULL;    /* north-west */
    case 6: return (b >> 5) & ~FILE_A;           /* south-east */
    default: return (b >> 7) & ~FILE_F;          /* south-west */
    }
}

static uint64_t bb_moves(uint64_t own, uint64_t other)
{
    uint64_t empty = ~(own | other) & FULL, moves = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = shift(own, d) & other;
        for (int k = 0; k < 4; k++)
            run |= shift(run, d) & other;
        moves |= shift(run, d) & empty;
    }
    return moves;
}

static uint64_t bb_flips(uint64_t own, uint64_t other, uint64_t placed)
{
    uint64_t flipped = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = 0, b = shift(placed, d);
        while (b & other) {
            run |= b;
            b = shift(b, d);
        }
        if (b & own)
            flipped |= run;
    }
    return flipped;
}

/* Leaves `depth` plies below: a pass is a ply; a game neither side can
 * move in is a leaf wherever it stands. */
static uint64_t bb_perft(uint64_t own, uint64_t other, int depth)
{
    if (depth == 0)
        return 1;
    uint64_t moves = bb_moves(own, other);
    if (moves == 0)
        return bb_moves(other, own) == 0 ? 1 : bb_perft(other, own, depth - 1);
    uint64_t total = 0;
    for (; moves != 0; moves &= moves - 1) {
        uint64_t placed = moves & (~moves + 1);
        uint64_t f = bb_flips(own, other, placed);
        total += bb_perft(other ^ f, own | placed | f, depth - 1);
    }
    return total;
}

static void test_the_counts_are_counted_again_independently(void **state)
{
    (void)state;
    const DjVariant *v = othello6_variant(OTHELLO6_CORRECT);
    /* the start: Black (to move) on d3 and c4, White on c3 and d4 */
    uint64_t black = (UINT64_C(1) << (3 + 2 * 6)) | (UINT64_C(1) << (2 + 3 * 6));
    uint64_t white = (UINT64_C(1) << (2 + 2 * 6)) | (UINT64_C(1) << (3 + 3 * 6));
    int n = 0;
    for (const DjPerftCount *c = v->perft_counts; c->position != NULL; c++, n++) {
        assert_string_equal(c->position, OTHELLO6_START);
        uint64_t counted = bb_perft(black, white, c->depth);
        if (counted != c->leaves)
            fail_msg("perft %d: the bitboard count is %" G_GUINT64_FORMAT ", the table "
                     "says %" G_GUINT64_FORMAT, c->depth, counted, c->leaves);
    }
    assert_true(n >= 5);
}

/* ---- the checks, on the correct game and on each bug ------------------------ */

static const DjVariant *game;

static void run_rules(void *data)
{
    (void)data;
    conf_check_rules(game, conf_base_seed(BASE_SEED), GAMES, MAX_PLIES, NULL);
}

static void run_perft_counts(void *data)
{
    (void)data;
    conf_check_perft_counts(game, PERFT_MAX_LEAVES);
}

static void test_the_correct_game_passes(void **state)
{
    (void)state;
    game = othello6_variant(OTHELLO6_CORRECT);
    ConfRulesTally tally;
    conf_check_rules(game, conf_base_seed(BASE_SEED), GAMES, MAX_PLIES, &tally);
    g_printerr("othello6: %d games, %d ended, %d by a declared rule, %d positions, %d where "
               "a pass was the move\n", tally.games, tally.ends, tally.ends_declared,
               tally.positions, tally.pass_positions);
    /* the checks had something to check: ends by the count, and passes */
    assert_int_equal(tally.ends, GAMES);
    assert_int_equal(tally.ends_declared, GAMES);
    assert_true(tally.pass_positions > 0);
    assert_true(conf_check_perft_counts(game, PERFT_MAX_LEAVES) >= 5);
    /* and the other checks of any game's properties (properties.h) */
    conf_check_properties(game, conf_base_seed(BASE_SEED), PROPERTY_GAMES);
}

static void test_flips_in_four_directions_are_caught(void **state)
{
    (void)state;
    game = othello6_variant(OTHELLO6_FOUR_DIRECTIONS);
    planted_expect_failure(run_perft_counts, NULL, "but the published count is");
}

static void test_a_pass_beside_placements_is_caught(void **state)
{
    (void)state;
    game = othello6_variant(OTHELLO6_PASS_BESIDE_MOVES);
    planted_expect_failure(run_rules, NULL, "a pass is offered beside");
    planted_expect_failure(run_perft_counts, NULL, "but the published count is");
}

static void test_the_last_mover_as_winner_is_caught(void **state)
{
    (void)state;
    game = othello6_variant(OTHELLO6_LAST_MOVER_WINS);
    planted_expect_failure(run_rules, NULL, "by the declared rule DJ_RESULT_MOST_PIECES the "
                                            "result is");
}

static void test_an_end_with_one_side_stuck_is_caught(void **state)
{
    (void)state;
    game = othello6_variant(OTHELLO6_ENDS_WHEN_ONE_STUCK);
    planted_expect_failure(run_rules, NULL, "can still move, and the declared rule "
                                            "DJ_RESULT_MOST_PIECES ends it only when neither");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_counts_are_counted_again_independently),
        cmocka_unit_test(test_the_correct_game_passes),
        cmocka_unit_test(test_flips_in_four_directions_are_caught),
        cmocka_unit_test(test_a_pass_beside_placements_is_caught),
        cmocka_unit_test(test_the_last_mover_as_winner_is_caught),
        cmocka_unit_test(test_an_end_with_one_side_stuck_is_caught),
    };
    return cmocka_run_group_tests_name("othello bugs", tests, NULL, NULL);
}
