/* cmd_list.c: `dojo list`: the built-in variants and their options. */
#include <stdio.h>
#include <string.h>

#include "framework/registry.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

#define LIST_PARAMS "[OPTION...]"

static void print_variant(const DjVariant *variant)
{
    printf("%-10s %s: %s\n", variant->name, variant->title, variant->summary);
    printf("%-10s sides: %s (side 0) and %s (side 1); board %dx%d\n", "",
           variant->side_names[0], variant->side_names[1], variant->board_width,
           variant->board_height);
    if (variant->options == NULL || variant->options[0].name == NULL) {
        printf("%-10s options: none\n", "");
        return;
    }
    printf("%-10s options:\n", "");
    for (const DjVariantOption *option = variant->options; option->name != NULL; option++) {
        g_autofree char *spec = g_strdup_printf("-o %s=%s", option->name, option->arg);
        if (strlen(spec) < 24)
            printf("%-12s %-24s %s\n", "", spec, option->help);
        else
            printf("%-12s %s\n%-12s %-24s %s\n", "", spec, "", "", option->help);
    }
}

static int run_list(void *data, int n_positional, char **positional)
{
    (void)data;
    (void)positional;
    if (n_positional > 0)
        return dojo_usage_failure("list", LIST_PARAMS, "list takes no arguments");
    const DjVariant *const *all = dj_registry_all();
    for (int i = 0; all[i] != NULL; i++) {
        if (i > 0)
            putchar('\n');
        print_variant(all[i]);
    }
    return DOJO_EXIT_OK;
}

int dojo_cmd_list(int argc, char **argv)
{
    const DojoOption no_rows[] = { DOJO_OPTION_END };
    GOptionContext *context = dojo_option_table_context(
        "", "List the games dojo plays, with the options each understands (give them to "
        "play, perft, analyze as -o NAME=VALUE, or as --NAME VALUE).",
        NULL, no_rows);
    return dojo_option_parse_and_run(context, "list", LIST_PARAMS, argc, argv, run_list, NULL);
}
