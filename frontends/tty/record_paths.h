/* record_paths.h: the record files a command is given, folders opened. */
#ifndef DOJO_FRONTENDS_TTY_RECORD_PATHS_H
#define DOJO_FRONTENDS_TTY_RECORD_PATHS_H

#include <glib.h>
#include <stdbool.h>

/* Append to `out` (a GPtrArray of g_malloc'd strings) the files the `n`
 * `paths` name: a file as it is, a folder as the *.dojo files in it and in
 * its subfolders (not those reached through a symbolic link), in the order
 * of their paths (so that what a command keeps under a cap does not depend
 * on the order the file system lists them in).  A path that is neither is
 * a usage error ("no record or folder 'X'"); a folder that cannot be read,
 * an error "PATH: WHY". */
bool dojo_record_paths(int n, char **paths, GPtrArray *out, GError **error);

#endif
