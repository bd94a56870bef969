/* play_time.c: the players' clocks during `dojo play` (play_clock.h does
 * the counting; this ties it to the game, the record and the players). */
#include "frontends/tty/play_state.h"

/* Kept back from the computer's time for what happens around its search
 * (drawing, writing the journal), so that it does not lose on time. */
#define CLOCK_OVERHEAD_MS 50

void play_clock_setup(PlayState *state)
{
    g_clear_pointer(&state->clock, dojo_play_clock_free);
    DojoTimeControl control = state->config->clock;
    DojoTimeControl recorded = { 0 };
    bool has_recorded = dojo_time_control_from_tags(state->game, &recorded);
    if (!dojo_time_control_on(&control)) {
        if (!has_recorded)
            return;
        control = recorded;
    }
    int ply = dj_game_length(state->game);
    state->clock = dojo_play_clock_new(&control, ply, state->config->clock_now,
                                       state->config->clock_now_data);
    /* The clocks go on as recorded only under the same time control: a new
     * one (--tc given again) starts both full. */
    if (has_recorded && recorded.base_ms == control.base_ms
        && recorded.increment_ms == control.increment_ms
        && recorded.byoyomi_ms == control.byoyomi_ms) {
        gint64 main_ms[2];
        dojo_play_clock_tags_read(state->game, main_ms);
        dojo_play_clock_reset(state->clock, ply, main_ms);
    }
    play_clock_tag_game(state);
}

bool play_clock_left_now(const PlayState *state, gint64 *left_ms)
{
    if (state->clock == NULL)
        return false;
    if (left_ms != NULL)
        *left_ms = MAX(dojo_play_clock_left(state->clock, play_side_to_move(state)), 0);
    return true;
}

void play_format_clock(const PlayState *state, int side, GString *out)
{
    if (state->clock != NULL)
        dojo_play_clock_format(state->clock, side, out);
}

void play_append_clocks(const PlayState *state, GString *out)
{
    if (state->clock == NULL)
        return;
    for (int side = 0; side < 2; side++) {
        g_string_append_printf(out, "%s%s ", side > 0 ? "  " : "", play_side_name(state, side));
        play_format_clock(state, side, out);
    }
}

void play_clock_start_turn(PlayState *state)
{
    if (state->clock != NULL && dj_game_outcome(state->game) == DJ_OUTCOME_ONGOING)
        dojo_play_clock_start(state->clock, play_side_to_move(state));
}

/* `side` lost on time. */
static void flag_fell(PlayState *state, int side)
{
    dojo_play_clock_stop(state->clock);
    g_autofree char *reason = g_strdup_printf("%s ran out of time", play_side_name(state, side));
    dj_game_set_result(state->game, dj_outcome_win_for(1 - side), reason);
}

bool play_clock_check_flag(PlayState *state, int side)
{
    if (state->clock == NULL || dj_game_outcome(state->game) != DJ_OUTCOME_ONGOING
        || !dojo_play_clock_flag_fell(state->clock, side))
        return false;
    flag_fell(state, side);
    return true;
}

void play_clock_budget(PlayState *state, gint64 *soft_ms, gint64 *hard_ms)
{
    dojo_play_clock_budget(state->clock, play_side_to_move(state),
                           state->variant->clock_horizon_moves, CLOCK_OVERHEAD_MS, soft_ms,
                           hard_ms);
}

bool play_clock_after_move(PlayState *state)
{
    if (state->clock == NULL)
        return true;
    int ply = dj_game_length(state->game);
    int mover = state->variant->side_to_move(dj_game_position_at(state->game, ply - 1));
    bool turn_over = state->variant->side_to_move(dj_game_position(state->game)) != mover;
    if (dojo_play_clock_moved(state->clock, mover, ply, turn_over))
        return true;
    /* The move came too late: it stands in the record, the game is lost. */
    if (dj_game_outcome(state->game) == DJ_OUTCOME_ONGOING)
        flag_fell(state, mover);
    return false;
}

void play_clock_after_undo(PlayState *state)
{
    if (state->clock != NULL)
        dojo_play_clock_rewind(state->clock, dj_game_length(state->game));
}

void play_clock_tag_game(PlayState *state)
{
    if (state->clock != NULL)
        dojo_play_clock_set_tags(state->clock, state->game);
}
