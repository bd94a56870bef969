/* fuzz_common.c: see fuzz_common.h. */
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>

#include "framework/registry.h"

const DjVariant *fuzz_pick_variant(uint8_t selector)
{
    const DjVariant *const *all = dj_registry_all();
    int n = 0;
    while (all[n] != NULL)
        n++;
    return all[selector % n];
}

void fuzz_check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz check failed: %s\n", what);
        abort();
    }
}
