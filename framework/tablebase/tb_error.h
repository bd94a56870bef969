/* tb_error.h: the error domain of the tablebase layer (framework/tablebase/).
 *
 * Messages are for a player: they name the file or the class concerned
 * and say what is wrong ("...: the file is damaged (its checksum does not
 * match)").  Files that cannot be opened, read or written at all are
 * G_FILE_ERROR, as everywhere in dojo. */
#ifndef DOJO_FRAMEWORK_TABLEBASE_TB_ERROR_H
#define DOJO_FRAMEWORK_TABLEBASE_TB_ERROR_H

#include <glib.h>

#define DJ_TB_ERROR (dj_tb_error_quark())
GQuark dj_tb_error_quark(void);

typedef enum DjTbError {
    DJ_TB_ERROR_UNSUPPORTED,  /* the game cannot be solved (no DjVariant.endgames),
                               * or not with that many pieces */
    DJ_TB_ERROR_DAMAGED,      /* a table or checkpoint file is not one, is cut short
                               * or fails its checksum */
    DJ_TB_ERROR_MISMATCH,     /* a sound file of another game, setup or class */
    DJ_TB_ERROR_MEMORY,       /* the build needs more memory than allowed, or
                               * memory could not be had */
    DJ_TB_ERROR_INTERRUPTED,  /* the caller's stop flag was raised: a checkpoint
                               * was written, the build can be resumed */
} DjTbError;

#endif /* DOJO_FRAMEWORK_TABLEBASE_TB_ERROR_H */
