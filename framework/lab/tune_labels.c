/* tune_labels.c: reading and writing labels files. */
#include "framework/lab/tune_labels.h"

#include <math.h>
#include <string.h>

#include "framework/error.h"
#include "framework/text_file.h"

void dj_tune_labels_format(const DjVariant *variant, const DjTuneSet *set, const char *comment,
                           GString *out)
{
    if (comment != NULL) {
        g_auto(GStrv) lines = g_strsplit(comment, "\n", -1);
        for (int i = 0; lines[i] != NULL; i++)
            if (lines[i][0] != '\0' || lines[i + 1] != NULL)
                g_string_append_printf(out, "# %s\n", lines[i]);
    }
    char label[G_ASCII_DTOSTR_BUF_SIZE];
    for (int i = 0; i < dj_tune_set_size(set); i++) {
        g_ascii_formatd(label, sizeof label, "%.6f", dj_tune_set_label(set, i));
        g_string_append(out, label);
        g_string_append_c(out, ' ');
        variant->format_position(dj_tune_set_position(set, i), out);
        g_string_append_c(out, '\n');
    }
}

bool dj_tune_labels_parse_line(const DjVariant *variant, const char *line, double *label,
                               void *pos, GError **error)
{
    const char *start = line + strspn(line, " \t");
    size_t length = strcspn(start, " \t");
    g_autofree char *word = g_strndup(start, length);
    if (length == 0)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "no label");
    char *end = NULL;
    double value = g_ascii_strtod(word, &end);
    if (end == word || *end != '\0' || !isfinite(value))
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "the label '%s' is not a number",
                            word);
    if (value < 0.0 || value > 1.0)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "the label %s is not between 0 and 1", word);
    const char *rest = start + length;
    rest += strspn(rest, " \t");
    g_autofree char *position = g_strchomp(g_strdup(rest));
    if (position[0] == '\0')
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "no position after the label");
    DjSetup setup = { position, 0, NULL, 0 };
    if (!variant->setup(pos, &setup, error))
        return false;
    if (dj_position_outcome(variant, pos) != DJ_OUTCOME_ONGOING)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "the game is over in that position");
    *label = value;
    return true;
}

bool dj_tune_labels_read(const DjVariant *variant, DjTuneSet *set, const char *path,
                         int max_positions, int *added, GError **error)
{
    if (added != NULL)
        *added = 0;
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, DJ_TUNE_LABELS_MAX_BYTES, "a labels file", &text, &length,
                                error))
        return false;
    g_autofree void *pos = g_malloc(variant->state_size);
    int number = 0;
    /* Walked in place: a large file is not copied line by line. */
    for (char *line = text; line != NULL && *line != '\0';) {
        char *next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        number++;
        char *content = line + strspn(line, " \t\r");
        if (content[0] != '\0' && content[0] != '#') {
            double label = 0.0;
            g_autoptr(GError) why = NULL;
            if (!dj_tune_labels_parse_line(variant, content, &label, pos, &why))
                return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "%s:%d: %s", path, number,
                                    why->message);
            if (dj_tune_set_size(set) < max_positions) {
                dj_tune_set_add(set, pos, label);
                if (added != NULL)
                    (*added)++;
            }
        }
        line = next;
    }
    return true;
}
