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

/* Read one line of at most MAX_LINE_BYTES into `line`; a longer one is
 * read to its end and *too_long set.  Returns false at the end of input
 * with nothing read. */
static bool read_line(FILE *in, GString *line, bool *too_long)
{
    char chunk[4096];
    g_string_truncate(line, 0);
    *too_long = false;
    bool any = false;
    while (fgets(chunk, sizeof chunk, in) != NULL) {
        any = true;
        size_t length = strlen(chunk);
        bool complete = length > 0 && chunk[length - 1] == '\n';
        if (!*too_long) {
            if (line->len + length > MAX_LINE_BYTES) {
                *too_long = true;
                g_string_truncate(line, 0);
            } else {
                g_string_append_len(line, chunk, (gssize)length);
            }
        }
        if (complete)
            break;
    }
    return any;
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
    bool too_long = false;
    bool go_on = true;
    while (go_on && read_line(stdin, line, &too_long)) {
        if (too_long) {
            fprintf(stdout, "info string error: a line longer than %u bytes was ignored\n",
                    MAX_LINE_BYTES);
            fflush(stdout);
            continue;
        }
        go_on = dojo_uci_command(uci, line->str);
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
