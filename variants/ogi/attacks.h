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
#ifndef DOJO_VARIANTS_OGI_ATTACKS_H
#define DOJO_VARIANTS_OGI_ATTACKS_H

#include "variants/ogi/bitboard.h"
#include "variants/ogi/position.h"

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

/* For the King of `king_colour` on `ksq`: out[type] is where an enemy piece
 * of that type would give check from (a piece of the enemy on x attacks ksq
 * exactly when the same piece of king_colour on ksq attacks x), the sliders
 * with the occupancy `occ`; out[OGI_KING] is empty.  One lookup per slider
 * serves every type that slides that way. */
static inline void ogi_check_squares(int king_colour, int ksq, Bitboard occ,
                                     Bitboard out[OGI_TYPES])
{
    Bitboard rook = ogi_rook_attacks(ksq, occ), bishop = ogi_bishop_attacks(ksq, occ);
    Bitboard king = ogi_step[0][OGI_STEP_KING][ksq];
    Bitboard jumps = ogi_step[0][OGI_STEP_CHESS_KNIGHT][ksq];
    Bitboard gold = ogi_step[king_colour][OGI_STEP_GOLD][ksq];
    out[OGI_PAWN] = ogi_step[king_colour][OGI_STEP_PAWN][ksq];
    out[OGI_LANCE] = rook & ogi_forward_ray[king_colour][ksq];
    out[OGI_KNIGHT] = ogi_step[king_colour][OGI_STEP_KNIGHT][ksq];
    out[OGI_SILVER] = ogi_step[king_colour][OGI_STEP_SILVER][ksq];
    out[OGI_BISHOP] = bishop;
    out[OGI_ROOK] = rook;
    out[OGI_PRINCESS] = bishop | jumps;
    out[OGI_KING] = BB_EMPTY;
    out[OGI_TOKIN] = out[OGI_PLANCE] = out[OGI_PKNIGHT] = out[OGI_PSILVER] = gold;
    out[OGI_HORSE] = bishop | king;
    out[OGI_DRAGON] = rook | king;
    out[OGI_PPRINCESS] = bishop | jumps | king;
}

/* The pieces of `colour` that reach `sq` without sliding (pawns, knights,
 * silvers, gold-movers, King steps, the princesses' jumps), whatever stands
 * between: ogi_attackers_to() less its sliders. */
static inline Bitboard ogi_stepping_attackers(const OgiPosition *pos, int sq, int colour)
{
    int other = colour ^ 1;
    const Bitboard *t = pos->by_type;
    Bitboard golds = t[OGI_TOKIN] | t[OGI_PLANCE] | t[OGI_PKNIGHT] | t[OGI_PSILVER];
    Bitboard king_steppers = t[OGI_KING] | t[OGI_HORSE] | t[OGI_DRAGON] | t[OGI_PPRINCESS];
    /* A piece of `colour` on x reaches sq exactly when the same piece of
     * the other colour on sq reaches x. */
    return ((ogi_step[other][OGI_STEP_PAWN][sq] & t[OGI_PAWN])
            | (ogi_step[other][OGI_STEP_KNIGHT][sq] & t[OGI_KNIGHT])
            | (ogi_step[other][OGI_STEP_SILVER][sq] & t[OGI_SILVER])
            | (ogi_step[other][OGI_STEP_GOLD][sq] & golds)
            | (ogi_step[0][OGI_STEP_KING][sq] & king_steppers)
            | (ogi_step[0][OGI_STEP_CHESS_KNIGHT][sq] & (t[OGI_PRINCESS] | t[OGI_PPRINCESS])))
         & pos->by_colour[colour];
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

#endif /* DOJO_VARIANTS_OGI_ATTACKS_H */
