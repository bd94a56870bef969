/* test_records.c: no lost games: the journal, --resume, save and load,
 * damaged records, Ctrl-C. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "framework/game_history.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "tests/frontend/runner.h"

#define CARDS "ox,boar,horse,elephant,crab"

static const char *const hotseat_args[] = {
    "play", "onitama", "--hotseat", "--cards", CARDS, NULL
};

static void write_file(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL);
    assert_true(g_file_set_contents(path, text, -1, NULL));
    g_free(path);
}

static void test_save_then_load_continues_from_the_same_position(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nelephant:c5d4\nsave saved.dojo\nquit\n",
                                 hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Saved the game to saved.dojo."));
    runner_run_free(r);
    DjGame *saved = runner_load_record(*state, "saved.dojo");
    assert_int_equal(dj_game_length(saved), 2);

    /* A different game, then load: the next move is only legal (Blue to move,
     * holding the boar) in the loaded game. */
    r = runner_run_text(*state, "boar:b1b2\nload saved.dojo\nboar:b1b2\nsave after.dojo\n",
                        hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Loaded saved.dojo"));
    assert_null(strstr(r->out, "was not played"));
    runner_run_free(r);
    DjGame *after = runner_load_record(*state, "after.dojo");
    char *moves = runner_moves_text(after);
    assert_string_equal(moves, "ox:d1d2 elephant:c5d4 boar:b1b2");
    const DjVariant *variant = dj_game_variant(after);
    assert_true(variant->key(dj_game_position_at(after, 2))
                == variant->key(dj_game_position(saved)));
    g_free(moves);
    dj_game_free(after);

    /* Saving over an existing file replaces all of it. */
    r = runner_run_text(*state, "ox:d1d2\nsave after.dojo\n", hotseat_args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    after = runner_load_record(*state, "after.dojo");
    assert_int_equal(dj_game_length(after), 1);
    dj_game_free(after);
    dj_game_free(saved);
}

/* --record on the file of an unfinished game would erase its moves: it is
 * refused without --force; --resume of that file with --record of it goes
 * on with the same game. */
static void test_record_refuses_an_unfinished_game(void **state)
{
    runner_require_variant("onitama");
    const char *const record[] = { "play", "onitama", "--hotseat", "--cards", CARDS,
                                   "--record", "game.dojo", NULL };
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nelephant:c5d4\n", record);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    r = runner_run_text(*state, "boar:b1b2\n", record);
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "dojo play: cannot record the game in game.dojo: it holds "
                                   "an unfinished game ('dojo play --resume game.dojo' "
                                   "continues it); add --force to replace it\n"));
    runner_run_free(r);
    runner_assert_record_moves(*state, "game.dojo", "ox:d1d2 elephant:c5d4");

    r = runner_run_text(*state, "boar:b1b2\n", (const char *const[]){
        "play", "--resume", "game.dojo", "--record", "game.dojo", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    runner_assert_record_moves(*state, "game.dojo", "ox:d1d2 elephant:c5d4 boar:b1b2");

    const char *const forced[] = { "play", "onitama", "--hotseat", "--cards", CARDS,
                                   "--record", "game.dojo", "--force", NULL };
    r = runner_run_text(*state, "boar:b1b2\n", forced);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    runner_assert_record_moves(*state, "game.dojo", "boar:b1b2");
}

static void test_journal_is_written_and_resume_continues_it(void **state)
{
    runner_require_variant("onitama");
    DojoRun *r = runner_run_text(*state, "ox:d1d2\nelephant:c5d4\n", hotseat_args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *journal = runner_single_record(*state);
    assert_non_null(journal);
    assert_true(g_str_has_suffix(journal, "-onitama.dojo"));
    DjGame *game = runner_load_record(NULL, journal);
    assert_int_equal(dj_game_length(game), 2);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    dj_game_free(game);

    r = runner_run_text(*state, "boar:b1b2\n",
                        (const char *const[]){ "play", "--resume", NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Resuming "));
    runner_run_free(r);
    char *again = runner_single_record(*state);
    assert_string_equal(again, journal);
    runner_assert_record_moves(NULL, journal, "ox:d1d2 elephant:c5d4 boar:b1b2");

    /* Finish it (Red resigns): the final record replaces the journal, and
     * there is nothing left to resume. */
    r = runner_run_text(*state, "resign\nresign\n",
                        (const char *const[]){ "play", "--resume=onitama", NULL });
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    game = runner_load_record(NULL, journal);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_WIN_SIDE0);
    dj_game_free(game);
    r = runner_run_text(*state, "", (const char *const[]){ "play", "--resume", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "no unfinished"));
    runner_run_free(r);
    g_free(again);
    g_free(journal);
}

static void test_resume_keeps_who_plays_which_side(void **state)
{
    runner_require_variant("onitama");
    const char *const args[] = { "play", "onitama", "--level", "1", "--time", "1000",
                                 "--cards", CARDS, NULL };
    DojoRun *r = runner_run_text(*state, "ox:d1d2\n", args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    char *journal = runner_single_record(*state);
    assert_non_null(journal);

    r = runner_run_text(*state, "undo\n", (const char *const[]){ "play", "--resume", journal,
                                                                 NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, "Took back 2 moves."));
    runner_run_free(r);
    DjGame *game = runner_load_record(NULL, journal);
    assert_int_equal(dj_game_length(game), 0);
    assert_string_equal(dj_game_tag(game, "Blue"), "human");
    assert_string_equal(dj_game_tag(game, "Red"), "dojo level 1");
    dj_game_free(game);
    g_free(journal);
}

static const char damaged_record[] =
    "[Variant \"onitama\"]\n"
    "[Position \"ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. ox:d1d2 elephant:c5d4\n"
    "2. boar:b1b2 ox:d5c5\n"
    "3. elephant:d2e3 boar:e5d5\n"
    "4. ox:e1e2 horse:a5a1\n";

static void test_damaged_record_names_the_line(void **state)
{
    runner_require_variant("onitama");
    write_file(*state, "damaged.dojo", damaged_record);
    DojoRun *r = runner_run_text(*state, "", (const char *const[]){ "play", "--resume",
                                                                    "damaged.dojo", NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "damaged.dojo"));
    assert_non_null(strstr(r->err, "line 8"));
    assert_int_equal(runner_count_containing(r->err, ""), 1);
    runner_run_free(r);

    /* A record cut short in the middle of a tag. */
    write_file(*state, "cut.dojo", "[Variant \"onitama\"]\n[Position \"ssmss/5/5");
    r = runner_run_text(*state, "", (const char *const[]){ "play", "--resume", "cut.dojo",
                                                           NULL });
    assert_int_equal(r->exit_code, 1);
    assert_non_null(strstr(r->err, "line 2"));
    runner_run_free(r);

    /* Loading either during a game is refused in one line; nothing of it is
     * loaded and the game goes on. */
    r = runner_run_text(*state, "ox:d1d2\nload damaged.dojo\nload cut.dojo\n"
                        "elephant:c5d4\nsave after.dojo\n", hotseat_args);
    assert_int_equal(r->exit_code, 0);
    assert_int_equal(runner_count_containing(r->out, "Cannot load damaged.dojo: line 8"), 1);
    assert_int_equal(runner_count_containing(r->out, "Cannot load cut.dojo: line 2"), 1);
    runner_run_free(r);
    runner_assert_record_moves(*state, "after.dojo", "ox:d1d2 elephant:c5d4");
}

/* Ctrl-C while the computer thinks: the program ends at once (exit 130)
 * and the record on disk is whole and can be resumed. */
static void test_interrupt_while_thinking_keeps_the_record(void **state)
{
    runner_require_variant("onitama");
    const char *dir = *state;
    const char *const args[] = {
        "play", "onitama", "--watch", "--level", "10", "--time", "60000", "--cards", CARDS, NULL
    };
    /* Wait until the board is out: the handler is in place by then. */
    DojoRun *r = runner_run_interrupted(dir, args, "to move (computer)");
    assert_int_equal(r->exit_code, 130);
    assert_non_null(strstr(r->out, "Interrupted"));
    runner_run_free(r);

    char *journal = runner_single_record(dir);
    assert_non_null(journal);
    DjGame *game = runner_load_record(NULL, journal);
    assert_int_equal(dj_game_outcome(game), DJ_OUTCOME_ONGOING);
    assert_string_equal(dj_game_tag(game, "Blue"), "dojo level 10");
    dj_game_free(game);
    g_free(journal);
}

/* The journal's finder reads tags as the record parser does: escapes undone,
 * comment lines passed over.  A journal whose Event holds escaped quotes and
 * backslashes, behind a comment line, is found by --resume (with and without
 * a game's name) rather than a newer finished game, and keeps both the tag
 * and the comment as it goes on. */
static void test_journal_with_escaped_tags_round_trips(void **state)
{
    const DjVariant *variant = dj_registry_all()[0];
    const char *tricky = "the \"club\" cup \\ round \\\" 2";
    DjGame *game = dj_game_new(variant, &(DjSetup){ .seed = 7 }, NULL);
    assert_non_null(game);
    dj_game_set_tag(game, "Event", tricky);
    GString *text = g_string_new("; kept from the club's archive\n");
    dj_record_format(game, text);
    char *name = g_strdup_printf("20200101-000000-%s.dojo", variant->name);
    char *games = g_build_filename(*state, "games", NULL);
    assert_int_equal(g_mkdir(games, 0700), 0);
    runner_write_file(games, name, text->str);
    /* Newer, and finished: not one to resume. */
    char *finished = g_strdup_printf("; finished\n[Variant \"%s\"]\n[Result \"1-0\"]\n\n1-0\n",
                                     variant->name);
    runner_write_file(games, "20991231-000000-finished.dojo", finished);

    /* The first legal move, to play on. */
    DjMove *moves = g_new(DjMove, (gsize)variant->max_moves);
    assert_true(variant->legal_moves(dj_game_position(game), moves) > 0);
    GString *input = g_string_new(NULL);
    variant->format_move(dj_game_position(game), moves[0], input);
    g_string_append(input, "\nquit\n");

    const char *by_name[] = { "play", "--resume", variant->name, "--hotseat", NULL };
    DojoRun *r = runner_run_text(*state, input->str, by_name);
    if (r->exit_code != 0 || strstr(r->out, name) == NULL)
        fail_msg("--resume %s: exit %d\n%s%s", variant->name, r->exit_code, r->out, r->err);
    runner_run_free(r);
    const char *latest[] = { "play", "--resume", "--hotseat", NULL };
    r = runner_run_text(*state, "quit\n", latest);
    if (r->exit_code != 0 || strstr(r->out, name) == NULL)
        fail_msg("--resume: exit %d\n%s%s", r->exit_code, r->out, r->err);
    runner_run_free(r);

    char *after = runner_read_file(games, name);
    assert_true(g_str_has_prefix(after, "; kept from the club's archive\n")
                || strstr(after, "\n; kept from the club's archive\n") != NULL);
    assert_non_null(strstr(after, "[Event \"the \\\"club\\\" cup \\\\ round \\\\\\\" 2\"]\n"));
    /* The tags are written once, afresh: the comment before them did not
     * make the old ones part of what is kept. */
    if (runner_count_containing(after, "[Variant ") != 1
        || runner_count_containing(after, "[Event ") != 1)
        fail_msg("the tags are written more than once:\n%s", after);
    DjGame *resumed = runner_load_record(games, name);
    assert_string_equal(dj_game_tag(resumed, "Event"), tricky);
    assert_int_equal(dj_game_length(resumed), 1);
    assert_int_equal(dj_game_move_at(resumed, 0), moves[0]);

    dj_game_free(resumed);
    g_free(after);
    g_string_free(input, TRUE);
    g_free(moves);
    g_free(finished);
    g_free(games);
    g_free(name);
    g_string_free(text, TRUE);
    dj_game_free(game);
}

/* The permission bits of folder `name` of `dir`. */
static unsigned folder_mode(const char *dir, const char *name)
{
    char *path = g_build_filename(dir, name, NULL);
    GStatBuf info;
    if (g_stat(path, &info) != 0 || !S_ISDIR(info.st_mode))
        fail_msg("%s is not a folder", path);
    g_free(path);
    return (unsigned)info.st_mode & 07777u;
}

/* The games folder, and every folder made on the way to it, is the user's
 * alone (0700, as XDG asks of the state folder). */
static void test_journal_folders_are_private(void **state)
{
    const char *const args[] = { "play", dj_registry_all()[0]->name, "--hotseat", NULL };
    DojoRun *r = runner_run_text(*state, "quit\n", args);
    assert_int_equal(r->exit_code, 0);
    runner_run_free(r);
    assert_int_equal(folder_mode(*state, "games"), 0700);

    /* Without DOJO_HOME: under $XDG_STATE_HOME, made from nothing. */
    char *state_home = g_build_filename(*state, "state", NULL);
    char *setting = g_strconcat("XDG_STATE_HOME=", state_home, NULL);
    r = runner_run_env(*state, "quit\n", args,
                       (const char *const[]){ "DOJO_HOME", setting, NULL });
    assert_int_equal(r->exit_code, 0);
    assert_non_null(strstr(r->out, state_home));
    runner_run_free(r);
    assert_int_equal(folder_mode(*state, "state"), 0700);
    assert_int_equal(folder_mode(*state, "state/dojo"), 0700);
    assert_int_equal(folder_mode(*state, "state/dojo/games"), 0700);
    g_free(setting);
    g_free(state_home);
}

int main(int argc, char **argv)
{
    if (!runner_init(argc, argv)) {
        fprintf(stderr, "usage: test_records PATH-TO-DOJO (or set DOJO_EXE)\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_save_then_load_continues_from_the_same_position,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_record_refuses_an_unfinished_game, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_journal_is_written_and_resume_continues_it,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_resume_keeps_who_plays_which_side, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_damaged_record_names_the_line, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_interrupt_while_thinking_keeps_the_record,
                                        runner_make_dir, runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_journal_folders_are_private, runner_make_dir,
                                        runner_remove_dir),
        cmocka_unit_test_setup_teardown(test_journal_with_escaped_tags_round_trips,
                                        runner_make_dir, runner_remove_dir),
    };
    return cmocka_run_group_tests_name("frontend records", tests, NULL, NULL);
}
