/* referee_error.c: the referee's error domain. */
#include "framework/referee/referee_error.h"

G_DEFINE_QUARK(dojo-referee-error-quark, dojo_referee_error)

bool dojo_referee_int_parse(const char *text, const char *what, gint64 min, gint64 max,
                            gint64 *out, GError **error)
{
    gint64 value = 0;
    if (text == NULL || !g_ascii_string_to_signed(text, 10, min, max, &value, NULL))
        return dojo_referee_spec_error(error, "%s wants a whole number from %" G_GINT64_FORMAT
                                       " to %" G_GINT64_FORMAT ", not '%s'",
                                       what, min, max, text != NULL ? text : "");
    *out = value;
    return true;
}
