/* cli.c: shared plumbing of the subcommands. */
#include "cli.h"

#include <stdio.h>

#include "options.h"
#include "output.h"

int dojo_usage_failure(const char *command, const char *params, const char *message)
{
    GString *clean = g_string_new(NULL);
    dojo_output_sanitize(message, 0, clean);
    fprintf(stderr, "dojo %s: %s\n", command, clean->str);
    fprintf(stderr, "Usage: dojo %s %s\n", command, params);
    fprintf(stderr, "Run 'dojo help %s' for the options.\n", command);
    g_string_free(clean, TRUE);
    return DOJO_EXIT_USAGE;
}

int dojo_report_error(const char *command, const char *params, GError *error)
{
    int code;
    if (error->domain == DOJO_USAGE_ERROR || error->domain == G_OPTION_ERROR) {
        code = dojo_usage_failure(command, params, error->message);
    } else {
        GString *clean = g_string_new(NULL);
        dojo_output_sanitize(error->message, 0, clean);
        fprintf(stderr, "dojo %s: %s\n", command, clean->str);
        g_string_free(clean, TRUE);
        code = DOJO_EXIT_FAILURE;
    }
    g_error_free(error);
    return code;
}

GOptionContext *dojo_option_context(const char *params, const char *summary,
                                    const char *description, void *user_data)
{
    GOptionContext *context = g_option_context_new(params);
    GOptionGroup *group = g_option_group_new("main", "Options", "Show the options",
                                             user_data, NULL);
    g_option_context_set_main_group(context, group);
    if (summary != NULL)
        g_option_context_set_summary(context, summary);
    if (description != NULL)
        g_option_context_set_description(context, description);
    return context;
}

GOptionGroup *dojo_option_main_group(GOptionContext *context)
{
    return g_option_context_get_main_group(context);
}
