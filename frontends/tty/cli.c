/* cli.c: shared plumbing of the subcommands. */
#include "frontends/tty/cli.h"

#include <stdio.h>
#include <string.h>

#include "framework/referee/referee_error.h"
#include "frontends/common/output.h"
#include "frontends/tty/options.h"

int dojo_usage_failure(const char *command, const char *params, const char *message)
{
    g_autoptr(GString) clean = g_string_new(NULL);
    dojo_output_sanitize(message, 0, clean);
    fprintf(stderr, "dojo %s: %s\n", command, clean->str);
    fprintf(stderr, "Usage: dojo %s %s\n", command, params);
    fprintf(stderr, "Run 'dojo help %s' for the options.\n", command);
    return DOJO_EXIT_USAGE;
}

#ifndef DOJO_VERSION
#define DOJO_VERSION "unknown"
#endif

static int saved_argc;
static char **saved_argv;
static const char *version_text = DOJO_VERSION;

void dojo_cli_set_version(const char *text)
{
    version_text = text;
}

const char *dojo_cli_version(void)
{
    return version_text;
}

char *dojo_cli_command_line(int argc, char **argv)
{
    GString *line = g_string_new("dojo");
    for (int i = 0; i < argc; i++) {
        bool plain = argv[i][0] != '\0' && strpbrk(argv[i], " \t'\"\\$`*?;&|<>(){}~#") == NULL;
        g_autofree char *quoted = plain ? NULL : g_shell_quote(argv[i]);
        g_string_append_printf(line, " %s", plain ? argv[i] : quoted);
    }
    return g_string_free(line, FALSE);
}

void dojo_cli_remember_args(int argc, char **argv)
{
    saved_argc = argc;
    saved_argv = argv;
}

char **dojo_cli_args(int *argc)
{
    *argc = saved_argc;
    return saved_argv;
}

/* The option whose value is the first command-line argument that is not
 * UTF-8 text ("--position" for "--position=..." or "--position ..."), or NULL. */
static char *option_with_bad_text(void)
{
    for (int i = 1; i < saved_argc; i++) {
        const char *arg = saved_argv[i];
        if (g_utf8_validate(arg, -1, NULL))
            continue;
        if (arg[0] == '-') {
            const char *equals = strchr(arg, '=');
            if (equals != NULL && g_utf8_validate(arg, equals - arg, NULL))
                return g_strndup(arg, (gsize)(equals - arg));
        } else if (i > 1 && saved_argv[i - 1][0] == '-' && strchr(saved_argv[i - 1], '=') == NULL
                   && g_utf8_validate(saved_argv[i - 1], -1, NULL)) {
            return g_strdup(saved_argv[i - 1]);
        }
        return NULL;
    }
    return NULL;
}

int dojo_report_error(const char *command, const char *params, GError *error)
{
    G_GNUC_UNUSED g_autoptr(GError) owned = error;   /* frees it on every return */
    if (error->domain == G_CONVERT_ERROR) {
        /* GOption could not read an option's value as text. */
        g_autofree char *option = option_with_bad_text();
        g_autofree char *message = option != NULL
            ? g_strdup_printf("the value of %s is not valid text (UTF-8)", option)
            : g_strdup("an argument is not valid text (UTF-8)");
        return dojo_usage_failure(command, params, message);
    }
    /* A malformed engine or judge description is a mistake in what was
     * typed, as a bad option is. */
    if (error->domain == DOJO_USAGE_ERROR || error->domain == G_OPTION_ERROR
        || g_error_matches(error, DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_SPEC))
        return dojo_usage_failure(command, params, error->message);
    g_autoptr(GString) clean = g_string_new(NULL);
    dojo_output_sanitize(error->message, 0, clean);
    fprintf(stderr, "dojo %s: %s\n", command, clean->str);
    return DOJO_EXIT_FAILURE;
}

GOptionContext *dojo_option_context(const char *params, const char *summary,
                                    const char *description, void *user_data)
{
    return dojo_option_context_full(params, summary, description, user_data, NULL);
}

GOptionContext *dojo_option_context_full(const char *params, const char *summary,
                                         const char *description, void *user_data,
                                         GDestroyNotify destroy)
{
    GOptionContext *context = g_option_context_new(params);
    GOptionGroup *group = g_option_group_new("main", "Options", "Show the options",
                                             user_data, destroy);
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

int dojo_option_parse_and_run(GOptionContext *context, const char *command, const char *params,
                              int argc, char **argv, DojoCommandRun run, void *args)
{
    GError *error = NULL;
    int code;
    if (!g_option_context_parse(context, &argc, &argv, &error))
        code = dojo_report_error(command, params, error);
    else
        code = run(args, argc - 1, argv + 1);
    g_option_context_free(context);
    return code;
}
