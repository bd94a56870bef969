/* toys.h: tiny games defined only for the framework's own tests.  They are
 * never in the registry: the tests hand them to the framework directly.
 *
 * Their rules are small enough that the tests can work out the right
 * answers independently (by hand or by a brute force written in the test),
 * which is what makes them useful for testing perft, the game history and
 * the search.  Their errors are in the DJ_ERROR domain. */
#ifndef DOJO_TESTS_FRAMEWORK_TOYS_H
#define DOJO_TESTS_FRAMEWORK_TOYS_H

#include <stdint.h>

#include "framework/game.h"
#include "framework/game_history.h"

/* A decimal number from min to max, the whole of `text` (toy_takeaway.c). */
bool toy_parse_number(const char *text, int min, int max, int *out);

/* ---- tic-tac-toe ---------------------------------------------------------
 * Side 0 is X and moves first, side 1 is O.  A move is the square (a1..c3,
 * numbered as in notation.h) plus one; its text is the square name.  Three
 * in a row wins; a full board is a draw.  Position string: the nine cells
 * a1 b1 c1 a2 ... c3 as 'x', 'o' or '.', a space, then 'x' or 'o' for the
 * side to move ("x...o.... x").  evaluate() counts open lines; is_noisy()
 * is true for a move that completes a line. */
typedef struct ToyTicTacToe {
    uint8_t cells[9];     /* 0 empty, 1 X, 2 O */
    uint8_t side;
    uint8_t unused[6];
    uint64_t key;         /* kept incrementally */
} ToyTicTacToe;

extern const DjVariant toy_tictactoe;

/* Tic-tac-toe with the same rules, position and notation but no search
 * slots at all (evaluate and is_noisy NULL): a game that only MCTS can
 * search, as a new game is before it has an evaluation. */
extern const DjVariant toy_tictactoe_rules_only;

/* The result of a tic-tac-toe position under perfect play, for its side to
 * move: +1 a win, 0 a draw, -1 a loss (a plain minimax, for checking the
 * searches). */
int toy_tictactoe_result(const ToyTicTacToe *pos);

/* ---- take-away -----------------------------------------------------------
 * A pile of stones; the side to move takes one or two.  A side that cannot
 * move (the pile is empty) has lost, so taking the last stone wins; with
 * perfect play the side to move loses exactly when the pile is a multiple
 * of three.  Moves 1 and 2 (text "1", "2").  Option pile=N (default 10) for
 * a new game.  Position string: "PILE SIDE" ("7 0").  evaluate() is
 * deliberately uninformed (the pile size), so only the search can find the
 * result. */
typedef struct ToyTakeAway {
    uint8_t pile;
    uint8_t side;
    uint8_t unused[6];
} ToyTakeAway;

extern const DjVariant toy_takeaway;

/* ---- shuttle -------------------------------------------------------------
 * Each side has one token on a track of four cells a1..d1; a move puts the
 * mover's token on any other cell (move = cell + 1, text = cell name).  The
 * game never ends by itself: only repetition ends it.  The side to move is
 * in check when the opponent's token stands on c1 or d1, so a side that
 * shuttles between c1 and d1 checks with every move.  repetition_draw 3,
 * repetition_claim 2, perpetual_check_loses true.  evaluate() is -300 in
 * check and +300 otherwise.  Position string: "T0 T1 SIDE" with cell
 * names ("a1 a1 0"). */
typedef struct ToyShuttle {
    uint8_t token[2];
    uint8_t side;
    uint8_t unused[5];
} ToyShuttle;

extern const DjVariant toy_shuttle;

/* ---- mancala -------------------------------------------------------------
 * A tiny Kalah where the sides do NOT alternate.  Each side has three pits
 * (side 0: a1 b1 c1, side 1: c2 b2 a2, each in sowing order) and a store.
 * A move takes every seed from one of the mover's non-empty pits and sows
 * them one by one into the following pits, the mover's store, the
 * opponent's pits and round again, skipping the opponent's store.  A last
 * seed in the mover's store gives the mover another turn; a last seed in an
 * empty pit of the mover's captures it with the seeds of the pit facing it
 * (the pits are numbered so that pit i faces pit 5 - i), if any.  The game
 * ends when either side's pits are empty: each side then counts its store
 * and the seeds left on its side, and the larger count wins (equal: a
 * draw).  No position can recur.  Moves 1..3: the mover's pits in sowing
 * order; text: the pit's square.  Option seeds=N (default 2) per pit.
 * Position string: the six pits (side 0's, then side 1's, in sowing order),
 * the two stores and the side to move ("2 2 2 2 2 2 0 0 0"), at most 48
 * seeds.  evaluate() is the difference of the stores (small on purpose);
 * is_noisy() and move_gain() count the seeds a move puts in the store.
 * The key is recomputed from the whole position in play(). */
#define MANCALA_PITS 3

typedef struct ToyMancala {
    uint8_t pits[2 * MANCALA_PITS];
    uint8_t stores[2];
    uint8_t side;
    uint8_t unused[7];
    uint64_t key;
} ToyMancala;

extern const DjVariant toy_mancala;

/* ---- wide take-away (toy_wide.c) ------------------------------------------
 * Take-away (above) with one name for taking one stone, WIDE_MOVE_BASE
 * (above 1 << 16), and WIDE_TAGS names that the rules do not tell apart
 * for taking two: WIDE_MOVE_BASE + 1 + t for the tag t (0 to
 * WIDE_TAGS - 1).  The game declares its move_limit.  So a position with
 * two stones or more has WIDE_MOVES moves, and the side to move loses
 * exactly when the pile is a multiple of three, as in take-away: from 4
 * stones the one move that takes one wins, in 3 plies, whatever of the
 * WIDE_MOVES replies comes.  Move text "TAKE.TAG" ("1.0", "2.4998");
 * position string "PILE SIDE".  evaluate() is 0; is_noisy() is true for a
 * move that takes the last stones (it wins at once).  The key covers the
 * pile and the side only. */
#define WIDE_TAGS 4999
#define WIDE_MOVES (1 + WIDE_TAGS)
#define WIDE_MOVE_BASE ((DjMove)1 << 20)
#define WIDE_MAX_PILE 200

typedef struct ToyWide {
    uint8_t pile;
    uint8_t side;
    uint8_t unused[6];
} ToyWide;

extern const DjVariant toy_wide;

/* The move that takes `take` stones with tag `tag`, and the stones `move`
 * takes. */
DjMove toy_wide_move(int take, int tag);
int toy_wide_take(DjMove move);

/* ---- helpers for the tests (toy_helpers.c) -------------------------------- */

/* Whether `move` is a legal move of `pos` (a toy: at most 16 moves). */
bool toy_is_legal(const DjVariant *v, const void *pos, DjMove move);

/* Set `pos` up from the position string `text`, failing the running cmocka
 * test if it is refused. */
void toy_setup(const DjVariant *v, void *pos, const char *text);

/* A game of `variant` (the shuttle toy, or a copy with other repetition
 * rules) after c1 b1 d1 a1 c1 b1 d1 a1: side 0 to move, on d1, side 1 on
 * a1; c1 would repeat the position after the first c1 for the third time,
 * side 0 having checked all through.  dj_game_free it. */
DjGame *toy_shuttle_cycle(const DjVariant *variant);

/* A game of `v` (a toy or a registered game) from `position` (NULL: a new
 * game, dealt from `seed`) with up to `n_moves` random legal moves (fewer
 * if it ends), the same for the same `seed`; fails the running cmocka test
 * if the game cannot be set up.  dj_game_free it. */
DjGame *toy_random_game(const DjVariant *v, const char *position, guint32 seed, int n_moves);

/* The first of toy_random_game(v, NULL, s, max_moves) for s = seed,
 * seed + 1, ... that the rules end. */
DjGame *toy_finished_game(const DjVariant *v, guint32 seed, int max_moves);

#endif
