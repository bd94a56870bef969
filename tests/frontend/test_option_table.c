/* test_option_table.c: the typed option rows of the front end
 * (frontends/tty/option_table.c).  An option not given holds its default;
 * each value is checked against its range or its words, and a value that
 * does not fit is a usage error naming the option; the help shows each
 * default from the row; an option given twice keeps the last value; rows
 * can be included from elsewhere.  In-process, through GOption's parse. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

typedef struct Args {
    gint64 epochs, seed;
    bool epochs_given;
    double rate, lambda;
    int engine;
    const char *output, *name, *resume;
    const char *const *engines, *const *labels;
    bool quiet, resume_given, labels_given;
    DojoColorArgs color;
} Args;

static const DojoOptionWord engine_words[] = {
    { "alphabeta", 1 },
    { "mcts", 2 },
    { NULL, 0 },
};

/* A context for a made-up command over `args`. */
static GOptionContext *make_context(Args *args)
{
    DojoOption color_rows[DOJO_COLOR_ROWS];
    dojo_color_rows(&args->color, color_rows);
    const DojoOption rows[] = {
        { .name = "epochs", .type = DOJO_OPTION_WHOLE, .to.whole = &args->epochs, .min = 1,
          .max = 100, .def.whole = 20, .given = &args->epochs_given, .arg = "N",
          .help = "Passes over the positions" },
        { .name = "seed", .type = DOJO_OPTION_WHOLE, .to.whole = &args->seed, .min = 1,
          .max = 9, .default_note = "a fresh one", .arg = "N", .help = "Seed" },
        { .name = "rate", .type = DOJO_OPTION_NUMBER, .to.number = &args->rate, .low = 0.0,
          .low_excluded = true, .high = 1.0, .def.number = 0.001, .arg = "X",
          .help = "Learning rate" },
        { .name = "lambda", .type = DOJO_OPTION_NUMBER, .to.number = &args->lambda, .low = 0.0,
          .high = 1.0, .def.number = 0.75, .arg = "X", .help = "Weight" },
        { .name = "engine", .type = DOJO_OPTION_WORD, .to.word = &args->engine,
          .words = engine_words, .def.word = 0, .arg = "E", .help = "The search" },
        { .name = "output", .short_name = 'o', .type = DOJO_OPTION_PATH, .to.text = &args->output,
          .arg = "FILE", .help = "Write to FILE" },
        { .name = "name", .type = DOJO_OPTION_TEXT, .to.text = &args->name, .def.text = "anon",
          .arg = "WHO", .help = "A name" },
        { .name = "resume", .type = DOJO_OPTION_PATH, .to.text = &args->resume,
          .value_optional = true, .given = &args->resume_given, .arg = "FILE",
          .help = "Resume (the latest, or FILE)" },
        { .name = "quiet", .short_name = 'q', .type = DOJO_OPTION_FLAG, .to.flag = &args->quiet,
          .help = "Say less" },
        { .name = "player", .type = DOJO_OPTION_TEXT_LIST, .to.list = &args->engines,
          .arg = "SPEC", .help = "A player (repeatable)" },
        { .name = "labels", .short_name = 'l', .type = DOJO_OPTION_PATH_LIST,
          .to.list = &args->labels, .given = &args->labels_given, .arg = "FILE",
          .help = "A labels file (repeatable)" },
        { .type = DOJO_OPTION_ROWS, .rows = color_rows },
        DOJO_OPTION_END,
    };
    return dojo_option_table_context("ARG", "A summary", NULL, rows);
}

/* Parse `words` (after the command's name) into `args`; the error, if
 * any, goes to `error`.  The context is returned for the text it keeps. */
static GOptionContext *parse(Args *args, const char *const *words, bool *ok, GError **error)
{
    memset(args, 0x5a, sizeof *args);   /* the defaults must overwrite this */
    GOptionContext *context = make_context(args);
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, g_strdup("cmd"));
    for (int i = 0; words[i] != NULL; i++)
        g_ptr_array_add(argv, g_strdup(words[i]));
    g_ptr_array_add(argv, NULL);
    char **strv = (char **)g_ptr_array_free(argv, FALSE);
    *ok = g_option_context_parse_strv(context, &strv, error);
    g_strfreev(strv);
    return context;
}

static void assert_usage_error(const char *const *words, const char *message)
{
    Args args;
    bool ok = true;
    GError *error = NULL;
    GOptionContext *context = parse(&args, words, &ok, &error);
    assert_false(ok);
    assert_non_null(error);
    if (error->domain != DOJO_USAGE_ERROR || strcmp(error->message, message) != 0)
        fail_msg("%s: expected usage error '%s', got '%s'", words[0], message, error->message);
    g_error_free(error);
    g_option_context_free(context);
}

static void test_defaults(void **state)
{
    (void)state;
    Args args;
    bool ok = false;
    GError *error = NULL;
    GOptionContext *context = parse(&args, (const char *const[]){ NULL }, &ok, &error);
    assert_true(ok);
    assert_int_equal(args.epochs, 20);
    assert_false(args.epochs_given);
    assert_int_equal(args.seed, 0);   /* "none": the default the row gives */
    assert_true(args.rate == 0.001);
    assert_true(args.lambda == 0.75);
    assert_int_equal(args.engine, 0);
    assert_null(args.output);
    assert_string_equal(args.name, "anon");
    assert_null(args.resume);
    assert_false(args.resume_given);
    assert_false(args.quiet);
    assert_null(args.engines);
    assert_null(args.labels);
    assert_false(args.labels_given);
    assert_int_equal(args.color.when, DOJO_COLOR_AUTO);
    assert_false(args.color.when_given);
    assert_false(args.color.no_color);
    g_option_context_free(context);
}

static void test_values(void **state)
{
    (void)state;
    Args args;
    bool ok = false;
    GError *error = NULL;
    GOptionContext *context = parse(&args, (const char *const[]){
        "--epochs", "100", "--seed=1", "--rate", "1", "--lambda", "0", "--engine", "MCTS",
        "-o", "out.net", "--name", "Ann", "-q", "--color=never", "--no-color", "--resume",
        NULL }, &ok, &error);
    assert_true(ok);
    assert_int_equal(args.epochs, 100);
    assert_true(args.epochs_given);
    assert_int_equal(args.seed, 1);
    assert_true(args.rate == 1.0);
    assert_true(args.lambda == 0.0);
    assert_int_equal(args.engine, 2);
    assert_string_equal(args.output, "out.net");
    assert_string_equal(args.name, "Ann");
    assert_true(args.quiet);
    assert_true(args.resume_given);
    assert_null(args.resume);   /* given without a FILE */
    DojoColorChoice color = DOJO_COLOR_AUTO;
    assert_true(dojo_color_choice(&args.color, &color, NULL));
    assert_int_equal(color, DOJO_COLOR_NEVER);
    g_option_context_free(context);

    context = parse(&args, (const char *const[]){ "--resume=game.dojo", "--epochs", "1", NULL },
                    &ok, &error);
    assert_true(ok);
    assert_string_equal(args.resume, "game.dojo");
    assert_int_equal(args.epochs, 1);
    g_option_context_free(context);
}

static void test_ranges(void **state)
{
    (void)state;
    assert_usage_error((const char *const[]){ "--epochs", "0", NULL },
                       "--epochs wants a whole number from 1 to 100, not '0'");
    assert_usage_error((const char *const[]){ "--epochs", "101", NULL },
                       "--epochs wants a whole number from 1 to 100, not '101'");
    assert_usage_error((const char *const[]){ "--epochs=many", NULL },
                       "--epochs wants a whole number from 1 to 100, not 'many'");
    assert_usage_error((const char *const[]){ "--epochs", "2.5", NULL },
                       "--epochs wants a whole number from 1 to 100, not '2.5'");
    assert_usage_error((const char *const[]){ "--rate", "0", NULL },
                       "--rate wants a number above 0 and at most 1, not '0'");
    assert_usage_error((const char *const[]){ "--rate", "1.5", NULL },
                       "--rate wants a number above 0 and at most 1, not '1.5'");
    assert_usage_error((const char *const[]){ "--rate", "nan", NULL },
                       "--rate wants a number above 0 and at most 1, not 'nan'");
    assert_usage_error((const char *const[]){ "--lambda", "-0.5", NULL },
                       "--lambda wants a number from 0 to 1, not '-0.5'");
    assert_usage_error((const char *const[]){ "--lambda", "half", NULL },
                       "--lambda wants a number from 0 to 1, not 'half'");
    assert_usage_error((const char *const[]){ "--lambda", "", NULL },
                       "--lambda wants a number from 0 to 1, not ''");
}

static void test_words(void **state)
{
    (void)state;
    assert_usage_error((const char *const[]){ "--engine", "minimax", NULL },
                       "--engine wants alphabeta or mcts, not 'minimax'");
    assert_usage_error((const char *const[]){ "--color=never!", NULL },
                       "--color wants auto, always or never, not 'never!'");
    /* --no-color with a --color that says otherwise, found after the parse */
    Args args;
    bool ok = false;
    GError *error = NULL;
    GOptionContext *context = parse(&args, (const char *const[]){ "--no-color",
                                                                  "--color", "Always", NULL },
                                    &ok, &error);
    assert_true(ok);
    assert_int_equal(args.color.when, DOJO_COLOR_ALWAYS);
    DojoColorChoice color = DOJO_COLOR_AUTO;
    assert_false(dojo_color_choice(&args.color, &color, &error));
    assert_string_equal(error->message, "--no-color and --color=always say opposite things");
    g_clear_error(&error);
    g_option_context_free(context);
}

/* A list option keeps every value, in the order given. */
static void test_lists(void **state)
{
    (void)state;
    Args args;
    bool ok = false;
    GError *error = NULL;
    GOptionContext *context = parse(&args, (const char *const[]){
        "--player", "name=a,cmd=x", "-l", "one.labels", "--player=name=b", "--labels",
        "two.labels", "--player", "", NULL }, &ok, &error);
    assert_true(ok);
    assert_non_null(args.engines);
    assert_string_equal(args.engines[0], "name=a,cmd=x");
    assert_string_equal(args.engines[1], "name=b");
    assert_string_equal(args.engines[2], "");
    assert_null(args.engines[3]);
    assert_true(args.labels_given);
    assert_string_equal(args.labels[0], "one.labels");
    assert_string_equal(args.labels[1], "two.labels");
    assert_null(args.labels[2]);
    g_option_context_free(context);

    context = parse(&args, (const char *const[]){ "--labels", "only", NULL }, &ok, &error);
    assert_true(ok);
    assert_null(args.engines);
    assert_string_equal(args.labels[0], "only");
    assert_null(args.labels[1]);
    g_option_context_free(context);
}

/* The last value counts, and every one is checked. */
static void test_given_twice(void **state)
{
    (void)state;
    Args args;
    bool ok = false;
    GError *error = NULL;
    GOptionContext *context = parse(&args, (const char *const[]){
        "--epochs", "5", "--epochs", "7", "-o", "a", "--output", "b", NULL }, &ok, &error);
    assert_true(ok);
    assert_int_equal(args.epochs, 7);
    assert_string_equal(args.output, "b");
    g_option_context_free(context);
    assert_usage_error((const char *const[]){ "--epochs", "5", "--epochs", "0", NULL },
                       "--epochs wants a whole number from 1 to 100, not '0'");
}

static void test_help_shows_defaults(void **state)
{
    (void)state;
    Args args;
    GOptionContext *context = make_context(&args);
    char *help = g_option_context_get_help(context, TRUE, NULL);
    const char *const shown[] = {
        "--epochs=N", "Passes over the positions (default 20)",
        "Seed (default: a fresh one)", "Learning rate (default 0.001)",
        "Weight (default 0.75)", "-o, --output=FILE", "Write to FILE\n",
        "A name (default anon)", "-q, --quiet", "Say less\n", "--player=SPEC",
        "A player (repeatable)\n", "-l, --labels=FILE", "--color=WHEN",
        "always or never (default auto)", "--no-color",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(shown); i++) {
        if (strstr(help, shown[i]) == NULL)
            fail_msg("the help does not show '%s':\n%s", shown[i], help);
    }
    /* a default that is none of the words is no default to show */
    assert_non_null(strstr(help, "The search\n"));
    g_free(help);
    g_option_context_free(context);

    DojoOption row = { .name = "n", .type = DOJO_OPTION_WHOLE, .min = 1, .max = 3,
                       .def.whole = 0, .help = "N" };
    char *text = dojo_option_help(&row);
    assert_string_equal(text, "N");   /* out of the range: none */
    g_free(text);
    row.def.whole = 3;
    text = dojo_option_help(&row);
    assert_string_equal(text, "N (default 3)");
    g_free(text);
}

static void test_other_errors_stay_goption_s(void **state)
{
    (void)state;
    Args args;
    bool ok = true;
    GError *error = NULL;
    GOptionContext *context = parse(&args, (const char *const[]){ "--bogus", NULL }, &ok,
                                    &error);
    assert_false(ok);
    assert_true(g_error_matches(error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION));
    g_clear_error(&error);
    g_option_context_free(context);
    context = parse(&args, (const char *const[]){ "--epochs", NULL }, &ok, &error);
    assert_false(ok);
    assert_true(g_error_matches(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE));
    g_clear_error(&error);
    g_option_context_free(context);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_lists),
        cmocka_unit_test(test_given_twice),
        cmocka_unit_test(test_help_shows_defaults),
        cmocka_unit_test(test_other_errors_stay_goption_s),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
