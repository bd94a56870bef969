/* tb_error.c: the tablebase layer's error domain (tb_error.h). */
#include "framework/tablebase/tb_error.h"

G_DEFINE_QUARK(dj-tb-error-quark, dj_tb_error)
