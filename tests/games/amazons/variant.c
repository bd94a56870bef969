/* variant.c: the two test variants of the Amazons (amazons.h; rules in
 * tests/games/amazons/rules.md).  `amazons` plays a turn as two moves, the
 * amazon's and then its arrow; `amazons1` as one move of a code up to
 * 1 << 18.  Everything but the facts is shared. */
#include "tests/games/amazons/amazons.h"

/* Counted by programs of their own (rules.md: a Python brute force, and
 * tests/games/amazons/test's), nobody having published counts for this
 * board: by moves and by whole turns, the same in both variants where a
 * turn is two moves in one and one in the other. */
#define START "2B1B2/7/7/7/7/7/2W1W2 w"
static const DjPerftCount amazons_perft_counts[] = {
    { .position = START, .depth = 1, .leaves = 28 },
    { .position = START, .depth = 2, .leaves = 512 },
    { .position = START, .depth = 3, .leaves = 13096 },
    { .position = START, .depth = 4, .leaves = 219156 },
    { .position = START, .depth = 1, .leaves = 512, .turns = true },
    { .position = START, .depth = 2, .leaves = 219156, .turns = true },
    { .position = NULL },
};
static const DjPerftCount amazons1_perft_counts[] = {
    { .position = START, .depth = 1, .leaves = 512 },
    { .position = START, .depth = 2, .leaves = 219156 },
    { .position = START, .depth = 1, .leaves = 512, .turns = true },
    { .position = START, .depth = 2, .leaves = 219156, .turns = true },
    { .position = NULL },
};

#define AMAZONS_COMMON                                                   \
    .title = "Amazons 7x7",                                              \
    .state_size = sizeof(AmazonsPosition),                               \
    .board_width = AMAZONS_SIZE,                                         \
    .board_height = AMAZONS_SIZE,                                        \
    .side_names = { "White", "Black" },                                  \
    .options = NULL,                                                     \
    /* No position repeats: every turn burns a square. */                \
    .repetition_draw = 0,                                                \
    .repetition_claim = 0,                                               \
    .move_count = DJ_MOVE_COUNT_TURNS,                                   \
    .result_rules = DJ_RESULT_NO_MOVE_LOSES,                             \
    .side_to_move = amazons_side_to_move,                                \
    .legal_moves = amazons_legal_moves,                                  \
    .play = amazons_play,                                                \
    .outcome = amazons_outcome,                                          \
    .key = amazons_key,                                                  \
    .compute_key = amazons_compute_key,                                  \
    .mirror = amazons_mirror,                                            \
    .evaluate = amazons_evaluate,                                        \
    .eval_terms = amazons_eval_terms,                                    \
    .is_noisy = amazons_is_noisy,                                        \
    .params = amazons_params,                                            \
    .n_params = AMAZONS_N_PARAMS,                                        \
    .parse_move = amazons_parse_move,                                    \
    .format_move = amazons_format_move,                                  \
    .format_position = amazons_format_position,                          \
    .render = amazons_render,                                            \
    .render_legend = amazons_render_legend,                              \
    .view_squares = amazons_view_squares,                                \
    .move_origin = amazons_move_origin,                                  \
    .move_destination = amazons_move_destination,                        \
    .describe_move = amazons_describe_move

/* A turn in two moves: the first keeps the turn (extra_turns), and the two
 * are one turn for people and for counting (compound_turns).  Every code
 * is below 1 << 13, so DJ_MOVE_LIMIT holds. */
const DjVariant dj_variant_amazons = {
    AMAZONS_COMMON,
    .name = "amazons",
    .summary = "test game: Amazons on 7x7, a turn in two moves (amazon, then arrow)",
    .max_moves = AMAZONS_MAX_PARTS,
    .extra_turns = true,
    .compound_turns = true,
    .setup = amazons_setup_compound,
    .perft_counts = amazons_perft_counts,
};

/* A turn in one move, from | to << 6 | arrow << 12: codes up to 1 << 18,
 * above DJ_MOVE_LIMIT, so the game says its own limit. */
const DjVariant dj_variant_amazons1 = {
    AMAZONS_COMMON,
    .name = "amazons1",
    .summary = "test game: Amazons on 7x7, a turn as one move (codes above 65,536)",
    .max_moves = AMAZONS_MAX_TURNS,
    .move_limit = AMAZONS_TURN_LIMIT,
    .setup = amazons_setup_whole,
    .perft_counts = amazons1_perft_counts,
};
