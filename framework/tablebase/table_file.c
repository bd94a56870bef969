/* table_file.c: tables in memory and their files (table_file.h). */
#include "framework/tablebase/table_file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "framework/error.h"
#include "framework/tablebase/tb_error.h"
#include "framework/text_file.h"

#define MAGIC "dojo-tablebase 1\n"
/* A header is a few hundred bytes: more than this is not a table file. */
#define HEADER_MAX 4096
#define FNV_PRIME 0x100000001b3ull

uint64_t dj_tb_fnv1a(uint64_t h, const uint8_t *data, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
        h ^= data[i];
        h *= FNV_PRIME;
    }
    return h;
}

static uint64_t values_bytes(uint64_t size) { return (size + 3) / 4; }

DjTbTable *dj_tb_table_new(const char *game, const DjEndgameClass *cls, bool distances,
                           GError **error)
{
    DjTbTable *t = g_new0(DjTbTable, 1);
    g_strlcpy(t->game, game, sizeof t->game);
    t->cls = *cls;
    t->values = calloc(values_bytes(cls->size), 1);
    if (distances)
        t->distances = calloc(cls->size, 1);
    if (t->values == NULL || (distances && t->distances == NULL)) {
        dj_tb_table_free(t);
        dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_MEMORY,
                     "not enough memory for the table %s (%" PRIu64 " positions)", cls->name,
                     cls->size);
        return NULL;
    }
    g_strlcpy(t->made_by, "dojo", sizeof t->made_by);
    return t;
}

void dj_tb_table_free(DjTbTable *table)
{
    if (table == NULL)
        return;
    free(table->values);
    free(table->distances);
    g_free(table);
}

void dj_tb_table_count(DjTbTable *t)
{
    memset(t->counts, 0, sizeof t->counts);
    uint64_t lut[256][4];
    for (int b = 0; b < 256; b++)
        for (int v = 0; v < 4; v++)
            lut[b][v] = (uint64_t)(((b & 3) == v) + (((b >> 2) & 3) == v) +
                                   (((b >> 4) & 3) == v) + (((b >> 6) & 3) == v));
    uint64_t full = t->cls.size / 4;
    for (uint64_t i = 0; i < full; i++)
        for (int v = 0; v < 4; v++)
            t->counts[v] += lut[t->values[i]][v];
    for (uint64_t i = full * 4; i < t->cls.size; i++)
        t->counts[dj_tb_table_value(t, i)]++;
}

char *dj_tb_table_path(const char *folder, const char *game, const DjEndgameClass *cls)
{
    g_autofree char *base = g_strdup_printf("%s.%s%s", game, cls->name, DJ_TB_FILE_SUFFIX);
    return g_build_filename(folder, base, NULL);
}

/* The header up to and without its checksum line. */
static GString *header_text(const DjTbTable *t)
{
    GString *h = g_string_new(MAGIC);
    g_string_append_printf(h, "game %s\nclass %s\nid %" PRIx64 "\nsetup %s\npieces %d\nsize %" PRIu64
                           "\ndistances %d\n", t->game, t->cls.name, t->cls.id, t->cls.setup,
                           t->cls.pieces, t->cls.size, t->distances != NULL);
    g_string_append_printf(h, "wins %" PRIu64 "\nlosses %" PRIu64 "\ndraws %" PRIu64
                           "\nnone %" PRIu64 "\n", t->counts[DJ_TB_WIN],
                           t->counts[DJ_TB_LOSS], t->counts[DJ_TB_DRAW],
                           t->counts[DJ_TB_NONE]);
    g_string_append_printf(h, "made-by %s\nmade-at %s\nseconds %.3f\n", t->made_by,
                           t->made_at[0] ? t->made_at : "unknown", t->seconds);
    return h;
}

static bool write_error(GError **error, const char *path, int errsv)
{
    return dj_error_set(error, G_FILE_ERROR, g_file_error_from_errno(errsv), "%s: %s", path,
                        g_strerror(errsv));
}

bool dj_tb_table_write(const DjTbTable *t, const char *path, GError **error)
{
    g_autoptr(GString) head = header_text(t);
    uint64_t nv = values_bytes(t->cls.size);
    uint64_t sum = dj_tb_fnv1a(DJ_TB_FNV_OFFSET, (const uint8_t *)head->str, head->len);
    sum = dj_tb_fnv1a(sum, (const uint8_t *)"\n", 1);
    sum = dj_tb_fnv1a(sum, t->values, nv);
    if (t->distances)
        sum = dj_tb_fnv1a(sum, t->distances, t->cls.size);
    g_string_append_printf(head, "checksum fnv1a64 %016" PRIx64 "\n\n", sum);

    DjTbBlock blocks[3] = {
        { head->str, head->len },
        { t->values, nv },
        { t->distances, t->distances ? t->cls.size : 0 },
    };
    return dj_tb_write_blocks(path, blocks, 3, error);
}

bool dj_tb_write_blocks(const char *path, const DjTbBlock *blocks, int n, GError **error)
{
    g_autofree char *tmp = g_strdup_printf("%s.XXXXXX", path);
    int fd = g_mkstemp_full(tmp, O_WRONLY | O_CLOEXEC, 0644);
    if (fd < 0)
        return write_error(error, path, errno);
    bool ok = true;
    /* Big arrays go in pieces: write() may stop short of a gigabyte. */
    for (int b = 0; ok && b < n; b++)
        for (uint64_t off = 0; ok && off < blocks[b].bytes; off += 1u << 26)
            ok = dj_text_file_write_all(fd, (const char *)blocks[b].data + off,
                                        (gsize)MIN((uint64_t)1 << 26, blocks[b].bytes - off));
    int errsv = errno;
    if (ok && fsync(fd) != 0) {
        ok = false;
        errsv = errno;
    }
    if (close(fd) != 0 && ok) {
        ok = false;
        errsv = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        errsv = errno;
    }
    if (!ok) {
        unlink(tmp);
        return write_error(error, path, errsv);
    }
    dj_text_file_sync_parent(path);
    return true;
}

static bool damaged(GError **error, const char *path, const char *why)
{
    return dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_DAMAGED,
                        "%s: it is not a sound table file (%s)", path, why);
}

/* The value of "KEY VALUE\n" at *p, advancing *p; NULL when the line is not
 * that key.  The value is a fresh string. */
static char *take_line(const char **p, const char *end, const char *key)
{
    size_t klen = strlen(key);
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    if (nl == NULL || (size_t)(nl - *p) <= klen || strncmp(*p, key, klen) != 0 ||
        (*p)[klen] != ' ')
        return NULL;
    char *value = g_strndup(*p + klen + 1, (gsize)(nl - *p - (ptrdiff_t)klen - 1));
    *p = nl + 1;
    return value;
}

static bool take_u64(const char **p, const char *end, const char *key, uint64_t *out)
{
    g_autofree char *v = take_line(p, end, key);
    if (v == NULL || v[0] == '\0')
        return false;
    char *e;
    errno = 0;
    guint64 x = g_ascii_strtoull(v, &e, 10);
    if (*e != '\0' || errno != 0 || !g_ascii_isdigit(v[0]))
        return false;
    *out = x;
    return true;
}

/* Parse the header in buf[0..n) into t; *header_len: bytes up to and with
 * the empty line; *body_sum: the checksum's state after the part before
 * the checksum line; *want: the checksum written. */
static bool parse_header(const char *path, const char *buf, size_t n, DjTbTable *t,
                         bool *has_distances, size_t *header_len, uint64_t *body_sum,
                         uint64_t *want, GError **error)
{
    const char *p = buf, *end = buf + n;
    if (n < strlen(MAGIC) || memcmp(buf, MAGIC, strlen(MAGIC)) != 0)
        return damaged(error, path, "it does not begin as one");
    p += strlen(MAGIC);
    memset(t, 0, sizeof *t);
    g_autofree char *game = take_line(&p, end, "game");
    g_autofree char *cls = take_line(&p, end, "class");
    g_autofree char *id = take_line(&p, end, "id");
    g_autofree char *setup = take_line(&p, end, "setup");
    uint64_t pieces = 0, size = 0, dist = 0;
    char *id_end = NULL;
    uint64_t id_value = id && g_ascii_isxdigit(id[0]) ? g_ascii_strtoull(id, &id_end, 16) : 0;
    bool ok = game && cls && setup && id_end && *id_end == '\0' && id_value != 0 && take_u64(&p, end, "pieces", &pieces) &&
              take_u64(&p, end, "size", &size) && take_u64(&p, end, "distances", &dist) &&
              take_u64(&p, end, "wins", &t->counts[DJ_TB_WIN]) &&
              take_u64(&p, end, "losses", &t->counts[DJ_TB_LOSS]) &&
              take_u64(&p, end, "draws", &t->counts[DJ_TB_DRAW]) &&
              take_u64(&p, end, "none", &t->counts[DJ_TB_NONE]);
    if (!ok || pieces > 1000 || size == 0 || dist > 1 || strlen(game) >= sizeof t->game ||
        strlen(cls) >= sizeof t->cls.name || strlen(setup) >= sizeof t->cls.setup)
        return damaged(error, path, "its header is damaged");
    g_autofree char *made_by = take_line(&p, end, "made-by");
    g_autofree char *made_at = take_line(&p, end, "made-at");
    g_autofree char *seconds = take_line(&p, end, "seconds");
    if (!made_by || !made_at || !seconds)
        return damaged(error, path, "its header is damaged");
    *body_sum = dj_tb_fnv1a(DJ_TB_FNV_OFFSET, (const uint8_t *)buf, (uint64_t)(p - buf));
    g_autofree char *sum = take_line(&p, end, "checksum");
    char *e;
    if (sum == NULL || strncmp(sum, "fnv1a64 ", 8) != 0 || strlen(sum) != 24)
        return damaged(error, path, "its header is damaged");
    *want = g_ascii_strtoull(sum + 8, &e, 16);
    if (*e != '\0' || p >= end || *p != '\n')
        return damaged(error, path, "its header is damaged");
    p++;
    *body_sum = dj_tb_fnv1a(*body_sum, (const uint8_t *)"\n", 1);
    g_strlcpy(t->game, game, sizeof t->game);
    g_strlcpy(t->cls.name, cls, sizeof t->cls.name);
    g_strlcpy(t->cls.setup, setup, sizeof t->cls.setup);
    g_strlcpy(t->made_by, made_by, sizeof t->made_by);
    g_strlcpy(t->made_at, made_at, sizeof t->made_at);
    t->seconds = g_ascii_strtod(seconds, NULL);
    t->cls.id = id_value;
    t->cls.pieces = (int)pieces;
    t->cls.size = size;
    *has_distances = dist == 1;
    *header_len = (size_t)(p - buf);
    return true;
}

/* Open `path` for reading, refusing anything but a regular file. */
static FILE *open_regular(const char *path, uint64_t *file_size, GError **error)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        write_error(error, path, errno);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: it is not a regular file",
                     path);
        return NULL;
    }
    *file_size = (uint64_t)st.st_size;
    FILE *f = fdopen(fd, "rb");
    if (f == NULL) {
        write_error(error, path, errno);
        close(fd);
    }
    return f;
}

static bool read_header_from(FILE *f, const char *path, DjTbTable *t, bool *has_distances,
                             size_t *header_len, uint64_t *body_sum, uint64_t *want,
                             GError **error)
{
    char buf[HEADER_MAX];
    size_t n = fread(buf, 1, sizeof buf, f);
    /* The header ends at the first empty line. */
    const char *blank = NULL;
    for (size_t i = 1; i < n; i++)
        if (buf[i] == '\n' && buf[i - 1] == '\n') {
            blank = buf + i + 1;
            break;
        }
    if (blank == NULL)
        return damaged(error, path, n < sizeof buf ? "it is cut short" : "no header");
    return parse_header(path, buf, (size_t)(blank - buf), t, has_distances, header_len,
                        body_sum, want, error);
}

bool dj_tb_table_read_header(const char *path, DjTbTable *out, bool *has_distances,
                             GError **error)
{
    uint64_t fsize, sum, want;
    size_t hlen;
    FILE *f = open_regular(path, &fsize, error);
    if (f == NULL)
        return false;
    bool ok = read_header_from(f, path, out, has_distances, &hlen, &sum, &want, error);
    fclose(f);
    return ok;
}

static bool read_exact(FILE *f, uint8_t *dst, uint64_t n)
{
    while (n > 0) {
        size_t chunk = (size_t)MIN(n, (uint64_t)1 << 26);
        if (fread(dst, 1, chunk, f) != chunk)
            return false;
        dst += chunk;
        n -= chunk;
    }
    return true;
}

DjTbTable *dj_tb_table_read(const char *path, const char *game,
                            const DjEndgameClass *expected, GError **error)
{
    uint64_t fsize, sum, want;
    size_t hlen;
    bool has_dist;
    DjTbTable head;
    FILE *f = open_regular(path, &fsize, error);
    if (f == NULL)
        return NULL;
    if (!read_header_from(f, path, &head, &has_dist, &hlen, &sum, &want, error)) {
        fclose(f);
        return NULL;
    }
    uint64_t nv = values_bytes(head.cls.size);
    uint64_t data = nv + (has_dist ? head.cls.size : 0);
    if (fsize != hlen + data) {
        fclose(f);
        damaged(error, path, fsize < hlen + data ? "it is cut short" : "it is too long");
        return NULL;
    }
    if (strcmp(head.game, game) != 0) {
        fclose(f);
        dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_MISMATCH,
                     "%s: it is a table of %s, not of %s", path, head.game, game);
        return NULL;
    }
    if (expected != NULL && strcmp(head.cls.setup, expected->setup) != 0) {
        fclose(f);
        dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_MISMATCH,
                     "%s: it is a table of the setup %s, not %s", path, head.cls.setup,
                     expected->setup);
        return NULL;
    }
    if (expected != NULL && (strcmp(head.cls.name, expected->name) != 0 ||
                             head.cls.id != expected->id ||
                             head.cls.pieces != expected->pieces ||
                             head.cls.size != expected->size)) {
        fclose(f);
        dj_error_set(error, DJ_TB_ERROR, DJ_TB_ERROR_MISMATCH,
                     "%s: it is the table of the class %s (%d pieces, %" PRIu64
                     " positions), not of %s (%d pieces, %" PRIu64 " positions)",
                     path, head.cls.name, head.cls.pieces, head.cls.size, expected->name,
                     expected->pieces, expected->size);
        return NULL;
    }
    if (expected != NULL)
        head.cls.group = expected->group;
    DjTbTable *t = dj_tb_table_new(game, &head.cls, has_dist, error);
    if (t == NULL) {
        fclose(f);
        return NULL;
    }
    memcpy(t->counts, head.counts, sizeof t->counts);
    memcpy(t->made_by, head.made_by, sizeof t->made_by);
    memcpy(t->made_at, head.made_at, sizeof t->made_at);
    t->seconds = head.seconds;
    if (fseek(f, (long)hlen, SEEK_SET) != 0 || !read_exact(f, t->values, nv) ||
        (has_dist && !read_exact(f, t->distances, head.cls.size))) {
        fclose(f);
        dj_tb_table_free(t);
        damaged(error, path, "it is cut short");
        return NULL;
    }
    fclose(f);
    sum = dj_tb_fnv1a(sum, t->values, nv);
    if (has_dist)
        sum = dj_tb_fnv1a(sum, t->distances, head.cls.size);
    if (sum != want) {
        dj_tb_table_free(t);
        damaged(error, path, "its checksum does not match: it is damaged");
        return NULL;
    }
    /* The last byte's unused bits hold nothing. */
    uint64_t counts[4];
    memcpy(counts, t->counts, sizeof counts);
    dj_tb_table_count(t);
    if (memcmp(counts, t->counts, sizeof counts) != 0) {
        dj_tb_table_free(t);
        damaged(error, path, "its counts do not match its data");
        return NULL;
    }
    return t;
}
