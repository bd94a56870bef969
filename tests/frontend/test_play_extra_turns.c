/* test_play_extra_turns.c: the play loop (play_loop.h) and the review
 * (review.h) with a game whose sides do not alternate, the toy mancala of
 * tests/framework/toys.h.  No registered game has extra turns, so this
 * drives them as a library rather than the dojo binary: the prompt says
 * who is to move, also when it is the same side again, the computer plays
 * all the moves of its turn, undo takes back to the human's last move
 * whoever made the moves after it, and the review scores a move that keeps
 * the turn from the mover's side. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "framework/search/search.h"
#include "frontends/tty/play_loop.h"
#include "frontends/tty/review.h"
#include "tests/framework/toys.h"
#include "tests/frontend/play_session.h"

/* Play `typed` (lines a person types) from a new game with the given
 * players; the game and everything the loop printed are kept. */
static PlaySession run(const char *typed, DojoPlayerKind south, DojoPlayerKind north)
{
    const DojoPlayer players[2] = { { .kind = south, .level = 1 }, { .kind = north, .level = 1 } };
    return play_session_run(&toy_mancala, typed, players, NULL);
}

static int side_to_move(const DjGame *game)
{
    return toy_mancala.side_to_move(dj_game_position(game));
}

static void test_prompts_follow_the_side(void **state)
{
    (void)state;
    /* b1 ends in South's store: South moves again; a1 passes the turn */
    PlaySession s = run("b1\na1\nquit\n", DOJO_PLAYER_HUMAN, DOJO_PLAYER_HUMAN);
    assert_int_equal(s.end, DOJO_PLAY_QUIT);
    assert_int_equal(dj_game_length(s.game), 2);
    play_session_assert_has(&s, "Move 1: South to move (human).");
    play_session_assert_has(&s, "Move 1: South to move again (human).");
    play_session_assert_has(&s, "Move 1: North to move (human).");
    play_session_free(&s);

    /* two people: undo takes back one move at a time, whoever's turn */
    s = run("b1\na1\nundo\nundo\nquit\n", DOJO_PLAYER_HUMAN, DOJO_PLAYER_HUMAN);
    assert_int_equal(dj_game_length(s.game), 0);
    play_session_assert_has(&s, "Took back 1 move.");
    play_session_free(&s);
}

static void test_computer_plays_its_whole_turn_and_undo_returns_to_the_human(void **state)
{
    (void)state;
    PlaySession s = run("b1\na1\nquit\n", DOJO_PLAYER_HUMAN, DOJO_PLAYER_COMPUTER);
    int length = dj_game_length(s.game);
    assert_true(length >= 3);
    /* the computer moved until the turn came back to South, or the end */
    for (int ply = 2; ply < length; ply++)
        assert_int_equal(toy_mancala.side_to_move(dj_game_position_at(s.game, ply)), 1);
    if (dj_game_outcome(s.game) == DJ_OUTCOME_ONGOING)
        assert_int_equal(side_to_move(s.game), 0);
    play_session_free(&s);

    /* undo takes back the computer's moves and South's a1, and stops where
     * South is to move again, after b1 */
    s = run("b1\na1\nundo\nquit\n", DOJO_PLAYER_HUMAN, DOJO_PLAYER_COMPUTER);
    assert_int_equal(dj_game_length(s.game), 1);
    assert_int_equal(side_to_move(s.game), 0);
    play_session_assert_has(&s, "Move 1: South to move again (human).");
    play_session_free(&s);
}

/* The score after a move is the next position's, negated only when the
 * move passed the turn. */
static void test_review_scores_from_the_mover(void **state)
{
    (void)state;
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(&toy_mancala, &setup, NULL);
    assert_non_null(game);
    assert_true(dj_game_play_text(game, "b1", NULL));   /* keeps the turn */
    assert_true(dj_game_play_text(game, "a1", NULL));   /* passes it */
    DjSearchLimits limits = { .depth = 6 };
    DjSearch *search = dj_search_new(&toy_mancala, 1);
    DojoReview *review = dojo_review_run(game, search, &limits, NULL, NULL, NULL);
    assert_int_equal(review->n_reviewed, 2);

    /* the same search of position 1 gives both; b1 kept the turn */
    assert_int_equal(review->moves[0].after, review->moves[1].before);
    /* a1 passed it: the last position's score, negated */
    assert_true(review->final_searched);
    assert_int_equal(review->moves[1].after, -review->final_info.score);
    dojo_review_free(review);
    dj_search_free(search);
    dj_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prompts_follow_the_side),
        cmocka_unit_test(test_computer_plays_its_whole_turn_and_undo_returns_to_the_human),
        cmocka_unit_test(test_review_scores_from_the_mover),
    };
    return cmocka_run_group_tests_name("play loop with extra turns", tests, NULL, NULL);
}
