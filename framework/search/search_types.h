/* search_types.h: what both searches share, alpha-beta (search.h) and
 * Monte Carlo tree search (mcts.h): the limits a run takes, the reports it
 * makes, and the two helpers that read them the same way for both.  A file
 * that only sets limits or reads reports (a front end's output, UCI's "go")
 * includes this alone, whichever search runs.
 *
 * The fields' comments below read them as alpha-beta does (dj_search_run);
 * mcts.h says how MCTS reads the limits and what its reports hold. */
#ifndef DOJO_FRAMEWORK_SEARCH_SEARCH_TYPES_H
#define DOJO_FRAMEWORK_SEARCH_SEARCH_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "framework/game.h"
#include "framework/search/score.h"   /* DjSearchInfo.score's scale */

#define DJ_SEARCH_MAX_PLY 128

/* Limits; 0 means "no limit of this kind".  With none at all the search
 * runs to DJ_SEARCH_MAX_PLY or until stopped (dj_search_stop, dj_mcts_stop). */
typedef struct DjSearchLimits {
    int depth;          /* plies */
    int64_t time_ms;    /* wall-clock time for this move: the search never runs
                           longer (a hard limit) */
    int64_t soft_time_ms; /* 0: search until time_ms runs out.  Otherwise the
                           time a move should take on average (dj_time_budget):
                           no new iteration starts once half of it is spent,
                           scaled up (never past time_ms) while the best move
                           keeps changing or the score is falling */
    uint64_t nodes;     /* positions visited (the search may overshoot by a few) */
    int mate;           /* moves: stop once a win in at most this many of the
                           side to move's moves is proven */
    int multipv;        /* root moves to search with exact scores and lines,
                           each reported as its own line (0 or 1: one) */
    bool all_root_scores; /* search every root move with a full window, so that
                             dj_search_root_scores gives exact scores (slower;
                             for weaker playing levels) */
    /* Restrict the root to these moves (UCI's `go searchmoves`); with
     * n_root_moves 0 every legal move is searched.  The caller checks that
     * each one is legal in the root; repeats are harmless.  The search
     * keeps the listed moves in legal_moves() order, and everything it
     * reports (lines, multipv, which is clamped to their count, and
     * dj_search_root_scores) is about them alone; should none of them be
     * legal after all, every move is searched, so that a legal move is
     * still returned.  The array is read only while the run lasts. */
    const DjMove *root_moves;
    int n_root_moves;
} DjSearchLimits;

/* What the search knows after a completed iteration. */
typedef struct DjSearchInfo {
    int depth;                       /* last completed depth */
    int seldepth;                    /* deepest ply reached */
    int multipv;                     /* which line this is, 1 the best */
    int score;                       /* side to move's view; see dj_score_is_win */
    uint64_t nodes;
    int64_t elapsed_ms;
    int hashfull;                    /* permille of the table used by this search */
    uint64_t tbhits;                 /* probes of endgame tables that answered
                                        (tb_search.h; 0 without tables) */
    bool tablebase;                  /* the score is the endgame tables' value of the
                                        root itself (tb_search.h): exact, a win or loss
                                        in N plies, or from tables without distances
                                        +-DJ_SCORE_TB_WIN, a win or loss with no N */
    DjMove pv[DJ_SEARCH_MAX_PLY];    /* principal variation from the root */
    int pv_length;
} DjSearchInfo;

/* Called after each completed iteration, once per line with multipv (and
 * may print).  Runs on the searching thread. */
typedef void (*DjSearchReportFn)(const DjSearchInfo *info, void *user_data);

/* Keep those of the `n` moves in `moves` that are among the `n_only` in
 * `only`, in their order, and return how many are left; when none is (or
 * n_only is 0) all are kept and `n` returned.  How both searches apply
 * DjSearchLimits.root_moves. */
int dj_search_restrict_moves(DjMove *moves, int n, const DjMove *only, int n_only);

/* How many of the first `plies` plies from `root` are moves of root's side
 * to move: for a decisive score, how many moves it makes to its win or
 * before its loss (UCI's "mate N", the mate limit).  A side may move twice
 * in a row, so `pv` (the score's line) is followed to see who makes each
 * ply; past its end, or past a move that is not legal there, the sides are
 * taken to alternate.  Where turns alternate this is (plies + 1) / 2. */
int dj_line_own_moves(const DjVariant *variant, const void *root, const DjMove *pv,
                      int pv_length, int plies);

#endif
