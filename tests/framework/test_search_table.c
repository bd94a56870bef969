/* test_search_table.c: the search's transposition table as a user may size
 * it: a table the machine cannot hold is an error, not an abort, and a
 * large one is not written over (zeroed) before it is used. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "framework/game_history.h"
#include "framework/search/search.h"
#include "tests/framework/toys.h"

/* Resident memory of this process in MB (Linux), or -1. */
static long resident_mb(void)
{
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL)
        return -1;
    long size = 0, resident = 0;
    int n = fscanf(file, "%ld %ld", &size, &resident);
    fclose(file);
    long page = sysconf(_SC_PAGESIZE);
    return n == 2 && page > 0 ? resident * (page / 1024) / 1024 : -1;
}

static void test_a_table_larger_than_memory_is_an_error(void **state)
{
    (void)state;
    GError *error = NULL;
    /* 4 PB: more than any machine has. */
    DjSearch *search = dj_search_try_new(&toy_takeaway, G_MAXUINT, &error);
    assert_null(search);
    assert_non_null(error);
    assert_non_null(strstr(error->message, "MB"));
    assert_non_null(strstr(error->message, "memory"));
    g_error_free(error);
}

static void test_a_table_that_can_be_had_searches(void **state)
{
    (void)state;
    GError *error = NULL;
    DjSearch *search = dj_search_try_new(&toy_takeaway, 1, &error);
    assert_non_null(search);
    assert_null(error);
    ToyTakeAway pos;
    DjSetup setup = { .position = "7 0" };
    assert_true(toy_takeaway.setup(&pos, &setup, NULL));
    DjSearchLimits limits = { .depth = 10 };
    DjSearchInfo info;
    DjMove move = dj_search_run(search, &pos, NULL, 0, &limits, NULL, NULL, &info);
    /* 7 stones: take one, leaving a multiple of three. */
    ToyTakeAway after = pos;
    toy_takeaway.play(&after, move);
    GString *text = g_string_new(NULL);
    toy_takeaway.format_position(&after, text);
    assert_true(g_str_has_prefix(text->str, "6 "));
    g_string_free(text, TRUE);
    dj_search_clear(search);
    dj_search_free(search);
}

static void test_a_large_table_is_not_touched_up_front(void **state)
{
    (void)state;
    long before = resident_mb();
    if (before < 0)
        skip();
    GError *error = NULL;
    DjSearch *search = dj_search_try_new(&toy_takeaway, 1024, &error);
    if (search == NULL) {   /* a machine with less than 1 GB */
        g_error_free(error);
        skip();
    }
    long after = resident_mb();
    /* Zeroing it by hand would have made all 1024 MB resident. */
    assert_true(after - before < 256);
    dj_search_free(search);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_table_larger_than_memory_is_an_error),
        cmocka_unit_test(test_a_table_that_can_be_had_searches),
        cmocka_unit_test(test_a_large_table_is_not_touched_up_front),
    };
    return cmocka_run_group_tests_name("search table", tests, NULL, NULL);
}
