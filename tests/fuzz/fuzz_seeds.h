/* fuzz_seeds.h: seed inputs for every fuzz target, made by playing random
 * games of a game, so that no game needs hand-made seeds.
 *
 * Each seed is laid out as its target reads it (tests/fuzz/README.md, the
 * one place the layouts are written down): a position string, move text
 * in a position reached by a random game, a game record, the lines typed
 * at `dojo play`, a UCI session.  The generator program (fuzz_seeds_main.c,
 * `ninja -C BUILD fuzz-seeds`) writes them into corpus/TARGET/, and the
 * replay programs (replay_main.c) make a few in memory for a game that no
 * saved input exercises, so a new game is fuzzed from its first build.
 *
 * The code only plays legal moves and formats what the game itself
 * formats: it knows no game, and a seed it makes is as good as the game's
 * own format_move, format_position and record round trip. */
#ifndef DOJO_TESTS_FUZZ_FUZZ_SEEDS_H
#define DOJO_TESTS_FUZZ_FUZZ_SEEDS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

/* The fuzz targets, in the order their folders are listed. */
typedef enum FuzzTarget {
    FUZZ_TARGET_POSITION,
    FUZZ_TARGET_MOVE,
    FUZZ_TARGET_RECORD,
    FUZZ_TARGET_PLAY,
    FUZZ_TARGET_UCI,
    FUZZ_TARGET_COUNT,
} FuzzTarget;

/* The target's name: its folder under corpus/ and regressions/, and the
 * TARGET of fuzz_TARGET.c ("position"). */
const char *fuzz_target_name(FuzzTarget target);

/* The target called `name`; false when there is none. */
bool fuzz_target_from_name(const char *name, FuzzTarget *target);

/* Append to `out` (a GPtrArray of GBytes, e.g. from
 * g_ptr_array_new_with_free_func(g_bytes_unref)) `count` seeds for
 * `target` of `variant`.  Seed i depends only on (target, the game's name,
 * `seed`, i) and on the game's rules, never on the other games built or
 * on the time: the same arguments give the same bytes.  The seeds vary in
 * kind with i (a start position, a finished game, commands mixed with the
 * moves, a refused move text...), so a count of 4 or more gives each
 * kind. */
void fuzz_seeds_make(FuzzTarget target, const DjVariant *variant, guint64 seed, int count,
                     GPtrArray *out);

/* The name a seed is saved under: the SHA-1 of its bytes in hex, as
 * libFuzzer names the inputs it keeps (g_free it). */
char *fuzz_seed_file_name(GBytes *seed_bytes);

#endif
