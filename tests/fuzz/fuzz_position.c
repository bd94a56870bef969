/* fuzz_position: position strings of every variant.  Input: the game's
 * name, a newline, then the string (the layout: tests/fuzz/README.md).  A
 * string that is accepted must format back to a string that is accepted
 * with the same key and text, and every legal move of it must format and
 * parse back to itself.  An accepted string exercises the game. */
#include <string.h>

#include <glib.h>

#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const DjVariant *v = fuzz_take_variant(&data, &size);
    if (v == NULL)
        return 0;
    char *text = g_strndup((const char *)data, size);
    void *pos = g_malloc0(v->state_size);
    void *again = g_malloc0(v->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (!v->setup(pos, &setup, &error)) {
        fuzz_check(error != NULL && error->message[0] != '\0', "refusal without a message");
        g_error_free(error);
    } else {
        fuzz_note_variant(v);
        GString *formatted = g_string_new(NULL);
        v->format_position(pos, formatted);
        DjSetup setup2 = { .position = formatted->str };
        fuzz_check(v->setup(again, &setup2, NULL), "formatted position refused");
        fuzz_check(v->key(again) == v->key(pos), "round trip changed the key");
        /* positions are compared byte for byte (game.h): the same position
         * must be the same bytes however its string was written */
        fuzz_check(memcmp(again, pos, v->state_size) == 0,
                   "a position read back from its own string is other bytes");
        GString *formatted2 = g_string_new(NULL);
        v->format_position(again, formatted2);
        fuzz_check(strcmp(formatted->str, formatted2->str) == 0, "round trip changed the text");
        fuzz_check(v->key(pos) == v->compute_key(pos), "key differs from computed key");

        GString *drawing = g_string_new(NULL);
        DjRenderStyle style = { .color = true };
        v->render(pos, &style, drawing);
        if (v->outcome(pos) == DJ_OUTCOME_ONGOING) {
            DjMove *moves = g_new(DjMove, v->max_moves);
            int n = v->legal_moves(pos, moves);
            fuzz_check(n >= 0 && n <= v->max_moves, "move count out of bounds");
            for (int i = 0; i < n; i++) {
                GString *move_text = g_string_new(NULL);
                v->format_move(pos, moves[i], move_text);
                DjMove parsed = DJ_MOVE_NONE;
                fuzz_check(v->parse_move(pos, move_text->str, &parsed, NULL), "move text refused");
                fuzz_check(parsed == moves[i], "move text parsed to another move");
                memcpy(again, pos, v->state_size);
                v->play(again, moves[i]);
                fuzz_check(v->key(again) == v->compute_key(again), "key drift after a move");
                g_string_free(move_text, TRUE);
            }
            g_free(moves);
        }
        g_string_free(drawing, TRUE);
        g_string_free(formatted, TRUE);
        g_string_free(formatted2, TRUE);
    }
    g_free(again);
    g_free(pos);
    g_free(text);
    return 0;
}
