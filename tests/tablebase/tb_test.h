/* tb_test.h: helpers shared by the tablebase tests (tests/tablebase). */
#ifndef DOJO_TESTS_TABLEBASE_TB_TEST_H
#define DOJO_TESTS_TABLEBASE_TB_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include <glib.h>

#include "framework/game.h"
#include "framework/tablebase/solve.h"

/* A fresh empty folder under the system's temporary folder (g_free it;
 * tb_test_remove_folder removes it with its files). */
char *tb_test_folder(void);
void tb_test_remove_folder(const char *folder);

/* Build with `options` (folder, pieces...) for the setup of `pos`; fails
 * the test on any error. */
void tb_test_build(const DjVariant *v, const void *pos, const DjTbBuildOptions *options);

/* The bytes after the header (values, distances) of table file `path`,
 * and their length: for comparing two builds whose headers differ only by
 * time. */
char *tb_test_table_data(const char *path, gsize *length);

#endif
