/* text_file.c: safe reading and atomic writing of small text files. */
#include "framework/text_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>   /* rename */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "framework/error.h"
#include "framework/game.h"   /* DJ_ERROR */

/* The one place these functions name the file. */
static bool io_error(GError **error, GFileError code, const char *path, const char *what)
{
    return dj_error_set(error, G_FILE_ERROR, code, "%s: %s", path, what);
}

static bool errno_error(GError **error, const char *path, int errsv)
{
    return io_error(error, g_file_error_from_errno(errsv), path, g_strerror(errsv));
}

/* What a file that is not a regular file is, for messages. */
static const char *kind_of(mode_t mode)
{
    if (S_ISDIR(mode))
        return "it is a folder, not a file";
    if (S_ISFIFO(mode))
        return "it is a named pipe, not a file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "it is a device, not a file";
    if (S_ISSOCK(mode))
        return "it is a socket, not a file";
    return "it is not a regular file";
}

/* The error for `path`, which is not a regular file but a `mode` one. */
static bool not_regular_error(GError **error, const char *path, mode_t mode)
{
    return io_error(error, S_ISDIR(mode) ? G_FILE_ERROR_ISDIR : G_FILE_ERROR_INVAL, path,
                    kind_of(mode));
}

bool dj_text_file_is_regular(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode);
}

bool dj_text_file_read(const char *path, gsize max_bytes, char **contents, gsize *length,
                       GError **error)
{
    *contents = NULL;
    *length = 0;
    /* O_NONBLOCK: opening a named pipe with no writer would wait forever. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return errno_error(error, path, errno);
    struct stat info;
    if (fstat(fd, &info) != 0) {
        int errsv = errno;
        close(fd);
        return errno_error(error, path, errsv);
    }
    if (!S_ISREG(info.st_mode)) {
        close(fd);
        return not_regular_error(error, path, info.st_mode);
    }
    g_autoptr(GString) text = g_string_sized_new(info.st_size > 0 && (gsize)info.st_size <= max_bytes
                                           ? (gsize)info.st_size + 1 : 4096);
    char buffer[65536];
    for (;;) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0) {
            int errsv = errno;
            close(fd);
            return errno_error(error, path, errsv);
        }
        if (n == 0)
            break;
        if (text->len + (gsize)n > max_bytes) {
            close(fd);
            return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                                "%s: it is longer than %" G_GSIZE_FORMAT
                                " MB, too long for a file dojo reads", path, max_bytes >> 20);
        }
        g_string_append_len(text, buffer, n);
    }
    close(fd);
    *length = text->len;
    *contents = g_string_free(g_steal_pointer(&text), FALSE);
    return true;
}

bool dj_text_file_read_text(const char *path, gsize max_bytes, const char *what,
                            char **contents, gsize *length, GError **error)
{
    if (!dj_text_file_read(path, max_bytes, contents, length, error))
        return false;
    const char *nul = memchr(*contents, '\0', *length);
    if (nul == NULL)
        return true;
    int line = 1;
    for (const char *p = *contents; p < nul; p++)
        line += *p == '\n';
    g_clear_pointer(contents, g_free);
    *length = 0;
    return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "%s: line %d: it is not %s (it contains binary data)", path, line, what);
}

bool dj_text_file_write_all(int fd, const char *data, gsize length)
{
    while (length > 0) {
        ssize_t n = write(fd, data, length);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += n;
        length -= (gsize)n;
    }
    return true;
}

void dj_text_file_sync_parent(const char *path)
{
    g_autofree char *dir = g_path_get_dirname(path);
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* The file `path` leads to through its symbolic links (a fresh string):
 * `path` itself when it is not a link; a link to a file that does not exist
 * yet gives where that file would be.  NULL with errno set (ELOOP after
 * too many links). */
static char *follow_links(const char *path)
{
    g_autofree char *current = g_strdup(path);
    for (int hops = 0; hops < 40; hops++) {
        struct stat info;
        if (lstat(current, &info) != 0 || !S_ISLNK(info.st_mode))
            return g_steal_pointer(&current);
        char target[4096];
        ssize_t n = readlink(current, target, sizeof target - 1);
        if (n < 0)
            return NULL;
        target[n] = '\0';
        if (g_path_is_absolute(target)) {
            g_free(current);
            current = g_strdup(target);
        } else {
            g_autofree char *dir = g_path_get_dirname(current);
            g_free(current);
            current = g_build_filename(dir, target, NULL);
        }
    }
    errno = ELOOP;
    return NULL;
}

/* The error for a folder `dir` in which `path` cannot be created. */
static bool folder_error(GError **error, const char *path, const char *dir, int errsv)
{
    if (errsv == ENOENT)
        return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                            "%s: there is no folder %s", path, dir);
    if (errsv == ENOTDIR)
        return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR,
                            "%s: %s is not a folder", path, dir);
    return dj_error_set(error, G_FILE_ERROR, g_file_error_from_errno(errsv),
                        "%s: cannot write in the folder %s: %s", path, dir, g_strerror(errsv));
}

bool dj_text_file_check_target(const char *path, const char *how_to_force, GError **error)
{
    g_autofree char *target = follow_links(path);
    if (target == NULL)
        return errno_error(error, path, errno);
    struct stat info;
    if (stat(target, &info) == 0) {
        if (!S_ISREG(info.st_mode))
            return not_regular_error(error, path, info.st_mode);
        if (how_to_force != NULL)
            return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                                "%s: the file exists already; %s to replace it", path,
                                how_to_force);
    } else if (errno != ENOENT && errno != ENOTDIR) {
        return errno_error(error, path, errno);
    }
    /* The folder's permissions alone do not tell (a read-only file system,
     * ACLs): a file made there and removed does. */
    g_autofree char *probe = g_strdup_printf("%s.XXXXXX", target);
    int fd = g_mkstemp_full(probe, O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {
        int errsv = errno;
        g_autofree char *dir = g_path_get_dirname(target);
        return folder_error(error, path, dir, errsv);
    }
    close(fd);
    unlink(probe);
    return true;
}

bool dj_text_file_write_atomically(const char *path, const char *text, gsize length,
                                   GError **error)
{
    /* Through a symbolic link, the file it leads to is replaced and the
     * link kept (a link to a file kept elsewhere stays a link). */
    g_autofree char *target = follow_links(path);
    if (target == NULL)
        return errno_error(error, path, errno);
    /* The rename would put a plain file in the place of a folder's name, a
     * named pipe or a device (as root, /dev/null itself). */
    struct stat info;
    bool exists = stat(target, &info) == 0;
    if (exists && !S_ISREG(info.st_mode))
        return not_regular_error(error, path, info.st_mode);
    /* A temporary file beside the target is written, flushed and renamed
     * over it, then the folder is flushed; on failure it is removed.  Its
     * name, PATH.XXXXXX, does not end in a record's suffix: a scan of the
     * folder never takes it for one.  It is made private (0600) when it
     * replaces a file, then given that file's mode: a private file is
     * never readable by others, even for a moment. */
    g_autofree char *temp = g_strdup_printf("%s.XXXXXX", target);
    int fd = g_mkstemp_full(temp, O_RDWR | O_CLOEXEC, exists ? 0600 : 0644);
    if (fd < 0)
        return errno_error(error, path, errno);
    bool ok = (!exists || fchmod(fd, info.st_mode & 0777) == 0)
        && dj_text_file_write_all(fd, text, length) && fsync(fd) == 0;
    int errsv = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        errsv = errno;
    }
    if (ok && rename(temp, target) != 0) {
        ok = false;
        errsv = errno;
    }
    if (!ok) {
        unlink(temp);
        return errno_error(error, path, errsv);
    }
    dj_text_file_sync_parent(target);
    return true;
}

static gint compare_paths(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool collect_folder(const char *path, const char *suffix, GPtrArray *names,
                           GError **error)
{
    g_autoptr(GDir) dir = g_dir_open(path, 0, error);
    if (dir == NULL)
        return false;
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *child = g_build_filename(path, name, NULL);
        if (g_file_test(child, G_FILE_TEST_IS_DIR)) {
            if (!g_file_test(child, G_FILE_TEST_IS_SYMLINK)
                && !collect_folder(child, suffix, names, error))
                return false;
        } else if (g_str_has_suffix(name, suffix)) {
            g_ptr_array_add(names, g_steal_pointer(&child));
        }
    }
    return true;
}

bool dj_text_file_list(const char *folder, const char *suffix, GPtrArray *out, GError **error)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    if (!collect_folder(folder, suffix, names, error))
        return false;
    g_ptr_array_sort(names, compare_paths);
    g_ptr_array_extend_and_steal(out, g_steal_pointer(&names));
    return true;
}
