/* nets.h: which learnt network each game evaluates with, in the front end.
 *
 * At full strength (level 10, analysis, hints, review, bench) and at level
 * 9 (DJ_LEVEL_NET_MIN) a game plays with its built-in network
 * (DjVariant.net_builtin) unless told otherwise: `dojo uci`'s EvalFile or
 * the commands' --eval-file names a file, or `none`.  Levels below 9 play
 * without a network, as their strengths were measured (docs/strength.md,
 * "The playing levels").
 * `dojo train`, `tune`, `spsa` and `match` (its --balance search) leave
 * the games without one. */
#ifndef DOJO_FRONTENDS_COMMON_NETS_H
#define DOJO_FRONTENDS_COMMON_NETS_H

#include <stdbool.h>

#include "framework/game.h"
#include "framework/net.h"

/* The EvalFile or --eval-file value that means no network at all (a file
 * of that name is given as ./none). */
#define DOJO_NETS_NONE "none"

/* The help of the commands' --eval-file. */
#define DOJO_NETS_OPTION_HELP \
    "Evaluate at full strength with the network in FILE, or with none ('none'); " \
    "by default the game's built-in one"

/* What `variant` plays with at full strength from now on: `net` (the
 * caller keeps it alive while it is chosen), or with `net` NULL its
 * built-in network when `builtin` is true, else none. */
void dojo_nets_choose(const DjVariant *variant, const DjNet *net, bool builtin);

/* Install in `variant` the network a search at `level` evaluates with: the
 * chosen one from DJ_LEVEL_NET_MIN (search/level.h) up, none below.  Should the built-in network not
 * read (a fault of the build), says so once on stderr and installs none. */
void dojo_nets_install(const DjVariant *variant, int level);

/* Choose for every game what `value` names, as EvalFile and --eval-file
 * do: NULL or "" each game's built-in network; DOJO_NETS_NONE none; else
 * a network file, which the game it was trained for plays with (the others
 * with their built-in ones).  With `only_for` set, the file must be that
 * game's.  The network read is kept here until the next choice or
 * dojo_nets_release().  On failure (a file that does not read, or is for
 * no game here or another game) says why in `error`; the choices stay. */
bool dojo_nets_choose_value(const char *value, const DjVariant *only_for, GError **error);

/* Every game back to its built-in network, and the network read by
 * dojo_nets_choose_value taken out of its game and freed. */
void dojo_nets_release(void);

#endif
