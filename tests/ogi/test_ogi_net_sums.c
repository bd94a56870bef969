/* test_ogi_net_sums.c: the learnt evaluation's sums Ōgi keeps in its
 * positions (net_features.c, OgiPosition.net_sums).  Along random games,
 * with every kind of move (a King stepping and capturing, drops, captures,
 * promotions), the kept sums of both colours are the ones made afresh from
 * the position's features, and evaluate() gives what it gives without
 * them.  A position is the same bytes however it was reached (game.h):
 * from a string or by moves, under the same network, and after a network
 * is changed or taken out.  A network too wide, or whose sums could leave
 * 16 bits, is summed afresh and keeps nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "framework/net.h"
#include "tests/ogi/ogi_test.h"
#include "variants/ogi/net_features.h"
#include "variants/ogi/position.h"

static int take_net_out(void **state)
{
    (void)state;
    return dj_net_install(OGI, NULL, NULL) ? 0 : -1;
}

/* A network whose hidden units cross both ends of 0..1 and whose output
 * moves scores by up to a pawn or so. */
static DjNet *lively_net(int hidden, uint32_t seed)
{
    DjNet *net = dj_net_new("ogi", OGI_NET_INPUTS, hidden, seed);
    for (int i = 0; i < OGI_NET_INPUTS * hidden; i++)
        net->w1[i] *= 6.0f;
    for (int j = 0; j < hidden; j++)
        net->w2[j] *= 100.0f;
    dj_net_prepare(net);
    return net;
}

static void install(const DjNet *net)
{
    GError *error = NULL;
    assert_true(dj_net_install(OGI, net, &error));
    assert_null(error);
}

/* evaluate() with the sums ignored (net_id 0: summed afresh). */
static int evaluate_afresh(const OgiPosition *pos)
{
    OgiPosition copy = *pos;
    copy.net_id = 0;
    return OGI->evaluate(&copy);
}

/* The kept sums of `pos` are the fresh ones for `net`, both colours', and
 * the evaluation is the one without them. */
static void check_kept(const OgiPosition *pos, const DjNet *net)
{
    if (pos->net_id != net->id) {
        g_autofree char *text = ogi_test_position_string(pos);
        fail_msg("%s: sums for network %u, not %u", text, pos->net_id, net->id);
    }
    for (int us = 0; us < 2; us++) {
        uint16_t features[DJ_NET_MAX_ACTIVE];
        int16_t fresh[OGI_NET_SUMS] = { 0 };
        dj_net_sums(net, features, ogi_net_features_from(pos, us, features), fresh);
        if (memcmp(fresh, pos->net_sums[us], sizeof fresh) != 0) {
            g_autofree char *text = ogi_test_position_string(pos);
            fail_msg("%s: the kept sums from %s's side are not the fresh ones", text,
                     us == OGI_BLACK ? "Black" : "White");
        }
    }
    assert_int_equal(OGI->evaluate(pos), evaluate_afresh(pos));
}

/* What the test saw, so that it cannot pass without meeting each case. */
typedef struct MoveKinds {
    int king_steps, king_captures, drops, captures, promotions;
} MoveKinds;

static void count_kind(const OgiPosition *pos, uint32_t move, MoveKinds *kinds)
{
    if (ogi_move_is_drop(move)) {
        kinds->drops++;
        return;
    }
    bool captures = pos->board[ogi_move_to(move)] != OGI_NO_PIECE;
    if (ogi_piece_type(pos->board[ogi_move_from(move)]) == OGI_KING) {
        kinds->king_steps++;
        kinds->king_captures += captures;
    }
    kinds->captures += captures;
    kinds->promotions += ogi_move_promotes(move);
}

/* Random games from `start`, the sums checked after every move. */
static void play_and_check(const char *start, const DjNet *net, int games, int plies,
                           guint32 seed, MoveKinds *kinds)
{
    g_autoptr(GRand) rand = g_rand_new_with_seed(seed);
    DjMove *moves = g_new(DjMove, (size_t)OGI->max_moves);
    for (int game = 0; game < games; game++) {
        OgiPosition *pos = ogi_test_position(start);
        check_kept(pos, net);
        for (int ply = 0; ply < plies && OGI->outcome(pos) == DJ_OUTCOME_ONGOING; ply++) {
            int n = OGI->legal_moves(pos, moves);
            if (n == 0)
                break;
            /* Captures half the time, so that Kings and pieces meet. */
            DjMove move = moves[g_rand_int_range(rand, 0, n)];
            for (int i = 0; i < n && g_rand_boolean(rand); i++)
                if (pos->board[ogi_move_to(moves[i])] != OGI_NO_PIECE
                    && !ogi_move_is_drop(moves[i])) {
                    move = moves[i];
                    break;
                }
            count_kind(pos, move, kinds);
            OGI->play(pos, move);
            check_kept(pos, net);
        }
        g_free(pos);
    }
    g_free(moves);
}

static const char *const starts[] = {
    OGI_START,
    /* Full hands and Kings among pieces: drops next to Kings, Kings that
     * capture. */
    "4k3/8/8/8/8/8/8/4K3 b 8P2L2N2S1B1R1I8p2l2n2s1b1r1i 1",
    "6+b1/3+n+l+p2/4ks1+r/+R+L+N5/2K5/1+B1+S4/8/8 b 2p 30",
    "6+b1/3+n+l+p2/4ks1+r/+R+L+N5/2K5/1+B1+S4/8/8 w 2p 30",
};

static void test_sums_follow_the_moves(void **state)
{
    (void)state;
    /* 32 units (a padded width the search spells out), 64 (the most a
     * position has room for) and 20 (padded to 32, the rest zeros). */
    const int widths[] = { 32, 64, 20 };
    MoveKinds kinds = { 0 };
    for (size_t w = 0; w < G_N_ELEMENTS(widths); w++) {
        g_autoptr(DjNet) net = lively_net(widths[w], (uint32_t)w + 11);
        assert_true(dj_net_can_keep_sums(net, OGI_NET_SUMS));
        install(net);
        for (size_t s = 0; s < G_N_ELEMENTS(starts); s++)
            play_and_check(starts[s], net, 3, 150, (guint32)(w * 10 + s), &kinds);
    }
    assert_true(kinds.king_steps >= 20);
    assert_true(kinds.king_captures >= 3);
    assert_true(kinds.drops >= 20);
    assert_true(kinds.captures >= 50);
    assert_true(kinds.promotions >= 5);
}

/* The same position from a string and by moves: the same bytes. */
static void assert_same_as_set_up(const OgiPosition *pos)
{
    g_autofree char *text = ogi_test_position_string(pos);
    g_autofree OgiPosition *set_up = ogi_test_position(text);
    if (memcmp(set_up, pos, sizeof *pos) != 0)
        fail_msg("%s: set up from its string, it is not the same bytes", text);
}

static void test_same_bytes_however_reached(void **state)
{
    (void)state;
    const char *line = "c3c4 f6f5 b2g7+ f8g7 B@e5 e8f8";
    g_autoptr(DjNet) first = lively_net(32, 1);
    g_autoptr(DjNet) second = lively_net(32, 2);
    g_autofree OgiPosition *start = ogi_test_start();
    install(first);
    g_autofree OgiPosition *with_first = vt_after_line(OGI, start, line);
    check_kept(with_first, first);
    assert_same_as_set_up(with_first);

    /* The mirror image of the mirror image. */
    OgiPosition image, back;
    OGI->mirror(with_first, &image);
    check_kept(&image, first);
    OGI->mirror(&image, &back);
    assert_memory_equal(&back, with_first, sizeof back);

    /* Another network: positions made before are summed afresh, and the
     * next move makes their sums anew. */
    install(second);
    assert_int_equal(OGI->evaluate(with_first), evaluate_afresh(with_first));
    g_autofree OgiPosition *next = vt_after(OGI, with_first, "a3a4");
    check_kept(next, second);
    assert_same_as_set_up(next);

    /* No network: the next move clears the sums, as a string sets up. */
    install(NULL);
    g_autofree OgiPosition *plain = vt_after(OGI, next, "a6a5");
    assert_int_equal(plain->net_id, 0);
    assert_same_as_set_up(plain);
}

/* A network that cannot keep sums is summed afresh at each evaluation. */
static void check_not_kept(const DjNet *net)
{
    install(net);
    g_autofree OgiPosition *start = ogi_test_start();
    g_autofree OgiPosition *pos = vt_after_line(OGI, start, "c3c4 f6f5 b2g7+");
    const int16_t zeros[2][OGI_NET_SUMS] = { { 0 } };
    assert_int_equal(pos->net_id, 0);
    assert_memory_equal(pos->net_sums, zeros, sizeof zeros);
    uint16_t features[DJ_NET_MAX_ACTIVE];
    int with_net = OGI->evaluate(pos);
    int output = dj_net_output(net, features, ogi_net_features(pos, features));
    install(NULL);
    assert_int_equal(with_net, OGI->evaluate(pos) + output);
    assert_same_as_set_up(pos);
}

static void test_unkeepable_networks(void **state)
{
    (void)state;
    /* 72 units: padded to 80, more than a position holds. */
    g_autoptr(DjNet) wide = lively_net(72, 3);
    assert_false(dj_net_can_keep_sums(wide, OGI_NET_SUMS));
    check_not_kept(wide);
    /* Weights so large that sums could leave 16 bits. */
    g_autoptr(DjNet) large = lively_net(16, 4);
    for (int i = 0; i < OGI_NET_INPUTS * 16; i++)
        large->w1[i] = i % 7 == 0 ? 30.0f : large->w1[i];
    dj_net_prepare(large);
    assert_true(large->wide_sums);
    check_not_kept(large);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_sums_follow_the_moves, take_net_out),
        cmocka_unit_test_teardown(test_same_bytes_however_reached, take_net_out),
        cmocka_unit_test_teardown(test_unkeepable_networks, take_net_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
