/* uci.c: the UCI engine: commands, the game being analysed, and the search
 * thread.
 *
 * Threads: the caller's thread handles commands; a `go` copies what the
 * search needs (the root, the game line, the limits, the moves of
 * searchmoves) into a job and starts one search thread, joined by the next
 * command that needs the search (stop, go, position changes are fine
 * meanwhile: the job owns its copies).  Output from both threads goes
 * through say(), under a lock, one whole line at a time. */
#include "frontends/uci/uci.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>

#include "framework/error.h"
#include "framework/game_history.h"
#include "framework/net.h"
#include "framework/notation.h"
#include "framework/params.h"
#include "framework/perft.h"
#include "framework/registry.h"
#include "framework/search/level.h"
#include "framework/search/search_types.h"
#include "framework/search/timeman.h"
#include "framework/endgame.h"
#include "framework/tablebase/probe.h"
#include "framework/tablebase/table_file.h"
#include "framework/turn.h"
#include "frontends/common/eval_table.h"
#include "frontends/common/nets.h"
#include "frontends/common/think.h"
#include "frontends/uci/uci_options.h"

#define DEFAULT_MAX_HASH_MB 65536u
#define DEFAULT_MAX_PERFT_DEPTH 12
/* The longest quoted piece of bad input in an error message. */
#define QUOTE_CHARS 60

/* What one `go` asked for. */
typedef struct GoRequest {
    int64_t time[2], inc[2];   /* wtime/btime, winc/binc; -1: not given */
    int moves_to_go;
    int64_t movetime;
    int depth;
    uint64_t nodes;
    int mate;
    bool infinite;
    bool ponder;
    int perft;
    GPtrArray *search_words;   /* the words after searchmoves (the command's), or NULL */
} GoRequest;

static void go_request_clear(GoRequest *go)
{
    g_clear_pointer(&go->search_words, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(GoRequest, go_request_clear)

/* Everything the search thread works on, owned by it while it runs. */
typedef struct SearchJob {
    const DjVariant *variant;
    void *root;
    DjHistoryEntry *line;
    int n_line;
    DjSearchLimits limits;
    DjMove *root_moves;        /* go searchmoves, or NULL: limits.root_moves points here,
                                  so it lives as long as the job */
    int level;
    int64_t ponder_soft_ms, ponder_hard_ms;   /* the limits a ponderhit brings */
    int perft_depth;           /* > 0: a `go perft` (over root_moves, if any), not a search */
    bool tables;               /* endgame tables are in use: info lines say tbhits */
} SearchJob;

struct DojoUci {
    DojoUciConfig config;
    GMutex output_lock;
    DojoUciSettings settings;
    DjGame *game;
    GArray *setup_scratch;
    GPtrArray *default_weights;  /* each registered game's built-in weights */

    DjEngine *search;            /* for search_variant, search_hash_mb and search_kind */
    const DjVariant *search_variant;
    unsigned search_hash_mb;
    DjEngineKind search_kind;
    /* Endgame tables (TablebasePath), opened when a search first needs
     * them, for tables_variant (capped at TablebasePieces); tables_stale:
     * the options changed since. */
    DjTablebase *tables;
    const DjVariant *tables_variant;
    bool tables_stale;
    bool tables_warned;          /* a table that failed to load was said once */
    char *loading_setup;         /* the setup whose tables are read (or being read) */
    GRand *rand;
    bool debug;                  /* `debug on`: say how each search's time was planned */

    GThread *thread;             /* a search thread not joined yet */
    SearchJob job;
    GMutex lock;                 /* guards the fields below */
    GCond wake;
    bool running;                /* inside dj_engine_run */
    bool hold_bestmove;          /* go infinite / go ponder: wait for stop or ponderhit */
    bool stop_requested;
    bool done;                   /* the thread has its answer: join it */
    atomic_int perft_stop;       /* raised with stop_requested: a `go perft` ends early */
    /* Compound turns (game.h): the rest of the turn the last search chose,
     * for the `go` in the position its first move leads to (turn_key),
     * which answers with it at once: one search, and one share of the
     * clock, a turn.  Written by the search thread before it is done. */
    DjMove turn_rest[DJ_SEARCH_MAX_PLY];
    int n_turn_rest;
    uint64_t turn_key;
    const DjVariant *turn_variant;
};

/* ---- output ---------------------------------------------------------------- */

static void say(DojoUci *uci, const char *format, ...) G_GNUC_PRINTF(2, 3);

static void say(DojoUci *uci, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *text = g_strdup_vprintf(format, args);
    va_end(args);
    g_mutex_lock(&uci->output_lock);
    fputs(text, uci->config.out);
    fputc('\n', uci->config.out);
    fflush(uci->config.out);
    g_mutex_unlock(&uci->output_lock);
}

/* "info string error: ..." with outside text made one printable line. */
static void say_error(DojoUci *uci, const char *format, ...) G_GNUC_PRINTF(2, 3);

static void say_error(DojoUci *uci, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_autoptr(GString) clean = g_string_new(NULL);
    dj_text_append_line(message, 0, clean);
    say(uci, "info string error: %s", clean->str);
}

/* `text` cut and cleaned for quoting in a message (g_free it). */
static char *quote(const char *text)
{
    GString *clean = g_string_new(NULL);
    dj_text_append_line(text, QUOTE_CHARS, clean);
    return g_string_free(clean, FALSE);
}

/* UCI's score: centipawns, or mate in moves (negative: being mated): the
 * moves the side to move at `root` (the engine) makes along the line, which
 * with extra turns is not plies / 2.  The protocol's count whatever the
 * game's own (DjVariant.move_count): a GUI converts, as dojo's referee does
 * for its records (dj_result_count_of_engine_mate). */
static void append_score(const DjVariant *variant, const void *root, const DjSearchInfo *info,
                         GString *out)
{
    int plies = 0;
    if (dj_score_is_decisive(info->score, &plies)) {
        int moves = dj_line_own_moves(variant, root, info->pv, info->pv_length, plies);
        g_string_append_printf(out, "mate %d", info->score > 0 ? moves : -moves);
    } else {
        g_string_append_printf(out, "cp %d", info->score);
    }
}

static void report_iteration(const DjSearchInfo *info, void *user_data)
{
    DojoUci *uci = user_data;
    const SearchJob *job = &uci->job;
    g_autoptr(GString) line = g_string_new(NULL);
    g_string_append_printf(line, "info depth %d seldepth %d multipv %d score ", info->depth,
                           MAX(info->seldepth, info->depth), info->multipv);
    append_score(job->variant, job->root, info, line);
    uint64_t nps = info->elapsed_ms > 0 ? info->nodes * 1000 / (uint64_t)info->elapsed_ms : 0;
    g_string_append_printf(line, " nodes %" G_GUINT64_FORMAT " nps %" G_GUINT64_FORMAT
                           " hashfull %d", (guint64)info->nodes, (guint64)nps, info->hashfull);
    if (job->tables)
        g_string_append_printf(line, " tbhits %" G_GUINT64_FORMAT, (guint64)info->tbhits);
    g_string_append_printf(line, " time %" G_GINT64_FORMAT " pv ", (gint64)info->elapsed_ms);
    dojo_format_pv_engine(job->variant, job->root, info->pv, info->pv_length, line);
    say(uci, "%s", line->str);
}

/* ---- the search thread ------------------------------------------------------ */

static void job_clear(SearchJob *job)
{
    g_free(job->root);
    g_free(job->line);
    g_free(job->root_moves);
    memset(job, 0, sizeof *job);
}

/* The thread has its answer: said before the answer is out, so that a
 * command sent as soon as the answer is read finds the thread over (and
 * joins it). */
static void mark_done(DojoUci *uci)
{
    g_mutex_lock(&uci->lock);
    uci->done = true;
    g_mutex_unlock(&uci->lock);
}

/* `go perft`: divided by root move, over the job's root moves when
 * searchmoves gave some.  On the search thread, so that stop, quit and the
 * end of input reach it: a deep one runs for hours.  Stopped, it gives the
 * moves it counted and no total (a partial total would read as a wrong
 * count). */
static void run_perft(DojoUci *uci, const SearchJob *job)
{
    const DjVariant *v = job->variant;
    const void *root = job->root;
    g_autofree DjMove *moves = g_new(DjMove, v->max_moves);
    g_autofree void *child = g_malloc(v->state_size);
    uint64_t total = 0;
    int n = dj_position_outcome(v, root) == DJ_OUTCOME_ONGOING ? v->legal_moves(root, moves) : 0;
    n = dj_search_restrict_moves(moves, n, job->limits.root_moves, job->limits.n_root_moves);
    int counted = 0;
    for (; counted < n; counted++) {
        memcpy(child, root, v->state_size);
        v->play(child, moves[counted]);
        uint64_t count = dj_perft_stoppable(v, child, job->perft_depth - 1, &uci->perft_stop);
        if (atomic_load(&uci->perft_stop))
            break;
        g_autoptr(GString) text = g_string_new(NULL);
        dj_format_move_engine(v, root, moves[counted], text);
        say(uci, "%s: %" G_GUINT64_FORMAT, text->str, (guint64)count);
        total += count;
    }
    mark_done(uci);
    if (counted < n)
        say(uci, "info string perft stopped after %d of %d moves: no total", counted, n);
    else
        say(uci, "\nNodes searched: %" G_GUINT64_FORMAT "\n", (guint64)total);
}

/* Keep the rest of the turn `best` begins in the search's line (nothing
 * where the turn ends with it, or the game has no compound turns). */
static void remember_turn(DojoUci *uci, const SearchJob *job, DjMove best,
                          const DjSearchInfo *info)
{
    const DjVariant *v = job->variant;
    int parts = 0;
    uint64_t key = 0;
    if (dj_turn_is_compound(v) && best != DJ_MOVE_NONE && info->pv_length > 1
        && info->pv[0] == best) {
        parts = dj_turn_length(v, job->root, info->pv, info->pv_length);
        unsigned char *after = g_memdup2(job->root, v->state_size);
        v->play(after, best);
        key = v->key(after);
        g_free(after);
    }
    g_mutex_lock(&uci->lock);
    uci->n_turn_rest = parts > 1 ? parts - 1 : 0;
    if (uci->n_turn_rest > 0)
        memcpy(uci->turn_rest, info->pv + 1, sizeof(DjMove) * (size_t)uci->n_turn_rest);
    uci->turn_key = key;
    uci->turn_variant = v;
    g_mutex_unlock(&uci->lock);
}

/* A plain `go` in the middle of a turn the last search chose: answer with
 * the turn's next move at once, if the position is the one the line leads
 * to and the move is legal there. */
static bool answer_from_turn(DojoUci *uci, const GoRequest *go)
{
    const DjVariant *v = uci->settings.variant;
    const void *pos = dj_game_position(uci->game);
    if (go->infinite || go->ponder || go->search_words != NULL || !dj_turn_is_compound(v))
        return false;
    g_mutex_lock(&uci->lock);
    bool ours = uci->n_turn_rest > 0 && uci->turn_variant == v && uci->turn_key == v->key(pos);
    DjMove move = ours ? uci->turn_rest[0] : DJ_MOVE_NONE;
    g_mutex_unlock(&uci->lock);
    if (!ours)
        return false;
    g_autofree DjMove *moves = g_new(DjMove, v->max_moves);
    int n = v->legal_moves(pos, moves);
    bool legal = false;
    for (int i = 0; i < n && !legal; i++)
        legal = moves[i] == move;
    if (!legal)
        return false;
    unsigned char *after = g_memdup2(pos, v->state_size);
    v->play(after, move);
    g_mutex_lock(&uci->lock);
    uci->n_turn_rest--;
    memmove(uci->turn_rest, uci->turn_rest + 1, sizeof(DjMove) * (size_t)uci->n_turn_rest);
    uci->turn_key = v->key(after);
    g_mutex_unlock(&uci->lock);
    g_free(after);
    g_autoptr(GString) line = g_string_new("bestmove ");
    dj_format_move_engine(v, pos, move, line);
    say(uci, "info string the rest of the turn the last search chose");
    say(uci, "%s", line->str);
    return true;
}

static gpointer search_thread(gpointer data)
{
    DojoUci *uci = data;
    SearchJob *job = &uci->job;
    if (job->perft_depth > 0) {
        run_perft(uci, job);
        return NULL;
    }
    DjSearchInfo info;
    memset(&info, 0, sizeof info);
    DjMove best;
    if (job->level < DJ_LEVEL_MAX)
        best = dj_engine_choose(uci->search, job->level, job->limits.time_ms, uci->rand,
                                job->root, job->line, job->n_line, job->limits.root_moves,
                                job->limits.n_root_moves, report_iteration, uci, &info);
    else
        best = dj_engine_run(uci->search, job->root, job->line, job->n_line, &job->limits,
                             report_iteration, uci, &info);
    int started = dj_engine_threads_started(uci->search);
    if (started > 0 && started < uci->settings.threads)
        say_error(uci, "Threads %d: the system would start only %d; the search used those",
                  uci->settings.threads, started);

    g_mutex_lock(&uci->lock);
    uci->running = false;
    /* UCI: after `go infinite` or while pondering, the answer waits for
     * `stop` (or `ponderhit`) even when the search is over. */
    while (uci->hold_bestmove && !uci->stop_requested)
        g_cond_wait(&uci->wake, &uci->lock);
    g_mutex_unlock(&uci->lock);

    g_autoptr(GString) line = g_string_new("bestmove ");
    if (best == DJ_MOVE_NONE) {
        g_string_append(line, "(none)");
    } else {
        dj_format_move_engine(job->variant, job->root, best, line);
        /* The ponder move is the opponent's reply: where a turn has
         * several moves (compound_turns) and the line's second is still
         * ours, there is none to give (the rest of the turn is in the
         * pv of the last info line; UCI plays one move at a time). */
        if (info.pv_length >= 2 && info.pv[0] == best
            && dj_turn_length(job->variant, job->root, info.pv, info.pv_length) == 1) {
            g_autoptr(GString) ponder = g_string_new(NULL);
            dojo_format_pv_engine(job->variant, job->root, info.pv, 2, ponder);
            const char *space = strchr(ponder->str, ' ');
            if (space != NULL)
                g_string_append_printf(line, " ponder %s", space + 1);
        }
    }
    remember_turn(uci, job, best, &info);
    mark_done(uci);
    say(uci, "%s", line->str);
    return NULL;
}

/* Stop the search, if one runs, and wait for its bestmove. */
static void finish_search(DojoUci *uci)
{
    if (uci->thread == NULL)
        return;
    g_mutex_lock(&uci->lock);
    uci->stop_requested = true;
    atomic_store(&uci->perft_stop, 1);
    if (uci->running)
        dj_engine_stop(uci->search);
    g_cond_signal(&uci->wake);
    g_mutex_unlock(&uci->lock);
    g_thread_join(uci->thread);
    uci->thread = NULL;
    job_clear(&uci->job);
}

/* Join a search thread that has given its answer. */
static void reap_search(DojoUci *uci)
{
    if (uci->thread == NULL)
        return;
    g_mutex_lock(&uci->lock);
    bool done = uci->done;
    g_mutex_unlock(&uci->lock);
    if (done) {
        g_thread_join(uci->thread);
        uci->thread = NULL;
        job_clear(&uci->job);
    }
}

/* Whether a search is going on (its bestmove not given yet). */
static bool searching(DojoUci *uci)
{
    reap_search(uci);
    return uci->thread != NULL;
}

/* ---- engine state -------------------------------------------------------- */

/* A fresh start position of the current game, with its options. */
static DjGame *new_start(DojoUci *uci, GError **error)
{
    DjSetup setup;
    dojo_uci_settings_setup(&uci->settings, uci->setup_scratch, &setup);
    return dj_game_new(uci->settings.variant, &setup, error);
}

static void reset_position(DojoUci *uci)
{
    g_autoptr(GError) error = NULL;
    DjGame *game = new_start(uci, &error);
    if (game == NULL) {
        /* The game options are checked when set, so this is a game whose
         * options changed meaning: start it without them. */
        say_error(uci, "%s", error->message);
        DjSetup plain = { .seed = uci->settings.seed };
        game = dj_game_new(uci->settings.variant, &plain, NULL);
    }
    dj_game_free(uci->game);
    uci->game = game;
}

/* The search object for the current game, Hash and Search, made when
 * needed (the game's default search when it cannot be searched as asked).
 * *made (if not NULL) is set to true when a new one was made, and left
 * alone otherwise. */
static bool ensure_search(DojoUci *uci, bool *made)
{
    if (uci->search != NULL && uci->search_variant == uci->settings.variant
        && uci->search_hash_mb == uci->settings.hash_mb
        && uci->search_kind == uci->settings.engine)
        return true;
    dj_engine_free(uci->search);
    DjEngineKind kind = uci->settings.engine;
    if (kind == DJ_ENGINE_ALPHABETA && uci->settings.variant->evaluate == NULL) {
        say_error(uci, "Search alphabeta: %s has no evaluation; searching with mcts",
                  uci->settings.variant->title);
        kind = DJ_ENGINE_DEFAULT;
    }
    uci->search = dj_engine_new(uci->settings.variant, kind, uci->settings.hash_mb, NULL);
    uci->search_variant = uci->settings.variant;
    uci->search_hash_mb = uci->settings.hash_mb;
    uci->search_kind = uci->settings.engine;
    if (made != NULL)
        *made = uci->search != NULL;
    return uci->search != NULL;
}

/* The setup (a class's setup text) of `pos` in `variant`, "" when no
 * class of at most `pieces` pieces has it (g_free). */
static char *setup_of(const DjVariant *variant, const void *pos, int pieces)
{
    DjEndgameClass first;
    int n = variant->endgames->list_classes(pos, MIN(pieces, variant->endgames->max_pieces),
                                            &first, 1);
    return g_strdup(n > 0 ? first.setup : "");
}

/* The endgame tables TablebasePath names, for the current game, opened
 * when first needed and loaded for the current position's setup (so that
 * no probe waits on a file while the clock runs); NULL when none are
 * asked for (no path, TablebasePieces 0, or a game whose endings dojo
 * cannot number) or none can be had.  A folder that cannot be read, or a
 * table that cannot be loaded, is said once (an `info string error`), and
 * the search goes on with what loaded. */
static DjTablebase *ensure_tables(DojoUci *uci, bool on_clock)
{
    const DojoUciSettings *settings = &uci->settings;
    bool wanted = settings->tablebase_path != NULL && settings->tablebase_pieces > 0
                  && settings->variant->endgames != NULL;
    if (!wanted || uci->tables_variant != settings->variant || uci->tables_stale) {
        /* the search only borrows them */
        if (uci->search != NULL)
            dj_engine_set_tables(uci->search, NULL);
        g_clear_pointer(&uci->tables, dj_tablebase_free);
        g_clear_pointer(&uci->loading_setup, g_free);
        uci->tables_variant = NULL;
    }
    if (!wanted)
        return NULL;
    if (uci->tables_variant != settings->variant) {
        uci->tables_variant = settings->variant;
        uci->tables_stale = false;
        uci->tables_warned = false;
        g_autoptr(GError) error = NULL;
        uci->tables = dj_tablebase_open(settings->variant, settings->tablebase_path, &error);
        if (uci->tables == NULL) {
            say_error(uci, "TablebasePath: %s; searching without tables", error->message);
            return NULL;
        }
        dj_tablebase_set_piece_limit(uci->tables, settings->tablebase_pieces);
        g_autofree char *q = quote(settings->tablebase_path);
        say(uci, "info string %d endgame tables of %s in %s", dj_tablebase_count(uci->tables),
            settings->variant->name, q);
    }
    if (uci->tables == NULL)
        return NULL;
    const void *pos = dj_game_position(uci->game);
    g_autofree char *setup = setup_of(settings->variant, pos, dj_tablebase_max_pieces(uci->tables));
    if (on_clock) {
        /* A `go` is on the clock: the tables of a new setup are read
         * beside the search, which uses each from the moment it is there
         * (a 5-piece set is hundreds of megabytes: seconds of reading that
         * would lose on time at a fast control). */
        if (g_strcmp0(setup, uci->loading_setup) != 0) {
            dj_tablebase_set_probes_wait(uci->tables, false);
            dj_tablebase_preload_start(uci->tables, pos);
            g_free(uci->loading_setup);
            uci->loading_setup = g_steal_pointer(&setup);
        }
        return uci->tables;
    }
    g_autoptr(GError) error = NULL;
    g_free(uci->loading_setup);
    uci->loading_setup = g_steal_pointer(&setup);
    if (!dj_tablebase_preload(uci->tables, pos, &error) && !uci->tables_warned) {
        say_error(uci, "TablebasePath: %s; searching without that table", error->message);
        uci->tables_warned = true;
    }
    return uci->tables;
}

/* The search for this `go`, with the threads asked for (`made` as for
 * ensure_search).  False, with the reason said, when the table or the
 * threads cannot be had: `what` names the command ("go", "isready"). */
static bool prepare_search(DojoUci *uci, const char *what, bool *made)
{
    if (!ensure_search(uci, made)) {
        say_error(uci, "%s: no search table of %u MB could be had", what,
                  uci->settings.hash_mb);
        return false;
    }
    g_autoptr(GError) error = NULL;
    if (!dj_engine_try_set_threads(uci->search, uci->settings.threads, &error)) {
        /* The helpers made so far stay; the next try asks again. */
        say_error(uci, "%s: %s", what, error->message);
        return false;
    }
    return true;
}

DojoUci *dojo_uci_new(const DojoUciConfig *config)
{
    DojoUci *uci = g_new0(DojoUci, 1);
    uci->config = *config;
    if (uci->config.max_hash_mb == 0)
        uci->config.max_hash_mb = DEFAULT_MAX_HASH_MB;
    if (uci->config.max_perft_depth == 0)
        uci->config.max_perft_depth = DEFAULT_MAX_PERFT_DEPTH;
    g_mutex_init(&uci->output_lock);
    g_mutex_init(&uci->lock);
    g_cond_init(&uci->wake);
    dojo_uci_settings_init(&uci->settings);
    uci->settings.hash_mb = MIN(uci->settings.hash_mb, uci->config.max_hash_mb);
    uci->setup_scratch = g_array_new(FALSE, TRUE, sizeof(DjOptionValue));
    uci->rand = g_rand_new();   /* from the system's entropy: see the Seed option */
    uci->default_weights = g_ptr_array_new_with_free_func(g_free);
    for (const DjVariant *const *v = dj_registry_all(); *v != NULL; v++)
        g_ptr_array_add(uci->default_weights, dj_params_snapshot(*v));
    reset_position(uci);
    return uci;
}

void dojo_uci_free(DojoUci *uci)
{
    if (uci == NULL)
        return;
    finish_search(uci);
    dj_engine_free(uci->search);
    dj_tablebase_free(uci->tables);
    g_free(uci->loading_setup);
    dj_game_free(uci->game);
    g_array_free(uci->setup_scratch, TRUE);
    g_rand_free(uci->rand);
    g_ptr_array_free(uci->default_weights, TRUE);
    dojo_nets_release();
    dojo_uci_settings_clear(&uci->settings);
    g_mutex_clear(&uci->output_lock);
    g_mutex_clear(&uci->lock);
    g_cond_clear(&uci->wake);
    g_free(uci);
}

/* ---- commands -------------------------------------------------------------- */

static void command_uci(DojoUci *uci)
{
    g_autoptr(GString) text = g_string_new(NULL);
    g_string_append_printf(text, "id name dojo %s\nid author the dojo authors\n",
                           uci->config.version != NULL ? uci->config.version : "");
    dojo_uci_options_describe(&uci->settings, uci->config.max_hash_mb, text);
    g_string_append(text, "uciok");
    say(uci, "%s", text->str);
}

/* Weights is one value: the file for the game being played, or none.  So
 * the current game gets the file's weights over its built-in ones (not
 * over an earlier file's), and every other game its built-in weights: a
 * file set while another game was chosen must not stay behind in that
 * game once Weights has changed.  On failure nothing changes. */
static bool apply_weights(DojoUci *uci, GError **error)
{
    const DjVariant *variant = uci->settings.variant;
    const DjVariant *const *all = dj_registry_all();
    if (uci->settings.weights != NULL) {
        g_autofree int *before = dj_params_snapshot(variant);
        for (guint i = 0; all[i] != NULL; i++)
            if (all[i] == variant)
                dj_params_restore(variant, g_ptr_array_index(uci->default_weights, i));
        if (!dj_params_load(variant, uci->settings.weights, error)) {
            dj_params_restore(variant, before);
            return false;
        }
    }
    for (guint i = 0; all[i] != NULL; i++)
        if (all[i] != variant || uci->settings.weights == NULL)
            dj_params_restore(all[i], g_ptr_array_index(uci->default_weights, i));
    return true;
}

/* EvalFile: with no file every game plays with its built-in network; with
 * `none`, with none; with a file, the game the file names plays with it
 * (whatever UCI_Variant is, so that the options may come in any order) and
 * the others with their built-in ones.  Installed at the next search
 * (nets.h).  On failure the networks chosen before stay. */
static bool apply_eval_file(DojoUci *uci, GError **error)
{
    return dojo_nets_choose_value(uci->settings.eval_file, NULL, error);
}

/* `setoption name NAME [value VALUE]`; NAME and VALUE may hold spaces. */
static void command_setoption(DojoUci *uci, char **words, int n)
{
    if (n < 3 || g_ascii_strcasecmp(words[1], "name") != 0) {
        say_error(uci, "setoption wants 'name NAME [value VALUE]'");
        return;
    }
    int value_at = -1;
    for (int i = 2; i < n && value_at < 0; i++)
        if (g_ascii_strcasecmp(words[i], "value") == 0)
            value_at = i;
    int name_end = value_at < 0 ? n : value_at;
    if (name_end == 2) {
        say_error(uci, "setoption: the option has no name");
        return;
    }
    g_autoptr(GString) joined = g_string_new(NULL);
    for (int i = 2; i < name_end; i++)
        g_string_append_printf(joined, "%s%s", i > 2 ? " " : "", words[i]);
    g_autoptr(GString) value = NULL;
    if (value_at >= 0) {
        value = g_string_new(NULL);
        for (int i = value_at + 1; i < n; i++)
            g_string_append_printf(value, "%s%s", i > value_at + 1 ? " " : "", words[i]);
    }
    if (searching(uci)) {
        g_autofree char *q = quote(joined->str);
        say_error(uci, "setoption %s: options cannot change during a search (send stop first)",
                  q);
        return;
    }

    /* Work on a copy so that a game option the game refuses changes nothing. */
    DojoUciSettings before = uci->settings;
    g_autofree char *previous_weights = g_strdup(uci->settings.weights);
    g_autofree char *previous_eval_file = g_strdup(uci->settings.eval_file);
    g_autoptr(GHashTable) saved = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    GHashTableIter iter;
    gpointer key, val;
    g_hash_table_iter_init(&iter, uci->settings.game_options);
    while (g_hash_table_iter_next(&iter, &key, &val))
        g_hash_table_insert(saved, g_strdup(key), g_strdup(val));

    g_autoptr(GError) error = NULL;
    DojoUciChange changed = DOJO_UCI_CHANGED_NOTHING;
    bool ok = dojo_uci_option_set(&uci->settings, joined->str, value != NULL ? value->str : NULL,
                                  uci->config.max_hash_mb, &changed, &error);
    if (ok && (changed & DOJO_UCI_CHANGED_WEIGHTS) && !apply_weights(uci, &error)) {
        ok = false;
        g_free(uci->settings.weights);
        uci->settings.weights = g_strdup(previous_weights);
    }
    if (ok && (changed & DOJO_UCI_CHANGED_EVAL_FILE) && !apply_eval_file(uci, &error)) {
        ok = false;
        g_free(uci->settings.eval_file);
        uci->settings.eval_file = g_strdup(previous_eval_file);
    }
    if (ok && (changed & DOJO_UCI_CHANGED_GAME_OPTION)) {
        g_autoptr(DjGame) trial = new_start(uci, &error);
        if (trial == NULL) {
            ok = false;
            GHashTable *current = uci->settings.game_options;
            uci->settings = before;
            uci->settings.game_options = g_steal_pointer(&saved);
            saved = current;
        }
    }
    if (!ok) {
        say_error(uci, "%s", error->message);
    } else {
        if (changed & (DOJO_UCI_CHANGED_VARIANT | DOJO_UCI_CHANGED_GAME_OPTION))
            reset_position(uci);
        if ((changed & DOJO_UCI_CLEAR_HASH) && uci->search != NULL)
            dj_engine_clear(uci->search);
        if (changed & DOJO_UCI_CHANGED_TABLEBASES)
            uci->tables_stale = true;   /* opened again at the next search */
    }
}

/* `position startpos|fen STRING [moves M...]`; `sfen` is read as `fen`,
 * as Fairy-Stockfish reads it, for programs that speak shogi's dialect.
 * A move that cannot be played ends the list there (the position is the
 * one before it), as other engines do, with an error naming it. */
static void command_position(DojoUci *uci, char **words, int n)
{
    if (n < 2) {
        say_error(uci, "position wants 'startpos' or 'fen STRING' ('sfen STRING' alike), then 'moves ...'");
        return;
    }
    int moves_at = n;
    for (int i = 1; i < n; i++)
        if (strcmp(words[i], "moves") == 0) {
            moves_at = i;
            break;
        }
    g_autoptr(GError) error = NULL;
    g_autoptr(DjGame) game = NULL;
    if (strcmp(words[1], "startpos") == 0) {
        if (moves_at != 2) {
            g_autofree char *q = quote(words[2]);
            say_error(uci, "position startpos: unexpected '%s' (moves come after 'moves')", q);
            return;
        }
        game = new_start(uci, &error);
    } else if (strcmp(words[1], "fen") == 0 || strcmp(words[1], "sfen") == 0) {
        if (moves_at == 2) {
            say_error(uci, "position %s: the position string is missing", words[1]);
            return;
        }
        g_autoptr(GString) fen = g_string_new(NULL);
        for (int i = 2; i < moves_at; i++)
            g_string_append_printf(fen, "%s%s", i > 2 ? " " : "", words[i]);
        DjSetup setup = { .position = fen->str, .seed = uci->settings.seed };
        game = dj_game_new(uci->settings.variant, &setup, &error);
        if (game != NULL)
            dj_game_set_tag(game, "Position", fen->str);
    } else {
        g_autofree char *q = quote(words[1]);
        say_error(uci, "position wants 'startpos', 'fen' or 'sfen', not '%s'", q);
        return;
    }
    if (game == NULL) {
        say_error(uci, "position: %s", error->message);
        return;
    }
    for (int i = moves_at + 1; i < n; i++) {
        if (!dj_game_play_text(game, words[i], &error)) {
            g_autofree char *q = quote(words[i]);
            say_error(uci, "position: move %d '%s': %s", i - moves_at, q, error->message);
            break;
        }
    }
    dj_game_free(uci->game);
    uci->game = g_steal_pointer(&game);
}

static bool go_number(DojoUci *uci, char **words, int n, int *i, gint64 min, gint64 max,
                      gint64 *out)
{
    const char *name = words[*i];
    if (*i + 1 >= n || !g_ascii_string_to_signed(words[*i + 1], 10, min, max, out, NULL)) {
        g_autofree char *q = quote(*i + 1 < n ? words[*i + 1] : "");
        say_error(uci, "go %s wants a whole number from %" G_GINT64_FORMAT " to %"
                  G_GINT64_FORMAT ", not '%s'", name, min, max, q);
        return false;
    }
    (*i)++;
    return true;
}

/* The words `go` takes, in one list: parse_go reads them, and any of them
 * ends the moves after searchmoves. */
typedef enum GoWord {
    GO_NOT_A_WORD,
    GO_TIME, GO_INC, GO_MOVESTOGO, GO_MOVETIME, GO_DEPTH, GO_NODES, GO_MATE, GO_PERFT,
    GO_INFINITE, GO_PONDER, GO_SEARCHMOVES,
} GoWord;

static GoWord go_word(const char *word)
{
    static const struct {
        const char *name;
        GoWord word;
    } words[] = {
        { "wtime", GO_TIME }, { "btime", GO_TIME }, { "winc", GO_INC }, { "binc", GO_INC },
        { "movestogo", GO_MOVESTOGO }, { "movetime", GO_MOVETIME }, { "depth", GO_DEPTH },
        { "nodes", GO_NODES }, { "mate", GO_MATE }, { "perft", GO_PERFT },
        { "infinite", GO_INFINITE }, { "ponder", GO_PONDER }, { "searchmoves", GO_SEARCHMOVES },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(words); i++)
        if (strcmp(word, words[i].name) == 0)
            return words[i].word;
    return GO_NOT_A_WORD;
}

/* Read `go`'s words into `go` (zeroed first; go_request_clear it).  The
 * moves after searchmoves are only collected here: they are read in the
 * position once the go is known to search it. */
static bool parse_go(DojoUci *uci, char **words, int n, GoRequest *go)
{
    memset(go, 0, sizeof *go);
    go->time[0] = go->time[1] = -1;
    for (int i = 1; i < n; i++) {
        const char *w = words[i];
        gint64 value = 0;
        bool ok = true;
        switch (go_word(w)) {
        case GO_TIME:
            /* Clocks may run below zero in some GUIs: read, then clamp. */
            ok = go_number(uci, words, n, &i, -G_MAXINT32, G_MAXINT64 / 4, &value);
            go->time[w[0] == 'b'] = MAX(value, 0);
            break;
        case GO_INC:
            ok = go_number(uci, words, n, &i, -G_MAXINT32, G_MAXINT64 / 4, &value);
            go->inc[w[0] == 'b'] = MAX(value, 0);
            break;
        case GO_MOVESTOGO:
            ok = go_number(uci, words, n, &i, 0, G_MAXINT32, &value);
            go->moves_to_go = (int)value;
            break;
        case GO_MOVETIME:
            ok = go_number(uci, words, n, &i, 1, G_MAXINT64 / 4, &value);
            go->movetime = value;
            break;
        case GO_DEPTH:
            ok = go_number(uci, words, n, &i, 1, DJ_SEARCH_MAX_PLY - 1, &value);
            go->depth = (int)value;
            break;
        case GO_NODES:
            ok = go_number(uci, words, n, &i, 1, G_MAXINT64, &value);
            go->nodes = (uint64_t)value;
            break;
        case GO_MATE:
            ok = go_number(uci, words, n, &i, 1, DJ_SEARCH_MAX_PLY / 2, &value);
            go->mate = (int)value;
            break;
        case GO_PERFT:
            ok = go_number(uci, words, n, &i, 1, uci->config.max_perft_depth, &value);
            go->perft = (int)value;
            break;
        case GO_INFINITE:
            go->infinite = true;
            break;
        case GO_PONDER:
            go->ponder = true;
            break;
        case GO_SEARCHMOVES:
            /* Up to the next keyword, not to the end of the line as in
             * Stockfish, so that limits may follow the moves. */
            if (i + 1 >= n || go_word(words[i + 1]) != GO_NOT_A_WORD) {
                say_error(uci, "go searchmoves wants the moves to search after it");
                return false;
            }
            if (go->search_words == NULL)
                go->search_words = g_ptr_array_new();
            while (i + 1 < n && go_word(words[i + 1]) == GO_NOT_A_WORD)
                g_ptr_array_add(go->search_words, words[++i]);
            break;
        case GO_NOT_A_WORD: {
            g_autofree char *q = quote(w);
            say_error(uci, "go: unknown parameter '%s'", q);
            return false;
        }
        }
        if (!ok)
            return false;
    }
    return true;
}

/* The moves after `go searchmoves`, read in the current position as
 * `position ... moves` reads its moves, into *moves (g_free it) and
 * *n_moves; false, after an error naming it, at one that is not a legal
 * move here. */
static bool read_search_moves(DojoUci *uci, const GPtrArray *words, DjMove **moves,
                              int *n_moves)
{
    g_autofree DjMove *read = g_new(DjMove, words->len);
    for (guint i = 0; i < words->len; i++) {
        const char *text = g_ptr_array_index(words, i);
        g_autoptr(GError) error = NULL;
        if (!dj_game_parse_move(uci->game, text, &read[i], &error)) {
            g_autofree char *q = quote(text);
            say_error(uci, "go searchmoves: move '%s': %s", q, error->message);
            return false;
        }
    }
    *moves = g_steal_pointer(&read);
    *n_moves = (int)words->len;
    return true;
}

/* Under `debug on`: the time a search was given, so that whoever sets up a
 * match can see how the clock is spent (`soft` 0: no target; `hard` 0: no
 * limit; `held`: it applies from ponderhit, until then only stop ends it). */
static void report_time_plan(DojoUci *uci, int64_t soft, int64_t hard, bool held)
{
    const char *when = held ? " from ponderhit" : "";
    if (hard <= 0)
        say(uci, "info string time: no limit");
    else if (soft <= 0 || soft >= hard)
        say(uci, "info string time: %" G_GINT64_FORMAT " ms%s", (gint64)hard, when);
    else
        say(uci, "info string time: %" G_GINT64_FORMAT " ms planned, at most %" G_GINT64_FORMAT
                 " ms%s", (gint64)soft, (gint64)hard, when);
}

/* Fill the job's limits from the request and the clock of the side to move. */
static void plan_limits(DojoUci *uci, const GoRequest *go, int side, SearchJob *job)
{
    DjSearchLimits *limits = &job->limits;
    memset(limits, 0, sizeof *limits);
    limits->depth = go->depth;
    limits->nodes = go->nodes;
    limits->mate = go->mate;
    limits->multipv = uci->settings.multipv;
    int64_t soft = 0, hard = 0;
    if (go->movetime > 0) {
        hard = go->movetime;   /* all of it: the GUI has taken its margin */
    } else if (go->time[side] >= 0 || go->time[1 - side] >= 0) {
        /* A go with clocks is a timed game: a clock not given for the side
         * to move is an empty one (as in Stockfish), not an endless one. */
        DjClock clock = {
            .time_ms = MAX(go->time[side], 0),
            .increment_ms = go->inc[side],
            .moves_to_go = go->moves_to_go,
            .horizon_moves = job->variant->clock_horizon_moves,
            .overhead_ms = uci->settings.move_overhead_ms,
        };
        dj_time_budget(&clock, &soft, &hard);
    }
    if (go->infinite || go->ponder) {
        /* No limit of time until stop (or ponderhit, which brings these). */
        job->ponder_soft_ms = soft;
        job->ponder_hard_ms = hard;
    } else {
        limits->time_ms = hard;
        limits->soft_time_ms = soft;
    }
    if (uci->config.node_cap > 0 && (limits->nodes == 0 || limits->nodes > uci->config.node_cap))
        limits->nodes = uci->config.node_cap;
    job->level = dojo_uci_playing_level(&uci->settings);
    if (job->level < DJ_LEVEL_MAX && limits->time_ms > 0 && limits->soft_time_ms > 0)
        limits->time_ms = limits->soft_time_ms;   /* levels plan no time of their own */
    if (uci->debug) {
        bool held = go->infinite || go->ponder;
        report_time_plan(uci, held ? job->ponder_soft_ms : limits->soft_time_ms,
                         held ? job->ponder_hard_ms : limits->time_ms, held);
    }
}

/* Start the search thread on the job set up (`search`: a search of
 * uci->search, rather than a perft; `hold`: its answer waits for stop or
 * ponderhit).  A thread the system refuses (short of memory) is said, with
 * "bestmove (none)" for a search, and the job dropped. */
static void start_thread(DojoUci *uci, bool search, bool hold)
{
    uci->running = search;
    uci->done = false;
    uci->stop_requested = false;
    atomic_store(&uci->perft_stop, 0);
    uci->hold_bestmove = hold;
    g_autoptr(GError) error = NULL;
    uci->thread = g_thread_try_new("dojo-search", search_thread, uci, &error);
    if (uci->thread == NULL) {
        uci->running = false;
        job_clear(&uci->job);
        say_error(uci, "go: the search could not start: %s", error->message);
        if (search)
            say(uci, "bestmove (none)");
    }
}

static void command_go(DojoUci *uci, char **words, int n)
{
    if (searching(uci)) {
        say_error(uci, "go: a search is already running (send stop first)");
        return;
    }
    g_auto(GoRequest) go = { 0 };
    if (!parse_go(uci, words, n, &go))
        return;
    g_autofree DjMove *root_moves = NULL;
    int n_root_moves = 0;
    if (go.perft > 0) {
        if (go.search_words != NULL
            && !read_search_moves(uci, go.search_words, &root_moves, &n_root_moves))
            return;
        const DjVariant *v = uci->settings.variant;
        SearchJob *job = &uci->job;
        job->variant = v;
        job->root = g_memdup2(dj_game_position(uci->game), v->state_size);
        job->perft_depth = go.perft;
        job->root_moves = g_steal_pointer(&root_moves);
        job->limits.root_moves = job->root_moves;
        job->limits.n_root_moves = n_root_moves;
        start_thread(uci, false, false);
        return;
    }
    if (dj_game_outcome(uci->game) != DJ_OUTCOME_ONGOING) {
        const char *reason = dj_game_outcome_reason(uci->game);
        say_error(uci, "go: the game is over (%s)", reason != NULL ? reason : "no move left");
        say(uci, "bestmove (none)");
        return;
    }
    if (answer_from_turn(uci, &go))
        return;
    /* Like any other bad parameter, a move that cannot be searched
     * refuses the whole go. */
    if (go.search_words != NULL
        && !read_search_moves(uci, go.search_words, &root_moves, &n_root_moves))
        return;
    if (!prepare_search(uci, "go", NULL)) {
        say(uci, "bestmove (none)");
        return;
    }
    /* A search on a clock reads a new setup's tables beside it; one bound
     * by nodes or depth waits for them, so that it stays reproducible. */
    bool on_clock = go.movetime > 0 || go.time[0] >= 0 || go.time[1] >= 0;
    DjTablebase *tables = ensure_tables(uci, on_clock);
    dj_engine_set_tables(uci->search, tables);
    const DjVariant *v = uci->settings.variant;
    SearchJob *job = &uci->job;
    job->variant = v;
    job->tables = tables != NULL;
    job->root = g_memdup2(dj_game_position(uci->game), v->state_size);
    int n_line = 0;
    const DjHistoryEntry *line = dj_game_line(uci->game, &n_line);
    job->line = g_memdup2(line, sizeof(DjHistoryEntry) * (gsize)n_line);
    job->n_line = n_line;
    plan_limits(uci, &go, v->side_to_move(job->root), job);
    job->root_moves = g_steal_pointer(&root_moves);
    job->limits.root_moves = job->root_moves;
    job->limits.n_root_moves = n_root_moves;
    /* With Seed set, a level's choice is a function of the seed and the
     * move number, so a test or a match can be played again; without it
     * the choices go on drawing, so that a person who plays the same
     * moves twice does not meet the same answers. */
    if (uci->settings.seed_given)
        g_rand_set_seed(uci->rand,
                        (guint32)(uci->settings.seed + (guint64)dj_game_length(uci->game)));

    dojo_nets_install(v, job->level);
    dj_engine_cancel_stop(uci->search);
    start_thread(uci, true, (go.infinite || go.ponder) && uci->config.node_cap == 0);
}

static void command_debug(DojoUci *uci, char **words, int n)
{
    if (n == 2 && strcmp(words[1], "on") == 0) {
        uci->debug = true;
    } else if (n == 2 && strcmp(words[1], "off") == 0) {
        uci->debug = false;
    } else if (n == 2) {
        g_autofree char *q = quote(words[1]);
        say_error(uci, "debug wants 'on' or 'off', not '%s'", q);
    } else {
        say_error(uci, "debug wants one word: 'on' or 'off'");
    }
}

static void command_ponderhit(DojoUci *uci)
{
    if (!searching(uci)) {
        say_error(uci, "ponderhit: no search is running");
        return;
    }
    g_mutex_lock(&uci->lock);
    uci->hold_bestmove = false;
    if (uci->running && (uci->job.ponder_hard_ms > 0 || uci->job.ponder_soft_ms > 0))
        dj_engine_set_time(uci->search, uci->job.ponder_soft_ms, uci->job.ponder_hard_ms);
    g_cond_signal(&uci->wake);
    g_mutex_unlock(&uci->lock);
}

/* `eval`: the static evaluation of the current position, part by part,
 * as `info string` lines (not a UCI command: for people at the engine). */
static void command_eval(DojoUci *uci)
{
    const DjVariant *v = uci->settings.variant;
    const void *pos = dj_game_position(uci->game);
    if (v->evaluate == NULL) {
        say_error(uci, "eval: %s has no evaluation to show", v->title);
        return;
    }
    if (dj_position_outcome(v, pos) != DJ_OUTCOME_ONGOING) {
        say_error(uci, "eval: the game is over in this position");
        return;
    }
    /* The evaluation at full strength; during a search, the network it
     * runs with must not change under it. */
    if (!searching(uci))
        dojo_nets_install(v, DJ_LEVEL_MAX);
    g_autoptr(GString) table = g_string_new(NULL);
    dojo_format_eval_table(v, pos, table);
    g_auto(GStrv) lines = g_strsplit(table->str, "\n", -1);
    for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
            say(uci, "info string %s", *line);
}

static void command_ucinewgame(DojoUci *uci)
{
    finish_search(uci);
    uci->n_turn_rest = 0;
    if (uci->search != NULL)
        dj_engine_clear(uci->search);
    reset_position(uci);
}

void dojo_uci_input_error(DojoUci *uci, const char *message)
{
    say_error(uci, "%s", message);
}

bool dojo_uci_command(DojoUci *uci, const char *text)
{
    g_auto(GStrv) words = g_strsplit_set(text, " \t\r\n", -1);
    int n = 0;
    for (char **w = words; *w != NULL; w++) {
        if (**w == '\0')
            g_free(*w);
        else
            words[n++] = *w;
    }
    words[n] = NULL;
    bool go_on = true;
    if (n == 0) {
        /* blank lines are ignored */
    } else if (strcmp(words[0], "uci") == 0) {
        command_uci(uci);
    } else if (strcmp(words[0], "isready") == 0) {
        /* The table is made here, while the GUI waits, rather than when
         * the first `go` is already on the clock; and a new one is
         * touched all through (cleared): the first touch of each page of a
         * fresh table is slow (the kernel may compact memory to give huge
         * pages), 0.2 s for 64 MB on a busy machine, which a first search
         * would otherwise pay. */
        if (!searching(uci)) {
            bool made = false;
            if (prepare_search(uci, "isready", &made) && made)
                dj_engine_clear(uci->search);
            ensure_tables(uci, false);   /* read while the GUI waits, as the table is made */
        }
        say(uci, "readyok");
    } else if (strcmp(words[0], "setoption") == 0) {
        command_setoption(uci, words, n);
    } else if (strcmp(words[0], "ucinewgame") == 0) {
        command_ucinewgame(uci);
    } else if (strcmp(words[0], "position") == 0) {
        command_position(uci, words, n);
    } else if (strcmp(words[0], "go") == 0) {
        command_go(uci, words, n);
    } else if (strcmp(words[0], "stop") == 0) {
        finish_search(uci);
    } else if (strcmp(words[0], "ponderhit") == 0) {
        command_ponderhit(uci);
    } else if (strcmp(words[0], "quit") == 0) {
        finish_search(uci);
        go_on = false;
    } else if (strcmp(words[0], "eval") == 0) {
        command_eval(uci);
    } else if (strcmp(words[0], "debug") == 0) {
        command_debug(uci, words, n);
    } else if (strcmp(words[0], "register") == 0) {
        /* accepted: dojo needs no registration */
    } else {
        g_autofree char *q = quote(words[0]);
        say_error(uci, "unknown command '%s'", q);
    }
    return go_on;
}
