/* conformance.h: shared machinery of the cross-variant conformance suite.
 *
 * Every check in tests/conformance runs over every variant in
 * conf_variants() and never names one, so a new variant gets the whole
 * suite for free.  To check some games only, name them in the environment
 * variable DOJO_GAMES, separated by commas:
 *     DOJO_GAMES=onitama meson test -C build --suite conformance
 * (a name that is not built fails every test, naming the games built).
 * Randomness comes from GRand with a fixed seed per test
 * (override with the environment variable DOJO_CONFORMANCE_SEED); each
 * random game gets its own seed derived from it, and a failure prints that
 * game seed, the variant, the ply and the position string, so it can be
 * replayed on its own.
 *
 * Include order for test files: <stdarg.h>, <stddef.h>, <setjmp.h>, then
 * <cmocka.h> (cmocka needs them), then this header.
 */
#ifndef DOJO_TESTS_CONFORMANCE_CONFORMANCE_H
#define DOJO_TESTS_CONFORMANCE_CONFORMANCE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"

/* Where a check is made, for the failure report.  `game` and `ply` are -1
 * when they do not apply; `pos` may be NULL. */
typedef struct ConfWhere {
    const DjVariant *variant;
    guint32 seed;
    int game;
    int ply;
    const void *pos;
} ConfWhere;

/* Report a failed check (the position, variant, seed, ply and a message
 * formatted from `fmt`) and fail the current cmocka test.  Does not return. */
void conf_fail(const ConfWhere *where, const char *check, const char *file, int line,
               const char *fmt, ...) G_GNUC_PRINTF(5, 6);

/* Run `fn(data)` in a child process in which a failed check, instead of
 * failing the test, ends the child: returns that check's report (g_free
 * it), or NULL when every check held.  For the tests that prove a check
 * catches a planted bug. */
char *conf_failure_of(void (*fn)(void *data), void *data);

/* Check `cond`; on failure report it with a printf-style explanation (at
 * least a format string must be given). */
#define CONF_CHECK(where, cond, ...)                                         \
    do {                                                                     \
        if (!(cond))                                                         \
            conf_fail((where), #cond, __FILE__, __LINE__, __VA_ARGS__);      \
    } while (0)

/* The games the suite checks, NULL-terminated: every built game
 * (dj_registry_all()), or those the environment variable DOJO_GAMES names
 * (comma-separated, ASCII case ignored, in its order).  A name no built game
 * has, or a DOJO_GAMES of commas alone, fails the current test with a
 * message naming the games built.  Never NULL. */
const DjVariant *const *conf_variants(void);

/* The base seed of a test: `default_seed`, or DOJO_CONFORMANCE_SEED if set
 * (decimal, or hexadecimal after 0x); a value that is not a seed fails the
 * test saying so. */
guint32 conf_base_seed(guint32 default_seed);

/* The seed of game number `game` of a test with base seed `base`: replaying
 * with the same pair gives the same game. */
guint32 conf_game_seed(guint32 base, int game);

/* How many random games a test plays per variant: `default_games`, scaled
 * by DOJO_CONFORMANCE_SCALE (a factor above 0 and at most 1000, for longer
 * soak runs; another value fails the test saying so). */
int conf_games(int default_games);

/* One random game: the positions from the start to the end and the moves
 * between them.  positions holds (n_plies + 1) * variant->state_size bytes. */
typedef struct ConfLine {
    const DjVariant *variant;
    guint32 seed;           /* the game seed it was made from */
    guint64 setup_seed;     /* DjSetup.seed of its new game */
    int n_plies;
    unsigned char *positions;
    DjMove *moves;
} ConfLine;

/* Play a random game of `variant` from a new game, with uniformly random
 * legal moves drawn from a GRand seeded with `seed`, until
 * dj_position_outcome is not ONGOING or `max_plies` moves are played.  The
 * new game's setup seed is drawn from the same GRand.  Fails the test if
 * the new game cannot be set up. */
ConfLine *conf_line_random(const DjVariant *variant, guint32 seed, int max_plies);
void conf_line_free(ConfLine *line);

/* The position after `ply` moves of `line`. */
const void *conf_line_position(const ConfLine *line, int ply);

/* The new-game setup a ConfLine uses (no options, its setup seed). */
DjSetup conf_line_setup(const ConfLine *line);

/* Set up `pos` as a new game of `variant` with `setup_seed`, failing the
 * test (with `where` in the report) if setup is refused. */
void conf_new_game(const ConfWhere *where, const DjVariant *variant, guint64 setup_seed,
                   void *pos);

/* The legal moves of `pos` in a fresh array (g_free it); *n gets the count. */
DjMove *conf_legal_moves(const DjVariant *variant, const void *pos, int *n);

/* Whether `move` is among the legal moves of `pos` (which must be ongoing). */
bool conf_is_legal(const DjVariant *variant, const void *pos, DjMove move);

/* The canonical text of `move` in `pos` (g_free it). */
char *conf_move_text(const DjVariant *variant, const void *pos, DjMove move);

/* The position string of `pos` (g_free it). */
char *conf_position_text(const DjVariant *variant, const void *pos);

/* Check that `pv` (n_pv moves, at most DJ_SEARCH_MAX_PLY) is a sequence of
 * legal moves from `root` that does not go on after the game ends. */
void conf_check_pv(const ConfWhere *where, const DjVariant *v, const void *root,
                   const DjMove *pv, int n_pv);

/* Whether `text` contains "line N" with exactly the number `n`. */
bool conf_mentions_line(const char *text, int n);

/* Whether `text` contains "line " followed by some number. */
bool conf_mentions_any_line(const char *text);

#endif
