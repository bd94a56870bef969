/* play_clock.c: the players' clocks of `dojo play`. */
#include "frontends/tty/play_clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "framework/record.h"
#include "frontends/tty/options.h"

/* ---- time controls ---------------------------------------------------------------- */

bool dojo_time_control_on(const DojoTimeControl *control)
{
    return control->base_ms > 0 || control->byoyomi_ms > 0;
}

/* A whole number of digits only (no sign, no spaces), at most `max`. */
static bool parse_digits(const char *text, gint64 max, gint64 *value)
{
    if (text[0] == '\0' || strspn(text, "0123456789") != strlen(text) || strlen(text) > 9)
        return false;
    *value = (gint64)g_ascii_strtoll(text, NULL, 10);
    return *value <= max;
}

/* Seconds with decimals ("3", "2.5"), at least 0 and at most `max_s`. */
static bool parse_seconds(const char *text, gint64 max_s, gint64 *ms)
{
    if (text[0] == '\0' || strspn(text, "0123456789.") != strlen(text))
        return false;
    char *end = NULL;
    double seconds = g_ascii_strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(seconds) || seconds > (double)max_s)
        return false;
    *ms = (gint64)llround(seconds * 1000.0);
    return true;
}

/* The main time of --tc: minutes ("5") or m:ss ("0:30"). */
static bool parse_main_time(const char *text, gint64 *ms)
{
    const char *colon = strchr(text, ':');
    gint64 minutes = 0, seconds = 0;
    if (colon == NULL) {
        if (!parse_digits(text, DOJO_CLOCK_MAX_MS / 60000, &minutes))
            return false;
    } else {
        g_autofree char *before = g_strndup(text, (gsize)(colon - text));
        if (!parse_digits(before, DOJO_CLOCK_MAX_MS / 60000, &minutes)
            || strlen(colon + 1) != 2 || !parse_digits(colon + 1, 59, &seconds))
            return false;
    }
    *ms = minutes * 60000 + seconds * 1000;
    return *ms <= DOJO_CLOCK_MAX_MS;
}

bool dojo_time_control_parse(const char *text, gint64 byoyomi_s, DojoTimeControl *control,
                             GError **error)
{
    memset(control, 0, sizeof *control);
    control->byoyomi_ms = byoyomi_s * 1000;
    if (text == NULL)
        return true;
    g_auto(GStrv) parts = g_strsplit(text, "+", 2);
    if (parts[0] == NULL || !parse_main_time(parts[0], &control->base_ms)
        || (parts[1] != NULL
            && !parse_seconds(parts[1], DOJO_CLOCK_MAX_INCREMENT_S, &control->increment_ms))) {
        memset(control, 0, sizeof *control);
        return dojo_usage_error(error, "--tc wants MINUTES+SECONDS: the main time in minutes "
                                "(or m:ss) and the seconds added per move, such as 5+3, 5 "
                                "or 0:30+2 (at most 24 hours and an hour a move), not '%s'",
                                text);
    }
    if (control->base_ms == 0 && control->byoyomi_ms == 0) {
        memset(control, 0, sizeof *control);
        return dojo_usage_error(error, "--tc %s leaves no time at all: give some main time, "
                                "or --byoyomi SECONDS for each move", text);
    }
    return true;
}

void dojo_time_control_set_tags(const DojoTimeControl *control, DjGame *game)
{
    g_autoptr(GString) text = g_string_new(NULL);
    dj_record_append_seconds(control->base_ms, text);
    g_string_append_c(text, '+');
    dj_record_append_seconds(control->increment_ms, text);
    dj_game_set_tag(game, "TimeControl", text->str);
    /* Tags cannot be removed: a record that had byoyomi says it has none. */
    if (control->byoyomi_ms > 0 || dj_game_tag(game, "Byoyomi") != NULL) {
        g_string_truncate(text, 0);
        dj_record_append_seconds(control->byoyomi_ms, text);
        dj_game_set_tag(game, "Byoyomi", text->str);
    }
}

bool dojo_time_control_from_tags(const DjGame *game, DojoTimeControl *control)
{
    memset(control, 0, sizeof *control);
    const char *tc = dj_game_tag(game, "TimeControl");
    const char *byoyomi = dj_game_tag(game, "Byoyomi");
    if (tc == NULL)
        return false;
    g_auto(GStrv) parts = g_strsplit(tc, "+", 2);
    DojoTimeControl read = { 0 };
    bool ok = parts[0] != NULL && parse_seconds(parts[0], DOJO_CLOCK_MAX_MS / 1000, &read.base_ms)
        && (parts[1] == NULL
            || parse_seconds(parts[1], DOJO_CLOCK_MAX_INCREMENT_S, &read.increment_ms))
        && (byoyomi == NULL
            || parse_seconds(byoyomi, DOJO_CLOCK_MAX_BYOYOMI_S, &read.byoyomi_ms));
    if (!ok || !dojo_time_control_on(&read))
        return false;
    *control = read;
    return true;
}

/* ---- clocks as text ---------------------------------------------------------------- */

void dojo_clock_format_record(gint64 ms, GString *out)
{
    ms = MAX(ms, 0);
    g_string_append_printf(out, "%" G_GINT64_FORMAT ":%02d.%03d", ms / 60000,
                           (int)(ms / 1000 % 60), (int)(ms % 1000));
}

bool dojo_clock_parse_record(const char *text, gint64 *ms)
{
    const char *colon = strchr(text, ':');
    const char *dot = colon != NULL ? strchr(colon, '.') : NULL;
    if (colon == NULL || dot == NULL)
        return false;
    g_autofree char *minutes_text = g_strndup(text, (gsize)(colon - text));
    g_autofree char *seconds_text = g_strndup(colon + 1, (gsize)(dot - colon - 1));
    gint64 minutes = 0, seconds = 0, millis = 0;
    if (!parse_digits(minutes_text, DOJO_CLOCK_MAX_MS / 60000, &minutes)
        || strlen(seconds_text) != 2 || !parse_digits(seconds_text, 59, &seconds)
        || strlen(dot + 1) != 3 || !parse_digits(dot + 1, 999, &millis))
        return false;
    *ms = minutes * 60000 + seconds * 1000 + millis;
    return true;
}

void dojo_clock_format_display(gint64 ms, GString *out)
{
    ms = MAX(ms, 0);
    gint64 seconds = ms / 1000;
    if (ms < 10000)
        g_string_append_printf(out, "0:%02d.%d", (int)seconds, (int)(ms % 1000 / 100));
    else if (seconds < 3600)
        g_string_append_printf(out, "%d:%02d", (int)(seconds / 60), (int)(seconds % 60));
    else
        g_string_append_printf(out, "%d:%02d:%02d", (int)(seconds / 3600),
                               (int)(seconds / 60 % 60), (int)(seconds % 60));
}

/* ---- the clocks -------------------------------------------------------------------- */

/* Both sides' main time at one ply. */
typedef struct ClockSnapshot {
    gint64 main_ms[2];
} ClockSnapshot;

struct DojoPlayClock {
    DojoTimeControl control;
    DojoClockNowFn now;
    void *now_data;
    gint64 main_ms[2];      /* main time left, without the running clock's time */
    int running;            /* the side whose clock runs; -1: none */
    gint64 started_us;      /* when it started */
    int first_ply;          /* the ply of snapshots[0] */
    GArray *snapshots;      /* ClockSnapshot of plies first_ply, first_ply + 1, ... */
};

static gint64 monotonic_now(void *user_data)
{
    (void)user_data;
    return g_get_monotonic_time();
}

DojoPlayClock *dojo_play_clock_new(const DojoTimeControl *control, int ply, DojoClockNowFn now,
                                   void *now_data)
{
    DojoPlayClock *clock = g_new0(DojoPlayClock, 1);
    clock->control = *control;
    clock->now = now != NULL ? now : monotonic_now;
    clock->now_data = now_data;
    clock->snapshots = g_array_new(FALSE, FALSE, sizeof(ClockSnapshot));
    const gint64 full[2] = { -1, -1 };
    dojo_play_clock_reset(clock, ply, full);
    return clock;
}

void dojo_play_clock_free(DojoPlayClock *clock)
{
    if (clock == NULL)
        return;
    g_array_free(clock->snapshots, TRUE);
    g_free(clock);
}

const DojoTimeControl *dojo_play_clock_control(const DojoPlayClock *clock)
{
    return &clock->control;
}

/* Remember both clocks at `ply`, forgetting any later plies (taken back). */
static void remember(DojoPlayClock *clock, int ply)
{
    guint index = (guint)MAX(ply - clock->first_ply, 0);
    g_array_set_size(clock->snapshots, index);
    ClockSnapshot snapshot = { { clock->main_ms[0], clock->main_ms[1] } };
    g_array_append_val(clock->snapshots, snapshot);
}

void dojo_play_clock_reset(DojoPlayClock *clock, int ply, const gint64 main_ms[2])
{
    for (int side = 0; side < 2; side++)
        clock->main_ms[side] = main_ms[side] >= 0 ? main_ms[side] : clock->control.base_ms;
    clock->running = -1;
    clock->first_ply = ply;
    g_array_set_size(clock->snapshots, 0);
    remember(clock, ply);
}

void dojo_play_clock_start(DojoPlayClock *clock, int side)
{
    if (clock->running == side)
        return;
    clock->running = side;
    clock->started_us = clock->now(clock->now_data);
}

bool dojo_play_clock_running(const DojoPlayClock *clock, int side)
{
    return clock->running == side;
}

/* Milliseconds `side`'s running clock has spent (0 when it does not run). */
static gint64 spent_ms(const DojoPlayClock *clock, int side)
{
    if (clock->running != side)
        return 0;
    return MAX(clock->now(clock->now_data) - clock->started_us, 0) / 1000;
}

gint64 dojo_play_clock_main_left(const DojoPlayClock *clock, int side)
{
    return MAX(clock->main_ms[side] - spent_ms(clock, side), 0);
}

gint64 dojo_play_clock_left(const DojoPlayClock *clock, int side)
{
    return clock->main_ms[side] + clock->control.byoyomi_ms - spent_ms(clock, side);
}

bool dojo_play_clock_flag_fell(const DojoPlayClock *clock, int side)
{
    return dojo_play_clock_left(clock, side) <= 0;
}

bool dojo_play_clock_moved(DojoPlayClock *clock, int side, int ply, bool turn_over)
{
    gint64 spent = spent_ms(clock, side);
    clock->running = -1;
    bool in_time = spent < clock->main_ms[side] + clock->control.byoyomi_ms;
    /* Main time first; what the period covered costs nothing. */
    clock->main_ms[side] = MAX(clock->main_ms[side] - spent, 0);
    if (in_time && turn_over)
        clock->main_ms[side] += clock->control.increment_ms;
    remember(clock, ply);
    return in_time;
}

void dojo_play_clock_stop(DojoPlayClock *clock)
{
    int side = clock->running;
    if (side < 0)
        return;
    clock->main_ms[side] = MAX(clock->main_ms[side] - spent_ms(clock, side), 0);
    clock->running = -1;
}

void dojo_play_clock_rewind(DojoPlayClock *clock, int ply)
{
    clock->running = -1;
    guint index = (guint)MAX(ply - clock->first_ply, 0);
    if (index >= clock->snapshots->len)
        index = clock->snapshots->len - 1;   /* never: plies are taken back, not added */
    const ClockSnapshot *snapshot = &g_array_index(clock->snapshots, ClockSnapshot, index);
    clock->main_ms[0] = snapshot->main_ms[0];
    clock->main_ms[1] = snapshot->main_ms[1];
    if (ply < clock->first_ply) {
        /* Before the clocks were known (a resumed game taken back further):
         * the earliest clocks known stand for them. */
        clock->first_ply = ply;
    }
    g_array_set_size(clock->snapshots, index + 1);
}

void dojo_play_clock_format(const DojoPlayClock *clock, int side, GString *out)
{
    gint64 main_left = dojo_play_clock_main_left(clock, side);
    if (main_left > 0 || clock->control.byoyomi_ms == 0) {
        dojo_clock_format_display(main_left, out);
        return;
    }
    g_string_append(out, "byoyomi ");
    dojo_clock_format_display(dojo_play_clock_left(clock, side), out);
}

void dojo_play_clock_budget(const DojoPlayClock *clock, int side, int horizon_moves,
                            gint64 overhead_ms, gint64 *soft_ms, gint64 *hard_ms)
{
    *soft_ms = 0;
    *hard_ms = 0;
    gint64 main_left = dojo_play_clock_main_left(clock, side);
    if (main_left > 0 || clock->control.byoyomi_ms == 0) {
        DjClock main = {
            .time_ms = main_left,
            .increment_ms = clock->control.increment_ms,
            .horizon_moves = horizon_moves,
            .overhead_ms = overhead_ms,
        };
        int64_t soft = 0, hard = 0;
        dj_time_budget(&main, &soft, &hard);
        *soft_ms = soft;
        *hard_ms = hard;
    }
    if (clock->control.byoyomi_ms > 0) {
        /* The period is the move's own: spend most of it, past the main
         * time's share (each keeps its reserve, so the sum never passes
         * the time left). */
        gint64 period = main_left > 0 ? clock->control.byoyomi_ms
                                      : dojo_play_clock_left(clock, side);
        DjClock byoyomi = { .time_ms = period, .moves_to_go = 1, .overhead_ms = overhead_ms };
        int64_t soft = 0, hard = 0;
        dj_time_budget(&byoyomi, &soft, &hard);
        *soft_ms += soft;
        *hard_ms += hard;
    }
}

/* "BlueClock": the tag of `side`'s clock. */
static char *clock_tag_name(const DjVariant *variant, int side)
{
    return g_strdup_printf("%sClock", variant->side_names[side]);
}

void dojo_play_clock_set_tags(const DojoPlayClock *clock, DjGame *game)
{
    dojo_time_control_set_tags(&clock->control, game);
    const DjVariant *variant = dj_game_variant(game);
    g_autoptr(GString) text = g_string_new(NULL);
    for (int side = 0; side < 2; side++) {
        g_autofree char *name = clock_tag_name(variant, side);
        g_string_truncate(text, 0);
        dojo_clock_format_record(clock->main_ms[side], text);
        dj_game_set_tag(game, name, text->str);
    }
}

void dojo_play_clock_tags_read(const DjGame *game, gint64 main_ms[2])
{
    const DjVariant *variant = dj_game_variant(game);
    for (int side = 0; side < 2; side++) {
        g_autofree char *name = clock_tag_name(variant, side);
        const char *value = dj_game_tag(game, name);
        if (value == NULL || !dojo_clock_parse_record(value, &main_ms[side]))
            main_ms[side] = -1;
    }
}
