/* properties.h: the checks that catch rule bugs a generic suite cannot see
 * directly, through properties every game declares (framework/game.h):
 *
 *   symmetry    the image of a position under DjVariant.mirror has the
 *               same perft, evaluate() (and parts of it, eval_terms) and
 *               outcome (winner swapped when the image swaps the colours),
 *               and mirroring twice gives the position back byte for byte;
 *   parts       eval_terms() adds up to evaluate();
 *   move lists  noisy_moves() gives exactly the legal moves is_noisy()
 *               accepts, legal_moves_marked() gives legal_moves()'s
 *               list, in its order, with is_noisy() marked on each move,
 *               and gaining_moves() gives noisy_moves()' list, in its
 *               order, less moves move_gain() scores 0;
 *   bytes       setup() fills the whole block (a new game is the same bytes
 *               whatever the memory held before) and a position read back
 *               from its own string is the same bytes as the one played to;
 *   results     a finished game's reason, record and Result tag agree with
 *               its outcome (a draw is recorded as a draw, a reason names
 *               no other winner), and the search scores every move that
 *               ends the game by that game's outcome (a draw as 0).
 *
 * Each is a function of a variant, not of the registry, so that
 * test_planted_bugs.c can prove it fails on a deliberately broken copy of a
 * game.  Include conformance.h (and cmocka before it) first. */
#ifndef DOJO_TESTS_CONFORMANCE_PROPERTIES_H
#define DOJO_TESTS_CONFORMANCE_PROPERTIES_H

#include "framework/game_history.h"
#include "tests/conformance/conformance.h"

/* How many random games conf_check_properties plays per variant, and how
 * long each is at most. */
#define CONF_PROPERTY_GAMES 30
#define CONF_PROPERTY_MAX_PLIES 300

/* The symmetry checks at `pos` (ongoing or not), perft to `depth` plies;
 * nothing when the variant has no mirror. */
void conf_check_mirror(const ConfWhere *where, const void *pos, int depth);

/* When the variant has eval_terms: the parts of the ongoing `pos` are 1 to
 * DJ_EVAL_MAX_TERMS, named, and add up to evaluate(pos) (kept inside
 * +-DJ_SCORE_EVAL_MAX); and, given the mirror `image` of `pos` (or NULL),
 * each part is the same there.  conf_check_mirror calls it. */
void conf_check_eval_terms(const ConfWhere *where, const void *pos, const void *image);

/* When the variant has noisy_moves or legal_moves_marked (and is_noisy),
 * and gaining_moves (with noisy_moves and move_gain):
 * at the ongoing `pos`, each agrees with legal_moves() and is_noisy() as
 * framework/game.h asks. */
void conf_check_move_lists(const ConfWhere *where, const void *pos);

/* The byte checks: a new game with `setup_seed`, and `pos` read back from
 * its own position string. */
void conf_check_bytes(const ConfWhere *where, guint64 setup_seed, const void *pos);

/* The result checks on a finished game. */
void conf_check_result(const ConfWhere *where, const DjGame *game);

/* The search's scores of the moves of the ongoing `pos` that end the game
 * agree with the outcomes they reach. */
void conf_check_search_outcomes(const ConfWhere *where, const void *pos);

/* Every check above over `games` random games of `variant` from seed
 * `base`; returns how many finished games ended in a draw. */
int conf_check_properties(const DjVariant *variant, guint32 base, int games);

#endif
