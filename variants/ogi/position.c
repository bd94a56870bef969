/* position.c: changing a position: putting pieces, hands, playing moves. */
#include "variants/ogi/position.h"

#include <string.h>

#include "variants/ogi/net_features.h"

const int ogi_set_count[OGI_KING + 1] = {
    [OGI_PAWN] = 8, [OGI_LANCE] = 2, [OGI_KNIGHT] = 2, [OGI_SILVER] = 2,
    [OGI_BISHOP] = 1, [OGI_ROOK] = 1, [OGI_PRINCESS] = 1, [OGI_KING] = 1,
};

static inline void put(OgiPosition *pos, int sq, int colour, int type)
{
    Bitboard b = BB_SQ(sq);
    pos->by_type[type] |= b;
    pos->by_colour[colour] |= b;
    pos->board[sq] = ogi_piece(colour, type);
    pos->key ^= ogi_zobrist_piece[colour][type][sq];
    pos->balance[type] += colour == OGI_BLACK ? 1 : -1;
}

static inline void take(OgiPosition *pos, int sq, int colour, int type)
{
    Bitboard b = BB_SQ(sq);
    pos->by_type[type] &= ~b;
    pos->by_colour[colour] &= ~b;
    pos->board[sq] = OGI_NO_PIECE;
    pos->key ^= ogi_zobrist_piece[colour][type][sq];
    pos->balance[type] -= colour == OGI_BLACK ? 1 : -1;
}

static inline void hand_add(OgiPosition *pos, int colour, int kind, int delta)
{
    int old = pos->hand[colour][kind];
    int new = old + delta;
    pos->key ^= ogi_zobrist_hand[colour][kind][old] ^ ogi_zobrist_hand[colour][kind][new];
    pos->hand[colour][kind] = (uint8_t)new;
}

void ogi_position_clear(OgiPosition *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->side = OGI_BLACK;
    pos->move_number = 1;
    pos->key = 0;
}

void ogi_position_put(OgiPosition *pos, int sq, int colour, int type)
{
    put(pos, sq, colour, type);
    if (type == OGI_KING)
        pos->king_sq[colour] = (uint8_t)sq;
}

void ogi_position_hand_add(OgiPosition *pos, int colour, int kind, int delta)
{
    hand_add(pos, colour, kind, delta);
}

void ogi_play(void *position, uint32_t move)
{
    OgiPosition *pos = position;
    int us = pos->side;
    int to = ogi_move_to(move);
    /* The learnt evaluation's sums follow the move when they are for the
     * network loaded; else they are made anew after it. */
    const DjNet *net = ogi_net;
    const bool follow = net != NULL && pos->net_id == net->id;
    OgiNetDelta delta;
    if (follow)
        ogi_net_move_begin(pos, move, &delta);

    if (ogi_move_is_drop(move)) {
        int kind = ogi_move_kind(move);
        hand_add(pos, us, kind, -1);
        put(pos, to, us, kind);
    } else {
        int from = ogi_move_from(move);
        int type = ogi_piece_type(pos->board[from]);
        uint8_t captured = pos->board[to];
        if (captured != OGI_NO_PIECE) {
            int captured_type = ogi_piece_type(captured);
            take(pos, to, us ^ 1, captured_type);
            hand_add(pos, us, ogi_type_base(captured_type), 1);
        }
        take(pos, from, us, type);
        put(pos, to, us, ogi_move_promotes(move) ? type + OGI_PROMOTION : type);
        if (type == OGI_KING)
            pos->king_sq[us] = (uint8_t)to;
    }
    pos->side = (uint8_t)(us ^ 1);
    pos->key ^= ogi_zobrist_side;
    pos->move_number++;
    if (follow)
        ogi_net_move_end(pos, move, &delta);
    else if (net != NULL || pos->net_id != 0)
        ogi_net_refresh(pos);
}

void ogi_play_null(void *position)
{
    OgiPosition *pos = position;
    pos->side ^= 1;
    pos->key ^= ogi_zobrist_side;
    pos->move_number++;
}

void ogi_position_start(OgiPosition *pos)
{
    static const int back_rank[8] = {
        OGI_LANCE, OGI_KNIGHT, OGI_SILVER, OGI_PRINCESS, OGI_KING, OGI_SILVER, OGI_KNIGHT, OGI_LANCE,
    };
    ogi_position_clear(pos);
    for (int f = 0; f < 8; f++) {
        ogi_position_put(pos, sq_make(f, 0), OGI_BLACK, back_rank[f]);
        ogi_position_put(pos, sq_make(f, 2), OGI_BLACK, OGI_PAWN);
        ogi_position_put(pos, sq_make(f, 7), OGI_WHITE, back_rank[f]);
        ogi_position_put(pos, sq_make(f, 5), OGI_WHITE, OGI_PAWN);
    }
    ogi_position_put(pos, sq_make(1, 1), OGI_BLACK, OGI_BISHOP);
    ogi_position_put(pos, sq_make(6, 1), OGI_BLACK, OGI_ROOK);
    ogi_position_put(pos, sq_make(1, 6), OGI_WHITE, OGI_ROOK);
    ogi_position_put(pos, sq_make(6, 6), OGI_WHITE, OGI_BISHOP);
}
