/* match_record.c: annotated records of match games (see match_record.h). */
#include "framework/referee/match_record.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "framework/move_count.h"
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
    const DjVariant *variant;
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
    if (cursor->next < cursor->n_notes && cursor->notes[cursor->next].ply == ply) {
        /* A mate in the engine's moves (UCI's) is written in the game's
         * count, as every other place says it. */
        DojoMoveNote note = cursor->notes[cursor->next];
        if (note.has_score && note.mate)
            note.score = dj_result_count_of_engine_mate(cursor->variant, note.score);
        dojo_match_format_note(&note, out);
    }
}

void dojo_match_format_record(const DjGame *game, const DojoMoveNote *notes, int n_notes,
                              GString *out)
{
    NoteCursor cursor = { dj_game_variant(game), notes, n_notes, 0 };
    dj_record_format_annotated(game, append_note_comment, &cursor, out);
}

bool dojo_match_note_score(const char *note, int *centipawns)
{
    const char *word = note + strspn(note, " \t");
    char *end = NULL;
    double pawns = g_ascii_strtod(word, &end);
    if (end == word || *end != '/' || !isfinite(pawns) || fabs(pawns) >= 1000.0)
        return false;
    *centipawns = (int)lround(pawns * 100.0);
    return true;
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
            if (semicolon != NULL)
                known[ply] = dojo_match_note_score(semicolon + 1, &scores[ply]);
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

/* ---- PGN -------------------------------------------------------------------------- */

void dojo_match_format_time_control(const DojoMatchLimits *limits, GString *out)
{
    if (limits->base_ms > 0) {
        if (limits->moves_per_tc > 0)
            g_string_append_printf(out, "%" G_GINT64_FORMAT "/", limits->moves_per_tc);
        dj_record_append_seconds(limits->base_ms, out);
        if (limits->inc_ms > 0) {
            g_string_append_c(out, '+');
            dj_record_append_seconds(limits->inc_ms, out);
        }
    } else if (limits->movetime_ms > 0) {
        g_string_append(out, "1/");
        dj_record_append_seconds(limits->movetime_ms, out);
    } else {
        g_string_append_c(out, '-');
    }
}

void dojo_match_format_pgn(const DjGame *game, const DojoMoveNote *notes, int n_notes,
                           DjPgnTermination termination,
                           const DojoMatchLimits *const limits[2], GString *out)
{
    g_autoptr(GString) white = g_string_new(NULL);
    g_autoptr(GString) black = g_string_new(NULL);
    dojo_match_format_time_control(limits[0], white);
    dojo_match_format_time_control(limits[1], black);
    NoteCursor cursor = { dj_game_variant(game), notes, n_notes, 0 };
    DjPgnExtras extras = {
        .termination = termination,
        .time_control = { white->str, black->str },
        .comment = append_note_comment,
        .user_data = &cursor,
    };
    dj_pgn_format(game, &extras, out);
}

DjPgnTermination dojo_match_termination_of_record(const DjGame *game)
{
    DjOutcome outcome = dj_game_outcome(game);
    if (outcome == DJ_OUTCOME_ONGOING)
        return DJ_PGN_TERMINATION_UNTERMINATED;
    const DjVariant *v = dj_game_variant(game);
    const void *pos = dj_game_position(game);
    bool by_rules = dj_position_outcome(v, pos) != DJ_OUTCOME_ONGOING
        || (v->repetition_draw > 0 && dj_game_repetitions(game) >= v->repetition_draw);
    const char *reason = dj_game_outcome_reason(game);
    if (by_rules || reason == NULL)
        return DJ_PGN_TERMINATION_NORMAL;
    /* The words match_game.c ends games with. */
    if (g_str_has_prefix(reason, "adjudicated:"))
        return DJ_PGN_TERMINATION_ADJUDICATION;
    if (strstr(reason, " lost on time (") != NULL || strstr(reason, " sent no move within ") != NULL)
        return DJ_PGN_TERMINATION_TIME_FORFEIT;
    if (strstr(reason, " played an illegal move '") != NULL)
        return DJ_PGN_TERMINATION_RULES_INFRACTION;
    if (strstr(reason, " crashed (") != NULL)
        return DJ_PGN_TERMINATION_ABANDONED;
    return DJ_PGN_TERMINATION_NORMAL;
}
