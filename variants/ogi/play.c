/* play.c: playing a move on a position (DjVariant.play, play_null).  It
 * keeps the learnt evaluation's sums too, so it is the one file of the
 * position's that needs net_features.h. */
#include "variants/ogi/position.h"

#include "variants/ogi/net_features.h"

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
        ogi_hand_change(pos, us, kind, -1);
        ogi_square_put(pos, to, us, kind);
    } else {
        int from = ogi_move_from(move);
        int type = ogi_piece_type(pos->board[from]);
        uint8_t captured = pos->board[to];
        if (captured != OGI_NO_PIECE) {
            int captured_type = ogi_piece_type(captured);
            ogi_square_take(pos, to, us ^ 1, captured_type);
            ogi_hand_change(pos, us, ogi_type_base(captured_type), 1);
        }
        ogi_square_take(pos, from, us, type);
        ogi_square_put(pos, to, us, ogi_move_promotes(move) ? type + OGI_PROMOTION : type);
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
