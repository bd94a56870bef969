/* cmd_perft.c: `dojo perft VARIANT DEPTH`: count the leaves of the game
 * tree, the standard check and speed test of a move generator. */
#include <stdio.h>
#include <string.h>

#include "framework/perft.h"
#include "frontends/common/output.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

#define PERFT_PARAMS "[OPTION...] VARIANT DEPTH"
#define PERFT_MAX_DEPTH 64
#define PERFT_DEFAULT_SEED 1

typedef struct PerftArgs {
    DojoSetupArgs setup;
    bool divide;
    bool turns;
} PerftArgs;

static void print_divide_line(const char *move_text, uint64_t count, void *user_data)
{
    (void)user_data;
    printf("%s: %" G_GUINT64_FORMAT "\n", move_text, (guint64)count);
    fflush(stdout);
}

static int run_perft(void *data, int n_positional, char **positional)
{
    PerftArgs *args = data;
    if (n_positional != 2)
        return dojo_usage_failure("perft", PERFT_PARAMS, "perft wants a VARIANT and a DEPTH");
    GError *error = NULL;
    const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
    gint64 depth = 0;
    if (variant == NULL
        || !dojo_int_parse(positional[1], "DEPTH", 1, PERFT_MAX_DEPTH, &depth, &error))
        return dojo_report_error("perft", PERFT_PARAMS, error);
    g_autofree void *pos = g_malloc(variant->state_size);
    if (!dojo_setup_position(variant, &args->setup, PERFT_DEFAULT_SEED, pos, &error))
        return dojo_report_error("perft", PERFT_PARAMS, error);
    g_autoptr(GString) text = g_string_new(NULL);
    variant->format_position(pos, text);
    printf("%s position: %s\n", variant->title, text->str);
    fflush(stdout);

    double start = dojo_output_now();
    uint64_t count;
    if (args->turns)
        count = args->divide
            ? dj_perft_turns_divide(variant, pos, (int)depth, print_divide_line, NULL)
            : dj_perft_turns(variant, pos, (int)depth, NULL);
    else
        count = args->divide
            ? dj_perft_divide(variant, pos, (int)depth, print_divide_line, NULL)
            : dj_perft(variant, pos, (int)depth);
    double seconds = dojo_output_now() - start;

    g_string_truncate(text, 0);
    dojo_output_rate(count, seconds, text);
    printf("perft %d%s: %" G_GUINT64_FORMAT " leaves in %.3f s (%s leaves/s)\n", (int)depth,
           args->turns ? " turns" : "", (guint64)count, seconds, text->str);
    return DOJO_EXIT_OK;
}

int dojo_cmd_perft(int argc, char **argv)
{
    PerftArgs args;
    memset(&args, 0, sizeof args);
    const DojoOption rows[] = {
        { .name = "divide", .type = DOJO_OPTION_FLAG, .to.flag = &args.divide,
          .help = "Also print the count below each legal move" },
        { .name = "turns", .type = DOJO_OPTION_FLAG, .to.flag = &args.turns,
          .help = "Count DEPTH whole turns (the moves one side makes in a row), not moves" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "VARIANT DEPTH",
        "Count the positions DEPTH plies below a position (a new game unless --position).\n"
        "A game the rules end (a master taken) is a leaf; a position without legal moves\n"
        "(a mate) counts 0, as in chess and shogi perft.  The last ply is counted\n"
        "without playing it.  With --turns DEPTH counts whole turns: in a game whose\n"
        "turn is several moves (an amazon's move and its arrow) a turn is the moves\n"
        "one side makes in a row.",
        "Example:\n  dojo perft GAME 3   (GAME: a name 'dojo list' shows)\n", rows);
    dojo_setup_args_add(context, &args.setup, true);
    GError *error = NULL;
    int code;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        /* GOption takes a negative DEPTH ("-1") for an option. */
        for (int i = 1; i < argc; i++) {
            const char *arg = argv[i];
            if (arg[0] == '-' && arg[1] != '\0' && strspn(arg + 1, "0123456789") == strlen(arg + 1)
                && g_error_matches(error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION)
                && g_str_has_suffix(error->message, arg)) {
                g_clear_error(&error);
                g_set_error(&error, DOJO_USAGE_ERROR, DOJO_USAGE_ERROR_BAD_ARGUMENT,
                            "DEPTH must be 1 or more (not %s)", arg);
                break;
            }
        }
        code = dojo_report_error("perft", PERFT_PARAMS, error);
    }
    else
        code = run_perft(&args, argc - 1, argv + 1);
    g_option_context_free(context);
    dojo_setup_args_clear(&args.setup);
    return code;
}
