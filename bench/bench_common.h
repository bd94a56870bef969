/* bench_common.h: set-up and timing helpers shared by the benchmarks. */
#ifndef DOJO_BENCH_COMMON_H
#define DOJO_BENCH_COMMON_H

#include <stdint.h>

#include "framework/game.h"

/* A fresh position of the registered variant `name` set up from `position`
 * (NULL: new game) and one option NAME=VALUE (NULL: none); exits the
 * benchmark with a message on failure.  g_free the result. */
void *bench_position(const char *name, const char *position, const char *option,
                     const DjVariant **variant_out);

/* Seconds on a monotonic clock. */
double bench_now(void);

#endif
