/* test_table_entry.c: the transposition table's entry (table_entry.h):
 * every field comes back as it was written, only for the key it was
 * written for, and an entry torn between two writers (one's check word,
 * the other's data word, as threads writing at once can leave it) is
 * taken for neither position. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdint.h>
#include <string.h>

#include "framework/search/search_types.h"
#include "framework/search/table_entry.h"

#define KEY_A UINT64_C(0x9e3779b97f4a7c15)
#define KEY_B UINT64_C(0xc2b2ae3d27d4eb4f)
#define KEY_A_BUCKET (KEY_A ^ UINT64_C(0x5a5a000000000000))   /* A's bucket in any table */

static void assert_data_equal(TableData expected, TableData got)
{
    assert_int_equal(got.move, expected.move);
    assert_int_equal(got.score, expected.score);
    assert_int_equal(got.depth, expected.depth);
    assert_int_equal(got.bound, expected.bound);
    assert_int_equal(got.generation, expected.generation);
}

static void test_every_field_comes_back_as_written(void **state)
{
    (void)state;
    /* Mate scores as the table keeps them (score + ply), both signs, the
     * ends of the 16-bit fields, every bound, and the generations on both
     * sides of the wrap from 255 to 0 (which the table's ages count across). */
    /* Moves up to DJ_MOVE_LIMIT_MAX - 1 (24 bits): a game may declare a
     * move range above 1 << 16 (DjVariant.move_limit). */
    static const uint32_t moves[] = { 0, 1, 0x1234, UINT16_MAX, 1u << 16, 0x9a0001,
                                      DJ_MOVE_LIMIT_MAX - 1 };
    static const int16_t scores[] = {
        0, 1, -1, 37, -512, DJ_SCORE_WIN + DJ_SEARCH_MAX_PLY,
        -(DJ_SCORE_WIN + DJ_SEARCH_MAX_PLY), INT16_MAX, INT16_MIN,
    };
    static const uint8_t depths[] = { 0, 1, DJ_SEARCH_MAX_PLY - 1, UINT8_MAX };
    static const uint8_t generations[] = { 0, 1, 128, 254, 255 };
    int checked = 0;
    for (size_t m = 0; m < G_N_ELEMENTS(moves); m++)
        for (size_t sc = 0; sc < G_N_ELEMENTS(scores); sc++)
            for (size_t d = 0; d < G_N_ELEMENTS(depths); d++)
                for (uint8_t bound = 0; bound <= 3; bound++)
                    for (size_t g = 0; g < G_N_ELEMENTS(generations); g++) {
                        TableData written = {
                            .move = moves[m], .score = scores[sc], .depth = depths[d],
                            .bound = bound, .generation = generations[g],
                        };
                        TableEntry entry;
                        table_entry_write(&entry, KEY_A, written);
                        TableData read = { 0 };
                        assert_true(table_entry_read(&entry, KEY_A, &read));
                        assert_data_equal(written, read);
                        uint64_t data;
                        assert_true(table_entry_key(&entry, &data) == KEY_A);
                        assert_data_equal(written, table_data_unpack(data));
                        /* a move below 1 << 16 packs as it did in 16 bits */
                        if (moves[m] <= UINT16_MAX)
                            assert_true((data & 0xffffu) == moves[m] && data >> 56 == 0);
                        assert_false(table_entry_read(&entry, KEY_B, &read));
                        assert_false(table_entry_read(&entry, KEY_A ^ 1, &read));
                        checked++;
                    }
    assert_int_equal(checked, 7 * 9 * 4 * 4 * 5);
}

static void test_an_entry_is_read_only_for_its_key(void **state)
{
    (void)state;
    TableData data = { .move = 7, .score = -250, .depth = 9, .bound = 2, .generation = 3 };
    TableEntry entry;
    table_entry_write(&entry, KEY_B, data);
    TableData read = { .move = 99 };
    assert_false(table_entry_read(&entry, KEY_A, &read));
    assert_int_equal(read.move, 99);   /* a miss leaves *out alone */
    assert_true(table_entry_read(&entry, KEY_B, &read));
    assert_data_equal(data, read);
    /* Written over for another position, it is that position's. */
    table_entry_write(&entry, KEY_A, data);
    assert_false(table_entry_read(&entry, KEY_B, &read));
    assert_true(table_entry_read(&entry, KEY_A, &read));
}

static void test_a_torn_entry_is_neither_writers(void **state)
{
    (void)state;
    /* Two threads write the same entry, each for its own position; the
     * reader finds the check word of one beside the data word of the other. */
    TableData for_a = { .move = 0x0102, .score = 35, .depth = 12, .bound = 3, .generation = 5 };
    TableData for_b = { .move = 0x0304, .score = -900, .depth = 2, .bound = 1, .generation = 5 };
    TableEntry a, b;
    table_entry_write(&a, KEY_A, for_a);
    table_entry_write(&b, KEY_B, for_b);
    TableEntry torn_ab, torn_ba;
    table_entry_write(&torn_ab, KEY_A, for_a);
    atomic_store(&torn_ab.data, atomic_load(&b.data));
    table_entry_write(&torn_ba, KEY_A, for_a);
    atomic_store(&torn_ba.check, atomic_load(&b.check));
    const TableEntry *torn[] = { &torn_ab, &torn_ba };
    for (size_t i = 0; i < G_N_ELEMENTS(torn); i++) {
        TableData read;
        assert_false(table_entry_read(torn[i], KEY_A, &read));
        assert_false(table_entry_read(torn[i], KEY_B, &read));
        uint64_t data;
        uint64_t key = table_entry_key(torn[i], &data);
        assert_true(key != KEY_A && key != KEY_B);
    }
    /* As in a real tear the two positions share a bucket (their keys agree
     * in the low bits), and their data may differ in one field only: still
     * neither position's. */
    TableData deeper = for_a;
    deeper.depth = 13;
    TableEntry newer;
    table_entry_write(&newer, KEY_A_BUCKET, deeper);
    TableEntry torn_depth;
    table_entry_write(&torn_depth, KEY_A, for_a);
    atomic_store(&torn_depth.data, atomic_load(&newer.data));
    TableData read;
    assert_false(table_entry_read(&torn_depth, KEY_A, &read));
    assert_false(table_entry_read(&torn_depth, KEY_A_BUCKET, &read));
}

static void test_zeroed_memory_is_an_empty_entry(void **state)
{
    (void)state;
    /* The table is mapped zeroed and cleared to zero: that must read as
     * nobody's entry (key 0) with nothing in it. */
    TableEntry entry;
    memset(&entry, 0, sizeof entry);
    uint64_t data;
    assert_true(table_entry_key(&entry, &data) == 0);
    TableData empty = table_data_unpack(data);
    assert_int_equal(empty.move, 0);
    assert_int_equal(empty.depth, 0);
    assert_int_equal(empty.generation, 0);
    TableData read;
    assert_false(table_entry_read(&entry, KEY_A, &read));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_field_comes_back_as_written),
        cmocka_unit_test(test_an_entry_is_read_only_for_its_key),
        cmocka_unit_test(test_a_torn_entry_is_neither_writers),
        cmocka_unit_test(test_zeroed_memory_is_an_empty_entry),
    };
    return cmocka_run_group_tests_name("table entry", tests, NULL, NULL);
}
