/* tables.c: destination masks and Zobrist numbers, built once at first use.
 *
 * Built at run time rather than written out as literals so that the table
 * visibly follows the card list; building takes microseconds.  The
 * once-only guard uses C11 atomics (no GLib, no pthread library needed). */
#include "variants/onitama/position.h"

#include <stdatomic.h>

uint32_t onitama_reach[ONITAMA_CARD_COUNT][2][ONITAMA_SQUARES];
uint64_t onitama_zobrist_piece[2][2][ONITAMA_SQUARES];
uint64_t onitama_zobrist_card[ONITAMA_CARD_COUNT][3];
uint64_t onitama_zobrist_red_to_move;

/* SplitMix64: a fixed seed gives the same keys in every run, so keys in
 * saved data (opening books, test expectations) stay valid. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void build_reach(void)
{
    for (int id = 0; id < ONITAMA_CARD_COUNT; id++) {
        const OnitamaCard *card = onitama_card(id);
        for (int side = 0; side < 2; side++) {
            /* Red sits opposite Blue: its forward and right are Blue's
             * backward and left, so the card is turned 180 degrees. */
            int turn = side == ONITAMA_BLUE ? 1 : -1;
            for (int square = 0; square < ONITAMA_SQUARES; square++) {
                uint32_t reach = 0;
                for (int i = 0; i < card->n_offsets; i++) {
                    int file = onitama_file(square) + turn * card->offsets[i][0];
                    int rank = onitama_rank(square) + turn * card->offsets[i][1];
                    if (file >= 0 && file < ONITAMA_SIZE && rank >= 0 && rank < ONITAMA_SIZE)
                        reach |= onitama_bit(file + rank * ONITAMA_SIZE);
                }
                onitama_reach[id][side][square] = reach;
            }
        }
    }
}

static void build_zobrist(void)
{
    uint64_t state = 0x6F6E6974616D61ull;   /* "onitama" */
    for (int side = 0; side < 2; side++)
        for (int kind = 0; kind < 2; kind++)
            for (int square = 0; square < ONITAMA_SQUARES; square++)
                onitama_zobrist_piece[side][kind][square] = splitmix64(&state);
    for (int id = 0; id < ONITAMA_CARD_COUNT; id++)
        for (int holder = 0; holder < 3; holder++)
            onitama_zobrist_card[id][holder] = splitmix64(&state);
    onitama_zobrist_red_to_move = splitmix64(&state);
}

enum { TABLES_EMPTY, TABLES_BUILDING, TABLES_READY };
static atomic_int tables_state = TABLES_EMPTY;

void onitama_tables_init(void)
{
    if (atomic_load_explicit(&tables_state, memory_order_acquire) == TABLES_READY)
        return;
    int expected = TABLES_EMPTY;
    if (atomic_compare_exchange_strong(&tables_state, &expected, TABLES_BUILDING)) {
        build_reach();
        build_zobrist();
        atomic_store_explicit(&tables_state, TABLES_READY, memory_order_release);
        return;
    }
    /* Another thread is building: the work is tiny, so wait for it. */
    while (atomic_load_explicit(&tables_state, memory_order_acquire) != TABLES_READY)
        ;
}
