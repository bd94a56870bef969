/* nets.c: which learnt network each game evaluates with (nets.h). */
#include "frontends/common/nets.h"

#include <stdio.h>
#include <string.h>

#include "framework/error.h"
#include "framework/registry.h"
#include "framework/search/level.h"

/* A game's choice: by default its built-in network. */
typedef struct NetChoice {
    const DjVariant *variant;
    const DjNet *net;
    bool builtin;
} NetChoice;

/* One a game, made on first use (the front end is one thread here: the
 * searches never change networks). */
static GArray *choices;

/* The network dojo_nets_choose_value read from a file, owned here. */
static DjNet *from_file;

static NetChoice *choice_of(const DjVariant *variant)
{
    if (choices == NULL)
        choices = g_array_new(FALSE, FALSE, sizeof(NetChoice));
    for (guint i = 0; i < choices->len; i++) {
        NetChoice *c = &g_array_index(choices, NetChoice, i);
        if (c->variant == variant)
            return c;
    }
    NetChoice fresh = { variant, NULL, true };
    g_array_append_val(choices, fresh);
    return &g_array_index(choices, NetChoice, choices->len - 1);
}

void dojo_nets_choose(const DjVariant *variant, const DjNet *net, bool builtin)
{
    NetChoice *c = choice_of(variant);
    c->net = net;
    c->builtin = net == NULL && builtin;
}

void dojo_nets_install(const DjVariant *variant, int level)
{
    if (variant->net == NULL)
        return;
    const DjNet *net = NULL;
    if (level >= DJ_LEVEL_NET_MIN) {
        const NetChoice *c = choice_of(variant);
        net = c->net;
        if (c->builtin) {
            static bool told;
            g_autoptr(GError) error = NULL;
            net = dj_net_builtin(variant, &error);
            if (error != NULL && !told) {
                fprintf(stderr, "dojo: %s (playing without it)\n", error->message);
                told = true;
            }
        }
    }
    /* The choices were checked against the game when they were made. */
    dj_net_install(variant, net, NULL);
}

/* Nothing may point at the file's network once it is freed: neither its
 * game's slot nor a choice. */
static void drop_from_file(void)
{
    if (from_file == NULL)
        return;
    const DjVariant *variant = dj_registry_find(from_file->variant);
    if (variant != NULL && variant->net != NULL && *variant->net == from_file)
        dj_net_install(variant, NULL, NULL);
    for (guint i = 0; choices != NULL && i < choices->len; i++) {
        NetChoice *c = &g_array_index(choices, NetChoice, i);
        if (c->net == from_file)
            dojo_nets_choose(c->variant, NULL, true);
    }
    g_clear_pointer(&from_file, dj_net_free);
}

static void choose_for_every_game(bool builtin)
{
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++)
        dojo_nets_choose(*v, NULL, builtin);
}

bool dojo_nets_choose_value(const char *value, const DjVariant *only_for, GError **error)
{
    bool none = value != NULL && strcmp(value, DOJO_NETS_NONE) == 0;
    g_autoptr(DjNet) net = NULL;
    const DjVariant *variant = NULL;
    if (value != NULL && *value != '\0' && !none) {
        net = dj_net_load(value, error);
        if (net == NULL)
            return false;
        variant = only_for != NULL ? only_for : dj_registry_find(net->variant);
        if (variant == NULL)
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "%s: the network is for '%s', a game this dojo does not have",
                                value, net->variant);
        if (!dj_net_check(variant, net, error)) {
            g_prefix_error(error, "%s: ", value);
            return false;
        }
    }
    drop_from_file();
    choose_for_every_game(!none);
    if (variant != NULL) {
        from_file = g_steal_pointer(&net);
        dojo_nets_choose(variant, from_file, false);
    }
    return true;
}

void dojo_nets_release(void)
{
    drop_from_file();
    choose_for_every_game(true);
}
