/* eval.c: the static evaluation and the noisy-move test.
 *
 * Score = material (piece counts kept by play() times the values, which are
 * weights like the others; held pieces worth a little more than the same
 * piece on the board because a drop can go anywhere) + King safety (own
 * pieces next to the King; against it: enemy pieces within two squares, the
 * enemy's attacks on the squares next to it and those of them we do not
 * cover, the enemy's safe checks on the board and by drops, the enemy's
 * hand, and then too few squares to flee to; the enemy's attacks on the
 * King's flank in our half; a King that wanders up the board) + threats
 * (loose pieces, pieces a pawn attacks) + pawns on their way to promotion +
 * slider mobility - pieces far from both Kings + a small bonus for having
 * the move + a learnt network's part, when one is loaded (net_features.c,
 * framework/net.h).  The attack maps behind King safety and threats are
 * gathered once a call; the search calls this at every leaf. */
#include "framework/game.h"

#include "variants/ogi/attacks.h"
#include "variants/ogi/net_features.h"
#include "variants/ogi/position.h"
#include "variants/ogi/text.h"

/* Centipawns.  Kings count 0: both are always there.  Tuned by SPSA from
 * the hand-set values (on the board: pawn 100, lance 330, knight 380,
 * silver 540, bishop 760, rook 900, princess 1250, the four gold-moving
 * promoted pieces 600, horse 1000, dragon 1150, promoted princess 1450; in
 * hand: 108, 355, 405, 570, 800, 950, 1300) with
 *
 *   dojo spsa ogi --iterations 1500 --nodes 25000 \
 *       --params value_pawn,value_lance,value_knight,value_silver,value_bishop,\
 *   value_rook,value_princess,value_tokin,value_plance,value_pknight,value_psilver,\
 *   value_horse,value_dragon,value_pprincess,value_hand_pawn,value_hand_lance,\
 *   value_hand_knight,value_hand_silver,value_hand_bishop,value_hand_rook,\
 *   value_hand_princess \
 *       --openings random:4 --max-plies 300 --concurrency 2 --r-end 0.02 --seed 31
 *
 * (the --params list is one word) and kept by self-play at 50 ms a move
 * (docs/strength.md).  The princess (a bishop that also jumps as a chess
 * knight) is worth a rook and four pawns on this small board; in hand a
 * pawn, silver or bishop is worth about as much as on the board, a lance,
 * knight, rook or princess about a tenth more. */
int ogi_board_value[OGI_TYPES] = {
    [OGI_PAWN] = 104,   [OGI_LANCE] = 317,   [OGI_KNIGHT] = 334,  [OGI_SILVER] = 548,
    [OGI_BISHOP] = 695, [OGI_ROOK] = 840,    [OGI_PRINCESS] = 1288, [OGI_KING] = 0,
    [OGI_TOKIN] = 623,  [OGI_PLANCE] = 604,  [OGI_PKNIGHT] = 617, [OGI_PSILVER] = 570,
    [OGI_HORSE] = 965,  [OGI_DRAGON] = 1147, [OGI_PPRINCESS] = 1593,
};

int ogi_hand_value[OGI_HAND_KINDS] = {
    [OGI_PAWN] = 101, [OGI_LANCE] = 352, [OGI_KNIGHT] = 376, [OGI_SILVER] = 548,
    [OGI_BISHOP] = 686, [OGI_ROOK] = 944, [OGI_PRINCESS] = 1410,
};

/* How much an enemy piece of each type near a King (within two squares)
 * threatens it, and how much one held in the enemy's hand does.  Danger is
 * counted in quarters (an enemy pawn near the King is 4), so that a tuner
 * can move each weight by less than the smallest step of the hand-set
 * values. */
static int attack_weight[OGI_TYPES] = {
    [OGI_PAWN] = 4, [OGI_LANCE] = 8, [OGI_KNIGHT] = 8, [OGI_SILVER] = 12,
    [OGI_BISHOP] = 12, [OGI_ROOK] = 16, [OGI_PRINCESS] = 16, [OGI_KING] = 0,
    [OGI_TOKIN] = 12, [OGI_PLANCE] = 12, [OGI_PKNIGHT] = 12, [OGI_PSILVER] = 12,
    [OGI_HORSE] = 20, [OGI_DRAGON] = 24, [OGI_PPRINCESS] = 24,
};
static int hand_attack_weight[OGI_HAND_KINDS] = {
    [OGI_PAWN] = 0, [OGI_LANCE] = 4, [OGI_KNIGHT] = 4, [OGI_SILVER] = 8,
    [OGI_BISHOP] = 8, [OGI_ROOK] = 12, [OGI_PRINCESS] = 12,
};

/* The other weights a tuner may change. */
static struct {
    int defender;
    int danger_scale;   /* the penalty is danger^2 * danger_scale / 256 (danger in quarters) */
    int danger_cap, mobility, tempo;
    int king_advance;   /* per rank beyond the King's second */
    int weak_ring;      /* danger per square next to the King the enemy hits and no piece of ours covers */
    int board_check;    /* danger per enemy piece type with a safe check on the board */
    int drop_check;     /* danger per kind in the enemy's hand with a safe checking drop */
    int cramped;        /* danger per safe flight square under two the King lacks */
    int ring_hit;       /* danger per enemy attack (a piece and a square) on the squares next to the King */
    int hanging;        /* per piece the enemy attacks and we do not cover */
    int pawn_threat;    /* per piece other than a pawn an enemy pawn attacks */
    int pawn_rank4;     /* per pawn on its fourth rank, two steps from promotion */
    int pawn_rank5;     /* per pawn on its fifth rank, one step from promotion */
    int pawn_zone;      /* per dropped pawn inside the zone, promoting at its next step */
    int flank_attack;   /* per enemy attack on the King's flank in our half, twice-attacked squares twice */
    int proximity;      /* per piece other than a pawn: its distance to our King times its distance to theirs */
} w = {
    .defender = 14,
    .danger_scale = 48,
    .danger_cap = 1200,
    .mobility = 3,
    .tempo = 12,
    .king_advance = 25,
    .weak_ring = 4,
    .board_check = 8,
    .drop_check = 8,
    .cramped = 8,
    .ring_hit = 8,
    .hanging = 30,
    .pawn_threat = 40,
    .pawn_rank4 = 16,
    .pawn_rank5 = 50,
    .pawn_zone = 80,
    .flank_attack = 10,
    .proximity = 2,
};

const DjParam ogi_params[OGI_N_PARAMS] = {
    { "defender", &w.defender, 0, 100 },
    { "danger_scale", &w.danger_scale, 0, 640 },
    { "danger_cap", &w.danger_cap, 0, 5000 },
    { "mobility", &w.mobility, 0, 40 },
    { "tempo", &w.tempo, 0, 100 },
    { "king_advance", &w.king_advance, 0, 200 },
    { "weak_ring", &w.weak_ring, 0, 80 },
    { "board_check", &w.board_check, 0, 80 },
    { "drop_check", &w.drop_check, 0, 80 },
    { "cramped", &w.cramped, 0, 80 },
    { "ring_hit", &w.ring_hit, 0, 80 },
    { "hanging", &w.hanging, 0, 200 },
    { "pawn_threat", &w.pawn_threat, 0, 200 },
    { "pawn_rank4", &w.pawn_rank4, 0, 200 },
    { "pawn_rank5", &w.pawn_rank5, 0, 200 },
    { "pawn_zone", &w.pawn_zone, 0, 200 },
    { "flank_attack", &w.flank_attack, 0, 100 },
    { "proximity", &w.proximity, 0, 20 },
    { "attack_pawn", &attack_weight[OGI_PAWN], 0, 80 },
    { "attack_lance", &attack_weight[OGI_LANCE], 0, 80 },
    { "attack_knight", &attack_weight[OGI_KNIGHT], 0, 80 },
    { "attack_silver", &attack_weight[OGI_SILVER], 0, 80 },
    { "attack_bishop", &attack_weight[OGI_BISHOP], 0, 80 },
    { "attack_rook", &attack_weight[OGI_ROOK], 0, 80 },
    { "attack_princess", &attack_weight[OGI_PRINCESS], 0, 80 },
    { "attack_tokin", &attack_weight[OGI_TOKIN], 0, 80 },
    { "attack_plance", &attack_weight[OGI_PLANCE], 0, 80 },
    { "attack_pknight", &attack_weight[OGI_PKNIGHT], 0, 80 },
    { "attack_psilver", &attack_weight[OGI_PSILVER], 0, 80 },
    { "attack_horse", &attack_weight[OGI_HORSE], 0, 80 },
    { "attack_dragon", &attack_weight[OGI_DRAGON], 0, 80 },
    { "attack_pprincess", &attack_weight[OGI_PPRINCESS], 0, 80 },
    { "hand_attack_lance", &hand_attack_weight[OGI_LANCE], 0, 80 },
    { "hand_attack_knight", &hand_attack_weight[OGI_KNIGHT], 0, 80 },
    { "hand_attack_silver", &hand_attack_weight[OGI_SILVER], 0, 80 },
    { "hand_attack_bishop", &hand_attack_weight[OGI_BISHOP], 0, 80 },
    { "hand_attack_rook", &hand_attack_weight[OGI_ROOK], 0, 80 },
    { "hand_attack_princess", &hand_attack_weight[OGI_PRINCESS], 0, 80 },
    { "hand_attack_pawn", &hand_attack_weight[OGI_PAWN], 0, 80 },
    /* Piece values: from half to twice the built-in value. */
    { "value_pawn", &ogi_board_value[OGI_PAWN], 50, 200 },
    { "value_lance", &ogi_board_value[OGI_LANCE], 150, 700 },
    { "value_knight", &ogi_board_value[OGI_KNIGHT], 150, 800 },
    { "value_silver", &ogi_board_value[OGI_SILVER], 250, 1100 },
    { "value_bishop", &ogi_board_value[OGI_BISHOP], 350, 1500 },
    { "value_rook", &ogi_board_value[OGI_ROOK], 450, 1800 },
    { "value_princess", &ogi_board_value[OGI_PRINCESS], 600, 2500 },
    { "value_tokin", &ogi_board_value[OGI_TOKIN], 300, 1200 },
    { "value_plance", &ogi_board_value[OGI_PLANCE], 300, 1200 },
    { "value_pknight", &ogi_board_value[OGI_PKNIGHT], 300, 1200 },
    { "value_psilver", &ogi_board_value[OGI_PSILVER], 300, 1200 },
    { "value_horse", &ogi_board_value[OGI_HORSE], 500, 2000 },
    { "value_dragon", &ogi_board_value[OGI_DRAGON], 550, 2300 },
    { "value_pprincess", &ogi_board_value[OGI_PPRINCESS], 700, 2900 },
    { "value_hand_pawn", &ogi_hand_value[OGI_PAWN], 50, 220 },
    { "value_hand_lance", &ogi_hand_value[OGI_LANCE], 150, 700 },
    { "value_hand_knight", &ogi_hand_value[OGI_KNIGHT], 200, 800 },
    { "value_hand_silver", &ogi_hand_value[OGI_SILVER], 250, 1100 },
    { "value_hand_bishop", &ogi_hand_value[OGI_BISHOP], 400, 1600 },
    { "value_hand_rook", &ogi_hand_value[OGI_ROOK], 450, 1900 },
    { "value_hand_princess", &ogi_hand_value[OGI_PRINCESS], 650, 2600 },
};

int ogi_material(const OgiPosition *pos)
{
    /* The balance of counts is kept as pieces move, not the balance of
     * values: a value may change between searches (it is a weight). */
    int material = 0;
    for (int type = OGI_PAWN; type < OGI_TYPES; type++)
        material += pos->balance[type] * ogi_board_value[type];
    for (int kind = 0; kind < OGI_HAND_KINDS; kind++)
        material += (pos->hand[OGI_BLACK][kind] - pos->hand[OGI_WHITE][kind]) * ogi_hand_value[kind];
    return material;
}

/* The squares one side's pieces other than its King attack, gathered once
 * per evaluation for King safety, threats and mobility. */
typedef struct SideAttacks {
    Bitboard by_type[OGI_TYPES];   /* by pieces of each type; all four gold-movers under OGI_TOKIN */
    Bitboard all;                  /* attacked at least once */
    Bitboard twice;                /* attacked by two pieces or more */
    int slider_squares;            /* squares the sliding moves reach that are not ours */
    int ring_hits;                 /* attacks on the squares next to the enemy King, one a piece and square */
} SideAttacks;

static inline void add_attacks(SideAttacks *a, int type, Bitboard att, Bitboard ring)
{
    a->ring_hits += bb_count(att & ring);
    a->twice |= a->all & att;
    a->all |= att;
    a->by_type[type] |= att;
}

/* A piece with a sliding move `slide` and steps or jumps `extra`: only the
 * sliding part counts as mobility. */
static inline void add_slider(SideAttacks *a, int type, Bitboard slide, Bitboard extra,
                              Bitboard own, Bitboard ring)
{
    a->slider_squares += bb_count(slide & ~own);
    add_attacks(a, type, slide | extra, ring);
}

/* Type by type rather than piece by piece: no lookup of each piece's type
 * and no switch, which this function, called at every leaf, cannot afford. */
static void gather_attacks(const OgiPosition *pos, int colour, Bitboard occ, SideAttacks *a)
{
    const Bitboard *t = pos->by_type;
    Bitboard own = pos->by_colour[colour];
    *a = (SideAttacks){ 0 };
    /* Pawns all at once: no two of them attack the same square. */
    Bitboard pawns = own & t[OGI_PAWN];
    a->all = a->by_type[OGI_PAWN] = colour == OGI_BLACK ? pawns << 8 : pawns >> 8;
    Bitboard ring = ogi_step[0][OGI_STEP_KING][pos->king_sq[colour ^ 1]];
    a->ring_hits = bb_count(a->all & ring);

    Bitboard b;
    for (b = own & t[OGI_LANCE]; b;)
        add_slider(a, OGI_LANCE, ogi_lance_attacks(colour, bb_pop(&b), occ), 0, own, ring);
    for (b = own & t[OGI_KNIGHT]; b;)
        add_attacks(a, OGI_KNIGHT, ogi_step[colour][OGI_STEP_KNIGHT][bb_pop(&b)], ring);
    for (b = own & t[OGI_SILVER]; b;)
        add_attacks(a, OGI_SILVER, ogi_step[colour][OGI_STEP_SILVER][bb_pop(&b)], ring);
    for (b = own & (t[OGI_TOKIN] | t[OGI_PLANCE] | t[OGI_PKNIGHT] | t[OGI_PSILVER]); b;)
        add_attacks(a, OGI_TOKIN, ogi_step[colour][OGI_STEP_GOLD][bb_pop(&b)], ring);

    const Bitboard *king_steps = ogi_step[0][OGI_STEP_KING];
    const Bitboard *jumps = ogi_step[0][OGI_STEP_CHESS_KNIGHT];
    for (b = own & t[OGI_ROOK]; b;) {
        int sq = bb_pop(&b);
        add_slider(a, OGI_ROOK, ogi_rook_attacks(sq, occ), 0, own, ring);
    }
    for (b = own & t[OGI_DRAGON]; b;) {
        int sq = bb_pop(&b);
        add_slider(a, OGI_DRAGON, ogi_rook_attacks(sq, occ), king_steps[sq], own, ring);
    }
    for (b = own & t[OGI_BISHOP]; b;) {
        int sq = bb_pop(&b);
        add_slider(a, OGI_BISHOP, ogi_bishop_attacks(sq, occ), 0, own, ring);
    }
    for (b = own & t[OGI_HORSE]; b;) {
        int sq = bb_pop(&b);
        add_slider(a, OGI_HORSE, ogi_bishop_attacks(sq, occ), king_steps[sq], own, ring);
    }
    for (b = own & t[OGI_PRINCESS]; b;) {
        int sq = bb_pop(&b);
        add_slider(a, OGI_PRINCESS, ogi_bishop_attacks(sq, occ), jumps[sq], own, ring);
    }
    for (b = own & t[OGI_PPRINCESS]; b;) {
        int sq = bb_pop(&b);
        add_slider(a, OGI_PPRINCESS, ogi_bishop_attacks(sq, occ), jumps[sq] | king_steps[sq],
                   own, ring);
    }
}

/* King safety of `colour`, from its own side (higher is safer).  Danger
 * adds up what threatens the King: enemy pieces within two squares, the
 * squares next to it the enemy hits and we do not cover, the enemy's checks
 * that cannot simply be taken (by a piece on the board or by a drop) and,
 * once anything threatens, the pieces the enemy holds.  The penalty grows
 * with the square of the danger because threats combine. */
static int king_safety(const OgiPosition *pos, int colour, Bitboard occ,
                       const SideAttacks *ours, const SideAttacks *theirs)
{
    int ksq = pos->king_sq[colour];
    int enemy = colour ^ 1;
    Bitboard own = pos->by_colour[colour] & ~BB_SQ(ksq);
    Bitboard ring = ogi_step[0][OGI_STEP_KING][ksq];
    int defenders = bb_count(ring & own);

    int danger = 0;
    Bitboard attackers = ogi_king_area[ksq] & pos->by_colour[enemy];
    while (attackers)
        danger += attack_weight[ogi_piece_type(pos->board[bb_pop(&attackers)])];

    danger += w.weak_ring * bb_count(ring & theirs->all & ~ours->all);
    danger += w.ring_hit * theirs->ring_hits;

    /* A checking piece is safe where none of our pieces covers it and, next
     * to the King, where another enemy piece backs it up. */
    Bitboard uncovered = ~ours->all & ~pos->by_colour[enemy];
    Bitboard safe_move = uncovered & (~ring | theirs->twice);
    Bitboard safe_drop = uncovered & ~occ & (~ring | theirs->all);
    /* The squares from which each kind of piece would check the King (the
     * four gold-movers' attacks are all under OGI_TOKIN in SideAttacks). */
    Bitboard check_from[OGI_TYPES];
    ogi_check_squares(colour, ksq, occ, check_from);
    /* The types SideAttacks keeps apart: no King, one entry for the golds. */
    static const int8_t checkers[] = {
        OGI_PAWN, OGI_LANCE, OGI_KNIGHT, OGI_SILVER, OGI_BISHOP, OGI_ROOK,
        OGI_PRINCESS, OGI_TOKIN, OGI_HORSE, OGI_DRAGON, OGI_PPRINCESS,
    };
    for (size_t i = 0; i < G_N_ELEMENTS(checkers); i++)
        if (check_from[checkers[i]] & theirs->by_type[checkers[i]] & safe_move)
            danger += w.board_check;
    for (int kind = 0; kind < OGI_HAND_KINDS; kind++)
        if (pos->hand[enemy][kind]
            && (check_from[kind] & ogi_drop_squares[enemy][kind] & safe_drop))
            danger += w.drop_check;

    if (danger > 0) {
        /* A King with nowhere to go is easier to mate, but only worth
         * counting when something threatens it (a castle is cramped too). */
        int flights = bb_count(ring & ~pos->by_colour[colour] & ~theirs->all);
        if (flights < 2)
            danger += w.cramped * (2 - flights);
        for (int kind = 0; kind < OGI_HAND_KINDS; kind++)
            if (pos->hand[enemy][kind])
                danger += hand_attack_weight[kind];
    }
    /* In 64 bits: a tuner may set the weights to their maxima. */
    int64_t squared = (int64_t)danger * danger * w.danger_scale / 256;
    int penalty = squared > w.danger_cap ? w.danger_cap : (int)squared;
    /* The enemy's grip on the King's flank in our half: the ground an
     * attack with drops is built on, before it reaches the King. */
    Bitboard flank = ogi_king_flank[colour][ksq];
    penalty += w.flank_attack * (bb_count(flank & theirs->all) + bb_count(flank & theirs->twice));
    int rank_from_home = colour == OGI_BLACK ? sq_rank(ksq) : 7 - sq_rank(ksq);
    if (rank_from_home > 1)
        penalty += (rank_from_home - 1) * w.king_advance;
    return defenders * w.defender - penalty;
}

/* What the enemy threatens to win from `colour` (higher is better for
 * `colour`, so never above 0): its pieces the enemy attacks that none of
 * ours covers, and those worth more than a pawn that a pawn attacks. */
static int threats(const OgiPosition *pos, int colour, const SideAttacks *ours,
                   const SideAttacks *theirs)
{
    Bitboard pieces = pos->by_colour[colour] & ~pos->by_type[OGI_KING];
    int hanging = bb_count(pieces & theirs->all & ~ours->all);
    int by_pawn = bb_count(pieces & ~pos->by_type[OGI_PAWN] & theirs->by_type[OGI_PAWN]);
    return -(hanging * w.hanging + by_pawn * w.pawn_threat);
}

/* Pawns on their way to promotion (to a gold-mover worth six pawns), from
 * `colour`'s side: two steps from the zone, one step, and inside it (only
 * a drop leaves a pawn there unpromoted). */
static int pawn_advance(const OgiPosition *pos, int colour)
{
    Bitboard pawns = pos->by_colour[colour] & pos->by_type[OGI_PAWN];
    bool black = colour == OGI_BLACK;
    Bitboard rank4 = black ? BB_RANK(3) : BB_RANK(4), rank5 = black ? BB_RANK(4) : BB_RANK(3);
    return bb_count(pawns & rank4) * w.pawn_rank4 + bb_count(pawns & rank5) * w.pawn_rank5
         + bb_count(pawns & ogi_zone[colour]) * w.pawn_zone;
}

/* How far `colour`'s pieces other than pawns stand from the fight (higher
 * is worse): for each, its distance to our King times its distance to
 * theirs.  In a drop game a piece near neither King defends nothing and
 * attacks nothing, and pieces in hand can land anywhere, so every piece on
 * the board should be near one King or the other. */
static int remoteness(const OgiPosition *pos, int colour)
{
    int own_king = pos->king_sq[colour], enemy_king = pos->king_sq[colour ^ 1];
    Bitboard pieces = pos->by_colour[colour] & ~pos->by_type[OGI_PAWN] & ~pos->by_type[OGI_KING];
    const uint8_t *to_own = ogi_distance[own_king], *to_enemy = ogi_distance[enemy_king];
    int sum = 0;
    while (pieces) {
        int sq = bb_pop(&pieces);
        sum += to_own[sq] * to_enemy[sq];
    }
    return sum;
}

/* The parts of the evaluation, each side's from its own point of view,
 * but material, which is Black's less White's (kept as a balance of counts,
 * it has no cheap split by side). */
typedef struct EvalParts {
    int material;
    int king_safety[2], threats[2], pawns[2], mobility[2], proximity[2];
    int learnt;   /* the network's part, the side to move's (0 without one) */
} EvalParts;

static inline void eval_parts(const OgiPosition *pos, EvalParts *p)
{
    Bitboard occ = pos->by_colour[0] | pos->by_colour[1];
    SideAttacks attacks[2];
    gather_attacks(pos, OGI_BLACK, occ, &attacks[OGI_BLACK]);
    gather_attacks(pos, OGI_WHITE, occ, &attacks[OGI_WHITE]);
    const SideAttacks *black = &attacks[OGI_BLACK], *white = &attacks[OGI_WHITE];
    /* Written out for each colour: as a loop it cost this function 7% more
     * instructions (callgrind), and it runs at every leaf. */
    p->material = ogi_material(pos);
    p->king_safety[OGI_BLACK] = king_safety(pos, OGI_BLACK, occ, black, white);
    p->king_safety[OGI_WHITE] = king_safety(pos, OGI_WHITE, occ, white, black);
    p->threats[OGI_BLACK] = threats(pos, OGI_BLACK, black, white);
    p->threats[OGI_WHITE] = threats(pos, OGI_WHITE, white, black);
    p->pawns[OGI_BLACK] = pawn_advance(pos, OGI_BLACK);
    p->pawns[OGI_WHITE] = pawn_advance(pos, OGI_WHITE);
    p->mobility[OGI_BLACK] = black->slider_squares * w.mobility;
    p->mobility[OGI_WHITE] = white->slider_squares * w.mobility;
    p->proximity[OGI_BLACK] = -remoteness(pos, OGI_BLACK) * w.proximity;
    p->proximity[OGI_WHITE] = -remoteness(pos, OGI_WHITE) * w.proximity;
    p->learnt = 0;
    const DjNet *net = ogi_net;
    if (net != NULL && pos->net_id == net->id) {
        p->learnt = dj_net_output_from_sums(net, pos->net_sums[pos->side]);
    } else if (net != NULL) {
        uint16_t features[DJ_NET_MAX_ACTIVE];
        p->learnt = dj_net_output(net, features, ogi_net_features(pos, features));
    }
}

int ogi_evaluate(const void *position)
{
    const OgiPosition *pos = position;
    EvalParts p;
    eval_parts(pos, &p);
    int score = p.material;
    score += p.king_safety[OGI_BLACK] - p.king_safety[OGI_WHITE];
    score += p.threats[OGI_BLACK] - p.threats[OGI_WHITE];
    score += p.pawns[OGI_BLACK] - p.pawns[OGI_WHITE];
    score += p.mobility[OGI_BLACK] - p.mobility[OGI_WHITE];
    score += p.proximity[OGI_BLACK] - p.proximity[OGI_WHITE];
    if (pos->side == OGI_WHITE)
        score = -score;
    score += w.tempo + p.learnt;
    /* Real games stay far inside the bound, but one side owning all 30
     * other pieces, promoted, would pass it: clamp. */
    const int limit = DJ_SCORE_EVAL_MAX - 1;
    if (score > limit)
        score = limit;
    if (score < -limit)
        score = -limit;
    return score;
}

/* `colour`'s material, board and hand, at the current values. */
static int side_material(const OgiPosition *pos, int colour)
{
    int sum = 0;
    for (Bitboard b = pos->by_colour[colour]; b;)
        sum += ogi_board_value[ogi_piece_type(pos->board[bb_pop(&b)])];
    for (int kind = 0; kind < OGI_HAND_KINDS; kind++)
        sum += pos->hand[colour][kind] * ogi_hand_value[kind];
    return sum;
}

int ogi_eval_terms(const void *position, DjEvalTerm *out)
{
    const OgiPosition *pos = position;
    EvalParts p;
    eval_parts(pos, &p);
    int us = pos->side, them = us ^ 1;
    const struct { const char *name; const int *by_side; } sided[] = {
        { "king safety", p.king_safety }, { "threats", p.threats },
        { "pawns", p.pawns }, { "slider mobility", p.mobility },
        { "proximity", p.proximity },
    };
    int n = 0;
    out[n++] = (DjEvalTerm){ "material", side_material(pos, us), side_material(pos, them) };
    for (size_t i = 0; i < G_N_ELEMENTS(sided); i++)
        out[n++] = (DjEvalTerm){ sided[i].name, sided[i].by_side[us], sided[i].by_side[them] };
    out[n++] = (DjEvalTerm){ "tempo", w.tempo, 0 };
    if (ogi_net != NULL)
        out[n++] = (DjEvalTerm){ "learnt", p.learnt, 0 };
    return n;
}

int ogi_move_gain(const void *position, uint32_t move)
{
    const OgiPosition *pos = position;
    if (ogi_move_is_drop(move))
        return 0;
    int gain = 0;
    uint8_t victim = pos->board[ogi_move_to(move)];
    if (victim != OGI_NO_PIECE)
        gain += ogi_capture_value(ogi_piece_type(victim));
    if (ogi_move_promotes(move)) {
        int type = ogi_piece_type(pos->board[ogi_move_from(move)]);
        gain += ogi_board_value[type + OGI_PROMOTION] - ogi_board_value[type];
    }
    return gain;
}

bool ogi_is_noisy(const void *position, uint32_t move)
{
    const OgiPosition *pos = position;
    if (!ogi_move_is_drop(move)) {
        if (pos->board[ogi_move_to(move)] != OGI_NO_PIECE || ogi_move_promotes(move))
            return true;
    }
    return ogi_gives_check(pos, move);
}
