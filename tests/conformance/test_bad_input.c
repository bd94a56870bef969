/* test_bad_input.c: setup() and parse_move() on garbage, for every
 * registered variant.  Bad input is refused with an error a player can read
 * (or, where garbage happens to spell something valid, accepted as a sound
 * position or a legal move) and never crashes; the sanitizer build turns a
 * stray read into a failure. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/registry.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0xbad1u
#define SETUP_GAMES 20
#define PARSE_GAMES 20
#define MAX_PLIES 200
#define LONG_LENGTH 100000

/* A string of `length` random bytes 1..255. */
static char *random_bytes(GRand *rand, int length)
{
    char *text = g_malloc((gsize)length + 1);
    for (int i = 0; i < length; i++)
        text[i] = (char)g_rand_int_range(rand, 1, 256);
    text[length] = '\0';
    return text;
}

/* `text` with one random edit: a character replaced, deleted, duplicated or
 * swapped with its neighbour, or a random byte inserted. */
static char *mutate(GRand *rand, const char *text)
{
    GString *out = g_string_new(text);
    if (out->len == 0) {
        g_string_append_c(out, (char)g_rand_int_range(rand, 1, 256));
        return g_string_free(out, FALSE);
    }
    gsize at = (gsize)g_rand_int_range(rand, 0, (gint32)out->len);
    switch (g_rand_int_range(rand, 0, 5)) {
    case 0: /* replace by another character of the same string */
        out->str[at] = text[g_rand_int_range(rand, 0, (gint32)out->len)];
        break;
    case 1:
        g_string_erase(out, (gssize)at, 1);
        break;
    case 2:
        g_string_insert_c(out, (gssize)at, out->str[at]);
        break;
    case 3:
        if (at + 1 < out->len) {
            char c = out->str[at];
            out->str[at] = out->str[at + 1];
            out->str[at + 1] = c;
        }
        break;
    default:
        g_string_insert_c(out, (gssize)at, (char)g_rand_int_range(rand, 1, 256));
        break;
    }
    return g_string_free(out, FALSE);
}

static char *repeat(const char *unit, int times, const char *separator)
{
    GString *out = g_string_new(NULL);
    for (int i = 0; i < times; i++) {
        if (i > 0)
            g_string_append(out, separator);
        g_string_append(out, unit);
    }
    return g_string_free(out, FALSE);
}

/* ---- setup ------------------------------------------------------------- */

/* setup(text) must refuse, with a message. */
static void expect_refused(const ConfWhere *where, const DjVariant *v, const char *text,
                           const char *what)
{
    unsigned char *pos = g_malloc0(v->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    bool ok = v->setup(pos, &setup, &error);
    CONF_CHECK(where, !ok, "setup accepted %s: \"%.200s\"", what, text);
    CONF_CHECK(where, error != NULL && error->message != NULL && error->message[0] != '\0',
               "setup refused %s without an error message", what);
    g_error_free(error);
    g_free(pos);
}

/* A position that setup accepted is sound: its key is right and it writes
 * a string that sets it up again. */
static void check_sound(const ConfWhere *where, const DjVariant *v, const void *pos,
                        const char *from)
{
    CONF_CHECK(where, v->key(pos) == v->compute_key(pos),
               "setup accepted \"%.200s\" but key() differs from compute_key()", from);
    int side = v->side_to_move(pos);
    CONF_CHECK(where, side == 0 || side == 1, "setup accepted \"%.200s\": side to move %d",
               from, side);
    char *text = conf_position_text(v, pos);
    unsigned char *again = g_malloc0(v->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    CONF_CHECK(where, v->setup(again, &setup, &error),
               "setup accepted \"%.200s\" but refuses its string \"%s\": %s", from, text,
               error != NULL ? error->message : "(no error)");
    CONF_CHECK(where, v->key(again) == v->key(pos),
               "setup accepted \"%.200s\" but its string \"%s\" gives another key", from, text);
    if (dj_position_outcome(v, pos) == DJ_OUTCOME_ONGOING) {
        int n = 0;
        DjMove *moves = conf_legal_moves(v, pos, &n);
        CONF_CHECK(where, n > 0 && n <= v->max_moves,
                   "setup accepted \"%.200s\": %d legal moves", from, n);
        int score = v->evaluate != NULL ? v->evaluate(pos) : 0;
        CONF_CHECK(where, score > -DJ_SCORE_EVAL_MAX && score < DJ_SCORE_EVAL_MAX,
                   "setup accepted \"%.200s\": evaluate %d", from, score);
        g_free(moves);
    }
    g_free(again);
    g_free(text);
}

/* setup(text) either refuses with a message or gives a sound position. */
static void expect_refused_or_sound(const ConfWhere *where, const DjVariant *v,
                                    const char *text)
{
    unsigned char *pos = g_malloc0(v->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    if (v->setup(pos, &setup, &error)) {
        CONF_CHECK(where, error == NULL, "setup succeeded but set an error");
        check_sound(where, v, pos, text);
    } else {
        CONF_CHECK(where, error != NULL && error->message[0] != '\0',
                   "setup refused \"%.200s\" without an error message", text);
        g_error_free(error);
    }
    g_free(pos);
}

static void setup_garbage_for(const DjVariant *v, guint32 base)
{
    ConfWhere where = { v, base, -1, -1, NULL };
    GRand *rand = g_rand_new_with_seed(base);

    expect_refused(&where, v, "", "an empty string");
    expect_refused(&where, v, "   \t ", "white space");
    const char *singles[] = { "a", "/", "1", "-", " ", "x" };
    for (size_t i = 0; i < G_N_ELEMENTS(singles); i++) {
        char *long_text = repeat(singles[i], LONG_LENGTH, "");
        expect_refused(&where, v, long_text, "a very long string");
        g_free(long_text);
    }
    for (int i = 0; i < 200; i++) {
        char *bytes = random_bytes(rand, g_rand_int_range(rand, 1, 300));
        expect_refused(&where, v, bytes, "random bytes");
        g_free(bytes);
    }

    for (int game = 0; game < SETUP_GAMES; game++) {
        guint32 seed = conf_game_seed(base, game);
        ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
        where.seed = seed;
        where.game = game;
        for (int ply = 0; ply <= line->n_plies; ply += 1 + line->n_plies / 8) {
            where.ply = ply;
            where.pos = conf_line_position(line, ply);
            char *valid = conf_position_text(v, where.pos);
            size_t length = strlen(valid);
            size_t first_token = strcspn(valid, " ");

            /* Cut short: inside the first field always malformed; later on a
             * variant may have optional trailing fields. */
            for (size_t cut = 0; cut < length; cut++) {
                char *prefix = g_strndup(valid, cut);
                if (cut < first_token)
                    expect_refused(&where, v, prefix, "a truncated position string");
                else
                    expect_refused_or_sound(&where, v, prefix);
                g_free(prefix);
            }
            /* Junk after a valid string, and a valid string many times over. */
            char *junk = repeat("x", 10000, "");
            char *with_junk = g_strconcat(valid, " ", junk, NULL);
            expect_refused(&where, v, with_junk, "a position string with junk after it");
            char *repeated = repeat(valid, 500, " ");
            expect_refused(&where, v, repeated, "a position string repeated");
            char *glued = repeat(valid, 500, "");
            expect_refused(&where, v, glued, "a position string glued to itself");
            g_free(glued);
            g_free(repeated);
            g_free(with_junk);
            g_free(junk);

            for (int i = 0; i < 40; i++) {
                char *mutant = mutate(rand, valid);
                if (i % 4 == 3) {
                    char *twice = mutate(rand, mutant);
                    g_free(mutant);
                    mutant = twice;
                }
                expect_refused_or_sound(&where, v, mutant);
                g_free(mutant);
            }
            g_free(valid);
        }
        conf_line_free(line);
    }
    g_rand_free(rand);
}

static void test_setup_garbage(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++)
        setup_garbage_for(*vp, base);
}

static void test_setup_unknown_option(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    GRand *rand = g_rand_new_with_seed(base);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        ConfWhere where = { v, base, -1, -1, NULL };
        unsigned char *pos = g_malloc0(v->state_size);

        /* a new game without options works */
        conf_new_game(&where, v, 1, pos);
        check_sound(&where, v, pos, "(a new game)");

        const char *unknown_names[] = { "no-such-option", "", "x", "\xff\xfe" };
        for (size_t i = 0; i < G_N_ELEMENTS(unknown_names); i++) {
            DjOptionValue option = { unknown_names[i], "1" };
            DjSetup setup = { .position = NULL, .seed = 1, .options = &option, .n_options = 1 };
            GError *error = NULL;
            bool ok = v->setup(pos, &setup, &error);
            CONF_CHECK(&where, !ok, "setup accepted the unknown option \"%s\"",
                       unknown_names[i]);
            CONF_CHECK(&where, error != NULL && error->message[0] != '\0',
                       "setup refused an unknown option without a message");
            g_error_free(error);
        }

        /* every declared option with a garbage value: refused or sound */
        for (const DjVariantOption *o = v->options; o != NULL && o->name != NULL; o++) {
            char *long_value = repeat("zz,", 20000, "");
            char *bytes = random_bytes(rand, 64);
            const char *values[] = { "", ",", "garbage", "-1", long_value, bytes };
            for (size_t i = 0; i < G_N_ELEMENTS(values); i++) {
                DjOptionValue option = { o->name, values[i] };
                DjSetup setup = { .position = NULL, .seed = 7, .options = &option,
                                  .n_options = 1 };
                GError *error = NULL;
                if (v->setup(pos, &setup, &error)) {
                    check_sound(&where, v, pos, values[i]);
                } else {
                    CONF_CHECK(&where, error != NULL && error->message[0] != '\0',
                               "option %s=\"%.100s\" refused without a message", o->name,
                               values[i]);
                    g_error_free(error);
                }
            }
            g_free(bytes);
            g_free(long_value);
        }
        g_free(pos);
    }
    g_rand_free(rand);
}

/* ---- parse_move --------------------------------------------------------- */

/* parse_move(text) either refuses with a message or gives a legal move. */
static void expect_no_move_or_legal(const ConfWhere *where, const DjVariant *v,
                                    const void *pos, const char *text)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    if (v->parse_move(pos, text, &move, &error)) {
        CONF_CHECK(where, error == NULL, "parse_move succeeded but set an error");
        CONF_CHECK(where, conf_is_legal(v, pos, move),
                   "parse_move read \"%.200s\" as move %u, which is not legal", text,
                   (unsigned)move);
    } else {
        CONF_CHECK(where, error != NULL && error->message != NULL && error->message[0] != '\0',
                   "parse_move refused \"%.200s\" without an error message", text);
        g_error_free(error);
    }
}

static void expect_no_move(const ConfWhere *where, const DjVariant *v, const void *pos,
                           const char *text, const char *what)
{
    DjMove move = DJ_MOVE_NONE;
    GError *error = NULL;
    bool ok = v->parse_move(pos, text, &move, &error);
    CONF_CHECK(where, !ok, "parse_move accepted %s \"%.200s\"", what, text);
    CONF_CHECK(where, error != NULL && error->message[0] != '\0',
               "parse_move refused %s without an error message", what);
    g_error_free(error);
}

static void parse_garbage_for(const DjVariant *v, guint32 base)
{
    GRand *rand = g_rand_new_with_seed(base);
    ConfWhere where = { v, base, -1, -1, NULL };
    GPtrArray *other_texts = g_ptr_array_new_with_free_func(g_free);
    char *long_a = repeat("a", LONG_LENGTH, "");
    char *long_digits = repeat("1", LONG_LENGTH, "");

    for (int game = 0; game < PARSE_GAMES; game++) {
        guint32 seed = conf_game_seed(base, game);
        ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
        where.seed = seed;
        where.game = game;
        for (int ply = 0; ply <= line->n_plies; ply += 3) {
            const void *pos = conf_line_position(line, ply);
            if (dj_position_outcome(v, pos) != DJ_OUTCOME_ONGOING)
                break;
            where.ply = ply;
            where.pos = pos;

            expect_no_move(&where, v, pos, "", "an empty string");
            expect_no_move(&where, v, pos, "   ", "white space");
            expect_no_move(&where, v, pos, long_a, "a very long string");
            expect_no_move(&where, v, pos, long_digits, "a very long string");
            for (int i = 0; i < 10; i++) {
                char *bytes = random_bytes(rand, g_rand_int_range(rand, 1, 64));
                expect_no_move_or_legal(&where, v, pos, bytes);
                g_free(bytes);
            }

            int n = 0;
            DjMove *moves = conf_legal_moves(v, pos, &n);
            for (int i = 0; i < 5; i++) {
                char *text = conf_move_text(v, pos, moves[g_rand_int_range(rand, 0, n)]);
                size_t length = strlen(text);
                for (size_t cut = 0; cut < length; cut++) {
                    char *prefix = g_strndup(text, cut);
                    expect_no_move_or_legal(&where, v, pos, prefix);
                    g_free(prefix);
                }
                char *mutant = mutate(rand, text);
                expect_no_move_or_legal(&where, v, pos, mutant);
                g_free(mutant);
                char *long_tail = g_strconcat(text, long_a, NULL);
                expect_no_move_or_legal(&where, v, pos, long_tail);
                g_free(long_tail);
                /* keep some texts to try in other positions */
                if (other_texts->len < 2000)
                    g_ptr_array_add(other_texts, text);
                else
                    g_free(text);
            }
            g_free(moves);

            /* Moves of other positions (other games, other plies). */
            for (int i = 0; i < 20 && other_texts->len > 0; i++) {
                const char *text =
                    g_ptr_array_index(other_texts,
                                      g_rand_int_range(rand, 0, (gint32)other_texts->len));
                expect_no_move_or_legal(&where, v, pos, text);
            }
        }
        conf_line_free(line);
    }
    g_free(long_digits);
    g_free(long_a);
    g_ptr_array_unref(other_texts);
    g_rand_free(rand);
}

static void test_parse_move_garbage(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++)
        parse_garbage_for(*vp, base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_garbage),
        cmocka_unit_test(test_setup_unknown_option),
        cmocka_unit_test(test_parse_move_garbage),
    };
    return cmocka_run_group_tests_name("bad input", tests, NULL, NULL);
}
