/* runner.c: spawning dojo with GSubprocess for the frontend tests. */
/* posix_openpt and its companions are XSI: runner_run_on_terminal. */
#define _XOPEN_SOURCE 700
#include "tests/frontend/runner.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <termios.h>
#include <sys/wait.h>
#include <unistd.h>

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "framework/record.h"
#include "framework/registry.h"
#include "tests/support/gerror_assert.h"

static char *dojo_path;

bool runner_init(int argc, char **argv)
{
    /* A child that stops reading its input must not kill the test. */
    signal(SIGPIPE, SIG_IGN);
    const char *path = argc > 1 ? argv[1] : g_getenv("DOJO_EXE");
    if (path == NULL)
        return false;
    dojo_path = g_canonicalize_filename(path, NULL);
    return true;
}

char *runner_init_with_engine(int argc, char **argv)
{
    if (!runner_init(argc, argv) || argc < 3) {
        g_autofree char *program = g_path_get_basename(argc > 0 ? argv[0] : "test");
        fprintf(stderr, "usage: %s DOJO FAKE_UCI\n", program);
        return NULL;
    }
    return g_canonicalize_filename(argv[2], NULL);
}

void runner_require_variant(const char *name)
{
    if (dj_registry_find(name) != NULL)
        return;
    g_printerr("skipped: this test plays %s, which this build leaves out (-Dvariants)\n", name);
    skip();
}

const char *runner_exe(void)
{
    return dojo_path;
}

/* A launcher for dojo in `dir` with DOJO_HOME=`dir`, then the changes of
 * `env` (see runner_run_env; NULL: none). */
static GSubprocessLauncher *launcher_new(const char *dir, GSubprocessFlags flags,
                                         const char *const *env)
{
    GSubprocessLauncher *launcher = g_subprocess_launcher_new(flags);
    g_subprocess_launcher_set_cwd(launcher, dir);
    g_subprocess_launcher_setenv(launcher, "DOJO_HOME", dir, TRUE);
    g_subprocess_launcher_unsetenv(launcher, "DOJO_EXE");
    for (int i = 0; env != NULL && env[i] != NULL; i++) {
        const char *equals = strchr(env[i], '=');
        if (equals == NULL) {
            g_subprocess_launcher_unsetenv(launcher, env[i]);
        } else {
            char *name = g_strndup(env[i], (gsize)(equals - env[i]));
            g_subprocess_launcher_setenv(launcher, name, equals + 1, TRUE);
            g_free(name);
        }
    }
    return launcher;
}

/* dojo with `args` from `launcher`. */
static GSubprocess *launch(GSubprocessLauncher *launcher, const char *const *args)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, dojo_path);
    for (int i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    GError *error = NULL;
    GSubprocess *process = g_subprocess_launcher_spawnv(
        launcher, (const char *const *)argv->pdata, &error);
    assert_no_gerror(error);
    g_ptr_array_free(argv, TRUE);
    return process;
}

/* dojo with `args`, in `dir` with DOJO_HOME=`dir` and the changes of
 * `env`, its input a pipe. */
static GSubprocess *spawn(const char *dir, const char *const *args, GSubprocessFlags err_flag,
                          const char *const *env)
{
    GSubprocessLauncher *launcher = launcher_new(
        dir, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE | err_flag, env);
    GSubprocess *process = launch(launcher, args);
    g_object_unref(launcher);
    return process;
}

static void set_exit(DojoRun *run, GSubprocess *process)
{
    if (g_subprocess_get_if_exited(process)) {
        run->exit_code = g_subprocess_get_exit_status(process);
    } else {
        run->exit_code = -1;
        run->signal = g_subprocess_get_term_sig(process);
    }
}

/* Wait for `process` to end: its run, with `out` (taken) as its output and
 * no error output. */
static DojoRun *collect(GSubprocess *process, GString *out)
{
    GError *error = NULL;
    g_subprocess_wait(process, NULL, &error);
    assert_no_gerror(error);
    DojoRun *run = g_new0(DojoRun, 1);
    set_exit(run, process);
    run->out = g_string_free(out, FALSE);
    run->err = g_strdup("");
    g_object_unref(process);
    return run;
}

static DojoRun *run_with_env(const char *dir, const char *input, gsize input_length,
                             const char *const *args, const char *const *env)
{
    /* The input is a file, not a pipe: dojo may stop (quit, or a refusal)
     * before it reads all of it, and a pipe would then break and lose what
     * dojo wrote. */
    GError *error = NULL;
    char *input_path = NULL;
    int fd = g_file_open_tmp("dojo-input-XXXXXX", &input_path, &error);
    assert_no_gerror(error);
    close(fd);
    g_file_set_contents(input_path, input != NULL ? input : "",
                        input != NULL ? (gssize)input_length : 0, &error);
    assert_no_gerror(error);
    GSubprocessLauncher *launcher = launcher_new(
        dir, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, env);
    g_subprocess_launcher_set_stdin_file_path(launcher, input_path);
    GSubprocess *process = launch(launcher, args);
    g_object_unref(launcher);

    GBytes *stdout_bytes = NULL;
    GBytes *stderr_bytes = NULL;
    g_subprocess_communicate(process, NULL, NULL, &stdout_bytes, &stderr_bytes, &error);
    assert_no_gerror(error);
    g_unlink(input_path);
    g_free(input_path);

    DojoRun *run = g_new0(DojoRun, 1);
    set_exit(run, process);
    gsize length = 0;
    const char *data = stdout_bytes != NULL ? g_bytes_get_data(stdout_bytes, &length) : NULL;
    run->out = g_strndup(data != NULL ? data : "", length);
    length = 0;
    data = stderr_bytes != NULL ? g_bytes_get_data(stderr_bytes, &length) : NULL;
    run->err = g_strndup(data != NULL ? data : "", length);

    if (stdout_bytes != NULL)
        g_bytes_unref(stdout_bytes);
    if (stderr_bytes != NULL)
        g_bytes_unref(stderr_bytes);
    g_object_unref(process);
    return run;
}

DojoRun *runner_run(const char *dir, const char *input, gsize input_length,
                    const char *const *args)
{
    return run_with_env(dir, input, input_length, args, NULL);
}

DojoRun *runner_run_env(const char *dir, const char *input, const char *const *args,
                        const char *const *env)
{
    return run_with_env(dir, input, input != NULL ? strlen(input) : 0, args, env);
}

DojoRun *runner_run_on_terminal(const char *dir, const char *input, const char *const *args,
                                const char *const *env)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) {
        g_printerr("skipped: no pseudo-terminal to run dojo on (%s)\n", g_strerror(errno));
        skip();
    }
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    int terminal = open(ptsname(master), O_RDWR | O_NOCTTY);
    assert_true(terminal >= 0);
    /* The output as written: no "\r\n" for each "\n". */
    struct termios mode;
    assert_int_equal(tcgetattr(terminal, &mode), 0);
    mode.c_oflag &= ~(tcflag_t)OPOST;
    assert_int_equal(tcsetattr(terminal, TCSANOW, &mode), 0);

    GSubprocessLauncher *launcher = launcher_new(
        dir, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, env);
    g_subprocess_launcher_take_stdout_fd(launcher, terminal);
    GSubprocess *process = launch(launcher, args);
    g_object_unref(launcher);   /* closes our end of the terminal */

    GOutputStream *in = g_subprocess_get_stdin_pipe(process);
    if (input != NULL)
        g_output_stream_write_all(in, input, strlen(input), NULL, NULL, NULL);
    g_output_stream_close(in, NULL, NULL);
    /* Read until dojo has closed the terminal (Linux says EIO then). */
    GString *seen = g_string_new(NULL);
    char buffer[4096];
    for (;;) {
        ssize_t n = read(master, buffer, sizeof buffer);
        if (n > 0)
            g_string_append_len(seen, buffer, n);
        else if (n == 0 || errno != EINTR)
            break;
    }
    close(master);
    return collect(process, seen);
}

DojoRun *runner_run_text(const char *dir, const char *input, const char *const *args)
{
    return runner_run(dir, input, input != NULL ? strlen(input) : 0, args);
}

DojoRun *runner_run_interrupted(const char *dir, const char *const *args, const char *wait_for)
{
    GSubprocess *process = spawn(dir, args, G_SUBPROCESS_FLAGS_STDERR_SILENCE, NULL);
    GError *error = NULL;
    g_output_stream_close(g_subprocess_get_stdin_pipe(process), NULL, NULL);

    GInputStream *out = g_subprocess_get_stdout_pipe(process);
    GString *seen = g_string_new(NULL);
    char buffer[4096];
    while (strstr(seen->str, wait_for) == NULL) {
        gssize n = g_input_stream_read(out, buffer, sizeof buffer, NULL, &error);
        assert_no_gerror(error);
        assert_true(n > 0);
        g_string_append_len(seen, buffer, n);
    }
    g_subprocess_send_signal(process, SIGINT);
    gssize n;
    while ((n = g_input_stream_read(out, buffer, sizeof buffer, NULL, &error)) > 0)
        g_string_append_len(seen, buffer, n);
    return collect(process, seen);
}

DojoRun *runner_run_signalled(const char *dir, const char *const *args, const char *program,
                              const char *marker, int n_processes, int signal_number)
{
    GSubprocess *process = spawn(dir, args, G_SUBPROCESS_FLAGS_STDERR_PIPE, NULL);
    for (int tries = 0; tries < 200 && runner_count_processes(program, marker) < n_processes;
         tries++)
        g_usleep(50 * 1000);
    g_usleep(300 * 1000);
    assert_int_equal(runner_count_processes(program, marker), n_processes);
    g_subprocess_send_signal(process, signal_number);
    DojoRun *run = g_new0(DojoRun, 1);
    GError *error = NULL;
    g_subprocess_communicate_utf8(process, NULL, NULL, &run->out, &run->err, &error);
    assert_no_gerror(error);
    set_exit(run, process);
    g_object_unref(process);
    return run;
}

void runner_run_free(DojoRun *run)
{
    if (run == NULL)
        return;
    g_free(run->out);
    g_free(run->err);
    g_free(run);
}

char *runner_temp_dir(void)
{
    GError *error = NULL;
    char *dir = g_dir_make_tmp("dojo-frontend-XXXXXX", &error);
    assert_no_gerror(error);
    return dir;
}

void runner_remove_tree(const char *dir)
{
    GDir *listing = g_dir_open(dir, 0, NULL);
    if (listing != NULL) {
        const char *name;
        while ((name = g_dir_read_name(listing)) != NULL) {
            char *path = g_build_filename(dir, name, NULL);
            if (g_file_test(path, G_FILE_TEST_IS_DIR) && !g_file_test(path, G_FILE_TEST_IS_SYMLINK))
                runner_remove_tree(path);
            else
                g_unlink(path);
            g_free(path);
        }
        g_dir_close(listing);
    }
    g_rmdir(dir);
}

int runner_make_dir(void **state)
{
    *state = runner_temp_dir();
    return 0;
}

int runner_remove_dir(void **state)
{
    runner_remove_tree(*state);
    g_free(*state);
    return 0;
}

void runner_write_file(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL);
    GError *error = NULL;
    g_file_set_contents(path, text, -1, &error);
    assert_no_gerror(error);
    g_free(path);
}

char *runner_read_file(const char *dir, const char *name)
{
    char *path = g_build_filename(dir, name, NULL);
    char *text = NULL;
    GError *error = NULL;
    g_file_get_contents(path, &text, NULL, &error);
    assert_no_gerror(error);
    g_free(path);
    return text;
}

char **runner_lines(const char *text)
{
    char **lines = g_strsplit(text, "\n", -1);
    guint n = g_strv_length(lines);
    if (n > 0 && lines[n - 1][0] == '\0') {
        g_free(lines[n - 1]);
        lines[n - 1] = NULL;
    }
    return lines;
}

char **runner_file_lines(const char *dir, const char *name)
{
    char *text = runner_read_file(dir, name);
    char **lines = runner_lines(text);
    g_free(text);
    return lines;
}

gint64 runner_go_value(const char *line, const char *key)
{
    char **words = g_strsplit(line, " ", -1);
    gint64 value = -1;
    for (int i = 0; words[i] != NULL && words[i + 1] != NULL; i++)
        if (strcmp(words[i], key) == 0)
            value = g_ascii_strtoll(words[i + 1], NULL, 10);
    g_strfreev(words);
    return value;
}

void runner_assert_contains(const char *haystack, const char *needle)
{
    assert_non_null(haystack);
    if (strstr(haystack, needle) == NULL)
        fail_msg("expected '%s' in:\n%s", needle, haystack);
}

DojoRun *runner_run_logged(const char *dir, const char *const *args)
{
    DojoRun *r = runner_run_text(dir, NULL, args);
    if (r->exit_code != 0)
        fprintf(stderr, "dojo %s said:\n%s%s", args[0], r->out, r->err);
    return r;
}

void runner_assert_usage_error(const DojoRun *r, size_t index, const char *says,
                               const char *usage)
{
    if (r->exit_code != 2 || strstr(r->err, says) == NULL)
        fail_msg("case %zu: exit %d (expected 2, saying \"%s\"), stderr:\n%s", index,
                 r->exit_code, says, r->err);
    assert_non_null(strstr(r->err, usage));
    assert_string_equal(r->out, "");
}

static void collect_records(const char *dir, GPtrArray *found)
{
    GDir *listing = g_dir_open(dir, 0, NULL);
    if (listing == NULL)
        return;
    const char *name;
    while ((name = g_dir_read_name(listing)) != NULL) {
        char *path = g_build_filename(dir, name, NULL);
        if (g_file_test(path, G_FILE_TEST_IS_DIR))
            collect_records(path, found);
        else if (g_str_has_suffix(name, ".dojo"))
            g_ptr_array_add(found, g_strdup(path));
        g_free(path);
    }
    g_dir_close(listing);
}

char *runner_single_record(const char *dir)
{
    GPtrArray *found = g_ptr_array_new_with_free_func(g_free);
    char *games = g_build_filename(dir, "games", NULL);
    collect_records(games, found);
    g_free(games);
    char *path = found->len == 1 ? g_strdup(g_ptr_array_index(found, 0)) : NULL;
    g_ptr_array_free(found, TRUE);
    return path;
}

int runner_count_containing(const char *text, const char *needle)
{
    char **lines = runner_lines(text);
    int count = 0;
    for (int i = 0; lines[i] != NULL; i++) {
        if (strstr(lines[i], needle) != NULL)
            count++;
    }
    g_strfreev(lines);
    return count;
}

char *runner_without_comments(const char *text)
{
    char **lines = runner_lines(text);
    GString *out = g_string_new(NULL);
    for (int i = 0; lines[i] != NULL; i++)
        if (lines[i][0] != '#')
            g_string_append_printf(out, "%s\n", lines[i]);
    g_strfreev(lines);
    return g_string_free(out, FALSE);
}

void runner_assert_help_mentions(void **state, const char *command,
                                 const char *const *mentions, size_t n)
{
    DojoRun *r = runner_run_text(*state, NULL, (const char *const[]){ "help", command, NULL });
    assert_int_equal(r->exit_code, 0);
    for (size_t i = 0; i < n; i++)
        if (strstr(r->out, mentions[i]) == NULL)
            fail_msg("'dojo help %s' does not mention %s", command, mentions[i]);
    runner_run_free(r);
}

int runner_count_processes(const char *program, const char *marker)
{
    int count = 0;
    GDir *proc = g_dir_open("/proc", 0, NULL);
    if (proc == NULL)
        return 0;
    const char *name;
    while ((name = g_dir_read_name(proc)) != NULL) {
        char *path = g_build_filename("/proc", name, "cmdline", NULL);
        char *text = NULL;
        gsize length = 0;
        if (g_ascii_isdigit(name[0]) && g_file_get_contents(path, &text, &length, NULL)) {
            for (gsize i = 0; i + 1 < length; i++) {
                if (text[i] == '\0')
                    text[i] = ' ';
            }
            if (strstr(text, marker) != NULL && g_str_has_prefix(text, program))
                count++;
        }
        g_free(text);
        g_free(path);
    }
    g_dir_close(proc);
    return count;
}

int runner_count_line(const char *text, const char *line)
{
    char **lines = runner_lines(text);
    int count = 0;
    for (int i = 0; lines[i] != NULL; i++)
        count += strcmp(lines[i], line) == 0;
    g_strfreev(lines);
    return count;
}

DjGame *runner_load_record(const char *dir, const char *name)
{
    char *path = dir != NULL ? g_build_filename(dir, name, NULL) : g_strdup(name);
    GError *error = NULL;
    DjGame *game = dj_record_load(path, &error);
    if (game == NULL)
        fail_msg("%s: %s", path, error->message);
    g_free(path);
    return game;
}

char *runner_moves_text(const DjGame *game)
{
    const DjVariant *variant = dj_game_variant(game);
    GString *text = g_string_new(NULL);
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        if (ply > 0)
            g_string_append_c(text, ' ');
        variant->format_move(dj_game_position_at(game, ply), dj_game_move_at(game, ply), text);
    }
    return g_string_free(text, FALSE);
}

void runner_assert_record_moves(const char *dir, const char *name, const char *expected)
{
    DjGame *game = runner_load_record(dir, name);
    char *moves = runner_moves_text(game);
    assert_string_equal(moves, expected);
    g_free(moves);
    dj_game_free(game);
}

int runner_run_with_small_files(const char *dir, const char *const *args, char **out,
                                char **err)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)"/bin/sh");
    g_ptr_array_add(argv, (gpointer)"-c");
    g_ptr_array_add(argv, (gpointer)"ulimit -f 1 && trap '' XFSZ && exec \"$0\" \"$@\"");
    g_ptr_array_add(argv, (gpointer)runner_exe());
    for (int i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    char **env = g_environ_setenv(g_get_environ(), "DOJO_HOME", dir, TRUE);
    int status = 0;
    GError *error = NULL;
    assert_true(g_spawn_sync(dir, (char **)argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, out,
                             err, &status, &error));
    assert_no_gerror(error);
    g_strfreev(env);
    g_ptr_array_free(argv, TRUE);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}
