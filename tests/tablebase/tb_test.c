/* tb_test.c: helpers shared by the tablebase tests (tb_test.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/tablebase/tb_test.h"

#include <glib/gstdio.h>
#include <string.h>

char *tb_test_folder(void)
{
    GError *error = NULL;
    char *folder = g_dir_make_tmp("dojo-tb-XXXXXX", &error);
    if (folder == NULL)
        fail_msg("%s", error->message);
    return folder;
}

void tb_test_remove_folder(const char *folder)
{
    GDir *dir = g_dir_open(folder, 0, NULL);
    if (dir == NULL)
        return;
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *path = g_build_filename(folder, name, NULL);
        g_unlink(path);
    }
    g_dir_close(dir);
    g_rmdir(folder);
}

void tb_test_build(const DjVariant *v, const void *pos, const DjTbBuildOptions *options)
{
    GError *error = NULL;
    if (!dj_tb_build(v, pos, options, &error))
        fail_msg("build: %s", error->message);
}

char *tb_test_table_data(const char *path, gsize *length)
{
    char *contents;
    gsize n;
    GError *error = NULL;
    if (!g_file_get_contents(path, &contents, &n, &error))
        fail_msg("%s", error->message);
    const char *blank = g_strstr_len(contents, (gssize)MIN(n, 4096), "\n\n");
    assert_non_null(blank);
    gsize skip = (gsize)(blank + 2 - contents);
    memmove(contents, contents + skip, n - skip);
    *length = n - skip;
    return contents;
}
