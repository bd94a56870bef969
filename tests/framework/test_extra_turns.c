/* test_extra_turns.c: the framework on a game whose sides do not alternate
 * (the toy mancala of toys.h, where the last seed in one's store gives
 * another turn).  An exact solver written here, which knows nothing of the
 * search, gives every position's result and distance to the end; the
 * search must find the same at a depth that reaches the end. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/game_history.h"
#include "framework/record.h"
#include "framework/search/search.h"
#include "tests/framework/toys.h"

#define SEED 0x3a7c2du
#define TABLE_MB 4
#define RANDOM_POSITIONS 300

static void setup_position(ToyMancala *pos, const char *text)
{
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (!toy_mancala.setup(pos, &setup, &error)) {
        fail_msg("setup \"%s\": %s", text, error != NULL ? error->message : "?");
    }
}

static char *position_text(const ToyMancala *pos)
{
    GString *out = g_string_new(NULL);
    toy_mancala.format_position(pos, out);
    return g_string_free(out, FALSE);
}

/* ---- the rules ------------------------------------------------------------ */

static void test_extra_turn_and_capture(void **state)
{
    (void)state;
    ToyMancala pos;
    setup_position(&pos, "2 2 2 2 2 2 0 0 0");
    /* b1's two seeds go to c1 and the store: side 0 moves again */
    toy_mancala.play(&pos, 2);
    char *text = position_text(&pos);
    assert_string_equal(text, "2 0 3 2 2 2 1 0 0");
    g_free(text);
    assert_int_equal(toy_mancala.side_to_move(&pos), 0);
    assert_int_equal(toy_mancala.key(&pos), toy_mancala.compute_key(&pos));

    /* a1's one seed ends in b1, empty, facing b2's two: all three captured */
    setup_position(&pos, "1 0 2 2 2 2 0 0 0");
    toy_mancala.play(&pos, 1);
    text = position_text(&pos);
    assert_string_equal(text, "0 0 2 2 0 2 3 0 1");
    g_free(text);
    assert_int_equal(toy_mancala.side_to_move(&pos), 1);
    /* North: c2's two seeds go to b2 and a2, and the turn passes */
    toy_mancala.play(&pos, 1);
    text = position_text(&pos);
    assert_string_equal(text, "0 0 2 0 1 3 3 0 0");
    g_free(text);
    assert_int_equal(toy_mancala.side_to_move(&pos), 0);
    assert_int_equal(toy_mancala.key(&pos), toy_mancala.compute_key(&pos));
}

/* ---- an exact solver -------------------------------------------------------
 * Scores in the search's units for the side to move at the position itself
 * (ply 0): a win in N plies is DJ_SCORE_WIN - N, a loss in N plies
 * -(DJ_SCORE_WIN - N), a draw 0.  Every ply counts, whoever makes it.  The
 * winner ends as fast as it can and the loser holds out as long as it can. */

typedef struct Solved {
    int score;
    int longest;   /* plies of the longest line to the end */
} Solved;

static guint64 pack(const ToyMancala *pos)
{
    guint64 code = pos->side;
    for (int i = 0; i < 2 * MANCALA_PITS; i++)
        code = code << 6 | pos->pits[i];
    return (code << 6 | pos->stores[0]) << 6 | pos->stores[1];
}

/* A score one ply further from the end. */
static int one_ply_earlier(int score)
{
    return score > 0 ? score - 1 : score < 0 ? score + 1 : 0;
}

static Solved solve(GHashTable *memo, const ToyMancala *pos)
{
    guint64 code = pack(pos);
    Solved *known = g_hash_table_lookup(memo, &code);
    if (known != NULL)
        return *known;

    Solved result = { 0, 0 };
    int side = pos->side;
    DjOutcome outcome = toy_mancala.outcome(pos);
    if (outcome != DJ_OUTCOME_ONGOING) {
        int winner = dj_outcome_winner(outcome);
        result.score = winner < 0 ? 0 : winner == side ? DJ_SCORE_WIN : -DJ_SCORE_WIN;
    } else {
        result.score = -DJ_SCORE_WIN - 1;
        for (int pit = 0; pit < MANCALA_PITS; pit++) {
            if (pos->pits[side * MANCALA_PITS + pit] == 0)
                continue;
            ToyMancala child = *pos;
            toy_mancala.play(&child, (DjMove)(pit + 1));
            Solved c = solve(memo, &child);
            int score = one_ply_earlier(c.score);
            if (child.side != side)
                score = -score;
            if (score > result.score)
                result.score = score;
            if (c.longest + 1 > result.longest)
                result.longest = c.longest + 1;
        }
    }
    guint64 *key = g_new(guint64, 1);
    *key = code;
    g_hash_table_insert(memo, key, g_memdup2(&result, sizeof result));
    return result;
}

/* The exact value of `move` in `pos`, from pos's side to move. */
static int move_value(GHashTable *memo, const ToyMancala *pos, DjMove move)
{
    ToyMancala child = *pos;
    toy_mancala.play(&child, move);
    int score = one_ply_earlier(solve(memo, &child).score);
    return child.side == pos->side ? score : -score;
}

static GHashTable *new_memo(void)
{
    return g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
}

static void test_solver_on_known_positions(void **state)
{
    (void)state;
    GHashTable *memo = new_memo();
    ToyMancala pos;
    /* one seed next to the store: sowing it ends the game, 1 against 0 */
    setup_position(&pos, "0 0 1 1 0 0 1 0 0");
    assert_int_equal(solve(memo, &pos).score, DJ_SCORE_WIN - 1);
    /* two plies, both South's: c1 into the store (another turn), then b1's
     * seed captures c2's and the game ends 3 to 0 */
    setup_position(&pos, "0 1 1 1 0 0 0 0 0");
    assert_int_equal(solve(memo, &pos).score, DJ_SCORE_WIN - 2);
    g_hash_table_destroy(memo);
}

/* ---- the search against the solver ----------------------------------------- */

static void random_position(GRand *rand, ToyMancala *pos)
{
    for (;;) {
        GString *text = g_string_new(NULL);
        for (int i = 0; i < 2 * MANCALA_PITS; i++)
            g_string_append_printf(text, "%d ", g_rand_int_range(rand, 0, 4));
        g_string_append_printf(text, "%d %d %d", g_rand_int_range(rand, 0, 3),
                               g_rand_int_range(rand, 0, 3), g_rand_int_range(rand, 0, 2));
        setup_position(pos, text->str);
        g_string_free(text, TRUE);
        int plies = g_rand_int_range(rand, 0, 6);
        for (int i = 0; i < plies && toy_mancala.outcome(pos) == DJ_OUTCOME_ONGOING; i++) {
            DjMove moves[MANCALA_PITS];
            int n = toy_mancala.legal_moves(pos, moves);
            toy_mancala.play(pos, moves[g_rand_int_range(rand, 0, n)]);
        }
        if (toy_mancala.outcome(pos) == DJ_OUTCOME_ONGOING)
            return;
    }
}

static bool is_legal(const ToyMancala *pos, DjMove move)
{
    DjMove moves[MANCALA_PITS];
    int n = toy_mancala.legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

/* Search `pos` to a depth past its longest line and compare with the solver:
 * the score (result and distance), the move's value, and a legal PV. */
static bool search_agrees(DjSearch *search, GHashTable *memo, const ToyMancala *pos)
{
    Solved exact = solve(memo, pos);
    int depth = exact.longest + 4;
    if (depth > DJ_SEARCH_MAX_PLY - 8)
        depth = DJ_SEARCH_MAX_PLY - 8;
    DjSearchLimits limits = { .depth = depth };
    DjSearchInfo info;
    DjMove move = dj_search_run(search, pos, NULL, 0, &limits, NULL, NULL, &info);
    char *text = position_text(pos);
    bool ok = true;
    if (!is_legal(pos, move)) {
        print_error("%s: illegal move %u\n", text, (unsigned)move);
        ok = false;
    } else if (info.score != exact.score) {
        print_error("%s: depth %d scores %d, the solver %d\n", text, depth, info.score,
                    exact.score);
        ok = false;
    } else if (move_value(memo, pos, move) != exact.score) {
        print_error("%s: the move %u is worth %d, the best %d\n", text, (unsigned)move,
                    move_value(memo, pos, move), exact.score);
        ok = false;
    }
    ToyMancala walk = *pos;
    for (int i = 0; ok && i < info.pv_length; i++) {
        if (toy_mancala.outcome(&walk) != DJ_OUTCOME_ONGOING || !is_legal(&walk, info.pv[i])) {
            print_error("%s: PV move %d (%u) is not legal\n", text, i, (unsigned)info.pv[i]);
            ok = false;
        } else {
            toy_mancala.play(&walk, info.pv[i]);
        }
    }
    g_free(text);
    return ok;
}

static void test_search_matches_solver(void **state)
{
    (void)state;
    GHashTable *memo = new_memo();
    DjSearch *search = dj_search_new(&toy_mancala, TABLE_MB);
    GRand *rand = g_rand_new_with_seed(SEED);

    ToyMancala pos;
    int failures = 0, extra_turn_lines = 0;
    setup_position(&pos, "2 2 2 2 2 2 0 0 0");
    failures += !search_agrees(search, memo, &pos);
    for (int i = 0; i < RANDOM_POSITIONS; i++) {
        random_position(rand, &pos);
        if (i % 3 == 0)
            dj_search_clear(search);   /* with and without what the table knows */
        failures += !search_agrees(search, memo, &pos);
        /* count positions where some move gives another turn: the test is
         * about them */
        DjMove moves[MANCALA_PITS];
        int n = toy_mancala.legal_moves(&pos, moves);
        for (int k = 0; k < n; k++) {
            ToyMancala child = pos;
            toy_mancala.play(&child, moves[k]);
            if (child.side == pos.side) {
                extra_turn_lines++;
                break;
            }
        }
    }
    if (failures > 0) {
        fail_msg("the search disagrees with the solver on %d of %d positions", failures,
                 RANDOM_POSITIONS + 1);
    }
    assert_true(extra_turn_lines > RANDOM_POSITIONS / 4);
    g_rand_free(rand);
    dj_search_free(search);
    g_hash_table_destroy(memo);
}

/* All root scores of a full-width search are exact too, extra turns or not. */
static void test_root_scores_match_solver(void **state)
{
    (void)state;
    GHashTable *memo = new_memo();
    DjSearch *search = dj_search_new(&toy_mancala, TABLE_MB);
    GRand *rand = g_rand_new_with_seed(SEED + 1);
    for (int i = 0; i < 40; i++) {
        ToyMancala pos;
        random_position(rand, &pos);
        DjSearchLimits limits = { .depth = solve(memo, &pos).longest + 4,
                                  .all_root_scores = true };
        DjSearchInfo info;
        (void)dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
        DjMove moves[MANCALA_PITS];
        int scores[MANCALA_PITS];
        int n = dj_search_root_scores(search, moves, scores, MANCALA_PITS);
        for (int k = 0; k < n; k++)
            assert_int_equal(scores[k], move_value(memo, &pos, moves[k]));
    }
    g_rand_free(rand);
    dj_search_free(search);
    g_hash_table_destroy(memo);
}

/* A mate limit, and UCI's "mate N" (dj_line_own_moves), count the root
 * side's own moves, not plies / 2: a win in two plies where the opponent's
 * forced reply ends the game is a win in one move of ours; one made of two
 * of our own moves (an extra turn) is not. */
static void test_mate_limit_counts_own_moves(void **state)
{
    (void)state;
    GHashTable *memo = new_memo();
    DjSearch *search = dj_search_new(&toy_mancala, TABLE_MB);
    GRand *rand = g_rand_new_with_seed(SEED + 3);
    const int depth = 20;
    int by_reply = 0, by_extra_turn = 0;
    for (int i = 0; i < 3000 && (by_reply < 5 || by_extra_turn < 5); i++) {
        ToyMancala pos;
        random_position(rand, &pos);
        if (solve(memo, &pos).score != DJ_SCORE_WIN - 2)
            continue;
        /* how the moves that win in two plies go on */
        int passing = 0, keeping = 0;
        DjMove moves[MANCALA_PITS];
        int n = toy_mancala.legal_moves(&pos, moves);
        for (int k = 0; k < n; k++) {
            if (move_value(memo, &pos, moves[k]) != DJ_SCORE_WIN - 2)
                continue;
            ToyMancala child = pos;
            toy_mancala.play(&child, moves[k]);
            if (child.side == pos.side)
                keeping++;
            else
                passing++;
        }
        DjSearchInfo info;
        if (keeping == 0) {
            /* one move of ours, then the opponent's reply ends it: mate 1 */
            DjSearchLimits limits = { .depth = depth, .mate = 1 };
            (void)dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
            assert_int_equal(info.score, DJ_SCORE_WIN - 2);
            assert_true(info.depth < depth);
            /* what UCI reports as "mate 1" */
            assert_int_equal(dj_line_own_moves(&toy_mancala, &pos, info.pv, info.pv_length, 2),
                             1);
            by_reply++;
        } else if (passing == 0) {
            /* two moves of ours: not within mate 1, within mate 2 */
            DjSearchLimits limits = { .depth = depth, .mate = 1 };
            (void)dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
            assert_int_equal(info.depth, depth);
            limits.mate = 2;
            (void)dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
            assert_int_equal(info.score, DJ_SCORE_WIN - 2);
            assert_true(info.depth < depth);
            /* "mate 2"; without the line the plies are taken to alternate */
            assert_int_equal(dj_line_own_moves(&toy_mancala, &pos, info.pv, info.pv_length, 2),
                             2);
            assert_int_equal(dj_line_own_moves(&toy_mancala, &pos, NULL, 0, 2), 1);
            by_extra_turn++;
        }
    }
    assert_true(by_reply >= 5);
    assert_true(by_extra_turn >= 5);
    g_rand_free(rand);
    dj_search_free(search);
    g_hash_table_destroy(memo);
}

/* The game history follows the side to move, not the ply parity. */
static void test_game_history_follows_the_side(void **state)
{
    (void)state;
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(&toy_mancala, &setup, NULL);
    assert_non_null(game);
    assert_true(dj_game_play_text(game, "b1", NULL));   /* into the store: again */
    assert_true(dj_game_play_text(game, "a1", NULL));   /* into b1 c1: North's turn */
    int n = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n);
    assert_int_equal(n, 3);
    assert_int_equal(line[0].side, 0);
    assert_int_equal(line[1].side, 0);
    assert_int_equal(line[2].side, 1);
    assert_true(dj_game_undo(game));
    assert_int_equal(toy_mancala.side_to_move(dj_game_position(game)), 0);
    /* North's pit is refused while South moves again */
    GError *error = NULL;
    assert_false(dj_game_play_text(game, "c2", &error));
    assert_non_null(error);
    g_clear_error(&error);
    dj_game_free(game);
}

/* ---- records ---------------------------------------------------------------- */

static const char *const SHORT_GAME[] = { "b1", "a1", "b2", "c2", "c1" };

static DjGame *short_game(void)
{
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(&toy_mancala, &setup, NULL);
    assert_non_null(game);
    for (size_t i = 0; i < G_N_ELEMENTS(SHORT_GAME); i++)
        assert_true(dj_game_play_text(game, SHORT_GAME[i], NULL));
    return game;
}

static DjGame *parse_record(const char *text)
{
    const DjVariant *const variants[] = { &toy_mancala, NULL };
    GError *error = NULL;
    DjGame *game = dj_record_parse_among(text, variants, &error);
    if (game == NULL) {
        fail_msg("the record was refused: %s\n%s", error->message, text);
    }
    return game;
}

static void assert_same_game(const DjGame *a, const DjGame *b)
{
    assert_int_equal(dj_game_length(a), dj_game_length(b));
    for (int ply = 0; ply <= dj_game_length(a); ply++)
        assert_memory_equal(dj_game_position_at(a, ply), dj_game_position_at(b, ply),
                            sizeof(ToyMancala));
}

/* Turns, not plies, are numbered: South's b1 gives it another turn (a1),
 * then North's b2 gives North another (c2). */
static void test_record_numbers_turns(void **state)
{
    (void)state;
    DjGame *game = short_game();
    GString *text = g_string_new(NULL);
    dj_record_format_moves(game, 0, dj_game_length(game), text);
    assert_string_equal(text->str, "1. b1, a1 b2, c2\n2. c1");

    /* one move a line (history, annotated records): numbered by turns */
    const char *const numbers[] = { "1.", "1.", "1...", "1...", "2." };
    const int turns[] = { 0, 0, 1, 1, 2 };
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        GString *number = g_string_new(NULL);
        dj_record_append_move_number(game, ply, number);
        assert_string_equal(number->str, numbers[ply]);
        assert_int_equal(dj_record_turn_index(game, ply), turns[ply]);
        g_string_free(number, TRUE);
    }

    /* a journal appends move by move and gets the same text */
    for (int k = 0; k <= dj_game_length(game); k++) {
        GString *pieces = g_string_new(NULL);
        dj_record_format_moves(game, 0, k, pieces);
        dj_record_format_moves(game, k, dj_game_length(game), pieces);
        assert_string_equal(pieces->str, text->str);
        g_string_free(pieces, TRUE);
    }

    /* the whole record reads back to the same game */
    g_string_truncate(text, 0);
    dj_record_format(game, text);
    DjGame *parsed = parse_record(text->str);
    assert_same_game(game, parsed);
    dj_game_free(parsed);

    /* a record numbered by plies, as they were written before, loads the
     * same: numbers and commas are layout only */
    parsed = parse_record("[Variant \"toy-mancala\"]\n\n1. b1 a1\n2. b2 c2\n3. c1\n*\n");
    assert_same_game(game, parsed);
    dj_game_free(parsed);
    parsed = parse_record("[Variant \"toy-mancala\"]\n\nb1, a1 , b2 ,c2 1... c1\n");
    assert_same_game(game, parsed);
    dj_game_free(parsed);

    g_string_free(text, TRUE);
    dj_game_free(game);
}

/* Random finished games round-trip through their records. */
static void test_records_round_trip(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(SEED + 2);
    for (int g = 0; g < 50; g++) {
        DjSetup setup = { 0 };
        DjGame *game = dj_game_new(&toy_mancala, &setup, NULL);
        while (dj_game_outcome(game) == DJ_OUTCOME_ONGOING) {
            DjMove moves[MANCALA_PITS];
            int n = toy_mancala.legal_moves(dj_game_position(game), moves);
            assert_true(dj_game_play(game, moves[g_rand_int_range(rand, 0, n)], NULL));
        }
        GString *text = g_string_new(NULL);
        dj_record_format(game, text);
        DjGame *parsed = parse_record(text->str);
        assert_same_game(game, parsed);
        assert_int_equal(dj_game_outcome(parsed), dj_game_outcome(game));
        dj_game_free(parsed);
        g_string_free(text, TRUE);
        dj_game_free(game);
    }
    g_rand_free(rand);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extra_turn_and_capture),
        cmocka_unit_test(test_solver_on_known_positions),
        cmocka_unit_test(test_search_matches_solver),
        cmocka_unit_test(test_root_scores_match_solver),
        cmocka_unit_test(test_mate_limit_counts_own_moves),
        cmocka_unit_test(test_game_history_follows_the_side),
        cmocka_unit_test(test_record_numbers_turns),
        cmocka_unit_test(test_records_round_trip),
    };
    return cmocka_run_group_tests_name("extra turns", tests, NULL, NULL);
}
