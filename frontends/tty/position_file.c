/* position_file.c: reading files of position strings. */
#include "frontends/tty/position_file.h"

#include "framework/game_history.h"
#include "framework/text_file.h"

GPtrArray *dojo_position_file_read(const DjVariant *variant, const char *path, const char *what,
                                   const char *cannot_read, GError **error)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, what, &text, &length, error)) {
        g_prefix_error(error, "%s", cannot_read);   /* "PATH: WHY" follows */
        return NULL;
    }
    g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (int i = 0; lines[i] != NULL; i++) {
        char *line = g_strstrip(lines[i]);
        if (line[0] == '\0' || line[0] == '#')
            continue;
        DjSetup setup = { line, 0, NULL, 0 };
        g_autoptr(GError) local = NULL;
        g_autoptr(DjGame) game = dj_game_new(variant, &setup, &local);
        if (game == NULL || dj_game_outcome(game) != DJ_OUTCOME_ONGOING) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "%s: line %d: %s", path, i + 1,
                        game == NULL ? local->message : "the game is already over there");
            return NULL;
        }
        g_ptr_array_add(positions, g_strdup(line));
    }
    if (positions->len == 0) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "%s holds no position", path);
        return NULL;
    }
    return g_steal_pointer(&positions);
}
