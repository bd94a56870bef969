/* test_records.c: game records (record.h) of random games of every
 * registered variant: format -> parse and save -> load give the same game;
 * truncated and corrupted records are refused with the line where they
 * break, or read as the part that is still whole. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0x4ec04d5u
#define ROUND_TRIP_GAMES 40
#define TRUNCATED_GAMES 4
#define MAX_PLIES 400
#define MOVE_CUTS 80
#define MUTATIONS 60

static const char *tricky_value = "He said \"hi\" \\ then left; [not a tag] 1-0";

/* Play the moves of `line` into a new DjGame until it ends (by the rules or
 * by repetition) and add a few tags, escapes included. */
static DjGame *game_from_line(const ConfWhere *where, const ConfLine *line)
{
    DjSetup setup = conf_line_setup(line);
    GError *error = NULL;
    DjGame *game = dj_game_new(line->variant, &setup, &error);
    CONF_CHECK(where, game != NULL, "dj_game_new refused: %s",
               error != NULL ? error->message : "(no error)");
    for (int ply = 0; ply < line->n_plies; ply++) {
        if (dj_game_outcome(game) != DJ_OUTCOME_ONGOING)
            break;
        CONF_CHECK(where, dj_game_play(game, line->moves[ply], &error),
                   "the game refused move %d: %s", ply,
                   error != NULL ? error->message : "(no error)");
    }
    const DjVariant *v = line->variant;
    dj_game_set_tag(game, "Event", tricky_value);
    dj_game_set_tag(game, v->side_names[0], "Player \\one\\");
    dj_game_set_tag(game, v->side_names[1], "dojo level 5");
    dj_game_set_tag(game, "Date", "2026.11.22");
    return game;
}

/* The two games have the same variant, moves, positions, outcome and the
 * tags of `expected`. */
static void check_same_game(const ConfWhere *where, const DjGame *expected, const DjGame *got,
                            const char *how)
{
    const DjVariant *v = dj_game_variant(expected);
    CONF_CHECK(where, dj_game_variant(got) == v, "%s: another variant", how);
    int length = dj_game_length(expected);
    CONF_CHECK(where, dj_game_length(got) == length, "%s: %d moves instead of %d", how,
               dj_game_length(got), length);
    for (int ply = 0; ply <= length; ply++) {
        const void *a = dj_game_position_at(expected, ply);
        const void *b = dj_game_position_at(got, ply);
        CONF_CHECK(where, v->key(a) == v->key(b), "%s: position %d has another key", how, ply);
        char *text_a = conf_position_text(v, a);
        char *text_b = conf_position_text(v, b);
        CONF_CHECK(where, strcmp(text_a, text_b) == 0, "%s: position %d is \"%s\", not \"%s\"",
                   how, ply, text_b, text_a);
        g_free(text_a);
        g_free(text_b);
        if (ply < length)
            CONF_CHECK(where, dj_game_move_at(got, ply) == dj_game_move_at(expected, ply),
                       "%s: move %d differs", how, ply);
    }
    CONF_CHECK(where, dj_game_outcome(got) == dj_game_outcome(expected),
               "%s: outcome %d instead of %d", how, (int)dj_game_outcome(got),
               (int)dj_game_outcome(expected));
    for (const char *const *name = dj_game_tag_names(expected); *name != NULL; name++) {
        CONF_CHECK(where, g_strcmp0(dj_game_tag(got, *name), dj_game_tag(expected, *name)) == 0,
                   "%s: tag %s is \"%s\", not \"%s\"", how, *name, dj_game_tag(got, *name),
                   dj_game_tag(expected, *name));
    }
}

static char *record_text(const DjGame *game)
{
    GString *text = g_string_new(NULL);
    dj_record_format(game, text);
    return g_string_free(text, FALSE);
}

static void round_trip_for(const DjVariant *v, guint32 base, const char *dir)
{
    char *path = g_build_filename(dir, "game.dojo", NULL);
    for (int game_number = 0; game_number < ROUND_TRIP_GAMES; game_number++) {
        guint32 seed = conf_game_seed(base, game_number);
        ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
        ConfWhere where = { v, seed, game_number, -1, NULL };
        DjGame *game = game_from_line(&where, line);
        where.ply = dj_game_length(game);
        where.pos = dj_game_position(game);

        char *text = record_text(game);
        CONF_CHECK(&where, g_utf8_validate(text, -1, NULL), "the record is not UTF-8");
        GError *error = NULL;
        DjGame *parsed = dj_record_parse(text, &error);
        CONF_CHECK(&where, parsed != NULL, "its own record is refused: %s\n%s",
                   error != NULL ? error->message : "(no error)", text);
        check_same_game(&where, game, parsed, "format -> parse");
        char *text_again = record_text(parsed);
        CONF_CHECK(&where, strcmp(text, text_again) == 0,
                   "the parsed game writes another record:\n%s\n--- instead of ---\n%s",
                   text_again, text);
        g_free(text_again);
        dj_game_free(parsed);

        CONF_CHECK(&where, dj_record_save(game, path, &error), "dj_record_save failed: %s",
                   error != NULL ? error->message : "(no error)");
        char *on_disk = NULL;
        CONF_CHECK(&where, g_file_get_contents(path, &on_disk, NULL, NULL),
                   "the saved file cannot be read");
        CONF_CHECK(&where, strcmp(on_disk, text) == 0,
                   "the saved file differs from dj_record_format");
        g_free(on_disk);
        DjGame *loaded = dj_record_load(path, &error);
        CONF_CHECK(&where, loaded != NULL, "dj_record_load failed: %s",
                   error != NULL ? error->message : "(no error)");
        check_same_game(&where, game, loaded, "save -> load");
        dj_game_free(loaded);

        g_free(text);
        dj_game_free(game);
        conf_line_free(line);
    }
    g_remove(path);
    g_free(path);
}

static void test_round_trip(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    GError *error = NULL;
    char *dir = g_dir_make_tmp("dojo-conformance-XXXXXX", &error);
    assert_non_null(dir);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++)
        round_trip_for(*vp, base, dir);
    g_rmdir(dir);
    g_free(dir);
}

static bool is_move_number(const char *token)
{
    const char *p = token;
    while (g_ascii_isdigit(*p))
        p++;
    if (p == token || *p != '.')
        return false;
    while (*p == '.')
        p++;
    return *p == '\0';
}

static bool is_result(const char *token)
{
    DjOutcome outcome;
    return dj_outcome_parse_result(token, &outcome);
}

/* Parse the first `cut` bytes of the record `text` of `game` and check the
 * answer: a cut inside a tag line, or a cut move that does not read as a
 * move, is refused naming the cut's line; a cut between tokens reads as the
 * moves before it; any refusal names some line. */
static void check_cut(const ConfWhere *where, const DjGame *game, const char *text,
                      size_t tags_end, size_t cut)
{
    const DjVariant *v = dj_game_variant(game);
    char *prefix = g_strndup(text, cut);
    const char *line_start = strrchr(prefix, '\n');
    line_start = line_start != NULL ? line_start + 1 : prefix;
    int line_number = 1;
    for (const char *p = prefix; *p != '\0'; p++)
        line_number += *p == '\n';
    bool mid_line = text[cut] != '\n' && text[cut] != '\0';

    GError *error = NULL;
    DjGame *parsed = dj_record_parse(prefix, &error);
    if (parsed == NULL) {
        CONF_CHECK(where, error != NULL && conf_mentions_any_line(error->message),
                   "a truncated record was refused without naming a line: %s\n%s",
                   error != NULL ? error->message : "(no error)", prefix);
    }

    if (line_start[0] == '[' && mid_line) {
        CONF_CHECK(where, parsed == NULL, "a record cut inside a tag line was accepted:\n%s",
                   prefix);
        CONF_CHECK(where, conf_mentions_line(error->message, line_number),
                   "the error for a tag line cut on line %d says: %s", line_number,
                   error->message);
    } else if (cut >= tags_end) {
        /* In the move text: count the whole move tokens before the cut. */
        int whole_moves = 0;
        const char *moves_start = prefix + tags_end;
        char **tokens = g_strsplit_set(moves_start, " \n", -1);
        int n_tokens = (int)g_strv_length(tokens);
        const char *partial = NULL;
        for (int i = 0; i < n_tokens; i++) {
            const char *t = tokens[i];
            if (t[0] == '\0')
                continue;
            bool last = i == n_tokens - 1;
            if (last && text[cut] != ' ' && text[cut] != '\n' && text[cut] != '\0') {
                partial = t;
                break;
            }
            if (!is_move_number(t) && !is_result(t))
                whole_moves++;
        }
        const void *at = dj_game_position_at(game, whole_moves);
        DjMove move = DJ_MOVE_NONE;
        GError *move_error = NULL;
        bool partial_is_move = partial != NULL && !is_move_number(partial) && !is_result(partial);
        /* after the last move of a finished game no move text is playable */
        bool game_over_there = whole_moves == dj_game_length(game)
                               && dj_game_outcome(game) != DJ_OUTCOME_ONGOING;
        if (partial_is_move
            && (game_over_there || !v->parse_move(at, partial, &move, &move_error))) {
            CONF_CHECK(where, parsed == NULL,
                       "a record cut to the bad move \"%s\" was accepted:\n%s", partial, prefix);
            CONF_CHECK(where, conf_mentions_line(error->message, line_number),
                       "the error for the cut move \"%s\" on line %d says: %s", partial,
                       line_number, error->message);
        } else {
            int expected = whole_moves + (partial != NULL && move != DJ_MOVE_NONE ? 1 : 0);
            CONF_CHECK(where, parsed != NULL,
                       "a record cut after %d whole moves was refused: %s\n%s", whole_moves,
                       error != NULL ? error->message : "(no error)", prefix);
            CONF_CHECK(where, dj_game_length(parsed) == expected,
                       "a record cut after %d whole moves reads as %d moves", expected,
                       dj_game_length(parsed));
            for (int ply = 0; ply < whole_moves; ply++)
                CONF_CHECK(where, dj_game_move_at(parsed, ply) == dj_game_move_at(game, ply),
                           "a truncated record reads move %d differently", ply);
        }
        g_clear_error(&move_error);
        g_strfreev(tokens);
    }
    g_clear_error(&error);
    dj_game_free(parsed);
    g_free(prefix);
}

static void truncated_for(const DjVariant *v, guint32 base)
{
    GRand *rand = g_rand_new_with_seed(base);
    for (int game_number = 0; game_number < TRUNCATED_GAMES; game_number++) {
        guint32 seed = conf_game_seed(base, game_number);
        ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
        ConfWhere where = { v, seed, game_number, -1, NULL };
        DjGame *game = game_from_line(&where, line);
        char *text = record_text(game);
        size_t length = strlen(text);
        const char *moves_start = strstr(text, "]\n\n");
        CONF_CHECK(&where, moves_start != NULL, "no blank line after the tags:\n%s", text);
        size_t tags_end = (size_t)(moves_start - text) + 3;

        for (size_t cut = 0; cut < tags_end; cut++)
            check_cut(&where, game, text, tags_end, cut);
        for (int i = 0; i < MOVE_CUTS && tags_end < length; i++)
            check_cut(&where, game, text, tags_end,
                      tags_end + (size_t)g_rand_int_range(rand, 0, (gint32)(length - tags_end)));
        check_cut(&where, game, text, tags_end, length - 1);

        /* Random corruption: refused naming a line, or read as some game. */
        for (int i = 0; i < MUTATIONS; i++) {
            char *bad = g_strdup(text);
            size_t at = (size_t)g_rand_int_range(rand, 0, (gint32)length);
            bad[at] = (char)g_rand_int_range(rand, 1, 128);
            GError *error = NULL;
            DjGame *parsed = dj_record_parse(bad, &error);
            if (parsed == NULL)
                CONF_CHECK(&where, error != NULL && conf_mentions_any_line(error->message),
                           "a corrupted record was refused without naming a line: %s\n%s",
                           error != NULL ? error->message : "(no error)", bad);
            g_clear_error(&error);
            dj_game_free(parsed);
            g_free(bad);
        }
        g_free(text);
        dj_game_free(game);
        conf_line_free(line);
    }
    g_rand_free(rand);
}

static void test_truncated_and_corrupted(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++)
        truncated_for(*vp, base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_truncated_and_corrupted),
    };
    return cmocka_run_group_tests_name("records", tests, NULL, NULL);
}
