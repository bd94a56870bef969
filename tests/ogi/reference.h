/* reference.h: a deliberately naive second implementation of the Ōgi rules
 * for the tests to check the real one against.
 *
 * It shares no code with variants/ogi/: it reads position strings itself,
 * walks the board square by square, and tests legality by playing each
 * candidate move and scanning every enemy piece's moves for the King.  Slow
 * and simple, so that it is easy to check by eye against docs/rules/ogi.md. */
#ifndef DOJO_TESTS_OGI_REFERENCE_H
#define DOJO_TESTS_OGI_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

/* Pieces: 0 empty; 1..8 = P L N S B R I K; promoted = base + 8. */
typedef struct RefPosition {
    int type[64];      /* square = file + rank * 8 */
    int colour[64];    /* 0 Black, 1 White (meaningless where type is 0) */
    int hand[2][9];    /* [colour][base type 1..7] */
    int side;
} RefPosition;

typedef struct RefMove {
    int from;          /* -1 for a drop */
    int to;
    int drop_type;     /* base type for drops */
    bool promotes;
} RefMove;

/* Read a position string as docs/rules/ogi.md writes it (board, side, hand,
 * optional number).  Returns false on anything it does not understand. */
bool ref_parse(RefPosition *pos, const char *text);

/* Every legal move; returns how many (out has room for 2000). */
int ref_legal_moves(const RefPosition *pos, RefMove *out);

/* Play a legal move. */
void ref_play(RefPosition *pos, const RefMove *move);

/* Whether the King of `colour` is attacked. */
bool ref_in_check(const RefPosition *pos, int colour);

/* The move in the notation of docs/rules/ogi.md ("e3e4", "b2h8+", "P*e5"). */
void ref_move_text(const RefMove *move, GString *out);

/* Leaves `depth` plies below `pos`. */
uint64_t ref_perft(const RefPosition *pos, int depth);

#endif
