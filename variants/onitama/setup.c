/* setup.c: starting a game: the options, the deal, the start position. */
#include "variants/onitama/onitama.h"

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"

/* The decks a random deal draws from, in OnitamaDeck's order less one. */
static const char *const deck_names[] = { "base", "senseis", "both", NULL };
static const OnitamaDeck decks[] = { ONITAMA_DECK_BASE, ONITAMA_DECK_SENSEIS, ONITAMA_DECK_BOTH };

static const char *const cards_exclude[] = { "deck", NULL };

/* Everything the front ends know of Onitama's options (game.h). */
const DjVariantOption onitama_options[] = {
    { .name = "cards", .arg = "LIST", .kind = DJ_OPTION_LIST,
      /* the card names are many; onitama_parse_card_list lists them when
       * one is wrong */
      .values = NULL,
      .excludes = cards_exclude,
      .excludes_why = "the cards are named, so a deck to deal from does not apply",
      .help = "the five cards: Blue's two, Red's two, then the side card "
              "(e.g. ox,boar,horse,elephant,crab)" },
    { .name = "deck", .arg = "base|senseis|both", .kind = DJ_OPTION_CHOICE,
      .values = deck_names,
      .help = "the deck a random deal draws from (default base)" },
    { .name = NULL },
};

void onitama_start_position(OnitamaPosition *pos, const int cards[5])
{
    onitama_tables_init();
    memset(pos, 0, sizeof *pos);
    pos->pieces[ONITAMA_BLUE] = 0x1Fu;                  /* a1..e1 */
    pos->pieces[ONITAMA_RED] = 0x1Fu << 20;             /* a5..e5 */
    pos->masters[ONITAMA_BLUE] = onitama_bit(ONITAMA_TEMPLE_BLUE);
    pos->masters[ONITAMA_RED] = onitama_bit(ONITAMA_TEMPLE_RED);
    for (int slot = 0; slot < 5; slot++)
        pos->cards[slot] = (uint8_t)cards[slot];
    pos->side = (uint8_t)onitama_card(cards[ONITAMA_SIDE_SLOT])->stamp;
    pos->key = onitama_compute_key(pos);
}

/* The deck called `text`, which dj_options_check has found among
 * deck_names. */
static OnitamaDeck deck_named(const char *text)
{
    g_autofree char *word = g_strstrip(g_strdup(text));
    for (int i = 0; deck_names[i] != NULL; i++) {
        if (g_ascii_strcasecmp(deck_names[i], word) == 0)
            return decks[i];
    }
    return ONITAMA_DECK_BASE;
}

/* Five distinct cards drawn from `deck`, shuffled by `seed`. */
static void deal(OnitamaDeck deck, guint64 seed, int cards[5])
{
    int pool[ONITAMA_CARD_COUNT];
    int n = 0;
    for (int id = 0; id < ONITAMA_CARD_COUNT; id++) {
        if (onitama_card(id)->deck & deck)
            pool[n++] = id;
    }
    guint32 seed_words[2] = { (guint32)seed, (guint32)(seed >> 32) };
    GRand *rand = g_rand_new_with_seed_array(seed_words, 2);
    for (int i = 0; i < 5; i++) {
        int pick = g_rand_int_range(rand, i, n);
        int chosen = pool[pick];
        pool[pick] = pool[i];
        pool[i] = chosen;
        cards[i] = chosen;
    }
    g_rand_free(rand);
}

bool onitama_setup(void *p, const DjSetup *setup, GError **error)
{
    OnitamaPosition *pos = p;
    onitama_tables_init();
    if (setup->position != NULL)
        return onitama_parse_position(pos, setup->position, error);

    if (!dj_options_check(ONITAMA_TITLE, onitama_options, setup->options, setup->n_options,
                          error))
        return false;
    const char *cards_text = NULL;
    OnitamaDeck deck = ONITAMA_DECK_BASE;
    for (int i = 0; i < setup->n_options; i++) {
        const DjOptionValue *option = &setup->options[i];
        if (g_ascii_strcasecmp(option->name, "cards") == 0)
            cards_text = option->value != NULL ? option->value : "";
        else
            deck = deck_named(option->value);
    }

    int cards[5];
    if (cards_text != NULL) {
        if (!onitama_parse_card_list(cards_text, cards, error))
            return false;
    } else {
        deal(deck, setup->seed, cards);
    }
    onitama_start_position(pos, cards);
    return true;
}
