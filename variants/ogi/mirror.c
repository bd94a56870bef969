/* mirror.c: Ōgi's symmetry, for the conformance suite (game.h, mirror).
 *
 * A half turn of the board with the colours swapped: every piece moves to
 * the opposite square and changes sides, the hands are exchanged, and the
 * other side is to move.  "Forward", the promotion zones and the dead ranks
 * of drops all turn with the board, so the rules cannot tell the image from
 * the original with the players' names exchanged.  (A left-right reflection
 * is a symmetry too, but it would not catch a rule that favours one colour.) */
#include <string.h>

#include "variants/ogi/net_features.h"
#include "variants/ogi/position.h"

void ogi_mirror(const void *p, void *out)
{
    const OgiPosition *pos = p;
    OgiPosition image;
    ogi_position_clear(&image);
    for (int sq = 0; sq < OGI_SQUARES; sq++) {
        uint8_t piece = pos->board[sq];
        if (piece != OGI_NO_PIECE)
            ogi_position_put(&image, OGI_SQUARES - 1 - sq, 1 - ogi_piece_colour(piece),
                             ogi_piece_type(piece));
    }
    for (int colour = 0; colour < 2; colour++) {
        for (int kind = 0; kind < OGI_HAND_KINDS; kind++) {
            if (pos->hand[colour][kind] > 0)
                ogi_position_hand_add(&image, 1 - colour, kind, pos->hand[colour][kind]);
        }
    }
    image.side = (uint8_t)(1 - pos->side);
    image.move_number = pos->move_number;
    image.key = ogi_compute_key(&image);
    ogi_net_refresh(&image);
    memcpy(out, &image, sizeof image);
}
