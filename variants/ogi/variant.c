/* variant.c: dj_variant_ogi, the Ōgi entry in the registry.  The rules it
 * implements, notation and perft counts: docs/rules/ogi.md. */
#include "framework/game.h"

#include "variants/ogi/attacks.h"
#include "variants/ogi/endgame.h"
#include "variants/ogi/net_features.h"
#include "variants/ogi/position.h"
#include "variants/ogi/text.h"

static int ogi_side_to_move(const void *position)
{
    return ((const OgiPosition *)position)->side;
}

/* Ōgi has no ending by position alone: mate and stalemate show up as "no
 * legal move", which the framework turns into a loss (game.h). */
static DjOutcome ogi_outcome(const void *position)
{
    (void)position;
    return DJ_OUTCOME_ONGOING;
}

/* The SFEN move number the position carries: the next ply's number. */
static int ogi_move_number(const void *position)
{
    return (int)MIN(((const OgiPosition *)position)->move_number, (uint32_t)G_MAXINT);
}

static uint64_t ogi_key(const void *position)
{
    return ((const OgiPosition *)position)->key;
}

/* The most nodes playing levels 1 to 9 search (0: depth alone limits
 * them): the framework's, but for level 9, which evaluates with the
 * built-in network (search/level.h): 40,000 of its nodes put it between
 * level 8 and full strength (docs/strength.md). */
static const uint64_t ogi_level_nodes[] = {
    0, 0, 0, 0, 0, 15000, 30000, 50000, 40000,
};

/* The playing levels' Elo, level 10 put at 2600: the differences fitted
 * to matches of each level against the next (200 games) and against level
 * 10 (100 games) at 100 ms a move (docs/strength.md, bench/levels.sh ogi
 * DOJO 200 100 DIR 100).  Levels 9 and 10 evaluate with the built-in
 * network, levels 1 to 8 without it. */
static const int ogi_level_elo[] = {
    753, 977, 1123, 1317, 1477, 1682, 1773, 1975, 2210, 2600,
};

/* The published counts from the start (docs/rules/ogi.md), depths 1 to 5;
 * depth 6 is Fairy-Stockfish's.  The deep ones are for bench/perft_bench.c. */
#define OGI_START_SFEN "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1"
static const DjPerftCount ogi_perft_counts[] = {
    { OGI_START_SFEN, 1, 25, false },
    { OGI_START_SFEN, 2, 625, false },
    { OGI_START_SFEN, 3, 14825, false },
    { OGI_START_SFEN, 4, 356853, false },
    { OGI_START_SFEN, 5, 8490025, false },
    { OGI_START_SFEN, 6, 205167370, false },
    { NULL, 0, 0, false },
};

const DjVariant dj_variant_ogi = {
    .name = "ogi",
    .title = OGI_TITLE,
    .summary = "(王棋) shogi on 8x8 with a princess, drops and forced promotion",
    .state_size = sizeof(OgiPosition),
    .max_moves = OGI_MAX_MOVES,
    .board_width = 8,
    .board_height = 8,
    .side_names = { "Black", "White" },
    .options = ogi_options,
    .repetition_draw = 4,
    .repetition_claim = 0,
    .perpetual_check_loses = true,
    /* Games are won and lost by mating attacks after 30-odd moves a side:
     * time spent before then decides more than time kept for after. */
    .clock_horizon_moves = 12,
    .level_elo = ogi_level_elo,
    .level_nodes = ogi_level_nodes,
    /* As shogi players count: "mate in 3" is attacker, defender, attacker,
     * and a kifu numbers every move (docs/rules/ogi.md). */
    .move_count = DJ_MOVE_COUNT_PLIES,
    /* Checkmate, and stalemate too: the side that cannot move loses. */
    .result_rules = DJ_RESULT_NO_MOVE_LOSES,
    .perft_counts = ogi_perft_counts,

    .setup = ogi_setup,
    .side_to_move = ogi_side_to_move,
    .legal_moves = ogi_legal_moves,
    .count_moves = ogi_count_moves,
    .play = ogi_play,
    .play_null = ogi_play_null,
    .outcome = ogi_outcome,
    .key = ogi_key,
    .compute_key = ogi_compute_key,
    .in_check = ogi_in_check,
    .mirror = ogi_mirror,

    .evaluate = ogi_evaluate,
    .is_noisy = ogi_is_noisy,
    .eval_terms = ogi_eval_terms,
    .noisy_moves = ogi_noisy_moves,
    .legal_moves_marked = ogi_legal_moves_marked,
    .gaining_moves = ogi_gaining_moves,
    .move_gain = ogi_move_gain,
    .see = ogi_see,
    .params = ogi_params,
    .n_params = OGI_N_PARAMS,
    .net_inputs = OGI_NET_INPUTS,
    .net_features = ogi_net_features,
    .net = &ogi_net,
    .net_builtin = ogi_builtin_net_lines,
    /* Bare King against King and one or two pieces (endgame.h). */
    .endgames = &ogi_endgames,

    .parse_move = ogi_parse_move,
    .format_move = ogi_format_move,
    .format_position = ogi_format_position,
    .format_move_engine = ogi_format_move_engine,
    .format_position_engine = ogi_format_position_engine,
    .render = ogi_render,
    .render_legend = ogi_render_legend,
    .view_squares = ogi_view_squares,
    .render_holdings = ogi_render_holdings,
    .move_origin = ogi_move_origin,
    .move_destination = ogi_move_destination,
    .move_number = ogi_move_number,
    .describe_move = ogi_describe_move,
};
