/* movegen.c: the rules of Onitama on bitboards: move generation, playing a
 * move, the end of the game, the key.  These run in the search's and
 * perft's inner loops: no GLib, no allocation, few branches. */
#include "variants/onitama/onitama.h"

int onitama_side_to_move(const void *pos)
{
    return ((const OnitamaPosition *)pos)->side;
}

/* The one generator behind the three entry points below, inlined into
 * each with its flags known.  noisy_only: only the noisy moves (captures,
 * the master onto the enemy temple), and no passes; else every move, with
 * `marks` saying which are noisy when `marking` (a flag of its own, as the
 * compiler cannot know that a pointer argument is not NULL). */
__attribute__((always_inline))
static inline int generate(const OnitamaPosition *pos, DjMove *out, uint8_t *marks,
                           bool marking, bool noisy_only)
{
    int side = pos->side;
    uint32_t own = pos->pieces[side];
    uint32_t targets = pos->pieces[side ^ 1];
    uint32_t master = pos->masters[side];
    uint32_t temple = onitama_bit(onitama_enemy_temple(side));
    int n = 0;
    for (int slot = 2 * side; slot < 2 * side + 2; slot++) {
        int card = pos->cards[slot];
        const uint32_t *reach = onitama_reach[card][side];
        for (uint32_t pieces = own; pieces != 0; pieces &= pieces - 1) {
            int from = onitama_lowest(pieces);
            uint32_t wanted = targets | (master & onitama_bit(from) ? temple : 0);
            DjMove base = onitama_move_make(card, from, 0);
            uint32_t to_set = reach[from] & ~own;
            if (noisy_only)
                to_set &= wanted;
            for (uint32_t to = to_set; to != 0; to &= to - 1) {
                int square = onitama_lowest(to);
                if (marking)
                    marks[n] = (wanted >> square) & 1;
                out[n++] = base | (DjMove)square;
            }
        }
    }
    if (n == 0 && !noisy_only) {
        /* No card moves any piece: the mover must pass, with either card
         * (never noisy). */
        out[0] = onitama_move_pass(pos->cards[2 * side]);
        out[1] = onitama_move_pass(pos->cards[2 * side + 1]);
        if (marking)
            marks[0] = marks[1] = 0;
        n = 2;
    }
    return n;
}

int onitama_legal_moves(const void *pos, DjMove *out)
{
    return generate(pos, out, NULL, false, false);
}

int onitama_noisy_moves(const void *pos, DjMove *out)
{
    return generate(pos, out, NULL, false, true);
}

int onitama_legal_moves_marked(const void *pos, DjMove *out, uint8_t *noisy)
{
    return generate(pos, out, noisy, true, false);
}

int onitama_count_moves(const void *p)
{
    const OnitamaPosition *pos = p;
    int side = pos->side;
    uint32_t own = pos->pieces[side];
    const uint32_t *first = onitama_reach[pos->cards[2 * side]][side];
    const uint32_t *second = onitama_reach[pos->cards[2 * side + 1]][side];
    int n = 0;
    for (uint32_t pieces = own; pieces != 0; pieces &= pieces - 1) {
        int from = onitama_lowest(pieces);
        /* Both cards' destinations in one word: one popcount instead of two. */
        uint64_t both = (uint64_t)first[from] | (uint64_t)second[from] << 32;
        n += __builtin_popcountll(both & ~((uint64_t)own | (uint64_t)own << 32));
    }
    return n != 0 ? n : 2;
}

void onitama_play(void *p, DjMove move)
{
    OnitamaPosition *pos = p;
    int side = pos->side;
    int enemy = side ^ 1;
    int card = onitama_move_card(move);
    int from = onitama_move_from(move);
    int to = onitama_move_to(move);
    uint64_t key = pos->key ^ onitama_zobrist_red_to_move;

    /* The card played goes to the side; the side card takes its place. */
    int slot = 2 * side + (pos->cards[2 * side] != card);
    int side_card = pos->cards[ONITAMA_SIDE_SLOT];
    pos->cards[slot] = (uint8_t)side_card;
    pos->cards[ONITAMA_SIDE_SLOT] = (uint8_t)card;
    key ^= onitama_zobrist_card[card][side] ^ onitama_zobrist_card[card][2]
         ^ onitama_zobrist_card[side_card][2] ^ onitama_zobrist_card[side_card][side];

    if (from != ONITAMA_PASS_SQUARE) {
        uint32_t from_to = onitama_bit(from) | onitama_bit(to);
        uint32_t is_master = (pos->masters[side] >> from) & 1u;
        pos->pieces[side] ^= from_to;
        pos->masters[side] ^= from_to & (0u - is_master);
        key ^= onitama_zobrist_piece[side][is_master][from]
             ^ onitama_zobrist_piece[side][is_master][to];
        if (pos->pieces[enemy] & onitama_bit(to)) {
            uint32_t took_master = (pos->masters[enemy] >> to) & 1u;
            key ^= onitama_zobrist_piece[enemy][took_master][to];
            pos->pieces[enemy] &= ~onitama_bit(to);
            pos->masters[enemy] &= ~onitama_bit(to);
        }
    }
    pos->side = (uint8_t)enemy;
    pos->key = key;
}

DjOutcome onitama_outcome(const void *p)
{
    const OnitamaPosition *pos = p;
    /* Way of the Stream: a master on the other side's temple. */
    uint32_t blue_won = (pos->masters[ONITAMA_RED] == 0)
                      | ((pos->masters[ONITAMA_BLUE] >> ONITAMA_TEMPLE_RED) & 1u);
    uint32_t red_won = (pos->masters[ONITAMA_BLUE] == 0)
                     | ((pos->masters[ONITAMA_RED] >> ONITAMA_TEMPLE_BLUE) & 1u);
    if ((blue_won | red_won) == 0)
        return DJ_OUTCOME_ONGOING;
    return blue_won ? DJ_OUTCOME_WIN_SIDE0 : DJ_OUTCOME_WIN_SIDE1;
}

uint64_t onitama_key(const void *pos)
{
    return ((const OnitamaPosition *)pos)->key;
}

uint64_t onitama_compute_key(const void *p)
{
    const OnitamaPosition *pos = p;
    uint64_t key = pos->side == ONITAMA_RED ? onitama_zobrist_red_to_move : 0;
    for (int side = 0; side < 2; side++) {
        for (uint32_t pieces = pos->pieces[side]; pieces != 0; pieces &= pieces - 1) {
            int square = onitama_lowest(pieces);
            int is_master = (pos->masters[side] >> square) & 1u;
            key ^= onitama_zobrist_piece[side][is_master][square];
        }
    }
    for (int slot = 0; slot < 5; slot++)
        key ^= onitama_zobrist_card[pos->cards[slot]][onitama_slot_holder(slot)];
    return key;
}

bool onitama_is_legal(const OnitamaPosition *pos, DjMove move)
{
    DjMove moves[ONITAMA_MAX_MOVES];
    int n = onitama_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        if (moves[i] == move)
            return true;
    }
    return false;
}

int onitama_card_slot(const OnitamaPosition *pos, int id)
{
    for (int slot = 0; slot < 5; slot++) {
        if (pos->cards[slot] == id)
            return slot;
    }
    return -1;
}
