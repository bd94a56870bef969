/* uci_client.c: a line-by-line UCI client over GSubprocess pipes. */
#include "tests/frontend/uci_client.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <gio/gio.h>

#include "tests/frontend/runner.h"

struct UciClient {
    GSubprocess *process;
    GOutputStream *in;
    GDataInputStream *out;
    char *line;
    GString *transcript;
};

UciClient *uci_client_start(const char *dir)
{
    GSubprocessLauncher *launcher = g_subprocess_launcher_new(
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
    g_subprocess_launcher_set_cwd(launcher, dir);
    g_subprocess_launcher_setenv(launcher, "DOJO_HOME", dir, TRUE);
    GError *error = NULL;
    const char *argv[] = { runner_exe(), "uci", NULL };
    GSubprocess *process = g_subprocess_launcher_spawnv(launcher, argv, &error);
    g_object_unref(launcher);
    if (process == NULL)
        fail_msg("cannot start %s uci: %s", runner_exe(), error->message);
    UciClient *client = g_new0(UciClient, 1);
    client->process = process;
    client->in = g_subprocess_get_stdin_pipe(process);
    client->out = g_data_input_stream_new(g_subprocess_get_stdout_pipe(process));
    client->transcript = g_string_new(NULL);
    return client;
}

void uci_client_send(UciClient *client, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    char *text = g_strdup_vprintf(format, args);
    va_end(args);
    char *line = g_strconcat(text, "\n", NULL);
    GError *error = NULL;
    if (!g_output_stream_write_all(client->in, line, strlen(line), NULL, NULL, &error)
        || !g_output_stream_flush(client->in, NULL, &error))
        fail_msg("cannot send '%s': %s", text, error->message);
    g_string_append_printf(client->transcript, "> %s\n", text);
    g_free(line);
    g_free(text);
}

const char *uci_client_read(UciClient *client)
{
    g_free(client->line);
    gsize length = 0;
    client->line = g_data_input_stream_read_line(client->out, &length, NULL, NULL);
    if (client->line != NULL)
        g_string_append_printf(client->transcript, "%s\n", client->line);
    return client->line;
}

const char *uci_client_expect(UciClient *client, const char *prefix)
{
    for (;;) {
        const char *line = uci_client_read(client);
        if (line == NULL)
            fail_msg("the engine ended its output while '%s' was expected; it said:\n%s", prefix,
                     client->transcript->str);
        if (g_str_has_prefix(line, prefix))
            return line;
    }
}

const char *uci_client_pid(const UciClient *client)
{
    return g_subprocess_get_identifier(client->process);
}

const char *uci_client_transcript(const UciClient *client)
{
    return client->transcript->str;
}

int uci_client_quit(UciClient *client)
{
    uci_client_send(client, "quit");
    g_output_stream_close(client->in, NULL, NULL);
    while (uci_client_read(client) != NULL)
        ;
    GError *error = NULL;
    g_subprocess_wait(client->process, NULL, &error);
    int status = g_subprocess_get_if_exited(client->process)
                     ? g_subprocess_get_exit_status(client->process) : -1;
    g_object_unref(client->out);
    g_object_unref(client->process);
    g_free(client->line);
    g_string_free(client->transcript, TRUE);
    g_free(client);
    return status;
}
