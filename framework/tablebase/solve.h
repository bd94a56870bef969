/* solve.h: building tables by retrograde analysis, for any game that
 * fills DjVariant.endgames (framework/endgame.h).
 *
 * dj_tb_build solves every class that list_classes() gives for a setup
 * and a piece count, group by group, lowest first, and writes one table
 * file per class into a folder (table_file.h).  A group is solved level
 * by level: at level d it finds the positions whose value is decided d
 * plies from the end.  With DjEndgames.predecessors it re-examines only
 * the predecessors of what the last level decided (retrograde); without,
 * it re-examines every undecided position (forward iteration, with
 * legal_moves, play and outcome alone).  Either way a position that never
 * gets decided is a draw (the game can go on for ever: repetition).
 *
 * The work of a level is shared by `threads` threads, each taking chunks
 * of indexes.  The memory a build needs is computed before it starts
 * (dj_tb_plan) and the build is refused above the stated limit.
 *
 * Interrupting: the caller raises *stop (from a signal handler, say); the
 * build finishes its chunks, writes a checkpoint file beside the tables
 * (atomically) and returns DJ_TB_ERROR_INTERRUPTED.  Run again with the
 * same arguments, it keeps the tables already written, resumes the group
 * from its checkpoint and writes the same files as a build never
 * interrupted.  Checkpoints are also written every checkpoint_seconds.
 */
#ifndef DOJO_FRAMEWORK_TABLEBASE_SOLVE_H
#define DOJO_FRAMEWORK_TABLEBASE_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/endgame.h"
#include "framework/game.h"
#include "framework/tablebase/table_file.h"

/* What the build tells its caller as it goes. */
typedef enum DjTbStage {
    DJ_TB_STAGE_GROUP,     /* a group starts (cls: its first class) */
    DJ_TB_STAGE_RESUMED,   /* a group resumes from its checkpoint at `level` */
    DJ_TB_STAGE_LEVEL,     /* a level of the group is done */
    DJ_TB_STAGE_PASS,      /* a level goes on (every progress_seconds, from the
                            * caller's thread): `pass_fraction` of it done */
    DJ_TB_STAGE_CLASS,     /* a class is done and written (or was already there):
                            * `table` has its counts */
} DjTbStage;

typedef struct DjTbProgress {
    DjTbStage stage;
    const DjEndgameClass *cls;
    int group, n_groups;       /* which group of how many (from 0) */
    int level;                 /* LEVEL, RESUMED, PASS: the level */
    double pass_fraction;      /* PASS: how far through the level, 0 to 1 */
    uint64_t decided, total;   /* positions of the group decided so far, in all */
    const DjTbTable *table;    /* CLASS: the table (values; arrays may be NULL) */
    bool reused;               /* CLASS: it was already in the folder */
    double seconds;            /* since the build started */
} DjTbProgress;

typedef struct DjTbBuildOptions {
    const char *folder;        /* where tables are written and looked for; must exist */
    int max_pieces;            /* every class of at most this many pieces */
    int threads;               /* 0: one a core */
    uint64_t memory_limit;     /* bytes the build may use at most; 0: no limit */
    bool distances;            /* keep a distance a position (a byte) in the files */
    bool forward_only;         /* ignore DjEndgames.predecessors (tests, checks) */
    const char *made_by;       /* for the files' headers ("dojo 1.2.3"); NULL: "dojo" */
    const gint *stop;          /* raised (non-zero, read atomically): stop and
                                * checkpoint; NULL: never */
    double checkpoint_seconds; /* at least this often; 0: every 300 seconds */
    double progress_seconds;   /* PASS reports this far apart at least; 0: 1 second */
    void (*progress)(const DjTbProgress *progress, void *data);   /* NULL: none */
    void *progress_data;
} DjTbBuildOptions;

/* What a build will do and need. */
typedef struct DjTbPlan {
    DjEndgameClass *classes;   /* n_classes of them, solving order (g_free) */
    int n_classes;
    int n_groups;
    uint64_t positions;        /* indexes of every class */
    uint64_t memory;           /* the most bytes in use at once, all told */
    uint64_t disk;             /* bytes of all the table files */
} DjTbPlan;

/* Plan the build of `options` for the setup of `pos` (any position of
 * it) in `variant`: which classes, how much memory and disk.  Fails with
 * DJ_TB_ERROR_UNSUPPORTED when the game has no endgames or max_pieces is
 * above what it can number or too small for any class.  Does not look at
 * the folder. */
bool dj_tb_plan(const DjVariant *variant, const void *pos, const DjTbBuildOptions *options,
                DjTbPlan *plan, GError **error);

void dj_tb_plan_clear(DjTbPlan *plan);

/* Build (see above).  Tables already in the folder of the same game,
 * setup and class (with distances when asked) are read back and kept, not
 * rebuilt; any other file there of the same name is rebuilt over.  Fails
 * with DJ_TB_ERROR_MEMORY before any work when the plan needs more than
 * memory_limit; DJ_TB_ERROR_INTERRUPTED when stopped (resumable);
 * DJ_TB_ERROR_DAMAGED for a checkpoint that cannot be used (the message
 * names it: remove it to start the group over); G_FILE_ERROR for files
 * that cannot be written.  Tables written before a failure stay. */
bool dj_tb_build(const DjVariant *variant, const void *pos, const DjTbBuildOptions *options,
                 GError **error);

/* The checkpoint file of a group: "FOLDER/GAME.CLASSNAME.checkpoint",
 * CLASSNAME the group's first class (g_free it). */
char *dj_tb_checkpoint_path(const char *folder, const char *game, const DjEndgameClass *first);

#endif /* DOJO_FRAMEWORK_TABLEBASE_SOLVE_H */
