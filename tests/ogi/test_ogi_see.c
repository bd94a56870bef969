/* test_ogi_see.c: the static exchange evaluation (DjVariant.see) on
 * positions whose exchange can be worked out by hand.  Values: a capture
 * wins the piece's board value plus its value in hand (eval.c's tables). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "framework/lab/tune.h"
#include "tests/ogi/ogi_test.h"
#include "variants/ogi/position.h"

static int see_of(const char *position, const char *move)
{
    void *pos = ogi_test_position(position);
    DjMove m = ogi_test_move(pos, move);
    int value = OGI->see(pos, m);
    g_free(pos);
    return value;
}

static int taken(int type)
{
    return ogi_board_value[type] + ogi_hand_value[ogi_type_base(type)];
}

static void test_free_capture(void **state)
{
    (void)state;
    assert_int_equal(see_of("4k3/8/8/4p3/8/8/8/K3R3 b - 1", "e1e5"), taken(OGI_PAWN));
}

static void test_capture_into_a_defended_square_loses(void **state)
{
    (void)state;
    /* the rook takes a pawn that a silver defends */
    assert_int_equal(see_of("4k3/8/4s3/4p3/8/8/8/K3R3 b - 1", "e1e5"),
                     taken(OGI_PAWN) - taken(OGI_ROOK));
}

static void test_even_trade(void **state)
{
    (void)state;
    /* pawn takes pawn (pawns take straight ahead), the silver retakes: even */
    assert_int_equal(see_of("4k3/8/4s3/4p3/4P3/8/8/K7 b - 1", "e4e5"), 0);
    /* with a rook behind the pawn (seen through it once it has gone) the
     * silver would be lost for a pawn: White does not retake, a pawn up */
    assert_int_equal(see_of("4k3/8/4s3/4p3/4P3/8/8/K3R3 b - 1", "e4e5"), taken(OGI_PAWN));
}

static void test_drop_onto_an_attacked_square(void **state)
{
    (void)state;
    /* the silver dropped in front of a pawn is taken for nothing */
    assert_int_equal(see_of("4k3/8/8/4p3/8/8/8/K7 b S 1", "S@e4"), -taken(OGI_SILVER));
    /* ... unless the pawn would be lost for it: it still takes (a silver
     * for a pawn) and Black is a silver down, a pawn up */
    assert_int_equal(see_of("4k3/8/8/4p3/8/8/4R3/K7 b S 1", "S@e4"),
                     -taken(OGI_SILVER) + taken(OGI_PAWN));
    /* a drop nobody attacks costs nothing */
    assert_int_equal(see_of("4k3/8/8/4p3/8/8/8/K7 b S 1", "S@a5"), 0);
}

static void test_king_takes_only_an_undefended_piece(void **state)
{
    (void)state;
    /* the White King on e6 guards e5 and retakes the rook; with a lance
     * behind the rook, e5 stays guarded and the King may not retake */
    assert_int_equal(see_of("8/8/4k3/4p3/8/8/8/K3R3 b - 1", "e1e5"),
                     taken(OGI_PAWN) - taken(OGI_ROOK));
    assert_int_equal(see_of("8/8/4k3/4p3/8/8/4R3/K3L3 b - 1", "e2e5"), taken(OGI_PAWN));
}

static void test_capture_into_the_zone_promotes(void **state)
{
    (void)state;
    /* the silver must promote taking on e6, in Black's zone */
    assert_int_equal(see_of("4k3/8/4p3/4S3/8/8/8/K7 b - 1", "e5e6+"),
                     taken(OGI_PAWN) + ogi_board_value[OGI_PSILVER] - ogi_board_value[OGI_SILVER]);
}

/* The tuner keeps positions whose only noisy moves win nothing. */
static void test_tuner_quiet_positions(void **state)
{
    (void)state;
    void *even = ogi_test_position("4k3/8/4s3/4p3/4P3/8/8/K7 b - 1");
    void *winning = ogi_test_position("4k3/8/8/4p3/4P3/8/8/K7 b - 1");
    assert_true(dj_tune_position_is_quiet(OGI, even));
    assert_false(dj_tune_position_is_quiet(OGI, winning));
    g_free(even);
    g_free(winning);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_free_capture),
        cmocka_unit_test(test_capture_into_a_defended_square_loses),
        cmocka_unit_test(test_even_trade),
        cmocka_unit_test(test_drop_onto_an_attacked_square),
        cmocka_unit_test(test_king_takes_only_an_undefended_piece),
        cmocka_unit_test(test_capture_into_the_zone_promotes),
        cmocka_unit_test(test_tuner_quiet_positions),
    };
    return cmocka_run_group_tests_name("ogi-see", tests, NULL, NULL);
}
