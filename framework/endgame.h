/* endgame.h: what a game fills in to be solvable by the tablebase solver
 * (framework/tablebase/), and nothing else.
 *
 * A table holds the value (win, loss or draw for the side to move, and
 * optionally the number of plies to the end with best play) of every
 * position of one *class*: a set of positions the game numbers 0..size-1
 * (Onitama: one card set, so many students on each side).  A game that
 * can number its endings fills a `const DjEndgames` and points
 * DjVariant.endgames at it; the solver, the table files and the probe
 * talk to the game only through these slots.
 *
 * Classes are solved in *groups*: every move from a position of a class
 * leads to a position of a class of the same group (solved together with
 * it), to a class of an earlier group (solved before, so its values are
 * known), or ends the game (outcome() is not ONGOING).  A capture, say,
 * leads to an earlier group; a quiet move stays in the group.
 *
 * A game may use a symmetry to fold positions together (Onitama numbers
 * only positions with Blue to move: one with Red to move is the same as
 * its half turn with the hands swapped).  Then locate() folds and
 * position() returns the folded representative; values are always for the
 * side to move, which a colour-swapping symmetry keeps.
 *
 * No slot is called in a way that needs GLib: they are called in the
 * solver's inner loop and in the search's probe, from many threads at
 * once, so every slot must be reentrant (no static scratch state).
 */
#ifndef DOJO_FRAMEWORK_ENDGAME_H
#define DOJO_FRAMEWORK_ENDGAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Room for a class name and a setup text, with the NUL. */
#define DJ_ENDGAME_NAME_MAX 64
#define DJ_ENDGAME_SETUP_MAX 96

/* Identifies a class inside its game (the game's own packing of what
 * picks the class out: cards, piece counts...).  Never 0 for a real
 * class, so that 0 can mean "none" in the probe's caches. */
typedef uint64_t DjEndgameId;

/* One class of positions. */
typedef struct DjEndgameClass {
    DjEndgameId id;
    /* Unique in the game (setup included), safe in a file name: only
     * [a-z0-9_.-], not starting with '.' or '-'.  Table files are named
     * after it ("boar-crab-elephant-horse-ox.2v1"). */
    char name[DJ_ENDGAME_NAME_MAX];
    /* The setup the class belongs to, as a person reads it (Onitama: the
     * five cards, "boar,crab,elephant,horse,ox"); the same for every class
     * of one list_classes() call.  Table files record it, and a file whose
     * setup is not the one asked for is refused. */
    char setup[DJ_ENDGAME_SETUP_MAX];
    /* Classes with the same group are solved together (see above).
     * Groups are numbered from 0 by list_classes(), in solving order. */
    int group;
    /* Pieces on the board in every position of the class (what --pieces
     * counts: Onitama counts masters and students). */
    int pieces;
    /* Indexes run from 0 to size - 1; at least 1. */
    uint64_t size;
} DjEndgameClass;

typedef struct DjEndgames {
    /* The most pieces list_classes() accepts (what the indexing can
     * number at all; memory is the solver's concern, not this bound). */
    int max_pieces;

    /* The most positions predecessors() writes (room the caller gives);
     * 0 when predecessors is NULL. */
    int max_predecessors;

    /* Every class needed to solve all positions of at most `max_pieces`
     * pieces with the setup of `pos` (Onitama: its five cards, whoever
     * holds them), in solving order: group by group, group numbers 0, 1,
     * 2... rising, a class's group never before a group its moves lead to.
     * Writes at most `room` classes to `out` (which may be NULL when room
     * is 0) and returns how many there are in all: a caller with too
     * little room calls again with more.  0 when there are none (too few
     * pieces allowed, or max_pieces above this.max_pieces: the caller
     * checks that first).  `pos` may be any position of the setup, ongoing
     * or not. */
    int (*list_classes)(const void *pos, int max_pieces, DjEndgameClass *out, int room);

    /* Fill `out` with the class `id` names (as list_classes() would have
     * written it).  false when `id` is no class of this game. */
    bool (*describe)(DjEndgameId id, DjEndgameClass *out);

    /* The class and index of `pos`, folding it by the game's symmetry
     * where it has one.  false when the position is in no class: too many
     * pieces, a setup that cannot be numbered, or a game already over
     * (outcome() not ONGOING).  Fast: the probe calls it at the search's
     * nodes.  position(*id, *index) then gives `pos` or its image under
     * the symmetry, which has the same value for its side to move. */
    bool (*locate)(const void *pos, DjEndgameId *id, uint64_t *index);

    /* Fill `pos` (state_size bytes, completely, as setup() does, key
     * included) with the position `index` of class `id`.  false when the
     * index names no position the solver must value: two pieces on one
     * square, a game already over (a master on the enemy temple), an
     * arrangement the indexing cannot produce from locate(); `pos` is then
     * unspecified.  Whenever it returns true, locate() of the position it
     * wrote gives back (id, index).  Any index below the class's size is
     * accepted.  A position written is ongoing (outcome() ONGOING). */
    bool (*position)(DjEndgameId id, uint64_t index, void *pos);

    /* Optional (NULL: the solver iterates forward, with legal_moves, play
     * and outcome only, which is slower but needs nothing more).  Write to
     * `out` (room for max_predecessors positions of state_size bytes, one
     * after the other) positions from which one legal move leads to `pos`
     * and stays in pos's group (moves to earlier groups are never
     * unmoved), and return how many.  Every such predecessor must be
     * written (or its image under the symmetry); extra ones (duplicates,
     * positions that do not really lead to `pos`) are allowed: the solver
     * only re-examines what it is given, by its legal moves.  `pos` is a
     * position that position() wrote. */
    int (*predecessors)(const void *pos, void *out);

    /* Whether predecessors() is exact (false, the safe default, has the
     * solver look at every predecessor's moves): besides finished games
     * and positions no class of the group holds (which the solver skips),
     * it writes each position P once for every legal move of P to `pos`
     * (to `pos` itself: locate() folds no two positions with the same side
     * to move together), and no other position; and every move hands the
     * turn to the other side.  The solver then marks a predecessor of a
     * lost position won at once, and counts each position's moves still
     * unknown instead of evaluating it again each time one becomes known:
     * a game that declares this wrongly gets wrong tables, so the solver
     * fails (saying so) where it sees a count go below zero or a move that
     * keeps the turn.  tests/tablebase checks Onitama's. */
    bool predecessors_exact;

    /* Optional (NULL: every probe calls locate()).  The pieces of `pos` as
     * DjEndgameClass.pieces counts them, whether or not any class holds
     * the position.  The probe asks it first and skips locate() for a
     * position with more pieces than any table it has: most of a search's
     * nodes, so it must cost a few instructions (a population count). */
    int (*count_pieces)(const void *pos);
} DjEndgames;

#endif /* DOJO_FRAMEWORK_ENDGAME_H */
