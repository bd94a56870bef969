/* referee_error.h: the referee's own error domain.
 *
 * The referee takes plain values from its callers (engine descriptions as
 * text, numbers, flags) and never reaches up into a command line.  A
 * description that does not parse (an engine's KEY=VALUE list, a judge's
 * limit) fails with DOJO_REFEREE_ERROR_SPEC, so that a front end can treat
 * it as a mistake in what the user typed; an engine that misbehaves fails
 * with DOJO_REFEREE_ERROR_ENGINE. */
#ifndef DOJO_FRAMEWORK_REFEREE_REFEREE_ERROR_H
#define DOJO_FRAMEWORK_REFEREE_REFEREE_ERROR_H

#include <stdbool.h>

#include <glib.h>

#include "framework/error.h"

#define DOJO_REFEREE_ERROR (dojo_referee_error_quark())
GQuark dojo_referee_error_quark(void);

typedef enum {
    DOJO_REFEREE_ERROR_SPEC,    /* a malformed description of an engine or a judge */
    DOJO_REFEREE_ERROR_ENGINE,  /* an engine that could not be run or misbehaved */
} DojoRefereeError;

/* Set `error` to DOJO_REFEREE_ERROR_SPEC with a printf-style message (see
 * framework/error.h); false. */
#define dojo_referee_spec_error(error, ...) \
    dj_error_set((error), DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_SPEC, __VA_ARGS__)

/* Parse a whole number in [min, max] given for `what`; a spec error
 * ("WHAT wants a whole number from MIN to MAX, not 'TEXT'") otherwise. */
bool dojo_referee_int_parse(const char *text, const char *what, gint64 min, gint64 max,
                            gint64 *out, GError **error);

#endif
