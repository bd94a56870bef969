/* play_view.c: looking at the game during `dojo play`: the moves so far
 * and the board from the other side. */
#include "play_state.h"
#include "review.h"

void play_show_history(PlayState *state)
{
    int n = dj_game_length(state->game);
    if (n == 0) {
        play_say(state, "No moves yet.");
        return;
    }
    play_say(state, "Moves so far (%d):", n);
    GString *line = g_string_new(NULL);
    for (int ply = 0; ply < n; ply++) {
        g_string_assign(line, "  ");
        dojo_review_format_numbered(state->game, ply, true, line);
        play_say(state, "%s", line->str);
    }
    g_string_free(line, TRUE);
}

void play_flip(PlayState *state)
{
    state->flipped = !state->flipped;
    play_show_board(state);
}
