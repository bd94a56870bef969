/* test_onitama_perft.c: the published perft counts (docs/rules/onitama.md), depths
 * 1..6 for each of the four card sets.  Depths 7 and 8 are in the bench. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "framework/perft.h"
#include "tests/onitama/onitama_test.h"

typedef struct PerftRow {
    const char *cards;        /* `cards` option: Blue's two, Red's two, side card */
    int first_player;         /* the "Mover" column */
    uint64_t counts[6];       /* depths 1..6 */
} PerftRow;

/* The rules list the mover's cards first; the option lists Blue's first. */
static const PerftRow rows[] = {
    { "ox,boar,horse,elephant,crab", 0, { 10, 130, 1989, 28509, 487780, 7748422 } },
    { "rabbit,cobra,rooster,tiger,frog", 1, { 9, 72, 880, 10374, 138879, 1781181 } },
    { "goose,dragon,mantis,eel,crane", 0, { 10, 120, 1272, 16445, 211643, 2793554 } },
    { "monkey,tiger,crab,dragon,mantis", 1, { 11, 143, 1807, 23949, 325011, 4619275 } },
};

static void check_row(const PerftRow *row)
{
    void *pos = oni_new_game(row->cards);
    assert_int_equal(ONI->side_to_move(pos), row->first_player);
    vt_check_perft(ONI, pos, row->counts, 6, row->cards);
    g_free(pos);
}

static void test_perft_ox_boar(void **state) { (void)state; check_row(&rows[0]); }
static void test_perft_rooster_tiger(void **state) { (void)state; check_row(&rows[1]); }
static void test_perft_goose_dragon(void **state) { (void)state; check_row(&rows[2]); }
static void test_perft_crab_dragon(void **state) { (void)state; check_row(&rows[3]); }

/* Perft without bulk counting (every leaf played) agrees with count_moves. */
static void test_perft_without_bulk_counting(void **state)
{
    (void)state;
    void *pos = oni_new_game(rows[0].cards);
    assert_true(vt_perft_by_playing(ONI, pos, 5) == rows[0].counts[4]);
    g_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_ox_boar),
        cmocka_unit_test(test_perft_rooster_tiger),
        cmocka_unit_test(test_perft_goose_dragon),
        cmocka_unit_test(test_perft_crab_dragon),
        cmocka_unit_test(test_perft_without_bulk_counting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
