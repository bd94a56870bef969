/* move_count.c: forced results and move numbers in each game's count (see
 * move_count.h). */
#include "framework/move_count.h"

#include <stdlib.h>

int dj_result_count(const DjVariant *variant, int plies, int own_moves)
{
    return variant->move_count == DJ_MOVE_COUNT_PLIES ? plies : own_moves;
}

void dj_result_format(const DjVariant *variant, bool win, int plies, int own_moves,
                      GString *out)
{
    if (plies <= 0) {
        g_string_append(out, win ? "won" : "lost");
        return;
    }
    /* Where a result ends the game by check, players call it mate. */
    bool mate = variant->in_check != NULL;
    const char *words = win ? (mate ? "mate in" : "win in") : (mate ? "mated in" : "loses in");
    g_string_append_printf(out, "%s %d", words, dj_result_count(variant, plies, own_moves));
}

int dj_result_count_of_engine_mate(const DjVariant *variant, int mate)
{
    int moves = abs(mate);
    int plies = mate > 0 ? 2 * moves - 1 : 2 * moves;
    int count = dj_result_count(variant, MAX(plies, 0), moves);
    return mate < 0 ? -count : count;
}

int dj_move_number_of(const DjVariant *variant, const void *pos)
{
    if (variant->move_number == NULL)
        return 1;
    /* room to number a game's moves on from it without overflow */
    return CLAMP(variant->move_number(pos), 1, G_MAXINT / 2);
}
