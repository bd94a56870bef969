/* registry.c: the one place in the framework that names the variants
 * (through the generated registry_list.h, see meson.build). */
#include "framework/registry.h"

#include <glib.h>

#include "framework/registry_list.h"

const DjVariant *const *dj_registry_all(void)
{
    return registry_variants;
}

const DjVariant *dj_variant_find_in(const DjVariant *const *variants, const char *name)
{
    if (name == NULL)
        return NULL;
    for (const DjVariant *const *v = variants; *v != NULL; v++) {
        if (g_ascii_strcasecmp((*v)->name, name) == 0)
            return *v;
    }
    return NULL;
}

const DjVariant *dj_registry_find(const char *name)
{
    return dj_variant_find_in(registry_variants, name);
}

void dj_registry_append_names(GString *out)
{
    const DjVariant *const *all = dj_registry_all();
    for (int i = 0; all[i] != NULL; i++) {
        if (i > 0)
            g_string_append(out, ", ");
        g_string_append(out, all[i]->name);
    }
}
