/* test_random_games.c: the variant contract checked at every ply of many
 * random games, for every registered variant. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "framework/registry.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0x7a11e5u
#define GAMES_PER_VARIANT 300
#define MAX_PLIES 400

/* The facts every variant must state before anything else can work. */
static void test_variant_facts(void **state)
{
    (void)state;
    const DjVariant *const *all = conf_variants();
    assert_non_null(all);
    assert_non_null(all[0]);
    for (const DjVariant *const *vp = all; *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        ConfWhere where = { v, 0, -1, -1, NULL };
        CONF_CHECK(&where, v->name != NULL && v->name[0] != '\0', "a variant has no name");
        for (const char *p = v->name; *p != '\0'; p++)
            CONF_CHECK(&where, !g_ascii_isupper(*p) && !g_ascii_isspace(*p),
                       "name \"%s\" must be lower case, one word", v->name);
        CONF_CHECK(&where, v->title != NULL && v->title[0] != '\0', "no title");
        CONF_CHECK(&where, v->summary != NULL && v->summary[0] != '\0', "no summary");
        CONF_CHECK(&where, v->state_size > 0, "state_size is 0");
        CONF_CHECK(&where, v->max_moves > 0, "max_moves is %d", v->max_moves);
        CONF_CHECK(&where, v->move_limit <= DJ_MOVE_LIMIT_MAX,
                   "move_limit is %u, more than DJ_MOVE_LIMIT_MAX (%u)", (unsigned)v->move_limit,
                   (unsigned)DJ_MOVE_LIMIT_MAX);
        CONF_CHECK(&where, v->board_width >= 1 && v->board_width <= 26,
                   "board_width %d", v->board_width);
        CONF_CHECK(&where, v->board_height >= 1 && v->board_height <= 99,
                   "board_height %d", v->board_height);
        CONF_CHECK(&where, v->side_names[0] != NULL && v->side_names[1] != NULL,
                   "side names missing");
        CONF_CHECK(&where, v->repetition_draw >= 0 && v->repetition_claim >= 0,
                   "negative repetition counts");
        CONF_CHECK(&where, !v->perpetual_check_loses || v->in_check != NULL,
                   "perpetual_check_loses needs in_check");
        CONF_CHECK(&where,
                   v->setup && v->side_to_move && v->legal_moves && v->play && v->outcome
                       && v->key && v->compute_key && (v->evaluate == NULL || v->is_noisy)
                       && v->parse_move && v->format_move && v->format_position && v->render
                       && v->move_origin,
                   "a required slot is NULL");
        for (const DjVariantOption *o = v->options; o != NULL && o->name != NULL; o++)
            CONF_CHECK(&where, o->arg != NULL && o->help != NULL,
                       "option %s lacks arg or help", o->name);
        /* names are unique and found again by the registry */
        CONF_CHECK(&where, dj_registry_find(v->name) == v,
                   "dj_registry_find(\"%s\") does not give the variant back", v->name);
    }
}

static bool has_space(const char *text)
{
    for (const char *p = text; *p != '\0'; p++)
        if (g_ascii_isspace(*p) || (unsigned char)*p < 0x20)
            return true;
    return false;
}

static int compare_moves(const void *a, const void *b)
{
    DjMove x = *(const DjMove *)a, y = *(const DjMove *)b;
    return (x > y) - (x < y);
}

/* Checks on the legal moves of an ongoing position: counts, values,
 * texts, and playing each on a copy. */
static void check_moves(const ConfWhere *where, const DjVariant *v, const void *pos)
{
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    CONF_CHECK(where, n > 0, "legal_moves returned %d on an ongoing position", n);
    CONF_CHECK(where, n <= v->max_moves, "%d legal moves, max_moves is %d", n, v->max_moves);
    int counted = dj_count_moves(v, pos);
    CONF_CHECK(where, counted == n, "dj_count_moves %d but legal_moves %d", counted, n);

    /* The same list again: generation is deterministic. */
    int n_again = 0;
    DjMove *again = conf_legal_moves(v, pos, &n_again);
    CONF_CHECK(where, n_again == n && memcmp(again, moves, sizeof(DjMove) * (size_t)n) == 0,
               "legal_moves gave a different list the second time");
    g_free(again);

    DjMove *sorted = g_memdup2(moves, sizeof(DjMove) * (size_t)n);
    qsort(sorted, (size_t)n, sizeof(DjMove), compare_moves);
    for (int i = 0; i < n; i++) {
        CONF_CHECK(where, sorted[i] != DJ_MOVE_NONE, "a legal move is DJ_MOVE_NONE");
        CONF_CHECK(where, sorted[i] < dj_variant_move_limit(v),
                   "move %u is not below the game's move limit %u", (unsigned)sorted[i],
                   (unsigned)dj_variant_move_limit(v));
        CONF_CHECK(where, i == 0 || sorted[i] != sorted[i - 1], "move %u is listed twice",
                   (unsigned)sorted[i]);
    }
    g_free(sorted);

    const int side = v->side_to_move(pos);
    const int n_squares = v->board_width * v->board_height;
    GHashTable *texts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    unsigned char *original = g_memdup2(pos, v->state_size);
    unsigned char *child = g_malloc(v->state_size);
    unsigned char *child_again = g_malloc(v->state_size);

    for (int i = 0; i < n; i++) {
        DjMove m = moves[i];
        char *text = conf_move_text(v, pos, m);
        CONF_CHECK(where, text[0] != '\0', "move %u has empty text", (unsigned)m);
        CONF_CHECK(where, !has_space(text), "move text \"%s\" is not one token", text);
        CONF_CHECK(where, g_utf8_validate(text, -1, NULL), "move text is not UTF-8");
        CONF_CHECK(where, !g_hash_table_contains(texts, text),
                   "two legal moves are both written \"%s\"", text);

        DjMove parsed = DJ_MOVE_NONE;
        GError *error = NULL;
        bool ok = v->parse_move(pos, text, &parsed, &error);
        CONF_CHECK(where, ok, "parse_move refused its own text \"%s\": %s", text,
                   error != NULL ? error->message : "(no error)");
        CONF_CHECK(where, error == NULL, "parse_move succeeded but set an error");
        CONF_CHECK(where, parsed == m, "\"%s\" is move %u but parses as %u", text,
                   (unsigned)m, (unsigned)parsed);

        int origin = v->move_origin(pos, m);
        CONF_CHECK(where, origin == -1 || (origin >= 0 && origin < n_squares),
                   "move_origin of \"%s\" is %d", text, origin);
        if (v->describe_move != NULL) {
            GString *words = g_string_new(NULL);
            v->describe_move(pos, m, words);
            CONF_CHECK(where, g_utf8_validate(words->str, -1, NULL),
                       "describe_move of \"%s\" is not UTF-8", text);
            g_string_free(words, TRUE);
        }
        if (v->is_noisy != NULL)
            (void)v->is_noisy(pos, m);

        /* copy-make: playing on a copy leaves the original alone, and the
         * same move played on two copies gives the same bytes */
        memcpy(child, pos, v->state_size);
        v->play(child, m);
        memcpy(child_again, pos, v->state_size);
        v->play(child_again, m);
        CONF_CHECK(where, memcmp(pos, original, v->state_size) == 0,
                   "playing \"%s\" on a copy changed the original position", text);
        CONF_CHECK(where, memcmp(child, child_again, v->state_size) == 0,
                   "playing \"%s\" twice on copies gave different bytes", text);
        CONF_CHECK(where, v->key(child) == v->compute_key(child),
                   "after \"%s\" key() differs from compute_key()", text);
        int next = v->side_to_move(child);
        CONF_CHECK(where, next == 0 || next == 1, "after \"%s\" side_to_move is %d", text, next);
        CONF_CHECK(where, v->extra_turns || next == 1 - side,
                   "after \"%s\" the side to move is %d (was %d): turns must alternate "
                   "unless the variant sets extra_turns", text, next, side);
        CONF_CHECK(where, v->key(child) != v->key(pos),
                   "after \"%s\" the key did not change", text);

        g_hash_table_add(texts, text);
    }
    g_free(original);
    g_free(child);
    g_free(child_again);
    g_hash_table_unref(texts);
    g_free(moves);
}

/* Checks that hold in every position, ongoing or over. */
static void check_position(const ConfWhere *where, const DjVariant *v, const void *pos)
{
    int side = v->side_to_move(pos);
    CONF_CHECK(where, side == 0 || side == 1, "side_to_move is %d", side);
    CONF_CHECK(where, v->key(pos) == v->compute_key(pos),
               "key() %016" PRIx64 " differs from compute_key() %016" PRIx64, v->key(pos),
               v->compute_key(pos));

    /* The position string sets up the same position. */
    char *text = conf_position_text(v, pos);
    CONF_CHECK(where, text[0] != '\0', "format_position wrote nothing");
    CONF_CHECK(where, g_utf8_validate(text, -1, NULL), "the position string is not UTF-8");
    CONF_CHECK(where, strchr(text, '\n') == NULL, "the position string has a newline");
    unsigned char *copy = g_malloc0(v->state_size);
    DjSetup setup = { .position = text };
    GError *error = NULL;
    bool ok = v->setup(copy, &setup, &error);
    CONF_CHECK(where, ok, "setup refused its own position string \"%s\": %s", text,
               error != NULL ? error->message : "(no error)");
    CONF_CHECK(where, v->key(copy) == v->key(pos),
               "the position string \"%s\" sets up a position with another key", text);
    CONF_CHECK(where, v->key(copy) == v->compute_key(copy),
               "after setup from \"%s\" key() differs from compute_key()", text);
    char *text_again = conf_position_text(v, copy);
    CONF_CHECK(where, strcmp(text, text_again) == 0,
               "position string \"%s\" comes back as \"%s\"", text, text_again);
    CONF_CHECK(where, v->side_to_move(copy) == side, "the copy has another side to move");
    CONF_CHECK(where, v->outcome(copy) == v->outcome(pos), "the copy has another outcome");
    if (v->in_check != NULL && v->outcome(pos) == DJ_OUTCOME_ONGOING)
        CONF_CHECK(where, v->in_check(copy) == v->in_check(pos),
                   "in_check differs after the position string round trip");
    g_free(text_again);
    g_free(copy);
    g_free(text);

    /* Drawings, in every style. */
    for (int style_index = 0; style_index < 4; style_index++) {
        DjRenderStyle style = {
            .color = (style_index & 1) != 0,
            .traditional = (style_index & 2) != 0,
            .last_move = DJ_MOVE_NONE,
            .bottom_side = style_index & 1,
        };
        GString *drawing = g_string_new(NULL);
        v->render(pos, &style, drawing);
        CONF_CHECK(where, drawing->len > 0, "render wrote nothing (style %d)", style_index);
        CONF_CHECK(where, drawing->str[drawing->len - 1] == '\n',
                   "render does not end with a newline (style %d)", style_index);
        CONF_CHECK(where, g_utf8_validate(drawing->str, (gssize)drawing->len, NULL),
                   "render is not UTF-8 (style %d)", style_index);
        g_string_free(drawing, TRUE);
    }

    DjOutcome by_rules = v->outcome(pos);
    DjOutcome outcome = dj_position_outcome(v, pos);
    if (by_rules != DJ_OUTCOME_ONGOING) {
        CONF_CHECK(where, outcome == by_rules, "dj_position_outcome disagrees with outcome()");
        if (v->describe_outcome != NULL) {
            GString *why = g_string_new(NULL);
            v->describe_outcome(pos, why);
            CONF_CHECK(where, why->len > 0, "describe_outcome wrote nothing for a finished game");
            CONF_CHECK(where, why->str[why->len - 1] != '\n',
                       "describe_outcome ends with a newline");
            CONF_CHECK(where, g_utf8_validate(why->str, (gssize)why->len, NULL),
                       "describe_outcome is not UTF-8");
            g_string_free(why, TRUE);
        }
        return;
    }
    int count = dj_count_moves(v, pos);
    if (count == 0) {
        CONF_CHECK(where, outcome == dj_outcome_win_for(1 - side),
                   "no legal move, yet dj_position_outcome is %d, not a loss for side %d",
                   (int)outcome, side);
        return;
    }
    CONF_CHECK(where, outcome == DJ_OUTCOME_ONGOING, "moves exist but the game is over");
    int score = v->evaluate != NULL ? v->evaluate(pos) : 0;
    CONF_CHECK(where, score > -DJ_SCORE_EVAL_MAX && score < DJ_SCORE_EVAL_MAX,
               "evaluate is %d, outside +-%d", score, DJ_SCORE_EVAL_MAX);
    if (v->in_check != NULL)
        (void)v->in_check(pos);
    check_moves(where, v, pos);
}

static void test_random_games(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    int games = conf_games(GAMES_PER_VARIANT);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        int finished = 0;
        int played = 0;
        long plies = 0;
        for (int game = 0; game < games; game++) {
            guint32 seed = conf_game_seed(base, game);
            ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
            ConfWhere where = { v, seed, game, 0, NULL };
            for (int ply = 0; ply <= line->n_plies; ply++) {
                where.ply = ply;
                where.pos = conf_line_position(line, ply);
                check_position(&where, v, where.pos);
                if (ply < line->n_plies) {
                    CONF_CHECK(&where,
                               dj_position_outcome(v, where.pos) == DJ_OUTCOME_ONGOING,
                               "the random game went on after the end");
                    CONF_CHECK(&where, conf_is_legal(v, where.pos, line->moves[ply]),
                               "the game's move is not legal");
                }
            }
            const void *last = conf_line_position(line, line->n_plies);
            if (dj_position_outcome(v, last) != DJ_OUTCOME_ONGOING)
                finished++;
            else
                CONF_CHECK(&where, line->n_plies == MAX_PLIES,
                           "the random game stopped early while ongoing");
            played++;
            plies += line->n_plies;
            conf_line_free(line);
        }
        g_printerr("%s: %d random games (%ld plies checked), %d ended by the rules within %d "
                   "plies\n", v->name, played, plies, finished, MAX_PLIES);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_facts),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests_name("random games", tests, NULL, NULL);
}
