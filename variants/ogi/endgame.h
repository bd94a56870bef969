/* endgame.h: Ōgi's endings as classes the tablebase solver can number
 * (framework/endgame.h, DjVariant.endgames; docs/tablebases.md).
 *
 * A class is the two Kings and one or two other pieces, each *anywhere*:
 * on the board for either side, promoted or not, or in either side's
 * hand.  A capture only moves a piece to the capturer's hand and a drop
 * brings it back, so every move of a class stays in it: each class is a
 * group of its own.  Classes are named after their material ("kk-r": a
 * rook, "kk-rb": a rook and a bishop) and count as many pieces as they
 * have in all, Kings included (3 or 4), wherever those pieces stand.
 *
 * Positions are folded by the game's two symmetries: the half turn with
 * the colours swapped (every indexed position has Black to move, the side
 * to move's pieces are "ours") and the left-right reflection (our King on
 * files a to d).  Index = King pair * piece states + the pieces' states,
 * where a piece has 258 states: 4 * 64 on the board (ours or theirs,
 * unpromoted or promoted) and 2 in hand (ours, theirs).
 */
#ifndef DOJO_VARIANTS_OGI_ENDGAME_H
#define DOJO_VARIANTS_OGI_ENDGAME_H

#include "framework/endgame.h"

/* Pieces of a class, Kings included: 3 (one other piece) or 4 (two). */
#define OGI_ENDGAME_MAX_PIECES 4

/* DjVariant.endgames. */
extern const DjEndgames ogi_endgames;

#endif /* DOJO_VARIANTS_OGI_ENDGAME_H */
