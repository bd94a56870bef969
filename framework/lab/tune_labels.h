/* tune_labels.h: a tuning set (tune.h) as a text file, so that positions
 * labelled once (by a slow judge, say) can be fitted again and again.
 *
 * One position a line: "LABEL POSITION", LABEL being side 0's expected
 * score in [0, 1] written "%.6f" in the C locale, POSITION the variant's
 * position string (DjVariant.format_position, read back by its setup).
 * Blank lines and lines starting with '#' are comments.
 *
 * Here rather than in the front end: the format needs nothing but the
 * variant and the set, and a library user may keep sets of their own. */
#ifndef DOJO_FRAMEWORK_LAB_TUNE_LABELS_H
#define DOJO_FRAMEWORK_LAB_TUNE_LABELS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/lab/tune.h"

/* The largest labels file read: 500 000 positions of a drop game take
 * about 40 MB, far beyond the game records' cap (text_file.h). */
#define DJ_TUNE_LABELS_MAX_BYTES ((gsize)1 << 30)

/* Append every position of `set` of `variant` with its label, a line
 * each, after `comment` (may be NULL) written as '#' lines, one per line
 * of it. */
void dj_tune_labels_format(const DjVariant *variant, const DjTuneSet *set, const char *comment,
                           GString *out);

/* Read one line "LABEL POSITION" (no line break) into *label and `pos`
 * (state_size bytes).  Fails with an error in words (not naming a file or
 * line) when the label is missing, not a number, not in [0, 1], when no
 * position follows it, when the variant refuses the position, or when the
 * game is over there. */
bool dj_tune_labels_parse_line(const DjVariant *variant, const char *line, double *label,
                               void *pos, GError **error);

/* Add the positions of labels file `path` to `set` of `variant`, in file
 * order, while the set holds fewer than `max_positions`; every line is
 * checked all the same.  *added (may be NULL) counts those added.  A
 * malformed line fails with "PATH:LINE: WHY" (DJ_ERROR_INVALID) and a file
 * that cannot be read (text_file.h) with "PATH: WHY"; on failure the set
 * may hold the positions of the lines before. */
bool dj_tune_labels_read(const DjVariant *variant, DjTuneSet *set, const char *path,
                         int max_positions, int *added, GError **error);

#endif
