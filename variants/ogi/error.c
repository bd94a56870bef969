/* error.c: the error domain of Ōgi's messages (text.h).  A file of its own
 * so that the files that report errors depend on none of the others for
 * it. */
#include "variants/ogi/text.h"

G_DEFINE_QUARK(ogi-error-quark, ogi_error)
