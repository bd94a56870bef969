/* position.h: the Onitama position, the move encoding and the precomputed
 * tables, shared by the files of this variant (not by the framework).
 *
 * Board: 25-bit bitboards, bit i = square i = file + rank * 5, with a1 = 0
 * and e5 = 24, as seen by Blue (side 0) at the bottom.
 *
 * A position is 32 plain bytes, copied freely by the framework:
 *   pieces[s]   every piece of side s (master included)
 *   masters[s]  side s's master (0 once it has been captured)
 *   cards[]     card ids: [0], [1] Blue's hand, [2], [3] Red's hand,
 *               [4] the side card.  The order inside a hand carries no
 *               meaning for the rules (the key ignores it).
 *   side        side to move
 *   key         Zobrist key: pieces by side, kind and square; each card by
 *               holder (Blue, Red or side card); the side to move.
 *
 * A move is  to | from << 5 | card << 10  (card id 0..31), so every move is
 * below 1 << 15.  A pass uses from = to = ONITAMA_PASS_SQUARE; an ordinary
 * move has from != to, so no move is ever 0.
 */
#ifndef DOJO_VARIANTS_ONITAMA_POSITION_H
#define DOJO_VARIANTS_ONITAMA_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "framework/game.h"
#include "variants/onitama/cards.h"

#define ONITAMA_SIZE 5
#define ONITAMA_SQUARES 25
#define ONITAMA_BLUE 0
#define ONITAMA_RED 1
#define ONITAMA_SIDE_SLOT 4          /* cards[4] is the side card */
#define ONITAMA_PASS_SQUARE 31
#define ONITAMA_MAX_MOVES 40         /* 5 pieces x 2 cards x 4 offsets */

/* Each side's temple: where its master starts (c1 for Blue, c5 for Red). */
#define ONITAMA_TEMPLE_BLUE 2
#define ONITAMA_TEMPLE_RED 22

typedef struct OnitamaPosition {
    uint64_t key;
    uint32_t pieces[2];
    uint32_t masters[2];
    uint8_t cards[5];
    uint8_t side;
} OnitamaPosition;

/* ---- moves ------------------------------------------------------------ */

static inline DjMove onitama_move_make(int card, int from, int to)
{
    return (DjMove)(to | from << 5 | card << 10);
}
static inline DjMove onitama_move_pass(int card)
{
    return onitama_move_make(card, ONITAMA_PASS_SQUARE, ONITAMA_PASS_SQUARE);
}
static inline int onitama_move_to(DjMove move) { return (int)(move & 31u); }
static inline int onitama_move_from(DjMove move) { return (int)((move >> 5) & 31u); }
static inline int onitama_move_card(DjMove move) { return (int)((move >> 10) & 31u); }
static inline bool onitama_move_is_pass(DjMove move)
{
    return onitama_move_from(move) == ONITAMA_PASS_SQUARE;
}

/* ---- squares and bits --------------------------------------------------- */

static inline uint32_t onitama_bit(int square) { return 1u << square; }
static inline int onitama_popcount(uint32_t bits) { return __builtin_popcount(bits); }
/* The lowest set square of a non-zero board. */
static inline int onitama_lowest(uint32_t bits) { return __builtin_ctz(bits); }
static inline int onitama_file(int square) { return square % ONITAMA_SIZE; }
static inline int onitama_rank(int square) { return square / ONITAMA_SIZE; }

/* The temple side `side` must reach to win by the Way of the Stream. */
static inline int onitama_enemy_temple(int side)
{
    return side == ONITAMA_BLUE ? ONITAMA_TEMPLE_RED : ONITAMA_TEMPLE_BLUE;
}

/* ---- tables (tables.c) -------------------------------------------------- */

/* Destination masks: onitama_reach[card][side][square] is every square a
 * piece of `side` on `square` may jump to with `card`, own pieces not yet
 * removed. */
extern uint32_t onitama_reach[ONITAMA_CARD_COUNT][2][ONITAMA_SQUARES];

/* Zobrist numbers. */
extern uint64_t onitama_zobrist_piece[2][2][ONITAMA_SQUARES];   /* [side][is_master][square] */
extern uint64_t onitama_zobrist_card[ONITAMA_CARD_COUNT][3];    /* [card][Blue, Red, side card] */
extern uint64_t onitama_zobrist_red_to_move;

/* Build the tables above once; safe to call from any number of threads at
 * the same time, cheap after the first call.  setup() calls it, so every
 * function that receives a position may assume the tables are ready. */
void onitama_tables_init(void);

/* Which holder (0 Blue, 1 Red, 2 side card) the card in `slot` belongs to. */
static inline int onitama_slot_holder(int slot) { return slot / 2; }

#endif
