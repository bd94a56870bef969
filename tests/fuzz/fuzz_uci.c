/* fuzz_uci: what a GUI, a match runner or a stranger sends to `dojo uci`.
 *
 * Input: text, handed to the engine one line at a time (NUL bytes end a
 * line's text early, as they would for the real reader).  The engine runs
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
 * value NAME" (fuzz_common.h); every built game needs a seed that names it. */
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
        if (v != NULL)
            fuzz_note_variant(v);
    }
    g_strfreev(words);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > INPUT_MAX)
        return 0;
    char *text = g_strndup((const char *)data, size);   /* stops at a NUL */
    char **lines = g_strsplit(text, "\n", -1);
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
    g_strfreev(lines);
    g_free(text);
    return 0;
}
