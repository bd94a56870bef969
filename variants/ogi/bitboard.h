/* bitboard.h: 64-bit sets of squares for the 8x8 Ōgi board.
 *
 * Square index = file + rank * 8 (a1 = 0, h1 = 7, a8 = 56), as in
 * framework/notation.h.  Bit `sq` of a Bitboard is set when the square is in
 * the set.  Everything here is inline and free of GLib: it sits in the move
 * generator's inner loops.
 */
#ifndef DOJO_VARIANTS_OGI_BITBOARD_H
#define DOJO_VARIANTS_OGI_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t Bitboard;

#define OGI_FILES 8
#define OGI_RANKS 8
#define OGI_SQUARES 64

#define BB_EMPTY ((Bitboard)0)
#define BB_SQ(sq) ((Bitboard)1 << (sq))
#define BB_FILE_A UINT64_C(0x0101010101010101)
#define BB_RANK_1 UINT64_C(0x00000000000000FF)
#define BB_FILE(f) (BB_FILE_A << (f))
#define BB_RANK(r) (BB_RANK_1 << (8 * (r)))

static inline int sq_file(int sq) { return sq & 7; }
static inline int sq_rank(int sq) { return sq >> 3; }
static inline int sq_make(int file, int rank) { return file + rank * 8; }

/* Number of squares in `b`. */
static inline int bb_count(Bitboard b) { return __builtin_popcountll(b); }

/* The lowest square of a non-empty `b`. */
static inline int bb_first(Bitboard b) { return __builtin_ctzll(b); }

/* Remove and return the lowest square of a non-empty *b. */
static inline int bb_pop(Bitboard *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}

/* Whether `b` has more than one square. */
static inline bool bb_several(Bitboard b) { return (b & (b - 1)) != 0; }

#endif /* DOJO_VARIANTS_OGI_BITBOARD_H */
