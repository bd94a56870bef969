/* test_search_root.c: which root move the search answers when it is stopped
 * in the middle of an iteration.
 *
 * The game here is a scripted tree, "a deep threat", built so that the
 * first root move (A) is the best at every depth but its score falls at
 * depth THREAT_PLY, and the second (B) is worse at every depth, yet looks
 * better than A to a null-window search in the iteration where A's score
 * falls: B's first reply only needs to refute B a little (an upper bound of
 * 50 for B), while its second reply loses for B outright (-1000).  A search
 * stopped in the re-search that follows the fail low of A must still answer
 * A: an upper bound ranks nothing.  Every node limit is tried, so every
 * point where a search can stop is covered. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "framework/search/search.h"

#define TABLE_MB 1
#define THREAT_PLY 6          /* the ply from which A loses 300 and B 1000 */
#define SEARCH_DEPTH (THREAT_PLY + 2)
#define MOVE_A 1u             /* at the root; everywhere else the moves are 1 and 2 */
#define MOVE_B 2u
#define REPLY_HARD 2u         /* B's second reply; the first (1) refutes it only a little */

typedef struct DeepThreat {
    uint8_t ply;              /* plies from the root */
    uint8_t first;            /* the root move on the path, 0 at the root */
    uint8_t reply;            /* the reply to B on the path, 0 before it or under A */
} DeepThreat;

static int threat_side_to_move(const void *p)
{
    return ((const DeepThreat *)p)->ply & 1;
}

static int threat_legal_moves(const void *p, DjMove *out)
{
    (void)p;
    out[0] = 1;
    out[1] = 2;
    return 2;
}

static void threat_play(void *p, DjMove move)
{
    DeepThreat *pos = p;
    if (pos->ply == 0)
        pos->first = (uint8_t)move;
    else if (pos->ply == 1 && pos->first == MOVE_B)
        pos->reply = (uint8_t)move;
    pos->ply++;
}

static DjOutcome threat_outcome(const void *p)
{
    (void)p;
    return DJ_OUTCOME_ONGOING;
}

static uint64_t threat_key(const void *p)
{
    /* Positions at one ply under one path are all alike: one key for them
     * (the table merges them, which changes nothing of their values). */
    const DeepThreat *pos = p;
    uint64_t z = ((uint64_t)pos->ply << 16 | (uint64_t)pos->first << 8 | pos->reply) + 1;
    z *= 0x9e3779b97f4a7c15u;
    return z ^ (z >> 31);
}

/* From the root side's view (side 0). */
static int threat_value(const DeepThreat *pos)
{
    bool deep = pos->ply >= THREAT_PLY;
    if (pos->first == MOVE_A)
        return deep ? -300 : 100;
    if (pos->first == MOVE_B) {
        if (pos->reply == REPLY_HARD)
            return deep ? -1000 : 60;
        return 50;
    }
    return 0;
}

static int threat_evaluate(const void *p)
{
    const DeepThreat *pos = p;
    int value = threat_value(pos);
    return (pos->ply & 1) ? -value : value;
}

static bool threat_is_noisy(const void *p, DjMove move)
{
    (void)p;
    (void)move;
    return false;
}

static const DjVariant deep_threat = {
    .name = "test-deep-threat",
    .title = "Deep threat",
    .summary = "a scripted tree whose best move's score falls at one depth (a test toy)",
    .state_size = sizeof(DeepThreat),
    .max_moves = 2,
    .board_width = 1,
    .board_height = 1,
    .side_names = { "First", "Second" },
    .side_to_move = threat_side_to_move,
    .legal_moves = threat_legal_moves,
    .play = threat_play,
    .outcome = threat_outcome,
    .key = threat_key,
    .compute_key = threat_key,
    .evaluate = threat_evaluate,
    .is_noisy = threat_is_noisy,
};

static void test_scripted_tree_values(void **state)
{
    (void)state;
    /* The script itself: A leads B at every depth, and A's score falls at
     * THREAT_PLY (else the test below would test nothing). */
    g_autoptr(DjSearch) search = dj_search_new(&deep_threat, TABLE_MB);
    DeepThreat root = { 0 };
    for (int depth = 1; depth <= SEARCH_DEPTH; depth++) {
        dj_search_clear(search);
        DjSearchLimits limits = { .depth = depth, .all_root_scores = true };
        DjSearchInfo info;
        DjMove move = dj_search_run(search, &root, NULL, 0, &limits, NULL, NULL, &info);
        assert_int_equal(move, MOVE_A);
        DjMove moves[2];
        int scores[2];
        assert_int_equal(dj_search_root_scores(search, moves, scores, 2), 2);
        assert_int_equal(moves[0], MOVE_A);
        assert_int_equal(scores[0], depth >= THREAT_PLY ? -300 : 100);
        assert_int_equal(scores[1], depth >= THREAT_PLY ? -1000 : 50);
    }
}

static void test_stopped_search_answers_a_proven_move(void **state)
{
    (void)state;
    g_autoptr(DjSearch) search = dj_search_new(&deep_threat, TABLE_MB);
    DeepThreat root = { 0 };

    DjSearchLimits full = { .depth = SEARCH_DEPTH };
    DjSearchInfo info;
    assert_int_equal(dj_search_run(search, &root, NULL, 0, &full, NULL, NULL, &info), MOVE_A);
    uint64_t all_nodes = info.nodes;
    assert_true(all_nodes > 10);

    int stopped_at_threat = 0;
    for (uint64_t nodes = 1; nodes <= all_nodes; nodes++) {
        dj_search_clear(search);
        DjSearchLimits limits = { .depth = SEARCH_DEPTH, .nodes = nodes };
        DjMove move = dj_search_run(search, &root, NULL, 0, &limits, NULL, NULL, &info);
        if (move != MOVE_A)
            fail_msg("stopped after %" G_GUINT64_FORMAT " nodes (depth %d done), the search "
                     "answered move %u, which is worse than A at every depth", nodes,
                     info.depth, (unsigned)move);
        if (info.depth == THREAT_PLY - 1)
            stopped_at_threat++;
    }
    /* Some limits must stop the search inside the iteration where A fails
     * low, or the loop above proved nothing. */
    assert_true(stopped_at_threat > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scripted_tree_values),
        cmocka_unit_test(test_stopped_search_answers_a_proven_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
