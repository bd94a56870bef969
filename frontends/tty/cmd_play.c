/* cmd_play.c: `dojo play`: set up (or resume) a game, decide who plays
 * which side, keep the journal, and hand over to the play loop. */
#include <stdio.h>
#include <string.h>

#include <sys/stat.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "frontends/common/nets.h"
#include "frontends/common/output.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/journal.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/tty/play_clock.h"
#include "frontends/tty/play_loop.h"

#define PLAY_PARAMS "[OPTION...] VARIANT   or   dojo play --resume [FILE|VARIANT]"
#define MAX_TIME_MS (24 * 3600 * 1000)
#define MAX_PLIES_LIMIT 1000000

typedef struct PlayArgs {
    DojoSetupArgs setup;
    const char *side0, *side1, *play_as;   /* NULL: not given */
    bool hotseat;
    bool watch;
    gint64 level;
    bool level_given;                      /* overrides a resumed game's levels */
    gint64 time_ms;
    gint64 threads;
    gint64 max_plies;                      /* 0: never */
    const char *tc;                        /* --tc as typed; NULL: not given */
    gint64 byoyomi_s;                      /* 0: none */
    gint64 delay_ms;
    bool delay_given;
    DojoColorArgs color;
    bool traditional;
    bool line;
    bool flip;
    bool resume;                           /* --resume given, with or without FILE */
    const char *resume_file;
    const char *record;
    bool force;
    int engine;                            /* a DjEngineKind */
    const char *eval_file;
    int tablebases;                        /* a DojoTablesMode */
    const char *tablebase_dir;             /* NULL: play_tables_default_dir */
    gint64 tablebase_pieces;
} PlayArgs;

static const DojoOptionWord tables_mode_words[] = {
    { "off", DOJO_TABLES_OFF },
    { "load", DOJO_TABLES_LOAD },
    { "build", DOJO_TABLES_BUILD },
    { NULL, 0 },
};

static const char PLAY_SUMMARY[] =
    "Play a game: by default you play side 0 against the computer at level 5.";

static const char PLAY_DESCRIPTION[] =
    "Sides: --side0/--side1 take 'human', 'computer', a level 1-10 or 'computer:LEVEL'.\n"
    "--play-as SIDE (0, 1 or a side name such as red) plays that side against the\n"
    "computer; --hotseat is two people at one keyboard; --watch is the computer\n"
    "against itself, pausing --delay MS between moves (on a terminal Enter pauses,\n"
    "q then Enter stops).\n"
    "\n"
    "Clocks: --tc 5+3 gives each side 5 minutes plus 3 seconds a move (--tc 5,\n"
    "--tc 0:30+2); --byoyomi 30 gives 30 seconds for each move once the main time\n"
    "is spent (alone: no main time).  A side whose time runs out loses; the\n"
    "computer plans its time on the clock instead of --time.  The clocks are kept\n"
    "in the record, and --resume goes on with them.\n"
    "\n"
    "--engine mcts plays by Monte Carlo tree search instead of\n"
    "alpha-beta; below level 10 it also stops after 64 << LEVEL playouts.\n"
    "\n"
    "Endgame tables (games whose endings dojo can number): the computer at level\n"
    "10, and hints, play a position the tables hold perfectly, and say so (\"win in\n"
    "5 (tablebase)\").  They are read from $DOJO_HOME/tablebases/GAME/, else\n"
    "$XDG_STATE_HOME/dojo/tablebases/GAME/ (or --tablebase-dir).  With --tablebases\n"
    "build (the default), when a computer plays at level 10 and the game nears the\n"
    "end, the tables of the game's own setup are built in the background, up to\n"
    "--tablebase-pieces pieces, at the lowest priority while play goes on, kept in\n"
    "that folder for the next game, and used once ready; 'load' only reads them,\n"
    "'off' uses none.\n"
    "\n"
    "On a terminal the game is played on the full screen: pick a piece and its\n"
    "square with the arrow keys (or h j k l) and Enter, or with the mouse; ':' types\n"
    "a move or a command; '?' lists the keys.  --line plays line by line instead.\n"
    "\n"
    "Commands while playing, one per line: a move, moves [SQUARE], hint, undo,\n"
    "history, flip, replay, save FILE (save! FILE replaces a file that is not a game\n"
    "record), load FILE, resign (twice, to confirm), draw, board, help, quit.\n"
    "Input can come from a pipe; end of input stops like quit.\n"
    "\n"
    "No game is lost: the record is written as the game goes, move by move, to\n"
    "$DOJO_HOME/games/ if DOJO_HOME is set, else $XDG_STATE_HOME/dojo/games/\n"
    "(~/.local/state/dojo/games/), or to the file given with --record.\n"
    "'dojo play --resume' continues the most recent unfinished game there;\n"
    "'--resume FILE' continues that record; '--resume VARIANT' the latest of that\n"
    "variant.  Ctrl-C while the computer thinks stops, keeping the record.\n"
    "\n"
    "Examples:\n"
    "  dojo play GAME --level 3        (GAME: a name 'dojo list' shows)\n"
    "  dojo play GAME --play-as SIDE --time 500\n"
    "  dojo play GAME --hotseat\n"
    "  dojo play --resume\n";

/* The levels' Elo in `variant` (named on the command line), or where to
 * find them (none named). */
static void append_levels(const DjVariant *variant, GString *out)
{
    if (variant == NULL) {
        g_string_append(out, "\nEach level's strength in a game: dojo play GAME --help.\n");
        return;
    }
    g_string_append_printf(out, "\nThe levels of %s, with their Elo (measured in matches, "
                           "level 10 at 2600):\n ", variant->title);
    for (int level = DJ_LEVEL_MIN; level <= DJ_LEVEL_MAX; level++)
        g_string_append_printf(out, " %2d: %4d%s", level, dj_level_elo(variant, level),
                               level == DJ_LEVEL_MAX ? "\n" : level == 5 ? ",\n " : ",");
}

static GOptionContext *play_context(PlayArgs *args)
{
    DojoOption color_rows[DOJO_COLOR_ROWS];
    dojo_color_rows(&args->color, color_rows);
    const DojoOption rows[] = {
        { .name = "side0", .type = DOJO_OPTION_TEXT, .to.text = &args->side0, .arg = "WHO",
          .help = "Who plays side 0: human, computer or a level" },
        { .name = "side1", .type = DOJO_OPTION_TEXT, .to.text = &args->side1, .arg = "WHO",
          .help = "Who plays side 1: human, computer or a level" },
        { .name = "play-as", .type = DOJO_OPTION_TEXT, .to.text = &args->play_as,
          .arg = "SIDE", .help = "Play this side (0, 1 or its name) against the computer" },
        { .name = "hotseat", .type = DOJO_OPTION_FLAG, .to.flag = &args->hotseat,
          .help = "Two people play at this keyboard" },
        { .name = "human-vs-human", .type = DOJO_OPTION_FLAG, .to.flag = &args->hotseat,
          .help = "Same as --hotseat" },
        { .name = "watch", .type = DOJO_OPTION_FLAG, .to.flag = &args->watch,
          .help = "The computer plays both sides" },
        { .name = "computer-vs-computer", .type = DOJO_OPTION_FLAG, .to.flag = &args->watch,
          .help = "Same as --watch" },
        { .name = "level", .type = DOJO_OPTION_WHOLE, .to.whole = &args->level,
          .min = DJ_LEVEL_MIN, .max = DJ_LEVEL_MAX, .def.whole = DOJO_DEFAULT_LEVEL,
          .given = &args->level_given, .arg = "N", .help = "Strength of the computer, 1-10" },
        { .name = "time", .type = DOJO_OPTION_WHOLE, .to.whole = &args->time_ms, .min = 1,
          .max = MAX_TIME_MS, .def.whole = 2000, .arg = "MS",
          .help = "Most thinking time per computer move" },
        { .name = "tc", .type = DOJO_OPTION_TEXT, .to.text = &args->tc, .arg = "MIN+SEC",
          .help = "A clock for each side: minutes (or m:ss) plus seconds a move" },
        { .name = "byoyomi", .type = DOJO_OPTION_WHOLE, .to.whole = &args->byoyomi_s,
          .min = 1, .max = DOJO_CLOCK_MAX_BYOYOMI_S, .def.whole = 0, .default_note = "none",
          .arg = "SEC", .help = "Seconds for each move once a side's main time is spent" },
        { .name = "delay", .type = DOJO_OPTION_WHOLE, .to.whole = &args->delay_ms, .min = 0,
          .max = 60000, .def.whole = 0, .given = &args->delay_given,
          .default_note = "1000 on a terminal, else 0", .arg = "MS",
          .help = "Pause between moves when only computers play" },
        { .name = "threads", .type = DOJO_OPTION_WHOLE, .to.whole = &args->threads, .min = 1,
          .max = DJ_ENGINE_MAX_THREADS, .def.whole = 1, .arg = "N",
          .help = "Search threads for the computer" },
        { .name = "max-plies", .type = DOJO_OPTION_WHOLE, .to.whole = &args->max_plies,
          .min = 1, .max = MAX_PLIES_LIMIT, .default_note = "never", .arg = "N",
          .help = "Adjudicate a draw after N plies" },
        { .type = DOJO_OPTION_ROWS, .rows = color_rows },
        { .name = "traditional", .type = DOJO_OPTION_FLAG, .to.flag = &args->traditional,
          .help = "Draw the pieces with the game's traditional glyphs" },
        { .name = "line", .type = DOJO_OPTION_FLAG, .to.flag = &args->line,
          .help = "Play line by line, not on the full screen (for screen readers and "
                  "scripts; a pipe or TERM=dumb plays so anyway)" },
        { .name = "flip", .type = DOJO_OPTION_FLAG, .to.flag = &args->flip,
          .help = "Start with the board drawn from the other side ('flip' turns it)" },
        { .name = "resume", .type = DOJO_OPTION_PATH, .to.text = &args->resume_file,
          .value_optional = true, .given = &args->resume, .arg = "FILE",
          .help = "Continue an unfinished game (the latest, or FILE)" },
        { .name = "record", .type = DOJO_OPTION_PATH, .to.text = &args->record, .arg = "FILE",
          .help = "Keep the game record in FILE" },
        { .name = "force", .type = DOJO_OPTION_FLAG, .to.flag = &args->force,
          .help = "Let --record replace a file that is not a game record, or an unfinished "
                  "game" },
        { .name = "engine", .type = DOJO_OPTION_WORD, .to.word = &args->engine,
          .words = dojo_engine_words, .def.word = DJ_ENGINE_DEFAULT,
          .default_note = "alphabeta if the game has an evaluation", .arg = "E",
          .help = "The computer's search: alphabeta or mcts" },
        { .name = "eval-file", .type = DOJO_OPTION_PATH, .to.text = &args->eval_file,
          .arg = "FILE", .help = DOJO_NETS_OPTION_HELP },
        { .name = "tablebases", .type = DOJO_OPTION_WORD, .to.word = &args->tablebases,
          .words = tables_mode_words, .def.word = DOJO_TABLES_BUILD, .arg = "off|load|build",
          .help = "Endgame tables: none, those in the folder, or also build the game's "
                  "near the end" },
        { .name = "tablebase-dir", .type = DOJO_OPTION_PATH, .to.text = &args->tablebase_dir,
          .arg = "DIR", .default_note = "the state folder's tablebases/GAME",
          .help = "The folder of endgame tables" },
        { .name = "tablebase-pieces", .type = DOJO_OPTION_WHOLE,
          .to.whole = &args->tablebase_pieces, .min = 1, .max = DOJO_TABLES_MAX_PIECES,
          .def.whole = 0, .arg = "N",
          .default_note = "4, or fewer where that build would need more than 1 GB",
          .help = "The most pieces of a table built in the background" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context("VARIANT", PLAY_SUMMARY,
                                                        PLAY_DESCRIPTION, rows);
    dojo_setup_args_add(context, &args->setup, true);
    g_autoptr(GString) description = g_string_new(PLAY_DESCRIPTION);
    append_levels(args->setup.game, description);
    g_option_context_set_description(context, description->str);
    return context;
}

/* ---- the game ------------------------------------------------------------------- */

/* Where `--resume [TARGET]` points: a file, or the latest unfinished game
 * (of the variant TARGET names, if it names one). */
static char *resume_path(const char *target, GError **error)
{
    if (target != NULL && g_file_test(target, G_FILE_TEST_EXISTS))
        return g_strdup(target);
    if (target != NULL && dj_registry_find(target) == NULL) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                    "cannot resume %s: no such file (nor a variant of that name)", target);
        return NULL;
    }
    g_autofree char *dir = dojo_journal_games_dir();
    const DjVariant *variant = target != NULL ? dj_registry_find(target) : NULL;
    return dojo_journal_find_unfinished(dir, variant != NULL ? variant->name : NULL, error);
}

/* `text` (a file name, a message quoting one) made one printable line
 * (g_free). */
static char *printable(const char *text)
{
    GString *clean = g_string_new(NULL);
    dojo_output_sanitize(text, 0, clean);
    return g_string_free(clean, FALSE);
}

/* Whether paths `a` and `b` lead to the same file. */
static bool same_file(const char *a, const char *b)
{
    struct stat first, second;
    return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev
        && first.st_ino == second.st_ino;
}

/* The unfinished game at `path`, and its journal unless `keep_journal` is
 * false (--record moves the game to another file).  A record cut short
 * loads up to its last whole move, with a warning. */
static DjGame *resume_game(const char *path, bool keep_journal, DojoJournal **journal,
                           GError **error)
{
    GError *load_error = NULL;
    g_autoptr(DjGame) game = NULL;
    g_autofree char *dropped = NULL;
    *journal = NULL;
    if (keep_journal)
        *journal = dojo_journal_open(path, &game, &dropped, &load_error);
    if (load_error != NULL && load_error->domain == G_FILE_ERROR
        && load_error->code != G_FILE_ERROR_EXIST) {
        /* The file cannot be locked (a read-only folder): the game can
         * still be played, without a journal (the caller warns). */
        g_clear_error(&load_error);
        keep_journal = false;
    }
    if (!keep_journal)
        game = dj_record_load_salvaging(path, &dropped, &load_error);
    if (game == NULL) {
        /* load_error reads "PATH: WHY" (record.h, journal.h) */
        g_propagate_prefixed_error(error, load_error, "cannot resume ");
        return NULL;
    }
    if (dropped != NULL) {
        g_autofree char *message = g_strdup_printf("%s: %s", path, dropped);
        g_autofree char *clean = printable(message);
        fprintf(stderr, "dojo play: warning: %s\n", clean);
    }
    DjOutcome outcome = dj_game_outcome(game);
    if (outcome != DJ_OUTCOME_ONGOING) {
        const char *reason = dj_game_outcome_reason(game);
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "cannot resume %s: that game is over (%s%s%s)", path,
                    dj_outcome_result_text(outcome), reason != NULL ? ", " : "",
                    reason != NULL ? reason : "");
        g_clear_pointer(journal, dojo_journal_free);
        return NULL;
    }
    return g_steal_pointer(&game);
}

static DjGame *new_game(const DjVariant *variant, const DojoSetupArgs *setup_args,
                        guint64 seed, GError **error)
{
    g_auto(DojoSetup) setup = { { NULL, 0, NULL, 0 }, NULL, NULL };
    if (!dojo_setup_build(setup_args, seed, &setup, error))
        return NULL;
    g_autoptr(DjGame) game = dj_game_new(variant, &setup.setup, error);
    if (game == NULL)
        return NULL;
    if (dj_game_tag(game, "Date") == NULL) {
        g_autoptr(GDateTime) now = g_date_time_new_now_local();
        g_autofree char *date = g_date_time_format(now, "%Y.%m.%d");
        dj_game_set_tag(game, "Date", date);
    }
    if (dj_game_tag(game, "Position") == NULL) {
        g_autoptr(GString) start = g_string_new(NULL);
        variant->format_position(dj_game_position_at(game, 0), start);
        dj_game_set_tag(game, "Position", start->str);
    }
    return g_steal_pointer(&game);
}

/* What a new game after this one starts from (DojoPlayConfig.new_game). */
typedef struct NextGame {
    const DjVariant *variant;
    const DojoSetupArgs *setup;
    guint64 seed;
} NextGame;

/* A new game with the same options and a fresh seed (a new deal, unless
 * --seed fixed it). */
static DjGame *next_game(void *data, GError **error)
{
    NextGame *next = data;
    next->seed = next->seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return new_game(next->variant, next->setup, next->seed, error);
}

/* Decide who plays each side, starting from `players` (defaults or the
 * resumed record's tags). */
static bool choose_players(const PlayArgs *args, const DjVariant *variant, DojoPlayer players[2],
                           GError **error)
{
    int modes = (args->hotseat ? 1 : 0) + (args->watch ? 1 : 0) + (args->play_as != NULL ? 1 : 0);
    if (modes > 1) {
        dojo_usage_error(error, "choose one of --hotseat, --watch and --play-as");
        return false;
    }
    int level = (int)args->level;
    if (args->level_given) {
        for (int side = 0; side < 2; side++) {
            if (players[side].kind == DOJO_PLAYER_COMPUTER)
                players[side].level = level;
        }
    }
    DojoPlayer computer = { DOJO_PLAYER_COMPUTER, level };
    DojoPlayer human = { DOJO_PLAYER_HUMAN, 0 };
    if (args->hotseat) {
        players[0] = players[1] = human;
    } else if (args->watch) {
        players[0] = players[1] = computer;
    } else if (args->play_as != NULL) {
        int side = 0;
        if (!dojo_side_parse(variant, args->play_as, &side, error))
            return false;
        players[side] = human;
        players[1 - side] = computer;
    }
    if (args->side0 != NULL && !dojo_player_parse(args->side0, level, &players[0], error))
        return false;
    if (args->side1 != NULL && !dojo_player_parse(args->side1, level, &players[1], error))
        return false;
    return true;
}

static guint64 fresh_seed(void)
{
    return ((guint64)g_random_int() << 32) ^ (guint64)g_get_real_time();
}

/* ---- the command ------------------------------------------------------------------ */

static int run_play(void *data, int n_positional, char **positional)
{
    PlayArgs *args = data;
    GError *error = NULL;
    DjEngineKind engine = (DjEngineKind)args->engine;
    DojoColorChoice color = DOJO_COLOR_AUTO;
    if (!dojo_color_choice(&args->color, &color, &error))
        return dojo_report_error("play", PLAY_PARAMS, error);

    g_autoptr(DjGame) game = NULL;
    g_autoptr(DojoJournal) journal = NULL;
    g_autofree char *journal_target = NULL;
    guint64 seed = fresh_seed();
    DojoPlayer players[2] = { { DOJO_PLAYER_HUMAN, 0 },
                              { DOJO_PLAYER_COMPUTER, DOJO_DEFAULT_LEVEL } };
    if (args->resume) {
        if (n_positional > 1 || (n_positional == 1 && args->resume_file != NULL))
            return dojo_usage_failure("play", PLAY_PARAMS, "--resume takes one FILE or VARIANT");
        if (dojo_setup_args_given(&args->setup))
            return dojo_usage_failure("play", PLAY_PARAMS,
                                      "--resume continues a recorded game: --position, "
                                      "a game's options (-o, --cards...) and --seed do "
                                      "not apply");
        const char *target = args->resume_file != NULL ? args->resume_file
                           : n_positional == 1 ? positional[0] : NULL;
        g_autofree char *path = resume_path(target, &error);
        if (path == NULL)
            return dojo_report_error("play", PLAY_PARAMS, error);
        game = resume_game(path, args->record == NULL, &journal, &error);
        if (game == NULL)
            return dojo_report_error("play", PLAY_PARAMS, error);
        const DjVariant *variant = dj_game_variant(game);
        for (int side = 0; side < 2; side++)
            dojo_player_from_tag(dj_game_tag(game, variant->side_names[side]), &players[side]);
        int played = dj_game_length(game);
        g_autofree char *shown = printable(path);
        printf("Resuming %s (%s, %d move%s played).\n", shown, variant->title, played,
               played == 1 ? "" : "s");
        journal_target = g_steal_pointer(&path);
    } else {
        if (n_positional != 1) {
            g_autoptr(GString) message
                = g_string_new(n_positional == 0 ? "which variant? (there are: "
                                                 : "one VARIANT only (there are: ");
            dj_registry_append_names(message);
            g_string_append_c(message, ')');
            return dojo_usage_failure("play", PLAY_PARAMS, message->str);
        }
        const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
        if (variant == NULL)
            return dojo_report_error("play", PLAY_PARAMS, error);
        if (args->setup.seed != NULL) {
            g_auto(DojoSetup) parsed = { { NULL, 0, NULL, 0 }, NULL, NULL };
            if (!dojo_setup_build(&args->setup, 0, &parsed, &error))
                return dojo_report_error("play", PLAY_PARAMS, error);
            seed = parsed.setup.seed;
        }
        game = new_game(variant, &args->setup, seed, &error);
        if (game == NULL)
            return dojo_report_error("play", PLAY_PARAMS, error);
    }
    if (engine == DJ_ENGINE_ALPHABETA && dj_game_variant(game)->evaluate == NULL)
        g_set_error(&error, DJ_ERROR, DJ_ERROR_INVALID,
                    "%s has no evaluation, so --engine alphabeta cannot play it (use mcts)",
                    dj_game_variant(game)->title);
    if (error == NULL && args->eval_file != NULL
        && !dojo_nets_choose_value(args->eval_file, dj_game_variant(game), &error))
        return dojo_report_error("play", PLAY_PARAMS, error);
    if (error == NULL && choose_players(args, dj_game_variant(game), players, &error)
        && args->record != NULL
        && !dojo_journal_check_target(args->record, args->force ? NULL : "add --force", &error))
        g_prefix_error(&error, "cannot record the game in ");   /* "PATH: WHY" follows */
    /* A new game over an unfinished one would erase its moves (the game
     * resumed from that very file is the same game, written again). */
    if (error == NULL && args->record != NULL && !args->force
        && !(journal_target != NULL && same_file(journal_target, args->record))
        && dojo_journal_holds_unfinished(args->record))
        g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                    "cannot record the game in %s: it holds an unfinished game ('dojo play "
                    "--resume %s' continues it); add --force to replace it", args->record,
                    args->record);
    if (error != NULL)
        return dojo_report_error("play", PLAY_PARAMS, error);
    DojoTimeControl clock = { 0 };
    if ((args->tc != NULL || args->byoyomi_s > 0)
        && !dojo_time_control_parse(args->tc, args->byoyomi_s, &clock, &error))
        return dojo_report_error("play", PLAY_PARAMS, error);
    dojo_play_set_player_tags(game, players);

    if (args->record != NULL) {
        g_free(journal_target);
        journal_target = g_strdup(args->record);
    }
    if (journal != NULL) {
        /* The resumed file: write it again with the players' tags. */
        if (!dojo_journal_rewrite(journal, game, &error))
            g_clear_pointer(&journal, dojo_journal_free);
    } else {
        journal = dojo_journal_create(game, journal_target, &error);
        if (journal == NULL && g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_EXIST)
            && journal_target != NULL) {
            /* Another dojo plays that game: writing it too would ruin it. */
            return dojo_report_error("play", PLAY_PARAMS, error);
        }
    }
    if (journal == NULL) {
        g_autofree char *clean = printable(error->message);
        fprintf(stderr, "dojo play: warning: the game will not be kept on disk: %s\n", clean);
        g_clear_error(&error);
    } else if (!args->resume || args->record != NULL) {
        g_autofree char *shown = printable(dojo_journal_path(journal));
        printf("The game is recorded in %s.\n", shown);
    }

    g_autofree char *games_dir = dojo_journal_games_dir();
    g_autofree char *home_dir = g_path_get_dirname(games_dir);
    g_autofree char *history_path = g_build_filename(home_dir, "history", NULL);
    NextGame next = { .variant = dj_game_variant(game), .setup = &args->setup, .seed = seed };
    DojoPlayConfig config = {
        .players = { players[0], players[1] },
        .time_ms = args->time_ms,
        .max_plies = (int)args->max_plies,
        .color = dojo_output_wants_color(stdout, color),
        .traditional = args->traditional,
        .flipped = args->flip,
        .live_status = dojo_output_is_terminal(stdout),
        .full_screen = !args->line,
        .seed = seed,
        .history_path = history_path,
        .threads = (int)args->threads,
        .clock = clock,
        /* A person watching follows at a pace; a script is not kept waiting. */
        .delay_ms = args->delay_given ? (int)args->delay_ms
                  : dojo_output_is_terminal(stdout) ? 1000 : 0,
        .engine = engine,
        .tablebases = (DojoTablesMode)args->tablebases,
        .tablebase_dir = args->tablebase_dir,
        .tablebase_pieces = (int)args->tablebase_pieces,
        .new_game = next_game,
        .new_game_data = &next,
    };
    dojo_interrupt_install();
    DojoPlayEnd end = dojo_play_loop(&game, &config, journal, stdin, stdout);
    dojo_interrupt_uninstall();
    fflush(stdout);
    return dojo_play_exit_code(end);
}

int dojo_cmd_play(int argc, char **argv)
{
    PlayArgs args;
    memset(&args, 0, sizeof args);
    GOptionContext *context = play_context(&args);
    int code = dojo_option_parse_and_run(context, "play", PLAY_PARAMS, argc, argv, run_play,
                                         &args);
    dojo_setup_args_clear(&args.setup);
    return code;
}
