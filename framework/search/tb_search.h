/* tb_search.h: what the searches make of endgame tables
 * (framework/tablebase/probe.h), shared by alpha-beta and MCTS.
 *
 * A table gives a position's value for its side to move and, where the
 * table keeps them, the plies to the end with best play.  The searches turn
 * that into their own scale: a win in N plies from the root is
 * DJ_SCORE_WIN - N, as a win the search finds itself, so a table's result
 * and a searched one compare; a table without distances gives a "known
 * win" just below the decisive band (DJ_SCORE_TB_WIN), which outranks any
 * evaluation but is never said as "win in N".
 *
 * Repetition and move limits: a table's value is the game's without either
 * (a position no side can win from is a draw, a win is one however long it
 * takes).  A win in the table stays a win under a repetition rule, since
 * the fastest winning line never comes back to a position (its distance
 * falls by one every ply); so the searches look for a repetition first and
 * probe after, and at the root they prefer, among the winning moves, one
 * that repeats no position of the game (a repetition would hand the other
 * side a claim).  A draw by a limit on the game's length (dojo match's
 * --max-plies) is not the table's concern: a win longer than the limit
 * would be adjudicated a draw, as a searched one would.
 *
 * At the root: a position the tables hold with distances is answered from
 * them without a search (dj_tb_search_rank_root; DjSearchInfo.tablebase);
 * one they hold without distances has its moves cut to those that keep its
 * value and is searched without probes below (dj_tb_search_keep_value).
 * Below it, every node is probed after its repetition check, the horizon's
 * included (a node the tables hold is not searched further).
 *
 * Probes are counted as "tbhits" (DjSearchInfo.tbhits) when they answer. */
#ifndef DOJO_FRAMEWORK_SEARCH_TB_SEARCH_H
#define DOJO_FRAMEWORK_SEARCH_TB_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "framework/game.h"
#include "framework/repetition.h"
#include "framework/search/score.h"
#include "framework/search/search_types.h"
#include "framework/tablebase/probe.h"

/* A table's win whose distance is not kept, at the root (less the plies
 * from the root, so that a nearer one is preferred): above every
 * evaluation, below every "win in N". */
#define DJ_SCORE_TB_WIN (DJ_SCORE_DECISIVE - 1 - DJ_SEARCH_MAX_PLY)

/* The score of `pos` (ONGOING) `ply` plies below the root from the tables,
 * for its side to move: true with *score set when a table has it. */
bool dj_tb_search_score(DjTablebase *tables, const void *pos, int ply, int *score);

/* The root's moves valued by the tables, for a root that a table holds
 * with distances: each of the `n` `moves` gets in `scores` the root side's
 * score after it (a move that ends the game by its outcome, a table's
 * value of the position it leads to), and the moves are sorted best first:
 * by score, except that a win that repeats a position of `line` (the game
 * up to the root, n_line entries, may be NULL) comes after every win that
 * does not.  *probes counts the probes that answered.  false, with the
 * moves' order unspecified, when some position cannot be valued so (the
 * root or a child not in the tables, a table without distances): then the
 * search searches. */
bool dj_tb_search_rank_root(DjTablebase *tables, const DjVariant *variant, const void *root,
                            const DjHistoryEntry *line, int n_line, DjMove *moves, int *scores,
                            int n, uint64_t *probes);

/* For a root the tables hold without distances (dj_tb_search_rank_root
 * said false): keep those of the `n` `moves` that keep the root's value
 * (for a win, the moves after which the other side loses or the game is
 * won; for a draw, the drawing ones; for a loss, all), in their order, and
 * return how many; *value gets the root's value for its side to move
 * (DJ_TB_WIN, DJ_TB_LOSS or DJ_TB_DRAW).  0 when the root or one of its
 * children is no table's (then nothing changed).  Which of the kept moves
 * makes progress the tables cannot say: the search chooses among them,
 * without probing (every child would score the same). */
int dj_tb_search_keep_value(DjTablebase *tables, const DjVariant *variant, const void *root,
                            DjMove *moves, int n, DjTbValue *value, uint64_t *probes);

/* The line best play follows from `pos` by the tables (each side taking
 * its fastest win, or its slowest loss, or the first drawing move), at
 * most `max` moves written to `pv`; stops where the game ends or the
 * tables do not know a position.  Returns the moves written; *probes as
 * above. */
int dj_tb_search_line(DjTablebase *tables, const DjVariant *variant, const void *pos,
                      DjMove *pv, int max, uint64_t *probes);

#endif
