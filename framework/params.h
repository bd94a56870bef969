/* params.h: a game's evaluation weights (DjVariant.params) as text, so that
 * a tuner can write them and an engine read them back.
 *
 * The text has one "NAME VALUE" per line; '#' starts a comment that runs to
 * the end of the line; blank lines are ignored.  Weights not named keep
 * their values. */
#ifndef DOJO_FRAMEWORK_PARAMS_H
#define DOJO_FRAMEWORK_PARAMS_H

#include <stdbool.h>

#include <glib.h>

#include "framework/game.h"

/* The weight called `name` (case-insensitive), or NULL. */
const DjParam *dj_params_find(const DjVariant *variant, const char *name);

/* The weights `list` names, appended to `indexes` (a GArray of int: their
 * indexes in variant->params) in the order named.  `list` is
 * "NAME,NAME,..."; a NAME that ends in '*' stands for every weight whose
 * name starts with what comes before the '*' (in the game's order, at
 * least one).  NULL names every weight.  A name that is no weight, a
 * pattern that matches none, a weight named twice or an empty list fails
 * with DJ_ERROR_INVALID ("GAME has no weight 'X' (there are ...)") and
 * leaves `indexes` as it was. */
bool dj_params_select(const DjVariant *variant, const char *list, GArray *indexes,
                      GError **error);

/* Append "NAME VALUE\n" for every weight, in the game's order. */
void dj_params_format(const DjVariant *variant, GString *out);

/* The same with the values `values` (n_params of them, in the game's
 * order) in place of the current ones, which are left alone. */
void dj_params_format_values(const DjVariant *variant, const int *values, GString *out);

/* Set the weights `text` names.  All or nothing: an unknown name, a value
 * that is not a whole number within the weight's range, a name given
 * twice or a malformed line changes nothing and fails with "line N: ..."
 * (DJ_ERROR_INVALID). */
bool dj_params_parse(const DjVariant *variant, const char *text, GError **error);

/* dj_params_parse on the contents of file `path` (at most 1 MB).  Errors
 * name the file once: "PATH: WHY" or "PATH: line N: WHY". */
bool dj_params_load(const DjVariant *variant, const char *path, GError **error);

/* The current values, n_params of them (g_free it), and putting them back. */
int *dj_params_snapshot(const DjVariant *variant);
void dj_params_restore(const DjVariant *variant, const int *values);

#endif
