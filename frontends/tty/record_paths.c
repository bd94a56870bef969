/* record_paths.c: the record files a command is given, folders opened. */
#include "frontends/tty/record_paths.h"

#include "framework/error.h"
#include "framework/text_file.h"
#include "frontends/tty/options.h"

bool dojo_record_paths(int n, char **paths, GPtrArray *out, GError **error)
{
    for (int i = 0; i < n; i++) {
        if (g_file_test(paths[i], G_FILE_TEST_IS_DIR)) {
            if (!dj_text_file_list(paths[i], ".dojo", out, error))
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
