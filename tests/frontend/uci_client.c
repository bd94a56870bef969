/* uci_client.c: a line-by-line UCI client over GSubprocess pipes. */
#ifdef __linux__
#define _GNU_SOURCE   /* sched_setaffinity */
#include <sched.h>
#endif

#include "tests/frontend/uci_client.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
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

bool uci_client_can_pin(void)
{
#ifdef __linux__
    return true;
#else
    return false;
#endif
}

/* The child's limits, set between fork and exec. */
static void set_limits(gpointer data)
{
    const UciClientLimits *limits = data;
    if (limits->max_bytes > 0) {
        struct rlimit limit = { .rlim_cur = (rlim_t)limits->max_bytes,
                                .rlim_max = (rlim_t)limits->max_bytes };
        setrlimit(RLIMIT_AS, &limit);
    }
#ifdef __linux__
    if (limits->one_cpu) {
        /* The first CPU it may run on now. */
        cpu_set_t allowed, one;
        CPU_ZERO(&one);
        if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
            for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
                if (CPU_ISSET(cpu, &allowed)) {
                    CPU_SET(cpu, &one);
                    sched_setaffinity(0, sizeof one, &one);
                    break;
                }
        }
    }
#endif
}

static UciClient *start(const char *dir, const UciClientLimits *limits)
{
    GSubprocessLauncher *launcher = g_subprocess_launcher_new(
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
    if (limits != NULL)
        g_subprocess_launcher_set_child_setup(launcher, set_limits, (gpointer)limits, NULL);
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

UciClient *uci_client_start(const char *dir)
{
    return start(dir, NULL);
}

UciClient *uci_client_start_limited(const char *dir, const UciClientLimits *limits)
{
    return start(dir, limits);   /* read by the child before spawn returns */
}

void uci_client_send_bytes(UciClient *client, const char *bytes, gsize length)
{
    GError *error = NULL;
    if (!g_output_stream_write_all(client->in, bytes, length, NULL, NULL, &error)
        || !g_output_stream_flush(client->in, NULL, &error))
        fail_msg("cannot send %" G_GSIZE_FORMAT " bytes: %s", length, error->message);
    g_autofree char *shown = g_strescape(bytes, NULL);
    g_string_append_printf(client->transcript, "> (bytes) %s...\n", shown);
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

/* A watchdog for uci_client_expect_within: cancels the read at the
 * deadline unless told first that the line came. */
typedef struct Watchdog {
    GMutex lock;
    GCond done_cond;
    bool done;
    gint64 deadline;
    GCancellable *cancel;
} Watchdog;

static gpointer watchdog_main(gpointer data)
{
    Watchdog *w = data;
    g_mutex_lock(&w->lock);
    while (!w->done)
        if (!g_cond_wait_until(&w->done_cond, &w->lock, w->deadline))
            break;
    if (!w->done)
        g_cancellable_cancel(w->cancel);
    g_mutex_unlock(&w->lock);
    return NULL;
}

const char *uci_client_expect_within(UciClient *client, const char *prefix, int seconds)
{
    Watchdog w = { .deadline = g_get_monotonic_time() + (gint64)seconds * G_USEC_PER_SEC,
                   .cancel = g_cancellable_new() };
    g_mutex_init(&w.lock);
    g_cond_init(&w.done_cond);
    GThread *watchdog = g_thread_new("uci-watchdog", watchdog_main, &w);
    const char *found = NULL;
    for (;;) {
        g_free(client->line);
        gsize length = 0;
        client->line = g_data_input_stream_read_line(client->out, &length, w.cancel, NULL);
        if (client->line == NULL)
            break;   /* the end of output, or the deadline */
        g_string_append_printf(client->transcript, "%s\n", client->line);
        if (g_str_has_prefix(client->line, prefix)) {
            found = client->line;
            break;
        }
    }
    g_mutex_lock(&w.lock);
    w.done = true;
    g_cond_signal(&w.done_cond);
    g_mutex_unlock(&w.lock);
    g_thread_join(watchdog);
    g_object_unref(w.cancel);
    g_mutex_clear(&w.lock);
    g_cond_clear(&w.done_cond);
    return found;
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
