/* variant_test.c: see variant_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/support/variant_test.h"

#include "framework/perft.h"

void *vt_position(const DjVariant *v, const char *text)
{
    void *pos = g_malloc0(v->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (!v->setup(pos, &setup, &error)) {
        fail_msg("position refused: %s\n  %s", text,
                 error != NULL ? error->message : "(no error)");
    }
    return pos;
}

char *vt_position_error(const DjVariant *v, const char *text)
{
    void *pos = g_malloc0(v->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (v->setup(pos, &setup, &error)) {
        fail_msg("position accepted: %s", text);
    }
    g_free(pos);
    assert_non_null(error);
    assert_true(error->message[0] != '\0');
    char *message = g_strdup(error->message);
    g_error_free(error);
    return message;
}

void *vt_try_new_game(const DjVariant *v, const DjOptionValue *options, int n_options,
                      guint64 seed, char **message)
{
    void *pos = g_malloc0(v->state_size);
    DjSetup setup = { .seed = seed, .options = options, .n_options = n_options };
    GError *error = NULL;
    if (v->setup(pos, &setup, &error)) {
        *message = NULL;
        return pos;
    }
    assert_non_null(error);
    *message = g_strdup(error->message);
    g_error_free(error);
    g_free(pos);
    return NULL;
}

void *vt_new_game(const DjVariant *v, const DjOptionValue *options, int n_options)
{
    char *message = NULL;
    void *pos = vt_try_new_game(v, options, n_options, 0, &message);
    if (pos == NULL) {
        fail_msg("a new game was refused: %s", message);
    }
    return pos;
}

char *vt_position_string(const DjVariant *v, const void *pos)
{
    GString *out = g_string_new(NULL);
    v->format_position(pos, out);
    return g_string_free(out, FALSE);
}

DjMove vt_move(const DjVariant *v, const void *pos, const char *text)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    if (!v->parse_move(pos, text, &move, &error)) {
        char *where = vt_position_string(v, pos);
        fail_msg("move '%s' refused in %s: %s", text, where,
                 error != NULL ? error->message : "(no error)");
    }
    assert_int_not_equal(move, DJ_MOVE_NONE);
    return move;
}

char *vt_move_error(const DjVariant *v, const void *pos, const char *text)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    if (v->parse_move(pos, text, &move, &error)) {
        GString *got = g_string_new(NULL);
        v->format_move(pos, move, got);
        fail_msg("move '%s' was accepted as %s", text, got->str);
    }
    assert_non_null(error);
    char *message = g_strdup(error->message);
    g_error_free(error);
    return message;
}

void *vt_after(const DjVariant *v, const void *pos, const char *text)
{
    DjMove move = vt_move(v, pos, text);
    void *child = g_memdup2(pos, v->state_size);
    v->play(child, move);
    assert_true(v->key(child) == v->compute_key(child));
    return child;
}

void *vt_after_line(const DjVariant *v, const void *pos, const char *moves)
{
    void *current = g_memdup2(pos, v->state_size);
    char **words = g_strsplit(moves, " ", -1);
    for (char **w = words; *w != NULL; w++) {
        if (**w == '\0')
            continue;
        void *next = vt_after(v, current, *w);
        g_free(current);
        current = next;
    }
    g_strfreev(words);
    return current;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char *vt_moves_text(const DjVariant *v, const void *pos, bool sorted, int *n_out)
{
    DjMove *moves = g_new(DjMove, v->max_moves);
    int n = v->legal_moves(pos, moves);
    char **texts = g_new0(char *, (gsize)n + 1);
    for (int i = 0; i < n; i++) {
        GString *s = g_string_new(NULL);
        v->format_move(pos, moves[i], s);
        texts[i] = g_string_free(s, FALSE);
    }
    if (sorted)
        qsort(texts, (size_t)n, sizeof *texts, compare_strings);
    char *joined = g_strjoinv(", ", texts);
    g_strfreev(texts);
    g_free(moves);
    if (n_out != NULL)
        *n_out = n;
    return joined;
}

bool vt_has_move(const DjVariant *v, const void *pos, const char *text)
{
    char *all = vt_moves_text(v, pos, false, NULL);
    char **moves = g_strsplit(all, ", ", -1);
    bool found = g_strv_contains((const char *const *)moves, text);
    g_strfreev(moves);
    g_free(all);
    return found;
}

void vt_assert_contains(const char *haystack, const char *needle)
{
    if (haystack == NULL || strstr(haystack, needle) == NULL) {
        fail_msg("expected \"%s\" in:\n%s", needle, haystack ? haystack : "(null)");
    }
}

void vt_check_perft(const DjVariant *v, const void *pos, const uint64_t *counts, int max_depth,
                    const char *label)
{
    for (int depth = 1; depth <= max_depth; depth++) {
        uint64_t count = dj_perft(v, pos, depth);
        if (count != counts[depth - 1]) {
            fail_msg("%s depth %d: %llu, expected %llu", label, depth,
                     (unsigned long long)count, (unsigned long long)counts[depth - 1]);
        }
    }
}

uint64_t vt_perft_by_playing(const DjVariant *v, const void *pos, int depth)
{
    if (depth == 0 || v->outcome(pos) != DJ_OUTCOME_ONGOING)
        return 1;
    DjMove *moves = g_new(DjMove, v->max_moves);
    int n = v->legal_moves(pos, moves);
    if (v->count_moves != NULL)
        assert_int_equal(n, v->count_moves(pos));
    uint64_t total = 0;
    void *child = g_malloc(v->state_size);
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[i]);
        assert_true(v->key(child) == v->compute_key(child));
        total += vt_perft_by_playing(v, child, depth - 1);
    }
    g_free(child);
    g_free(moves);
    return total;
}
