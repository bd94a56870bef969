/* cmd_convert.c: `dojo convert INPUT... --output OUT`: game records from
 * dojo's own format to PGN (record_pgn.h) and back.
 *
 * .dojo records (files, or folders of them as dojo_record_paths finds
 * them) become one PGN file, in the order of their paths; PGN files
 * become one .dojo record per game in a folder, OUT/game-NNNN.dojo,
 * numbered from 1 in the order of the files and their games.  The
 * comments of the moves go across both ways (a match's notes of what the
 * engines said).  Every input is read before anything is written, so a
 * bad file leaves nothing half done; each file is written atomically, and
 * a file that is there is replaced only with --force. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "framework/error.h"
#include "framework/record.h"
#include "framework/record_pgn.h"
#include "framework/referee/match_record.h"
#include "framework/text_file.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/tty/record_paths.h"

#define CONVERT_PARAMS "[OPTION...] INPUT... --output OUT"

typedef struct ConvertArgs {
    const char *output;   /* NULL: not given */
    bool force;
} ConvertArgs;

/* A game read, with the comment of each of its moves. */
typedef struct ReadGame {
    DjGame *game;
    GPtrArray *comments;   /* by ply, NULL where none */
} ReadGame;

static void read_game_clear(gpointer data)
{
    ReadGame *read = data;
    dj_game_free(read->game);
    if (read->comments != NULL)
        g_ptr_array_unref(read->comments);
}

static void comment_of_ply(int ply, GString *out, void *user_data)
{
    GPtrArray *comments = user_data;
    if (ply < (int)comments->len && g_ptr_array_index(comments, ply) != NULL)
        g_string_append(out, g_ptr_array_index(comments, ply));
}

static bool has_comments(const GPtrArray *comments)
{
    for (guint i = 0; i < comments->len; i++) {
        if (g_ptr_array_index(comments, i) != NULL)
            return true;
    }
    return false;
}

/* Records to one PGN file. */
static bool records_to_pgn(GPtrArray *paths, const ConvertArgs *args, int *n_games,
                           GError **error)
{
    if (!dj_text_file_check_target(args->output, args->force ? NULL : "add --force", error)) {
        g_prefix_error(error, "cannot write the PGN file ");   /* "PATH: WHY" follows */
        return false;
    }
    g_autoptr(GString) text = g_string_new(NULL);
    for (guint i = 0; i < paths->len; i++) {
        const char *path = g_ptr_array_index(paths, i);
        g_autofree char *contents = NULL;
        gsize length = 0;
        if (!dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, "a game record", &contents,
                                    &length, error))
            return false;
        GPtrArray *comments = NULL;
        GError *parse_error = NULL;
        g_autoptr(DjGame) game = dj_record_parse_commented(contents, &comments, &parse_error);
        if (game == NULL) {
            g_propagate_prefixed_error(error, parse_error, "%s: ", path);
            return false;
        }
        DjPgnExtras extras = {
            .termination = dojo_match_termination_of_record(game),
            .comment = comment_of_ply,
            .user_data = comments,
        };
        dj_pgn_format(game, &extras, text);
        g_ptr_array_unref(comments);
    }
    *n_games = (int)paths->len;
    return dj_text_file_write_atomically(args->output, text->str, text->len, error);
}

/* PGN files to a folder of records. */
static bool pgn_to_records(GPtrArray *paths, const ConvertArgs *args, int *n_games,
                           GError **error)
{
    g_autoptr(GArray) games = g_array_new(FALSE, TRUE, sizeof(ReadGame));
    g_array_set_clear_func(games, read_game_clear);
    for (guint i = 0; i < paths->len; i++) {
        const char *path = g_ptr_array_index(paths, i);
        g_autoptr(GPtrArray) read = dj_pgn_load(path, error);
        if (read == NULL)
            return false;
        if (read->len == 0)
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "%s: it holds no game",
                                path);
        for (guint k = 0; k < read->len; k++) {
            DjPgnGame *pgn = g_ptr_array_index(read, k);
            ReadGame game = { g_steal_pointer(&pgn->game), g_ptr_array_ref(pgn->comments) };
            g_array_append_val(games, game);
        }
    }
    const char *dir = args->output;
    if (g_file_test(dir, G_FILE_TEST_EXISTS) && !g_file_test(dir, G_FILE_TEST_IS_DIR))
        return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR,
                            "%s: it is not a folder (the records of a PGN file go in a "
                            "folder)", dir);
    if (g_mkdir_with_parents(dir, 0777) != 0) {
        int errsv = errno;
        return dj_error_set(error, G_FILE_ERROR, g_file_error_from_errno(errsv),
                            "cannot create the folder %s: %s", dir, g_strerror(errsv));
    }
    int width = 4;
    for (guint n = games->len; n >= 10000; n /= 10)
        width++;
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < games->len; i++) {
        g_autofree char *name = g_strdup_printf("game-%0*u.dojo", width, i + 1);
        char *path = g_build_filename(dir, name, NULL);
        g_ptr_array_add(names, path);
        /* All checked before the first is written. */
        if (!dj_text_file_check_target(path, args->force ? NULL : "add --force", error)) {
            g_prefix_error(error, "cannot write the record ");
            return false;
        }
    }
    g_autoptr(GString) text = g_string_new(NULL);
    for (guint i = 0; i < games->len; i++) {
        const ReadGame *game = &g_array_index(games, ReadGame, i);
        g_string_truncate(text, 0);
        if (has_comments(game->comments))
            dj_record_format_annotated(game->game, comment_of_ply, game->comments, text);
        else
            dj_record_format(game->game, text);
        if (!dj_record_save_text(text->str, g_ptr_array_index(names, i), error))
            return false;
    }
    *n_games = (int)games->len;
    return true;
}

static int run_convert(void *data, int n_positional, char **positional)
{
    ConvertArgs *args = data;
    if (n_positional < 1)
        return dojo_usage_failure("convert", CONVERT_PARAMS,
                                  "convert wants at least one INPUT: .dojo records, folders "
                                  "of them, or PGN files");
    if (args->output == NULL)
        return dojo_usage_failure("convert", CONVERT_PARAMS, "convert wants --output OUT: a "
                                  "PGN file for records, a folder for PGN files");
    int n_pgn = 0;
    for (int i = 0; i < n_positional; i++)
        n_pgn += dj_pgn_is_pgn_path(positional[i]) && !g_file_test(positional[i],
                                                                   G_FILE_TEST_IS_DIR);
    if (n_pgn > 0 && n_pgn < n_positional)
        return dojo_usage_failure("convert", CONVERT_PARAMS, "convert takes .dojo records "
                                  "(to one PGN file) or PGN files (to a folder of records), "
                                  "not both at once");
    GError *error = NULL;
    g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);
    if (!dojo_record_paths(n_positional, positional, paths, &error))
        return dojo_report_error("convert", CONVERT_PARAMS, error);
    if (paths->len == 0) {
        error = g_error_new(DJ_ERROR, DJ_ERROR_INVALID, "no .dojo record in %s%s",
                            positional[0], n_positional > 1 ? " and the rest" : "");
        return dojo_report_error("convert", CONVERT_PARAMS, error);
    }
    int n_games = 0;
    bool ok = n_pgn > 0 ? pgn_to_records(paths, args, &n_games, &error)
                        : records_to_pgn(paths, args, &n_games, &error);
    if (!ok)
        return dojo_report_error("convert", CONVERT_PARAMS, error);
    printf("%d game%s written to %s%s\n", n_games, n_games == 1 ? "" : "s", args->output,
           n_pgn > 0 ? " (one record each)" : "");
    return DOJO_EXIT_OK;
}

int dojo_cmd_convert(int argc, char **argv)
{
    ConvertArgs args;
    memset(&args, 0, sizeof args);
    const DojoOption rows[] = {
        { .name = "output", .short_name = 'o', .type = DOJO_OPTION_PATH,
          .to.text = &args.output, .arg = "OUT",
          .help = "The PGN file to write, or for PGN files the folder of records" },
        { .name = "force", .type = DOJO_OPTION_FLAG, .to.flag = &args.force,
          .help = "Let --output replace files that exist" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "INPUT...",
        "Convert game records between dojo's own format (.dojo) and PGN, the format of\n"
        "chess tools (cutechess, pgn-extract, ordo, bayeselo, pychess-variants).",
        "Records (.dojo files, or folders and their subfolders of them) become one PGN\n"
        "file, in the order of their paths.  PGN files (named *.pgn) become a folder of\n"
        "records, OUT/game-NNNN.dojo, numbered from 1 over the files' games in order.\n"
        "Both ways the comments of the moves go along: the engines' scores, depths and\n"
        "times of 'dojo match' ({+0.31/12 0.203s} in PGN, '; +0.31/12 0.203s' in a\n"
        "record).  PGN's White is side 0 of the game, the side that moves first; its\n"
        "WhiteSide and BlackSide tags name the game's own sides.  A PGN file is read as\n"
        "dojo writes it (dojo match --pgnout) and as other tools write PGN, each game\n"
        "with a Variant tag naming a game dojo plays.\n"
        "\n"
        "Every input is read and checked before anything is written: a file that does\n"
        "not read is named with its line, and nothing is written.  Files are written\n"
        "atomically; one that is there is replaced only with --force.\n"
        "\n"
        "Examples:\n"
        "  dojo convert match-records/ --output match.pgn\n"
        "  dojo convert match.pgn --output match-records/\n",
        rows);
    return dojo_option_parse_and_run(context, "convert", CONVERT_PARAMS, argc, argv,
                                     run_convert, &args);
}
