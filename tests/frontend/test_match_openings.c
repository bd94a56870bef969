/* test_match_openings.c: the openings of `dojo match` and `dojo spsa`
 * (match_run.h, match_options.h, match_balance.h), in-process: random
 * openings stay what they were for a seed, --balance keeps only openings
 * that the search finds even, the same ones whatever the order and the
 * threads that draw them, searched once for both games of a pair, and its
 * usage errors, a game without an evaluation (a framework toy, never in
 * the registry) among them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "framework/referee/match_run.h"
#include "framework/registry.h"
#include "frontends/tty/match_options.h"
#include "frontends/tty/option_table.h"
#include "tests/framework/toys.h"
#include "tests/support/search_score.h"

#define SEED 7
#define PAIRS 8
#define PLIES 4

static const DjSetup new_game = { NULL, 0, NULL, 0 };

/* A plan of random openings of `plies` plies for `variant`, seed SEED. */
static DojoMatchPlan random_plan(const DjVariant *variant, int plies)
{
    DojoMatchPlan plan;
    memset(&plan, 0, sizeof plan);
    plan.variant = variant;
    plan.setup = &new_game;
    plan.seed = SEED;
    plan.random_plies = plies;
    return plan;
}

/* The opening of game `index`, as text: the start position and the moves
 * (g_free it). */
static char *opening_text(const DojoMatchPlan *plan, int index)
{
    GError *error = NULL;
    DjGame *game = dojo_match_opening(plan, index, &error);
    if (game == NULL)
        fail_msg("%s game %d: no opening: %s", plan->variant->name, index,
                 error != NULL ? error->message : "?");
    const DjVariant *variant = plan->variant;
    GString *text = g_string_new(NULL);
    variant->format_position(dj_game_position_at(game, 0), text);
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        g_string_append_c(text, ' ');
        variant->format_move(dj_game_position_at(game, ply), dj_game_move_at(game, ply), text);
    }
    dj_game_free(game);
    return g_string_free(text, FALSE);
}

/* The position the opening of game `index` ends in (g_free it). */
static char *opening_end(const DojoMatchPlan *plan, int index)
{
    DjGame *game = dojo_match_opening(plan, index, NULL);
    assert_non_null(game);
    GString *text = g_string_new(NULL);
    plan->variant->format_position(dj_game_position(game), text);
    dj_game_free(game);
    return g_string_free(text, FALSE);
}

/* What the openings of --seed 7 were before --balance was written: the
 * balance must not move them. */
static void test_random_openings_stay_the_same(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        const char *end[4];
    } known[] = {
        { "onitama", { "1smss/5/3s1/1S2S/1SM1S b rooster,dragon,monkey,cobra,eel",
                       "ss2s/1m3/3s1/1S1M1/1S1SS b boar,elephant,monkey,rooster,tiger",
                       "ss1ss/2m2/5/SS3/2MSS b mantis,frog,eel,monkey,rooster",
                       "1sm1s/1ss2/5/S1S2/S1M1S r crab,elephant,mantis,boar,goose" } },
        { "ogi", { "lnsiksnl/1r4b1/pppppppp/8/3P4/PPP1PPPP/1B2S1R1/LNSIK1NL b - 5",
                   "lns1ksnl/r4ib1/pppppppp/8/3P4/PPP1PPPP/1BS3R1/LN1IKSNL b - 5",
                   "ln2ksnl/1r1s1ib1/pppppppp/8/8/PPPPPPPP/1B3IR1/LNSK1SNL b - 5",
                   "lnsik1nl/1r2s1b1/ppp1pppp/3p4/8/PPPPPPPP/LB3KR1/1NSI1SNL b - 5" } },
    };
    int checked = 0;
    for (size_t v = 0; v < G_N_ELEMENTS(known); v++) {
        const DjVariant *variant = dj_registry_find(known[v].variant);
        if (variant == NULL)
            continue;
        DojoMatchPlan plan = random_plan(variant, PLIES);
        for (int pair = 0; pair < 4; pair++) {
            for (int game = 0; game < 2; game++) {   /* both games of the pair */
                char *end = opening_end(&plan, 2 * pair + game);
                assert_string_equal(end, known[v].end[pair]);
                g_free(end);
            }
        }
        checked++;
    }
    if (checked == 0)
        skip();
}

/* The bound the balance tests judge `variant`'s openings by: the median of
 * what the search scores its plain random openings (forced results aside),
 * so that about half of them are out of it whatever the scale of the game's
 * evaluation, and the rest within it.  When the median is also the largest
 * score, the next smaller one, so that some opening is out.  *separates
 * says whether any opening is out of the bound at all: not when every one
 * scores the same. */
static int even_bound(const DjVariant *variant, bool *separates)
{
    DojoMatchPlan plain = random_plan(variant, PLIES);
    int scores[PAIRS];
    int n = 0;
    bool any_decisive = false;
    for (int pair = 0; pair < PAIRS; pair++) {
        GError *error = NULL;
        DjGame *game = dojo_match_opening(&plain, 2 * pair, &error);
        if (game == NULL)
            fail_msg("%s pair %d: no random opening: %s", variant->name, pair,
                     error != NULL ? error->message : "?");
        bool decisive = false;
        int score = abs(search_score(game, DOJO_MATCH_DEFAULT_BALANCE_NODES, &decisive));
        dj_game_free(game);
        if (decisive)
            any_decisive = true;
        else
            scores[n++] = score;
    }
    if (n == 0) {
        *separates = true;   /* every one is redrawn, whatever the bound */
        return 0;
    }
    for (int i = 1; i < n; i++)   /* insertion sort, rising */
        for (int j = i; j > 0 && scores[j - 1] > scores[j]; j--) {
            int t = scores[j];
            scores[j] = scores[j - 1];
            scores[j - 1] = t;
        }
    int bound = scores[(n - 1) / 2];
    for (int i = n - 1; bound == scores[n - 1] && i >= 0; i--)
        if (scores[i] < bound)
            bound = scores[i];
    *separates = any_decisive || bound < scores[n - 1];
    return bound;
}

/* A bound tight enough to matter for `variant` (even_bound), or -1 with a
 * note for a game whose openings cannot be balanced: without an evaluation
 * (--balance refuses it), or when every opening scores the same. */
static int tight_bound(const DjVariant *variant)
{
    if (variant->evaluate == NULL) {
        g_printerr("%s: no evaluation, so no balanced openings to check\n", variant->name);
        return -1;
    }
    bool separates = false;
    int bound = even_bound(variant, &separates);
    if (!separates) {
        g_printerr("%s: every random opening scores %d, so no bound separates them\n",
                   variant->name, bound);
        return -1;
    }
    return bound;
}

/* The opening of game `index` with --balance, failing the test with the
 * game's name when there is none. */
static DjGame *balanced_opening(const DojoMatchPlan *plan, int index)
{
    GError *error = NULL;
    DjGame *game = dojo_match_opening(plan, index, &error);
    if (game == NULL)
        fail_msg("%s game %d: no balanced opening: %s", plan->variant->name, index,
                 error != NULL ? error->message : "?");
    return game;
}

/* With a tight bound every opening kept is within it by a search of its
 * own; an opening that was within it already is kept as it was, one that
 * was not is drawn again. */
static void test_balance_keeps_even_openings(void **state)
{
    (void)state;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        const int bound = tight_bound(*v);
        if (bound < 0)
            continue;
        DojoMatchPlan plain = random_plan(*v, PLIES);
        DojoMatchPlan balanced = plain;
        balanced.balance = dojo_match_balance_new(*v, bound, DOJO_MATCH_DEFAULT_BALANCE_NODES);
        int redrawn = 0;
        for (int pair = 0; pair < PAIRS; pair++) {
            DjGame *game = balanced_opening(&balanced, 2 * pair);
            if (dj_game_outcome(game) != DJ_OUTCOME_ONGOING || dj_game_length(game) != PLIES)
                fail_msg("%s pair %d: a balanced opening of %d plies, %s", (*v)->name, pair,
                         dj_game_length(game),
                         dj_game_outcome(game) == DJ_OUTCOME_ONGOING ? "going on" : "over");
            bool decisive = true;
            int score = search_score(game, DOJO_MATCH_DEFAULT_BALANCE_NODES, &decisive);
            if (decisive || abs(score) > bound)
                fail_msg("%s pair %d: kept an opening scored %d (bound %d)", (*v)->name, pair,
                         score, bound);
            dj_game_free(game);

            DjGame *first = balanced_opening(&plain, 2 * pair);
            int first_score = search_score(first, DOJO_MATCH_DEFAULT_BALANCE_NODES, &decisive);
            bool even = !decisive && abs(first_score) <= bound;
            dj_game_free(first);
            char *kept = opening_text(&balanced, 2 * pair);
            char *drawn = opening_text(&plain, 2 * pair);
            if (even != (strcmp(kept, drawn) == 0))
                fail_msg("%s pair %d: the opening scored %d (bound %d) was %s:\n%s\n%s",
                         (*v)->name, pair, first_score, bound, even ? "redrawn" : "kept",
                         drawn, kept);
            redrawn += !even;
            g_free(kept);
            g_free(drawn);
        }
        /* the bound is tight enough to matter */
        if (redrawn == 0)
            fail_msg("%s: no random opening was out of the bound %d", (*v)->name, bound);
        dojo_match_balance_free(balanced.balance);
    }
}

/* The openings of every pair of `plan`, drawn from the last pair to the
 * first, so that each search follows another than in order. */
static char **openings_backwards(const DojoMatchPlan *plan)
{
    char **texts = g_new0(char *, PAIRS + 1);
    for (int pair = PAIRS - 1; pair >= 0; pair--)
        texts[pair] = opening_text(plan, 2 * pair + 1);
    return texts;
}

static gpointer draw_all(gpointer data)
{
    return openings_backwards(data);
}

/* The same seed gives the same balanced openings: in any order, from a
 * judge that has searched other positions before, for either game of a
 * pair, and from two threads sharing one judge at once. */
static void test_balance_is_deterministic(void **state)
{
    (void)state;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        const int bound = tight_bound(*v);
        if (bound < 0)
            continue;
        DojoMatchPlan plan = random_plan(*v, PLIES);
        plan.balance = dojo_match_balance_new(*v, bound, DOJO_MATCH_DEFAULT_BALANCE_NODES);
        char *in_order[PAIRS];
        for (int pair = 0; pair < PAIRS; pair++)
            in_order[pair] = opening_text(&plan, 2 * pair);
        /* A judge of its own: this one remembers the verdicts above. */
        DojoMatchPlan reverse = plan;
        reverse.balance = dojo_match_balance_new(*v, bound, DOJO_MATCH_DEFAULT_BALANCE_NODES);
        char **backwards = openings_backwards(&reverse);

        DojoMatchPlan other = plan;
        other.balance = dojo_match_balance_new(*v, bound, DOJO_MATCH_DEFAULT_BALANCE_NODES);
        GThread *threads[2];
        for (int i = 0; i < 2; i++)
            threads[i] = g_thread_new("draw", draw_all, &other);
        char **threaded[2];
        for (int i = 0; i < 2; i++)
            threaded[i] = g_thread_join(threads[i]);

        for (int pair = 0; pair < PAIRS; pair++) {
            if (strcmp(backwards[pair], in_order[pair]) != 0
                || strcmp(threaded[0][pair], in_order[pair]) != 0
                || strcmp(threaded[1][pair], in_order[pair]) != 0)
                fail_msg("%s pair %d: in order %s; backwards %s; in threads %s and %s",
                         (*v)->name, pair, in_order[pair], backwards[pair], threaded[0][pair],
                         threaded[1][pair]);
            g_free(in_order[pair]);
        }
        g_strfreev(backwards);
        g_strfreev(threaded[0]);
        g_strfreev(threaded[1]);
        dojo_match_balance_free(plan.balance);
        dojo_match_balance_free(reverse.balance);
        dojo_match_balance_free(other.balance);
    }
}

/* The two games of a pair draw the same opening, and the judge searches
 * it once: the second game takes the verdict it remembers. */
static void test_balance_searches_once_a_pair(void **state)
{
    (void)state;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        const int bound = tight_bound(*v);
        if (bound < 0)
            continue;
        DojoMatchPlan plan = random_plan(*v, PLIES);
        plan.balance = dojo_match_balance_new(*v, bound, DOJO_MATCH_DEFAULT_BALANCE_NODES);
        guint64 searches = 0;
        for (int pair = 0; pair < PAIRS; pair++) {
            char *first = opening_text(&plan, 2 * pair);
            guint64 after_first = dojo_match_balance_searches(plan.balance);
            char *second = opening_text(&plan, 2 * pair + 1);
            /* a new pair, a new opening; the second game searches nothing */
            if (after_first <= searches
                || dojo_match_balance_searches(plan.balance) != after_first
                || strcmp(second, first) != 0)
                fail_msg("%s pair %d: searches %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
                         ", %" G_GUINT64_FORMAT "; openings %s and %s", (*v)->name, pair,
                         searches, after_first, dojo_match_balance_searches(plan.balance),
                         first, second);
            searches = after_first;
            g_free(first);
            g_free(second);
        }
        dojo_match_balance_free(plan.balance);
    }
}

/* A start position no random ply can make even: the balance gives up
 * after DOJO_MATCH_BALANCE_TRIES draws, saying what to do. */
static void test_balance_gives_up(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        const char *position;   /* the side to move is far behind */
    } lopsided[] = {
        { "onitama", "ssmss/5/5/5/2M2 b rooster,cobra,eel,dragon,monkey" },
        { "ogi", "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B6/LNSIK1NL b - 1" },
    };
    int checked = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(lopsided); i++) {
        const DjVariant *variant = dj_registry_find(lopsided[i].variant);
        if (variant == NULL)
            continue;
        DojoMatchPlan plan = random_plan(variant, 1);
        plan.positions = g_ptr_array_new();
        g_ptr_array_add(plan.positions, (gpointer)lopsided[i].position);
        plan.balance = dojo_match_balance_new(variant, 50, DOJO_MATCH_MIN_BALANCE_NODES);
        GError *error = NULL;
        DjGame *game = dojo_match_opening(&plan, 0, &error);
        assert_null(game);
        assert_non_null(error);
        assert_string_equal(error->message, "no opening of 1 random plies within +-50 "
                                            "centipawns after 200 tries: raise --balance");
        g_error_free(error);
        g_ptr_array_free(plan.positions, TRUE);
        dojo_match_balance_free(plan.balance);
        checked++;
    }
    if (checked == 0)
        skip();
}

/* dojo_match_openings_parse of --openings `openings`, --balance `balance`
 * and --balance-nodes `nodes` (each NULL when not given), read by the
 * rows of dojo_match_openings_rows as a command line, for `variant`; the
 * error's message, of the rows or of the parse, or NULL when it parses
 * (g_free it). */
static char *parse(const DjVariant *variant, const char *openings, const char *balance,
                   const char *nodes, DojoMatchPlan *plan)
{
    DojoSetupArgs setup;
    memset(&setup, 0, sizeof setup);
    DojoOpeningsArgs args;
    DojoOption rows[DOJO_MATCH_OPENINGS_ROWS];
    dojo_match_openings_rows(&args, rows);
    GOptionContext *context = dojo_option_table_context("VARIANT", NULL, NULL, rows);
    const char *const names[] = { "--openings", "--balance", "--balance-nodes" };
    const char *const values[] = { openings, balance, nodes };
    char *argv[8] = { g_strdup("match") };
    int argc = 1;
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        if (values[i] != NULL)
            argv[argc++] = g_strdup_printf("%s=%s", names[i], values[i]);
    }
    char **strv = g_memdup2(argv, sizeof argv);
    *plan = random_plan(variant, 0);
    GError *error = NULL;
    bool ok = g_option_context_parse_strv(context, &strv, &error)
           && dojo_match_openings_parse(&setup, &args, plan, &error);
    g_strfreev(strv);
    g_option_context_free(context);
    assert_true(ok == (error == NULL));
    if (ok)
        return NULL;
    assert_true(g_error_matches(error, DOJO_USAGE_ERROR, DOJO_USAGE_ERROR_BAD_ARGUMENT));
    char *message = g_strdup(error->message);
    g_error_free(error);
    dojo_match_openings_clear(plan);
    return message;
}

static void test_balance_options(void **state)
{
    (void)state;
    const DjVariant *variant = dj_registry_all()[0];
    static const struct {
        const char *openings, *balance, *nodes;
        const char *says;   /* NULL: it parses */
    } cases[] = {
        { "random:4", "150", NULL, NULL },
        { "random:4", "0", "1000", NULL },
        { "random:4", "19999", "5000000", NULL },
        { "random:4", "x", NULL, "--balance wants a whole number from 0 to 19999, not 'x'" },
        { "random:4", "-1", NULL, "--balance wants a whole number" },
        { "random:4", "20000", NULL, "--balance wants a whole number" },
        { "random:4", "150", "999", "--balance-nodes wants a whole number from 1000" },
        { "random:4", "150", "many", "--balance-nodes wants a whole number" },
        { "random:4", NULL, "5000", "--balance-nodes goes with --balance" },
        { NULL, "150", NULL, "give --openings random:N with it" },
        { "none", "150", NULL, "give --openings random:N with it" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoMatchPlan plan;
        char *message = parse(variant, cases[i].openings, cases[i].balance, cases[i].nodes,
                              &plan);
        if (cases[i].says == NULL) {
            if (message != NULL)
                fail_msg("case %zu: %s", i, message);
            assert_non_null(plan.balance);
            assert_int_equal(plan.random_plies, 4);
            dojo_match_openings_clear(&plan);
            assert_null(plan.balance);
        } else if (message == NULL || strstr(message, cases[i].says) == NULL) {
            fail_msg("case %zu: expected \"%s\", got \"%s\"", i, cases[i].says,
                     message != NULL ? message : "no error");
        }
        g_free(message);
    }
}

/* An openings file with a good position, and --balance: a usage error
 * (it judges random openings only). */
static void test_balance_with_a_file(void **state)
{
    (void)state;
    const DjVariant *variant = dj_registry_all()[0];
    char *dir = g_dir_make_tmp("dojo-test-openings-XXXXXX", NULL);
    assert_non_null(dir);
    char *path = g_build_filename(dir, "openings.txt", NULL);
    GString *start = g_string_new(NULL);
    DjGame *game = dj_game_new(variant, &new_game, NULL);
    variant->format_position(dj_game_position(game), start);
    g_string_append_c(start, '\n');
    dj_game_free(game);
    assert_true(g_file_set_contents(path, start->str, -1, NULL));
    char *openings = g_strconcat("file:", path, NULL);
    DojoMatchPlan plan;
    char *message = parse(variant, openings, "150", NULL, &plan);
    assert_non_null(message);
    assert_non_null(strstr(message, "give --openings random:N with it"));
    g_free(message);
    message = parse(variant, openings, NULL, NULL, &plan);   /* without: fine */
    assert_null(message);
    dojo_match_openings_clear(&plan);
    g_unlink(path);
    g_rmdir(dir);
    g_free(openings);
    g_string_free(start, TRUE);
    g_free(path);
    g_free(dir);
}

/* A game without an evaluation cannot be searched by alpha-beta: --balance
 * says so, and random openings without it are fine. */
static void test_balance_needs_an_evaluation(void **state)
{
    (void)state;
    const DjVariant *toy = &toy_tictactoe_rules_only;
    assert_null(toy->evaluate);
    DojoMatchPlan plan;
    char *message = parse(toy, "random:2", "150", NULL, &plan);
    assert_non_null(message);
    assert_string_equal(message, "--balance cannot judge openings of Tic-tac-toe (rules only): "
                                 "the game has no evaluation to search them with");
    g_free(message);
    message = parse(toy, "random:2", NULL, NULL, &plan);
    assert_null(message);
    assert_null(plan.balance);
    dojo_match_openings_clear(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_openings_stay_the_same),
        cmocka_unit_test(test_balance_keeps_even_openings),
        cmocka_unit_test(test_balance_is_deterministic),
        cmocka_unit_test(test_balance_searches_once_a_pair),
        cmocka_unit_test(test_balance_gives_up),
        cmocka_unit_test(test_balance_options),
        cmocka_unit_test(test_balance_with_a_file),
        cmocka_unit_test(test_balance_needs_an_evaluation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
