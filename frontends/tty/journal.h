/* journal.h: the game record kept on disk while a game is played, so that
 * no game is lost to a crash, a closed terminal or Ctrl-C.
 *
 * Where: $DOJO_HOME/games if DOJO_HOME is set, else
 * $XDG_STATE_HOME/dojo/games (g_get_user_state_dir(), by default
 * ~/.local/state/dojo/games), one file per game named
 * YYYYMMDD-HHMMSS-VARIANT.dojo; `dojo play --record FILE` picks the file.
 * Folders it creates on the way there are private to the user (0700, as
 * the XDG base directory specification asks).
 *
 * What: a record in the framework/record.h format.  The tags (with
 * [Result "*"]) and the moves played so far are written when the journal
 * is created; then each move is appended and flushed to the disk (fsync)
 * as soon as it is played.  An append that fails (a full disk) leaves the
 * file as it was, with whole moves only.  Taking moves back rewrites the
 * file atomically; loading another game leaves it as it is and goes on in
 * a new file.  (A game under a clock is written whole, atomically, with
 * every move, since its clock tags change: play_keep_journal in
 * play_state.c.)  When the game ends the final record, with its result,
 * replaces the journal atomically.  A journal whose Result tag is "*" or
 * absent is an unfinished game that `dojo play --resume` can continue.
 *
 * While a dojo plays a game its file is locked (a hidden ".NAME.lock"
 * beside it, removed at the end), so a second dojo cannot write it too. */
#ifndef DOJO_FRONTENDS_TTY_JOURNAL_H
#define DOJO_FRONTENDS_TTY_JOURNAL_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"

typedef struct DojoJournal DojoJournal;

/* The folder for game journals (a fresh string; it may not exist yet). */
char *dojo_journal_games_dir(void);

/* Start a journal for `game` at `path`, or when `path` is NULL at a new file
 * in the games folder (created if needed), named after the current time and
 * the variant and never overwriting another game.  An existing `path` is
 * replaced atomically (check it first with dojo_journal_check_target).
 * Writes the tags and the moves played so far.
 *
 * A journal holds a lock on its file until dojo_journal_free, so that a
 * second dojo cannot write the same game: creating or opening a journal on
 * a file another dojo holds fails with an error naming the file. */
DojoJournal *dojo_journal_create(const DjGame *game, const char *path, GError **error);

/* Continue the unfinished game recorded at `path`: lock the file, read the
 * game into *game (a record cut short loads up to its last whole move, and
 * *dropped, g_free, then says what was left out; else NULL).  What the
 * record holds besides tags and moves (comment lines, a final "*") is kept
 * in every later write, the tags being written afresh from the game.
 * NULL with an error when the file is locked or is not a record; the
 * error names the file once, at the start ("PATH: WHY"). */
DojoJournal *dojo_journal_open(const char *path, DjGame **game, char **dropped,
                               GError **error);

/* Leave the journal's file as it is (an unfinished game --resume can reach)
 * and release it; go on with `game` in a new file of the games folder
 * named after its variant.  On failure the journal is unchanged. */
bool dojo_journal_switch(DojoJournal *journal, const DjGame *game, GError **error);

/* Whether `path` names the journal's file (the same device and inode,
 * whatever path leads there). */
bool dojo_journal_same_file(const DojoJournal *journal, const char *path);

/* Whether a game record may be written at `path`: it does not exist, or is
 * a regular file (not a symbolic link, device, pipe or folder) holding a
 * game record that no other dojo is playing.  An existing regular file that
 * is not a game record is refused too, unless `how_to_force` is NULL (the
 * user said to replace it); otherwise the error ends "; HOW_TO_FORCE to
 * replace it".  Errors read "PATH: WHY", for the caller to say what it was
 * doing in front ("Cannot save PATH: WHY"). */
bool dojo_journal_check_target(const char *path, const char *how_to_force, GError **error);

/* Whether `path` is a regular file holding the record of an unfinished
 * game (its Result tag "*" or absent), which `dojo play --resume` could
 * continue: writing a new game there would lose its moves. */
bool dojo_journal_holds_unfinished(const char *path);

/* Append to the journal every move of `game` not yet written, and fsync.
 * If moves were taken back since the last write, rewrites the file. */
bool dojo_journal_append(DojoJournal *journal, const DjGame *game, GError **error);

/* Replace the journal's contents with `game` (atomically). */
bool dojo_journal_rewrite(DojoJournal *journal, const DjGame *game, GError **error);

/* The game is over: save its final record (with the result) over the
 * journal, atomically. */
bool dojo_journal_finish(DojoJournal *journal, const DjGame *game, GError **error);

/* The file the journal writes. */
const char *dojo_journal_path(const DojoJournal *journal);

void dojo_journal_free(DojoJournal *journal);

/* The text of the journal of `game`: its record's tags (Result "*" while
 * it goes on), a blank line, then the moves (framework/record.h). */
void dojo_journal_format(const DjGame *game, GString *out);

/* The most recently modified unfinished game in `dir` (only games of
 * `variant_name` if it is not NULL), as a fresh path; NULL with an error
 * saying so when there is none. */
char *dojo_journal_find_unfinished(const char *dir, const char *variant_name, GError **error);

/* g_autoptr(DojoJournal) frees with dojo_journal_free at the end of its
 * scope.  Guarded: a compiler or GLib without automatic cleanup still reads
 * this header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoJournal, dojo_journal_free)
#endif

#endif
