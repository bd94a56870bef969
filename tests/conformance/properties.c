/* properties.c: see properties.h. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tests/conformance/properties.h"

#include <string.h>

#include "framework/notation.h"
#include "framework/perft.h"
#include "framework/record.h"
#include "framework/registry.h"
#include "framework/search/search.h"

#define MAX_PLIES CONF_PROPERTY_MAX_PLIES

/* The outcome as seen after the colours are swapped (when `swapped`). */
static DjOutcome swap_outcome(DjOutcome outcome, bool swapped)
{
    int winner = dj_outcome_winner(outcome);
    if (!swapped || winner < 0)
        return outcome;
    return dj_outcome_win_for(1 - winner);
}

void conf_check_eval_terms(const ConfWhere *where, const void *pos, const void *image)
{
    const DjVariant *v = where->variant;
    if (v->eval_terms == NULL)
        return;
    DjEvalTerm terms[DJ_EVAL_MAX_TERMS], image_terms[DJ_EVAL_MAX_TERMS];
    int n = v->eval_terms(pos, terms);
    CONF_CHECK(where, n >= 1 && n <= DJ_EVAL_MAX_TERMS,
               "eval_terms() gave %d parts, not 1 to %d", n, DJ_EVAL_MAX_TERMS);
    int64_t sum = 0;
    for (int i = 0; i < n; i++) {
        CONF_CHECK(where, terms[i].name != NULL && terms[i].name[0] != '\0',
                   "part %d of eval_terms() has no name", i);
        sum += (int64_t)terms[i].mine - terms[i].theirs;
    }
    int eval = v->evaluate(pos);
    const int64_t limit = DJ_SCORE_EVAL_MAX - 1;   /* evaluate() is kept inside the band */
    CONF_CHECK(where, CLAMP(sum, -limit, limit) == eval,
               "the parts of eval_terms() add up to %" G_GINT64_FORMAT " but evaluate() is %d",
               sum, eval);
    if (image == NULL)
        return;
    /* Each part on its own favours neither side nor any part of the board. */
    int image_n = v->eval_terms(image, image_terms);
    CONF_CHECK(where, image_n == n, "eval_terms() gave %d parts but %d on the mirror image", n,
               image_n);
    for (int i = 0; i < n; i++)
        CONF_CHECK(where, strcmp(terms[i].name, image_terms[i].name) == 0
                              && terms[i].mine == image_terms[i].mine
                              && terms[i].theirs == image_terms[i].theirs,
                   "the part '%s' of eval_terms() is %d, %d but %d, %d on the mirror image",
                   terms[i].name, terms[i].mine, terms[i].theirs, image_terms[i].mine,
                   image_terms[i].theirs);
}

/* gaining_moves() gives noisy_moves()'s list, in its order, less moves
 * whose move_gain() is 0 (it may keep some of those). */
static void check_gaining_moves(const ConfWhere *where, const void *pos)
{
    const DjVariant *v = where->variant;
    DjMove *noisy = g_new(DjMove, v->max_moves);
    DjMove *gaining = g_new(DjMove, v->max_moves);
    int n = v->noisy_moves(pos, noisy);
    int k = v->gaining_moves(pos, gaining);
    int j = 0;   /* the next of gaining[] to find in noisy[] */
    for (int i = 0; i < n; i++) {
        if (j < k && gaining[j] == noisy[i]) {
            j++;
            continue;
        }
        CONF_CHECK(where, v->move_gain(pos, noisy[i]) == 0,
                   "gaining_moves() leaves out move %u, which noisy_moves() gives and "
                   "move_gain() scores %d (or gives it out of noisy_moves()' order)",
                   (unsigned)noisy[i], v->move_gain(pos, noisy[i]));
    }
    CONF_CHECK(where, j == k,
               "gaining_moves() gives move %u, which is not among noisy_moves()' moves in "
               "their order", (unsigned)gaining[j < k ? j : 0]);
    g_free(gaining);
    g_free(noisy);
}

void conf_check_move_lists(const ConfWhere *where, const void *pos)
{
    const DjVariant *v = where->variant;
    if (v->is_noisy == NULL || (v->noisy_moves == NULL && v->legal_moves_marked == NULL))
        return;
    DjMove *legal = g_new(DjMove, v->max_moves);
    DjMove *other = g_new(DjMove, v->max_moves);
    uint8_t *marks = g_new(uint8_t, v->max_moves);
    int n = v->legal_moves(pos, legal), n_noisy = 0;
    for (int i = 0; i < n; i++)
        n_noisy += v->is_noisy(pos, legal[i]);
    if (v->noisy_moves != NULL) {
        int k = v->noisy_moves(pos, other);
        CONF_CHECK(where, k == n_noisy,
                   "noisy_moves() gives %d moves but is_noisy() accepts %d of the legal moves",
                   k, n_noisy);
        for (int j = 0; j < k; j++) {
            bool found = false;
            for (int i = 0; i < n && !found; i++)
                found = legal[i] == other[j];
            CONF_CHECK(where, found && v->is_noisy(pos, other[j]),
                       "noisy_moves() gives move %u, which is not a legal move is_noisy() "
                       "accepts", (unsigned)other[j]);
        }
    }
    if (v->gaining_moves != NULL && v->noisy_moves != NULL && v->move_gain != NULL)
        check_gaining_moves(where, pos);
    if (v->legal_moves_marked != NULL) {
        memset(marks, 0xa5, (size_t)v->max_moves);
        int k = v->legal_moves_marked(pos, other, marks);
        CONF_CHECK(where, k == n, "legal_moves_marked() gives %d moves, legal_moves() %d", k, n);
        for (int i = 0; i < n; i++) {
            CONF_CHECK(where, other[i] == legal[i],
                       "legal_moves_marked() gives move %u at %d where legal_moves() gives %u: "
                       "the lists must be the same, in the same order", (unsigned)other[i], i,
                       (unsigned)legal[i]);
            int noisy = v->is_noisy(pos, legal[i]);
            CONF_CHECK(where, marks[i] == noisy,
                       "legal_moves_marked() marks move %u (at %d) %d where is_noisy() says %d",
                       (unsigned)legal[i], i, (int)marks[i], noisy);
        }
    }
    g_free(marks);
    g_free(other);
    g_free(legal);
}

void conf_check_mirror(const ConfWhere *where, const void *pos, int depth)
{
    const DjVariant *v = where->variant;
    if (v->mirror == NULL)
        return;
    const size_t size = v->state_size;
    unsigned char *image = g_malloc(size);
    unsigned char *back = g_malloc(size);
    memset(image, 0xa5, size);
    v->mirror(pos, image);
    memset(back, 0x5a, size);
    v->mirror(image, back);
    CONF_CHECK(where, memcmp(back, pos, size) == 0,
               "mirroring twice does not give the position back byte for byte");
    CONF_CHECK(where, v->key(image) == v->compute_key(image),
               "the mirror image's key is not its compute_key");

    bool swapped = v->side_to_move(image) != v->side_to_move(pos);
    DjOutcome outcome = dj_position_outcome(v, pos);
    DjOutcome image_outcome = dj_position_outcome(v, image);
    CONF_CHECK(where, image_outcome == swap_outcome(outcome, swapped),
               "the outcome is %d but the mirror image's is %d (colours %s): the rules "
               "favour one side or one part of the board", (int)outcome, (int)image_outcome,
               swapped ? "swapped" : "kept");
    if (outcome == DJ_OUTCOME_ONGOING) {
        int eval = v->evaluate(pos), image_eval = v->evaluate(image);
        CONF_CHECK(where, eval == image_eval,
                   "evaluate() is %d but %d on the mirror image", eval, image_eval);
        conf_check_eval_terms(where, pos, image);
        for (int d = 1; d <= depth; d++) {
            uint64_t count = dj_perft(v, pos, d), image_count = dj_perft(v, image, d);
            CONF_CHECK(where, count == image_count,
                       "perft %d is %" G_GUINT64_FORMAT " but %" G_GUINT64_FORMAT
                       " on the mirror image: a move generator bug on one side of the "
                       "board", d, count, image_count);
        }
    }
    g_free(back);
    g_free(image);
}

/* setup() into memory holding `fill`; false if it refused. */
static bool setup_over(const DjVariant *v, const DjSetup *setup, int fill, void *out)
{
    memset(out, fill, v->state_size);
    return v->setup(out, setup, NULL);
}

void conf_check_bytes(const ConfWhere *where, guint64 setup_seed, const void *pos)
{
    const DjVariant *v = where->variant;
    const size_t size = v->state_size;
    unsigned char *a = g_malloc(size), *b = g_malloc(size);

    DjSetup fresh = { .seed = setup_seed };
    CONF_CHECK(where, setup_over(v, &fresh, 0x00, a) && setup_over(v, &fresh, 0xff, b),
               "a new game was refused");
    CONF_CHECK(where, memcmp(a, b, size) == 0,
               "a new game's bytes depend on what the memory held before setup(): "
               "setup() must clear the whole block, padding included");

    char *text = conf_position_text(v, pos);
    DjSetup read = { .position = text };
    CONF_CHECK(where, setup_over(v, &read, 0x00, a) && setup_over(v, &read, 0xff, b),
               "the position string \"%s\" was refused", text);
    CONF_CHECK(where, memcmp(a, b, size) == 0,
               "the bytes of a position read from a string depend on what the memory held "
               "before setup()");
    CONF_CHECK(where, memcmp(a, pos, size) == 0,
               "the position read back from its string \"%s\" is not the same bytes as the "
               "one reached by play(): a cached field depends on how it was reached", text);
    g_free(text);
    g_free(b);
    g_free(a);
}

void conf_check_result(const ConfWhere *where, const DjGame *game)
{
    const DjVariant *v = where->variant;
    DjOutcome outcome = dj_game_outcome(game);
    if (outcome == DJ_OUTCOME_ONGOING)
        return;
    const char *reason = dj_game_outcome_reason(game);
    int winner = dj_outcome_winner(outcome);
    CONF_CHECK(where, reason != NULL && reason[0] != '\0', "a finished game gives no reason");
    for (int side = 0; side < 2; side++) {
        char *claim = g_strdup_printf("%s wins", v->side_names[side]);
        bool claims = strstr(reason, claim) != NULL;
        g_free(claim);
        CONF_CHECK(where, !claims || side == winner,
                   "the game ended %s but its reason says \"%s\"",
                   winner < 0 ? "in a draw" : v->side_names[winner], reason);
    }

    GString *record = g_string_new(NULL);
    dj_record_format(game, record);
    char *tag = g_strdup_printf("[Result \"%s\"]", dj_outcome_result_text(outcome));
    CONF_CHECK(where, strstr(record->str, tag) != NULL,
               "the record does not carry the result %s:\n%s", tag, record->str);
    g_free(tag);
    /* A record names its game, so it loads back only for a registered one
     * (not for the wrapped copies of test_planted_bugs.c). */
    if (dj_registry_find(v->name) != v) {
        g_string_free(record, TRUE);
        return;
    }
    GError *error = NULL;
    DjGame *loaded = dj_record_parse(record->str, &error);
    CONF_CHECK(where, loaded != NULL, "the record of a finished game does not load: %s",
               error != NULL ? error->message : "(no error)");
    CONF_CHECK(where, dj_game_outcome(loaded) == outcome,
               "the record loads with outcome %d, the game had %d",
               (int)dj_game_outcome(loaded), (int)outcome);
    dj_game_free(loaded);
    g_string_free(record, TRUE);
}

void conf_check_search_outcomes(const ConfWhere *where, const void *pos)
{
    const DjVariant *v = where->variant;
    int mover = v->side_to_move(pos);
    int n = 0;
    DjMove *moves = conf_legal_moves(v, pos, &n);
    unsigned char *child = g_malloc(v->state_size);
    DjOutcome *ends = g_new0(DjOutcome, (gsize)n + 1);
    bool any_end = false;
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, v->state_size);
        v->play(child, moves[i]);
        ends[i] = dj_position_outcome(v, child);
        any_end = any_end || ends[i] != DJ_OUTCOME_ONGOING;
    }
    if (any_end) {
        DjSearch *search = dj_search_new(v, 1);
        DjSearchLimits limits = { .depth = 1, .all_root_scores = true };
        dj_search_run(search, pos, NULL, 0, &limits, NULL, NULL, NULL);
        DjMove *scored = g_new0(DjMove, (gsize)n + 1);
        int *scores = g_new0(int, (gsize)n + 1);
        int got = dj_search_root_scores(search, scored, scores, n);
        CONF_CHECK(where, got == n, "the search scored %d root moves of %d", got, n);
        for (int i = 0; i < n; i++) {
            int j = 0;
            while (j < n && moves[j] != scored[i])
                j++;
            CONF_CHECK(where, j < n, "the search scored a move that is not legal");
            if (ends[j] == DJ_OUTCOME_ONGOING)
                continue;
            int winner = dj_outcome_winner(ends[j]);
            int plies = 0;
            bool decisive = dj_score_is_decisive(scores[i], &plies);
            char *text = conf_move_text(v, pos, moves[j]);
            if (winner < 0) {
                CONF_CHECK(where, scores[i] == DJ_SCORE_DRAW,
                           "%s draws the game but the search scores it %d", text, scores[i]);
            } else {
                CONF_CHECK(where, decisive && plies == 1 && (scores[i] > 0) == (winner == mover),
                           "%s ends the game (%s wins) but the search scores it %d", text,
                           v->side_names[winner], scores[i]);
            }
            g_free(text);
        }
        g_free(scores);
        g_free(scored);
        dj_search_free(search);
    }
    g_free(ends);
    g_free(child);
    g_free(moves);
}

/* Plays `line` through a DjGame to its end (or a repetition ending),
 * checking the result; returns the outcome. */
static DjOutcome check_game_of_line(ConfWhere *where, const ConfLine *line)
{
    const DjVariant *v = line->variant;
    DjSetup setup = conf_line_setup(line);
    DjGame *game = dj_game_new(v, &setup, NULL);
    CONF_CHECK(where, game != NULL, "dj_game_new refused a new game");
    for (int ply = 0; ply < line->n_plies && dj_game_outcome(game) == DJ_OUTCOME_ONGOING;
         ply++) {
        where->ply = ply;
        CONF_CHECK(where, dj_game_play(game, line->moves[ply], NULL),
                   "the game refused a legal move");
    }
    where->ply = dj_game_length(game);
    where->pos = dj_game_position(game);
    conf_check_result(where, game);
    DjOutcome outcome = dj_game_outcome(game);
    dj_game_free(game);
    return outcome;
}

int conf_check_properties(const DjVariant *v, guint32 base, int games)
{
    int draws = 0;
    for (int game = 0; game < games; game++) {
        guint32 seed = conf_game_seed(base, game);
        ConfLine *line = conf_line_random(v, seed, MAX_PLIES);
        ConfWhere where = { v, seed, game, 0, NULL };
        for (int ply = 0; ply <= line->n_plies; ply++) {
            const void *pos = conf_line_position(line, ply);
            where.ply = ply;
            where.pos = pos;
            conf_check_mirror(&where, pos, ply == 0 ? 3 : 2);
            bool ongoing = dj_position_outcome(v, pos) == DJ_OUTCOME_ONGOING;
            if (v->mirror == NULL && ongoing)
                conf_check_eval_terms(&where, pos, NULL);
            if (ongoing)
                conf_check_move_lists(&where, pos);
            conf_check_bytes(&where, line->setup_seed, pos);
        }
        /* The search only where a move surely ends the game: before the
         * last move of a finished line (a search at every ply would cost
         * more than all the rest). */
        if (line->n_plies > 0
            && dj_position_outcome(v, conf_line_position(line, line->n_plies))
                   != DJ_OUTCOME_ONGOING) {
            where.ply = line->n_plies - 1;
            where.pos = conf_line_position(line, where.ply);
            conf_check_search_outcomes(&where, where.pos);
        }
        draws += check_game_of_line(&where, line) == DJ_OUTCOME_DRAW;
        conf_line_free(line);
    }
    return draws;
}
