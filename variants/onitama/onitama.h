/* onitama.h: the functions behind dj_variant_onitama (variant.c), one file
 * per job.  Each follows the contract of its DjVariant slot in
 * framework/game.h; what is particular to Onitama is said here. */
#ifndef DOJO_VARIANTS_ONITAMA_ONITAMA_H
#define DOJO_VARIANTS_ONITAMA_ONITAMA_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"
#include "variants/onitama/position.h"

/* The game's title (DjVariant.title), for messages that name it. */
#define ONITAMA_TITLE "Onitama"

/* Errors this variant reports (cards, position strings, move text;
 * error.c).  Option errors the table decides are the framework's
 * (dj_options_check). */
#define ONITAMA_ERROR (onitama_error_quark())
GQuark onitama_error_quark(void);
typedef enum { ONITAMA_ERROR_OPTION, ONITAMA_ERROR_POSITION, ONITAMA_ERROR_MOVE } OnitamaError;

/* How much of the user's text an option error quotes (dj_text_quote). */
#define ONITAMA_QUOTE_MAX 32

/* ---- cards.c: lists of cards ------------------------------------------ */

/* The five distinct cards named in `text`, comma-separated
 * ("ox,boar,horse,elephant,crab"): card ids in that order. */
bool onitama_parse_card_list(const char *text, int cards[5], GError **error);

/* ---- setup.c ---------------------------------------------------------- */

extern const DjVariantOption onitama_options[];

/* A new game (cards from the `cards` option, or dealt at random from the
 * `deck` option's deck with setup->seed) or a position string. */
bool onitama_setup(void *pos, const DjSetup *setup, GError **error);

/* Fill `pos` with the start position: both sides on their back ranks,
 * `cards` = Blue's two, Red's two, the side card (distinct valid ids); the
 * side card's stamp moves first.  Sets the key. */
void onitama_start_position(OnitamaPosition *pos, const int cards[5]);

/* ---- movegen.c: the rules --------------------------------------------- */

int onitama_side_to_move(const void *pos);
/* Every (piece, card, destination), card by card in hand order, pieces by
 * ascending square, destinations by ascending square; the two passes when
 * that is empty. */
int onitama_legal_moves(const void *pos, DjMove *out);
int onitama_count_moves(const void *pos);
/* The legal moves is_noisy accepts: captures, the master onto the enemy
 * temple (never a pass). */
int onitama_noisy_moves(const void *pos, DjMove *out);
/* onitama_legal_moves(), the same moves in the same order, with noisy[i]
 * 1 where onitama_is_noisy() holds for out[i], else 0. */
int onitama_legal_moves_marked(const void *pos, DjMove *out, uint8_t *noisy);
void onitama_play(void *pos, DjMove move);
DjOutcome onitama_outcome(const void *pos);
uint64_t onitama_key(const void *pos);
uint64_t onitama_compute_key(const void *pos);

/* Whether `move` is one legal_moves(pos) would produce (any DjMove value
 * accepted; used by parse_move and the tests). */
bool onitama_is_legal(const OnitamaPosition *pos, DjMove move);

/* The slot (0..4 in pos->cards) holding card `id`, or -1 if the game has
 * no such card. */
int onitama_card_slot(const OnitamaPosition *pos, int id);

/* ---- eval.c ----------------------------------------------------------- */

int onitama_evaluate(const void *pos);

/* DjVariant.eval_terms: onitama_evaluate in its parts (a result a ply or
 * two away leaves only the pieces and that result). */
int onitama_eval_terms(const void *pos, DjEvalTerm *out);
/* The evaluation's weights for DjVariant.params. */
#define ONITAMA_N_PARAMS 9
extern const DjParam onitama_params[ONITAMA_N_PARAMS];
/* Captures, and master moves onto the enemy temple. */
bool onitama_is_noisy(const void *pos, DjMove move);
/* A student's value for taking one; more than any material for a move that
 * wins at once. */
int onitama_move_gain(const void *pos, DjMove move);

/* ---- position_text.c: position strings -------------------------------- */

/* Position string, e.g. the start with Ox, Boar / Horse, Elephant / Crab:
 *
 *     ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab
 *
 * 1. The board, rank 5 first, ranks separated by '/', files a..e within a
 *    rank: M and S are Blue's master and students, m and s Red's, a digit
 *    1-5 a run of empty squares.  Each rank covers exactly 5 squares.
 * 2. The side to move: b (Blue) or r (Red).
 * 3. The five cards, comma-separated: Blue's two, Red's two, then the side
 *    card (the same order as the `cards` option).  Card names are read
 *    case-insensitively ("Sea Snake", "seasnake"...); written as in notation.
 * Validity: each side has at most one master and four students; at most
 * one master may be missing, and a finished game (a master missing, or a
 * master on the enemy temple) must have the loser to move, since the
 * winner has just moved; the five cards are distinct.  A finished position
 * is accepted because a finished game is a legal thing to record. */
void onitama_format_position(const void *pos, GString *out);
bool onitama_parse_position(OnitamaPosition *pos, const char *text, GError **error);

/* ---- move_text.c: moves as text --------------------------------------- */

/* Canonical: "boar:a1a2", "sea-snake:b2b3", a pass "boar:pass".  Also read,
 * case-insensitively and with any spacing: "boar a1a2", "a1a2 boar",
 * "a1a2:boar", "a1-a2 boar", "pass boar", and a bare "a1a2" when only one
 * of the mover's cards makes it. */
bool onitama_parse_move(const void *pos, const char *text, DjMove *out, GError **error);
void onitama_format_move(const void *pos, DjMove move, GString *out);
int onitama_move_origin(const void *pos, DjMove move);
int onitama_move_destination(const void *pos, DjMove move);

/* ---- mirror.c --------------------------------------------------------- */

/* The half turn of the board with the colours (and hands) swapped. */
void onitama_mirror(const void *pos, void *out);

/* ---- render.c --------------------------------------------------------- */

/* The board, both hands, the side card beside the board and whose turn;
 * no legend (onitama_render_legend). */
void onitama_render(const void *pos, const DjRenderStyle *style, GString *out);
/* DjVariant.render_legend: what M S m s, ===, [ ] and the card grids mean,
 * in two lines of at most 78 columns; the letters coloured as render()
 * colours them when style->color. */
void onitama_render_legend(const DjRenderStyle *style, GString *out);
void onitama_describe_move(const void *pos, DjMove move, GString *out);
/* Which way of winning ended the game (nothing while it goes on). */
void onitama_describe_outcome(const void *pos, GString *out);

/* The letter render() draws for the piece on `square`: M, S Blue's master
 * and students, m, s Red's; ' ' for an empty square. */
char onitama_piece_letter(const OnitamaPosition *pos, int square);

/* Row `row` (0 = top) of card `card`'s grid, "x . o . x" (9 columns, no
 * newline): 'o' the piece, 'x' where it may jump, turned by `turn` (+1: as
 * the player at the bottom of the screen reads it, -1: 180 degrees). */
void onitama_append_card_row(GString *out, int card, int turn, int row);

/* The grids of cards `first` and `second` side by side, 4 columns apart,
 * as five lines each starting with `indent` spaces and ending with a
 * newline; turned by `turn` as above. */
void onitama_append_card_pair(GString *out, int first, int second, int turn, int indent);

/* ---- view.c: a position in parts, for a front end that draws the board -- */

/* DjVariant.view_squares: render()'s letters, the master royal, the two
 * temples (c1, c5) special; the style changes nothing. */
void onitama_view_squares(const void *pos, const DjRenderStyle *style, DjSquareView *out);

/* DjVariant.render_holdings: for side 0 or 1 its two cards (titles, then
 * the grids side by side, turned as render() turns them); for -1 the side
 * card, its grid and who takes it next.  At most 22 columns wide, within
 * DJ_HOLDINGS_COLUMNS, whatever the cards. */
void onitama_render_holdings(const void *pos, const DjRenderStyle *style, int side, GString *out);

#endif
