/* position_file.h: files of position strings, one per line, as `dojo match
 * --openings file:PATH` and `dojo bench --positions PATH` read them. */
#ifndef DOJO_FRONTENDS_TTY_POSITION_FILE_H
#define DOJO_FRONTENDS_TTY_POSITION_FILE_H

#include <glib.h>

#include "framework/game.h"

/* The position strings of the file at `path` for `variant`, in file order
 * (a GPtrArray of strings; free it with g_ptr_array_unref).  Blank lines
 * and lines whose first character other than a space is '#' are skipped;
 * the others are stripped of spaces at both ends and must each be a
 * position the variant reads, of a game not yet over.  `what` names the
 * kind of file, with its article ("an openings file"), for a file that is
 * not text.  NULL on error, which reads "PATH: line N: WHY" for a bad line,
 * "PATH holds no position" for a file without one, and `cannot_read`
 * followed by "PATH: WHY" when the file cannot be read or is not text
 * (DJ_ERROR or G_FILE_ERROR, see text_file.h). */
GPtrArray *dojo_position_file_read(const DjVariant *variant, const char *path, const char *what,
                                   const char *cannot_read, GError **error);

#endif
