/* attacks.h: precomputed attack sets for every Ōgi piece.
 *
 * Step pieces (pawn, shogi knight, silver, gold, king, and the chess-knight
 * jumps of the princess) come from tables indexed by colour and square.
 * Sliders (rook, bishop, and through them lance, princess, horse, dragon)
 * use PEXT bitboards when the compiler targets BMI2 (__BMI2__, which
 * meson.build turns on for x86-64 unless -Dportable=true) and "fancy" magic
 * bitboards otherwise; both index the same tables of attack sets.
 *
 * ogi_attacks_init() must have run (through ogi_tables_init) before any of
 * this is used.
 */
#ifndef OGI_ATTACKS_H
#define OGI_ATTACKS_H

#include "bitboard.h"
#include "position.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

typedef enum OgiStep {
    OGI_STEP_PAWN,
    OGI_STEP_KNIGHT,        /* shogi knight: two forward, one sideways */
    OGI_STEP_SILVER,
    OGI_STEP_GOLD,
    OGI_STEP_KING,
    OGI_STEP_CHESS_KNIGHT,  /* the princess's jumps (same for both colours) */
    OGI_STEP_KINDS
} OgiStep;

/* [colour][step kind][from]: the squares a piece of that colour reaches. */
extern Bitboard ogi_step[2][OGI_STEP_KINDS][OGI_SQUARES];

/* The squares strictly ahead of `sq` on its file, for `colour`. */
extern Bitboard ogi_forward_ray[2][OGI_SQUARES];

/* Squares strictly between two squares on one rank, file or diagonal;
 * empty for squares not so aligned. */
extern Bitboard ogi_between[OGI_SQUARES][OGI_SQUARES];

/* The whole rank, file or diagonal through two aligned squares (edge to
 * edge, both included); empty for squares not aligned. */
extern Bitboard ogi_line[OGI_SQUARES][OGI_SQUARES];

/* King steps between two squares (the larger of the file and rank
 * distances): 0 to 7. */
extern uint8_t ogi_distance[OGI_SQUARES][OGI_SQUARES];

/* The squares within two King steps of each square (a 5x5 box, cut at the
 * edges): where attackers count against a King's safety. */
extern Bitboard ogi_king_area[OGI_SQUARES];

/* [colour][King's square]: the King's flank, four files (a-d, c-f or e-h
 * as the King stands), in `colour`'s half of the board: where the enemy's
 * attacks count against the King's safety before they reach it. */
extern Bitboard ogi_king_flank[2][OGI_SQUARES];

/* The promotion zone of each colour: the three furthest ranks. */
extern const Bitboard ogi_zone[2];

/* Squares where `colour` may drop a `kind` without it being unable to move
 * (no P/L on the last rank, no N on the last two). */
extern Bitboard ogi_drop_squares[2][OGI_HAND_KINDS];

typedef struct OgiSlider {
    Bitboard mask;            /* relevant occupancy (no edge squares beyond the rays) */
    Bitboard magic;           /* unused with PEXT */
    const Bitboard *attacks;  /* into the shared attack table */
    unsigned shift;           /* 64 - bits in mask */
} OgiSlider;

extern OgiSlider ogi_rook_slider[OGI_SQUARES];
extern OgiSlider ogi_bishop_slider[OGI_SQUARES];

/* Build the tables.  Not thread-safe: ogi_tables_init() calls it once. */
void ogi_attacks_init(void);

static inline Bitboard ogi_slider_attacks(const OgiSlider *s, Bitboard occ)
{
#ifdef __BMI2__
    return s->attacks[_pext_u64(occ, s->mask)];
#else
    return s->attacks[((occ & s->mask) * s->magic) >> s->shift];
#endif
}

static inline Bitboard ogi_rook_attacks(int sq, Bitboard occ)
{
    return ogi_slider_attacks(&ogi_rook_slider[sq], occ);
}

static inline Bitboard ogi_bishop_attacks(int sq, Bitboard occ)
{
    return ogi_slider_attacks(&ogi_bishop_slider[sq], occ);
}

static inline Bitboard ogi_lance_attacks(int colour, int sq, Bitboard occ)
{
    return ogi_rook_attacks(sq, occ) & ogi_forward_ray[colour][sq];
}

/* The squares a piece of `colour` and `type` on `sq` attacks with occupancy
 * `occ` (own pieces included: the caller masks them out).  With a constant
 * type the switch folds away after inlining. */
static inline Bitboard ogi_piece_attacks(int colour, int type, int sq, Bitboard occ)
{
    switch (type) {
    case OGI_PAWN:      return ogi_step[colour][OGI_STEP_PAWN][sq];
    case OGI_LANCE:     return ogi_lance_attacks(colour, sq, occ);
    case OGI_KNIGHT:    return ogi_step[colour][OGI_STEP_KNIGHT][sq];
    case OGI_SILVER:    return ogi_step[colour][OGI_STEP_SILVER][sq];
    case OGI_BISHOP:    return ogi_bishop_attacks(sq, occ);
    case OGI_ROOK:      return ogi_rook_attacks(sq, occ);
    case OGI_PRINCESS:  return ogi_bishop_attacks(sq, occ) | ogi_step[0][OGI_STEP_CHESS_KNIGHT][sq];
    case OGI_KING:      return ogi_step[0][OGI_STEP_KING][sq];
    case OGI_TOKIN:
    case OGI_PLANCE:
    case OGI_PKNIGHT:
    case OGI_PSILVER:   return ogi_step[colour][OGI_STEP_GOLD][sq];
    case OGI_HORSE:     return ogi_bishop_attacks(sq, occ) | ogi_step[0][OGI_STEP_KING][sq];
    case OGI_DRAGON:    return ogi_rook_attacks(sq, occ) | ogi_step[0][OGI_STEP_KING][sq];
    case OGI_PPRINCESS:
        return ogi_bishop_attacks(sq, occ) | ogi_step[0][OGI_STEP_CHESS_KNIGHT][sq]
             | ogi_step[0][OGI_STEP_KING][sq];
    default:            return BB_EMPTY;
    }
}

#endif /* OGI_ATTACKS_H */
