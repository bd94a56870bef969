/* test_record_pgn.c: games in PGN (record_pgn.h): written and read back for
 * every registered game, with comments, from other starts and with results
 * the rules do not give; the layout of the export format (the tags, move
 * numbers, lines under 80 characters); the import format of other tools;
 * malformed text refused with its line; toy games with extra turns and
 * with moves that are numbers; a file that games are added to. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/record_pgn.h"
#include "framework/registry.h"
#include "tests/framework/toys.h"
#include "tests/support/gerror_assert.h"
#include "tests/support/temp_dir.h"

#define SEED 0x9617u

static char *start_text(const DjGame *game)
{
    GString *out = g_string_new(NULL);
    dj_game_variant(game)->format_position(dj_game_position_at(game, 0), out);
    return g_string_free(out, FALSE);
}

/* The comments a test gives each move: comments->pdata[ply] or NULL. */
static void comment_from_array(int ply, GString *out, void *user_data)
{
    GPtrArray *comments = user_data;
    if (ply < (int)comments->len && g_ptr_array_index(comments, ply) != NULL)
        g_string_append(out, g_ptr_array_index(comments, ply));
}

/* Notes as a match writes them, on two moves of three, the first move
 * without (an opening move). */
static GPtrArray *engine_notes(const DjGame *game)
{
    GPtrArray *notes = g_ptr_array_new_with_free_func(g_free);
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        char *note = NULL;
        if (ply % 3 == 1)
            note = g_strdup_printf("+0.%02d/%d 0.%03ds", ply % 100, ply % 30 + 1, ply % 1000);
        else if (ply % 3 == 2)
            note = g_strdup_printf("-M%d/%d 0.050s", ply % 7 + 1, ply % 20 + 2);
        g_ptr_array_add(notes, note);
    }
    return notes;
}

static char *pgn_of(const DjGame *game, GPtrArray *comments, DjPgnTermination termination)
{
    DjPgnExtras extras = {
        .termination = termination,
        .comment = comments != NULL ? comment_from_array : NULL,
        .user_data = comments,
    };
    GString *out = g_string_new(NULL);
    dj_pgn_format(game, &extras, out);
    return g_string_free(out, FALSE);
}

static GPtrArray *parse_ok_among(const char *text, const DjVariant *const *variants)
{
    GError *error = NULL;
    GPtrArray *games = variants != NULL ? dj_pgn_parse_among(text, variants, &error)
                                        : dj_pgn_parse(text, &error);
    if (games == NULL)
        fail_msg("the PGN was refused:\n%s\nerror: %s", text,
                 error != NULL ? error->message : "(no error)");
    return games;
}

static GPtrArray *parse_ok(const char *text)
{
    return parse_ok_among(text, NULL);
}

/* The one game of `text`. */
static DjPgnGame *only_game(GPtrArray *games)
{
    assert_int_equal(games->len, 1);
    return g_ptr_array_index(games, 0);
}

static void expect_same_game(const DjGame *a, const DjGame *b)
{
    assert_ptr_equal(dj_game_variant(a), dj_game_variant(b));
    assert_int_equal(dj_game_length(a), dj_game_length(b));
    const DjVariant *v = dj_game_variant(a);
    for (int ply = 0; ply < dj_game_length(a); ply++)
        assert_int_equal(dj_game_move_at(a, ply), dj_game_move_at(b, ply));
    for (int ply = 0; ply <= dj_game_length(a); ply++)
        assert_true(v->key(dj_game_position_at(a, ply)) == v->key(dj_game_position_at(b, ply)));
    assert_int_equal(dj_game_outcome(a), dj_game_outcome(b));
    assert_string_equal(dj_game_outcome_reason(a) != NULL ? dj_game_outcome_reason(a) : "",
                        dj_game_outcome_reason(b) != NULL ? dj_game_outcome_reason(b) : "");
}

static void expect_comments(const DjPgnGame *read, GPtrArray *written)
{
    assert_int_equal(read->comments->len, (guint)dj_game_length(read->game));
    for (guint ply = 0; ply < read->comments->len; ply++)
        assert_string_equal(g_ptr_array_index(read->comments, ply) != NULL
                                ? (const char *)g_ptr_array_index(read->comments, ply) : "",
                            ply < written->len && g_ptr_array_index(written, ply) != NULL
                                ? (const char *)g_ptr_array_index(written, ply) : "");
}

static int count_lines(const char *text)
{
    int n = 0;
    for (const char *p = text; *p != '\0'; p++)
        n += *p == '\n';
    return n;
}

/* The value of tag `name` in PGN `text` (g_free it), or NULL. */
static char *tag_in(const char *text, const char *name)
{
    char *wanted = g_strdup_printf("[%s \"", name);
    const char *at = strstr(text, wanted);
    char *value = NULL;
    if (at != NULL && (at == text || at[-1] == '\n')) {
        const char *start = at + strlen(wanted);
        value = g_strndup(start, (gsize)(strstr(start, "\"]\n") - start));
    }
    g_free(wanted);
    return value;
}

static void expect_tag(const char *text, const char *name, const char *expected)
{
    char *value = tag_in(text, name);
    if (g_strcmp0(value, expected) != 0)
        fail_msg("[%s] is %s, not %s, in:\n%s", name, value != NULL ? value : "absent",
                 expected != NULL ? expected : "absent", text);
    g_free(value);
}

/* Every registered game: written with the engines' notes and read back,
 * the same game, notes, names and tags; written again, the same text. */
static void test_round_trip_every_game(void **state)
{
    (void)state;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        DjGame *game = toy_finished_game(*v, SEED, 3000);
        dj_game_set_tag(game, "Event", "a \"quoted\" event \\ here");
        dj_game_set_tag(game, "Round", "7");
        dj_game_set_tag(game, "Date", "2026.11.22");
        dj_game_set_tag(game, (*v)->side_names[0], "first engine");
        dj_game_set_tag(game, (*v)->side_names[1], "second engine");
        dj_game_set_tag(game, "Annotator", "a test");
        GPtrArray *notes = engine_notes(game);
        char *text = pgn_of(game, notes, DJ_PGN_TERMINATION_FROM_GAME);

        expect_tag(text, "White", "first engine");
        expect_tag(text, "Black", "second engine");
        expect_tag(text, "WhiteSide", (*v)->side_names[0]);
        expect_tag(text, "BlackSide", (*v)->side_names[1]);
        expect_tag(text, "Variant", (*v)->name);
        expect_tag(text, "Termination", "normal");
        expect_tag(text, "TimeControl", "?");
        expect_tag(text, "Site", "?");
        expect_tag(text, "Result", dj_outcome_result_text(dj_game_outcome(game)));
        char *plies = g_strdup_printf("%d", dj_game_length(game));
        expect_tag(text, "PlyCount", plies);
        g_free(plies);
        /* the reason, then the result, end the move text */
        const char *reason = dj_game_outcome_reason(game);
        char *last_word = g_strrstr(reason, " ") != NULL ? g_strdup(g_strrstr(reason, " ") + 1)
                                                         : g_strdup(reason);
        char *tail = g_strdup_printf("%s} %s\n\n", last_word,
                                     dj_outcome_result_text(dj_game_outcome(game)));
        char *tail_wrapped = g_strdup_printf("%s}\n%s\n\n", last_word,
                                             dj_outcome_result_text(dj_game_outcome(game)));
        assert_true(g_str_has_suffix(text, tail) || g_str_has_suffix(text, tail_wrapped));
        g_free(tail);
        g_free(tail_wrapped);
        g_free(last_word);

        GPtrArray *games = parse_ok(text);
        DjPgnGame *read = only_game(games);
        assert_int_equal(read->line, 1);
        expect_same_game(game, read->game);
        expect_comments(read, notes);
        assert_string_equal(dj_game_tag(read->game, (*v)->side_names[0]), "first engine");
        assert_string_equal(dj_game_tag(read->game, (*v)->side_names[1]), "second engine");
        assert_string_equal(dj_game_tag(read->game, "Event"), "a \"quoted\" event \\ here");
        assert_string_equal(dj_game_tag(read->game, "Annotator"), "a test");
        assert_null(dj_game_tag(read->game, "Site"));      /* "?" says nothing */
        assert_null(dj_game_tag(read->game, "PlyCount"));  /* made again on writing */
        char *again = pgn_of(read->game, read->comments, DJ_PGN_TERMINATION_FROM_GAME);
        assert_string_equal(again, text);

        g_free(again);
        g_ptr_array_unref(games);
        g_free(text);
        g_ptr_array_unref(notes);
        dj_game_free(game);
    }
}

/* A game from a position of its own has SetUp and FEN, and is read back
 * from there; a new game of a game that always starts the same way has
 * neither. */
static void test_other_start(void **state)
{
    (void)state;
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++) {
        DjGame *opening = toy_random_game(*v, NULL, SEED + 1, 6);
        char *position = start_text(opening);
        GString *after = g_string_new(NULL);
        (*v)->format_position(dj_game_position(opening), after);
        DjGame *game = toy_random_game(*v, after->str, SEED + 2, 30);
        GPtrArray *notes = engine_notes(game);
        char *text = pgn_of(game, notes, DJ_PGN_TERMINATION_FROM_GAME);
        expect_tag(text, "SetUp", "1");
        expect_tag(text, "FEN", after->str);
        GPtrArray *games = parse_ok(text);
        DjPgnGame *read = only_game(games);
        expect_same_game(game, read->game);
        expect_comments(read, notes);
        char *start = start_text(read->game);
        assert_string_equal(start, after->str);
        if (dj_game_outcome(game) == DJ_OUTCOME_ONGOING)
            expect_tag(text, "Termination", "unterminated");

        /* a new game: FEN only where new games differ (a deal) */
        char *fresh = pgn_of(opening, NULL, DJ_PGN_TERMINATION_FROM_GAME);
        char *standard = dj_record_standard_start(*v);
        if (standard != NULL) {
            assert_string_equal(standard, position);
            expect_tag(fresh, "SetUp", NULL);
            expect_tag(fresh, "FEN", NULL);
        } else {
            expect_tag(fresh, "SetUp", "1");
            expect_tag(fresh, "FEN", position);
        }
        GPtrArray *fresh_games = parse_ok(fresh);
        expect_same_game(opening, only_game(fresh_games)->game);

        g_ptr_array_unref(fresh_games);
        g_free(standard);
        g_free(fresh);
        g_free(start);
        g_ptr_array_unref(games);
        g_free(text);
        g_ptr_array_unref(notes);
        dj_game_free(game);
        g_string_free(after, TRUE);
        g_free(position);
        dj_game_free(opening);
    }
}

/* Results the rules do not give come back with their reasons; the note of
 * the last move is kept apart from the reason; an unfinished game's last
 * comment is its last move's; several games in one text. */
static void test_results_and_reasons(void **state)
{
    (void)state;
    const DjVariant *v = dj_registry_all()[0];
    DjGame *adjudicated = toy_random_game(v, NULL, SEED + 3, 9);
    assert_int_equal(dj_game_outcome(adjudicated), DJ_OUTCOME_ONGOING);
    dj_game_set_result(adjudicated, DJ_OUTCOME_WIN_SIDE1,
                       "adjudicated: a's score was below -500 for 4 moves");
    DjGame *at_once = toy_random_game(v, NULL, SEED + 4, 0);
    dj_game_set_result(at_once, DJ_OUTCOME_DRAW, "adjudicated: the opening reached the ply "
                                                 "limit");
    DjGame *unfinished = toy_random_game(v, NULL, SEED + 5, 8);
    GPtrArray *notes_a = engine_notes(adjudicated);
    GPtrArray *notes_u = g_ptr_array_new_with_free_func(g_free);
    for (int ply = 0; ply < dj_game_length(unfinished); ply++)
        g_ptr_array_add(notes_u, g_strdup_printf("note %d {with braces}", ply));

    char *a = pgn_of(adjudicated, notes_a, DJ_PGN_TERMINATION_ADJUDICATION);
    char *b = pgn_of(at_once, NULL, DJ_PGN_TERMINATION_ADJUDICATION);
    char *c = pgn_of(unfinished, notes_u, DJ_PGN_TERMINATION_FROM_GAME);
    expect_tag(a, "Termination", "adjudication");
    expect_tag(a, "Result", "0-1");
    expect_tag(c, "Termination", "unterminated");
    expect_tag(c, "Result", "*");
    assert_true(g_str_has_suffix(b, "\n\n{adjudicated: the opening reached the ply limit} "
                                    "1/2-1/2\n\n"));
    /* braces inside a comment would end it */
    assert_non_null(strstr(c, "{note 0 (with braces)}"));
    char *all = g_strconcat(a, b, c, NULL);
    GPtrArray *games = parse_ok(all);
    assert_int_equal(games->len, 3);
    DjPgnGame *read_a = g_ptr_array_index(games, 0);
    DjPgnGame *read_b = g_ptr_array_index(games, 1);
    DjPgnGame *read_c = g_ptr_array_index(games, 2);
    expect_same_game(adjudicated, read_a->game);
    expect_comments(read_a, notes_a);
    expect_same_game(at_once, read_b->game);
    expect_same_game(unfinished, read_c->game);
    assert_int_equal(read_a->line, 1);
    assert_int_equal(read_b->line, 1 + count_lines(a));
    for (int ply = 0; ply < dj_game_length(unfinished); ply++) {
        char *expected = g_strdup_printf("note %d (with braces)", ply);
        assert_string_equal(g_ptr_array_index(read_c->comments, ply), expected);
        g_free(expected);
    }

    g_ptr_array_unref(games);
    g_free(all);
    g_free(a);
    g_free(b);
    g_free(c);
    g_ptr_array_unref(notes_a);
    g_ptr_array_unref(notes_u);
    dj_game_free(adjudicated);
    dj_game_free(at_once);
    dj_game_free(unfinished);
}

/* The move text of PGN `text` (after the blank line that ends the tags),
 * its lines joined with spaces (g_free it). */
static char *move_text_of(const char *text)
{
    const char *start = strstr(text, "\n\n");
    assert_non_null(start);
    char *moves = g_strdup(start + 2);
    g_strchomp(moves);
    for (char *p = moves; *p != '\0'; p++) {
        if (*p == '\n')
            *p = ' ';
    }
    return moves;
}

/* The move text the export format gives `game` with `comments` (by ply,
 * NULL where none) up to its last move: a token a turn, "N." before each
 * turn of side 0 and "N..." before one of side 1 after a comment; with
 * compound turns a turn's moves joined by ',', then their comments in
 * order ("{}" for one without a comment before one with), else a move a
 * token.  Turns alternate either way. */
static GString *expected_move_text(const DjGame *game, GPtrArray *comments)
{
    const DjVariant *v = dj_game_variant(game);
    bool compound = v->extra_turns && v->compound_turns;
    GString *expected = g_string_new(NULL);
    bool after_comment = true;
    int turn = 0;
    for (int ply = 0; ply < dj_game_length(game); turn++) {
        int side = v->side_to_move(dj_game_position_at(game, ply));
        assert_int_equal(side, turn % 2);
        if (ply > 0)
            g_string_append_c(expected, ' ');
        if (side == 0)
            g_string_append_printf(expected, "%d. ", turn / 2 + 1);
        else if (after_comment)
            g_string_append_printf(expected, "%d... ", turn / 2 + 1);
        int first = ply;
        do {
            if (ply > first)
                g_string_append_c(expected, ',');
            dj_format_move_engine(v, dj_game_position_at(game, ply), dj_game_move_at(game, ply),
                                  expected);
            ply++;
        } while (compound && ply < dj_game_length(game)
                 && v->side_to_move(dj_game_position_at(game, ply)) == side);
        int last_commented = -1;
        for (int p = first; p < ply; p++)
            if (g_ptr_array_index(comments, p) != NULL)
                last_commented = p;
        for (int p = first; p <= last_commented; p++) {
            const char *comment = g_ptr_array_index(comments, p);
            g_string_append_printf(expected, " {%s}", comment != NULL ? comment : "");
        }
        after_comment = last_commented >= 0;
    }
    return expected;
}

/* The export format's layout: the Seven Tag Roster first, in order; lines
 * of move text shorter than 80 characters, as full as they can be, no
 * space at either end; "N." before each turn of side 0, "N..." before a
 * turn of side 1 only after a comment; a turn one move, or with compound
 * turns its moves joined by ',' and their comments after it. */
static void test_export_layout(void **state)
{
    (void)state;
    const DjVariant *v = dj_registry_all()[0];
    DjGame *game = NULL;
    for (guint32 seed = SEED + 6; game == NULL || dj_game_length(game) < 40; seed++) {
        if (game != NULL)
            dj_game_free(game);
        game = toy_random_game(v, NULL, seed, 300);
    }
    GPtrArray *comments = g_ptr_array_new_with_free_func(g_free);
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        char *comment = NULL;
        if (ply % 5 == 1)
            comment = g_strdup_printf("+0.%02d/%d 0.125s", ply % 100, ply % 9 + 1);
        else if (ply == 7)   /* longer than a line: broken between its words */
            comment = g_strdup("a comment much longer than one line of the export format, "
                               "with many words in it, so that it has to be broken into "
                               "several lines of fewer than eighty characters each");
        g_ptr_array_add(comments, comment);
    }
    char *text = pgn_of(game, comments, DJ_PGN_TERMINATION_FROM_GAME);

    static const char *const roster[] = { "Event", "Site", "Date", "Round", "White", "Black",
                                          "Result" };
    char **lines = g_strsplit(text, "\n", -1);
    for (int i = 0; i < 7; i++) {
        char *head = g_strdup_printf("[%s \"", roster[i]);
        assert_true(g_str_has_prefix(lines[i], head));
        g_free(head);
    }
    int first_move_line = 0;
    while (lines[first_move_line][0] != '\0')
        first_move_line++;
    first_move_line++;
    int n_lines = (int)g_strv_length(lines);
    /* the text ends with the move text's blank line */
    assert_string_equal(lines[n_lines - 1], "");
    assert_string_equal(lines[n_lines - 2], "");
    int last_move_line = n_lines - 3;
    assert_true(last_move_line > first_move_line + 5);
    for (int i = first_move_line; i <= last_move_line; i++) {
        const char *line = lines[i];
        assert_true(g_utf8_strlen(line, -1) < 80);
        assert_true(line[0] != '\0' && line[0] != ' ' && line[strlen(line) - 1] != ' ');
        if (i < last_move_line) {
            const char *next_word_end = strchr(lines[i + 1], ' ');
            long next = next_word_end != NULL ? next_word_end - lines[i + 1]
                                              : (long)strlen(lines[i + 1]);
            assert_true(g_utf8_strlen(line, -1) + 1 + next >= 80);
        }
    }

    GString *expected = expected_move_text(game, comments);
    if (dj_game_outcome_reason(game) != NULL)
        g_string_append_printf(expected, " {%s}", dj_game_outcome_reason(game));
    g_string_append_printf(expected, " %s", dj_outcome_result_text(dj_game_outcome(game)));
    char *moves = move_text_of(text);
    assert_string_equal(moves, expected->str);

    GPtrArray *games = parse_ok(text);
    expect_same_game(game, only_game(games)->game);
    expect_comments(only_game(games), comments);

    g_ptr_array_unref(games);
    g_free(moves);
    g_string_free(expected, TRUE);
    g_strfreev(lines);
    g_free(text);
    g_ptr_array_unref(comments);
    dj_game_free(game);
}

/* The engine texts of the first `n` moves of `game`. */
static char **engine_moves(const DjGame *game, int n)
{
    const DjVariant *v = dj_game_variant(game);
    char **moves = g_new0(char *, (gsize)n + 1);
    for (int ply = 0; ply < n; ply++) {
        GString *out = g_string_new(NULL);
        dj_format_move_engine(v, dj_game_position_at(game, ply), dj_game_move_at(game, ply),
                              out);
        moves[ply] = g_string_free(out, FALSE);
    }
    return moves;
}

/* The tags of a game of the first registered game, from `game`'s start. */
static char *tags_for(const DjGame *game, const char *result)
{
    const DjVariant *v = dj_game_variant(game);
    char *start = start_text(game);
    char *tags = g_strdup_printf("[Event \"x\"]\n[Variant \"%s\"]\n[FEN \"%s\"]\n"
                                 "[Result \"%s\"]\n", v->name, start, result);
    g_free(start);
    return tags;
}

/* What other tools write: move numbers anywhere or nowhere, NAGs,
 * suffixes, variations (nested, with comments holding parentheses),
 * ';' comments, '%' lines, a byte-order mark, CR LF line ends. */
static void test_import_format(void **state)
{
    (void)state;
    const DjVariant *v = dj_registry_all()[0];
    DjGame *game = toy_random_game(v, NULL, SEED + 7, 6);
    assert_int_equal(dj_game_length(game), 6);
    char **m = engine_moves(game, 6);
    char *tags = tags_for(game, "*");
    char *text = g_strdup_printf(
        "\xEF\xBB\xBF%s\r\n"
        "%% an escaped line, skipped\r\n"
        "1.%s $1 {a comment\r\nacross lines} %s!? (1... %s (2. %s {a ) in a comment}) "
        "; a ) after a semicolon\r\n"
        ") 2 . %s ; to the end of the line\r\n"
        "2... %s?! 3 %s %s * \r\n",
        tags, m[0], m[1], m[1], m[2], m[2], m[3], m[4], m[5]);
    GPtrArray *games = parse_ok(text);
    DjPgnGame *read = only_game(games);
    expect_same_game(game, read->game);
    assert_string_equal(g_ptr_array_index(read->comments, 0), "a comment across lines");
    assert_string_equal(g_ptr_array_index(read->comments, 2), "to the end of the line");
    assert_null(g_ptr_array_index(read->comments, 5));
    assert_string_equal(dj_game_tag(read->game, "Event"), "x");
    g_ptr_array_unref(games);

    /* nothing but white space: no game */
    games = parse_ok(" \n\n% only a comment line\n");
    assert_int_equal(games->len, 0);
    g_ptr_array_unref(games);

    g_free(text);
    g_free(tags);
    g_strfreev(m);
    dj_game_free(game);
}

/* `text` is refused with an error naming line `line` and holding `words`. */
static void expect_refused(const char *text, int line, const char *words)
{
    GError *error = NULL;
    GPtrArray *games = dj_pgn_parse(text, &error);
    if (games != NULL)
        fail_msg("accepted:\n%s", text);
    assert_non_null(error);
    char *wanted = g_strdup_printf("line %d: ", line);
    if (error->domain != DJ_ERROR || !g_str_has_prefix(error->message, wanted)
        || strstr(error->message, words) == NULL)
        fail_msg("for\n%s\nthe error is \"%s\", not one starting \"%s\" with \"%s\"", text,
                 error->message, wanted, words);
    g_free(wanted);
    g_error_free(error);
}

static void test_malformed_input(void **state)
{
    (void)state;
    const DjVariant *v = dj_registry_all()[0];
    DjGame *game = toy_random_game(v, NULL, SEED + 8, 4);
    char **m = engine_moves(game, 4);
    char *tags = tags_for(game, "*");   /* 4 lines, then the blank line 5 */
    char *tags_01 = tags_for(game, "0-1");
    struct {
        char *text;
        int line;
        const char *words;
    } cases[] = {
        { g_strdup_printf("%s\n1. %s {never\nclosed\n", tags, m[0]), 6, "never closed" },
        { g_strdup_printf("%s\n1. %s %s\n2. %s\n", tags, m[0], m[1], m[2]), 8,
          "without a result" },
        { g_strdup_printf("%s\n1. %s 1-0\n", tags, m[0]), 6, "[Result \"*\"]" },
        { g_strdup_printf("[Event \"x\"]\n\n1. %s *\n", m[0]), 3, "which game" },
        { g_strdup("[Event \"x\"]\n[Variant \"chess\"]\n\n1. e4 *\n"), 2,
          "unknown game" },
        { g_strdup_printf("%s\n1. %s %s\n2. zz9z9 *\n", tags, m[0], m[1]), 7,
          "cannot be played" },
        { g_strdup_printf("%s[Black \"unclosed]\n\n1. %s *\n", tags, m[0]), 5, "tag" },
        { g_strdup_printf("%s\n1. %s (1... %s\n2. x *\n", tags, m[0], m[1]), 6,
          "never closed" },
        { g_strdup_printf("%s\n1. %s\n\n%s\n1. %s *\n", tags, m[0], tags, m[0]), 8,
          "no result" },
        { g_strdup_printf("%s\n1. %s ) *\n", tags, m[0]), 6, "')'" },
        { g_strdup_printf("%s\n1. %s \"x\" *\n", tags, m[0]), 6, "'\"'" },
        { g_strdup_printf("%s\n1. %s {\xff} *\n", tags, m[0]), 6, "UTF-8" },
        { g_strdup_printf("[Variant \"%s\"]\n[FEN \"not a position\"]\n\n*\n", v->name), 2,
          "" },
        { g_strdup_printf("%s\n*\n\n%s\n1/2-1/2\n", tags, tags_01), 13, "differs" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        expect_refused(cases[i].text, cases[i].line, cases[i].words);
        g_free(cases[i].text);
    }

    /* a result the rules contradict */
    DjGame *finished = toy_finished_game(v, SEED + 9, 3000);
    int winner = dj_outcome_winner(dj_game_outcome(finished));
    DjOutcome other = winner == 0 ? DJ_OUTCOME_WIN_SIDE1 : DJ_OUTCOME_WIN_SIDE0;
    char *text = pgn_of(finished, NULL, DJ_PGN_TERMINATION_FROM_GAME);
    GString *wrong = g_string_new(text);
    const char *right = dj_outcome_result_text(dj_game_outcome(finished));
    const char *swapped = dj_outcome_result_text(other);
    g_string_replace(wrong, right, swapped, 0);
    GError *error = NULL;
    GPtrArray *games = dj_pgn_parse(wrong->str, &error);
    assert_null(games);
    assert_non_null(strstr(error->message, "contradicts the moves"));
    g_clear_error(&error);

    g_string_free(wrong, TRUE);
    g_free(text);
    dj_game_free(finished);
    g_free(tags_01);
    g_free(tags);
    g_strfreev(m);
    dj_game_free(game);
}

/* A toy where a move may give the turn back to its own side: such a move
 * is numbered again, and the game reads back. */
static void test_extra_turns(void **state)
{
    (void)state;
    const DjVariant *const toys[] = { &toy_mancala, &toy_takeaway, NULL };
    bool repeated_side = false;
    for (guint32 seed = 0; seed < 20; seed++) {
        DjGame *game = toy_finished_game(&toy_mancala, seed, 3000);
        GPtrArray *notes = engine_notes(game);
        char *text = pgn_of(game, seed % 2 == 0 ? notes : NULL, DJ_PGN_TERMINATION_FROM_GAME);
        GPtrArray *games = parse_ok_among(text, toys);
        expect_same_game(game, only_game(games)->game);
        for (int ply = 1; ply < dj_game_length(game); ply++) {
            int side = toy_mancala.side_to_move(dj_game_position_at(game, ply));
            repeated_side = repeated_side
                || side == toy_mancala.side_to_move(dj_game_position_at(game, ply - 1));
        }
        /* a move of the side that has just moved has its number again */
        GString *expected = g_string_new(NULL);
        int previous = -1;
        for (int ply = 0; ply < dj_game_length(game); ply++) {
            const void *pos = dj_game_position_at(game, ply);
            int side = toy_mancala.side_to_move(pos);
            int number = dj_game_turn_index(game, ply) / 2 + 1;
            if (side == 0)
                g_string_append_printf(expected, "%d. ", number);
            else if (ply == 0 || side == previous || (seed % 2 == 0 && notes->pdata[ply - 1]))
                g_string_append_printf(expected, "%d... ", number);
            toy_mancala.format_move(pos, dj_game_move_at(game, ply), expected);
            if (seed % 2 == 0 && notes->pdata[ply] != NULL)
                g_string_append_printf(expected, " {%s}", (char *)notes->pdata[ply]);
            g_string_append_c(expected, ' ');
            previous = side;
        }
        g_string_append_printf(expected, "{%s} %s", dj_game_outcome_reason(game),
                               dj_outcome_result_text(dj_game_outcome(game)));
        char *moves = move_text_of(text);
        assert_string_equal(moves, expected->str);
        g_free(moves);
        g_string_free(expected, TRUE);
        g_ptr_array_unref(games);
        g_free(text);
        g_ptr_array_unref(notes);
        dj_game_free(game);
    }
    assert_true(repeated_side);

    /* moves that are numbers, and a start with side 1 to move */
    DjGame *game = toy_random_game(&toy_takeaway, "7 1", 1, 10);
    char *text = pgn_of(game, NULL, DJ_PGN_TERMINATION_FROM_GAME);
    char *moves = move_text_of(text);
    assert_true(g_str_has_prefix(moves, "1... "));
    GPtrArray *games = parse_ok_among(text, toys);
    expect_same_game(game, only_game(games)->game);
    g_ptr_array_unref(games);
    g_free(moves);
    g_free(text);
    dj_game_free(game);
}

/* A game whose turns are compound: a token a turn, its moves joined by
 * ',' and their comments after it in order, read back move by move with
 * each move's comment; a comma that joins moves of two turns, or joins
 * nothing, is refused.  (The toy mancala, its extra turns made compound.) */
static void test_compound_turns(void **state)
{
    (void)state;
    DjVariant compound = toy_mancala;
    compound.name = "toy-mancala-turns";
    compound.compound_turns = true;
    const DjVariant *const toys[] = { &compound, NULL };
    bool joined = false, placeholder = false;
    for (guint32 seed = 0; seed < 20; seed++) {
        DjGame *game = toy_finished_game(&compound, seed, 3000);
        GPtrArray *notes = engine_notes(game);
        char *text = pgn_of(game, notes, DJ_PGN_TERMINATION_FROM_GAME);
        GString *expected = expected_move_text(game, notes);
        g_string_append_printf(expected, " {%s} %s", dj_game_outcome_reason(game),
                               dj_outcome_result_text(dj_game_outcome(game)));
        char *moves = move_text_of(text);
        assert_string_equal(moves, expected->str);
        joined = joined || strchr(moves, ',') != NULL;
        placeholder = placeholder || strstr(moves, "{}") != NULL;
        GPtrArray *games = parse_ok_among(text, toys);
        expect_same_game(game, only_game(games)->game);
        expect_comments(only_game(games), notes);
        g_ptr_array_unref(games);
        g_free(moves);
        g_string_free(expected, TRUE);
        g_free(text);
        g_ptr_array_unref(notes);
        dj_game_free(game);
    }
    assert_true(joined);
    assert_true(placeholder);

    /* a1 (two seeds, to b1 and c1) ends South's turn: c2 is North's. */
    static const char *const refused[][2] = {
        { "1. a1,c2 *", "the turn was over before \"c2\"" },
        { "1. c1,,a1 *", "joined by single commas" },
        { "1. c1, a1 *", "joined by single commas" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(refused); i++) {
        char *text = g_strdup_printf("[Variant \"%s\"]\n\n%s\n", compound.name, refused[i][0]);
        GError *error = NULL;
        assert_null(dj_pgn_parse_among(text, toys, &error));
        assert_non_null(error);
        if (strstr(error->message, refused[i][1]) == NULL
            || strstr(error->message, "line 3") == NULL)
            fail_msg("\"%s\" was refused with \"%s\"", refused[i][0], error->message);
        g_error_free(error);
        g_free(text);
    }
    /* b1 (two seeds, to c1 and the store: another move) and a1 are one turn */
    GPtrArray *games = parse_ok_among("[Variant \"toy-mancala-turns\"]\n\n1. b1,a1 {} {x} *\n",
                                      toys);
    assert_int_equal(dj_game_length(only_game(games)->game), 2);
    assert_null(g_ptr_array_index(only_game(games)->comments, 0));
    assert_string_equal(g_ptr_array_index(only_game(games)->comments, 1), "x");
    g_ptr_array_unref(games);
}

/* Games added to a file one by one, after what the file held; a folder or
 * a named pipe refused at once. */
static void test_appender(void **state)
{
    const char *dir = *state;
    const DjVariant *v = dj_registry_all()[0];
    DjGame *first = toy_finished_game(v, SEED + 10, 3000);
    DjGame *second = toy_random_game(v, NULL, SEED + 11, 5);
    char *a = pgn_of(first, NULL, DJ_PGN_TERMINATION_FROM_GAME);
    char *b = pgn_of(second, NULL, DJ_PGN_TERMINATION_FROM_GAME);
    char *path = g_build_filename(dir, "games.pgn", NULL);
    GError *error = NULL;

    DjPgnAppender *out = dj_pgn_appender_open(path, &error);
    assert_no_gerror(error);
    assert_true(dj_pgn_appender_add(out, a, &error));
    dj_pgn_appender_close(out);
    char *contents = NULL;
    assert_true(g_file_get_contents(path, &contents, NULL, NULL));
    assert_string_equal(contents, a);
    g_free(contents);
    out = dj_pgn_appender_open(path, &error);
    assert_true(dj_pgn_appender_add(out, b, &error));
    dj_pgn_appender_close(out);
    GPtrArray *games = dj_pgn_load(path, &error);
    assert_no_gerror(error);
    assert_int_equal(games->len, 2);
    expect_same_game(first, ((DjPgnGame *)g_ptr_array_index(games, 0))->game);
    expect_same_game(second, ((DjPgnGame *)g_ptr_array_index(games, 1))->game);
    g_ptr_array_unref(games);

    /* a file whose last game lacks its blank line, or its line break */
    const char *cut[] = { "\n", "" };
    for (int i = 0; i < 2; i++) {
        GString *start = g_string_new(a);
        g_string_truncate(start, start->len - 2);
        g_string_append(start, cut[i]);
        assert_true(g_file_set_contents(path, start->str, -1, NULL));
        out = dj_pgn_appender_open(path, &error);
        assert_true(dj_pgn_appender_add(out, b, &error));
        dj_pgn_appender_close(out);
        assert_true(g_file_get_contents(path, &contents, NULL, NULL));
        char *expected = g_strconcat(a, b, NULL);
        assert_string_equal(contents, expected);
        g_free(expected);
        g_free(contents);
        g_string_free(start, TRUE);
    }
    g_unlink(path);

    out = dj_pgn_appender_open(dir, &error);
    assert_null(out);
    assert_true(g_str_has_prefix(error->message, dir));
    g_clear_error(&error);
    char *fifo = g_build_filename(dir, "pipe.pgn", NULL);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    out = dj_pgn_appender_open(fifo, &error);
    assert_null(out);
    assert_non_null(strstr(error->message, "named pipe"));
    g_clear_error(&error);
    g_unlink(fifo);

    g_free(fifo);
    g_free(path);
    g_free(a);
    g_free(b);
    dj_game_free(first);
    dj_game_free(second);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_game),
        cmocka_unit_test(test_other_start),
        cmocka_unit_test(test_results_and_reasons),
        cmocka_unit_test(test_export_layout),
        cmocka_unit_test(test_import_format),
        cmocka_unit_test(test_malformed_input),
        cmocka_unit_test(test_extra_turns),
        cmocka_unit_test(test_compound_turns),
        cmocka_unit_test_setup_teardown(test_appender, temp_dir_make, temp_dir_remove),
    };
    return cmocka_run_group_tests_name("pgn records", tests, NULL, NULL);
}
