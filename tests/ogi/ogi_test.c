/* ogi_test.c: see ogi_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ogi_test.h"

void *ogi_test_position(const char *text)
{
    void *pos = g_malloc(OGI->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (!OGI->setup(pos, &setup, &error)) {
        fprintf(stderr, "position refused: %s\n  %s\n", text, error->message);
        g_error_free(error);
        fail();
    }
    return pos;
}

void *ogi_test_start(void)
{
    void *pos = g_malloc(OGI->state_size);
    DjSetup setup = { 0 };
    GError *error = NULL;
    assert_true(OGI->setup(pos, &setup, &error));
    assert_null(error);
    return pos;
}

char *ogi_test_position_error(const char *text)
{
    void *pos = g_malloc(OGI->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    bool ok = OGI->setup(pos, &setup, &error);
    g_free(pos);
    if (ok) {
        fprintf(stderr, "position accepted but should be refused: %s\n", text);
        fail();
    }
    assert_non_null(error);
    assert_non_null(error->message);
    assert_true(error->message[0] != '\0');
    char *message = g_strdup(error->message);
    g_error_free(error);
    return message;
}

char *ogi_test_position_string(const void *pos)
{
    GString *s = g_string_new(NULL);
    OGI->format_position(pos, s);
    return g_string_free(s, FALSE);
}

DjMove ogi_test_move(const void *pos, const char *text)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    if (!OGI->parse_move(pos, text, &move, &error)) {
        char *where = ogi_test_position_string(pos);
        fprintf(stderr, "move %s refused in %s: %s\n", text, where, error->message);
        g_free(where);
        g_error_free(error);
        fail();
    }
    assert_int_not_equal(move, DJ_MOVE_NONE);
    return move;
}

char *ogi_test_move_error(const void *pos, const char *text)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    if (OGI->parse_move(pos, text, &move, &error)) {
        char *where = ogi_test_position_string(pos);
        fprintf(stderr, "move %s accepted in %s but should be refused\n", text, where);
        g_free(where);
        fail();
    }
    assert_non_null(error);
    char *message = g_strdup(error->message);
    g_error_free(error);
    return message;
}

void *ogi_test_after(const void *pos, const char *text)
{
    DjMove move = ogi_test_move(pos, text);
    void *child = g_malloc(OGI->state_size);
    memcpy(child, pos, OGI->state_size);
    OGI->play(child, move);
    assert_true(OGI->key(child) == OGI->compute_key(child));
    return child;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char *ogi_test_moves_text(const void *pos, int *n_out)
{
    DjMove *moves = g_new(DjMove, OGI->max_moves);
    int n = OGI->legal_moves(pos, moves);
    char **texts = g_new0(char *, n + 1);
    for (int i = 0; i < n; i++) {
        GString *s = g_string_new(NULL);
        OGI->format_move(pos, moves[i], s);
        texts[i] = g_string_free(s, FALSE);
    }
    qsort(texts, (size_t)n, sizeof *texts, compare_strings);
    char *joined = g_strjoinv(", ", texts);
    g_strfreev(texts);
    g_free(moves);
    if (n_out != NULL)
        *n_out = n;
    return joined;
}

bool ogi_test_has_move(const void *pos, const char *text)
{
    DjMove *moves = g_new(DjMove, OGI->max_moves);
    int n = OGI->legal_moves(pos, moves);
    bool found = false;
    GString *s = g_string_new(NULL);
    for (int i = 0; i < n && !found; i++) {
        g_string_truncate(s, 0);
        OGI->format_move(pos, moves[i], s);
        found = strcmp(s->str, text) == 0;
    }
    g_string_free(s, TRUE);
    g_free(moves);
    return found;
}

void ogi_test_assert_contains(const char *haystack, const char *needle)
{
    if (haystack == NULL || strstr(haystack, needle) == NULL) {
        fprintf(stderr, "expected \"%s\" in:\n%s\n", needle, haystack ? haystack : "(null)");
        fail();
    }
}
