/* fuzz_seeds_main.c: the program fuzz_seeds, which writes seed inputs for
 * every fuzz target (fuzz_seeds.h) into a corpus folder, CORPUS/TARGET/,
 * each named by the SHA-1 of its bytes as the corpus has always been.
 * `ninja -C BUILD fuzz-seeds` runs it for every built game (or those
 * DOJO_GAMES names) into tests/fuzz/corpus; tests/fuzz/README.md says when
 * to run it.
 *
 * A test program, not a `dojo` command: the layouts it writes are the
 * fuzz targets' own and change with them, and the replay programs make the
 * same seeds in memory from the same code. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "framework/registry.h"
#include "framework/text_file.h"
#include "tests/fuzz/fuzz_seeds.h"

#define DEFAULT_COUNT 4
#define MAX_COUNT 1000

typedef struct Tally {
    int made;      /* seeds made */
    int written;   /* of those, files that were not there yet */
} Tally;

/* Write `seed_bytes` into `folder` under its content's name unless a file
 * of that name is there already (then it holds the same bytes). */
static bool write_seed(const char *folder, GBytes *seed_bytes, Tally *tally, GError **error)
{
    char *name = fuzz_seed_file_name(seed_bytes);
    char *path = g_build_filename(folder, name, NULL);
    bool ok = true;
    tally->made++;
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        gsize size = 0;
        const char *data = g_bytes_get_data(seed_bytes, &size);
        ok = dj_text_file_write_atomically(path, data, size, error);
        tally->written += ok ? 1 : 0;
    }
    g_free(path);
    g_free(name);
    return ok;
}

/* Write the seeds of `targets` (n_targets of them) for game `v`. */
static bool write_game(const char *corpus, const DjVariant *v, const FuzzTarget *targets,
                       int n_targets, guint64 seed, int count, Tally *tally, GError **error)
{
    for (int t = 0; t < n_targets; t++) {
        char *folder = g_build_filename(corpus, fuzz_target_name(targets[t]), NULL);
        bool ok = g_mkdir_with_parents(folder, 0755) == 0;
        if (!ok) {
            int code = errno;
            g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(code), "%s: %s", folder,
                        g_strerror(code));
        }
        GPtrArray *seeds = g_ptr_array_new_with_free_func((GDestroyNotify)g_bytes_unref);
        if (ok)
            fuzz_seeds_make(targets[t], v, seed, count, seeds);
        for (guint i = 0; ok && i < seeds->len; i++)
            ok = write_seed(folder, seeds->pdata[i], tally, error);
        g_ptr_array_unref(seeds);
        g_free(folder);
        if (!ok)
            return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    char **game_names = NULL, **target_names = NULL;
    gint64 seed = 1;
    int count = DEFAULT_COUNT;
    GOptionEntry entries[] = {
        { "game", 'g', 0, G_OPTION_ARG_STRING_ARRAY, &game_names,
          "Only this game (again for more; default: those the environment variable "
          "DOJO_GAMES names, separated by commas, else every game built)", "NAME" },
        { "target", 't', 0, G_OPTION_ARG_STRING_ARRAY, &target_names,
          "Only this target: position, move, record, play or uci (again for more)", "NAME" },
        { "count", 'n', 0, G_OPTION_ARG_INT, &count,
          "Seeds per game and target (default 4: one of each kind)", "N" },
        { "seed", 's', 0, G_OPTION_ARG_INT64, &seed,
          "Seed of the random games (default 1): the same seed writes the same files", "N" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    GOptionContext *context = g_option_context_new("CORPUS");
    g_option_context_set_summary(context,
        "Write seed inputs for every fuzz target into CORPUS/TARGET/, made by playing\n"
        "random games, each file named by the SHA-1 of its bytes (tests/fuzz/README.md).");
    g_option_context_add_main_entries(context, entries, NULL);
    GError *error = NULL;
    int status = 0;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        fprintf(stderr, "fuzz_seeds: %s\n", error->message);
        status = 2;
    } else if (argc != 2) {
        fprintf(stderr, "fuzz_seeds: name one corpus folder (tests/fuzz/corpus); --help says more\n");
        status = 2;
    } else if (count < 1 || count > MAX_COUNT || seed < 0) {
        fprintf(stderr, "fuzz_seeds: --count wants 1 to %d and --seed a number from 0\n",
                MAX_COUNT);
        status = 2;
    }

    FuzzTarget targets[FUZZ_TARGET_COUNT];
    int n_targets = 0;
    for (char **name = target_names; status == 0 && name != NULL && *name != NULL; name++) {
        FuzzTarget target;
        if (!fuzz_target_from_name(*name, &target)) {
            fprintf(stderr, "fuzz_seeds: there is no target '%s': position, move, record, play "
                    "and uci are\n", *name);
            status = 2;
        } else if (n_targets < FUZZ_TARGET_COUNT) {
            targets[n_targets++] = target;
        }
    }
    if (target_names == NULL) {
        for (int t = 0; t < FUZZ_TARGET_COUNT; t++)
            targets[n_targets++] = (FuzzTarget)t;
    }

    /* DOJO_GAMES, as the conformance suite reads it, stands for --game
     * where the command line cannot give it (`ninja fuzz-seeds`) */
    const char *env_games = g_getenv("DOJO_GAMES");
    if (game_names == NULL && env_games != NULL && strspn(env_games, ", ") < strlen(env_games)) {
        game_names = g_strsplit(env_games, ",", -1);
        for (char **name = game_names; *name != NULL; name++)
            g_strstrip(*name);
    }
    GPtrArray *games = g_ptr_array_new();
    for (char **name = game_names; status == 0 && name != NULL && *name != NULL; name++) {
        if (**name == '\0')
            continue;   /* DOJO_GAMES=a,,b */
        const DjVariant *v = dj_registry_find(*name);
        if (v == NULL) {
            GString *built = g_string_new(NULL);
            dj_registry_append_names(built);
            fprintf(stderr, "fuzz_seeds: this build has no game '%s'; it has %s\n", *name,
                    built->str);
            g_string_free(built, TRUE);
            status = 2;
        } else {
            g_ptr_array_add(games, (gpointer)v);
        }
    }
    if (game_names == NULL) {
        for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++)
            g_ptr_array_add(games, (gpointer)*v);
    }

    Tally total = { 0, 0 };
    for (guint g = 0; status == 0 && g < games->len; g++) {
        const DjVariant *v = games->pdata[g];
        Tally tally = { 0, 0 };
        if (!write_game(argv[1], v, targets, n_targets, (guint64)seed, count, &tally, &error)) {
            fprintf(stderr, "fuzz_seeds: %s\n", error->message);
            status = 1;
            break;
        }
        printf("%s: %d seeds, %d of them new\n", v->name, tally.made, tally.written);
        total.made += tally.made;
        total.written += tally.written;
    }
    if (status == 0)
        printf("%d new seed files in %s (%d were there already)\n", total.written, argv[1],
               total.made - total.written);

    g_clear_error(&error);
    g_ptr_array_unref(games);
    g_strfreev(game_names);
    g_strfreev(target_names);
    g_option_context_free(context);
    return status;
}
