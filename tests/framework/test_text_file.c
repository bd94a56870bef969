/* test_text_file.c: atomic writes replace plain files and nothing else. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "framework/game.h"
#include "framework/text_file.h"
#include "tests/support/gerror_assert.h"
#include "tests/support/temp_dir.h"

/* The names in `dir`, sorted and joined by spaces. */
static char *listing_of(const char *dir)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    GDir *listing = g_dir_open(dir, 0, NULL);
    for (const char *name; (name = g_dir_read_name(listing)) != NULL;)
        g_ptr_array_add(names, g_strdup(name));
    g_dir_close(listing);
    g_ptr_array_sort(names, (GCompareFunc)g_strcmp0);
    g_ptr_array_add(names, NULL);
    char *joined = g_strjoinv(" ", (char **)names->pdata);
    g_ptr_array_free(names, TRUE);
    return joined;
}

static void test_replaces_a_plain_file(void **state)
{
    g_autofree char *path = g_build_filename(*state, "weights.txt", NULL);
    assert_true(g_file_set_contents(path, "old\n", -1, NULL));
    GError *error = NULL;
    assert_true(dj_text_file_write_atomically(path, "new\n", 4, &error));
    assert_no_gerror(error);
    g_autofree char *text = NULL;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    assert_string_equal(text, "new\n");
    g_autofree char *names = listing_of(*state);
    assert_string_equal(names, "weights.txt");   /* no temporary file left */
}

/* A named pipe keeps its place: the rename would have put a plain file
 * there (as root, a device such as /dev/null as well). */
static void test_leaves_a_named_pipe_alone(void **state)
{
    g_autofree char *path = g_build_filename(*state, "pipe", NULL);
    assert_int_equal(mkfifo(path, 0600), 0);
    GError *error = NULL;
    assert_false(dj_text_file_write_atomically(path, "new\n", 4, &error));
    assert_non_null(error);
    assert_non_null(strstr(error->message, "pipe: it is a named pipe, not a file"));
    g_clear_error(&error);
    struct stat info;
    assert_int_equal(stat(path, &info), 0);
    assert_true(S_ISFIFO(info.st_mode));
    g_autofree char *names = listing_of(*state);
    assert_string_equal(names, "pipe");
}

static void test_leaves_a_folder_alone(void **state)
{
    GError *error = NULL;
    assert_false(dj_text_file_write_atomically(*state, "new\n", 4, &error));
    assert_true(g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR));
    assert_non_null(strstr(error->message, "it is a folder, not a file"));
    g_clear_error(&error);
    g_autofree char *dot = g_build_filename(*state, ".", NULL);
    assert_false(dj_text_file_write_atomically(dot, "new\n", 4, &error));
    assert_true(g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR));
    g_clear_error(&error);
    g_autofree char *names = listing_of(*state);
    assert_string_equal(names, "");
}

/* A private file stays private: the new contents get the old file's mode,
 * not 0644. */
static void test_keeps_the_mode_of_the_file_it_replaces(void **state)
{
    g_autofree char *path = g_build_filename(*state, "private.net", NULL);
    assert_true(g_file_set_contents(path, "old\n", -1, NULL));
    assert_int_equal(chmod(path, 0600), 0);
    GError *error = NULL;
    assert_true(dj_text_file_write_atomically(path, "new\n", 4, &error));
    assert_no_gerror(error);
    struct stat info;
    assert_int_equal(stat(path, &info), 0);
    assert_int_equal(info.st_mode & 0777, 0600);
    assert_int_equal(chmod(path, 0640), 0);
    assert_true(dj_text_file_write_atomically(path, "newer\n", 6, &error));
    assert_int_equal(stat(path, &info), 0);
    assert_int_equal(info.st_mode & 0777, 0640);
}

/* A symbolic link stays a link; the file it leads to gets the text (and is
 * made when it does not exist yet). */
static void test_writes_through_a_symbolic_link(void **state)
{
    g_autofree char *keep = g_build_filename(*state, "kept", NULL);
    assert_int_equal(g_mkdir(keep, 0700), 0);
    g_autofree char *real = g_build_filename(keep, "weights.txt", NULL);
    assert_true(g_file_set_contents(real, "old\n", -1, NULL));
    g_autofree char *link = g_build_filename(*state, "link", NULL);
    assert_int_equal(symlink("kept/weights.txt", link), 0);
    GError *error = NULL;
    assert_true(dj_text_file_write_atomically(link, "new\n", 4, &error));
    assert_no_gerror(error);
    struct stat info;
    assert_int_equal(lstat(link, &info), 0);
    assert_true(S_ISLNK(info.st_mode));
    g_autofree char *text = NULL;
    assert_true(g_file_get_contents(real, &text, NULL, NULL));
    assert_string_equal(text, "new\n");
    g_autofree char *names = listing_of(keep);
    assert_string_equal(names, "weights.txt");

    g_autofree char *dangling = g_build_filename(*state, "dangling", NULL);
    assert_int_equal(symlink("kept/later.txt", dangling), 0);
    assert_true(dj_text_file_write_atomically(dangling, "made\n", 5, &error));
    assert_no_gerror(error);
    assert_int_equal(lstat(dangling, &info), 0);
    assert_true(S_ISLNK(info.st_mode));
    g_autofree char *later = g_build_filename(keep, "later.txt", NULL);
    g_autofree char *made = NULL;
    assert_true(g_file_get_contents(later, &made, NULL, NULL));
    assert_string_equal(made, "made\n");
}

/* Before long work: an existing file is refused unless the user said to
 * replace it, and a folder that is not there is found at once. */
static void test_check_target_refuses_a_file_and_a_missing_folder(void **state)
{
    g_autofree char *path = g_build_filename(*state, "out.net", NULL);
    GError *error = NULL;
    assert_true(dj_text_file_check_target(path, "add --force", &error));
    assert_no_gerror(error);
    assert_true(g_file_set_contents(path, "mine\n", -1, NULL));
    assert_false(dj_text_file_check_target(path, "add --force", &error));
    assert_true(g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_EXIST));
    g_autofree char *expected = g_strdup_printf(
        "%s: the file exists already; add --force to replace it", path);
    assert_string_equal(error->message, expected);
    g_clear_error(&error);
    assert_true(dj_text_file_check_target(path, NULL, &error));
    assert_no_gerror(error);

    g_autofree char *nowhere = g_build_filename(*state, "nodir", "x.net", NULL);
    assert_false(dj_text_file_check_target(nowhere, NULL, &error));
    assert_non_null(error);
    assert_non_null(strstr(error->message, "there is no folder"));
    g_clear_error(&error);
    assert_false(dj_text_file_check_target(*state, NULL, &error));
    assert_true(g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR));
    g_clear_error(&error);
    g_autofree char *names = listing_of(*state);
    assert_string_equal(names, "out.net");   /* nothing written, no probe left */
}

/* A NUL byte would cut every string function short: text readers refuse
 * the file, naming the line it is on and what the file should have been. */
static void test_text_refuses_binary_data(void **state)
{
    g_autofree char *path = g_build_filename(*state, "record", NULL);
    assert_true(g_file_set_contents(path, "one\ntwo\nthr\0ee\n", 14, NULL));
    GError *error = NULL;
    char *text = NULL;
    gsize length = 1;
    assert_false(dj_text_file_read_text(path, 1024, "a game record", &text, &length, &error));
    assert_null(text);
    assert_int_equal(length, 0);
    assert_true(g_error_matches(error, DJ_ERROR, DJ_ERROR_INVALID));
    g_autofree char *expected = g_strdup_printf(
        "%s: line 3: it is not a game record (it contains binary data)", path);
    assert_string_equal(error->message, expected);
    g_clear_error(&error);
    /* the same bytes without the NUL are read whole */
    assert_true(g_file_set_contents(path, "one\ntwo\n", -1, NULL));
    assert_true(dj_text_file_read_text(path, 1024, "a game record", &text, &length, &error));
    assert_no_gerror(error);
    assert_string_equal(text, "one\ntwo\n");
    assert_int_equal(length, 8);
    g_free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_replaces_a_plain_file, temp_dir_make, temp_dir_remove),
        cmocka_unit_test_setup_teardown(test_leaves_a_named_pipe_alone, temp_dir_make,
                                        temp_dir_remove),
        cmocka_unit_test_setup_teardown(test_leaves_a_folder_alone, temp_dir_make, temp_dir_remove),
        cmocka_unit_test_setup_teardown(test_keeps_the_mode_of_the_file_it_replaces,
                                        temp_dir_make, temp_dir_remove),
        cmocka_unit_test_setup_teardown(test_writes_through_a_symbolic_link, temp_dir_make,
                                        temp_dir_remove),
        cmocka_unit_test_setup_teardown(test_check_target_refuses_a_file_and_a_missing_folder,
                                        temp_dir_make, temp_dir_remove),
        cmocka_unit_test_setup_teardown(test_text_refuses_binary_data, temp_dir_make,
                                        temp_dir_remove),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
