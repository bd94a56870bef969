/* tb_search.c: endgame tables as the searches see them (see tb_search.h).
 *
 * Called at the search's nodes: no GLib here but at the root, where a few
 * positions are copied. */
#include "framework/search/tb_search.h"

#include <string.h>

#include <glib.h>

bool dj_tb_search_score(DjTablebase *tables, const void *pos, int ply, int *score)
{
    int distance = -1;
    DjTbValue value = dj_tablebase_probe(tables, pos, &distance);
    switch (value) {
    case DJ_TB_WIN:
        *score = distance >= 0 ? DJ_SCORE_WIN - (ply + distance) : DJ_SCORE_TB_WIN - ply;
        return true;
    case DJ_TB_LOSS:
        *score = distance >= 0 ? -(DJ_SCORE_WIN - (ply + distance)) : -(DJ_SCORE_TB_WIN - ply);
        return true;
    case DJ_TB_DRAW:
        *score = DJ_SCORE_DRAW;
        return true;
    default:
        return false;
    }
}

/* The value of `pos` for `side` (who need not be its side to move), `ply`
 * plies from where it is counted: by its outcome when the game is over,
 * else by the tables when they keep its distance.  false when neither can
 * say. */
static bool value_for(DjTablebase *tables, const DjVariant *v, const void *pos, int side,
                      int ply, int *score, uint64_t *probes)
{
    DjOutcome outcome = dj_position_outcome(v, pos);
    if (outcome != DJ_OUTCOME_ONGOING) {
        int winner = dj_outcome_winner(outcome);
        *score = winner < 0 ? DJ_SCORE_DRAW
               : winner == side ? DJ_SCORE_WIN - ply : -(DJ_SCORE_WIN - ply);
        return true;
    }
    int distance = -1;
    DjTbValue value = dj_tablebase_probe(tables, pos, &distance);
    if (value == DJ_TB_NONE || (value != DJ_TB_DRAW && distance < 0))
        return false;
    (*probes)++;
    int mine = value == DJ_TB_DRAW ? DJ_SCORE_DRAW
             : value == DJ_TB_WIN ? DJ_SCORE_WIN - (ply + distance)
                                  : -(DJ_SCORE_WIN - (ply + distance));
    *score = v->side_to_move(pos) == side ? mine : -mine;
    return true;
}

static bool repeats(const DjHistoryEntry *line, int n_line, uint64_t key)
{
    for (int i = 0; i < n_line; i++)
        if (line[i].key == key)
            return true;
    return false;
}

/* Ranking key: wins that repeat nothing, then wins that do, then the rest;
 * inside each, by score. */
static int rank_band(int score, bool repeated)
{
    if (score >= DJ_SCORE_DECISIVE)
        return repeated ? 1 : 2;
    return 0;
}

bool dj_tb_search_rank_root(DjTablebase *tables, const DjVariant *variant, const void *root,
                            const DjHistoryEntry *line, int n_line, DjMove *moves, int *scores,
                            int n, uint64_t *probes)
{
    int distance = -1;
    DjTbValue value = dj_tablebase_probe(tables, root, &distance);
    if (value == DJ_TB_NONE || (value != DJ_TB_DRAW && distance < 0) || n <= 0)
        return false;
    (*probes)++;
    int side = variant->side_to_move(root);
    g_autofree unsigned char *child = g_malloc(variant->state_size);
    g_autofree bool *repeated = g_new0(bool, n);
    for (int i = 0; i < n; i++) {
        memcpy(child, root, variant->state_size);
        variant->play(child, moves[i]);
        if (!value_for(tables, variant, child, side, 1, &scores[i], probes))
            return false;
        repeated[i] = line != NULL && repeats(line, n_line, variant->key(child));
    }
    /* Insertion sort, stable: the rules' order among equals. */
    for (int i = 1; i < n; i++) {
        DjMove m = moves[i];
        int sc = scores[i];
        bool rep = repeated[i];
        int band = rank_band(sc, rep);
        int j = i - 1;
        while (j >= 0 && (rank_band(scores[j], repeated[j]) < band
                          || (rank_band(scores[j], repeated[j]) == band && scores[j] < sc))) {
            moves[j + 1] = moves[j];
            scores[j + 1] = scores[j];
            repeated[j + 1] = repeated[j];
            j--;
        }
        moves[j + 1] = m;
        scores[j + 1] = sc;
        repeated[j + 1] = rep;
    }
    return true;
}

int dj_tb_search_keep_value(DjTablebase *tables, const DjVariant *variant, const void *root,
                            DjMove *moves, int n, DjTbValue *value, uint64_t *probes)
{
    DjTbValue root_value = dj_tablebase_probe(tables, root, NULL);
    if (root_value == DJ_TB_NONE || n <= 0)
        return 0;
    (*probes)++;
    int side = variant->side_to_move(root);
    g_autofree unsigned char *child = g_malloc(variant->state_size);
    g_autofree int *results = g_new(int, n);   /* +1 the root side wins, 0, -1 */
    for (int i = 0; i < n; i++) {
        memcpy(child, root, variant->state_size);
        variant->play(child, moves[i]);
        DjOutcome outcome = dj_position_outcome(variant, child);
        if (outcome != DJ_OUTCOME_ONGOING) {
            int winner = dj_outcome_winner(outcome);
            results[i] = winner < 0 ? 0 : winner == side ? 1 : -1;
            continue;
        }
        DjTbValue v = dj_tablebase_probe(tables, child, NULL);
        if (v == DJ_TB_NONE)
            return 0;
        (*probes)++;
        int mine = v == DJ_TB_DRAW ? 0 : v == DJ_TB_WIN ? 1 : -1;
        results[i] = variant->side_to_move(child) == side ? mine : -mine;
    }
    int wanted = root_value == DJ_TB_WIN ? 1 : root_value == DJ_TB_DRAW ? 0 : -1;
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (results[i] == wanted)
            moves[kept++] = moves[i];
    if (kept == 0)
        return 0;   /* tables that contradict each other: the search alone */
    *value = root_value;
    return kept;
}

int dj_tb_search_line(DjTablebase *tables, const DjVariant *variant, const void *pos,
                      DjMove *pv, int max, uint64_t *probes)
{
    g_autofree unsigned char *here = g_memdup2(pos, variant->state_size);
    g_autofree unsigned char *child = g_malloc(variant->state_size);
    g_autofree DjMove *moves = g_new(DjMove, variant->max_moves);
    int length = 0;
    while (length < max && dj_position_outcome(variant, here) == DJ_OUTCOME_ONGOING) {
        int side = variant->side_to_move(here);
        int n = variant->legal_moves(here, moves);
        int best = -1, best_score = 0;
        for (int i = 0; i < n; i++) {
            memcpy(child, here, variant->state_size);
            variant->play(child, moves[i]);
            int score = 0;
            if (!value_for(tables, variant, child, side, 1, &score, probes))
                return length;
            if (best < 0 || score > best_score) {
                best = i;
                best_score = score;
            }
        }
        if (best < 0)
            break;
        pv[length++] = moves[best];
        /* A drawn line goes on for ever: its first move says it. */
        if (best_score < DJ_SCORE_DECISIVE && best_score > -DJ_SCORE_DECISIVE)
            break;
        variant->play(here, moves[best]);
    }
    return length;
}
