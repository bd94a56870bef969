/* test_planted_bugs.c: each check of properties.h fails on a copy of a real
 * game with one bug planted through a wrapper, and passes on the copy with
 * the same wrapper done right.  The bugs are the kind a new game has: a
 * move generator that misses moves on one edge, an evaluation or a counted
 * result that favours one side, parts of an evaluation that do not add up
 * to it, a reason that names the wrong winner, a setup() that leaves bytes
 * uncleared, a one-pass generator whose marks of noisy moves are off, a
 * generator of gaining moves that misses one or gives them out of order.
 * The base game is the first registered one with a mirror, so this runs
 * in any build. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "tests/conformance/planted.h"
#include "tests/conformance/properties.h"

#define BASE_SEED 0xb0a7ed01u
#define GAMES 12
/* The wrapped games call a position drawn when the side to move's number
 * of legal moves is a multiple of this: an odd rule, but the same for both
 * sides, and random games meet it often. */
#define DRAW_MODULUS 7
/* Extra bytes a wrapper adds to the position and (wrongly) never clears. */
#define EXTRA_BYTES 8

static const DjVariant *base;
static DjVariant wrapped;

static bool has_mirror(const DjVariant *variant)
{
    return variant->mirror != NULL;
}

static int setup_base(void **state)
{
    (void)state;
    planted_setup(&base, &wrapped, has_mirror);
    return 0;
}

/* ---- the wrappers ------------------------------------------------------ */

/* Misses every move that lands on the a-file, as a generator whose edge
 * masks are off by one would (unless no move would be left). */
static int legal_moves_missing_a_file(const void *pos, DjMove *out)
{
    int n = base->legal_moves(pos, out), kept = 0;
    for (int i = 0; i < n; i++) {
        int to = base->move_destination(pos, out[i]);
        if (to < 0 || to % base->board_width != 0)
            out[kept++] = out[i];
    }
    return kept > 0 ? kept : n;
}

static int evaluate_favouring_side0(const void *pos)
{
    return base->evaluate(pos) + (base->side_to_move(pos) == 0 ? 10 : -10);
}

/* The last part that counts here (mine != theirs) counted as nothing, as a
 * breakdown not kept up with a new term of the evaluation would.  A part
 * the game weighs 0 is never the one: its loss would change no sum. */
static int eval_terms_missing_a_part(const void *pos, DjEvalTerm *out)
{
    int n = base->eval_terms(pos, out);
    for (int i = n - 1; i >= 0; i--) {
        if (out[i].mine != out[i].theirs) {
            out[i].mine = out[i].theirs;
            break;
        }
    }
    return n;
}

/* Whether some ongoing position of the games conf_check_properties plays
 * on the base game satisfies `holds`: a planted bug that only shows at such
 * a position cannot be caught without one. */
static bool some_position(bool (*holds)(const void *pos))
{
    bool found = false;
    for (int game = 0; game < GAMES && !found; game++) {
        ConfLine *line = conf_line_random(base, conf_game_seed(BASE_SEED, game),
                                          CONF_PROPERTY_MAX_PLIES);
        for (int ply = 0; ply <= line->n_plies && !found; ply++) {
            const void *pos = conf_line_position(line, ply);
            found = dj_position_outcome(base, pos) == DJ_OUTCOME_ONGOING && holds(pos);
        }
        conf_line_free(line);
    }
    return found;
}

static bool has_noisy_move(const void *pos)
{
    int n = 0;
    DjMove *moves = conf_legal_moves(base, pos, &n);
    bool noisy = false;
    for (int i = 0; i < n && !noisy; i++)
        noisy = base->is_noisy(pos, moves[i]);
    g_free(moves);
    return noisy;
}

static bool has_a_part_that_counts(const void *pos)
{
    DjEvalTerm parts[DJ_EVAL_MAX_TERMS];
    int n = base->eval_terms(pos, parts);
    for (int i = 0; i < n; i++)
        if (parts[i].mine != parts[i].theirs)
            return true;
    return false;
}

/* Positions with at least one, and at least two, moves of gaining_moves
 * done right: one to leave out, two to give in the wrong order. */
static int gaining_moves_right(const void *pos, DjMove *out);

static int gaining_count(const void *pos)
{
    DjMove *moves = g_new(DjMove, (gsize)base->max_moves + 1);
    int n = gaining_moves_right(pos, moves);
    g_free(moves);
    return n;
}

static bool has_gaining_move(const void *pos)
{
    return gaining_count(pos) >= 1;
}

static bool has_two_gaining_moves(const void *pos)
{
    return gaining_count(pos) >= 2;
}

/* Skip the current test, saying why, when no position of the checks' games
 * has what the planted bug needs to show. */
static void require_position(bool (*holds)(const void *pos), const char *what)
{
    if (some_position(holds))
        return;
    g_printerr("skipped: no position of %d random games of %s has %s, so this bug could not "
               "show\n", GAMES, base->name, what);
    skip();
}

/* legal_moves_marked done right, from legal_moves and is_noisy... */
static int legal_moves_marked_right(const void *pos, DjMove *out, uint8_t *noisy)
{
    int n = base->legal_moves(pos, out);
    for (int i = 0; i < n; i++)
        noisy[i] = base->is_noisy(pos, out[i]);
    return n;
}

/* ...and with the last noisy move left unmarked, as a generator that
 * forgets one kind of check would. */
static int legal_moves_marked_missing_one(const void *pos, DjMove *out, uint8_t *noisy)
{
    int n = legal_moves_marked_right(pos, out, noisy);
    for (int i = n - 1; i >= 0; i--) {
        if (noisy[i]) {
            noisy[i] = 0;
            break;
        }
    }
    return n;
}

/* gaining_moves done right: noisy_moves less those that gain nothing... */
static int gaining_moves_right(const void *pos, DjMove *out)
{
    int n = base->noisy_moves(pos, out), kept = 0;
    for (int i = 0; i < n; i++)
        if (base->move_gain(pos, out[i]) != 0)
            out[kept++] = out[i];
    return kept;
}

/* ...with the last of them left out, as a generator that forgets one kind
 * of capture would... */
static int gaining_moves_missing_one(const void *pos, DjMove *out)
{
    int n = gaining_moves_right(pos, out);
    return n > 0 ? n - 1 : 0;
}

/* ...and in the wrong order, which would change the search's order. */
static int gaining_moves_reversed(const void *pos, DjMove *out)
{
    int n = gaining_moves_right(pos, out);
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        DjMove m = out[i];
        out[i] = out[j];
        out[j] = m;
    }
    return n;
}

static bool drawn_by_count(const void *pos)
{
    return dj_count_moves(base, pos) % DRAW_MODULUS == 0;
}

/* A draw by the wrapped game's own rule, done right... */
static DjOutcome outcome_with_draws(const void *pos)
{
    DjOutcome outcome = base->outcome(pos);
    if (outcome == DJ_OUTCOME_ONGOING && drawn_by_count(pos))
        return DJ_OUTCOME_DRAW;
    return outcome;
}

/* ...and the same draw counted as a win for side 1. */
static DjOutcome outcome_with_draws_as_wins(const void *pos)
{
    DjOutcome outcome = outcome_with_draws(pos);
    return outcome == DJ_OUTCOME_DRAW ? DJ_OUTCOME_WIN_SIDE1 : outcome;
}

static void describe_draw_as_win(const void *pos, GString *out)
{
    if (outcome_with_draws(pos) == DJ_OUTCOME_DRAW)
        g_string_append_printf(out, "%s wins on count", base->side_names[0]);
    else if (base->describe_outcome != NULL)
        base->describe_outcome(pos, out);
}

static bool setup_leaving_extra_bytes(void *pos, const DjSetup *setup, GError **error)
{
    return base->setup(pos, setup, error);
}

static bool setup_clearing_extra_bytes(void *pos, const DjSetup *setup, GError **error)
{
    memset((unsigned char *)pos + base->state_size, 0, EXTRA_BYTES);
    return base->setup(pos, setup, error);
}

static void mirror_with_extra_bytes(const void *pos, void *out)
{
    base->mirror(pos, out);
    memcpy((unsigned char *)out + base->state_size, (const unsigned char *)pos + base->state_size,
           EXTRA_BYTES);
}

/* A cached ply counter that the position string does not carry, so a
 * position read back from its string differs from the one played to. */
static void play_counting_plies(void *pos, DjMove move)
{
    base->play(pos, move);
    ((unsigned char *)pos)[base->state_size]++;
}

/* ---- running the checks ------------------------------------------------- */

typedef struct Run {
    int draws;
} Run;

static void run_properties(void *data)
{
    Run *run = data;
    run->draws = conf_check_properties(&wrapped, BASE_SEED, GAMES);
}

/* The checks pass on `wrapped` (any failure fails the test); returns the
 * number of drawn games. */
static int expect_pass(void)
{
    return conf_check_properties(&wrapped, BASE_SEED, GAMES);
}

/* The checks fail on `wrapped`, with a report containing `expected`. */
static void expect_failure(const char *expected)
{
    Run run = { 0 };
    planted_expect_failure(run_properties, &run, expected);
}

/* Every test starts from an unbroken copy of the base game; it is skipped
 * when no built game supplies a mirror. */
static void require_base(void)
{
    planted_require_base(base, "a mirror");
}

/* require_base(), and a skip when the base game has no `hook` (`present`). */
static void require_base_with(bool present, const char *hook)
{
    require_base();
    if (present)
        return;
    g_printerr("skipped: %s has no %s\n", base->name, hook);
    skip();
}

/* The copy with EXTRA_BYTES more in each position, cleared by setup() and
 * carried by mirror(): still a correct game. */
static void add_extra_bytes(void)
{
    wrapped.state_size = base->state_size + EXTRA_BYTES;
    wrapped.mirror = mirror_with_extra_bytes;
    wrapped.setup = setup_clearing_extra_bytes;
}

static void test_the_unbroken_copy_passes(void **state)
{
    (void)state;
    require_base();
    expect_pass();
}

static void test_a_generator_missing_an_edge_is_caught(void **state)
{
    (void)state;
    require_base_with(base != NULL && base->move_destination != NULL, "move_destination");
    wrapped.legal_moves = legal_moves_missing_a_file;
    wrapped.count_moves = NULL;
    wrapped.noisy_moves = NULL;
    expect_failure("on the mirror image: a move generator bug");
}

static void test_an_evaluation_favouring_one_side_is_caught(void **state)
{
    (void)state;
    require_base_with(base != NULL && base->evaluate != NULL, "evaluate");
    wrapped.evaluate = evaluate_favouring_side0;
    expect_failure("on the mirror image");
}

static void test_parts_not_adding_up_to_the_evaluation_are_caught(void **state)
{
    (void)state;
    require_base_with(base != NULL && base->eval_terms != NULL, "eval_terms");
    require_position(has_a_part_that_counts, "an evaluation part that is not 0");
    wrapped.eval_terms = eval_terms_missing_a_part;
    expect_failure("the parts of eval_terms() add up to");
}

static void test_wrong_marks_of_noisy_moves_are_caught(void **state)
{
    (void)state;
    require_base_with(base != NULL && base->is_noisy != NULL, "is_noisy");
    wrapped.legal_moves_marked = legal_moves_marked_right;
    expect_pass();
    /* is_noisy may be simply false (game.h): then no mark can be wrong */
    require_position(has_noisy_move, "a move is_noisy() accepts");
    wrapped.legal_moves_marked = legal_moves_marked_missing_one;
    expect_failure("where is_noisy() says 1");
}

static void test_wrong_gaining_moves_are_caught(void **state)
{
    (void)state;
    require_base_with(base != NULL && base->noisy_moves != NULL && base->move_gain != NULL,
                      "noisy_moves and move_gain");
    wrapped.gaining_moves = gaining_moves_right;
    expect_pass();
    require_position(has_gaining_move, "a move that gains something (move_gain)");
    wrapped.gaining_moves = gaining_moves_missing_one;
    expect_failure("gaining_moves() leaves out move");
    require_position(has_two_gaining_moves, "two moves that gain something");
    wrapped.gaining_moves = gaining_moves_reversed;
    expect_failure("gaining_moves()");
}

static void test_a_draw_counted_as_a_win_is_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.outcome = outcome_with_draws;
    int draws = expect_pass();
    assert_true(draws > 0);   /* the control really reaches drawn ends */
    wrapped.outcome = outcome_with_draws_as_wins;
    expect_failure("favour one side");
}

static void test_a_reason_naming_the_wrong_winner_is_caught(void **state)
{
    (void)state;
    require_base();
    wrapped.outcome = outcome_with_draws;
    wrapped.describe_outcome = describe_draw_as_win;
    expect_failure("the game ended in a draw but its reason says");
}

static void test_uncleared_bytes_are_caught(void **state)
{
    (void)state;
    require_base();
    add_extra_bytes();
    expect_pass();
    wrapped.setup = setup_leaving_extra_bytes;
    expect_failure("setup() must clear the whole block");
}

static void test_a_cached_field_that_depends_on_the_path_is_caught(void **state)
{
    (void)state;
    require_base();
    add_extra_bytes();
    wrapped.play = play_counting_plies;
    expect_failure("a cached field depends on how it was reached");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_the_unbroken_copy_passes, setup_base),
        cmocka_unit_test_setup(test_a_generator_missing_an_edge_is_caught, setup_base),
        cmocka_unit_test_setup(test_an_evaluation_favouring_one_side_is_caught, setup_base),
        cmocka_unit_test_setup(test_parts_not_adding_up_to_the_evaluation_are_caught,
                               setup_base),
        cmocka_unit_test_setup(test_wrong_marks_of_noisy_moves_are_caught, setup_base),
        cmocka_unit_test_setup(test_wrong_gaining_moves_are_caught, setup_base),
        cmocka_unit_test_setup(test_a_draw_counted_as_a_win_is_caught, setup_base),
        cmocka_unit_test_setup(test_a_reason_naming_the_wrong_winner_is_caught, setup_base),
        cmocka_unit_test_setup(test_uncleared_bytes_are_caught, setup_base),
        cmocka_unit_test_setup(test_a_cached_field_that_depends_on_the_path_is_caught,
                               setup_base),
    };
    return cmocka_run_group_tests_name("planted bugs", tests, NULL, NULL);
}
