/* test_ogi_reference.c: the move generator checked against the naive
 * second implementation in reference.c, in random games (which soon fill
 * the hands, so drops, promotions, checks and mates all come up) and by
 * perft from positions with pieces in hand.
 *
 * At every ply of every game: the same set of legal moves in the same
 * notation; count_moves agrees; noisy_moves is exactly the legal moves
 * is_noisy accepts; key() == compute_key(); in_check agrees;
 * is_noisy is exactly "captures, promotes or gives check"; evaluate stays
 * inside its bound and the material balance from the piece counts kept by
 * play() matches a recount square by square; the position string
 * round-trips to the same key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "framework/perft.h"
#include "tests/ogi/ogi_test.h"
#include "tests/ogi/reference.h"
#include "variants/ogi/position.h"

#define GAMES 100
#define MAX_PLIES 160

/* Black's material minus White's, square by square and kind by kind: the
 * slow sum ogi_material() must agree with. */
static int material_by_squares(const OgiPosition *pos)
{
    int material = 0;
    for (int sq = 0; sq < OGI_SQUARES; sq++) {
        uint8_t piece = pos->board[sq];
        if (piece != OGI_NO_PIECE)
            material += (ogi_piece_colour(piece) == OGI_BLACK ? 1 : -1)
                      * ogi_board_value[ogi_piece_type(piece)];
    }
    for (int kind = 0; kind < OGI_HAND_KINDS; kind++)
        material += (pos->hand[OGI_BLACK][kind] - pos->hand[OGI_WHITE][kind]) * ogi_hand_value[kind];
    return material;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The reference's legal moves of the position string `text`, sorted and
 * joined like ogi_test_moves_text. */
static char *reference_moves_text(const char *text, int *n_out)
{
    RefPosition ref;
    assert_true(ref_parse(&ref, text));
    RefMove *moves = g_new(RefMove, 2000);
    int n = ref_legal_moves(&ref, moves);
    char **texts = g_new0(char *, n + 1);
    for (int i = 0; i < n; i++) {
        GString *s = g_string_new(NULL);
        ref_move_text(&moves[i], s);
        texts[i] = g_string_free(s, FALSE);
    }
    qsort(texts, (size_t)n, sizeof *texts, compare_strings);
    char *joined = g_strjoinv(", ", texts);
    g_strfreev(texts);
    g_free(moves);
    *n_out = n;
    return joined;
}

/* Whether the move just played (leading to `child`) captured, promoted or
 * gave check, judged from the texts and the reference. */
static bool reference_noisy(const char *parent_text, const char *child_text, const char *move_text)
{
    RefPosition before, after;
    assert_true(ref_parse(&before, parent_text));
    assert_true(ref_parse(&after, child_text));
    bool promotes = move_text[strlen(move_text) - 1] == '+';
    bool captures = false;
    if (move_text[1] != '*') {
        int to = (move_text[2] - 'a') + (move_text[3] - '1') * 8;
        captures = before.type[to] != 0;
    }
    return promotes || captures || ref_in_check(&after, after.side);
}

static int compare_moves(const void *a, const void *b)
{
    DjMove x = *(const DjMove *)a, y = *(const DjMove *)b;
    return (x > y) - (x < y);
}

/* noisy_moves() gives exactly the legal moves is_noisy() accepts. */
static void check_noisy_moves(const void *pos)
{
    DjMove *all = g_new(DjMove, OGI->max_moves);
    DjMove *filtered = g_new(DjMove, OGI->max_moves);
    DjMove *noisy = g_new(DjMove, OGI->max_moves);
    int n = OGI->legal_moves(pos, all);
    int n_filtered = 0;
    for (int i = 0; i < n; i++)
        if (OGI->is_noisy(pos, all[i]))
            filtered[n_filtered++] = all[i];
    int n_noisy = OGI->noisy_moves(pos, noisy);
    qsort(filtered, (size_t)n_filtered, sizeof *filtered, compare_moves);
    qsort(noisy, (size_t)n_noisy, sizeof *noisy, compare_moves);
    if (n_noisy != n_filtered || memcmp(noisy, filtered, sizeof *noisy * (size_t)n_noisy) != 0) {
        char *text = ogi_test_position_string(pos);
        GString *moves = g_string_new(NULL);
        for (int i = 0; i < n_noisy; i++) {
            g_string_append_c(moves, ' ');
            OGI->format_move(pos, noisy[i], moves);
        }
        fail_msg("noisy_moves gives %d moves, is_noisy accepts %d, in %s\nnoisy_moves:%s",
                 n_noisy, n_filtered, text, moves->str);
    }
    g_free(all);
    g_free(filtered);
    g_free(noisy);
}

static void check_position(const void *pos, const char *text)
{
    int n_engine = 0, n_ref = 0;
    char *engine = ogi_test_moves_text(pos, &n_engine);
    char *reference = reference_moves_text(text, &n_ref);
    if (strcmp(engine, reference) != 0) {
        fail_msg("position %s\nengine (%d):    %s\nreference (%d): %s", text, n_engine,
                 engine, n_ref, reference);
    }
    assert_int_equal(OGI->count_moves(pos), n_engine);
    assert_true(n_engine <= OGI->max_moves);
    check_noisy_moves(pos);
    assert_true(OGI->key(pos) == OGI->compute_key(pos));

    RefPosition ref;
    assert_true(ref_parse(&ref, text));
    assert_int_equal(OGI->in_check(pos), ref_in_check(&ref, ref.side));
    assert_false(ref_in_check(&ref, 1 - ref.side));

    const OgiPosition *internal = pos;
    assert_int_equal(ogi_material(internal), material_by_squares(internal));

    int score = OGI->evaluate(pos);
    assert_true(score > -DJ_SCORE_EVAL_MAX && score < DJ_SCORE_EVAL_MAX);

    void *again = ogi_test_position(text);
    assert_true(OGI->key(again) == OGI->key(pos));
    char *text_again = ogi_test_position_string(again);
    assert_string_equal(text_again, text);
    g_free(text_again);
    g_free(again);
    g_free(engine);
    g_free(reference);
}

static void test_random_games_match_reference(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(20240601u);
    DjMove *moves = g_new(DjMove, OGI->max_moves);
    int mates = 0, drops = 0, promotions = 0, checks = 0;
    for (int game = 0; game < GAMES; game++) {
        void *pos = ogi_test_start();
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            char *text = ogi_test_position_string(pos);
            check_position(pos, text);
            int n = OGI->legal_moves(pos, moves);
            if (n == 0) {
                mates++;
                assert_int_equal(dj_position_outcome(OGI, pos),
                                 dj_outcome_win_for(1 - OGI->side_to_move(pos)));
                g_free(text);
                break;
            }
            assert_int_equal(dj_position_outcome(OGI, pos), DJ_OUTCOME_ONGOING);
            /* Prefer board moves half the time, or drops swamp the games. */
            DjMove move = moves[g_rand_int_range(rand, 0, n)];
            for (int tries = 0; tries < 4 && OGI->move_origin(pos, move) < 0
                                && g_rand_boolean(rand); tries++)
                move = moves[g_rand_int_range(rand, 0, n)];

            GString *move_text = g_string_new(NULL);
            OGI->format_move(pos, move, move_text);
            DjMove parsed = ogi_test_move(pos, move_text->str);
            assert_int_equal(parsed, move);
            drops += OGI->move_origin(pos, move) < 0;
            promotions += move_text->str[move_text->len - 1] == '+';

            void *child = g_malloc(OGI->state_size);
            memcpy(child, pos, OGI->state_size);
            OGI->play(child, move);
            char *child_text = ogi_test_position_string(child);
            bool noisy = reference_noisy(text, child_text, move_text->str);
            if (OGI->is_noisy(pos, move) != noisy) {
                fail_msg("is_noisy(%s) in %s should be %d", move_text->str, text, noisy);
            }
            checks += OGI->in_check(child);
            g_free(child_text);
            g_string_free(move_text, TRUE);
            g_free(text);
            g_free(pos);
            pos = child;
        }
        g_free(pos);
    }
    g_printerr("%d drops, %d promotions, %d checks, %d games ended with no legal move\n",
               drops, promotions, checks, mates);
    /* The games must have exercised the rules the reference is there for. */
    assert_true(drops > 100);
    assert_true(promotions > 50);
    assert_true(checks > 50);
    assert_true(mates > 0);
    g_free(moves);
    g_rand_free(rand);
}

/* Perft from positions with full hands, against the reference's perft. */
static void test_perft_with_hands_matches_reference(void **state)
{
    (void)state;
    /* The reference is slow: the depths keep each case to a few seconds in
     * a sanitizer build. */
    static const struct {
        const char *position;
        int depth;
    } cases[] = {
        /* Both sides hold one of everything, Kings in the open. */
        { "4k3/8/2p5/8/8/3P4/8/4K3 b RBSNLPrbsnlp 1", 2 },
        /* Black in check from the princess's knight jump d3-e1. */
        { "l3k2l/8/4p3/8/8/3i4/4P3/L3K2L b 2S2s 1", 2 },
        /* Promoted pieces of every kind. */
        { "4k3/1+P4+r1/8/2+B5/5+N2/8/1+I1+L2+S1/4K3 w 2P2p 1", 2 },
        /* A lance pinned by a rook on its file. */
        { "3k4/3r4/pp3ppp/8/8/PP1L1PPP/8/3K4 b Bb 1", 3 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        const char *text = cases[i].position;
        void *pos = ogi_test_position(text);
        RefPosition ref;
        assert_true(ref_parse(&ref, text));
        for (int depth = 1; depth <= cases[i].depth; depth++) {
            uint64_t engine = dj_perft(OGI, pos, depth);
            uint64_t reference = ref_perft(&ref, depth);
            if (engine != reference) {
                fail_msg("%s depth %d: engine %llu, reference %llu", text, depth,
                         (unsigned long long)engine, (unsigned long long)reference);
            }
        }
        g_free(pos);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_match_reference),
        cmocka_unit_test(test_perft_with_hands_matches_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
