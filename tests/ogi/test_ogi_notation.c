/* test_ogi_notation.c: position strings (round trips, every refusal), move
 * text (forms accepted, canonical output, every error), render() and
 * describe_move(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/ogi/ogi_test.h"

/* ---- position strings ---------------------------------------------------- */

static void test_start_position_string(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    char *text = ogi_test_position_string(pos);
    assert_string_equal(text, OGI_START);
    void *again = ogi_test_position(text);
    assert_true(OGI->key(again) == OGI->key(pos));
    assert_int_equal(OGI->side_to_move(again), 0);
    g_free(again);
    g_free(text);
    g_free(pos);
}

static void test_position_round_trip(void **state)
{
    (void)state;
    static const char *const canonical[] = {
        OGI_START,
        "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL w - 2",
        "4k3/8/8/8/8/8/8/4K3 b IRB2S2N2L8Pirb2s2n2l8p 71",
        "4k3/1+P4+r1/8/2+B5/5+N2/8/1+I1+L2+S1/4K3 w 2P2p 1",
        "3nkn2/8/4+P3/8/8/8/8/4K3 b P 130",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(canonical); i++) {
        void *pos = ogi_test_position(canonical[i]);
        char *text = ogi_test_position_string(pos);
        assert_string_equal(text, canonical[i]);
        assert_true(OGI->key(pos) == OGI->compute_key(pos));
        g_free(text);
        g_free(pos);
    }
}

/* Friendlier input is read and written back in the one canonical form. */
static void test_position_canonical_form(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        { "4k3/8/8/8/8/8/8/4K3 b pBP", "4k3/8/8/8/8/8/8/4K3 b BPp 1" },
        { "4k3/8/8/8/8/8/8/4K3   w   PP2p  5", "4k3/8/8/8/8/8/8/4K3 w 2P2p 5" },
        { "4k3/8/8/8/8/8/8/4K3 B", "4k3/8/8/8/8/8/8/4K3 b - 1" },
        { "4k3/8/8/8/8/8/8/22K3 b - 1", "4k3/8/8/8/8/8/8/4K3 b - 1" },
        /* the whole range of move numbers, leading zeros read as decimal */
        { "4k3/8/8/8/8/8/8/4K3 b - 100000000", "4k3/8/8/8/8/8/8/4K3 b - 100000000" },
        { "4k3/8/8/8/8/8/8/4K3 b - 0010", "4k3/8/8/8/8/8/8/4K3 b - 10" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(pairs); i++) {
        void *pos = ogi_test_position(pairs[i][0]);
        char *text = ogi_test_position_string(pos);
        assert_string_equal(text, pairs[i][1]);
        g_free(text);
        g_free(pos);
    }
    /* Hands written in any order are the same position. */
    void *a = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b 2PBr 1");
    void *b = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b rPBP 1");
    assert_true(OGI->key(a) == OGI->key(b));
    g_free(a);
    g_free(b);
}

static void test_position_refusals(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "", "empty" },
        { "   ", "empty" },
        { "4k3/8/8/8/8/8/8/4K3", "side to move" },
        { "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1 b - 1", "7 ranks" },
        { "4k3/8/8/8/8/8/8/8/4K3 b - 1", "more than 8 ranks" },
        { "4k3/8/8/8/8/8/8/4K4 b - 1", "more than 8 squares" },
        { "4k3/8/8/8/8/8/8/4K2 b - 1", "has 7 squares" },
        { "4k3/8/8/8/8/8/8/4K3/ b - 1", "more than 8 ranks" },
        { "4k3/9/8/8/8/8/8/4K3 b - 1", "not a count" },
        { "4k3/8/8/8/8/8/8/4K2x b - 1", "not an Ōgi piece" },
        { "4k3/8/8/8/8/8/8/4+K3 b - 1", "King cannot be promoted" },
        { "4k3/8/8/8/8/8/8/4K2+ b - 1", "ends with '+'" },
        { "8/8/8/8/8/8/8/4K3 b - 1", "White has no King" },
        { "4k3/8/8/8/8/8/8/8 b - 1", "Black has no King" },
        { "4k3/8/8/8/8/8/8/3KK3 b - 1", "more than one King" },
        { "P3k3/8/8/8/8/8/8/4K3 b - 1", "could never move" },
        { "L3k3/8/8/8/8/8/8/4K3 b - 1", "could never move" },
        { "4k3/N7/8/8/8/8/8/4K3 b - 1", "could never move" },
        { "4k3/8/8/8/8/8/8/p3K3 b - 1", "could never move" },
        { "4k3/8/8/8/8/8/n7/4K3 b - 1", "could never move" },
        { "4k3/8/8/8/4P3/8/4P3/4K3 b - 1", "nifu" },
        { "4k3/4p3/8/8/4p3/8/8/4K3 b - 1", "nifu" },
        { "4k3/8/8/8/8/8/8/4K2r w - 1", "in check although it is White's turn" },
        { "4k3/8/8/8/8/8/8/4K3 b 3R 1", "the set has only 2" },
        { "4k3/8/8/8/8/8/R7/4K3 b rR 1", "the set has only 2" },
        { "4k3/8/8/8/8/8/8/4K3 b 17P 1", "more pawns than the set has" },
        { "4k3/8/8/8/8/8/8/4K3 b 9P9p 1", "the set has only 16" },
        { "4k3/8/8/8/8/8/8/4K3 x - 1", "side to move" },
        { "4k3/8/8/8/8/8/8/4K3 b K 1", "King cannot be held" },
        { "4k3/8/8/8/8/8/8/4K3 b +R 1", "never promoted" },
        { "4k3/8/8/8/8/8/8/4K3 b 0P 1", "count of 0" },
        { "4k3/8/8/8/8/8/8/4K3 b 2 1", "end with a count" },
        { "4k3/8/8/8/8/8/8/4K3 b Q 1", "not an Ōgi piece" },
        { "4k3/8/8/8/8/8/8/4K3 b 100P 1", "too large" },
        { "4k3/8/8/8/8/8/8/4K3 b - 0", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - x", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - -3", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - 99999999999999999999", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - 100000001", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - 18446744073709551617", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - +5", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - 5x", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - 0x10", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - 1e3", "move number" },
        { "4k3/8/8/8/8/8/8/4K3 b - 1 extra", "unexpected" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *error = ogi_test_position_error(cases[i][0]);
        if (strstr(error, cases[i][1]) == NULL) {
            fail_msg("position \"%s\": error \"%s\" should mention \"%s\"", cases[i][0],
                     error, cases[i][1]);
        }
        g_free(error);
    }
    /* NULL text inside a setup means a new game, not an error. */
    DjOptionValue option = { "cards", "ox" };
    DjSetup setup = { .options = &option, .n_options = 1 };
    void *pos = g_malloc(OGI->state_size);
    GError *error = NULL;
    assert_false(OGI->setup(pos, &setup, &error));
    ogi_test_assert_contains(error->message, "no game options");
    g_error_free(error);
    g_free(pos);
}

/* Error messages quote what the user typed, but stay valid UTF-8 and short
 * whatever the input. */
static void test_errors_quote_input_safely(void **state)
{
    (void)state;
    static const char *const positions[] = {
        "4k3/8/8/8/8/8/8/4KŌ2 b - 1",
        "4k3/8/8/8/8/8/8/4K3 \xff - 1",
        "4k3/8/8/8/8/8/8/4K3 b \xc3 1",
        "4k3/8/8/8/8/8/8/4K3 b - 1 Ōgi",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(positions); i++) {
        char *error = ogi_test_position_error(positions[i]);
        assert_true(g_utf8_validate(error, -1, NULL));
        g_free(error);
    }
    void *pos = ogi_test_start();
    char *long_text = g_strnfill(5000, 'x');
    static const char *moves[] = { "e3\377e4", "王手", "\x01\x02" };
    for (size_t i = 0; i < G_N_ELEMENTS(moves); i++) {
        char *error = ogi_test_move_error(pos, moves[i]);
        assert_true(g_utf8_validate(error, -1, NULL));
        g_free(error);
    }
    char *error = ogi_test_move_error(pos, long_text);
    assert_true(strlen(error) < 300);
    /* The help names both ways of writing a drop that are read. */
    ogi_test_assert_contains(error, "P*e5 or P@e5");
    g_free(error);
    g_free(long_text);
    g_free(pos);
}

/* Mangled strings are refused or read, never crash (run under ASan). */
static void test_position_mangled_strings(void **state)
{
    (void)state;
    static const char alphabet[] = "kKiIrRbBsSnNlLpP+/-0123456789 bwx*";
    GRand *rand = g_rand_new_with_seed(7);
    const char *base = "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b 2Pb 1";
    for (int i = 0; i < 5000; i++) {
        char text[80];
        g_strlcpy(text, base, sizeof text);
        size_t len = strlen(text);
        int edits = g_rand_int_range(rand, 1, 4);
        for (int e = 0; e < edits; e++) {
            size_t at = (size_t)g_rand_int_range(rand, 0, (gint32)len);
            int kind = g_rand_int_range(rand, 0, 3);
            if (kind == 0) {
                text[at] = alphabet[g_rand_int_range(rand, 0, (gint32)sizeof alphabet - 1)];
            } else if (kind == 1 && len > 1) {
                memmove(text + at, text + at + 1, len - at);
                len--;
            } else if (len + 1 < sizeof text) {
                memmove(text + at + 1, text + at, len - at + 1);
                text[at] = alphabet[g_rand_int_range(rand, 0, (gint32)sizeof alphabet - 1)];
                len++;
            }
        }
        void *pos = g_malloc(OGI->state_size);
        DjSetup setup = { .position = text };
        GError *error = NULL;
        if (OGI->setup(pos, &setup, &error)) {
            assert_null(error);
            char *again = ogi_test_position_string(pos);
            void *copy = ogi_test_position(again);
            assert_true(OGI->key(copy) == OGI->key(pos));
            g_free(copy);
            g_free(again);
        } else {
            assert_non_null(error);
            assert_true(strlen(error->message) > 10);
            g_error_free(error);
        }
        g_free(pos);
    }
    g_rand_free(rand);
}

/* ---- move text ----------------------------------------------------------- */

static void assert_move_text(const void *pos, const char *input, const char *canonical)
{
    DjMove move = ogi_test_move(pos, input);
    GString *s = g_string_new(NULL);
    OGI->format_move(pos, move, s);
    assert_string_equal(s->str, canonical);
    g_string_free(s, TRUE);
}

static void test_move_forms(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k2l/8/8/8/8/8/1B4R1/4K3 b P 1");
    assert_move_text(pos, "g2g4", "g2g4");
    assert_move_text(pos, "G2G4", "g2g4");
    assert_move_text(pos, "g2-g4", "g2g4");
    assert_move_text(pos, "  g2g4\n", "g2g4");
    assert_move_text(pos, "b2h8+", "b2h8+");
    assert_move_text(pos, "b2h8", "b2h8+");      /* forced anyway */
    assert_move_text(pos, "b2xh8", "b2h8+");
    assert_move_text(pos, "P*e5", "P*e5");
    assert_move_text(pos, "p*e5", "P*e5");
    assert_move_text(pos, "P@E5", "P*e5");
    assert_int_equal(OGI->move_origin(pos, ogi_test_move(pos, "P*e5")), -1);
    assert_int_equal(OGI->move_origin(pos, ogi_test_move(pos, "b2h8+")), 1 + 1 * 8);
    assert_int_equal(OGI->move_origin(pos, ogi_test_move(pos, "g2g4")), 6 + 1 * 8);
    g_free(pos);
}

/* Every legal move's canonical text parses back to the move, and all texts
 * differ. */
static void test_move_text_round_trip(void **state)
{
    (void)state;
    void *pos = ogi_test_position("ln2k1nl/1r2s1b1/p1pp1ppp/1p2p3/3P4/PPP1SPPP/1B4R1/LN1IK1NL w Sip 12");
    DjMove *moves = g_new(DjMove, OGI->max_moves);
    int n = OGI->legal_moves(pos, moves);
    assert_true(n > 40);
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (int i = 0; i < n; i++) {
        assert_true(moves[i] != DJ_MOVE_NONE && moves[i] < DJ_MOVE_LIMIT);
        GString *s = g_string_new(NULL);
        OGI->format_move(pos, moves[i], s);
        assert_int_equal(ogi_test_move(pos, s->str), moves[i]);
        assert_false(g_hash_table_contains(seen, s->str));
        g_hash_table_add(seen, g_string_free(s, FALSE));
    }
    g_hash_table_destroy(seen);
    g_free(moves);
    g_free(pos);
}

static void test_move_errors(void **state)
{
    (void)state;
    /* Black: king e1, rook g2, silver d2 (pinned by the bishop on a5),
     * bishop b2, pawn e3, a pawn and a silver in hand.  White: king e8,
     * rook f7 (guarding f1 and f2), lance h8, pawn c6, bishop a5. */
    void *pos = ogi_test_position("4k2l/5r2/2p5/b7/8/4P3/1B1S2R1/4K3 b PS 1");
    static const char *const cases[][2] = {
        { "", "not a move" },
        { "hello", "not a move" },
        { "e9e4", "not a move" },
        { "e3", "not a move" },
        { "e3e4++", "not a move" },
        { "P*", "not a move" },
        { "P*e9", "not a move" },
        { "a4a5", "no piece on a4" },
        { "c6c5", "White's" },
        { "e3e5", "cannot move from e3 to e5" },
        { "e3d4", "cannot move from e3 to d4" },
        { "g2g2", "another square" },
        { "g2c2", "blocked" },
        { "g2d2", "your own silver" },
        { "d2e3", "your own pawn" },
        { "e1f2", "would be in check on f2" },
        { "d2d3", "leave your King in check" },
        { "e3e4+", "does not promote" },
        { "P*e5", "nifu" },
        { "R*e5", "no rook in hand" },
        { "S*e3", "occupied" },
        { "K*e5", "King is never in hand" },
        { "N*a8", "no knight in hand" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *error = ogi_test_move_error(pos, cases[i][0]);
        if (strstr(error, cases[i][1]) == NULL) {
            fail_msg("move \"%s\": error \"%s\" should mention \"%s\"", cases[i][0], error,
                     cases[i][1]);
        }
        g_free(error);
    }
    g_free(pos);

    /* In check: a move that ignores it says so; dead drops say why. */
    pos = ogi_test_position("4k3/4r3/8/8/8/8/8/R3K3 b LN 1");
    char *error = ogi_test_move_error(pos, "a1a2");
    ogi_test_assert_contains(error, "does not get it out of check");
    g_free(error);
    error = ogi_test_move_error(pos, "N*b7");
    ogi_test_assert_contains(error, "could never move");
    g_free(error);
    error = ogi_test_move_error(pos, "L*b8");
    ogi_test_assert_contains(error, "could never move");
    g_free(error);
    g_free(pos);
}

/* ---- render and describe_move ------------------------------------------- */

static char *render(const void *pos, bool color, bool traditional, DjMove last, int bottom)
{
    DjRenderStyle style = { color, traditional, last, bottom };
    GString *s = g_string_new(NULL);
    OGI->render(pos, &style, s);
    assert_true(s->len > 0 && s->str[s->len - 1] == '\n');
    return g_string_free(s, FALSE);
}

static void test_render_letters(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k2l/8/8/8/8/8/1+B4R1/4K3 b 2Pr 1");
    char *text = render(pos, false, false, DJ_MOVE_NONE, 0);
    ogi_test_assert_contains(text, "\n      a   b   c   d   e   f   g   h\n");
    ogi_test_assert_contains(text, "\n  8   .   .   .   .   k   .   .   l  8\n");
    ogi_test_assert_contains(text, "\n  2   .  +B   .   .   .   .   R   .  2\n");
    ogi_test_assert_contains(text, "White in hand: r");
    ogi_test_assert_contains(text, "Black in hand: 2P");
    ogi_test_assert_contains(text, "Black to move");
    assert_null(strstr(text, "Check!"));
    assert_null(strstr(text, "\033["));
    /* White's hand is drawn above the board when Black is at the bottom. */
    assert_true(strstr(text, "White in hand") < strstr(text, "Black in hand"));
    g_free(text);
    g_free(pos);
}

static void test_render_check_last_move_and_flip(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/8/8/6R1/4K3 b - 1");
    DjMove move = ogi_test_move(pos, "g2e2");
    void *after = g_malloc(OGI->state_size);
    memcpy(after, pos, OGI->state_size);
    OGI->play(after, move);
    char *text = render(after, false, false, move, 0);
    ogi_test_assert_contains(text, "White to move");
    ogi_test_assert_contains(text, "Check!");
    ogi_test_assert_contains(text, "[ R]");
    ogi_test_assert_contains(text, "[ .]");
    g_free(text);

    /* White at the bottom: rank 1 at the top, file h on the left. */
    text = render(after, false, false, DJ_MOVE_NONE, 1);
    ogi_test_assert_contains(text, "  h   g   f   e   d   c   b   a");
    const char *rank1 = strstr(text, "  1 ");
    const char *rank8 = strstr(text, "  8 ");
    assert_non_null(rank1);
    assert_non_null(rank8);
    assert_true(rank1 < rank8);
    assert_true(strstr(text, "Black in hand") < strstr(text, "White in hand"));
    g_free(text);

    text = render(after, true, false, DJ_MOVE_NONE, 0);
    ogi_test_assert_contains(text, "\033[");
    g_free(text);
    g_free(after);
    g_free(pos);
}

static void test_render_traditional(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/1+p6/8/8/8/8/6R1/3IK3 w Ps 1");
    char *text = render(pos, false, true, DJ_MOVE_NONE, 0);
    ogi_test_assert_contains(text, "v王");
    ogi_test_assert_contains(text, "vと");
    ogi_test_assert_contains(text, " 玉");
    ogi_test_assert_contains(text, " 妃");
    ogi_test_assert_contains(text, " 飛");
    ogi_test_assert_contains(text, "・");
    ogi_test_assert_contains(text, "Black in hand: 歩");
    ogi_test_assert_contains(text, "White in hand: 銀");
    g_free(text);
    g_free(pos);
}

static char *describe(const void *pos, const char *move_text)
{
    DjMove move = ogi_test_move(pos, move_text);
    GString *s = g_string_new(NULL);
    OGI->describe_move(pos, move, s);
    return g_string_free(s, FALSE);
}

static void test_describe_move(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/6b1/8/8/8/8/6R1/4K3 b P 1");
    char *text = describe(pos, "g2g7+");
    assert_string_equal(text, "Black's rook g2-g7 takes a bishop and promotes");
    g_free(text);
    text = describe(pos, "g2g5");
    assert_string_equal(text, "Black's rook g2-g5");
    g_free(text);
    text = describe(pos, "g2e2");
    assert_string_equal(text, "Black's rook g2-e2, giving check");
    g_free(text);
    text = describe(pos, "P*d5");
    assert_string_equal(text, "Black drops a pawn on d5");
    g_free(text);
    text = describe(pos, "g2g6+");
    assert_string_equal(text, "Black's rook g2-g6 promotes");
    g_free(text);
    g_free(pos);
}

/* ---- Fairy-Stockfish's FEN and move forms (engine protocols) ------------- */

/* Pairs checked against Fairy-Stockfish's `d` output (its "Fen:" and "Sfen:"
 * lines for the same position), with the FEN dojo writes back. */
static void test_engine_fen_round_trip(void **state)
{
    (void)state;
    static const char *const cases[][3] = {
        { "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1", OGI_START,
          "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1" },
        { "lnsiksnl/1r4b1/ppp1+Pppp/8/3p4/PPPP1PPP/1B4R1/LNSIKSNL[P] w - - 1 4",
          "lnsiksnl/1r4b1/ppp1+Pppp/8/3p4/PPPP1PPP/1B4R1/LNSIKSNL b P 7",
          "lnsiksnl/1r4b1/ppp1+Pppp/8/3p4/PPPP1PPP/1B4R1/LNSIKSNL[P] w - - 0 4" },
        { "lnsiksnl/1r4b1/ppp1pppp/8/8/PPP1PPPP/1B4R1/LNSIKSNL[pP] b - - 0 3",
          "lnsiksnl/1r4b1/ppp1pppp/8/8/PPP1PPPP/1B4R1/LNSIKSNL w Pp 6",
          "lnsiksnl/1r4b1/ppp1pppp/8/8/PPP1PPPP/1B4R1/LNSIKSNL[Pp] b - - 0 3" },
        /* the form of Fairy-Stockfish's variant file, and a bare board and side */
        { "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[-] w 0 1", NULL, NULL },
        { "4k3/8/8/8/8/8/8/4K3[2Rb] b", "4k3/8/8/8/8/8/8/4K3 w 2Rb 2",
          "4k3/8/8/8/8/8/8/4K3[RRb] b - - 0 1" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        if (cases[i][1] == NULL) {
            /* castling and en passant left out: refused, those fields must be '-' */
            char *message = ogi_test_position_error(cases[i][0]);
            ogi_test_assert_contains(message, "must be '-'");
            g_free(message);
            continue;
        }
        void *pos = ogi_test_position(cases[i][0]);
        char *text = ogi_test_position_string(pos);
        assert_string_equal(text, cases[i][1]);
        GString *fen = g_string_new(NULL);
        OGI->format_position_engine(pos, fen);
        assert_string_equal(fen->str, cases[i][2]);
        void *again = ogi_test_position(fen->str);
        assert_true(OGI->key(again) == OGI->key(pos));
        g_string_free(fen, TRUE);
        g_free(again);
        g_free(text);
        g_free(pos);
    }
}

static void test_engine_fen_errors(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "4k3/8/8/8/8/8/8/4K3[P w - - 0 1", "brackets" },
        { "4k3/8/8/8/8/8/8/4K3[P]] w - - 0 1", "brackets" },
        { "4k3/8/8/8/8/8/8/4K3[P][p] w - - 0 1", "brackets" },
        { "4k3/8/8/8/8/8/8/4K3[]", "side to move" },
        { "4k3/8/8/8/8/8/8/4K3[] x", "'w' (Black, who moves first)" },
        { "4k3/8/8/8/8/8/8/4K3[] w KQkq - 0 1", "castling" },
        { "4k3/8/8/8/8/8/8/4K3[] w - e3 0 1", "en passant" },
        { "4k3/8/8/8/8/8/8/4K3[] w - - x 1", "halfmove" },
        { "4k3/8/8/8/8/8/8/4K3[] w - - 0 0", "move number" },
        { "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 9", "unexpected '9'" },
        { "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1", "not an Ōgi piece" },
        { "4k3/8/8/8/8/8/8/4K4[] w - - 0 1", "more than 8 squares" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *message = ogi_test_position_error(cases[i][0]);
        ogi_test_assert_contains(message, cases[i][1]);
        g_free(message);
    }
}

/* Engines write drops with '@'; everything else as the canonical text. */
static void test_engine_move_text(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/8/8/1P6/4K3 b Pn 1");
    static const char *const cases[][2] = {
        { "P*e5", "P@e5" }, { "b2b3", "b2b3" }, { "e1d1", "e1d1" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DjMove move = ogi_test_move(pos, cases[i][0]);
        GString *text = g_string_new(NULL);
        OGI->format_move_engine(pos, move, text);
        assert_string_equal(text->str, cases[i][1]);
        assert_true(ogi_test_move(pos, text->str) == move);
        g_string_free(text, TRUE);
    }
    void *promoting = ogi_test_position("4k3/8/1P6/8/8/8/8/4K3 b - 1");
    GString *text = g_string_new(NULL);
    OGI->format_move_engine(promoting, ogi_test_move(promoting, "b6b7"), text);
    assert_string_equal(text->str, "b6b7+");
    g_string_free(text, TRUE);
    g_free(promoting);
    g_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_position_string),
        cmocka_unit_test(test_position_round_trip),
        cmocka_unit_test(test_position_canonical_form),
        cmocka_unit_test(test_position_refusals),
        cmocka_unit_test(test_errors_quote_input_safely),
        cmocka_unit_test(test_position_mangled_strings),
        cmocka_unit_test(test_move_forms),
        cmocka_unit_test(test_move_text_round_trip),
        cmocka_unit_test(test_move_errors),
        cmocka_unit_test(test_render_letters),
        cmocka_unit_test(test_render_check_last_move_and_flip),
        cmocka_unit_test(test_render_traditional),
        cmocka_unit_test(test_describe_move),
        cmocka_unit_test(test_engine_fen_round_trip),
        cmocka_unit_test(test_engine_fen_errors),
        cmocka_unit_test(test_engine_move_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
