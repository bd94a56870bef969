/* test_play_clock.c: the players' clocks of `dojo play` (play_clock.h),
 * driven by a fake time so that no test waits: --tc and --byoyomi as
 * typed, the flag, the increment, byoyomi, taking moves back, the texts
 * of a clock, the record's tags, and the computer's budget.  Then the play
 * loop itself under a clock (in-process, with the toy mancala of
 * tests/framework/toys.h), where the fake time is the input read so far:
 * each byte a person types takes them a second.  So the loop's own
 * reading of the clock is tested as it is: a person's clock runs from the
 * prompt to the move, commands between do not stop it, a line that comes
 * after the flag fell is not carried out, undo puts the clocks back. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "frontends/tty/options.h"
#include "frontends/tty/play_clock.h"
#include "frontends/tty/play_loop.h"
#include "tests/framework/toys.h"
#include "tests/frontend/play_session.h"

/* ---- the clock alone ----------------------------------------------------------------- */

static gint64 fake_us;

static gint64 fake_now(void *user_data)
{
    (void)user_data;
    return fake_us;
}

static void pass_ms(gint64 ms)
{
    fake_us += ms * 1000;
}

static DojoPlayClock *new_clock(gint64 base_ms, gint64 increment_ms, gint64 byoyomi_ms)
{
    fake_us = 1000000;
    DojoTimeControl control = { base_ms, increment_ms, byoyomi_ms };
    return dojo_play_clock_new(&control, 0, fake_now, NULL);
}

static char *display(const DojoPlayClock *clock, int side)
{
    GString *text = g_string_new(NULL);
    dojo_play_clock_format(clock, side, text);
    return g_string_free(text, FALSE);
}

static void assert_display(const DojoPlayClock *clock, int side, const char *expected)
{
    char *text = display(clock, side);
    assert_string_equal(text, expected);
    g_free(text);
}

static void test_time_controls_as_typed(void **state)
{
    (void)state;
    DojoTimeControl c;
    assert_true(dojo_time_control_parse("5+3", 0, &c, NULL));
    assert_int_equal(c.base_ms, 300000);
    assert_int_equal(c.increment_ms, 3000);
    assert_int_equal(c.byoyomi_ms, 0);
    assert_true(dojo_time_control_parse("5", 0, &c, NULL));
    assert_int_equal(c.base_ms, 300000);
    assert_int_equal(c.increment_ms, 0);
    assert_true(dojo_time_control_parse("0:30+2.5", 0, &c, NULL));
    assert_int_equal(c.base_ms, 30000);
    assert_int_equal(c.increment_ms, 2500);
    assert_true(dojo_time_control_parse(NULL, 30, &c, NULL));   /* --byoyomi alone */
    assert_int_equal(c.base_ms, 0);
    assert_int_equal(c.byoyomi_ms, 30000);
    assert_true(dojo_time_control_on(&c));
    assert_true(dojo_time_control_parse("0", 10, &c, NULL));

    const char *const bad[] = { "", "abc", "0", "0+0", "5+", "+3", "-1", "5+-1", "1441",
                                "0:60", "0:5", "1:2:3", "5+3601", "5 +3", "0x10", "5+3+1" };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        GError *error = NULL;
        if (dojo_time_control_parse(bad[i], 0, &c, &error))
            fail_msg("--tc '%s' was taken", bad[i]);
        assert_true(g_error_matches(error, DOJO_USAGE_ERROR, DOJO_USAGE_ERROR_BAD_ARGUMENT));
        assert_non_null(strstr(error->message, "--tc"));
        g_error_free(error);
    }
}

static void test_flag_and_increment(void **state)
{
    (void)state;
    DojoPlayClock *clock = new_clock(60000, 2000, 0);
    /* nothing runs before a side's clock is started */
    pass_ms(5000);
    assert_int_equal(dojo_play_clock_left(clock, 0), 60000);
    dojo_play_clock_start(clock, 0);
    pass_ms(10000);
    assert_int_equal(dojo_play_clock_main_left(clock, 0), 50000);
    /* starting it again (a command at the prompt) does not restart it */
    dojo_play_clock_start(clock, 0);
    pass_ms(1500);
    assert_true(dojo_play_clock_moved(clock, 0, 1, true));
    assert_int_equal(dojo_play_clock_left(clock, 0), 60000 - 11500 + 2000);
    assert_display(clock, 0, "0:50");
    assert_display(clock, 1, "1:00");

    dojo_play_clock_start(clock, 1);
    pass_ms(59999);
    assert_false(dojo_play_clock_flag_fell(clock, 1));
    assert_display(clock, 1, "0:00.0");
    pass_ms(1);
    assert_true(dojo_play_clock_flag_fell(clock, 1));
    assert_false(dojo_play_clock_flag_fell(clock, 0));
    /* a move after the flag fell earns no increment */
    assert_false(dojo_play_clock_moved(clock, 1, 2, true));
    assert_int_equal(dojo_play_clock_left(clock, 1), 0);
    dojo_play_clock_free(clock);

    /* A turn of two moves typed one at a time: one increment, at its end. */
    clock = new_clock(60000, 2000, 0);
    dojo_play_clock_start(clock, 0);
    pass_ms(3000);
    assert_true(dojo_play_clock_moved(clock, 0, 1, false));
    assert_int_equal(dojo_play_clock_left(clock, 0), 57000);
    dojo_play_clock_start(clock, 0);
    pass_ms(1000);
    assert_true(dojo_play_clock_moved(clock, 0, 2, true));
    assert_int_equal(dojo_play_clock_left(clock, 0), 56000 + 2000);
    dojo_play_clock_free(clock);
}

static void test_byoyomi(void **state)
{
    (void)state;
    DojoPlayClock *clock = new_clock(10000, 0, 5000);
    dojo_play_clock_start(clock, 0);
    pass_ms(12000);   /* main time, then 2 s of the period */
    assert_false(dojo_play_clock_flag_fell(clock, 0));
    assert_display(clock, 0, "byoyomi 0:03.0");
    assert_true(dojo_play_clock_moved(clock, 0, 1, true));
    /* a fresh period for every move */
    assert_display(clock, 0, "byoyomi 0:05.0");
    assert_int_equal(dojo_play_clock_left(clock, 0), 5000);
    dojo_play_clock_start(clock, 0);
    pass_ms(4900);
    assert_true(dojo_play_clock_moved(clock, 0, 2, true));
    assert_int_equal(dojo_play_clock_left(clock, 0), 5000);
    dojo_play_clock_start(clock, 0);
    pass_ms(5000);
    assert_true(dojo_play_clock_flag_fell(clock, 0));
    dojo_play_clock_free(clock);

    /* --byoyomi alone: byoyomi from the first move */
    clock = new_clock(0, 0, 30000);
    assert_display(clock, 1, "byoyomi 0:30");
    dojo_play_clock_free(clock);
}

static void test_undo_puts_the_clocks_back(void **state)
{
    (void)state;
    DojoPlayClock *clock = new_clock(60000, 0, 0);
    dojo_play_clock_start(clock, 0);
    pass_ms(1000);
    dojo_play_clock_moved(clock, 0, 1, true);
    dojo_play_clock_start(clock, 1);
    pass_ms(2000);
    dojo_play_clock_moved(clock, 1, 2, true);
    dojo_play_clock_start(clock, 0);
    pass_ms(3000);
    dojo_play_clock_moved(clock, 0, 3, true);
    assert_int_equal(dojo_play_clock_left(clock, 0), 56000);
    dojo_play_clock_start(clock, 1);   /* thinking when the undo comes */
    pass_ms(500);
    dojo_play_clock_rewind(clock, 1);
    assert_false(dojo_play_clock_running(clock, 1));
    assert_int_equal(dojo_play_clock_left(clock, 0), 59000);
    assert_int_equal(dojo_play_clock_left(clock, 1), 60000);
    /* played again from there, and taken back to the start */
    dojo_play_clock_start(clock, 1);
    pass_ms(7000);
    dojo_play_clock_moved(clock, 1, 2, true);
    assert_int_equal(dojo_play_clock_left(clock, 1), 53000);
    dojo_play_clock_rewind(clock, 0);
    assert_int_equal(dojo_play_clock_left(clock, 0), 60000);
    assert_int_equal(dojo_play_clock_left(clock, 1), 60000);
    dojo_play_clock_free(clock);

    /* a resumed game knows its clocks from its ply on only */
    clock = new_clock(60000, 0, 0);
    dojo_play_clock_reset(clock, 6, (const gint64[]){ 1000, 2000 });
    dojo_play_clock_start(clock, 0);
    pass_ms(500);
    dojo_play_clock_moved(clock, 0, 7, true);
    dojo_play_clock_rewind(clock, 4);
    assert_int_equal(dojo_play_clock_left(clock, 0), 1000);
    assert_int_equal(dojo_play_clock_left(clock, 1), 2000);
    dojo_play_clock_free(clock);
}

static char *shown(gint64 ms, bool record)
{
    GString *text = g_string_new(NULL);
    if (record)
        dojo_clock_format_record(ms, text);
    else
        dojo_clock_format_display(ms, text);
    return g_string_free(text, FALSE);
}

static void test_clock_texts(void **state)
{
    (void)state;
    const struct { gint64 ms; const char *display, *record; } cases[] = {
        { 272100, "4:32", "4:32.100" },
        { 300000, "5:00", "5:00.000" },
        { 10000, "0:10", "0:10.000" },
        { 9999, "0:09.9", "0:09.999" },
        { 9500, "0:09.5", "0:09.500" },
        { 0, "0:00.0", "0:00.000" },
        { -5, "0:00.0", "0:00.000" },
        { 3723000, "1:02:03", "62:03.000" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *text = shown(cases[i].ms, false);
        assert_string_equal(text, cases[i].display);
        g_free(text);
        text = shown(cases[i].ms, true);
        assert_string_equal(text, cases[i].record);
        gint64 back = -1;
        assert_true(dojo_clock_parse_record(text, &back));
        assert_int_equal(back, MAX(cases[i].ms, 0));
        g_free(text);
    }
    const char *const bad[] = { "", "4:32", "4:32.1", "4:60.000", "-1:00.000", "a:00.000",
                                "4.32:100" };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        gint64 ms = 0;
        if (dojo_clock_parse_record(bad[i], &ms))
            fail_msg("'%s' read as a clock", bad[i]);
    }
}

static void test_tags_round_trip(void **state)
{
    (void)state;
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(&toy_mancala, &setup, NULL);
    assert_non_null(game);
    DojoTimeControl control;
    assert_false(dojo_time_control_from_tags(game, &control));
    DojoPlayClock *clock = new_clock(300000, 3000, 30000);
    dojo_play_clock_start(clock, 0);
    pass_ms(27900);
    dojo_play_clock_moved(clock, 0, 1, true);
    dojo_play_clock_set_tags(clock, game);
    assert_string_equal(dj_game_tag(game, "TimeControl"), "300+3");
    assert_string_equal(dj_game_tag(game, "Byoyomi"), "30");
    assert_string_equal(dj_game_tag(game, "SouthClock"), "4:35.100");
    assert_string_equal(dj_game_tag(game, "NorthClock"), "5:00.000");
    assert_true(dojo_time_control_from_tags(game, &control));
    assert_int_equal(control.base_ms, 300000);
    assert_int_equal(control.increment_ms, 3000);
    assert_int_equal(control.byoyomi_ms, 30000);
    gint64 main_ms[2];
    dojo_play_clock_tags_read(game, main_ms);
    assert_int_equal(main_ms[0], 275100);
    assert_int_equal(main_ms[1], 300000);

    /* a later control without byoyomi says so */
    DojoTimeControl plain = { 30500, 0, 0 };
    dojo_time_control_set_tags(&plain, game);
    assert_string_equal(dj_game_tag(game, "TimeControl"), "30.5+0");
    assert_true(dojo_time_control_from_tags(game, &control));
    assert_int_equal(control.base_ms, 30500);
    assert_int_equal(control.byoyomi_ms, 0);
    dj_game_set_tag(game, "SouthClock", "soon");
    dojo_play_clock_tags_read(game, main_ms);
    assert_int_equal(main_ms[0], -1);
    dj_game_set_tag(game, "TimeControl", "fast");
    assert_false(dojo_time_control_from_tags(game, &control));
    dojo_play_clock_free(clock);
    dj_game_free(game);
}

/* The computer never plans more than it has left. */
static void test_budget_keeps_within_the_clock(void **state)
{
    (void)state;
    const DojoTimeControl controls[] = {
        { 300000, 3000, 0 }, { 1000, 0, 0 }, { 60000, 0, 10000 }, { 0, 0, 2000 },
        { 100, 0, 0 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(controls); i++) {
        DojoPlayClock *clock = new_clock(controls[i].base_ms, controls[i].increment_ms,
                                         controls[i].byoyomi_ms);
        gint64 soft = 0, hard = 0;
        dojo_play_clock_budget(clock, 0, 0, 50, &soft, &hard);
        assert_true(soft >= 1);
        assert_true(soft <= hard);
        gint64 left = dojo_play_clock_left(clock, 0);
        if (left > 200)
            assert_true(hard < left);
        dojo_play_clock_free(clock);
    }
}

/* ---- the play loop under a clock ------------------------------------------------------- */

/* Two people play the toy mancala from `typed` under `control`, a second
 * for every byte of input read so far. */
static PlaySession run(const char *typed, DojoTimeControl control)
{
    const DojoPlayer people[2] = { { .kind = DOJO_PLAYER_HUMAN }, { .kind = DOJO_PLAYER_HUMAN } };
    return play_session_run(&toy_mancala, typed, people, &control);
}

static void test_loop_runs_the_clock_of_the_person_to_move(void **state)
{
    (void)state;
    /* b1 (3 s) keeps South's turn, a1 (3 s) ends it: 10 - 3 - 3, and one
     * increment (1 s) for the whole turn */
    DojoTimeControl control = { 10000, 1000, 0 };
    PlaySession s = run("b1\na1\nhistory\nquit\n", control);
    play_session_assert_has(&s, "Move 1: South to move (human).  South 0:10  North 0:10\n");
    play_session_assert_has(&s, "Move 1: South to move again (human).  South 0:07.0  North 0:10\n");
    play_session_assert_has(&s, "Move 1: North to move (human).  South 0:05.0  North 0:10\n");
    /* history (8 s) does not stop North's clock, and shows it running */
    play_session_assert_has(&s, "Clocks: South 0:05.0  North 0:02.0\n");
    /* quit comes 13 s after North's prompt: too late, not carried out */
    play_session_assert_has(&s, "Game over: South wins (North ran out of time). Result 1-0.");
    assert_int_equal(s.end, DOJO_PLAY_OVER);
    assert_int_equal(dj_game_length(s.game), 2);
    assert_string_equal(dj_game_outcome_reason(s.game), "North ran out of time");
    assert_string_equal(dj_game_tag(s.game, "TimeControl"), "10+1");
    assert_string_equal(dj_game_tag(s.game, "SouthClock"), "0:05.000");
    play_session_free(&s);
}

static void test_loop_refuses_a_move_after_the_flag(void **state)
{
    (void)state;
    DojoTimeControl control = { 2000, 0, 0 };
    PlaySession s = run("b1\n", control);
    play_session_assert_has(&s, "Game over: North wins (South ran out of time).");
    assert_int_equal(dj_game_length(s.game), 0);
    assert_null(strstr(s.output, "South plays"));
    play_session_free(&s);
}

static void test_loop_undo_puts_the_clocks_back(void **state)
{
    (void)state;
    DojoTimeControl control = { 60000, 0, 0 };
    PlaySession s = run("b1\nundo\n", control);
    play_session_assert_has(&s, "Took back 1 move.");
    const char *start = "Move 1: South to move (human).  South 1:00  North 1:00\n";
    const char *again = strstr(s.output, start);
    assert_non_null(again);
    assert_non_null(strstr(again + 1, start));
    assert_int_equal(dj_game_length(s.game), 0);
    play_session_free(&s);
}

static void test_loop_byoyomi(void **state)
{
    (void)state;
    /* --byoyomi 4 alone: 3 s a move is in time, again and again; quit
     * (5 s) is not */
    DojoTimeControl control = { 0, 0, 4000 };
    PlaySession s = run("b1\na1\nquit\n", control);
    play_session_assert_has(&s, "South byoyomi 0:04.0  North byoyomi 0:04.0\n");
    play_session_assert_has(&s, "Move 1: North to move (human).");
    play_session_assert_has(&s, "(North ran out of time)");
    assert_int_equal(dj_game_length(s.game), 2);
    assert_string_equal(dj_game_tag(s.game, "Byoyomi"), "4");
    play_session_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_time_controls_as_typed),
        cmocka_unit_test(test_flag_and_increment),
        cmocka_unit_test(test_byoyomi),
        cmocka_unit_test(test_undo_puts_the_clocks_back),
        cmocka_unit_test(test_clock_texts),
        cmocka_unit_test(test_tags_round_trip),
        cmocka_unit_test(test_budget_keeps_within_the_clock),
        cmocka_unit_test(test_loop_runs_the_clock_of_the_person_to_move),
        cmocka_unit_test(test_loop_refuses_a_move_after_the_flag),
        cmocka_unit_test(test_loop_undo_puts_the_clocks_back),
        cmocka_unit_test(test_loop_byoyomi),
    };
    return cmocka_run_group_tests_name("play clocks", tests, NULL, NULL);
}
