/* screen_none.c: a dojo built without ncursesw has no full screen: `dojo
 * play` plays line by line (see screen.h). */
#include "frontends/tty/screen.h"

#include "framework/error.h"

bool screen_available(FILE *in, FILE *out)
{
    (void)in;
    (void)out;
    return false;
}

void *play_ui_screen_new(FILE *in, FILE *out, const ScreenConfig *config, GError **error)
{
    (void)in;
    (void)out;
    (void)config;
    dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                 "this dojo was built without ncursesw: it plays line by line");
    return NULL;
}

const PlayUiOps play_ui_screen_ops = { 0 };

int screen_review_record(FILE *in, FILE *out, const ScreenConfig *config,
                         const DojoReview *review, bool traditional, bool flipped,
                         GError **error)
{
    (void)review;
    (void)traditional;
    (void)flipped;
    play_ui_screen_new(in, out, config, error);
    return -1;
}
