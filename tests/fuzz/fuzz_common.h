/* fuzz_common.h: helpers for the fuzz targets.  Each target defines
 * LLVMFuzzerTestOneInput; it is linked either with libFuzzer (-Dfuzz=true,
 * clang) or with replay_main.c, which runs saved inputs as a regression
 * test in every build. */
#ifndef DOJO_TESTS_FUZZ_FUZZ_COMMON_H
#define DOJO_TESTS_FUZZ_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "framework/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- which game an input fuzzes ---------------------------------------
 * An input of a target that fuzzes every game starts with the game's name
 * and a newline ("ogi\n..."), read by fuzz_take_variant.  So a saved input
 * tests the same game whatever games a build has, in whatever order, and a
 * new game is fuzzed once it has seeds of its own in corpus/TARGET/.  A new
 * target does the same: fuzz_take_variant first, then seeds for every game.
 * The replay (replay_main.c) fails when a built game has no input that
 * exercises it. */

/* The built game named by the first line of the input, with that line
 * consumed from *data and *size; NULL when the name is not a built game
 * (the input is then skipped: it belongs to a game this build leaves out). */
const DjVariant *fuzz_take_variant(const uint8_t **data, size_t *size);

/* Count `variant` as exercised.  fuzz_take_variant does it; a target whose
 * input names the game another way (fuzz_record: the record's Variant tag;
 * fuzz_uci: "setoption name UCI_Variant value NAME") calls it itself. */
void fuzz_note_variant(const DjVariant *variant);

/* A built game that no input so far exercised, or NULL. */
const DjVariant *fuzz_unexercised_variant(void);

/* Abort with a message when `condition` is false: libFuzzer and the replay
 * test both treat an abort as a finding. */
void fuzz_check(int condition, const char *what);

#endif
