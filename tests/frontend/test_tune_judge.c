/* test_tune_judge.c: how `dojo tune --judge` reads an engine's scores and
 * its spec's limit, and turns a score into side 0's expected score
 * (tune_judge.h), in-process. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "framework/referee/tune_judge.h"

static void test_read_score(void **state)
{
    (void)state;
    DojoEngineScore score = { 0 };
    /* Lines without a score change nothing. */
    assert_true(dojo_engine_read_score("info depth 3 nodes 100 nps 5", &score));
    assert_true(dojo_engine_read_score("info string score cp 50", &score));
    assert_true(dojo_engine_read_score("readyok", &score));
    assert_false(score.seen);
    assert_true(dojo_engine_read_score("info depth 1 seldepth 2 score cp -35 nodes 9 pv a1", &score));
    assert_true(score.seen);
    assert_false(score.mate);
    assert_int_equal(score.value, -35);
    /* The last score wins: a bound counts until an exact one follows. */
    assert_true(dojo_engine_read_score("info depth 2 score cp 80 lowerbound nodes 20", &score));
    assert_int_equal(score.value, 80);
    assert_true(dojo_engine_read_score("info depth 2 score  cp  60 nodes 30", &score));
    assert_int_equal(score.value, 60);
    assert_true(dojo_engine_read_score("info depth 3 score mate -4 nodes 40", &score));
    assert_true(score.mate);
    assert_int_equal(score.value, -4);
    assert_true(dojo_engine_read_score("info depth 3 currmove a1 currmovenumber 2", &score));
    assert_true(score.mate);
    /* Garbage where a score should be. */
    const char *bad[] = { "info score cp", "info score cp x", "info score pawns 3",
                          "info depth 2 score", "info score cp 1e9999" };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        DojoEngineScore other = { 0 };
        if (dojo_engine_read_score(bad[i], &other))
            fail_msg("'%s' was taken as a score", bad[i]);
    }
}

static void test_expected_score(void **state)
{
    (void)state;
    const struct {
        bool mate;
        gint64 value;
        int side;
        double expected;
    } cases[] = {
        { false, 0, 0, 0.5 },
        { false, 0, 1, 0.5 },
        { false, 400, 0, 10.0 / 11.0 },
        { false, 400, 1, 1.0 / 11.0 },
        { false, -400, 0, 1.0 / 11.0 },
        { false, -800, 1, 100.0 / 101.0 },
        { false, 100000, 0, 1.0 },
        { true, 3, 0, 1.0 },
        { true, 3, 1, 0.0 },
        { true, -2, 0, 0.0 },
        { true, -2, 1, 1.0 },
        { true, 0, 0, 0.0 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        DojoEngineScore score = { true, cases[i].mate, cases[i].value };
        double p = dojo_judge_expected_score(&score, cases[i].side);
        if (fabs(p - cases[i].expected) > 1e-12)
            fail_msg("case %zu: %.9f, expected %.9f", i, p, cases[i].expected);
    }
}

static void test_limit(void **state)
{
    (void)state;
    const struct {
        const char *spec;
        DojoJudgeLimitKind kind;
        gint64 value;
        const char *words;
    } good[] = {
        { "name=j,cmd=x,nodes=5000", DOJO_JUDGE_NODES, 5000, "nodes 5000" },
        { "name=j,cmd=x,depth=12", DOJO_JUDGE_DEPTH, 12, "depth 12" },
        { "name=j,cmd=x,option.Hash=16,movetime=100", DOJO_JUDGE_MOVETIME, 100, "movetime 100" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(good); i++) {
        g_auto(DojoEngineSpec) spec = { 0 };
        assert_true(dojo_engine_spec_parse(good[i].spec, "--judge", &spec, NULL));
        DojoJudgeLimit limit;
        GError *error = NULL;
        assert_true(dojo_judge_limit_parse(&spec, &limit, &error));
        assert_null(error);
        assert_int_equal(limit.kind, good[i].kind);
        assert_int_equal(limit.value, good[i].value);
        GString *words = g_string_new(NULL);
        dojo_judge_limit_format(&limit, words);
        assert_string_equal(words->str, good[i].words);
        g_string_free(words, TRUE);
    }
    const char *bad[] = { "name=j,cmd=x", "name=j,cmd=x,tc=10+0.1", "name=j,cmd=x,nodes=1,depth=2",
                          "name=j,cmd=x,movetime=0", "name=j,cmd=x,depth=deep" };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_auto(DojoEngineSpec) spec = { 0 };
        assert_true(dojo_engine_spec_parse(bad[i], "--judge", &spec, NULL));
        DojoJudgeLimit limit;
        GError *error = NULL;
        assert_false(dojo_judge_limit_parse(&spec, &limit, &error));
        assert_non_null(error);
        assert_non_null(strstr(error->message, "--judge j"));
        g_error_free(error);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_score),
        cmocka_unit_test(test_expected_score),
        cmocka_unit_test(test_limit),
    };
    return cmocka_run_group_tests_name("tune_judge", tests, NULL, NULL);
}
