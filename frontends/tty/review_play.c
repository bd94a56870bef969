/* review_play.c: playing on from a reviewed position (see review_play.h). */
#include "frontends/tty/review_play.h"

#include "framework/record.h"
#include "frontends/common/output.h"
#include "frontends/tty/journal.h"
#include "frontends/tty/options.h"
#include "frontends/tty/play_loop.h"

static void say(FILE *out, const char *text)
{
    g_autoptr(GString) line = g_string_new(NULL);
    dojo_output_sanitize(text, 0, line);
    fprintf(out, "%s\n", line->str);
}

int dojo_review_play_on(const DojoReview *review, int ply, const DojoReviewPlayConfig *config,
                        FILE *in, FILE *out)
{
    const DjGame *game = review->game;
    const DjVariant *variant = dj_game_variant(game);
    const void *here = dj_game_position_at(game, ply);
    g_autoptr(GString) start = g_string_new(NULL);
    variant->format_position(dj_game_position_at(game, 0), start);
    DjSetup setup = { .position = start->str };
    g_autoptr(GError) error = NULL;
    g_autoptr(DjGame) fresh = dj_game_new(variant, &setup, &error);
    for (int i = 0; fresh != NULL && i < ply; i++) {
        if (!dj_game_play(fresh, dj_game_move_at(game, i), &error))
            g_clear_pointer(&fresh, dj_game_free);
    }
    if (fresh == NULL) {
        g_autofree char *text = g_strdup_printf("Cannot play on: %s", error->message);
        say(out, text);
        return DOJO_EXIT_FAILURE;
    }
    dj_game_set_tag(fresh, "Position", start->str);
    g_autoptr(GDateTime) now = g_date_time_new_now_local();
    g_autofree char *date = g_date_time_format(now, "%Y.%m.%d");
    dj_game_set_tag(fresh, "Date", date);

    int human = variant->side_to_move(here);
    DojoPlayConfig play = {
        .time_ms = config->time_ms,
        .color = config->color,
        .traditional = config->traditional,
        .flipped = config->flipped != (human == 1),
        .live_status = dojo_output_is_terminal(out),
        .full_screen = config->full_screen,
        .seed = ((guint64)g_random_int() << 32) ^ (guint64)g_get_real_time(),
    };
    play.players[human] = (DojoPlayer){ DOJO_PLAYER_HUMAN, 0 };
    play.players[1 - human] = (DojoPlayer){ DOJO_PLAYER_COMPUTER, config->level };
    dojo_play_set_player_tags(fresh, play.players);
    g_autoptr(DojoJournal) journal = dojo_journal_create(fresh, NULL, &error);
    g_autofree char *text = NULL;
    if (journal == NULL) {
        text = g_strdup_printf("Warning: the new game will not be kept on disk: %s",
                               error->message);
        g_clear_error(&error);
    } else {
        text = g_strdup_printf("A new game from move %d, %s against the computer, recorded in %s "
                               "(the reviewed record is not changed).",
                               dj_record_move_number(game, ply, NULL),
                               variant->side_names[human], dojo_journal_path(journal));
    }
    say(out, text);
    DojoPlayEnd end = dojo_play_loop(&fresh, &play, journal, in, out);
    return dojo_play_exit_code(end);
}
