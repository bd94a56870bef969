/* cmd_solve.c: `dojo solve GAME --pieces N`: build the endgame tables of
 * a game's setup (framework/tablebase/solve.h) into a folder, one file a
 * class, and say how many positions are won, lost and drawn.  Ctrl-C
 * stops it with a checkpoint; the same command run again goes on. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "framework/error.h"
#include "framework/tablebase/solve.h"
#include "framework/tablebase/tb_error.h"
#include "frontends/tty/cli.h"
#include "frontends/tty/interrupt.h"
#include "frontends/tty/option_table.h"
#include "frontends/tty/options.h"

#define SOLVE_PARAMS "[OPTION...] GAME --pieces N"
#define SOLVE_DEFAULT_SEED 1

typedef struct SolveArgs {
    DojoSetupArgs setup;
    gint64 pieces;
    gint64 threads;
    const char *output;
    const char *memory;
    bool distances;
    bool forward;
    bool pieces_given;
} SolveArgs;

/* What the progress callback keeps between calls. */
typedef struct Progress {
    bool tty;
    double last_line;
    GArray *rows;   /* DjTbTable headers (values NULL) of every class done */
} Progress;

static void on_progress(const DjTbProgress *p, void *data)
{
    Progress *pr = data;
    switch (p->stage) {
    case DJ_TB_STAGE_GROUP:
        printf("%sgroup %d of %d: %s and its group, %" PRIu64 " positions\n",
               pr->tty ? "\r\033[K" : "", p->group + 1, p->n_groups, p->cls->name, p->total);
        break;
    case DJ_TB_STAGE_RESUMED:
        printf("  resumed from its checkpoint at level %d (%" PRIu64 " decided)\n", p->level,
               p->decided);
        break;
    case DJ_TB_STAGE_LEVEL:
        if (pr->tty) {
            printf("\r\033[K  level %d: %.1f%% decided, %.0f s", p->level,
                   p->total ? 100.0 * (double)p->decided / (double)p->total : 0.0, p->seconds);
        } else if (p->seconds - pr->last_line >= 10) {
            printf("  level %d: %.1f%% decided, %.0f s\n", p->level,
                   p->total ? 100.0 * (double)p->decided / (double)p->total : 0.0, p->seconds);
            pr->last_line = p->seconds;
        }
        break;
    case DJ_TB_STAGE_PASS:
        /* A level of a big group takes many minutes: say it goes on (on a
         * terminal every second, in a log every minute). */
        if (pr->tty) {
            printf("\r\033[K  level %d: %.0f%% through (%.1f%% decided), %.0f s",
                   p->level, 100.0 * p->pass_fraction,
                   p->total ? 100.0 * (double)p->decided / (double)p->total : 0.0, p->seconds);
        } else if (p->seconds - pr->last_line >= 60) {
            printf("  level %d: %.0f%% through, %.0f s\n", p->level, 100.0 * p->pass_fraction,
                   p->seconds);
            pr->last_line = p->seconds;
        }
        break;
    case DJ_TB_STAGE_CLASS: {
        DjTbTable row = *p->table;
        row.values = row.distances = NULL;
        g_array_append_val(pr->rows, row);
        printf("%s  %s: %" PRIu64 " won, %" PRIu64 " lost, %" PRIu64 " drawn%s\n",
               pr->tty ? "\r\033[K" : "", p->table->cls.name, p->table->counts[DJ_TB_WIN],
               p->table->counts[DJ_TB_LOSS], p->table->counts[DJ_TB_DRAW],
               p->reused ? " (already there)" : "");
        break;
    }
    }
    fflush(stdout);
}

/* "4G", "500M", "1.5G", "123456" (bytes). */
static bool parse_size(const char *text, uint64_t *out, GError **error)
{
    char *end;
    double x = g_ascii_strtod(text, &end);
    double unit = 1;
    switch (g_ascii_toupper(*end)) {
    case 'K': unit = 1e3; end++; break;
    case 'M': unit = 1e6; end++; break;
    case 'G': unit = 1e9; end++; break;
    case 'T': unit = 1e12; end++; break;
    default: break;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (end == text || *end != '\0' || !(x > 0) || x * unit > 1e18)
        return dj_error_set(error, DOJO_USAGE_ERROR, DOJO_USAGE_ERROR_BAD_ARGUMENT,
                            "--memory wants a size such as 4G or 500M, not '%s'", text);
    *out = (uint64_t)(x * unit);
    return true;
}

static uint64_t machine_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

static void print_summary(const Progress *pr, double seconds)
{
    printf("\n%-40s %6s %12s %12s %12s %12s\n", "class", "pieces", "positions", "won", "lost",
           "drawn");
    uint64_t sum[4] = { 0 };
    for (guint i = 0; i < pr->rows->len; i++) {
        const DjTbTable *t = &g_array_index(pr->rows, DjTbTable, i);
        printf("%-40s %6d %12" PRIu64 " %12" PRIu64 " %12" PRIu64 " %12" PRIu64 "\n",
               t->cls.name, t->cls.pieces,
               t->counts[DJ_TB_WIN] + t->counts[DJ_TB_LOSS] + t->counts[DJ_TB_DRAW],
               t->counts[DJ_TB_WIN], t->counts[DJ_TB_LOSS], t->counts[DJ_TB_DRAW]);
        for (int v = 0; v < 4; v++)
            sum[v] += t->counts[v];
    }
    printf("%-40s %6s %12" PRIu64 " %12" PRIu64 " %12" PRIu64 " %12" PRIu64 "\n", "all", "",
           sum[DJ_TB_WIN] + sum[DJ_TB_LOSS] + sum[DJ_TB_DRAW], sum[DJ_TB_WIN],
           sum[DJ_TB_LOSS], sum[DJ_TB_DRAW]);
    printf("(positions with the side to move to play; won, lost and drawn for it)\n"
           "done in %.1f s\n", seconds);
}

static int run_solve(void *data, int n_positional, char **positional)
{
    SolveArgs *args = data;
    if (n_positional != 1)
        return dojo_usage_failure("solve", SOLVE_PARAMS, "solve wants one GAME");
    if (!args->pieces_given)
        return dojo_usage_failure("solve", SOLVE_PARAMS, "solve wants --pieces N");
    GError *error = NULL;
    const DjVariant *variant = dojo_variant_lookup(positional[0], &error);
    if (variant == NULL)
        return dojo_report_error("solve", SOLVE_PARAMS, error);
    uint64_t limit = machine_memory();
    if (args->memory != NULL && !parse_size(args->memory, &limit, &error))
        return dojo_report_error("solve", SOLVE_PARAMS, error);
    g_autofree void *pos = g_malloc0(variant->state_size);
    if (!dojo_setup_position(variant, &args->setup, SOLVE_DEFAULT_SEED, pos, &error))
        return dojo_report_error("solve", SOLVE_PARAMS, error);
    if (g_mkdir_with_parents(args->output, 0755) != 0) {
        int errsv = errno;
        dj_error_set(&error, G_FILE_ERROR, g_file_error_from_errno(errsv), "%s: %s",
                     args->output, g_strerror(errsv));
        return dojo_report_error("solve", SOLVE_PARAMS, error);
    }
    g_autofree char *made_by = g_strdup_printf("dojo %s", dojo_cli_version());
    Progress pr = { .tty = isatty(STDOUT_FILENO), .last_line = -1e9,
                    .rows = g_array_new(FALSE, TRUE, sizeof(DjTbTable)) };
    DjTbBuildOptions o = {
        .folder = args->output, .max_pieces = (int)args->pieces, .threads = (int)args->threads,
        .memory_limit = limit, .distances = args->distances, .forward_only = args->forward,
        .made_by = made_by, .progress = on_progress, .progress_data = &pr,
    };
    DjTbPlan plan;
    if (!dj_tb_plan(variant, pos, &o, &plan, &error)) {
        g_array_unref(pr.rows);
        return dojo_report_error("solve", SOLVE_PARAMS, error);
    }
    int threads = o.threads > 0 ? o.threads : (int)g_get_num_processors();
    g_autofree char *memory = g_format_size(plan.memory);
    g_autofree char *memory_limit = g_format_size(limit);
    g_autofree char *disk = g_format_size(plan.disk);
    printf("%s tables of %d pieces or fewer, setup %s: %d class%s in %d group%s, %" PRIu64
           " positions\nmemory needed %s (limit %s), disk %s, %d thread%s, into %s\n",
           variant->title, o.max_pieces, plan.classes[0].setup, plan.n_classes,
           plan.n_classes == 1 ? "" : "es", plan.n_groups, plan.n_groups == 1 ? "" : "s",
           plan.positions, memory, memory_limit, disk, threads, threads == 1 ? "" : "s",
           args->output);
    dj_tb_plan_clear(&plan);
    fflush(stdout);

    dojo_interrupt_install();
    o.stop = dojo_interrupt_flag();
    double start = g_get_monotonic_time() / 1e6;
    bool ok = dj_tb_build(variant, pos, &o, &error);
    dojo_interrupt_uninstall();
    if (pr.tty)
        printf("\r\033[K");
    int code = DOJO_EXIT_OK;
    if (ok) {
        print_summary(&pr, g_get_monotonic_time() / 1e6 - start);
    } else if (g_error_matches(error, DJ_TB_ERROR, DJ_TB_ERROR_INTERRUPTED)) {
        fprintf(stderr, "dojo solve: %s\n", error->message);
        g_error_free(error);
        code = DOJO_EXIT_INTERRUPTED;
    } else {
        code = dojo_report_error("solve", SOLVE_PARAMS, error);
    }
    g_array_unref(pr.rows);
    return code;
}

int dojo_cmd_solve(int argc, char **argv)
{
    SolveArgs args;
    memset(&args, 0, sizeof args);
    const DojoOption rows[] = {
        { .name = "pieces", .short_name = 'n', .type = DOJO_OPTION_WHOLE,
          .to.whole = &args.pieces, .min = 2, .max = 64, .def.whole = 0,
          .given = &args.pieces_given, .arg = "N",
          .help = "Solve every position with at most N pieces on the board (required)" },
        { .name = "output", .type = DOJO_OPTION_PATH, .to.text = &args.output,
          .def.text = "tablebases", .arg = "DIR",
          .help = "Write the tables into DIR (made if missing); tables already there are kept" },
        { .name = "threads", .type = DOJO_OPTION_WHOLE, .to.whole = &args.threads, .min = 0,
          .max = 256, .def.whole = 0, .default_note = "one a core", .arg = "N",
          .help = "Threads to solve with" },
        { .name = "memory", .type = DOJO_OPTION_TEXT, .to.text = &args.memory, .arg = "SIZE",
          .default_note = "the machine's memory",
          .help = "Refuse to start when the build needs more than SIZE (4G, 500M)" },
        { .name = "distances", .type = DOJO_OPTION_FLAG, .to.flag = &args.distances,
          .help = "Also keep the plies to the end of every position (a byte each)" },
        { .name = "forward", .type = DOJO_OPTION_FLAG, .to.flag = &args.forward,
          .help = "Solve by forward passes only, not by unmoves (slower; a cross-check)" },
        DOJO_OPTION_END,
    };
    GOptionContext *context = dojo_option_table_context(
        "GAME --pieces N",
        "Build the endgame tables of a game: the value (won, lost or drawn, with best play\n"
        "for both sides) of every position with at most N pieces for the setup a new game\n"
        "or --position has (the game's own options say which), by retrograde analysis.\n"
        "One file a class of positions goes into DIR; each is written whole or not at\n"
        "all.  Ctrl-C stops with a checkpoint: run the same command again to go on.\n"
        "At the end it prints how many positions of each class are won, lost and drawn\n"
        "for the side to move.  docs/tablebases.md tells more.",
        "Example:\n  dojo solve GAME --pieces 4 --distances   (GAME: a name 'dojo list' shows)\n",
        rows);
    dojo_setup_args_add(context, &args.setup, true);
    int code = dojo_option_parse_and_run(context, "solve", SOLVE_PARAMS, argc, argv, run_solve,
                                         &args);
    dojo_setup_args_clear(&args.setup);
    return code;
}
