/* screen_ui.c: the full-screen interface of `dojo play` (see screen.h):
 * the PlayUi functions and the keys. */
#include "frontends/tty/screen.h"

#include <locale.h>
#include <string.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "framework/error.h"
#include "framework/game_history.h"
#include "framework/notation.h"
#include "frontends/common/output.h"
#include "frontends/common/think.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/line_reader.h"
#include "frontends/tty/screen_internal.h"


/* Keys of the board, for the help box. */
static const char keys_help[] =
    "Keys on the board:\n"
    "  arrows or h j k l   move the cursor\n"
    "  Enter or space      pick the piece under the cursor, then where it goes\n"
    "                      (a square with no piece: what may be dropped there)\n"
    "  Esc                 put the picked piece back\n"
    "  mouse               click a piece, then a square\n"
    "  :                   type a move or a command (below) on the bottom line\n"
    "  u undo   t hint   f flip   s save   r resign   d claim a draw\n"
    "  n new game   e the computer's thoughts on/off   PgUp/PgDn scroll the moves\n"
    "  q quit (the game is kept)\n"
    "Marks: [ ] cursor  < > picked  * * may go  ( ) last move  > < hint  ! ! in check\n"
    "\n";

bool screen_available(FILE *in, FILE *out)
{
    if (!dojo_output_is_terminal(in) || !dojo_output_is_terminal(out))
        return false;
    const char *term = g_getenv("TERM");
    if (term == NULL || term[0] == '\0' || strcmp(term, "dumb") == 0)
        return false;
    int status = 0;
    /* setupterm only asks the terminal database; it draws nothing. */
    if (setupterm(term, fileno(out), &status) != OK)
        return false;
    del_curterm(cur_term);
    return true;
}

static void init_colors(ScreenUi *ui)
{
    ui->color = false;
    if (!ui->config.color || !has_colors())
        return;
    start_color();
    use_default_colors();
    init_pair(PAIR_SIDE0, COLOR_BLUE, -1);
    init_pair(PAIR_SIDE1, COLOR_RED, -1);
    init_pair(PAIR_TARGET, COLOR_GREEN, -1);
    init_pair(PAIR_LAST, COLOR_YELLOW, -1);
    init_pair(PAIR_CHECK, COLOR_WHITE, COLOR_RED);
    init_pair(PAIR_CURSOR, COLOR_BLACK, COLOR_CYAN);
    init_pair(PAIR_TITLE, COLOR_CYAN, -1);
    ui->color = true;
}

void *play_ui_screen_new(FILE *in, FILE *out, const ScreenConfig *config, GError **error)
{
    ScreenUi *ui = g_new0(ScreenUi, 1);
    ui->in = in;
    ui->out = out;
    ui->config = *config;
    const char *codeset = NULL;
    ui->utf8 = g_get_charset(&codeset);
    SCREEN *screen = newterm(NULL, out, in);
    if (screen == NULL) {
        g_free(ui);
        dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                     "this terminal cannot show the full screen (TERM=%s): try --line",
                     g_getenv("TERM") != NULL ? g_getenv("TERM") : "");
        return NULL;
    }
    ui->terminal = screen;
    set_term(screen);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
    mouseinterval(0);
    init_colors(ui);
    ui->messages = g_ptr_array_new_with_free_func(g_free);
    ui->selected = -1;
    ui->hint = DJ_MOVE_NONE;
    ui->cursor = -1;
    ui->show_engine = true;
    screen_edit_init(&ui->edit, config->history_path);
    return ui;
}

static void screen_free(void *self);

/* ---- the position shown ----------------------------------------------------- */

/* Keep `pick` on the current position, the cursor on the board. */
static void follow_position(ScreenUi *ui, PlayState *state)
{
    ui->state = state;
    const void *pos = dj_game_position(state->game);
    const DjVariant *variant = state->variant;
    int squares = variant->board_width * variant->board_height;
    int length = dj_game_length(state->game);
    guint64 key = variant->key(pos);
    if (ui->pick.variant != variant)
        ui->have_think = false;   /* a loaded game of another kind: its thoughts are gone */
    if (ui->pick_pos != pos || ui->pick.variant != variant || ui->pick_length != length
        || ui->pick_key != key) {
        pick_moves_clear(&ui->pick);
        pick_moves_load(&ui->pick, variant, pos);
        ui->pick_pos = pos;
        ui->pick_length = length;
        ui->pick_key = key;
        ui->selected = -1;
        ui->hint = DJ_MOVE_NONE;
        g_free(ui->targets);
        ui->targets = g_new0(bool, squares);
    }
    if (ui->cursor < 0 || ui->cursor >= squares) {
        /* Start on the bottom side's royal piece, or the middle. */
        ui->cursor = (variant->board_height - 1) / 2 * variant->board_width
                     + variant->board_width / 2;
        if (variant->view_squares != NULL) {
            g_autofree DjSquareView *view = g_new0(DjSquareView, squares);
            DjRenderStyle style = { .bottom_side = screen_bottom_side(ui) };
            variant->view_squares(pos, &style, view);
            for (int i = 0; i < squares; i++) {
                if (view[i].royal && view[i].side == screen_bottom_side(ui))
                    ui->cursor = i;
            }
        }
    }
}

static void redraw(ScreenUi *ui)
{
    screen_layout(ui);
    screen_draw(ui);
}

static void add_message(ScreenUi *ui, const char *line)
{
    g_ptr_array_add(ui->messages, g_strdup(line));
    if (ui->messages->len > SCREEN_MESSAGES)
        g_ptr_array_remove_index(ui->messages, 0);
}

/* ---- the PlayUi functions ------------------------------------------------------ */

static void screen_say(void *self, PlayState *state, const char *line)
{
    ScreenUi *ui = self;
    follow_position(ui, state);
    add_message(ui, line);
    redraw(ui);
}

static void screen_show_text(void *self, PlayState *state, const char *text)
{
    ScreenUi *ui = self;
    follow_position(ui, state);
    g_free(ui->overlay_text);
    /* The help of the commands comes with the keys and the game's legend. */
    if (g_str_has_prefix(text, "Commands")) {
        g_autoptr(GString) full = g_string_new(keys_help);
        g_string_append(full, text);
        ui->overlay_text = g_string_free(g_steal_pointer(&full), FALSE);
    } else {
        ui->overlay_text = g_strdup(text);
    }
    ui->overlay = OVERLAY_TEXT;
    ui->overlay_scroll = 0;
    redraw(ui);
}

static void screen_show_position(void *self, PlayState *state, bool asked)
{
    (void)asked;
    ScreenUi *ui = self;
    follow_position(ui, state);
    redraw(ui);
}

static void screen_think_begin(void *self, PlayState *state, const void *root, const char *label)
{
    ScreenUi *ui = self;
    follow_position(ui, state);
    ui->thinking = true;
    g_free(ui->think_label);
    ui->think_label = g_strdup(label);
    g_free(ui->think_root);
    ui->think_root = g_memdup2(root, state->variant->state_size);
    ui->have_think = false;
    redraw(ui);
}

static void screen_think_report(void *self, PlayState *state, const DjSearchInfo *info)
{
    ScreenUi *ui = self;
    (void)state;
    ui->think_info = *info;
    ui->have_think = true;
    screen_draw(ui);
}

static void screen_think_end(void *self, PlayState *state, const DjSearchInfo *final)
{
    ScreenUi *ui = self;
    (void)state;
    ui->thinking = false;
    if (final != NULL) {
        ui->think_info = *final;
        ui->have_think = true;
        if (ui->think_label != NULL) {
            /* "Red thought: depth 9  score +0.31  ... pv ...", as line by line. */
            g_autoptr(GString) summary = g_string_new(NULL);
            g_string_printf(summary, "%s: ", ui->think_label);
            dojo_format_search_info(state->variant, ui->think_root, final, summary);
            add_message(ui, summary->str);
        }
        if (ui->think_label == NULL && final->pv_length > 0) {
            /* A hint: marked on the board until the position changes. */
            ui->hint = final->pv[0];
        }
    }
    redraw(ui);
}

/* ---- picking a move ------------------------------------------------------------ */

/* The text of `move` in the current position (g_free). */
static char *move_text(ScreenUi *ui, DjMove move)
{
    GString *text = g_string_new(NULL);
    ui->state->variant->format_move(dj_game_position(ui->state->game), move, text);
    return g_string_free(text, FALSE);
}

/* A pick of two squares: one move is played (its text as the command in
 * *line), several are offered in a box. */
static bool offer(ScreenUi *ui, int from, int to, char **line)
{
    DjMove moves[SCREEN_MAX_CHOICES];
    int n = pick_candidates(&ui->pick, from, to, moves, SCREEN_MAX_CHOICES);
    if (n == 0)
        return false;
    if (n == 1) {
        *line = move_text(ui, moves[0]);
        ui->selected = -1;
        return true;
    }
    ui->n_choices = MIN(n, SCREEN_MAX_CHOICES);
    memcpy(ui->choices, moves, (size_t)ui->n_choices * sizeof moves[0]);
    ui->choice_at = 0;
    ui->overlay = OVERLAY_CHOICE;
    return false;
}

static void say_here(ScreenUi *ui, const char *format, int square)
{
    g_autoptr(GString) name = g_string_new(NULL);
    dj_square_format(square, ui->state->variant->board_width, name);
    g_autofree char *text = g_strdup_printf(format, name->str);
    add_message(ui, text);
}

/* Enter (or a click) on `square`: pick a piece, or where it goes.  True
 * with a move's text in *line when one is chosen. */
static bool pick_square(ScreenUi *ui, int square, char **line)
{
    const DjVariant *variant = ui->state->variant;
    if (ui->selected == square) {
        ui->selected = -1;
        return false;
    }
    if (ui->selected >= 0 && ui->targets[square]) {
        if (variant->move_destination == NULL)
            return offer(ui, ui->selected, -1, line);
        return offer(ui, ui->selected, square, line);
    }
    if (pick_has_moves_from(&ui->pick, square)) {
        ui->selected = square;
        if (pick_destinations(&ui->pick, square, ui->targets) == 0)
            return offer(ui, square, -1, line);   /* moves that end on no square */
        return false;
    }
    /* A square no piece moves from: what may be dropped or placed there. */
    if (pick_candidates(&ui->pick, -1, square, NULL, 0) > 0) {
        ui->selected = -1;
        return offer(ui, -1, square, line);
    }
    if (ui->selected >= 0)
        say_here(ui, "The picked piece cannot go to %s (Esc puts it back).", square);
    else
        say_here(ui, "No move of yours starts on %s.", square);
    return false;
}

static void move_cursor(ScreenUi *ui, int right, int up)
{
    const DjVariant *variant = ui->state->variant;
    int w = variant->board_width, h = variant->board_height;
    if (screen_bottom_side(ui) != 0) {
        right = -right;
        up = -up;
    }
    int file = CLAMP(ui->cursor % w + right, 0, w - 1);
    int rank = CLAMP(ui->cursor / w + up, 0, h - 1);
    ui->cursor = file + rank * w;
}

/* ---- the keys ---------------------------------------------------------------------- */

/* What a key does while a box covers the board; true with a command in
 * *line when the box made one. */
static bool overlay_key(ScreenUi *ui, int is_key_code, unsigned int key, char **line)
{
    switch (ui->overlay) {
    case OVERLAY_TEXT:
        if (is_key_code && (key == KEY_DOWN || key == KEY_NPAGE))
            ui->overlay_scroll += key == KEY_DOWN ? 1 : 10;
        else if (is_key_code && (key == KEY_UP || key == KEY_PPAGE))
            ui->overlay_scroll = MAX(0, ui->overlay_scroll - (key == KEY_UP ? 1 : 10));
        else
            ui->overlay = OVERLAY_NONE;
        return false;
    case OVERLAY_CONFIRM:
        if (!is_key_code && (key == 'y' || key == 'Y')) {
            ui->overlay = OVERLAY_NONE;
            /* The box asked already: the play state need not ask again. */
            if (strcmp(ui->confirm_command, "resign") == 0)
                ui->state->resign_asked = true;
            *line = g_strdup(ui->confirm_command);
            return true;
        }
        if (!is_key_code && (key == 'n' || key == 'N' || key == 27 || key == 'q'))
            ui->overlay = OVERLAY_NONE;
        return false;
    case OVERLAY_CHOICE:
        if (is_key_code && key == KEY_UP)
            ui->choice_at = (ui->choice_at + ui->n_choices - 1) % ui->n_choices;
        else if (is_key_code && key == KEY_DOWN)
            ui->choice_at = (ui->choice_at + 1) % ui->n_choices;
        else if (!is_key_code && key >= '1' && key < '1' + (unsigned)ui->n_choices)
            ui->choice_at = (int)(key - '1');
        if ((!is_key_code && (key == '\n' || key == '\r' || key == ' '
                              || (key >= '1' && key < '1' + (unsigned)ui->n_choices)))
            || (is_key_code && key == KEY_ENTER)) {
            ui->overlay = OVERLAY_NONE;
            ui->selected = -1;
            *line = move_text(ui, ui->choices[ui->choice_at]);
            return true;
        }
        if (!is_key_code && (key == 27 || key == 'q'))
            ui->overlay = OVERLAY_NONE;
        return false;
    case OVERLAY_OVER:
    case OVERLAY_NONE:
    default:
        ui->overlay = OVERLAY_NONE;
        return false;
    }
}

static void ask(ScreenUi *ui, const char *question, const char *command)
{
    g_free(ui->overlay_text);
    ui->overlay_text = g_strdup(question);
    g_free(ui->confirm_command);
    ui->confirm_command = g_strdup(command);
    ui->overlay = OVERLAY_CONFIRM;
}

/* A key on the board; true with a command in *line when it makes one. */
static bool board_key(ScreenUi *ui, int is_key_code, unsigned int key, char **line)
{
    bool board = ui->state->variant->view_squares != NULL;
    if (is_key_code) {
        switch (key) {
        case KEY_LEFT: move_cursor(ui, -1, 0); return false;
        case KEY_RIGHT: move_cursor(ui, 1, 0); return false;
        case KEY_UP: move_cursor(ui, 0, 1); return false;
        case KEY_DOWN: move_cursor(ui, 0, -1); return false;
        case KEY_PPAGE: ui->list_scroll += 5; return false;
        case KEY_NPAGE: ui->list_scroll = MAX(0, ui->list_scroll - 5); return false;
        case KEY_ENTER: return board && pick_square(ui, ui->cursor, line);
        default: return false;
        }
    }
    int n = dj_game_length(ui->state->game);
    ui->list_scroll = MIN(ui->list_scroll, n);
    switch (key) {
    case 'h': if (board) move_cursor(ui, -1, 0); return false;
    case 'l': if (board) move_cursor(ui, 1, 0); return false;
    case 'k': if (board) move_cursor(ui, 0, 1); return false;
    case 'j': if (board) move_cursor(ui, 0, -1); return false;
    case '\n': case '\r': case ' ':
        return board && pick_square(ui, ui->cursor, line);
    case 27:
        ui->selected = -1;
        return false;
    case ':': case '/':
        ui->editing = true;
        screen_edit_set(&ui->edit, "");
        return false;
    case 's':
        ui->editing = true;
        screen_edit_set(&ui->edit, "save ");
        return false;
    case 'u': *line = g_strdup("undo"); return true;
    case 't': *line = g_strdup("hint"); return true;
    case 'f': *line = g_strdup("flip"); return true;
    case 'd': *line = g_strdup("draw"); return true;
    case '?': *line = g_strdup("help"); return true;
    case 'e':
        ui->show_engine = !ui->show_engine;
        return false;
    case 'r':
        ask(ui, "Resign the game?", "resign");
        return false;
    case 'q':
        ask(ui, "Quit? The game is kept: 'dojo play --resume' goes on with it.", "quit");
        return false;
    case 'n':
        ask(ui, "Start a new game? This one is kept: 'dojo play --resume' goes on with it.",
            "new");
        return false;
    default:
        return false;
    }
}

bool screen_read_key(int *is_key_code, unsigned int *key)
{
    timeout(SCREEN_TICK_MS);
    wint_t wide = 0;
    int got = get_wch(&wide);
    if (got == ERR)
        return false;
    *is_key_code = got == KEY_CODE_YES;
    *key = (unsigned int)wide;
    return true;
}

/* A key within SCREEN_TICK_MS, a resize already redrawn for; false when
 * there is none to act on. */
static bool next_key(ScreenUi *ui, int *is_key_code, unsigned int *key)
{
    if (!screen_read_key(is_key_code, key))
        return false;
    if (*is_key_code && *key == KEY_RESIZE) {
        redraw(ui);
        return false;
    }
    return true;
}

/* A mouse event: a press on a square picks it. */
static bool mouse_key(ScreenUi *ui, char **line)
{
    MEVENT event;
    if (getmouse(&event) != OK || !(event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
        return false;
    if (ui->overlay != OVERLAY_NONE || ui->editing)
        return false;
    int square = screen_square_at(ui, event.y, event.x);
    if (square < 0)
        return false;
    ui->cursor = square;
    return pick_square(ui, square, line);
}

static DojoLineStatus screen_read_command(void *self, PlayState *state, const char *prompt,
                                          char **line)
{
    ScreenUi *ui = self;
    follow_position(ui, state);
    g_free(ui->prompt);
    ui->prompt = g_strdup(prompt);
    if (state->variant->view_squares == NULL)
        ui->editing = true;   /* nothing to pick: the moves are typed */
    redraw(ui);
    for (;;) {
        if (dojo_interrupted())
            return DOJO_LINE_INTERRUPTED;
        int is_key_code = 0;
        unsigned int key = 0;
        if (!screen_read_key(&is_key_code, &key)) {
            /* The clocks tick; a flag that falls ends the wait (the loop
             * then finds it fallen and ends the game). */
            gint64 left_ms = 0;
            if (play_clock_left_now(state, &left_ms) && left_ms <= 0) {
                *line = g_strdup("");
                return DOJO_LINE_OK;
            }
            screen_draw(ui);
            continue;
        }
        bool made = false;
        if (is_key_code && key == KEY_RESIZE) {
            redraw(ui);
            continue;
        }
        if (ui->layout.too_small) {
            if (!is_key_code && key == 'q') {
                *line = g_strdup("quit");
                return DOJO_LINE_OK;
            }
            continue;
        }
        if (is_key_code && key == KEY_MOUSE) {
            made = mouse_key(ui, line);
        } else if (ui->overlay != OVERLAY_NONE) {
            made = overlay_key(ui, is_key_code, key, line);
        } else if (ui->editing) {
            int done = screen_edit_key(&ui->edit, is_key_code, key, line);
            if (done != 0 && state->variant->view_squares != NULL)
                ui->editing = false;
            made = done == 1;
        } else {
            made = board_key(ui, is_key_code, key, line);
        }
        if (made) {
            ui->hint = DJ_MOVE_NONE;
            screen_draw(ui);
            return DOJO_LINE_OK;
        }
        screen_draw(ui);
    }
}

static bool screen_watch_pause(void *self, PlayState *state, int delay_ms)
{
    ScreenUi *ui = self;
    follow_position(ui, state);
    gint64 until = g_get_monotonic_time() + (gint64)delay_ms * 1000;
    for (;;) {
        if (dojo_interrupted())
            return true;
        if (!ui->paused && g_get_monotonic_time() >= until)
            return true;
        int is_key_code = 0;
        unsigned int key = 0;
        if (!next_key(ui, &is_key_code, &key))
            continue;
        if (ui->overlay != OVERLAY_NONE) {
            char *unused = NULL;
            overlay_key(ui, is_key_code, key, &unused);
            if (unused != NULL && strcmp(unused, "quit") == 0) {
                g_free(unused);
                return false;
            }
            g_free(unused);
            redraw(ui);
        } else if (!is_key_code && (key == ' ' || key == 'p')) {
            ui->paused = !ui->paused;
            redraw(ui);
        } else if (!is_key_code && key == 'q') {
            ask(ui, "Stop watching? The game is kept.", "quit");
            redraw(ui);
        }
    }
}

static void screen_interrupted(void *self)
{
    (void)self;
}

static PlayAfter screen_game_over(void *self, PlayState *state, bool can_start_new)
{
    ScreenUi *ui = self;
    follow_position(ui, state);
    DjOutcome outcome = dj_game_outcome(state->game);
    const char *reason = dj_game_outcome_reason(state->game);
    int winner = dj_outcome_winner(outcome);
    /* As players say it: "Blue resigned: Red wins." */
    g_autoptr(GString) text = g_string_new(NULL);
    if (reason != NULL)
        g_string_append_printf(text, "%c%s: ", g_ascii_toupper(reason[0]), reason + 1);
    if (winner >= 0)
        g_string_append_printf(text, "%s wins.", play_side_name(state, winner));
    else
        g_string_append(text, reason != NULL ? "a draw." : "A draw.");
    g_string_append_printf(text, "\nResult %s.\n\n", dj_outcome_result_text(outcome));
    bool can_review = dj_game_length(state->game) > 0 && state->variant->evaluate != NULL;
    if (can_review)
        g_string_append(text, "r  review the game with the engine\n");
    if (can_start_new)
        g_string_append(text, "n  a new game\n");
    g_string_append(text, "q  quit\nEsc  look at the board");
    g_free(ui->overlay_text);
    ui->overlay_text = g_string_free(g_steal_pointer(&text), FALSE);
    ui->overlay = OVERLAY_OVER;
    redraw(ui);
    while (!dojo_interrupted()) {
        int is_key_code = 0;
        unsigned int key = 0;
        if (!next_key(ui, &is_key_code, &key) || is_key_code)
            continue;
        if (key == 'r' && can_review) {
            ui->overlay = OVERLAY_NONE;
            return PLAY_AFTER_REVIEW;
        }
        if (key == 'n' && can_start_new) {
            ui->overlay = OVERLAY_NONE;
            return PLAY_AFTER_NEW;
        }
        if (key == 'q')
            break;
        /* Any other key shows the board; the next brings the box back. */
        ui->overlay = ui->overlay == OVERLAY_OVER ? OVERLAY_NONE : OVERLAY_OVER;
        redraw(ui);
    }
    ui->overlay = OVERLAY_NONE;
    return PLAY_AFTER_END;
}

static void screen_review_progress(void *self, PlayState *state, int done, int total)
{
    ScreenUi *ui = self;
    follow_position(ui, state);
    g_autofree char *text = done < total
        ? g_strdup_printf("The engine reviews the game: %d of %d moves...", done, total)
        : g_strdup_printf("Reviewed %d moves.", total);
    /* One line that changes, not a message a move. */
    if (ui->messages->len > 0
        && g_str_has_prefix(g_ptr_array_index(ui->messages, ui->messages->len - 1),
                            "The engine reviews"))
        g_ptr_array_remove_index(ui->messages, ui->messages->len - 1);
    add_message(ui, text);
    redraw(ui);
}

static void screen_step_review(void *self, PlayState *state, const DojoReview *review)
{
    screen_review(self, state, review, false);
}

int screen_review_record(FILE *in, FILE *out, const ScreenConfig *config,
                         const DojoReview *review, bool traditional, bool flipped,
                         GError **error)
{
    DojoPlayConfig play = {
        .players = { { DOJO_PLAYER_HUMAN, 0 }, { DOJO_PLAYER_HUMAN, 0 } },
        .color = config->color,
        .traditional = traditional,
    };
    /* The screen only reads the game it is shown. */
    PlayState state = {
        .game = (DjGame *)review->game,
        .variant = dj_game_variant(review->game),
        .config = &play,
        .flipped = flipped,
        .ui_ops = &play_ui_screen_ops,
    };
    state.ui = play_ui_screen_new(in, out, config, error);
    if (state.ui == NULL)
        return -1;
    follow_position(state.ui, &state);
    int ply = screen_review(state.ui, &state, review, true);
    g_ptr_array_set_size(((ScreenUi *)state.ui)->messages, 0);   /* nothing to repeat after */
    screen_free(state.ui);
    return ply;
}

static void screen_free(void *self)
{
    ScreenUi *ui = self;
    if (ui == NULL)
        return;
    endwin();
    delscreen((SCREEN *)ui->terminal);
    /* What was said last stays readable in the terminal after the screen. */
    int n = (int)ui->messages->len;
    for (int i = MAX(0, n - 3); i < n; i++)
        fprintf(ui->out, "%s\n", (const char *)g_ptr_array_index(ui->messages, i));
    fflush(ui->out);
    screen_edit_clear(&ui->edit);
    pick_moves_clear(&ui->pick);
    g_ptr_array_free(ui->messages, TRUE);
    g_free(ui->targets);
    g_free(ui->overlay_text);
    g_free(ui->confirm_command);
    g_free(ui->prompt);
    g_free(ui->think_label);
    g_free(ui->think_root);
    g_free(ui);
}

const PlayUiOps play_ui_screen_ops = {
    .say = screen_say,
    .show_text = screen_show_text,
    .show_position = screen_show_position,
    .think_begin = screen_think_begin,
    .think_report = screen_think_report,
    .think_end = screen_think_end,
    .read_command = screen_read_command,
    .watch_pause = screen_watch_pause,
    .interrupted = screen_interrupted,
    .game_over = screen_game_over,
    .review_progress = screen_review_progress,
    .step_review = screen_step_review,
    .free = screen_free,
};
