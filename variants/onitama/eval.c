/* eval.c: the static evaluation and the quiescence filter.
 *
 * What the evaluation can use cheaply: the side to move (s) plays one of
 * its two cards now, but the opponent (o) will answer with the two cards it
 * holds NOW (the card s plays goes to the side, not to o's hand).  So o's
 * threats for its next move are known exactly, whatever s does:
 *   - if o's master reaches s's temple with o's cards, s loses unless s
 *     wins at once (nothing blocks a jump, and a piece on the temple is
 *     just captured by the arriving master);
 *   - if o attacks s's master, s must spend its move on the master.
 * Everything else is material, mobility, square control and the masters'
 * road to the enemy temple.  Popcounts over the precomputed masks only. */
#include "variants/onitama/onitama.h"

#include <stdlib.h>

enum {
    STUDENT = 100,
    /* A result a ply or two away that quiescence would find anyway; kept
     * well inside the eval band so that the search's own win scores stay
     * above it. */
    WIN_NEXT_MOVE = 9000,
    LOST_AFTER_REPLY = 8000,
};

/* The weights a tuner may change (the student, 100, is the unit).  Tuned
 * by SPSA from the hand-set ones (70, 250, 3, 4, 15, 3, 12, 10, 2) with
 *
 *   dojo spsa onitama --iterations 2000 --nodes 50000 --deck base \
 *       --openings random:2 --max-plies 400 --concurrency 2 --r-end 0.02 --seed 7
 *
 * and kept because they beat the hand-set ones 521-459-20 in 1000 games
 * of self-play at 50 ms a move, +21.6 +/- 18.3 (docs/strength.md). */
static struct {
    int master_attacked, master_trapped, mobility, control, master_advance, master_file,
        student_threat, tempo, reach_all;
} w = {
    .master_attacked = 56,
    .master_trapped = 271,
    .mobility = 2,
    .control = 6,
    .master_advance = 17,
    .master_file = 1,
    .student_threat = 1,
    .tempo = 15,
    .reach_all = 10,
};

const DjParam onitama_params[ONITAMA_N_PARAMS] = {
    { "master_attacked", &w.master_attacked, 0, 400 },
    { "master_trapped", &w.master_trapped, 0, 1000 },
    { "mobility", &w.mobility, 0, 50 },
    { "control", &w.control, 0, 50 },
    { "master_advance", &w.master_advance, 0, 100 },
    { "master_file", &w.master_file, 0, 100 },
    { "student_threat", &w.student_threat, 0, 200 },
    { "tempo", &w.tempo, 0, 100 },
    { "reach_all", &w.reach_all, 0, 50 },
};

/* What one side's two cards do for it in this position. */
typedef struct Reach {
    uint32_t attacked;     /* every square a piece of the side could jump to */
    uint32_t master;       /* where the master could go */
    int mobility;          /* how many moves */
} Reach;

static Reach side_reach(const OnitamaPosition *pos, int side)
{
    const uint32_t *first = onitama_reach[pos->cards[2 * side]][side];
    const uint32_t *second = onitama_reach[pos->cards[2 * side + 1]][side];
    uint32_t own = pos->pieces[side];
    Reach reach = { 0, 0, 0 };
    for (uint32_t pieces = own; pieces != 0; pieces &= pieces - 1) {
        int square = onitama_lowest(pieces);
        uint64_t both = (uint64_t)first[square] | (uint64_t)second[square] << 32;
        reach.mobility += __builtin_popcountll(both & ~((uint64_t)own | (uint64_t)own << 32));
        reach.attacked |= first[square] | second[square];
    }
    int master = onitama_lowest(pos->masters[side]);
    reach.master = (first[master] | second[master]) & ~own;
    return reach;
}

/* What the game's five cards allow, whoever holds them: every card passes
 * through each hand as the game goes on.  The five never change in a game,
 * so this is worked out once per deal (per thread) and kept. */
typedef struct Deal {
    uint32_t cards;                           /* the five as a set of ids; 0: none yet */
    uint32_t any[2][ONITAMA_SQUARES];         /* [side][square]: reach with any card */
} Deal;

static const Deal *deal_of(const OnitamaPosition *pos)
{
    static _Thread_local Deal deal;
    uint32_t cards = 0;
    for (int slot = 0; slot < 5; slot++)
        cards |= 1u << pos->cards[slot];
    if (deal.cards == cards)
        return &deal;
    deal.cards = cards;
    for (int side = 0; side < 2; side++) {
        for (int square = 0; square < ONITAMA_SQUARES; square++) {
            uint32_t any = 0;
            for (int slot = 0; slot < 5; slot++)
                any |= onitama_reach[pos->cards[slot]][side][square];
            deal.any[side][square] = any;
        }
    }
    return &deal;
}

/* How many squares `side`'s pieces could jump to with any of the deal's
 * cards, their own pieces aside: the mobility a piece keeps beyond the two
 * cards held now. */
static int reach_all_cards(const OnitamaPosition *pos, const Deal *deal, int side)
{
    uint32_t own = pos->pieces[side];
    int total = 0;
    for (uint32_t pieces = own; pieces != 0; pieces &= pieces - 1)
        total += onitama_popcount(deal->any[side][onitama_lowest(pieces)] & ~own);
    return total;
}

/* How far `side`'s master has come toward the enemy temple. */
static int master_progress(const OnitamaPosition *pos, int side)
{
    int square = onitama_lowest(pos->masters[side]);
    int forward = side == ONITAMA_BLUE ? onitama_rank(square) : ONITAMA_SIZE - 1 - onitama_rank(square);
    return w.master_advance * forward - w.master_file * abs(onitama_file(square) - 2);
}

/* The parts of the evaluation, each side's from its own point of view
 * (s: the side to move, o: the other).  When a result a ply or two away
 * settles it (win_next or lost_after_reply not 0), only the pieces and
 * that result count, and the other fields are not filled. */
typedef struct Shares {
    int mine, theirs;                 /* s's, o's */
} Shares;

typedef struct EvalParts {
    Shares pieces;                    /* STUDENT for each piece, the master too */
    int win_next, lost_after_reply;   /* s's: WIN_NEXT_MOVE, LOST_AFTER_REPLY or 0 */
    int master_danger;                /* s's master attacked or trapped (o moves next) */
    Shares mobility, control, master_road, reach_all;
    int student_threat, tempo;        /* s's alone */
} EvalParts;

/* Fills only what evaluate() reads, and returns whether a result a ply or
 * two away decides: then only the pieces and that result (zeroing the whole
 * struct at every leaf cost Onitama's search 3% more instructions). */
static inline bool eval_parts(const OnitamaPosition *pos, EvalParts *p)
{
    int s = pos->side, o = s ^ 1;
    Reach mine = side_reach(pos, s);
    Reach theirs = side_reach(pos, o);
    p->pieces.mine = STUDENT * onitama_popcount(pos->pieces[s]);
    p->pieces.theirs = STUDENT * onitama_popcount(pos->pieces[o]);
    p->win_next = p->lost_after_reply = 0;

    /* s moves first: a master capture or a temple step wins now. */
    if ((mine.attacked & pos->masters[o]) || (mine.master & onitama_bit(onitama_enemy_temple(s)))) {
        p->win_next = WIN_NEXT_MOVE;
        return true;
    }
    if (theirs.master & onitama_bit(onitama_enemy_temple(o))) {
        p->lost_after_reply = LOST_AFTER_REPLY;
        return true;
    }

    p->master_danger = 0;
    if (theirs.attacked & pos->masters[s]) {
        /* Trapped when the master has no step out of o's reach and s
         * cannot take any of o's pieces (a cheap stand-in for "cannot take
         * the attacker"). */
        bool can_step_away = (mine.master & ~theirs.attacked) != 0;
        bool can_hit_back = (mine.attacked & pos->pieces[o]) != 0;
        p->master_danger = can_step_away || can_hit_back ? w.master_attacked : w.master_trapped;
    }
    p->mobility.mine = w.mobility * mine.mobility;
    p->mobility.theirs = w.mobility * theirs.mobility;
    p->control.mine = w.control * onitama_popcount(mine.attacked);
    p->control.theirs = w.control * onitama_popcount(theirs.attacked);
    p->master_road.mine = master_progress(pos, s);
    p->master_road.theirs = master_progress(pos, o);
    const Deal *deal = deal_of(pos);
    p->reach_all.mine = w.reach_all * reach_all_cards(pos, deal, s);
    p->reach_all.theirs = w.reach_all * reach_all_cards(pos, deal, o);
    /* s to move can take one student it attacks; o's threats wait a move. */
    p->student_threat = w.student_threat * ((mine.attacked & pos->pieces[o]) != 0);
    p->tempo = w.tempo;
    return false;
}

int onitama_evaluate(const void *position)
{
    const OnitamaPosition *pos = position;
    int s = pos->side, o = s ^ 1;
    if (pos->masters[s] == 0 || pos->masters[o] == 0)
        return 0;   /* finished: never asked, but never read a bit that is not there */
    EvalParts p;
    bool decided = eval_parts(pos, &p);
    int score = p.pieces.mine - p.pieces.theirs + p.win_next - p.lost_after_reply;
    if (decided)
        return score;
    return score - p.master_danger + p.mobility.mine - p.mobility.theirs + p.control.mine
         - p.control.theirs + p.master_road.mine - p.master_road.theirs + p.student_threat + p.tempo
         + p.reach_all.mine - p.reach_all.theirs;
}

int onitama_eval_terms(const void *position, DjEvalTerm *out)
{
    EvalParts p;
    bool decided = eval_parts(position, &p);
    int n = 0;
    out[n++] = (DjEvalTerm){ "pieces", p.pieces.mine, p.pieces.theirs };
    if (p.win_next != 0)
        out[n++] = (DjEvalTerm){ "wins next move", p.win_next, 0 };
    if (p.lost_after_reply != 0)
        out[n++] = (DjEvalTerm){ "lost after the reply", 0, p.lost_after_reply };
    if (decided)
        return n;
    out[n++] = (DjEvalTerm){ "master attacked", -p.master_danger, 0 };
    out[n++] = (DjEvalTerm){ "mobility", p.mobility.mine, p.mobility.theirs };
    out[n++] = (DjEvalTerm){ "control", p.control.mine, p.control.theirs };
    out[n++] = (DjEvalTerm){ "master's road", p.master_road.mine, p.master_road.theirs };
    out[n++] = (DjEvalTerm){ "reach with all cards", p.reach_all.mine, p.reach_all.theirs };
    out[n++] = (DjEvalTerm){ "student threat", p.student_threat, 0 };
    out[n++] = (DjEvalTerm){ "tempo", p.tempo, 0 };
    return n;
}

int onitama_move_gain(const void *p, DjMove move)
{
    const OnitamaPosition *pos = p;
    if (onitama_move_is_pass(move))
        return 0;
    int side = pos->side;
    uint32_t to = onitama_bit(onitama_move_to(move));
    if ((pos->masters[side ^ 1] & to)
        || (to == onitama_bit(onitama_enemy_temple(side))
            && (pos->masters[side] & onitama_bit(onitama_move_from(move)))))
        return WIN_NEXT_MOVE;   /* the game ends: worth more than any material */
    return (pos->pieces[side ^ 1] & to) ? STUDENT : 0;
}

bool onitama_is_noisy(const void *p, DjMove move)
{
    const OnitamaPosition *pos = p;
    if (onitama_move_is_pass(move))
        return false;
    int side = pos->side;
    int to = onitama_move_to(move);
    if (pos->pieces[side ^ 1] & onitama_bit(to))
        return true;
    return to == onitama_enemy_temple(side)
        && (pos->masters[side] & onitama_bit(onitama_move_from(move))) != 0;
}
