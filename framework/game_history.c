/* game_history.c: one game as it is played. */
#include "framework/game_history.h"

#include <stdint.h>
#include <string.h>

struct DjGame {
    const DjVariant *variant;
    GByteArray *positions;      /* (length + 1) positions of state_size bytes */
    GArray *moves;              /* DjMove, length entries */
    GArray *turns;              /* int, length entries: dj_game_turn_index */
    GArray *line;               /* DjHistoryEntry, length + 1 entries */
    GHashTable *seen;           /* key -> Occurrences, for every key in line */
    DjOutcome forced_outcome;   /* set by dj_game_set_result, or ONGOING */
    char *forced_reason;
    DjOutcome outcome;          /* kept up to date by refresh_outcome() */
    char *reason;
    GPtrArray *tag_names;       /* owned strings, NULL-terminated */
    GHashTable *tags;           /* name -> value, both owned (names shared with tag_names) */
};

/* How often a key occurs in the line, and where first.  Counting as moves
 * are played keeps loading a game linear in its length: rescanning the
 * whole line after every move made a 360,000-ply record take a minute.
 * The line cannot be cut at an irreversible move, since the contract has
 * no such notion (and a side may move twice in a row, so no parity either).
 * Positions leave the line only from its end (undo), so the first
 * occurrence of a key still present never changes. */
typedef struct Occurrences {
    uint64_t key;               /* the hash table's key points here */
    int count;
    int first;                  /* ply of the first occurrence */
} Occurrences;

static Occurrences *occurrences_of(const DjGame *game, uint64_t key)
{
    return g_hash_table_lookup(game->seen, &key);
}

static void push_position(DjGame *game, const void *pos)
{
    const DjVariant *v = game->variant;
    g_byte_array_append(game->positions, pos, (guint)v->state_size);
    DjHistoryEntry entry = {
        .key = v->key(pos),
        .in_check = v->in_check != NULL && v->in_check(pos),
        .side = (uint8_t)v->side_to_move(pos),
    };
    g_array_append_val(game->line, entry);
    Occurrences *seen = occurrences_of(game, entry.key);
    if (seen == NULL) {
        seen = g_new(Occurrences, 1);
        *seen = (Occurrences){ .key = entry.key, .count = 0, .first = (int)game->line->len - 1 };
        g_hash_table_add(game->seen, seen);
    }
    seen->count++;
}

/* Take the last position off the line (and its occurrence). */
static void pop_position(DjGame *game)
{
    guint n = game->line->len;
    uint64_t key = g_array_index(game->line, DjHistoryEntry, n - 1).key;
    Occurrences *seen = occurrences_of(game, key);
    if (--seen->count == 0)
        g_hash_table_remove(game->seen, &key);
    g_array_set_size(game->line, n - 1);
    g_byte_array_set_size(game->positions,
                          (guint)((size_t)(n - 1) * game->variant->state_size));
}

/* First ply index at which the current position occurred, and how often. */
static int count_occurrences(const DjGame *game, int *first_ply)
{
    const DjHistoryEntry *line = (const DjHistoryEntry *)game->line->data;
    const Occurrences *seen = occurrences_of(game, line[game->line->len - 1].key);
    *first_ply = seen->first;
    return seen->count;
}

static void set_outcome(DjGame *game, DjOutcome outcome, char *reason)
{
    g_free(game->reason);
    game->outcome = outcome;
    game->reason = reason;
}

static void refresh_outcome(DjGame *game)
{
    const DjVariant *v = game->variant;
    const void *pos = dj_game_position(game);

    if (game->forced_outcome != DJ_OUTCOME_ONGOING) {
        set_outcome(game, game->forced_outcome, g_strdup(game->forced_reason));
        return;
    }

    DjOutcome by_rules = v->outcome(pos);
    if (by_rules != DJ_OUTCOME_ONGOING) {
        GString *why = g_string_new(NULL);
        if (v->describe_outcome != NULL)
            v->describe_outcome(pos, why);
        if (why->len == 0) {
            int winner = dj_outcome_winner(by_rules);
            if (winner >= 0)
                g_string_printf(why, "%s wins", v->side_names[winner]);
            else
                g_string_assign(why, "the game is drawn");
        }
        set_outcome(game, by_rules, g_string_free(why, FALSE));
        return;
    }

    int mover = v->side_to_move(pos);
    if (dj_count_moves(v, pos) == 0) {
        bool checked = v->in_check != NULL && v->in_check(pos);
        set_outcome(game, dj_outcome_win_for(1 - mover),
                    g_strdup_printf("%s %s", v->side_names[mover],
                                    checked ? "is checkmated" : "has no legal move"));
        return;
    }

    int first = 0;
    int count = count_occurrences(game, &first);
    if (v->repetition_draw > 0 && count >= v->repetition_draw) {
        const DjHistoryEntry *line = (const DjHistoryEntry *)game->line->data;
        int last = (int)game->line->len - 1;
        switch (dj_repetition_judge(line, first, last, v->perpetual_check_loses)) {
        case DJ_REPETITION_MOVER_LOSES:
            set_outcome(game, dj_outcome_win_for(1 - mover),
                        g_strdup_printf("%s gave perpetual check", v->side_names[mover]));
            return;
        case DJ_REPETITION_MOVER_WINS:
            set_outcome(game, dj_outcome_win_for(mover),
                        g_strdup_printf("%s gave perpetual check", v->side_names[1 - mover]));
            return;
        case DJ_REPETITION_DRAW:
            set_outcome(game, DJ_OUTCOME_DRAW,
                        g_strdup_printf("the same position occurred %d times", count));
            return;
        }
    }
    set_outcome(game, DJ_OUTCOME_ONGOING, NULL);
}

DjGame *dj_game_new(const DjVariant *variant, const DjSetup *setup, GError **error)
{
    g_autofree void *start = g_malloc0(variant->state_size);
    if (!variant->setup(start, setup, error))
        return NULL;
    DjGame *game = g_new0(DjGame, 1);
    game->variant = variant;
    game->positions = g_byte_array_new();
    game->moves = g_array_new(FALSE, FALSE, sizeof(DjMove));
    game->turns = g_array_new(FALSE, FALSE, sizeof(int));
    game->line = g_array_new(FALSE, FALSE, sizeof(DjHistoryEntry));
    /* Occurrences start with their key, so the value is also the key. */
    game->seen = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, g_free);
    game->tag_names = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(game->tag_names, NULL);
    game->tags = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, g_free);
    push_position(game, start);
    dj_game_set_tag(game, "Variant", variant->name);
    refresh_outcome(game);
    return game;
}

void dj_game_free(DjGame *game)
{
    if (game == NULL)
        return;
    g_byte_array_unref(game->positions);
    g_array_unref(game->moves);
    g_array_unref(game->turns);
    g_array_unref(game->line);
    g_hash_table_unref(game->seen);
    g_hash_table_unref(game->tags);
    g_ptr_array_unref(game->tag_names);
    g_free(game->forced_reason);
    g_free(game->reason);
    g_free(game);
}

const DjVariant *dj_game_variant(const DjGame *game)
{
    return game->variant;
}

int dj_game_length(const DjGame *game)
{
    return (int)game->moves->len;
}

const void *dj_game_position_at(const DjGame *game, int ply)
{
    g_return_val_if_fail(ply >= 0 && ply <= dj_game_length(game), NULL);
    return game->positions->data + (size_t)ply * game->variant->state_size;
}

const void *dj_game_position(const DjGame *game)
{
    return dj_game_position_at(game, dj_game_length(game));
}

DjMove dj_game_move_at(const DjGame *game, int ply)
{
    g_return_val_if_fail(ply >= 0 && ply < dj_game_length(game), DJ_MOVE_NONE);
    return g_array_index(game->moves, DjMove, ply);
}

DjMove dj_game_last_move(const DjGame *game)
{
    int n = dj_game_length(game);
    return n == 0 ? DJ_MOVE_NONE : dj_game_move_at(game, n - 1);
}

int dj_game_turn_index(const DjGame *game, int ply)
{
    g_return_val_if_fail(ply >= 0 && ply < dj_game_length(game), 0);
    return g_array_index(game->turns, int, ply);
}

const DjHistoryEntry *dj_game_line(const DjGame *game, int *n_entries)
{
    *n_entries = (int)game->line->len;
    return (const DjHistoryEntry *)game->line->data;
}

static bool is_legal(const DjVariant *v, const void *pos, DjMove move)
{
    g_autofree DjMove *moves = g_new(DjMove, v->max_moves);
    int n = v->legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

bool dj_game_play(DjGame *game, DjMove move, GError **error)
{
    const DjVariant *v = game->variant;
    if (game->outcome != DJ_OUTCOME_ONGOING) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_GAME_OVER,
                    "The game is over (%s).", game->reason);
        return false;
    }
    const void *pos = dj_game_position(game);
    if (move == DJ_MOVE_NONE || !is_legal(v, pos, move)) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL,
                    "That move is not legal here.");
        return false;
    }
    g_autofree void *next = g_memdup2(pos, v->state_size);
    v->play(next, move);
    /* A move starts a turn when its side is not the previous move's. */
    int ply = dj_game_length(game);
    const DjHistoryEntry *line = (const DjHistoryEntry *)game->line->data;
    int turn = ply == 0 ? 0
                        : g_array_index(game->turns, int, ply - 1)
                              + (line[ply].side != line[ply - 1].side);
    g_array_append_val(game->turns, turn);
    g_array_append_val(game->moves, move);
    push_position(game, next);
    refresh_outcome(game);
    return true;
}

bool dj_game_parse_move(const DjGame *game, const char *text, DjMove *move, GError **error)
{
    if (game->outcome != DJ_OUTCOME_ONGOING) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_GAME_OVER,
                    "The game is over (%s).", game->reason);
        return false;
    }
    *move = DJ_MOVE_NONE;
    return game->variant->parse_move(dj_game_position(game), text, move, error);
}

bool dj_game_play_text(DjGame *game, const char *text, GError **error)
{
    DjMove move = DJ_MOVE_NONE;
    if (!dj_game_parse_move(game, text, &move, error))
        return false;
    return dj_game_play(game, move, error);
}

bool dj_game_undo(DjGame *game)
{
    int n = dj_game_length(game);
    if (n == 0)
        return false;
    g_array_set_size(game->moves, (guint)(n - 1));
    g_array_set_size(game->turns, (guint)(n - 1));
    pop_position(game);
    game->forced_outcome = DJ_OUTCOME_ONGOING;
    g_clear_pointer(&game->forced_reason, g_free);
    refresh_outcome(game);
    return true;
}

DjOutcome dj_game_outcome(const DjGame *game)
{
    return game->outcome;
}

const char *dj_game_outcome_reason(const DjGame *game)
{
    return game->reason;
}

int dj_game_repetitions(const DjGame *game)
{
    int first = 0;
    return count_occurrences(game, &first);
}

bool dj_game_can_claim_draw(const DjGame *game)
{
    int claim = game->variant->repetition_claim;
    return game->outcome == DJ_OUTCOME_ONGOING && claim > 0
        && dj_game_repetitions(game) >= claim;
}

void dj_game_set_result(DjGame *game, DjOutcome outcome, const char *reason)
{
    game->forced_outcome = outcome;
    g_free(game->forced_reason);
    game->forced_reason = g_strdup(outcome == DJ_OUTCOME_ONGOING ? NULL : reason);
    refresh_outcome(game);
}

void dj_game_draw_at_move_limit(DjGame *game, int max_plies, const char *prefix)
{
    g_autofree char *reason = g_strdup_printf("%sthe move limit of %d plies was reached",
                                              prefix, max_plies);
    dj_game_set_result(game, DJ_OUTCOME_DRAW, reason);
}

void dj_game_set_tag(DjGame *game, const char *name, const char *value)
{
    if (!g_hash_table_contains(game->tags, name)) {
        /* keep the NULL terminator last */
        g_ptr_array_index(game->tag_names, game->tag_names->len - 1) = g_strdup(name);
        g_ptr_array_add(game->tag_names, NULL);
        name = g_ptr_array_index(game->tag_names, game->tag_names->len - 2);
    }
    g_hash_table_insert(game->tags, (gpointer)name, g_strdup(value));
}

const char *dj_game_tag(const DjGame *game, const char *name)
{
    return g_hash_table_lookup(game->tags, name);
}

const char *const *dj_game_tag_names(const DjGame *game)
{
    return (const char *const *)game->tag_names->pdata;
}
