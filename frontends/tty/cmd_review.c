/* cmd_review.c: `dojo review RECORD`: the engine's verdict on every move of
 * a recorded game, a summary per side, the evaluation graph, an annotated
 * record, and stepping through the game (review.h, graph.h, review_step.h). */
#include <stdio.h>
#include <string.h>

#include "framework/notation.h"
#include "framework/record.h"
#include "framework/record_pgn.h"
#include "framework/search/level.h"
#include "framework/search/search.h"
#include "framework/text_file.h"
#include "frontends/common/nets.h"
#include "frontends/common/output.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/graph.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/line_reader.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"
#include "frontends/tty/review.h"
#include "frontends/tty/review_play.h"
#include "frontends/tty/review_step.h"
#include "frontends/tty/screen.h"

#define REVIEW_PARAMS "[OPTION...] RECORD"
#define REVIEW_DEFAULT_TIME_MS 200   /* 121 positions (60 moves a side) in about 25 s */
#define REVIEW_TABLE_MB 16
#define GRAPH_ROWS 5
#define GRAPH_MAX_COLUMNS 72
#define NUMBERED_WIDTH 26

typedef struct ReviewArgs {
    gint64 time_ms, depth, nodes;   /* 0: not given */
    const char *output;
    bool force;                     /* --output may replace a file */
    bool step;
    bool flip;
    gint64 level;
    DojoColorArgs color;
    bool traditional;
    bool line;
    const char *eval_file;
    gint64 game_number;             /* --game N: of a PGN file */
    bool game_given;
} ReviewArgs;

typedef struct Progress {
    bool live;      /* stderr is a terminal */
} Progress;

static void show_progress(int done, int total, void *user_data)
{
    const Progress *progress = user_data;
    if (!progress->live)
        return;
    fprintf(stderr, "\rAnalysing: %d of %d moves", done, total);
    fflush(stderr);
}

static bool stop_requested(void)
{
    return dojo_interrupted();
}

static void print_moves(const DojoReview *review)
{
    g_autoptr(GString) line = g_string_new(NULL);
    for (int ply = 0; ply < review->n_reviewed; ply++) {
        /* compound turns: a line a turn, on its last move */
        if (review->moves[ply].in_turn)
            continue;
        g_string_assign(line, "  ");
        dojo_review_format_numbered_turn(review->game, review->moves[ply].turn_start, ply, false,
                                         line);
        while (g_utf8_strlen(line->str, -1) < NUMBERED_WIDTH)
            g_string_append_c(line, ' ');
        g_string_append_c(line, ' ');
        dojo_review_format_verdict(review, ply, line);
        g_autoptr(GString) clean = g_string_new(NULL);
        dojo_output_sanitize(line->str, 0, clean);
        printf("%s\n", clean->str);
    }
}

static void print_graph(const DojoReview *review, bool color)
{
    const DjVariant *variant = dj_game_variant(review->game);
    g_autofree int *scores = g_new(int, MAX(review->n_reviewed, 1));
    for (int ply = 0; ply < review->n_reviewed; ply++)
        scores[ply] = dojo_review_side0_score(review, ply);
    const char *charset = NULL;
    DojoGraphStyle style = {
        .rows = GRAPH_ROWS,
        .max_columns = MIN(GRAPH_MAX_COLUMNS, MAX(dojo_output_columns(stdout) - 12, 10)),
        .color = color,
        .ascii = !g_get_charset(&charset),
        .side_names = { variant->side_names[0], variant->side_names[1] },
    };
    g_autoptr(GString) chart = g_string_new(NULL);
    dojo_graph_draw(scores, review->n_reviewed, &style, chart);
    printf("\nEvaluation after each move (%s above the line, %s below):\n%s",
           variant->side_names[0], variant->side_names[1], chart->str);
}

/* The annotated record in `text`, saved at `path`. */
static bool write_output(DjGame *game, const DojoReview *review, const DjSearchLimits *limits,
                         const char *path, GString *text, GError **error)
{
    g_autofree char *annotator = NULL;
    if (limits->nodes > 0)
        annotator = g_strdup_printf("dojo review, %" G_GUINT64_FORMAT " nodes per position",
                                    (guint64)limits->nodes);
    else if (limits->depth > 0)
        annotator = g_strdup_printf("dojo review, depth %d", limits->depth);
    else
        annotator = g_strdup_printf("dojo review, %" G_GINT64_FORMAT " ms per position",
                                    (gint64)limits->time_ms);
    dj_game_set_tag(game, "Annotator", annotator);
    dojo_review_format_record(review, text);
    return dj_record_save_text(text->str, path, error);
}

static void print_header(const char *path, const DjGame *game, const DjSearchLimits *limits)
{
    const DjVariant *variant = dj_game_variant(game);
    int n = dj_game_length(game);
    DjOutcome outcome = dj_game_outcome(game);
    const char *reason = dj_game_outcome_reason(game);
    g_autoptr(GString) text = g_string_new(NULL);
    g_string_printf(text, "Review of %s: %s, %d move%s, result %s", path, variant->title, n,
                    n == 1 ? "" : "s", dj_outcome_result_text(outcome));
    if (reason != NULL)
        g_string_append_printf(text, " (%s)", reason);
    g_string_append(text, ".\nThe engine searches every position ");
    if (limits->nodes > 0)
        g_string_append_printf(text, "for %" G_GUINT64_FORMAT " nodes",
                               (guint64)limits->nodes);
    else if (limits->depth > 0)
        g_string_append_printf(text, "to depth %d", limits->depth);
    else
        g_string_append_printf(text, "for %" G_GINT64_FORMAT " ms", (gint64)limits->time_ms);
    g_string_append(text, "; scores are the mover's, before -> after the move.");
    g_autoptr(GString) clean = g_string_new(NULL);
    dojo_output_sanitize(text->str, 0, clean);
    printf("%s\n", clean->str);
}

/* The game to review: the record at `path`, or game `number` (from 1) of
 * the PGN file at `path`; *label names it ("PATH", "PATH, game 3"). */
static DjGame *load_game(const char *path, int number, bool number_given, char **label,
                         GError **error)
{
    if (!dj_pgn_is_pgn_path(path)) {
        if (number_given && number != 1) {
            dojo_usage_error(error, "--game is for a PGN file: %s is one game's record", path);
            return NULL;
        }
        *label = g_strdup(path);
        return dj_record_load(path, error);
    }
    g_autoptr(GPtrArray) games = dj_pgn_load(path, error);
    if (games == NULL)
        return NULL;
    if (number > (int)games->len) {
        if (games->len == 0)
            dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "%s: it holds no game", path);
        else
            dojo_usage_error(error, "--game %d: %s holds %u game%s", number, path, games->len,
                             games->len == 1 ? "" : "s");
        return NULL;
    }
    DjPgnGame *chosen = g_ptr_array_index(games, number - 1);
    *label = games->len > 1 || number_given ? g_strdup_printf("%s, game %d", path, number)
                                            : g_strdup(path);
    return g_steal_pointer(&chosen->game);
}

static int run_review(void *data, int n_positional, char **positional)
{
    ReviewArgs *args = data;
    if (n_positional != 1)
        return dojo_usage_failure("review", REVIEW_PARAMS, "review wants one RECORD file");
    GError *error = NULL;
    gint64 time_ms = args->time_ms, depth = args->depth, nodes = args->nodes;
    DojoColorChoice color_choice = DOJO_COLOR_AUTO;
    if (!dojo_color_choice(&args->color, &color_choice, &error))
        return dojo_report_error("review", REVIEW_PARAMS, error);
    if (time_ms == 0 && depth == 0 && nodes == 0)
        time_ms = REVIEW_DEFAULT_TIME_MS;
    DjSearchLimits limits = { .depth = (int)depth, .time_ms = time_ms, .nodes = (uint64_t)nodes };

    g_autofree char *path = NULL;
    g_autoptr(DjGame) game = load_game(positional[0], (int)args->game_number, args->game_given,
                                       &path, &error);
    if (game == NULL) {
        g_prefix_error(&error, "cannot review ");   /* "PATH: WHY" follows */
        return dojo_report_error("review", REVIEW_PARAMS, error);
    }
    if (dj_game_length(game) == 0) {
        error = g_error_new(DJ_ERROR, DJ_ERROR_INVALID,
                            "cannot review %s: the record has no moves", path);
        return dojo_report_error("review", REVIEW_PARAMS, error);
    }
    if (args->eval_file != NULL
        && !dojo_nets_choose_value(args->eval_file, dj_game_variant(game), &error))
        return dojo_report_error("review", REVIEW_PARAMS, error);
    /* Before the review, which takes minutes: its record must have a place
     * to go, and a file of the user's is not replaced unasked. */
    if (args->output != NULL
        && !dj_text_file_check_target(args->output, args->force ? NULL : "add --force",
                                      &error)) {
        g_prefix_error(&error, "cannot save the annotated record in ");   /* "PATH: WHY" */
        return dojo_report_error("review", REVIEW_PARAMS, error);
    }
    bool color = dojo_output_wants_color(stdout, color_choice);
    dojo_nets_install(dj_game_variant(game), DJ_LEVEL_MAX);
    g_autoptr(DjSearch) search = dj_search_new(dj_game_variant(game), REVIEW_TABLE_MB);
    Progress progress = { .live = dojo_output_is_terminal(stderr) };
    dojo_interrupt_watch_search(search);
    dojo_interrupt_install();
    print_header(path, game, &limits);
    fflush(stdout);
    g_autoptr(DojoReview) review = dojo_review_run(game, search, &limits, show_progress, stop_requested,
                                         &progress);
    dojo_interrupt_watch_search(NULL);
    if (progress.live)
        fputs("\r\x1b[K", stderr);
    bool interrupted = dojo_interrupted();
    /* A review that stopped short without Ctrl-C is said, with where, and
     * is a failure: a script must not take half a review for a whole. */
    bool cut_short = !interrupted && review->n_reviewed < review->n_moves;
    if (interrupted)
        printf("Interrupted: %d of %d moves reviewed; here is what there is.\n",
               review->n_reviewed, review->n_moves);
    /* where it stopped, named as the game numbers the move */
    g_autoptr(GString) stopped_at = g_string_new(NULL);
    if (cut_short) {
        dojo_review_format_numbered(game, review->n_reviewed, false, stopped_at);
        printf("The review stopped at %s: the search gave no verdict there; here "
               "is what there is.\n", stopped_at->str);
    }
    print_moves(review);
    g_autoptr(GString) summary = g_string_new(NULL);
    dojo_review_format_summary(review, summary);
    printf("\n%s", summary->str);
    if (review->n_reviewed > 0)
        print_graph(review, color);
    fflush(stdout);

    int code = interrupted ? DOJO_EXIT_INTERRUPTED
             : cut_short   ? DOJO_EXIT_FAILURE
                           : DOJO_EXIT_OK;
    if (cut_short)
        fprintf(stderr, "dojo review: stopped at %s: the search gave no verdict there\n",
                stopped_at->str);
    if (args->output != NULL) {
        g_autoptr(GString) text = g_string_new(NULL);
        if (write_output(game, review, &limits, args->output, text, &error)) {
            printf("The annotated record is in %s.\n", args->output);
        } else {
            g_autoptr(GString) clean = g_string_new(NULL);
            dojo_output_sanitize(error->message, 0, clean);
            fprintf(stderr, "dojo review: cannot save %s\n", clean->str);   /* "PATH: WHY" */
            g_clear_error(&error);
            /* A full disk: the record goes to standard output rather than
             * being lost with the review's work. */
            printf("\nThe annotated record (it could not be saved):\n%s", text->str);
            if (fflush(stdout) == 0)
                fprintf(stderr, "dojo review: the annotated record went to standard output "
                        "instead\n");
            code = DOJO_EXIT_FAILURE;
        }
    }
    if (args->step && !interrupted && code == DOJO_EXIT_OK) {
        DojoStepConfig step = {
            .color = color,
            .traditional = args->traditional,
            .flipped = args->flip,
            .allow_play = true,
        };
        fflush(stdout);
        int ply = 0;
        DojoStepEnd end = DOJO_STEP_QUIT;
        bool stepped = false;
        if (!args->line && screen_available(stdin, stdout)) {
            ScreenConfig screen = { .color = color };
            ply = screen_review_record(stdin, stdout, &screen, review, args->traditional,
                                       args->flip, &error);
            stepped = error == NULL;
            g_clear_error(&error);   /* the screen could not start: line by line */
            end = dojo_interrupted() ? DOJO_STEP_INTERRUPTED
                  : ply >= 0         ? DOJO_STEP_PLAY
                                     : DOJO_STEP_QUIT;
        }
        if (!stepped) {
            /* The reader is gone before the play loop reads the same input. */
            g_autoptr(DojoLineReader) reader = dojo_line_reader_new(stdin, stdout, NULL);
            end = dojo_review_step(review, &step, reader, stdout, &ply);
        }
        if (end == DOJO_STEP_INTERRUPTED) {
            code = DOJO_EXIT_INTERRUPTED;
        } else if (end == DOJO_STEP_PLAY) {
            DojoReviewPlayConfig play = {
                .color = color,
                .traditional = args->traditional,
                .flipped = args->flip,
                .level = (int)args->level,
                .time_ms = 2000,
                .full_screen = !args->line,
            };
            code = dojo_review_play_on(review, ply, &play, stdin, stdout);
        }
    }
    dojo_interrupt_uninstall();
    fflush(stdout);
    return code;
}

int dojo_cmd_review(int argc, char **argv)
{
    ReviewArgs args;
    memset(&args, 0, sizeof args);
    DojoOption color_rows[DOJO_COLOR_ROWS];
    dojo_color_rows(&args.color, color_rows);
    const DojoOption rows[] = {
        { .name = "time", .type = DOJO_OPTION_WHOLE, .to.whole = &args.time_ms, .min = 1,
          .max = G_MAXINT32, .arg = "MS", .help = "Search each position MS milliseconds" },
        { .name = "depth", .type = DOJO_OPTION_WHOLE, .to.whole = &args.depth, .min = 1,
          .max = DJ_SEARCH_MAX_PLY, .arg = "N", .help = "Search each position N plies deep" },
        { .name = "nodes", .type = DOJO_OPTION_WHOLE, .to.whole = &args.nodes, .min = 1,
          .max = G_MAXINT64, .arg = "N", .help = "Search each position N nodes" },
        { .name = "output", .type = DOJO_OPTION_PATH, .to.text = &args.output, .arg = "FILE",
          .help = "Write the game with the engine's comments to FILE" },
        { .name = "force", .type = DOJO_OPTION_FLAG, .to.flag = &args.force,
          .help = "Let --output replace a file that exists" },
        { .name = "step", .type = DOJO_OPTION_FLAG, .to.flag = &args.step,
          .help = "Then step through the game position by position" },
        { .name = "flip", .type = DOJO_OPTION_FLAG, .to.flag = &args.flip,
          .help = "Draw side 1 at the bottom" },
        { .name = "level", .type = DOJO_OPTION_WHOLE, .to.whole = &args.level,
          .min = DJ_LEVEL_MIN, .max = DJ_LEVEL_MAX, .def.whole = DOJO_DEFAULT_LEVEL, .arg = "N",
          .help = "The computer's level for 'play' while stepping" },
        { .type = DOJO_OPTION_ROWS, .rows = color_rows },
        { .name = "traditional", .type = DOJO_OPTION_FLAG, .to.flag = &args.traditional,
          .help = "Draw the pieces with the game's traditional glyphs" },
        { .name = "line", .type = DOJO_OPTION_FLAG, .to.flag = &args.line,
          .help = "--step line by line, not on the full screen" },
        { .name = "eval-file", .type = DOJO_OPTION_PATH, .to.text = &args.eval_file,
          .arg = "FILE", .help = DOJO_NETS_OPTION_HELP },
        { .name = "game", .type = DOJO_OPTION_WHOLE, .to.whole = &args.game_number, .min = 1,
          .max = G_MAXINT32, .def.whole = 1, .given = &args.game_given, .arg = "N",
          .help = "The game of a PGN file to review" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "RECORD",
        "Review a recorded game (a saved game, a journal, a record of 'dojo match', or\n"
        "a game of a PGN file named *.pgn: the first, or the one --game N says): the\n"
        "engine searches every position and judges every move.",
        "For every move: the move, the mover's score before and after it, a label when\n"
        "it loses much, and the engine's move and line when they differ.  Scores are in\n"
        "hundredths of a pawn; a move loses the difference between the score before it\n"
        "and the score after it (0 when it is the engine's move; a forced win or loss\n"
        "counts as 15.00, scores are capped there).  Labels: inaccuracy from 0.50,\n"
        "mistake from 1.00, blunder from 3.00; 'missed win' when a forced win was\n"
        "there and the move lets it go; 'forced loss' when the move walks into one.\n"
        "Then a summary per side and a graph of the evaluation (side 0 above the line).\n"
        "\n"
        "Without --time, --depth or --nodes each position gets 200 ms.  Ctrl-C stops\n"
        "and prints the review so far.  --nodes makes the review repeatable.\n"
        "\n"
        "--step then shows the game position by position.  On a terminal it is a full\n"
        "screen: Left/Right step, Home/End, p plays on from the position shown (a new\n"
        "game against the computer, in a fresh record; the reviewed record is never\n"
        "changed), q quits.  With --line, or into a pipe, it reads commands: next (n or\n"
        "Enter), back (b), first, last, goto N, board, play, help, quit.\n"
        "\n"
        "Examples:\n"
        "  dojo review game.dojo\n"
        "  dojo review game.dojo --nodes 200000 --output reviewed.dojo\n"
        "  dojo review game.dojo --step\n",
        rows);
    return dojo_option_parse_and_run(context, "review", REVIEW_PARAMS, argc, argv, run_review,
                                     &args);
}
