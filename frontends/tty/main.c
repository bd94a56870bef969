/* main.c: the `dojo` command: finds the subcommand and hands over.
 *
 *   dojo list | play | perft | analyze | bench | uci | tune | spsa | train | match
 *        | review | convert | solve
 *        | help [COMMAND]
 *   dojo --help | --version
 *
 * Exit codes: 0 success, 1 failure, 2 usage error, 130 interrupted. */
#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "framework/registry.h"
#include "frontends/common/nets.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/options.h"
#include "frontends/tty/version.h"

typedef struct DojoCommand {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
    bool stops_in_order;   /* catches SIGINT and SIGTERM from the start (interrupt.h) */
} DojoCommand;

static const DojoCommand commands[] = {
    { "list", "list the games and their options", dojo_cmd_list, false },
    { "play", "play a game (against the computer, a person, or watch)", dojo_cmd_play, false },
    { "perft", "count the leaves of the game tree (move generator check)", dojo_cmd_perft, false },
    { "analyze", "search a position and show the best line", dojo_cmd_analyze, false },
    { "bench", "a fixed benchmark: nodes, time, speed", dojo_cmd_bench, false },
    { "uci", "be an engine for other programs (the UCI protocol)", dojo_cmd_uci, false },
    { "tune", "fit the evaluation's weights to games or an engine's scores", dojo_cmd_tune, false },
    { "spsa", "tune the evaluation's weights for results by self-play (SPSA)", dojo_cmd_spsa,
      true },
    { "train", "train a learnt evaluation on recorded games", dojo_cmd_train, false },
    { "match", "a match between two UCI engines, with statistics", dojo_cmd_match, true },
    { "review", "the engine's verdict on every move of a recorded game", dojo_cmd_review, false },
    { "convert", "game records to PGN and back", dojo_cmd_convert, false },
    { "solve", "build endgame tables (perfect play with few pieces)", dojo_cmd_solve, false },
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static const DojoCommand *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++) {
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    }
    if (strcmp(name, "analyse") == 0)
        return find_command("analyze");
    return NULL;
}

static void print_help(FILE *out)
{
    fprintf(out, "Usage: dojo COMMAND [OPTION...] [ARG...]\n\n"
                 "dojo plays two-player abstract strategy games.\n\nCommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "  %-9s %s\n", "help", "help COMMAND: the options of a command");
    fprintf(out, "\nOptions:\n  -h, --help     this text\n  -V, --version  the version\n"
                 "\nExamples:\n  dojo list\n");
    /* The examples name a game this build has: the first in the registry. */
    const DjVariant *game = dj_registry_all()[0];
    if (game != NULL)
        fprintf(out, "  dojo play %s\n  dojo perft %s 3\n", game->name, game->name);
}

static int top_level_usage(const char *message)
{
    fprintf(stderr, "dojo: %s\n", message);
    fprintf(stderr, "Usage: dojo COMMAND [OPTION...] [ARG...]\n");
    fprintf(stderr, "Run 'dojo --help' for the commands.\n");
    return DOJO_EXIT_USAGE;
}

static int run_command(const DojoCommand *command, int argc, char **argv)
{
    g_autofree char *program = g_strdup_printf("dojo %s", command->name);
    g_set_prgname(program);
    /* A match or a tuning run stopped by a signal still prints what it
     * has (its summary, its weights) and ends its engines: from the first
     * moment, not only once the command has read its options and drawn
     * its first opening. */
    if (command->stops_in_order)
        dojo_interrupt_install();
    int code = command->run(argc, argv);
    /* A network a command read (--eval-file) is freed, as all else is. */
    dojo_nets_release();
    return code;
}

static int help_command(int argc, char **argv)
{
    if (argc == 1) {
        print_help(stdout);
        return DOJO_EXIT_OK;
    }
    if (argc > 2)
        return top_level_usage("help takes one COMMAND");
    const DojoCommand *command = find_command(argv[1]);
    if (command == NULL) {
        g_autofree char *message = g_strdup_printf("no command '%s'", argv[1]);
        return top_level_usage(message);
    }
    /* --help-all: the options of each game too, under the game's title */
    char *help_argv[] = { (char *)command->name, (char *)"--help-all", NULL };
    return run_command(command, 2, help_argv);
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return top_level_usage("which command?");
    const char *first = argv[1];
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
        print_help(stdout);
        return DOJO_EXIT_OK;
    }
    if (strcmp(first, "--version") == 0 || strcmp(first, "-V") == 0) {
        printf("dojo %s\n", DOJO_VERSION_TEXT);
        return DOJO_EXIT_OK;
    }
    if (strcmp(first, "help") == 0)
        return help_command(argc - 1, argv + 1);
    const DojoCommand *command = find_command(first);
    if (command == NULL) {
        g_autofree char *message = g_strdup_printf(first[0] == '-' ? "unknown option '%s'"
                                                                   : "no command '%s'", first);
        return top_level_usage(message);
    }
    return run_command(command, argc - 1, argv + 1);
}

/* Output that could not be written (a full disk, a closed pipe) is a
 * failure, said once: a script must not take a cut-off answer for one. */
static int check_output(int code)
{
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int errsv = errno;
    failed = ferror(stdout) || failed;
    if (!failed)
        return code;
    if (errsv != 0)
        fprintf(stderr, "dojo: cannot write the output: %s\n", g_strerror(errsv));
    else
        fprintf(stderr, "dojo: cannot write the output\n");
    return code == DOJO_EXIT_OK ? DOJO_EXIT_FAILURE : code;
}

/* GOption writes --help (and `dojo help COMMAND`) with g_print and then
 * calls exit(0) itself, so check_output never sees it: its text comes
 * here, and one that cannot be written ends dojo as check_output would. */
static void print_or_fail(const char *text)
{
    errno = 0;
    if (fputs(text, stdout) != EOF && fflush(stdout) == 0)
        return;
    int errsv = errno;
    if (errsv != 0)
        fprintf(stderr, "dojo: cannot write the output: %s\n", g_strerror(errsv));
    else
        fprintf(stderr, "dojo: cannot write the output\n");
    _exit(DOJO_EXIT_FAILURE);
}

int main(int argc, char **argv)
{
    /* Character classes only: numbers are printed the C way whatever the
     * locale, so output can be parsed. */
    setlocale(LC_CTYPE, "");
    dojo_cli_remember_args(argc, argv);
    dojo_cli_set_version(DOJO_VERSION_TEXT);
    g_set_print_handler(print_or_fail);
    return check_output(dispatch(argc, argv));
}
