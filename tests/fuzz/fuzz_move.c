/* fuzz_move: move text of every variant.  Input: the game's name and a
 * newline, a byte k that deals the new game and says how many moves (k %
 * 64) the next bytes choose from the start (so moves are parsed in many
 * positions), then the move text (the layout: tests/fuzz/README.md).
 * parse_move must either refuse with a message or return one of the legal
 * moves.  A text read as a move exercises the game. */
#include <string.h>

#include <glib.h>

#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const DjVariant *v = fuzz_take_variant(&data, &size);
    if (v == NULL || size < 1)
        return 0;
    size_t plies = data[0] % 64;
    if (size < 1 + plies)
        return 0;
    void *pos = g_malloc0(v->state_size);
    DjSetup setup = { .seed = data[0] };
    fuzz_check(v->setup(pos, &setup, NULL), "a new game was refused");
    DjMove *moves = g_new(DjMove, v->max_moves);
    for (size_t i = 0; i < plies && v->outcome(pos) == DJ_OUTCOME_ONGOING; i++) {
        int n = v->legal_moves(pos, moves);
        if (n == 0)
            break;
        v->play(pos, moves[data[1 + i] % n]);
    }
    if (v->outcome(pos) == DJ_OUTCOME_ONGOING) {
        char *text = g_strndup((const char *)data + 1 + plies, size - 1 - plies);
        DjMove parsed = DJ_MOVE_NONE;
        GError *error = NULL;
        if (v->parse_move(pos, text, &parsed, &error)) {
            fuzz_note_variant(v);
            int n = v->legal_moves(pos, moves);
            bool found = false;
            for (int i = 0; i < n; i++)
                found = found || moves[i] == parsed;
            fuzz_check(found, "parse_move returned a move that is not legal");
        } else {
            fuzz_check(error != NULL && error->message[0] != '\0', "refusal without a message");
            g_error_free(error);
        }
        g_free(text);
    }
    g_free(moves);
    g_free(pos);
    return 0;
}
