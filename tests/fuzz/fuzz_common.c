/* fuzz_common.c: see fuzz_common.h. */
#include "tests/fuzz/fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "framework/registry.h"

/* Which built games an input exercised, by index in dj_registry_all(). */
#define MAX_GAMES 64
static bool exercised[MAX_GAMES];

const DjVariant *fuzz_take_variant(const uint8_t **data, size_t *size)
{
    const uint8_t *newline = memchr(*data, '\n', *size);
    if (newline == NULL)
        return NULL;
    char *name = g_strndup((const char *)*data, (gsize)(newline - *data));
    const DjVariant *variant = strlen(name) == (size_t)(newline - *data)
        ? dj_registry_find(name) : NULL;   /* a NUL inside names nothing */
    g_free(name);
    if (variant == NULL)
        return NULL;
    *size -= (size_t)(newline + 1 - *data);
    *data = newline + 1;
    fuzz_note_variant(variant);
    return variant;
}

void fuzz_note_variant(const DjVariant *variant)
{
    const DjVariant *const *all = dj_registry_all();
    for (int i = 0; all[i] != NULL && i < MAX_GAMES; i++) {
        if (all[i] == variant)
            exercised[i] = true;
    }
}

const DjVariant *fuzz_unexercised_variant(void)
{
    const DjVariant *const *all = dj_registry_all();
    for (int i = 0; all[i] != NULL && i < MAX_GAMES; i++) {
        if (!exercised[i])
            return all[i];
    }
    return NULL;
}

void fuzz_check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz check failed: %s\n", what);
        abort();
    }
}
