/* record_pgn.h: games in PGN, the file format of chess tools (cutechess,
 * fastchess, pgn-extract, ordo, bayeselo, pychess-variants).
 *
 * A PGN file is a list of games, each a tag pair section, a blank line,
 * the move text and a blank line:
 *
 *     [Event "dojo match"]
 *     [Site "?"]
 *     [Date "2026.11.22"]
 *     [Round "3"]
 *     [White "new"]
 *     [Black "old"]
 *     [Result "1-0"]
 *     [Variant "<the variant's name>"]
 *     [SetUp "1"]
 *     [FEN "<the start position in the game's own notation>"]
 *     [TimeControl "10+0.1"]
 *     [Termination "normal"]
 *     [PlyCount "41"]
 *     [WhiteSide "<side 0's name>"]
 *     [BlackSide "<side 1's name>"]
 *
 *     1. <move> {+0.31/12 0.203s} 1... <move> {-0.20/11 0.300s} 2. <move>
 *     ... 21. <move> {+M1/3 0.010s} {<why the game ended>} 1-0
 *
 * The Seven Tag Roster comes first, in its order ("?" where unknown, as
 * the standard says).  PGN's White is side 0, the side that moves first in
 * a new game, whatever the game calls it: WhiteSide and BlackSide give the
 * game's own names of the two sides (in Ōgi side 0 is "Black").  SetUp and
 * FEN are there only when the game did not start from the one position
 * every new game of its variant starts from (so always for a game whose
 * new games are dealt).  TimeControl is in the standard's forms ("?"
 * unknown, "-" none, "40/9000" moves in seconds, "300+2" seconds plus an
 * increment); when the sides had different ones it is WhiteTimeControl and
 * BlackTimeControl, as cutechess writes.  Termination is one of the
 * standard's words (DjPgnTermination).  The game's other tags follow.
 *
 * Moves are written as engines write them (DjVariant.format_move_engine),
 * numbered as PGN's export format numbers them: "N." before each move of
 * side 0, "N..." before a move of side 1 that starts the move text or
 * follows a comment (and, in a game whose moves may give the turn back to
 * their own side, before a move of the side that has just moved).  Each
 * move may be followed by a comment in braces (a match writes what the
 * engine said of its move, as cutechess does); a finished game's last move
 * is followed by a comment saying why the game ended, then the result.
 * Lines of move text are shorter than 80 characters, broken between words
 * (inside comments too).
 *
 * A game with compound turns (framework/turn.h: an Amazons turn is the
 * amazon's move, then its arrow) is written a token a turn, as PGN readers
 * expect one token after "N." and one after it for the other side: the
 * turn's moves joined by ',' (the ", " of a .dojo record without its
 * space, which PGN would read as two tokens), "1. d1-d6,/f4 c7-c3,/c2".
 * The comments of its moves follow the token in the moves' order, "{}"
 * standing for a move without one before a move with one.  Numbering
 * counts turns then (dj_game_turn_index).  A game whose extra turns are
 * not compound (a mancala's) writes each move as a token of its own.
 *
 * Reading accepts what is written here and the usual import format of
 * other tools: move numbers anywhere or nowhere ("12." "12..." "12.e4",
 * and "12" alone where it is not a legal move of the game),
 * comments in braces (across lines) or after ';' to the end of the line,
 * NAGs ("$1") and suffixes ("!", "?!"), variations in parentheses (nested,
 * skipped), and lines starting with '%' (skipped).  A token of moves joined
 * by ',' is played move by move, and must be one turn's (after each move
 * but the last the same side is still to move): the comments after it go
 * to its moves in order, "{}" to none; after a one-move token its move's
 * comment is the first.  Tags are one a line.
 * The game comes from the Variant tag (the registry's name, in any case);
 * a game without it, or of a variant this build does not have, is refused.
 * FEN (or, without it, a new game of the variant) is the start position.
 * White and Black become the game's tags named after its sides (as in a
 * .dojo record: record.h), and other tags stay tags, apart from those made
 * again on writing (Result, Variant, FEN, SetUp, Termination, PlyCount,
 * WhiteSide, BlackSide) and tags of the Seven Tag Roster left unknown
 * ("?").  Every move is checked against the rules.  Each game must end
 * with a result token, which must agree with its Result tag and with the
 * rules; a result the rules do not give (an adjudication, a loss on time)
 * is kept with the reason the last comment after the last move gives (or
 * else the Termination tag).  In a game whose result is known that last
 * comment is the reason, and a comment before it the last move's own. */
#ifndef DOJO_FRAMEWORK_RECORD_PGN_H
#define DOJO_FRAMEWORK_RECORD_PGN_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/record.h"

/* The value of the Termination tag: the PGN standard's words. */
typedef enum DjPgnTermination {
    DJ_PGN_TERMINATION_FROM_GAME = 0,  /* "unterminated" while the game goes on, else
                                        * "normal" */
    DJ_PGN_TERMINATION_NORMAL,         /* by the rules, or a resignation, or agreed */
    DJ_PGN_TERMINATION_ADJUDICATION,   /* by a referee's rule (scores, a ply limit) */
    DJ_PGN_TERMINATION_TIME_FORFEIT,   /* no move in time */
    DJ_PGN_TERMINATION_RULES_INFRACTION,  /* an illegal move */
    DJ_PGN_TERMINATION_ABANDONED,      /* a player went away (an engine crashed) */
    DJ_PGN_TERMINATION_UNTERMINATED,   /* not finished */
} DjPgnTermination;

/* The tag's word for `termination` ("time forfeit"); for FROM_GAME, the
 * word it stands for in `game`. */
const char *dj_pgn_termination_text(DjPgnTermination termination, const DjGame *game);

/* What a game's PGN holds besides the game itself; zeroed: nothing. */
typedef struct DjPgnExtras {
    DjPgnTermination termination;
    /* By side, in PGN's form ("10+0.1", "-"); NULL, NULL: the game's own
     * TimeControl tag (WhiteTimeControl and BlackTimeControl tags are
     * written as they are), else "?". */
    const char *time_control[2];
    /* The comment on each move (without braces), or NULL: none.  A '}'
     * in it is written as ')' (it would end the comment), line breaks as
     * spaces. */
    DjRecordCommentFn comment;
    void *user_data;
} DjPgnExtras;

/* Append the PGN of `game` with `extras` (NULL: none), the blank line
 * after its move text included. */
void dj_pgn_format(const DjGame *game, const DjPgnExtras *extras, GString *out);

/* One game read from a PGN. */
typedef struct DjPgnGame {
    DjGame *game;
    GPtrArray *comments;   /* dj_game_length entries: the comment after each move
                            * (its first, when there are several), NULL where none */
    int line;              /* the line the game starts on */
} DjPgnGame;

void dj_pgn_game_free(DjPgnGame *game);

/* Read every game of PGN `text` (a byte-order mark first is skipped): a
 * GPtrArray of DjPgnGame (it frees them; empty when the text holds none).
 * At the first fault, NULL and "line N: WHY" (DJ_ERROR); no partial list. */
GPtrArray *dj_pgn_parse(const char *text, GError **error);

/* The same, with the variants looked up in the NULL-terminated list
 * `variants` instead of the registry (for the tests' own games). */
GPtrArray *dj_pgn_parse_among(const char *text, const DjVariant *const *variants,
                              GError **error);

/* The most bytes of a PGN file read: a match's games, each some kilobytes. */
#define DJ_PGN_FILE_MAX_BYTES ((gsize)512 << 20)

/* Read and parse PGN file `path` (a regular file of at most
 * DJ_PGN_FILE_MAX_BYTES).  Errors name the file first: "PATH: WHY" or
 * "PATH: line N: WHY". */
GPtrArray *dj_pgn_load(const char *path, GError **error);

/* Whether `path` names a PGN file by its name: it ends in ".pgn" (in any
 * case). */
bool dj_pgn_is_pgn_path(const char *path);

/* ---- a PGN file that games are added to as they end --------------------- */

typedef struct DjPgnAppender DjPgnAppender;

/* Open `path` to add games at its end (made when missing; a file that is
 * there keeps what it holds, as cutechess's -pgnout does).  Anything but a
 * regular file is refused without waiting.  Errors read "PATH: WHY". */
DjPgnAppender *dj_pgn_appender_open(const char *path, GError **error);

/* Add `text` (one or more whole games) at the end of the file and flush it
 * to the disk.  A write that fails (a full disk) is taken back whole, so
 * that the file holds only whole games.  Errors read "PATH: WHY".  Not for
 * two threads at once. */
bool dj_pgn_appender_add(DjPgnAppender *appender, const char *text, GError **error);

void dj_pgn_appender_close(DjPgnAppender *appender);

#endif
