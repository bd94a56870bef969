/* othello6.h: Othello on a 6x6 board, a small game for the tests that
 * prove the generic checks catch the rule bugs a newcomer's Othello had
 * (test_othello_bugs.c).  Not in the registry: the tests take it from
 * here, correct or with one bug planted.
 *
 * The rules: Black (side 0) and White place discs in turn; a placement
 * must flip at least one line of the other's discs (in any of the eight
 * directions) that it closes with one of the mover's own; a side that
 * cannot place passes (the only move then); the game ends when neither
 * side can place, and more discs win (equal: a draw).  The start has White
 * on c3 and d4, Black on d3 and c4, Black to move.
 *
 * Moves: a square, "c2" (code square + 1), or "pass" (code 37).  Position
 * strings: the ranks from 6 down to 1, separated by '/', each six of '.',
 * 'x' (Black), 'o' (White), then a space and the side to move, 'x' or 'o':
 * "....../....../..xo../..ox../....../...... x" is the start. */
#ifndef DOJO_TESTS_CONFORMANCE_OTHELLO6_H
#define DOJO_TESTS_CONFORMANCE_OTHELLO6_H

#include "framework/game.h"

/* The bugs that can be planted, one at a time. */
typedef enum Othello6Bug {
    OTHELLO6_CORRECT = 0,
    OTHELLO6_FOUR_DIRECTIONS,     /* flips along ranks and files only, not diagonals */
    OTHELLO6_PASS_BESIDE_MOVES,   /* a pass is offered beside the placements */
    OTHELLO6_LAST_MOVER_WINS,     /* at the end the side that moved last is the winner */
    OTHELLO6_ENDS_WHEN_ONE_STUCK, /* the game ends when the side to move cannot place */
    OTHELLO6_N_BUGS
} Othello6Bug;

/* The game with `bug` planted (OTHELLO6_CORRECT: none); static storage. */
const DjVariant *othello6_variant(Othello6Bug bug);

/* The start's position string. */
#define OTHELLO6_START "....../....../..xo../..ox../....../...... x"

#endif
