/* uci_engine.c: starting, talking to and ending a UCI engine process. */
#include "framework/referee/uci_engine.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "framework/referee/referee_error.h"

/* How long an engine has to leave after `quit` before it is killed. */
#define QUIT_GRACE_MS 1000
/* How often a wait looks at the cancel flag. */
#define CANCEL_POLL_US (50 * 1000)

struct DojoEngine {
    char *name;
    GSubprocess *process;
    GOutputStream *input;
    GDataInputStream *output;
    GThread *reader;
    GAsyncQueue *lines;     /* char *, and eof_marker once output ends */
    bool eof_seen;
    gint *cancel;
    GPid pid;               /* also the process group, see child_setup */
    GHashTable *options;    /* the names of the options it offers, folded to lower case */
};

/* Queued after the last line; compared by address. */
static char eof_marker[] = "";

/* ---- specs ------------------------------------------------------------------ */

/* Split at commas that are not escaped as "\,". */
static GPtrArray *split_items(const char *text)
{
    GPtrArray *items = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GString) item = g_string_new(NULL);
    for (const char *p = text;; p++) {
        if (*p == '\\' && p[1] == ',') {
            g_string_append_c(item, ',');
            p++;
        } else if (*p == ',' || *p == '\0') {
            g_ptr_array_add(items, g_strdup(item->str));
            g_string_truncate(item, 0);
            if (*p == '\0')
                break;
        } else {
            g_string_append_c(item, *p);
        }
    }
    return items;
}

/* Where the limit named `key` goes, or NULL when `key` names none. */
static char **limit_field(DojoEngineSpec *spec, const char *key)
{
    return strcmp(key, "tc") == 0 ? &spec->tc
        : strcmp(key, "movetime") == 0 ? &spec->movetime
        : strcmp(key, "nodes") == 0 ? &spec->nodes
        : strcmp(key, "depth") == 0 ? &spec->depth
        : NULL;
}

bool dojo_engine_spec_parse(const char *text, const char *option, DojoEngineSpec *out,
                            GError **error)
{
    memset(out, 0, sizeof *out);
    out->argv = g_ptr_array_new_with_free_func(g_free);
    out->option_names = g_ptr_array_new_with_free_func(g_free);
    out->option_values = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(out->argv, NULL); /* cmd goes first, whenever it comes */
    g_autoptr(GPtrArray) items = split_items(text);
    bool ok = true;
    for (guint i = 0; ok && i < items->len; i++) {
        const char *item = g_ptr_array_index(items, i);
        const char *equals = strchr(item, '=');
        if (equals == NULL) {
            dojo_referee_spec_error(error, "%s: '%s' is not KEY=VALUE (in '%s')", option, item, text);
            ok = false;
            break;
        }
        g_autofree char *key = g_strndup(item, (gsize)(equals - item));
        const char *value = equals + 1;
        char **field = NULL;
        if (strcmp(key, "name") == 0) {
            g_free(out->name);
            out->name = g_strdup(value);
        } else if (strcmp(key, "cmd") == 0) {
            g_free(g_ptr_array_index(out->argv, 0));
            g_ptr_array_index(out->argv, 0) = g_strdup(value);
        } else if (strcmp(key, "arg") == 0) {
            g_ptr_array_add(out->argv, g_strdup(value));
        } else if (strcmp(key, "dir") == 0) {
            g_free(out->dir);
            out->dir = g_strdup(value);
        } else if (strcmp(key, "stderr") == 0) {
            if (value[0] == '\0') {
                dojo_referee_spec_error(error, "%s: stderr= wants a FILE (in '%s')", option, text);
                ok = false;
                break;
            }
            g_free(out->stderr_path);
            out->stderr_path = g_strdup(value);
        } else if ((field = limit_field(out, key)) != NULL) {
            g_free(*field);
            *field = g_strdup(value);
        } else if (g_str_has_prefix(key, "option.") && key[7] != '\0') {
            g_ptr_array_add(out->option_names, g_strdup(key + 7));
            g_ptr_array_add(out->option_values, g_strdup(value));
        } else {
            dojo_referee_spec_error(error, "%s: unknown key '%s' (there are name, cmd, arg, dir, "
                        "stderr, option.NAME, tc, movetime, nodes, depth)", option, key);
            ok = false;
        }
    }
    const char *cmd = out->argv->len > 0 ? g_ptr_array_index(out->argv, 0) : NULL;
    if (ok && (cmd == NULL || cmd[0] == '\0')) {
        dojo_referee_spec_error(error, "%s '%s' has no cmd=PROGRAM", option, text);
        ok = false;
    }
    if (ok && (out->name == NULL || out->name[0] == '\0')) {
        dojo_referee_spec_error(error, "%s '%s' has no name=NAME", option, text);
        ok = false;
    }
    if (!ok) {
        dojo_engine_spec_clear(out);
        return false;
    }
    g_ptr_array_add(out->argv, NULL);
    return true;
}

bool dojo_engine_read_score(const char *line, DojoEngineScore *score)
{
    if (!g_str_has_prefix(line, "info "))
        return true;
    g_auto(GStrv) words = g_strsplit_set(line, " \t", -1);
    int n = 0;
    for (int i = 0; words[i] != NULL; i++)   /* runs of spaces leave empty words: drop them */
        if (words[i][0] != '\0')
            words[n++] = words[i];
        else
            g_free(words[i]);
    words[n] = NULL;
    for (int i = 0; i < n; i++) {
        if (strcmp(words[i], "string") == 0)
            return true;   /* the rest is free text */
        if (strcmp(words[i], "score") != 0)
            continue;
        gint64 value = 0;
        bool mate = i + 1 < n && strcmp(words[i + 1], "mate") == 0;
        bool cp = i + 1 < n && strcmp(words[i + 1], "cp") == 0;
        if ((!mate && !cp) || i + 2 >= n
            || !g_ascii_string_to_signed(words[i + 2], 10, -100000000, 100000000, &value, NULL))
            return false;
        *score = (DojoEngineScore){ true, mate, value };
        return true;
    }
    return true;
}

void dojo_engine_spec_clear(DojoEngineSpec *spec)
{
    g_free(spec->name);
    g_free(spec->dir);
    g_free(spec->stderr_path);
    g_free(spec->tc);
    g_free(spec->movetime);
    g_free(spec->nodes);
    g_free(spec->depth);
    if (spec->argv != NULL)
        g_ptr_array_free(spec->argv, TRUE);
    if (spec->option_names != NULL)
        g_ptr_array_free(spec->option_names, TRUE);
    if (spec->option_values != NULL)
        g_ptr_array_free(spec->option_values, TRUE);
    memset(spec, 0, sizeof *spec);
}

/* ---- the process --------------------------------------------------------------- */

/* In the child before exec: a process group of its own, so that Ctrl-C at
 * the terminal reaches only dojo (which ends the engines in order), and so
 * that the whole group can be killed at the end. */
static void child_setup(gpointer user_data)
{
    (void)user_data;
    setpgid(0, 0);
}

static gpointer read_lines(gpointer data)
{
    DojoEngine *engine = data;
    for (;;) {
        gsize length = 0;
        char *line = g_data_input_stream_read_line(engine->output, &length, NULL, NULL);
        if (line == NULL)
            break;
        if (length > 0 && line[length - 1] == '\r')
            line[length - 1] = '\0';
        g_async_queue_push(engine->lines, line);
    }
    g_async_queue_push(engine->lines, eof_marker);
    return NULL;
}

const char *dojo_engine_name(const DojoEngine *engine)
{
    return engine->name;
}

bool dojo_engine_send(DojoEngine *engine, const char *line, GError **error)
{
    g_autofree char *text = g_strconcat(line, "\n", NULL);
    g_autoptr(GError) local = NULL;
    bool ok = g_output_stream_write_all(engine->input, text, strlen(text), NULL, NULL, &local)
        && g_output_stream_flush(engine->input, NULL, &local);
    if (!ok)
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE,
                    "%s no longer reads its input (%s)", engine->name, local->message);
    return ok;
}

DojoEngineRead dojo_engine_read(DojoEngine *engine, gint64 deadline_us, char **line)
{
    if (engine->eof_seen)
        return DOJO_ENGINE_EOF;
    for (;;) {
        if (engine->cancel != NULL && g_atomic_int_get(engine->cancel))
            return DOJO_ENGINE_CANCELLED;
        gint64 left = deadline_us - g_get_monotonic_time();
        char *item = left <= 0
            ? g_async_queue_try_pop(engine->lines)
            : g_async_queue_timeout_pop(engine->lines, (guint64)MIN(left, CANCEL_POLL_US));
        if (item == NULL && left <= 0)
            return DOJO_ENGINE_TIMEOUT;
        if (item == NULL)
            continue;
        if (item == eof_marker) {
            engine->eof_seen = true;
            return DOJO_ENGINE_EOF;
        }
        *line = item;
        return DOJO_ENGINE_LINE;
    }
}

/* Read until a line that is exactly `expected` (or starts with it and a
 * space), calling `each` on the lines before it. */
static bool wait_for(DojoEngine *engine, const char *expected, int timeout_ms,
                     void (*each)(const char *line, void *data), void *data, GError **error)
{
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    size_t n = strlen(expected);
    for (;;) {
        g_autofree char *line = NULL;
        switch (dojo_engine_read(engine, deadline, &line)) {
        case DOJO_ENGINE_LINE:
            if (strncmp(line, expected, n) == 0 && (line[n] == '\0' || line[n] == ' '))
                return true;
            if (each != NULL)
                each(line, data);
            break;
        case DOJO_ENGINE_TIMEOUT:
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                        "%s did not answer '%s' within %d ms", engine->name, expected,
                        timeout_ms);
            return false;
        case DOJO_ENGINE_EOF:
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                        "%s exited before answering '%s'", engine->name, expected);
            return false;
        case DOJO_ENGINE_CANCELLED:
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "interrupted");
            return false;
        }
    }
}

/* Notes the name of an option the engine offers: the words between
 * "option name" and " type". */
static void note_option(const char *line, void *data)
{
    DojoEngine *engine = data;
    if (!g_str_has_prefix(line, "option name "))
        return;
    const char *name = line + 12;
    const char *type = strstr(name, " type ");
    g_autofree char *exact = type != NULL ? g_strndup(name, (gsize)(type - name))
                                          : g_strdup(name);
    g_hash_table_add(engine->options, g_ascii_strdown(g_strstrip(exact), -1));
}

bool dojo_engine_has_option(const DojoEngine *engine, const char *name)
{
    g_autofree char *folded = g_ascii_strdown(name, -1);
    return g_hash_table_contains(engine->options, folded);
}

static bool handshake(DojoEngine *engine, const DojoEngineSpec *spec, const char *variant_name,
                      int timeout_ms, GError **error)
{
    if (!dojo_engine_send(engine, "uci", error)
        || !wait_for(engine, "uciok", timeout_ms, note_option, engine, error))
        return false;
    bool has_variant_option = dojo_engine_has_option(engine, "UCI_Variant");
    bool variant_given = false;
    for (guint i = 0; i < spec->option_names->len; i++) {
        const char *name = g_ptr_array_index(spec->option_names, i);
        variant_given |= g_ascii_strcasecmp(name, "UCI_Variant") == 0;
        g_autofree char *line
            = g_strdup_printf("setoption name %s value %s", name,
                              (const char *)g_ptr_array_index(spec->option_values, i));
        if (!dojo_engine_send(engine, line, error))
            return false;
    }
    if (!variant_given && has_variant_option) {
        g_autofree char *line = g_strdup_printf("setoption name UCI_Variant value %s",
                                                variant_name);
        if (!dojo_engine_send(engine, line, error))
            return false;
    }
    return dojo_engine_send(engine, "isready", error)
        && wait_for(engine, "readyok", timeout_ms, NULL, NULL, error);
}

DojoEngine *dojo_engine_start(const DojoEngineSpec *spec, const char *variant_name,
                              int timeout_ms, gint *cancel, GError **error)
{
    signal(SIGPIPE, SIG_IGN);   /* see the header */
    int stderr_fd = -1;
    if (spec->stderr_path != NULL) {
        stderr_fd = g_open(spec->stderr_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (stderr_fd < 0) {
            int errsv = errno;
            g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errsv),
                        "cannot open %s for the standard error of %s: %s", spec->stderr_path,
                        spec->name, g_strerror(errsv));
            return NULL;
        }
    }
    g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new(
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
        | (stderr_fd < 0 ? G_SUBPROCESS_FLAGS_STDERR_SILENCE : 0));
    if (stderr_fd >= 0)
        g_subprocess_launcher_take_stderr_fd(launcher, stderr_fd);   /* the launcher closes it */
    if (spec->dir != NULL)
        g_subprocess_launcher_set_cwd(launcher, spec->dir);
    g_subprocess_launcher_set_child_setup(launcher, child_setup, NULL, NULL);
    g_autoptr(GError) local = NULL;
    GSubprocess *process = g_subprocess_launcher_spawnv(
        launcher, (const char *const *)spec->argv->pdata, &local);
    if (process == NULL) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot start %s (%s): %s",
                    spec->name, (const char *)g_ptr_array_index(spec->argv, 0),
                    local->message);
        return NULL;
    }
    g_autoptr(DojoEngine) engine = g_new0(DojoEngine, 1);
    engine->name = g_strdup(spec->name);
    engine->process = process;
    engine->pid = (GPid)g_ascii_strtoll(g_subprocess_get_identifier(process), NULL, 10);
    engine->input = g_subprocess_get_stdin_pipe(process);
    engine->output = g_data_input_stream_new(g_subprocess_get_stdout_pipe(process));
    g_data_input_stream_set_newline_type(engine->output, G_DATA_STREAM_NEWLINE_TYPE_LF);
    engine->lines = g_async_queue_new();
    engine->options = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    engine->cancel = cancel;
    engine->reader = g_thread_new("engine-reader", read_lines, engine);
    if (!handshake(engine, spec, variant_name, timeout_ms, error))
        return NULL;
    return g_steal_pointer(&engine);
}

bool dojo_engine_new_game(DojoEngine *engine, int timeout_ms, GError **error)
{
    char *line = NULL;
    while (dojo_engine_read(engine, 0, &line) == DOJO_ENGINE_LINE)
        g_free(line);
    return dojo_engine_send(engine, "ucinewgame", error)
        && dojo_engine_send(engine, "isready", error)
        && wait_for(engine, "readyok", timeout_ms, NULL, NULL, error);
}

/* Keeps the first "info string error" line an engine sends. */
static void note_refusal(const char *line, void *data)
{
    char **refusal = data;
    if (*refusal == NULL && g_str_has_prefix(line, "info string error"))
        *refusal = g_strdup(line);
}

bool dojo_engine_send_checked(DojoEngine *engine, const char *command, int timeout_ms,
                              GError **error)
{
    g_autofree char *refusal = NULL;
    if (!dojo_engine_send(engine, command, error) || !dojo_engine_send(engine, "isready", error)
        || !wait_for(engine, "readyok", timeout_ms, note_refusal, &refusal, error))
        return false;
    if (refusal != NULL) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s refused '%s': %s",
                    engine->name, command, refusal + strlen("info string "));
        return false;
    }
    return true;
}

void dojo_engine_free(DojoEngine *engine)
{
    if (engine == NULL)
        return;
    dojo_engine_send(engine, "quit", NULL);
    g_output_stream_close(engine->input, NULL, NULL);
    /* Give it the grace period to leave by itself (its output ends). */
    gint64 deadline = g_get_monotonic_time() + QUIT_GRACE_MS * 1000;
    char *line = NULL;
    gint *cancel = engine->cancel;
    engine->cancel = NULL;
    DojoEngineRead read;
    while ((read = dojo_engine_read(engine, deadline, &line)) == DOJO_ENGINE_LINE)
        g_free(line);
    engine->cancel = cancel;
    if (engine->pid > 0)
        kill(-engine->pid, SIGKILL);
    g_subprocess_force_exit(engine->process);
    g_subprocess_wait(engine->process, NULL, NULL);
    g_thread_join(engine->reader);
    while ((line = g_async_queue_try_pop(engine->lines)) != NULL) {
        if (line != eof_marker)
            g_free(line);
    }
    g_async_queue_unref(engine->lines);
    g_hash_table_unref(engine->options);
    g_object_unref(engine->output);
    g_object_unref(engine->process);
    g_free(engine->name);
    g_free(engine);
}
