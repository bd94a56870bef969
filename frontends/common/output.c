/* output.c: terminal detection, colour choice and text clean-up. */
#include "frontends/common/output.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "framework/notation.h"

bool dojo_output_is_terminal(FILE *stream)
{
    return stream != NULL && isatty(fileno(stream)) == 1;
}

bool dojo_output_wants_color(FILE *stream, DojoColorChoice choice)
{
    if (choice != DOJO_COLOR_AUTO)
        return choice == DOJO_COLOR_ALWAYS;
    if (!dojo_output_is_terminal(stream))
        return false;
    const char *no_color = g_getenv("NO_COLOR");
    if (no_color != NULL && no_color[0] != '\0')
        return false;
    const char *term = g_getenv("TERM");
    return term == NULL || strcmp(term, "dumb") != 0;
}

int dojo_output_columns(FILE *stream)
{
#ifdef TIOCGWINSZ
    struct winsize size;
    if (dojo_output_is_terminal(stream) && ioctl(fileno(stream), TIOCGWINSZ, &size) == 0
        && size.ws_col >= 20)
        return size.ws_col;
#else
    (void)stream;
#endif
    const char *columns = g_getenv("COLUMNS");
    if (columns != NULL) {
        guint64 value = 0;
        if (g_ascii_string_to_unsigned(columns, 10, 20, 1000, &value, NULL))
            return (int)value;
    }
    return 80;
}

void dojo_output_sanitize(const char *text, int max_chars, GString *out)
{
    dj_text_append_line(text, max_chars, out);
}

void dojo_output_rate(uint64_t count, double seconds, GString *out)
{
    if (seconds < 1e-6) {
        g_string_append(out, "-");
        return;
    }
    g_string_append_printf(out, "%" G_GUINT64_FORMAT, (guint64)((double)count / seconds));
}

double dojo_output_now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}
