/* position.h: the Ōgi position, its pieces and its move encoding.
 *
 * Internal to variants/ogi/: the framework sees a position only as
 * `state_size` bytes (game.h) and copies it with memcpy, so OgiPosition holds
 * no pointers.  Sides: 0 = Black (Sente, bottom, moves first, "forward" is
 * towards rank 8), 1 = White (Gote).
 */
#ifndef DOJO_VARIANTS_OGI_POSITION_H
#define DOJO_VARIANTS_OGI_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "variants/ogi/bitboard.h"

enum { OGI_BLACK = 0, OGI_WHITE = 1 };

/* Piece kinds.  The seven that promote come first and their promoted forms
 * are exactly 8 higher, so unpromoting is `type & 7` and the hand kinds are
 * 0..6.  The promoted pawn, lance, knight and silver all move like a gold. */
typedef enum OgiType {
    OGI_PAWN = 0,
    OGI_LANCE,
    OGI_KNIGHT,
    OGI_SILVER,
    OGI_BISHOP,
    OGI_ROOK,
    OGI_PRINCESS,
    OGI_KING,
    OGI_TOKIN,       /* +P */
    OGI_PLANCE,      /* +L */
    OGI_PKNIGHT,     /* +N */
    OGI_PSILVER,     /* +S */
    OGI_HORSE,       /* +B */
    OGI_DRAGON,      /* +R */
    OGI_PPRINCESS,   /* +I */
    OGI_TYPES        /* 15 */
} OgiType;

#define OGI_HAND_KINDS 7   /* P L N S B R I: what can be held and dropped */
#define OGI_PROMOTION 8    /* type + OGI_PROMOTION = promoted type */

static inline bool ogi_type_promotes(int type) { return type < OGI_KING; }
static inline int ogi_type_base(int type) { return type & 7; }

/* A mailbox entry: 0 for an empty square, else colour * 16 + type + 1. */
#define OGI_NO_PIECE 0
static inline uint8_t ogi_piece(int colour, int type) { return (uint8_t)((colour << 4) | (type + 1)); }
static inline int ogi_piece_type(uint8_t piece) { return (piece & 15) - 1; }
static inline int ogi_piece_colour(uint8_t piece) { return piece >> 4; }

/* How many of each base kind (indexed by OgiType, OGI_PAWN..OGI_KING) one
 * side starts with: 8 pawns, 2 lances, knights and silvers, 1 of the rest. */
extern const int ogi_set_count[OGI_KING + 1];

/* Room for this many hidden units' sums in a position (net_features.h):
 * a wider network is summed anew at each evaluation. */
#define OGI_NET_SUMS 64

typedef struct OgiPosition {
    Bitboard by_type[OGI_TYPES];      /* both colours */
    Bitboard by_colour[2];
    uint64_t key;                     /* Zobrist: board, hands, side to move */
    uint32_t move_number;             /* SFEN style: 1 before Black's first move, +1 each ply */
    uint8_t board[OGI_SQUARES];       /* mailbox, see ogi_piece() */
    uint8_t hand[2][8];               /* [colour][hand kind 0..6]; [7] unused, always 0 */
    uint8_t side;                     /* side to move */
    uint8_t king_sq[2];
    int8_t balance[OGI_TYPES];        /* Black's pieces of each type on the board less White's */
    /* The learnt evaluation's hidden sums from each colour's point of view,
     * kept move by move (net_features.c), and the DjNet.id of the network
     * they were made for: 0 when none is loaded or it cannot keep them.
     * They are a function of the rest and of the network loaded. */
    uint32_t net_id;
    int16_t net_sums[2][OGI_NET_SUMS];
} OgiPosition;

/* ---- moves ---------------------------------------------------------------
 * bits 0-5   to-square
 * bits 6-11  from-square, or the hand kind for a drop
 * bit 12     the move promotes (never set on a drop)
 * bit 13     drop
 * A board move has from != to and a drop has bit 13, so no move is 0; all are
 * below 1 << 14 < DJ_MOVE_LIMIT. */
#define OGI_MOVE_PROMOTE (1u << 12)
#define OGI_MOVE_DROP (1u << 13)

static inline uint32_t ogi_move(int from, int to) { return ((uint32_t)from << 6) | (uint32_t)to; }
static inline uint32_t ogi_move_promoting(int from, int to) { return ogi_move(from, to) | OGI_MOVE_PROMOTE; }
static inline uint32_t ogi_drop(int kind, int to) { return OGI_MOVE_DROP | ((uint32_t)kind << 6) | (uint32_t)to; }
static inline int ogi_move_to(uint32_t m) { return (int)(m & 63); }
static inline int ogi_move_from(uint32_t m) { return (int)((m >> 6) & 63); }   /* board moves */
static inline int ogi_move_kind(uint32_t m) { return (int)((m >> 6) & 63); }   /* drops */
static inline bool ogi_move_is_drop(uint32_t m) { return (m & OGI_MOVE_DROP) != 0; }
static inline bool ogi_move_promotes(uint32_t m) { return (m & OGI_MOVE_PROMOTE) != 0; }

/* The bound on legal moves in any position (DjVariant.max_moves).  With n of
 * the 32 pieces on the board, board moves are at most 25 per piece (a
 * promoted princess in the open) and drops at most 7 kinds on 64 - n
 * squares: 25n + 7(64 - n) <= 1024 for n <= 32, plus slack. */
#define OGI_MAX_MOVES 1100

/* ---- position.c ---------------------------------------------------------- */

/* Empty `pos` (no pieces, Black to move, move 1, key of the empty board). */
void ogi_position_clear(OgiPosition *pos);

/* Put a piece on empty square `sq`, keeping bitboards, mailbox, King
 * squares, key and balance in step. */
void ogi_position_put(OgiPosition *pos, int sq, int colour, int type);

/* Change one hand count by `delta`, keeping the key in step. */
void ogi_position_hand_add(OgiPosition *pos, int colour, int kind, int delta);

/* ---- play.c -------------------------------------------------------------- */

/* The rules' play(): `move` must be legal in `pos`.  Keeps the key and the
 * learnt evaluation's sums (net_features.h) in step. */
void ogi_play(void *pos, uint32_t move);

/* Pass the turn (null move), updating the key. */
void ogi_play_null(void *pos);

/* ---- movegen.c ----------------------------------------------------------- */

/* Pieces of `colour` attacking `sq` with occupancy `occ`. */
Bitboard ogi_attackers_to(const OgiPosition *pos, int sq, int colour, Bitboard occ);

/* Whether the side to move's King is attacked. */
bool ogi_in_check(const void *pos);

/* Whether the King of `colour` is attacked. */
bool ogi_colour_in_check(const OgiPosition *pos, int colour);

/* Every legal move, in a fixed order (board moves by piece kind and square,
 * then drops); returns how many (<= OGI_MAX_MOVES). */
int ogi_legal_moves(const void *pos, uint32_t *out);

/* legal_moves' count without writing the moves. */
int ogi_count_moves(const void *pos);

/* The legal moves for which ogi_is_noisy() is true (captures, promotions,
 * checks), generated directly for quiescence search; returns how many. */
int ogi_noisy_moves(const void *pos, uint32_t *out);

/* legal_moves(), the same moves in the same order, with noisy[i] set to 1
 * where ogi_is_noisy() holds for out[i], else 0; returns how many. */
int ogi_legal_moves_marked(const void *pos, uint32_t *out, uint8_t *noisy);

/* The legal captures and promotions, in ogi_noisy_moves()'s order (which
 * holds them among its checks): every move ogi_move_gain() scores other
 * than 0, whatever the weights; returns how many. */
int ogi_gaining_moves(const void *pos, uint32_t *out);

/* Whether `move`, legal in `pos`, gives check (directly or discovered). */
bool ogi_gives_check(const OgiPosition *pos, uint32_t move);

/* ---- mirror.c ------------------------------------------------------------ */

/* DjVariant.mirror: the half turn of the board with the colours swapped. */
void ogi_mirror(const void *pos, void *out);

/* ---- zobrist.c ----------------------------------------------------------- */

extern uint64_t ogi_zobrist_piece[2][OGI_TYPES][OGI_SQUARES];
extern uint64_t ogi_zobrist_hand[2][OGI_HAND_KINDS][17];   /* [count 0..16]; [0] is 0 */
extern uint64_t ogi_zobrist_side;                          /* White to move */

/* Fill the tables (idempotent; called by ogi_tables_init). */
void ogi_zobrist_init(void);

/* The key of `pos` from its contents alone. */
uint64_t ogi_compute_key(const void *pos);

/* Put a piece on, or take one off, square `sq`, and change a hand count,
 * keeping bitboards, mailbox, key and balance in step (not the King
 * squares): inline, because ogi_play (play.c) runs them at every node, and
 * position.c builds positions with them. */
static inline void ogi_square_put(OgiPosition *pos, int sq, int colour, int type)
{
    Bitboard b = BB_SQ(sq);
    pos->by_type[type] |= b;
    pos->by_colour[colour] |= b;
    pos->board[sq] = ogi_piece(colour, type);
    pos->key ^= ogi_zobrist_piece[colour][type][sq];
    pos->balance[type] += colour == OGI_BLACK ? 1 : -1;
}

static inline void ogi_square_take(OgiPosition *pos, int sq, int colour, int type)
{
    Bitboard b = BB_SQ(sq);
    pos->by_type[type] &= ~b;
    pos->by_colour[colour] &= ~b;
    pos->board[sq] = OGI_NO_PIECE;
    pos->key ^= ogi_zobrist_piece[colour][type][sq];
    pos->balance[type] -= colour == OGI_BLACK ? 1 : -1;
}

static inline void ogi_hand_change(OgiPosition *pos, int colour, int kind, int delta)
{
    int old = pos->hand[colour][kind];
    int new = old + delta;
    pos->key ^= ogi_zobrist_hand[colour][kind][old] ^ ogi_zobrist_hand[colour][kind][new];
    pos->hand[colour][kind] = (uint8_t)new;
}

/* ---- eval.c -------------------------------------------------------------- */

/* Value of a piece of `type` on the board, and of a held piece of `kind`:
 * weights among ogi_params, so only to be changed between searches. */
extern int ogi_board_value[OGI_TYPES];
extern int ogi_hand_value[OGI_HAND_KINDS];

/* Black's material minus White's, board and hands, at the values above. */
int ogi_material(const OgiPosition *pos);

/* What capturing a piece of `type` wins: it leaves the board and the
 * capturer holds it, unpromoted (move gain and exchange evaluation). */
static inline int ogi_capture_value(int type)
{
    return ogi_board_value[type] + ogi_hand_value[ogi_type_base(type)];
}

/* The evaluation's tunable weights (DjVariant.params; text.h has the table,
 * which needs game.h). */
#define OGI_N_PARAMS 60

/* DjVariant.evaluate: centipawns for the side to move, strictly inside
 * +-DJ_SCORE_EVAL_MAX. */
int ogi_evaluate(const void *pos);

/* DjVariant.is_noisy: the legal `move` captures, promotes or gives check. */
bool ogi_is_noisy(const void *pos, uint32_t move);

/* DjVariant.move_gain: the captured piece's value on the board plus its
 * value in our hand, and the promotion's gain; 0 for drops and quiet moves. */
int ogi_move_gain(const void *pos, uint32_t move);

/* ---- see.c --------------------------------------------------------------- */

/* DjVariant.see: the material the side to move ends with after `move` (legal
 * in `pos`) and the best exchange on its destination that follows, each side
 * taking with its least valuable piece or stopping; pins ignored.  Negative
 * when the move loses material (a drop onto a square the enemy wins). */
int ogi_see(const void *pos, uint32_t move);

/* ---- setup.c ------------------------------------------------------------- */

/* Build every table (attacks, Zobrist, the learnt evaluation's) once;
 * thread-safe. */
void ogi_tables_init(void);

/* The Black start position. */
void ogi_position_start(OgiPosition *pos);

#endif /* DOJO_VARIANTS_OGI_POSITION_H */
