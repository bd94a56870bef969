/* table_file.h: one solved class in memory and on disk.
 *
 * A table holds, for every index of one class (framework/endgame.h), a
 * value in 2 bits (DjTbValue: win, loss or draw for the side to move, or
 * "no position") and optionally a distance in a byte: the number of plies
 * to the end of the game with best play (the winner hurrying, the loser
 * holding out), 255 meaning 255 or more, 0 for draws and non-positions.
 *
 * The file (docs/tablebases.md) is a text header, then the data:
 *
 *     dojo-tablebase 1
 *     game onitama
 *     class boar-crab-elephant-horse-ox.1v1
 *     id 1a2b3c           (the class's DjEndgameId, hexadecimal)
 *     setup boar,crab,elephant,horse,ox
 *     pieces 4          size 123          distances 1
 *     wins W            losses L          draws D          none N
 *     made-by dojo 1.2  made-at 2026-12-02T12:00:00Z  seconds 1.25
 *     checksum fnv1a64 0123456789abcdef
 *     (an empty line, then the values: (size + 3) / 4 bytes, position i
 *      in bits 2*(i%4) of byte i/4; then, with distances, size bytes)
 *
 * (one key a line; the sketch above folds some).  The checksum (64-bit
 * FNV-1a) covers every byte of the file before the checksum line and every
 * byte after it, so a damaged header is caught as well as damaged data.
 * Files are written atomically (a temporary file beside, then renamed).
 */
#ifndef DOJO_FRAMEWORK_TABLEBASE_TABLE_FILE_H
#define DOJO_FRAMEWORK_TABLEBASE_TABLE_FILE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/endgame.h"

/* A position's value for its side to move, as stored (2 bits). */
typedef enum DjTbValue {
    DJ_TB_DRAW = 0,   /* neither side can force a win (or not yet known, mid-build) */
    DJ_TB_WIN = 1,
    DJ_TB_LOSS = 2,
    DJ_TB_NONE = 3,   /* no position (position() said false); from the probe: no answer */
} DjTbValue;

/* The file name's ending. */
#define DJ_TB_FILE_SUFFIX ".djtb"
/* Room for a game name in a table, with the NUL. */
#define DJ_TB_GAME_MAX 32
#define DJ_TB_DISTANCE_MAX 255

typedef struct DjTbTable {
    char game[DJ_TB_GAME_MAX];      /* DjVariant.name */
    DjEndgameClass cls;             /* as describe() gives it (id, name, setup, pieces, size) */
    uint64_t counts[4];             /* positions of each DjTbValue */
    char made_by[64];               /* "dojo 1.2.3" */
    char made_at[32];               /* UTC, ISO 8601: "2026-12-02T12:00:00Z" */
    double seconds;                 /* how long the build of its group took */
    uint8_t *values;                /* (cls.size + 3) / 4 bytes */
    uint8_t *distances;             /* cls.size bytes, or NULL: none kept */
} DjTbTable;

/* A new table of class `cls` of game `game`, every value DJ_TB_DRAW (all
 * bits 0), distances 0 when `distances`.  NULL with DJ_TB_ERROR_MEMORY
 * when the memory cannot be had (it may be gigabytes). */
DjTbTable *dj_tb_table_new(const char *game, const DjEndgameClass *cls, bool distances,
                           GError **error);

/* Free a table and its arrays; NULL does nothing. */
void dj_tb_table_free(DjTbTable *table);

/* The value of index `i` (below cls.size).  No GLib, no locks. */
static inline DjTbValue dj_tb_table_value(const DjTbTable *t, uint64_t i)
{
    return (DjTbValue)((t->values[i >> 2] >> ((i & 3) * 2)) & 3u);
}

/* The distance of index `i` in plies, or -1 when the table keeps none. */
static inline int dj_tb_table_distance(const DjTbTable *t, uint64_t i)
{
    return t->distances ? t->distances[i] : -1;
}

/* Set the value of index `i`.  Not atomic: one writer a byte (4 indexes)
 * at a time. */
static inline void dj_tb_table_set(DjTbTable *t, uint64_t i, DjTbValue v)
{
    uint8_t *b = &t->values[i >> 2];
    unsigned shift = (unsigned)(i & 3) * 2;
    *b = (uint8_t)((*b & ~(3u << shift)) | ((unsigned)v << shift));
}

/* Count the values into t->counts. */
void dj_tb_table_count(DjTbTable *t);

/* "FOLDER/GAME.CLASSNAME.djtb" (g_free it). */
char *dj_tb_table_path(const char *folder, const char *game, const DjEndgameClass *cls);

/* The FNV-1a 64-bit hash of `n` bytes, continuing from `h`
 * (DJ_TB_FNV_OFFSET to start): the checksum of table and checkpoint files. */
#define DJ_TB_FNV_OFFSET 0xcbf29ce484222325ull
uint64_t dj_tb_fnv1a(uint64_t h, const uint8_t *data, uint64_t n);

/* A run of bytes to write (dj_tb_write_blocks). */
typedef struct DjTbBlock {
    const void *data;
    uint64_t bytes;
} DjTbBlock;

/* Write the `n` blocks one after another to `path` atomically: a temporary
 * file beside it, flushed, renamed over it.  On failure `path` is as it
 * was and `error` names it (G_FILE_ERROR).  Blocks may be gigabytes. */
bool dj_tb_write_blocks(const char *path, const DjTbBlock *blocks, int n, GError **error);

/* Write `t` to `path` atomically (temporary file, flushed, renamed).  The
 * counts written are t->counts (call dj_tb_table_count first).  On
 * failure `path` is as it was. */
bool dj_tb_table_write(const DjTbTable *t, const char *path, GError **error);

/* Read only the header of the table file `path` into `out` (values and
 * distances NULL; has_distances says whether the file has them): cheap,
 * for listing a folder.  Not checked against its checksum. */
bool dj_tb_table_read_header(const char *path, DjTbTable *out, bool *has_distances,
                             GError **error);

/* Read the table file `path` whole.  Refused, with a message naming the
 * file: not a table file, cut short or too long, a checksum that does not
 * match (DJ_TB_ERROR_DAMAGED); a table of another game than `game`, or
 * (when `expected` is not NULL) of another class or setup than expected's
 * name, setup, pieces or size (DJ_TB_ERROR_MISMATCH).  G_FILE_ERROR when
 * it cannot be read. */
DjTbTable *dj_tb_table_read(const char *path, const char *game,
                            const DjEndgameClass *expected, GError **error);

#endif /* DOJO_FRAMEWORK_TABLEBASE_TABLE_FILE_H */
