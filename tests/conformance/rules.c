/* rules.c: the checks of a game's declared rules (see rules.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tests/conformance/rules.h"

#include <string.h>

#include "framework/perft.h"

#define ALL_RULES                                                                          \
    (DJ_RESULT_NO_MOVE_LOSES | DJ_RESULT_NO_MOVE_WINS | DJ_RESULT_ROYAL_CAPTURED          \
     | DJ_RESULT_ROYAL_ON_FAR_SPECIAL | DJ_RESULT_MOST_PIECES | DJ_RESULT_OTHER)

static const struct {
    unsigned flag;
    const char *name;
} rule_names[] = {
    { DJ_RESULT_NO_MOVE_LOSES, "DJ_RESULT_NO_MOVE_LOSES (the side that cannot move loses)" },
    { DJ_RESULT_NO_MOVE_WINS, "DJ_RESULT_NO_MOVE_WINS (the side that cannot move wins)" },
    { DJ_RESULT_ROYAL_CAPTURED, "DJ_RESULT_ROYAL_CAPTURED (losing the royal piece loses)" },
    { DJ_RESULT_ROYAL_ON_FAR_SPECIAL,
      "DJ_RESULT_ROYAL_ON_FAR_SPECIAL (the royal piece on a special square of the other "
      "half wins)" },
    { DJ_RESULT_MOST_PIECES,
      "DJ_RESULT_MOST_PIECES (when neither side can move, more pieces win)" },
    { DJ_RESULT_OTHER, "DJ_RESULT_OTHER (ends not described)" },
};

char *conf_result_rule_names(unsigned rules)
{
    GString *out = g_string_new(NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(rule_names); i++) {
        if ((rules & rule_names[i].flag) == 0)
            continue;
        if (out->len > 0)
            g_string_append(out, ", ");
        g_string_append(out, rule_names[i].name);
    }
    if (out->len == 0)
        g_string_append(out, "none");
    return g_string_free(out, FALSE);
}

static const char *outcome_name(const DjVariant *v, DjOutcome outcome)
{
    switch (outcome) {
    case DJ_OUTCOME_WIN_SIDE0: return v->side_names[0];
    case DJ_OUTCOME_WIN_SIDE1: return v->side_names[1];
    case DJ_OUTCOME_DRAW: return "a draw";
    default: return "the game goes on";
    }
}

/* ---- what the board shows (view_squares) ---------------------------------- */

typedef struct BoardFacts {
    int pieces[2];      /* pieces of each side on the board */
    int royals[2];      /* royal pieces of each side */
    bool royal_far[2];  /* a royal piece of the side on a special square of the other half */
} BoardFacts;

static BoardFacts board_facts(const DjVariant *v, const void *pos)
{
    BoardFacts facts = { { 0, 0 }, { 0, 0 }, { false, false } };
    int n = v->board_width * v->board_height;
    DjSquareView *view = g_new0(DjSquareView, n);
    DjRenderStyle style = { .color = false, .traditional = false,
                            .last_move = DJ_MOVE_NONE, .bottom_side = 0 };
    v->view_squares(pos, &style, view);
    for (int square = 0; square < n; square++) {
        int side = view[square].side;
        if (side != 0 && side != 1)
            continue;
        facts.pieces[side]++;
        if (!view[square].royal)
            continue;
        facts.royals[side]++;
        /* The other side's half: the ranks beyond the middle, as seen by
         * the side (side 0 at the bottom); the middle rank of an odd board
         * is neither side's. */
        int rank = square / v->board_width;
        bool far = side == 0 ? 2 * rank >= v->board_height + 1
                             : 2 * rank < v->board_height - 1;
        if (far && view[square].special)
            facts.royal_far[side] = true;
    }
    g_free(view);
    return facts;
}

/* ---- moves ----------------------------------------------------------------- */

/* The legal moves of `pos` that are not passes; *passes gets the passes
 * among them (the first into *pass when there is one). */
static int moves_but_passes(const DjVariant *v, const void *pos, int *passes, DjMove *pass)
{
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    *passes = 0;
    for (int i = 0; i < n; i++) {
        if (v->is_pass != NULL && v->is_pass(pos, moves[i])) {
            if (*passes == 0 && pass != NULL)
                *pass = moves[i];
            (*passes)++;
        }
    }
    g_free(moves);
    return n - *passes;
}

/* The pass checks at the ongoing `pos`. */
static void check_passes(const ConfWhere *where, const void *pos, ConfRulesTally *tally)
{
    const DjVariant *v = where->variant;
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    int passes = 0;
    for (int i = 0; i < n; i++) {
        bool pass = v->is_pass != NULL && v->is_pass(pos, moves[i]);
        if (!pass && v->is_pass == NULL && v->move_destination != NULL
            && v->move_origin(pos, moves[i]) < 0 && v->move_destination(pos, moves[i]) < 0) {
            char *text = conf_move_text(v, pos, moves[i]);
            CONF_CHECK(where, false,
                       "%s: move %s starts and ends on no square, as a pass does, but the game "
                       "has no is_pass: declare it (and pass_anytime where a pass is legal "
                       "beside other moves), so that the suite can check when a pass is legal",
                       v->name, text);
        }
        if (!pass)
            continue;
        passes++;
        if (v->view_squares != NULL) {
            unsigned char *child = g_memdup2(pos, v->state_size);
            v->play(child, moves[i]);
            BoardFacts before = board_facts(v, pos), after = board_facts(v, child);
            char *text = conf_move_text(v, pos, moves[i]);
            CONF_CHECK(where, memcmp(&before, &after, sizeof before) == 0,
                       "%s: the pass %s changes the pieces on the board (is_pass says it is a "
                       "pass)", v->name, text);
            g_free(text);
            g_free(child);
        }
    }
    if (passes > 0)
        tally->pass_positions++;
    CONF_CHECK(where, v->pass_anytime || passes == 0 || passes == n,
               "%s: a pass is offered beside %d other legal moves, but the game declares that a "
               "pass is legal only when no other move is (pass_anytime is false)", v->name,
               n - passes);
    g_free(moves);
}

/* ---- results ----------------------------------------------------------------- */

/* The winner the declared rules that read the board alone give at `pos`
 * (-1: none); *rule gets the rule's flag. */
static int board_rule_winner(const DjVariant *v, const void *pos, unsigned *rule)
{
    unsigned rules = v->result_rules;
    if ((rules & (DJ_RESULT_ROYAL_CAPTURED | DJ_RESULT_ROYAL_ON_FAR_SPECIAL)) == 0)
        return -1;
    BoardFacts facts = board_facts(v, pos);
    for (int side = 0; side < 2; side++) {
        if ((rules & DJ_RESULT_ROYAL_CAPTURED) && facts.royals[side] == 0
            && facts.royals[1 - side] > 0) {
            *rule = DJ_RESULT_ROYAL_CAPTURED;
            return 1 - side;
        }
        if ((rules & DJ_RESULT_ROYAL_ON_FAR_SPECIAL) && facts.royal_far[side]) {
            *rule = DJ_RESULT_ROYAL_ON_FAR_SPECIAL;
            return side;
        }
    }
    return -1;
}

/* The outcome of counting the pieces on the board: more wins, equal draws. */
static DjOutcome count_outcome(const DjVariant *v, const void *pos, BoardFacts *facts)
{
    *facts = board_facts(v, pos);
    if (facts->pieces[0] == facts->pieces[1])
        return DJ_OUTCOME_DRAW;
    return facts->pieces[0] > facts->pieces[1] ? DJ_OUTCOME_WIN_SIDE0 : DJ_OUTCOME_WIN_SIDE1;
}

/* Whether the side to move at `pos` can do nothing but pass and, after its
 * pass, the other side neither (the game's contract for
 * DJ_RESULT_MOST_PIECES lets the suite ask at an ended position).
 * *movable gets the side found able to move, or -1. */
static bool neither_can_move(const DjVariant *v, const void *pos, int *movable)
{
    int passes = 0;
    DjMove pass = DJ_MOVE_NONE;
    *movable = -1;
    if (moves_but_passes(v, pos, &passes, &pass) > 0) {
        *movable = v->side_to_move(pos);
        return false;
    }
    if (passes == 0)
        return true;   /* not even a pass: the other side is not asked */
    unsigned char *child = g_memdup2(pos, v->state_size);
    v->play(child, pass);
    int child_passes = 0;
    bool stuck = moves_but_passes(v, child, &child_passes, NULL) == 0;
    if (!stuck)
        *movable = v->side_to_move(child);
    g_free(child);
    return stuck;
}

/* The result checks at `pos` (ongoing or ended); returns whether the game
 * ended there, and counts an end a declared rule explains. */
static bool check_result(const ConfWhere *where, const void *pos, ConfRulesTally *tally)
{
    const DjVariant *v = where->variant;
    unsigned rules = v->result_rules;
    DjOutcome outcome = v->outcome(pos);
    int to_move = v->side_to_move(pos);

    unsigned rule = 0;
    int winner = board_rule_winner(v, pos, &rule);
    if (winner >= 0) {
        char *name = conf_result_rule_names(rule);
        CONF_CHECK(where, outcome == dj_outcome_win_for(winner),
                   "%s: by the declared rule %s, %s has won here, but outcome() says %s",
                   v->name, name, v->side_names[winner], outcome_name(v, outcome));
        g_free(name);
        tally->ends_declared++;
        return true;
    }

    if (outcome == DJ_OUTCOME_ONGOING) {
        int passes = 0;
        int others = moves_but_passes(v, pos, &passes, NULL);
        if (others + passes == 0) {
            CONF_CHECK(where, rules & DJ_RESULT_NO_MOVE_LOSES,
                       "%s: %s has no legal move, which loses by the framework's rule, but the "
                       "game does not declare DJ_RESULT_NO_MOVE_LOSES (a game where that is "
                       "not so generates a pass, or ends the game in outcome())", v->name,
                       v->side_names[to_move]);
            tally->ends_declared++;
            return true;
        }
        CONF_CHECK(where, !(rules & DJ_RESULT_NO_MOVE_WINS) || others > 0,
                   "%s: %s cannot move (nothing but a pass), which wins by the declared rule "
                   "DJ_RESULT_NO_MOVE_WINS, but outcome() says the game goes on", v->name,
                   v->side_names[to_move]);
        int movable = -1;
        CONF_CHECK(where, !(rules & DJ_RESULT_MOST_PIECES) || others > 0
                              || !neither_can_move(v, pos, &movable),
                   "%s: neither side can move (%s has nothing but a pass, and after it the "
                   "other side neither), which ends the game by the declared rule "
                   "DJ_RESULT_MOST_PIECES, but outcome() says it goes on", v->name,
                   v->side_names[to_move]);
        return false;
    }

    /* An end: which declared rule gives it? */
    if (rules & DJ_RESULT_MOST_PIECES) {
        int movable = -1;
        if (neither_can_move(v, pos, &movable)) {
            BoardFacts facts;
            DjOutcome counted = count_outcome(v, pos, &facts);
            CONF_CHECK(where, outcome == counted,
                       "%s: neither side can move and the board counts %d %s to %d %s, so by "
                       "the declared rule DJ_RESULT_MOST_PIECES the result is %s, but "
                       "outcome() says %s", v->name, facts.pieces[0], v->side_names[0],
                       facts.pieces[1], v->side_names[1], outcome_name(v, counted),
                       outcome_name(v, outcome));
            tally->ends_declared++;
            return true;
        }
        CONF_CHECK(where, rules & DJ_RESULT_OTHER,
                   "%s: outcome() ends the game (%s), but %s can still move, and the declared "
                   "rule DJ_RESULT_MOST_PIECES ends it only when neither side can", v->name,
                   outcome_name(v, outcome), v->side_names[movable]);
    }
    if (rules & DJ_RESULT_NO_MOVE_WINS) {
        int passes = 0;
        if (moves_but_passes(v, pos, &passes, NULL) == 0) {
            CONF_CHECK(where, outcome == dj_outcome_win_for(to_move),
                       "%s: %s cannot move, so by the declared rule DJ_RESULT_NO_MOVE_WINS it "
                       "has won, but outcome() says %s", v->name, v->side_names[to_move],
                       outcome_name(v, outcome));
            tally->ends_declared++;
            return true;
        }
    }
    char *names = conf_result_rule_names(rules);
    CONF_CHECK(where, rules & DJ_RESULT_OTHER,
               "%s: outcome() says %s, but none of the declared rules (%s) ends the game here: "
               "declare the rule that does (or DJ_RESULT_OTHER, whose ends are not checked)",
               v->name, outcome_name(v, outcome), names);
    g_free(names);
    return true;
}

void conf_check_rules(const DjVariant *v, guint32 base, int games, int max_plies,
                      ConfRulesTally *tally)
{
    ConfRulesTally local = { 0 };
    if (tally == NULL)
        tally = &local;
    *tally = (ConfRulesTally){ 0 };
    ConfWhere where = { v, base, -1, -1, NULL };
    char *names = conf_result_rule_names(v->result_rules & ~(unsigned)ALL_RULES);
    CONF_CHECK(&where, v->result_rules != 0,
               "%s declares no result_rules: say how the game is decided (framework/game.h, "
               "DjResultRule: the flags that fit, DJ_RESULT_OTHER for what they do not say), "
               "so that the suite can check outcome() against it", v->name);
    CONF_CHECK(&where, (v->result_rules & ~(unsigned)ALL_RULES) == 0,
               "%s: result_rules has bits no DjResultRule has (0x%x)", v->name,
               v->result_rules & ~(unsigned)ALL_RULES);
    g_free(names);
    CONF_CHECK(&where,
               v->view_squares != NULL
                   || (v->result_rules & (DJ_RESULT_ROYAL_CAPTURED
                                          | DJ_RESULT_ROYAL_ON_FAR_SPECIAL
                                          | DJ_RESULT_MOST_PIECES)) == 0,
               "%s: its result_rules read the board, which needs view_squares", v->name);
    CONF_CHECK(&where, v->is_pass != NULL || !(v->result_rules & DJ_RESULT_MOST_PIECES),
               "%s: DJ_RESULT_MOST_PIECES needs is_pass (a side that cannot move passes)",
               v->name);

    for (int game = 0; game < games; game++) {
        guint32 seed = conf_game_seed(base, game);
        ConfLine *line = conf_line_random(v, seed, max_plies);
        where.seed = seed;
        where.game = game;
        bool ended = false;
        for (int ply = 0; ply <= line->n_plies && !ended; ply++) {
            where.ply = ply;
            where.pos = conf_line_position(line, ply);
            tally->positions++;
            ended = check_result(&where, where.pos, tally);
            if (!ended)
                check_passes(&where, where.pos, tally);
        }
        tally->games++;
        tally->ends += ended;
        conf_line_free(line);
    }
    where.game = where.ply = -1;
    where.pos = NULL;
    where.seed = base;
    CONF_CHECK(&where, tally->ends > 0,
               "%s: none of %d random games ended within %d plies, so no end was checked "
               "against the declared rules", v->name, games, max_plies);
}

int conf_check_perft_counts(const DjVariant *v, uint64_t max_leaves)
{
    ConfWhere where = { v, 0, -1, -1, NULL };
    CONF_CHECK(&where, v->perft_counts != NULL && v->perft_counts[0].position != NULL,
               "%s gives no published perft counts: add DjVariant.perft_counts, the counts "
               "from the start that the game's rules or other engines publish (or, for a game "
               "nobody has counted, counts made by an independent program, saying so), "
               "docs/adding-a-variant.md", v->name);
    int checked = 0, listed = 0;
    unsigned char *pos = g_malloc0(v->state_size);
    for (const DjPerftCount *c = v->perft_counts; c->position != NULL; c++) {
        listed++;
        DjSetup setup = { .position = c->position };
        GError *error = NULL;
        bool ok = v->setup(pos, &setup, &error);
        CONF_CHECK(&where, ok, "%s: the position of a published perft count, \"%s\", is "
                   "refused: %s", v->name, c->position, error != NULL ? error->message : "?");
        CONF_CHECK(&where, c->depth >= 1, "%s: a published perft count at depth %d", v->name,
                   c->depth);
        if (c->leaves > max_leaves)
            continue;
        where.pos = pos;
        uint64_t leaves = c->turns ? dj_perft_turns(v, pos, c->depth, NULL)
                                   : dj_perft(v, pos, c->depth);
        CONF_CHECK(&where, leaves == c->leaves,
                   "%s: perft %d%s from \"%s\" is %" G_GUINT64_FORMAT ", but the published "
                   "count is %" G_GUINT64_FORMAT, v->name, c->depth, c->turns ? " (turns)" : "",
                   c->position, leaves, c->leaves);
        where.pos = NULL;
        checked++;
    }
    g_free(pos);
    CONF_CHECK(&where, checked > 0,
               "%s: every one of its %d published perft counts is above %" G_GUINT64_FORMAT
               " leaves, too many to count here: add the smaller ones (depth 1, 2...)",
               v->name, listed, max_leaves);
    return checked;
}
