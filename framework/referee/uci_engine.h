/* uci_engine.h: one UCI engine in its own process, as `dojo match` drives it.
 *
 * An engine is described on the command line by a spec (see
 * dojo_engine_spec_parse), started as a child process in its own process
 * group with its standard input and output on pipes (its standard error is
 * discarded, or appended to the spec's stderr file), and read by a thread
 * of its own that queues each output line, so that every read can have a
 * deadline.  What an engine may send is bounded, so that no engine can
 * grow dojo without end: a line of at most DOJO_ENGINE_MAX_LINE bytes (as
 * `dojo uci` reads), at most DOJO_ENGINE_MAX_QUEUED bytes waiting to be
 * read (beyond that the reader stops reading, and the engine waits on its
 * pipe), and at most DOJO_ENGINE_MAX_OUTPUT bytes read after one command;
 * an engine that breaks a bound is broken (DOJO_ENGINE_FLOOD).
 * dojo_engine_free always ends the
 * process: `quit`, a grace period, then SIGKILL to its whole process group,
 * so that no engine (nor anything it started) outlives the match. */
#ifndef DOJO_FRAMEWORK_REFEREE_UCI_ENGINE_H
#define DOJO_FRAMEWORK_REFEREE_UCI_ENGINE_H

#include <stdbool.h>

#include <glib.h>

/* An engine as typed: "name=NAME,cmd=PATH[,arg=ARG...][,dir=DIR]
 * [,stderr=FILE][,proto=uci][,option.NAME=VALUE...][,tc=TC][,st=SECONDS]
 * [,movetime=MS][,nodes=N][,depth=N][,timemargin=MS]".  A comma inside a
 * value is written "\,".  The keys are cutechess-cli's where it has them. */
typedef struct DojoEngineSpec {
    char *name;
    GPtrArray *argv;            /* cmd then each arg (owned strings) */
    char *dir;                  /* working folder, or NULL: dojo's */
    char *stderr_path;          /* its standard error is appended here, or NULL: discarded */
    GPtrArray *option_names;    /* owned; in the order given */
    GPtrArray *option_values;
    /* This engine's own limits as typed, unchecked (the match reads them);
     * NULL when not given. */
    char *tc, *movetime, *nodes, *depth, *st;
    char *timemargin;           /* its own time margin in ms, as typed, or NULL */
} DojoEngineSpec;

/* Parse `text`, given with command-line option `option` ("--engine"), into
 * `out`.  A usage error naming the option and the part that is wrong when a
 * key is unknown, cmd or name is missing or empty, proto= is not uci, or
 * an item has no '='. */
bool dojo_engine_spec_parse(const char *text, const char *option, DojoEngineSpec *out,
                            GError **error);

/* The same for a match: name= is optional (out->name NULL without it: the
 * match names the engine as it names itself, see match_tournament.h), and
 * st= and timemargin= are read (elsewhere they are unknown keys). */
bool dojo_engine_spec_parse_unnamed(const char *text, const char *option, DojoEngineSpec *out,
                                    GError **error);
void dojo_engine_spec_clear(DojoEngineSpec *spec);

/* What an engine's `info` lines said of the position, from the side to
 * move's view. */
typedef struct DojoEngineScore {
    bool seen;     /* some info line had a score */
    bool mate;     /* value is moves to mate (> 0: the side to move mates) */
    gint64 value;  /* centipawns, or moves to mate */
} DojoEngineScore;

/* Read the score of UCI output line `line` into *score, if it has one
 * ("info ... score cp X" or "score mate N", with or without lowerbound or
 * upperbound): the last line with a score wins, so a bound counts only
 * when no exact score follows it.  Lines without one, "info string ..."
 * among them, change nothing.  False when `line` has a score that does not
 * parse (garbage). */
bool dojo_engine_read_score(const char *line, DojoEngineScore *score);

typedef struct DojoEngine DojoEngine;

#define DOJO_ENGINE_MAX_LINE (4u << 20)      /* bytes in one output line */
#define DOJO_ENGINE_MAX_QUEUED (16u << 20)   /* bytes read from the pipe, not yet by dojo */
#define DOJO_ENGINE_MAX_OUTPUT (64u << 20)   /* bytes read by dojo after one command */

/* What a read brought. */
typedef enum DojoEngineRead {
    DOJO_ENGINE_LINE,        /* a line (without its line break) */
    DOJO_ENGINE_TIMEOUT,     /* nothing before the deadline */
    DOJO_ENGINE_EOF,         /* the engine closed its output: it died or quit */
    DOJO_ENGINE_CANCELLED,   /* the cancel flag was raised while waiting */
    DOJO_ENGINE_FLOOD,       /* it sent too much (see the top): broken; every later read
                              * says so too, dojo_engine_flood_text says what */
} DojoEngineRead;

/* After DOJO_ENGINE_FLOOD: what the engine did, to follow its name ("sent
 * a line longer than 4 MB"). */
const char *dojo_engine_flood_text(const DojoEngine *engine);

/* Whether `line` is an engine's refusal of a command: a line starting
 * "info string error" (in any case; `dojo uci` and Stockfish say so). */
bool dojo_engine_is_refusal(const char *line);

/* What a refusal says: `line` after "info string error" and a colon. */
const char *dojo_engine_refusal_text(const char *line);

/* Start the engine of `spec` and make it ready to play `variant_name` (an
 * engine of a spec without a name is called by its program's file name in
 * what goes wrong, and dojo_engine_name):
 * `uci` and wait for `uciok`, send every option of the spec in order
 * (`setoption name N value V`, each followed by `isready` and a wait for
 * `readyok`), then `setoption name UCI_Variant value VARIANT` unless the
 * spec set UCI_Variant itself or the engine did not offer the option, then
 * `isready` and wait for `readyok`.  Each wait lasts at most `timeout_ms`.
 * An option of the spec that the engine did not list, or one it refuses
 * (an "info string error" line before its `readyok`), fails the start
 * with an error naming the engine and the option (DOJO_REFEREE_ERROR_ENGINE):
 * a match played with settings other than those asked for says nothing.
 * `cancel` (may be NULL) is a flag that, once non-zero, makes every wait
 * of this engine return at once.  On failure (cannot start, no answer in
 * time, exits, too much output) returns NULL with an error in
 * words, the process ended; also when the spec's stderr file (a path
 * from dojo's folder, opened to append, so that every engine started from
 * the spec shares it) cannot be opened.  The first start makes the process
 * ignore SIGPIPE: an engine that dies must not take dojo with it when dojo
 * next writes to it (the write fails instead). */
DojoEngine *dojo_engine_start(const DojoEngineSpec *spec, const char *variant_name,
                              int timeout_ms, gint *cancel, GError **error);

/* End the process (see the top) and free everything.  NULL is allowed. */
void dojo_engine_free(DojoEngine *engine);

const char *dojo_engine_name(const DojoEngine *engine);

/* What the engine called itself between `uci` and `uciok` ("id name
 * dojo 0.1.0"), its first such line; NULL when it sent none. */
const char *dojo_engine_id_name(const DojoEngine *engine);

/* Whether the engine listed an option called `name` (case-insensitive)
 * between `uci` and `uciok`. */
bool dojo_engine_has_option(const DojoEngine *engine, const char *name);

/* Send one command line (a newline is added).  False with an error when
 * the engine no longer reads its input. */
bool dojo_engine_send(DojoEngine *engine, const char *line, GError **error);

/* The next output line, waiting until the monotonic time `deadline_us`
 * (g_get_monotonic_time's clock) at most.  *line is set (g_free it) only
 * for DOJO_ENGINE_LINE.  dojo_engine_send starts a new count of the bytes
 * read after a command (DOJO_ENGINE_MAX_OUTPUT). */
DojoEngineRead dojo_engine_read(DojoEngine *engine, gint64 deadline_us, char **line);

/* `ucinewgame`, `isready` and wait for `readyok` (at most `timeout_ms`),
 * dropping any output left over from an earlier game. */
bool dojo_engine_new_game(DojoEngine *engine, int timeout_ms, GError **error);

/* Send `command` (a setoption, say), then `isready`, and wait for `readyok`
 * (at most `timeout_ms`).  False with an error quoting the engine when it
 * answers a line starting "info string error" before `readyok`: that is how
 * `dojo uci` refuses what it is sent.  Other lines are dropped. */
bool dojo_engine_send_checked(DojoEngine *engine, const char *command, int timeout_ms,
                              GError **error);

/* g_autoptr(DojoEngine) frees with dojo_engine_free at the end of its scope.
 * Guarded: a compiler or GLib without automatic cleanup still reads this
 * header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoEngine, dojo_engine_free)
/* g_auto(DojoEngineSpec) clears with dojo_engine_spec_clear. */
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(DojoEngineSpec, dojo_engine_spec_clear)
#endif

#endif
