/* screen_pick.h: picking a move on the board, square by square.
 *
 * The full-screen interface lets a person pick a piece, then a square; this
 * is the part of it that knows no terminal: which squares the picked piece
 * can go to, and which legal moves a pick of two squares stands for (more
 * than one when two cards make the same step, or a promotion is optional).
 * Moves that start from no square (drops, placements) are picked by their
 * destination alone. */
#ifndef DOJO_FRONTENDS_TTY_SCREEN_PICK_H
#define DOJO_FRONTENDS_TTY_SCREEN_PICK_H

#include <stdbool.h>

#include "framework/game.h"

/* The legal moves of one position with the squares each starts and ends
 * on (-1: none, or not known when the game has no move_destination). */
typedef struct PickMoves {
    const DjVariant *variant;
    const void *pos;       /* the position; the caller keeps it alive */
    DjMove *moves;
    int *origin;
    int *destination;
    int n;
} PickMoves;

/* Load the legal moves of `pos` (none when the game is over there). */
void pick_moves_load(PickMoves *pick, const DjVariant *variant, const void *pos);
void pick_moves_clear(PickMoves *pick);

/* Whether some legal move starts on `square`. */
bool pick_has_moves_from(const PickMoves *pick, int square);

/* Mark in `marks` (board_width * board_height entries, cleared first) the
 * squares a move from `from` ends on; the number marked.  With from -1:
 * the squares a move from no square (a drop) ends on. */
int pick_destinations(const PickMoves *pick, int from, bool *marks);

/* The legal moves from `from` (-1: from no square) to `to` (-1: any, for a
 * game that does not say where its moves end), at most `max` into `out`;
 * how many there are. */
int pick_candidates(const PickMoves *pick, int from, int to, DjMove *out, int max);

#endif
