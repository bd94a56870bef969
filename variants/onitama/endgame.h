/* endgame.h: Onitama's classes of endings for the tablebase solver
 * (DjVariant.endgames; the contract is framework/endgame.h).
 *
 * A class is one card set (the five cards, whoever holds them) and the
 * students of each side: b for the side to move, r for the other, up to
 * four each, so 2 + b + r pieces with both masters.  Only positions with
 * Blue to move are numbered: one with Red to move is located as its half
 * turn with the hands swapped (onitama_mirror), which has the same value
 * for the side to move.  A quiet move of class (b, r) leads to (r, b), so
 * the two are one group; a capture leads to a class with a piece less; a
 * master taken or a master on the enemy temple ends the game.
 *
 * Index (Blue to move), from the most significant part:
 *   deal    0..29: Blue's two cards (10 pairs of the set sorted by id),
 *           then Red's two of the three left (3 pairs), the last the side card
 *   Blue's master square 0..24, Red's master square 0..24
 *   Blue's students: a combination of b of the 23 squares left (ranked),
 *   Red's students: a combination of r of the 23 - b squares left
 * so size = 30 * 625 * C(23, b) * C(23 - b, r) (2 + 2 students: 996 M).
 * position() says false for two masters on one square and for a finished
 * game (Red's master on Blue's temple c1, Blue's on Red's c5).
 *
 * Names: the cards' notation names sorted by card id (the rules' order),
 * joined by '-', then ".BvR": the set ox, boar, horse, elephant, crab
 * with two students against one is "crab-elephant-horse-ox-boar.2v1".
 * The setup text is the same names joined by ','. */
#ifndef DOJO_VARIANTS_ONITAMA_ENDGAME_H
#define DOJO_VARIANTS_ONITAMA_ENDGAME_H

#include "framework/endgame.h"

/* Pieces (masters and students) the indexing can number: 10. */
#define ONITAMA_ENDGAME_MAX_PIECES 10

extern const DjEndgames onitama_endgames;

#endif
