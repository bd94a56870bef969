/* turn.c: whole turns (turn.h). */
#include "framework/turn.h"

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"

bool dj_turn_is_compound(const DjVariant *variant)
{
    return variant->compound_turns && variant->extra_turns;
}

static const char *const ordinals[] = { "first", "second", "third", "fourth", "fifth" };

bool dj_game_play_turn_text(DjGame *game, const char *text, int *n_played, GError **error)
{
    const DjVariant *variant = dj_game_variant(game);
    if (n_played != NULL)
        *n_played = 0;
    if (!dj_turn_is_compound(variant) || strchr(text, ',') == NULL) {
        if (!dj_game_play_text(game, text, error))
            return false;
        if (n_played != NULL)
            *n_played = 1;
        return true;
    }
    g_auto(GStrv) parts = g_strsplit(text, ",", -1);
    int side = variant->side_to_move(dj_game_position(game));
    int played = 0;
    for (int i = 0; parts[i] != NULL; i++) {
        const char *part = g_strstrip(parts[i]);
        const char *ordinal = i < (int)G_N_ELEMENTS(ordinals) ? ordinals[i] : "next";
        GError *part_error = NULL;
        bool ok;
        if (part[0] == '\0') {
            ok = dj_error_set(&part_error, DJ_ERROR, DJ_ERROR_INVALID,
                              "the parts of a turn are moves joined by \", \"");
        } else if (played > 0
                   && (dj_game_outcome(game) != DJ_OUTCOME_ONGOING
                       || variant->side_to_move(dj_game_position(game)) != side)) {
            ok = dj_error_set(&part_error, DJ_ERROR, DJ_ERROR_ILLEGAL,
                              "the turn was over before it");
        } else {
            ok = dj_game_play_text(game, part, &part_error);
        }
        if (!ok) {
            while (played-- > 0)
                dj_game_undo(game);
            g_autofree char *quoted = dj_text_quote(part, 40);
            g_propagate_prefixed_error(error, part_error, "the %s part '%s': ", ordinal, quoted);
            return false;
        }
        played++;
    }
    if (n_played != NULL)
        *n_played = played;
    return true;
}

int dj_turn_length(const DjVariant *variant, const void *pos, const DjMove *line, int n)
{
    if (n <= 0)
        return 0;
    if (!dj_turn_is_compound(variant))
        return 1;
    int side = variant->side_to_move(pos);
    unsigned char *at = g_memdup2(pos, variant->state_size);
    int k = 0;
    while (k < n) {
        variant->play(at, line[k++]);
        if (variant->side_to_move(at) != side || dj_position_outcome(variant, at) != DJ_OUTCOME_ONGOING)
            break;
    }
    g_free(at);
    return k;
}

int dj_turn_format(const DjVariant *variant, const void *pos, const DjMove *line, int n,
                   GString *out)
{
    int k = dj_turn_length(variant, pos, line, n);
    unsigned char *at = g_memdup2(pos, variant->state_size);
    for (int i = 0; i < k; i++) {
        if (i > 0)
            g_string_append(out, ", ");
        variant->format_move(at, line[i], out);
        variant->play(at, line[i]);
    }
    g_free(at);
    return k;
}

bool dj_game_at_turn_start(const DjGame *game)
{
    const DjVariant *variant = dj_game_variant(game);
    int length = dj_game_length(game);
    if (!dj_turn_is_compound(variant) || length == 0)
        return true;
    return variant->side_to_move(dj_game_position_at(game, length - 1))
           != variant->side_to_move(dj_game_position(game));
}

int dj_turn_count_own(const DjVariant *variant, const void *root, const DjMove *line, int n,
                      int plies)
{
    unsigned char *pos = g_memdup2(root, variant->state_size);
    DjMove *moves = g_new(DjMove, variant->max_moves);
    int root_side = variant->side_to_move(root);
    int turns = 0, previous = -1, mover = root_side;
    bool following = true;   /* still on the line, with legal moves */
    for (int i = 0; i < plies; i++) {
        if (following) {
            following = i < n && dj_position_outcome(variant, pos) == DJ_OUTCOME_ONGOING;
            int k = following ? variant->legal_moves(pos, moves) : 0;
            bool legal = false;
            for (int j = 0; j < k && !legal; j++)
                legal = moves[j] == line[i];
            following = following && legal;
            mover = variant->side_to_move(pos);
            if (following)
                variant->play(pos, line[i]);
        } else {
            mover = 1 - previous;
        }
        turns += mover == root_side && mover != previous;
        previous = mover;
    }
    g_free(moves);
    g_free(pos);
    return turns;
}
