/* tune_judge.c: asking a UCI engine what it thinks of positions. */
#include "framework/referee/tune_judge.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "framework/error.h"
#include "framework/notation.h"
#include "framework/referee/match_game.h"
#include "framework/referee/referee_error.h"

/* How long the engine may take to start, or to answer isready. */
#define JUDGE_STARTUP_MS 10000
/* The longest wait for a search limited by nodes or depth. */
#define JUDGE_SEARCH_CAP_MS 60000

struct DojoJudge {
    DojoEngine *engine;
    DojoJudgeLimit limit;
};

bool dojo_judge_limit_parse(const DojoEngineSpec *spec, DojoJudgeLimit *out, GError **error)
{
    if (spec->tc != NULL)
        return dojo_referee_spec_error(error, "--judge %s: tc= is a clock for games; a judge wants one "
                                "limit per position: nodes=N, depth=N or movetime=MS",
                                spec->name);
    const char *texts[] = { spec->nodes, spec->depth, spec->movetime };
    static const char *const keys[] = { "nodes", "depth", "movetime" };
    static const gint64 maxima[] = { G_MAXINT64, 1000, G_MAXINT32 };
    int given = 0;
    for (int i = 0; i < 3; i++) {
        if (texts[i] == NULL)
            continue;
        given++;
        out->kind = (DojoJudgeLimitKind)i;
        g_autofree char *what = g_strdup_printf("--judge %s: %s", spec->name, keys[i]);
        if (!dojo_referee_int_parse(texts[i], what, 1, maxima[i], &out->value, error))
            return false;
    }
    if (given != 1)
        return dojo_referee_spec_error(error, "--judge %s wants exactly one limit, nodes=N, depth=N or "
                                "movetime=MS, not %s", spec->name,
                                given == 0 ? "none" : "several");
    return true;
}

void dojo_judge_limit_format(const DojoJudgeLimit *limit, GString *out)
{
    static const char *const keys[] = { "nodes", "depth", "movetime" };
    g_string_append_printf(out, "%s %" G_GINT64_FORMAT, keys[limit->kind], limit->value);
}

double dojo_judge_expected_score(const DojoEngineScore *score, int side_to_move)
{
    double p = score->mate ? (score->value > 0 ? 1.0 : 0.0)
                           : 1.0 / (1.0 + pow(10.0, -(double)score->value / 400.0));
    return side_to_move == 0 ? p : 1.0 - p;
}

DojoJudge *dojo_judge_start(const DojoEngineSpec *spec, const DjVariant *variant, gint *cancel,
                            GError **error)
{
    DojoJudgeLimit limit;
    if (!dojo_judge_limit_parse(spec, &limit, error))
        return NULL;
    DojoEngine *engine = dojo_engine_start(spec, variant->name, JUDGE_STARTUP_MS, cancel, error);
    if (engine == NULL)
        return NULL;
    DojoJudge *judge = g_new0(DojoJudge, 1);
    judge->engine = engine;
    judge->limit = limit;
    return judge;
}

void dojo_judge_free(DojoJudge *judge)
{
    if (judge == NULL)
        return;
    dojo_engine_free(judge->engine);
    g_free(judge);
}

bool dojo_judge_new_game(DojoJudge *judge, GError **error)
{
    return dojo_engine_new_game(judge->engine, JUDGE_STARTUP_MS, error);
}

/* The error for a read that brought no line. */
static bool read_failed(DojoJudge *judge, DojoEngineRead read, gint64 waited_ms, GError **error)
{
    const char *name = dojo_engine_name(judge->engine);
    if (read == DOJO_ENGINE_CANCELLED)
        return dj_error_set(error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "interrupted");
    if (read == DOJO_ENGINE_FLOOD)
        return dj_error_set(error, DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_ENGINE,
                            "the judge %s %s", name, dojo_engine_flood_text(judge->engine));
    if (read == DOJO_ENGINE_EOF)
        return dj_error_set(error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                             "the judge %s exited while thinking about a position", name);
    return dj_error_set(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                         "the judge %s sent no bestmove within %" G_GINT64_FORMAT " ms", name,
                         waited_ms);
}

/* "bestmove MOVE ...": whether MOVE is legal in `pos`. */
static bool check_bestmove(DojoJudge *judge, const DjVariant *variant, const void *pos,
                           const char *line, GError **error)
{
    g_auto(GStrv) words = g_strsplit(line, " ", 3);
    const char *text = words[1] != NULL ? words[1] : "";
    DjMove move = DJ_MOVE_NONE;
    g_autoptr(GError) why = NULL;
    if (variant->parse_move(pos, text, &move, &why))
        return true;
    g_autofree char *clean = dj_text_quote(text, 40);
    return dj_error_set(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                        "the judge %s answered bestmove '%s', no legal move of %s there (%s): "
                        "does it play the same game?", dojo_engine_name(judge->engine), clean,
                        variant->title, why->message);
}

bool dojo_judge_position(DojoJudge *judge, const DjGame *game, int ply, double *label,
                         GError **error)
{
    const DjVariant *variant = dj_game_variant(game);
    const void *pos = dj_game_position_at(game, ply);
    const char *name = dojo_engine_name(judge->engine);
    g_autoptr(GString) command = g_string_new(NULL);
    dojo_match_position_command_at(game, ply, command);
    if (!dojo_engine_send(judge->engine, command->str, error))
        return false;
    g_string_assign(command, "go ");
    dojo_judge_limit_format(&judge->limit, command);
    if (!dojo_engine_send(judge->engine, command->str, error))
        return false;
    gint64 wait_ms = judge->limit.kind == DOJO_JUDGE_MOVETIME ? 10000 + 10 * judge->limit.value
                                                              : JUDGE_SEARCH_CAP_MS;
    gint64 deadline = g_get_monotonic_time() + wait_ms * 1000;
    DojoEngineScore score = { 0 };
    for (;;) {
        g_autofree char *line = NULL;
        DojoEngineRead read = dojo_engine_read(judge->engine, deadline, &line);
        if (read != DOJO_ENGINE_LINE)
            return read_failed(judge, read, wait_ms, error);
        if (dojo_engine_is_refusal(line)) {
            /* It will not search: say so now, not after the wait. */
            g_autoptr(GString) said = g_string_new(NULL);
            dj_text_append_line(dojo_engine_refusal_text(line), 300, said);
            return dj_error_set(error, DOJO_REFEREE_ERROR, DOJO_REFEREE_ERROR_ENGINE,
                                "the judge %s answered '%s' with an error: %s", name,
                                command->str, said->str);
        }
        if (g_str_has_prefix(line, "bestmove")) {
            if (!check_bestmove(judge, variant, pos, line, error))
                return false;
            break;
        }
        if (!dojo_engine_read_score(line, &score)) {
            g_autofree char *clean = dj_text_quote(line, 80);
            return dj_error_set(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                "the judge %s sent a score that does not parse: '%s'", name,
                                clean);
        }
    }
    if (!score.seen)
        return dj_error_set(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                            "the judge %s gave no score (info ... score cp X) before its move",
                            name);
    *label = dojo_judge_expected_score(&score, variant->side_to_move(pos));
    return true;
}
