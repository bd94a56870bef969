/* cmocka_tap: run a cmocka test program for meson's TAP protocol.
 *
 *   cmocka_tap PROGRAM [ARGUMENT...]
 *
 * Runs PROGRAM with CMOCKA_MESSAGE_OUTPUT=TAP and copies its standard output
 * to ours line by line, so that `meson test` reports each test case.  One
 * line is mended on the way: cmocka writes a skipped test as
 * "not ok N # SKIP name", which TAP harnesses (meson's among them) count as
 * a failure; it becomes "ok N - name # SKIP".  Standard error passes
 * through untouched, and a failed case's report is copied to it.
 *
 * The exit status is PROGRAM's (cmocka's count of failed tests), or 128 plus
 * the signal that killed it, so a failed case or a crash fails the meson
 * test even when the TAP stream ends early. */
#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>

/* Whether the lines being copied report a failed case. */
static bool in_failure = false;

/* Pass on `line` (without its newline) as the TAP harness should read it.
 * A failed case's line and cmocka's comments under it (what failed, where)
 * go to standard error as well: meson shows a TAP test's standard error
 * when it fails, not the TAP stream. */
static void write_line(const char *line)
{
    unsigned number = 0;
    int name_at = 0;
    if (sscanf(line, "not ok %u # SKIP %n", &number, &name_at) == 1 && name_at > 0) {
        printf("ok %u - %s # SKIP\n", number, line + name_at);
        in_failure = false;
    } else {
        printf("%s\n", line);
        if (g_str_has_prefix(line, "not ok "))
            in_failure = true;
        else if (line[0] != '#')
            in_failure = false;
        if (in_failure)
            g_printerr("%s\n", line);
    }
    /* Line by line: what meson has seen so far still counts if the
     * program hangs and meson stops it. */
    fflush(stdout);
}

/* Copy the program's output from `fd` to standard output, mending it. */
static void copy_output(int fd)
{
    FILE *in = fdopen(fd, "r");
    if (in == NULL) {
        g_printerr("cmocka_tap: %s\n", g_strerror(errno));
        exit(EXIT_FAILURE);
    }
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    while ((length = getline(&line, &size, in)) >= 0) {
        if (length > 0 && line[length - 1] == '\n')
            line[length - 1] = '\0';
        write_line(line);
    }
    free(line);
    fclose(in);
}

/* Wait for `child`; its exit status, or 128 plus the signal that ended it. */
static int wait_status(pid_t child, const char *program)
{
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) {
            g_printerr("cmocka_tap: waiting for %s: %s\n", program, g_strerror(errno));
            return EXIT_FAILURE;
        }
    }
    if (WIFSIGNALED(status)) {
        g_printerr("cmocka_tap: %s was killed by signal %d (%s)\n", program, WTERMSIG(status),
                   g_strsignal(WTERMSIG(status)));
        return 128 + WTERMSIG(status);
    }
    return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        g_printerr("usage: cmocka_tap PROGRAM [ARGUMENT...]\n");
        return 2;
    }
    int fds[2];
    if (pipe(fds) != 0) {
        g_printerr("cmocka_tap: %s\n", g_strerror(errno));
        return EXIT_FAILURE;
    }
    fflush(NULL);
    pid_t child = fork();
    if (child < 0) {
        g_printerr("cmocka_tap: %s\n", g_strerror(errno));
        return EXIT_FAILURE;
    }
    if (child == 0) {
        close(fds[0]);
        if (dup2(fds[1], STDOUT_FILENO) < 0)
            _exit(127);
        close(fds[1]);
        setenv("CMOCKA_MESSAGE_OUTPUT", "TAP", 1);
        execv(argv[1], argv + 1);
        g_printerr("cmocka_tap: cannot run %s: %s\n", argv[1], g_strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    copy_output(fds[0]);
    return wait_status(child, argv[1]);
}
