/* play_view.c: looking at the game during `dojo play`: the moves so far,
 * the board from the other side, and a replay with the engine's comments. */
#include "framework/search/level.h"
#include "framework/turn.h"
#include "frontends/common/nets.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/play_state.h"
#include "frontends/tty/review.h"

/* Enough for the engine to see simple tactics, quick enough not to keep a
 * player waiting, and the same comments every time. */
#define REPLAY_NODES 50000

/* Under a time control, the history ends with the clocks. */
static void say_clocks(PlayState *state)
{
    g_autoptr(GString) clocks = g_string_new(NULL);
    play_append_clocks(state, clocks);
    if (clocks->len > 0)
        play_say(state, "Clocks: %s", clocks->str);
}

void play_show_history(PlayState *state)
{
    int n = dj_game_length(state->game);
    if (n == 0) {
        play_say(state, "No moves yet.");
        say_clocks(state);
        return;
    }
    play_say(state, "Moves so far (%d):", n);
    g_autoptr(GString) line = g_string_new(NULL);
    const DjVariant *variant = state->variant;
    for (int ply = 0; ply < n; ply++) {
        g_string_assign(line, "  ");
        /* With compound turns a line a turn, its parts joined as records
         * join them (the last one may still be going on). */
        int last = ply;
        if (dj_turn_is_compound(variant)) {
            int mover = variant->side_to_move(dj_game_position_at(state->game, ply));
            while (last + 1 < n
                   && variant->side_to_move(dj_game_position_at(state->game, last + 1)) == mover)
                last++;
        }
        if (last == ply) {
            dojo_review_format_numbered(state->game, ply, true, line);
        } else {
            dojo_review_format_numbered(state->game, ply, false, line);
            for (int part = ply + 1; part <= last; part++) {
                g_string_append(line, ", ");
                variant->format_move(dj_game_position_at(state->game, part),
                                     dj_game_move_at(state->game, part), line);
            }
            ply = last;
        }
        play_say(state, "%s", line->str);
    }
    say_clocks(state);
}

void play_flip(PlayState *state)
{
    state->flipped = !state->flipped;
    play_show_board(state, true);
}

static void show_replay_progress(int done, int total, void *user_data)
{
    PlayState *state = user_data;
    state->ui_ops->review_progress(state->ui, state, done, total);
}

static bool replay_stopped(void)
{
    return dojo_interrupted();
}

void play_replay(PlayState *state)
{
    if (dj_game_length(state->game) == 0) {
        play_say(state, "No moves to replay yet.");
        return;
    }
    /* Moves are judged by alpha-beta scores: the computer's own search when
     * it is alpha-beta, else one made for the replay. */
    DjSearch *search = dj_engine_alphabeta(play_engine(state));
    g_autoptr(DjSearch) own = NULL;
    if (search == NULL) {
        if (state->variant->evaluate == NULL) {
            play_say(state, "Replay judges moves by alpha-beta scores, and %s has no "
                     "evaluation to give them.", state->variant->title);
            return;
        }
        search = own = dj_search_new(state->variant, state->config->table_mb);
    }
    DjSearchLimits limits = { .nodes = REPLAY_NODES };
    dojo_nets_install(state->variant, DJ_LEVEL_MAX);
    g_autoptr(DojoReview) review = dojo_review_run(state->game, search, &limits,
                                                   show_replay_progress, replay_stopped, state);
    int n = dj_game_length(state->game);
    state->ui_ops->review_progress(state->ui, state, n, n);
    if (!dojo_interrupted())
        state->ui_ops->step_review(state->ui, state, review);
    if (!dojo_interrupted() && dj_game_outcome(state->game) == DJ_OUTCOME_ONGOING) {
        play_say(state, "Back to the game.");
        play_show_board(state, true);
    }
}
