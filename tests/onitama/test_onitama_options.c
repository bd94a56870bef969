/* test_onitama_options.c: game options as their table (DjVariantOption)
 * declares them: Onitama's cards and deck exclude each other because its
 * table says so, and dj_options_check applies any table, kind by kind. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "tests/onitama/onitama_test.h"

#define CARDS "ox,boar,horse,elephant,crab"

/* dj_options_check's message for `options` against `table`, or NULL when
 * it accepts them (g_free it). */
static char *check_message(const DjVariantOption *table, const DjOptionValue *options, int n)
{
    GError *error = NULL;
    if (dj_options_check("Toy", table, options, n, &error)) {
        assert_null(error);
        return NULL;
    }
    assert_non_null(error);
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID));
    char *message = g_strdup(error->message);
    g_error_free(error);
    return message;
}

/* The variant refuses cards with a deck, in the words of its table. */
static void test_cards_and_deck_are_refused_together(void **state)
{
    (void)state;
    const DjVariantOption *cards = dj_option_find(ONI->options, "CARDS");
    assert_non_null(cards);
    assert_non_null(cards->excludes_why);
    DjOptionValue both[2] = { { "deck", "both" }, { "cards", CARDS } };
    char *message = NULL;
    void *pos = oni_try_new_game(both, 2, 1, &message);
    assert_null(pos);
    oni_assert_contains(message, cards->excludes_why);
    oni_assert_contains(message, "not both");
    g_free(message);
}

/* Without the exclusion in the table the same options pass the check:
 * the rule is the table's, not a name known anywhere else. */
static void test_the_exclusion_comes_from_the_table(void **state)
{
    (void)state;
    DjOptionValue both[2] = { { "cards", CARDS }, { "deck", "base" } };
    char *message = check_message(ONI->options, both, 2);
    assert_non_null(message);
    g_free(message);

    int n = 0;
    while (ONI->options[n].name != NULL)
        n++;
    DjVariantOption *copy = g_new0(DjVariantOption, n + 1);
    memcpy(copy, ONI->options, sizeof *copy * (size_t)n);
    for (int i = 0; i < n; i++) {
        copy[i].excludes = NULL;
        copy[i].excludes_why = NULL;
    }
    assert_null(check_message(copy, both, 2));

    /* Declared on the other option's side, it holds both ways. */
    static const char *const cards_only[] = { "cards", NULL };
    for (int i = 0; i < n; i++) {
        if (strcmp(copy[i].name, "deck") == 0) {
            copy[i].excludes = cards_only;
            copy[i].excludes_why = "a toy's own reason";
        }
    }
    message = check_message(copy, both, 2);
    oni_assert_contains(message, "a toy's own reason: give cards or deck, not both");
    g_free(message);
    g_free(copy);
}

/* Each kind as the table describes it: a choice among its words (any
 * case), a number in its range, a name given twice, an unknown name. */
static void test_a_table_checks_each_kind(void **state)
{
    (void)state;
    static const char *const sizes[] = { "small", "large", NULL };
    static const DjVariantOption table[] = {
        { .name = "size", .arg = "small|large", .kind = DJ_OPTION_CHOICE, .values = sizes,
          .help = "the board" },
        { .name = "pile", .arg = "N", .kind = DJ_OPTION_NUMBER, .min = 1, .max = 9,
          .help = "stones" },
        { .name = "note", .arg = "TEXT", .kind = DJ_OPTION_TEXT, .help = "anything" },
        { .name = NULL },
    };
    const struct {
        DjOptionValue options[2];
        int n;
        const char *words;   /* NULL: accepted */
    } cases[] = {
        { { { "SIZE", "Large" } }, 1, NULL },
        { { { "size", "huge" } }, 1, "size must be small or large, not 'huge'" },
        { { { "pile", "9" }, { "note", "any text at all" } }, 2, NULL },
        { { { "pile", "10" } }, 1, "pile must be a whole number from 1 to 9, not '10'" },
        { { { "pile", "+3" } }, 1, "from 1 to 9" },
        { { { "pile", "three" } }, 1, "not 'three'" },
        { { { "pile", "3" }, { "Pile", "4" } }, 2, "the option 'pile' is given twice" },
        { { { "colour", "red" } }, 1, "Toy has no option 'colour'; its options are size, pile "
                                      "and note" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *message = check_message(table, cases[i].options, cases[i].n);
        if (cases[i].words == NULL) {
            if (message != NULL)
                fail_msg("case %zu refused: %s", i, message);
        } else {
            if (message == NULL)
                fail_msg("case %zu accepted", i);
            oni_assert_contains(message, cases[i].words);
        }
        g_free(message);
    }
    /* A game without options (NULL or an empty table) names what it got. */
    static const DjVariantOption none[] = { { .name = NULL } };
    DjOptionValue one = { "cards", CARDS };
    char *message = check_message(none, &one, 1);
    oni_assert_contains(message, "Toy has no game options (got 'cards')");
    g_free(message);
    message = check_message(NULL, &one, 1);
    oni_assert_contains(message, "no game options");
    g_free(message);
}

/* The deck option is a choice whose words are the table's. */
static void test_the_deck_is_a_choice(void **state)
{
    (void)state;
    const DjVariantOption *deck = dj_option_find(ONI->options, "deck");
    assert_non_null(deck);
    assert_int_equal(deck->kind, DJ_OPTION_CHOICE);
    for (const char *const *w = deck->values; *w != NULL; w++) {
        DjOptionValue option = { "deck", *w };
        char *message = NULL;
        void *pos = oni_try_new_game(&option, 1, 5, &message);
        assert_non_null(pos);
        g_free(pos);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cards_and_deck_are_refused_together),
        cmocka_unit_test(test_the_exclusion_comes_from_the_table),
        cmocka_unit_test(test_a_table_checks_each_kind),
        cmocka_unit_test(test_the_deck_is_a_choice),
    };
    return cmocka_run_group_tests_name("onitama_options", tests, NULL, NULL);
}
