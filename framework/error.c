/* error.c: setting a GError from a printf-style message. */
#include "framework/error.h"

#include "framework/notation.h"

bool dj_error_set(GError **error, GQuark domain, gint code, const char *format, ...)
{
    if (error == NULL)
        return false;   /* nobody wants the message: do not build it */
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_autofree char *printable = dj_text_quote(message, 0);
    g_set_error_literal(error, domain, code, printable);
    return false;
}
