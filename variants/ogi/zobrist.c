/* zobrist.c: the random numbers behind OgiPosition.key.
 *
 * The key is the XOR of one number per (colour, type, square) on the board,
 * one per (colour, hand kind, count) for every non-empty hand count, and
 * ogi_zobrist_side when White is to move.  The numbers come from a fixed
 * seed, so keys are the same on every run (records and tests can rely on
 * them within one build). */
#include "variants/ogi/position.h"

uint64_t ogi_zobrist_piece[2][OGI_TYPES][OGI_SQUARES];
uint64_t ogi_zobrist_hand[2][OGI_HAND_KINDS][17];
uint64_t ogi_zobrist_side;

/* splitmix64: a good spread from a simple counter. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void ogi_zobrist_init(void)
{
    uint64_t state = UINT64_C(0x6F6769); /* "ogi" */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < OGI_TYPES; t++)
            for (int sq = 0; sq < OGI_SQUARES; sq++)
                ogi_zobrist_piece[c][t][sq] = splitmix64(&state);
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < OGI_HAND_KINDS; k++) {
            ogi_zobrist_hand[c][k][0] = 0;
            for (int n = 1; n < 17; n++)
                ogi_zobrist_hand[c][k][n] = splitmix64(&state);
        }
    ogi_zobrist_side = splitmix64(&state);
}

uint64_t ogi_compute_key(const void *position)
{
    const OgiPosition *pos = position;
    uint64_t key = 0;
    for (int sq = 0; sq < OGI_SQUARES; sq++) {
        uint8_t piece = pos->board[sq];
        if (piece != OGI_NO_PIECE)
            key ^= ogi_zobrist_piece[ogi_piece_colour(piece)][ogi_piece_type(piece)][sq];
    }
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < OGI_HAND_KINDS; k++)
            key ^= ogi_zobrist_hand[c][k][pos->hand[c][k]];
    if (pos->side == OGI_WHITE)
        key ^= ogi_zobrist_side;
    return key;
}
