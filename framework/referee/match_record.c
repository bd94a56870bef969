/* match_record.c: annotated records of match games (see match_record.h). */
#include "framework/referee/match_record.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "framework/record.h"

void dojo_match_format_note(const DojoMoveNote *note, GString *out)
{
    gsize start = out->len;
    if (note->has_score && note->mate)
        g_string_append_printf(out, "%sM%d", note->score < 0 ? "-" : "+", abs(note->score));
    else if (note->has_score)
        g_string_append_printf(out, "%s%d.%02d", note->score < 0 ? "-" : "+",
                               abs(note->score) / 100, abs(note->score) % 100);
    if (note->depth > 0)
        g_string_append_printf(out, "/%d", note->depth);
    if (out->len > start)
        g_string_append_c(out, ' ');
    g_string_append_printf(out, "%" G_GINT64_FORMAT ".%03ds", note->time_ms / 1000,
                           (int)(note->time_ms % 1000));
}

/* The notes in ply order, and how far the record has read them. */
typedef struct NoteCursor {
    const DojoMoveNote *notes;
    int n_notes, next;
} NoteCursor;

/* The note on the move at `ply`, as its record's comment (the record asks
 * for the plies in order). */
static void append_note_comment(int ply, GString *out, void *user_data)
{
    NoteCursor *cursor = user_data;
    while (cursor->next < cursor->n_notes && cursor->notes[cursor->next].ply < ply)
        cursor->next++;
    if (cursor->next < cursor->n_notes && cursor->notes[cursor->next].ply == ply)
        dojo_match_format_note(&cursor->notes[cursor->next], out);
}

void dojo_match_format_record(const DjGame *game, const DojoMoveNote *notes, int n_notes,
                              GString *out)
{
    NoteCursor cursor = { notes, n_notes, 0 };
    dj_record_format_annotated(game, append_note_comment, &cursor, out);
}

void dojo_match_record_scores(const char *text, int n_plies, int *scores, bool *known)
{
    memset(known, 0, sizeof *known * (size_t)n_plies);
    int ply = 0;
    for (const char *line = text; *line != '\0' && ply < n_plies;) {
        const char *next = strchr(line, '\n');
        size_t length = next != NULL ? (size_t)(next - line) : strlen(line);
        const char *p = line + strspn(line, " \t");
        size_t digits = strspn(p, "0123456789");
        if (digits > 0 && p[digits] == '.') {
            const char *semicolon = memchr(line, ';', length);
            if (semicolon != NULL) {
                const char *word = semicolon + 1 + strspn(semicolon + 1, " \t");
                char *end = NULL;
                double pawns = g_ascii_strtod(word, &end);
                if (end != word && *end == '/' && isfinite(pawns) && fabs(pawns) < 1000.0) {
                    scores[ply] = (int)lround(pawns * 100.0);
                    known[ply] = true;
                }
            }
            ply++;
        }
        line += length + (next != NULL);
    }
}

int dojo_match_records_taken(const char *dir)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    if (folder == NULL)
        return 0;
    int taken = 0;
    const char *name;
    while ((name = g_dir_read_name(folder)) != NULL) {
        if (!g_str_has_prefix(name, "game-") || !g_str_has_suffix(name, ".dojo"))
            continue;
        g_autofree char *digits = g_strndup(name + 5, strlen(name) - 5 - 5);
        guint64 n = 0;
        /* A number far beyond any match would leave no room after it: such
         * a file is not one of ours, and is left alone all the same (a
         * record is never written over, see match_run.c). */
        if (digits[0] != '\0' && strspn(digits, "0123456789") == strlen(digits)
            && g_ascii_string_to_unsigned(digits, 10, 0, G_MAXINT / 2, &n, NULL))
            taken = MAX(taken, (int)n);
    }
    return taken;
}
