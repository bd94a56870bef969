/* mirror.c: Onitama's symmetry, for the conformance suite (game.h, mirror).
 *
 * A half turn of the board with the colours swapped: Red's (dx, dy) on the
 * board is Blue's (-dx, -dy) (the cards are turned for Red), and the two
 * temples trade places, so the rules cannot tell the image from the
 * original with the players' names exchanged. */
#include "variants/onitama/onitama.h"

#include <string.h>

/* The board turned half a turn: square s goes to 24 - s. */
static uint32_t half_turn(uint32_t bits)
{
    uint32_t turned = 0;
    while (bits != 0) {
        int square = onitama_lowest(bits);
        bits &= bits - 1;
        turned |= onitama_bit(ONITAMA_SQUARES - 1 - square);
    }
    return turned;
}

void onitama_mirror(const void *p, void *out)
{
    const OnitamaPosition *pos = p;
    OnitamaPosition image;
    memset(&image, 0, sizeof image);
    for (int side = 0; side < 2; side++) {
        image.pieces[1 - side] = half_turn(pos->pieces[side]);
        image.masters[1 - side] = half_turn(pos->masters[side]);
        image.cards[2 * (1 - side)] = pos->cards[2 * side];
        image.cards[2 * (1 - side) + 1] = pos->cards[2 * side + 1];
    }
    image.cards[ONITAMA_SIDE_SLOT] = pos->cards[ONITAMA_SIDE_SLOT];
    image.side = (uint8_t)(1 - pos->side);
    image.key = onitama_compute_key(&image);
    memcpy(out, &image, sizeof image);
}
