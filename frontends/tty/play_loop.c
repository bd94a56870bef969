/* play_loop.c: the turn-by-turn loop of `dojo play`. */
#include "frontends/tty/play_loop.h"

#include "framework/notation.h"
#include "framework/search/level.h"
#include "framework/search/level_guard.h"
#include "framework/turn.h"
#include "frontends/common/output.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/line_reader.h"
#include "frontends/tty/play_state.h"
#include "frontends/tty/screen.h"

/* Who plays which side, and how strong a computer side is: "Blue: a
 * person; Red: the computer at level 5 (about 1726 Elo)". */
static void append_players(const PlayState *state, GString *text)
{
    for (int side = 0; side < 2; side++) {
        const DojoPlayer *player = &state->config->players[side];
        g_string_append_printf(text, "%s%s: ", side > 0 ? "; " : "", play_side_name(state, side));
        if (player->kind == DOJO_PLAYER_HUMAN)
            g_string_append(text, "a person");
        else
            g_string_append_printf(text, "the computer at level %d (about %d Elo)",
                                   player->level, dj_level_elo(state->variant, player->level));
    }
    g_string_append_c(text, '.');
}

/* Returns false when interrupted (nothing is played then). */
static bool computer_turn(PlayState *state)
{
    int side = play_side_to_move(state);
    if (dj_game_can_claim_draw(state->game) && !play_is_human(state, 1 - side)) {
        play_claim_draw(state, side);
        return true;
    }
    if (play_clock_check_flag(state, side))
        return true;
    /* Under a clock the computer plans its time as an engine in a match
     * does, else it has --time for each move. */
    gint64 time_ms = state->config->time_ms, soft_ms = 0;
    if (state->clock != NULL) {
        play_clock_budget(state, &soft_ms, &time_ms);
        play_clock_start_turn(state);
    }
    g_autofree char *label = g_strdup_printf("%s thought", play_side_name(state, side));
    DjSearchInfo info;
    DjMove move = play_think(state, state->config->players[side].level, time_ms, soft_ms, true,
                             label, &info);
    if (dojo_interrupted())
        return false;
    if (play_clock_check_flag(state, side))
        return true;   /* too late: the move is not played */
    /* Against a person, the computer takes a draw it is offered by the
     * rules unless it believes it is winning. */
    if (dj_game_can_claim_draw(state->game) && info.depth > 0 && info.score <= 0) {
        play_claim_draw(state, side);
        return true;
    }
    g_autoptr(GError) error = NULL;
    if (!dj_game_play(state->game, move, &error)) {
        /* The search promises a legal move; say so loudly if it ever does not. */
        play_say(state, "Internal error: the computer chose a move the game refused: %s",
            error->message);
        dj_game_set_result(state->game, dj_outcome_win_for(1 - side),
                           "the computer made an illegal move");
        return true;
    }
    /* With compound turns the search chose a whole turn: the rest of it
     * comes from its line, not from more searches, so one search (and one
     * share of the clock) goes to each turn. */
    if (dj_turn_is_compound(state->variant) && info.pv_length > 1 && info.pv[0] == move) {
        const void *root = dj_game_position_at(state->game, dj_game_length(state->game) - 1);
        int parts = dj_turn_length(state->variant, root, info.pv, info.pv_length);
        for (int i = 1; i < parts; i++) {
            /* A weaker level chose the first part with its guard; a part
             * of the line that loses at once is left for a search of its
             * own, which guards it the same way. */
            const void *here = dj_game_position(state->game);
            if (dj_move_loses_at_once(state->variant, here, info.pv[i]))
                break;
            if (!dj_game_play(state->game, info.pv[i], &error)) {
                play_say(state, "Internal error: the computer chose a move the game refused: %s",
                    error->message);
                dj_game_set_result(state->game, dj_outcome_win_for(1 - side),
                                   "the computer made an illegal move");
                return true;
            }
        }
    }
    play_after_move(state);
    return true;
}

/* When only computers play, a pause after each move so that a person can
 * follow the game; false when the player stopped watching. */
static bool watch_pause(PlayState *state)
{
    if (play_is_human(state, 0) || play_is_human(state, 1) || dojo_interrupted()
        || dj_game_outcome(state->game) != DJ_OUTCOME_ONGOING)
        return true;
    return state->ui_ops->watch_pause(state->ui, state, state->config->delay_ms);
}

/* ---- the loop -------------------------------------------------------------------- */

static void announce_result(PlayState *state)
{
    g_autoptr(GString) text = g_string_new(NULL);
    play_append_result(state, text);
    play_say(state, "%s", text->str);
    if (state->clock != NULL)
        dojo_play_clock_stop(state->clock);
    play_clock_tag_game(state);   /* the clocks as the game ended */
    if (state->journal == NULL)
        return;
    g_autoptr(GError) error = NULL;
    if (dojo_journal_finish(state->journal, state->game, &error))
        play_say(state, "The record is in %s.", dojo_journal_path(state->journal));
    else
        play_say(state, "Cannot save the final record: %s", error->message);
}

static void announce_kept(PlayState *state, const char *why)
{
    if (state->journal != NULL && !state->journal_failed)
        play_say(state, "%s: the game is kept in %s ('dojo play --resume' continues it).", why,
            dojo_journal_path(state->journal));
    else
        play_say(state, "%s: the game was not kept on disk.", why);
}

int dojo_play_exit_code(DojoPlayEnd end)
{
    switch (end) {
    case DOJO_PLAY_OVER:
    case DOJO_PLAY_QUIT:
        return DOJO_EXIT_OK;
    case DOJO_PLAY_INTERRUPTED:
        return DOJO_EXIT_INTERRUPTED;
    case DOJO_PLAY_FAILED:
    default:
        return DOJO_EXIT_FAILURE;
    }
}

void dojo_play_set_player_tags(DjGame *game, const DojoPlayer players[2])
{
    const DjVariant *variant = dj_game_variant(game);
    for (int side = 0; side < 2; side++) {
        g_autofree char *tag = dojo_player_tag(&players[side]);
        dj_game_set_tag(game, variant->side_names[side], tag);
    }
}

/* A new game with the settings of this one, in a journal of its own
 * (`*own_journal`, which replaces the one started before); false when it
 * cannot be set up (said). */
static bool start_new_game(PlayState *state, DojoJournal **own_journal)
{
    const DojoPlayConfig *config = state->config;
    g_autoptr(GError) error = NULL;
    DjGame *game = config->new_game(config->new_game_data, &error);
    if (game == NULL) {
        play_say(state, "Cannot start a new game: %s", error->message);
        return false;
    }
    dj_game_free(state->game);
    state->game = game;
    state->variant = dj_game_variant(game);
    play_drop_engine(state);
    dojo_play_set_player_tags(game, config->players);
    play_clock_setup(state);
    g_clear_pointer(own_journal, dojo_journal_free);
    *own_journal = dojo_journal_create(game, NULL, &error);
    state->journal = *own_journal;
    state->journal_failed = false;
    /* One message: the full screen shows the last one said */
    g_autoptr(GString) players = g_string_new(NULL);
    append_players(state, players);
    if (state->journal == NULL)
        play_say(state, "Warning: the new game will not be kept on disk: %s. %s",
                 error->message, players->str);
    else
        play_say(state, "A new game, recorded in %s. %s", dojo_journal_path(state->journal),
                 players->str);
    play_show_board(state, false);
    return true;
}

/* What comes after a game: its review, a new game (true), or the end. */
static bool after_the_game(PlayState *state, DojoJournal **own_journal)
{
    for (;;) {
        PlayAfter after = state->ui_ops->game_over(state->ui, state,
                                                   state->config->new_game != NULL);
        if (dojo_interrupted() || after == PLAY_AFTER_END)
            return false;
        if (after == PLAY_AFTER_REVIEW)
            play_replay(state);
        else if (after == PLAY_AFTER_NEW && start_new_game(state, own_journal))
            return true;
    }
}

/* The full screen when asked for and the terminal can show it, else lines. */
static void open_interface(PlayState *state, FILE *in, FILE *out)
{
    const DojoPlayConfig *config = state->config;
    g_autoptr(GError) error = NULL;
    if (config->full_screen && screen_available(in, out)) {
        ScreenConfig screen = { .color = config->color, .history_path = config->history_path };
        state->ui = play_ui_screen_new(in, out, &screen, &error);
        if (state->ui != NULL) {
            state->ui_ops = &play_ui_screen_ops;
            return;
        }
    }
    state->ui_ops = &play_ui_line_ops;
    state->ui = play_ui_line_new(in, out, config->history_path, config->live_status);
    if (error != NULL)
        play_say(state, "%s", error->message);
}

DojoPlayEnd dojo_play_loop(DjGame **game, const DojoPlayConfig *config, DojoJournal *journal,
                           FILE *in, FILE *out)
{
    PlayState state = {
        .game = *game,
        .variant = dj_game_variant(*game),
        .config = config,
        .journal = journal,
        .ui_ops = &play_ui_line_ops,
        .rand = g_rand_new_with_seed((guint32)(config->seed ^ (config->seed >> 32))),
        .flipped = config->flipped,
    };
    open_interface(&state, in, out);
    dojo_play_set_player_tags(state.game, config->players);
    play_clock_setup(&state);
    if (state.clock != NULL)
        play_keep_journal(&state, true);   /* the record says the clocks from the start */
    DojoPlayEnd end = DOJO_PLAY_OVER;
    DojoJournal *own_journal = NULL;   /* the journal of a new game started here */
    g_autoptr(GString) players = g_string_new(NULL);
    append_players(&state, players);
    play_say(&state, "%s", players->str);
    play_update_tables(&state);   /* a folder that cannot be read is said at once */
    play_show_board(&state, false);
    for (;;) {
        if (dojo_interrupted()) {
            state.ui_ops->interrupted(state.ui);
            announce_kept(&state, "Interrupted");
            end = DOJO_PLAY_INTERRUPTED;
            break;
        }
        if (config->max_plies > 0 && dj_game_length(state.game) >= config->max_plies
            && dj_game_outcome(state.game) == DJ_OUTCOME_ONGOING) {
            dj_game_draw_at_move_limit(state.game, config->max_plies, "");
        }
        if (dj_game_outcome(state.game) != DJ_OUTCOME_ONGOING) {
            announce_result(&state);
            if (after_the_game(&state, &own_journal))
                continue;   /* a new game */
            end = DOJO_PLAY_OVER;
            break;
        }
        int side = play_side_to_move(&state);
        if (!play_is_human(&state, side)) {
            computer_turn(&state);
            if (!watch_pause(&state)) {
                announce_kept(&state, "Stopped");
                end = DOJO_PLAY_QUIT;
                break;
            }
            continue;
        }
        g_autofree char *prompt = g_strdup_printf("%s> ", play_side_name(&state, side));
        g_autofree char *line = NULL;
        play_clock_start_turn(&state);   /* runs from the prompt to the move */
        DojoLineStatus status = state.ui_ops->read_command(state.ui, &state, prompt, &line);
        if (status == DOJO_LINE_EOF) {
            announce_kept(&state, "End of input");
            end = DOJO_PLAY_QUIT;
            break;
        }
        if (status == DOJO_LINE_INTERRUPTED)
            continue;   /* dojo_interrupted() ends the loop above */
        if (status == DOJO_LINE_ERROR) {
            announce_kept(&state, "Cannot read the input");
            end = DOJO_PLAY_FAILED;
            break;
        }
        /* A line that comes after the flag fell is not carried out. */
        if (play_clock_check_flag(&state, side))
            continue;
        if (status == DOJO_LINE_TOO_LONG) {
            play_say(&state, "Line too long (more than %d bytes): ignored.", DOJO_LINE_MAX);
            continue;
        }
        if (status == DOJO_LINE_NUL || !g_utf8_validate(line, -1, NULL)) {
            play_say(&state, "That line is not text (it holds a NUL byte or invalid UTF-8): "
                "ignored.");
            continue;
        }
        LineVerdict verdict = play_handle_line(&state, line);
        if (verdict == LINE_NEW_GAME) {
            if (config->new_game == NULL) {
                play_say(&state, "A new game cannot be started from here: quit, and start one.");
                continue;
            }
            announce_kept(&state, "A new game");
            start_new_game(&state, &own_journal);
            continue;
        }
        if (verdict == LINE_QUIT) {
            announce_kept(&state, "Stopped");
            end = DOJO_PLAY_QUIT;
            break;
        }
    }
    play_drop_engine(&state);
    play_drop_tables(&state);
    g_clear_pointer(&own_journal, dojo_journal_free);
    dojo_play_clock_free(state.clock);
    g_rand_free(state.rand);
    state.ui_ops->free(state.ui);
    *game = state.game;
    return end;
}

