/* registry.h: the built-in variants.  registry.c is the one file in the
 * framework that names a game. */
#ifndef DOJO_FRAMEWORK_REGISTRY_H
#define DOJO_FRAMEWORK_REGISTRY_H

#include <glib.h>

#include "framework/game.h"

/* The built-in variants, in the order `dojo list` shows them, terminated by
 * NULL.  Never NULL itself. */
const DjVariant *const *dj_registry_all(void);

/* Append the names of all built-in variants, comma separated (for
 * messages such as "there are: onitama, ogi"). */
void dj_registry_append_names(GString *out);

/* The variant called `name` (case-insensitive), or NULL. */
const DjVariant *dj_registry_find(const char *name);

/* The variant called `name` (case-insensitive) in the NULL-terminated list
 * `variants`, or NULL. */
const DjVariant *dj_variant_find_in(const DjVariant *const *variants, const char *name);

#endif
