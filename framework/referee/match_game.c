/* match_game.c: one game between two UCI engines, refereed by DjGame. */
#include "framework/referee/match_game.h"

#include <stdlib.h>
#include <string.h>

#include "framework/game.h"
#include "framework/notation.h"

/* A mate score as a number of centipawns beyond any evaluation. */
#define MATE_SCORE 30000

/* What the engine on move said while thinking. */
typedef struct EngineReply {
    char *move;          /* the bestmove token, or NULL */
    DojoEngineScore said;   /* the last score (seen: one was said), from the engine's side */
    int depth;           /* the last depth said, 0: none */
    gint64 elapsed_ms;   /* from go to bestmove */
} EngineReply;

void dojo_match_position_command(const DjGame *game, GString *out)
{
    dojo_match_position_command_at(game, dj_game_length(game), out);
}

void dojo_match_position_command_at(const DjGame *game, int plies, GString *out)
{
    const DjVariant *variant = dj_game_variant(game);
    g_string_append(out, "position fen ");
    dj_format_position_engine(variant, dj_game_position_at(game, 0), out);
    if (plies > 0)
        g_string_append(out, " moves");
    for (int ply = 0; ply < plies; ply++) {
        g_string_append_c(out, ' ');
        dj_format_move_engine(variant, dj_game_position_at(game, ply), dj_game_move_at(game, ply),
                           out);
    }
}

/* "score cp X" or "score mate N" in an info line (within +-1000000; a
 * score that does not read changes nothing). */
static void read_score(const char *line, EngineReply *reply)
{
    DojoEngineScore said = { 0 };
    if (!dojo_engine_read_score(line, &said) || !said.seen || said.value < -1000000
        || said.value > 1000000)
        return;
    reply->said = said;
}

/* A score said, in centipawns: mates as +-MATE_SCORE less the moves to it. */
static int centipawns(const DojoEngineScore *said)
{
    int value = (int)said->value;
    return !said->mate ? value : value > 0 ? MATE_SCORE - value : -MATE_SCORE - value;
}

/* "depth N" in an info line (a depth that does not read changes nothing). */
static void read_depth(const char *line, EngineReply *reply)
{
    g_auto(GStrv) words = g_strsplit_set(line, " \t", -1);
    for (int i = 0; words[i] != NULL && words[i + 1] != NULL; i++) {
        if (strcmp(words[i], "string") == 0)
            return;   /* the rest is free text */
        gint64 depth = 0;
        if (strcmp(words[i], "depth") == 0
            && g_ascii_string_to_signed(words[i + 1], 10, 1, 100000, &depth, NULL)) {
            reply->depth = (int)depth;
            return;
        }
    }
}

/* The clock and increment `side` is told of `whose` side: its own when
 * that side has no clock. */
static gint64 shown_clock(const DojoMatchLimits *const limits[2], const gint64 clock_ms[2],
                          int side, int whose, gint64 *inc_ms)
{
    int from = limits[whose]->base_ms > 0 ? whose : side;
    *inc_ms = limits[from]->inc_ms;
    return MAX(clock_ms[from], 1);
}

static void append_go_command(const DojoMatchLimits *const limits[2], int side,
                              const gint64 clock_ms[2], const gint64 moves_left[2], GString *out)
{
    const DojoMatchLimits *own = limits[side];
    g_string_append(out, "go");
    if (own->base_ms > 0) {
        gint64 inc[2];
        gint64 white = shown_clock(limits, clock_ms, side, 0, &inc[0]);
        gint64 black = shown_clock(limits, clock_ms, side, 1, &inc[1]);
        g_string_append_printf(out, " wtime %" G_GINT64_FORMAT " btime %" G_GINT64_FORMAT
                               " winc %" G_GINT64_FORMAT " binc %" G_GINT64_FORMAT,
                               white, black, inc[0], inc[1]);
        if (own->moves_per_tc > 0)
            g_string_append_printf(out, " movestogo %" G_GINT64_FORMAT, moves_left[side]);
    }
    if (own->movetime_ms > 0)
        g_string_append_printf(out, " movetime %" G_GINT64_FORMAT, own->movetime_ms);
    if (own->nodes > 0)
        g_string_append_printf(out, " nodes %" G_GINT64_FORMAT, own->nodes);
    if (own->depth > 0)
        g_string_append_printf(out, " depth %" G_GINT64_FORMAT, own->depth);
}

static void lose(DjGame *game, int side, const char *format, ...) G_GNUC_PRINTF(3, 4);

static void lose(DjGame *game, int side, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *reason = g_strdup_vprintf(format, args);
    va_end(args);
    dj_game_set_result(game, dj_outcome_win_for(1 - side), reason);
}

/* Scores in a row that meet each adjudication rule, by side. */
typedef struct AdjudicationRun {
    int losing[2], winning[2], drawn[2];
} AdjudicationRun;

static void adjudicate(DjGame *game, int side, const EngineReply *reply,
                       const DojoAdjudication *rules, AdjudicationRun *run, const char *names[2])
{
    int ply = dj_game_length(game);
    bool has = reply->said.seen;
    int score = has ? centipawns(&reply->said) : 0;
    run->losing[side] = has && score <= -rules->resign_score ? run->losing[side] + 1 : 0;
    run->winning[side] = has && score >= rules->resign_score ? run->winning[side] + 1 : 0;
    run->drawn[side] = has && abs(score) <= rules->draw_score && ply >= rules->draw_after
        ? run->drawn[side] + 1 : 0;
    if (dj_game_outcome(game) != DJ_OUTCOME_ONGOING)
        return;
    if (rules->resign_moves > 0) {
        for (int loser = 0; loser < 2; loser++) {
            if (run->losing[loser] >= rules->resign_moves
                && (rules->resign_one_sided || run->winning[1 - loser] >= rules->resign_moves)) {
                lose(game, loser, "adjudicated: %s's score was below -%d for %d moves",
                     names[loser], rules->resign_score, rules->resign_moves);
                return;
            }
        }
    }
    if (rules->draw_moves > 0 && run->drawn[0] >= rules->draw_moves
        && run->drawn[1] >= rules->draw_moves) {
        g_autofree char *reason
            = g_strdup_printf("adjudicated: both scores within +-%d for %d moves",
                              rules->draw_score, rules->draw_moves);
        dj_game_set_result(game, DJ_OUTCOME_DRAW, reason);
        return;
    }
    if (rules->max_plies > 0 && ply >= rules->max_plies)
        dj_game_draw_at_move_limit(game, rules->max_plies, "adjudicated: ");
}

/* The clocks of both sides, as the referee keeps them. */
typedef struct Clocks {
    gint64 ms[2];           /* time left */
    gint64 moves_left[2];   /* moves before the next period (moves_per_tc) */
} Clocks;

/* Ask the engine of the side to move for a move and wait for it; false
 * when the game ended or was cancelled on the way (result set). */
static bool ask_for_move(DjGame *game, DojoEngine *engine, int side, const char *name,
                         const DojoMatchLimits *const all_limits[2], Clocks *clocks,
                         EngineReply *reply, DojoGameVerdict *verdict)
{
    gint64 *clock_ms = clocks->ms;
    const DojoMatchLimits *limits = all_limits[side];
    g_autoptr(GString) command = g_string_new(NULL);
    dojo_match_position_command(game, command);
    bool sent = dojo_engine_send(engine, command->str, NULL);
    g_string_truncate(command, 0);
    append_go_command(all_limits, side, clock_ms, clocks->moves_left, command);
    sent = sent && dojo_engine_send(engine, command->str, NULL);
    gint64 start = g_get_monotonic_time();
    if (!sent) {
        verdict->engine_broken[side] = true;
        lose(game, side, "%s crashed (it no longer reads its input)", name);
        return false;
    }
    gint64 allowed_ms = limits->base_ms > 0 ? MAX(clock_ms[side], 0)
        : limits->movetime_ms > 0 ? limits->movetime_ms : limits->cap_ms;
    gint64 deadline = start + (allowed_ms + limits->margin_ms) * 1000;
    for (;;) {
        g_autofree char *line = NULL;
        DojoEngineRead read = dojo_engine_read(engine, deadline, &line);
        if (read == DOJO_ENGINE_CANCELLED) {
            verdict->cancelled = true;
            return false;
        }
        if (read == DOJO_ENGINE_EOF) {
            verdict->engine_broken[side] = true;
            lose(game, side, "%s crashed (its output ended)", name);
            return false;
        }
        if (read == DOJO_ENGINE_FLOOD) {
            verdict->engine_broken[side] = true;
            lose(game, side, "%s %s", name, dojo_engine_flood_text(engine));
            return false;
        }
        if (read == DOJO_ENGINE_TIMEOUT) {
            verdict->engine_broken[side] = true;
            verdict->timed_out[side] = true;
            if (limits->base_ms > 0 || limits->movetime_ms > 0)
                lose(game, side, "%s lost on time (no move within %" G_GINT64_FORMAT " ms)",
                     name, allowed_ms + limits->margin_ms);
            else
                lose(game, side, "%s sent no move within %" G_GINT64_FORMAT " ms", name,
                     allowed_ms + limits->margin_ms);
            return false;
        }
        if (dojo_engine_is_refusal(line)) {
            verdict->engine_broken[side] = true;
            verdict->refused[side] = true;
            g_autoptr(GString) said = g_string_new(NULL);
            dj_text_append_line(dojo_engine_refusal_text(line), 300, said);
            lose(game, side, "%s answered '%s' with an error: %s", name, command->str,
                 said->str);
            return false;
        }
        if (g_str_has_prefix(line, "info ")) {
            read_score(line, reply);
            read_depth(line, reply);
        } else if (g_str_has_prefix(line, "bestmove")) {
            g_auto(GStrv) words = g_strsplit(line, " ", 3);
            reply->move = g_strdup(words[1] != NULL ? words[1] : "");
            break;
        }
    }
    gint64 elapsed_ms = (g_get_monotonic_time() - start) / 1000;
    reply->elapsed_ms = elapsed_ms;
    if (limits->base_ms > 0) {
        clock_ms[side] -= elapsed_ms;
        if (clock_ms[side] < -limits->margin_ms) {
            verdict->termination = DJ_PGN_TERMINATION_TIME_FORFEIT;
            lose(game, side, "%s lost on time (its clock reached %" G_GINT64_FORMAT " ms)",
                 name, clock_ms[side]);
            return false;
        }
        clock_ms[side] += limits->inc_ms;
        /* A new period: base_ms more, what was left kept (cutechess-cli's way). */
        if (limits->moves_per_tc > 0 && --clocks->moves_left[side] <= 0) {
            clocks->moves_left[side] = limits->moves_per_tc;
            clock_ms[side] += limits->base_ms;
        }
    } else if (limits->movetime_ms > 0 && elapsed_ms > limits->movetime_ms + limits->margin_ms) {
        verdict->termination = DJ_PGN_TERMINATION_TIME_FORFEIT;
        lose(game, side, "%s lost on time (%" G_GINT64_FORMAT " ms for a move of %"
             G_GINT64_FORMAT ")", name, elapsed_ms, limits->movetime_ms);
        return false;
    }
    return true;
}

/* How a game ended that neither the clock after a move nor an adjudication
 * ended, from what the verdict says of the engines. */
static DjPgnTermination termination_of(const DojoGameVerdict *verdict)
{
    if (verdict->cancelled)
        return DJ_PGN_TERMINATION_UNTERMINATED;
    for (int side = 0; side < 2; side++) {
        if (verdict->timed_out[side])
            return DJ_PGN_TERMINATION_TIME_FORFEIT;
        if (verdict->illegal_move[side])
            return DJ_PGN_TERMINATION_RULES_INFRACTION;
        if (verdict->engine_broken[side])
            return DJ_PGN_TERMINATION_ABANDONED;
    }
    return DJ_PGN_TERMINATION_NORMAL;
}

void dojo_match_play_game(DjGame *game, DojoEngine *const engines[2],
                          const DojoMatchLimits *const limits[2],
                          const DojoAdjudication *adjudication,
                          DojoGameVerdict *verdict, GArray *notes)
{
    memset(verdict, 0, sizeof *verdict);
    const DjVariant *variant = dj_game_variant(game);
    const char *names[2] = { dojo_engine_name(engines[0]), dojo_engine_name(engines[1]) };
    Clocks clocks = { { limits[0]->base_ms, limits[1]->base_ms },
                      { limits[0]->moves_per_tc, limits[1]->moves_per_tc } };
    AdjudicationRun run;
    memset(&run, 0, sizeof run);
    if (adjudication->max_plies > 0 && dj_game_length(game) >= adjudication->max_plies) {
        dj_game_set_result(game, DJ_OUTCOME_DRAW, "adjudicated: the opening reached the ply limit");
        verdict->termination = DJ_PGN_TERMINATION_ADJUDICATION;
    }
    while (dj_game_outcome(game) == DJ_OUTCOME_ONGOING) {
        const void *pos = dj_game_position(game);
        int side = variant->side_to_move(pos);
        EngineReply reply = { 0 };
        if (!ask_for_move(game, engines[side], side, names[side], limits, &clocks, &reply,
                          verdict)) {
            g_free(reply.move);
            break;
        }
        g_autoptr(GError) error = NULL;
        DjMove move = DJ_MOVE_NONE;
        if (!variant->parse_move(pos, reply.move, &move, &error)) {
            g_autofree char *clean = dj_text_quote(reply.move, 40);
            lose(game, side, "%s played an illegal move '%s' (%s)", names[side], clean,
                 error->message);
            verdict->illegal_move[side] = true;
            g_free(reply.move);
            break;
        }
        g_free(reply.move);
        if (notes != NULL) {
            DojoMoveNote note = {
                .ply = dj_game_length(game), .has_score = reply.said.seen,
                .mate = reply.said.mate, .score = (int)reply.said.value,
                .depth = reply.depth, .time_ms = reply.elapsed_ms,
            };
            g_array_append_val(notes, note);
        }
        dj_game_play(game, move, NULL);
        bool ongoing = dj_game_outcome(game) == DJ_OUTCOME_ONGOING;
        adjudicate(game, side, &reply, adjudication, &run, names);
        if (ongoing && dj_game_outcome(game) != DJ_OUTCOME_ONGOING)
            verdict->termination = DJ_PGN_TERMINATION_ADJUDICATION;
    }
    verdict->plies = dj_game_length(game);
    if (verdict->termination == DJ_PGN_TERMINATION_FROM_GAME)
        verdict->termination = termination_of(verdict);
}
