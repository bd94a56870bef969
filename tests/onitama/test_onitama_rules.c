/* test_onitama_rules.c: each rule of docs/rules/onitama.md in its
 * own test, through the DjVariant interface. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/onitama/onitama_test.h"

/* The card table of docs/rules/onitama.md, transcribed independently of the
 * variant's own table: name, stamp (0 Blue, 1 Red), offsets (dx, dy). */
typedef struct RulesCard {
    const char *name;
    int stamp;
    int n_offsets;
    int offsets[4][2];
} RulesCard;

static const RulesCard rules_cards[32] = {
    { "Tiger", 0, 2, { {0, 2}, {0, -1} } },
    { "Dragon", 1, 4, { {-2, 1}, {2, 1}, {-1, -1}, {1, -1} } },
    { "Frog", 1, 3, { {-2, 0}, {-1, 1}, {1, -1} } },
    { "Rabbit", 0, 3, { {2, 0}, {1, 1}, {-1, -1} } },
    { "Crab", 0, 3, { {0, 1}, {-2, 0}, {2, 0} } },
    { "Elephant", 1, 4, { {-1, 1}, {1, 1}, {-1, 0}, {1, 0} } },
    { "Goose", 0, 4, { {-1, 1}, {-1, 0}, {1, 0}, {1, -1} } },
    { "Rooster", 1, 4, { {1, 1}, {-1, 0}, {1, 0}, {-1, -1} } },
    { "Monkey", 0, 4, { {-1, 1}, {1, 1}, {-1, -1}, {1, -1} } },
    { "Mantis", 1, 3, { {-1, 1}, {1, 1}, {0, -1} } },
    { "Horse", 1, 3, { {0, 1}, {0, -1}, {-1, 0} } },
    { "Ox", 0, 3, { {0, 1}, {0, -1}, {1, 0} } },
    { "Crane", 0, 3, { {0, 1}, {-1, -1}, {1, -1} } },
    { "Boar", 1, 3, { {0, 1}, {-1, 0}, {1, 0} } },
    { "Eel", 0, 3, { {1, 0}, {-1, 1}, {-1, -1} } },
    { "Cobra", 1, 3, { {-1, 0}, {1, 1}, {1, -1} } },
    { "Fox", 1, 3, { {1, 1}, {1, 0}, {1, -1} } },
    { "Dog", 0, 3, { {-1, 1}, {-1, 0}, {-1, -1} } },
    { "Giraffe", 0, 3, { {-2, 1}, {2, 1}, {0, -1} } },
    { "Panda", 1, 3, { {0, 1}, {1, 1}, {-1, -1} } },
    { "Bear", 0, 3, { {0, 1}, {-1, 1}, {1, -1} } },
    { "Kirin", 1, 3, { {-1, 2}, {1, 2}, {0, -2} } },
    { "Sea Snake", 0, 3, { {0, 1}, {2, 0}, {-1, -1} } },
    { "Viper", 1, 3, { {0, 1}, {-2, 0}, {1, -1} } },
    { "Phoenix", 0, 4, { {-1, 1}, {1, 1}, {-2, 0}, {2, 0} } },
    { "Mouse", 0, 3, { {0, 1}, {1, 0}, {-1, -1} } },
    { "Rat", 1, 3, { {0, 1}, {-1, 0}, {1, -1} } },
    { "Turtle", 1, 4, { {-2, 0}, {2, 0}, {-1, -1}, {1, -1} } },
    { "Tanuki", 0, 3, { {0, 1}, {2, 1}, {-1, -1} } },
    { "Iguana", 1, 3, { {0, 1}, {-2, 1}, {1, -1} } },
    { "Sable", 0, 3, { {-2, 0}, {1, 1}, {-1, -1} } },
    { "Otter", 1, 3, { {2, 0}, {-1, 1}, {1, -1} } },
};

/* "Sea Snake" -> "sea-snake", the notation name. */
static char *notation_name(const char *title)
{
    char *name = g_ascii_strdown(title, -1);
    g_strdelimit(name, " ", '-');
    return name;
}

/* Four other cards to fill a deal around card `keep`. */
static void fillers(int keep, const char *out[4])
{
    static const char *const pool[] = { "tiger", "dragon", "frog", "rabbit", "crab" };
    int n = 0;
    for (int i = 0; n < 4; i++) {
        char *name = notation_name(rules_cards[keep].name);
        if (strcmp(pool[i], name) != 0)
            out[n++] = pool[i];
        g_free(name);
    }
}

/* The position with a lone master of `side` on c3 holding `card` (the
 * other master waits in a corner away from both temples), `side` to move. */
static void *lone_master_on_c3(int card, int side)
{
    const char *others[4];
    fillers(card, others);
    char *name = notation_name(rules_cards[card].name);
    char *text = side == 0
        ? g_strdup_printf("4m/5/2M2/5/5 b %s,%s,%s,%s,%s", name, others[0], others[1], others[2], others[3])
        : g_strdup_printf("M4/5/2m2/5/5 r %s,%s,%s,%s,%s", others[0], others[1], name, others[2], others[3]);
    void *pos = oni_position(text);
    g_free(text);
    g_free(name);
    return pos;
}

/* How many legal moves of `pos` start with `prefix`. */
static int count_moves_with_prefix(const void *pos, const char *prefix)
{
    DjMove moves[64];
    int n = ONI->legal_moves(pos, moves);
    int count = 0;
    for (int i = 0; i < n; i++) {
        GString *move = g_string_new(NULL);
        ONI->format_move(pos, moves[i], move);
        count += g_str_has_prefix(move->str, prefix);
        g_string_free(move, TRUE);
    }
    return count;
}

/* Every card moves exactly as the rules draw it, for Blue as printed and
 * for Red turned 180 degrees. */
static void test_every_card_matches_the_rules(void **state)
{
    (void)state;
    for (int card = 0; card < 32; card++) {
        char *name = notation_name(rules_cards[card].name);
        char *prefix = g_strdup_printf("%s:", name);
        for (int side = 0; side < 2; side++) {
            void *pos = lone_master_on_c3(card, side);
            int turn = side == 0 ? 1 : -1;
            for (int i = 0; i < rules_cards[card].n_offsets; i++) {
                int file = 2 + turn * rules_cards[card].offsets[i][0];
                int rank = 2 + turn * rules_cards[card].offsets[i][1];
                char *move = g_strdup_printf("%s:c3%c%d", name, 'a' + file, rank + 1);
                if (!oni_has_move(pos, move)) {
                    fail_msg("%s missing for %s", move, side == 0 ? "Blue" : "Red");
                }
                g_free(move);
            }
            assert_int_equal(count_moves_with_prefix(pos, prefix), rules_cards[card].n_offsets);
            g_free(pos);
        }
        g_free(prefix);
        g_free(name);
    }
}

/* The side card's stamp names the first player, for every card. */
static void test_stamp_decides_first_player(void **state)
{
    (void)state;
    for (int card = 0; card < 32; card++) {
        const char *others[4];
        fillers(card, others);
        char *name = notation_name(rules_cards[card].name);
        char *cards = g_strdup_printf("%s,%s,%s,%s,%s", others[0], others[1], others[2], others[3], name);
        void *pos = oni_new_game(cards);
        if (ONI->side_to_move(pos) != rules_cards[card].stamp) {
            fail_msg("side card %s: wrong first player", name);
        }
        g_free(pos);
        g_free(cards);
        g_free(name);
    }
}

/* The start: masters on the temples, students beside them. */
static void test_start_position(void **state)
{
    (void)state;
    void *pos = oni_new_game("ox,boar,horse,elephant,crab");
    char *text = oni_position_string(pos);
    assert_string_equal(text, "ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab");
    assert_int_equal(ONI->outcome(pos), DJ_OUTCOME_ONGOING);
    g_free(text);
    g_free(pos);
}

/* Column a full of Blue pieces holding Tiger and Horse: nothing can move,
 * so the only moves are the two passes, and a pass swaps the card with
 * the side card without touching the board. */
static void test_pass_exchanges_card(void **state)
{
    (void)state;
    void *pos = oni_position("M3m/S4/S4/S4/S4 b tiger,horse,ox,boar,crab");
    char *moves = oni_moves_text(pos);
    assert_string_equal(moves, "tiger:pass, horse:pass");
    assert_int_equal(ONI->count_moves(pos), 2);
    assert_int_equal(ONI->move_origin(pos, oni_move(pos, "horse:pass")), -1);
    void *after = oni_after(pos, "horse:pass");
    char *text = oni_position_string(after);
    assert_string_equal(text, "M3m/S4/S4/S4/S4 r tiger,crab,ox,boar,horse");
    assert_int_equal(ONI->outcome(after), DJ_OUTCOME_ONGOING);
    g_free(text);
    g_free(after);
    g_free(moves);
    g_free(pos);
}

/* Way of the Stone, for both sides. */
static void test_stone_win(void **state)
{
    (void)state;
    /* Blue's student on c3 takes Red's master on c4 with the Boar (0,1). */
    void *pos = oni_position("5/2m2/2S2/5/2M2 b boar,ox,horse,elephant,crab");
    void *after = oni_after(pos, "boar:c3c4");
    assert_int_equal(ONI->outcome(after), DJ_OUTCOME_WIN_SIDE0);
    g_free(after);
    g_free(pos);
    /* Red's master takes Blue's master: Red's Boar (0,1) goes down the board. */
    pos = oni_position("5/2m2/2M2/5/5 r ox,horse,boar,elephant,crab");
    after = oni_after(pos, "boar:c4c3");
    assert_int_equal(ONI->outcome(after), DJ_OUTCOME_WIN_SIDE1);
    g_free(after);
    g_free(pos);
}

/* Way of the Stream, even onto a temple the enemy attacks; a student on
 * the enemy temple wins nothing. */
static void test_stream_win(void **state)
{
    (void)state;
    /* Red's students on b5 and d5 attack c5 with Red's Horse and Elephant
     * (see the next test); Blue's master still wins by stepping there. */
    void *pos = oni_position("1s1s1/2M2/5/5/m4 b boar,ox,horse,elephant,crab");
    assert_true(oni_has_move(pos, "boar:c4c5"));
    void *after = oni_after(pos, "boar:c4c5");
    assert_int_equal(ONI->outcome(after), DJ_OUTCOME_WIN_SIDE0);
    g_free(after);
    g_free(pos);
    /* Red's master steps onto c1 (Red's Boar moves it down). */
    pos = oni_position("M4/5/5/2m2/1S1S1 r ox,crab,boar,elephant,horse");
    after = oni_after(pos, "boar:c2c1");
    assert_int_equal(ONI->outcome(after), DJ_OUTCOME_WIN_SIDE1);
    g_free(after);
    g_free(pos);
    /* A Blue student on c5 is just a student. */
    pos = oni_position("4m/2S2/5/5/2M2 b boar,ox,horse,elephant,crab");
    after = oni_after(pos, "boar:c4c5");
    assert_int_equal(ONI->outcome(after), DJ_OUTCOME_ONGOING);
    g_free(after);
    g_free(pos);
}

/* The temple of the Stream test is attacked: the same board with Red to
 * move and the same hands lets Red's students land on c5. */
static void test_stream_temple_was_attacked(void **state)
{
    (void)state;
    void *pos = oni_position("1s1s1/2M2/5/5/m4 r boar,ox,horse,elephant,crab");
    assert_true(oni_has_move(pos, "horse:b5c5"));
    assert_true(oni_has_move(pos, "elephant:d5c5"));
    g_free(pos);
}

/* Landing on an enemy piece removes it. */
static void test_capture(void **state)
{
    (void)state;
    void *pos = oni_position("m4/5/2s2/2S2/2M2 b boar,ox,horse,elephant,crab");
    DjMove move = oni_move(pos, "boar:c2c3");
    assert_true(ONI->is_noisy(pos, move));
    void *after = oni_after(pos, "boar:c2c3");
    char *text = oni_position_string(after);
    assert_string_equal(text, "m4/5/2S2/5/2M2 r crab,ox,horse,elephant,boar");
    assert_int_equal(ONI->outcome(after), DJ_OUTCOME_ONGOING);
    g_free(text);
    g_free(after);
    g_free(pos);
}

/* No move lands on a piece of one's own side. */
static void test_no_landing_on_own_piece(void **state)
{
    (void)state;
    void *pos = oni_new_game("ox,boar,horse,elephant,crab");
    /* Boar and Ox both step sideways along the back rank: all blocked. */
    assert_false(oni_has_move(pos, "boar:a1b1"));
    assert_false(oni_has_move(pos, "ox:a1b1"));
    assert_false(oni_has_move(pos, "boar:c1d1"));
    assert_true(oni_has_move(pos, "boar:c1c2"));
    DjMove moves[64];
    int n = ONI->legal_moves(pos, moves);
    assert_int_equal(n, 10);   /* five pieces, one step forward with each card */
    g_free(pos);
}

/* The same card moves Red the other way round. */
static void test_card_turned_for_red(void **state)
{
    (void)state;
    /* Tiger (0,2): Blue from c2 to c4; Red from c4 to c2. */
    void *blue = oni_position("m4/5/5/2M2/5 b tiger,ox,horse,elephant,crab");
    assert_true(oni_has_move(blue, "tiger:c2c4"));
    assert_true(oni_has_move(blue, "tiger:c2c1"));   /* (0,-1): back toward Blue */
    void *red = oni_position("M4/2m2/5/5/5 r horse,elephant,tiger,ox,crab");
    assert_true(oni_has_move(red, "tiger:c4c2"));
    assert_true(oni_has_move(red, "tiger:c4c5"));
    /* Frog (-2,0): Blue to its left (toward a), Red to its left (toward e). */
    void *blue_frog = oni_position("m4/5/2M2/5/5 b frog,ox,horse,elephant,crab");
    assert_true(oni_has_move(blue_frog, "frog:c3a3"));
    assert_false(oni_has_move(blue_frog, "frog:c3e3"));
    void *red_frog = oni_position("M4/5/2m2/5/5 r horse,elephant,frog,ox,crab");
    assert_true(oni_has_move(red_frog, "frog:c3e3"));
    assert_false(oni_has_move(red_frog, "frog:c3a3"));
    g_free(blue);
    g_free(red);
    g_free(blue_frog);
    g_free(red_frog);
}

/* The card played goes to the side; the side card comes to the mover's
 * hand; the opponent may use the played card on its next turn. */
static void test_card_rotation(void **state)
{
    (void)state;
    void *pos = oni_new_game("ox,boar,horse,elephant,crab");
    void *after = oni_after(pos, "ox:e1e2");
    char *text = oni_position_string(after);
    oni_assert_contains(text, " r crab,boar,horse,elephant,ox");
    g_free(text);
    /* Red may not use the Ox yet... */
    char *error = oni_move_error(after, "ox:a5a4");
    oni_assert_contains(error, "side card");
    g_free(error);
    /* ...but takes it into its hand with its move. */
    void *later = oni_after(after, "horse:a5a4");
    text = oni_position_string(later);
    oni_assert_contains(text, " b crab,boar,ox,elephant,horse");
    g_free(text);
    g_free(later);
    g_free(after);
    g_free(pos);
}

/* The key covers the board, which card is where and the side to move,
 * and not the order of the two cards inside a hand. */
static void test_key(void **state)
{
    (void)state;
    const char *base = "ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab";
    void *pos = oni_position(base);
    void *swapped_hand = oni_position("ssmss/5/5/5/SSMSS b boar,ox,elephant,horse,crab");
    void *other_side = oni_position("ssmss/5/5/5/SSMSS r ox,boar,horse,elephant,crab");
    void *other_side_card = oni_position("ssmss/5/5/5/SSMSS b ox,crab,horse,elephant,boar");
    void *swapped_hands = oni_position("ssmss/5/5/5/SSMSS b horse,elephant,ox,boar,crab");
    void *moved = oni_position("ssmss/5/5/4S/SSMS1 b ox,boar,horse,elephant,crab");
    assert_true(ONI->key(pos) == ONI->key(swapped_hand));
    assert_true(ONI->key(pos) != ONI->key(other_side));
    assert_true(ONI->key(pos) != ONI->key(other_side_card));
    assert_true(ONI->key(pos) != ONI->key(swapped_hands));
    assert_true(ONI->key(pos) != ONI->key(moved));
    void *masters_swapped = oni_position("sssms/5/5/5/SSMSS b ox,boar,horse,elephant,crab");
    assert_true(ONI->key(pos) != ONI->key(masters_swapped));
    /* After moves, the incremental key equals the key of the same position
     * read from its string. */
    void *b = vt_after_line(ONI, pos, "ox:a1a2 horse:e5e4");
    char *text = oni_position_string(b);
    void *c = oni_position(text);
    assert_true(ONI->key(b) == ONI->key(c));
    g_free(text);
    g_free(c);
    g_free(b);
    g_free(masters_swapped);
    g_free(moved);
    g_free(swapped_hands);
    g_free(other_side_card);
    g_free(other_side);
    g_free(swapped_hand);
    g_free(pos);
}

/* The five card names of a position string. */
static char **cards_of(const void *pos)
{
    char *text = oni_position_string(pos);
    char **fields = g_strsplit(text, " ", -1);
    assert_int_equal(g_strv_length(fields), 3);
    char **cards = g_strsplit(fields[2], ",", -1);
    assert_int_equal(g_strv_length(cards), 5);
    g_strfreev(fields);
    g_free(text);
    return cards;
}

/* Index of `name` (notation) in rules_cards, or -1. */
static int rules_card_index(const char *name)
{
    for (int i = 0; i < 32; i++) {
        char *candidate = notation_name(rules_cards[i].name);
        bool same = strcmp(candidate, name) == 0;
        g_free(candidate);
        if (same)
            return i;
    }
    return -1;
}

/* A random deal: five different cards of the chosen deck, the same for the
 * same seed, the first player from the side card's stamp. */
static void check_deals(const char *deck, int first_card, int last_card)
{
    DjOptionValue option = { "deck", deck };
    GHashTable *seen_deals = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    bool seen_card[32] = { false };
    for (guint64 seed = 1; seed <= 200; seed++) {
        char *message = NULL;
        void *pos = oni_try_new_game(&option, 1, seed * 7919, &message);
        assert_non_null(pos);
        char **cards = cards_of(pos);
        for (int i = 0; i < 5; i++) {
            int index = rules_card_index(cards[i]);
            assert_in_range(index, first_card, last_card);
            seen_card[index] = true;
            for (int j = 0; j < i; j++)
                assert_string_not_equal(cards[i], cards[j]);
        }
        assert_int_equal(ONI->side_to_move(pos), rules_cards[rules_card_index(cards[4])].stamp);
        void *again = oni_try_new_game(&option, 1, seed * 7919, &message);
        assert_memory_equal(pos, again, ONI->state_size);
        g_hash_table_add(seen_deals, oni_position_string(pos));
        g_free(again);
        g_strfreev(cards);
        g_free(pos);
    }
    assert_true(g_hash_table_size(seen_deals) > 150);
    for (int i = first_card; i <= last_card; i++)
        assert_true(seen_card[i]);
    g_hash_table_destroy(seen_deals);
}

static void test_random_deal(void **state)
{
    (void)state;
    check_deals("base", 0, 15);
    check_deals("senseis", 16, 31);
    check_deals("both", 0, 31);
    /* No option at all: a deal from the base deck. */
    char *message = NULL;
    void *pos = oni_try_new_game(NULL, 0, 42, &message);
    assert_non_null(pos);
    char **cards = cards_of(pos);
    for (int i = 0; i < 5; i++)
        assert_in_range(rules_card_index(cards[i]), 0, 15);
    g_strfreev(cards);
    g_free(pos);
}

/* A finished game is a leaf: perft counts it once. */
static void test_finished_position(void **state)
{
    (void)state;
    void *stone = oni_position("5/5/2S2/5/2M2 r boar,ox,horse,elephant,crab");
    assert_int_equal(ONI->outcome(stone), DJ_OUTCOME_WIN_SIDE0);
    void *stream = oni_position("2M2/5/5/5/m4 r boar,ox,horse,elephant,crab");
    assert_int_equal(ONI->outcome(stream), DJ_OUTCOME_WIN_SIDE0);
    void *red_stream = oni_position("M4/5/5/5/2m2 b boar,ox,horse,elephant,crab");
    assert_int_equal(ONI->outcome(red_stream), DJ_OUTCOME_WIN_SIDE1);
    g_free(red_stream);
    g_free(stream);
    g_free(stone);
}

/* Onitama offers the search no null move: passing is no lower bound here
 * (being made to move, and to hand over a card, often hurts). */
static void test_no_null_move(void **state)
{
    (void)state;
    assert_null(ONI->play_null);
}

/* The same position seen from the other side: board turned 180 degrees,
 * colours swapped, hands swapped, the other side to move. */
static void *mirrored(const void *pos)
{
    char *text = oni_position_string(pos);
    char **fields = g_strsplit(text, " ", -1);
    char *board = g_strreverse(g_strdup(fields[0]));
    for (char *c = board; *c != '\0'; c++)
        *c = g_ascii_isupper(*c) ? g_ascii_tolower(*c) : g_ascii_toupper(*c);
    char **cards = g_strsplit(fields[2], ",", -1);
    char *mirror = g_strdup_printf("%s %s %s,%s,%s,%s,%s", board, fields[1][0] == 'b' ? "r" : "b",
                                   cards[2], cards[3], cards[0], cards[1], cards[4]);
    void *result = oni_position(mirror);
    g_free(mirror);
    g_strfreev(cards);
    g_free(board);
    g_strfreev(fields);
    g_free(text);
    return result;
}

/* Along random games: the evaluation is in bounds and the same for a
 * position and its mirror image; count_moves agrees with legal_moves. */
static void test_evaluation_symmetric_and_bounded(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(20261122);
    for (int game = 0; game < 60; game++) {
        DjOptionValue option = { "deck", "both" };
        char *message = NULL;
        void *pos = oni_try_new_game(&option, 1, (guint64)game, &message);
        for (int ply = 0; ply < 120 && ONI->outcome(pos) == DJ_OUTCOME_ONGOING; ply++) {
            int score = ONI->evaluate(pos);
            assert_true(score > -DJ_SCORE_EVAL_MAX && score < DJ_SCORE_EVAL_MAX);
            void *mirror = mirrored(pos);
            assert_int_equal(ONI->evaluate(mirror), score);
            DjMove moves[64];
            int n = ONI->legal_moves(pos, moves);
            assert_int_equal(n, ONI->count_moves(mirror));
            assert_int_equal(n, ONI->count_moves(pos));
            assert_in_range(n, 1, ONI->max_moves);
            g_free(mirror);
            ONI->play(pos, moves[g_rand_int_range(rand, 0, n)]);
            assert_true(ONI->key(pos) == ONI->compute_key(pos));
        }
        g_free(pos);
    }
    g_rand_free(rand);
}

/* More material scores better; a win on the next move scores high. */
static void test_evaluation_sense(void **state)
{
    (void)state;
    void *even = oni_position("ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab");
    void *up = oni_position("ssm1s/5/5/5/SSMSS b ox,boar,horse,elephant,crab");
    void *down = oni_position("ssmss/5/5/5/SSM1S b ox,boar,horse,elephant,crab");
    assert_true(ONI->evaluate(up) > ONI->evaluate(even) + 50);
    assert_true(ONI->evaluate(down) < ONI->evaluate(even) - 50);
    /* Blue's master one step from Red's empty temple with the Boar. */
    void *winning = oni_position("s1m1s/2M2/5/5/S3S b boar,ox,horse,elephant,crab");
    assert_true(ONI->evaluate(winning) > 1000);
    /* Red's master on c2 reaches Blue's temple with Red's Boar next move,
     * and no Blue piece can take it first: lost for Blue. */
    void *losing = oni_position("s3s/S4/5/2m2/4M b ox,crab,boar,horse,elephant");
    assert_true(ONI->evaluate(losing) < -1000);
    g_free(losing);
    g_free(winning);
    g_free(down);
    g_free(up);
    g_free(even);
}

/* Noisy: captures and the master's step onto the enemy temple. */
static void test_noisy_moves(void **state)
{
    (void)state;
    void *pos = oni_position("m4/2Ms1/5/1S3/5 b boar,ox,horse,elephant,crab");
    assert_true(ONI->is_noisy(pos, oni_move(pos, "boar:c4c5")));    /* master to the temple */
    assert_true(ONI->is_noisy(pos, oni_move(pos, "boar:c4d4")));    /* capture */
    assert_false(ONI->is_noisy(pos, oni_move(pos, "boar:c4b4")));
    assert_false(ONI->is_noisy(pos, oni_move(pos, "boar:b2b3")));
    g_free(pos);
    /* A student on the enemy temple is quiet. */
    pos = oni_position("m4/2S2/5/5/2M2 b boar,ox,horse,elephant,crab");
    assert_false(ONI->is_noisy(pos, oni_move(pos, "boar:c4c5")));
    g_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_card_matches_the_rules),
        cmocka_unit_test(test_stamp_decides_first_player),
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_pass_exchanges_card),
        cmocka_unit_test(test_stone_win),
        cmocka_unit_test(test_stream_win),
        cmocka_unit_test(test_stream_temple_was_attacked),
        cmocka_unit_test(test_capture),
        cmocka_unit_test(test_no_landing_on_own_piece),
        cmocka_unit_test(test_card_turned_for_red),
        cmocka_unit_test(test_card_rotation),
        cmocka_unit_test(test_key),
        cmocka_unit_test(test_random_deal),
        cmocka_unit_test(test_finished_position),
        cmocka_unit_test(test_no_null_move),
        cmocka_unit_test(test_evaluation_symmetric_and_bounded),
        cmocka_unit_test(test_evaluation_sense),
        cmocka_unit_test(test_noisy_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
