/* amazons.h: a small Game of the Amazons, a test game (not built by
 * default: the `test_games` build option adds it, tests/games/amazons/
 * rules.md has the rules).  It exists to exercise two framework features
 * that the shipped games do not use:
 *
 *   - compound turns: in `amazons` a turn is two moves, the amazon's move
 *     and then its arrow (DjVariant.extra_turns and compound_turns);
 *   - move codes above 1 << 16: in `amazons1` a turn is one move whose
 *     code packs from, to and arrow (DjVariant.move_limit).
 *
 * Both variants share every file here; a flag in the position says which
 * one it belongs to (so that the functions need not be told).
 *
 * Board: 7x7, square = file + rank * 7 (a1 = 0, g7 = 48), bit i of a
 * uint64_t board = square i.  Two amazons a side, never captured.
 *
 * Moves (every code non-zero, since an amazon never moves to its own square):
 *   whole turn (amazons1):  from | to << 6 | arrow << 12  (below 1 << 18)
 *   amazon's move:          from | to << 6                (below 1 << 12)
 *   arrow:                  from | to << 6 | 1 << 12, `from` the amazon
 *                           that shoots, `to` where the arrow lands
 */
#ifndef DOJO_TESTS_GAMES_AMAZONS_AMAZONS_H
#define DOJO_TESTS_GAMES_AMAZONS_AMAZONS_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"

#define AMAZONS_SIZE 7
#define AMAZONS_SQUARES 49
#define AMAZONS_PER_SIDE 2
#define AMAZONS_WHITE 0
#define AMAZONS_BLACK 1
#define AMAZONS_NO_SQUARE 63
/* The farthest a queen reaches on 7x7 (from d4: 12 along the lines, 12
 * along the diagonals). */
#define AMAZONS_MAX_REACH 24
/* Compound: an amazon's moves (2 amazons x 24), or one amazon's arrows (24). */
#define AMAZONS_MAX_PARTS (AMAZONS_PER_SIDE * AMAZONS_MAX_REACH)
/* Whole turns: 2 amazons x 24 destinations x 24 arrows. */
#define AMAZONS_MAX_TURNS (AMAZONS_PER_SIDE * AMAZONS_MAX_REACH * AMAZONS_MAX_REACH)
/* Every code of a whole turn is below this (18 bits: three 6-bit squares). */
#define AMAZONS_TURN_LIMIT (1u << 18)
#define AMAZONS_ARROW_FLAG (1u << 12)

typedef struct AmazonsPosition {
    uint64_t key;
    uint64_t amazons[2];   /* each side's amazons */
    uint64_t arrows;       /* burnt squares */
    uint8_t side;          /* side to move */
    uint8_t whole_turns;   /* 1: amazons1 (one move a turn); 0: amazons */
    uint8_t shooter;       /* compound, mid-turn: the square of the amazon that
                            * has moved and must shoot; else AMAZONS_NO_SQUARE */
    uint8_t pad[5];
} AmazonsPosition;

static inline uint64_t amazons_bit(int square) { return (uint64_t)1 << square; }
static inline int amazons_move_from(DjMove m) { return (int)(m & 63u); }
static inline int amazons_move_to(DjMove m) { return (int)((m >> 6) & 63u); }
/* The arrow of a whole turn. */
static inline int amazons_move_arrow(DjMove m) { return (int)((m >> 12) & 63u); }
static inline bool amazons_move_is_arrow(const AmazonsPosition *pos, DjMove m)
{
    return !pos->whole_turns && (m & AMAZONS_ARROW_FLAG) != 0;
}
static inline DjMove amazons_make(int from, int to) { return (DjMove)(from | to << 6); }
static inline DjMove amazons_make_turn(int from, int to, int arrow)
{
    return (DjMove)(from | to << 6 | arrow << 12);
}
static inline DjMove amazons_make_arrow(int from, int to)
{
    return (DjMove)(from | to << 6) | AMAZONS_ARROW_FLAG;
}

/* ---- rules.c ------------------------------------------------------------ */

/* The squares a queen on `from` reaches past nothing in `blocked`, in a
 * fixed order (direction by direction, nearest first); returns how many. */
int amazons_reach(int from, uint64_t blocked, int *out);
uint64_t amazons_occupied(const AmazonsPosition *pos);
bool amazons_setup_compound(void *pos, const DjSetup *setup, GError **error);
bool amazons_setup_whole(void *pos, const DjSetup *setup, GError **error);
int amazons_side_to_move(const void *pos);
int amazons_legal_moves(const void *pos, DjMove *out);
void amazons_play(void *pos, DjMove move);
DjOutcome amazons_outcome(const void *pos);
uint64_t amazons_key(const void *pos);
uint64_t amazons_compute_key(const void *pos);
/* Whether `move` is one legal_moves(pos) writes. */
bool amazons_is_legal(const AmazonsPosition *pos, DjMove move);
/* The board turned half around (square s to 48 - s) with the colours and
 * the side to move swapped: the rules cannot tell the image from the
 * original with the players' names exchanged.  (A half turn rather than a
 * flip of the ranks, so that a generator that misses moves along one edge
 * file is caught as well.) */
void amazons_mirror(const void *pos, void *out);

/* ---- text.c ------------------------------------------------------------- */

/* Position string: ranks 7 to 1 separated by '/', files a..g, W a White
 * amazon, B a Black one, x an arrow, a digit 1-7 a run of empty squares;
 * then the side to move, w or b; then, in `amazons` in the middle of a
 * turn only, the square of the amazon that has moved and must shoot:
 *     2B1B2/7/7/7/7/7/2W1W2 w          the start
 *     2B1B2/7/7/7/7/3W3/2W4 w d2       White's amazon moved e1-d2; it shoots next
 */
bool amazons_parse_position(AmazonsPosition *pos, bool whole_turns, const char *text,
                            GError **error);
void amazons_format_position(const void *pos, GString *out);
/* Canonical: a whole turn "d1-d6/f4"; an amazon's move "d1-d6"; an arrow
 * "/f4".  Also read: "d1d6/f4", "d1-d6 f4", "d1d6f4", and an arrow "f4". */
bool amazons_parse_move(const void *pos, const char *text, DjMove *out, GError **error);
void amazons_format_move(const void *pos, DjMove move, GString *out);
int amazons_move_origin(const void *pos, DjMove move);
int amazons_move_destination(const void *pos, DjMove move);

/* ---- eval.c ------------------------------------------------------------- */

/* Territory (empty squares a side's amazons reach in fewer queen moves than
 * the other's) and mobility (queen moves), from the side to move's view. */
int amazons_evaluate(const void *pos);
int amazons_eval_terms(const void *pos, DjEvalTerm *out);
/* No move is noisy: the game has no captures (game.h allows "simply false"). */
bool amazons_is_noisy(const void *pos, DjMove move);
#define AMAZONS_N_PARAMS 2
extern const DjParam amazons_params[AMAZONS_N_PARAMS];

/* ---- render.c ----------------------------------------------------------- */

void amazons_render(const void *pos, const DjRenderStyle *style, GString *out);
void amazons_render_legend(const DjRenderStyle *style, GString *out);
/* W and B for the amazons; an arrow is a `special` square with no glyph. */
void amazons_view_squares(const void *pos, const DjRenderStyle *style, DjSquareView *out);
void amazons_describe_move(const void *pos, DjMove move, GString *out);

#endif
