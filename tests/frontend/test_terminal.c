/* test_terminal.c: when dojo draws in colour.  By default only on a terminal
 * that can show it, unless NO_COLOR holds a value (an empty NO_COLOR does not
 * count, as no-color.org says); --color=always|never|auto and --no-color
 * decide instead of that. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"

/* Every colour a board is drawn with is ended by this reset. */
#define COLOR_RESET "\x1b[0m"

/* A capable terminal, with no opinion about colour in the environment. */
#define PLAIN_ENV "TERM=xterm-256color", "NO_COLOR"

/* `dojo play GAME --hotseat` with `extra` (NULL-terminated) after it, on a
 * terminal or into a pipe, quitting at once: the board is drawn once. */
static DojoRun *play(void **state, bool terminal, const char *const *extra,
                     const char *const *env)
{
    GPtrArray *args = g_ptr_array_new();
    g_ptr_array_add(args, "play");
    g_ptr_array_add(args, (gpointer)dj_registry_all()[0]->name);
    g_ptr_array_add(args, "--hotseat");
    for (int i = 0; extra != NULL && extra[i] != NULL; i++)
        g_ptr_array_add(args, (gpointer)extra[i]);
    g_ptr_array_add(args, NULL);
    const char *const *argv = (const char *const *)args->pdata;
    DojoRun *r = terminal ? runner_run_on_terminal(*state, "quit\n", argv, env)
                          : runner_run_env(*state, "quit\n", argv, env);
    g_ptr_array_free(args, TRUE);
    if (r->exit_code != 0)
        fail_msg("dojo play exited %d: %s%s", r->exit_code, r->out, r->err);
    return r;
}

static void expect_color(void **state, bool terminal, const char *const *extra,
                         const char *const *env, bool colored)
{
    DojoRun *r = play(state, terminal, extra, env);
    bool drawn_in_color = strstr(r->out, COLOR_RESET) != NULL;
    if (drawn_in_color != colored)
        fail_msg("on %s, with %s%s, the board is drawn %s colour:\n%s",
                 terminal ? "a terminal" : "a pipe", extra != NULL ? extra[0] : "no option",
                 extra != NULL && extra[0] != NULL && extra[1] != NULL ? " ..." : "",
                 drawn_in_color ? "in" : "without", r->out);
    runner_run_free(r);
}

static void test_auto_draws_in_color_on_a_terminal_only(void **state)
{
    const char *const env[] = { PLAIN_ENV, NULL };
    expect_color(state, true, NULL, env, true);
    expect_color(state, false, NULL, env, false);
    expect_color(state, true, (const char *const[]){ "--color=auto", NULL }, env, true);
    expect_color(state, false, (const char *const[]){ "--color=auto", NULL }, env, false);
    /* A terminal that says it cannot show colour. */
    expect_color(state, true, NULL, (const char *const[]){ "TERM=dumb", "NO_COLOR", NULL },
                 false);
}

static void test_no_color_needs_a_value(void **state)
{
    expect_color(state, true, NULL, (const char *const[]){ "TERM=xterm", "NO_COLOR=1", NULL },
                 false);
    expect_color(state, true, NULL,
                 (const char *const[]){ "TERM=xterm", "NO_COLOR=false", NULL }, false);
    /* Set but empty: as if it were not set. */
    expect_color(state, true, NULL, (const char *const[]){ "TERM=xterm", "NO_COLOR=", NULL },
                 true);
}

static void test_color_always_forces_it_on(void **state)
{
    const char *const always[] = { "--color=always", NULL };
    expect_color(state, false, always, (const char *const[]){ PLAIN_ENV, NULL }, true);
    /* The command line overrides the environment. */
    expect_color(state, false, always,
                 (const char *const[]){ "TERM=dumb", "NO_COLOR=1", NULL }, true);
    expect_color(state, true, always, (const char *const[]){ "TERM=xterm", "NO_COLOR=1", NULL },
                 true);
    expect_color(state, false, (const char *const[]){ "--color", "ALWAYS", NULL },
                 (const char *const[]){ PLAIN_ENV, NULL }, true);
}

static void test_color_never_and_no_color_turn_it_off(void **state)
{
    const char *const env[] = { PLAIN_ENV, NULL };
    expect_color(state, true, (const char *const[]){ "--color=never", NULL }, env, false);
    expect_color(state, true, (const char *const[]){ "--no-color", NULL }, env, false);
    expect_color(state, true, (const char *const[]){ "--no-color", "--color=never", NULL }, env,
                 false);
}

/* `review` and `analyze` choose as `play` does. */
static void test_review_and_analyze_choose_alike(void **state)
{
    const DjVariant *variant = dj_registry_all()[0];
    DjGame *game = dj_game_new(variant, &(DjSetup){ .seed = 3 }, NULL);
    assert_non_null(game);
    DjMove *moves = g_new(DjMove, (gsize)variant->max_moves);
    for (int i = 0; i < 2; i++) {
        assert_true(variant->legal_moves(dj_game_position(game), moves) > 0);
        assert_true(dj_game_play(game, moves[0], NULL));
    }
    char *path = g_build_filename(*state, "game.dojo", NULL);
    assert_true(dj_record_save(game, path, NULL));
    const char *const env[] = { PLAIN_ENV, NULL };
    const char *whens[] = { "--color=always", "--color=never", "--color=auto" };
    for (size_t i = 0; i < G_N_ELEMENTS(whens); i++) {
        for (int terminal = 0; terminal < 2; terminal++) {
            const char *const review[] = { "review", "game.dojo", "--depth", "1", whens[i], NULL };
            const char *const analyze[] = { "analyze", variant->name, "--depth", "1", whens[i],
                                            NULL };
            const char *const *commands[] = { review, analyze };
            bool wanted = i == 0 || (i == 2 && terminal);
            for (size_t c = 0; c < G_N_ELEMENTS(commands); c++) {
                DojoRun *r = terminal ? runner_run_on_terminal(*state, NULL, commands[c], env)
                                      : runner_run_env(*state, NULL, commands[c], env);
                if (r->exit_code != 0 || (strstr(r->out, COLOR_RESET) != NULL) != wanted)
                    fail_msg("dojo %s %s on %s: exit %d, %s colour:\n%s%s", commands[c][0],
                             whens[i], terminal ? "a terminal" : "a pipe", r->exit_code,
                             wanted ? "wanted" : "did not want", r->out, r->err);
                runner_run_free(r);
            }
        }
    }
    g_free(path);
    g_free(moves);
    dj_game_free(game);
}

static void test_bad_color_choices_are_usage_errors(void **state)
{
    const char *game = dj_registry_all()[0]->name;
    const char *const *cases[] = {
        (const char *const[]){ "play", "--color=sometimes", NULL },
        (const char *const[]){ "play", "--color=", NULL },
        (const char *const[]){ "play", "--no-color", "--color=always", NULL },
        (const char *const[]){ "review", "--color=on", "game.dojo", NULL },
        (const char *const[]){ "analyze", "--color=1", game, NULL },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoRun *r = runner_run_text(*state, NULL, cases[i]);
        if (r->exit_code != 2 || strstr(r->err, "--") == NULL
            || strstr(r->err, "color") == NULL)
            fail_msg("dojo %s %s: exit %d, %s", cases[i][0], cases[i][1], r->exit_code,
                     r->err);
        runner_run_free(r);
    }
    DojoRun *r = runner_run_text(*state, NULL,
                                 (const char *const[]){ "play", "--color=never!", NULL });
    assert_non_null(strstr(r->err, "--color wants auto, always or never, not 'never!'"));
    runner_run_free(r);
}

static void test_every_drawing_command_documents_color(void **state)
{
    const char *commands[] = { "play", "review", "analyze" };
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        DojoRun *r = runner_run_text(*state, NULL,
                                     (const char *const[]){ "help", commands[i], NULL });
        assert_int_equal(r->exit_code, 0);
        if (strstr(r->out, "--color=WHEN") == NULL || strstr(r->out, "always") == NULL
            || strstr(r->out, "NO_COLOR") == NULL || strstr(r->out, "--no-color") == NULL)
            fail_msg("dojo help %s does not explain --color:\n%s", commands[i], r->out);
        runner_run_free(r);
    }
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_terminal PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
#define T(name) cmocka_unit_test_setup_teardown(name, runner_make_dir, runner_remove_dir)
    const struct CMUnitTest tests[] = {
        T(test_auto_draws_in_color_on_a_terminal_only),
        T(test_no_color_needs_a_value),
        T(test_color_always_forces_it_on),
        T(test_color_never_and_no_color_turn_it_off),
        T(test_review_and_analyze_choose_alike),
        T(test_bad_color_choices_are_usage_errors),
        T(test_every_drawing_command_documents_color),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
