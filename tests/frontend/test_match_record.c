/* test_match_record.c: the annotated records `dojo match --records` writes
 * (in-process): what a note says, where it goes, and that the record reads
 * back as the same game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "framework/game.h"
#include "framework/notation.h"
#include "framework/record.h"
#include "framework/referee/match_record.h"
#include "framework/registry.h"

static void assert_note(DojoMoveNote note, const char *expected)
{
    g_autoptr(GString) text = g_string_new(NULL);
    dojo_match_format_note(&note, text);
    assert_string_equal(text->str, expected);
}

static void test_notes(void **state)
{
    (void)state;
    assert_note((DojoMoveNote){ .has_score = true, .score = 35, .depth = 12, .time_ms = 412 },
                "+0.35/12 0.412s");
    assert_note((DojoMoveNote){ .has_score = true, .score = -5, .depth = 3, .time_ms = 7 },
                "-0.05/3 0.007s");
    assert_note((DojoMoveNote){ .has_score = true, .score = 0, .depth = 1, .time_ms = 0 },
                "+0.00/1 0.000s");
    assert_note((DojoMoveNote){ .has_score = true, .score = -1234, .time_ms = 12345 },
                "-12.34 12.345s");
    assert_note((DojoMoveNote){ .has_score = true, .mate = true, .score = 3, .depth = 20,
                                .time_ms = 50 },
                "+M3/20 0.050s");
    assert_note((DojoMoveNote){ .has_score = true, .mate = true, .score = -2, .depth = 9,
                                .time_ms = 1000 },
                "-M2/9 1.000s");
    assert_note((DojoMoveNote){ .depth = 7, .time_ms = 999 }, "/7 0.999s");
    assert_note((DojoMoveNote){ .time_ms = 61 }, "0.061s");
}

/* A game of some plies, the first two an opening without notes. */
static void test_record_reads_back(void **state)
{
    (void)state;
    const DjVariant *variant = NULL;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++)
        if ((*v)->legal_moves != NULL) {
            variant = *v;
            break;
        }
    assert_non_null(variant);
    DjSetup setup = { 0 };
    DjGame *game = dj_game_new(variant, &setup, NULL);
    assert_non_null(game);
    DojoMoveNote notes[6];
    int n_notes = 0;
    DjMove moves[1024];
    for (int ply = 0; ply < 8 && dj_game_outcome(game) == DJ_OUTCOME_ONGOING; ply++) {
        int n = variant->legal_moves(dj_game_position(game), moves);
        assert_true(n > 0);
        if (ply >= 2)
            notes[n_notes++] = (DojoMoveNote){ .ply = ply, .has_score = true,
                                               .score = 10 * ply, .depth = ply,
                                               .time_ms = 100 + ply };
        assert_true(dj_game_play(game, moves[ply % n], NULL));
    }
    g_autoptr(GString) text = g_string_new(NULL);
    dojo_match_format_record(game, notes, n_notes, text);

    /* one move a line; the notes on the plies they belong to */
    g_auto(GStrv) lines = g_strsplit(text->str, "\n", -1);
    int move_line = 0;
    for (int i = 0; lines[i] != NULL; i++) {
        if (!g_ascii_isdigit(lines[i][0]))
            continue;
        if (dj_outcome_parse_result(lines[i], &(DjOutcome){ 0 }))
            continue;
        int ply = move_line++;
        if (ply < 2) {
            assert_null(strchr(lines[i], ';'));
        } else {
            g_autofree char *expected = g_strdup_printf(" ; +0.%02d/%d 0.%03ds", 10 * ply, ply,
                                                        100 + ply);
            if (!g_str_has_suffix(lines[i], expected))
                fail_msg("line \"%s\" should end with \"%s\"", lines[i], expected);
        }
    }
    assert_int_equal(move_line, dj_game_length(game));

    /* and the record is the same game */
    GError *error = NULL;
    DjGame *back = dj_record_parse(text->str, &error);
    assert_null(error);
    assert_int_equal(dj_game_length(back), dj_game_length(game));
    for (int ply = 0; ply < dj_game_length(game); ply++)
        assert_int_equal(dj_game_move_at(back, ply), dj_game_move_at(game, ply));
    dj_game_free(back);
    dj_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notes),
        cmocka_unit_test(test_record_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
