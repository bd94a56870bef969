/* review.h: an engine review of a finished or unfinished game.
 *
 * Every position of the game is searched once, with the same limits; the
 * search of position i gives the engine's preferred move and line there
 * and the score before move i, the search of position i+1 (negated unless
 * the move gave its side another turn, or the result when the game ended
 * there) the score after it.  A move loses
 *     loss = capped(before) - capped(after)        (0 when it is the engine's move)
 * where capped() limits a score to +-DOJO_REVIEW_CAP and counts a forced
 * win or loss as +-DOJO_REVIEW_CAP.  The labels, in the games' score units
 * (hundredths of a pawn in every variant dojo ships):
 *     inaccuracy  loss >= DOJO_REVIEW_INACCURACY   (half a pawn)
 *     mistake     loss >= DOJO_REVIEW_MISTAKE      (a pawn)
 *     blunder     loss >= DOJO_REVIEW_BLUNDER      (three pawns)
 * and, where the search proves it: "missed win" when the mover had a forced
 * win before the move and has none after it, "forced loss" when the move
 * walks into a forced loss the mover was not in before.
 *
 * Nothing here knows a game: moves are written with the variant's
 * format_move and describe_move. */
#ifndef DOJO_FRONTENDS_TTY_REVIEW_H
#define DOJO_FRONTENDS_TTY_REVIEW_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/search/search.h"

#define DOJO_REVIEW_CAP 1500
#define DOJO_REVIEW_INACCURACY 50
#define DOJO_REVIEW_MISTAKE 100
#define DOJO_REVIEW_BLUNDER 300
#define DOJO_REVIEW_MAX_LINE 12   /* moves of the engine's line kept */

typedef enum DojoReviewLabel {
    DOJO_REVIEW_GOOD,
    DOJO_REVIEW_INACCURATE,
    DOJO_REVIEW_MISTAKEN,
    DOJO_REVIEW_BLUNDERED,
    DOJO_REVIEW_N_LABELS,
} DojoReviewLabel;

/* What the engine says about position `ply` and the move played there. */
typedef struct DojoReviewMove {
    DjMove played;
    DjMove best;                /* the engine's move in this position */
    DjMove line[DOJO_REVIEW_MAX_LINE];  /* the engine's line from this position */
    int line_length;
    int depth;                  /* of the search of this position */
    int before;                 /* score before the move, mover's view */
    int after;                  /* score after the move played, mover's view */
    int loss;                   /* see above; >= 0 */
    DojoReviewLabel label;
    bool missed_win;
    bool forced_loss;
    /* In a game of compound turns (DjVariant.compound_turns) a turn is
     * judged whole, on its last move: there `turn_start` is the ply of its
     * first move, and before, best, line and depth are the search's of the
     * turn's first position (the loss is 0 when the turn played is the one
     * the line begins with).  The moves before the last are `in_turn`, with
     * no verdict of their own.  Elsewhere turn_start is the move's own ply. */
    int turn_start;
    bool in_turn;
} DojoReviewMove;

typedef struct DojoReview {
    const DjGame *game;         /* not owned */
    int n_moves;                /* moves of the game */
    int n_reviewed;             /* moves reviewed (fewer when interrupted) */
    DojoReviewMove *moves;      /* n_moves entries, the first n_reviewed filled */
    DjSearchInfo final_info;    /* the search of the last position, if it goes on */
    bool final_searched;
} DojoReview;

/* Called after each position is searched: `done` out of `total` positions. */
typedef void (*DojoReviewProgressFn)(int done, int total, void *user_data);

/* Review `game` with `search` (made for its variant) under `limits` for
 * every position.  A position whose search ends no iteration within the
 * limits (a few nodes) is searched one ply deep without them, so every move
 * gets a verdict.  Stops early, keeping what is done, when `stop` returns
 * true (checked between positions; a search it should cut short must be
 * stopped with dj_search_stop); n_reviewed < n_moves without a stop means
 * a search gave no verdict, which the caller must report.  The game must
 * outlive the review. */
DojoReview *dojo_review_run(const DjGame *game, DjSearch *search, const DjSearchLimits *limits,
                            DojoReviewProgressFn progress, bool (*stop)(void),
                            void *user_data);
void dojo_review_free(DojoReview *review);

/* The label of a move losing `loss`, and its word ("blunder"; "" for GOOD). */
DojoReviewLabel dojo_review_label_for(int loss);
const char *dojo_review_label_name(DojoReviewLabel label);

/* `score` limited to +-DOJO_REVIEW_CAP, decisive scores at the cap. */
int dojo_review_capped(int score);

/* The score after move `ply` from side 0's point of view (for the graph). */
int dojo_review_side0_score(const DojoReview *review, int ply);

/* Append "12. Red ox:c1c2 (description)" for move `ply` of `game`:
 * numbered by each side's turns, the first mover's "N." and the other's
 * "N...", then the side, the move and the variant's description. */
void dojo_review_format_numbered(const DjGame *game, int ply, bool describe, GString *out);

/* The same for the turn that starts with move `first` and ends with move
 * `last` (a game of compound turns): "1. White d1-d6, /f4", its moves
 * joined as records join them (the description only for a turn of one
 * move). */
void dojo_review_format_numbered_turn(const DjGame *game, int first, int last, bool describe,
                                      GString *out);

/* Append the verdict on reviewed move `ply`: "-0.35 -> -3.40  blunder,
 * forced loss; best boar:a1a2 (+0.10), line ..." (mover's view), no
 * newline; the same text is the move's comment in an annotated record.
 * For a move `in_turn`, "part of a turn: judged with its last move". */
void dojo_review_format_verdict(const DojoReview *review, int ply, GString *out);

/* Append a summary per side: moves (turns, in a game of compound turns),
 * how many of each label, missed wins, forced losses, average loss per
 * move. */
void dojo_review_format_summary(const DojoReview *review, GString *out);

/* Append the annotated record: the game's record (its tags, result) with
 * the moves one per line, each reviewed move followed by "; " and its
 * verdict.  dj_record_parse reads it back as the same game. */
void dojo_review_format_record(const DojoReview *review, GString *out);

/* The comments of an annotated record `text`, one per move (NULL where a
 * move has none), `n_moves` entries (g_ptr_array_unref).  A comment belongs
 * to the last move before it on its line; one on a line without a move
 * (alone, or after the result) belongs to none. */
GPtrArray *dojo_review_read_comments(const char *text, int n_moves);

/* g_autoptr(DojoReview) frees with dojo_review_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoReview, dojo_review_free)
#endif

#endif
