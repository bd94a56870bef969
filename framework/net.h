/* net.h: a small learnt evaluation, added to a game's own.
 *
 * A game that offers it (DjVariant.net_inputs, net_features, net) describes
 * a position as a set of binary features (a piece of ours on a square, two
 * pawns in the enemy's hand, ...), each a number below net_inputs.  The
 * network reads them from the side to move's point of view:
 *
 *     h[j] = clamp(b1[j] + sum of W1[f][j] over the active features f, 0, 1)
 *     y    = b2 + sum over j of w2[j] * h[j]
 *
 * and adds y * DJ_NET_OUTPUT_UNIT centipawns to the game's evaluation.  It is
 * trained (net_train.h) on positions of played games to predict what the
 * search found there, less what the game's evaluation already says: it
 * learns what the hand-written evaluation misses.  The weights are kept in
 * a text file (`dojo train` writes it; `dojo uci` loads it with
 * `setoption name EvalFile value FILE`).
 *
 * dj_net_output, which the search calls at every leaf, is plain C in whole
 * numbers (a copy of the weights dj_net_prepare rounds), without GLib or
 * allocation; the trainer, the files and the rest use floats and GLib. */
#ifndef DOJO_FRAMEWORK_NET_H
#define DOJO_FRAMEWORK_NET_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "framework/game.h"

/* At most this many features are active in one position. */
#define DJ_NET_MAX_ACTIVE 192
/* Bounds a file may give (the hidden layer's width is a choice of the
 * trainer; the inputs are the game's). */
#define DJ_NET_MAX_INPUTS 65536
#define DJ_NET_MAX_HIDDEN 1024
/* Centipawns of one unit of the output. */
#define DJ_NET_OUTPUT_UNIT 100.0f
/* The largest weight a file may hold, either way (trained weights are a
 * few hundredths to a few units). */
#define DJ_NET_MAX_WEIGHT 32.0

/* The weights in whole numbers for the search: in the first layer
 * DJ_NET_QUANTUM is 1, in the second DJ_NET_W2_QUANTUM. */
#define DJ_NET_QUANTUM 256
#define DJ_NET_W2_QUANTUM 1024

typedef struct DjNet {
    char *variant;       /* the game's name, as the file names it */
    int n_inputs;
    int n_hidden;
    float *w1;           /* [n_inputs][n_hidden], a feature's row together */
    float *b1;           /* [n_hidden] */
    float *w2;           /* [n_hidden] */
    float b2;
    /* What dj_net_output reads (dj_net_prepare makes them from the above):
     * the weights in steps of 1 / DJ_NET_QUANTUM (first layer) and
     * 1 / DJ_NET_W2_QUANTUM (second), rows padded with zeros to `padded`
     * units, a multiple of 16, so that the adds run as whole vectors. */
    int padded;
    bool wide_sums;      /* a hidden unit's sum could leave the 16-bit range:
                            summed in 32 bits, more slowly */
    int16_t *w1_steps;   /* [n_inputs][padded] */
    int16_t *b1_steps;   /* [padded] */
    int16_t *w2_steps;   /* [padded], 0 past n_hidden */
    uint32_t id;         /* new (never 0) at each dj_net_prepare: which
                            weights sums kept by a game were made with */
} DjNet;

/* A network for `variant` with n_inputs features and n_hidden hidden units
 * (1 <= each <= the bounds above), its weights drawn small and at random
 * from `seed` so that its output starts near 0 (a change of 0). */
DjNet *dj_net_new(const char *variant, int n_inputs, int n_hidden, uint32_t seed);
void dj_net_free(DjNet *net);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DjNet, dj_net_free)

/* Make the whole-number copy of the weights dj_net_output reads, after the
 * weights changed (dj_net_new and dj_net_parse make it; the trainer, which
 * changes them, makes it again at its end). */
void dj_net_prepare(DjNet *net);

/* The output, in centipawns (rounded), for the `n` active features
 * `features` (each below n_inputs; a feature listed twice counts twice),
 * from the weights as dj_net_prepare last rounded them: within a
 * centipawn or so of dj_net_forward's.  For the search: no GLib, no
 * allocation. */
int dj_net_output(const DjNet *net, const uint16_t *features, int n);

/* Sums kept from position to position.  A game whose moves change few
 * features can keep the hidden layer's sums (before clamping) in its
 * positions and change them by the features a move adds and removes,
 * instead of adding up every feature at each evaluation.  The results are
 * dj_net_output's to the centipawn: the same whole numbers are added.
 *
 * Whether `net` allows it with room for `units` sums: its sums stay in 16
 * bits (!wide_sums) and its padded width is at most `units`. */
bool dj_net_can_keep_sums(const DjNet *net, int units);

/* The sums (net->padded of them) for the `n` active features. */
void dj_net_sums(const DjNet *net, const uint16_t *features, int n, int16_t *sums);

/* Change the sums by the features a move removed and those it added (each
 * list may be empty).  The removed ones are taken first, so that no partial
 * sum covers more features than the position before or after. */
void dj_net_sums_update(const DjNet *net, int16_t *sums, const uint16_t *removed, int n_removed,
                        const uint16_t *added, int n_added);

/* dj_net_output of the position whose sums these are. */
int dj_net_output_from_sums(const DjNet *net, const int16_t *sums);

/* The output before rounding and the hidden layer's values (`hidden`, room
 * for n_hidden, clamped), for the trainer. */
float dj_net_forward(const DjNet *net, const uint16_t *features, int n, float *hidden);

/* The network as text: a first line `dojo-net 1 VARIANT INPUTS HIDDEN`,
 * comment lines starting with '#', then the numbers b2, b1[], w2[] and W1[]
 * by rows, whitespace apart.  `comment` (may be NULL) goes in the comment
 * lines, one per line of it. */
void dj_net_format(const DjNet *net, const char *comment, GString *out);

/* Written atomically (a temporary file renamed over `path`). */
bool dj_net_save(const DjNet *net, const char *comment, const char *path, GError **error);

/* Read a file dj_net_save wrote.  NULL with `error` set, in words naming
 * the file, when it cannot be read, is not such a file, is cut short, has
 * a number that does not read or is not finite, or is larger than the
 * bounds. */
DjNet *dj_net_load(const char *path, GError **error);
DjNet *dj_net_parse(const char *text, GError **error);

/* Make `net` the network variant->evaluate() adds to its score, or, with
 * NULL, leave the game's evaluation alone.  The caller keeps `net` alive
 * while it is installed.  False, with `error` in words, when the game has
 * no learnt evaluation or `net` was made for another game or another
 * number of inputs (the network installed before stays). */
bool dj_net_install(const DjVariant *variant, const DjNet *net, GError **error);

/* What dj_net_install would refuse, without installing anything: true when
 * `variant` has a learnt evaluation and `net` (may be NULL) is for it. */
bool dj_net_check(const DjVariant *variant, const DjNet *net, GError **error);

/* The game's built-in network (DjVariant.net_builtin), read at the first
 * call and kept for the life of the program (thread-safe).  NULL, with
 * `error` left alone, for a game that has none; NULL with `error` set if
 * its text does not read (a fault of the build). */
const DjNet *dj_net_builtin(const DjVariant *variant, GError **error);

#endif
