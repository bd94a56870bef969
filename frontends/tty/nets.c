/* nets.c: which learnt network each game evaluates with (nets.h). */
#include "nets.h"

#include <stdio.h>

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
    if (level >= DJ_LEVEL_MAX) {
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
