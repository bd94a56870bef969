/* views.c: see views.h. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tests/conformance/views.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PLIES 200

/* The styles a front end may ask for: colour, traditional, either side at
 * the bottom. */
#define N_STYLES 8

static DjRenderStyle style_number(int i)
{
    return (DjRenderStyle){
        .color = (i & 1) != 0,
        .traditional = (i & 2) != 0,
        .last_move = DJ_MOVE_NONE,
        .bottom_side = (i >> 2) & 1,
    };
}

int conf_columns(const char *text, gssize len, bool skip_escapes)
{
    const char *end = NULL;
    if (!g_utf8_validate(text, len, &end))
        return -1;
    int columns = 0;
    for (const char *p = text; p < end; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        if (c == 0x1b && skip_escapes && p + 1 < end && p[1] == '[') {
            /* ESC [ parameters, then one letter: a colour, nothing shown */
            p += 2;
            while (p < end && !g_ascii_isalpha(*p))
                p++;
            if (p == end)
                return -1;
            continue;
        }
        if (!g_unichar_isprint(c) && !g_unichar_iszerowidth(c))
            return -1;
        columns += g_unichar_iszerowidth(c) ? 0 : g_unichar_iswide(c) ? 2 : 1;
    }
    return columns;
}

/* ---- squares -------------------------------------------------------------- */

/* view_squares(pos) in `style`, into a fresh array (g_free it), every entry
 * first filled with garbage so that an entry left unwritten shows. */
static DjSquareView *view_of(const DjVariant *v, const void *pos, const DjRenderStyle *style)
{
    int n = v->board_width * v->board_height;
    DjSquareView *view = g_new(DjSquareView, n);
    memset(view, 0x5a, sizeof *view * (size_t)n);
    v->view_squares(pos, style, view);
    return view;
}

static void append_square(const DjVariant *v, int sq, GString *out)
{
    g_string_append_printf(out, "%c%d", 'a' + sq % v->board_width, sq / v->board_width + 1);
}

static char *square_name(const DjVariant *v, int sq)
{
    GString *name = g_string_new(NULL);
    append_square(v, sq, name);
    return g_string_free(name, FALSE);
}

/* One style's view on its own: glyphs, sides, royals. */
static void check_one_view(const ConfWhere *where, const DjSquareView *view, int style_index,
                           const int start_royals[2], bool ongoing)
{
    const DjVariant *v = where->variant;
    int n = v->board_width * v->board_height;
    int width = 0, royals[2] = { 0, 0 };
    for (int sq = 0; sq < n; sq++) {
        const DjSquareView *s = &view[sq];
        char *name = square_name(v, sq);
        CONF_CHECK(where, memchr(s->glyph, '\0', DJ_GLYPH_MAX) != NULL,
                   "the glyph on %s (style %d) is not NUL-terminated", name, style_index);
        CONF_CHECK(where, s->side >= -1 && s->side <= 1, "the side on %s is %d", name, s->side);
        CONF_CHECK(where, (s->side == -1) == (s->glyph[0] == '\0'),
                   "on %s (style %d) side is %d but the glyph is \"%s\": side is -1 exactly "
                   "where no piece stands", name, style_index, s->side, s->glyph);
        CONF_CHECK(where, !s->royal || s->side >= 0, "the empty square %s is royal", name);
        if (s->side >= 0) {
            int columns = conf_columns(s->glyph, -1, false);
            CONF_CHECK(where, columns == 1 || columns == 2,
                       "the glyph \"%s\" on %s (style %d) is %d columns wide (-1: not printable "
                       "UTF-8): a glyph is 1 or 2 columns, with no escapes", s->glyph, name,
                       style_index, columns);
            CONF_CHECK(where, width == 0 || columns == width,
                       "the glyph \"%s\" on %s (style %d) is %d columns wide, others %d: the "
                       "glyphs of one style have one width, so that the board lines up",
                       s->glyph, name, style_index, columns, width);
            width = columns;
            CONF_CHECK(where, strspn(s->glyph, " ") < strlen(s->glyph),
                       "the glyph on %s (style %d) is blank", name, style_index);
            royals[s->side] += s->royal;
        }
        g_free(name);
    }
    for (int side = 0; side < 2; side++) {
        if (ongoing && start_royals[side] == 1)
            CONF_CHECK(where, royals[side] == 1,
                       "%s began with one royal piece but has %d while the game goes on (style %d)",
                       v->side_names[side], royals[side], style_index);
    }
}

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The sorted (origin, destination) pairs of the legal moves of the ongoing
 * `pos`, squares turned half around when `turn`; *n gets how many, *squared
 * whether any move names a square.  A pair is encoded as
 * (origin + 1) * (squares + 1) + destination + 1. */
static int *move_squares(const DjVariant *v, const void *pos, bool turn, int *n, bool *squared)
{
    int squares = v->board_width * v->board_height;
    DjMove *moves = conf_legal_moves(v, pos, n);
    int *pairs = g_new(int, *n + 1);
    for (int i = 0; i < *n; i++) {
        int from = v->move_origin(pos, moves[i]);
        int to = v->move_destination(pos, moves[i]);
        *squared = *squared || from >= 0 || to >= 0;
        if (turn) {
            from = from >= 0 ? squares - 1 - from : from;
            to = to >= 0 ? squares - 1 - to : to;
        }
        pairs[i] = (from + 1) * (squares + 1) + to + 1;
    }
    g_free(moves);
    qsort(pairs, (size_t)*n, sizeof *pairs, compare_ints);
    return pairs;
}

/* Whether `image` = mirror(pos) is `pos` turned half around with the
 * colours swapped, told by the rules alone (never by the view under test):
 * the other side moves, and the legal moves' squares are pos's turned half
 * around.  false where that cannot be told (a finished game, moves that
 * name no square). */
static bool is_half_turn(const DjVariant *v, const void *pos, const void *image)
{
    if (v->move_destination == NULL || v->side_to_move(image) == v->side_to_move(pos)
        || dj_position_outcome(v, pos) != DJ_OUTCOME_ONGOING
        || dj_position_outcome(v, image) != DJ_OUTCOME_ONGOING)
        return false;
    int n = 0, image_n = 0;
    bool squared = false;
    int *turned = move_squares(v, pos, true, &n, &squared);
    int *theirs = move_squares(v, image, false, &image_n, &squared);
    bool same = squared && n == image_n && memcmp(turned, theirs, sizeof *turned * (size_t)n) == 0;
    g_free(turned);
    g_free(theirs);
    return same;
}

static void check_mirror_view(const ConfWhere *where, const void *pos, int style_index)
{
    const DjVariant *v = where->variant;
    if (v->mirror == NULL)
        return;
    void *image = g_malloc(v->state_size);
    v->mirror(pos, image);
    if (!is_half_turn(v, pos, image)) {
        g_free(image);
        return;
    }
    DjRenderStyle style = style_number(style_index);
    DjSquareView *view = view_of(v, pos, &style);
    DjSquareView *turned = view_of(v, image, &style);
    int n = v->board_width * v->board_height;
    for (int sq = 0; sq < n; sq++) {
        const DjSquareView *a = &view[sq], *b = &turned[n - 1 - sq];
        char *name = square_name(v, sq), *image_name = square_name(v, n - 1 - sq);
        CONF_CHECK(where, b->side == (a->side < 0 ? -1 : 1 - a->side),
                   "%s has side %d but %s of the mirror image (the board turned half around, "
                   "colours swapped) has side %d", name, a->side, image_name, b->side);
        CONF_CHECK(where, a->royal == b->royal && a->special == b->special,
                   "%s is%s royal and%s special, but %s of the mirror image is%s royal and%s "
                   "special", name, a->royal ? "" : " not", a->special ? "" : " not",
                   image_name, b->royal ? "" : " not", b->special ? "" : " not");
        CONF_CHECK(where, conf_columns(a->glyph, -1, false) == conf_columns(b->glyph, -1, false),
                   "the glyph \"%s\" on %s and \"%s\" on %s of the mirror image differ in width",
                   a->glyph, name, b->glyph, image_name);
        g_free(name);
        g_free(image_name);
    }
    g_free(view);
    g_free(turned);
    g_free(image);
}

void conf_check_view_squares(const ConfWhere *where, const void *pos, const void *start)
{
    const DjVariant *v = where->variant;
    if (v->view_squares == NULL)
        return;
    int n = v->board_width * v->board_height;
    int start_royals[2] = { 0, 0 };
    DjRenderStyle plain = style_number(0);
    DjSquareView *first = view_of(v, start, &plain);
    for (int sq = 0; sq < n; sq++) {
        if (first[sq].side >= 0 && first[sq].side <= 1)
            start_royals[first[sq].side] += first[sq].royal;
    }
    g_free(first);

    bool ongoing = dj_position_outcome(v, pos) == DJ_OUTCOME_ONGOING;
    DjSquareView *reference = view_of(v, pos, &plain);
    for (int i = 0; i < N_STYLES; i++) {
        DjRenderStyle style = style_number(i);
        DjSquareView *view = view_of(v, pos, &style);
        check_one_view(where, view, i, start_royals, ongoing);
        for (int sq = 0; sq < n; sq++) {
            char *name = square_name(v, sq);
            CONF_CHECK(where, view[sq].side == reference[sq].side
                                  && view[sq].royal == reference[sq].royal
                                  && view[sq].special == reference[sq].special,
                       "%s has another side, royal or special in style %d than in style 0: "
                       "the style changes only how pieces are drawn", name, i);
            g_free(name);
        }
        g_free(view);
    }
    g_free(reference);
    check_mirror_view(where, pos, 0);
    check_mirror_view(where, pos, 2);
}

/* ---- text in lines -------------------------------------------------------- */

/* Each line of `text` ends with a newline and is printable UTF-8 at most
 * `max` columns wide (escapes skipped when `escapes`); `what` names it. */
static void check_lines(const ConfWhere *where, const char *text, int max, bool escapes,
                        const char *what)
{
    size_t len = strlen(text);
    CONF_CHECK(where, len == 0 || text[len - 1] == '\n',
               "%s does not end with a newline: \"%s\"", what, text);
    for (const char *line = text; *line != '\0';) {
        const char *end = strchr(line, '\n');
        if (end == NULL)
            end = text + len;
        int columns = conf_columns(line, end - line, escapes);
        CONF_CHECK(where, columns >= 0,
                   "a line of %s is not printable UTF-8 (a control character, an escape): "
                   "\"%.*s\"", what, (int)(end - line), line);
        CONF_CHECK(where, columns <= max, "a line of %s is %d columns wide, more than %d: \"%.*s\"",
                   what, columns, max, (int)(end - line), line);
        line = *end == '\n' ? end + 1 : end;
    }
}

void conf_check_holdings(const ConfWhere *where, const void *pos)
{
    const DjVariant *v = where->variant;
    if (v->render_holdings == NULL)
        return;
    for (int i = 0; i < N_STYLES; i++) {
        DjRenderStyle style = style_number(i);
        for (int side = -1; side <= 1; side++) {
            GString *out = g_string_new(NULL);
            v->render_holdings(pos, &style, side, out);
            char *what = g_strdup_printf("render_holdings (side %d, style %d)", side, i);
            check_lines(where, out->str, DJ_HOLDINGS_COLUMNS, false, what);
            g_free(what);
            g_string_free(out, TRUE);
        }
    }
}

void conf_check_legend(const ConfWhere *where, const void *pos)
{
    const DjVariant *v = where->variant;
    if (v->render_legend == NULL)
        return;
    for (int i = 0; i < N_STYLES; i++) {
        DjRenderStyle style = style_number(i);
        GString *legend = g_string_new(NULL);
        v->render_legend(&style, legend);
        char *what = g_strdup_printf("render_legend (style %d)", i);
        check_lines(where, legend->str, CONF_LEGEND_COLUMNS, style.color, what);
        g_free(what);
        if (!style.color) {
            /* render() draws the position alone: no line of the legend */
            GString *drawing = g_string_new(NULL);
            v->render(pos, &style, drawing);
            char **lines = g_strsplit(legend->str, "\n", -1);
            for (char **line = lines; *line != NULL; line++) {
                const char *words = *line + strspn(*line, " ");
                CONF_CHECK(where, *words == '\0' || strstr(drawing->str, words) == NULL,
                           "render() (style %d) still draws the legend's line \"%s\": the "
                           "legend is render_legend's alone", i, words);
            }
            g_strfreev(lines);
            g_string_free(drawing, TRUE);
        }
        g_string_free(legend, TRUE);
    }
}

void conf_check_views_games(const DjVariant *v, guint32 base, int games)
{
    if (v->view_squares == NULL && v->render_holdings == NULL && v->render_legend == NULL)
        return;
    for (int game = 0; game < games; game++) {
        guint32 seed = conf_game_seed(base, game);
        ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
        ConfWhere where = { v, seed, game, 0, NULL };
        const void *start = conf_line_position(line, 0);
        for (int ply = 0; ply <= line->n_plies; ply++) {
            where.ply = ply;
            where.pos = conf_line_position(line, ply);
            conf_check_view_squares(&where, where.pos, start);
            conf_check_holdings(&where, where.pos);
            /* the legend once a game, and on its last position */
            if (ply == 0 || ply == line->n_plies)
                conf_check_legend(&where, where.pos);
        }
        conf_line_free(line);
    }
}
