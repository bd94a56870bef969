/* table_entry.h: one entry of the search's transposition table (search.c
 * keeps the table; this header is its own so that tests can reach the
 * entry).
 *
 * With threads (Lazy SMP) several searches read and write the same entries
 * at once.  An entry is two 64-bit words, each read and written as a whole
 * (relaxed atomics: plain moves on x86-64 and arm64, and no data race), but
 * the pair is not: a reader can find one writer's data word beside another
 * writer's check word.  So the check word is the key XORed with the data
 * word (Hyatt and Mann's lockless table): a torn pair gives back neither
 * writer's key and reads as a miss, instead of passing one position's
 * score, depth and bound off as another's.  A lock per entry would cost
 * more than the rare torn entry does. */
#ifndef DOJO_FRAMEWORK_SEARCH_TABLE_ENTRY_H
#define DOJO_FRAMEWORK_SEARCH_TABLE_ENTRY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* All zero bytes (as the table is mapped, or cleared) is an empty entry:
 * key 0, depth 0, generation 0. */
typedef struct TableEntry {
    _Atomic uint64_t check;   /* key ^ data */
    _Atomic uint64_t data;    /* a TableData, as table_data_pack packs it */
} TableEntry;

_Static_assert(sizeof(TableEntry) == 16, "an entry is 16 bytes");

/* What an entry says about its position.  A move is kept in 24 bits (so
 * DJ_MOVE_LIMIT_MAX): its low 16 in the word's low 16 and its high 8 in
 * the word's top byte, so that moves below 1 << 16 pack as they always
 * did. */
typedef struct TableData {
    uint32_t move;
    int16_t score;
    uint8_t depth;
    uint8_t bound;
    uint8_t generation;
} TableData;

static inline uint64_t table_data_pack(TableData d)
{
    return (uint64_t)(d.move & 0xffffu) | (uint64_t)(uint16_t)d.score << 16
           | (uint64_t)d.depth << 32 | (uint64_t)d.bound << 40 | (uint64_t)d.generation << 48
           | (uint64_t)(d.move >> 16 & 0xffu) << 56;
}

static inline TableData table_data_unpack(uint64_t data)
{
    return (TableData){
        .move = (uint32_t)(data & 0xffffu) | (uint32_t)(data >> 56) << 16,
        .score = (int16_t)(uint16_t)(data >> 16),
        .depth = (uint8_t)(data >> 32),
        .bound = (uint8_t)(data >> 40),
        .generation = (uint8_t)(data >> 48),
    };
}

/* Write `d` into `e` for the position of `key`. */
static inline void table_entry_write(TableEntry *e, uint64_t key, TableData d)
{
    uint64_t data = table_data_pack(d);
    atomic_store_explicit(&e->check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
}

/* The key `e` was written for, and its data word in *data.  Of a torn
 * entry, a key that is neither writer's (and almost surely no position's). */
static inline uint64_t table_entry_key(const TableEntry *e, uint64_t *data)
{
    *data = atomic_load_explicit(&e->data, memory_order_relaxed);
    return atomic_load_explicit(&e->check, memory_order_relaxed) ^ *data;
}

/* True, with its data in *out, when `e` holds the position of `key` whole;
 * false for another position's entry and for a torn one. */
static inline bool table_entry_read(const TableEntry *e, uint64_t key, TableData *out)
{
    uint64_t data;
    if (table_entry_key(e, &data) != key)
        return false;
    *out = table_data_unpack(data);
    return true;
}

#endif
