/* options.h: command-line pieces shared by the subcommands.
 *
 * Errors in what the user typed on the command line are reported in the
 * DOJO_USAGE_ERROR domain, so a command can tell them from other failures:
 * a usage error prints a short usage and exits 2, anything else exits 1. */
#ifndef DOJO_FRONTENDS_TTY_OPTIONS_H
#define DOJO_FRONTENDS_TTY_OPTIONS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/error.h"
#include "framework/game.h"
#include "framework/search/engine.h"
#include "frontends/common/output.h"
#include "frontends/tty/option_table.h"

#define DOJO_USAGE_ERROR (dojo_usage_error_quark())
GQuark dojo_usage_error_quark(void);
typedef enum { DOJO_USAGE_ERROR_BAD_ARGUMENT } DojoUsageError;

/* Set `error` to a usage error with a printf-style message (see
 * framework/error.h); false. */
#define dojo_usage_error(error, ...) \
    dj_error_set((error), DOJO_USAGE_ERROR, DOJO_USAGE_ERROR_BAD_ARGUMENT, __VA_ARGS__)

/* Exit codes of every subcommand. */
#define DOJO_EXIT_OK 0
#define DOJO_EXIT_FAILURE 1
#define DOJO_EXIT_USAGE 2
#define DOJO_EXIT_INTERRUPTED 130

/* ---- variants ------------------------------------------------------------ */

/* The built-in variant called `name`; NULL with a usage error naming the
 * variants there are when there is none. */
const DjVariant *dojo_variant_lookup(const char *name, GError **error);

/* ---- how a game starts: --position -o --seed, and each game's options ----- */

typedef struct DojoSetupArgs {
    char *position;          /* --position STR */
    char **options;          /* -o NAME=VALUE, repeatable */
    GPtrArray *game_options; /* --NAME VALUE for a game's own option (one of its
                              * DjVariant.options): "NAME=VALUE" strings, or NULL */
    const DjVariant *game;   /* the game the command line names, whose options
                              * were offered (dojo_setup_args_add); NULL: none
                              * or several, and every game's were */
    char *seed;              /* --seed N, as typed */
} DojoSetupArgs;

/* Add the entries above to the main group of `context` (storing into
 * `args`), and a group of --NAME VALUE entries, each a shorthand for -o
 * NAME=VALUE, titled with the game's name, made from a game's option table
 * (DjVariant.options): for the one game the command line names (a word of
 * dojo_cli_args() that is a game's name, and no other game's), shown by
 * --help among the command's own; else for every built-in game with
 * options (`dojo help COMMAND` shows them under each game's title).  A
 * game without options gets no group.  An option that shares its name with
 * one of the command's own (--time) or an earlier game's is reachable
 * through -o only.  `with_seed` adds --seed.  `args` must outlive the
 * parse. */
void dojo_setup_args_add(GOptionContext *context, DojoSetupArgs *args, bool with_seed);

/* Whether any of the setup options was given. */
bool dojo_setup_args_given(const DojoSetupArgs *args);

void dojo_setup_args_clear(DojoSetupArgs *args);

/* A DjSetup together with the memory it points into. */
typedef struct DojoSetup {
    DjSetup setup;
    GArray *values;       /* DjOptionValue */
    GPtrArray *strings;   /* owns the names and values */
} DojoSetup;

/* Build `out` from `args`.  `default_seed` is used when --seed was not
 * given.  Fails with a usage error for an -o without '=', an empty name, a
 * --seed that is not a number, an option given twice, options with
 * --position, or two options that the game's table (args->game's, or any
 * built-in game's when none is named) says exclude each other; the variant
 * itself judges the rest (dj_options_check and its own rules). */
bool dojo_setup_build(const DojoSetupArgs *args, guint64 default_seed, DojoSetup *out,
                      GError **error);
void dojo_setup_clear(DojoSetup *setup);

/* Set up a position of `variant` as described by `args` into `pos`
 * (variant->state_size bytes).  Errors are the variant's (not usage). */
bool dojo_setup_position(const DjVariant *variant, const DojoSetupArgs *args,
                         guint64 default_seed, void *pos, GError **error);

/* ---- players --------------------------------------------------------------- */

typedef enum { DOJO_PLAYER_HUMAN, DOJO_PLAYER_COMPUTER } DojoPlayerKind;

typedef struct DojoPlayer {
    DojoPlayerKind kind;
    int level;      /* DJ_LEVEL_MIN..DJ_LEVEL_MAX for a computer */
} DojoPlayer;

#define DOJO_DEFAULT_LEVEL 5

/* The words of --engine E, each with its DjEngineKind (a row's default
 * DJ_ENGINE_DEFAULT is none of them: the game's own choice). */
extern const DojoOptionWord dojo_engine_words[];

/* Parse a side spec as typed after --side0/--side1: "human", "computer"
 * (at `default_level`), a level "1".."10", or "computer:N".
 * Usage error otherwise. */
bool dojo_player_parse(const char *text, int default_level, DojoPlayer *out, GError **error);

/* The player tag written in a game record: "human" or "dojo level N"
 * (g_free it). */
char *dojo_player_tag(const DojoPlayer *player);

/* Read a player tag back: "dojo level N" is a computer at level N, anything
 * else a person.  Returns false (leaving *out alone) for NULL. */
bool dojo_player_from_tag(const char *tag, DojoPlayer *out);

/* Parse a side: "0", "1", or one of the variant's side names
 * (case-insensitive).  Usage error otherwise. */
bool dojo_side_parse(const DjVariant *variant, const char *text, int *side, GError **error);

/* ---- numbers --------------------------------------------------------------- */

/* Parse a whole number in [min, max] typed for option `what`; usage error
 * otherwise. */
bool dojo_int_parse(const char *text, const char *what, gint64 min, gint64 max,
                    gint64 *out, GError **error);

/* ---- colour ----------------------------------------------------------------- */

/* The help of --color=WHEN and --no-color, the same in every command that
 * draws a board. */
#define DOJO_COLOR_HELP \
    "Colour: auto (on a terminal unless NO_COLOR is set and not empty, or TERM is " \
    "dumb), always or never"
#define DOJO_NO_COLOR_HELP "Same as --color=never"

/* --color=WHEN and --no-color as read by an option table. */
typedef struct DojoColorArgs {
    int when;          /* a DojoColorChoice */
    bool when_given;
    bool no_color;
} DojoColorArgs;

/* Rows for an option table: --color=WHEN ("auto", "always" or "never", in
 * any case; default auto) and --no-color, read into `args`, then the end.
 * Include them with { .type = DOJO_OPTION_ROWS, .rows = rows }. */
#define DOJO_COLOR_ROWS 3
void dojo_color_rows(DojoColorArgs *args, DojoOption rows[DOJO_COLOR_ROWS]);

/* The colour choice `args` make; a usage error for --no-color together with
 * --color=auto or always. */
bool dojo_color_choice(const DojoColorArgs *args, DojoColorChoice *out, GError **error);

/* g_auto(DojoSetupArgs) and g_auto(DojoSetup) clear at the end of their
 * scope.  Guarded: a compiler or GLib without automatic cleanup still reads
 * this header. */
#ifdef G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(DojoSetupArgs, dojo_setup_args_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(DojoSetup, dojo_setup_clear)
#endif

#endif
