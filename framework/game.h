/* game.h: the variant interface.
 *
 * A game plugs into dojo by filling one `const DjVariant` named
 * dj_variant_NAME, with designated initialisers, in variants/NAME/, and
 * adding NAME to the `variants` build option (meson_options.txt): the
 * registry's list (registry.c) is generated from that option, and nothing
 * else in the framework names a game.  The framework
 * (search, perft, notation, game records, the front end) talks to a game
 * only through this struct, so nothing outside variants/NAME/ knows the rules.
 *
 * Positions are plain blocks of `state_size` bytes.  The framework copies
 * them with memcpy (copy-make: to play a move it copies the parent and calls
 * play() on the copy), so a position must not contain pointers to itself or
 * own any heap memory.  The framework and the tests also compare positions
 * byte for byte (memcmp): two positions that are the same for the rules
 * must be the same bytes, padding included, however they were reached
 * (setup() from a string, a new game, play(), undo).  So setup() clears
 * the whole block (memset) before filling it, and any cached field (a key,
 * a material count, a King square) is a function of the rest (and of
 * the learnt network loaded, net.h, for sums a game keeps).  Moves are
 * small non-zero integers that only the variant decodes.
 *
 * Sides are numbered 0 and 1; side 0 is the one written first in
 * `side_names`, usually the side that moves first.
 *
 * Turns need not alternate: after play(), side_to_move() may be either
 * side (a move that gives its side another turn, as in mancala games, or a
 * turn made of several moves).  The framework never works out whose turn
 * it is from ply parity: the search, repetition, records and the front end
 * all ask side_to_move().  A game where that can happen says so with
 * `extra_turns`, so that the conformance suite checks strict alternation
 * for every other game.
 *
 * Squares, where the framework handles them (notation.h), are numbered
 * file + rank * board_width, with file 0 = 'a' and rank 0 = '1', as seen by
 * side 0 sitting at the bottom.
 */
#ifndef DOJO_FRAMEWORK_GAME_H
#define DOJO_FRAMEWORK_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <glib.h>

/* A move.  DJ_MOVE_NONE (0) is never a legal move.  Every move a variant
 * produces is below its dj_variant_move_limit(): DJ_MOVE_LIMIT unless the
 * game declares a larger range (DjVariant.move_limit), and never more than
 * DJ_MOVE_LIMIT_MAX, so the search can index or hash tables by move.  The
 * maximum is what the search keeps of a move in its transposition table and
 * its Monte Carlo tree: 24 bits. */
typedef uint32_t DjMove;
#define DJ_MOVE_NONE 0u
#define DJ_MOVE_LIMIT (1u << 16)
#define DJ_MOVE_LIMIT_MAX (1u << 24)

/* Scores are from the point of view of the side to move.  evaluate() must
 * stay strictly inside +-DJ_SCORE_EVAL_MAX; the search uses the band above
 * it for won and lost positions: a win in N plies scores DJ_SCORE_WIN - N. */
#define DJ_SCORE_WIN 30000
#define DJ_SCORE_EVAL_MAX 20000
#define DJ_SCORE_DRAW 0

/* The error domain for GErrors raised by the framework.  A variant may use
 * it too, with these codes, or a domain of its own (so that its tests can
 * tell its errors apart): the framework and the front end only ever show
 * an error's message, never branch on a variant's domain or code.  Either
 * way the message is what a player reads.  A file that cannot be read or
 * written is an error in GLib's own G_FILE_ERROR domain (see text_file.h). */
#define DJ_ERROR (dj_error_quark())
GQuark dj_error_quark(void);
typedef enum DjError {
    DJ_ERROR_INVALID,    /* malformed input: a move, position, option, record */
    DJ_ERROR_ILLEGAL,    /* well formed but against the rules */
    DJ_ERROR_GAME_OVER,  /* no more moves: the game has ended */
} DjError;

/* How a game's players count moves (DjVariant.move_count): both the number
 * a forced result is said with and the number each move is given. */
typedef enum DjMoveCount {
    /* As chess players count (the default): a forced result counts the
     * moves of the side to move ("win in 2": two of its own moves, the
     * replies between them not counted), and the moves are numbered by
     * pairs of turns ("12." the first mover's twelfth, "12..." the reply). */
    DJ_MOVE_COUNT_TURNS = 0,
    /* As shogi players count: every move of either side counts ("mate in
     * 3": attacker, defender, attacker) and has a number of its own
     * (1, 2, 3, ... as a kifu numbers them). */
    DJ_MOVE_COUNT_PLIES,
} DjMoveCount;

typedef enum DjOutcome {
    DJ_OUTCOME_ONGOING = 0,
    DJ_OUTCOME_WIN_SIDE0,
    DJ_OUTCOME_WIN_SIDE1,
    DJ_OUTCOME_DRAW,
} DjOutcome;

/* How a game is decided by the position, as data the conformance suite
 * checks outcome() against at every position of random games
 * (DjVariant.result_rules: one or more of these, or'ed).  Each flag is a
 * rule the game plays by; a position where a declared rule applies must
 * have the outcome it says, and every end outcome() reports must be one
 * that a declared rule gives (or the game declares DJ_RESULT_OTHER). */
typedef enum DjResultRule {
    /* The side to move that has no legal move loses: legal_moves() returns
     * 0 and outcome() says ONGOING (the framework decides it, see
     * legal_moves).  Checkmate and stalemate in shogi, a blocked player in
     * the Amazons.  Without it a position with no legal move fails. */
    DJ_RESULT_NO_MOVE_LOSES = 1 << 0,
    /* The side to move that has no legal move (nothing but a pass, where
     * the game has one, see is_pass) wins: outcome() says so. */
    DJ_RESULT_NO_MOVE_WINS = 1 << 1,
    /* A side with no royal piece on the board (DjSquareView.royal, so
     * view_squares is needed) has lost: a captured master or King. */
    DJ_RESULT_ROYAL_CAPTURED = 1 << 2,
    /* A side whose royal piece stands on a special square
     * (DjSquareView.special) in the other side's half of the board has won:
     * Onitama's master on the enemy temple. */
    DJ_RESULT_ROYAL_ON_FAR_SPECIAL = 1 << 3,
    /* The game ends when neither side can move (the side to move has
     * nothing but a pass, and after it the other side neither), and the
     * side with more pieces on the board (view_squares) wins, equal
     * numbers a draw: Othello.  The suite calls legal_moves() and plays
     * the pass on a position that outcome() ends this way, to see that
     * neither side could move: at such a position legal_moves() returns
     * the pass alone and play() takes it. */
    DJ_RESULT_MOST_PIECES = 1 << 4,
    /* The game also ends in ways the flags above do not describe (a count
     * of captured stones, a goal reached): such ends are not checked. */
    DJ_RESULT_OTHER = 1 << 5,
} DjResultRule;

/* A perft count a game's rules publish (DjVariant.perft_counts): the
 * leaves `depth` plies below the start `position`, as other engines of the
 * game count them.  The conformance suite checks them. */
typedef struct DjPerftCount {
    const char *position;   /* a position string setup() reads; NULL ends a table */
    int depth;              /* in moves (plies), or with `turns` in whole turns */
    uint64_t leaves;
    bool turns;             /* counted by turns (dj_perft_turns, compound_turns) */
} DjPerftCount;

/* One NAME=VALUE game option as given by the user (for example
 * cards=ox,boar,horse,elephant,crab, a game's choice of cards). */
typedef struct DjOptionValue {
    const char *name;
    const char *value;
} DjOptionValue;

/* What the value of a game option is. */
typedef enum DjOptionKind {
    DJ_OPTION_TEXT = 0,   /* free text, for the game alone to judge */
    DJ_OPTION_CHOICE,     /* one word of `values` (ASCII case ignored) */
    DJ_OPTION_LIST,       /* words of `values`, comma-separated; how many and
                           * which together is for the game to judge */
    DJ_OPTION_NUMBER,     /* a whole number from `min` to `max` */
} DjOptionKind;

/* An option a variant understands.  The table (DjVariant.options) is all
 * any front end knows of a game's options: the command line's --NAME and
 * -o NAME=VALUE, its help and completion, the exclusion check, UCI's
 * options all come from it, so each entry says everything about its
 * option.  dj_variant_options_check() applies what the table says. */
typedef struct DjVariantOption {
    const char *name;     /* lower case, one word: -o NAME=VALUE, --NAME VALUE */
    const char *arg;      /* what the value looks like in help: "LIST", "base|senseis|both" */
    const char *help;     /* one line */
    DjOptionKind kind;
    const char *const *values;    /* CHOICE, LIST: every word allowed, NULL-terminated;
                                   * a CHOICE's first is its default */
    int min, max;                 /* NUMBER: the range */
    const char *const *excludes;  /* the names of the options that cannot be
                                   * given together with this one (NULL-terminated;
                                   * NULL: none); saying it on one side is enough */
    const char *excludes_why;     /* why not, in a player's words, for the message
                                   * ("the cards are named, so a deck to deal from
                                   * does not apply"); may be NULL */
} DjVariantOption;

/* How a game starts. */
typedef struct DjSetup {
    const char *position;            /* a position string, or NULL: a new game */
    guint64 seed;                    /* for anything random in a new game */
    const DjOptionValue *options;    /* n_options NAME=VALUE pairs */
    int n_options;
} DjSetup;

/* One weight of a game's evaluation that a tuner may change (see
 * framework/params.h and DjVariant.params). */
typedef struct DjParam {
    const char *name;   /* unique in the game: lower-case letters, digits and '_' */
    int *value;         /* the weight itself: evaluate() reads it at every call */
    int min, max;       /* the range a tuner may try */
} DjParam;

/* One part of a static evaluation, for people reading it (DjVariant.eval_terms):
 * each side's share from its own point of view, so that the part adds
 * `mine - theirs` to evaluate(). */
typedef struct DjEvalTerm {
    const char *name;   /* a few words: "material", "king safety" */
    int mine;           /* the side to move's share (higher is better for it) */
    int theirs;         /* the other side's share (higher is better for it) */
} DjEvalTerm;

/* More parts than any game's evaluation has. */
#define DJ_EVAL_MAX_TERMS 16

/* How render() should draw. */
typedef struct DjRenderStyle {
    bool color;        /* ANSI colour escapes allowed */
    bool traditional;  /* the game's traditional glyphs (kanji, say); may be ignored */
    DjMove last_move;  /* the move that led to this position, to mark it; or DJ_MOVE_NONE */
    int bottom_side;   /* the side drawn at the bottom of the board */
} DjRenderStyle;

/* The widest line of render_holdings, in terminal columns. */
#define DJ_HOLDINGS_COLUMNS 38

/* The most bytes of a piece's glyph in a DjSquareView, with its NUL. */
#define DJ_GLYPH_MAX 16

/* One square as a front end that draws the board itself shows it (a
 * full-screen terminal board, with a cursor and marks of its own). */
typedef struct DjSquareView {
    char glyph[DJ_GLYPH_MAX]; /* the piece as render() would draw it, UTF-8, one or two
                               * terminal columns wide, no escapes, not blank; every
                               * glyph of one style the same width, so that a board
                               * lines up; "" for no piece */
    int side;                 /* the piece's owner; -1 exactly when glyph is "" */
    bool royal;               /* the piece whose loss ends the game (a master, a King):
                               * the front end marks it when its side is in check */
    bool special;             /* a square the rules single out (a temple, a promotion
                               * zone's edge): drawn apart, whatever stands on it */
} DjSquareView;

typedef struct DjVariant DjVariant;

struct DjVariant {
    /* ---- facts ---------------------------------------------------------- */
    const char *name;              /* lower case, one word: typed on the command line */
    const char *title;             /* for people, capitalised and with its diacritics */
    const char *summary;           /* one line for `dojo list` */
    size_t state_size;             /* bytes in a position */
    int max_moves;                 /* bound on legal_moves() in any position
                                    * setup() accepts, from a string too, not
                                    * only in positions reachable in play */
    int board_width, board_height; /* at most 26 files, 99 ranks */
    const char *side_names[2];     /* "Blue", "Red" */
    const DjVariantOption *options;/* the game's own options, each described completely
                                    * (DjVariantOption); terminated by an entry with
                                    * name == NULL; NULL: none */
    bool extra_turns;              /* a move may leave the turn with the side that made it
                                      (false: every move passes the turn, and the
                                      conformance suite checks that it does) */
    /* With extra_turns: the moves one side makes in a row are the parts of
     * one turn (an Amazons turn: the amazon's move, then its arrow), and a
     * person thinks in turns (framework/turn.h).  Then `dojo perft --turns`
     * counts whole turns (it does for any game); a hint, `analyze` and the
     * play loop show the whole turn the search chose, joined by ", " as
     * records join a turn's moves, and the computer plays all of it from one
     * search (so one share of its clock goes to a turn: clock_horizon_moves
     * counts turns); UCI's bestmove is the turn's first move, the rest in
     * its pv; the prompt takes a whole turn in a line in that joined form,
     * or a part at a time; `undo`, `history` and `dojo review` work by
     * turns (a review judges a whole turn); "win in N" counts the side's
     * turns; and the search's depth counts turns (a move
     * that keeps the turn costs no depth: search.h).  false (the default):
     * each move is a turn of its own for all of these (a mancala's extra
     * turn is a new decision, not the rest of one). */
    bool compound_turns;
    /* Optional (0: DJ_MOVE_LIMIT).  Every move the game produces is below
     * it; at most DJ_MOVE_LIMIT_MAX.  A game that encodes a compound turn
     * as one move (an Amazons turn: from, to and arrow) declares its range
     * here, as OpenSpiel's NumDistinctActions; the search sizes its tables
     * by move to it (dj_variant_move_limit). */
    uint32_t move_limit;
    /* Optional (NULL: a generic scale, see dj_level_elo in search/level.h).
     * The Elo of each of the ten playing levels in this game, level 1
     * first, rising: figures measured in matches (bench/levels.sh) on a
     * scale of the game's own.  UCI_Elo is mapped onto it. */
    const int *level_elo;
    /* Optional (NULL: the framework's, see search/level.c).  Nine figures:
     * how many nodes each of playing levels 1 to 9 searches at most (0: no
     * node limit; the level's depth limit still holds).  Positions of one
     * game are cheaper to search than another's, and a node is worth more
     * Elo in one game than in another, so a game whose levels come out
     * unevenly spaced in matches gives its own (docs/strength.md). */
    const uint64_t *level_nodes;

    /* Repetition.  A position is identified by key().
     * repetition_draw: when a position occurs for this many times the game
     *   is over (a draw, unless perpetual_check_loses applies); 0: never.
     * repetition_claim: from this many occurrences on, a player may claim a
     *   draw (and computer-only games do); 0: never.
     * perpetual_check_loses: a repetition in which one side gave check with
     *   every one of its moves is a loss for that side (needs in_check).
     *   With extra turns, with every turn it ended: a move that leaves the
     *   turn with its side checks no one (repetition.h).
     * The search scores any repetition inside its tree by the same rule
     * (draw, or a loss for the perpetual checker). */
    int repetition_draw;
    int repetition_claim;
    bool perpetual_check_loses;

    /* Time under a clock that gives no moves to go: the number of its own
     * moves a side shares what is left of its clock among (DjClock,
     * framework/search/timeman.h); 0: DJ_CLOCK_HORIZON_MOVES.  A game decided
     * early, by the fights of its middle game, spends more while they last
     * with fewer. */
    int clock_horizon_moves;

    /* How the game's players count moves, for every front end and record
     * (DjMoveCount; framework/move_count.h says a result in it).  A result
     * is a "mate" in a game with check (in_check), a "win" elsewhere. */
    DjMoveCount move_count;

    /* Optional (0: 100).  The value of a typical clear advantage in
     * evaluate()'s units (a pawn in chess: 100, a disc's worth where that
     * is the game's scale).  The search's pruning margins and the tests'
     * bounds on scores are given in hundredths of it, so a game may score
     * on any scale. */
    int eval_unit;

    /* How the game is decided by the position: DjResultRule flags, or'ed.
     * Required by the conformance suite (0 fails it, saying what to add):
     * the flags that fit, with DJ_RESULT_OTHER where they do not say all. */
    unsigned result_rules;

    /* With is_pass: a pass is legal beside other moves, as in Go (false: a
     * pass is legal only when no other move is, as in Othello, and the
     * conformance suite checks that it is so at every position it meets). */
    bool pass_anytime;

    /* The perft counts the game's rules publish (DjPerftCount), ended by
     * an entry with position NULL: from the start, and from other
     * positions where they are published.  Required by the conformance
     * suite, which checks every count up to a few million leaves (the rest
     * are for bench/perft_bench.c); a game nobody has counted yet gives
     * counts made by an independent program and says so where it gives them. */
    const DjPerftCount *perft_counts;

    /* ---- rules ---------------------------------------------------------- */

    /* Fill `pos` with a new game (setup->position == NULL), using
     * setup->seed for anything random and setup->options for the variant's
     * options, or with the position string setup->position (options and seed
     * are then ignored).  On bad input (unknown option, malformed string,
     * impossible position) returns false with `error` set to a message a
     * player understands; `pos` is then unspecified.  Never crashes on any
     * input string.  For a new game it refuses what its `options` table
     * refuses (dj_options_check() does that part: an unknown name,
     * a name given twice, options that exclude each other, a choice or
     * number out of bounds), then judges the values itself. */
    bool (*setup)(void *pos, const DjSetup *setup, GError **error);

    /* 0 or 1: whose turn it is.  Read after every move: it need not be the
     * other side than before the move (see `extra_turns`). */
    int (*side_to_move)(const void *pos);

    /* Write every legal move of `pos` to `out` (room for max_moves) and
     * return how many.  Order is deterministic.  Called only on positions
     * where outcome() is ONGOING.  Returning 0 means the side to move has no
     * move and has LOST: a game where that is not so must generate a pass
     * move instead.  A game that ends when neither side can move (Othello,
     * Go-like games) generates one pass move when only the side to move is
     * stuck, and its outcome() detects that neither side can move and
     * decides the result by the game's rule (count, score); two passes in a
     * row are then never reached. */
    int (*legal_moves)(const void *pos, DjMove *out);

    /* Optional (NULL: the framework calls legal_moves).  The number
     * legal_moves() would return, for perft's bulk counting.  Like
     * legal_moves, called only on ongoing positions; on a position that
     * outcome() ends it may return anything (perft never asks). */
    int (*count_moves)(const void *pos);

    /* Play `move`, which legal_moves(pos) produced, updating key() and the
     * side to move: the other side, or with `extra_turns` either side.
     * Never called with anything else. */
    void (*play)(void *pos, DjMove move);

    /* Optional (NULL: the game has no pass).  Whether `move` (legal in
     * `pos`) is a pass: a move that changes nothing on the board and hands
     * over the turn.  Unless pass_anytime, a pass is legal only when the
     * side to move has no other move, and the conformance suite checks it. */
    bool (*is_pass)(const void *pos, DjMove move);

    /* Optional (NULL: no null-move pruning).  Hand the turn to the other side
     * without moving, updating key().  Supply it only if passing the turn is
     * a sound guess of "this position is at least this good" in the game. */
    void (*play_null)(void *pos);

    /* Whether the game is over by the position alone (a master captured, a
     * temple reached, neither side able to move in a game decided by
     * counting).  A variant need not detect "no legal move" here: the
     * framework does (see legal_moves).  Repetition is the framework's.
     * DJ_OUTCOME_DRAW is a draw everywhere (record, play, search): never
     * report a drawn count as a win for either side. */
    DjOutcome (*outcome)(const void *pos);

    /* The Zobrist key of `pos`, kept incrementally by setup() and play().
     * It covers everything that makes positions different for the rules
     * (board, cards or hands, side to move): positions with the same key
     * are the same position with the same side to move.  Incremental
     * updates pay where a move touches a few squares of a big state; where
     * a move rewrites most of the state (sowing in a mancala), play() may
     * as well store compute_key()'s result: it is just as cheap. */
    uint64_t (*key)(const void *pos);

    /* The same key computed from nothing but the position's contents; the
     * conformance suite checks that key() == compute_key() after every move. */
    uint64_t (*compute_key)(const void *pos);

    /* Optional (NULL: the game has no check).  Whether the side to move is
     * in check. */
    bool (*in_check)(const void *pos);

    /* Optional (NULL: the conformance suite skips its symmetry checks, which
     * are the ones that catch most rule bugs: supply it).  Write to `out`
     * (state_size bytes, filled completely, as setup() does) the image of
     * `pos` under a symmetry of the rules: a left-right reflection, or a half
     * turn of the board with the colours (hands, cards) swapped, or whatever
     * the game is symmetric under.  The image's game tree is the image of
     * pos's: the same number of legal moves at every depth, the same
     * evaluate(), the same outcome (with the winner swapped when the image
     * has the other side to move).  Applying it twice gives `pos` back byte
     * for byte.  Prefer a symmetry that swaps the colours where the game has
     * one: the suite then also catches an outcome() or evaluate() that
     * favours one side (a drawn count reported as a win). */
    void (*mirror)(const void *pos, void *out);

    /* ---- search --------------------------------------------------------- */

    /* Optional (NULL: the game has no evaluation yet; it is then searched
     * by Monte Carlo tree search (search/mcts.h), which needs only the
     * rules, and the alpha-beta search refuses it).  A static score of
     * `pos` from the side to move's point of view, in about hundredths of a
     * pawn, strictly inside +-DJ_SCORE_EVAL_MAX.  Called only on ongoing
     * positions.  A function of what key() covers (and of the weights,
     * `params`): the search remembers evaluations by key for the length of
     * one search. */
    int (*evaluate)(const void *pos);

    /* Whether `move` (legal in `pos`) is tactical enough to search in
     * quiescence and to try early: captures, promotions, wins, checks...
     * Required with evaluate; optional (NULL) without, when MCTS uses it,
     * if given, to prefer such moves in its playouts.  A game without
     * captures (a placement game) returns true for moves that win at once
     * or swing the position a lot, or simply false: then quiescence is a
     * plain evaluate() and the search still works. */
    bool (*is_noisy)(const void *pos, DjMove move);

    /* Optional (NULL: the evaluation cannot be taken apart).  evaluate()
     * of the ongoing `pos` in its parts, at most DJ_EVAL_MAX_TERMS of them
     * written to `out`; returns how many.  The parts' `mine - theirs` add
     * up to evaluate(pos) before it is kept inside +-DJ_SCORE_EVAL_MAX (a
     * part that belongs to the side to move alone, such as a tempo bonus,
     * has theirs 0).  For people (`dojo analyze --eval`, the `eval` command
     * of `dojo uci`) and tests: never called by the search. */
    int (*eval_terms)(const void *pos, DjEvalTerm *out);

    /* Optional (NULL: the framework filters legal_moves with is_noisy).
     * Write exactly the legal moves for which is_noisy() is true, in any
     * order, and return how many: quiescence search calls it at every node,
     * so generating captures directly pays. */
    int (*noisy_moves)(const void *pos, DjMove *out);

    /* Optional (NULL: the search calls legal_moves, then noisy_moves or
     * is_noisy).  legal_moves() and is_noisy() in one pass: write the very
     * moves legal_moves() writes, in the same order, set noisy[i] to 1 where
     * is_noisy(pos, out[i]) holds and to 0 elsewhere, and return how many.
     * The main search orders moves with it at every node, where a second
     * pass of the generator for the noisy ones costs as much as the first.
     * The same order keeps a search the same with and without it. */
    int (*legal_moves_marked)(const void *pos, DjMove *out, uint8_t *noisy);

    /* Optional (NULL: quiescence filters noisy_moves by move_gain).  The
     * noisy moves that may win something at once: write every move of
     * noisy_moves() whose move_gain() is not 0 (others of it may come too),
     * in the order noisy_moves() gives them, and return how many.  Below
     * its first ply quiescence searches only such moves, so a game whose
     * noisy moves include costly ones that gain nothing (checks) saves
     * finding those at most of its nodes.  Needs noisy_moves and
     * move_gain. */
    int (*gaining_moves)(const void *pos, DjMove *out);

    /* Optional (NULL: noisy moves are ordered by history alone).  What
     * `move` (legal in `pos`) wins at once, in evaluate()'s units: the value
     * of the piece it captures plus any promotion gain; 0 for a quiet move,
     * at most DJ_SCORE_EVAL_MAX.  The search tries the biggest gains first
     * and skips captures in quiescence that cannot lift the score near
     * alpha, so an estimate that is too low loses tactics.  A game without
     * captures leaves it NULL. */
    int (*move_gain)(const void *pos, DjMove move);

    /* Optional (NULL: no exchange pruning).  The static exchange value of
     * `move` (legal in `pos`), in evaluate()'s units: what the side to move
     * has gained once the move and the best sequence of recaptures on its
     * destination are played out, each side free to stop; negative when the
     * move loses material.  An estimate (pins may be ignored), but its sign
     * matters: the search drops losing captures from quiescence and prunes
     * moves that lose material near the horizon. */
    int (*see)(const void *pos, DjMove move);

    /* Optional (NULL, 0: nothing to tune).  The evaluation's weights, by
     * name, n_params of them.  A weight may be changed between searches
     * (never during one), so nothing derived from it may be kept in a
     * position: a position set up before a change evaluates as one set up
     * after it (a game that sums material as pieces move keeps counts of
     * pieces, not their values, so that the values can be weights).  The
     * values compiled in are the defaults. */
    const DjParam *params;
    int n_params;

    /* Optional (0, NULL, NULL: no learnt evaluation; framework/net.h).
     * net_features writes the features of the ongoing `pos`, from the side
     * to move's point of view, each below net_inputs, at most
     * DJ_NET_MAX_ACTIVE of them, and returns how many; a position and its
     * image by `mirror` (the same game from the other side) have the same
     * features.  `net` points at the slot of the network evaluate() adds
     * to its own score (NULL there: none): dj_net_install() sets it between
     * searches, never during one. */
    int net_inputs;
    int (*net_features)(const void *pos, uint16_t *out);
    const struct DjNet **net;
    /* Optional (NULL: none): the game's own network, its file's text line
     * by line, NULL-terminated, as the build embeds it
     * (framework/embed_lines.py).  dj_net_builtin() reads it; the front
     * end installs it for full-strength play. */
    const char *const *net_builtin;

    /* ---- endgames ------------------------------------------------------- */

    /* Optional (NULL: the game cannot be solved).  How the game numbers
     * classes of endings, so that the tablebase solver can solve them and
     * the search can probe the tables (framework/endgame.h). */
    const struct DjEndgames *endgames;

    /* ---- notation ------------------------------------------------------- */

    /* Parse move text typed by a person or read from a record.  Accepts the
     * canonical form of format_move() and may accept friendlier ones.  On
     * success stores a LEGAL move of `pos` and returns true; otherwise
     * returns false with `error` saying why in words (malformed, no such
     * piece, illegal because..., ambiguous: which moves it could be). */
    bool (*parse_move)(const void *pos, const char *text, DjMove *out, GError **error);

    /* Append the canonical text of `move` (legal in `pos`) to `out`: one
     * token, no spaces, that parse_move() reads back to the same move.  It
     * must not begin or end with a comma: records join the moves of one
     * turn with ", " (record.h). */
    void (*format_move)(const void *pos, DjMove move, GString *out);

    /* Append the position string of `pos`; setup() reads it back to a
     * position with the same key. */
    void (*format_position)(const void *pos, GString *out);

    /* Optional (NULL: format_move).  The move as engine protocols write it
     * (`dojo uci`, and what `dojo match` sends to other engines), where the
     * game's engines agree on a form other than the canonical one (drops
     * as "P@e5", say).  parse_move() must read it back to the same move. */
    void (*format_move_engine)(const void *pos, DjMove move, GString *out);

    /* Optional (NULL: format_position).  The position as engine protocols
     * write it after `position fen` (a FEN with the pieces in hand in
     * brackets, say).  setup() must read it back to the same key. */
    void (*format_position_engine)(const void *pos, GString *out);

    /* Append a drawing of the position for a terminal: board, what each side
     * holds (cards, pieces in hand), whose turn.  Ends with a newline.  No
     * legend: that is render_legend's. */
    void (*render)(const void *pos, const DjRenderStyle *style, GString *out);

    /* Optional (NULL: none).  Append what the signs of render() and of
     * view_squares/render_holdings mean ("M S Blue master, students; ...
     * === temple"), as lines of at most 78 columns, each ending with a
     * newline (colour escapes, only with style->color, take no column).
     * Shown on request (the `help` of dojo play), not every turn. */
    void (*render_legend)(const DjRenderStyle *style, GString *out);

    /* Optional (NULL: a full-screen front end shows render()'s text and
     * takes moves typed only).  Fill `out`, board_width * board_height
     * entries indexed by square (notation.h), with what stands on each
     * square of `pos`.  With view_squares a front end draws the board
     * itself, so it can put a cursor on it and mark squares.  The style
     * chooses the glyphs (style->traditional); side, royal and special
     * are the same in every style. */
    void (*view_squares)(const void *pos, const DjRenderStyle *style, DjSquareView *out);

    /* Optional, with view_squares (NULL: nothing beside the board).  Append
     * what `side` holds beside the board (its cards, each drawn with its
     * moves; its pieces in hand with their counts), or with side -1 what
     * belongs to neither (the side card), as lines of plain text (no
     * escapes) of at most DJ_HOLDINGS_COLUMNS columns, each ending with a
     * newline; nothing when there is nothing to show.  style->bottom_side
     * says which way the board is turned, for drawings that turn with it. */
    void (*render_holdings)(const void *pos, const DjRenderStyle *style, int side,
                            GString *out);

    /* The square a move starts from (numbered as in notation.h), or -1 for
     * moves that start from no square (drops, placements, passes).  `moves
     * a1` lists the moves that start or end on a1. */
    int (*move_origin)(const void *pos, DjMove move);

    /* Optional (NULL: `moves a1` finds moves by their origin only).  The
     * square a move ends on, or -1 for moves that end on no square (passes).
     * A placement game needs it: its moves start from no square. */
    int (*move_destination)(const void *pos, DjMove move);

    /* Optional (NULL: a game's moves are numbered from 1).  The number of
     * the next move in `pos`, in the game's count (move_count), where the
     * game's position strings carry one (a SFEN's move number): a game set
     * up from such a string numbers its moves on from there, so that what
     * render() says and what the front end and records number agree.  At
     * least 1. */
    int (*move_number)(const void *pos);

    /* Optional.  Append why the game is over in `pos` when outcome() says
     * it is ("Red's master was captured"), without a final newline.  The
     * front end names the winner and the result itself: say only why. */
    void (*describe_outcome)(const void *pos, GString *out);

    /* Optional.  Append a short description of `move` (legal in `pos`, the
     * position before it) for people, or nothing.  The front end shows it in
     * brackets after the move text: "Red plays tiger:c5c3 (<text>)", so it
     * says what the move does, not the move again: "the master takes Blue's
     * student", not "c5c3 takes...". */
    void (*describe_move)(const void *pos, DjMove move, GString *out);
};

/* The outcome of `pos` under the rules, including "no legal move loses"
 * (repetition is a property of the game history, see dj_game_outcome()). */
DjOutcome dj_position_outcome(const DjVariant *variant, const void *pos);

/* ---- game options (DjVariantOption) -------------------------------------- */

/* The option of `table` (a DjVariant.options, may be NULL) called `name`
 * (ASCII case ignored), or NULL. */
const DjVariantOption *dj_option_find(const DjVariantOption *table, const char *name);

/* Whether options `a` and `b` of one game cannot be given together (either
 * names the other in its `excludes`); then *why, if not NULL, is the
 * reason one of them gives (NULL when neither gives one). */
bool dj_options_exclude(const DjVariantOption *a, const DjVariantOption *b, const char **why);

/* Check the `n` NAME=VALUE `options` of a new game of `title` (the game's
 * DjVariant.title, for messages) against its option `table` (may be NULL:
 * no options): each is an option of the game, none is given twice, no two
 * exclude each other, a CHOICE is one of its values and a NUMBER inside
 * its range.  LIST and TEXT values are left to the game.  false with a
 * DJ_ERROR_INVALID message a player understands (quoting what was typed)
 * at the first fault.  A game's setup() calls it first: it takes the
 * table rather than the DjVariant so that setup() need not name the
 * DjVariant that names it. */
bool dj_options_check(const char *title, const DjVariantOption *table,
                      const DjOptionValue *options, int n, GError **error);

/* The side that wins in `outcome`, or -1 for ONGOING and DRAW. */
int dj_outcome_winner(DjOutcome outcome);

/* The outcome in which `side` wins. */
DjOutcome dj_outcome_win_for(int side);

/* Number of legal moves (count_moves if supplied, else legal_moves). */
int dj_count_moves(const DjVariant *variant, const void *pos);

/* The bound every move of `variant` is below: its move_limit, or
 * DJ_MOVE_LIMIT when that is 0. */
uint32_t dj_variant_move_limit(const DjVariant *variant);

#endif /* DOJO_FRAMEWORK_GAME_H */
