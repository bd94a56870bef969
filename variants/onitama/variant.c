/* variant.c: Onitama as the framework sees it.  The rules it implements,
 * notation and perft counts: docs/rules/onitama.md. */
#include "variants/onitama/endgame.h"
#include "variants/onitama/onitama.h"

/* The most nodes playing levels 1 to 9 search (0: depth alone limits
 * them).  Onitama's positions are cheap to search: with the framework's
 * counts its upper levels came out too far apart (docs/strength.md). */
static const uint64_t onitama_level_nodes[] = {
    0, 0, 0, 0, 2500, 3500, 14000, 28000, 100000,
};

/* The playing levels' Elo, level 10 put at 2600: the differences fitted
 * to matches of each level against the next (200 games) and against level
 * 10 (100 games) at 100 ms a move on random base-deck deals
 * (docs/strength.md, bench/levels.sh onitama DOJO 200 100 DIR 100). */
static const int onitama_level_elo[] = {
    909, 1072, 1153, 1420, 1572, 1808, 2004, 2211, 2388, 2600,
};

/* Counts from the start agreed by three independent engines
 * (docs/rules/onitama.md), depths 1 to 6 of each card set: deeper ones are
 * in bench/perft_bench.c.  The mover holds the first two cards in the
 * docs' table; a position string lists Blue's first. */
#define ONITAMA_PERFT_ROW(position, c1, c2, c3, c4, c5, c6)                                \
    { position, 1, c1, false }, { position, 2, c2, false }, { position, 3, c3, false },     \
    { position, 4, c4, false }, { position, 5, c5, false }, { position, 6, c6, false }
static const DjPerftCount onitama_perft_counts[] = {
    ONITAMA_PERFT_ROW("ssmss/5/5/5/SSMSS b ox,boar,horse,elephant,crab",
                      10, 130, 1989, 28509, 487780, 7748422),
    ONITAMA_PERFT_ROW("ssmss/5/5/5/SSMSS r rabbit,cobra,rooster,tiger,frog",
                      9, 72, 880, 10374, 138879, 1781181),
    ONITAMA_PERFT_ROW("ssmss/5/5/5/SSMSS b goose,dragon,mantis,eel,crane",
                      10, 120, 1272, 16445, 211643, 2793554),
    ONITAMA_PERFT_ROW("ssmss/5/5/5/SSMSS r monkey,tiger,crab,dragon,mantis",
                      11, 143, 1807, 23949, 325011, 4619275),
    { NULL, 0, 0, false },
};

/* The passes: when no card moves any piece, one per card, and only then. */
static bool onitama_is_pass(const void *pos, DjMove move)
{
    return onitama_move_origin(pos, move) < 0;
}

const DjVariant dj_variant_onitama = {
    .name = "onitama",
    .title = ONITAMA_TITLE,
    .summary = "5x5 martial-arts duel: five shared move cards, capture the master or take the temple",
    .state_size = sizeof(OnitamaPosition),
    .max_moves = ONITAMA_MAX_MOVES,
    .board_width = ONITAMA_SIZE,
    .board_height = ONITAMA_SIZE,
    .side_names = { "Blue", "Red" },
    .options = onitama_options,
    /* The printed rules have no draw; a position seen for the third time
     * may be claimed as one (project rule, see docs/rules/onitama.md). */
    .repetition_draw = 0,
    .repetition_claim = 3,
    .perpetual_check_loses = false,
    .level_elo = onitama_level_elo,
    .level_nodes = onitama_level_nodes,
    /* As chess players count: "win in 2" is two of the winner's own moves,
     * and moves are numbered by pairs, "1." and "1..." (docs/rules/onitama.md). */
    .move_count = DJ_MOVE_COUNT_TURNS,
    /* The Way of the Stone (capture the master) and of the Stream (the
     * master on the enemy temple); a side that cannot move passes. */
    .result_rules = DJ_RESULT_ROYAL_CAPTURED | DJ_RESULT_ROYAL_ON_FAR_SPECIAL,
    .perft_counts = onitama_perft_counts,

    .setup = onitama_setup,
    .side_to_move = onitama_side_to_move,
    .legal_moves = onitama_legal_moves,
    .count_moves = onitama_count_moves,
    .play = onitama_play,
    .is_pass = onitama_is_pass,
    /* No null move: passing is no lower bound in Onitama.  Every move hands
     * a card to the opponent and steps a piece into its reach, so being
     * made to move often hurts (the search's null-move cut-offs lost games
     * to it: see the commit that removed it). */
    .play_null = NULL,
    .outcome = onitama_outcome,
    .key = onitama_key,
    .compute_key = onitama_compute_key,
    .in_check = NULL,
    .mirror = onitama_mirror,
    /* Tablebases: classes by card set and students (endgame.c). */
    .endgames = &onitama_endgames,

    .evaluate = onitama_evaluate,
    .eval_terms = onitama_eval_terms,
    .is_noisy = onitama_is_noisy,
    .noisy_moves = onitama_noisy_moves,
    .legal_moves_marked = onitama_legal_moves_marked,
    .move_gain = onitama_move_gain,
    .params = onitama_params,
    .n_params = ONITAMA_N_PARAMS,

    .parse_move = onitama_parse_move,
    .format_move = onitama_format_move,
    .format_position = onitama_format_position,
    .render = onitama_render,
    .render_legend = onitama_render_legend,
    .view_squares = onitama_view_squares,
    .render_holdings = onitama_render_holdings,
    .move_origin = onitama_move_origin,
    .move_destination = onitama_move_destination,
    .describe_move = onitama_describe_move,
    .describe_outcome = onitama_describe_outcome,
};
