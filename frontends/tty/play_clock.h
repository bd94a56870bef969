/* play_clock.h: the players' clocks of `dojo play` (--tc, --byoyomi).
 *
 * Each side has main time; the clock of the side to move runs while it
 * thinks.  After a move played in time the increment is added to the
 * mover's main time.  Once a side's main time is spent, byoyomi (when the
 * time control has it) gives it a fresh period for each move: a move
 * played within its period costs nothing.  A side whose time (main time,
 * then its period) runs out has lost: its flag fell.
 *
 * The clock remembers each side's main time at every ply played under it,
 * so that taking moves back puts the clocks back as they were.
 *
 * Time comes from a function (g_get_monotonic_time unless the caller gives
 * another), so a test can drive a clock without waiting. */
#ifndef DOJO_FRONTENDS_TTY_PLAY_CLOCK_H
#define DOJO_FRONTENDS_TTY_PLAY_CLOCK_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/search/timeman.h"

/* The longest main time and byoyomi period --tc and --byoyomi take. */
#define DOJO_CLOCK_MAX_MS ((gint64)24 * 3600 * 1000)
#define DOJO_CLOCK_MAX_BYOYOMI_S 3600
#define DOJO_CLOCK_MAX_INCREMENT_S 3600

/* A time control, the same for both sides.  All 0: no clocks. */
typedef struct DojoTimeControl {
    gint64 base_ms;        /* main time */
    gint64 increment_ms;   /* added after each move played in time */
    gint64 byoyomi_ms;     /* each move's period once main time is spent; 0: none */
} DojoTimeControl;

/* Whether `control` sets clocks at all. */
bool dojo_time_control_on(const DojoTimeControl *control);

/* Read --tc TEXT ("5+3": 5 minutes and 3 seconds a move; "5" alone; "0:30+2":
 * m:ss, the increment may have decimals, "2.5") and --byoyomi SECONDS
 * (`byoyomi_s`, 0 when not given) into `control`.  `text` NULL: no --tc
 * (main time 0 with byoyomi).  Usage errors (DOJO_USAGE_ERROR) saying what
 * is wrong: a main time of 0 without byoyomi, more than 24 hours, an
 * increment over an hour. */
bool dojo_time_control_parse(const char *text, gint64 byoyomi_s, DojoTimeControl *control,
                             GError **error);

/* Set the record's form of `control` on `game`: [TimeControl "300+3"]
 * (seconds, as in PGN) and, only when there is byoyomi, [Byoyomi "30"]
 * (seconds). */
void dojo_time_control_set_tags(const DojoTimeControl *control, DjGame *game);

/* The time control recorded in `game`'s tags; false (and `control` all 0)
 * when there is none or it cannot be read. */
bool dojo_time_control_from_tags(const DjGame *game, DojoTimeControl *control);

/* Milliseconds as the record keeps a clock: "4:32.100" (minutes, seconds,
 * milliseconds; minutes may pass 59), and read back (false for anything
 * else; negative times are not written). */
void dojo_clock_format_record(gint64 ms, GString *out);
bool dojo_clock_parse_record(const char *text, gint64 *ms);

/* Milliseconds as a player reads a clock: "4:32", "1:02:03" from an hour,
 * "0:09.5" under ten seconds (rounded down, so that a clock never shows
 * more than is left); negative counts as 0. */
void dojo_clock_format_display(gint64 ms, GString *out);

/* The current time in microseconds (g_get_monotonic_time's unit). */
typedef gint64 (*DojoClockNowFn)(void *user_data);

typedef struct DojoPlayClock DojoPlayClock;

/* Clocks under `control` (which must be on), both full, at ply `ply` of a
 * game; time from `now` (NULL: g_get_monotonic_time) with `now_data`.  No
 * clock runs. */
DojoPlayClock *dojo_play_clock_new(const DojoTimeControl *control, int ply, DojoClockNowFn now,
                                   void *now_data);
void dojo_play_clock_free(DojoPlayClock *clock);

const DojoTimeControl *dojo_play_clock_control(const DojoPlayClock *clock);

/* Start again at `ply` with these main times (a resumed game's, or a
 * loaded one's; negative: full), forgetting the plies before: no clock
 * runs. */
void dojo_play_clock_reset(DojoPlayClock *clock, int ply, const gint64 main_ms[2]);

/* Start `side`'s clock, unless it already runs (a person's clock runs from
 * the first prompt of the turn to the move, whatever commands come
 * between).  Stops the other side's without charging it. */
void dojo_play_clock_start(DojoPlayClock *clock, int side);

/* Whether `side`'s clock runs. */
bool dojo_play_clock_running(const DojoPlayClock *clock, int side);

/* `side`'s main time left now (its running time taken off; at least 0). */
gint64 dojo_play_clock_main_left(const DojoPlayClock *clock, int side);

/* All the time `side` has now before its flag falls: main time left plus
 * the byoyomi period, less what the running clock spent of it; 0 or less
 * when the flag fell. */
gint64 dojo_play_clock_left(const DojoPlayClock *clock, int side);

/* Whether `side`'s flag has fallen (dojo_play_clock_left <= 0). */
bool dojo_play_clock_flag_fell(const DojoPlayClock *clock, int side);

/* `side` played the move that led to ply `ply`: stop its clock, charge the
 * time spent (main time first, then the period), add the increment when
 * `turn_over` (not after a part of a turn of several moves, which the same
 * side goes on with: one increment a turn), and remember both clocks at
 * `ply`.  False when the time spent was more than the side had (its flag
 * fell: the main time is then 0 and nothing is added). */
bool dojo_play_clock_moved(DojoPlayClock *clock, int side, int ply, bool turn_over);

/* Stop the running clock (if any), charging its side the time spent
 * without adding the increment: the clocks as a game that ends stands
 * (a flag fell, a resignation). */
void dojo_play_clock_stop(DojoPlayClock *clock);

/* Moves were taken back to ply `ply`: both clocks as they were there (as
 * they were at the earliest ply known, for plies before it), none runs. */
void dojo_play_clock_rewind(DojoPlayClock *clock, int ply);

/* A side's clock for a player: main time as dojo_clock_format_display
 * writes it, or "byoyomi 0:30" (what is left of the period) once main time
 * is spent under byoyomi. */
void dojo_play_clock_format(const DojoPlayClock *clock, int side, GString *out);

/* The time to think for `side`: a soft target and a hard limit as
 * dj_time_budget gives them (timeman.h) for its main time, the byoyomi
 * period budgeted on top, `overhead_ms` kept in reserve for each, the
 * game's `horizon_moves` (DjVariant.clock_horizon_moves; 0: the default). */
void dojo_play_clock_budget(const DojoPlayClock *clock, int side, int horizon_moves,
                            gint64 overhead_ms, gint64 *soft_ms, gint64 *hard_ms);

/* Set `game`'s clock tags: the time control's, and each side's main time
 * left ([BlueClock "4:32.100"], named after the side), as stored (the
 * running time not taken off). */
void dojo_play_clock_set_tags(const DojoPlayClock *clock, DjGame *game);

/* The main times recorded in `game`'s clock tags, into main_ms (-1 for a
 * side without a readable tag). */
void dojo_play_clock_tags_read(const DjGame *game, gint64 main_ms[2]);

#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoPlayClock, dojo_play_clock_free)
#endif

#endif
