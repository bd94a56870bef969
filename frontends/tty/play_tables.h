/* play_tables.h: the endgame tables of `dojo play` (internal to the play
 * loop's files).
 *
 * A PlayTables is one game's tables (framework/tablebase/probe.h) found in
 * a folder, and, when asked, a build of the tables of the game on the board
 * (its setup: the cards of a card game, say) started in the background
 * once the game comes near them: a thread at the lowest priority (nice 19) that
 * runs the solver (framework/tablebase/solve.h) while the game goes on, so
 * that input is never blocked; the new tables are used from the first
 * search after they are written.  Builds are capped (`pieces`), so that one
 * takes seconds to a minute, and a stopped build (quit, Ctrl-C) leaves a
 * checkpoint that the next build goes on from.  Nothing here can lose the
 * game: a folder that cannot be read or a table that cannot be loaded is
 * said once, and the game goes on without it.
 *
 * Every function is called on the play loop's thread; the builder's
 * thread only reports its progress through atomics. */
#ifndef DOJO_FRONTENDS_TTY_PLAY_TABLES_H
#define DOJO_FRONTENDS_TTY_PLAY_TABLES_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/tablebase/probe.h"

/* --tablebases: what `dojo play` does with endgame tables. */
typedef enum DojoTablesMode {
    DOJO_TABLES_OFF = 0,   /* none */
    DOJO_TABLES_LOAD,      /* those found in the folder */
    DOJO_TABLES_BUILD,     /* those, and builds the game's own near the end */
} DojoTablesMode;

/* The default cap on a background build's pieces, and the most allowed. */
#define DOJO_TABLES_DEFAULT_PIECES 4
#define DOJO_TABLES_MAX_PIECES 5

/* A build starts once the position has at most pieces + this many pieces:
 * a capture or two before the tables are needed. */
#define DOJO_TABLES_NEAR_MARGIN 2

typedef struct PlayTables PlayTables;

/* Where a game's tables are kept when no folder is given:
 * $DOJO_HOME/tablebases/GAME if DOJO_HOME is set, else
 * $XDG_STATE_HOME/dojo/tablebases/GAME (g_free). */
char *play_tables_default_dir(const DjVariant *variant);

/* The tables of `variant` in `folder` (NULL: play_tables_default_dir) as
 * `mode` says, background builds capped at `pieces` (a build that would
 * need more memory than a background build may take is refused and said);
 * `pieces` 0: DOJO_TABLES_DEFAULT_PIECES, or as many fewer as it takes
 * for the build to fit, silently (a game with big classes builds fewer).
 * Never NULL; with DOJO_TABLES_OFF, or for a game whose endings cannot be
 * numbered, it holds nothing and does nothing.  `explicit_folder`: the
 * folder was given by the player, so a missing one is worth a warning (the
 * default one is simply not made yet). */
PlayTables *play_tables_new(const DjVariant *variant, DojoTablesMode mode, const char *folder,
                            bool explicit_folder, int pieces);

/* Stop a build that runs (its checkpoint is written) and free everything. */
void play_tables_free(PlayTables *tables);

/* The game `tables` is for. */
const DjVariant *play_tables_variant(const PlayTables *tables);

/* Bring the tables up to date for position `pos` of the game: take in a
 * build that finished, and, when `may_build` and the position is near a
 * class the folder lacks, start one.  What the player should be told
 * (a build started, finished or failed; a table that cannot be loaded) is
 * appended to `news` as whole sentences, each ended by '\n'.  Returns the
 * set the search should probe now (NULL: none); it stays valid until the
 * next call or play_tables_free. */
DjTablebase *play_tables_poll(PlayTables *tables, const void *pos, bool may_build,
                              GString *news);

/* The set in use, as the last poll left it (NULL: none). */
DjTablebase *play_tables_current(const PlayTables *tables);

/* Append "building endgame table ... N%" while a build runs; nothing
 * otherwise.  Any thread. */
void play_tables_append_status(const PlayTables *tables, GString *out);

/* Whether a build is running (for tests: the loop waits for none). */
bool play_tables_building(const PlayTables *tables);

#endif
