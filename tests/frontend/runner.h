/* runner.h: driving the real `dojo` binary from the frontend tests.
 *
 * The binary's path is the test program's first argument (meson passes
 * dojo_exe) or $DOJO_EXE.  Every run gets DOJO_HOME set to the test's own
 * temporary folder, runs in that folder, and is fed its standard input
 * from a pipe. */
#ifndef DOJO_TESTS_FRONTEND_RUNNER_H
#define DOJO_TESTS_FRONTEND_RUNNER_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"

typedef struct DojoRun {
    int exit_code;      /* -1 when killed by a signal */
    int signal;         /* the signal that killed it, or 0 */
    char *out;          /* standard output (NUL-terminated) */
    char *err;          /* standard error */
} DojoRun;

/* Remember the binary's path from argv[1] or $DOJO_EXE; false if neither. */
bool runner_init(int argc, char **argv);

/* runner_init for a test program that also runs the test engine fake_uci,
 * whose path is its second argument: that path made absolute (g_free it),
 * or NULL after printing "usage: PROGRAM DOJO FAKE_UCI" when either
 * argument is missing. */
char *runner_init_with_engine(int argc, char **argv);

/* Skip the current test (cmocka's skip(), the reason on standard error)
 * when the game `name` is not built in: a build with `-Dvariants=...` may
 * leave it out, and such a build must still pass its whole suite. */
void runner_require_variant(const char *name);

/* The dojo binary's absolute path. */
const char *runner_exe(void);

/* Run dojo with `args` (NULL-terminated, without the program name), in
 * `dir` with DOJO_HOME=`dir`, feeding `input` (`input_length` bytes, may
 * hold NULs; NULL for none). */
DojoRun *runner_run(const char *dir, const char *input, gsize input_length,
                    const char *const *args);

/* The same with a NUL-terminated input string. */
DojoRun *runner_run_text(const char *dir, const char *input, const char *const *args);

/* runner_run_text with the environment changed by `env` (NULL-terminated):
 * "NAME=VALUE" sets NAME (to "" for "NAME="), a bare "NAME" unsets it. */
DojoRun *runner_run_env(const char *dir, const char *input, const char *const *args,
                        const char *const *env);

/* runner_run_env with dojo's standard output on a terminal (a pseudo-
 * terminal), as when a person runs it; its standard error goes there too,
 * so run->out holds both and run->err is "".  Skips the current test where
 * the system has no pseudo-terminals. */
DojoRun *runner_run_on_terminal(const char *dir, const char *input, const char *const *args,
                                const char *const *env);

void runner_run_free(DojoRun *run);

/* Ctrl-C: run dojo with `args` as runner_run does (no input), wait until
 * its standard output holds `wait_for`, send it SIGINT, and collect the
 * rest of the output; standard error is discarded (run->err is ""). */
DojoRun *runner_run_interrupted(const char *dir, const char *const *args, const char *wait_for);

/* A signal while helpers run: run dojo with `args` as runner_run does (no
 * input), wait until `n_processes` processes of `program` with
 * `marker` run (see runner_count_processes; failing the test if they
 * never do) and a moment more, send dojo `signal_number`, and collect its
 * output and error output. */
DojoRun *runner_run_signalled(const char *dir, const char *const *args, const char *program,
                              const char *marker, int n_processes, int signal_number);

/* A fresh temporary folder, and removing it with everything inside. */
char *runner_temp_dir(void);
void runner_remove_tree(const char *dir);

/* cmocka setup and teardown: *state becomes a fresh temporary folder, and
 * is removed with everything in it. */
int runner_make_dir(void **state);
int runner_remove_dir(void **state);

/* Write `text` to file `name` of `dir`, and read a file back (g_free);
 * either fails the current test when it cannot. */
void runner_write_file(const char *dir, const char *name, const char *text);
char *runner_read_file(const char *dir, const char *name);

/* The lines of `text` (g_strfreev), without the empty last one after a
 * final newline. */
char **runner_lines(const char *text);

/* The lines of file `name` of `dir`, as runner_lines splits them
 * (g_strfreev); fails the current test when the file cannot be read. */
char **runner_file_lines(const char *dir, const char *name);

/* The number after the word `key` in `line` (a UCI "go" command an engine
 * was sent: "wtime"), or -1 when the key is missing. */
gint64 runner_go_value(const char *line, const char *key);

/* Fail unless `haystack` (not NULL) contains `needle`, printing both. */
void runner_assert_contains(const char *haystack, const char *needle);

/* runner_run_text without input, printing on standard error what dojo said
 * when it exits with another code than 0, for the test's log. */
DojoRun *runner_run_logged(const char *dir, const char *const *args);

/* Fail unless `r`, the run of case `index` of a table, is a usage error:
 * exit code 2, `says` and `usage` ("Usage: dojo match") in its standard
 * error, nothing on its standard output. */
void runner_assert_usage_error(const DojoRun *r, size_t index, const char *says,
                               const char *usage);

/* The only file ending in .dojo in `dir` (a fresh path), or NULL when there
 * is none or more than one. */
char *runner_single_record(const char *dir);

/* The number of lines of `text` that contain `needle`. */
int runner_count_containing(const char *text, const char *needle);

/* The lines of `text` that are not '#' comments, each ending in '\n'
 * (g_free it). */
char *runner_without_comments(const char *text);

/* `dojo help COMMAND` exits 0 and its text holds each of the `n` words of
 * `mentions` (a failed check names the first it lacks). */
void runner_assert_help_mentions(void **state, const char *command,
                                 const char *const *mentions, size_t n);

/* The number of lines of `text` that are exactly `line`. */
int runner_count_line(const char *text, const char *line);

/* The number of running processes whose command line starts with
 * `program` and holds `marker` (an argument that makes a test's own
 * processes stand out). */
int runner_count_processes(const char *program, const char *marker);

/* The game recorded in file `name` of `dir` (dir NULL: `name` is the path);
 * fails the current test, printing why, if it does not load. */
DjGame *runner_load_record(const char *dir, const char *name);

/* The moves of `game` in canonical text, separated by spaces (g_free it). */
char *runner_moves_text(const DjGame *game);

/* Check that the game recorded in file `name` of `dir` (as
 * runner_load_record) has the moves `expected` (as runner_moves_text). */
void runner_assert_record_moves(const char *dir, const char *name, const char *expected);

/* Run dojo with `args` in `dir` (DOJO_HOME there too) under a limit of
 * 512 bytes a file, SIGXFSZ ignored: a write past it fails as on a full
 * disk (EFBIG), while the empty file made to check the folder fits.  Its
 * exit code; its output in *out and *err (g_free both). */
int runner_run_with_small_files(const char *dir, const char *const *args, char **out,
                                char **err);

#endif
