/* timeman.c: the time budget of one move. */
#include "framework/search/timeman.h"

#include <glib.h>

#include "framework/search/score.h"

/* Never plan past this share of the usable time on one move... */
#define SOFT_SHARE 0.4
/* ...nor let a move take more than this share, whatever happens. */
#define HARD_SHARE 0.75
/* How far the search may stretch the target when it is unsure (see
 * DjSearchLimits.soft_time_ms): the hard limit allows for it. */
#define STRETCH 5

static int64_t at_least(int64_t value, int64_t floor)
{
    return value < floor ? floor : value;
}

void dj_time_budget(const DjClock *clock, int64_t *soft_ms, int64_t *hard_ms)
{
    int64_t left = at_least(clock->time_ms, 0);
    int64_t increment = at_least(clock->increment_ms, 0);
    int64_t overhead = at_least(clock->overhead_ms, 0);
    /* What can be spent without the clock running out, less one more ms
     * for the time it takes to notice a deadline. */
    int64_t usable = left - overhead - 1;
    if (usable <= 1) {
        *soft_ms = 1;
        *hard_ms = 1;
        return;
    }
    int64_t hard, soft;
    if (clock->moves_to_go == 1) {
        /* The last move before the clock is refilled: most of what is left. */
        hard = (int64_t)((double)usable * 0.9);
        soft = (int64_t)((double)usable * 0.6);
    } else {
        int horizon = clock->horizon_moves > 0 ? clock->horizon_moves : DJ_CLOCK_HORIZON_MOVES;
        int moves = clock->moves_to_go > 0 && clock->moves_to_go < horizon
                        ? clock->moves_to_go : horizon;
        soft = usable / moves + increment * 3 / 4;
        if ((double)soft > (double)usable * SOFT_SHARE)
            soft = (int64_t)((double)usable * SOFT_SHARE);
        hard = soft * STRETCH;
        if ((double)hard > (double)usable * HARD_SHARE)
            hard = (int64_t)((double)usable * HARD_SHARE);
    }
    hard = at_least(hard, 1);
    soft = at_least(soft, 1);
    if (soft > hard)
        soft = hard;
    *soft_ms = soft;
    *hard_ms = hard;
}

/* A best move unchanged for this many iterations is taken as settled. */
#define SETTLED_DEPTHS 7
/* Hundredths of the game's eval unit of fall (over the last iteration and
 * since the last answer, summed) that take the falling factor from its
 * least to its most: 120 centipawns in a game scored in centipawns. */
#define FALL_SPAN 120.0

static bool comparable(int score)
{
    return !dj_score_is_decisive(score, NULL);
}

/* After Stockfish's time manager: at 10 s + 0.1 s a move, Fairy-Stockfish
 * thinks 0.3 s where its best move stands and 0.9 s where it changes late,
 * where dojo's plan, without the settled and falling factors, took 0.55 s
 * and 0.65 s. */
double dj_time_scale(const DjIterationTrend *trend, int depth, int score, int eval_unit)
{
    double span = FALL_SPAN * (eval_unit > 0 ? eval_unit : 100) / 100.0;
    /* A mate found or feared says nothing in centipawns: neither the least
     * time (a steady score) nor the most. */
    double falling = 1.0;
    if (comparable(score) && comparable(trend->previous)) {
        int fall = trend->previous - score;
        if (trend->has_last_answer && comparable(trend->last_answer))
            fall += trend->last_answer - score;
        falling = CLAMP(0.47 + (double)fall / span, 0.5, 1.5);
    }
    double settled = depth - trend->stable_since >= SETTLED_DEPTHS ? 0.75 : 1.1;
    double instability = 1.0 + 2.0 * trend->changes;
    double scale = 1.6 * falling * settled * instability;
    return MIN(scale, DJ_TIME_SCALE_MAX);
}
