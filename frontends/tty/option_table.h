/* option_table.h: a command's options as a table of typed rows.
 *
 * One row says everything about an option once: its names, the kind of
 * value it takes and the range it must lie in, its default, its help, and
 * where the value goes (a typed pointer into the command's arguments).
 * The table registers its rows with GOption as callbacks, so each value is
 * parsed once, as the command line is read, straight into its
 * destination.  A value that does not fit is a usage error naming the
 * option ("--epochs wants a whole number from 1 to 100000, not '0'", in
 * DOJO_USAGE_ERROR: dojo_report_error prints the usage, the command exits
 * 2).  The help shows each default from the row ("(default 20)"), so no
 * number is written twice.
 *
 * Adopting it in a command (other GOption entries, such as those of
 * dojo_setup_args_add, still mix in on the same context):
 *
 *     typedef struct Args {
 *         gint64 epochs;
 *         double rate;
 *         const char *output;   // NULL when not given: no default
 *         bool quiet, epochs_given;
 *     } Args;
 *
 *     Args args = { 0 };
 *     const DojoOption rows[] = {
 *         { .name = "epochs", .type = DOJO_OPTION_WHOLE, .to.whole = &args.epochs,
 *           .min = 1, .max = 100000, .def.whole = 20, .given = &args.epochs_given,
 *           .arg = "N", .help = "Passes over the positions" },
 *         { .name = "rate", .type = DOJO_OPTION_NUMBER, .to.number = &args.rate,
 *           .low = 0.0, .low_excluded = true, .high = 1.0, .def.number = 0.001,
 *           .arg = "X", .help = "Learning rate" },
 *         { .name = "output", .short_name = 'o', .type = DOJO_OPTION_PATH,
 *           .to.text = &args.output, .arg = "FILE", .help = "Write it to FILE" },
 *         { .name = "quiet", .type = DOJO_OPTION_FLAG, .to.flag = &args.quiet,
 *           .help = "Say less" },
 *         DOJO_OPTION_END
 *     };
 *     GOptionContext *context = dojo_option_table_context("ARG", SUMMARY, DESCRIPTION,
 *                                                         rows);
 *     return dojo_option_parse_and_run(context, "cmd", PARAMS, argc, argv, run, &args);
 *
 * Rows that several commands share are made by one function into an array
 * of the caller's, and included with { .type = DOJO_OPTION_ROWS, .rows = ... }
 * (see dojo_color_rows in options.h). */
#ifndef DOJO_FRONTENDS_TTY_OPTION_TABLE_H
#define DOJO_FRONTENDS_TTY_OPTION_TABLE_H

#include <stdbool.h>

#include <glib.h>

typedef enum DojoOptionType {
    DOJO_OPTION_FLAG,     /* no value: *to.flag = true */
    DOJO_OPTION_WHOLE,    /* a whole number from min to max: *to.whole */
    DOJO_OPTION_NUMBER,   /* a number from low (or above it, low_excluded) to high:
                           * *to.number */
    DOJO_OPTION_WORD,     /* one of `words`, in any case: *to.word = its value */
    DOJO_OPTION_TEXT,     /* text (made UTF-8 from the locale's, as GOption does):
                           * *to.text */
    DOJO_OPTION_PATH,     /* a file name, its bytes as typed: *to.text */
    DOJO_OPTION_TEXT_LIST,   /* repeatable TEXT: *to.list, each value in the order given,
                              * NULL-ended; NULL when not given */
    DOJO_OPTION_PATH_LIST,   /* repeatable PATH, the same way */
    DOJO_OPTION_ROWS,     /* not an option: the rows of `rows` (up to their end)
                           * stand here */
} DojoOptionType;

/* A word an option takes, and the value it stands for; a list of them ends
 * with { NULL, 0 }. */
typedef struct DojoOptionWord {
    const char *word;
    int value;
} DojoOptionWord;

typedef struct DojoOption {
    const char *name;        /* the long name, without "--" */
    char short_name;         /* 0: none */
    DojoOptionType type;
    /* Where the value goes; it must outlive the context.  Text and lists
     * are kept by the table and live as long as the context (through the
     * command's run in dojo_option_parse_and_run). */
    union {
        bool *flag;
        gint64 *whole;
        double *number;
        int *word;
        const char **text;
        const char *const **list;
    } to;
    /* Written to `to` when the context is made, so an option not given
     * holds it.  A default the option could not be given (out of the
     * range, not among the words, NULL text) stands for "none": the help
     * shows no value for it, only default_note if there is one.  A list
     * has none: it starts NULL. */
    union {
        gint64 whole;
        double number;
        int word;
        const char *text;
    } def;
    gint64 min, max;                 /* DOJO_OPTION_WHOLE */
    double low, high;                /* DOJO_OPTION_NUMBER */
    bool low_excluded;               /* DOJO_OPTION_NUMBER: low itself is refused */
    const DojoOptionWord *words;     /* DOJO_OPTION_WORD */
    /* The help shows "(default: NOTE)" in place of the default's value,
     * for a default that depends on something ("calibrated per variant"). */
    const char *default_note;
    /* Set to true when the option is on the command line (optional): for a
     * command that must tell a default from the same value given. */
    bool *given;
    /* The value may be left out ("--resume" or "--resume=FILE"); without
     * it a text option gets its default.  Only for TEXT and PATH. */
    bool value_optional;
    const char *help;        /* without the default, which is added */
    const char *arg;         /* the value's name in the help: "N", "FILE" */
    const struct DojoOption *rows;   /* DOJO_OPTION_ROWS */
} DojoOption;

/* The row after the last (name NULL). */
#define DOJO_OPTION_END { .name = NULL, .type = DOJO_OPTION_FLAG }

/* A GOptionContext for `dojo COMMAND` as dojo_option_context makes it,
 * whose main group holds `rows` (up to DOJO_OPTION_END; the array is
 * copied, so it may be a local of the caller, but what its rows point to
 * must outlive the context).  Each destination gets its default now.
 * Given twice, an option keeps the last value (each one is checked); a
 * list option adds each value to its list.  The usage error for a value
 * is in DOJO_USAGE_ERROR and names the option by its long name.  Free the
 * context with g_option_context_free (dojo_option_parse_and_run does),
 * which frees the table's text and lists. */
GOptionContext *dojo_option_table_context(const char *params, const char *summary,
                                          const char *description, const DojoOption *rows);

/* The help of `row` as --help shows it, the default added: "HELP (default
 * 20)", "HELP (default: NOTE)", or HELP alone (g_free it). */
char *dojo_option_help(const DojoOption *row);

#endif
