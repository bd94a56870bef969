/* replay_main.c: runs a fuzz target over saved inputs (the seed corpus and
 * every input that once found a bug), so each build re-checks them without
 * libFuzzer.  Arguments: files or folders of inputs (a missing one counts
 * as empty; names starting with '.' are skipped).
 *
 * It says how many inputs named and exercised each built game
 * (fuzz_common.h).  Then, for each built game that none exercised,
 * it makes FUZZ_SEEDS_IN_MEMORY seeds in memory (fuzz_seeds.h) and replays
 * them, saying which game, why and what to run to save seeds for it: so a
 * new game is fuzzed from its first build, with no hand-made file.  It
 * fails when an input fails a check, or when even the seeds made for a
 * game do not exercise it.
 *
 * Compiled once per target, with FUZZ_TARGET_NAME its name ("position"). */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "framework/registry.h"
#include "tests/fuzz/fuzz_common.h"
#include "tests/fuzz/fuzz_seeds.h"

#ifndef FUZZ_TARGET_NAME
#error "FUZZ_TARGET_NAME: the target's name, as tests/fuzz/meson.build gives it"
#endif

/* A handful: every kind of seed fuzz_seeds.h makes, in a fraction of a
 * second per game. */
#define FUZZ_SEEDS_IN_MEMORY 8

static int replay_file(const char *path)
{
    char *data = NULL;
    gsize size = 0;
    GError *error = NULL;
    if (!g_file_get_contents(path, &data, &size, &error)) {
        fprintf(stderr, "%s\n", error->message);
        g_error_free(error);
        return 1;
    }
    LLVMFuzzerTestOneInput((const uint8_t *)data, size);
    g_free(data);
    return 0;
}

/* Replay the files `path` names (a file, or a folder's files); the number
 * replayed goes to *count, the return is the number that could not be read. */
static int replay_path(const char *path, int *count)
{
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        /* a target with no regressions yet has no folder for them */
        fprintf(stderr, "%s: none\n", path);
        return 0;
    }
    if (!g_file_test(path, G_FILE_TEST_IS_DIR)) {
        (*count)++;
        return replay_file(path);
    }
    int failures = 0;
    GDir *dir = g_dir_open(path, 0, NULL);
    if (dir == NULL)
        return 0;
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
        if (name[0] == '.')   /* .gitkeep and friends */
            continue;
        char *file = g_build_filename(path, name, NULL);
        failures += replay_file(file);
        (*count)++;
        g_free(file);
    }
    g_dir_close(dir);
    return failures;
}

/* Say why `v` has no saved input that exercises it, replay seeds made in
 * memory for it, and say what to run to save seeds; false when those do
 * not exercise it either.  `program` is argv[0] (the generator is built
 * beside it) and `corpus` the target's corpus folder, or NULL. */
static bool replay_made_seeds(FuzzTarget target, const DjVariant *v, const char *program,
                              const char *corpus)
{
    int named = fuzz_named_count(v);
    if (named == 0)
        fprintf(stderr, "fuzz_%s: no saved input names %s", FUZZ_TARGET_NAME, v->name);
    else
        fprintf(stderr, "fuzz_%s: %d saved input%s name%s %s, but none gets past its parser "
                "(made for older rules or notation?)", FUZZ_TARGET_NAME, named,
                named == 1 ? "" : "s", named == 1 ? "s" : "", v->name);
    fprintf(stderr, "; replaying %d seeds made in memory instead\n", FUZZ_SEEDS_IN_MEMORY);

    GPtrArray *seeds = g_ptr_array_new_with_free_func((GDestroyNotify)g_bytes_unref);
    fuzz_seeds_make(target, v, 1, FUZZ_SEEDS_IN_MEMORY, seeds);
    for (guint i = 0; i < seeds->len; i++) {
        gsize size = 0;
        const uint8_t *data = g_bytes_get_data(seeds->pdata[i], &size);
        LLVMFuzzerTestOneInput(data, size);
    }
    g_ptr_array_unref(seeds);

    char *folder = g_path_get_dirname(program);
    /* the corpus folder that holds this target's folder, when the replay
     * was given one (as meson.build does), else a word for it */
    char *base = corpus != NULL ? g_path_get_basename(corpus) : NULL;
    char *corpus_root = base != NULL && strcmp(base, FUZZ_TARGET_NAME) == 0
                            ? g_path_get_dirname(corpus) : g_strdup("CORPUS");
    g_free(base);
    bool exercised = fuzz_exercised_count(v) > 0;
    if (exercised)
        fprintf(stderr, "fuzz_%s: %s exercised by the seeds made in memory; to save seeds "
                "for it: %s/fuzz_seeds --game %s %s (or `ninja fuzz-seeds` in the build "
                "folder for every game; tests/fuzz/README.md)\n", FUZZ_TARGET_NAME, v->name,
                folder, v->name, corpus_root);
    else
        fprintf(stderr, "fuzz_%s: even the seeds made for %s do not exercise it: its own "
                "move or position text does not read back, or fuzz_seeds.c is out of step "
                "with fuzz_%s.c (tests/fuzz/README.md)\n", FUZZ_TARGET_NAME, v->name,
                FUZZ_TARGET_NAME);
    g_free(corpus_root);
    g_free(folder);
    return exercised;
}

int main(int argc, char **argv)
{
    FuzzTarget target;
    if (!fuzz_target_from_name(FUZZ_TARGET_NAME, &target)) {
        fprintf(stderr, "fuzz_seeds.h has no target '%s'\n", FUZZ_TARGET_NAME);
        return 1;
    }
    int failures = 0, count = 0;
    for (int i = 1; i < argc; i++)
        failures += replay_path(argv[i], &count);
    printf("%d passed, %d failed\n", count - failures, failures);

    bool all_exercised = true;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        int named = fuzz_named_count(*v);
        printf("%s: %d saved input%s named it, %d exercised it\n", (*v)->name, named,
               named == 1 ? "" : "s", fuzz_exercised_count(*v));
        if (fuzz_exercised_count(*v) == 0
            && !replay_made_seeds(target, *v, argv[0], argc > 1 ? argv[1] : NULL))
            all_exercised = false;
    }
    return failures == 0 && all_exercised ? 0 : 1;
}
