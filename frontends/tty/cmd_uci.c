/* cmd_uci.c: `dojo uci`: the engine over standard input and output, for
 * GUIs, match runners and scripts (see uci.h for the dialect). */
#include <stdio.h>
#include <string.h>

#include "frontends/tty/cli.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/uci/uci.h"

#define UCI_PARAMS "[OPTION...]"
/* Far beyond any real command (a `position` with thousands of moves). */
#define MAX_LINE_BYTES (4u << 20)

/* Why a line read was not kept. */
typedef enum LineStatus {
    LINE_OK,
    LINE_END,        /* the end of input, nothing read */
    LINE_TOO_LONG,   /* longer than MAX_LINE_BYTES: read to its end and dropped */
    LINE_NUL,        /* held a NUL byte: read to its end and dropped */
} LineStatus;

/* Read one line into `line`.  Byte by byte, not with fgets: fgets cannot
 * tell a NUL byte from the end of what it read, so the text after a NUL
 * was lost and the next line glued to the rest.  A line with a NUL is no
 * command any GUI sends, and what it meant cannot be known: it is dropped
 * whole, and the line after it is read as it is. */
static LineStatus read_line(FILE *in, GString *line)
{
    g_string_truncate(line, 0);
    bool any = false, too_long = false, nul = false;
    int c;
    while ((c = getc(in)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (c == '\0')
            nul = true;
        else if (line->len >= MAX_LINE_BYTES)
            too_long = true;
        else if (!too_long)
            g_string_append_c(line, (char)c);
    }
    if (!any)
        return LINE_END;
    if (too_long)
        return LINE_TOO_LONG;
    return nul ? LINE_NUL : LINE_OK;
}

static int run_uci(void *data, int n_positional, char **positional)
{
    (void)data;
    (void)positional;
    if (n_positional > 0)
        return dojo_usage_failure("uci", UCI_PARAMS, "uci takes no arguments");

    DojoUciConfig config = { .out = stdout, .version = dojo_cli_version() };
    g_autoptr(DojoUci) uci = dojo_uci_new(&config);
    g_autoptr(GString) line = g_string_new(NULL);
    bool go_on = true;
    LineStatus status;
    while (go_on && (status = read_line(stdin, line)) != LINE_END) {
        if (status == LINE_TOO_LONG) {
            g_autofree char *message = g_strdup_printf(
                "a line longer than %u bytes was ignored", MAX_LINE_BYTES);
            dojo_uci_input_error(uci, message);
        } else if (status == LINE_NUL) {
            dojo_uci_input_error(uci, "a line with a NUL byte in it was ignored");
        } else {
            go_on = dojo_uci_command(uci, line->str);
        }
    }
    /* The end of input is a quit: any search is stopped and answered (by
     * dojo_uci_free, as `uci` goes). */
    return DOJO_EXIT_OK;
}

int dojo_cmd_uci(int argc, char **argv)
{
    const DojoOption no_rows[] = { DOJO_OPTION_END };
    GOptionContext *context = dojo_option_table_context(
        UCI_PARAMS, "Speak UCI on standard input and output (Fairy-Stockfish's dialect).",
        "Commands: uci, isready, setoption name N value V, ucinewgame,\n"
        "position startpos|fen|sfen STRING [moves M...], go [wtime btime winc binc movestogo\n"
        "movetime depth nodes mate infinite ponder perft searchmoves M...], stop, ponderhit,\n"
        "quit.\n"
        "The game is chosen with 'setoption name UCI_Variant value NAME'.\n"
        "Errors are reported as 'info string error: ...'; the engine keeps running.",
        no_rows);
    return dojo_option_parse_and_run(context, "uci", UCI_PARAMS, argc, argv, run_uci, NULL);
}
