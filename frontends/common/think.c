/* think.c: principal variations and search status lines. */
#include "frontends/common/think.h"

#include <string.h>

#include "framework/move_count.h"
#include "framework/notation.h"
#include "framework/search/score.h"
#include "framework/turn.h"
#include "frontends/common/output.h"

static bool move_is_legal(const DjVariant *variant, const void *pos, DjMove move,
                          DjMove *scratch)
{
    int n = variant->legal_moves(pos, scratch);
    for (int i = 0; i < n; i++) {
        if (scratch[i] == move)
            return true;
    }
    return false;
}

/* The walk behind both: `engine` picks engine notation. */
static void format_line(const DjVariant *variant, const void *root, const DjMove *pv, int n_pv,
                        bool engine, GString *out)
{
    g_autofree void *pos = g_memdup2(root, variant->state_size);
    g_autofree DjMove *scratch = g_new(DjMove, variant->max_moves);
    /* For people, the moves of one turn are joined as records join them
     * ("c1-c5, /e5 c7-c6, /f3") in a game of compound turns. */
    bool join_turns = !engine && dj_turn_is_compound(variant);
    int previous = -1;
    for (int i = 0; i < n_pv; i++) {
        if (dj_position_outcome(variant, pos) != DJ_OUTCOME_ONGOING
            || !move_is_legal(variant, pos, pv[i], scratch))
            break;
        int mover = variant->side_to_move(pos);
        if (i > 0)
            g_string_append(out, join_turns && mover == previous ? ", " : " ");
        previous = mover;
        if (engine)
            dj_format_move_engine(variant, pos, pv[i], out);
        else
            variant->format_move(pos, pv[i], out);
        variant->play(pos, pv[i]);
    }
}

void dojo_format_pv(const DjVariant *variant, const void *root, const DjMove *pv, int n_pv,
                    GString *out)
{
    format_line(variant, root, pv, n_pv, false, out);
}

void dojo_format_pv_engine(const DjVariant *variant, const void *root, const DjMove *pv,
                           int n_pv, GString *out)
{
    format_line(variant, root, pv, n_pv, true, out);
}

void dojo_format_score(const DjVariant *variant, const void *pos, const DjMove *line,
                       int n_line, int score, bool turned, GString *out)
{
    int plies = 0;
    if (!dj_score_is_decisive(score, &plies)) {
        dj_score_format(turned ? -score : score, out);
        return;
    }
    /* With compound turns "win in N" counts the side's turns, not its moves. */
    int own = dj_turn_is_compound(variant) ? dj_turn_count_own(variant, pos, line, n_line, plies)
                                           : dj_line_own_moves(variant, pos, line, n_line, plies);
    dj_result_format(variant, (score > 0) != turned, plies, own, out);
}

void dojo_format_info_score(const DjVariant *variant, const void *root,
                            const DjSearchInfo *info, GString *out)
{
    if (info->tablebase && info->score == DJ_SCORE_DRAW)
        g_string_append(out, "draw");
    else if (info->tablebase && !dj_score_is_decisive(info->score, NULL))
        /* a table without distances: the result, but not how far */
        g_string_append(out, info->score > 0 ? "win" : "loss");
    else
        dojo_format_score(variant, root, info->pv, info->pv_length, info->score, false, out);
    if (info->tablebase)
        g_string_append(out, " (tablebase)");
}

void dojo_format_search_info(const DjVariant *variant, const void *root,
                             const DjSearchInfo *info, GString *out)
{
    g_string_append_printf(out, "depth %2d  score ", info->depth);
    dojo_format_info_score(variant, root, info, out);
    g_string_append_printf(out, "  nodes %" G_GUINT64_FORMAT "  nps ", (guint64)info->nodes);
    dojo_output_rate(info->nodes, (double)info->elapsed_ms / 1000.0, out);
    if (info->tbhits > 0)
        g_string_append_printf(out, "  tbhits %" G_GUINT64_FORMAT, (guint64)info->tbhits);
    g_string_append(out, "  pv ");
    dojo_format_pv(variant, root, info->pv, info->pv_length, out);
}

void dojo_think_display_init(DojoThinkDisplay *display, const DjVariant *variant,
                             const void *root, FILE *out, bool live)
{
    memset(display, 0, sizeof *display);
    display->variant = variant;
    display->root = root;
    display->out = out;
    display->live = live;
}

void dojo_think_report(const DjSearchInfo *info, void *user_data)
{
    DojoThinkDisplay *display = user_data;
    display->last = *info;
    display->have_last = true;
    if (!display->live)
        return;
    g_autoptr(GString) line = g_string_new("thinking: ");
    dojo_format_search_info(display->variant, display->root, info, line);
    /* A line that wraps could not be rewritten in place with \r. */
    int width = dojo_output_columns(display->out) - 1;
    g_autoptr(GString) shown = g_string_new(NULL);
    dojo_output_sanitize(line->str, width - 3, shown);
    fprintf(display->out, "\r\033[K%s", shown->str);
    fflush(display->out);
    display->shown = true;
}

void dojo_think_display_end(DojoThinkDisplay *display, const char *label)
{
    if (display->live) {
        if (display->shown)
            fputs("\r\033[K", display->out);
        display->shown = false;
        fflush(display->out);
    }
    if (!display->have_last || label == NULL)
        return;
    g_autoptr(GString) line = g_string_new(NULL);
    g_string_append_printf(line, "%s: ", label);
    dojo_format_search_info(display->variant, display->root, &display->last, line);
    fprintf(display->out, "%s\n", line->str);
}

void dojo_format_verdict(const DjVariant *variant, const void *root, DjMove move,
                         const DjSearchInfo *info, GString *out)
{
    /* With compound turns the whole turn the search chose: its first move
     * and the rest of it from the line (turn.h). */
    bool whole_turn = dj_turn_is_compound(variant) && info->pv_length > 1
                      && info->pv[0] == move
                      && dj_turn_length(variant, root, info->pv, info->pv_length) > 1;
    if (whole_turn)
        dj_turn_format(variant, root, info->pv, info->pv_length, out);
    else
        variant->format_move(root, move, out);
    /* A description is of one move: not of a turn's first part alone. */
    if (variant->describe_move != NULL && !whole_turn) {
        g_autoptr(GString) description = g_string_new(NULL);
        variant->describe_move(root, move, description);
        if (description->len > 0)
            g_string_append_printf(out, " (%s)", description->str);
    }
    if (info->depth > 0) {
        g_string_append(out, ", score ");
        dojo_format_info_score(variant, root, info, out);
        g_string_append_printf(out, " at depth %d", info->depth);
    }
}
