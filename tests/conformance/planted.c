/* planted.c: the harness of the planted-bug tests (see planted.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/registry.h"
#include "tests/conformance/planted.h"

/* The name of the game the last planted_setup copied, for messages. */
static const char *base_name = NULL;

void planted_setup(const DjVariant **base, DjVariant *wrapped,
                   bool (*accept)(const DjVariant *variant))
{
    *base = NULL;
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL && *base == NULL; vp++) {
        if (accept(*vp))
            *base = *vp;
    }
    *wrapped = *base != NULL ? **base : (DjVariant){ 0 };
    base_name = *base != NULL ? (*base)->name : NULL;
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
        fail_msg("the planted bug (%s) in a copy of %s went unnoticed", expected,
                 base_name != NULL ? base_name : "the game");
    if (strstr(report, expected) == NULL)
        fail_msg("expected a report about \"%s\" (a copy of %s), got:\n%s", expected,
                 base_name != NULL ? base_name : "the game", report);
    g_printerr("caught as expected: %s", report);
    g_free(report);
}
