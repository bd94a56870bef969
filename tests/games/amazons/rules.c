/* rules.c: the Amazons' rules for both variants (amazons.h), and the
 * mirror the conformance suite checks them with. */
#include "tests/games/amazons/amazons.h"

#include <string.h>

static const int directions[8][2] = {
    { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 },
};

int amazons_reach(int from, uint64_t blocked, int *out)
{
    int n = 0;
    for (int d = 0; d < 8; d++) {
        int file = from % AMAZONS_SIZE, rank = from / AMAZONS_SIZE;
        for (;;) {
            file += directions[d][0];
            rank += directions[d][1];
            if (file < 0 || file >= AMAZONS_SIZE || rank < 0 || rank >= AMAZONS_SIZE)
                break;
            int square = file + rank * AMAZONS_SIZE;
            if (blocked & amazons_bit(square))
                break;
            out[n++] = square;
        }
    }
    return n;
}

uint64_t amazons_occupied(const AmazonsPosition *pos)
{
    return pos->amazons[0] | pos->amazons[1] | pos->arrows;
}

/* Zobrist numbers made on the fly (splitmix64 of the feature's index): a
 * few multiplications a move, no table to build. */
static uint64_t zobrist(unsigned index)
{
    uint64_t z = (uint64_t)index * 0x9e3779b97f4a7c15u + 0x632be59bd9b4e019u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static uint64_t z_amazon(int side, int square) { return zobrist((unsigned)(side * 64 + square)); }
static uint64_t z_arrow(int square) { return zobrist((unsigned)(128 + square)); }
static uint64_t z_shooter(int square) { return zobrist((unsigned)(192 + square)); }
static uint64_t z_black_to_move(void) { return zobrist(256); }

uint64_t amazons_compute_key(const void *p)
{
    const AmazonsPosition *pos = p;
    uint64_t key = 0;
    for (int square = 0; square < AMAZONS_SQUARES; square++) {
        for (int side = 0; side < 2; side++) {
            if (pos->amazons[side] & amazons_bit(square))
                key ^= z_amazon(side, square);
        }
        if (pos->arrows & amazons_bit(square))
            key ^= z_arrow(square);
    }
    if (pos->shooter != AMAZONS_NO_SQUARE)
        key ^= z_shooter(pos->shooter);
    if (pos->side == AMAZONS_BLACK)
        key ^= z_black_to_move();
    return key;
}

uint64_t amazons_key(const void *p)
{
    return ((const AmazonsPosition *)p)->key;
}

int amazons_side_to_move(const void *p)
{
    return ((const AmazonsPosition *)p)->side;
}

DjOutcome amazons_outcome(const void *p)
{
    /* The only end is a side with no move, which the framework finds
     * (legal_moves returns 0: that side has lost). */
    (void)p;
    return DJ_OUTCOME_ONGOING;
}

int amazons_legal_moves(const void *p, DjMove *out)
{
    const AmazonsPosition *pos = p;
    uint64_t occupied = amazons_occupied(pos);
    int reach[AMAZONS_MAX_REACH], arrows[AMAZONS_MAX_REACH];
    int n = 0;
    if (pos->shooter != AMAZONS_NO_SQUARE) {
        int k = amazons_reach(pos->shooter, occupied, reach);
        for (int i = 0; i < k; i++)
            out[n++] = amazons_make_arrow(pos->shooter, reach[i]);
        return n;
    }
    for (int from = 0; from < AMAZONS_SQUARES; from++) {
        if (!(pos->amazons[pos->side] & amazons_bit(from)))
            continue;
        int k = amazons_reach(from, occupied, reach);
        for (int i = 0; i < k; i++) {
            if (!pos->whole_turns) {
                out[n++] = amazons_make(from, reach[i]);
                continue;
            }
            /* The amazon has left `from`: it may shoot back across it. */
            uint64_t after = (occupied & ~amazons_bit(from)) | amazons_bit(reach[i]);
            int a = amazons_reach(reach[i], after, arrows);
            for (int j = 0; j < a; j++)
                out[n++] = amazons_make_turn(from, reach[i], arrows[j]);
        }
    }
    return n;
}

bool amazons_is_legal(const AmazonsPosition *pos, DjMove move)
{
    DjMove moves[AMAZONS_MAX_TURNS];
    int n = amazons_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        if (moves[i] == move)
            return true;
    }
    return false;
}

static void move_amazon(AmazonsPosition *pos, int from, int to)
{
    int side = pos->side;
    pos->amazons[side] ^= amazons_bit(from) | amazons_bit(to);
    pos->key ^= z_amazon(side, from) ^ z_amazon(side, to);
}

static void shoot_and_pass(AmazonsPosition *pos, int square)
{
    pos->arrows |= amazons_bit(square);
    pos->key ^= z_arrow(square) ^ z_black_to_move();
    pos->side ^= 1;
}

void amazons_play(void *p, DjMove move)
{
    AmazonsPosition *pos = p;
    int from = amazons_move_from(move), to = amazons_move_to(move);
    if (pos->whole_turns) {
        move_amazon(pos, from, to);
        shoot_and_pass(pos, amazons_move_arrow(move));
    } else if (amazons_move_is_arrow(pos, move)) {
        pos->key ^= z_shooter(pos->shooter);
        pos->shooter = AMAZONS_NO_SQUARE;
        shoot_and_pass(pos, to);
    } else {
        move_amazon(pos, from, to);
        pos->shooter = (uint8_t)to;
        pos->key ^= z_shooter(to);
    }
}

/* The board turned half around: square s to 48 - s. */
static int flip(int square)
{
    return AMAZONS_SQUARES - 1 - square;
}

static uint64_t flip_board(uint64_t board)
{
    uint64_t image = 0;
    for (int square = 0; square < AMAZONS_SQUARES; square++) {
        if (board & amazons_bit(square))
            image |= amazons_bit(flip(square));
    }
    return image;
}

void amazons_mirror(const void *p, void *out)
{
    const AmazonsPosition *pos = p;
    AmazonsPosition image;
    memset(&image, 0, sizeof image);
    image.amazons[0] = flip_board(pos->amazons[1]);
    image.amazons[1] = flip_board(pos->amazons[0]);
    image.arrows = flip_board(pos->arrows);
    image.side = (uint8_t)(1 - pos->side);
    image.whole_turns = pos->whole_turns;
    image.shooter = pos->shooter == AMAZONS_NO_SQUARE ? AMAZONS_NO_SQUARE
                                                      : (uint8_t)flip(pos->shooter);
    image.key = amazons_compute_key(&image);
    memcpy(out, &image, sizeof image);
}

/* The start: White's amazons on c1 and e1, Black's on c7 and e7. */
static void start_position(AmazonsPosition *pos, bool whole_turns)
{
    memset(pos, 0, sizeof *pos);
    pos->amazons[AMAZONS_WHITE] = amazons_bit(2) | amazons_bit(4);
    pos->amazons[AMAZONS_BLACK] = amazons_bit(44) | amazons_bit(46);
    pos->whole_turns = whole_turns;
    pos->shooter = AMAZONS_NO_SQUARE;
    pos->key = amazons_compute_key(pos);
}

static bool setup(void *p, const DjSetup *setup, bool whole_turns, GError **error)
{
    AmazonsPosition *pos = p;
    if (setup->position != NULL)
        return amazons_parse_position(pos, whole_turns, setup->position, error);
    if (!dj_options_check("Amazons", NULL, setup->options, setup->n_options, error))
        return false;
    start_position(pos, whole_turns);
    return true;
}

bool amazons_setup_compound(void *pos, const DjSetup *s, GError **error)
{
    return setup(pos, s, false, error);
}

bool amazons_setup_whole(void *pos, const DjSetup *s, GError **error)
{
    return setup(pos, s, true, error);
}
