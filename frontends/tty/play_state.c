/* play_state.c: the helpers the play loop and its commands share:
 * messages, the board, the journal, the computer's thinking. */
#include "frontends/tty/play_state.h"

#include <string.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/turn.h"
#include "framework/search/level.h"
#include "frontends/common/nets.h"
#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/interrupt.h"

/* Longest echo of the user's input inside a message. */
#define ECHO_MAX_CHARS 40

bool play_is_human(const PlayState *state, int side)
{
    return state->config->players[side].kind == DOJO_PLAYER_HUMAN;
}

int play_side_to_move(const PlayState *state)
{
    return state->variant->side_to_move(dj_game_position(state->game));
}

const char *play_side_name(const PlayState *state, int side)
{
    return state->variant->side_names[side];
}

int play_bottom_side(const PlayState *state)
{
    int side = play_is_human(state, 1) && !play_is_human(state, 0) ? 1 : 0;
    return state->flipped ? 1 - side : side;
}

/* Print a message that may hold text from outside as one clean line. */
void play_say(PlayState *state, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_autoptr(GString) line = g_string_new(NULL);
    dojo_output_sanitize(message, 0, line);
    state->ui_ops->say(state->ui, state, line->str);
}

void play_show_text(PlayState *state, const char *text)
{
    state->ui_ops->show_text(state->ui, state, text);
}

char *play_echo_of(const char *text)
{
    GString *echo = g_string_new(NULL);
    dojo_output_sanitize(text, ECHO_MAX_CHARS, echo);
    return g_string_free(echo, FALSE);
}

DjEngine *play_engine(PlayState *state)
{
    if (state->engine == NULL) {
        g_autoptr(GError) error = NULL;
        state->engine = dj_engine_new(state->variant, state->config->engine,
                                      state->config->table_mb, &error);
        if (state->engine == NULL) {
            /* alpha-beta for a game without evaluation (a loaded game), or a
             * table the machine cannot give */
            play_say(state, "Warning: %s; the computer uses its %s search with the default "
                     "table.", error->message,
                     dj_engine_kind_name(dj_engine_default_kind(state->variant)));
            state->engine = dj_engine_new(state->variant, DJ_ENGINE_DEFAULT, 0, NULL);
        }
        dj_engine_set_threads(state->engine, state->config->threads);
        if (state->tables != NULL)
            dj_engine_set_tables(state->engine, play_tables_current(state->tables));
        dojo_interrupt_watch_engine(state->engine);
    }
    return state->engine;
}

void play_drop_engine(PlayState *state)
{
    if (state->engine == NULL)
        return;
    dojo_interrupt_watch_engine(NULL);
    dj_engine_free(state->engine);
    state->engine = NULL;
}

void play_update_tables(PlayState *state)
{
    const DojoPlayConfig *config = state->config;
    if (config->tablebases == DOJO_TABLES_OFF)
        return;
    if (state->tables != NULL && play_tables_variant(state->tables) != state->variant)
        play_drop_tables(state);   /* a game of another kind was loaded */
    if (state->tables == NULL)
        state->tables = play_tables_new(state->variant, config->tablebases,
                                        config->tablebase_dir, config->tablebase_dir != NULL,
                                        config->tablebase_pieces);
    bool may_build = false;
    for (int side = 0; side < 2; side++)
        may_build |= !play_is_human(state, side) && config->players[side].level >= DJ_LEVEL_MAX;
    g_autoptr(GString) news = g_string_new(NULL);
    DjTablebase *set = play_tables_poll(state->tables, dj_game_position(state->game), may_build,
                                        news);
    /* At once: the poll may have freed the set the search held. */
    if (state->engine != NULL)
        dj_engine_set_tables(state->engine, set);
    g_auto(GStrv) lines = g_strsplit(news->str, "\n", -1);
    for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
            play_say(state, "%s", *line);
}

void play_drop_tables(PlayState *state)
{
    if (state->tables == NULL)
        return;
    if (state->engine != NULL)
        dj_engine_set_tables(state->engine, NULL);
    g_clear_pointer(&state->tables, play_tables_free);
}

void play_render_board(PlayState *state, GString *out)
{
    DjRenderStyle style = {
        .color = state->config->color,
        .traditional = state->config->traditional,
        .last_move = dj_game_last_move(state->game),
        .bottom_side = play_bottom_side(state),
    };
    state->variant->render(dj_game_position(state->game), &style, out);
}

void play_append_turn(PlayState *state, GString *out)
{
    if (dj_game_outcome(state->game) != DJ_OUTCOME_ONGOING)
        return;
    int side = play_side_to_move(state);
    int length = dj_game_length(state->game);
    /* A move may give its side another turn: say so, or the prompt looks
     * like the same side's turn by mistake. */
    bool again = length > 0
                 && state->variant->side_to_move(dj_game_position_at(state->game, length - 1))
                        == side;
    /* The number the game gives the move to come, as its history, its
     * record and its own drawing number it. */
    g_string_append_printf(out, "Move %d: %s to move%s (%s).",
                           dj_record_move_number(state->game, length, NULL),
                           play_side_name(state, side), again ? " again" : "",
                           play_is_human(state, side) ? "human" : "computer");
    if (state->clock != NULL) {
        g_string_append(out, "  ");
        play_append_clocks(state, out);
    }
    g_string_append_c(out, '\n');
}

void play_append_result(PlayState *state, GString *out)
{
    DjOutcome outcome = dj_game_outcome(state->game);
    if (outcome == DJ_OUTCOME_ONGOING)
        return;
    const char *reason = dj_game_outcome_reason(state->game);
    int winner = dj_outcome_winner(outcome);
    g_string_append(out, "Game over: ");
    if (winner >= 0)
        g_string_append_printf(out, "%s wins", play_side_name(state, winner));
    else
        g_string_append(out, "draw");
    if (reason != NULL)
        g_string_append_printf(out, " (%s)", reason);
    g_string_append_printf(out, ". Result %s.", dj_outcome_result_text(outcome));
}

void play_show_board(PlayState *state, bool asked)
{
    state->ui_ops->show_position(state->ui, state, asked);
}

/* "Blue plays ox:c1c2 (Blue's student ...)" for the last move played. */
static void announce_last_move(PlayState *state)
{
    int ply = dj_game_length(state->game) - 1;
    const void *before = dj_game_position_at(state->game, ply);
    DjMove move = dj_game_move_at(state->game, ply);
    int mover = state->variant->side_to_move(before);
    /* The computer's turn is said once, whole, when it ends. */
    if (dj_turn_is_compound(state->variant) && !dj_game_at_turn_start(state->game)
        && !play_is_human(state, mover))
        return;
    g_autoptr(GString) text = g_string_new(NULL);
    g_string_append_printf(text, "%s plays ", play_side_name(state, mover));
    /* With compound turns, the move that ends a turn brings the whole turn
     * (its parts joined as records join them: "d1-d6, /f4"). */
    if (dj_turn_is_compound(state->variant) && dj_game_at_turn_start(state->game)) {
        int first = ply;
        while (first > 0
               && state->variant->side_to_move(dj_game_position_at(state->game, first - 1)) == mover)
            first--;
        for (int p = first; p < ply; p++) {
            state->variant->format_move(dj_game_position_at(state->game, p),
                                        dj_game_move_at(state->game, p), text);
            g_string_append(text, ", ");
        }
    }
    state->variant->format_move(before, move, text);
    if (state->variant->describe_move != NULL) {
        g_autoptr(GString) description = g_string_new(NULL);
        state->variant->describe_move(before, move, description);
        if (description->len > 0)
            g_string_append_printf(text, " (%s)", description->str);
    }
    play_say(state, "%s", text->str);
}

/* Bring the journal up to date; a failing disk is reported once, and the
 * game goes on (the player can still `save`). */
void play_keep_journal(PlayState *state, bool rewrite)
{
    /* The clock tags change with every move: the whole record is written
     * again (atomically) rather than the move appended. */
    if (state->clock != NULL) {
        play_clock_tag_game(state);
        rewrite = true;
    }
    if (state->journal == NULL || state->journal_failed)
        return;
    g_autoptr(GError) error = NULL;
    bool ok = rewrite ? dojo_journal_rewrite(state->journal, state->game, &error)
                      : dojo_journal_append(state->journal, state->game, &error);
    if (!ok) {
        play_say(state, "Warning: the game record is no longer kept on disk: %s", error->message);
        state->journal_failed = true;
    }
}

void play_after_move(PlayState *state)
{
    play_clock_after_move(state);
    play_keep_journal(state, false);
    play_update_tables(state);
    announce_last_move(state);
    play_show_board(state, false);
}

/* A legal move (one that starts from a square, if there is one) and its
 * origin square, as examples for the help text; NULL when there is none. */
void play_examples(PlayState *state, char **move_text, char **square_text)
{
    *move_text = NULL;
    *square_text = NULL;
    const DjVariant *variant = state->variant;
    const void *pos = dj_game_position(state->game);
    if (dj_position_outcome(variant, pos) != DJ_OUTCOME_ONGOING)
        return;
    g_autofree DjMove *moves = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(pos, moves);
    int chosen = 0;
    while (chosen < n && variant->move_origin(pos, moves[chosen]) < 0)
        chosen++;
    if (chosen == n)
        chosen = 0;
    if (n > 0) {
        GString *text = g_string_new(NULL);
        variant->format_move(pos, moves[chosen], text);
        *move_text = g_string_free(text, FALSE);
        int origin = variant->move_origin(pos, moves[chosen]);
        if (origin >= 0) {
            text = g_string_new(NULL);
            dj_square_format(origin, variant->board_width, text);
            *square_text = g_string_free(text, FALSE);
        }
    }
}

/* ---- the computer ------------------------------------------------------------- */

void play_claim_draw(PlayState *state, int side)
{
    g_autofree char *reason
        = g_strdup_printf("%s claimed a draw: the position occurred %d times",
                          play_side_name(state, side), dj_game_repetitions(state->game));
    dj_game_set_result(state->game, DJ_OUTCOME_DRAW, reason);
}

typedef struct ThinkReport {
    PlayState *state;
    DjEngine *engine;
} ThinkReport;

/* A SIGINT that came while the search was starting (before it could be
 * stopped) stops it at the next iteration. */
static void think_report(const DjSearchInfo *info, void *user_data)
{
    ThinkReport *report = user_data;
    report->state->ui_ops->think_report(report->state->ui, report->state, info);
    if (dojo_interrupted())
        dj_engine_stop(report->engine);
}

/* Search with a live status line; returns the move (legal) and fills info,
 * or DJ_MOVE_NONE when interrupted before it began. */
DjMove play_think(PlayState *state, int level, gint64 time_ms, gint64 soft_ms, bool by_level,
                  const char *label, DjSearchInfo *info)
{
    memset(info, 0, sizeof *info);
    ThinkReport report = { .state = state, .engine = play_engine(state) };
    play_update_tables(state);
    if (dojo_interrupted())
        return DJ_MOVE_NONE;
    const void *root = dj_game_position(state->game);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(state->game, &n_line);
    state->ui_ops->think_begin(state->ui, state, root, label);
    DjMove move;
    dojo_nets_install(state->variant, by_level ? level : DJ_LEVEL_MAX);
    if (by_level && (level < DJ_LEVEL_MAX || soft_ms <= 0)) {
        /* Levels plan no time of their own: a clock's target is their time
         * (as `dojo uci` does). */
        gint64 time = soft_ms > 0 ? soft_ms : time_ms;
        move = dj_engine_choose(report.engine, level, time, state->rand, root, line, n_line,
                                NULL, 0, think_report, &report, info);
    } else {
        DjSearchLimits limits = { .time_ms = time_ms, .soft_time_ms = soft_ms };
        move = dj_engine_run(report.engine, root, line, n_line, &limits, think_report, &report,
                             info);
    }
    /* The summary shows the line of the move played: the search's final
     * word (a later, unfinished iteration may have changed the move), or
     * the move alone when a weaker level chose another than the best. */
    DjSearchInfo final = *info;
    bool have_final = info->depth > 0 && move != DJ_MOVE_NONE && !dojo_interrupted();
    if (have_final && (info->pv_length == 0 || info->pv[0] != move)) {
        final.pv[0] = move;
        final.pv_length = 1;
    }
    state->ui_ops->think_end(state->ui, state, have_final ? &final : NULL);
    return move;
}

