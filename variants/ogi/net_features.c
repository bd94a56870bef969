/* net_features.c: Ōgi's position as the learnt evaluation reads it
 * (DjVariant.net_features, framework/net.h).
 *
 * Everything is seen from the side to move ("us"): its pieces are the
 * first owner, and when White is to move the board is given a half turn, so
 * that we always play up the board (ogi_mirror's symmetry: a position and
 * its image have the same features).  Three groups:
 *   - each piece on its square: owner x type x square (King included);
 *   - each side's hand, counted up: "at least c pawns", c = 1..16, and so on
 *     for each kind up to as many as the two sets hold;
 *   - each piece other than a King within two squares of a King, by the
 *     King's owner, the piece's owner, its type and where it stands from
 *     the King: the shapes of castles and of attacks on them. */
#include "net_features.h"

#include <stdlib.h>

#include "attacks.h"
#include "position.h"

enum {
    SQUARES = OGI_SQUARES,
    PSQ_FEATURES = 2 * OGI_TYPES * SQUARES,
    HAND_SLOTS = 2 * (8 + 2 + 2 + 2 + 1 + 1 + 1),   /* per owner: both sets of each kind */
    NEAR_TYPES = OGI_TYPES - 1,                   /* no King */
    NEAR_OFFSETS = 25,                            /* the 5 x 5 square around a King */
    NEAR_FEATURES = 2 * 2 * NEAR_TYPES * NEAR_OFFSETS,
    HAND_BASE = PSQ_FEATURES,
    NEAR_BASE = HAND_BASE + 2 * HAND_SLOTS,
};
_Static_assert(NEAR_BASE + NEAR_FEATURES == OGI_NET_INPUTS, "OGI_NET_INPUTS is out of date");

const DjNet *ogi_net = NULL;

/* Where each kind's hand slots start within an owner's. */
static const int hand_first[OGI_HAND_KINDS] = { 0, 16, 20, 24, 28, 30, 32 };

/* Tables from which each feature is one lookup (ogi_net_features_init):
 * [side to move][piece code (ogi_piece)][square as it stands]. */
static uint16_t psq_feature[2][32][SQUARES];
/* [side to move][the King's owner, 0 ours][piece code]: the first of the
 * piece's 25 features near that King. */
static uint16_t near_first[2][2][32];
/* [King's square][piece's square], as they stand: where the piece is in
 * the 5 x 5 square around the King, for Black to move (for White, whose
 * frame is the half turn, it is 24 less this). */
static uint8_t near_offset[SQUARES][SQUARES];

void ogi_net_features_init(void)
{
    for (int us = 0; us < 2; us++) {
        int flip = us == OGI_WHITE ? SQUARES - 1 : 0;
        for (int colour = 0; colour < 2; colour++) {
            int owner = colour != us;
            for (int type = 0; type < OGI_TYPES; type++) {
                uint8_t piece = ogi_piece(colour, type);
                for (int sq = 0; sq < SQUARES; sq++)
                    psq_feature[us][piece][sq] =
                        (uint16_t)((owner * OGI_TYPES + type) * SQUARES + (sq ^ flip));
                int near_type = type < OGI_KING ? type : type - 1;
                for (int king_owner = 0; king_owner < 2; king_owner++)
                    near_first[us][king_owner][piece] = (uint16_t)(
                        NEAR_BASE + ((king_owner * 2 + owner) * NEAR_TYPES + near_type)
                                        * NEAR_OFFSETS);
            }
        }
    }
    for (int king = 0; king < SQUARES; king++)
        for (int sq = 0; sq < SQUARES; sq++) {
            int dr = sq_rank(sq) - sq_rank(king), df = sq_file(sq) - sq_file(king);
            near_offset[king][sq] = abs(dr) <= 2 && abs(df) <= 2
                                        ? (uint8_t)((dr + 2) * 5 + (df + 2)) : 0;
        }
}

int ogi_net_features(const void *position, uint16_t *out)
{
    const OgiPosition *pos = position;
    const int us = pos->side;
    const Bitboard occupied = pos->by_colour[0] | pos->by_colour[1];
    int n = 0;

    uint16_t (*psq)[SQUARES] = psq_feature[us];
    for (Bitboard b = occupied; b;) {
        int sq = bb_pop(&b);
        out[n++] = psq[pos->board[sq]][sq];
    }

    for (int owner = 0; owner < 2; owner++) {
        const uint8_t *hand = pos->hand[us ^ owner];
        for (int kind = 0; kind < OGI_HAND_KINDS; kind++) {
            int limit = 2 * ogi_set_count[kind];
            int count = hand[kind] < limit ? hand[kind] : limit;
            int first = HAND_BASE + owner * HAND_SLOTS + hand_first[kind];
            for (int c = 0; c < count; c++)
                out[n++] = (uint16_t)(first + c);
        }
    }

    /* The half turn negates both steps from the King: offset 24 - o. */
    const int offset_sign = us == OGI_WHITE ? -1 : 1, offset_base = us == OGI_WHITE ? 24 : 0;
    const Bitboard others = occupied & ~pos->by_type[OGI_KING];
    for (int king_owner = 0; king_owner < 2; king_owner++) {
        int king_sq = pos->king_sq[us ^ king_owner];
        const uint16_t *first = near_first[us][king_owner];
        const uint8_t *offset = near_offset[king_sq];
        for (Bitboard b = ogi_king_area[king_sq] & others; b;) {
            int sq = bb_pop(&b);
            out[n++] = (uint16_t)(first[pos->board[sq]] + offset_base + offset_sign * offset[sq]);
        }
    }
    return n;
}
