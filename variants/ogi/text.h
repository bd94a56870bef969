/* text.h: Ōgi's words: position strings, move text, drawings, errors.
 *
 * Internal to variants/ogi/.  These are the DjVariant notation slots plus
 * the helpers they share.  Not used in inner loops, so GLib is fine here.
 */
#ifndef DOJO_VARIANTS_OGI_TEXT_H
#define DOJO_VARIANTS_OGI_TEXT_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "variants/ogi/position.h"

/* The game's title (DjVariant.title), for messages that name it. */
#define OGI_TITLE "Ōgi"

/* Errors reported to players (position strings, parse_move; error.c).
 * Option errors are the framework's (dj_options_check). */
#define OGI_ERROR (ogi_error_quark())
GQuark ogi_error_quark(void);
typedef enum OgiError {
    OGI_ERROR_POSITION,   /* a bad position string */
    OGI_ERROR_MOVE,       /* malformed or illegal move text */
} OgiError;

/* ---- setup.c --------------------------------------------------------------- */

/* Ōgi's game options (DjVariant.options): none, an empty table. */
extern const DjVariantOption ogi_options[];

/* DjVariant.setup: the start position (Ōgi has no game options: any is
 * refused), or a position string. */
bool ogi_setup(void *pos, const DjSetup *setup, GError **error);

/* The evaluation's weights by name (eval.c), for DjVariant.params. */
extern const DjParam ogi_params[OGI_N_PARAMS];

/* DjVariant.eval_terms (eval.c): material, King safety, threats, pawns,
 * slider mobility, proximity, tempo and, with a network loaded, its part
 * ("learnt"), as ogi_evaluate adds them up. */
int ogi_eval_terms(const void *pos, DjEvalTerm *out);

/* "Black" / "White". */
extern const char *const ogi_side_name[2];

/* The letter of a piece type: 'P' .. 'K' for the base kinds; promoted types
 * give their base letter (the caller writes the '+'). */
char ogi_type_letter(int type);

/* The base kind (0..7) for an ASCII letter of either case, or -1. */
int ogi_letter_type(char letter);

/* The English name of a type ("rook", "dragon", "promoted silver"). */
const char *ogi_type_name(int type);

/* How much of the user's text an error message quotes (dj_text_quote). */
#define OGI_QUOTE_MAX 32

/* Append "e4" for `sq`. */
void ogi_square_append(int sq, GString *out);

/* Parse "e4" (either case) at `text`; returns the square or -1. */
int ogi_square_parse(const char *text);

/* ---- position_text.c: position strings --------------------------------------------
 * "<board> <side> <hand> [<move number>]", e.g. the start position
 *   lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1
 * Board: ranks 8 to 1 separated by '/', files a to h, upper case Black,
 * lower case White, '+' before a promoted piece, a digit for a run of empty
 * squares.  Side: 'b' or 'w'.  Hand: '-' or count-and-letter groups
 * ("2Pbs"), upper case Black's, lower case White's; written Black's first,
 * each side in the order I R B S N L P, so formatting is canonical.  Move
 * number: SFEN style, 1 before Black's first move and +1 every ply; 1 if
 * left out. */

/* Read a position string (the form above, or Fairy-Stockfish's FEN, told
 * apart by the '[' after its board) into `pos`, checking that the position could be
 * played from (one King each, no piece that could never move, no nifu, the
 * side not to move not in check, no more pieces than the set has).  On
 * failure returns false with `error` set; `pos` is then unspecified. */
bool ogi_position_parse(OgiPosition *pos, const char *text, GError **error);

/* DjVariant.format_position. */
void ogi_format_position(const void *pos, GString *out);

/* DjVariant.format_position_engine: Fairy-Stockfish's FEN, which
 * ogi_position_parse also reads:
 *   lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1
 * The hand follows the board in brackets, one letter a piece; "w" is the
 * first player (our Black), "b" White; castling and en passant are "-",
 * the halfmove clock is written 0, the fullmove number counts pairs. */
void ogi_format_position_engine(const void *pos, GString *out);

/* ---- move_text.c: move text -----------------------------------------------
 * Board move "e3e4", promoting "b2h8+" ('+' required in the canonical form;
 * on input it may be left out when promotion is forced, which in Ōgi is
 * always), drop "P*e5" (also "P@e5", piece letter in either case). */
bool ogi_parse_move(const void *pos, const char *text, DjMove *out, GError **error);
void ogi_format_move(const void *pos, DjMove move, GString *out);
/* DjVariant.format_move_engine: drops as "P@e5" (Fairy-Stockfish). */
void ogi_format_move_engine(const void *pos, DjMove move, GString *out);
int ogi_move_origin(const void *pos, DjMove move);
int ogi_move_destination(const void *pos, DjMove move);

/* ---- render.c ------------------------------------------------------------ */
/* The board, both hands and whose turn; no legend (ogi_render_legend). */
void ogi_render(const void *pos, const DjRenderStyle *style, GString *out);
void ogi_describe_move(const void *pos, DjMove move, GString *out);

/* DjVariant.render_legend: what the letters (or, with style->traditional,
 * the kanji) and the marks mean, in lines of at most 78 columns. */
void ogi_render_legend(const DjRenderStyle *style, GString *out);

/* The hand kinds in the order render() and render_holdings list them:
 * I R B S N L P, as position strings write hands. */
extern const int ogi_hand_order[OGI_HAND_KINDS];

/* The kanji of a piece of `colour` and `type` (two terminal columns): the
 * King is 玉 for Black, 王 for White. */
const char *ogi_type_kanji(int colour, int type);

/* The two letters render() draws for a piece: '+' or ' ', then the
 * letter, upper case Black, lower case White ("+b", " P"). */
void ogi_piece_letters(int colour, int type, char out[3]);

/* ---- view.c: a position in parts, for a front end that draws the board -- */

/* DjVariant.view_squares: render()'s two letters (" P", "+b"), or with
 * style->traditional the kanji alone (the `side` field tells the colours
 * apart where render() writes a 'v'): every glyph of a style two columns
 * wide.  The King is royal; no square is special (render() marks none). */
void ogi_view_squares(const void *pos, const DjRenderStyle *style, DjSquareView *out);

/* DjVariant.render_holdings: side 0 or 1's pieces in hand, "In hand: R,
 * B x2, P x3" (upper-case letters, as drops are written, or the kanji),
 * wrapped between items within DJ_HOLDINGS_COLUMNS; nothing for an empty
 * hand or for side -1. */
void ogi_render_holdings(const void *pos, const DjRenderStyle *style, int side, GString *out);

#endif /* DOJO_VARIANTS_OGI_TEXT_H */
