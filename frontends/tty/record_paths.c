/* record_paths.c: the record files a command is given, folders opened. */
#include "frontends/tty/record_paths.h"

#include <string.h>

#include "framework/error.h"
#include "frontends/tty/options.h"

static gint compare_paths(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add the *.dojo files under `path` to `names`, its subfolders' too.  A
 * subfolder that is a symbolic link is not entered: a link back up the tree
 * would never end, and a folder named on the command line is followed. */
static bool collect_folder(const char *path, GPtrArray *names, GError **error)
{
    g_autoptr(GDir) dir = g_dir_open(path, 0, error);
    if (dir == NULL)
        return false;
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *child = g_build_filename(path, name, NULL);
        if (g_file_test(child, G_FILE_TEST_IS_DIR)) {
            if (!g_file_test(child, G_FILE_TEST_IS_SYMLINK)
                && !collect_folder(child, names, error))
                return false;
        } else if (g_str_has_suffix(name, ".dojo")) {
            g_ptr_array_add(names, g_steal_pointer(&child));
        }
    }
    return true;
}

static bool add_folder(const char *path, GPtrArray *out, GError **error)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    if (!collect_folder(path, names, error))
        return false;
    g_ptr_array_sort(names, compare_paths);
    g_ptr_array_extend_and_steal(out, g_steal_pointer(&names));
    return true;
}

bool dojo_record_paths(int n, char **paths, GPtrArray *out, GError **error)
{
    for (int i = 0; i < n; i++) {
        if (g_file_test(paths[i], G_FILE_TEST_IS_DIR)) {
            if (!add_folder(paths[i], out, error))
                return false;
        } else if (g_file_test(paths[i], G_FILE_TEST_IS_REGULAR)) {
            g_ptr_array_add(out, g_strdup(paths[i]));
        } else {
            return dj_error_set(error, DOJO_USAGE_ERROR, DOJO_USAGE_ERROR_BAD_ARGUMENT,
                                "no record or folder '%s'", paths[i]);
        }
    }
    return true;
}
