/* soak: many complete games of every registered variant, checking the
 * conformance invariants on every move.
 *
 *   soak [--games N] [--seconds T] [--depth D] [--margin M] [--variant NAME]
 *        [--seed S] [--max-plies P] [--game G]
 *
 * Each game is played through DjGame by the shared search at a fixed low
 * depth (default 2), choosing at random among the root moves whose exact
 * score is within --margin (default 50) of the best, so that games differ;
 * --depth 0 plays uniformly random legal moves instead.  A computer player
 * claims a draw as soon as the rules allow it, as `dojo play --watch` does.
 * Games end by the rules or are cut after --max-plies plies (default 300).
 *
 * Without --games each variant plays until its share of the time budget is
 * spent: --seconds T per variant, by default 60 seconds shared out among the
 * variants that run, so the default run takes about a minute.
 *
 * Game G of a run depends only on the seed, G and the variant (the search's
 * table is cleared before every game), so a failure reported as "seed S game
 * G" is replayed alone by `soak --variant NAME --seed S --game G ...` with the
 * same --depth, --margin and --max-plies.
 *
 * Checked before every move (the position P, its legal moves, the move M
 * chosen) and after it:
 *   - key(P) == compute_key(P); side_to_move(P) is 0 or 1;
 *   - format_position(P) is accepted by setup() and gives the same key and
 *     the same text;
 *   - legal moves: between 0 and max_moves, equal to dj_count_moves, all
 *     distinct, none DJ_MOVE_NONE or >= dj_variant_move_limit(); noisy_moves (when
 *     supplied) is exactly the legal moves for which is_noisy holds;
 *     move_origin is -1 or a square of the board;
 *   - evaluate(P) strictly inside +-DJ_SCORE_EVAL_MAX;
 *   - every legal move: format_move text parses back to the same move;
 *     playing it on a copy leaves P's bytes unchanged and the copy's key
 *     equal to its compute_key;
 *   - M is one of the legal moves (the search's best move too);
 *   - dj_game_play(M) gives the same bytes as playing M on a copy;
 *     dj_game_undo gives back P's bytes and length, and playing M again the
 *     same bytes as before the undo;
 *   - dj_game_outcome agrees with dj_position_outcome and with the
 *     repetition rule worked out here from the game line; the line holds
 *     each position's key and in-check flag; a repeated key never comes
 *     back with the other side to move; dj_game_repetitions and
 *     dj_game_can_claim_draw agree with the count made here;
 *   - at the end: dj_record_format -> dj_record_parse replays the same
 *     moves to the same final key, position text and result, and formats
 *     to the same text.
 *
 * Prints one line per variant (games, moves, wins per side, draws, cut
 * games, failures, time, games per second) and every failure with the seed,
 * game number, ply and position string (the first 20 per variant).  Exits 1
 * if any invariant failed, 2 on bad arguments. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "bench/bench_common.h"
#include "framework/game_history.h"
#include "framework/notation.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "framework/search/search.h"
#include "tests/oracle/outcome_oracle.h"

#define DEFAULT_DEPTH 2
#define DEFAULT_MARGIN 50
#define DEFAULT_MAX_PLIES 300
#define DEFAULT_TOTAL_SECONDS 60.0
#define FAILURES_SHOWN 20
#define DEFAULT_SHUFFLE_PERCENT 20
#define TABLE_MB 2
#define REPLY_SCAN_MAX_MOVES 64

typedef struct SoakOptions {
    gint64 games;          /* per variant; 0: until the time budget is spent */
    double seconds;        /* per variant; 0: DEFAULT_TOTAL_SECONDS shared out */
    int depth;             /* 0: random legal moves */
    int margin;
    char *variant;         /* NULL: all */
    guint64 seed;
    int max_plies;
    gint64 only_game;      /* -1: all games */
    int shuffle_percent;   /* games in which both sides take moves back */
} SoakOptions;

typedef struct SoakTotals {
    gint64 games, moves;
    gint64 wins[2], draws, draws_claimed, cut;
    gint64 shuffle_games, by_repetition;
    gint64 failures;
    gint64 failed_games;
    guint64 searches, nodes;
    double seconds;
} SoakTotals;

/* What one variant's soak needs, allocated once. */
typedef struct Soak {
    const DjVariant *v;
    const SoakOptions *options;
    SoakTotals totals;
    DjSearch *search;
    gint64 game_number;
    int ply;
    void *scratch;          /* state_size bytes each */
    void *child;
    void *before;
    DjMove *moves;          /* max_moves each */
    DjMove *sorted;
    DjMove *noisy;
    uint64_t *child_keys;   /* key after each of soak->moves */
    GString *text;
    GString *text2;
} Soak;

/* ---- reporting a failure ---------------------------------------------------------- */

/* Record a failed invariant in position `pos` (may be NULL) and print it;
 * always returns false so that checks can `return fail(...)`. */
static bool fail(Soak *soak, const void *pos, const char *format, ...) G_GNUC_PRINTF(3, 4);

static bool fail(Soak *soak, const void *pos, const char *format, ...)
{
    soak->totals.failures++;
    if (soak->totals.failures > FAILURES_SHOWN)
        return false;
    va_list args;
    va_start(args, format);
    char *what = g_strdup_vprintf(format, args);
    va_end(args);
    GString *where = g_string_new(NULL);
    if (pos != NULL)
        soak->v->format_position(pos, where);
    const SoakOptions *o = soak->options;
    printf("FAIL %s seed %" G_GUINT64_FORMAT " game %" G_GINT64_FORMAT " ply %d: %s\n"
           "     position: %s\n"
           "     replay: soak --variant %s --seed %" G_GUINT64_FORMAT " --game %" G_GINT64_FORMAT
           " --depth %d --margin %d --max-plies %d --shuffle %d\n",
           soak->v->name, o->seed, soak->game_number, soak->ply, what,
           pos != NULL ? where->str : "(none)", soak->v->name, o->seed, soak->game_number,
           o->depth, o->margin, o->max_plies, o->shuffle_percent);
    fflush(stdout);
    g_string_free(where, TRUE);
    g_free(what);
    return false;
}

/* ---- checks on one position ----------------------------------------------------------- */

static bool check_key_and_text(Soak *soak, const void *pos)
{
    const DjVariant *v = soak->v;
    if (v->key(pos) != v->compute_key(pos))
        return fail(soak, pos, "key() %016" G_GINT64_MODIFIER "x != compute_key() %016"
                    G_GINT64_MODIFIER "x", (guint64)v->key(pos), (guint64)v->compute_key(pos));
    int side = v->side_to_move(pos);
    if (side != 0 && side != 1)
        return fail(soak, pos, "side_to_move() is %d", side);

    g_string_truncate(soak->text, 0);
    v->format_position(pos, soak->text);
    DjSetup setup = { .position = soak->text->str };
    GError *error = NULL;
    if (!v->setup(soak->scratch, &setup, &error)) {
        bool ok = fail(soak, pos, "setup() refuses the position's own text: %s",
                       error != NULL ? error->message : "(no message)");
        g_clear_error(&error);
        return ok;
    }
    if (v->key(soak->scratch) != v->key(pos))
        return fail(soak, pos, "the position text sets up a position with another key");
    g_string_truncate(soak->text2, 0);
    v->format_position(soak->scratch, soak->text2);
    if (strcmp(soak->text->str, soak->text2->str) != 0)
        return fail(soak, pos, "the position text sets up a position written as %s",
                    soak->text2->str);
    return true;
}

static int compare_moves(const void *a, const void *b)
{
    DjMove x = *(const DjMove *)a, y = *(const DjMove *)b;
    return (x > y) - (x < y);
}

/* Whether `move` is among the `n` sorted moves. */
static bool sorted_contains(const DjMove *sorted, int n, DjMove move)
{
    return bsearch(&move, sorted, (size_t)n, sizeof *sorted, compare_moves) != NULL;
}

/* The legal moves of an ongoing `pos` into soak->moves (and sorted into
 * soak->sorted); returns their count, or -1 after a failure. */
static int check_move_list(Soak *soak, const void *pos)
{
    const DjVariant *v = soak->v;
    int n = v->legal_moves(pos, soak->moves);
    if (n < 0 || n > v->max_moves)
        return fail(soak, pos, "legal_moves() returned %d (max_moves %d)", n, v->max_moves), -1;
    int counted = dj_count_moves(v, pos);
    if (counted != n)
        return fail(soak, pos, "dj_count_moves() is %d but legal_moves() gives %d", counted, n), -1;
    memcpy(soak->sorted, soak->moves, (size_t)n * sizeof(DjMove));
    qsort(soak->sorted, (size_t)n, sizeof(DjMove), compare_moves);
    for (int i = 0; i < n; i++) {
        if (soak->sorted[i] == DJ_MOVE_NONE || soak->sorted[i] >= dj_variant_move_limit(v))
            return fail(soak, pos, "legal move %u is out of range", soak->sorted[i]), -1;
        if (i > 0 && soak->sorted[i] == soak->sorted[i - 1])
            return fail(soak, pos, "legal move %u is listed twice", soak->sorted[i]), -1;
    }
    int squares = v->board_width * v->board_height;
    int n_noisy_expected = 0;
    for (int i = 0; i < n; i++) {
        int origin = v->move_origin(pos, soak->moves[i]);
        if (origin < -1 || origin >= squares)
            return fail(soak, pos, "move_origin() of move %u is %d", soak->moves[i], origin), -1;
        n_noisy_expected += v->is_noisy != NULL && v->is_noisy(pos, soak->moves[i]);
    }
    if (v->noisy_moves != NULL) {
        int n_noisy = v->noisy_moves(pos, soak->noisy);
        if (n_noisy != n_noisy_expected)
            return fail(soak, pos, "noisy_moves() gives %d moves, is_noisy() holds for %d",
                        n_noisy, n_noisy_expected), -1;
        for (int i = 0; i < n_noisy; i++) {
            if (!sorted_contains(soak->sorted, n, soak->noisy[i])
                || !v->is_noisy(pos, soak->noisy[i]))
                return fail(soak, pos, "noisy_moves() gives move %u, which is not a legal move "
                            "for which is_noisy() holds", soak->noisy[i]), -1;
        }
    }
    return n;
}

/* Every legal move of `pos` (soak->moves[0..n)) as text and played on a copy. */
static bool check_each_move(Soak *soak, const void *pos, int n)
{
    const DjVariant *v = soak->v;
    memcpy(soak->before, pos, v->state_size);
    for (int i = 0; i < n; i++) {
        DjMove move = soak->moves[i];
        g_string_truncate(soak->text, 0);
        v->format_move(pos, move, soak->text);
        DjMove parsed = DJ_MOVE_NONE;
        GError *error = NULL;
        if (!v->parse_move(pos, soak->text->str, &parsed, &error)) {
            bool ok = fail(soak, pos, "move text %s is refused: %s", soak->text->str,
                           error != NULL ? error->message : "(no message)");
            g_clear_error(&error);
            return ok;
        }
        if (parsed != move)
            return fail(soak, pos, "move text %s parses to move %u, not %u", soak->text->str,
                        parsed, move);
        if (strchr(soak->text->str, ' ') != NULL || soak->text->len == 0)
            return fail(soak, pos, "move text '%s' is not one token", soak->text->str);

        memcpy(soak->child, pos, v->state_size);
        v->play(soak->child, move);
        if (memcmp(pos, soak->before, v->state_size) != 0)
            return fail(soak, soak->before, "playing %s on a copy changed the original",
                        soak->text->str);
        if (v->key(soak->child) != v->compute_key(soak->child))
            return fail(soak, pos, "after %s key() != compute_key()", soak->text->str);
        soak->child_keys[i] = v->key(soak->child);
    }
    return true;
}

/* All checks on the current position of `game`.  Returns the number of
 * legal moves (left in soak->moves; 0 when the game is over by the
 * position), or -1 after a failure. */
static int check_position(Soak *soak, const DjGame *game)
{
    const DjVariant *v = soak->v;
    const void *pos = dj_game_position(game);
    if (!check_key_and_text(soak, pos))
        return -1;
    if (v->outcome(pos) != DJ_OUTCOME_ONGOING)
        return 0;
    int n = check_move_list(soak, pos);
    if (n <= 0)
        return n;
    int score = v->evaluate != NULL ? v->evaluate(pos) : 0;
    if (score <= -DJ_SCORE_EVAL_MAX || score >= DJ_SCORE_EVAL_MAX)
        return fail(soak, pos, "evaluate() is %d", score), -1;
    if (!check_each_move(soak, pos, n))
        return -1;
    return n;
}

/* The line, the outcome, the repetition count and the draw claim of `game`,
 * which has no result set by dj_game_set_result. */
static bool check_outcome(Soak *soak, const DjGame *game)
{
    const DjVariant *v = soak->v;
    const void *pos = dj_game_position(game);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    int length = dj_game_length(game);
    if (n_line != length + 1)
        return fail(soak, pos, "the game line has %d entries after %d moves", n_line, length);
    if (line[length].key != v->key(pos))
        return fail(soak, pos, "the game line's last key is not the position's key");
    bool in_check = v->in_check != NULL && v->in_check(pos);
    if (line[length].in_check != in_check)
        return fail(soak, pos, "the game line's in-check flag is %d, in_check() says %d",
                    line[length].in_check, in_check);
    if (line[length].side != v->side_to_move(pos))
        return fail(soak, pos, "the game line's side to move is %d, side_to_move() says %d",
                    line[length].side, v->side_to_move(pos));
    for (int k = length - 1; k >= 0; k--) {
        if (line[k].key == line[length].key && line[k].side != line[length].side)
            return fail(soak, pos, "the key of ply %d comes back at ply %d with the other side "
                        "to move", k, length);
    }

    int occurrences = 0;
    DjOutcome expected = oracle_expected_outcome(game, &occurrences);
    DjOutcome outcome = dj_game_outcome(game);
    if (outcome != expected)
        return fail(soak, pos, "dj_game_outcome() is %s, the rules give %s",
                    dj_outcome_result_text(outcome), dj_outcome_result_text(expected));
    /* The position alone: the variant's outcome(), else no legal move loses. */
    DjOutcome position_expected = v->outcome(pos);
    if (position_expected == DJ_OUTCOME_ONGOING && dj_count_moves(v, pos) == 0)
        position_expected = dj_outcome_win_for(1 - v->side_to_move(pos));
    DjOutcome by_position = dj_position_outcome(v, pos);
    if (by_position != position_expected)
        return fail(soak, pos, "dj_position_outcome() is %s, the rules give %s",
                    dj_outcome_result_text(by_position), dj_outcome_result_text(position_expected));
    if ((outcome == DJ_OUTCOME_ONGOING) != (dj_game_outcome_reason(game) == NULL))
        return fail(soak, pos, "the outcome %s comes with reason %s",
                    dj_outcome_result_text(outcome),
                    dj_game_outcome_reason(game) != NULL ? dj_game_outcome_reason(game) : "NULL");
    if (dj_game_repetitions(game) != occurrences)
        return fail(soak, pos, "dj_game_repetitions() is %d, the line shows %d",
                    dj_game_repetitions(game), occurrences);
    bool can_claim = outcome == DJ_OUTCOME_ONGOING && v->repetition_claim > 0
                     && occurrences >= v->repetition_claim;
    if (dj_game_can_claim_draw(game) != can_claim)
        return fail(soak, pos, "dj_game_can_claim_draw() is %d after %d occurrences",
                    dj_game_can_claim_draw(game), occurrences);
    return true;
}

/* ---- choosing and playing a move -------------------------------------------------------- */

/* A move that takes back the mover's previous move, or DJ_MOVE_NONE.  With
 * Zobrist keys a move toggles the same features as its reverse, so after
 * positions A, B, C (the mover's move A->B, the reply B->C) the take-back
 * leads to a key of C ^ B ^ A.  Only a way to steer games into repetitions:
 * nothing is checked against it. */
static DjMove take_back_move(Soak *soak, const DjGame *game, int n, GRand *rand)
{
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    if (n_line < 3)
        return DJ_MOVE_NONE;
    uint64_t target = line[n_line - 1].key ^ line[n_line - 2].key ^ line[n_line - 3].key;
    int found = 0;
    DjMove chosen = DJ_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        /* a uniform choice among the matches, in one pass */
        if (soak->child_keys[i] == target && g_rand_int_range(rand, 0, ++found) == 0)
            chosen = soak->moves[i];
    }
    return chosen;
}

/* Whether `key` is the key of a position of the game line before the last. */
static bool occurred_before(const DjHistoryEntry *line, int n_line, uint64_t key)
{
    for (int k = 0; k < n_line - 1; k++) {
        if (line[k].key == key)
            return true;
    }
    return false;
}

/* A move after which a position of the game comes back at once, or after
 * some reply; DJ_MOVE_NONE if there is none.  Replies are looked at only
 * for games with few moves (2 plies of a wide game cost too much). */
static DjMove repeating_move(Soak *soak, const DjGame *game, int n)
{
    const DjVariant *v = soak->v;
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    for (int i = 0; i < n; i++) {
        if (occurred_before(line, n_line, soak->child_keys[i]))
            return soak->moves[i];
    }
    if (v->max_moves > REPLY_SCAN_MAX_MOVES)
        return DJ_MOVE_NONE;
    const void *pos = dj_game_position(game);
    DjMove *replies = soak->noisy;
    void *grandchild = soak->scratch;
    for (int i = 0; i < n; i++) {
        memcpy(soak->child, pos, v->state_size);
        v->play(soak->child, soak->moves[i]);
        if (v->outcome(soak->child) != DJ_OUTCOME_ONGOING)
            continue;
        int n_replies = v->legal_moves(soak->child, replies);
        for (int r = 0; r < n_replies; r++) {
            memcpy(grandchild, soak->child, v->state_size);
            v->play(grandchild, replies[r]);
            if (occurred_before(line, n_line, v->key(grandchild)))
                return soak->moves[i];
        }
    }
    return DJ_MOVE_NONE;
}

/* A move for the current position (which has `n` legal moves in
 * soak->moves, sorted in soak->sorted), or DJ_MOVE_NONE after a failure.
 * From ply `shuffle_from` on (-1: never) a move that repeats a position or
 * takes back the mover's last move is played when there is one. */
static DjMove choose_move(Soak *soak, const DjGame *game, int n, int shuffle_from, GRand *rand)
{
    const void *pos = dj_game_position(game);
    if (shuffle_from >= 0 && dj_game_length(game) >= shuffle_from) {
        DjMove back = repeating_move(soak, game, n);
        if (back == DJ_MOVE_NONE)
            back = take_back_move(soak, game, n, rand);
        if (back != DJ_MOVE_NONE)
            return back;
    }
    if (soak->options->depth == 0)
        return soak->moves[g_rand_int_range(rand, 0, n)];
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    DjSearchLimits limits = { .depth = soak->options->depth, .all_root_scores = true };
    DjSearchInfo info;
    DjMove best = dj_search_run(soak->search, pos, line, n_line, &limits, NULL, NULL, &info);
    soak->totals.searches++;
    soak->totals.nodes += info.nodes;
    if (!sorted_contains(soak->sorted, n, best))
        return fail(soak, pos, "the search chose move %u, which is not legal", best), DJ_MOVE_NONE;
    if (info.depth == 0)
        return best;
    int n_root = dj_search_root_scores(soak->search, NULL, NULL, 0);
    if (n_root != n)
        return fail(soak, pos, "the search has %d root moves, the position %d", n_root, n),
               DJ_MOVE_NONE;
    int *scores = g_new(int, n_root);
    dj_search_root_scores(soak->search, soak->noisy, scores, n_root);
    int candidates = 0;
    for (int i = 0; i < n_root; i++) {
        if (scores[i] >= scores[0] - soak->options->margin)
            candidates++;
    }
    DjMove chosen = soak->noisy[g_rand_int_range(rand, 0, candidates)];
    g_free(scores);
    if (!sorted_contains(soak->sorted, n, chosen))
        return fail(soak, pos, "the search scored move %u, which is not legal", chosen),
               DJ_MOVE_NONE;
    return chosen;
}

/* Play `move` in `game` and check undo and replay. */
static bool play_checked(Soak *soak, DjGame *game, DjMove move)
{
    const DjVariant *v = soak->v;
    size_t size = v->state_size;
    memcpy(soak->before, dj_game_position(game), size);
    memcpy(soak->child, soak->before, size);
    v->play(soak->child, move);
    int length = dj_game_length(game);
    GError *error = NULL;
    if (!dj_game_play(game, move, &error)) {
        bool ok = fail(soak, soak->before, "dj_game_play() refuses move %u: %s", move,
                       error->message);
        g_error_free(error);
        return ok;
    }
    if (dj_game_length(game) != length + 1 || dj_game_last_move(game) != move)
        return fail(soak, soak->before, "after dj_game_play() the game does not end with the move");
    if (memcmp(dj_game_position(game), soak->child, size) != 0)
        return fail(soak, soak->before, "dj_game_play() gives other bytes than play() on a copy");
    if (!dj_game_undo(game))
        return fail(soak, soak->before, "dj_game_undo() refuses after a move");
    if (dj_game_length(game) != length || memcmp(dj_game_position(game), soak->before, size) != 0)
        return fail(soak, soak->before, "dj_game_undo() does not give back the position");
    if (dj_game_outcome(game) != DJ_OUTCOME_ONGOING)
        return fail(soak, soak->before, "after dj_game_undo() the game is over");
    if (!dj_game_play(game, move, &error)) {
        bool ok = fail(soak, soak->before, "replaying move %u after undo is refused: %s", move,
                       error->message);
        g_error_free(error);
        return ok;
    }
    if (memcmp(dj_game_position(game), soak->child, size) != 0)
        return fail(soak, soak->before, "replaying a move after undo gives other bytes");
    return true;
}

/* ---- the record -------------------------------------------------------------------------- */

static bool check_record(Soak *soak, const DjGame *game)
{
    const DjVariant *v = soak->v;
    const void *final = dj_game_position(game);
    GString *record = g_string_new(NULL);
    dj_record_format(game, record);
    GError *error = NULL;
    DjGame *again = dj_record_parse(record->str, &error);
    bool ok = true;
    if (again == NULL) {
        ok = fail(soak, final, "the game's record does not load: %s", error->message);
        g_error_free(error);
        g_string_free(record, TRUE);
        return ok;
    }
    int length = dj_game_length(game);
    if (dj_game_variant(again) != v || dj_game_length(again) != length) {
        ok = fail(soak, final, "the record loads as %d moves of %s", dj_game_length(again),
                  dj_game_variant(again)->name);
    } else {
        for (int ply = 0; ply < length && ok; ply++) {
            if (dj_game_move_at(again, ply) != dj_game_move_at(game, ply))
                ok = fail(soak, final, "the record's move at ply %d is another move", ply);
        }
    }
    const void *final_again = dj_game_position(again);
    if (ok && v->key(final_again) != v->key(final))
        ok = fail(soak, final, "the record replays to a position with another key");
    if (ok) {
        g_string_truncate(soak->text, 0);
        v->format_position(final, soak->text);
        g_string_truncate(soak->text2, 0);
        v->format_position(final_again, soak->text2);
        if (strcmp(soak->text->str, soak->text2->str) != 0)
            ok = fail(soak, final, "the record replays to %s", soak->text2->str);
    }
    if (ok && dj_game_outcome(again) != dj_game_outcome(game))
        ok = fail(soak, final, "the record's result is %s, the game's %s",
                  dj_outcome_result_text(dj_game_outcome(again)),
                  dj_outcome_result_text(dj_game_outcome(game)));
    if (ok) {
        GString *record2 = g_string_new(NULL);
        dj_record_format(again, record2);
        if (strcmp(record->str, record2->str) != 0)
            ok = fail(soak, final, "the loaded record formats to other text");
        g_string_free(record2, TRUE);
    }
    dj_game_free(again);
    g_string_free(record, TRUE);
    return ok;
}

/* ---- one game ---------------------------------------------------------------------------- */

typedef enum GameEnd { GAME_BY_RULES, GAME_CLAIMED, GAME_CUT, GAME_FAILED } GameEnd;

/* Seeded by the run's seed, the variant and the game number only. */
static GRand *game_rand(const Soak *soak)
{
    guint64 seed = soak->options->seed;
    guint32 words[4] = {
        (guint32)seed, (guint32)(seed >> 32), g_str_hash(soak->v->name),
        (guint32)soak->game_number,
    };
    return g_rand_new_with_seed_array(words, G_N_ELEMENTS(words));
}

static GameEnd play_game(Soak *soak)
{
    const DjVariant *v = soak->v;
    GRand *rand = game_rand(soak);
    DjSetup setup = { .seed = ((guint64)g_rand_int(rand) << 32) | g_rand_int(rand) };
    GError *error = NULL;
    soak->ply = 0;
    DjGame *game = dj_game_new(v, &setup, &error);
    if (game == NULL) {
        fail(soak, NULL, "a new game is refused: %s", error->message);
        g_error_free(error);
        g_rand_free(rand);
        return GAME_FAILED;
    }
    if (soak->search != NULL)
        dj_search_clear(soak->search);
    /* Some games turn into shuffling back and forth after a while, so that
     * the repetition rules are played out. */
    int shuffle_from = -1;
    if (g_rand_int_range(rand, 0, 100) < soak->options->shuffle_percent) {
        shuffle_from = g_rand_int_range(rand, 4, 40);
        soak->totals.shuffle_games++;
    }

    GameEnd end = GAME_FAILED;
    for (;;) {
        soak->ply = dj_game_length(game);
        if (!check_outcome(soak, game))
            break;
        int n = check_position(soak, game);
        if (n < 0)
            break;
        if (dj_game_outcome(game) != DJ_OUTCOME_ONGOING) {
            end = GAME_BY_RULES;
            break;
        }
        if (dj_game_can_claim_draw(game)) {
            dj_game_set_result(game, DJ_OUTCOME_DRAW, "a draw was claimed");
            if (dj_game_outcome(game) != DJ_OUTCOME_DRAW) {
                fail(soak, dj_game_position(game), "a claimed draw does not end the game");
                break;
            }
            end = GAME_CLAIMED;
            break;
        }
        if (soak->ply >= soak->options->max_plies) {
            end = GAME_CUT;
            break;
        }
        DjMove move = choose_move(soak, game, n, shuffle_from, rand);
        if (move == DJ_MOVE_NONE || !play_checked(soak, game, move))
            break;
    }
    if (end != GAME_FAILED && !check_record(soak, game))
        end = GAME_FAILED;

    SoakTotals *t = &soak->totals;
    t->games++;
    t->moves += dj_game_length(game);
    DjOutcome outcome = dj_game_outcome(game);
    switch (end) {
    case GAME_BY_RULES:
        t->by_repetition += dj_position_outcome(v, dj_game_position(game)) == DJ_OUTCOME_ONGOING;
        G_GNUC_FALLTHROUGH;
    case GAME_CLAIMED:
        if (dj_outcome_winner(outcome) >= 0)
            t->wins[dj_outcome_winner(outcome)]++;
        else
            t->draws++;
        t->draws_claimed += end == GAME_CLAIMED;
        break;
    case GAME_CUT:
        t->cut++;
        break;
    case GAME_FAILED:
        t->failed_games++;
        break;
    }
    dj_game_free(game);
    g_rand_free(rand);
    return end;
}

/* ---- one variant ------------------------------------------------------------------------- */

static void soak_variant(const DjVariant *v, const SoakOptions *options, double seconds,
                         SoakTotals *totals)
{
    Soak soak = {
        .v = v,
        .options = options,
        .search = options->depth > 0 ? dj_search_new(v, TABLE_MB) : NULL,
        .scratch = g_malloc0(v->state_size),
        .child = g_malloc0(v->state_size),
        .before = g_malloc0(v->state_size),
        .moves = g_new(DjMove, v->max_moves),
        .sorted = g_new(DjMove, v->max_moves),
        .noisy = g_new(DjMove, v->max_moves),
        .child_keys = g_new(uint64_t, v->max_moves),
        .text = g_string_new(NULL),
        .text2 = g_string_new(NULL),
    };
    double start = bench_now();
    if (options->only_game >= 0) {
        soak.game_number = options->only_game;
        play_game(&soak);
    } else {
        for (soak.game_number = 0;; soak.game_number++) {
            if (options->games > 0 ? soak.game_number >= options->games
                                   : bench_now() - start >= seconds)
                break;
            play_game(&soak);
        }
    }
    soak.totals.seconds = bench_now() - start;
    *totals = soak.totals;

    dj_search_free(soak.search);
    g_free(soak.scratch);
    g_free(soak.child);
    g_free(soak.before);
    g_free(soak.moves);
    g_free(soak.sorted);
    g_free(soak.noisy);
    g_free(soak.child_keys);
    g_string_free(soak.text, TRUE);
    g_string_free(soak.text2, TRUE);
}

static void print_totals(const DjVariant *v, const SoakOptions *options, const SoakTotals *t)
{
    double per_second = t->seconds > 0 ? (double)t->games / t->seconds : 0;
    printf("%s: %" G_GINT64_FORMAT " games, %" G_GINT64_FORMAT " moves (%.1f a game); "
           "%s won %" G_GINT64_FORMAT ", %s won %" G_GINT64_FORMAT ", drawn %" G_GINT64_FORMAT
           " (claimed %" G_GINT64_FORMAT "), cut at %d plies %" G_GINT64_FORMAT "; "
           "%" G_GINT64_FORMAT " invariant failures in %" G_GINT64_FORMAT " games; "
           "%.1f s, %.1f games/s, %.0f moves/s\n",
           v->name, t->games, t->moves, t->games > 0 ? (double)t->moves / (double)t->games : 0.0,
           v->side_names[0], t->wins[0], v->side_names[1], t->wins[1], t->draws,
           t->draws_claimed, options->max_plies, t->cut, t->failures, t->failed_games,
           t->seconds, per_second, t->seconds > 0 ? (double)t->moves / t->seconds : 0.0);
    printf("%s: %" G_GINT64_FORMAT " games ended by the repetition rule, %" G_GINT64_FORMAT
           " games steered into taking moves back\n", v->name, t->by_repetition, t->shuffle_games);
    if (t->searches > 0)
        printf("%s: %" G_GUINT64_FORMAT " searches at depth %d, %.0f nodes a search\n", v->name,
               t->searches, options->depth, (double)t->nodes / (double)t->searches);
    fflush(stdout);
}

/* ---- the command line ---------------------------------------------------------------------- */

/* Whether `value`, given for `option`, is in [min, max]; says why not. */
static bool option_in_range(const char *option, gint64 value, gint64 min, gint64 max)
{
    if (value >= min && value <= max)
        return true;
    fprintf(stderr, "soak: %s wants a whole number from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT
            ", not %" G_GINT64_FORMAT " (see soak --help)\n", option, min, max, value);
    return false;
}

static bool parse_options(int argc, char **argv, SoakOptions *options)
{
    gint64 seed = -1;
    int depth = DEFAULT_DEPTH, margin = DEFAULT_MARGIN, max_plies = DEFAULT_MAX_PLIES;
    gint64 games = 0, only_game = -1;
    int shuffle_percent = DEFAULT_SHUFFLE_PERCENT;
    double seconds = 0;
    char *variant = NULL;
    GOptionEntry entries[] = {
        { "games", 0, 0, G_OPTION_ARG_INT64, &games,
          "Games per variant (default: as many as the time allows)", "N" },
        { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds,
          "Time per variant when --games is not given (default: 60 s shared out)", "T" },
        { "depth", 0, 0, G_OPTION_ARG_INT, &depth,
          "Search depth of both players; 0 plays random legal moves (default 2)", "D" },
        { "margin", 0, 0, G_OPTION_ARG_INT, &margin,
          "Choose among root moves this close to the best (default 50)", "M" },
        { "variant", 0, 0, G_OPTION_ARG_STRING, &variant,
          "Only this variant (default: every registered one)", "NAME" },
        { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the run (default: from the clock)",
          "S" },
        { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies,
          "Cut a game after this many plies (default 300)", "P" },
        { "shuffle", 0, 0, G_OPTION_ARG_INT, &shuffle_percent,
          "Percent of games in which, after a while, both sides take their moves back "
          "to reach repetitions (default 20)", "PERCENT" },
        { "game", 0, 0, G_OPTION_ARG_INT64, &only_game,
          "Play only game number G of the run (to replay a failure)", "G" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    GOptionContext *context = g_option_context_new("- play many games checking every move");
    g_option_context_add_main_entries(context, entries, NULL);
    GError *error = NULL;
    bool ok = g_option_context_parse(context, &argc, &argv, &error);
    g_option_context_free(context);
    if (!ok) {
        fprintf(stderr, "soak: %s\n", error->message);
        g_error_free(error);
        return false;
    }
    if (argc > 1)
        fprintf(stderr, "soak: unexpected argument '%s' (see soak --help)\n", argv[1]);
    else if (!(seconds >= 0 && seconds <= 1e9))
        fprintf(stderr, "soak: --seconds wants a number of seconds, 0 or more, not %g\n",
                seconds);
    if (argc > 1 || !(seconds >= 0 && seconds <= 1e9)
        || !option_in_range("--games", games, 0, G_MAXINT64)
        || !option_in_range("--depth", depth, 0, DJ_SEARCH_MAX_PLY - 1)
        || !option_in_range("--margin", margin, 0, G_MAXINT)
        || !option_in_range("--max-plies", max_plies, 0, G_MAXINT)
        || !option_in_range("--shuffle", shuffle_percent, 0, 100)
        || !option_in_range("--game", only_game, -1, G_MAXINT64)) {
        g_free(variant);
        return false;
    }
    *options = (SoakOptions){
        .games = games,
        .seconds = seconds,
        .depth = depth,
        .margin = margin,
        .variant = variant,
        .seed = seed >= 0 ? (guint64)seed : (guint64)g_get_real_time() % 1000000007u,
        .max_plies = max_plies,
        .only_game = only_game,
        .shuffle_percent = shuffle_percent,
    };
    return true;
}

int main(int argc, char **argv)
{
    SoakOptions options;
    if (!parse_options(argc, argv, &options))
        return 2;
    const DjVariant *const *all = dj_registry_all();
    const DjVariant *chosen[64];
    int n = 0;
    for (int i = 0; all[i] != NULL && n < (int)G_N_ELEMENTS(chosen); i++) {
        if (options.variant == NULL || g_ascii_strcasecmp(options.variant, all[i]->name) == 0)
            chosen[n++] = all[i];
    }
    if (n == 0) {
        fprintf(stderr, "soak: no variant called %s is built in\n", options.variant);
        g_free(options.variant);
        return 2;
    }
    double seconds = options.seconds > 0 ? options.seconds : DEFAULT_TOTAL_SECONDS / n;
    printf("soak: seed %" G_GUINT64_FORMAT ", depth %d, margin %d, max plies %d, shuffle %d%%, ",
           options.seed, options.depth, options.margin, options.max_plies,
           options.shuffle_percent);
    if (options.only_game >= 0)
        printf("game %" G_GINT64_FORMAT " only\n", options.only_game);
    else if (options.games > 0)
        printf("%" G_GINT64_FORMAT " games per variant\n", options.games);
    else
        printf("%.0f s per variant\n", seconds);
    fflush(stdout);

    gint64 failures = 0;
    for (int i = 0; i < n; i++) {
        SoakTotals totals;
        soak_variant(chosen[i], &options, seconds, &totals);
        print_totals(chosen[i], &options, &totals);
        failures += totals.failures;
    }
    printf("soak: %s\n", failures == 0 ? "every invariant held"
                                       : "INVARIANTS FAILED (see the FAIL lines above)");
    g_free(options.variant);
    return failures == 0 ? 0 : 1;
}
