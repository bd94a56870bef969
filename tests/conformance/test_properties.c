/* test_properties.c: the symmetry, byte and result checks of properties.h
 * on every registered variant.  test_planted_bugs.c proves each can fail. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "framework/registry.h"
#include "tests/conformance/properties.h"

#define BASE_SEED 0x5e11f00du

static void test_properties(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    int games = conf_games(CONF_PROPERTY_GAMES);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        if ((*vp)->mirror == NULL)
            g_printerr("%s has no mirror: the symmetry checks are skipped\n", (*vp)->name);
        int draws = conf_check_properties(*vp, base, games);
        g_printerr("%s: %d random games checked, %d drawn\n", (*vp)->name, games, draws);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_properties),
    };
    return cmocka_run_group_tests_name("properties", tests, NULL, NULL);
}
