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
 * and a newline ("ogi\n..."), read by fuzz_take_variant; fuzz_record reads
 * the record's Variant tag and fuzz_uci the line "setoption name
 * UCI_Variant value NAME" instead.  So a saved input tests the same game
 * whatever games a build has, in whatever order.  tests/fuzz/README.md
 * gives every target's layout.
 *
 * Each built game has two tallies: the inputs that name it, and those that
 * exercise it, i.e. get past the game's parser into what the target checks
 * (a position string accepted, a move text read as a move, a record
 * loaded, a move played at the prompt, the game chosen over UCI).  The
 * replay (replay_main.c) makes seeds in memory (fuzz_seeds.h) for a game
 * that no saved input exercises, and says which game, for which target,
 * and why: none names it, or those that do no longer get past its parser
 * (its rules or notation changed since they were made). */

/* The built game named by the first line of the input, with that line
 * consumed from *data and *size, counted as named (fuzz_note_named); NULL
 * when the name is not a built game (the input is then skipped: it belongs
 * to a game this build leaves out). */
const DjVariant *fuzz_take_variant(const uint8_t **data, size_t *size);

/* Count an input as naming `variant`: fuzz_take_variant does it; a target
 * whose input names the game another way calls it itself. */
void fuzz_note_named(const DjVariant *variant);

/* Count an input as exercising `variant` (see above): each target calls it
 * where an input has got past the game's parser. */
void fuzz_note_variant(const DjVariant *variant);

/* How many inputs so far named `variant`, and how many exercised it. */
int fuzz_named_count(const DjVariant *variant);
int fuzz_exercised_count(const DjVariant *variant);

/* Abort with a message when `condition` is false: libFuzzer and the replay
 * test both treat an abort as a finding. */
void fuzz_check(int condition, const char *what);

#endif
