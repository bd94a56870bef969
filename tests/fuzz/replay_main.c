/* replay_main.c: runs a fuzz target over saved inputs (the seed corpus and
 * every input that once found a bug), so each build re-checks them without
 * libFuzzer.  Arguments: files or directories of inputs (a missing one
 * counts as empty; names starting with '.' are skipped).  Fails too when a
 * built game has no input that exercises it (see fuzz_common.h): a new game
 * needs seeds. */
#include <stdio.h>

#include <glib.h>

#include "tests/fuzz/fuzz_common.h"

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

int main(int argc, char **argv)
{
    int failures = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        if (!g_file_test(argv[i], G_FILE_TEST_EXISTS)) {
            /* a target with no regressions yet has no folder for them */
            fprintf(stderr, "%s: none\n", argv[i]);
            continue;
        }
        if (!g_file_test(argv[i], G_FILE_TEST_IS_DIR)) {
            failures += replay_file(argv[i]);
            count++;
            continue;
        }
        GDir *dir = g_dir_open(argv[i], 0, NULL);
        if (dir == NULL)
            continue;
        const char *name;
        while ((name = g_dir_read_name(dir)) != NULL) {
            if (name[0] == '.')   /* .gitkeep and friends */
                continue;
            char *path = g_build_filename(argv[i], name, NULL);
            failures += replay_file(path);
            count++;
            g_free(path);
        }
        g_dir_close(dir);
    }
    printf("%d passed, %d failed\n", count - failures, failures);
    const DjVariant *unseeded = fuzz_unexercised_variant();
    if (unseeded != NULL) {
        fprintf(stderr, "no saved input exercises %s: add seeds for it to this target's "
                "corpus (tests/fuzz/fuzz_common.h says how)\n", unseeded->name);
        return 1;
    }
    return failures == 0 ? 0 : 1;
}
