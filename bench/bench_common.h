/* bench_common.h: set-up and timing helpers shared by the benchmarks. */
#ifndef DOJO_BENCH_BENCH_COMMON_H
#define DOJO_BENCH_BENCH_COMMON_H

#include <stdint.h>

#include <glib.h>

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

/* The most seconds a benchmark's time argument may ask for. */
#define BENCH_MAX_SECONDS 3600.0

/* The optional one argument of `program` (as `program [SECONDS]`): a
 * number of seconds from 0.01 to BENCH_MAX_SECONDS, or `fallback` when it
 * is not given.  Anything else (not a number, out of range, a second
 * argument) exits the benchmark with code 2 and a message naming the
 * argument and saying what is wanted. */
double bench_seconds_argument(const char *program, int argc, char **argv, double fallback);

/* Exit the benchmark with code 2 after printing "PROGRAM: MESSAGE" and its
 * usage line on standard error. */
G_NORETURN void bench_usage_error(const char *program, const char *usage, const char *format,
                                  ...) G_GNUC_PRINTF(3, 4);

#endif
