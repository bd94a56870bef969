/* screen_draw.c: drawing the full-screen interface (see screen.h).
 *
 * Everything is drawn again on every change; curses sends the terminal
 * only what differs.  No mark relies on colour alone: each has its own
 * signs around the piece ([ ] the cursor, < > the picked piece, * * where
 * it may go, ( ) the last move, > < a hint, ! ! a royal piece in check),
 * and colour only adds to them. */
#include <string.h>

#include <curses.h>

#include "framework/game_history.h"
#include "framework/notation.h"
#include "frontends/common/think.h"
#include "frontends/tty/graph.h"
#include "frontends/tty/review.h"
#include "frontends/tty/screen_internal.h"

/* Columns of the character at `p` as a terminal shows it: two for a wide
 * one, none for a zero-width one, one for anything else (a byte that is
 * not UTF-8 included). */
static int char_columns(const char *p)
{
    gunichar c = g_utf8_get_char_validated(p, -1);
    if (c == (gunichar)-1 || c == (gunichar)-2)
        return 1;
    return g_unichar_iswide(c) ? 2 : g_unichar_iszerowidth(c) ? 0 : 1;
}

/* Columns of a string as a terminal shows it. */
static int text_columns(const char *text)
{
    int columns = 0;
    for (const char *p = text; *p != '\0'; p = g_utf8_next_char(p))
        columns += char_columns(p);
    return columns;
}

/* Draw `text` at (line, column), cut to `width` columns; `text` is made
 * of printable characters only (messages are sanitised before). */
static void put_text(int line, int column, int width, const char *text)
{
    if (width <= 0 || line < 0)
        return;
    int used = 0;
    const char *p = text;
    while (*p != '\0') {
        const char *next = g_utf8_next_char(p);
        int w = char_columns(p);
        if (used + w > width)
            break;
        mvaddnstr(line, column + used, p, (int)(next - p));
        used += w;
        p = next;
    }
}

/* Lines of `text` (split at '\n', the last empty one dropped). */
static char **split_lines(const char *text, int *n)
{
    char **lines = g_strsplit(text, "\n", -1);
    int count = (int)g_strv_length(lines);
    if (count > 0 && lines[count - 1][0] == '\0') {
        g_free(lines[count - 1]);
        lines[count - 1] = NULL;
        count--;
    }
    *n = count;
    return lines;
}

const void *shown_pos(const ScreenUi *ui)
{
    return dj_game_position_at(ui->state->game, shown_length(ui));
}

int shown_length(const ScreenUi *ui)
{
    return ui->review != NULL ? ui->review_ply : dj_game_length(ui->state->game);
}

int screen_bottom_side(const ScreenUi *ui)
{
    return play_bottom_side(ui->state);
}

static DjRenderStyle view_style(const ScreenUi *ui)
{
    DjRenderStyle style = {
        .color = false,
        .traditional = ui->state->config->traditional && ui->utf8,
        .last_move = shown_length(ui) > 0
                         ? dj_game_move_at(ui->state->game, shown_length(ui) - 1)
                         : DJ_MOVE_NONE,
        .bottom_side = screen_bottom_side(ui),
    };
    return style;
}

/* The widest line of what the sides hold in the current position. */
static int holdings_width(const ScreenUi *ui)
{
    const DjVariant *variant = ui->state->variant;
    if (variant->render_holdings == NULL)
        return 0;
    DjRenderStyle style = view_style(ui);
    int widest = 0;
    for (int side = -1; side < 2; side++) {
        g_autoptr(GString) text = g_string_new(NULL);
        variant->render_holdings(shown_pos(ui), &style, side, text);
        int n = 0;
        g_auto(GStrv) lines = split_lines(text->str, &n);
        for (int i = 0; i < n; i++)
            widest = MAX(widest, text_columns(lines[i]));
    }
    return MIN(widest, DJ_HOLDINGS_COLUMNS);
}

static int count_lines(const char *text);

/* The lines the panel beside the board needs: each side's title and what
 * it holds, and what belongs to neither. */
static int holdings_lines(const ScreenUi *ui)
{
    const DjVariant *variant = ui->state->variant;
    int total = 2;   /* the two sides' titles */
    if (variant->render_holdings == NULL)
        return total;
    DjRenderStyle style = view_style(ui);
    for (int side = -1; side < 2; side++) {
        g_autoptr(GString) text = g_string_new(NULL);
        variant->render_holdings(shown_pos(ui), &style, side, text);
        total += count_lines(text->str);
    }
    return total;
}

/* The display width of the game's glyphs in the current position. */
static int glyph_width(const ScreenUi *ui)
{
    const DjVariant *variant = ui->state->variant;
    int squares = variant->board_width * variant->board_height;
    g_autofree DjSquareView *view = g_new0(DjSquareView, squares);
    DjRenderStyle style = view_style(ui);
    variant->view_squares(shown_pos(ui), &style, view);
    int width = 1;
    for (int i = 0; i < squares; i++)
        width = MAX(width, text_columns(view[i].glyph));
    return MIN(width, 2);
}

void screen_layout(ScreenUi *ui)
{
    ScreenLayout *l = &ui->layout;
    const DjVariant *variant = ui->state->variant;
    getmaxyx(stdscr, l->height, l->width);
    l->glyph_width = variant->view_squares != NULL ? glyph_width(ui) : 1;
    /* A square: a sign, the glyph, a sign, the grid line. */
    l->cell_width = l->glyph_width + 3;
    int w = variant->board_width, h = variant->board_height;
    l->board_columns = 3 + w * l->cell_width + 1 + 3;
    l->board_lines = 2 * h + 3;
    l->board_top = 0;
    l->board_left = 0;
    int side_needed = MAX(holdings_width(ui), 24);
    l->side_left = l->board_columns + 2;
    /* Above the status line: the board, and beside it the panel, which may
     * be the taller (five cards drawn with their moves). */
    int top_lines = MAX(l->board_lines, holdings_lines(ui));
    int bottom = 1 + 1 + 1;   /* status, at least one message, command line */
    l->too_small = l->width < MAX(l->side_left + 20, SCREEN_MIN_COLUMNS)
                   || l->height < MAX(top_lines + bottom, SCREEN_MIN_LINES);
    l->needed_width = MAX(l->side_left + 20, SCREEN_MIN_COLUMNS);
    l->needed_height = MAX(top_lines + bottom, SCREEN_MIN_LINES);
    int spare = l->width - l->side_left - side_needed - 2;
    if (spare >= 20) {
        l->list_width = MIN(spare, 40);
        l->list_left = l->width - l->list_width;
        l->side_width = l->list_left - l->side_left - 2;
    } else {
        l->list_width = 0;
        l->list_left = l->width;
        l->side_width = l->width - l->side_left;
    }
    /* Extra lines go to the messages (up to five). */
    l->message_lines = CLAMP(l->height - top_lines - 2, 1, 5);
    l->status_line = MIN(top_lines, l->height - 2 - l->message_lines);
    l->message_line = l->status_line + 1;
    l->command_line = l->height - 1;
}

/* The window cell of the top-left of square `square`'s inside, as drawn. */
static void square_origin(const ScreenUi *ui, int square, int *line, int *column)
{
    const DjVariant *variant = ui->state->variant;
    int w = variant->board_width, h = variant->board_height;
    int file = square % w, rank = square / w;
    int col = screen_bottom_side(ui) == 0 ? file : w - 1 - file;
    int row = screen_bottom_side(ui) == 0 ? h - 1 - rank : rank;
    *line = ui->layout.board_top + 2 + 2 * row;
    *column = ui->layout.board_left + 4 + col * ui->layout.cell_width;
}

int screen_square_at(const ScreenUi *ui, int line, int column)
{
    const DjVariant *variant = ui->state->variant;
    if (ui->layout.too_small || variant->view_squares == NULL)
        return -1;
    int w = variant->board_width, h = variant->board_height;
    int row2 = line - ui->layout.board_top - 2;
    int x = column - ui->layout.board_left - 3;
    if (row2 < 0 || row2 % 2 != 0 || x < 0)
        return -1;
    int row = row2 / 2, col = x / ui->layout.cell_width;
    if (row >= h || col >= w)
        return -1;
    int file = screen_bottom_side(ui) == 0 ? col : w - 1 - col;
    int rank = screen_bottom_side(ui) == 0 ? h - 1 - row : row;
    return file + rank * w;
}

static attr_t pair_attr(const ScreenUi *ui, int pair)
{
    return ui->color ? COLOR_PAIR(pair) : 0;
}

/* The board's frame and grid, with the file and rank labels. */
static void draw_grid(ScreenUi *ui, const DjSquareView *view)
{
    const DjVariant *variant = ui->state->variant;
    int w = variant->board_width, h = variant->board_height;
    int cw = ui->layout.cell_width;
    int top = ui->layout.board_top, left = ui->layout.board_left + 3;
    bool flipped = screen_bottom_side(ui) != 0;
    for (int col = 0; col < w; col++) {
        int file = flipped ? w - 1 - col : col;
        char label[2] = { (char)('a' + file), '\0' };
        int x = left + col * cw + 1 + (cw - 1) / 2 - 0;
        mvaddstr(top, x, label);
        mvaddstr(top + 2 * h + 2, x, label);
    }
    for (int row = 0; row < h; row++) {
        int rank = flipped ? row : h - 1 - row;
        char label[4];
        g_snprintf(label, sizeof label, "%2d", rank + 1);
        mvaddstr(top + 2 + 2 * row, ui->layout.board_left, label);
        mvaddstr(top + 2 + 2 * row, left + w * cw + 2, label);
    }
    for (int gy = 0; gy <= h; gy++) {
        int y = top + 1 + 2 * gy;
        for (int gx = 0; gx <= w; gx++) {
            int x = left + gx * cw;
            chtype corner = gy == 0 ? (gx == 0 ? ACS_ULCORNER : gx == w ? ACS_URCORNER : ACS_TTEE)
                          : gy == h ? (gx == 0 ? ACS_LLCORNER : gx == w ? ACS_LRCORNER : ACS_BTEE)
                          : (gx == 0 ? ACS_LTEE : gx == w ? ACS_RTEE : ACS_PLUS);
            mvaddch(y, x, corner);
            if (gx == w)
                break;
            /* A special square's edges are drawn '=' above and below. */
            bool special = false;
            for (int side_row = gy - 1; side_row <= gy; side_row++) {
                if (side_row < 0 || side_row >= h)
                    continue;
                int file = flipped ? w - 1 - gx : gx;
                int rank = flipped ? side_row : h - 1 - side_row;
                special = special || view[file + rank * w].special;
            }
            for (int i = 1; i < cw; i++)
                mvaddch(y, x + i, special ? ('=' | A_BOLD) : ACS_HLINE);
        }
        if (gy == h)
            break;
        for (int gx = 0; gx <= w; gx++)
            mvaddch(y + 1, left + gx * cw, ACS_VLINE);
    }
}

/* Whether the side to move is in check (for games that have check). */
static bool side_to_move_in_check(const ScreenUi *ui)
{
    const DjVariant *variant = ui->state->variant;
    return variant->in_check != NULL
           && dj_position_outcome(variant, shown_pos(ui)) == DJ_OUTCOME_ONGOING
           && variant->in_check(shown_pos(ui));
}

static bool hint_shown(const ScreenUi *ui)
{
    return ui->hint != DJ_MOVE_NONE;
}

static void draw_squares(ScreenUi *ui, const DjSquareView *view)
{
    const DjVariant *variant = ui->state->variant;
    const void *pos = shown_pos(ui);
    int squares = variant->board_width * variant->board_height;
    int length = shown_length(ui);
    DjMove last = length > 0 ? dj_game_move_at(ui->state->game, length - 1) : DJ_MOVE_NONE;
    int last_from = -1, last_to = -1;
    if (last != DJ_MOVE_NONE && length > 0) {
        const void *before = dj_game_position_at(ui->state->game, length - 1);
        last_from = variant->move_origin(before, last);
        last_to = variant->move_destination != NULL ? variant->move_destination(before, last) : -1;
    }
    int hint_from = -1, hint_to = -1;
    if (hint_shown(ui)) {
        hint_from = variant->move_origin(pos, ui->hint);
        hint_to = variant->move_destination != NULL ? variant->move_destination(pos, ui->hint) : -1;
    }
    bool check = side_to_move_in_check(ui);
    int to_move = variant->side_to_move(pos);
    bool human_turn = play_is_human(ui->state, to_move) && !ui->thinking && ui->review == NULL;
    int gw = ui->layout.glyph_width;
    for (int square = 0; square < squares; square++) {
        const DjSquareView *v = &view[square];
        char left = ' ', right = ' ';
        attr_t mark = 0;
        if (square == last_from || square == last_to) {
            left = '(';
            right = ')';
            mark = pair_attr(ui, PAIR_LAST);
        }
        if (check && v->royal && v->side == to_move) {
            left = '!';
            right = '!';
            mark = pair_attr(ui, PAIR_CHECK) | A_BOLD;
        }
        if (square == hint_from || square == hint_to) {
            left = '>';
            right = '<';
            mark = pair_attr(ui, PAIR_TARGET) | A_BOLD;
        }
        bool target = ui->selected >= 0 && ui->targets[square];
        if (target) {
            left = '*';
            right = '*';
            mark = pair_attr(ui, PAIR_TARGET) | A_BOLD;
        }
        if (square == ui->selected) {
            left = '<';
            right = '>';
            mark = A_BOLD | A_UNDERLINE;
        }
        bool cursor = human_turn && square == ui->cursor && ui->overlay == OVERLAY_NONE;
        if (cursor) {
            /* On the picked piece the cursor keeps its signs. */
            if (square != ui->selected) {
                left = '[';
                right = ']';
            }
            mark = A_REVERSE | A_BOLD;
        }
        int line, column;
        square_origin(ui, square, &line, &column);
        attr_t glyph_attr = v->side >= 0 ? pair_attr(ui, v->side == 0 ? PAIR_SIDE0 : PAIR_SIDE1)
                                               | A_BOLD
                                         : 0;
        attrset(mark);
        mvaddch(line, column, (chtype)left);
        attrset(cursor ? mark : glyph_attr);
        if (v->glyph[0] != '\0') {
            int pad = gw - text_columns(v->glyph);
            put_text(line, column + 1, gw, v->glyph);
            for (int i = 0; i < pad; i++)
                mvaddch(line, column + 1 + gw - pad + i, ' ');
        } else {
            for (int i = 0; i < gw; i++)
                mvaddch(line, column + 1 + i, ' ');
        }
        attrset(mark);
        mvaddch(line, column + 1 + gw, (chtype)right);
        attrset(A_NORMAL);
    }
}

/* A side's title beside the board: "Red (computer)". */
static void side_title(const ScreenUi *ui, int side, GString *out)
{
    PlayState *state = ui->state;
    const char *player = ui->review != NULL ? dj_game_tag(state->game, play_side_name(state, side))
                                            : NULL;
    if (player != NULL)
        g_string_append_printf(out, "%s (%s)", play_side_name(state, side), player);
    else
        g_string_append_printf(out, "%s (%s)", play_side_name(state, side),
                               play_is_human(state, side) ? "human" : "computer");
    const void *pos = shown_pos(ui);
    if (dj_position_outcome(state->variant, pos) == DJ_OUTCOME_ONGOING
        && (ui->review != NULL || dj_game_outcome(state->game) == DJ_OUTCOME_ONGOING)
        && state->variant->side_to_move(pos) == side)
        g_string_append(out, " to move");
}

/* Draw lines of `text` from `line` on, at most `max_lines`; how many. */
static int draw_block(int line, int column, int width, const char *text, int max_lines)
{
    int n = 0;
    g_auto(GStrv) lines = split_lines(text, &n);
    int drawn = 0;
    for (int i = 0; i < n && drawn < max_lines; i++, drawn++)
        put_text(line + drawn, column, width, lines[i]);
    return drawn;
}

static int count_lines(const char *text)
{
    int n = 0;
    g_strfreev(split_lines(text, &n));
    return n;
}

static void draw_side_panel(ScreenUi *ui)
{
    const DjVariant *variant = ui->state->variant;
    const ScreenLayout *l = &ui->layout;
    DjRenderStyle style = view_style(ui);
    const void *pos = shown_pos(ui);
    int bottom = screen_bottom_side(ui);
    GString *parts[3];
    const int sides[3] = { 1 - bottom, -1, bottom };
    for (int i = 0; i < 3; i++) {
        parts[i] = g_string_new(NULL);
        if (sides[i] >= 0) {
            side_title(ui, sides[i], parts[i]);
            g_string_append_c(parts[i], '\n');
        }
        if (variant->render_holdings != NULL)
            variant->render_holdings(pos, &style, sides[i], parts[i]);
    }
    /* The top side's part at the top, the bottom side's at the foot of the
     * board (or of the panel), what belongs to neither between them. */
    int top = l->board_top;
    int end = MAX(l->board_top + l->board_lines, l->status_line);
    end = MIN(end, l->status_line);
    int first = draw_block(top, l->side_left, l->side_width, parts[0]->str, end - top);
    int middle_lines = count_lines(parts[1]->str);
    int last_lines = count_lines(parts[2]->str);
    int last_top = MAX(top + first + middle_lines, end - last_lines);
    int middle_top = top + first + MAX(0, (last_top - top - first - middle_lines) / 2);
    attron(A_BOLD);
    draw_block(middle_top, l->side_left, l->side_width, parts[1]->str,
               MAX(0, last_top - middle_top));
    attroff(A_BOLD);
    draw_block(last_top, l->side_left, l->side_width, parts[2]->str, MAX(0, end - last_top));
    for (int i = 0; i < 3; i++)
        g_string_free(parts[i], TRUE);
}

/* ---- the engine panel (under the move list, on a window with room) ---------- */

#define ENGINE_PANEL_LINES 6

/* Lines the engine panel takes in the move list's column: none on a small
 * window (the status line says what the computer thinks there), nor when
 * hidden (key e). */
static int engine_panel_lines(const ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    bool room = l->list_width > 0 && l->status_line >= 2 * ENGINE_PANEL_LINES + 2;
    return room && ui->show_engine && ui->review == NULL ? ENGINE_PANEL_LINES : 0;
}

static void append_eval_bar(const ScreenUi *ui, GString *out);

/* The computer's thoughts: the search now, or its last word. */
static void draw_engine_panel(ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    int lines = engine_panel_lines(ui);
    if (lines == 0)
        return;
    int top = l->status_line - lines;
    attron(A_BOLD | pair_attr(ui, PAIR_TITLE));
    put_text(top, l->list_left, l->list_width,
             ui->thinking ? (ui->think_label != NULL ? "Engine: thinking" : "Engine: a hint")
                          : "Engine (e hides)");
    attroff(A_BOLD | pair_attr(ui, PAIR_TITLE));
    if (!ui->have_think) {
        put_text(top + 1, l->list_left, l->list_width, ui->thinking ? "..." : "not yet");
        return;
    }
    const DjSearchInfo *info = &ui->think_info;
    g_autoptr(GString) text = g_string_new(NULL);
    /* The score as the side that searched sees it. */
    int searcher = ui->state->variant->side_to_move(ui->think_root);
    g_string_printf(text, "depth %d  %s ", info->depth, ui->state->variant->side_names[searcher]);
    dojo_format_info_score(ui->state->variant, ui->think_root, info, text);
    put_text(top + 1, l->list_left, l->list_width, text->str);
    g_string_truncate(text, 0);
    append_eval_bar(ui, text);
    put_text(top + 2, l->list_left, l->list_width, text->str);
    g_string_printf(text, "%" G_GUINT64_FORMAT " nodes", (guint64)info->nodes);
    put_text(top + 3, l->list_left, l->list_width, text->str);
    g_string_truncate(text, 0);
    dojo_format_pv(ui->state->variant, ui->think_root, info->pv, info->pv_length, text);
    /* The line on what is left, broken between moves. */
    int width = l->list_width;
    int line = top + 4;
    const char *p = text->str;
    while (*p != '\0' && line < l->status_line) {
        int take = MIN((int)strlen(p), width);
        if ((int)strlen(p) > width) {
            const char *space = g_strrstr_len(p, take, " ");
            if (space != NULL && space > p)
                take = (int)(space - p);
        }
        g_autofree char *piece = g_strndup(p, (gsize)take);
        put_text(line++, l->list_left, width, piece);
        p += take;
        while (*p == ' ')
            p++;
    }
}

static void draw_move_list(ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    if (l->list_width <= 0)
        return;
    attron(A_BOLD | pair_attr(ui, PAIR_TITLE));
    put_text(0, l->list_left, l->list_width, "Moves");
    attroff(A_BOLD | pair_attr(ui, PAIR_TITLE));
    int n = dj_game_length(ui->state->game);
    int rows = l->status_line - 1;
    if (ui->review != NULL)
        rows -= review_graph_lines(ui);
    else
        rows -= engine_panel_lines(ui);
    int newest = MAX(0, n - ui->list_scroll);
    if (ui->review != NULL)   /* the move stepped to stays in view */
        newest = CLAMP(ui->review_ply + rows / 2, MIN(n, rows), n);
    int oldest = MAX(0, newest - rows);
    g_autoptr(GString) line = g_string_new(NULL);
    for (int ply = oldest, row = 1; ply < newest; ply++, row++) {
        bool here = ui->review != NULL && ply == ui->review_ply - 1;
        g_string_assign(line, here ? ">" : "");
        dojo_review_format_numbered(ui->state->game, ply, false, line);
        if (here)
            attron(A_REVERSE);
        put_text(row, l->list_left, l->list_width, line->str);
        if (here)
            attroff(A_REVERSE);
    }
    if (n == 0)
        put_text(1, l->list_left, l->list_width, "(none yet)");
}

/* ---- a review stepped through ----------------------------------------------- */

#define REVIEW_GRAPH_ROWS 2

/* Lines the evaluation graph takes: the two halves, the middle line, the
 * move numbers and the mark under the move shown. */
int review_graph_lines(const ScreenUi *ui)
{
    return ui->review != NULL && ui->review->n_reviewed > 0 ? 2 * REVIEW_GRAPH_ROWS + 3 : 0;
}

/* The graph of the review at (line, column), `width` wide, with a '^'
 * under the column of the move shown. */
static void draw_review_graph(ScreenUi *ui, int line, int column, int width)
{
    const DojoReview *review = ui->review;
    int n = review->n_reviewed;
    if (n <= 0 || width < 12)
        return;
    g_autofree int *scores = g_new(int, n);
    for (int ply = 0; ply < n; ply++)
        scores[ply] = dojo_review_side0_score(review, ply);
    const DjVariant *variant = ui->state->variant;
    int margin = MAX((int)g_utf8_strlen(variant->side_names[0], -1),
                     (int)g_utf8_strlen(variant->side_names[1], -1));
    int columns = MAX(1, MIN(n, width - margin - 2));
    DojoGraphStyle style = {
        .rows = REVIEW_GRAPH_ROWS,
        .max_columns = columns,
        .ascii = !ui->utf8,
        .side_names = { variant->side_names[0], variant->side_names[1] },
    };
    g_autoptr(GString) chart = g_string_new(NULL);
    dojo_graph_draw(scores, n, &style, chart);
    int drawn = draw_block(line, column, width, chart->str, 2 * REVIEW_GRAPH_ROWS + 2);
    int ply = ui->review_ply;
    if (ply >= 1 && ply <= n) {
        /* The column standing for move `ply` (graph.h groups moves when
         * the game is wider than the chart). */
        int c = (int)(((gint64)ply * columns + n - 1) / n) - 1;
        mvaddch(line + drawn, column + margin + 2 + c, '^' | A_BOLD);
    }
}

/* The status and message lines of a review: the move, its verdict, the
 * engine's move and the start of its line. */
static void draw_review_text(ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    const DojoReview *review = ui->review;
    int ply = ui->review_ply;
    g_autoptr(GString) text = g_string_new(NULL);
    if (ply == 0) {
        g_string_printf(text, "Review: the start (%d moves)", review->n_moves);
    } else {
        g_string_printf(text, "Review: position %d of %d, after ", ply, review->n_moves);
        dojo_review_format_numbered(ui->state->game, ply - 1, false, text);
    }
    g_string_append(text, ui->review_play ? "   Left/Right step, Home/End, p play on, q quit"
                                          : "   Left/Right step, Home/End, q back");
    attron(A_BOLD);
    put_text(l->status_line, 0, l->width, text->str);
    attroff(A_BOLD);
    int line = l->message_line;
    int last = l->command_line;   /* the keys are in the status line */
    if (ply > 0 && ply - 1 < review->n_reviewed && line <= last) {
        g_string_assign(text, "Verdict: ");
        dojo_review_format_verdict(review, ply - 1, text);
        put_text(line++, 0, l->width, text->str);
    }
    const void *pos = shown_pos(ui);
    if (ply < review->n_reviewed && review->moves[ply].best != DJ_MOVE_NONE && line <= last) {
        const DojoReviewMove *move = &review->moves[ply];
        g_string_assign(text, "Best here: ");
        ui->state->variant->format_move(pos, move->best, text);
        g_string_append(text, ", ");
        dojo_format_score(ui->state->variant, pos, move->line, move->line_length, move->before,
                          false, text);
        g_string_append(text, "; line ");
        dojo_format_pv(ui->state->variant, pos, move->line, MIN(move->line_length, 4), text);
        put_text(line++, 0, l->width, text->str);
    }
    if (ply == review->n_moves && dj_game_outcome(ui->state->game) != DJ_OUTCOME_ONGOING
        && line <= last) {
        const char *reason = dj_game_outcome_reason(ui->state->game);
        g_string_printf(text, "Game over: %s%s%s.",
                        dj_outcome_result_text(dj_game_outcome(ui->state->game)),
                        reason != NULL ? ", " : "", reason != NULL ? reason : "");
        put_text(line++, 0, l->width, text->str);
    }
}

/* "+0.31 [=====|---]": the evaluation for side 0, as a bar too. */
static void append_eval_bar(const ScreenUi *ui, GString *out)
{
    const DjSearchInfo *info = &ui->think_info;
    const void *root = ui->think_root;
    int to_move = ui->state->variant->side_to_move(root);
    int score = to_move == 0 ? info->score : -info->score;
    g_string_append_printf(out, "%s ", ui->state->variant->side_names[0]);
    dojo_format_score(ui->state->variant, root, info->pv, info->pv_length, info->score,
                      to_move != 0, out);
    int clamped = CLAMP(score, -400, 400);
    int filled = (clamped + 400) * 10 / 800;
    g_string_append(out, " [");
    for (int i = 0; i < 10; i++)
        g_string_append_c(out, i < filled ? '=' : '-');
    g_string_append_c(out, ']');
}

static void draw_status(ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    g_autoptr(GString) text = g_string_new(NULL);
    if (ui->thinking && ui->show_engine) {
        g_string_append(text, ui->think_label != NULL ? "Thinking: " : "Looking for a hint: ");
        if (ui->have_think) {
            g_string_append_printf(text, "depth %d  ", ui->think_info.depth);
            append_eval_bar(ui, text);
            g_string_append(text, "  ");
            dojo_format_pv(ui->state->variant, ui->think_root, ui->think_info.pv,
                           MIN(ui->think_info.pv_length, 4), text);
        } else {
            g_string_append(text, "...");
        }
    } else {
        play_append_turn(ui->state, text);
        if (text->len > 0 && text->str[text->len - 1] == '\n')
            g_string_truncate(text, text->len - 1);
        /* Over: the board says how, after the box that said it is closed. */
        play_append_result(ui->state, text);
        if (side_to_move_in_check(ui))
            g_string_append(text, "  Check!");
        if (ui->paused)
            g_string_append(text, "  Paused (space goes on)");
    }
    /* A build of endgame tables in the background (play_tables.h). */
    if (ui->state->tables != NULL && play_tables_building(ui->state->tables)) {
        g_string_append(text, "  ");
        play_tables_append_status(ui->state->tables, text);
    }
    attron(A_BOLD);
    put_text(l->status_line, 0, l->width, text->str);
    attroff(A_BOLD);
}

static void draw_messages(ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    int n = (int)ui->messages->len;
    int shown = MIN(n, l->message_lines);
    for (int i = 0; i < shown; i++) {
        const char *message = g_ptr_array_index(ui->messages, n - shown + i);
        put_text(l->message_line + i, 0, l->width, message);
    }
}

static const char keys_text[] =
    "arrows/hjkl move  Enter pick  : type  u undo  t hint  f flip  r resign  q quit  ? help";

static void draw_command_line(ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    if (!ui->editing) {
        attron(A_DIM);
        put_text(l->command_line, 0, l->width - 1,
                 ui->state->variant->view_squares != NULL ? keys_text
                 : ": type a move or a command  ? help  q quit");
        attroff(A_DIM);
        curs_set(0);
        return;
    }
    const char *prompt = ui->prompt != NULL ? ui->prompt : "> ";
    int prompt_columns = text_columns(prompt);
    put_text(l->command_line, 0, l->width - 1, prompt);
    /* A line longer than the window is shown from where the cursor fits. */
    g_autofree char *before = g_strndup(ui->edit.text->str, ui->edit.cursor);
    int room = l->width - 1 - prompt_columns;
    int cursor_at = text_columns(before);   /* from the start of the shown part */
    const char *shown = ui->edit.text->str;
    while (cursor_at > room && *shown != '\0') {
        cursor_at -= char_columns(shown);
        shown = g_utf8_next_char(shown);
    }
    put_text(l->command_line, prompt_columns, room, shown);
    int cursor_column = prompt_columns + cursor_at;
    curs_set(1);
    move(l->command_line, MIN(cursor_column, l->width - 1));
}

/* A box over the board holding `text`'s lines from `first` on. */
static void draw_box(ScreenUi *ui, const char *title, const char *text, int first)
{
    const ScreenLayout *l = &ui->layout;
    int n = 0;
    g_auto(GStrv) lines = split_lines(text, &n);
    int width = text_columns(title) + 4;
    for (int i = 0; i < n; i++)
        width = MAX(width, text_columns(lines[i]) + 4);
    width = MIN(width, l->width);
    int height = MIN(n + 2, l->height - 1);
    int top = MAX(0, (l->height - 1 - height) / 2);
    int left = MAX(0, (l->width - width) / 2);
    for (int y = top; y < top + height; y++)
        mvhline(y, left, ' ', width);
    attron(A_BOLD);
    mvaddch(top, left, ACS_ULCORNER);
    mvhline(top, left + 1, ACS_HLINE, width - 2);
    mvaddch(top, left + width - 1, ACS_URCORNER);
    mvaddch(top + height - 1, left, ACS_LLCORNER);
    mvhline(top + height - 1, left + 1, ACS_HLINE, width - 2);
    mvaddch(top + height - 1, left + width - 1, ACS_LRCORNER);
    mvvline(top + 1, left, ACS_VLINE, height - 2);
    mvvline(top + 1, left + width - 1, ACS_VLINE, height - 2);
    put_text(top, left + 2, width - 4, title);
    attroff(A_BOLD);
    for (int i = 0; i < height - 2 && first + i < n; i++)
        put_text(top + 1 + i, left + 2, width - 4, lines[first + i]);
}

static void draw_overlay(ScreenUi *ui)
{
    switch (ui->overlay) {
    case OVERLAY_TEXT:
        draw_box(ui, "Space/Enter: close, arrows: scroll", ui->overlay_text, ui->overlay_scroll);
        break;
    case OVERLAY_CONFIRM:
        draw_box(ui, "y: yes, n: no", ui->overlay_text, 0);
        break;
    case OVERLAY_OVER:
        draw_box(ui, "Game over", ui->overlay_text, 0);
        break;
    case OVERLAY_CHOICE: {
        g_autoptr(GString) text = g_string_new(NULL);
        const void *pos = shown_pos(ui);
        for (int i = 0; i < ui->n_choices; i++) {
            g_string_append_printf(text, "%s %d. ", i == ui->choice_at ? ">" : " ", i + 1);
            ui->state->variant->format_move(pos, ui->choices[i], text);
            if (ui->state->variant->describe_move != NULL) {
                g_autoptr(GString) what = g_string_new(NULL);
                ui->state->variant->describe_move(pos, ui->choices[i], what);
                if (what->len > 0)
                    g_string_append_printf(text, "  (%s)", what->str);
            }
            g_string_append_c(text, '\n');
        }
        draw_box(ui, "Which move? (number or arrows + Enter, Esc: none)", text->str, 0);
        break;
    }
    case OVERLAY_NONE:
    default:
        break;
    }
}

static void draw_too_small(ScreenUi *ui)
{
    const ScreenLayout *l = &ui->layout;
    int need_columns = l->needed_width;
    int need_lines = l->needed_height;
    g_autofree char *text = g_strdup_printf(
        "The window is %dx%d; %s needs at least %dx%d. Make it larger (or play with --line); "
        "q quits.", l->width, l->height, ui->state->variant->title, need_columns, need_lines);
    /* Wrapped by hand: the window may be narrower than the sentence. */
    int width = MAX(l->width, 1);
    int length = (int)strlen(text);
    for (int at = 0, line = 0; at < length && line < l->height; at += width, line++) {
        g_autofree char *piece = g_strndup(text + at, (gsize)width);
        mvaddstr(line, 0, piece);
    }
}

void screen_draw(ScreenUi *ui)
{
    erase();
    if (ui->layout.too_small) {
        draw_too_small(ui);
        curs_set(0);
        refresh();
        return;
    }
    const DjVariant *variant = ui->state->variant;
    if (variant->view_squares != NULL) {
        int squares = variant->board_width * variant->board_height;
        g_autofree DjSquareView *view = g_new0(DjSquareView, squares);
        DjRenderStyle style = view_style(ui);
        variant->view_squares(shown_pos(ui), &style, view);
        draw_grid(ui, view);
        draw_squares(ui, view);
        draw_side_panel(ui);
    } else {
        /* A game that cannot be drawn in parts: its own drawing, plain. */
        g_autoptr(GString) board = g_string_new(NULL);
        DjRenderStyle style = view_style(ui);
        variant->render(shown_pos(ui), &style, board);
        draw_block(0, 0, ui->layout.width, board->str, ui->layout.status_line);
    }
    draw_move_list(ui);
    draw_engine_panel(ui);
    if (ui->review != NULL) {
        const ScreenLayout *l = &ui->layout;
        int graph = review_graph_lines(ui);
        if (l->list_width > 0)
            draw_review_graph(ui, l->status_line - graph, l->list_left, l->list_width);
        else
            draw_review_graph(ui, l->status_line - graph, l->side_left, l->side_width);
        draw_review_text(ui);
        draw_overlay(ui);
        curs_set(0);
    } else {
        draw_status(ui);
        draw_messages(ui);
        draw_overlay(ui);
        draw_command_line(ui);
    }
    refresh();
}
