/* match_record.c: annotated records of match games (see match_record.h). */
#include "match_record.h"

#include <stdlib.h>

#include "framework/notation.h"
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

void dojo_match_format_record(const DjGame *game, const DojoMoveNote *notes, int n_notes,
                              GString *out)
{
    const DjVariant *variant = dj_game_variant(game);
    dj_record_format_tags(game, out);
    int k = 0;
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        dj_record_append_move_number(game, ply, out);
        g_string_append_c(out, ' ');
        variant->format_move(dj_game_position_at(game, ply), dj_game_move_at(game, ply), out);
        while (k < n_notes && notes[k].ply < ply)
            k++;
        if (k < n_notes && notes[k].ply == ply) {
            g_string_append(out, " ; ");
            dojo_match_format_note(&notes[k], out);
        }
        g_string_append_c(out, '\n');
    }
    g_string_append(out, dj_outcome_result_text(dj_game_outcome(game)));
    g_string_append_c(out, '\n');
}
