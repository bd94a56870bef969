/* fuzz_uci: what a GUI, a match runner or a stranger sends to `dojo uci`.
 *
 * Input: text, handed to the engine one line at a time; a line with a NUL
 * byte in it is refused whole (dojo_uci_input_error), as the real reader
 * (cmd_uci.c) refuses it.  The engine runs
 * with small limits so that every input ends in bounded time: each search
 * stops after a few thousand nodes (go infinite and go ponder included,
 * which then answer without waiting for stop), the table is at most 4 MB,
 * and go perft at most 2 plies.  Its output goes to /dev/null.
 *
 * What is checked: no crash, no sanitizer finding, no hang, and the engine
 * quits when told to (dojo_uci_command returns false for "quit" and only
 * for it).
 *
 * The game is chosen by name, as a GUI does: "setoption name UCI_Variant
 * value NAME" (the layout: tests/fuzz/README.md).  The engine is opaque
 * here, so a line that chooses a built game both names and exercises it. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "framework/registry.h"
#include "frontends/uci/uci.h"
#include "tests/fuzz/fuzz_common.h"

#define INPUT_MAX (64 * 1024)
#define GO_MAX 24   /* searches per input */

static FILE *null_output(void)
{
    static FILE *null_out = NULL;
    if (null_out == NULL)
        null_out = fopen("/dev/null", "w");
    return null_out;
}

/* Note the game a "setoption name UCI_Variant value NAME" line selects. */
static void note_variant_option(const char *line)
{
    char **words = g_strsplit_set(line, " \t\r", -1);
    const char *w[5] = { NULL };
    int n = 0;
    for (char **p = words; *p != NULL && n < 5; p++) {
        if (**p != '\0')
            w[n++] = *p;
    }
    if (n == 5 && strcmp(w[0], "setoption") == 0 && strcmp(w[1], "name") == 0
        && g_ascii_strcasecmp(w[2], "UCI_Variant") == 0 && strcmp(w[3], "value") == 0) {
        const DjVariant *v = dj_registry_find(w[4]);
        if (v != NULL) {
            fuzz_note_named(v);
            fuzz_note_variant(v);
        }
    }
    g_strfreev(words);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > INPUT_MAX)
        return 0;
    /* Split at each newline over all the bytes; "" stands for a line
     * with a NUL byte (a blank line is ignored by the engine anyway, and
     * nul_line says which is which). */
    GPtrArray *split = g_ptr_array_new_with_free_func(g_free);
    GArray *nul_line = g_array_new(FALSE, FALSE, sizeof(gboolean));
    for (size_t at = 0; at <= size;) {
        const uint8_t *end = at < size ? memchr(data + at, '\n', size - at) : NULL;
        size_t length = end != NULL ? (size_t)(end - (data + at)) : size - at;
        gboolean nul = length > 0 && memchr(data + at, '\0', length) != NULL;
        g_ptr_array_add(split, nul ? g_strdup("") : g_strndup((const char *)data + at, length));
        g_array_append_val(nul_line, nul);
        at += length + 1;
    }
    g_ptr_array_add(split, NULL);
    char **lines = (char **)split->pdata;
    int searches = 0;
    for (char **line = lines; *line != NULL; line++) {
        const char *start = *line;
        while (*start == ' ' || *start == '\t')
            start++;
        searches += g_str_has_prefix(start, "go") ? 1 : 0;
        note_variant_option(start);
    }
    DojoUciConfig config = {
        .out = null_output(),
        .node_cap = 3000,
        .max_hash_mb = 4,
        .max_perft_depth = 2,
    };
    fuzz_check(config.out != NULL, "/dev/null opens");
    if (searches <= GO_MAX) {
        DojoUci *uci = dojo_uci_new(&config);
        for (char **line = lines; *line != NULL; line++) {
            if (g_array_index(nul_line, gboolean, line - lines)) {
                dojo_uci_input_error(uci, "a line with a NUL byte in it was ignored");
                continue;
            }
            bool go_on = dojo_uci_command(uci, *line);
            char **words = g_strsplit_set(*line, " \t\r", -1);
            bool quit = false;
            for (char **w = words; *w != NULL; w++) {
                if (**w != '\0') {
                    quit = strcmp(*w, "quit") == 0;
                    break;
                }
            }
            g_strfreev(words);
            fuzz_check(go_on == !quit, "only quit ends the engine");
            if (!go_on)
                break;
        }
        dojo_uci_free(uci);
    }
    g_ptr_array_free(split, TRUE);
    g_array_free(nul_line, TRUE);
    return 0;
}
