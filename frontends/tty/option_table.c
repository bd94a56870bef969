/* option_table.c: typed option rows registered with GOption as callbacks
 * (see option_table.h). */
#include "frontends/tty/option_table.h"

#include <math.h>
#include <string.h>

#include "frontends/tty/cli.h"
#include "frontends/tty/options.h"

typedef struct OptionTable {
    GArray *rows;      /* DojoOption, DOJO_OPTION_ROWS expanded */
    GPtrArray *kept;   /* what GOption and the destinations point into: the
                        * help texts made, the text values read */
} OptionTable;

static void table_free(gpointer data)
{
    OptionTable *table = data;
    g_array_free(table->rows, TRUE);
    g_ptr_array_free(table->kept, TRUE);
    g_free(table);
}

static bool row_is_end(const DojoOption *row)
{
    return row->name == NULL && row->type != DOJO_OPTION_ROWS;
}

static void table_add_rows(OptionTable *table, const DojoOption *rows)
{
    for (const DojoOption *row = rows; !row_is_end(row); row++) {
        if (row->type == DOJO_OPTION_ROWS)
            table_add_rows(table, row->rows);
        else
            g_array_append_val(table->rows, *row);
    }
}

static const DojoOption *find_row(const OptionTable *table, const char *option_name)
{
    bool is_long = g_str_has_prefix(option_name, "--");
    for (guint i = 0; i < table->rows->len; i++) {
        const DojoOption *row = &g_array_index(table->rows, DojoOption, i);
        if (is_long ? strcmp(option_name + 2, row->name) == 0
                    : row->short_name != 0 && option_name[1] == row->short_name
                      && option_name[2] == '\0')
            return row;
    }
    return NULL;
}

/* ---- defaults ------------------------------------------------------------------ */

static const char *word_of(const DojoOptionWord *words, int value)
{
    for (const DojoOptionWord *w = words; w != NULL && w->word != NULL; w++) {
        if (w->value == value)
            return w->word;
    }
    return NULL;
}

/* The default as the option would be typed, or NULL for "none". */
static char *default_text(const DojoOption *row)
{
    char number[G_ASCII_DTOSTR_BUF_SIZE];
    switch (row->type) {
    case DOJO_OPTION_WHOLE:
        if (row->def.whole < row->min || row->def.whole > row->max)
            return NULL;
        return g_strdup_printf("%" G_GINT64_FORMAT, row->def.whole);
    case DOJO_OPTION_NUMBER:
        if (!(row->def.number > row->low || (!row->low_excluded && row->def.number == row->low))
            || !(row->def.number <= row->high))
            return NULL;
        return g_strdup(g_ascii_formatd(number, sizeof number, "%g", row->def.number));
    case DOJO_OPTION_WORD:
        return g_strdup(word_of(row->words, row->def.word));
    case DOJO_OPTION_TEXT:
    case DOJO_OPTION_PATH:
        return g_strdup(row->def.text);
    case DOJO_OPTION_FLAG:
    case DOJO_OPTION_TEXT_LIST:
    case DOJO_OPTION_PATH_LIST:
    case DOJO_OPTION_ROWS:
        break;
    }
    return NULL;
}

char *dojo_option_help(const DojoOption *row)
{
    const char *help = row->help != NULL ? row->help : "";
    if (row->default_note != NULL)
        return g_strdup_printf("%s (default: %s)", help, row->default_note);
    g_autofree char *value = default_text(row);
    if (value != NULL)
        return g_strdup_printf("%s (default %s)", help, value);
    return g_strdup(help);
}

static void set_default(const DojoOption *row)
{
    switch (row->type) {
    case DOJO_OPTION_FLAG:
        *row->to.flag = false;
        break;
    case DOJO_OPTION_WHOLE:
        *row->to.whole = row->def.whole;
        break;
    case DOJO_OPTION_NUMBER:
        *row->to.number = row->def.number;
        break;
    case DOJO_OPTION_WORD:
        *row->to.word = row->def.word;
        break;
    case DOJO_OPTION_TEXT:
    case DOJO_OPTION_PATH:
        *row->to.text = row->def.text;
        break;
    case DOJO_OPTION_TEXT_LIST:
    case DOJO_OPTION_PATH_LIST:
        *row->to.list = NULL;
        break;
    case DOJO_OPTION_ROWS:
        break;
    }
    if (row->given != NULL)
        *row->given = false;
}

/* ---- values ---------------------------------------------------------------------- */

static bool read_number(const DojoOption *row, const char *what, const char *text,
                        GError **error)
{
    char low[G_ASCII_DTOSTR_BUF_SIZE], high[G_ASCII_DTOSTR_BUF_SIZE];
    g_ascii_formatd(low, sizeof low, "%g", row->low);
    g_ascii_formatd(high, sizeof high, "%g", row->high);
    char *end = NULL;
    double value = g_ascii_strtod(text, &end);
    bool fits = end != text && *end == '\0' && isfinite(value) && value <= row->high
             && (row->low_excluded ? value > row->low : value >= row->low);
    if (!fits) {
        /* "above LOW" for a range open below, as a rate or a fraction is */
        if (row->low_excluded)
            return dojo_usage_error(error, "%s wants a number above %s and at most %s, not "
                                    "'%s'", what, low, high, text);
        return dojo_usage_error(error, "%s wants a number from %s to %s, not '%s'", what, low,
                                high, text);
    }
    *row->to.number = value;
    return true;
}

/* Add `text` to the end of the list of `row`.  The list is made anew,
 * the old one left to the table with the rest it keeps: an option is
 * given a few times, and the caller holds a plain NULL-ended array. */
static void add_to_list(OptionTable *table, const DojoOption *row, const char *text)
{
    const char *const *old = *row->to.list;
    gsize n = 0;
    while (old != NULL && old[n] != NULL)
        n++;
    const char **list = g_new(const char *, n + 2);
    for (gsize i = 0; i < n; i++)
        list[i] = old[i];
    char *copy = g_strdup(text);
    g_ptr_array_add(table->kept, copy);
    list[n] = copy;
    list[n + 1] = NULL;
    g_ptr_array_add(table->kept, list);
    *row->to.list = list;
}

/* "a, b or c" */
static void append_words(const DojoOptionWord *words, GString *out)
{
    for (const DojoOptionWord *w = words; w->word != NULL; w++) {
        if (w != words)
            g_string_append(out, w[1].word == NULL ? " or " : ", ");
        g_string_append(out, w->word);
    }
}

static bool read_word(const DojoOption *row, const char *what, const char *text,
                      GError **error)
{
    for (const DojoOptionWord *w = row->words; w->word != NULL; w++) {
        if (g_ascii_strcasecmp(text, w->word) == 0) {
            *row->to.word = w->value;
            return true;
        }
    }
    g_autoptr(GString) words = g_string_new(NULL);
    append_words(row->words, words);
    return dojo_usage_error(error, "%s wants %s, not '%s'", what, words->str, text);
}

static bool read_value(OptionTable *table, const DojoOption *row, const char *text,
                       GError **error)
{
    g_autofree char *what = g_strdup_printf("--%s", row->name);
    switch (row->type) {
    case DOJO_OPTION_FLAG:
        *row->to.flag = true;
        break;
    case DOJO_OPTION_WHOLE:
        if (!dojo_int_parse(text, what, row->min, row->max, row->to.whole, error))
            return false;
        break;
    case DOJO_OPTION_NUMBER:
        if (!read_number(row, what, text, error))
            return false;
        break;
    case DOJO_OPTION_WORD:
        if (!read_word(row, what, text, error))
            return false;
        break;
    case DOJO_OPTION_TEXT:
    case DOJO_OPTION_PATH:
        if (text == NULL) {   /* a value_optional option without one */
            *row->to.text = row->def.text;
        } else {
            char *copy = g_strdup(text);
            g_ptr_array_add(table->kept, copy);
            *row->to.text = copy;
        }
        break;
    case DOJO_OPTION_TEXT_LIST:
    case DOJO_OPTION_PATH_LIST:
        add_to_list(table, row, text);
        break;
    case DOJO_OPTION_ROWS:
        break;
    }
    if (row->given != NULL)
        *row->given = true;
    return true;
}

static gboolean on_option(const gchar *option_name, const gchar *value, gpointer data,
                          GError **error)
{
    OptionTable *table = data;
    const DojoOption *row = find_row(table, option_name);
    if (row == NULL) {   /* only an entry this table did not register */
        g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "no option %s", option_name);
        return FALSE;
    }
    return read_value(table, row, value, error);
}

/* ---- registration ------------------------------------------------------------------ */

static GOptionEntry entry_of(OptionTable *table, const DojoOption *row)
{
    char *help = dojo_option_help(row);
    g_ptr_array_add(table->kept, help);
    GOptionEntry entry = {
        row->name, row->short_name, 0, G_OPTION_ARG_CALLBACK, (gpointer)(guintptr)on_option,
        help, row->arg,
    };
    if (row->type == DOJO_OPTION_FLAG) {
        entry.flags |= G_OPTION_FLAG_NO_ARG;
        entry.arg_description = NULL;
    }
    if (row->type == DOJO_OPTION_PATH || row->type == DOJO_OPTION_PATH_LIST)
        entry.flags |= G_OPTION_FLAG_FILENAME;
    if (row->value_optional)
        entry.flags |= G_OPTION_FLAG_OPTIONAL_ARG;
    return entry;
}

GOptionContext *dojo_option_table_context(const char *params, const char *summary,
                                          const char *description, const DojoOption *rows)
{
    OptionTable *table = g_new0(OptionTable, 1);
    table->rows = g_array_new(FALSE, FALSE, sizeof(DojoOption));
    table->kept = g_ptr_array_new_with_free_func(g_free);
    table_add_rows(table, rows);
    GOptionContext *context = dojo_option_context_full(params, summary, description, table,
                                                       table_free);
    GArray *entries = g_array_new(TRUE, TRUE, sizeof(GOptionEntry));   /* ends zeroed */
    for (guint i = 0; i < table->rows->len; i++) {
        const DojoOption *row = &g_array_index(table->rows, DojoOption, i);
        g_return_val_if_fail(row->name != NULL && row->to.flag != NULL, context);
        g_return_val_if_fail(row->type != DOJO_OPTION_WORD || row->words != NULL, context);
        set_default(row);
        GOptionEntry entry = entry_of(table, row);
        g_array_append_val(entries, entry);
    }
    g_option_group_add_entries(dojo_option_main_group(context),
                               (const GOptionEntry *)(void *)entries->data);
    g_array_free(entries, TRUE);
    return context;
}
