/* game.c: small helpers over the variant interface. */
#include "framework/game.h"

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"

G_DEFINE_QUARK(dj-error-quark, dj_error)

DjOutcome dj_position_outcome(const DjVariant *variant, const void *pos)
{
    DjOutcome outcome = variant->outcome(pos);
    if (outcome != DJ_OUTCOME_ONGOING)
        return outcome;
    if (dj_count_moves(variant, pos) == 0)
        return dj_outcome_win_for(1 - variant->side_to_move(pos));
    return DJ_OUTCOME_ONGOING;
}

int dj_outcome_winner(DjOutcome outcome)
{
    switch (outcome) {
    case DJ_OUTCOME_WIN_SIDE0: return 0;
    case DJ_OUTCOME_WIN_SIDE1: return 1;
    default: return -1;
    }
}

DjOutcome dj_outcome_win_for(int side)
{
    return side == 0 ? DJ_OUTCOME_WIN_SIDE0 : DJ_OUTCOME_WIN_SIDE1;
}

int dj_count_moves(const DjVariant *variant, const void *pos)
{
    if (variant->count_moves != NULL)
        return variant->count_moves(pos);
    DjMove *moves = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(pos, moves);
    g_free(moves);
    return n;
}

uint32_t dj_variant_move_limit(const DjVariant *variant)
{
    return variant->move_limit != 0 ? variant->move_limit : DJ_MOVE_LIMIT;
}

/* ---- game options ---------------------------------------------------------- */

/* How much of an option's name or value a message quotes. */
#define OPTION_QUOTE_MAX 32

const DjVariantOption *dj_option_find(const DjVariantOption *table, const char *name)
{
    for (const DjVariantOption *o = table; o != NULL && o->name != NULL; o++) {
        if (name != NULL && g_ascii_strcasecmp(o->name, name) == 0)
            return o;
    }
    return NULL;
}

/* Whether `option` names `other` among the options it excludes. */
static bool names_excluded(const DjVariantOption *option, const DjVariantOption *other)
{
    for (const char *const *e = option->excludes; e != NULL && *e != NULL; e++) {
        if (g_ascii_strcasecmp(*e, other->name) == 0)
            return true;
    }
    return false;
}

bool dj_options_exclude(const DjVariantOption *a, const DjVariantOption *b, const char **why)
{
    bool a_says = names_excluded(a, b), b_says = names_excluded(b, a);
    if (why != NULL)
        *why = a_says && a->excludes_why != NULL ? a->excludes_why
             : b_says ? b->excludes_why : NULL;
    return a_says || b_says;
}

/* Append `words` as a player reads a list: "a, b or c" (`last` "or"). */
static void append_words(GString *out, const char *const *words, int n, const char *last)
{
    for (int i = 0; i < n; i++) {
        if (i > 0)
            g_string_append(out, i == n - 1 ? last : ", ");
        g_string_append(out, words[i]);
    }
}

static bool unknown_option(const char *title, const DjVariantOption *table, const char *name,
                           GError **error)
{
    g_autofree char *quoted = dj_text_quote(name, OPTION_QUOTE_MAX);
    g_autoptr(GPtrArray) names = g_ptr_array_new();
    for (const DjVariantOption *o = table; o != NULL && o->name != NULL; o++)
        g_ptr_array_add(names, (gpointer)o->name);
    if (names->len == 0)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "%s has no game options (got '%s')", title, quoted);
    g_autoptr(GString) list = g_string_new(NULL);
    append_words(list, (const char *const *)names->pdata, (int)names->len, " and ");
    return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "%s has no option '%s'; its %s %s",
                        title, quoted, names->len == 1 ? "option is" : "options are",
                        list->str);
}

/* Whether `value` suits the kind of `option` as far as the table says. */
static bool check_value(const DjVariantOption *option, const char *value, GError **error)
{
    g_autofree char *quoted = dj_text_quote(value, OPTION_QUOTE_MAX);
    if (option->kind == DJ_OPTION_CHOICE && option->values != NULL) {
        g_autofree char *word = g_strstrip(g_strdup(value));
        int n = 0;
        for (; option->values[n] != NULL; n++) {
            if (g_ascii_strcasecmp(option->values[n], word) == 0)
                return true;
        }
        g_autoptr(GString) words = g_string_new(NULL);
        append_words(words, option->values, n, " or ");
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "%s must be %s, not '%s'",
                            option->name, words->str, quoted);
    }
    if (option->kind == DJ_OPTION_NUMBER) {
        gint64 number = 0;
        g_autofree char *word = g_strstrip(g_strdup(value));
        if (!g_ascii_isdigit(word[0]) && word[0] != '-')
            word[0] = 'x';   /* g_ascii_string_to_signed would take a '+' */
        if (!g_ascii_string_to_signed(word, 10, option->min, option->max, &number, NULL))
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "%s must be a whole number from %d to %d, not '%s'",
                                option->name, option->min, option->max, quoted);
    }
    return true;
}

bool dj_options_check(const char *title, const DjVariantOption *table,
                      const DjOptionValue *options, int n, GError **error)
{
    for (int i = 0; i < n; i++) {
        const char *name = options[i].name != NULL ? options[i].name : "";
        const DjVariantOption *option = dj_option_find(table, name);
        if (option == NULL)
            return unknown_option(title, table, name, error);
        for (int j = 0; j < i; j++) {
            const DjVariantOption *earlier = dj_option_find(table, options[j].name);
            const char *why = NULL;
            if (earlier == option)
                return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                    "the option '%s' is given twice", option->name);
            if (dj_options_exclude(earlier, option, &why))
                return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                    "%s%sgive %s or %s, not both", why != NULL ? why : "",
                                    why != NULL ? ": " : "", earlier->name, option->name);
        }
        if (!check_value(option, options[i].value != NULL ? options[i].value : "", error))
            return false;
    }
    return true;
}
