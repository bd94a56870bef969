/* temp_dir.h: a cmocka group or test fixture that makes a private folder
 * for a test's files (*state is its path) and removes it, files and all
 * (one level), after. */
#ifndef DOJO_TESTS_SUPPORT_TEMP_DIR_H
#define DOJO_TESTS_SUPPORT_TEMP_DIR_H

#include <glib.h>
#include <glib/gstdio.h>

static inline int temp_dir_make(void **state)
{
    *state = g_dir_make_tmp("dojo-test-XXXXXX", NULL);
    return *state != NULL ? 0 : -1;
}

static inline int temp_dir_remove(void **state)
{
    const char *dir = *state;
    GDir *listing = g_dir_open(dir, 0, NULL);
    for (const char *name; listing != NULL && (name = g_dir_read_name(listing)) != NULL;) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_unlink(path);
    }
    if (listing != NULL)
        g_dir_close(listing);
    g_rmdir(dir);
    g_free(*state);
    return 0;
}

#endif
