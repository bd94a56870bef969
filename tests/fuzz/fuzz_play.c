/* fuzz_play: what people type during a hot-seat `dojo play` game.
 *
 * Input: the game's name and a newline, one byte: the seed of the new
 * game (so Onitama gets different cards), then the text typed by both
 * players, read by the play loop one line at a time (the layout:
 * tests/fuzz/README.md).  Output goes to /dev/null.  An input after which
 * the game has a move exercises the game.
 *
 * `save FILE` and `load FILE` are fuzzed too, inside a private directory:
 * the loop runs with that directory as the working directory (the previous
 * one is restored afterwards, and the directory emptied, so inputs do not
 * see each other's files), and an input is skipped if a line that mentions
 * save or load holds '/' or "..", so no file outside it is read or written.
 * When running libFuzzer, give -artifact_prefix an absolute path: a crash
 * inside the loop happens in the private directory.
 *
 * Inputs over 64 KB, and inputs asking for more than a few hints (each hint
 * is a search), are skipped so that every input runs in bounded time.
 *
 * After the loop: every position of the game has key() == compute_key() and
 * matches the game line; the game's outcome agrees with the rules (a result
 * the rules do not give can only come from a resignation, a draw claim or an
 * adjudication, which always give a reason); the loop's return agrees with
 * the outcome; and the game's record loads back to the same moves and
 * result. */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "framework/game_history.h"
#include "framework/record.h"
#include "frontends/tty/play_loop.h"
#include "tests/fuzz/fuzz_common.h"
#include "tests/oracle/outcome_oracle.h"

#define INPUT_MAX (64 * 1024)
#define HINTS_MAX 4

/* ---- keeping the input inside the private directory ------------------------------- */

/* Whether the bytes [start, end) contain `needle` (lower case), ignoring
 * the case of ASCII letters. */
static bool contains_text(const uint8_t *start, const uint8_t *end, const char *needle)
{
    size_t n = strlen(needle);
    for (const uint8_t *p = start; p + n <= end; p++) {
        size_t i = 0;
        while (i < n && g_ascii_tolower((char)p[i]) == needle[i])
            i++;
        if (i == n)
            return true;
    }
    return false;
}

/* How many times [start, end) contains `needle`, in the same way. */
static size_t count_text(const uint8_t *start, const uint8_t *end, const char *needle)
{
    size_t count = 0, n = strlen(needle);
    for (const uint8_t *p = start; p + n <= end; p++) {
        if (contains_text(p, p + n, needle))
            count++;
    }
    return count;
}

/* Whether the typed text may run: no line that could be a save or load
 * names a path outside the working directory, and few hints. */
static bool input_is_confined(const uint8_t *text, size_t size)
{
    const uint8_t *end = text + size;
    if (count_text(text, end, "hint") > HINTS_MAX)
        return false;
    const uint8_t *line = text;
    while (line < end) {
        const uint8_t *line_end = memchr(line, '\n', (size_t)(end - line));
        if (line_end == NULL)
            line_end = end;
        if ((contains_text(line, line_end, "save") || contains_text(line, line_end, "load"))
            && (memchr(line, '/', (size_t)(line_end - line)) != NULL
                || contains_text(line, line_end, "..")))
            return false;
        line = line_end + 1;
    }
    return true;
}

static char *private_path = NULL;

/* Leaves nothing behind (the directory is emptied after every input). */
static void remove_private_directory(void)
{
    g_rmdir(private_path);
}

/* The private directory, made on first use (tmpfs when there is one: save
 * syncs to disk) and removed when the program exits. */
static const char *private_directory(void)
{
    char *path = private_path;
    if (path == NULL) {
        const char *base = g_file_test("/dev/shm", G_FILE_TEST_IS_DIR)
                               && access("/dev/shm", W_OK) == 0
                           ? "/dev/shm"
                           : g_get_tmp_dir();
        path = g_build_filename(base, "dojo-fuzz-play-XXXXXX", NULL);
        fuzz_check(g_mkdtemp(path) != NULL, "cannot make the private directory");
        private_path = path;
        atexit(remove_private_directory);
    }
    return path;
}

/* Remove what the input saved, so the next input starts from nothing. */
static void empty_directory(const char *path)
{
    GDir *dir = g_dir_open(path, 0, NULL);
    fuzz_check(dir != NULL, "cannot read the private directory");
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
        char *file = g_build_filename(path, name, NULL);
        g_remove(file);
        g_free(file);
    }
    g_dir_close(dir);
}

/* ---- checks after the loop -------------------------------------------------------------- */

static void check_game(const DjGame *game, DojoPlayEnd end)
{
    const DjVariant *v = dj_game_variant(game);
    int length = dj_game_length(game);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(game, &n_line);
    fuzz_check(n_line == length + 1, "the game line does not match the moves");
    for (int ply = 0; ply <= length; ply++) {
        const void *pos = dj_game_position_at(game, ply);
        fuzz_check(v->key(pos) == v->compute_key(pos), "key differs from computed key");
        fuzz_check(line[ply].key == v->key(pos), "the game line holds another key");
        fuzz_check(line[ply].side == v->side_to_move(pos),
                   "the game line holds another side to move");
    }

    DjOutcome outcome = dj_game_outcome(game);
    DjOutcome by_rules = oracle_expected_outcome(game, NULL);
    if (by_rules != DJ_OUTCOME_ONGOING)
        fuzz_check(outcome == by_rules, "the game's outcome is not the one the rules give");
    fuzz_check((outcome == DJ_OUTCOME_ONGOING) == (dj_game_outcome_reason(game) == NULL),
               "an outcome without a reason, or a reason without an outcome");
    if (end == DOJO_PLAY_OVER)
        fuzz_check(outcome != DJ_OUTCOME_ONGOING, "the loop ended a game that goes on");
    else
        fuzz_check(end == DOJO_PLAY_QUIT && outcome == DJ_OUTCOME_ONGOING,
                   "the loop stopped in an unexpected way");

    GString *record = g_string_new(NULL);
    dj_record_format(game, record);
    DjGame *again = dj_record_parse(record->str, NULL);
    fuzz_check(again != NULL, "the game's record does not load");
    fuzz_check(dj_game_variant(again) == v && dj_game_length(again) == length,
               "the record loads as another game");
    for (int ply = 0; ply < length; ply++)
        fuzz_check(dj_game_move_at(again, ply) == dj_game_move_at(game, ply),
                   "the record loads other moves");
    fuzz_check(dj_game_outcome(again) == outcome, "the record loads another result");
    dj_game_free(again);
    g_string_free(record, TRUE);
}

/* ---- the target ----------------------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > INPUT_MAX)
        return 0;
    const DjVariant *v = fuzz_take_variant(&data, &size);
    if (v == NULL || size < 2 || !input_is_confined(data + 1, size - 1))
        return 0;
    static FILE *out = NULL;
    if (out == NULL) {
        out = fopen("/dev/null", "w");
        fuzz_check(out != NULL, "cannot open /dev/null");
    }
    DjSetup setup = { .seed = data[0] };
    DjGame *game = dj_game_new(v, &setup, NULL);
    fuzz_check(game != NULL, "a new game was refused");

    char *typed = g_memdup2(data + 1, size - 1);
    FILE *in = fmemopen(typed, size - 1, "r");
    fuzz_check(in != NULL, "fmemopen failed");
    DojoPlayConfig config = {
        .players = { { .kind = DOJO_PLAYER_HUMAN }, { .kind = DOJO_PLAYER_HUMAN } },
        .time_ms = 1,   /* a hint thinks this long */
        .table_mb = 1,  /* and needs no big table: allocating one dominated each input */
    };

    const char *directory = private_directory();
    int previous = open(".", O_RDONLY | O_DIRECTORY);
    fuzz_check(previous >= 0 && chdir(directory) == 0, "cannot enter the private directory");
    DojoPlayEnd end = dojo_play_loop(&game, &config, NULL, in, out);
    fuzz_check(fchdir(previous) == 0, "cannot leave the private directory");
    close(previous);
    empty_directory(directory);

    fclose(in);
    g_free(typed);
    if (dj_game_length(game) > 0)
        fuzz_note_variant(dj_game_variant(game));
    check_game(game, end);
    dj_game_free(game);
    return 0;
}
