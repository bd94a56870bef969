/* bench_common.c: see bench_common.h. */
#include "bench/bench_common.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "framework/registry.h"

void *bench_position(const char *name, const char *position, const char *option,
                     const DjVariant **variant_out)
{
    const DjVariant *v = dj_registry_find(name);
    if (v == NULL) {
        printf("skip: %s is not built in (-Dvariants)\n", name);
        fflush(stdout);
        return NULL;
    }
    DjOptionValue opt = { 0 };
    char *copy = NULL;
    if (option != NULL) {
        copy = g_strdup(option);
        char *eq = strchr(copy, '=');
        g_assert(eq != NULL);
        *eq = '\0';
        opt.name = copy;
        opt.value = eq + 1;
    }
    DjSetup setup = { .position = position, .options = &opt, .n_options = option != NULL };
    void *pos = g_malloc0(v->state_size);
    GError *error = NULL;
    if (!v->setup(pos, &setup, &error)) {
        fprintf(stderr, "bench: %s: %s\n", name, error->message);
        exit(2);
    }
    g_free(copy);
    *variant_out = v;
    return pos;
}

double bench_now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

void bench_usage_error(const char *program, const char *usage, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    char *message = g_strdup_vprintf(format, args);
    va_end(args);
    fprintf(stderr, "%s: %s\nusage: %s %s\n", program, message, program, usage);
    g_free(message);
    exit(2);
}

double bench_seconds_argument(const char *program, int argc, char **argv, double fallback)
{
    if (argc > 2)
        bench_usage_error(program, "[SECONDS]", "one argument at most, not '%s' too", argv[2]);
    if (argc < 2)
        return fallback;
    const char *text = argv[1];
    char *end = NULL;
    /* strtod alone would take " 2", "nan", "inf" and "0x10". */
    double seconds = 0;
    bool number = (g_ascii_isdigit(text[0]) || text[0] == '.')
        && strpbrk(text, "xX") == NULL;
    if (number) {
        seconds = g_ascii_strtod(text, &end);
        number = end != text && *end == '\0' && isfinite(seconds);
    }
    if (!number || seconds < 0.01 || seconds > BENCH_MAX_SECONDS)
        bench_usage_error(program, "[SECONDS]",
                          "the time must be a number of seconds from 0.01 to %.0f, not '%s'",
                          BENCH_MAX_SECONDS, text);
    return seconds;
}
