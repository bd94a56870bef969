/* text_file.c: safe reading and atomic writing of small text files. */
#include "framework/text_file.h"

#include <errno.h>
#include <fcntl.h>
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

/* GLib's message for a failed write names its temporary file, and ends in
 * the system's reason (g_strerror, after the last ": "; dojo does not set
 * LC_MESSAGES, so the format is GLib's own).  The reason alone, for
 * "PATH: WHY". */
static const char *glib_reason(const GError *glib_error)
{
    const char *colon = g_strrstr(glib_error->message, ": ");
    return colon != NULL ? colon + 2 : glib_error->message;
}

bool dj_text_file_write_atomically(const char *path, const char *text, gsize length,
                                   GError **error)
{
    /* The rename would put a plain file in the place of a folder's name, a
     * named pipe or a device (as root, /dev/null itself). */
    struct stat info;
    if (stat(path, &info) == 0 && !S_ISREG(info.st_mode))
        return not_regular_error(error, path, info.st_mode);
    /* CONSISTENT | DURABLE: a temporary file beside `path` is written,
     * fsynced and renamed over it, then the folder is fsynced; on failure
     * the temporary file is removed.  Its name, PATH.XXXXXX, does not end
     * in a record's suffix: a scan of the folder never takes it for one. */
    g_autoptr(GError) glib_error = NULL;
    if (g_file_set_contents_full(path, text, (gssize)length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, &glib_error))
        return true;
    GFileError code = glib_error->domain == G_FILE_ERROR ? (GFileError)glib_error->code
                                                          : G_FILE_ERROR_FAILED;
    return io_error(error, code, path, glib_reason(glib_error));
}
