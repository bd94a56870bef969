/* cards.h: the Onitama move cards (base deck and Sensei's Path).
 *
 * The table follows docs/rules/onitama.md exactly: each card has a
 * stamp (the side that starts when it is the side card) and up to four
 * offsets (dx, dy) seen from the holder: +dx to the holder's right, +dy
 * forward.  Card ids are indices into the table: 0..15 the base deck in the
 * rules' order, 16..31 Sensei's Path.  Ids are stable: moves and keys use them.
 */
#ifndef DOJO_VARIANTS_ONITAMA_CARDS_H
#define DOJO_VARIANTS_ONITAMA_CARDS_H

#include <stdbool.h>

#include <glib.h>

#define ONITAMA_CARD_COUNT 32
#define ONITAMA_CARD_MAX_OFFSETS 4

typedef enum OnitamaDeck {
    ONITAMA_DECK_BASE = 1,
    ONITAMA_DECK_SENSEIS = 2,
    ONITAMA_DECK_BOTH = 3,   /* a bit set of the two above */
} OnitamaDeck;

typedef struct OnitamaCard {
    const char *title;      /* as printed: "Sea Snake" */
    const char *name;       /* in notation: lower case, '-' for spaces: "sea-snake" */
    int stamp;              /* 0 Blue, 1 Red */
    OnitamaDeck deck;       /* ONITAMA_DECK_BASE or ONITAMA_DECK_SENSEIS */
    int n_offsets;
    signed char offsets[ONITAMA_CARD_MAX_OFFSETS][2];   /* (dx, dy) for the holder */
} OnitamaCard;

/* The card with id `id` (0 <= id < ONITAMA_CARD_COUNT). */
const OnitamaCard *onitama_card(int id);

/* The id of the card called `text`, or -1.  Case does not matter, and
 * spaces, '-' and '_' are ignored, so "Sea Snake", "sea-snake" and
 * "seasnake" all name the same card. */
int onitama_card_find(const char *text);

/* When `text` is not a card but its first words are ("crab extra"), the
 * words left over after them ("extra", pointing into `text`); else NULL. */
const char *onitama_card_leftover(const char *text);

/* Append the notation names of every card in `deck`, ", "-separated. */
void onitama_card_list_names(OnitamaDeck deck, GString *out);

#endif
