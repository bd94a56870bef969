/* memory.h: whether a search's table or tree fits in the machine.
 *
 * Anonymous memory is given pages only as it is touched, so asking for more
 * than the machine has often "succeeds", and the process is killed (or the
 * machine swaps) once the search fills it.  Both searches check the size a
 * user asked for here first, and say so in words. */
#ifndef DOJO_FRAMEWORK_SEARCH_MEMORY_H
#define DOJO_FRAMEWORK_SEARCH_MEMORY_H

#include <stdbool.h>

#include <glib.h>

/* True when `mb` megabytes fit in this machine's memory (or its size cannot
 * be learnt); otherwise false, with `error` (DJ_ERROR_INVALID) saying "a
 * WHAT of MB MB is more than this machine's memory (N MB)", `what` naming
 * the thing ("table", "tree"). */
bool dj_memory_fits(unsigned mb, const char *what, GError **error);

#endif
