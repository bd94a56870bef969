/* fuzz_common.c: see fuzz_common.h. */
#include "tests/fuzz/fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "framework/registry.h"

/* What inputs did with each built game, by index in dj_registry_all(). */
#define MAX_GAMES 64
static int named[MAX_GAMES];
static int exercised[MAX_GAMES];

/* The index of `variant` in dj_registry_all(), or -1 (a game not built, or
 * beyond MAX_GAMES). */
static int game_index(const DjVariant *variant)
{
    const DjVariant *const *all = dj_registry_all();
    for (int i = 0; all[i] != NULL && i < MAX_GAMES; i++) {
        if (all[i] == variant)
            return i;
    }
    return -1;
}

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
    fuzz_note_named(variant);
    return variant;
}

void fuzz_note_named(const DjVariant *variant)
{
    int i = game_index(variant);
    if (i >= 0)
        named[i]++;
}

void fuzz_note_variant(const DjVariant *variant)
{
    int i = game_index(variant);
    if (i >= 0)
        exercised[i]++;
}

int fuzz_named_count(const DjVariant *variant)
{
    int i = game_index(variant);
    return i >= 0 ? named[i] : 0;
}

int fuzz_exercised_count(const DjVariant *variant)
{
    int i = game_index(variant);
    return i >= 0 ? exercised[i] : 0;
}

void fuzz_check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz check failed: %s\n", what);
        abort();
    }
}
