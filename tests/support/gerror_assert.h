/* gerror_assert.h: a cmocka assertion for a GError out-parameter.
 *
 * assert_no_gerror(error) fails the current test, printing the error's
 * message, domain and code, when `error` is set.  Unlike GLib's
 * g_assert_no_error, which aborts the whole program (so that the tests
 * after it never run and cmocka prints no summary), it fails this test
 * only, like every cmocka assertion.
 *
 * Include <stdarg.h>, <stddef.h>, <setjmp.h> and <cmocka.h> first. */
#ifndef DOJO_TESTS_SUPPORT_GERROR_ASSERT_H
#define DOJO_TESTS_SUPPORT_GERROR_ASSERT_H

#include <glib.h>

#define assert_no_gerror(error)                                                       \
    do {                                                                              \
        const GError *assert_no_gerror_ = (error);                                    \
        if (assert_no_gerror_ != NULL)                                                \
            fail_msg("%s is set: %s (%s, code %d)", #error, assert_no_gerror_->message, \
                     g_quark_to_string(assert_no_gerror_->domain), assert_no_gerror_->code); \
    } while (0)

#endif
