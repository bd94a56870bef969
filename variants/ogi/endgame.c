/* endgame.c: ogi_endgames, Ōgi's endings numbered for the tablebase solver
 * (endgame.h says how a class is made and folded).
 *
 * Every slot but list_classes and describe runs in the solver's inner
 * loop and in the search's probe, from many threads: no static scratch
 * state, and no GLib but position()'s check that the game's tables are
 * built (an atomic read once they are). */
#include "variants/ogi/endgame.h"

#include <string.h>

#include "variants/ogi/attacks.h"
#include "variants/ogi/net_features.h"
#include "variants/ogi/position.h"

/* A piece's states: on the board, (relative owner * 2 + promoted) * 64 +
 * square (owner 0: the side to move); then in the side to move's hand,
 * then in the other side's. */
#define BOARD_STATES 256
#define HAND_STATE BOARD_STATES
#define STATES (BOARD_STATES + 2)

/* Our King on files a-d (32 squares) times their King anywhere. */
#define KING_PAIRS (32 * 64)

/* Pairs of states of two pieces of one kind, unordered, repeats allowed
 * (both in one hand). */
#define SAME_PAIRS (STATES * (STATES + 1) / 2)

/* Classes with one other piece come first, then those with two. */
#define SINGLE_CLASSES OGI_HAND_KINDS

static const char kind_letter[OGI_HAND_KINDS] = { 'p', 'l', 'n', 's', 'b', 'r', 'i' };

/* A class id from its kinds: a alone (b < 0), or a <= b.  Never 0. */
static DjEndgameId class_id(int a, int b)
{
    return (DjEndgameId)(1 + a + (b < 0 ? 0 : 8 * (b + 1)));
}

/* The kinds of class `id`; false when it is none. */
static bool class_kinds(DjEndgameId id, int *a, int *b)
{
    if (id < 1 || id >= 1 + 8 * (OGI_HAND_KINDS + 1))
        return false;
    int v = (int)id - 1;
    *a = v % 8;
    *b = v / 8 - 1;
    return *a < OGI_HAND_KINDS && (*b < 0 || *a <= *b);
}

/* Positions of a class for one King pair. */
static uint64_t per_king_pair(int a, int b)
{
    if (b < 0)
        return STATES;
    return a == b ? SAME_PAIRS : (uint64_t)STATES * STATES;
}

/* The group of a class: singles first, then pairs by (a, b). */
static int class_group(int a, int b)
{
    if (b < 0)
        return a;
    int g = SINGLE_CLASSES;
    for (int x = 0; x < OGI_HAND_KINDS; x++)
        for (int y = x; y < OGI_HAND_KINDS; y++, g++)
            if (x == a && y == b)
                return g;
    return -1;
}

static void fill_class(int a, int b, DjEndgameClass *out)
{
    memset(out, 0, sizeof *out);
    out->id = class_id(a, b);
    char *n = out->name;
    *n++ = 'k';
    *n++ = 'k';
    *n++ = '-';
    *n++ = kind_letter[a];
    if (b >= 0)
        *n++ = kind_letter[b];
    *n = '\0';
    strcpy(out->setup, "standard");
    out->group = class_group(a, b);
    out->pieces = b < 0 ? 3 : 4;
    out->size = KING_PAIRS * per_king_pair(a, b);
}

static int ogi_list_classes(const void *pos, int max_pieces, DjEndgameClass *out, int room)
{
    (void)pos;   /* Ōgi has one setup */
    ogi_tables_init();
    if (max_pieces < 3 || max_pieces > OGI_ENDGAME_MAX_PIECES)
        return 0;
    int n = 0;
    for (int a = 0; a < OGI_HAND_KINDS; a++, n++)
        if (n < room)
            fill_class(a, -1, &out[n]);
    if (max_pieces >= 4)
        for (int a = 0; a < OGI_HAND_KINDS; a++)
            for (int b = a; b < OGI_HAND_KINDS; b++, n++)
                if (n < room)
                    fill_class(a, b, &out[n]);
    return n;
}

static bool ogi_describe(DjEndgameId id, DjEndgameClass *out)
{
    int a, b;
    if (!class_kinds(id, &a, &b))
        return false;
    ogi_tables_init();
    fill_class(a, b, out);
    return true;
}

static bool ogi_locate(const void *position, DjEndgameId *id, uint64_t *index)
{
    const OgiPosition *pos = position;
    /* The probe calls this at the search's nodes: most positions have
     * more pieces on the board, and leave here. */
    Bitboard others = (pos->by_colour[0] | pos->by_colour[1]) & ~pos->by_type[OGI_KING];
    if (bb_count(others) > 2)
        return false;
    const int us = pos->side;
    /* The half turn when White is to move, then the reflection that puts
     * our King on files a-d: square s goes to (s ^ flip) ^ reflect, since
     * 63 - s == s ^ 63. */
    const int flip = us == OGI_WHITE ? 63 : 0;
    int ours = pos->king_sq[us] ^ flip, theirs = pos->king_sq[us ^ 1] ^ flip;
    const int reflect = sq_file(ours) >= 4 ? 7 : 0;
    ours ^= reflect;
    theirs ^= reflect;

    int kind[2], state[2], n = 0;
    while (others) {
        int sq = bb_pop(&others);
        uint8_t piece = pos->board[sq];
        int type = ogi_piece_type(piece), owner = ogi_piece_colour(piece) ^ us;
        kind[n] = ogi_type_base(type);
        state[n] = (owner * 2 + (type >= OGI_PROMOTION)) * 64 + ((sq ^ flip) ^ reflect);
        n++;
    }
    for (int colour = 0; colour < 2; colour++)
        for (int k = 0; k < OGI_HAND_KINDS; k++)
            for (int c = pos->hand[colour][k]; c > 0; c--) {
                if (n == 2)
                    return false;
                kind[n] = k;
                state[n] = HAND_STATE + (colour ^ us);
                n++;
            }
    if (n == 0)
        return false;
    if (n == 2 && (kind[0] > kind[1] || (kind[0] == kind[1] && state[0] > state[1]))) {
        int t = kind[0];
        kind[0] = kind[1];
        kind[1] = t;
        t = state[0];
        state[0] = state[1];
        state[1] = t;
    }
    int a = kind[0], b = n == 2 ? kind[1] : -1;
    uint64_t pieces;
    if (b < 0)
        pieces = (uint64_t)state[0];
    else if (a == b)
        pieces = (uint64_t)state[1] * (uint64_t)(state[1] + 1) / 2 + (uint64_t)state[0];
    else
        pieces = (uint64_t)state[0] * STATES + (uint64_t)state[1];
    uint64_t king_pair = (uint64_t)(sq_rank(ours) * 4 + sq_file(ours)) * 64 + (uint64_t)theirs;
    *id = class_id(a, b);
    *index = king_pair * per_king_pair(a, b) + pieces;
    return true;
}

/* Whether `pos` could arise, as position strings are checked
 * (position_text.c): no unpromoted pawn, lance or knight where it could
 * never move, no two unpromoted pawns of a side on a file, the side not
 * to move not in check (which also keeps the Kings apart). */
static bool reachable(const OgiPosition *pos)
{
    for (int colour = 0; colour < 2; colour++) {
        Bitboard own = pos->by_colour[colour];
        Bitboard stuck = ((pos->by_type[OGI_PAWN] | pos->by_type[OGI_LANCE])
                          & ~ogi_drop_squares[colour][OGI_PAWN])
                       | (pos->by_type[OGI_KNIGHT] & ~ogi_drop_squares[colour][OGI_KNIGHT]);
        if (stuck & own)
            return false;
        Bitboard pawns = pos->by_type[OGI_PAWN] & own;
        for (int file = 0; bb_several(pawns) && file < OGI_FILES; file++)
            if (bb_several(pawns & BB_FILE(file)))
                return false;
    }
    return !ogi_colour_in_check(pos, pos->side ^ 1);
}

/* Put a piece of `kind` in `state` (relative to Black, the side to move)
 * into `pos`; false when its square is taken. */
static bool place(OgiPosition *pos, int kind, int state)
{
    if (state >= HAND_STATE) {
        ogi_position_hand_add(pos, state - HAND_STATE, kind, 1);
        return true;
    }
    int sq = state & 63, colour = state >> 7, promoted = (state >> 6) & 1;
    if (pos->board[sq] != OGI_NO_PIECE)
        return false;
    ogi_position_put(pos, sq, colour, kind + promoted * OGI_PROMOTION);
    return true;
}

static bool ogi_position(DjEndgameId id, uint64_t index, void *position)
{
    int a, b;
    if (!class_kinds(id, &a, &b))
        return false;
    uint64_t per = per_king_pair(a, b);
    if (index >= KING_PAIRS * per)
        return false;
    ogi_tables_init();   /* the Zobrist keys and attacks put() and reachable() use */
    uint64_t king_pair = index / per, pieces = index % per;
    int x = (int)(king_pair / 64);
    int ours = sq_make(x % 4, x / 4), theirs = (int)(king_pair % 64);
    if (theirs == ours)
        return false;
    int s0, s1 = -1;
    if (b < 0) {
        s0 = (int)pieces;
    } else if (a == b) {
        /* pieces = s1 (s1 + 1) / 2 + s0 with s0 <= s1 */
        s1 = 0;
        while ((uint64_t)(s1 + 1) * (uint64_t)(s1 + 2) / 2 <= pieces)
            s1++;
        s0 = (int)(pieces - (uint64_t)s1 * (uint64_t)(s1 + 1) / 2);
    } else {
        s0 = (int)(pieces / STATES);
        s1 = (int)(pieces % STATES);
    }

    OgiPosition *pos = position;
    ogi_position_clear(pos);
    ogi_position_put(pos, ours, OGI_BLACK, OGI_KING);
    ogi_position_put(pos, theirs, OGI_WHITE, OGI_KING);
    if (!place(pos, a, s0) || (b >= 0 && !place(pos, b, s1)) || !reachable(pos))
        return false;
    ogi_net_refresh(pos);
    return true;
}

/* ---- predecessors ----------------------------------------------------------
 * `pos` has Black to move (position() wrote it), so White made the last
 * move: a board move of one of its pieces, perhaps a capture (the captured
 * piece, promoted or not, now in White's hand), perhaps promoting; or a
 * drop.  The most: a King with 8 origins, two pieces with 2 earlier forms,
 * about 30 origins each, each move a capture of one of 2 kinds promoted or
 * not, or none: 8 * 5 + 2 * 2 * 30 * 5 + 2 = 642. */
#define MAX_PREDECESSORS 1024

/* Whether White's `type` on `from` moving to `to` is a board move whose
 * promotion, forced, gives `after` on `to`. */
static bool promotion_fits(int type, int after, int from, int to)
{
    if (!ogi_type_promotes(type))
        return after == type;
    bool zone = ((ogi_zone[OGI_WHITE] >> from) & 1) || ((ogi_zone[OGI_WHITE] >> to) & 1);
    return after == (zone ? type + OGI_PROMOTION : type);
}

/* Write `pre` to out[n] if it could arise; the new count. */
static int emit(const OgiPosition *pre, uint8_t *out, int n)
{
    if (n >= MAX_PREDECESSORS || !reachable(pre))
        return n;
    memcpy(out + (size_t)n * sizeof *pre, pre, sizeof *pre);
    return n + 1;
}

static int ogi_predecessors(const void *position, void *out_positions)
{
    const OgiPosition *pos = position;
    uint8_t *out = out_positions;
    const int mover = pos->side ^ 1, victim = pos->side;
    const Bitboard occ = pos->by_colour[0] | pos->by_colour[1];
    OgiPosition base = *pos;
    base.side = (uint8_t)mover;
    base.key ^= ogi_zobrist_side;
    base.net_id = 0;   /* the sums are not kept: play() makes them anew */
    if (base.move_number > 1)
        base.move_number--;

    int n = 0;
    Bitboard movers = pos->by_colour[mover];
    while (movers) {
        int to = bb_pop(&movers);
        int after = ogi_piece_type(pos->board[to]);

        /* A drop: an unpromoted piece other than the King. */
        if (after < OGI_KING) {
            OgiPosition pre = base;
            ogi_square_take(&pre, to, mover, after);
            ogi_hand_change(&pre, mover, after, 1);
            n = emit(&pre, out, n);
        }

        /* A board move, by the piece as it was before it promoted, or as it is. */
        int before[2] = { after, after >= OGI_PROMOTION ? ogi_type_base(after) : -1 };
        for (int t = 0; t < 2 && before[t] >= 0; t++) {
            int type = before[t];
            /* A piece of the mover on `from` reaches `to` exactly when the
             * same piece of the other side on `to` reaches `from`. */
            Bitboard froms = ogi_piece_attacks(victim, type, to, occ) & ~occ;
            while (froms) {
                int from = bb_pop(&froms);
                if (!promotion_fits(type, after, from, to))
                    continue;
                OgiPosition moved = base;
                ogi_square_take(&moved, to, mover, after);
                ogi_position_put(&moved, from, mover, type);
                n = emit(&moved, out, n);
                /* Or it captured there: a piece now in the mover's hand. */
                for (int k = 0; k < OGI_HAND_KINDS; k++) {
                    if (pos->hand[mover][k] == 0)
                        continue;
                    for (int promoted = 0; promoted < 2; promoted++) {
                        OgiPosition pre = moved;
                        ogi_hand_change(&pre, mover, k, -1);
                        ogi_position_put(&pre, to, victim, k + promoted * OGI_PROMOTION);
                        n = emit(&pre, out, n);
                    }
                }
            }
        }
    }
    return n;
}

/* The board's pieces and both hands', Kings included, as a class counts. */
static int ogi_count_pieces(const void *position)
{
    const OgiPosition *pos = position;
    int n = bb_count(pos->by_colour[0] | pos->by_colour[1]);
    for (int colour = 0; colour < 2; colour++)
        for (int k = 0; k < OGI_HAND_KINDS; k++)
            n += pos->hand[colour][k];
    return n;
}

const DjEndgames ogi_endgames = {
    .max_pieces = OGI_ENDGAME_MAX_PIECES,
    .max_predecessors = MAX_PREDECESSORS,
    .list_classes = ogi_list_classes,
    .describe = ogi_describe,
    .locate = ogi_locate,
    .position = ogi_position,
    .predecessors = ogi_predecessors,
    .count_pieces = ogi_count_pieces,
};
