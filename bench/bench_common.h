/* bench_common.h: set-up and timing helpers shared by the benchmarks. */
#ifndef DOJO_BENCH_COMMON_H
#define DOJO_BENCH_COMMON_H

#include <stdint.h>

#include "framework/game.h"

/* A fresh position of the registered variant `name` set up from `position`
 * (NULL: new game) and one option NAME=VALUE (NULL: none); g_free the
 * result.  NULL, after printing "skip: ..." on standard output, when the
 * build leaves that game out (-Dvariants): a benchmark runs whatever rows
 * the build has.  Exits the benchmark with a message on any other failure. */
void *bench_position(const char *name, const char *position, const char *option,
                     const DjVariant **variant_out);

/* Seconds on a monotonic clock. */
double bench_now(void);

#endif
