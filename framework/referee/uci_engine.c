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

#include "framework/notation.h"
#include "framework/referee/referee_error.h"

/* How long an engine has to leave after `quit` before it is killed. */
#define QUIT_GRACE_MS 1000
/* How often a wait looks at the cancel flag. */
#define CANCEL_POLL_US (50 * 1000)

/* The words of dojo_engine_flood_text name these sizes. */
G_STATIC_ASSERT(DOJO_ENGINE_MAX_LINE == 4u << 20 && DOJO_ENGINE_MAX_OUTPUT == 64u << 20);

/* One output line as queued: `raw` bytes came from the pipe for it (a NUL
 * in a line ends its text, not its count). */
typedef struct QueuedLine {
    gsize raw;
    char text[];
} QueuedLine;

/* How the reader thread ended. */
typedef enum ReaderEnd {
    READER_RUNNING,
    READER_EOF,        /* the output ended */
    READER_TOO_LONG,   /* a line longer than DOJO_ENGINE_MAX_LINE: it reads no more */
} ReaderEnd;

struct DojoEngine {
    char *name;
    GSubprocess *process;
    GOutputStream *input;
    GInputStream *output;   /* the process's */
    GThread *reader;
    GMutex lock;            /* guards the five below, shared with the reader */
    GCond changed;          /* a line queued or taken, the reader ended, or closing */
    GQueue lines;           /* QueuedLine * */
    gsize queued_bytes;     /* allocated for the queued lines */
    ReaderEnd reader_end;
    bool closing;           /* dojo_engine_free wants the reader gone */
    DojoEngineRead final;   /* EOF or FLOOD once seen: every later read says so; 0 before */
    const char *flood_text;
    gsize output_bytes;     /* read by dojo since the last command */
    gint *cancel;
    GPid pid;               /* also the process group, see child_setup; 0: unknown */
    GHashTable *options;    /* the names of the options it offers, folded to lower case */
    GPtrArray *option_list; /* the same as it wrote them, in its order */
    char *id_name;          /* what it calls itself ("id name ..."), or NULL */
};

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
        : strcmp(key, "st") == 0 ? &spec->st
        : strcmp(key, "timemargin") == 0 ? &spec->timemargin
        : NULL;
}

/* `for_match`: the name is optional, and st= and timemargin= (which only
 * a match reads) are keys. */
static bool parse_spec(const char *text, const char *option, bool for_match,
                       DojoEngineSpec *out, GError **error)
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
        } else if (strcmp(key, "proto") == 0) {
            if (strcmp(value, "uci") != 0) {
                dojo_referee_spec_error(error, "%s: proto=%s: dojo speaks UCI only (proto=uci)",
                                        option, value);
                ok = false;
            }
        } else if ((field = limit_field(out, key)) != NULL
                   && (for_match || (field != &out->st && field != &out->timemargin))) {
            g_free(*field);
            *field = g_strdup(value);
        } else if (g_str_has_prefix(key, "option.") && key[7] != '\0') {
            g_ptr_array_add(out->option_names, g_strdup(key + 7));
            g_ptr_array_add(out->option_values, g_strdup(value));
        } else {
            dojo_referee_spec_error(error, "%s: unknown key '%s' (there are name, cmd, arg, dir, "
                        "stderr, proto, option.NAME, tc, %smovetime, nodes, depth%s)", option,
                        key, for_match ? "st, " : "", for_match ? ", timemargin" : "");
            ok = false;
        }
    }
    const char *cmd = out->argv->len > 0 ? g_ptr_array_index(out->argv, 0) : NULL;
    if (ok && (cmd == NULL || cmd[0] == '\0')) {
        dojo_referee_spec_error(error, "%s '%s' has no cmd=PROGRAM", option, text);
        ok = false;
    }
    if (ok && (out->name != NULL ? out->name[0] == '\0' : !for_match)) {
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

bool dojo_engine_spec_parse(const char *text, const char *option, DojoEngineSpec *out,
                            GError **error)
{
    return parse_spec(text, option, false, out, error);
}

bool dojo_engine_spec_parse_unnamed(const char *text, const char *option, DojoEngineSpec *out,
                                    GError **error)
{
    return parse_spec(text, option, true, out, error);
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
    g_free(spec->st);
    g_free(spec->timemargin);
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

/* Queue one line; waits while the queue is full (the engine then waits on
 * its pipe).  False when dojo_engine_free wants the reader gone. */
static bool push_line(DojoEngine *engine, const GString *line, gsize raw)
{
    gsize length = strlen(line->str);   /* its text ends at a NUL it holds */
    QueuedLine *item = g_malloc(sizeof *item + length + 1);
    item->raw = raw;
    memcpy(item->text, line->str, length + 1);
    g_mutex_lock(&engine->lock);
    while (engine->queued_bytes >= DOJO_ENGINE_MAX_QUEUED && !engine->closing)
        g_cond_wait(&engine->changed, &engine->lock);
    bool open = !engine->closing;
    if (open) {
        g_queue_push_tail(&engine->lines, item);
        engine->queued_bytes += sizeof *item + length + 1;
        g_cond_broadcast(&engine->changed);
    }
    g_mutex_unlock(&engine->lock);
    if (!open)
        g_free(item);
    return open;
}

/* The reader thread: splits the output into lines itself (rather than by
 * GDataInputStream, which would grow a line without end). */
static gpointer read_lines(gpointer data)
{
    DojoEngine *engine = data;
    enum { CHUNK = 64 * 1024 };
    g_autofree char *chunk = g_malloc(CHUNK);
    g_autoptr(GString) line = g_string_new(NULL);
    gsize raw = 0;   /* bytes of the line so far, \r and NULs included */
    ReaderEnd end = READER_EOF;
    bool open = true;
    while (open && end == READER_EOF) {
        gssize n = g_input_stream_read(engine->output, chunk, CHUNK, NULL, NULL);
        if (n <= 0)
            break;
        for (const char *p = chunk, *stop = chunk + n; open && p < stop;) {
            const char *newline = memchr(p, '\n', (size_t)(stop - p));
            gsize part = (gsize)((newline != NULL ? newline : stop) - p);
            if (raw + part > DOJO_ENGINE_MAX_LINE) {
                end = READER_TOO_LONG;
                break;
            }
            g_string_append_len(line, p, (gssize)part);
            raw += part;
            if (newline == NULL)
                break;
            p = newline + 1;
            if (line->len > 0 && line->str[line->len - 1] == '\r')
                g_string_truncate(line, line->len - 1);
            open = push_line(engine, line, raw + 1);
            g_string_truncate(line, 0);
            raw = 0;
        }
    }
    if (open && end == READER_EOF && raw > 0)   /* a last line without its line break */
        push_line(engine, line, raw);
    g_mutex_lock(&engine->lock);
    engine->reader_end = end;
    g_cond_broadcast(&engine->changed);
    g_mutex_unlock(&engine->lock);
    return NULL;
}

const char *dojo_engine_name(const DojoEngine *engine)
{
    return engine->name;
}

const char *dojo_engine_id_name(const DojoEngine *engine)
{
    return engine->id_name;
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
    engine->output_bytes = 0;
    return ok;
}

const char *dojo_engine_flood_text(const DojoEngine *engine)
{
    return engine->flood_text != NULL ? engine->flood_text : "sent too much output";
}

bool dojo_engine_is_refusal(const char *line)
{
    return g_ascii_strncasecmp(line, "info string error", 17) == 0;
}

const char *dojo_engine_refusal_text(const char *line)
{
    const char *text = line + 17;
    text += strspn(text, " \t");
    if (*text == ':')
        text++;
    return text + strspn(text, " \t");
}

/* The end of reading: `read` now and for every later read. */
static DojoEngineRead finish_reading(DojoEngine *engine, DojoEngineRead read, const char *text)
{
    engine->final = read;
    engine->flood_text = text;
    return read;
}

DojoEngineRead dojo_engine_read(DojoEngine *engine, gint64 deadline_us, char **line)
{
    if (engine->final != 0)
        return engine->final;
    for (;;) {
        if (engine->cancel != NULL && g_atomic_int_get(engine->cancel))
            return DOJO_ENGINE_CANCELLED;
        gint64 now = g_get_monotonic_time();
        gint64 left = deadline_us - now;
        g_mutex_lock(&engine->lock);
        QueuedLine *item = g_queue_pop_head(&engine->lines);
        if (item == NULL && engine->reader_end == READER_RUNNING && left > 0) {
            g_cond_wait_until(&engine->changed, &engine->lock, now + MIN(left, CANCEL_POLL_US));
            item = g_queue_pop_head(&engine->lines);
        }
        ReaderEnd end = engine->reader_end;
        if (item != NULL) {
            engine->queued_bytes -= sizeof *item + strlen(item->text) + 1;
            g_cond_broadcast(&engine->changed);   /* room for the reader */
        }
        g_mutex_unlock(&engine->lock);
        if (item != NULL) {
            engine->output_bytes += item->raw;
            if (engine->output_bytes > DOJO_ENGINE_MAX_OUTPUT) {
                g_free(item);
                return finish_reading(engine, DOJO_ENGINE_FLOOD,
                                      "sent more than 64 MB of output after one command");
            }
            *line = g_strdup(item->text);
            g_free(item);
            return DOJO_ENGINE_LINE;
        }
        if (end == READER_EOF)
            return finish_reading(engine, DOJO_ENGINE_EOF, NULL);
        if (end == READER_TOO_LONG)
            return finish_reading(engine, DOJO_ENGINE_FLOOD, "sent a line longer than 4 MB");
        if (left <= 0)
            return DOJO_ENGINE_TIMEOUT;
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
        case DOJO_ENGINE_FLOOD:
            g_set_error(error, DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_ENGINE,
                        "%s %s before answering '%s'", engine->name,
                        dojo_engine_flood_text(engine), expected);
            return false;
        }
    }
}

/* Notes the name of an option the engine offers: the words between
 * "option name" and " type". */
static void note_option(const char *line, void *data)
{
    DojoEngine *engine = data;
    if (g_str_has_prefix(line, "id name ") && engine->id_name == NULL)
        engine->id_name = g_strstrip(g_strdup(line + 8));
    if (!g_str_has_prefix(line, "option name "))
        return;
    const char *name = line + 12;
    const char *type = strstr(name, " type ");
    g_autofree char *exact = type != NULL ? g_strndup(name, (gsize)(type - name))
                                          : g_strdup(name);
    g_strstrip(exact);
    char *folded = g_ascii_strdown(exact, -1);
    if (!g_hash_table_contains(engine->options, folded))
        g_ptr_array_add(engine->option_list, g_strdup(exact));
    g_hash_table_add(engine->options, folded);
}

bool dojo_engine_has_option(const DojoEngine *engine, const char *name)
{
    g_autofree char *folded = g_ascii_strdown(name, -1);
    return g_hash_table_contains(engine->options, folded);
}

/* Send `command` and wait for `expected` as wait_for does.  An engine that
 * is gone before it could be sent the command is said to have exited (it
 * did: its output ends), not to have stopped reading. */
static bool ask(DojoEngine *engine, const char *command, const char *expected, int timeout_ms,
                void (*each)(const char *line, void *data), void *data, GError **error)
{
    g_autoptr(GError) unsent = NULL;
    if (dojo_engine_send(engine, command, &unsent))
        return wait_for(engine, expected, timeout_ms, each, data, error);
    g_autoptr(GError) waited = NULL;
    if (!wait_for(engine, expected, MIN(timeout_ms, QUIT_GRACE_MS), each, data, &waited)
        && !g_error_matches(waited, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)) {
        g_propagate_error(error, g_steal_pointer(&waited));
        return false;
    }
    g_propagate_error(error, g_steal_pointer(&unsent));
    return false;
}

/* Keeps the first "info string error" line an engine sends. */
static void note_refusal(const char *line, void *data)
{
    char **refusal = data;
    if (*refusal == NULL && dojo_engine_is_refusal(line))
        *refusal = g_strdup(line);
}

/* Set option `name` to `value` and wait for `readyok`; an error naming the
 * option as the spec gives it (option.NAME=VALUE) when the engine refuses it. */
static bool set_option(DojoEngine *engine, const char *name, const char *value, int timeout_ms,
                       GError **error)
{
    g_autofree char *line = g_strdup_printf("setoption name %s value %s", name, value);
    g_autofree char *refusal = NULL;
    if (!dojo_engine_send(engine, line, error)
        || !ask(engine, "isready", "readyok", timeout_ms, note_refusal, &refusal, error))
        return false;
    if (refusal == NULL)
        return true;
    g_autoptr(GString) said = g_string_new(NULL);
    dj_text_append_line(dojo_engine_refusal_text(refusal), 300, said);
    g_set_error(error, DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_ENGINE,
                "%s refused option.%s=%s: %s", engine->name, name, value, said->str);
    return false;
}

/* The error for option `name` that the engine did not list. */
static void no_such_option(const DojoEngine *engine, const char *name, const char *value,
                           GError **error)
{
    g_autoptr(GString) offered = g_string_new(NULL);
    for (guint i = 0; i < engine->option_list->len; i++)
        g_string_append_printf(offered, "%s%s", i > 0 ? ", " : "",
                               (const char *)g_ptr_array_index(engine->option_list, i));
    g_set_error(error, DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_ENGINE,
                "%s has no option '%s' (option.%s=%s): %s%s", engine->name, name, name, value,
                offered->len > 0 ? "it offers " : "it offers none", offered->str);
}

static bool handshake(DojoEngine *engine, const DojoEngineSpec *spec, const char *variant_name,
                      int timeout_ms, GError **error)
{
    if (!ask(engine, "uci", "uciok", timeout_ms, note_option, engine, error))
        return false;
    bool has_variant_option = dojo_engine_has_option(engine, "UCI_Variant");
    bool variant_given = false;
    for (guint i = 0; i < spec->option_names->len; i++) {
        const char *name = g_ptr_array_index(spec->option_names, i);
        const char *value = g_ptr_array_index(spec->option_values, i);
        variant_given |= g_ascii_strcasecmp(name, "UCI_Variant") == 0;
        if (!dojo_engine_has_option(engine, name)) {
            no_such_option(engine, name, value, error);
            return false;
        }
        if (!set_option(engine, name, value, timeout_ms, error))
            return false;
    }
    if (!variant_given && has_variant_option)
        return set_option(engine, "UCI_Variant", variant_name, timeout_ms, error);
    return ask(engine, "isready", "readyok", timeout_ms, NULL, NULL, error);
}

DojoEngine *dojo_engine_start(const DojoEngineSpec *spec, const char *variant_name,
                              int timeout_ms, gint *cancel, GError **error)
{
    signal(SIGPIPE, SIG_IGN);   /* see the header */
    /* An engine without a name yet goes by its program's until it names itself. */
    g_autofree char *label = spec->name != NULL
        ? g_strdup(spec->name) : g_path_get_basename(g_ptr_array_index(spec->argv, 0));
    int stderr_fd = -1;
    if (spec->stderr_path != NULL) {
        stderr_fd = g_open(spec->stderr_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (stderr_fd < 0) {
            int errsv = errno;
            g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errsv),
                        "cannot open %s for the standard error of %s: %s", spec->stderr_path,
                        label, g_strerror(errsv));
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
                    label, (const char *)g_ptr_array_index(spec->argv, 0),
                    local->message);
        return NULL;
    }
    g_autoptr(DojoEngine) engine = g_new0(DojoEngine, 1);
    engine->name = g_steal_pointer(&label);
    engine->process = process;
    /* GLib forgets the identifier once it has reaped the child, which an
     * engine that exits at once may already be: then there is no process
     * left to end (0). */
    const char *identifier = g_subprocess_get_identifier(process);
    engine->pid = identifier != NULL ? (GPid)g_ascii_strtoll(identifier, NULL, 10) : 0;
    engine->input = g_subprocess_get_stdin_pipe(process);
    engine->output = g_subprocess_get_stdout_pipe(process);
    g_mutex_init(&engine->lock);
    g_cond_init(&engine->changed);
    g_queue_init(&engine->lines);
    engine->options = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    engine->option_list = g_ptr_array_new_with_free_func(g_free);
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

bool dojo_engine_send_checked(DojoEngine *engine, const char *command, int timeout_ms,
                              GError **error)
{
    g_autofree char *refusal = NULL;
    if (!dojo_engine_send(engine, command, error) || !dojo_engine_send(engine, "isready", error)
        || !wait_for(engine, "readyok", timeout_ms, note_refusal, &refusal, error))
        return false;
    if (refusal != NULL) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s refused '%s': %s",
                    engine->name, command, dojo_engine_refusal_text(refusal));
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
    g_mutex_lock(&engine->lock);
    engine->closing = true;   /* a reader waiting for room in the queue leaves */
    g_cond_broadcast(&engine->changed);
    g_mutex_unlock(&engine->lock);
    g_thread_join(engine->reader);
    g_queue_clear_full(&engine->lines, g_free);
    g_mutex_clear(&engine->lock);
    g_cond_clear(&engine->changed);
    g_hash_table_unref(engine->options);
    g_ptr_array_free(engine->option_list, TRUE);
    g_free(engine->id_name);
    g_object_unref(engine->process);
    g_free(engine->name);
    g_free(engine);
}
