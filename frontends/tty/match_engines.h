/* match_engines.h: the engines of `dojo match` as the command line gives
 * them (--engine SPEC, two or more), and how long each may think. */
#ifndef DOJO_FRONTENDS_TTY_MATCH_ENGINES_H
#define DOJO_FRONTENDS_TTY_MATCH_ENGINES_H

#include <stdbool.h>

#include <glib.h>

#include "framework/referee/match_game.h"
#include "framework/referee/uci_engine.h"

/* Parse the `n` specs `texts` (--engine SPEC each) into `specs` (n,
 * zeroed first; clear each with dojo_engine_spec_clear, also after a
 * failure).  name= is optional (the engine's own name comes later, see
 * dojo_match_name_engines); the names given must differ.  Usage errors. */
bool dojo_match_specs_parse(const char *const *texts, int n, DojoEngineSpec *specs,
                            GError **error);

/* The limits of the engine of `spec` into `out`: `shared` (the match's
 * --tc, --movetime, --nodes, --depth and margins), or, when the spec gives
 * any of tc=, st=, movetime=, nodes= and depth=, those in place of all of
 * the match's (time odds); timemargin=MS replaces the margin alone.
 * tc= is [MOVES/]TIME[+INC] or inf, st= seconds a move (not with tc=
 * or movetime=).  The engine must then have some limit.  Usage errors
 * naming the engine. */
bool dojo_match_engine_limits(const DojoMatchLimits *shared, const DojoEngineSpec *spec,
                              DojoMatchLimits *out, GError **error);

#endif
