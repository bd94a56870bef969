/* play_ui_line.c: the line interface of `dojo play` (see play_ui.h): text
 * printed line after line, commands read one line at a time. */
#include "frontends/tty/play_ui.h"

#include <stdio.h>

#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/play_state.h"

typedef struct LineUi {
    FILE *in;
    FILE *out;
    DojoLineReader *reader;
    bool live_status;          /* out is a terminal: a live thinking line */
    DojoThinkDisplay think;
    char *think_label;
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

static void line_show_position(void *self, PlayState *state, bool asked)
{
    (void)asked;
    LineUi *ui = self;
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

static void line_interrupted(void *self)
{
    LineUi *ui = self;
    fputc('\n', ui->out);   /* a prompt or a thinking line may be open */
    fflush(ui->out);
}

static void line_game_over(void *self, PlayState *state)
{
    (void)self;
    (void)state;
}

static FILE *line_suspend(void *self, DojoLineReader **reader)
{
    LineUi *ui = self;
    *reader = ui->reader;
    return ui->out;
}

static void line_resume(void *self)
{
    (void)self;
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
    .interrupted = line_interrupted,
    .game_over = line_game_over,
    .suspend = line_suspend,
    .resume = line_resume,
    .free = line_free,
};
