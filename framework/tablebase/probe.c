/* probe.c: a set of tables and the probe (probe.h).
 *
 * The classes are kept in an open-addressing array keyed by DjEndgameId,
 * filled when the set is opened or a table is added and never resized
 * while probes run, so a probe reads it without a lock.  A table not yet
 * loaded is read by the first probe that needs it, under the set's lock;
 * the pointer is then published with a release store, and later probes
 * read it with an acquire load. */
#include "framework/tablebase/probe.h"

#include <string.h>

#include "framework/endgame.h"
#include "framework/error.h"
#include "framework/tablebase/tb_error.h"

typedef struct Entry {
    DjEndgameId id;          /* 0: empty slot */
    char *path;              /* the file, or NULL for a table given in memory */
    DjEndgameClass cls;      /* as the file's header says */
    DjTbTable *table;        /* NULL until loaded; atomic */
    int failed;              /* loading failed once: never tried again; atomic */
} Entry;

struct DjTablebase {
    const DjVariant *variant;
    const DjEndgames *eg;
    Entry *entries;
    size_t cap;              /* a power of two */
    int count;
    int max_pieces;          /* of the tables, at most piece_limit */
    int files_max_pieces;    /* of the tables, whatever the limit */
    int piece_limit;         /* dj_tablebase_set_piece_limit; 0: none */
    GMutex lock;
    GError *error;
    bool probes_wait;        /* a probe may read a file (dj_tablebase_set_probes_wait) */
    GThread *loader;         /* dj_tablebase_preload_start's thread, or NULL */
    void *loader_pos;        /* its copy of the position */
};

static size_t slot_of(DjEndgameId id, size_t cap)
{
    uint64_t h = id * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 17) & (cap - 1);
}

static Entry *find(const DjTablebase *tb, DjEndgameId id)
{
    for (size_t i = slot_of(id, tb->cap);; i = (i + 1) & (tb->cap - 1)) {
        Entry *e = &tb->entries[i];
        if (e->id == id)
            return e;
        if (e->id == 0)
            return NULL;
    }
}

/* The slot for `id`: its entry, or the empty one where it goes (room is
 * made first). */
static Entry *claim(DjTablebase *tb, DjEndgameId id)
{
    if ((size_t)(tb->count + 1) * 2 > tb->cap) {
        Entry *old = tb->entries;
        size_t old_cap = tb->cap;
        tb->cap *= 2;
        tb->entries = g_new0(Entry, tb->cap);
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].id != 0)
                *claim(tb, old[i].id) = old[i];
        g_free(old);
    }
    for (size_t i = slot_of(id, tb->cap);; i = (i + 1) & (tb->cap - 1)) {
        Entry *e = &tb->entries[i];
        if (e->id == id)
            return e;
        if (e->id == 0) {
            e->id = id;
            tb->count++;
            return e;
        }
    }
}

DjTablebase *dj_tablebase_open(const DjVariant *variant, const char *folder, GError **error)
{
    if (variant->endgames == NULL) {
        dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_UNSUPPORTED,
                     "%s has no tablebases (dojo cannot number its endings)", variant->title);
        return NULL;
    }
    GDir *dir = NULL;
    if (folder != NULL) {
        dir = g_dir_open(folder, 0, error);
        if (dir == NULL)
            return NULL;
    }
    DjTablebase *tb = g_new0(DjTablebase, 1);
    tb->variant = variant;
    tb->probes_wait = true;
    tb->eg = variant->endgames;
    tb->cap = 64;
    tb->entries = g_new0(Entry, tb->cap);
    g_mutex_init(&tb->lock);
    if (dir == NULL)
        return tb;
    g_autofree char *prefix = g_strdup_printf("%s.", variant->name);
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
        if (!g_str_has_prefix(name, prefix) || !g_str_has_suffix(name, DJ_TB_FILE_SUFFIX))
            continue;
        g_autofree char *path = g_build_filename(folder, name, NULL);
        DjTbTable head;
        bool has_distances;
        /* A file whose header cannot be read is skipped here: it is no
         * table, and a build will make it again. */
        if (!dj_tb_table_read_header(path, &head, &has_distances, NULL) ||
            strcmp(head.game, variant->name) != 0)
            continue;
        DjEndgameClass cls;
        if (!tb->eg->describe(head.cls.id, &cls) || strcmp(cls.name, head.cls.name) != 0)
            continue;
        Entry *e = claim(tb, cls.id);
        if (e->path != NULL || e->table != NULL)
            continue;
        e->path = g_steal_pointer(&path);
        e->cls = cls;
        tb->files_max_pieces = MAX(tb->files_max_pieces, cls.pieces);
    }
    tb->max_pieces = tb->files_max_pieces;
    g_dir_close(dir);
    return tb;
}

static void join_loader(DjTablebase *tb)
{
    if (tb->loader != NULL)
        g_thread_join(g_steal_pointer(&tb->loader));
    g_clear_pointer(&tb->loader_pos, g_free);
}

void dj_tablebase_free(DjTablebase *tb)
{
    if (tb == NULL)
        return;
    join_loader(tb);
    for (size_t i = 0; i < tb->cap; i++) {
        g_free(tb->entries[i].path);
        dj_tb_table_free(tb->entries[i].table);
    }
    g_free(tb->entries);
    g_mutex_clear(&tb->lock);
    g_clear_error(&tb->error);
    g_free(tb);
}

int dj_tablebase_max_pieces(const DjTablebase *tb) { return tb->max_pieces; }

int dj_tablebase_count(const DjTablebase *tb) { return tb->count; }

void dj_tablebase_add(DjTablebase *tb, DjTbTable *table)
{
    Entry *e = claim(tb, table->cls.id);
    if (e->table != NULL)
        dj_tb_table_free(e->table);
    g_clear_pointer(&e->path, g_free);
    e->table = table;
    e->failed = 0;
    e->cls = table->cls;
    tb->files_max_pieces = MAX(tb->files_max_pieces, table->cls.pieces);
    dj_tablebase_set_piece_limit(tb, tb->piece_limit);
}

void dj_tablebase_set_piece_limit(DjTablebase *tb, int pieces)
{
    tb->piece_limit = MAX(pieces, 0);
    tb->max_pieces = tb->piece_limit > 0 ? MIN(tb->files_max_pieces, tb->piece_limit)
                                         : tb->files_max_pieces;
}

/* Read entry e's file, once (the slow path: under the lock). */
static DjTbTable *load(DjTablebase *tb, Entry *e)
{
    g_mutex_lock(&tb->lock);
    DjTbTable *t = __atomic_load_n(&e->table, __ATOMIC_ACQUIRE);
    if (t == NULL && !__atomic_load_n(&e->failed, __ATOMIC_ACQUIRE) && e->path != NULL) {
        GError *err = NULL;
        t = dj_tb_table_read(e->path, tb->variant->name, &e->cls, &err);
        if (t != NULL) {
            __atomic_store_n(&e->table, t, __ATOMIC_RELEASE);
        } else {
            if (tb->error == NULL)
                tb->error = err;
            else
                g_error_free(err);
            __atomic_store_n(&e->failed, 1, __ATOMIC_RELEASE);
        }
    }
    g_mutex_unlock(&tb->lock);
    return t;
}

DjTbValue dj_tablebase_probe(DjTablebase *tb, const void *pos, int *distance)
{
    if (distance != NULL)
        *distance = -1;
    if (tb->eg->count_pieces != NULL && tb->eg->count_pieces(pos) > tb->max_pieces)
        return DJ_TB_NONE;
    DjEndgameId id;
    uint64_t index;
    if (!tb->eg->locate(pos, &id, &index))
        return DJ_TB_NONE;
    Entry *e = find(tb, id);
    if (e == NULL || e->cls.pieces > tb->max_pieces)
        return DJ_TB_NONE;
    DjTbTable *t = __atomic_load_n(&e->table, __ATOMIC_ACQUIRE);
    if (t == NULL && (!tb->probes_wait || (t = load(tb, e)) == NULL))
        return DJ_TB_NONE;
    if (index >= t->cls.size)
        return DJ_TB_NONE;
    DjTbValue v = dj_tb_table_value(t, index);
    if (distance != NULL && v != DJ_TB_NONE)
        *distance = v == DJ_TB_DRAW ? 0 : dj_tb_table_distance(t, index);
    return v;
}

bool dj_tablebase_preload(DjTablebase *tb, const void *pos, GError **error)
{
    int n = tb->eg->list_classes(pos, MIN(tb->max_pieces, tb->eg->max_pieces), NULL, 0);
    g_autofree DjEndgameClass *classes = g_new0(DjEndgameClass, MAX(n, 1));
    tb->eg->list_classes(pos, MIN(tb->max_pieces, tb->eg->max_pieces), classes, n);
    for (int i = 0; i < n; i++) {
        Entry *e = find(tb, classes[i].id);
        if (e == NULL || e->table != NULL || e->cls.pieces > tb->max_pieces)
            continue;
        if (load(tb, e) == NULL) {
            GError *err = dj_tablebase_take_error(tb);
            if (err != NULL)
                g_propagate_error(error, err);
            else
                dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_DAMAGED,
                             "%s: it could not be loaded", e->path ? e->path : e->cls.name);
            return false;
        }
    }
    return true;
}

GError *dj_tablebase_take_error(DjTablebase *tb)
{
    g_mutex_lock(&tb->lock);
    GError *err = g_steal_pointer(&tb->error);
    g_mutex_unlock(&tb->lock);
    return err;
}

void dj_tablebase_set_probes_wait(DjTablebase *tb, bool wait)
{
    tb->probes_wait = wait;
}

static gpointer loader_main(gpointer data)
{
    DjTablebase *tb = data;
    GError *error = NULL;
    /* A table that fails keeps its error for dj_tablebase_take_error. */
    if (!dj_tablebase_preload(tb, tb->loader_pos, &error)) {
        g_mutex_lock(&tb->lock);
        if (tb->error == NULL)
            tb->error = g_steal_pointer(&error);
        g_mutex_unlock(&tb->lock);
        g_clear_error(&error);
    }
    return NULL;
}

void dj_tablebase_preload_start(DjTablebase *tb, const void *pos)
{
    join_loader(tb);
    tb->loader_pos = g_memdup2(pos, tb->variant->state_size);
    tb->loader = g_thread_new("tablebase-loader", loader_main, tb);
}
