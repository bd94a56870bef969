/* play_session.c: the play loop run in-process on typed input (see
 * play_session.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/frontend/play_session.h"

/* A second for every byte of input read so far. */
static gint64 typing_time(void *user_data)
{
    return (gint64)ftell((FILE *)user_data) * G_USEC_PER_SEC;
}

PlaySession play_session_run(const DjVariant *variant, const char *typed,
                             const DojoPlayer players[2], const DojoTimeControl *clock)
{
    DjSetup setup = { 0 };
    PlaySession session = { .game = dj_game_new(variant, &setup, NULL) };
    assert_non_null(session.game);
    char *input = g_strdup(typed);
    FILE *in = fmemopen(input, strlen(input), "r");
    assert_non_null(in);
    size_t size = 0;
    FILE *out = open_memstream(&session.output, &size);
    assert_non_null(out);
    DojoPlayConfig config = {
        .players = { players[0], players[1] },
        .time_ms = 50,
        .seed = 7,
        .table_mb = 1,
    };
    if (clock != NULL) {
        config.clock = *clock;
        config.clock_now = typing_time;
        config.clock_now_data = in;
    }
    session.end = dojo_play_loop(&session.game, &config, NULL, in, out);
    fclose(out);
    fclose(in);
    g_free(input);
    return session;
}

void play_session_free(PlaySession *session)
{
    dj_game_free(session->game);
    free(session->output);
}

void play_session_assert_has(const PlaySession *session, const char *text)
{
    if (strstr(session->output, text) == NULL)
        fail_msg("the output lacks \"%s\":\n%s", text, session->output);
}
