/* play_commands.c: the commands a player types during `dojo play`. */
#include <string.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/turn.h"
#include "framework/search/level.h"
#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/play_state.h"

/* A hint never thinks longer than this. */
#define HINT_MAX_MS 2000

/* Whether `move` starts or ends on `square` (ends: only for variants that
 * say where a move ends; a placement game's moves start from no square). */
static bool move_touches(const DjVariant *variant, const void *pos, DjMove move, int square)
{
    if (variant->move_origin(pos, move) == square)
        return true;
    return variant->move_destination != NULL && variant->move_destination(pos, move) == square;
}

static void command_moves(PlayState *state, const char *argument)
{
    const DjVariant *variant = state->variant;
    const void *pos = dj_game_position(state->game);
    int square = -1;
    if (argument[0] != '\0') {
        int consumed = 0;
        square = dj_square_parse(argument, variant->board_width, variant->board_height,
                                 &consumed);
        if (square < 0 || argument[consumed] != '\0') {
            g_autofree char *echo = play_echo_of(argument);
            g_autoptr(GString) corner = g_string_new(NULL);
            dj_square_format(variant->board_width * variant->board_height - 1,
                             variant->board_width, corner);
            play_say(state, "'%s' is not a square of this board (a1 to %s).", echo, corner->str);
            return;
        }
    }
    g_autofree DjMove *moves = g_new(DjMove, variant->max_moves);
    int n = variant->legal_moves(pos, moves);
    int kept = 0;
    for (int i = 0; i < n; i++) {
        if (square < 0 || move_touches(variant, pos, moves[i], square))
            moves[kept++] = moves[i];
    }
    g_autoptr(GString) list = g_string_new(NULL);
    dj_format_move_list(variant, pos, moves, kept, list);
    if (square < 0) {
        play_say(state, "Legal moves (%d): %s", kept, list->str);
    } else {
        g_autoptr(GString) name = g_string_new(NULL);
        dj_square_format(square, variant->board_width, name);
        bool to_too = variant->move_destination != NULL;
        if (kept == 0)
            play_say(state, "No legal move %s %s.", to_too ? "starts or ends on" : "starts from",
                     name->str);
        else
            play_say(state, "Legal moves %s %s (%d): %s", to_too ? "from or to" : "from",
                     name->str, kept, list->str);
    }
}

static void command_hint(PlayState *state)
{
    gint64 time_ms = state->config->time_ms > 0 ? MIN(state->config->time_ms, HINT_MAX_MS)
                                                 : HINT_MAX_MS;
    DjSearchInfo info;
    DjMove move = play_think(state, DJ_LEVEL_MAX, time_ms, 0, false, NULL, &info);
    if (dojo_interrupted())
        return;
    const void *pos = dj_game_position(state->game);
    g_autoptr(GString) text = g_string_new("Hint: ");
    dojo_format_verdict(state->variant, pos, move, &info, text);
    play_say(state, "%s", text->str);
}

static void command_undo(PlayState *state)
{
    /* Only moves made by a person are taken back, with the computer's
     * replies to them. */
    int length = dj_game_length(state->game);
    bool any_human_move = false;
    for (int ply = 0; ply < length; ply++) {
        const void *pos = dj_game_position_at(state->game, ply);
        if (play_is_human(state, state->variant->side_to_move(pos)))
            any_human_move = true;
    }
    if (!any_human_move) {
        play_say(state, "Nothing to take back.");
        return;
    }
    int undone = 0;
    bool undid_human_move = false;
    while (dj_game_length(state->game) > 0) {
        int ply = dj_game_length(state->game) - 1;
        int mover = state->variant->side_to_move(dj_game_position_at(state->game, ply));
        dj_game_undo(state->game);
        undone++;
        if (play_is_human(state, mover))
            undid_human_move = true;
        /* With compound turns a whole turn goes back, never a part of one. */
        if (undid_human_move && play_is_human(state, play_side_to_move(state))
            && dj_game_at_turn_start(state->game))
            break;
    }
    play_clock_after_undo(state);
    play_keep_journal(state, true);
    if (dj_turn_is_compound(state->variant))
        play_say(state, "Took back %d move%s (whole turns).", undone, undone == 1 ? "" : "s");
    else
        play_say(state, "Took back %d move%s.", undone, undone == 1 ? "" : "s");
    play_show_board(state, false);
}

/* `save FILE`, or `save! FILE` (`force`): also replace a file that is not
 * a game record. */
static void command_save(PlayState *state, const char *path, bool force)
{
    if (path[0] == '\0') {
        play_say(state, "save wants a file name: save FILE");
        return;
    }
    g_autoptr(GError) error = NULL;
    if (!state->journal_failed && dojo_journal_same_file(state->journal, path)) {
        /* The game's own journal, by whatever path: a full record there
         * (ending in a result) would stop the journal appending. */
        play_keep_journal(state, true);
        if (!state->journal_failed)
            play_say(state, "Saved the game to %s.", path);
        return;
    }
    bool ok = dojo_journal_check_target(path, force ? NULL : "use 'save! FILE'", &error)
        && dj_record_save(state->game, path, &error);
    if (ok)
        play_say(state, "Saved the game to %s.", path);
    else
        play_say(state, "Cannot save %s", error->message);   /* "PATH: WHY" */
}

static void command_load(PlayState *state, const char *path)
{
    if (path[0] == '\0') {
        play_say(state, "load wants a file name: load FILE");
        return;
    }
    g_autoptr(GError) error = NULL;
    g_autofree char *dropped = NULL;
    g_autoptr(DjGame) loaded = dj_record_load_salvaging(path, &dropped, &error);
    if (dropped != NULL)
        play_say(state, "Warning: %s: %s", path, dropped);
    if (loaded == NULL) {
        play_say(state, "Cannot load %s", error->message);   /* "PATH: WHY" */
        return;
    }
    DjOutcome outcome = dj_game_outcome(loaded);
    if (outcome != DJ_OUTCOME_ONGOING) {
        const char *reason = dj_game_outcome_reason(loaded);
        play_say(state, "Cannot load %s: that game is over (%s%s%s).", path,
            dj_outcome_result_text(outcome), reason != NULL ? ", " : "",
            reason != NULL ? reason : "");
        return;
    }
    dojo_play_set_player_tags(loaded, state->config->players);
    /* The game being played stays in its journal, unfinished ('dojo play
     * --resume' reaches it); the loaded one goes on in a new journal. */
    const char *left = NULL;
    if (state->journal != NULL && !state->journal_failed) {
        play_keep_journal(state, false);
        left = dojo_journal_path(state->journal);
        g_autofree char *kept = g_strdup(left);
        if (!dojo_journal_switch(state->journal, loaded, &error)) {
            play_say(state, "Cannot load %s: %s", path, error->message);
            return;
        }
        play_say(state, "The game you were playing is kept in %s.", kept);
    }
    if (dj_game_variant(loaded) != state->variant) {
        play_drop_engine(state);
        state->variant = dj_game_variant(loaded);
    }
    dj_game_free(state->game);
    state->game = g_steal_pointer(&loaded);
    play_clock_setup(state);
    int played = dj_game_length(state->game);
    play_say(state, "Loaded %s (%s, %d move%s played).", path, state->variant->title, played,
             played == 1 ? "" : "s");
    if (state->journal != NULL && !state->journal_failed)
        play_say(state, "The game is recorded in %s.", dojo_journal_path(state->journal));
    play_show_board(state, false);
}

static void command_draw(PlayState *state)
{
    if (dj_game_can_claim_draw(state->game)) {
        play_claim_draw(state, play_side_to_move(state));
        return;
    }
    if (state->variant->repetition_claim == 0)
        play_say(state, "No draw to claim: %s has no draw by claim.", state->variant->title);
    else
        play_say(state, "No draw to claim: this position has occurred %d time%s; a draw can be "
            "claimed once it has occurred %d times.", dj_game_repetitions(state->game),
            dj_game_repetitions(state->game) == 1 ? "" : "s",
            state->variant->repetition_claim);
}

static void command_help(PlayState *state)
{
    g_autofree char *move = NULL;
    g_autofree char *square = NULL;
    play_examples(state, &move, &square);
    g_autoptr(GString) text = g_string_new(NULL);
    dojo_play_help(move, square, text);
    /* What the board's signs mean: here rather than under every board. */
    if (state->variant->render_legend != NULL) {
        DjRenderStyle style = {
            .color = state->config->color,
            .traditional = state->config->traditional,
            .last_move = DJ_MOVE_NONE,
            .bottom_side = play_bottom_side(state),
        };
        g_string_append_c(text, '\n');
        state->variant->render_legend(&style, text);
    }
    play_show_text(state, text->str);
}

/* The position string of the position on the board, in the form that
 * --position of play and analyze reads back. */
static void command_position(PlayState *state)
{
    g_autoptr(GString) text = g_string_new(NULL);
    state->variant->format_position(dj_game_position(state->game), text);
    play_say(state, "Position: %s", text->str);
}

/* A move, or with compound turns a whole turn in the record's joined form
 * ("d1-d6, /f4"; turn.h) or one part of it. */
static void play_typed_move(PlayState *state, const char *text)
{
    g_autoptr(GError) error = NULL;
    if (dj_game_play_turn_text(state->game, text, NULL, &error)) {
        play_after_move(state);
        return;
    }
    g_autofree char *echo = play_echo_of(text);
    play_say(state, "'%s' was not played: %s", echo, error->message);
}

void play_resign(PlayState *state, int side)
{
    g_autofree char *reason = g_strdup_printf("%s resigned", play_side_name(state, side));
    dj_game_set_result(state->game, dj_outcome_win_for(1 - side), reason);
}

/* Whether `word` is a command that takes no argument (so that words after
 * it are a mistake, not a move). */
static bool takes_no_argument(const char *word)
{
    static const char *const commands[] = { "quit", "exit", "new", "hint", "undo", "resign", "draw",
                                            "board", "position", "help", "?" };
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        if (strcmp(word, commands[i]) == 0)
            return true;
    }
    return false;
}

/* A line is a command word (any case) with its argument, which keeps its
 * case since it may be a file name; anything else is taken for a move. */
LineVerdict play_handle_line(PlayState *state, const char *raw)
{
    g_auto(DojoCommandLine) command = { NULL, NULL, NULL, false };
    dojo_command_line_split(raw, &command);
    const char *line = command.line;
    const char *word = command.word;
    const char *argument = command.argument;
    bool bare = command.bare;
    /* Only the very next command confirms a resignation. */
    bool confirming = state->resign_asked;
    state->resign_asked = false;
    if (line[0] == '\0') {
        play_say(state, "Empty line: type a move, or 'help' for the commands.");
        return LINE_CONTINUE;
    }
    LineVerdict verdict = LINE_CONTINUE;

    if (!bare && takes_no_argument(word)) {
        g_autofree char *extra = play_echo_of(argument);
        play_say(state, "'%s' takes nothing after it: '%s' is left over.", word, extra);
    } else if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0)
        verdict = LINE_QUIT;
    else if (strcmp(word, "new") == 0 && bare)
        verdict = LINE_NEW_GAME;
    else if (strcmp(word, "moves") == 0)
        command_moves(state, argument);
    else if (strcmp(word, "hint") == 0 && bare)
        command_hint(state);
    else if (strcmp(word, "undo") == 0 && bare)
        command_undo(state);
    else if (strcmp(word, "save") == 0 || strcmp(word, "save!") == 0)
        command_save(state, argument, strcmp(word, "save!") == 0);
    else if (strcmp(word, "load") == 0)
        command_load(state, argument);
    else if (strcmp(word, "resign") == 0 && bare) {
        if (confirming)
            play_resign(state, play_side_to_move(state));
        else {
            state->resign_asked = true;
            play_say(state, "Resign the game? Type 'resign' again to confirm.");
        }
    } else if (strcmp(word, "draw") == 0 && bare)
        command_draw(state);
    else if (strcmp(word, "board") == 0 && bare)
        play_show_board(state, true);
    else if (strcmp(word, "position") == 0 && bare)
        command_position(state);
    else if (strcmp(word, "history") == 0 && bare)
        play_show_history(state);
    else if (strcmp(word, "flip") == 0 && bare)
        play_flip(state);
    else if (strcmp(word, "replay") == 0 && bare)
        play_replay(state);
    else if ((strcmp(word, "help") == 0 || strcmp(word, "?") == 0) && bare)
        command_help(state);
    else
        play_typed_move(state, line);

    return verdict;
}

void dojo_play_help(const char *example_move, const char *example_square, GString *out)
{
    g_string_append(out, "Commands (one per line):\n");
    if (example_move != NULL)
        g_string_append_printf(out, "  MOVE          play a move, e.g. %s\n", example_move);
    else
        g_string_append(out, "  MOVE          play a move\n");
    g_string_append(out, "  moves         list the legal moves\n");
    if (example_square != NULL)
        g_string_append_printf(out, "  moves SQUARE  the legal moves from or to SQUARE, e.g. "
                               "moves %s\n", example_square);
    else
        g_string_append(out, "  moves SQUARE  the legal moves from or to SQUARE\n");
    g_string_append(out,
        "  hint          suggest a move\n"
        "  undo          take back your last move or turn (and the computer's after it)\n"
        "  save FILE     save the game record to FILE (save! FILE: even over a file\n"
        "                that is not a game record)\n"
        "  load FILE     continue the game recorded in FILE\n"
        "  resign        give up the game (type it twice: the second confirms)\n"
        "  draw          claim a draw when the position has repeated often enough\n"
        "  board         show the board again\n"
        "  position      the position string, for --position of play and analyze\n"
        "  history       the moves so far, numbered and described\n"
        "  flip          draw the board from the other side\n"
        "  replay        step through the game so far with the engine's comments\n"
        "  help          this list\n"
        "  new           a new game with the same settings (this one is kept)\n"
        "  quit          stop; the game is kept and 'dojo play --resume' continues it\n");
}
