/* cards.c: the card table and name lookup, and lists of cards as typed
 * (the `cards` option, a position string's cards). */
#include "variants/onitama/cards.h"

#include "framework/error.h"
#include "framework/notation.h"
#include "variants/onitama/onitama.h"

#define BASE ONITAMA_DECK_BASE
#define SENSEIS ONITAMA_DECK_SENSEIS
#define BLUE 0
#define RED 1

static const OnitamaCard cards[ONITAMA_CARD_COUNT] = {
    /* Base deck. */
    { "Tiger",    "tiger",    BLUE, BASE, 2, { {0, 2}, {0, -1} } },
    { "Dragon",   "dragon",   RED,  BASE, 4, { {-2, 1}, {2, 1}, {-1, -1}, {1, -1} } },
    { "Frog",     "frog",     RED,  BASE, 3, { {-2, 0}, {-1, 1}, {1, -1} } },
    { "Rabbit",   "rabbit",   BLUE, BASE, 3, { {2, 0}, {1, 1}, {-1, -1} } },
    { "Crab",     "crab",     BLUE, BASE, 3, { {0, 1}, {-2, 0}, {2, 0} } },
    { "Elephant", "elephant", RED,  BASE, 4, { {-1, 1}, {1, 1}, {-1, 0}, {1, 0} } },
    { "Goose",    "goose",    BLUE, BASE, 4, { {-1, 1}, {-1, 0}, {1, 0}, {1, -1} } },
    { "Rooster",  "rooster",  RED,  BASE, 4, { {1, 1}, {-1, 0}, {1, 0}, {-1, -1} } },
    { "Monkey",   "monkey",   BLUE, BASE, 4, { {-1, 1}, {1, 1}, {-1, -1}, {1, -1} } },
    { "Mantis",   "mantis",   RED,  BASE, 3, { {-1, 1}, {1, 1}, {0, -1} } },
    { "Horse",    "horse",    RED,  BASE, 3, { {0, 1}, {0, -1}, {-1, 0} } },
    { "Ox",       "ox",       BLUE, BASE, 3, { {0, 1}, {0, -1}, {1, 0} } },
    { "Crane",    "crane",    BLUE, BASE, 3, { {0, 1}, {-1, -1}, {1, -1} } },
    { "Boar",     "boar",     RED,  BASE, 3, { {0, 1}, {-1, 0}, {1, 0} } },
    { "Eel",      "eel",      BLUE, BASE, 3, { {1, 0}, {-1, 1}, {-1, -1} } },
    { "Cobra",    "cobra",    RED,  BASE, 3, { {-1, 0}, {1, 1}, {1, -1} } },
    /* Sensei's Path. */
    { "Fox",       "fox",       RED,  SENSEIS, 3, { {1, 1}, {1, 0}, {1, -1} } },
    { "Dog",       "dog",       BLUE, SENSEIS, 3, { {-1, 1}, {-1, 0}, {-1, -1} } },
    { "Giraffe",   "giraffe",   BLUE, SENSEIS, 3, { {-2, 1}, {2, 1}, {0, -1} } },
    { "Panda",     "panda",     RED,  SENSEIS, 3, { {0, 1}, {1, 1}, {-1, -1} } },
    { "Bear",      "bear",      BLUE, SENSEIS, 3, { {0, 1}, {-1, 1}, {1, -1} } },
    { "Kirin",     "kirin",     RED,  SENSEIS, 3, { {-1, 2}, {1, 2}, {0, -2} } },
    { "Sea Snake", "sea-snake", BLUE, SENSEIS, 3, { {0, 1}, {2, 0}, {-1, -1} } },
    { "Viper",     "viper",     RED,  SENSEIS, 3, { {0, 1}, {-2, 0}, {1, -1} } },
    { "Phoenix",   "phoenix",   BLUE, SENSEIS, 4, { {-1, 1}, {1, 1}, {-2, 0}, {2, 0} } },
    { "Mouse",     "mouse",     BLUE, SENSEIS, 3, { {0, 1}, {1, 0}, {-1, -1} } },
    { "Rat",       "rat",       RED,  SENSEIS, 3, { {0, 1}, {-1, 0}, {1, -1} } },
    { "Turtle",    "turtle",    RED,  SENSEIS, 4, { {-2, 0}, {2, 0}, {-1, -1}, {1, -1} } },
    { "Tanuki",    "tanuki",    BLUE, SENSEIS, 3, { {0, 1}, {2, 1}, {-1, -1} } },
    { "Iguana",    "iguana",    RED,  SENSEIS, 3, { {0, 1}, {-2, 1}, {1, -1} } },
    { "Sable",     "sable",     BLUE, SENSEIS, 3, { {-2, 0}, {1, 1}, {-1, -1} } },
    { "Otter",     "otter",     RED,  SENSEIS, 3, { {2, 0}, {-1, 1}, {1, -1} } },
};

const OnitamaCard *onitama_card(int id)
{
    return &cards[id];
}

/* `text` with only its letters kept, lower-cased, so that the ways people
 * write a two-word name all compare equal. */
static char *letters_only(const char *text)
{
    GString *out = g_string_new(NULL);
    for (const char *p = text; *p != '\0'; p++) {
        if (g_ascii_isalpha(*p))
            g_string_append_c(out, g_ascii_tolower(*p));
        else if (*p != ' ' && *p != '-' && *p != '_')
            g_string_append_c(out, '#');   /* anything else: matches no card */
    }
    return g_string_free(out, FALSE);
}

int onitama_card_find(const char *text)
{
    if (text == NULL)
        return -1;
    g_autofree char *wanted = letters_only(text);
    for (int id = 0; id < ONITAMA_CARD_COUNT && wanted[0] != '\0'; id++) {
        g_autofree char *name = letters_only(cards[id].name);
        if (g_strcmp0(name, wanted) == 0)
            return id;
    }
    return -1;
}

const char *onitama_card_leftover(const char *text)
{
    if (text == NULL || onitama_card_find(text) >= 0)
        return NULL;
    /* The longest run of leading words that names a card. */
    const char *leftover = NULL;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p != ' ' || p == text)
            continue;
        g_autofree char *head = g_strndup(text, (gsize)(p - text));
        if (onitama_card_find(head) >= 0) {
            leftover = p;
            while (*leftover == ' ')
                leftover++;
        }
    }
    return leftover != NULL && *leftover != '\0' ? leftover : NULL;
}

void onitama_card_list_names(OnitamaDeck deck, GString *out)
{
    bool first = true;
    for (int id = 0; id < ONITAMA_CARD_COUNT; id++) {
        if ((cards[id].deck & deck) == 0)
            continue;
        if (!first)
            g_string_append(out, ", ");
        g_string_append(out, cards[id].name);
        first = false;
    }
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
