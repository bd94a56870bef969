/* test_uci_options.c: how UCI_LimitStrength and UCI_Elo choose a playing
 * level (uci_options.h), with each game's measured table of the levels'
 * Elo (DjVariant.level_elo) or the generic scale of a game without one. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "framework/registry.h"
#include "framework/search/level.h"
#include "frontends/uci/uci_options.h"
#include "tests/framework/toys.h"

static const int toy_level_elo[DJ_LEVEL_MAX] = {
    -300, -120, 0, 150, 420, 700, 910, 1000, 1200, 1390,
};

/* The level the strength options choose for `variant` at `elo`, with
 * Skill Level `skill`. */
static int level_for(const DjVariant *variant, int elo, int skill)
{
    DojoUciSettings settings;
    dojo_uci_settings_init(&settings);
    settings.variant = variant;
    settings.skill_level = skill;
    settings.limit_strength = true;
    settings.elo = elo;
    int level = dojo_uci_playing_level(&settings);
    dojo_uci_settings_clear(&settings);
    return level;
}

static void test_a_measured_table_is_used(void **state)
{
    (void)state;
    DjVariant toy = toy_takeaway;
    toy.level_elo = toy_level_elo;
    for (int level = DJ_LEVEL_MIN; level <= DJ_LEVEL_MAX; level++) {
        assert_int_equal(dj_level_elo(&toy, level), toy_level_elo[level - 1]);
        /* its own figure, and anything up to the next level's, is that level */
        assert_int_equal(level_for(&toy, toy_level_elo[level - 1], DJ_LEVEL_MAX), level);
        if (level < DJ_LEVEL_MAX)
            assert_int_equal(level_for(&toy, toy_level_elo[level] - 1, DJ_LEVEL_MAX), level);
    }
    assert_int_equal(level_for(&toy, -1000, DJ_LEVEL_MAX), DJ_LEVEL_MIN);
    assert_int_equal(level_for(&toy, 5000, DJ_LEVEL_MAX), DJ_LEVEL_MAX);
    /* Skill Level still caps it */
    assert_int_equal(level_for(&toy, 5000, 3), 3);
    /* clamped levels */
    assert_int_equal(dj_level_elo(&toy, 0), toy_level_elo[0]);
    assert_int_equal(dj_level_elo(&toy, 11), toy_level_elo[DJ_LEVEL_MAX - 1]);
}

static void test_a_game_without_a_table_has_the_generic_scale(void **state)
{
    (void)state;
    assert_null(toy_takeaway.level_elo);
    assert_int_equal(dj_level_elo(&toy_takeaway, 1), 800);
    assert_int_equal(dj_level_elo(&toy_takeaway, 10), 2600);
    assert_int_equal(level_for(&toy_takeaway, 1500, DJ_LEVEL_MAX), 4);
    DojoUciSettings settings;
    dojo_uci_settings_init(&settings);
    settings.limit_strength = false;
    settings.skill_level = 7;
    assert_int_equal(dojo_uci_playing_level(&settings), 7);
    dojo_uci_settings_clear(&settings);
}

/* Every game built in: its table rises, and each level's figure maps back
 * to that level; UCI_Elo accepts the whole range of every game's levels
 * and nothing outside it. */
static void test_the_games_tables(void **state)
{
    (void)state;
    int lowest = G_MAXINT, highest = G_MININT;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        for (int level = DJ_LEVEL_MIN; level <= DJ_LEVEL_MAX; level++) {
            int elo = dj_level_elo(*v, level);
            if (level > DJ_LEVEL_MIN && elo <= dj_level_elo(*v, level - 1))
                fail_msg("%s: level %d's Elo %d is not above level %d's", (*v)->name, level,
                         elo, level - 1);
            assert_int_equal(level_for(*v, elo, DJ_LEVEL_MAX), level);
        }
        lowest = MIN(lowest, dj_level_elo(*v, DJ_LEVEL_MIN));
        highest = MAX(highest, dj_level_elo(*v, DJ_LEVEL_MAX));
    }
    DojoUciSettings settings;
    dojo_uci_settings_init(&settings);
    assert_int_equal(settings.elo, highest);
    DojoUciChange changed;
    char text[32];
    const int good[] = { lowest, highest };
    const int bad[] = { lowest - 1, highest + 1 };
    for (int i = 0; i < 2; i++) {
        GError *error = NULL;
        snprintf(text, sizeof text, "%d", good[i]);
        assert_true(dojo_uci_option_set(&settings, "UCI_Elo", text, 1024, &changed, &error));
        assert_int_equal(settings.elo, good[i]);
        snprintf(text, sizeof text, "%d", bad[i]);
        assert_false(dojo_uci_option_set(&settings, "UCI_Elo", text, 1024, &changed, &error));
        assert_non_null(error);
        g_clear_error(&error);
        assert_int_equal(settings.elo, good[i]);
    }
    dojo_uci_settings_clear(&settings);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_measured_table_is_used),
        cmocka_unit_test(test_a_game_without_a_table_has_the_generic_scale),
        cmocka_unit_test(test_the_games_tables),
    };
    return cmocka_run_group_tests_name("uci_options", tests, NULL, NULL);
}
