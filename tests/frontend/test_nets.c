/* test_nets.c: which network the front end installs (frontends/tty/nets.c).
 * Ōgi's built-in network reads and is Ōgi's; at full strength a game plays
 * with it by default, below level 10 with none; a network chosen in its
 * place (EvalFile) is installed instead, `none` installs none, and the
 * choice can go back to the built-in one.  A game without a learnt
 * evaluation is left alone.  In-process. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "framework/net.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "frontends/tty/nets.h"

static const DjVariant *ogi(void)
{
    const DjVariant *v = dj_registry_find("ogi");
    if (v == NULL)
        skip();
    return v;
}

static void test_builtin_reads(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    GError *error = NULL;
    const DjNet *net = dj_net_builtin(v, &error);
    assert_null(error);
    assert_non_null(net);
    assert_string_equal(net->variant, "ogi");
    assert_int_equal(net->n_inputs, v->net_inputs);
    /* Read once: the same network each time. */
    assert_ptr_equal(dj_net_builtin(v, NULL), net);
    /* It fits a position's kept sums (the fast path). */
    assert_true(dj_net_can_keep_sums(net, 64));
}

static void test_by_level_and_choice(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    const DjNet *builtin = dj_net_builtin(v, NULL);
    /* By default: the built-in network at full strength, none below. */
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, builtin);
    for (int level = DJ_LEVEL_MIN; level < DJ_LEVEL_MAX; level++) {
        dojo_nets_install(v, level);
        assert_null(*v->net);
    }
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, builtin);

    /* A network of the caller's. */
    g_autoptr(DjNet) own = dj_net_new("ogi", v->net_inputs, 8, 3);
    dojo_nets_choose(v, own, false);
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, own);
    dojo_nets_install(v, 3);
    assert_null(*v->net);

    /* None. */
    dojo_nets_choose(v, NULL, false);
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_null(*v->net);

    /* Back to the built-in one. */
    dojo_nets_choose(v, NULL, true);
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, builtin);
    assert_true(dj_net_install(v, NULL, NULL));
}

/* A game without a learnt evaluation: nothing to install, nothing breaks. */
static void test_game_without_a_net(void **state)
{
    (void)state;
    const DjVariant *v = dj_registry_find("onitama");
    if (v == NULL)
        skip();
    assert_null(v->net);
    assert_null(dj_net_builtin(v, NULL));
    dojo_nets_install(v, DJ_LEVEL_MAX);
    dojo_nets_install(v, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_reads),
        cmocka_unit_test(test_by_level_and_choice),
        cmocka_unit_test(test_game_without_a_net),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
