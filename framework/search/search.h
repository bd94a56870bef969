/* search.h: the shared alpha-beta search, written against game.h only.
 *
 * Iterative deepening principal variation search with a transposition
 * table keyed by the variant's Zobrist key, move ordering (hash move, noisy
 * moves, killers, history), null-move pruning where the variant supplies
 * play_null, late move reductions, quiescence on noisy moves, and
 * repetition detection over the game line that led to the root.
 *
 * A DjSearch is used by one thread at a time; dj_search_stop may be called
 * from any thread or a signal handler. */
#ifndef DOJO_SEARCH_H
#define DOJO_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "../game.h"
#include "../repetition.h"

#define DJ_SEARCH_MAX_PLY 128

typedef struct DjSearch DjSearch;

/* Limits; 0 means "no limit of this kind".  With none at all the search
 * runs to DJ_SEARCH_MAX_PLY or until dj_search_stop. */
typedef struct DjSearchLimits {
    int depth;          /* plies */
    int64_t time_ms;    /* wall-clock time for this move */
    uint64_t nodes;     /* positions visited (the search may overshoot by a few) */
    bool all_root_scores; /* search every root move with a full window, so that
                             dj_search_root_scores gives exact scores (slower;
                             for weaker playing levels) */
} DjSearchLimits;

/* What the search knows after a completed iteration. */
typedef struct DjSearchInfo {
    int depth;                       /* last completed depth */
    int seldepth;                    /* deepest ply reached */
    int score;                       /* side to move's view; see dj_score_is_win */
    uint64_t nodes;
    int64_t elapsed_ms;
    DjMove pv[DJ_SEARCH_MAX_PLY];    /* principal variation from the root */
    int pv_length;
} DjSearchInfo;

/* Called after each completed iteration (and may print). */
typedef void (*DjSearchReportFn)(const DjSearchInfo *info, void *user_data);

/* A search for `variant` with a transposition table of about `table_mb`
 * megabytes (0: a default of 64). */
DjSearch *dj_search_new(const DjVariant *variant, unsigned table_mb);
void dj_search_free(DjSearch *search);

/* Forget the table, killers and history (a new game). */
void dj_search_clear(DjSearch *search);

/* Search `root` (which must be ONGOING with at least one legal move) and
 * return the best move, filling `info` if not NULL.  `line` holds the
 * positions of the game before and including the root (the root is the
 * last entry), so repetitions of earlier positions are scored by the
 * variant's repetition rule; it may be NULL (n_line 0).  Always returns a
 * legal move, even if stopped before the first iteration completes. */
DjMove dj_search_run(DjSearch *search, const void *root,
                     const DjHistoryEntry *line, int n_line,
                     const DjSearchLimits *limits,
                     DjSearchReportFn report, void *user_data,
                     DjSearchInfo *info);

/* Ask a running search to return as soon as it can (async-signal-safe).
 * A stop that arrives before dj_search_run starts makes that run return at
 * once (still with a legal move); each run clears the request as it ends. */
void dj_search_stop(DjSearch *search);

/* Root moves of the last search with their scores (exact when the search
 * ran with all_root_scores; otherwise only the first is), the best first:
 * fills min(max, count) entries and returns the count of root moves. */
int dj_search_root_scores(const DjSearch *search, DjMove *moves, int *scores, int max);

/* Whether `score` means a forced win (> 0) or loss (< 0), and in how many
 * plies (the distance is written to *plies if not NULL). */
bool dj_score_is_decisive(int score, int *plies);

/* Append the score for people: "+1.25", "-0.40", "win in 5", "loss in 4". */
void dj_score_format(int score, GString *out);

#endif
