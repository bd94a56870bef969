/* fuzz_common.h: helpers for the fuzz targets.  Each target defines
 * LLVMFuzzerTestOneInput; it is linked either with libFuzzer (-Dfuzz=true,
 * clang) or with replay_main.c, which runs saved inputs as a regression
 * test in every build. */
#ifndef DOJO_FUZZ_COMMON_H
#define DOJO_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "framework/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The registered variant picked by `selector`. */
const DjVariant *fuzz_pick_variant(uint8_t selector);

/* Abort with a message when `condition` is false: libFuzzer and the replay
 * test both treat an abort as a finding. */
void fuzz_check(int condition, const char *what);

#endif
