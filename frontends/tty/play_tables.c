/* play_tables.c: endgame tables for `dojo play`, loaded from a folder and
 * built in the background (see play_tables.h). */
#include "frontends/tty/play_tables.h"

#include <errno.h>
#include <string.h>

#include <sys/resource.h>

#include "framework/endgame.h"
#include "framework/tablebase/solve.h"
#include "framework/tablebase/table_file.h"

/* The most memory a background build may take (a build of one setup up to
 * 5 pieces plans 750 MB in the game measured, up to 6 pieces 6 GB); a build
 * the plan says needs more is refused (and said) rather than started. */
#define BUILD_MEMORY_LIMIT ((uint64_t)1 << 30)
/* A stopped build's checkpoint is at most this old. */
#define BUILD_CHECKPOINT_SECONDS 30.0

/* One background build: the thread's and the loop's, shared through the
 * atomics. */
typedef struct Build {
    const DjVariant *variant;
    void *pos;                  /* a position of the setup built */
    char *folder;
    int pieces;
    char *setup;                /* the setup's text, for messages */
    uint64_t total;             /* positions of every class */
    uint64_t *group_sizes;      /* n_groups */
    int n_groups;
    GThread *thread;
    gint stop;                  /* raised: the solver checkpoints and returns */
    gint percent;               /* 0..100, for the status line */
    gint done;                  /* the thread has finished: join it */
    GError *error;              /* the build's failure (read once done) */
} Build;

struct PlayTables {
    const DjVariant *variant;
    DojoTablesMode mode;
    char *folder;
    bool explicit_folder;
    int pieces;
    bool pieces_chosen;         /* by the player: never lowered to fit */
    bool opened;                /* the folder was looked at */
    DjTablebase *tables;        /* in use; NULL: none */
    bool load_warned;           /* a table that failed to load was said */
    Build *build;               /* running or finished, not yet taken in */
    GHashTable *tried;          /* setups built (or refused) this session */
};

char *play_tables_default_dir(const DjVariant *variant)
{
    const char *home = g_getenv("DOJO_HOME");
    if (home != NULL && home[0] != '\0')
        return g_build_filename(home, "tablebases", variant->name, NULL);
    return g_build_filename(g_get_user_state_dir(), "dojo", "tablebases", variant->name, NULL);
}

PlayTables *play_tables_new(const DjVariant *variant, DojoTablesMode mode, const char *folder,
                            bool explicit_folder, int pieces)
{
    PlayTables *t = g_new0(PlayTables, 1);
    t->variant = variant;
    t->mode = variant->endgames != NULL ? mode : DOJO_TABLES_OFF;
    t->folder = folder != NULL ? g_strdup(folder) : play_tables_default_dir(variant);
    t->explicit_folder = explicit_folder && folder != NULL;
    t->pieces_chosen = pieces > 0;
    t->pieces = pieces > 0 ? CLAMP(pieces, 1, DOJO_TABLES_MAX_PIECES)
                           : DOJO_TABLES_DEFAULT_PIECES;
    t->tried = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    return t;
}

static void build_free(Build *b)
{
    if (b == NULL)
        return;
    if (b->thread != NULL) {
        g_atomic_int_set(&b->stop, 1);
        g_thread_join(b->thread);
    }
    g_clear_error(&b->error);
    g_free(b->pos);
    g_free(b->folder);
    g_free(b->setup);
    g_free(b->group_sizes);
    g_free(b);
}

void play_tables_free(PlayTables *t)
{
    if (t == NULL)
        return;
    build_free(t->build);
    dj_tablebase_free(t->tables);
    g_hash_table_destroy(t->tried);
    g_free(t->folder);
    g_free(t);
}

const DjVariant *play_tables_variant(const PlayTables *t)
{
    return t->variant;
}

DjTablebase *play_tables_current(const PlayTables *t)
{
    return t->tables;
}

bool play_tables_building(const PlayTables *t)
{
    return t->build != NULL && !g_atomic_int_get(&t->build->done);
}

void play_tables_append_status(const PlayTables *t, GString *out)
{
    if (t == NULL || !play_tables_building(t))
        return;
    g_string_append_printf(out, "building endgame table (up to %d pieces) ... %d%%",
                           t->build->pieces, g_atomic_int_get(&t->build->percent));
}

/* ---- the builder's thread --------------------------------------------------------- */

static void build_progress(const DjTbProgress *p, void *data)
{
    Build *b = data;
    if (b->total == 0 || p->group < 0 || p->group >= b->n_groups)
        return;
    uint64_t before = 0;
    for (int g = 0; g < p->group; g++)
        before += b->group_sizes[g];
    uint64_t size = b->group_sizes[p->group];
    double within = p->total > 0 ? (double)p->decided / (double)p->total : 0.0;
    if (p->stage == DJ_TB_STAGE_CLASS)
        within = 1.0;
    double share = ((double)before + within * (double)size) / (double)b->total;
    g_atomic_int_set(&b->percent, (int)CLAMP(share * 100.0, 0.0, 99.0));
}

static gpointer build_main(gpointer data)
{
    Build *b = data;
    /* The lowest priority, for this thread and the solver's threads, which
     * inherit it: the game's own search and the player come first.  On
     * Linux, PRIO_PROCESS 0 is the calling thread alone. */
    (void)setpriority(PRIO_PROCESS, 0, 19);
    if (g_mkdir_with_parents(b->folder, 0700) != 0) {
        g_set_error(&b->error, G_FILE_ERROR, g_file_error_from_errno(errno),
                    "cannot make the folder %s: %s", b->folder, g_strerror(errno));
    } else {
        DjTbBuildOptions options = {
            .folder = b->folder,
            .max_pieces = b->pieces,
            .memory_limit = BUILD_MEMORY_LIMIT,
            .distances = true,
            .made_by = "dojo play",
            .stop = &b->stop,
            .checkpoint_seconds = BUILD_CHECKPOINT_SECONDS,
            .progress = build_progress,
            .progress_data = b,
        };
        dj_tb_build(b->variant, b->pos, &options, &b->error);
    }
    g_atomic_int_set(&b->done, 1);
    return NULL;
}

/* ---- the loop's side ------------------------------------------------------------- */

/* Pieces on the board of `pos` as the front end would draw them, or -1
 * for a game that does not say (no view_squares). */
static int count_pieces(const DjVariant *v, const void *pos)
{
    if (v->view_squares == NULL)
        return -1;
    int n = v->board_width * v->board_height;
    g_autofree DjSquareView *squares = g_new0(DjSquareView, n);
    DjRenderStyle style = { 0 };
    v->view_squares(pos, &style, squares);
    int pieces = 0;
    for (int i = 0; i < n; i++)
        pieces += squares[i].side >= 0;
    return pieces;
}

/* The build that `pos` needs (its setup's classes up to the cap, some of
 * them missing from the folder), or NULL when none is needed or it cannot
 * be planned; a plan that is refused is said in `news`. */
static Build *plan_build(PlayTables *t, const void *pos, GString *news)
{
    DjTbBuildOptions options = {
        .folder = t->folder,
        .max_pieces = t->pieces,
        .memory_limit = BUILD_MEMORY_LIMIT,
        .distances = true,
    };
    g_autoptr(GError) error = NULL;
    DjTbPlan plan = { 0 };
    if (!dj_tb_plan(t->variant, pos, &options, &plan, &error))
        return NULL;   /* no class so small: nothing to build */
    /* The default cap comes down until the build fits. */
    while (!t->pieces_chosen && plan.memory > BUILD_MEMORY_LIMIT && options.max_pieces > 1) {
        DjTbPlan smaller = { 0 };
        options.max_pieces--;
        if (!dj_tb_plan(t->variant, pos, &options, &smaller, NULL))
            break;
        dj_tb_plan_clear(&plan);
        plan = smaller;
    }
    const char *setup = plan.n_classes > 0 ? plan.classes[0].setup : "";
    if (g_hash_table_contains(t->tried, setup)) {
        dj_tb_plan_clear(&plan);
        return NULL;
    }
    g_hash_table_add(t->tried, g_strdup(setup));
    bool missing = false;
    for (int i = 0; i < plan.n_classes && !missing; i++) {
        g_autofree char *path = dj_tb_table_path(t->folder, t->variant->name, &plan.classes[i]);
        missing = !g_file_test(path, G_FILE_TEST_EXISTS);
    }
    if (!missing) {
        dj_tb_plan_clear(&plan);
        return NULL;
    }
    if (plan.memory > BUILD_MEMORY_LIMIT) {
        g_string_append_printf(news, "The endgame tables of %s (up to %d pieces) would need "
                               "%" G_GUINT64_FORMAT " MB: not built (--tablebase-pieces "
                               "lowers the cap).\n", setup, options.max_pieces,
                               plan.memory >> 20);
        dj_tb_plan_clear(&plan);
        return NULL;
    }
    Build *b = g_new0(Build, 1);
    b->variant = t->variant;
    b->pos = g_memdup2(pos, t->variant->state_size);
    b->folder = g_strdup(t->folder);
    b->pieces = options.max_pieces;
    b->setup = g_strdup(setup);
    b->total = plan.positions;
    b->n_groups = plan.n_groups;
    b->group_sizes = g_new0(uint64_t, MAX(plan.n_groups, 1));
    for (int i = 0; i < plan.n_classes; i++)
        if (plan.classes[i].group >= 0 && plan.classes[i].group < plan.n_groups)
            b->group_sizes[plan.classes[i].group] += plan.classes[i].size;
    dj_tb_plan_clear(&plan);
    return b;
}

/* Open the folder's tables (again, after a build): a folder that is not
 * there is no error unless the player named it. */
static void open_tables(PlayTables *t, GString *news)
{
    dj_tablebase_free(t->tables);
    t->tables = NULL;
    t->load_warned = false;
    if (!g_file_test(t->folder, G_FILE_TEST_IS_DIR)) {
        if (t->explicit_folder)
            g_string_append_printf(news, "Warning: no endgame tables: %s is not a folder; "
                                   "playing on without them.\n", t->folder);
        return;
    }
    g_autoptr(GError) error = NULL;
    t->tables = dj_tablebase_open(t->variant, t->folder, &error);
    if (t->tables == NULL)
        g_string_append_printf(news, "Warning: no endgame tables: %s; playing on without "
                               "them.\n", error->message);
}

/* Take in a build that has finished. */
static void finish_build(PlayTables *t, GString *news)
{
    Build *b = t->build;
    g_thread_join(b->thread);
    b->thread = NULL;
    if (b->error != NULL)
        g_string_append_printf(news, "Warning: the endgame tables of %s were not built: %s\n",
                               b->setup, b->error->message);
    else
        g_string_append_printf(news, "The endgame tables of %s (up to %d pieces) are ready: "
                               "the computer plays those endings perfectly.\n", b->setup,
                               b->pieces);
    build_free(b);
    t->build = NULL;
    open_tables(t, news);
}

DjTablebase *play_tables_poll(PlayTables *t, const void *pos, bool may_build, GString *news)
{
    if (t->mode == DOJO_TABLES_OFF)
        return NULL;
    if (!t->opened) {
        t->opened = true;
        open_tables(t, news);
    }
    if (t->build != NULL && g_atomic_int_get(&t->build->done))
        finish_build(t, news);
    /* The tables of this setup are read once the game comes near them
     * (a big one takes seconds: not at the start of every game), and
     * before a search needs them (a probe would read it on the clock). */
    int pieces = count_pieces(t->variant, pos);
    if (t->tables != NULL && dj_position_outcome(t->variant, pos) == DJ_OUTCOME_ONGOING
        && (pieces < 0
            || pieces <= dj_tablebase_max_pieces(t->tables) + DOJO_TABLES_NEAR_MARGIN)) {
        g_autoptr(GError) error = NULL;
        if (!dj_tablebase_preload(t->tables, pos, &error) && !t->load_warned) {
            g_string_append_printf(news, "Warning: %s; playing on without that table.\n",
                                   error != NULL ? error->message : "an endgame table failed");
            t->load_warned = true;
        }
    }
    if (may_build && t->mode == DOJO_TABLES_BUILD && t->build == NULL
        && dj_position_outcome(t->variant, pos) == DJ_OUTCOME_ONGOING) {
        if (pieces >= 0 && pieces <= t->pieces + DOJO_TABLES_NEAR_MARGIN) {
            Build *b = plan_build(t, pos, news);
            if (b != NULL) {
                GError *error = NULL;
                b->thread = g_thread_try_new("dojo-tables", build_main, b, &error);
                if (b->thread == NULL) {
                    g_string_append_printf(news, "Warning: the endgame tables cannot be built: "
                                           "%s\n", error->message);
                    g_error_free(error);
                    build_free(b);
                } else {
                    t->build = b;
                    g_string_append_printf(news, "Building the endgame tables of %s (up to %d "
                                           "pieces) in the background.\n", b->setup, b->pieces);
                }
            }
        }
    }
    return t->tables;
}
