/* match_balance.c: searching a random opening to see that it is even. */
#include "framework/referee/match_balance.h"

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
 * for repetitions).  Its keys are random already: an order-sensitive fold
 * of them makes two openings of a match as unlikely to share 64 bits. */
static guint64 line_fingerprint(const DjHistoryEntry *line, int n_line)
{
    guint64 h = (guint64)n_line;
    for (int i = 0; i < n_line; i++)
        h = (h ^ line[i].key) * UINT64_C(0x100000001B3);
    return h;
}

/* Under the lock.  Whether the verdict on `fingerprint` is remembered,
 * with it in *accepted. */
static bool remembered(const DojoMatchBalance *balance, guint64 fingerprint, bool *accepted)
{
    for (int i = 0; i < BALANCE_MEMORY; i++) {
        const Verdict *v = &balance->memory[i];
        if (v->filled && v->fingerprint == fingerprint) {
            *accepted = v->accepted;
            return true;
        }
    }
    return false;
}

/* Under the lock: the search that judges the game, remembered. */
static bool judge(DojoMatchBalance *balance, const DjGame *game, const DjHistoryEntry *line,
                  int n_line, guint64 fingerprint)
{
    DjSearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = balance->nodes;
    DjSearchInfo info;
    memset(&info, 0, sizeof info);
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
    return accepted;
}

bool dojo_match_balance_accepts(DojoMatchBalance *balance, const DjGame *game)
{
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    guint64 fingerprint = line_fingerprint(line, n_line);
    bool accepted;
    g_mutex_lock(&balance->lock);
    if (!remembered(balance, fingerprint, &accepted))
        accepted = judge(balance, game, line, n_line, fingerprint);
    g_mutex_unlock(&balance->lock);
    return accepted;
}
