/* test_ogi_perft.c: the published perft counts from the start position
 * (docs/rules/ogi.md), depths 1..4; depths 5 (8490025) and 6 (205167370)
 * are in the bench.  Positions with mates inside the tree.  Also perft
 * without bulk counting, every leaf played, agreeing with count_moves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "framework/perft.h"
#include "tests/ogi/ogi_test.h"

static const uint64_t start_counts[] = { 25, 625, 14825, 356853 };

static void test_perft_start(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    vt_check_perft(OGI, pos, start_counts, 4, "start");
    g_free(pos);
}

/* Positions from random games with mates inside their trees (a mated
 * position has no move and counts 0, as in shogi perft: perft.h).  The
 * counts agree with Fairy-Stockfish playing these rules; counting a mate as
 * a leaf would give 18050, 81486 and 14838 at depth 3. */
typedef struct MatePerft {
    const char *position;
    uint64_t counts[4];   /* depths 1..4; 0: not checked here */
} MatePerft;

static const MatePerft mate_positions[] = {
    { "1nsiksnl/l3r1b1/2pppppp/pp3I2/7P/PPPPPPP1/1B2S1R1/LNS1K1NL w - 10",
      { 25, 793, 18035, 563588 } },
    { "1nS1k3/ls1r2bl/1pp2nPp/p3Si1P/PPPp2p1/3+p4/LB1S1K1R/1N2I1NL b P3p 75",
      { 48, 2078, 81445, 0 } },
    { "lns2snl/1rI2kb1/p1p1pp1p/3p1Pp1/1p4IP/PPPP2PN/1B2R2L/LNS1KS2 w p 22",
      { 19, 781, 14836, 0 } },
};

static void test_perft_with_mates_inside(void **state)
{
    (void)state;
    for (size_t i = 0; i < G_N_ELEMENTS(mate_positions); i++) {
        void *pos = ogi_test_position(mate_positions[i].position);
        for (int depth = 1; depth <= 4; depth++) {
            uint64_t expected = mate_positions[i].counts[depth - 1];
            if (expected == 0)
                continue;
            uint64_t count = dj_perft(OGI, pos, depth);
            if (count != expected) {
                fail_msg("%s depth %d: %llu, expected %llu", mate_positions[i].position,
                         depth, (unsigned long long)count, (unsigned long long)expected);
            }
        }
        g_free(pos);
    }
}

/* The start position string gives the same tree as a new game. */
static void test_perft_start_from_string(void **state)
{
    (void)state;
    void *pos = ogi_test_position(OGI_START);
    assert_int_equal(dj_perft(OGI, pos, 3), start_counts[2]);
    g_free(pos);
}

/* Depth 1 of docs/rules/ogi.md, move by move: 8 pawn moves, 5 rook, 3
 * princess, 3 king, 2+2 silver, 1+1 lance. */
static void test_start_moves(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    char *moves = ogi_test_moves_text(pos, NULL);
    assert_string_equal(moves,
                        "a1a2, a3a4, b3b4, c1c2, c1d2, c3c4, d1c2, d1e2, d1f2, d3d4, e1d2, e1e2, "
                        "e1f2, e3e4, f1e2, f1f2, f3f4, g2c2, g2d2, g2e2, g2f2, g2h2, g3g4, h1h2, h3h4");
    g_free(moves);
    g_free(pos);
}

static void test_perft_by_playing(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    assert_int_equal(vt_perft_by_playing(OGI, pos, 3), start_counts[2]);
    g_free(pos);
}

/* Divide at depth 3 adds up and names every root move once. */
static void count_root(const char *move_text, uint64_t count, void *user_data)
{
    GHashTable *seen = user_data;
    assert_false(g_hash_table_contains(seen, move_text));
    assert_true(count > 0);
    g_hash_table_add(seen, g_strdup(move_text));
}

static void test_perft_divide(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    assert_int_equal(dj_perft_divide(OGI, pos, 3, count_root, seen), start_counts[2]);
    assert_int_equal(g_hash_table_size(seen), 25);
    g_hash_table_destroy(seen);
    g_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_start),
        cmocka_unit_test(test_perft_start_from_string),
        cmocka_unit_test(test_perft_with_mates_inside),
        cmocka_unit_test(test_start_moves),
        cmocka_unit_test(test_perft_by_playing),
        cmocka_unit_test(test_perft_divide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
