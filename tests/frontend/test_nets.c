/* test_nets.c: which network the front end installs (frontends/common/nets.c).
 * Ōgi's built-in network reads and is Ōgi's; at full strength a game plays
 * with it by default, below level 10 with none; a network chosen in its
 * place (EvalFile) is installed instead, `none` installs none, and the
 * choice can go back to the built-in one.  A game without a learnt
 * evaluation is left alone.  A value as EvalFile and --eval-file give it
 * (a file, `none`, nothing) is chosen for every game, a file that does
 * not fit changes nothing, and the release frees the file's network.
 * In-process. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <glib/gstdio.h>

#include "framework/net.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "frontends/common/nets.h"

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
    /* By default: the built-in network from DJ_LEVEL_NET_MIN up, none below. */
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, builtin);
    for (int level = DJ_LEVEL_MIN; level < DJ_LEVEL_MAX; level++) {
        dojo_nets_install(v, level);
        if (level >= DJ_LEVEL_NET_MIN)
            assert_ptr_equal(*v->net, builtin);
        else
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

/* A network file for `variant_name` with `n_inputs` features, in `dir`. */
static char *write_net(const char *dir, const char *variant_name, int n_inputs)
{
    g_autoptr(DjNet) net = dj_net_new(variant_name, n_inputs, 4, 7);
    char *path = g_build_filename(dir, "chosen.net", NULL);
    GError *error = NULL;
    assert_true(dj_net_save(net, "test", path, &error));
    assert_null(error);
    return path;
}

static void test_choose_value(void **state)
{
    (void)state;
    const DjVariant *v = ogi();
    const DjVariant *onitama = dj_registry_find("onitama");
    const DjNet *builtin = dj_net_builtin(v, NULL);
    g_autofree char *dir = g_dir_make_tmp("dojo-nets-XXXXXX", NULL);
    assert_non_null(dir);
    g_autofree char *path = write_net(dir, "ogi", v->net_inputs);

    /* A file: the game it names plays with it, whatever only_for allows. */
    GError *error = NULL;
    assert_true(dojo_nets_choose_value(path, NULL, &error));
    dojo_nets_install(v, DJ_LEVEL_MAX);
    const DjNet *from_file = *v->net;
    assert_non_null(from_file);
    assert_ptr_not_equal(from_file, builtin);
    assert_int_equal(from_file->n_hidden, 4);
    assert_true(dojo_nets_choose_value(path, v, &error));   /* read again, a new one */
    assert_null(error);

    /* For another game: refused in words, and the choice stays. */
    if (onitama != NULL) {
        assert_false(dojo_nets_choose_value(path, onitama, &error));
        assert_non_null(strstr(error->message, path));
        assert_non_null(strstr(error->message, "onitama"));
        g_clear_error(&error);
    }
    g_autofree char *wrong_width = g_build_filename(dir, "wrong.net", NULL);
    g_autoptr(DjNet) narrow = dj_net_new("ogi", v->net_inputs - 1, 4, 7);
    assert_true(dj_net_save(narrow, "test", wrong_width, NULL));
    assert_false(dojo_nets_choose_value(wrong_width, NULL, &error));
    assert_non_null(strstr(error->message, "features"));
    g_clear_error(&error);
    g_autofree char *missing = g_build_filename(dir, "missing.net", NULL);
    assert_false(dojo_nets_choose_value(missing, v, &error));
    g_clear_error(&error);
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_non_null(*v->net);
    assert_ptr_not_equal(*v->net, builtin);
    assert_int_equal((*v->net)->n_hidden, 4);

    /* none, then nothing: every game's built-in one. */
    assert_true(dojo_nets_choose_value(DOJO_NETS_NONE, v, &error));
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_null(*v->net);
    assert_true(dojo_nets_choose_value(NULL, NULL, &error));
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, builtin);
    assert_true(dojo_nets_choose_value("", NULL, &error));
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, builtin);

    /* The release takes the file's network out of the game it is in (the
     * leak and use-after-free checkers of the sanitized build watch). */
    assert_true(dojo_nets_choose_value(path, v, &error));
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_not_equal(*v->net, builtin);
    dojo_nets_release();
    assert_null(*v->net);
    dojo_nets_install(v, DJ_LEVEL_MAX);
    assert_ptr_equal(*v->net, builtin);
    assert_true(dj_net_install(v, NULL, NULL));

    g_unlink(wrong_width);
    g_unlink(path);
    g_rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_reads),
        cmocka_unit_test(test_by_level_and_choice),
        cmocka_unit_test(test_game_without_a_net),
        cmocka_unit_test(test_choose_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
