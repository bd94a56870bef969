/* fake_uci.c: a tiny UCI engine for the `dojo match` tests, built on
 * libdojo.  It answers uci/isready, follows `setoption name UCI_Variant`,
 * reads `position fen STRING [moves ...]` and answers each `go` with a
 * legal move chosen by the position's key (so games differ but replay the
 * same).  Options make it misbehave on its Nth move (counted from 1 over
 * the life of the process), for the referee's tests:
 *
 *   --illegal-at N   answer "bestmove a1a1" (not a legal move anywhere)
 *   --exit-at N      exit without answering
 *   --silent-at N    never answer (and ignore everything but quit)
 *   --garbage-at N   answer "bestmove" followed by bytes that are no move
 *   --score CP       report "info depth 1 score cp CP" before each move
 *   --score-by-moves report, before each move, a bound "score cp 9999
 *                    upperbound", then "score cp S" with S = 40 x (the
 *                    number of moves after the position's start) - 300,
 *                    then an "info string" (a judge must take S: the last
 *                    score, and the one a test can work out)
 *   --sleep MS       wait MS milliseconds before each answer to go
 *   --go-log PATH    append each `go` line it is sent to PATH
 *   --stderr-note T  write T to its standard error when sent `uci`
 *   --weights-option offer a Weights option (as `dojo uci` does; its value
 *                    is ignored), so that `dojo spsa` takes it
 *   --refuse-weights answer each setoption of Weights with an
 *                    "info string error" line, as `dojo uci` does for a file
 *                    it cannot load
 *   --long-line-at N send an info line of 5 MB, then its move
 *   --flood-at N     send info lines without end (and read nothing more)
 *   --max-depth D    answer a go with a depth above D with an "info string
 *                    error" line and no move, as `dojo uci` does above 127
 *
 * It offers the options UCI_Variant and Hash (a spin up to 1024, refused
 * beyond with an "info string error" line, as `dojo uci` refuses a table
 * it cannot have).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "framework/game_history.h"
#include "framework/notation.h"
#include "framework/registry.h"

typedef struct Fake {
    const DjVariant *variant;
    DjGame *game;
    int moves_made;
    int illegal_at, exit_at, silent_at, garbage_at, long_line_at, flood_at, max_depth;
    bool has_score;
    int score;
    bool score_by_moves;
    int position_moves;   /* moves in the last position command */
    bool silent;
    int sleep_ms;
    FILE *go_log;
} Fake;

static void say(const char *format, ...) G_GNUC_PRINTF(1, 2);

static void say(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

static void set_position(Fake *fake, const char *args)
{
    dj_game_free(fake->game);
    fake->game = NULL;
    if (!g_str_has_prefix(args, "fen ")) {
        say("info string error: only 'position fen' is understood");
        return;
    }
    char *fen = g_strdup(args + 4);
    char *moves = strstr(fen, " moves");
    if (moves != NULL) {
        *moves = '\0';
        moves += 6;
    }
    DjSetup setup = { fen, 0, NULL, 0 };
    GError *error = NULL;
    fake->game = dj_game_new(fake->variant, &setup, &error);
    if (fake->game == NULL) {
        say("info string error: %s", error->message);
        g_error_free(error);
        g_free(fen);
        return;
    }
    char **words = g_strsplit(moves != NULL ? moves : "", " ", -1);
    fake->position_moves = 0;
    for (int i = 0; words[i] != NULL; i++) {
        fake->position_moves += words[i][0] != '\0';
        if (words[i][0] != '\0' && !dj_game_play_text(fake->game, words[i], &error)) {
            say("info string error: move %s: %s", words[i], error->message);
            g_clear_error(&error);
            break;
        }
    }
    g_strfreev(words);
    g_free(fen);
}

static void go(Fake *fake)
{
    int n = ++fake->moves_made;
    if (fake->sleep_ms > 0)
        g_usleep((gulong)fake->sleep_ms * 1000);
    if (n == fake->exit_at)
        exit(0);
    if (n == fake->silent_at) {
        fake->silent = true;
        return;
    }
    if (n == fake->illegal_at) {
        say("bestmove a1a1");
        return;
    }
    if (n == fake->long_line_at) {
        char *text = g_strnfill(5 << 20, 'x');
        say("info string %s", text);
        g_free(text);
    }
    if (n == fake->flood_at) {
        char *text = g_strnfill(4000, 'x');
        for (;;)
            say("info string %s", text);   /* until the referee ends it */
    }
    if (n == fake->garbage_at) {
        say("bestmove \x01\x02zz");
        return;
    }
    if (fake->game == NULL || dj_game_outcome(fake->game) != DJ_OUTCOME_ONGOING) {
        say("bestmove (none)");
        return;
    }
    const void *pos = dj_game_position(fake->game);
    DjMove *moves = g_new(DjMove, fake->variant->max_moves);
    int count = fake->variant->legal_moves(pos, moves);
    DjMove move = moves[fake->variant->key(pos) % (guint64)count];
    GString *text = g_string_new(NULL);
    dj_format_move_engine(fake->variant, pos, move, text);
    if (fake->has_score)
        say("info depth 1 score cp %d nodes 1 pv %s", fake->score, text->str);
    if (fake->score_by_moves) {
        say("info depth 1 score cp 9999 upperbound nodes 1");
        say("info depth 2 seldepth 3 score cp %d nodes 2 pv %s", 40 * fake->position_moves - 300,
            text->str);
        say("info string score cp 7777 is not a score");
    }
    say("bestmove %s", text->str);
    g_string_free(text, TRUE);
    g_free(moves);
}

/* The whole number after option `name` (-1 when it is not given); one
 * that is not a number in [min, max] ends the program (exit 2), so that a
 * test that misspells one fails at once rather than testing something else. */
static int option_value(int argc, char **argv, const char *name, int min, int max)
{
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], name) != 0)
            continue;
        gint64 value = 0;
        if (!g_ascii_string_to_signed(argv[i + 1], 10, min, max, &value, NULL)) {
            fprintf(stderr, "fake_uci: %s wants a whole number from %d to %d, not '%s'\n",
                    name, min, max, argv[i + 1]);
            exit(2);
        }
        return (int)value;
    }
    return -1;
}

/* The text after option `name`, or NULL when it is not given. */
static const char *option_text(int argc, char **argv, const char *name)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return argv[i + 1];
    return NULL;
}

int main(int argc, char **argv)
{
    Fake fake = { 0 };
    fake.variant = dj_registry_all()[0];
    fake.illegal_at = option_value(argc, argv, "--illegal-at", 1, G_MAXINT);
    fake.exit_at = option_value(argc, argv, "--exit-at", 1, G_MAXINT);
    fake.silent_at = option_value(argc, argv, "--silent-at", 1, G_MAXINT);
    fake.garbage_at = option_value(argc, argv, "--garbage-at", 1, G_MAXINT);
    fake.long_line_at = option_value(argc, argv, "--long-line-at", 1, G_MAXINT);
    fake.flood_at = option_value(argc, argv, "--flood-at", 1, G_MAXINT);
    fake.max_depth = option_value(argc, argv, "--max-depth", 1, G_MAXINT);
    fake.sleep_ms = option_value(argc, argv, "--sleep", 0, 60000);
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--score") == 0) {
            fake.has_score = true;
            fake.score = option_value(argc, argv, "--score", -100000, 100000);
        }
    }
    for (int i = 1; i < argc; i++)
        fake.score_by_moves |= strcmp(argv[i], "--score-by-moves") == 0;
    const char *go_log = option_text(argc, argv, "--go-log");
    if (go_log != NULL && (fake.go_log = fopen(go_log, "a")) == NULL) {
        fprintf(stderr, "fake_uci: cannot open %s\n", go_log);
        return 2;
    }
    const char *stderr_note = option_text(argc, argv, "--stderr-note");
    bool weights_option = false, refuse_weights = false;
    for (int i = 1; i < argc; i++) {
        weights_option |= strcmp(argv[i], "--weights-option") == 0;
        refuse_weights |= strcmp(argv[i], "--refuse-weights") == 0;
    }
    char line[65536];
    while (fgets(line, sizeof line, stdin) != NULL) {
        g_strchomp(line);
        if (strcmp(line, "quit") == 0)
            break;
        if (fake.silent)
            continue;
        if (strcmp(line, "uci") == 0) {
            if (stderr_note != NULL)
                fprintf(stderr, "%s\n", stderr_note);
            say("id name fake");
            say("option name UCI_Variant type string default %s", fake.variant->name);
            say("option name Hash type spin default 16 min 1 max 1024");
            if (weights_option)
                say("option name Weights type string default <empty>");
            say("uciok");
        } else if (strcmp(line, "isready") == 0) {
            say("readyok");
        } else if (g_str_has_prefix(line, "setoption name UCI_Variant value ")) {
            const DjVariant *variant = dj_registry_find(line + 33);
            if (variant != NULL)
                fake.variant = variant;
        } else if (g_str_has_prefix(line, "setoption name Hash value ")) {
            if (atoi(line + 26) > 1024)
                say("info string error: Hash: no table of %s MB", line + 26);
        } else if (refuse_weights && g_str_has_prefix(line, "setoption name Weights value ")) {
            say("info string error: Weights: cannot load %s", line + 29);
        } else if (g_str_has_prefix(line, "position ")) {
            set_position(&fake, line + 9);
        } else if (strcmp(line, "go") == 0 || g_str_has_prefix(line, "go ")) {
            if (fake.go_log != NULL) {
                fprintf(fake.go_log, "%s\n", line);
                fflush(fake.go_log);
            }
            const char *depth = strstr(line, " depth ");
            if (fake.max_depth > 0 && depth != NULL && atoi(depth + 7) > fake.max_depth)
                say("info string error: go depth wants a whole number from 1 to %d, not '%s'",
                    fake.max_depth, depth + 7);
            else
                go(&fake);
        }
    }
    dj_game_free(fake.game);
    if (fake.go_log != NULL)
        fclose(fake.go_log);
    return 0;
}
