/* bench_common.c: see bench_common.h. */
#include "bench_common.h"

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
