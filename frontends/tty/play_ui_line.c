/* play_ui_line.c: the line interface of `dojo play` (see play_ui.h): text
 * printed line after line, commands read one line at a time. */
#include "frontends/tty/play_ui.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>

#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/play_state.h"
#include "frontends/tty/review_step.h"

typedef struct LineUi {
    FILE *in;
    FILE *out;
    DojoLineReader *reader;
    bool live_status;          /* out is a terminal: a live thinking line */
    DojoThinkDisplay think;
    char *think_label;
    bool told_watch_keys;      /* the keys of watching were shown */
    bool watch_keys_closed;    /* the terminal's input ended while watching */
} LineUi;

void *play_ui_line_new(FILE *in, FILE *out, const char *history_path, bool live_status)
{
    LineUi *ui = g_new0(LineUi, 1);
    ui->in = in;
    ui->out = out;
    ui->reader = dojo_line_reader_new(in, out, history_path);
    ui->live_status = live_status;
    return ui;
}

static void line_say(void *self, PlayState *state, const char *line)
{
    (void)state;
    LineUi *ui = self;
    fprintf(ui->out, "%s\n", line);
    fflush(ui->out);
}

static void line_show_text(void *self, PlayState *state, const char *text)
{
    (void)state;
    LineUi *ui = self;
    fputs(text, ui->out);
    fflush(ui->out);
}

/* One board a turn: drawn when a person is to move (before the prompt),
 * after every move when only computers play, at the end, and when asked;
 * not after a person's move that the computer answers (its move is
 * announced in one line, then the board comes before the person's next
 * prompt). */
static bool board_wanted(PlayState *state, bool asked)
{
    if (asked || dj_game_outcome(state->game) != DJ_OUTCOME_ONGOING)
        return true;
    if (!play_is_human(state, 0) && !play_is_human(state, 1))
        return true;
    return play_is_human(state, play_side_to_move(state));
}

static void line_show_position(void *self, PlayState *state, bool asked)
{
    LineUi *ui = self;
    if (!board_wanted(state, asked))
        return;
    g_autoptr(GString) text = g_string_new(NULL);
    play_render_board(state, text);
    play_append_turn(state, text);
    fputs(text->str, ui->out);
    fflush(ui->out);
}

static void line_think_begin(void *self, PlayState *state, const void *root, const char *label)
{
    LineUi *ui = self;
    g_free(ui->think_label);
    ui->think_label = g_strdup(label);
    dojo_think_display_init(&ui->think, state->variant, root, ui->out, ui->live_status);
}

static void line_think_report(void *self, PlayState *state, const DjSearchInfo *info)
{
    (void)state;
    LineUi *ui = self;
    dojo_think_report(info, &ui->think);
}

static void line_think_end(void *self, PlayState *state, const DjSearchInfo *final)
{
    (void)state;
    LineUi *ui = self;
    if (final != NULL) {
        ui->think.last = *final;
        ui->think.have_last = true;
    }
    dojo_think_display_end(&ui->think, dojo_interrupted() ? NULL : ui->think_label);
    g_clear_pointer(&ui->think_label, g_free);
}

static DojoLineStatus line_read_command(void *self, PlayState *state, const char *prompt,
                                        char **line)
{
    (void)state;
    LineUi *ui = self;
    DojoLineStatus status = dojo_line_reader_read(ui->reader, prompt, line);
    if (status == DOJO_LINE_EOF && dojo_output_is_terminal(ui->in)) {
        fputc('\n', ui->out);   /* the prompt line is still open */
        fflush(ui->out);
    }
    return status;
}

/* ---- watching: a pause between the computers' moves ---------------------------------- */

typedef enum WatchKey {
    WATCH_NOTHING,   /* the time is up, or Ctrl-C came */
    WATCH_ENTER,     /* a line (Enter) */
    WATCH_QUIT,      /* a line starting with q */
    WATCH_CLOSED,    /* the input ended or failed */
} WatchKey;

/* A line the person typed: read straight from the descriptor, since
 * nothing else reads the input while only computers play (a terminal hands
 * over a whole line at a time). */
static WatchKey read_watch_line(int fd)
{
    char buffer[256];
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0)
        return errno == EINTR ? WATCH_NOTHING : WATCH_CLOSED;
    if (n == 0)
        return WATCH_CLOSED;
    for (ssize_t i = 0; i < n; i++) {
        if (!g_ascii_isspace(buffer[i]))
            return g_ascii_tolower(buffer[i]) == 'q' ? WATCH_QUIT : WATCH_ENTER;
    }
    return WATCH_ENTER;
}

/* Wait up to `timeout_ms` (-1: as long as it takes) for a line on `fd`
 * (-1: none, only wait), with poll(): no busy waiting, and Ctrl-C (which
 * interrupts poll) ends the wait. */
static WatchKey wait_watch_key(int fd, int timeout_ms)
{
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    for (;;) {
        if (dojo_interrupted())
            return WATCH_NOTHING;
        int left = -1;
        if (timeout_ms >= 0) {
            gint64 now = g_get_monotonic_time();
            if (now >= deadline && timeout_ms > 0)
                return WATCH_NOTHING;
            left = (int)((MAX(deadline - now, 0) + 999) / 1000);
        }
        struct pollfd watched = { .fd = fd, .events = POLLIN };
        int ready = poll(&watched, fd >= 0 ? 1 : 0, left);
        if (ready < 0 && errno != EINTR)
            return WATCH_NOTHING;
        if (ready > 0)
            return read_watch_line(fd);
        if (ready == 0 && timeout_ms == 0)
            return WATCH_NOTHING;
    }
}

static bool line_watch_pause(void *self, PlayState *state, int delay_ms)
{
    LineUi *ui = self;
    /* Keys come only from a person at a terminal: lines from a pipe are a
     * script's, meant for something else. */
    int fd = -1;
    if (!ui->watch_keys_closed && isatty(fileno(ui->in)))
        fd = fileno(ui->in);
    if (fd < 0) {
        if (delay_ms > 0)
            wait_watch_key(-1, delay_ms);
        return true;
    }
    if (!ui->told_watch_keys) {
        ui->told_watch_keys = true;
        line_say(ui, state, "Watching: Enter pauses, q then Enter stops watching.");
    }
    WatchKey key = wait_watch_key(fd, delay_ms);
    if (key == WATCH_ENTER) {
        line_say(ui, state, "Paused: Enter goes on, q then Enter stops watching.");
        key = wait_watch_key(fd, -1);
    }
    if (key == WATCH_CLOSED)
        ui->watch_keys_closed = true;
    return key != WATCH_QUIT;
}

static void line_interrupted(void *self)
{
    LineUi *ui = self;
    fputc('\n', ui->out);   /* a prompt or a thinking line may be open */
    fflush(ui->out);
}

/* Line by line the session ends with the game, as a script expects. */
static PlayAfter line_game_over(void *self, PlayState *state, bool can_start_new)
{
    (void)self;
    (void)state;
    (void)can_start_new;
    return PLAY_AFTER_END;
}

static void line_review_progress(void *self, PlayState *state, int done, int total)
{
    (void)state;
    LineUi *ui = self;
    if (!ui->live_status)
        return;
    if (done < total)
        fprintf(ui->out, "\rAnalysing: %d of %d moves", done, total);
    else
        fputs("\r\x1b[K", ui->out);
    fflush(ui->out);
}

static void line_step_review(void *self, PlayState *state, const DojoReview *review)
{
    LineUi *ui = self;
    DojoStepConfig step = {
        .color = state->config->color,
        .traditional = state->config->traditional,
        .flipped = play_bottom_side(state) == 1,
        .allow_play = false,
    };
    dojo_review_step(review, &step, ui->reader, ui->out, NULL);
}

static void line_free(void *self)
{
    LineUi *ui = self;
    if (ui == NULL)
        return;
    dojo_line_reader_free(ui->reader);
    g_free(ui->think_label);
    g_free(ui);
}

const PlayUiOps play_ui_line_ops = {
    .say = line_say,
    .show_text = line_show_text,
    .show_position = line_show_position,
    .think_begin = line_think_begin,
    .think_report = line_think_report,
    .think_end = line_think_end,
    .read_command = line_read_command,
    .watch_pause = line_watch_pause,
    .interrupted = line_interrupted,
    .game_over = line_game_over,
    .review_progress = line_review_progress,
    .step_review = line_step_review,
    .free = line_free,
};
