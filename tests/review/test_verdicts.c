/* test_verdicts.c: the engine review on short games built for it, with a
 * fixed node limit per position (deterministic, no timers), and annotated
 * records read back. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "framework/record.h"
#include "framework/registry.h"
#include "framework/search/search.h"
#include "frontends/tty/review.h"
#include "tests/support/gerror_assert.h"

#define NODES 20000

/* Blue's master steps next to Red's student and is taken at once. */
static const char onitama_blunder[] =
    "[Variant \"onitama\"]\n"
    "[Position \"2m2/5/2s2/5/S1M1S b ox,boar,horse,elephant,crab\"]\n"
    "\n"
    "1. ox:c1c2 horse:c3c2\n"
    "0-1\n";

/* Blue could take Red's master (ox:c4c5) and plays something else. */
static const char onitama_missed_win[] =
    "[Variant \"onitama\"]\n"
    "[Position \"2m2/2S2/5/5/S1M1S b ox,boar,horse,elephant,crab\"]\n"
    "\n"
    "1. boar:a1a2 horse:c5c4\n";

/* Black's knight leaves the first rank: the rook mates on h1.  Black's
 * silver on d4 keeps the position short of lost before the move (about -3.5
 * at NODES), so that what the move loses is a blunder's whatever a change of
 * the search does to that score (without it Black stood at -12, a few tenths
 * from the cap, and the label hung on them). */
static const char ogi_blunder[] =
    "[Variant \"ogi\"]\n"
    "[Position \"4k2r/8/8/8/3S4/8/PP6/K1N5 b - 1\"]\n"
    "\n"
    "1. c1d3 h8h1+\n"
    "0-1\n";

/* A match record: engine names in the side tags and tags dojo never
 * writes itself. */
static const char match_record[] =
    "[Variant \"onitama\"]\n"
    "[Event \"dojo match\"]\n"
    "[Blue \"dojo level 3\"]\n"
    "[Red \"mcts 2000\"]\n"
    "[Round \"7\"]\n"
    "[Position \"ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab\"]\n"
    "\n"
    "1. ox:d1d2 elephant:c5d4 2. boar:b1b2\n";

typedef struct Reviewed {
    DjGame *game;
    DjSearch *search;
    DojoReview *review;
} Reviewed;

/* Skip the current test when the game the record names is not built in (a
 * build with -Dvariants=... must pass its whole suite). */
static void require_game_of(const char *text)
{
    const char *tag = strstr(text, "[Variant \"");
    if (tag == NULL)
        return;
    tag += strlen("[Variant \"");
    char *name = g_strndup(tag, strcspn(tag, "\""));
    bool built = dj_registry_find(name) != NULL;
    if (!built)
        g_printerr("skipped: this test reviews a game of %s, which this build leaves out\n", name);
    g_free(name);
    if (!built)
        skip();
}

static Reviewed review_text(const char *text)
{
    require_game_of(text);
    GError *error = NULL;
    Reviewed r = { 0 };
    r.game = dj_record_parse(text, &error);
    assert_no_gerror(error);
    r.search = dj_search_new(dj_game_variant(r.game), 8);
    DjSearchLimits limits = { .nodes = NODES };
    r.review = dojo_review_run(r.game, r.search, &limits, NULL, NULL, NULL);
    assert_int_equal(r.review->n_reviewed, dj_game_length(r.game));
    return r;
}

static void reviewed_free(Reviewed *r)
{
    dojo_review_free(r->review);
    dj_search_free(r->search);
    dj_game_free(r->game);
}

static char *verdict_of(const DojoReview *review, int ply)
{
    GString *text = g_string_new(NULL);
    dojo_review_format_verdict(review, ply, text);
    return g_string_free(text, FALSE);
}

static void test_labels_follow_the_documented_thresholds(void **state)
{
    (void)state;
    assert_int_equal(dojo_review_label_for(0), DOJO_REVIEW_GOOD);
    assert_int_equal(dojo_review_label_for(DOJO_REVIEW_INACCURACY - 1), DOJO_REVIEW_GOOD);
    assert_int_equal(dojo_review_label_for(DOJO_REVIEW_INACCURACY), DOJO_REVIEW_INACCURATE);
    assert_int_equal(dojo_review_label_for(DOJO_REVIEW_MISTAKE - 1), DOJO_REVIEW_INACCURATE);
    assert_int_equal(dojo_review_label_for(DOJO_REVIEW_MISTAKE), DOJO_REVIEW_MISTAKEN);
    assert_int_equal(dojo_review_label_for(DOJO_REVIEW_BLUNDER - 1), DOJO_REVIEW_MISTAKEN);
    assert_int_equal(dojo_review_label_for(DOJO_REVIEW_BLUNDER), DOJO_REVIEW_BLUNDERED);
    assert_string_equal(dojo_review_label_name(DOJO_REVIEW_BLUNDERED), "blunder");
    assert_int_equal(dojo_review_capped(DJ_SCORE_WIN - 9), DOJO_REVIEW_CAP);
    assert_int_equal(dojo_review_capped(-(DJ_SCORE_WIN - 9)), -DOJO_REVIEW_CAP);
    assert_int_equal(dojo_review_capped(DOJO_REVIEW_CAP + 500), DOJO_REVIEW_CAP);
    assert_int_equal(dojo_review_capped(-120), -120);
}

static void test_losing_the_master_in_one_is_a_blunder(void **state)
{
    (void)state;
    Reviewed r = review_text(onitama_blunder);
    const DojoReviewMove *move = &r.review->moves[0];
    assert_int_equal(move->label, DOJO_REVIEW_BLUNDERED);
    assert_true(move->forced_loss);
    assert_false(move->missed_win);
    int plies = 0;
    assert_true(dj_score_is_decisive(move->after, &plies) && move->after < 0);
    assert_int_equal(plies, 1);
    assert_true(move->best != move->played);
    /* The reply that wins is the engine's own move: no label, a won game. */
    assert_int_equal(r.review->moves[1].label, DOJO_REVIEW_GOOD);
    assert_int_equal(r.review->moves[1].after, DJ_SCORE_WIN);
    char *verdict = verdict_of(r.review, 0);
    assert_non_null(strstr(verdict, "-> loses in 1  blunder, forced loss; best "));
    g_free(verdict);
    GString *summary = g_string_new(NULL);
    dojo_review_format_summary(r.review, summary);
    assert_non_null(strstr(summary->str, "Blue: 1 move, 0 inaccuracies, 0 mistakes, 1 blunder, "
                                         "0 missed wins, 1 forced loss;"));
    assert_non_null(strstr(summary->str, "Red: 1 move, 0 inaccuracies, 0 mistakes, 0 blunders, "
                                         "0 missed wins, 0 forced losses; average loss 0.00"));
    g_string_free(summary, TRUE);
    /* The graph's view: side 1 (Red) has won after both moves. */
    assert_true(dojo_review_side0_score(r.review, 0) < -DJ_SCORE_EVAL_MAX);
    assert_int_equal(dojo_review_side0_score(r.review, 1), -DJ_SCORE_WIN);
    reviewed_free(&r);
}

static void test_allowing_mate_in_one_is_a_blunder(void **state)
{
    (void)state;
    Reviewed r = review_text(ogi_blunder);
    const DojoReviewMove *move = &r.review->moves[0];
    assert_int_equal(move->label, DOJO_REVIEW_BLUNDERED);
    assert_true(move->forced_loss);
    int plies = 0;
    assert_true(dj_score_is_decisive(move->after, &plies) && move->after < 0);
    assert_int_equal(plies, 1);
    assert_false(dj_score_is_decisive(move->before, NULL));
    reviewed_free(&r);
}

static void test_a_win_let_go_is_a_missed_win(void **state)
{
    (void)state;
    Reviewed r = review_text(onitama_missed_win);
    const DojoReviewMove *move = &r.review->moves[0];
    assert_true(move->missed_win);
    assert_false(move->forced_loss);
    assert_true(dj_score_is_decisive(move->before, NULL) && move->before > 0);
    assert_true(move->label >= DOJO_REVIEW_MISTAKEN);
    GString *best = g_string_new(NULL);
    dj_game_variant(r.game)->format_move(dj_game_position_at(r.game, 0), move->best, best);
    assert_string_equal(best->str, "ox:c4c5");
    g_string_free(best, TRUE);
    char *verdict = verdict_of(r.review, 0);
    assert_non_null(strstr(verdict, "missed win"));
    g_free(verdict);
    reviewed_free(&r);
}

static void test_the_same_limits_give_the_same_review(void **state)
{
    (void)state;
    Reviewed a = review_text(match_record);
    Reviewed b = review_text(match_record);
    assert_string_equal(dj_game_tag(a.game, "Red"), "mcts 2000");
    for (int ply = 0; ply < a.review->n_moves; ply++) {
        char *first = verdict_of(a.review, ply);
        char *second = verdict_of(b.review, ply);
        assert_string_equal(first, second);
        g_free(first);
        g_free(second);
    }
    reviewed_free(&a);
    reviewed_free(&b);
}

/* Write the annotated record, read it back, review it again: the same
 * game, the same tags and the same comments. */
static void test_annotated_record_round_trips(void **state)
{
    (void)state;
    Reviewed first = review_text(match_record);
    GString *annotated = g_string_new(NULL);
    dojo_review_format_record(first.review, annotated);
    GPtrArray *comments = dojo_review_read_comments(annotated->str, first.review->n_moves);
    for (int ply = 0; ply < first.review->n_moves; ply++) {
        char *verdict = verdict_of(first.review, ply);
        assert_non_null(g_ptr_array_index(comments, (guint)ply));
        assert_string_equal(g_ptr_array_index(comments, (guint)ply), verdict);
        g_free(verdict);
    }

    Reviewed second = review_text(annotated->str);
    assert_int_equal(dj_game_length(second.game), dj_game_length(first.game));
    assert_string_equal(dj_game_tag(second.game, "Round"), "7");
    GString *again = g_string_new(NULL);
    dojo_review_format_record(second.review, again);
    assert_string_equal(again->str, annotated->str);
    GPtrArray *comments_again = dojo_review_read_comments(again->str, second.review->n_moves);
    for (guint i = 0; i < comments->len; i++)
        assert_string_equal(g_ptr_array_index(comments_again, i),
                            g_ptr_array_index(comments, i));
    g_ptr_array_unref(comments_again);
    g_string_free(again, TRUE);
    reviewed_free(&second);
    g_ptr_array_unref(comments);
    g_string_free(annotated, TRUE);
    reviewed_free(&first);
}

static void test_comments_belong_to_the_last_move_of_their_line(void **state)
{
    (void)state;
    GPtrArray *comments = dojo_review_read_comments(
        "[Variant \"x\"]\n; a comment line of its own\n\n"
        "1. a b ; on b\n2.c ; on c\n2... d\n3. e ; on e ; still e\n1-0 ; after the result\n", 6);
    assert_null(g_ptr_array_index(comments, 0));
    assert_string_equal(g_ptr_array_index(comments, 1), "on b");
    assert_string_equal(g_ptr_array_index(comments, 2), "on c");
    assert_null(g_ptr_array_index(comments, 3));
    assert_string_equal(g_ptr_array_index(comments, 4), "on e ; still e");
    assert_null(g_ptr_array_index(comments, 5));
    g_ptr_array_unref(comments);
}

static int stop_at_once_calls;
static bool stop_at_once(void)
{
    return ++stop_at_once_calls > 4;   /* before and after each position */
}

static void test_a_stopped_review_keeps_what_it_has(void **state)
{
    (void)state;
    require_game_of(match_record);
    GError *error = NULL;
    DjGame *game = dj_record_parse(match_record, &error);
    assert_no_gerror(error);
    DjSearch *search = dj_search_new(dj_game_variant(game), 8);
    DjSearchLimits limits = { .nodes = 2000 };
    stop_at_once_calls = 0;
    DojoReview *review = dojo_review_run(game, search, &limits, NULL, stop_at_once, NULL);
    /* Two positions searched before the stop: one move judged. */
    assert_int_equal(review->n_reviewed, 1);
    assert_int_equal(review->n_moves, 3);
    GString *annotated = g_string_new(NULL);
    dojo_review_format_record(review, annotated);
    GError *parse_error = NULL;
    DjGame *back = dj_record_parse(annotated->str, &parse_error);
    assert_no_gerror(parse_error);
    assert_int_equal(dj_game_length(back), 3);
    GPtrArray *comments = dojo_review_read_comments(annotated->str, 3);
    assert_non_null(g_ptr_array_index(comments, 0));
    assert_null(g_ptr_array_index(comments, 1));
    g_ptr_array_unref(comments);
    dj_game_free(back);
    g_string_free(annotated, TRUE);
    dojo_review_free(review);
    dj_search_free(search);
    dj_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_follow_the_documented_thresholds),
        cmocka_unit_test(test_losing_the_master_in_one_is_a_blunder),
        cmocka_unit_test(test_allowing_mate_in_one_is_a_blunder),
        cmocka_unit_test(test_a_win_let_go_is_a_missed_win),
        cmocka_unit_test(test_the_same_limits_give_the_same_review),
        cmocka_unit_test(test_annotated_record_round_trips),
        cmocka_unit_test(test_comments_belong_to_the_last_move_of_their_line),
        cmocka_unit_test(test_a_stopped_review_keeps_what_it_has),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
