/* params.c: evaluation weights as text. */
#include "framework/params.h"

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"
#include "framework/text_file.h"

const DjParam *dj_params_find(const DjVariant *variant, const char *name)
{
    for (int i = 0; i < variant->n_params; i++)
        if (g_ascii_strcasecmp(variant->params[i].name, name) == 0)
            return &variant->params[i];
    return NULL;
}

/* How many weight names an error lists at most. */
#define PARAMS_LISTED 24

/* Append `index` to `picked` unless it is there already (then fail). */
static bool pick(const DjVariant *variant, GArray *picked, int index, GError **error)
{
    for (guint j = 0; j < picked->len; j++)
        if (g_array_index(picked, int, j) == index)
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "'%s' is named twice",
                                variant->params[index].name);
    g_array_append_val(picked, index);
    return true;
}

/* The weights one entry of a --params list names (see dj_params_select). */
static bool select_one(const DjVariant *variant, const char *name, GArray *picked,
                       GError **error)
{
    size_t length = strlen(name);
    bool pattern = length > 0 && name[length - 1] == '*';
    int matched = 0;
    for (int i = 0; i < variant->n_params; i++) {
        const char *candidate = variant->params[i].name;
        bool match = pattern ? g_ascii_strncasecmp(candidate, name, length - 1) == 0
                             : g_ascii_strcasecmp(candidate, name) == 0;
        if (!match)
            continue;
        if (!pick(variant, picked, i, error))
            return false;
        matched++;
    }
    if (matched > 0)
        return true;
    /* A game may have hundreds of weights: the message names the first. */
    g_autoptr(GString) known = g_string_new(NULL);
    int shown = MIN(variant->n_params, PARAMS_LISTED);
    for (int i = 0; i < shown; i++)
        g_string_append_printf(known, "%s%s", i > 0 ? ", " : "", variant->params[i].name);
    if (shown < variant->n_params)
        g_string_append_printf(known, " and %d more", variant->n_params - shown);
    g_autofree char *quoted_name = dj_text_quote(name, 40);
    return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "%s has no weight '%s' (there are %s)",
                        variant->title, quoted_name, known->str);
}

bool dj_params_select(const DjVariant *variant, const char *list, GArray *indexes,
                      GError **error)
{
    g_autoptr(GArray) picked = g_array_new(FALSE, FALSE, sizeof(int));
    if (list == NULL) {
        for (int i = 0; i < variant->n_params; i++)
            g_array_append_val(picked, i);
    } else {
        g_auto(GStrv) names = g_strsplit(list, ",", -1);
        if (names[0] == NULL)
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "names no weight: give NAME,NAME,...");
        for (int n = 0; names[n] != NULL; n++)
            if (!select_one(variant, g_strstrip(names[n]), picked, error))
                return false;
    }
    g_array_append_vals(indexes, picked->data, picked->len);
    return true;
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
