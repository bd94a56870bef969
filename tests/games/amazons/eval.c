/* eval.c: a simple evaluation, territory and mobility (amazons.h). */
#include "tests/games/amazons/amazons.h"

static int territory_weight = 30;
static int mobility_weight = 3;

const DjParam amazons_params[AMAZONS_N_PARAMS] = {
    { .name = "territory", .value = &territory_weight, .min = 0, .max = 200 },
    { .name = "mobility", .value = &mobility_weight, .min = 0, .max = 50 },
};

#define FAR 99

/* Queen moves from `side`'s nearest amazon to every square, through empty
 * squares only (FAR: unreachable). */
static void queen_distances(const AmazonsPosition *pos, int side, int *dist)
{
    uint64_t occupied = amazons_occupied(pos);
    int frontier[AMAZONS_SQUARES], n = 0;
    for (int square = 0; square < AMAZONS_SQUARES; square++) {
        dist[square] = FAR;
        if (pos->amazons[side] & amazons_bit(square)) {
            dist[square] = 0;
            frontier[n++] = square;
        }
    }
    for (int head = 0; head < n; head++) {
        int reach[AMAZONS_MAX_REACH];
        int k = amazons_reach(frontier[head], occupied, reach);
        for (int i = 0; i < k; i++) {
            if (dist[reach[i]] == FAR) {
                dist[reach[i]] = dist[frontier[head]] + 1;
                frontier[n++] = reach[i];
            }
        }
    }
}

typedef struct Parts {
    int territory[2];
    int mobility[2];
} Parts;

static void parts_of(const AmazonsPosition *pos, Parts *parts)
{
    int dist[2][AMAZONS_SQUARES];
    queen_distances(pos, 0, dist[0]);
    queen_distances(pos, 1, dist[1]);
    uint64_t occupied = amazons_occupied(pos);
    *parts = (Parts){ { 0, 0 }, { 0, 0 } };
    for (int square = 0; square < AMAZONS_SQUARES; square++) {
        if (occupied & amazons_bit(square))
            continue;
        if (dist[0][square] < dist[1][square])
            parts->territory[0]++;
        else if (dist[1][square] < dist[0][square])
            parts->territory[1]++;
        for (int side = 0; side < 2; side++)
            parts->mobility[side] += dist[side][square] == 1;
    }
}

int amazons_eval_terms(const void *p, DjEvalTerm *out)
{
    const AmazonsPosition *pos = p;
    Parts parts;
    parts_of(pos, &parts);
    int me = pos->side, them = 1 - me;
    out[0] = (DjEvalTerm){ "territory", parts.territory[me] * territory_weight,
                           parts.territory[them] * territory_weight };
    out[1] = (DjEvalTerm){ "mobility", parts.mobility[me] * mobility_weight,
                           parts.mobility[them] * mobility_weight };
    return 2;
}

int amazons_evaluate(const void *p)
{
    DjEvalTerm terms[2];
    int n = amazons_eval_terms(p, terms);
    int score = 0;
    for (int i = 0; i < n; i++)
        score += terms[i].mine - terms[i].theirs;
    /* 49 squares x 200 at most: far inside DJ_SCORE_EVAL_MAX. */
    return score;
}

bool amazons_is_noisy(const void *pos, DjMove move)
{
    (void)pos;
    (void)move;
    return false;
}
