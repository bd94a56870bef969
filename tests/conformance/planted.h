/* planted.h: the harness of the tests that prove a conformance check
 * catches a bug (test_planted_bugs.c, test_views.c).  Such a test copies
 * a real game (the base game), plants one bug in the copy through a
 * wrapper of one of its functions, and expects the checks to fail on the
 * copy with a report that names the bug.
 *
 * Include conformance.h (and cmocka before it) first. */
#ifndef DOJO_TESTS_CONFORMANCE_PLANTED_H
#define DOJO_TESTS_CONFORMANCE_PLANTED_H

#include <stdbool.h>

#include "tests/conformance/conformance.h"

/* *base becomes the first game of conf_variants() that `accept` takes
 * (NULL when it takes none), and *wrapped an unbroken copy of it (all zero
 * when there is none): a cmocka setup calls this before every test. */
void planted_setup(const DjVariant **base, DjVariant *wrapped,
                   bool (*accept)(const DjVariant *variant));

/* Skip the current test when `base` is NULL, saying on standard error
 * "skipped: no built game supplies `what`"; returns when there is one. */
void planted_require_base(const DjVariant *base, const char *what);

/* Run `run(data)` as conf_failure_of does: fail the current test unless a
 * check fails in it with a report containing `expected`; the report is
 * printed on standard error. */
void planted_expect_failure(void (*run)(void *data), void *data, const char *expected);

#endif
