/* error.c: the error domain of Onitama's messages (onitama.h).  A file of
 * its own so that the files that report errors depend on none of the
 * others for it. */
#include "variants/onitama/onitama.h"

G_DEFINE_QUARK(onitama-error-quark, onitama_error)
