/* probe.h: a set of tables, and the value of a position from them.
 *
 * A DjTablebase is the tables of one game found in a folder (read lazily,
 * class by class, the first time a position of the class is probed) and
 * any tables handed to it in memory.  Probing is for the search's nodes:
 * after a class is loaded it takes no lock, calls no GLib and allocates
 * nothing, and any number of threads may probe one DjTablebase at once.
 */
#ifndef DOJO_FRAMEWORK_TABLEBASE_PROBE_H
#define DOJO_FRAMEWORK_TABLEBASE_PROBE_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/tablebase/table_file.h"

typedef struct DjTablebase DjTablebase;

/* The tables of `variant` in `folder` (NULL: none; tables are then only
 * those given to dj_tablebase_add).  Only the file names and headers are
 * read here (files GAME.*.djtb of this game; other files are ignored).
 * Fails with DJ_TB_ERROR_UNSUPPORTED when the game has no
 * DjVariant.endgames, G_FILE_ERROR when `folder` is not a folder that can
 * be read.  An empty folder is fine (every probe then says DJ_TB_NONE). */
DjTablebase *dj_tablebase_open(const DjVariant *variant, const char *folder, GError **error);

/* Free the set and every table it loaded; NULL does nothing.  No probe may
 * be running. */
void dj_tablebase_free(DjTablebase *tb);

/* The most pieces of any table in the set (0: no table), at most the
 * limit dj_tablebase_set_piece_limit set: a position with more pieces
 * need not be probed. */
int dj_tablebase_max_pieces(const DjTablebase *tb);

/* Use only the tables of at most `pieces` pieces (0: all): a probe of a
 * position with more says DJ_TB_NONE, and dj_tablebase_preload and
 * dj_tablebase_preload_start read no bigger table (a UCI GUI's largest
 * piece count below the folder's).  Not while probes or a load run. */
void dj_tablebase_set_piece_limit(DjTablebase *tb, int pieces);

/* How many tables the set has (loaded or not). */
int dj_tablebase_count(const DjTablebase *tb);

/* Add a table made in memory (the solver's), which the set then owns.
 * Replaces a table of the same class not yet loaded.  Not while probes run. */
void dj_tablebase_add(DjTablebase *tb, DjTbTable *table);

/* The value of `pos` for its side to move: DJ_TB_WIN, DJ_TB_LOSS or
 * DJ_TB_DRAW, or DJ_TB_NONE when no table of the set has the position (a
 * game already over, too many pieces, another setup, a file that failed
 * to load).  *distance (when not NULL) is then the plies to the end with
 * best play (1: the side to move wins with its next move), 0 for a draw,
 * -1 when the table keeps no distances or for DJ_TB_NONE.  The first
 * probe of a class reads its file (under a lock, seconds for a big one);
 * a file that fails to load is not tried again, and its error is kept
 * (dj_tablebase_take_error).  Thread-safe. */
DjTbValue dj_tablebase_probe(DjTablebase *tb, const void *pos, int *distance);

/* Load every table of the set that `pos`'s setup has (those of classes
 * list_classes(pos, max_pieces) lists), so that probes never wait on a
 * file; false with the first file's error.  Probes may run meanwhile. */
bool dj_tablebase_preload(DjTablebase *tb, const void *pos, GError **error);

/* Whether a probe of a class not yet loaded reads its file there and then
 * (true, the default) or answers DJ_TB_NONE (false): a search on a clock
 * must not wait seconds on a big file.  Not while probes run. */
void dj_tablebase_set_probes_wait(DjTablebase *tb, bool wait);

/* Load the tables dj_tablebase_preload would, in a thread of their own,
 * and return at once; each table is used by probes from the moment it is
 * read.  A load still running is waited for first (and by
 * dj_tablebase_free).  A table that fails is kept for
 * dj_tablebase_take_error. */
void dj_tablebase_preload_start(DjTablebase *tb, const void *pos);

/* The error of the first table that failed to load since the last call
 * (the caller owns it), or NULL. */
GError *dj_tablebase_take_error(DjTablebase *tb);

#endif /* DOJO_FRAMEWORK_TABLEBASE_PROBE_H */
