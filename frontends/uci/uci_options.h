/* uci_options.h: the options `dojo uci` offers, their values, and how a
 * `setoption` changes them.
 *
 * Option names are matched without regard to case, as UCI asks.  Every
 * registered game's own options (its DjVariant.options table) are offered
 * as string options under their own names ("<empty>": not given, the
 * game's default; a combo would always hold a value, and a game's option
 * that excludes another would then never be free); their values apply to
 * `position startpos` of a game that declares them.  A value is checked
 * against the current game's table when it is set. */
#ifndef DOJO_FRONTENDS_UCI_UCI_OPTIONS_H
#define DOJO_FRONTENDS_UCI_UCI_OPTIONS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/search/engine.h"

/* A `setoption` that cannot be applied (an unknown name, a value out of
 * range) fails in this domain; the engine answers it with
 * "info string error: ..." and goes on. */
#define DOJO_UCI_ERROR (dojo_uci_error_quark())
GQuark dojo_uci_error_quark(void);
typedef enum { DOJO_UCI_ERROR_OPTION } DojoUciError;

#define DOJO_UCI_DEFAULT_HASH_MB 64
#define DOJO_UCI_MAX_MULTIPV 64
#define DOJO_UCI_DEFAULT_OVERHEAD_MS 30
#define DOJO_UCI_MAX_OVERHEAD_MS 5000
/* TablebasePieces' range: 0 probes no table; the most is more than any
 * game's tables have, so that the default uses every table found. */
#define DOJO_UCI_MAX_TABLEBASE_PIECES 64

typedef struct DojoUciSettings {
    const DjVariant *variant;     /* UCI_Variant */
    unsigned hash_mb;             /* Hash */
    int threads;                  /* Threads */
    int multipv;                  /* MultiPV */
    bool ponder;                  /* Ponder */
    int skill_level;              /* Skill Level: DJ_LEVEL_MIN..DJ_LEVEL_MAX */
    bool limit_strength;          /* UCI_LimitStrength */
    int elo;                      /* UCI_Elo */
    int move_overhead_ms;         /* Move Overhead */
    guint64 seed;                 /* Seed: a new game's deal, the levels' choices */
    bool seed_given;              /* Seed was set: the levels' choices repeat */
    char *weights;                /* Weights: a weights file for the current game, or NULL */
    char *eval_file;              /* EvalFile: a learnt evaluation (dojo train),
                                     DOJO_NETS_NONE (nets.h), or NULL (built-in) */
    DjEngineKind engine;          /* Search; DJ_ENGINE_DEFAULT: the game's default */
    char *tablebase_path;         /* TablebasePath: a folder of endgame tables, or NULL */
    int tablebase_pieces;         /* TablebasePieces: probe positions of at most this
                                     many pieces (0: none) */
    GHashTable *game_options;     /* lower-case name -> value, for non-empty values */
} DojoUciSettings;

/* What a setoption changed, for the engine to act on. */
typedef enum DojoUciChange {
    DOJO_UCI_CHANGED_NOTHING = 0,
    DOJO_UCI_CHANGED_VARIANT = 1 << 0,   /* a new game: reset the position */
    DOJO_UCI_CHANGED_HASH = 1 << 1,      /* a new table size */
    DOJO_UCI_CLEAR_HASH = 1 << 2,        /* the "Clear Hash" button */
    DOJO_UCI_CHANGED_GAME_OPTION = 1 << 3, /* a game option: startpos changes */
    DOJO_UCI_CHANGED_THREADS = 1 << 4,
    DOJO_UCI_CHANGED_WEIGHTS = 1 << 5,   /* load `weights` (NULL: the built-in ones) */
    DOJO_UCI_CHANGED_EVAL_FILE = 1 << 6, /* load `eval_file` (NULL: the built-in network) */
    DOJO_UCI_CHANGED_TABLEBASES = 1 << 7, /* TablebasePath or TablebasePieces */
} DojoUciChange;

/* Defaults: the first registered game, 64 MB, one thread, full strength. */
void dojo_uci_settings_init(DojoUciSettings *settings);
void dojo_uci_settings_clear(DojoUciSettings *settings);

/* Append one "option name ..." line per option (each ending in '\n'), as
 * the answer to `uci` lists them; Hash goes up to `max_hash_mb`. */
void dojo_uci_options_describe(const DojoUciSettings *settings, unsigned max_hash_mb,
                               GString *out);

/* Apply `setoption name NAME [value VALUE]` (VALUE NULL when there was no
 * value part).  On success returns true and sets *changed; an unknown
 * option, a missing or malformed value, or a value out of range returns
 * false with a message in `error`, and nothing changes.  A game option is
 * only stored here; the engine checks it against the game (see
 * dojo_uci_settings_setup). */
bool dojo_uci_option_set(DojoUciSettings *settings, const char *name, const char *value,
                         unsigned max_hash_mb, DojoUciChange *changed, GError **error);

/* The playing level the strength options ask for: Skill Level, or the
 * level UCI_Elo maps to when UCI_LimitStrength is on (the weaker of the
 * two). */
int dojo_uci_playing_level(const DojoUciSettings *settings);

/* A DjSetup for a new game of the current variant with the game options
 * it declares (seed: Seed).  The options point into `settings` and
 * `scratch` (a GArray of DjOptionValue that the caller frees); valid until
 * the settings change. */
void dojo_uci_settings_setup(const DojoUciSettings *settings, GArray *scratch, DjSetup *setup);

/* g_auto(DojoUciSettings) clears at the end of its scope.  Guarded: a compiler
 * or GLib without automatic cleanup still reads this header. */
#ifdef G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(DojoUciSettings, dojo_uci_settings_clear)
#endif

#endif
