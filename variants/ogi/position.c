/* position.c: building a position piece by piece (setup and position strings);
 * play.c plays moves on it. */
#include "variants/ogi/position.h"

#include <string.h>

const int ogi_set_count[OGI_KING + 1] = {
    [OGI_PAWN] = 8, [OGI_LANCE] = 2, [OGI_KNIGHT] = 2, [OGI_SILVER] = 2,
    [OGI_BISHOP] = 1, [OGI_ROOK] = 1, [OGI_PRINCESS] = 1, [OGI_KING] = 1,
};

void ogi_position_clear(OgiPosition *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->side = OGI_BLACK;
    pos->move_number = 1;
    pos->key = 0;
}

void ogi_position_put(OgiPosition *pos, int sq, int colour, int type)
{
    ogi_square_put(pos, sq, colour, type);
    if (type == OGI_KING)
        pos->king_sq[colour] = (uint8_t)sq;
}

void ogi_position_hand_add(OgiPosition *pos, int colour, int kind, int delta)
{
    ogi_hand_change(pos, colour, kind, delta);
}
