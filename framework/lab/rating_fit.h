/* rating_fit.h: the ratings of several players that best explain all their
 * games at once (a Bradley-Terry fit by maximum likelihood, as ordo and
 * bayeselo give them).  Pure functions over result counts; no I/O.
 *
 * The model: player i scores against player j, on average,
 * 1 / (1 + 10^((r_j - r_i) / 400)) a game, a draw counting half a win for
 * each (the logistic Elo of match_stats.h).  Two players alone: the fitted
 * difference is exactly dj_elo_from_score of the first one's score.
 *
 * Ratings are differences: one anchor fixes them (the mean of the rated
 * players at 0, or the first rated player at 0).
 *
 * A rating is finite only where the results bind it.  When some players
 * scored nothing at all, even by a draw, against a group of others (a
 * player won every game, say), the likelihood grows without end as the
 * group moves away: such a player has no finite upper bound (or lower).
 * The fit takes the largest group of players tied together both ways
 * (each one scored, directly or through others, against each other one:
 * a strongly connected component of "scored against"), the one with the
 * lowest player on a tie, rates it, and says of every other player whether
 * it stands above it (DJ_RATING_ABOVE_ALL: it scored against the group,
 * directly or through others, and the group never scored against it, even
 * through others), below it, or apart (no games link it either way). */
#ifndef DOJO_FRAMEWORK_LAB_RATING_FIT_H
#define DOJO_FRAMEWORK_LAB_RATING_FIT_H

#include <stdbool.h>

/* Players a fit takes at most. */
#define DJ_RATING_MAX_PLAYERS 256

/* One player's games against another, from the first one's side. */
typedef struct DjPairResult {
    int wins, draws, losses;
} DjPairResult;

typedef enum DjRatingAnchor {
    DJ_RATING_ANCHOR_MEAN,    /* the rated players' mean is 0 */
    DJ_RATING_ANCHOR_FIRST,   /* the lowest-numbered rated player is 0 */
} DjRatingAnchor;

typedef enum DjRatingKind {
    DJ_RATING_FINITE,      /* elo and error hold */
    DJ_RATING_ABOVE_ALL,   /* no finite upper bound: +infinity against the rated group */
    DJ_RATING_BELOW_ALL,   /* no finite lower bound: -infinity */
    DJ_RATING_UNKNOWN,     /* no games, or nothing ties it to the rated group */
} DjRatingKind;

typedef struct DjRating {
    DjRatingKind kind;
    double elo;     /* FINITE: the fitted rating; +-INFINITY for ABOVE/BELOW_ALL, NAN else */
    double error;   /* FINITE: half the width of its 95% interval (normal approximation,
                     * from the observed spread of the results), 0 for the anchor
                     * player with DJ_RATING_ANCHOR_FIRST, +INFINITY when the results
                     * have no spread to measure it by (every game drawn); NAN else */
} DjRating;

/* Fit the ratings of `n` players (1..DJ_RATING_MAX_PLAYERS) from
 * `results`, n * n entries: results[i * n + j] is player i's record
 * against player j (the entry [j * n + i] must be its mirror, wins and
 * losses swapped; the diagonal is ignored).  `out` gets n ratings.
 *
 * Errors are the sandwich estimate (the inverse of the model's
 * information around the observed variance of the scores): for two
 * players this is the delta method on the score's standard error, the
 * first-order form of match_stats.h's interval.  Returns false (out
 * untouched) when n is out of range or a count is negative. */
bool dj_rating_fit(int n, const DjPairResult *results, DjRatingAnchor anchor, DjRating *out);

#endif
