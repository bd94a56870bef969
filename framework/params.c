/* params.c: evaluation weights as text. */
#include "params.h"

#include <string.h>

#include "error.h"
#include "notation.h"
#include "text_file.h"

const DjParam *dj_params_find(const DjVariant *variant, const char *name)
{
    for (int i = 0; i < variant->n_params; i++)
        if (g_ascii_strcasecmp(variant->params[i].name, name) == 0)
            return &variant->params[i];
    return NULL;
}

void dj_params_format(const DjVariant *variant, GString *out)
{
    g_autofree int *values = dj_params_snapshot(variant);
    dj_params_format_values(variant, values, out);
}

void dj_params_format_values(const DjVariant *variant, const int *values, GString *out)
{
    for (int i = 0; i < variant->n_params; i++)
        g_string_append_printf(out, "%s %d\n", variant->params[i].name, values[i]);
}

/* Quote at most 40 characters of outside text. */
static char *quoted(const char *text)
{
    return dj_text_quote(text, 40);
}

bool dj_params_parse(const DjVariant *variant, const char *text, GError **error)
{
    int *values = dj_params_snapshot(variant);
    bool *seen = g_new0(bool, variant->n_params > 0 ? variant->n_params : 1);
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int n = 0; ok && lines[n] != NULL; n++) {
        char *hash = strchr(lines[n], '#');
        if (hash != NULL)
            *hash = '\0';
        char **words = g_strsplit_set(g_strstrip(lines[n]), " \t\r", -1);
        int count = 0;
        for (char **w = words; *w != NULL; w++)
            if (**w != '\0')
                words[count++] = *w;
            else
                g_free(*w);
        words[count] = NULL;
        if (count == 0) {
            g_strfreev(words);
            continue;
        }
        char *name = quoted(words[0]);
        const DjParam *param = dj_params_find(variant, words[0]);
        gint64 value = 0;
        if (count != 2) {
            ok = dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                              "line %d: expected 'NAME VALUE', found %d words", n + 1, count);
        } else if (param == NULL) {
            ok = dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "line %d: %s has no weight '%s'",
                              n + 1, variant->title, name);
        } else if (seen[param - variant->params]) {
            ok = dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "line %d: '%s' is given twice",
                              n + 1, name);
        } else if (!g_ascii_string_to_signed(words[1], 10, param->min, param->max, &value,
                                             NULL)) {
            char *v = quoted(words[1]);
            ok = dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                              "line %d: '%s' wants a whole number from %d to %d, not '%s'",
                              n + 1, name, param->min, param->max, v);
            g_free(v);
        } else {
            seen[param - variant->params] = true;
            values[param - variant->params] = (int)value;
        }
        g_free(name);
        g_strfreev(words);
    }
    if (ok)
        dj_params_restore(variant, values);
    g_strfreev(lines);
    g_free(seen);
    g_free(values);
    return ok;
}

bool dj_params_load(const DjVariant *variant, const char *path, GError **error)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, 1u << 20, "a weights file", &text, &length, error))
        return false;   /* "PATH: WHY" */
    if (!dj_params_parse(variant, text, error)) {
        g_prefix_error(error, "%s: ", path);
        return false;
    }
    return true;
}

int *dj_params_snapshot(const DjVariant *variant)
{
    int *values = g_new(int, variant->n_params > 0 ? variant->n_params : 1);
    for (int i = 0; i < variant->n_params; i++)
        values[i] = *variant->params[i].value;
    return values;
}

void dj_params_restore(const DjVariant *variant, const int *values)
{
    for (int i = 0; i < variant->n_params; i++)
        *variant->params[i].value = values[i];
}
