/* review.c: the engine review of a game (see review.h). */
#include "frontends/tty/review.h"

#include <string.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/turn.h"
#include "frontends/common/think.h"

int dojo_review_capped(int score)
{
    if (dj_score_is_decisive(score, NULL))
        return score > 0 ? DOJO_REVIEW_CAP : -DOJO_REVIEW_CAP;
    return CLAMP(score, -DOJO_REVIEW_CAP, DOJO_REVIEW_CAP);
}

DojoReviewLabel dojo_review_label_for(int loss)
{
    if (loss >= DOJO_REVIEW_BLUNDER)
        return DOJO_REVIEW_BLUNDERED;
    if (loss >= DOJO_REVIEW_MISTAKE)
        return DOJO_REVIEW_MISTAKEN;
    if (loss >= DOJO_REVIEW_INACCURACY)
        return DOJO_REVIEW_INACCURATE;
    return DOJO_REVIEW_GOOD;
}

const char *dojo_review_label_name(DojoReviewLabel label)
{
    switch (label) {
    case DOJO_REVIEW_INACCURATE:
        return "inaccuracy";
    case DOJO_REVIEW_MISTAKEN:
        return "mistake";
    case DOJO_REVIEW_BLUNDERED:
        return "blunder";
    case DOJO_REVIEW_GOOD:
    case DOJO_REVIEW_N_LABELS:
    default:
        return "";
    }
}

static bool is_win(int score)
{
    return dj_score_is_decisive(score, NULL) && score > 0;
}

static bool is_loss(int score)
{
    return dj_score_is_decisive(score, NULL) && score < 0;
}

/* The score of the last position when the game is over there, from the
 * side to move's view; false while it goes on. */
static bool final_score(const DjGame *game, int *score)
{
    const DjVariant *variant = dj_game_variant(game);
    const void *pos = dj_game_position(game);
    DjOutcome outcome = dj_position_outcome(variant, pos);
    if (outcome == DJ_OUTCOME_ONGOING) {
        if (variant->repetition_draw == 0 || dj_game_repetitions(game) < variant->repetition_draw)
            return false;
        /* Over by repetition: what the rules make of it. */
        outcome = dj_game_outcome(game);
        if (outcome == DJ_OUTCOME_ONGOING)
            return false;
    }
    int winner = dj_outcome_winner(outcome);
    int side = variant->side_to_move(pos);
    *score = winner < 0 ? DJ_SCORE_DRAW : winner == side ? DJ_SCORE_WIN : -DJ_SCORE_WIN;
    return true;
}

static void judge(DojoReviewMove *move)
{
    move->loss = 0;
    if (move->played != move->best)
        move->loss = MAX(0, dojo_review_capped(move->before) - dojo_review_capped(move->after));
    move->label = dojo_review_label_for(move->loss);
    move->missed_win = is_win(move->before) && !is_win(move->after);
    move->forced_loss = !is_loss(move->before) && is_loss(move->after);
}

/* Compound turns: judge each whole turn reviewed on its last move (see
 * DojoReviewMove), from the search of its first position. */
static void judge_turns(DojoReview *review)
{
    const DjGame *game = review->game;
    const DjVariant *variant = dj_game_variant(game);
    for (int first = 0; first < review->n_reviewed;) {
        int mover = variant->side_to_move(dj_game_position_at(game, first));
        int last = first;
        while (last + 1 < review->n_reviewed
               && variant->side_to_move(dj_game_position_at(game, last + 1)) == mover)
            last++;
        if (last > first) {
            const DojoReviewMove *start = &review->moves[first];
            DojoReviewMove *end = &review->moves[last];
            int parts = dj_turn_length(variant, dj_game_position_at(game, first), start->line,
                                       start->line_length);
            bool as_engine = parts == last - first + 1;
            for (int p = first; p <= last && as_engine; p++)
                as_engine = review->moves[p].played == start->line[p - first];
            end->before = start->before;
            end->depth = start->depth;
            end->line_length = start->line_length;
            memcpy(end->line, start->line, sizeof end->line);
            end->best = as_engine ? end->played : start->best;
            end->turn_start = first;
            judge(end);
            for (int p = first; p < last; p++) {
                DojoReviewMove *part = &review->moves[p];
                part->in_turn = true;
                part->loss = 0;
                part->label = DOJO_REVIEW_GOOD;
                part->missed_win = false;
                part->forced_loss = false;
            }
        }
        first = last + 1;
    }
}

DojoReview *dojo_review_run(const DjGame *game, DjSearch *search, const DjSearchLimits *limits,
                            DojoReviewProgressFn progress, bool (*stop)(void), void *user_data)
{
    DojoReview *review = g_new0(DojoReview, 1);
    review->game = game;
    review->n_moves = dj_game_length(game);
    review->moves = g_new0(DojoReviewMove, MAX(review->n_moves, 1));
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    int end_score = 0;
    bool over_at_end = final_score(game, &end_score);
    dj_search_clear(search);

    for (int ply = 0; ply <= review->n_moves; ply++) {
        if (stop != NULL && stop())
            break;
        int score = end_score;
        if (ply < review->n_moves || !over_at_end) {
            DjSearchInfo info;
            memset(&info, 0, sizeof info);
            const void *pos = dj_game_position_at(game, ply);
            DjMove best = dj_search_run(search, pos, line, ply + 1, limits, NULL, NULL, &info);
            if (stop != NULL && stop())
                break;
            if (info.depth == 0) {
                /* The limits ran out before the first iteration ended (a
                 * few nodes, a position of many moves): a move of an
                 * unfinished iteration has no score to judge by, and
                 * stopping there would leave the rest of the game
                 * unreviewed.  One ply without the limits is short and
                 * always ends. */
                const DjSearchLimits one_ply = { .depth = 1 };
                memset(&info, 0, sizeof info);
                best = dj_search_run(search, pos, line, ply + 1, &one_ply, NULL, NULL, &info);
                if (stop != NULL && stop())
                    break;
            }
            if (info.depth == 0)
                break;   /* no verdict (dojo_review_run's caller says where it stopped) */
            score = info.score;
            /* The move the score belongs to: a search cut short by its
             * limits may return a move of an unfinished iteration. */
            if (info.pv_length > 0)
                best = info.pv[0];
            if (ply < review->n_moves) {
                DojoReviewMove *move = &review->moves[ply];
                move->played = dj_game_move_at(game, ply);
                move->best = best;
                move->before = score;
                move->depth = info.depth;
                move->line_length = MIN(info.pv_length, DOJO_REVIEW_MAX_LINE);
                memcpy(move->line, info.pv, sizeof(DjMove) * (size_t)move->line_length);
            } else {
                review->final_info = info;
                review->final_searched = true;
            }
        }
        if (ply > 0) {
            /* from the mover's view: the move may have given it another turn */
            bool same_side = line[ply].side == line[ply - 1].side;
            review->moves[ply - 1].after = same_side ? score : -score;
            review->moves[ply - 1].turn_start = ply - 1;
            judge(&review->moves[ply - 1]);
            review->n_reviewed = ply;
        }
        if (progress != NULL)
            progress(review->n_reviewed, review->n_moves, user_data);
    }
    if (dj_turn_is_compound(dj_game_variant(game)))
        judge_turns(review);
    return review;
}

void dojo_review_free(DojoReview *review)
{
    if (review == NULL)
        return;
    g_free(review->moves);
    g_free(review);
}

int dojo_review_side0_score(const DojoReview *review, int ply)
{
    const DjVariant *variant = dj_game_variant(review->game);
    int mover = variant->side_to_move(dj_game_position_at(review->game, ply));
    int after = review->moves[ply].after;
    return mover == 0 ? after : -after;
}

void dojo_review_format_numbered(const DjGame *game, int ply, bool describe, GString *out)
{
    const DjVariant *variant = dj_game_variant(game);
    const void *before = dj_game_position_at(game, ply);
    DjMove move = dj_game_move_at(game, ply);
    int mover = variant->side_to_move(before);
    /* numbered by turns, as records are: a side may move twice in a row */
    dj_record_append_move_number(game, ply, out);
    g_string_append_printf(out, " %s ", variant->side_names[mover]);
    variant->format_move(before, move, out);
    if (describe && variant->describe_move != NULL) {
        g_autoptr(GString) description = g_string_new(NULL);
        variant->describe_move(before, move, description);
        if (description->len > 0)
            g_string_append_printf(out, " (%s)", description->str);
    }
}

void dojo_review_format_numbered_turn(const DjGame *game, int first, int last, bool describe,
                                      GString *out)
{
    dojo_review_format_numbered(game, first, describe && first == last, out);
    const DjVariant *variant = dj_game_variant(game);
    for (int ply = first + 1; ply <= last; ply++) {
        g_string_append(out, ", ");
        variant->format_move(dj_game_position_at(game, ply), dj_game_move_at(game, ply), out);
    }
}

/* The score after move `ply` for people, from the mover's view, counted as
 * the search of the position after it counted it (in moves of the side to
 * move there, along its line): the same number that search's own verdict
 * says.  A finished game's "win in 0" reads as won. */
static void append_score_after(const DojoReview *review, int ply, GString *out)
{
    const DjGame *game = review->game;
    const DjVariant *variant = dj_game_variant(game);
    const DjMove *line = NULL;
    int n_line = 0;
    if (ply + 1 < review->n_moves) {
        line = review->moves[ply + 1].line;
        n_line = review->moves[ply + 1].line_length;
    } else if (review->final_searched) {
        line = review->final_info.pv;
        n_line = review->final_info.pv_length;
    }
    const void *pos = dj_game_position_at(game, ply + 1);
    bool same_side = variant->side_to_move(pos)
                     == variant->side_to_move(dj_game_position_at(game, ply));
    int after = review->moves[ply].after;
    dojo_format_score(variant, pos, line, n_line, same_side ? after : -after, !same_side, out);
}

void dojo_review_format_verdict(const DojoReview *review, int ply, GString *out)
{
    const DojoReviewMove *move = &review->moves[ply];
    const DjVariant *variant = dj_game_variant(review->game);
    if (move->in_turn) {
        g_string_append(out, "part of a turn: judged with its last move");
        return;
    }
    /* a whole turn's: from the position where it began */
    const void *start = dj_game_position_at(review->game, move->turn_start);
    dojo_format_score(variant, start, move->line, move->line_length, move->before, false, out);
    g_string_append(out, " -> ");
    append_score_after(review, ply, out);
    const char *words[3];
    int n_words = 0;
    if (move->label != DOJO_REVIEW_GOOD)
        words[n_words++] = dojo_review_label_name(move->label);
    if (move->missed_win)
        words[n_words++] = "missed win";
    if (move->forced_loss)
        words[n_words++] = "forced loss";
    for (int i = 0; i < n_words; i++)
        g_string_append_printf(out, "%s%s", i == 0 ? "  " : ", ", words[i]);
    if (move->played == move->best)
        return;
    const void *pos = start;
    g_string_append(out, "; best ");
    if (move->line_length > 0) {
        dojo_format_pv(variant, pos, move->line, move->line_length, out);
    } else {
        variant->format_move(pos, move->best, out);
    }
}

void dojo_review_format_summary(const DojoReview *review, GString *out)
{
    const DjVariant *variant = dj_game_variant(review->game);
    for (int side = 0; side < 2; side++) {
        int moves = 0, missed = 0, forced = 0;
        long loss = 0;
        int count[DOJO_REVIEW_N_LABELS] = { 0 };
        for (int ply = 0; ply < review->n_reviewed; ply++) {
            if (variant->side_to_move(dj_game_position_at(review->game, ply)) != side)
                continue;
            const DojoReviewMove *move = &review->moves[ply];
            if (move->in_turn)
                continue;   /* judged with its turn */
            moves++;
            loss += move->loss;
            count[move->label]++;
            missed += move->missed_win;
            forced += move->forced_loss;
        }
        g_string_append_printf(out, "%s: %d move%s, %d inaccurac%s, %d mistake%s, %d blunder%s, "
                               "%d missed win%s, %d forced loss%s; average loss %.2f per move\n",
                               variant->side_names[side], moves, moves == 1 ? "" : "s",
                               count[DOJO_REVIEW_INACCURATE],
                               count[DOJO_REVIEW_INACCURATE] == 1 ? "y" : "ies",
                               count[DOJO_REVIEW_MISTAKEN],
                               count[DOJO_REVIEW_MISTAKEN] == 1 ? "" : "s",
                               count[DOJO_REVIEW_BLUNDERED],
                               count[DOJO_REVIEW_BLUNDERED] == 1 ? "" : "s",
                               missed, missed == 1 ? "" : "s", forced, forced == 1 ? "" : "es",
                               moves > 0 ? (double)loss / moves / 100.0 : 0.0);
    }
}

/* The verdict on each reviewed move, as its record's comment. */
static void append_verdict_comment(int ply, GString *out, void *user_data)
{
    const DojoReview *review = user_data;
    if (ply < review->n_reviewed)
        dojo_review_format_verdict(review, ply, out);
}

void dojo_review_format_record(const DojoReview *review, GString *out)
{
    dj_record_format_annotated(review->game, append_verdict_comment, (void *)review, out);
}

/* A token of move text that is a move (not a move number or a result). */
static bool is_move_token(const char *token)
{
    if (token[0] == '\0')
        return false;
    DjOutcome result;
    if (dj_outcome_parse_result(token, &result))
        return false;
    const char *p = token;
    while (g_ascii_isdigit(*p))
        p++;
    if (p == token || *p != '.')
        return true;
    while (*p == '.')
        p++;
    return *p != '\0';   /* "12.ox:c1c2" holds a move */
}

GPtrArray *dojo_review_read_comments(const char *text, int n_moves)
{
    GPtrArray *comments = g_ptr_array_new_with_free_func(g_free);
    for (int i = 0; i < n_moves; i++)
        g_ptr_array_add(comments, NULL);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    int moves_seen = 0;
    for (char **l = lines; *l != NULL; l++) {
        char *content = g_strstrip(*l);
        if (content[0] == '[' || content[0] == ';')
            continue;
        char *comment = strchr(content, ';');
        if (comment != NULL)
            *comment++ = '\0';
        g_auto(GStrv) tokens = g_strsplit_set(content, " \t\r", -1);
        int on_line = 0;
        for (char **t = tokens; *t != NULL; t++)
            on_line += is_move_token(*t);
        moves_seen += on_line;
        if (comment != NULL && on_line > 0 && moves_seen <= n_moves) {
            g_free(g_ptr_array_index(comments, moves_seen - 1));
            g_ptr_array_index(comments, moves_seen - 1) = g_strdup(g_strstrip(comment));
        }
    }
    return comments;
}
