/* nets.h: which learnt network each game evaluates with, in the front end.
 *
 * At full strength (level 10, analysis, hints, review, bench) a game plays
 * with its built-in network (DjVariant.net_builtin) unless told otherwise:
 * `dojo uci`'s EvalFile names a file, or `none`.  Levels below 10 play
 * without a network, as their strengths were measured (docs/levels.md).
 * `dojo train`, `tune`, `spsa` and `match` (its --balance search) leave
 * the games without one. */
#ifndef DOJO_NETS_H
#define DOJO_NETS_H

#include <stdbool.h>

#include "framework/game.h"
#include "framework/net.h"

/* What `variant` plays with at full strength from now on: `net` (the
 * caller keeps it alive while it is chosen), or with `net` NULL its
 * built-in network when `builtin` is true, else none. */
void dojo_nets_choose(const DjVariant *variant, const DjNet *net, bool builtin);

/* Install in `variant` the network a search at `level` evaluates with: the
 * chosen one at DJ_LEVEL_MAX, none below.  Should the built-in network not
 * read (a fault of the build), says so once on stderr and installs none. */
void dojo_nets_install(const DjVariant *variant, int level);

#endif
