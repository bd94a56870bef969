/* planted.c: the harness of the planted-bug tests (see planted.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/registry.h"
#include "tests/conformance/planted.h"

void planted_setup(const DjVariant **base, DjVariant *wrapped,
                   bool (*accept)(const DjVariant *variant))
{
    *base = NULL;
    for (const DjVariant *const *vp = dj_registry_all(); *vp != NULL && *base == NULL; vp++) {
        if (accept(*vp))
            *base = *vp;
    }
    *wrapped = *base != NULL ? **base : (DjVariant){ 0 };
}

void planted_require_base(const DjVariant *base, const char *what)
{
    if (base != NULL)
        return;
    g_printerr("skipped: no built game supplies %s\n", what);
    skip();
}

void planted_expect_failure(void (*run)(void *data), void *data, const char *expected)
{
    char *report = conf_failure_of(run, data);
    if (report == NULL)
        fail_msg("the planted bug (%s) went unnoticed", expected);
    if (strstr(report, expected) == NULL)
        fail_msg("expected a report about \"%s\", got:\n%s", expected, report);
    g_printerr("caught as expected: %s", report);
    g_free(report);
}
