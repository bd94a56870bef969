/* tune_judge.h: another engine's opinion of a position as a label for the
 * tuner (`dojo tune --judge SPEC`).
 *
 * The judge is a UCI engine started from a spec as `dojo match --engine`
 * takes it (uci_engine.h), with one search limit of its own.  For each
 * position it is sent `position ...` (as the match sends it: the record's
 * start and the moves up to there) and `go` with that limit; the score it
 * reports, from the side to move's view, becomes side 0's expected score.
 * Any misbehaviour (exit, silence past the deadline, an error in answer to
 * `go` (at once), output beyond uci_engine.h's bounds, a score or move that
 * does not parse) fails the judging with one message naming the engine;
 * the caller then frees the judge, which ends its process. */
#ifndef DOJO_FRAMEWORK_REFEREE_TUNE_JUDGE_H
#define DOJO_FRAMEWORK_REFEREE_TUNE_JUDGE_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/referee/uci_engine.h"

/* How long the judge thinks on each position: exactly one of these. */
typedef enum DojoJudgeLimitKind {
    DOJO_JUDGE_NODES,
    DOJO_JUDGE_DEPTH,
    DOJO_JUDGE_MOVETIME,
} DojoJudgeLimitKind;

typedef struct DojoJudgeLimit {
    DojoJudgeLimitKind kind;
    gint64 value;   /* nodes, plies or milliseconds */
} DojoJudgeLimit;

/* The limit of `spec`: exactly one of nodes=N, depth=N, movetime=MS (a
 * whole number >= 1).  A usage error in words when there is none, more
 * than one, a tc= (a clock means nothing for single positions), or a value
 * that is not such a number. */
bool dojo_judge_limit_parse(const DojoEngineSpec *spec, DojoJudgeLimit *out, GError **error);

/* Append "nodes 5000", "depth 12" or "movetime 100": the limit in words,
 * also what follows "go " on the wire. */
void dojo_judge_limit_format(const DojoJudgeLimit *limit, GString *out);

/* Side 0's expected score in [0, 1] from `score` (seen), reported by the
 * side `side_to_move`: 1 / (1 + 10^(-cp/400)) for the side to move, 1 for
 * a mate it gives, 0 for one it gets (mate 0 too), turned to side 0's view. */
double dojo_judge_expected_score(const DojoEngineScore *score, int side_to_move);

typedef struct DojoJudge DojoJudge;

/* Start the engine of `spec` for `variant` (dojo_engine_start), with the
 * limit parsed from the spec.  `cancel` (may be NULL): once non-zero,
 * every wait ends at once with G_IO_ERROR_CANCELLED.  NULL with an error
 * naming the engine when the limit is wrong or the engine does not start. */
DojoJudge *dojo_judge_start(const DojoEngineSpec *spec, const DjVariant *variant, gint *cancel,
                            GError **error);

/* End the engine's process and free everything.  NULL is allowed. */
void dojo_judge_free(DojoJudge *judge);

/* A new game (ucinewgame, isready): before the positions of each record,
 * so that nothing the engine learnt in one game leaks into the next. */
bool dojo_judge_new_game(DojoJudge *judge, GError **error);

/* Side 0's expected score in the position after the first `ply` moves of
 * `game` (an ongoing position), in the judge's opinion: the last score it
 * reports before a legal bestmove.  Waits at most 60 s for a search limited
 * by nodes or depth, 10 s + 10 x the movetime otherwise. */
bool dojo_judge_position(DojoJudge *judge, const DjGame *game, int ply, double *label,
                         GError **error);

#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoJudge, dojo_judge_free)
#endif

#endif
