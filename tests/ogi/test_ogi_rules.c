/* test_ogi_rules.c: one position per rule of docs/rules/ogi.md, each in its
 * own test, driven through the DjVariant slots only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "framework/params.h"
#include "tests/ogi/ogi_test.h"

/* Assert that the legal moves of `position` are exactly `expected`
 * (sorted, ", "-separated). */
static void assert_moves(const char *position, const char *expected)
{
    void *pos = ogi_test_position(position);
    char *moves = ogi_test_moves_text(pos, NULL);
    if (strcmp(moves, expected) != 0) {
        fail_msg("position %s\nmoves:    %s\nexpected: %s", position, moves, expected);
    }
    g_free(moves);
    g_free(pos);
}

static void assert_has(const void *pos, const char *move, bool expected)
{
    if (ogi_test_has_move(pos, move) != expected) {
        char *text = ogi_test_position_string(pos);
        fail_msg("%s should %sbe legal in %s", move, expected ? "" : "not ", text);
         g_free(text);
    }
}

/* ---- drops --------------------------------------------------------------- */

static void test_nifu(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/8/4P3/8/4K3 b P 1");
    assert_has(pos, "P*e5", false);
    assert_has(pos, "P*e7", false);
    assert_has(pos, "P*d5", true);
    assert_has(pos, "P*f4", true);
    char *error = ogi_test_move_error(pos, "P*e5");
    ogi_test_assert_contains(error, "nifu");
    g_free(error);
    g_free(pos);

    /* The same for White. */
    pos = ogi_test_position("4k3/8/3p4/8/8/8/8/4K3 w p 1");
    assert_has(pos, "P*d4", false);
    assert_has(pos, "P*c4", true);
    g_free(pos);
}

static void test_nifu_ignores_promoted_and_enemy_pawns(void **state)
{
    (void)state;
    /* A tokin on the file does not count. */
    void *pos = ogi_test_position("4k3/8/8/8/8/4+P3/8/4K3 b P 1");
    assert_has(pos, "P*e5", true);
    assert_has(pos, "P*e2", true);
    g_free(pos);
    /* Nor does the opponent's pawn. */
    pos = ogi_test_position("4k3/8/4p3/8/8/8/8/4K3 b P 1");
    assert_has(pos, "P*e4", true);
    g_free(pos);
}

static void test_dead_drops(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b PLN 1");
    assert_has(pos, "P*a8", false);
    assert_has(pos, "L*a8", false);
    assert_has(pos, "N*a8", false);
    assert_has(pos, "N*a7", false);
    assert_has(pos, "P*a7", true);
    assert_has(pos, "L*a7", true);
    assert_has(pos, "N*a6", true);
    assert_has(pos, "P*a1", true);
    char *error = ogi_test_move_error(pos, "N*b7");
    ogi_test_assert_contains(error, "could never move");
    g_free(error);
    g_free(pos);

    pos = ogi_test_position("4k3/8/8/8/8/8/8/4K3 w pln 1");
    assert_has(pos, "P*a1", false);
    assert_has(pos, "L*a1", false);
    assert_has(pos, "N*a1", false);
    assert_has(pos, "N*a2", false);
    assert_has(pos, "P*a2", true);
    assert_has(pos, "L*a2", true);
    assert_has(pos, "N*a3", true);
    assert_has(pos, "P*a8", true);
    g_free(pos);
}

static void test_drop_does_not_promote(void **state)
{
    (void)state;
    /* A silver dropped in the zone stays a silver, and promotes when it
     * moves on inside the zone. */
    void *pos = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b S 1");
    void *after = ogi_test_after(pos, "S*b6");
    char *text = ogi_test_position_string(after);
    assert_string_equal(text, "4k3/8/1S6/8/8/8/8/4K3 w - 2");
    g_free(text);
    void *white = ogi_test_after(after, "e8d8");
    assert_has(white, "b6b7+", true);
    assert_has(white, "b6b7", false);
    assert_has(white, "b6a5+", true);   /* leaving the zone */
    g_free(white);
    g_free(after);
    g_free(pos);
}

/* ---- promotion ----------------------------------------------------------- */

static void test_promotion_forced_entering(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/4P3/8/8/8/4K3 b - 1");
    assert_has(pos, "e5e6+", true);
    assert_has(pos, "e5e6", false);
    /* Text without the '+' is read as the forced promotion. */
    void *after = ogi_test_after(pos, "e5e6");
    char *text = ogi_test_position_string(after);
    assert_string_equal(text, "4k3/8/4+P3/8/8/8/8/4K3 w - 2");
    g_free(text);
    g_free(after);
    g_free(pos);
}

static void test_promotion_forced_leaving(void **state)
{
    (void)state;
    /* Every move of a silver standing in the zone promotes, even backwards
     * out of it. */
    assert_moves("4k3/8/3S4/8/8/8/8/K7 b - 1",
                 "a1a2, a1b1, a1b2, d6c5+, d6c7+, d6d7+, d6e5+, d6e7+");
    /* A rook leaving the zone, and moving within it. */
    void *pos = ogi_test_position("4k3/R7/8/8/8/8/8/7K b - 1");
    assert_has(pos, "a7a1+", true);
    assert_has(pos, "a7a1", false);
    assert_has(pos, "a7a6+", true);
    assert_has(pos, "a7d7+", true);
    g_free(pos);
}

static void test_no_promotion_outside_zone(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/8/8/6R1/4K3 b - 1");
    assert_has(pos, "g2g5", true);
    assert_has(pos, "g2g5+", false);
    assert_has(pos, "g2g6+", true);
    char *error = ogi_test_move_error(pos, "g2g5+");
    ogi_test_assert_contains(error, "does not promote");
    ogi_test_assert_contains(error, "g2g5");
    g_free(error);
    g_free(pos);
}

static void test_white_zone(void **state)
{
    (void)state;
    /* White's zone is ranks 1-3, and White's lance moves down the board. */
    assert_moves("4k3/8/8/3l4/8/8/8/K7 w - 1",
                 "d5d1+, d5d2+, d5d3+, d5d4, e8d7, e8d8, e8e7, e8f7, e8f8");
}

/* Pawns, lances and knights never stand where they cannot move: every move
 * onto such a rank is in the zone, so it promotes. */
static void test_no_unpromoted_piece_on_dead_rank(void **state)
{
    (void)state;
    assert_moves("4k3/3P4/8/L2N4/8/8/8/K7 b - 1",
                 "a1a2, a1b1, a1b2, a5a6+, a5a7+, a5a8+, d5c7+, d5e7+, d7d8+");
}

static void test_king_and_promoted_pieces_do_not_promote(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/8/3+R4/8/8/K7 b - 1");
    assert_has(pos, "d4d8", true);
    assert_has(pos, "d4d8+", false);
    g_free(pos);
    pos = ogi_test_position("8/8/4k3/K7/8/8/8/8 b - 1");
    assert_has(pos, "a5a6", true);
    assert_has(pos, "a5a6+", false);
    g_free(pos);
}

/* ---- pieces -------------------------------------------------------------- */

static void test_princess_moves(void **state)
{
    (void)state;
    /* Bishop lines and knight jumps, no orthogonal step. */
    void *pos = ogi_test_position("4k3/8/8/8/3I4/8/8/K7 b - 1");
    int n = 0;
    g_free(ogi_test_moves_text(pos, &n));
    assert_int_equal(n, 3 + 20);   /* King a1: 3; princess: 12 diagonal (a1 is its own King's) + 8 jumps */
    assert_has(pos, "d4b5", true);
    assert_has(pos, "d4f3", true);
    assert_has(pos, "d4h8+", true);
    assert_has(pos, "d4d5", false);
    g_free(pos);
    /* Promoted: one step any way as well. */
    pos = ogi_test_position("4k3/8/8/8/3+I4/8/8/K7 b - 1");
    assert_has(pos, "d4d5", true);
    assert_has(pos, "d4c4", true);
    g_free(pos);
}

static void test_shogi_knight_and_silver(void **state)
{
    (void)state;
    /* Knight: only the two jumps forward; silver: five squares. */
    assert_moves("4k3/8/8/8/8/8/8/1N2K1S1 b - 1",
                 "b1a3, b1c3, e1d1, e1d2, e1e2, e1f1, e1f2, g1f2, g1g2, g1h2");
}

/* ---- check --------------------------------------------------------------- */

static void test_pinned_piece(void **state)
{
    (void)state;
    /* The silver on e2 is pinned by the rook: it may only move along the
     * file. */
    void *pos = ogi_test_position("4k3/4r3/8/8/8/8/4S3/4K3 b - 1");
    assert_has(pos, "e2e3", true);
    assert_has(pos, "e2d3", false);
    assert_has(pos, "e2f1", false);
    char *error = ogi_test_move_error(pos, "e2d3");
    ogi_test_assert_contains(error, "leave your King in check");
    g_free(error);
    g_free(pos);
    /* A pinned rook slides along the pin and may take the pinner. */
    assert_moves("4k3/4r3/8/8/8/8/4R3/4K3 b - 1",
                 "e1d1, e1d2, e1f1, e1f2, e2e3, e2e4, e2e5, e2e6+, e2e7+");
    /* Pinned by a lance: a bishop cannot move along the file, so not at all. */
    assert_moves("4k3/4l3/8/8/8/8/4B3/4K3 b - 1", "e1d1, e1d2, e1f1, e1f2");
    /* Pinned on a diagonal: the silver may step along it only. */
    assert_moves("4k3/8/8/b7/8/8/3S4/4K3 b - 1", "d2c3, e1d1, e1e2, e1f1, e1f2");
}

static void test_discovered_check(void **state)
{
    (void)state;
    /* The silver leaving the e-file uncovers the rook on e2. */
    void *pos = ogi_test_position("4k3/8/8/8/4S3/8/4R3/K7 b - 1");
    DjMove off = ogi_test_move(pos, "e4d5");
    DjMove along = ogi_test_move(pos, "e4e5");
    assert_true(OGI->is_noisy(pos, off));
    assert_false(OGI->is_noisy(pos, along));
    void *checked = ogi_test_after(pos, "e4d5");
    assert_true(OGI->in_check(checked));
    char *moves = ogi_test_moves_text(checked, NULL);
    assert_string_equal(moves, "e8d7, e8d8, e8f7, e8f8");
    g_free(moves);
    void *quiet = ogi_test_after(pos, "e4e5");
    assert_false(OGI->in_check(quiet));
    g_free(quiet);
    g_free(checked);
    g_free(pos);

    /* A knight jumping away uncovers a lance. */
    pos = ogi_test_position("4k3/8/8/8/4N3/8/8/K3L3 b - 1");
    checked = ogi_test_after(pos, "e4d6+");
    assert_true(OGI->in_check(checked));
    moves = ogi_test_moves_text(checked, NULL);
    assert_string_equal(moves, "e8d8, e8f7, e8f8");
    g_free(moves);
    g_free(checked);
    g_free(pos);
}

static void test_king_does_not_step_into_check(void **state)
{
    (void)state;
    /* In check along rank 1: neither d1 (attacked) nor f1 (attacked through
     * the square the King leaves). */
    assert_moves("4k3/8/8/8/8/8/8/r3K3 b - 1", "e1d2, e1e2, e1f2");
    /* The checking pawn is defended, and its defender covers d2 and f2. */
    assert_moves("4k3/8/8/8/8/4s3/4p3/4K3 b - 1", "e1d1, e1f1");
    /* Kings may not stand next to each other. */
    assert_moves("8/8/8/8/8/3k4/8/4K3 b - 1", "e1d1, e1f1, e1f2");
}

static void test_double_check_only_king_moves(void **state)
{
    (void)state;
    /* Rook and bishop both give check: the rook on h2 and the silver in
     * hand could each stop one, so neither may move. */
    assert_moves("4k3/4r3/8/b7/8/8/7R/4K3 b S 1", "e1d1, e1f1, e1f2");
}

static void test_check_by_slider_drop_to_block(void **state)
{
    (void)state;
    assert_moves("4k3/4r3/8/8/8/8/8/4K2R b S 1",
                 "S*e2, S*e3, S*e4, S*e5, S*e6, e1d1, e1d2, e1f1, e1f2");
    /* A check by a jump cannot be blocked: no drops at all. */
    assert_moves("4k3/8/8/8/8/3i4/8/4K3 b S 1", "e1d1, e1d2");
}

/* ---- the end of the game ------------------------------------------------- */

static void test_pawn_drop_mate_allowed(void **state)
{
    (void)state;
    /* The tokin guards e7, d7 and f7; White's knights fill d8 and f8.  (The
     * tokin on the e-file does not make the drop nifu.) */
    void *pos = ogi_test_position("3nkn2/8/4+P3/8/8/8/8/4K3 b P 1");
    assert_has(pos, "P*e7", true);
    DjMove drop = ogi_test_move(pos, "P*e7");
    assert_true(OGI->is_noisy(pos, drop));
    void *mated = ogi_test_after(pos, "p@e7");
    assert_true(OGI->in_check(mated));
    assert_int_equal(OGI->count_moves(mated), 0);
    assert_int_equal(OGI->outcome(mated), DJ_OUTCOME_ONGOING);
    assert_int_equal(dj_position_outcome(OGI, mated), DJ_OUTCOME_WIN_SIDE0);
    g_free(mated);
    g_free(pos);
}

static void test_checkmate(void **state)
{
    (void)state;
    void *pos = ogi_test_position("7k/8/6+P1/8/8/8/8/R3K3 b - 1");
    assert_int_equal(dj_position_outcome(OGI, pos), DJ_OUTCOME_ONGOING);
    void *mated = ogi_test_after(pos, "a1a8+");
    assert_true(OGI->in_check(mated));
    DjMove moves[8];
    assert_int_equal(OGI->legal_moves(mated, moves), 0);
    assert_int_equal(dj_position_outcome(OGI, mated), DJ_OUTCOME_WIN_SIDE0);
    g_free(mated);
    g_free(pos);

    /* Mate by White. */
    pos = ogi_test_position("r3k3/8/8/8/8/6+p1/8/7K w - 1");
    mated = ogi_test_after(pos, "a8a1+");
    assert_int_equal(dj_position_outcome(OGI, mated), DJ_OUTCOME_WIN_SIDE1);
    g_free(mated);
    g_free(pos);
}

static void test_no_legal_move_loses(void **state)
{
    (void)state;
    /* White is not in check but cannot move: White has lost. */
    void *pos = ogi_test_position("k7/8/1+PN5/8/8/8/8/4K3 w - 1");
    assert_false(OGI->in_check(pos));
    assert_int_equal(OGI->count_moves(pos), 0);
    assert_int_equal(dj_position_outcome(OGI, pos), DJ_OUTCOME_WIN_SIDE0);
    g_free(pos);
    /* The same with a piece in hand that has a square is not stalemate. */
    pos = ogi_test_position("k7/8/1+PN5/8/8/8/8/4K3 w p 1");
    assert_int_equal(dj_position_outcome(OGI, pos), DJ_OUTCOME_ONGOING);
    g_free(pos);
}

static void test_captured_promoted_piece_returns_unpromoted(void **state)
{
    (void)state;
    void *pos = ogi_test_position("4k3/8/8/1+r6/8/8/8/1R2K3 b - 1");
    void *after = ogi_test_after(pos, "b1b5");
    char *text = ogi_test_position_string(after);
    assert_string_equal(text, "4k3/8/8/1R6/8/8/8/4K3 w R 2");
    g_free(text);
    g_free(after);
    g_free(pos);

    /* White takes a tokin (and promotes, moving inside its zone). */
    pos = ogi_test_position("4k3/8/8/8/8/3+P4/3r4/4K3 w - 1");
    after = ogi_test_after(pos, "d2d3+");
    text = ogi_test_position_string(after);
    assert_string_equal(text, "4k3/8/8/8/8/3+r4/8/4K3 b p 2");
    g_free(text);
    /* ... and may drop it as a pawn. */
    void *black = ogi_test_after(after, "e1f1");
    assert_has(black, "P*e4", true);
    g_free(black);
    g_free(after);
    g_free(pos);
}

/* ---- the rest of the interface ------------------------------------------- */

static void test_null_move(void **state)
{
    (void)state;
    void *pos = ogi_test_start();
    void *copy = g_malloc(OGI->state_size);
    memcpy(copy, pos, OGI->state_size);
    OGI->play_null(copy);
    assert_int_equal(OGI->side_to_move(copy), 1);
    assert_true(OGI->key(copy) != OGI->key(pos));
    assert_true(OGI->key(copy) == OGI->compute_key(copy));
    OGI->play_null(copy);
    assert_int_equal(OGI->side_to_move(copy), 0);
    assert_true(OGI->key(copy) == OGI->key(pos));
    g_free(copy);
    g_free(pos);
}

/* The position turned half a turn with the colours swapped: the same game
 * from the other side. */
static char *rotated(const char *text)
{
    char **parts = g_strsplit(text, " ", -1);
    char cells[64][3];
    int n = 0;
    for (const char *p = parts[0]; *p; p++) {
        if (*p == '/')
            continue;
        if (g_ascii_isdigit(*p)) {
            for (int i = 0; i < *p - '0'; i++)
                strcpy(cells[n++], "");
            continue;
        }
        char cell[3] = { 0 };
        int k = 0;
        if (*p == '+')
            cell[k++] = *p++;
        cell[k] = g_ascii_isupper(*p) ? g_ascii_tolower(*p) : g_ascii_toupper(*p);
        strcpy(cells[n++], cell);
    }
    assert_int_equal(n, 64);
    GString *out = g_string_new(NULL);
    for (int row = 0; row < 8; row++) {
        int empty = 0;
        for (int col = 0; col < 8; col++) {
            const char *cell = cells[63 - (row * 8 + col)];
            if (cell[0] == '\0') {
                empty++;
                continue;
            }
            if (empty)
                g_string_append_printf(out, "%d", empty);
            empty = 0;
            g_string_append(out, cell);
        }
        if (empty)
            g_string_append_printf(out, "%d", empty);
        if (row < 7)
            g_string_append_c(out, '/');
    }
    g_string_append(out, strcmp(parts[1], "b") == 0 ? " w " : " b ");
    if (strcmp(parts[2], "-") == 0) {
        g_string_append(out, "-");
    } else {
        for (const char *p = parts[2]; *p; p++)
            g_string_append_c(out, g_ascii_isupper(*p) ? g_ascii_tolower(*p) : g_ascii_toupper(*p));
    }
    g_string_append(out, " 1");
    g_strfreev(parts);
    return g_string_free(out, FALSE);
}

static void test_evaluation_is_symmetric(void **state)
{
    (void)state;
    static const char *const positions[] = {
        OGI_START,
        "ln2k1nl/1r2s1b1/p1pp1ppp/1p2p3/3P4/PPP1SPPP/1B4R1/LN1IK1NL w Sip 12",
        "4k3/1+P4+r1/8/2+B5/5+N2/8/1+I1+L2+S1/4K3 w 2P2p 1",
        "3nkn2/8/4+P3/8/8/8/8/4K3 b P 1",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(positions); i++) {
        void *pos = ogi_test_position(positions[i]);
        char *mirror_text = rotated(positions[i]);
        void *mirror = ogi_test_position(mirror_text);
        assert_int_equal(OGI->evaluate(pos), OGI->evaluate(mirror));
        assert_int_equal(OGI->count_moves(pos), OGI->count_moves(mirror));
        g_free(mirror);
        g_free(mirror_text);
        g_free(pos);
    }
}

static void test_material_counts(void **state)
{
    (void)state;
    /* A side a rook up (in hand) scores clearly better than even. */
    void *even = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b - 1");
    void *up = ogi_test_position("4k3/8/8/8/8/8/8/4K3 b R 1");
    void *down = ogi_test_position("4k3/8/8/8/8/8/8/4K3 w R 1");
    assert_true(OGI->evaluate(up) > OGI->evaluate(even) + 500);
    assert_true(OGI->evaluate(down) < OGI->evaluate(even) - 500);
    g_free(even);
    g_free(up);
    g_free(down);
}

/* The evaluation of the position `text`, for its side to move. */
static int score_of(const char *text)
{
    void *pos = ogi_test_position(text);
    int score = OGI->evaluate(pos);
    g_free(pos);
    return score;
}

static void test_safe_drop_check_is_danger(void **state)
{
    (void)state;
    /* White holds a knight, which checks Black's King from d3 or f3.  A
     * silver on e4 covers both squares; on a4 it covers neither, and the
     * King is in more danger though nothing else differs. */
    assert_true(score_of("4k3/8/8/8/4S3/8/8/4K3 b n 1") > score_of("4k3/8/8/8/S7/8/8/4K3 b n 1"));
}

static void test_hanging_piece_is_a_threat(void **state)
{
    (void)state;
    /* A silver on e4 stands where White's pawn attacks it and nothing of
     * Black's covers it; on e3 it is out of reach.  Material and the Kings'
     * surroundings are the same. */
    assert_true(score_of("7k/8/8/4p3/4S3/8/8/K7 b - 1") < score_of("7k/8/8/4p3/8/4S3/8/K7 b - 1"));
}

/* How much the weight `name` changes the evaluation of `text`: the score
 * with the weight as built in less the score with it at 0 (the weight is
 * put back after).  The built-in value must be above 0. */
static int weight_effect(const char *text, const char *name)
{
    const DjParam *param = dj_params_find(OGI, name);
    assert_non_null(param);
    int built_in = *param->value;
    assert_true(built_in > 0);
    void *pos = ogi_test_position(text);
    int with = OGI->evaluate(pos);
    *param->value = 0;
    int without = OGI->evaluate(pos);
    *param->value = built_in;
    g_free(pos);
    return with - without;
}

static void test_cramped_king_only_when_threatened(void **state)
{
    (void)state;
    /* Boxed in by its own pawn and silver, one flight square (b2), and
     * White holds a bishop that can check from c3: the term counts. */
    assert_true(weight_effect("4k3/8/8/8/8/8/P7/KS6 b b 1", "cramped") < 0);
    /* The same threat against a King with five flight squares. */
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/8/4K3 b b 1", "cramped"), 0);
    /* Boxed in with nothing to fear: a castle is not a weakness. */
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/P7/KS6 b - 1", "cramped"), 0);
}

static void test_ring_hits_are_danger(void **state)
{
    (void)state;
    /* White's silver on e3 hits d2, e2 and f2, next to Black's King. */
    assert_true(weight_effect("4k3/8/8/8/8/4s3/8/4K3 b - 1", "ring_hit") < 0);
    /* On a6 it hits nothing near either King. */
    assert_int_equal(weight_effect("4k3/8/s7/8/8/8/8/4K3 b - 1", "ring_hit"), 0);
}

static void test_advanced_pawns_are_worth_more(void **state)
{
    (void)state;
    /* A Black pawn on e5 is one step from promotion; a White one on e4 is
     * too (White moves down the board). */
    assert_true(weight_effect("k7/8/8/4P3/8/8/8/7K b - 1", "pawn_rank5") > 0);
    assert_true(weight_effect("k7/8/8/8/4p3/8/8/7K w - 1", "pawn_rank5") > 0);
    assert_true(weight_effect("k7/8/8/8/4P3/8/8/7K b - 1", "pawn_rank4") > 0);
    /* A dropped pawn inside the zone promotes at its next step. */
    assert_true(weight_effect("k7/8/4P3/8/8/8/8/7K b - 1", "pawn_zone") > 0);
    /* A pawn on its starting rank counts for none of them. */
    assert_int_equal(weight_effect("k7/8/8/8/8/4P3/8/7K b - 1", "pawn_rank4"), 0);
    assert_int_equal(weight_effect("k7/8/8/8/8/4P3/8/7K b - 1", "pawn_rank5"), 0);
    /* An enemy pawn as far advanced counts against the side to move. */
    assert_true(weight_effect("k7/8/8/8/4p3/8/8/7K b - 1", "pawn_rank5") < 0);
}

static void test_attacks_on_the_king_flank_are_danger(void **state)
{
    (void)state;
    /* A White rook on e3 sweeps the e-file of Black's half, where Black's
     * King stands: bad for Black, to move. */
    assert_true(weight_effect("4k3/8/8/8/8/4r3/8/4K3 b - 1", "flank_attack") < 0);
    /* The same for White, with a Black rook on e6. */
    assert_true(weight_effect("4k3/8/4R3/8/8/8/8/4K3 w - 1", "flank_attack") < 0);
    /* A rook on a8 reaches Black's half only on the a-file, away from the
     * King's four files (c to f). */
    assert_int_equal(weight_effect("r3k3/8/8/8/8/8/8/4K3 b - 1", "flank_attack"), 0);
}

static void test_pieces_far_from_both_kings_count_against(void **state)
{
    (void)state;
    int weight = *dj_params_find(OGI, "proximity")->value;
    /* A silver on a1: seven squares from its King on h1 and seven from
     * White's on a8. */
    assert_int_equal(weight_effect("k7/8/8/8/8/8/8/S6K b - 1", "proximity"), -7 * 7 * weight);
    /* Next to its King it counts 1 * 7. */
    assert_int_equal(weight_effect("k7/8/8/8/8/8/8/6SK b - 1", "proximity"), -1 * 7 * weight);
    /* White's, scored from White's side; the two sides' sums cancel. */
    assert_int_equal(weight_effect("k7/8/8/8/8/8/8/s6K w - 1", "proximity"), -7 * 7 * weight);
    assert_int_equal(weight_effect("k7/8/8/8/8/8/8/s5SK w - 1", "proximity"), -6 * 7 * weight);
    /* Pawns do not count. */
    assert_int_equal(weight_effect("k7/8/8/8/8/8/P7/7K b - 1", "proximity"), 0);
}

/* The piece values are weights like the others: a change reaches a
 * position set up before it, on the board and in hand. */
static void test_piece_values_are_weights(void **state)
{
    (void)state;
    int silver = *dj_params_find(OGI, "value_silver")->value;
    int held = *dj_params_find(OGI, "value_hand_silver")->value;
    int dragon = *dj_params_find(OGI, "value_dragon")->value;
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/8/3SK3 b - 1", "value_silver"), silver);
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/8/3SK3 w - 1", "value_silver"), -silver);
    assert_int_equal(weight_effect("3sk3/8/8/8/8/8/8/3SK3 b - 1", "value_silver"), 0);
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/8/4K3 b SS 1", "value_hand_silver"), 2 * held);
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/8/4K3 b Ss 1", "value_hand_silver"), 0);
    /* A promoted piece counts at its own value, not its base piece's. */
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/8/+R3K3 b - 1", "value_dragon"), dragon);
    assert_int_equal(weight_effect("4k3/8/8/8/8/8/8/+R3K3 b - 1", "value_rook"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nifu),
        cmocka_unit_test(test_nifu_ignores_promoted_and_enemy_pawns),
        cmocka_unit_test(test_dead_drops),
        cmocka_unit_test(test_drop_does_not_promote),
        cmocka_unit_test(test_promotion_forced_entering),
        cmocka_unit_test(test_promotion_forced_leaving),
        cmocka_unit_test(test_no_promotion_outside_zone),
        cmocka_unit_test(test_white_zone),
        cmocka_unit_test(test_no_unpromoted_piece_on_dead_rank),
        cmocka_unit_test(test_king_and_promoted_pieces_do_not_promote),
        cmocka_unit_test(test_princess_moves),
        cmocka_unit_test(test_shogi_knight_and_silver),
        cmocka_unit_test(test_pinned_piece),
        cmocka_unit_test(test_discovered_check),
        cmocka_unit_test(test_king_does_not_step_into_check),
        cmocka_unit_test(test_double_check_only_king_moves),
        cmocka_unit_test(test_check_by_slider_drop_to_block),
        cmocka_unit_test(test_pawn_drop_mate_allowed),
        cmocka_unit_test(test_checkmate),
        cmocka_unit_test(test_no_legal_move_loses),
        cmocka_unit_test(test_captured_promoted_piece_returns_unpromoted),
        cmocka_unit_test(test_null_move),
        cmocka_unit_test(test_evaluation_is_symmetric),
        cmocka_unit_test(test_material_counts),
        cmocka_unit_test(test_safe_drop_check_is_danger),
        cmocka_unit_test(test_hanging_piece_is_a_threat),
        cmocka_unit_test(test_cramped_king_only_when_threatened),
        cmocka_unit_test(test_ring_hits_are_danger),
        cmocka_unit_test(test_advanced_pawns_are_worth_more),
        cmocka_unit_test(test_attacks_on_the_king_flank_are_danger),
        cmocka_unit_test(test_pieces_far_from_both_kings_count_against),
        cmocka_unit_test(test_piece_values_are_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
