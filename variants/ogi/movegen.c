/* movegen.c: legal moves, check, attackers.
 *
 * Moves are generated legal from the start, without playing them: a check
 * mask (the checker and the squares between it and the King) limits where
 * other pieces may go when in check, pin lines limit pinned pieces, and the
 * King is tested square by square against the enemy's attacks with the King
 * itself lifted off the board (so it cannot hide behind itself from a
 * slider).  There is no en passant or castling, so these masks are exact.
 * Promotion is mandatory, so every (from, to) pair is exactly one move and
 * counting is a population count.  noisy_moves() runs the same generator
 * with each piece's targets cut down to captures, promotions and checks;
 * legal_moves_marked() runs it whole and marks those; gaining_moves() cuts
 * them down to captures and promotions, and makes no drops. */
#include <stddef.h>

#include "variants/ogi/attacks.h"
#include "variants/ogi/position.h"

Bitboard ogi_attackers_to(const OgiPosition *pos, int sq, int colour, Bitboard occ)
{
    const Bitboard *t = pos->by_type;
    Bitboard rook_like = t[OGI_ROOK] | t[OGI_DRAGON];
    Bitboard bishop_like = t[OGI_BISHOP] | t[OGI_HORSE] | t[OGI_PRINCESS] | t[OGI_PPRINCESS];
    Bitboard rook_rays = ogi_rook_attacks(sq, occ);
    Bitboard sliders = (rook_rays & rook_like)
                     | (rook_rays & ogi_forward_ray[colour ^ 1][sq] & t[OGI_LANCE])
                     | (ogi_bishop_attacks(sq, occ) & bishop_like);
    return ogi_stepping_attackers(pos, sq, colour) | (sliders & pos->by_colour[colour]);
}

/* One side's pieces grouped by the way they attack, so that testing many
 * squares (the King's destinations) costs a few lookups per square. */
typedef struct AttackGroups {
    int colour;
    Bitboard pawns, knights, silvers, golds, king_steppers, jumpers;
    Bitboard rook_like, lances, bishop_like;
} AttackGroups;

static inline void attack_groups_init(AttackGroups *a, const OgiPosition *pos, int colour)
{
    const Bitboard *t = pos->by_type;
    Bitboard mine = pos->by_colour[colour];
    a->colour = colour;
    a->pawns = t[OGI_PAWN] & mine;
    a->knights = t[OGI_KNIGHT] & mine;
    a->silvers = t[OGI_SILVER] & mine;
    a->golds = (t[OGI_TOKIN] | t[OGI_PLANCE] | t[OGI_PKNIGHT] | t[OGI_PSILVER]) & mine;
    a->king_steppers = (t[OGI_KING] | t[OGI_HORSE] | t[OGI_DRAGON] | t[OGI_PPRINCESS]) & mine;
    a->jumpers = (t[OGI_PRINCESS] | t[OGI_PPRINCESS]) & mine;
    a->rook_like = (t[OGI_ROOK] | t[OGI_DRAGON]) & mine;
    a->lances = t[OGI_LANCE] & mine;
    a->bishop_like = (t[OGI_BISHOP] | t[OGI_HORSE] | t[OGI_PRINCESS] | t[OGI_PPRINCESS]) & mine;
}

/* Whether a piece of the group's side attacks `sq` with occupancy `occ`. */
static inline bool square_attacked(const AttackGroups *a, int sq, Bitboard occ)
{
    int other = a->colour ^ 1;
    Bitboard steps = (ogi_step[other][OGI_STEP_PAWN][sq] & a->pawns)
                   | (ogi_step[other][OGI_STEP_KNIGHT][sq] & a->knights)
                   | (ogi_step[other][OGI_STEP_SILVER][sq] & a->silvers)
                   | (ogi_step[other][OGI_STEP_GOLD][sq] & a->golds)
                   | (ogi_step[0][OGI_STEP_KING][sq] & a->king_steppers)
                   | (ogi_step[0][OGI_STEP_CHESS_KNIGHT][sq] & a->jumpers);
    if (steps)
        return true;
    if (a->rook_like | a->lances) {
        Bitboard rook_rays = ogi_rook_attacks(sq, occ);
        if (rook_rays & (a->rook_like | (a->lances & ogi_forward_ray[other][sq])))
            return true;
    }
    return a->bishop_like && (ogi_bishop_attacks(sq, occ) & a->bishop_like);
}

bool ogi_colour_in_check(const OgiPosition *pos, int colour)
{
    Bitboard occ = pos->by_colour[0] | pos->by_colour[1];
    return ogi_attackers_to(pos, pos->king_sq[colour], colour ^ 1, occ) != 0;
}

bool ogi_in_check(const void *position)
{
    const OgiPosition *pos = position;
    return ogi_colour_in_check(pos, pos->side);
}

/* Enemy sliders that would attack `ksq` if nothing stood in the way. */
static inline Bitboard snipers_of(const OgiPosition *pos, int ksq, int us)
{
    const Bitboard *t = pos->by_type;
    Bitboard snipers = (ogi_rook_attacks(ksq, 0) & (t[OGI_ROOK] | t[OGI_DRAGON]))
                     | (ogi_bishop_attacks(ksq, 0)
                        & (t[OGI_BISHOP] | t[OGI_HORSE] | t[OGI_PRINCESS] | t[OGI_PPRINCESS]))
                     | (ogi_forward_ray[us][ksq] & t[OGI_LANCE]);
    return snipers & pos->by_colour[us ^ 1];
}

/* Pieces of `us` that stand alone between their King and an enemy slider. */
static inline Bitboard pinned_pieces(const OgiPosition *pos, int ksq, int us, Bitboard occ)
{
    Bitboard pinned = 0;
    Bitboard snipers = snipers_of(pos, ksq, us);
    while (snipers) {
        int s = bb_pop(&snipers);
        Bitboard blockers = ogi_between[ksq][s] & occ;
        if (blockers && !bb_several(blockers))
            pinned |= blockers;
    }
    return pinned & pos->by_colour[us];
}

typedef struct Generator {
    const OgiPosition *pos;
    uint32_t *out;      /* NULL: only count */
    int n;
    int us;
    int ksq;
    Bitboard occ;
    Bitboard target;    /* where pieces other than the King may land */
    Bitboard pinned;
    Bitboard zone;
    uint8_t *marks;     /* legal_moves_marked: 1 for each noisy move */
    bool marking;       /* marks is used (a flag of its own: the compiler
                         * cannot know that a pointer argument is not NULL) */
    bool gaining;       /* only captures and promotions (gaining_moves) */
    /* Only when noisy moves are kept alone (noisy) or marked (marks): */
    bool noisy;
    Bitboard enemy;
    Bitboard checks[OGI_TYPES];     /* squares from which a piece of that type checks */
    Bitboard discoverers;           /* own pieces whose leaving uncovers a check */
    Bitboard disc_keep[OGI_SQUARES];/* for a discoverer: squares where it still blocks */
} Generator;

/* The targets among `to_set` where a promotable piece on `from` promotes:
 * touching the zone, on either end of the move, promotes. */
static inline Bitboard promoting_targets(const Generator *g, int from, Bitboard to_set)
{
    return (BB_SQ(from) & g->zone) ? to_set : (to_set & g->zone);
}

/* The targets among `to_set` (legal for a piece of `type` on `from`) that
 * make a noisy move: a capture, a promotion, or a check, direct or
 * discovered.  Must agree exactly with ogi_is_noisy(). */
static inline Bitboard noisy_targets(const Generator *g, int from, int type, Bitboard to_set)
{
    Bitboard noisy = to_set & g->enemy;
    if (ogi_type_promotes(type)) {
        Bitboard promoting = promoting_targets(g, from, to_set);
        noisy |= promoting;
        noisy |= to_set & ~promoting & g->checks[type];
    } else {
        noisy |= to_set & g->checks[type];
    }
    if (BB_SQ(from) & g->discoverers)
        noisy |= to_set & ~g->disc_keep[from];
    return noisy;
}

/* The targets among `to_set` (legal for a piece of `type` on `from`) that
 * capture or promote: every move move_gain() may score above 0. */
static inline Bitboard gaining_targets(const Generator *g, int from, int type, Bitboard to_set)
{
    Bitboard gaining = to_set & g->enemy;
    if (ogi_type_promotes(type))
        gaining |= promoting_targets(g, from, to_set);
    return gaining;
}

/* Write the moves from `from` to `to_set`; with marks, `noisy` (a subset
 * of to_set) says which of them are noisy. */
static inline void emit_targets(Generator *g, int from, Bitboard to_set, bool promotable,
                                Bitboard noisy)
{
    if (g->out == NULL) {
        g->n += bb_count(to_set);
        return;
    }
    Bitboard promoting = promotable ? promoting_targets(g, from, to_set) : 0;
    Bitboard plain = to_set & ~promoting;
    if (g->marking) {
        while (plain) {
            int to = bb_pop(&plain);
            g->marks[g->n] = (noisy >> to) & 1;
            g->out[g->n++] = ogi_move(from, to);
        }
        while (promoting) {
            g->marks[g->n] = 1;   /* a promotion is noisy */
            g->out[g->n++] = ogi_move_promoting(from, bb_pop(&promoting));
        }
        return;
    }
    while (plain)
        g->out[g->n++] = ogi_move(from, bb_pop(&plain));
    while (promoting)
        g->out[g->n++] = ogi_move_promoting(from, bb_pop(&promoting));
}

static inline void generate_type(Generator *g, int type)
{
    Bitboard pieces = g->pos->by_type[type] & g->pos->by_colour[g->us];
    while (pieces) {
        int from = bb_pop(&pieces);
        Bitboard to_set = ogi_piece_attacks(g->us, type, from, g->occ) & g->target;
        if (BB_SQ(from) & g->pinned)
            to_set &= ogi_line[g->ksq][from];
        if (g->gaining) {
            emit_targets(g, from, gaining_targets(g, from, type, to_set),
                         ogi_type_promotes(type), 0);
            continue;
        }
        Bitboard noisy = g->noisy ? noisy_targets(g, from, type, to_set) : 0;
        if (g->noisy && !g->marking)
            to_set = noisy;
        emit_targets(g, from, to_set, ogi_type_promotes(type), noisy);
    }
}

static inline void generate_king(Generator *g, Bitboard own)
{
    Bitboard to_set = ogi_step[0][OGI_STEP_KING][g->ksq] & ~own;
    if (g->gaining)
        to_set &= g->enemy;
    /* Only noisy moves wanted: only their squares need the safety test. */
    if (g->noisy && !g->marking)
        to_set = noisy_targets(g, g->ksq, OGI_KING, to_set);
    Bitboard safe = 0;
    if (to_set) {
        /* The King is lifted off the board so that it cannot shield the
         * squares behind it from a slider. */
        Bitboard occ_without_king = g->occ ^ BB_SQ(g->ksq);
        AttackGroups enemy;
        attack_groups_init(&enemy, g->pos, g->us ^ 1);
        while (to_set) {
            int to = bb_pop(&to_set);
            if (!square_attacked(&enemy, to, occ_without_king))
                safe |= BB_SQ(to);
        }
    }
    Bitboard noisy = g->noisy ? noisy_targets(g, g->ksq, OGI_KING, safe) : 0;
    if (g->noisy && !g->marking)
        safe = noisy;
    emit_targets(g, g->ksq, safe, false, noisy);
}

/* Files holding an unpromoted pawn of `pawns`' owner, as whole files. */
static inline Bitboard pawn_files(Bitboard pawns)
{
    pawns |= pawns << 8;
    pawns |= pawns << 16;
    pawns |= pawns << 32;   /* every pawn smeared up to rank 8 */
    return (pawns >> 56) * BB_FILE_A;
}

static inline void generate_drops(Generator *g, Bitboard drop_target)
{
    const OgiPosition *pos = g->pos;
    const uint8_t *hand = pos->hand[g->us];
    for (int kind = 0; kind < OGI_HAND_KINDS; kind++) {
        if (hand[kind] == 0)
            continue;
        Bitboard to_set = drop_target & ogi_drop_squares[g->us][kind];
        if (kind == OGI_PAWN)
            to_set &= ~pawn_files(pos->by_type[OGI_PAWN] & pos->by_colour[g->us]);
        /* A drop is noisy only when it checks. */
        if (g->noisy && !g->marking)
            to_set &= g->checks[kind];
        if (g->out == NULL) {
            g->n += bb_count(to_set);
            continue;
        }
        if (g->marking) {
            while (to_set) {
                int to = bb_pop(&to_set);
                g->marks[g->n] = (g->checks[kind] >> to) & 1;
                g->out[g->n++] = ogi_drop(kind, to);
            }
            continue;
        }
        while (to_set)
            g->out[g->n++] = ogi_drop(kind, bb_pop(&to_set));
    }
}

/* Set up the noisy-move filter of `g`: check squares per type, and the own
 * pieces standing alone between an own slider and the enemy King. */
static void prepare_noisy(Generator *g)
{
    const OgiPosition *pos = g->pos;
    int them = g->us ^ 1;
    int eksq = pos->king_sq[them];
    g->noisy = true;
    g->enemy = pos->by_colour[them];
    ogi_check_squares(them, eksq, g->occ, g->checks);
    g->discoverers = 0;
    Bitboard snipers = snipers_of(pos, eksq, them);
    while (snipers) {
        int s = bb_pop(&snipers);
        Bitboard blockers = ogi_between[eksq][s] & g->occ;
        if (blockers && !bb_several(blockers) && (blockers & pos->by_colour[g->us])) {
            g->discoverers |= blockers;
            g->disc_keep[bb_first(blockers)] = ogi_between[eksq][s];
        }
    }
}

/* Forced inline so that each entry point below gets its own copy with
 * `out`, `marking`, `noisy` and `gaining` known: counting then never
 * touches the move list.  noisy: only the noisy moves, or with marking all
 * moves, marked; gaining: only the captures and promotions.  The entry
 * points are flattened too: with five of them gcc would otherwise keep the
 * per-piece helpers out of line. */
__attribute__((always_inline))
static inline int generate(const OgiPosition *pos, uint32_t *out, uint8_t *marks, bool marking,
                           bool noisy, bool gaining)
{
    Generator g;
    g.pos = pos;
    g.out = out;
    g.marks = marks;
    g.marking = marking;
    g.n = 0;
    g.noisy = false;
    g.gaining = gaining;
    g.enemy = gaining ? pos->by_colour[pos->side ^ 1] : 0;
    g.discoverers = 0;
    g.us = pos->side;
    g.ksq = pos->king_sq[g.us];
    g.occ = pos->by_colour[0] | pos->by_colour[1];
    g.zone = ogi_zone[g.us];
    Bitboard own = pos->by_colour[g.us];
    if (noisy)
        prepare_noisy(&g);

    Bitboard checkers = ogi_attackers_to(pos, g.ksq, g.us ^ 1, g.occ);
    if (bb_several(checkers)) {
        generate_king(&g, own);
        return g.n;
    }
    Bitboard drop_target = ~g.occ;
    g.target = ~own;
    if (checkers) {
        int checker = bb_first(checkers);
        drop_target &= ogi_between[g.ksq][checker];
        g.target &= ogi_between[g.ksq][checker] | checkers;
    }
    g.pinned = pinned_pieces(pos, g.ksq, g.us, g.occ);

    generate_type(&g, OGI_PAWN);
    generate_type(&g, OGI_LANCE);
    generate_type(&g, OGI_KNIGHT);
    generate_type(&g, OGI_SILVER);
    generate_type(&g, OGI_BISHOP);
    generate_type(&g, OGI_ROOK);
    generate_type(&g, OGI_PRINCESS);
    generate_type(&g, OGI_TOKIN);
    generate_type(&g, OGI_PLANCE);
    generate_type(&g, OGI_PKNIGHT);
    generate_type(&g, OGI_PSILVER);
    generate_type(&g, OGI_HORSE);
    generate_type(&g, OGI_DRAGON);
    generate_type(&g, OGI_PPRINCESS);
    generate_king(&g, own);
    if (drop_target && !gaining)   /* a drop captures nothing */
        generate_drops(&g, drop_target);
    return g.n;
}

__attribute__((flatten))
int ogi_legal_moves(const void *pos, uint32_t *out)
{
    return generate(pos, out, NULL, false, false, false);
}

__attribute__((flatten))
int ogi_count_moves(const void *pos)
{
    return generate(pos, NULL, NULL, false, false, false);
}

__attribute__((flatten))
int ogi_noisy_moves(const void *pos, uint32_t *out)
{
    return generate(pos, out, NULL, false, true, false);
}

__attribute__((flatten))
int ogi_legal_moves_marked(const void *pos, uint32_t *out, uint8_t *noisy)
{
    return generate(pos, out, noisy, true, true, false);
}

__attribute__((flatten))
int ogi_gaining_moves(const void *pos, uint32_t *out)
{
    return generate(pos, out, NULL, false, false, true);
}

bool ogi_gives_check(const OgiPosition *pos, uint32_t move)
{
    int us = pos->side;
    int them = us ^ 1;
    int eksq = pos->king_sq[them];
    Bitboard king = BB_SQ(eksq);
    Bitboard occ = pos->by_colour[0] | pos->by_colour[1];
    int to = ogi_move_to(move);

    if (ogi_move_is_drop(move))
        return (ogi_piece_attacks(us, ogi_move_kind(move), to, occ) & king) != 0;

    int from = ogi_move_from(move);
    int type = ogi_piece_type(pos->board[from]);
    if (ogi_move_promotes(move))
        type += OGI_PROMOTION;
    Bitboard after = (occ & ~BB_SQ(from)) | BB_SQ(to);
    if (ogi_piece_attacks(us, type, to, after) & king)
        return true;
    /* Discovered: only a piece leaving a line through the enemy King can
     * open one. */
    if (ogi_line[eksq][from] == 0)
        return false;
    const Bitboard *t = pos->by_type;
    Bitboard ours = pos->by_colour[us] & ~BB_SQ(from);
    Bitboard rook_rays = ogi_rook_attacks(eksq, after);
    Bitboard sliders = (rook_rays & (t[OGI_ROOK] | t[OGI_DRAGON]))
                     | (rook_rays & ogi_forward_ray[them][eksq] & t[OGI_LANCE])
                     | (ogi_bishop_attacks(eksq, after)
                        & (t[OGI_BISHOP] | t[OGI_HORSE] | t[OGI_PRINCESS] | t[OGI_PPRINCESS]));
    return (sliders & ours) != 0;
}
