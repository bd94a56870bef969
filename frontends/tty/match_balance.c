/* match_balance.c: searching a random opening to see that it is even. */
#include "match_balance.h"

#include <stdlib.h>
#include <string.h>

#include "framework/search/search.h"

/* Enough for the default node limit many times over; small, since a match
 * keeps it for its whole length and clears it before every search. */
#define BALANCE_TABLE_MB 16

struct DojoMatchBalance {
    int max_cp;
    guint64 nodes;
    GMutex lock;        /* a DjSearch is used by one thread at a time */
    DjSearch *search;   /* under the lock */
};

DojoMatchBalance *dojo_match_balance_new(const DjVariant *variant, int max_cp, guint64 nodes)
{
    g_return_val_if_fail(variant->evaluate != NULL, NULL);
    DojoMatchBalance *balance = g_new0(DojoMatchBalance, 1);
    balance->max_cp = max_cp;
    balance->nodes = nodes;
    g_mutex_init(&balance->lock);
    balance->search = dj_search_new(variant, BALANCE_TABLE_MB);
    return balance;
}

void dojo_match_balance_free(DojoMatchBalance *balance)
{
    if (balance == NULL)
        return;
    dj_search_free(balance->search);
    g_mutex_clear(&balance->lock);
    g_free(balance);
}

int dojo_match_balance_max_cp(const DojoMatchBalance *balance)
{
    return balance->max_cp;
}

bool dojo_match_balance_accepts(DojoMatchBalance *balance, const DjGame *game)
{
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    DjSearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = balance->nodes;
    DjSearchInfo info;
    memset(&info, 0, sizeof info);
    g_mutex_lock(&balance->lock);
    /* What earlier searches left in the table, killers and history would
     * change this one: cleared, the verdict is the position's alone. */
    dj_search_clear(balance->search);
    dj_search_run(balance->search, dj_game_position(game), line, n_line, &limits, NULL, NULL,
                  &info);
    g_mutex_unlock(&balance->lock);
    /* No finished iteration: no verdict, so not kept. */
    return info.depth > 0 && !dj_score_is_decisive(info.score, NULL)
        && abs(info.score) <= balance->max_cp;
}
