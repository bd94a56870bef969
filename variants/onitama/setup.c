/* setup.c: starting a game: the options, the deal, the start position. */
#include "variants/onitama/onitama.h"

#include <string.h>

#include "framework/error.h"
#include "framework/notation.h"

G_DEFINE_QUARK(dojo-onitama-error-quark, onitama_error)

const DjVariantOption onitama_options[] = {
    { "cards", "LIST",
      "the five cards: Blue's two, Red's two, then the side card (e.g. ox,boar,horse,elephant,crab)" },
    { "deck", "base|senseis|both",
      "the deck a random deal draws from (default base)" },
    { NULL, NULL, NULL },
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

bool onitama_parse_card_list(const char *text, int cards[5], GError **error)
{
    g_auto(GStrv) names = dj_text_split_list(text);
    int n = (int)g_strv_length(names);
    bool ok = true;
    if (n != 5) {
        g_set_error(error, ONITAMA_ERROR, ONITAMA_ERROR_OPTION,
                    "exactly 5 cards are needed (Blue's two, Red's two, the side card), "
                    "but %d %s given", n, n == 1 ? "was" : "were");
        ok = false;
    }
    for (int i = 0; ok && i < n; i++) {
        int id = onitama_card_find(names[i]);
        const char *leftover = onitama_card_leftover(names[i]);
        if (leftover != NULL) {
            g_autofree char *card = g_strndup(names[i], (gsize)(leftover - names[i]));
            /* dj_error_set: the words left over are the user's, unquoted */
            ok = dj_error_set(error, ONITAMA_ERROR, ONITAMA_ERROR_OPTION,
                              "'%s' is left over after the card '%s'", leftover,
                              g_strstrip(card));
        } else if (id < 0) {
            g_autoptr(GString) valid = g_string_new(NULL);
            onitama_card_list_names(ONITAMA_DECK_BOTH, valid);
            g_autofree char *quoted = dj_text_quote(names[i], ONITAMA_QUOTE_MAX);
            g_set_error(error, ONITAMA_ERROR, ONITAMA_ERROR_OPTION,
                        "'%s' is not an Onitama card; the cards are: %s", quoted, valid->str);
            ok = false;
        }
        for (int j = 0; ok && j < i; j++) {
            if (cards[j] == id) {
                g_set_error(error, ONITAMA_ERROR, ONITAMA_ERROR_OPTION,
                            "the %s is named twice; the five cards must all differ",
                            onitama_card(id)->title);
                ok = false;
            }
        }
        cards[i] = id;
    }
    return ok;
}

static bool parse_deck(const char *text, OnitamaDeck *deck, GError **error)
{
    g_autofree char *value = dj_text_normalize(text);
    if (strcmp(value, "base") == 0)
        *deck = ONITAMA_DECK_BASE;
    else if (strcmp(value, "senseis") == 0 || strcmp(value, "sensei") == 0)
        *deck = ONITAMA_DECK_SENSEIS;
    else if (strcmp(value, "both") == 0)
        *deck = ONITAMA_DECK_BOTH;
    else {
        g_autofree char *quoted = dj_text_quote(text, ONITAMA_QUOTE_MAX);
        g_set_error(error, ONITAMA_ERROR, ONITAMA_ERROR_OPTION,
                    "deck must be base, senseis or both, not '%s'", quoted);
        return false;
    }
    return true;
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

    const char *cards_text = NULL;
    OnitamaDeck deck = ONITAMA_DECK_BASE;
    for (int i = 0; i < setup->n_options; i++) {
        const DjOptionValue *option = &setup->options[i];
        const char *value = option->value != NULL ? option->value : "";
        const char *name = option->name != NULL ? option->name : "";
        if (g_ascii_strcasecmp(name, "cards") == 0) {
            cards_text = value;
        } else if (g_ascii_strcasecmp(name, "deck") == 0) {
            if (!parse_deck(value, &deck, error))
                return false;
        } else {
            g_autofree char *quoted = dj_text_quote(name, ONITAMA_QUOTE_MAX);
            g_set_error(error, ONITAMA_ERROR, ONITAMA_ERROR_OPTION,
                        "Onitama has no option '%s'; its options are cards and deck",
                        quoted);
            return false;
        }
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
