/* attacks.c: building the attack tables of attacks.h. */
#include "variants/ogi/attacks.h"

#include <stdlib.h>

#include <glib.h>

Bitboard ogi_step[2][OGI_STEP_KINDS][OGI_SQUARES];
Bitboard ogi_forward_ray[2][OGI_SQUARES];
Bitboard ogi_between[OGI_SQUARES][OGI_SQUARES];
Bitboard ogi_line[OGI_SQUARES][OGI_SQUARES];
uint8_t ogi_distance[OGI_SQUARES][OGI_SQUARES];
Bitboard ogi_drop_squares[2][OGI_HAND_KINDS];
Bitboard ogi_king_area[OGI_SQUARES];
Bitboard ogi_king_flank[2][OGI_SQUARES];
OgiSlider ogi_rook_slider[OGI_SQUARES];
OgiSlider ogi_bishop_slider[OGI_SQUARES];

const Bitboard ogi_zone[2] = {
    BB_RANK(5) | BB_RANK(6) | BB_RANK(7),
    BB_RANK(0) | BB_RANK(1) | BB_RANK(2),
};

/* Sizes: the sum over squares of 2^(relevant occupancy bits). */
#define ROOK_TABLE_SIZE 102400
#define BISHOP_TABLE_SIZE 5248
static Bitboard rook_table[ROOK_TABLE_SIZE];
static Bitboard bishop_table[BISHOP_TABLE_SIZE];

typedef struct Delta {
    int df, dr;
} Delta;

static const Delta rook_deltas[4] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const Delta bishop_deltas[4] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

/* Steps for Black (forward = rank + 1); White's are the same with dr negated. */
static const Delta pawn_steps[] = { { 0, 1 } };
static const Delta knight_steps[] = { { -1, 2 }, { 1, 2 } };
static const Delta silver_steps[] = { { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, -1 }, { 1, -1 } };
static const Delta gold_steps[] = { { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, 0 }, { 1, 0 }, { 0, -1 } };
static const Delta king_steps[] = { { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, 0 },
                                    { 1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
static const Delta chess_knight_steps[] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
                                            { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };

static bool on_board(int file, int rank)
{
    return file >= 0 && file < OGI_FILES && rank >= 0 && rank < OGI_RANKS;
}

static Bitboard steps_from(int sq, const Delta *deltas, int n, int colour)
{
    Bitboard result = BB_EMPTY;
    int sign = colour == OGI_BLACK ? 1 : -1;
    for (int i = 0; i < n; i++) {
        int f = sq_file(sq) + deltas[i].df;
        int r = sq_rank(sq) + sign * deltas[i].dr;
        if (on_board(f, r))
            result |= BB_SQ(sq_make(f, r));
    }
    return result;
}

/* Slider attacks by walking the rays: the slow reference the tables are
 * built from. */
static Bitboard slide(int sq, Bitboard occ, const Delta deltas[4])
{
    Bitboard result = BB_EMPTY;
    for (int i = 0; i < 4; i++) {
        int f = sq_file(sq) + deltas[i].df;
        int r = sq_rank(sq) + deltas[i].dr;
        while (on_board(f, r)) {
            Bitboard b = BB_SQ(sq_make(f, r));
            result |= b;
            if (occ & b)
                break;
            f += deltas[i].df;
            r += deltas[i].dr;
        }
    }
    return result;
}

/* The occupancy squares that matter for a slider on `sq`: its empty-board
 * rays without the last square of each ray (a piece there blocks nothing). */
static Bitboard relevant_mask(int sq, const Delta deltas[4])
{
    Bitboard result = BB_EMPTY;
    for (int i = 0; i < 4; i++) {
        int f = sq_file(sq) + deltas[i].df;
        int r = sq_rank(sq) + deltas[i].dr;
        while (on_board(f + deltas[i].df, r + deltas[i].dr)) {
            result |= BB_SQ(sq_make(f, r));
            f += deltas[i].df;
            r += deltas[i].dr;
        }
    }
    return result;
}

#ifndef __BMI2__
/* Magic multipliers found by the search below (same seed) and kept here so
 * that start-up does not pay for the search; init_slider() checks each one
 * and searches afresh should one ever not fit. */
static const Bitboard rook_magics[OGI_SQUARES] = {
    UINT64_C(0x1080004008801020), UINT64_C(0x0840092002c03000), UINT64_C(0x1900200010400900),
    UINT64_C(0x0880100008000480), UINT64_C(0x4200100420080200), UINT64_C(0x8100020100080400),
    UINT64_C(0x0200040110886200), UINT64_C(0x0200008040220411), UINT64_C(0x0404800084400220),
    UINT64_C(0x0000401000402000), UINT64_C(0x0086001081220440), UINT64_C(0x0408800800100280),
    UINT64_C(0x000a001201040820), UINT64_C(0x8848800200840080), UINT64_C(0x4001000100040200),
    UINT64_C(0x0442000102105084), UINT64_C(0x9080010020804100), UINT64_C(0x0040404000201009),
    UINT64_C(0x0000808010002009), UINT64_C(0x2200090021d00100), UINT64_C(0x0008008008040080),
    UINT64_C(0x0004004002010040), UINT64_C(0x0011040008015042), UINT64_C(0x00000a0001768104),
    UINT64_C(0x0000800080204009), UINT64_C(0x2010004140002001), UINT64_C(0x9800200280100080),
    UINT64_C(0x1000100080080080), UINT64_C(0x0050500500080100), UINT64_C(0x0000020080040080),
    UINT64_C(0x0c10010400420810), UINT64_C(0x1040008200005104), UINT64_C(0x01808240088004a0),
    UINT64_C(0x0882804004802000), UINT64_C(0x0880402001001100), UINT64_C(0x2000210409001000),
    UINT64_C(0x2000480131001500), UINT64_C(0x0000800400800200), UINT64_C(0x000002380c001003),
    UINT64_C(0x4600084882000431), UINT64_C(0x0080002000504000), UINT64_C(0x0300500020004002),
    UINT64_C(0x0040408200220011), UINT64_C(0x0010040008004040), UINT64_C(0x0000080004008080),
    UINT64_C(0x0010040002008080), UINT64_C(0x2012004881020004), UINT64_C(0x8300842444820011),
    UINT64_C(0x0088403882010200), UINT64_C(0x0820400080210100), UINT64_C(0x0110910040a00300),
    UINT64_C(0x0801100280080480), UINT64_C(0x0242009008200600), UINT64_C(0x1002000489500200),
    UINT64_C(0x0040800200010080), UINT64_C(0x0091800041000080), UINT64_C(0x0000209300488001),
    UINT64_C(0x04c1002414824001), UINT64_C(0x020020000b001041), UINT64_C(0x7000100004200901),
    UINT64_C(0x8002002004100802), UINT64_C(0x30010002084c0007), UINT64_C(0x0888221800813004),
    UINT64_C(0x4000002840840112),
};
static const Bitboard bishop_magics[OGI_SQUARES] = {
    UINT64_C(0x20c0090901061081), UINT64_C(0x0024040094030104), UINT64_C(0x8210810200290200),
    UINT64_C(0x0011040484620000), UINT64_C(0x0081104002221000), UINT64_C(0x0009012011001350),
    UINT64_C(0x0081010802400380), UINT64_C(0x0000420210010408), UINT64_C(0x0008105002280050),
    UINT64_C(0x0001028484040044), UINT64_C(0x2a00880810408804), UINT64_C(0x7020022282000100),
    UINT64_C(0x0084040420100a50), UINT64_C(0x000401010840e000), UINT64_C(0x2020020210420888),
    UINT64_C(0x0008084202012010), UINT64_C(0x2010400810018800), UINT64_C(0x0445122008020840),
    UINT64_C(0x0804100808002008), UINT64_C(0x0008002104110100), UINT64_C(0x0061005820080800),
    UINT64_C(0x2001000200820100), UINT64_C(0x480c210084010800), UINT64_C(0x3004442500480420),
    UINT64_C(0x1010102240048100), UINT64_C(0x00182009084220a3), UINT64_C(0x8803090a10004205),
    UINT64_C(0x0208080040202020), UINT64_C(0x000c044084010040), UINT64_C(0x00a1010002004106),
    UINT64_C(0x6008210020640202), UINT64_C(0x1600902112860801), UINT64_C(0x00042008c1220200),
    UINT64_C(0x010c042002440140), UINT64_C(0x5022080200040820), UINT64_C(0x0402004042940100),
    UINT64_C(0x0860108400008020), UINT64_C(0x000c080022021000), UINT64_C(0x0264080652822100),
    UINT64_C(0x4005031221010401), UINT64_C(0x0004502410008400), UINT64_C(0x000500b010a20400),
    UINT64_C(0x0415094050080800), UINT64_C(0x080000201800a104), UINT64_C(0x4022a80304000110),
    UINT64_C(0x4012140802028020), UINT64_C(0x40200104010100a0), UINT64_C(0x12810806008b0c41),
    UINT64_C(0x0020441008080000), UINT64_C(0x2002120084045420), UINT64_C(0x0704020062080002),
    UINT64_C(0x0000001084040001), UINT64_C(0x0322200891240200), UINT64_C(0xf040200210024800),
    UINT64_C(0x0140824832008042), UINT64_C(0x000210020a004602), UINT64_C(0x0083042805141020),
    UINT64_C(0x002c12009a011000), UINT64_C(0x0041a00044140400), UINT64_C(0x00004004020a0202),
    UINT64_C(0x0000140010020210), UINT64_C(0x2864160811012200), UINT64_C(0x2060080841082a17),
    UINT64_C(0xa010041108003100),
};

/* A fixed-seed xorshift generator, so the magics found are the same on
 * every run. */
static uint64_t magic_rng_state = UINT64_C(0x9E3779B97F4A7C15);

static uint64_t magic_rng(void)
{
    magic_rng_state ^= magic_rng_state >> 12;
    magic_rng_state ^= magic_rng_state << 25;
    magic_rng_state ^= magic_rng_state >> 27;
    return magic_rng_state * UINT64_C(2685821657736338717);
}
#endif

#ifndef __BMI2__
/* Fill `table` through `magic` if it maps the `size` occupancies without a
 * harmful collision (two occupancies with different attacks on one entry). */
static bool try_magic(const OgiSlider *slider, Bitboard magic, Bitboard *table, size_t size,
                      const Bitboard *occupancy, const Bitboard *reference)
{
    static unsigned epoch[4096];
    static unsigned current_epoch = 0;
    current_epoch++;
    for (size_t i = 0; i < size; i++) {
        size_t index = (size_t)((occupancy[i] * magic) >> slider->shift);
        if (epoch[index] < current_epoch) {
            epoch[index] = current_epoch;
            table[index] = reference[i];
        } else if (table[index] != reference[i]) {
            return false;
        }
    }
    return true;
}
#endif

/* Fill `slider` for square `sq`, using table space from `table`; returns
 * how many entries it used.  `known_magic` is ignored with PEXT. */
static size_t init_slider(OgiSlider *slider, int sq, const Delta deltas[4], Bitboard *table,
                          Bitboard known_magic)
{
    static Bitboard occupancy[4096];
    static Bitboard reference[4096];

    slider->mask = relevant_mask(sq, deltas);
    int bits = bb_count(slider->mask);
    slider->shift = (unsigned)(64 - bits);
    slider->attacks = table;
    slider->magic = 0;

    /* Every subset of the mask (Carry-Rippler enumeration). */
    size_t size = 0;
    Bitboard subset = 0;
    do {
        occupancy[size] = subset;
        reference[size] = slide(sq, subset, deltas);
        size++;
        subset = (subset - slider->mask) & slider->mask;
    } while (subset != 0);

#ifdef __BMI2__
    (void)known_magic;
    for (size_t i = 0; i < size; i++)
        table[_pext_u64(occupancy[i], slider->mask)] = reference[i];
#else
    Bitboard magic = known_magic;
    while (!try_magic(slider, magic, table, size, occupancy, reference)) {
        do
            magic = magic_rng() & magic_rng() & magic_rng();
        while (bb_count((slider->mask * magic) >> 56) < 6);
    }
    slider->magic = magic;
#endif
    return size;
}

static void init_sliders(void)
{
    size_t rook_used = 0, bishop_used = 0;
    for (int sq = 0; sq < OGI_SQUARES; sq++) {
#ifdef __BMI2__
        Bitboard rook_magic = 0, bishop_magic = 0;
#else
        Bitboard rook_magic = rook_magics[sq], bishop_magic = bishop_magics[sq];
#endif
        rook_used += init_slider(&ogi_rook_slider[sq], sq, rook_deltas, rook_table + rook_used,
                                 rook_magic);
        bishop_used += init_slider(&ogi_bishop_slider[sq], sq, bishop_deltas,
                                   bishop_table + bishop_used, bishop_magic);
    }
    g_assert_cmpuint(rook_used, ==, ROOK_TABLE_SIZE);
    g_assert_cmpuint(bishop_used, ==, BISHOP_TABLE_SIZE);
}

static void init_steps(void)
{
    for (int colour = 0; colour < 2; colour++) {
        for (int sq = 0; sq < OGI_SQUARES; sq++) {
            ogi_step[colour][OGI_STEP_PAWN][sq] = steps_from(sq, pawn_steps, 1, colour);
            ogi_step[colour][OGI_STEP_KNIGHT][sq] = steps_from(sq, knight_steps, 2, colour);
            ogi_step[colour][OGI_STEP_SILVER][sq] = steps_from(sq, silver_steps, 5, colour);
            ogi_step[colour][OGI_STEP_GOLD][sq] = steps_from(sq, gold_steps, 6, colour);
            ogi_step[colour][OGI_STEP_KING][sq] = steps_from(sq, king_steps, 8, colour);
            ogi_step[colour][OGI_STEP_CHESS_KNIGHT][sq] = steps_from(sq, chess_knight_steps, 8, colour);

            Bitboard ray = BB_EMPTY;
            int step = colour == OGI_BLACK ? 1 : -1;
            for (int r = sq_rank(sq) + step; r >= 0 && r < OGI_RANKS; r += step)
                ray |= BB_SQ(sq_make(sq_file(sq), r));
            ogi_forward_ray[colour][sq] = ray;
        }
    }
    for (int sq = 0; sq < OGI_SQUARES; sq++) {
        Bitboard near = ogi_step[0][OGI_STEP_KING][sq] | BB_SQ(sq);
        Bitboard area = near;
        while (near)
            area |= ogi_step[0][OGI_STEP_KING][bb_pop(&near)];
        ogi_king_area[sq] = area;

        int first_file = sq_file(sq) < 3 ? 0 : sq_file(sq) > 4 ? 4 : 2;   /* symmetric */
        Bitboard files = BB_EMPTY;
        for (int f = first_file; f < first_file + 4; f++)
            files |= BB_FILE(f);
        Bitboard black_half = BB_RANK(0) | BB_RANK(1) | BB_RANK(2) | BB_RANK(3);
        ogi_king_flank[OGI_BLACK][sq] = files & black_half;
        ogi_king_flank[OGI_WHITE][sq] = files & ~black_half;
    }
}

static void init_lines(void)
{
    for (int a = 0; a < OGI_SQUARES; a++) {
        for (int b = 0; b < OGI_SQUARES; b++) {
            ogi_between[a][b] = BB_EMPTY;
            ogi_line[a][b] = BB_EMPTY;
            int files = abs(sq_file(a) - sq_file(b)), ranks = abs(sq_rank(a) - sq_rank(b));
            ogi_distance[a][b] = (uint8_t)(files > ranks ? files : ranks);
            if (a == b)
                continue;
            const Delta *families[2] = { rook_deltas, bishop_deltas };
            for (int k = 0; k < 2; k++) {
                if (slide(a, 0, families[k]) & BB_SQ(b)) {
                    ogi_between[a][b] = slide(a, BB_SQ(b), families[k]) & slide(b, BB_SQ(a), families[k]);
                    ogi_line[a][b] = (slide(a, 0, families[k]) & slide(b, 0, families[k]))
                                   | BB_SQ(a) | BB_SQ(b);
                }
            }
        }
    }
}

static void init_drop_squares(void)
{
    for (int colour = 0; colour < 2; colour++) {
        Bitboard last = colour == OGI_BLACK ? BB_RANK(7) : BB_RANK(0);
        Bitboard last_two = last | (colour == OGI_BLACK ? BB_RANK(6) : BB_RANK(1));
        for (int kind = 0; kind < OGI_HAND_KINDS; kind++)
            ogi_drop_squares[colour][kind] = ~BB_EMPTY;
        ogi_drop_squares[colour][OGI_PAWN] = ~last;
        ogi_drop_squares[colour][OGI_LANCE] = ~last;
        ogi_drop_squares[colour][OGI_KNIGHT] = ~last_two;
    }
}

void ogi_attacks_init(void)
{
    init_steps();
    init_sliders();
    init_lines();
    init_drop_squares();
}
