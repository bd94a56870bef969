/* views.h: the checks of a position drawn in parts (framework/game.h:
 * view_squares, render_holdings, render_legend), for a front end that
 * draws the board itself:
 *
 *   squares   every glyph is printable UTF-8 (no control character, so no
 *             escape), one or two columns wide, the same width as every
 *             other glyph of the position in that style, and not blank;
 *             side is -1 exactly where the glyph is empty; only a piece is
 *             royal; side, royal and special do not depend on the style;
 *             while the game goes on, a side that began with one royal
 *             piece has exactly one;
 *   mirror    when DjVariant.mirror is the half turn of the board with the
 *             colours swapped (told by the legal moves' squares, not by
 *             the view), the image's view is the view turned half around
 *             with the sides swapped;
 *   holdings  lines of printable UTF-8 at most DJ_HOLDINGS_COLUMNS wide,
 *             each ending with a newline, for side 0, 1 and -1;
 *   legend    lines at most 78 columns wide (escapes aside), each ending
 *             with a newline, none of them in render()'s output.
 *
 * Functions of a variant, not of the registry, so that test_views.c can
 * prove each fails on a broken copy of a game.  Include conformance.h (and
 * cmocka before it) first. */
#ifndef DOJO_TESTS_CONFORMANCE_VIEWS_H
#define DOJO_TESTS_CONFORMANCE_VIEWS_H

#include "tests/conformance/conformance.h"

/* How many random games conf_check_views_games plays per variant. */
#define CONF_VIEW_GAMES 40

/* The widest line of render_legend, in terminal columns. */
#define CONF_LEGEND_COLUMNS 78

/* The terminal columns of the UTF-8 `text` (`len` bytes, or up to its NUL
 * when len < 0): 2 for a wide character (g_unichar_iswide), 0 for a
 * zero-width one, 1 for the others; ANSI escapes (ESC [ ... letter) count
 * nothing when `skip_escapes`.  -1 when the text is not UTF-8 or holds
 * another control character (a newline included). */
int conf_columns(const char *text, gssize len, bool skip_escapes);

/* The squares and mirror checks at `pos` (ongoing or not), every style;
 * `start` is the new game `pos` was played from, for the royal count. */
void conf_check_view_squares(const ConfWhere *where, const void *pos, const void *start);

/* The holdings checks at `pos`, every style and side. */
void conf_check_holdings(const ConfWhere *where, const void *pos);

/* The legend checks, and that render(pos) does not draw the legend. */
void conf_check_legend(const ConfWhere *where, const void *pos);

/* Every check above at every position of `games` random games of
 * `variant` from seed `base`; nothing for a variant without the slots. */
void conf_check_views_games(const DjVariant *variant, guint32 base, int games);

#endif
