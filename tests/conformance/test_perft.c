/* test_perft.c: dj_perft and dj_perft_divide agree with a plain count of the
 * game tree made here from legal_moves and play alone, for every registered
 * variant, at starts and at positions from random games. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "framework/perft.h"
#include "framework/registry.h"
#include "tests/conformance/conformance.h"

#define BASE_SEED 0x9e4f7u
#define GAMES 10
#define POSITIONS_PER_GAME 5
#define MAX_PLIES 300
#define DEEP_POSITIONS 3

/* Leaves `depth` plies below `pos`, counted the slow way: a game outcome()
 * ends is a leaf, a position without legal moves counts 0, every move is
 * played (no bulk counting, no count_moves). */
static uint64_t brute_force_perft(const DjVariant *v, const void *pos, int depth)
{
    if (depth == 0 || v->outcome(pos) != DJ_OUTCOME_ONGOING)
        return 1;
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    unsigned char *child = g_malloc(v->state_size);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[i]);
        total += brute_force_perft(v, child, depth - 1);
    }
    g_free(child);
    g_free(moves);
    return total;
}

typedef struct DivideCheck {
    const ConfWhere *where;
    const DjVariant *variant;
    const void *pos;
    int depth;
    DjMove *moves;
    int n_moves;
    int calls;
    uint64_t sum;
} DivideCheck;

static void divide_callback(const char *move_text, uint64_t count, void *user_data)
{
    DivideCheck *check = user_data;
    const DjVariant *v = check->variant;
    CONF_CHECK(check->where, check->calls < check->n_moves,
               "perft divide reported more moves than there are (%d)", check->n_moves);
    DjMove move = check->moves[check->calls];
    char *text = conf_move_text(v, check->pos, move);
    CONF_CHECK(check->where, strcmp(text, move_text) == 0,
               "perft divide reports move %d as \"%s\", not \"%s\"", check->calls, move_text,
               text);
    unsigned char *child = g_memdup2(check->pos, v->state_size);
    v->play(child, move);
    uint64_t expected = check->depth <= 1 ? 1 : dj_perft(v, child, check->depth - 1);
    CONF_CHECK(check->where, count == expected,
               "perft divide %d gives %s %" G_GUINT64_FORMAT ", perft %d of the child %"
               G_GUINT64_FORMAT, check->depth, move_text, count, check->depth - 1, expected);
    g_free(child);
    g_free(text);
    check->calls++;
    check->sum += count;
}

static void check_divide(const ConfWhere *where, const DjVariant *v, const void *pos,
                         int depth)
{
    DivideCheck check = { .where = where, .variant = v, .pos = pos, .depth = depth };
    check.moves = conf_legal_moves(v, pos, &check.n_moves);
    uint64_t total = dj_perft_divide(v, pos, depth, divide_callback, &check);
    CONF_CHECK(where, check.calls == check.n_moves, "perft divide reported %d of %d moves",
               check.calls, check.n_moves);
    CONF_CHECK(where, total == check.sum, "perft divide returns %" G_GUINT64_FORMAT
               " but its parts sum to %" G_GUINT64_FORMAT, total, check.sum);
    uint64_t perft = dj_perft(v, pos, depth);
    CONF_CHECK(where, total == perft, "perft divide %d sums to %" G_GUINT64_FORMAT
               ", perft %d is %" G_GUINT64_FORMAT, depth, total, depth, perft);
    g_free(check.moves);
}

static void check_position(const ConfWhere *where, const DjVariant *v, const void *pos,
                           bool deep)
{
    CONF_CHECK(where, dj_perft(v, pos, 0) == 1, "perft 0 is not 1");
    if (v->outcome(pos) != DJ_OUTCOME_ONGOING) {
        CONF_CHECK(where, dj_perft(v, pos, 1) == 1 && dj_perft(v, pos, 2) == 1,
                   "a finished game is a leaf, but perft says otherwise");
        return;
    }
    if (dj_position_outcome(v, pos) != DJ_OUTCOME_ONGOING) {
        CONF_CHECK(where, dj_perft(v, pos, 1) == 0 && dj_perft(v, pos, 2) == 0,
                   "no sequence of moves goes on from a position without legal moves, but "
                   "perft counts some");
        return;
    }
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    g_free(moves);
    uint64_t perft1 = dj_perft(v, pos, 1);
    CONF_CHECK(where, perft1 == (uint64_t)n, "perft 1 is %" G_GUINT64_FORMAT
               " with %d legal moves", perft1, n);
    for (int depth = 2; depth <= (deep ? 3 : 2); depth++) {
        /* a position without legal moves counts 0 (perft.h) */
        uint64_t perft = dj_perft(v, pos, depth);
        uint64_t brute = brute_force_perft(v, pos, depth);
        CONF_CHECK(where, perft == brute, "perft %d is %" G_GUINT64_FORMAT
                   ", counting the tree by hand gives %" G_GUINT64_FORMAT, depth, perft,
                   brute);
    }
    for (int depth = 1; depth <= (deep ? 3 : 2); depth++)
        check_divide(where, v, pos, depth);
}

static void test_perft(void **state)
{
    (void)state;
    guint32 base = conf_base_seed(BASE_SEED);
    for (const DjVariant *const *vp = conf_variants(); *vp != NULL; vp++) {
        const DjVariant *v = *vp;
        int deep_done = 0;
        for (int game_number = 0; game_number < GAMES; game_number++) {
            guint32 seed = conf_game_seed(base, game_number);
            ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
            ConfWhere where = { v, seed, game_number, 0, NULL };
            int step = line->n_plies / POSITIONS_PER_GAME + 1;
            for (int ply = 0; ply <= line->n_plies; ply += step) {
                where.ply = ply;
                where.pos = conf_line_position(line, ply);
                bool deep = deep_done < DEEP_POSITIONS;
                check_position(&where, v, where.pos, deep);
                deep_done += deep;
            }
            /* the final position too: a finished game is a leaf */
            where.ply = line->n_plies;
            where.pos = conf_line_position(line, line->n_plies);
            check_position(&where, v, where.pos, false);
            conf_line_free(line);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft),
    };
    return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}
