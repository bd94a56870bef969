/* cli.h: what every subcommand of `dojo` shares: entry points, and how a
 * failure becomes a message and an exit code.
 *
 * Each subcommand gets argv starting at its own name (argv[0] = "play") and
 * returns the process exit code: 0 on success, 1 when something failed
 * (one line on stderr saying what), 2 for a usage error (the message, a
 * short usage and a pointer to `dojo help COMMAND` on stderr), 130 when
 * interrupted by Ctrl-C. */
#ifndef DOJO_FRONTENDS_TTY_CLI_H
#define DOJO_FRONTENDS_TTY_CLI_H

#include <glib.h>

int dojo_cmd_list(int argc, char **argv);
int dojo_cmd_play(int argc, char **argv);
int dojo_cmd_perft(int argc, char **argv);
int dojo_cmd_analyze(int argc, char **argv);
int dojo_cmd_bench(int argc, char **argv);
int dojo_cmd_uci(int argc, char **argv);
int dojo_cmd_tune(int argc, char **argv);
int dojo_cmd_match(int argc, char **argv);
int dojo_cmd_review(int argc, char **argv);
int dojo_cmd_spsa(int argc, char **argv);
int dojo_cmd_train(int argc, char **argv);
int dojo_cmd_convert(int argc, char **argv);
int dojo_cmd_solve(int argc, char **argv);

/* "dojo COMMAND ARG..." from a subcommand's argc, argv, each word quoted
 * only where a shell needs it, so that it reads as typed (for the header
 * of a file the command writes).  g_free it. */
char *dojo_cli_command_line(int argc, char **argv);

/* Print "dojo COMMAND: MESSAGE", the usage line "Usage: dojo COMMAND
 * PARAMS" and a hint to stderr; returns DOJO_EXIT_USAGE. */
int dojo_usage_failure(const char *command, const char *params, const char *message);

/* Report `error` for `command` and return the exit code it calls for:
 * a usage error (DOJO_USAGE_ERROR or G_OPTION_ERROR, or G_CONVERT_ERROR:
 * an option's value that is not UTF-8, named from the arguments given to
 * dojo_cli_remember_args) as above, anything else as one line
 * "dojo COMMAND: MESSAGE" and DOJO_EXIT_FAILURE.  Frees `error`. */
int dojo_report_error(const char *command, const char *params, GError *error);

/* Keep the command line (main's argc, argv) for naming the option in a
 * report of text that is not UTF-8. */
void dojo_cli_remember_args(int argc, char **argv);

/* The command line dojo_cli_remember_args kept (main's argc, argv; 0 and
 * NULL before), for what must be known before the options are parsed:
 * the game named, whose own options a command then offers (options.h). */
char **dojo_cli_args(int *argc);

/* The version as `dojo --version` names it, with the commit of a build from
 * git ("0.1.0 (git 1a2b3c4)"), for what tells other programs which dojo
 * this is (UCI's "id name").  main sets it (the text must outlive every
 * command); until then, in a test that runs a command directly, it is the
 * project's version alone. */
void dojo_cli_set_version(const char *text);
const char *dojo_cli_version(void);

/* A GOptionContext for `dojo COMMAND` taking `params`, with a summary and
 * a description for --help, whose main group passes `user_data` to option
 * callbacks.  Add entries with dojo_option_main_group. */
GOptionContext *dojo_option_context(const char *params, const char *summary,
                                    const char *description, void *user_data);

/* As dojo_option_context, `destroy` (if not NULL) freeing `user_data`
 * with the context: for option callbacks whose data is made for the parse
 * alone (option_table.h). */
GOptionContext *dojo_option_context_full(const char *params, const char *summary,
                                         const char *description, void *user_data,
                                         GDestroyNotify destroy);

/* The main group of a context made by dojo_option_context. */
GOptionGroup *dojo_option_main_group(GOptionContext *context);

/* What a subcommand does once its options are parsed: `args` is the
 * user_data given to dojo_option_context, `positional` the words left after
 * the options (the command's name not included). */
typedef int (*DojoCommandRun)(void *args, int n_positional, char **positional);

/* Parse argv (argv[0] the command's name) with `context`, then free the
 * context.  A parse error is reported as a usage error of `command` taking
 * `params`; otherwise returns run(args, ...)'s exit code. */
int dojo_option_parse_and_run(GOptionContext *context, const char *command, const char *params,
                              int argc, char **argv, DojoCommandRun run, void *args);

#endif
