/* see.c: static exchange evaluation.
 *
 * The exchange on one square is played out with the least valuable attacker
 * each time, each side free to stop when going on would lose; pins and
 * checks are ignored, which is what makes it cheap enough for move ordering
 * and pruning.  A capture is worth the piece on the board plus the same
 * piece in the capturer's hand (ogi_move_gain), and a piece that touches the
 * promotion zone promotes, as the rules demand. */
#include "variants/ogi/attacks.h"
#include "variants/ogi/position.h"

/* The type a piece of `type` and `colour` has after moving from `from` to
 * `to` (promotion is compulsory on touching the zone). */
static inline int type_after(int colour, int type, int from, int to)
{
    if (ogi_type_promotes(type) && ((ogi_zone[colour] >> from) & 1 || (ogi_zone[colour] >> to) & 1))
        return type + OGI_PROMOTION;
    return type;
}

/* The least valuable of `attackers` (non-empty): its square. */
static int least_valuable(const OgiPosition *pos, Bitboard attackers)
{
    int best_sq = -1, best_value = 1 << 30;
    while (attackers) {
        int sq = bb_pop(&attackers);
        int type = ogi_piece_type(pos->board[sq]);
        int value = type == OGI_KING ? 1 << 20 : ogi_board_value[type];
        if (value < best_value) {
            best_value = value;
            best_sq = sq;
        }
    }
    return best_sq;
}

/* Who attacks one square, for an exchange on it: the stepping attackers
 * are found once, and only the sliders' rays follow the occupancy as
 * pieces leave the square's lines (ogi_attackers_to() in parts). */
typedef struct SquareAttackers {
    int sq;
    Bitboard steppers[2];   /* by colour: pieces that reach sq without sliding */
    Bitboard rook_like, bishop_like;
    Bitboard lances[2];     /* by colour: lances behind sq on their way forward */
} SquareAttackers;

static void square_attackers_init(SquareAttackers *a, const OgiPosition *pos, int sq)
{
    const Bitboard *t = pos->by_type;
    a->sq = sq;
    for (int colour = 0; colour < 2; colour++) {
        a->steppers[colour] = ogi_stepping_attackers(pos, sq, colour);
        a->lances[colour] = t[OGI_LANCE] & ogi_forward_ray[colour ^ 1][sq] & pos->by_colour[colour];
    }
    a->rook_like = t[OGI_ROOK] | t[OGI_DRAGON];
    a->bishop_like = t[OGI_BISHOP] | t[OGI_HORSE] | t[OGI_PRINCESS] | t[OGI_PPRINCESS];
}

/* ogi_attackers_to(pos, a->sq, colour, occ) & occ. */
static inline Bitboard square_attackers(const SquareAttackers *a, const OgiPosition *pos,
                                        int colour, Bitboard occ)
{
    Bitboard sliders = (ogi_rook_attacks(a->sq, occ) & (a->rook_like | a->lances[colour]))
                     | (ogi_bishop_attacks(a->sq, occ) & a->bishop_like);
    return ((sliders & pos->by_colour[colour]) | a->steppers[colour]) & occ;
}

int ogi_see(const void *position, uint32_t move)
{
    const OgiPosition *pos = position;
    int us = pos->side;
    int to = ogi_move_to(move);
    Bitboard occ = pos->by_colour[0] | pos->by_colour[1];
    int gain[40];
    int on_square;   /* the type now standing on `to` */
    if (ogi_move_is_drop(move)) {
        gain[0] = 0;
        on_square = ogi_move_kind(move);
        occ |= BB_SQ(to);
    } else {
        int from = ogi_move_from(move);
        int type = ogi_piece_type(pos->board[from]);
        gain[0] = ogi_move_gain(pos, move);   /* the capture and the promotion */
        on_square = ogi_move_promotes(move) ? type + OGI_PROMOTION : type;
        occ &= ~BB_SQ(from);
    }
    int side = us ^ 1;
    int d = 0;
    SquareAttackers square;
    square_attackers_init(&square, pos, to);
    for (;;) {
        Bitboard attackers = square_attackers(&square, pos, side, occ);
        if (!attackers)
            break;
        int from = least_valuable(pos, attackers);
        int type = ogi_piece_type(pos->board[from]);
        /* The King may only take when nothing defends the square. */
        if (type == OGI_KING && square_attackers(&square, pos, side ^ 1, occ & ~BB_SQ(from)) != 0)
            break;
        d++;
        int promoted = type_after(side, type, from, to);
        gain[d] = ogi_capture_value(on_square) + ogi_board_value[promoted] - ogi_board_value[type]
                - gain[d - 1];
        if (d == 39)
            break;
        occ &= ~BB_SQ(from);
        on_square = promoted;
        side ^= 1;
    }
    while (d > 0) {
        int stand = -gain[d - 1];
        if (gain[d] > stand)
            stand = gain[d];
        gain[d - 1] = -stand;
        d--;
    }
    return gain[0];
}
