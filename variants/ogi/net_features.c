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
#include "variants/ogi/net_features.h"

#include <stdlib.h>
#include <string.h>

#include "variants/ogi/attacks.h"
#include "variants/ogi/position.h"

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

/* How many hand slots a kind has: as many as the two sets hold. */
static inline int hand_slots(int kind)
{
    return 2 * ogi_set_count[kind];
}

/* The hand feature of the c-th (from 0) piece of `kind` in the hand of
 * `colour`, from `us`'s point of view. */
static inline uint16_t hand_feature(int us, int colour, int kind, int c)
{
    return (uint16_t)(HAND_BASE + (colour ^ us) * HAND_SLOTS + hand_first[kind] + c);
}

/* The feature of `piece` (not a King) on `sq` near the King of
 * `us ^ king_owner` on `king_sq`: the half turn for White negates both steps
 * from the King, offset 24 - o. */
static inline uint16_t near_feature(int us, int king_owner, uint8_t piece, int king_sq, int sq)
{
    int offset = near_offset[king_sq][sq];
    return (uint16_t)(near_first[us][king_owner][piece] + (us == OGI_WHITE ? 24 - offset : offset));
}

/* The features, from `us`'s point of view, of every piece other than a
 * King near the King of `us ^ king_owner`, but the one on `skip` (-1 for
 * none). */
static int king_surroundings(const OgiPosition *pos, int us, int king_owner, int skip,
                             uint16_t *out)
{
    const int king_sq = pos->king_sq[us ^ king_owner];
    Bitboard around = ogi_king_area[king_sq] & (pos->by_colour[0] | pos->by_colour[1])
                    & ~pos->by_type[OGI_KING];
    if (skip >= 0)
        around &= ~BB_SQ(skip);
    int n = 0;
    for (Bitboard b = around; b;) {
        int sq = bb_pop(&b);
        out[n++] = near_feature(us, king_owner, pos->board[sq], king_sq, sq);
    }
    return n;
}

/* The features of `piece` on `sq` from `us`'s point of view: its square
 * and, unless it is a King, its place near each King within two squares. */
static int piece_features(const OgiPosition *pos, int us, int sq, uint8_t piece, uint16_t *out)
{
    int n = 0;
    out[n++] = psq_feature[us][piece][sq];
    if (ogi_piece_type(piece) == OGI_KING)
        return n;
    for (int king_owner = 0; king_owner < 2; king_owner++) {
        int king_sq = pos->king_sq[us ^ king_owner];
        if (ogi_king_area[king_sq] & BB_SQ(sq))
            out[n++] = near_feature(us, king_owner, piece, king_sq, sq);
    }
    return n;
}

int ogi_net_features_from(const OgiPosition *pos, int us, uint16_t *out)
{
    const Bitboard occupied = pos->by_colour[0] | pos->by_colour[1];
    int n = 0;

    uint16_t (*psq)[SQUARES] = psq_feature[us];
    for (Bitboard b = occupied; b;) {
        int sq = bb_pop(&b);
        out[n++] = psq[pos->board[sq]][sq];
    }

    for (int colour = 0; colour < 2; colour++)
        for (int kind = 0; kind < OGI_HAND_KINDS; kind++) {
            int held = pos->hand[colour][kind], slots = hand_slots(kind);
            int count = held < slots ? held : slots;
            for (int c = 0; c < count; c++)
                out[n++] = hand_feature(us, colour, kind, c);
        }

    for (int king_owner = 0; king_owner < 2; king_owner++)
        n += king_surroundings(pos, us, king_owner, -1, out + n);
    return n;
}

int ogi_net_features(const void *position, uint16_t *out)
{
    const OgiPosition *pos = position;
    return ogi_net_features_from(pos, pos->side, out);
}

void ogi_net_refresh(OgiPosition *pos)
{
    const DjNet *net = ogi_net;
    memset(pos->net_sums, 0, sizeof pos->net_sums);
    pos->net_id = 0;
    if (net == NULL || !dj_net_can_keep_sums(net, OGI_NET_SUMS))
        return;
    for (int us = 0; us < 2; us++) {
        uint16_t features[DJ_NET_MAX_ACTIVE];
        dj_net_sums(net, features, ogi_net_features_from(pos, us, features), pos->net_sums[us]);
    }
    pos->net_id = net->id;
}

void ogi_net_move_begin(const OgiPosition *pos, uint32_t move, OgiNetDelta *delta)
{
    const int mover = pos->side, to = ogi_move_to(move);
    for (int us = 0; us < 2; us++) {
        uint16_t *removed = delta->removed[us];
        int n = 0;
        if (ogi_move_is_drop(move)) {
            int kind = ogi_move_kind(move), count = pos->hand[mover][kind];
            if (count <= hand_slots(kind))
                removed[n++] = hand_feature(us, mover, kind, count - 1);
        } else {
            int from = ogi_move_from(move);
            uint8_t piece = pos->board[from], captured = pos->board[to];
            if (captured != OGI_NO_PIECE)
                n += piece_features(pos, us, to, captured, removed + n);
            n += piece_features(pos, us, from, piece, removed + n);
            /* A King that moves takes its surroundings along; the piece it
             * captures is gone already. */
            if (ogi_piece_type(piece) == OGI_KING)
                n += king_surroundings(pos, us, mover ^ us, to, removed + n);
        }
        delta->n_removed[us] = n;
    }
    delta->captured_kind = -1;
    if (!ogi_move_is_drop(move) && pos->board[to] != OGI_NO_PIECE)
        delta->captured_kind = ogi_type_base(ogi_piece_type(pos->board[to]));
}

void ogi_net_move_end(OgiPosition *pos, uint32_t move, OgiNetDelta *delta)
{
    const DjNet *net = ogi_net;
    const int mover = pos->side ^ 1, to = ogi_move_to(move);
    const uint8_t piece = pos->board[to];
    for (int us = 0; us < 2; us++) {
        uint16_t *added = delta->added[us];
        int n = piece_features(pos, us, to, piece, added);
        if (ogi_piece_type(piece) == OGI_KING)
            n += king_surroundings(pos, us, mover ^ us, -1, added + n);
        if (delta->captured_kind >= 0) {
            int kind = delta->captured_kind, count = pos->hand[mover][kind];
            if (count <= hand_slots(kind))
                added[n++] = hand_feature(us, mover, kind, count - 1);
        }
        dj_net_sums_update(net, pos->net_sums[us], delta->removed[us], delta->n_removed[us], added,
                           n);
    }
}
