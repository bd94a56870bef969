/* timeman.h: how long to think about one move under a real clock.
 *
 * Game-independent: a share of the time left (and of the increment), with
 * a hard limit that keeps a safety margin, so that a program that follows
 * it never loses on time however its clock is set. */
#ifndef DOJO_FRAMEWORK_SEARCH_TIMEMAN_H
#define DOJO_FRAMEWORK_SEARCH_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

/* Moves a game is assumed still to last when neither the clock nor the
 * game says (DjClock.horizon_moves). */
#define DJ_CLOCK_HORIZON_MOVES 30

/* The mover's clock, as a match or protocol gives it. */
typedef struct DjClock {
    int64_t time_ms;       /* time left on the mover's clock */
    int64_t increment_ms;  /* added to the clock after each move */
    int moves_to_go;       /* moves to play before the clock is refilled; 0: all the rest */
    int horizon_moves;     /* without moves_to_go, the moves to share the time left among;
                              0: DJ_CLOCK_HORIZON_MOVES */
    int64_t overhead_ms;   /* time lost per move outside the search (process and pipe
                              latency, the other side's reading): kept in reserve */
} DjClock;

/* The time to spend on the next move: *soft_ms is the average target (for
 * DjSearchLimits.soft_time_ms) and *hard_ms the limit never to pass (for
 * DjSearchLimits.time_ms).  Guarantees 1 <= *soft_ms <= *hard_ms, and
 * *hard_ms + overhead_ms < time_ms whenever time_ms > overhead_ms + 2; with
 * less time than that, *hard_ms is 1.  Negative inputs count as 0. */
void dj_time_budget(const DjClock *clock, int64_t *soft_ms, int64_t *hard_ms);

/* What the search knows of its progress after an iteration, besides the
 * clock (for dj_time_scale). */
typedef struct DjIterationTrend {
    double changes;          /* recent changes of the best move: +1 for each, halved
                                each iteration */
    int stable_since;        /* the depth since which the best move has not changed */
    int previous;            /* the score of the iteration before */
    int last_answer;         /* the score this side's last search answered with */
    bool has_last_answer;    /* last_answer is known (a search for this side came before) */
} DjIterationTrend;

/* How far to stretch the planned time (DjSearchLimits.soft_time_ms) after
 * the iteration of `depth` that scored `score` (scores from the side to
 * move's view): the search starts another iteration while the time spent
 * is under half the plan times this.  It grows with the changes of the
 * best move and with the fall of the score (over the last iteration and
 * since the last answer), and shrinks once the best move has stood for
 * several iterations, so that easy moves leave time for hard ones.  Where
 * `score` or the iteration's before is decisive (dj_score_is_decisive) no
 * fall is measured, and the falling factor stays at the
 * middle of its range (1.76 with no change and no settled move).  Between
 * 0.6 and DJ_TIME_SCALE_MAX; 0.88 with no change, no fall and no settled
 * move.  Falls are weighed in the game's units (`eval_unit`,
 * DjVariant.eval_unit, 0: 100): the same fall of a position costs the same
 * time whatever scale a game scores on. */
#define DJ_TIME_SCALE_MAX 4.0
double dj_time_scale(const DjIterationTrend *trend, int depth, int score, int eval_unit);

#endif
