/* review_step.c: stepping through a reviewed game (see review_step.h). */
#include "frontends/tty/review_step.h"

#include <stdlib.h>
#include <string.h>

#include "framework/notation.h"
#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/line_reader.h"
#include "frontends/tty/options.h"

/* Longest echo of a line typed in a message. */
#define ECHO_MAX_CHARS 40

typedef struct Stepper {
    const DojoReview *review;
    const DjGame *game;
    const DjVariant *variant;
    const DojoStepConfig *config;
    FILE *out;
    int ply;    /* the position shown: after this many moves */
} Stepper;

static void say(Stepper *stepper, const char *text)
{
    g_autoptr(GString) line = g_string_new(NULL);
    dojo_output_sanitize(text, 0, line);
    fprintf(stepper->out, "%s\n", line->str);
}

/* The engine's view of position `ply`, if it was searched. */
static void append_engine_line(const Stepper *stepper, int ply, GString *out)
{
    const DojoReview *review = stepper->review;
    const void *pos = dj_game_position_at(stepper->game, ply);
    if (ply < review->n_moves) {
        if (ply > review->n_reviewed || review->moves[ply].best == DJ_MOVE_NONE)
            return;
        const DojoReviewMove *move = &review->moves[ply];
        g_string_append(out, "Engine: ");
        dojo_format_score(stepper->variant, pos, move->line, move->line_length, move->before,
                          false, out);
        g_string_append_printf(out, " at depth %d, line ", move->depth);
        dojo_format_pv(stepper->variant, pos, move->line, move->line_length, out);
    } else if (review->final_searched) {
        const DjSearchInfo *info = &review->final_info;
        g_string_append(out, "Engine: ");
        dojo_format_score(stepper->variant, pos, info->pv, info->pv_length, info->score, false,
                          out);
        g_string_append_printf(out, " at depth %d, line ", info->depth);
        dojo_format_pv(stepper->variant, pos, info->pv, MIN(info->pv_length, DOJO_REVIEW_MAX_LINE),
                       out);
    }
}

static void show(Stepper *stepper)
{
    const DjGame *game = stepper->game;
    int n = stepper->review->n_moves;
    g_autoptr(GString) text = g_string_new(NULL);
    if (stepper->ply == 0) {
        g_string_printf(text, "Start of the game (%d move%s).", n, n == 1 ? "" : "s");
    } else {
        /* Positions are stepped by plies; the move is named by the number
         * the game gives it. */
        g_string_printf(text, "Position %d of %d, after ", stepper->ply, n);
        dojo_review_format_numbered(game, stepper->ply - 1, true, text);
    }
    say(stepper, text->str);
    if (stepper->ply > 0 && stepper->ply - 1 < stepper->review->n_reviewed) {
        g_string_assign(text, "Verdict: ");
        dojo_review_format_verdict(stepper->review, stepper->ply - 1, text);
        say(stepper, text->str);
    }
    DjRenderStyle style = {
        .color = stepper->config->color,
        .traditional = stepper->config->traditional,
        .last_move = stepper->ply > 0 ? dj_game_move_at(game, stepper->ply - 1) : DJ_MOVE_NONE,
        .bottom_side = stepper->config->flipped ? 1 : 0,
    };
    g_string_truncate(text, 0);
    stepper->variant->render(dj_game_position_at(game, stepper->ply), &style, text);
    fputs(text->str, stepper->out);
    g_string_truncate(text, 0);
    append_engine_line(stepper, stepper->ply, text);
    if (text->len > 0)
        say(stepper, text->str);
    if (stepper->ply == n && dj_game_outcome(game) != DJ_OUTCOME_ONGOING) {
        const char *reason = dj_game_outcome_reason(game);
        g_string_printf(text, "Game over: %s%s%s.", dj_outcome_result_text(dj_game_outcome(game)),
                        reason != NULL ? ", " : "", reason != NULL ? reason : "");
        say(stepper, text->str);
    }
    fflush(stepper->out);
}

static void help(Stepper *stepper)
{
    fputs("Commands (one per line):\n"
          "  next, n, or an empty line   the next move\n"
          "  back, b                     the move before\n"
          "  first, last                 the start, the end\n"
          "  goto N                      the position after N moves\n"
          "  board                       show this position again\n"
          "  play                        play on from here against the computer (a new game;\n"
          "                              not from inside dojo play)\n"
          "  help                        this list\n"
          "  quit, q                     stop\n", stepper->out);
    fflush(stepper->out);
}

static bool go_to(Stepper *stepper, int ply)
{
    int n = stepper->review->n_moves;
    if (ply < 0 || ply > n) {
        g_autofree char *text
            = g_strdup_printf("There is no position %d: this game has positions 0 to %d.", ply, n);
        say(stepper, text);
        return false;
    }
    stepper->ply = ply;
    show(stepper);
    return true;
}

/* Whether the game can go on from the position shown (it is not over
 * there); says so when not. */
static bool can_play_from_here(Stepper *stepper)
{
    const DjVariant *variant = stepper->variant;
    const DjGame *game = stepper->game;
    const void *here = dj_game_position_at(game, stepper->ply);
    if (dj_position_outcome(variant, here) != DJ_OUTCOME_ONGOING
        || (stepper->ply == stepper->review->n_moves
            && dj_game_outcome(game) != DJ_OUTCOME_ONGOING
            && dj_game_repetitions(game) >= variant->repetition_draw
            && variant->repetition_draw > 0)) {
        say(stepper, "The game is over in this position: go back to play on from an earlier one.");
        return false;
    }
    return true;
}

/* Returns how stepping ends, or -1 to go on. */
static int handle(Stepper *stepper, const char *raw)
{
    g_auto(DojoCommandLine) command = { NULL, NULL, NULL, false };
    dojo_command_line_split(raw, &command);
    const char *word = command.word;
    const char *argument = command.argument;
    bool bare = command.bare;
    int n = stepper->review->n_moves;
    int code = -1;
    if ((word[0] == '\0' || strcmp(word, "next") == 0 || strcmp(word, "n") == 0) && bare) {
        if (stepper->ply == n)
            say(stepper, "This is the end of the game ('first' goes back to the start).");
        else
            go_to(stepper, stepper->ply + 1);
    } else if ((strcmp(word, "back") == 0 || strcmp(word, "b") == 0) && bare) {
        if (stepper->ply == 0)
            say(stepper, "This is the start of the game.");
        else
            go_to(stepper, stepper->ply - 1);
    } else if (strcmp(word, "first") == 0 && bare) {
        go_to(stepper, 0);
    } else if (strcmp(word, "last") == 0 && bare) {
        go_to(stepper, n);
    } else if (strcmp(word, "goto") == 0 && !bare) {
        char *end = NULL;
        long target = strtol(argument, &end, 10);
        if (end == argument || *end != '\0' || target < 0 || target > G_MAXINT)
            go_to(stepper, -1);
        else
            go_to(stepper, (int)target);
    } else if (strcmp(word, "board") == 0 && bare) {
        show(stepper);
    } else if (strcmp(word, "play") == 0 && bare && !stepper->config->allow_play) {
        say(stepper, "You are in a game already: 'quit' leaves the replay and goes back to it.");
    } else if (strcmp(word, "play") == 0 && bare) {
        if (can_play_from_here(stepper))
            code = DOJO_STEP_PLAY;
    } else if ((strcmp(word, "help") == 0 || strcmp(word, "?") == 0) && bare) {
        help(stepper);
    } else if ((strcmp(word, "quit") == 0 || strcmp(word, "q") == 0
                || strcmp(word, "exit") == 0) && bare) {
        code = DOJO_STEP_QUIT;
    } else {
        g_autoptr(GString) echo = g_string_new("'");
        dojo_output_sanitize(command.line, ECHO_MAX_CHARS, echo);
        g_string_append(echo, "' is not a command here: type help for the list.");
        say(stepper, echo->str);
    }
    return code;
}

DojoStepEnd dojo_review_step(const DojoReview *review, const DojoStepConfig *config,
                             DojoLineReader *reader, FILE *out, int *play_ply)
{
    Stepper stepper = {
        .review = review,
        .game = review->game,
        .variant = dj_game_variant(review->game),
        .config = config,
        .out = out,
    };
    say(&stepper, "Stepping through the game: next, back, first, last, goto N, play, help, quit.");
    show(&stepper);
    DojoStepEnd end = DOJO_STEP_QUIT;
    for (;;) {
        g_autofree char *prompt = g_strdup_printf("review %d/%d> ", stepper.ply,
                                                  review->n_moves);
        g_autofree char *line = NULL;
        DojoLineStatus status = dojo_line_reader_read(reader, prompt, &line);
        if (status == DOJO_LINE_EOF || status == DOJO_LINE_ERROR)
            break;
        if (status == DOJO_LINE_INTERRUPTED || dojo_interrupted()) {
            end = DOJO_STEP_INTERRUPTED;
            break;
        }
        if (status != DOJO_LINE_OK || !g_utf8_validate(line, -1, NULL)) {
            say(&stepper, "That line is not a command (too long, or not text): ignored.");
            continue;
        }
        int verdict = handle(&stepper, line);
        if (verdict >= 0) {
            end = (DojoStepEnd)verdict;
            break;
        }
    }
    if (end == DOJO_STEP_PLAY && play_ply != NULL)
        *play_ply = stepper.ply;
    return end;
}
