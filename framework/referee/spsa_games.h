/* spsa_games.h: the games `dojo spsa` plays: for each iteration one pair
 * between two copies of the same UCI engine, one playing with the weights
 * θ+ and the other with θ-, refereed as `dojo match` referees
 * (match_game.h) from the openings a match would play (match_run.h).
 *
 * The weights reach an engine as a weights file (framework/params.h) in a
 * private temporary folder, by `setoption name Weights value FILE` before
 * each game; an engine that offers no Weights option cannot be tuned and
 * is an error.  Engines are started when first needed and kept for the
 * following pairs.  Anything that would make a result say nothing of the
 * weights is an error that stops the tuning: an engine that does not
 * start, crashes, falls silent (under a node limit) or plays an illegal
 * move.  A loss on time under a clock or movetime is a result; the late
 * engine is started again for the next game. */
#ifndef DOJO_FRAMEWORK_REFEREE_SPSA_GAMES_H
#define DOJO_FRAMEWORK_REFEREE_SPSA_GAMES_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/referee/match_game.h"
#include "framework/referee/match_run.h"
#include "framework/referee/uci_engine.h"

typedef struct DojoSpsaGamesPlan {
    const DjVariant *variant;
    const DojoEngineSpec *engine;     /* both players; its name (with "+" or "-") in messages */
    DojoMatchLimits limits;           /* the same for both */
    DojoAdjudication adjudication;
    const DojoMatchPlan *openings;    /* only what dojo_match_opening reads */
    bool together;                    /* play the two games of a pair at once */
    int startup_timeout_ms;           /* for uci/uciok and isready/readyok */
} DojoSpsaGamesPlan;

typedef struct DojoSpsaGames DojoSpsaGames;

/* Ready to play the games of `plan` (which must outlive the result):
 * makes the temporary folder (no engine starts yet).  `cancel`, a flag
 * that once non-zero stops every wait of every engine (Ctrl-C raises it),
 * must outlive the result too. */
DojoSpsaGames *dojo_spsa_games_new(const DojoSpsaGamesPlan *plan, gint *cancel, GError **error);

/* End every engine (see dojo_engine_free) and remove the temporary folder
 * with all in it.  NULL is allowed. */
void dojo_spsa_games_free(DojoSpsaGames *games);

/* Play pair `pair` (from 0; its opening is the match's pair `pair`): game
 * 0 with θ+ (`plus`, every weight of the variant in its order) on side 0
 * and θ- (`minus`) on side 1, game 1 the other way round.  Sets
 * plus_half_points[game] to θ+'s half points in each game (0 lost, 1
 * drawn, 2 won).  False with an error when the pair has no result:
 * G_IO_ERROR_CANCELLED when the cancel flag stopped it, else what went
 * wrong, naming the game and the engine. */
bool dojo_spsa_games_play_pair(DojoSpsaGames *games, const int *plus, const int *minus,
                               int pair, int plus_half_points[2], GError **error);

#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoSpsaGames, dojo_spsa_games_free)
#endif

#endif
