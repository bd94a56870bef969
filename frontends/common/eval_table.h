/* eval_table.h: a game's static evaluation shown in its parts, for
 * `dojo analyze --eval` and the `eval` command of `dojo uci`. */
#ifndef DOJO_FRONTENDS_COMMON_EVAL_TABLE_H
#define DOJO_FRONTENDS_COMMON_EVAL_TABLE_H

#include <glib.h>

#include "framework/game.h"

/* Append to `out` the static evaluation of the ongoing `pos` of `variant`
 * (which has an evaluate()), in pawns (hundredths of evaluate()'s units):
 * a heading line naming the side to move, then a line per part as
 * DjVariant.eval_terms gives them (each side's share, from its own point
 * of view, and what the part adds for the side to move), then the total,
 * evaluate(pos) itself.  A game without eval_terms gets the heading and
 * the total only.  Every line, the last too, ends in '\n'; none starts
 * with a space, so that a caller may prefix each. */
void dojo_format_eval_table(const DjVariant *variant, const void *pos, GString *out);

#endif
