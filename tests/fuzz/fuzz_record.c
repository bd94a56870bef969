/* fuzz_record: game record files (the layout: tests/fuzz/README.md).  A
 * record that loads must format to a record that loads to the same text
 * again; one that does not must say which line breaks.  Its Variant tag
 * names the game; a record that loads exercises it. */
#include <string.h>

#include <glib.h>

#include "framework/record.h"
#include "framework/registry.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = g_strndup((const char *)data, size);
    char *name = dj_record_tag_value(text, "Variant");
    const DjVariant *named = name != NULL ? dj_registry_find(name) : NULL;
    if (named != NULL)
        fuzz_note_named(named);
    g_free(name);
    GError *error = NULL;
    DjGame *game = dj_record_parse(text, &error);
    if (game == NULL) {
        fuzz_check(error != NULL && strstr(error->message, "line ") != NULL,
                   "record refused without a line number");
        g_error_free(error);
    } else {
        fuzz_note_variant(dj_game_variant(game));
        GString *formatted = g_string_new(NULL);
        dj_record_format(game, formatted);
        DjGame *again = dj_record_parse(formatted->str, NULL);
        fuzz_check(again != NULL, "a formatted record does not load");
        GString *formatted2 = g_string_new(NULL);
        dj_record_format(again, formatted2);
        fuzz_check(strcmp(formatted->str, formatted2->str) == 0, "record round trip differs");
        g_string_free(formatted, TRUE);
        g_string_free(formatted2, TRUE);
        dj_game_free(again);
        dj_game_free(game);
    }
    g_free(text);
    return 0;
}
