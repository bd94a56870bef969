/* match_speed.h: how fast this machine is, for time controls that mean the
 * same on every machine of a match played in slices (as OpenBench scales
 * them): a short, fixed workload of dojo's own search.
 *
 * The workload is a few positions of the game (new games from fixed seeds
 * and a few plies into each, as `dojo bench` picks them), each searched by
 * one thread to a fixed number of nodes from a cleared table, so that it
 * is the same work on every machine; its wall-clock time gives the speed.
 * A game without an evaluation (searched by MCTS alone) counts perft
 * leaves instead.  It takes a fraction of a second. */
#ifndef DOJO_FRAMEWORK_REFEREE_MATCH_SPEED_H
#define DOJO_FRAMEWORK_REFEREE_MATCH_SPEED_H

#include <glib.h>

#include "framework/game.h"

/* Nodes searched by the workload in all (each of its positions a share). */
#define DOJO_MATCH_SPEED_NODES 600000u

/* Nodes (or leaves) per second of the workload for `variant` on this
 * machine now; at least 1. */
guint64 dojo_match_speed_nps(const DjVariant *variant);

#endif
