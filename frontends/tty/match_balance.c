/* match_balance.c: searching a random opening to see that it is even. */
#include "match_balance.h"

#include <stdlib.h>
#include <string.h>

#include "framework/search/search.h"

/* Enough for the default node limit many times over; small, since a match
 * keeps it for its whole length and clears it before every search. */
#define BALANCE_TABLE_MB 16
/* Verdicts remembered, the latest first to go: both games of a pair draw
 * the same opening, close together even when several games run at once. */
#define BALANCE_MEMORY 64

typedef struct Verdict {
    guint64 fingerprint;   /* of the game's line (line_fingerprint) */
    bool filled;
    bool accepted;
} Verdict;

struct DojoMatchBalance {
    int max_cp;
    guint64 nodes;
    GMutex lock;        /* a DjSearch is used by one thread at a time */
    DjSearch *search;   /* under the lock, as everything below */
    Verdict memory[BALANCE_MEMORY];
    int next;           /* the slot the next verdict takes */
    guint64 searches;
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

guint64 dojo_match_balance_searches(DojoMatchBalance *balance)
{
    g_mutex_lock(&balance->lock);
    guint64 searches = balance->searches;
    g_mutex_unlock(&balance->lock);
    return searches;
}

/* The verdict depends on the line alone (every position from the start,
 * for repetitions): 64 bits of it, mixed so that no two openings of a
 * match are likely to share them. */
static guint64 line_fingerprint(const DjHistoryEntry *line, int n_line)
{
    guint64 h = UINT64_C(0x9E3779B97F4A7C15) * (guint64)(n_line + 1);
    for (int i = 0; i < n_line; i++) {
        h ^= line[i].key + UINT64_C(0x9E3779B97F4A7C15) + (h << 6) + (h >> 2);
        h *= UINT64_C(0xBF58476D1CE4E5B9);
    }
    return h;
}

static const Verdict *remembered(const DojoMatchBalance *balance, guint64 fingerprint)
{
    for (int i = 0; i < BALANCE_MEMORY; i++)
        if (balance->memory[i].filled && balance->memory[i].fingerprint == fingerprint)
            return &balance->memory[i];
    return NULL;
}

bool dojo_match_balance_accepts(DojoMatchBalance *balance, const DjGame *game)
{
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    guint64 fingerprint = line_fingerprint(line, n_line);
    DjSearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = balance->nodes;
    DjSearchInfo info;
    memset(&info, 0, sizeof info);
    g_mutex_lock(&balance->lock);
    const Verdict *known = remembered(balance, fingerprint);
    if (known != NULL) {
        bool accepted = known->accepted;
        g_mutex_unlock(&balance->lock);
        return accepted;
    }
    /* What earlier searches left in the table, killers and history would
     * change this one: cleared, the verdict is the position's alone. */
    dj_search_clear(balance->search);
    dj_search_run(balance->search, dj_game_position(game), line, n_line, &limits, NULL, NULL,
                  &info);
    balance->searches++;
    /* No finished iteration: no verdict, so not kept. */
    bool accepted = info.depth > 0 && !dj_score_is_decisive(info.score, NULL)
                    && abs(info.score) <= balance->max_cp;
    balance->memory[balance->next] = (Verdict){ fingerprint, true, accepted };
    balance->next = (balance->next + 1) % BALANCE_MEMORY;
    g_mutex_unlock(&balance->lock);
    return accepted;
}
