/* text_file.h: reading and writing the small text files dojo keeps (game
 * records), safely whatever a path names.
 *
 * A path typed by a user may name a named pipe (reading it would wait for
 * a writer forever), a device such as /dev/zero (it never ends) or a
 * folder; a disk may fill up while writing.  These functions never block
 * on such a file, never read without limit, and never leave a file half
 * written. */
#ifndef DOJO_FRAMEWORK_TEXT_FILE_H
#define DOJO_FRAMEWORK_TEXT_FILE_H

#include <stdbool.h>

#include <glib.h>

/* Far beyond any game record (a long game is a few kilobytes). */
#define DJ_TEXT_FILE_MAX_BYTES ((gsize)4 << 20)

/* Read the whole of regular file `path` into *contents (NUL-terminated;
 * g_free it) and *length.  Anything but a regular file (named pipe, device,
 * folder) is refused without waiting, and so is a file longer than
 * `max_bytes`.  Errors are in GLib's G_FILE_ERROR domain (the code from
 * errno where there is one) and read "PATH: WHY": these functions name the
 * file, once, so their callers do not (see error.h). */
bool dj_text_file_read(const char *path, gsize max_bytes, char **contents, gsize *length,
                       GError **error);

/* dj_text_file_read, for a file that must be text.  One that holds a NUL
 * byte (binary data, which string functions would silently cut short at
 * the NUL) is refused as malformed input (DJ_ERROR, DJ_ERROR_INVALID):
 * "PATH: line N: it is not WHAT (it contains binary data)", N the line of
 * the first NUL and `what` the kind of file the caller expected, with its
 * article ("a game record", "an openings file"). */
bool dj_text_file_read_text(const char *path, gsize max_bytes, const char *what,
                            char **contents, gsize *length, GError **error);

/* Whether `path` names a regular file (following symbolic links); false for
 * anything else, or when it cannot be looked at.  Does not open it. */
bool dj_text_file_is_regular(const char *path);

/* Replace `path` with `length` bytes of `text` atomically: a temporary
 * file beside it (PATH.XXXXXX) is written, flushed to the disk and renamed
 * over `path`, then the folder is flushed.  A symbolic link is followed:
 * the file it leads to is replaced (or created) and the link is kept.  A
 * file replaced keeps its permissions (a private 0600 file stays private);
 * a new one gets 0644 less the umask.  A `path` that exists and is not a
 * regular file (a folder, a named pipe, a device) is left alone and fails
 * with what it is.  On failure `path` is as it was and no temporary file is
 * left.  Errors are G_FILE_ERROR, read "PATH: WHY" and never name the
 * temporary file. */
bool dj_text_file_write_atomically(const char *path, const char *text, gsize length,
                                   GError **error);

/* Whether dj_text_file_write_atomically could write `path`, checked
 * before long work whose result it will hold: `path` (through its symbolic
 * links) is a regular file or does not exist, and a file can be made in
 * its folder (one is made and removed).  An existing file is refused
 * unless `how_to_force` is NULL (the user said to replace it); the error
 * then ends "; HOW_TO_FORCE to replace it" (G_FILE_ERROR_EXIST).  Errors
 * read "PATH: WHY" ("there is no folder DIR").  A disk that fills up later
 * is not foreseen: the write itself may still fail. */
bool dj_text_file_check_target(const char *path, const char *how_to_force, GError **error);

/* Write all `length` bytes of `data` to `fd`, going on after short writes
 * and interruptions; false (errno set) when the system refuses. */
bool dj_text_file_write_all(int fd, const char *data, gsize length);

/* Flush to the disk the folder holding `path`, so that a file just created
 * or renamed there keeps its name after a crash.  Best effort. */
void dj_text_file_sync_parent(const char *path);

/* Append to `out` (a GPtrArray of g_malloc'd strings) the paths of the
 * files under `folder` whose names end in `suffix` (".dojo"), those of its
 * subfolders too but not of one that is a symbolic link (a link back up
 * the tree would never end; a folder named by the caller is followed), in
 * the order of their paths, so that what a caller keeps under a cap does
 * not depend on the order the file system lists them in.  false with
 * GLib's error naming the folder (G_FILE_ERROR) when one cannot be read;
 * `out` is then as it was. */
bool dj_text_file_list(const char *folder, const char *suffix, GPtrArray *out, GError **error);

#endif
