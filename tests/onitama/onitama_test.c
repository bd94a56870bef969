/* onitama_test.c: helpers shared by the Onitama rule tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "onitama_test.h"

void *oni_position(const char *text)
{
    void *pos = g_malloc0(ONI->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (!ONI->setup(pos, &setup, &error)) {
        fprintf(stderr, "position '%s' refused: %s\n", text, error->message);
        fail();
    }
    return pos;
}

void *oni_try_new_game(const DjOptionValue *options, int n_options, guint64 seed, char **message)
{
    void *pos = g_malloc0(ONI->state_size);
    DjSetup setup = { .position = NULL, .seed = seed, .options = options, .n_options = n_options };
    GError *error = NULL;
    if (ONI->setup(pos, &setup, &error)) {
        *message = NULL;
        return pos;
    }
    assert_non_null(error);
    *message = g_strdup(error->message);
    g_error_free(error);
    g_free(pos);
    return NULL;
}

void *oni_new_game(const char *cards)
{
    DjOptionValue option = { "cards", cards };
    char *message = NULL;
    void *pos = oni_try_new_game(&option, 1, 0, &message);
    if (pos == NULL) {
        fprintf(stderr, "cards '%s' refused: %s\n", cards, message);
        fail();
    }
    return pos;
}

char *oni_position_string(const void *pos)
{
    GString *out = g_string_new(NULL);
    ONI->format_position(pos, out);
    return g_string_free(out, FALSE);
}

DjMove oni_move(const void *pos, const char *text)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    if (!ONI->parse_move(pos, text, &move, &error)) {
        char *where = oni_position_string(pos);
        fprintf(stderr, "move '%s' refused in %s: %s\n", text, where, error->message);
        fail();
    }
    assert_int_not_equal(move, DJ_MOVE_NONE);
    return move;
}

char *oni_move_error(const void *pos, const char *text)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    if (ONI->parse_move(pos, text, &move, &error)) {
        GString *got = g_string_new(NULL);
        ONI->format_move(pos, move, got);
        fprintf(stderr, "move '%s' was accepted as %s\n", text, got->str);
        fail();
    }
    assert_non_null(error);
    char *message = g_strdup(error->message);
    g_error_free(error);
    return message;
}

void *oni_after(const void *pos, const char *text)
{
    DjMove move = oni_move(pos, text);
    void *child = g_malloc(ONI->state_size);
    memcpy(child, pos, ONI->state_size);
    ONI->play(child, move);
    assert_true(ONI->key(child) == ONI->compute_key(child));
    return child;
}

char *oni_moves_text(const void *pos)
{
    DjMove *moves = g_new(DjMove, ONI->max_moves);
    int n = ONI->legal_moves(pos, moves);
    GString *out = g_string_new(NULL);
    for (int i = 0; i < n; i++) {
        if (i > 0)
            g_string_append(out, ", ");
        ONI->format_move(pos, moves[i], out);
    }
    g_free(moves);
    return g_string_free(out, FALSE);
}

bool oni_has_move(const void *pos, const char *text)
{
    char *all = oni_moves_text(pos);
    char **moves = g_strsplit(all, ", ", -1);
    bool found = g_strv_contains((const char *const *)moves, text);
    g_strfreev(moves);
    g_free(all);
    return found;
}

void oni_assert_contains(const char *haystack, const char *needle)
{
    if (strstr(haystack, needle) == NULL) {
        fprintf(stderr, "expected to find \"%s\" in:\n%s\n", needle, haystack);
        fail();
    }
}
