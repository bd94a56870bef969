/* match_game.h: the referee of one game between two UCI engines.
 *
 * The game history (DjGame) is the referee: every move an engine sends is
 * parsed by the variant and checked against the rules, and the rules
 * (including repetition) say when the game is over.  On top of that the
 * referee ends a game when an engine breaks a rule of the match: a move
 * that does not parse or is illegal, output that ends (a crash) or breaks
 * the bounds of uci_engine.h, an error in answer to `position` and `go`
 * (at once, rather than waiting for a move that will not come), no move in
 * time, or a loss on the clock; and, when asked, adjudicates by the
 * engines' scores or a ply limit. */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_GAME_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_GAME_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/record_pgn.h"
#include "framework/referee/uci_engine.h"

/* How long engines may think.  Any mix may be given; at least one. */
typedef struct DojoMatchLimits {
    gint64 base_ms, inc_ms;   /* a clock per side (base_ms > 0), sent as wtime/btime
                               * winc/binc: w is side 0, b side 1 */
    gint64 moves_per_tc;      /* with a clock: base_ms more every this many moves of
                               * the side (sent as movestogo); 0: base_ms for the game */
    gint64 movetime_ms;       /* 0: not given */
    gint64 nodes, depth;      /* 0: not given */
    gint64 margin_ms;         /* a move may overrun its time by this much */
    gint64 cap_ms;            /* the longest wait for a move without clock or movetime */
} DojoMatchLimits;

/* When the referee ends a game early.  A count of 0 turns a rule off. */
typedef struct DojoAdjudication {
    int max_plies;                     /* a draw once the game has this many plies */
    int resign_score, resign_moves;    /* a loss when for resign_moves moves in a row the
                                        * loser's own score was <= -resign_score and the
                                        * winner's >= resign_score */
    bool resign_one_sided;             /* the loser's scores alone decide */
    int draw_score, draw_moves;        /* a draw when for draw_moves moves in a row both
                                        * engines' scores were within +-draw_score, */
    int draw_after;                    /* counted from this ply on */
} DojoAdjudication;

/* What an engine said of a move it played (for annotated records). */
typedef struct DojoMoveNote {
    int ply;              /* the move's ply in the game (the opening's plies have none) */
    bool has_score;       /* its info lines gave a score */
    bool mate;            /* score is moves to mate (> 0: the mover mates), not centipawns */
    int score;            /* from the mover's side: centipawns, or moves to mate */
    int depth;            /* the last depth it reported, 0: none */
    gint64 time_ms;       /* from `go` to `bestmove` */
} DojoMoveNote;

typedef struct DojoGameVerdict {
    bool cancelled;            /* the cancel flag stopped the game: no result */
    bool engine_broken[2];     /* by side: crashed or silent, start it again */
    bool timed_out[2];         /* by side: broken because no move came in time (not a crash) */
    bool illegal_move[2];      /* by side: lost by a move that is not legal or does not parse */
    bool refused[2];           /* by side: answered the request for a move with an error
                                * ("info string error ..."), e.g. a depth beyond its own
                                * limit: broken too, and no game was played (the reason
                                * quotes the engine) */
    int plies;                 /* plies in the game, the opening included */
    DjPgnTermination termination;   /* how it ended, in PGN's words: normal (the rules),
                                     * adjudication, time forfeit, rules infraction (an
                                     * illegal move), abandoned (an engine that broke) */
} DojoGameVerdict;

/* Play `game` from where it stands to its end, engines[side] playing side
 * within limits[side].  A side with a clock (base_ms > 0) is sent its own
 * clock and increment and its opponent's, or its own again for an opponent
 * without a clock; with moves_per_tc, also `movestogo` (the moves left
 * before its clock gets base_ms more, as cutechess-cli keeps it: what is
 * left carries over).  The engines must have had dojo_engine_new_game.  The result and its
 * reason are in the game (dj_game_outcome, dj_game_outcome_reason; results
 * that are not the rules' are set with dj_game_set_result), unless the game
 * was cancelled.  `notes` (a GArray of DojoMoveNote, or NULL) gets a note
 * for each move an engine played, in order. */
void dojo_match_play_game(DjGame *game, DojoEngine *const engines[2],
                          const DojoMatchLimits *const limits[2],
                          const DojoAdjudication *adjudication,
                          DojoGameVerdict *verdict, GArray *notes);

/* Append what an engine is sent as `position ...` for the current state of
 * `game`: "position fen START moves M1 M2 ..." (no "moves" at the start). */
void dojo_match_position_command(const DjGame *game, GString *out);

/* The same for the position after the first `plies` moves of `game`
 * (plies in [0, dj_game_length]). */
void dojo_match_position_command_at(const DjGame *game, int plies, GString *out);

#endif
