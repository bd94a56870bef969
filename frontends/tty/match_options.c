/* match_options.c: options shared by `dojo match` and `dojo spsa`. */
#include "frontends/tty/match_options.h"

#include <math.h>
#include <string.h>

#include "framework/record_pgn.h"
#include "frontends/tty/position_file.h"

/* Seconds as typed ("10", "0.1") into milliseconds. */
static bool parse_seconds(const char *text, gint64 *ms)
{
    char *end = NULL;
    double seconds = g_ascii_strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(seconds) || seconds < 0 || seconds > 1e7)
        return false;
    *ms = (gint64)llround(seconds * 1000.0);
    return true;
}

/* A clock's time: seconds ("90", "0.5") or minutes and seconds ("1:30"). */
static bool parse_clock_time(const char *text, gint64 *ms)
{
    const char *colon = strchr(text, ':');
    if (colon == NULL)
        return parse_seconds(text, ms);
    g_autofree char *minutes_text = g_strndup(text, (gsize)(colon - text));
    gint64 minutes = 0, seconds = 0;
    if (!g_ascii_string_to_signed(minutes_text, 10, 0, 100000, &minutes, NULL)
        || strchr(colon + 1, ':') != NULL || !parse_seconds(colon + 1, &seconds))
        return false;
    *ms = minutes * 60000 + seconds;
    return true;
}

/* [MOVES/]TIME[+INC] into `limits`; false when it does not read. */
static bool parse_tc(const char *text, DojoMatchLimits *limits)
{
    g_auto(GStrv) parts = g_strsplit(text, "+", 2);
    const char *slash = strchr(parts[0], '/');
    gint64 moves = 0, base = 0, inc = 0;
    if (slash != NULL) {
        g_autofree char *moves_text = g_strndup(parts[0], (gsize)(slash - parts[0]));
        if (!g_ascii_string_to_signed(moves_text, 10, 1, 10000, &moves, NULL))
            return false;
    }
    if (!parse_clock_time(slash != NULL ? slash + 1 : parts[0], &base) || base <= 0
        || (parts[1] != NULL && !parse_seconds(parts[1], &inc)))
        return false;
    limits->base_ms = base;
    limits->inc_ms = inc;
    limits->moves_per_tc = moves;
    return true;
}

bool dojo_match_tc_parse(const char *text, const char *what, DojoMatchLimits *limits,
                         GError **error)
{
    if (parse_tc(text, limits))
        return true;
    return dojo_usage_error(error, "%s wants [MOVES/]TIME[+INC], TIME in seconds or M:SS "
                            "(e.g. 10+0.1, 60, 40/60, 0:02+0.01), not '%s'", what, text);
}

bool dojo_match_tc_parse_or_inf(const char *text, const char *what, DojoMatchLimits *limits,
                                GError **error)
{
    if (strcmp(text, "inf") == 0) {
        limits->base_ms = limits->inc_ms = limits->moves_per_tc = 0;
        return true;
    }
    if (parse_tc(text, limits))
        return true;
    return dojo_usage_error(error, "%s wants [MOVES/]TIME[+INC], TIME in seconds or M:SS "
                            "(e.g. 10+0.1, 60, 40/60, 0:02+0.01), or inf, not '%s'", what, text);
}

/* plan->balance from --balance and --balance-nodes, which judge random
 * openings only. */
static bool parse_balance(const DojoOpeningsArgs *args, bool random, DojoMatchPlan *plan,
                          GError **error)
{
    if (!args->balance_given) {
        if (args->balance_nodes_given)
            return dojo_usage_error(error, "--balance-nodes goes with --balance");
        return true;
    }
    if (!random)
        return dojo_usage_error(error, "--balance keeps the random openings that are even: "
                                "give --openings random:N with it");
    if (plan->variant->evaluate == NULL)
        return dojo_usage_error(error, "--balance cannot judge openings of %s: the game has "
                                "no evaluation to search them with", plan->variant->title);
    plan->balance = dojo_match_balance_new(plan->variant, (int)args->balance,
                                           (guint64)args->balance_nodes);
    return true;
}

/* The openings of PGN file `path`: the position after the first `plies`
 * plies of each game (-1: all), but never a finished game's last. */
static GPtrArray *read_pgn_openings(const DjVariant *variant, const char *path, gint64 plies,
                                    GError **error)
{
    GError *local = NULL;
    g_autoptr(GPtrArray) games = dj_pgn_load(path, &local);
    if (games == NULL) {
        g_set_error(error, local->domain, local->code, "cannot read the openings in %s",
                    local->message);
        g_error_free(local);
        return NULL;
    }
    if (games->len == 0) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "cannot read the openings in %s: it "
                    "holds no game", path);
        return NULL;
    }
    GPtrArray *positions = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < games->len; i++) {
        const DjPgnGame *read = g_ptr_array_index(games, i);
        const DjVariant *of = dj_game_variant(read->game);
        if (of != variant) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "cannot read the openings in %s: "
                        "line %d: a game of %s, not of %s", path, read->line, of->title,
                        variant->title);
            g_ptr_array_free(positions, TRUE);
            return NULL;
        }
        int length = dj_game_length(read->game);
        int last = dj_game_outcome(read->game) == DJ_OUTCOME_ONGOING ? length
                                                                    : MAX(length - 1, 0);
        int at = plies < 0 ? last : (int)MIN(plies, (gint64)last);
        GString *text = g_string_new(NULL);
        variant->format_position(dj_game_position_at(read->game, at), text);
        g_ptr_array_add(positions, g_string_free(text, FALSE));
    }
    return positions;
}

/* plan->positions and random_plies from --position and --openings. */
static bool parse_openings(const DojoSetupArgs *setup, const DojoOpeningsArgs *args,
                           DojoMatchPlan *plan, GError **error)
{
    const char *text = args->openings;
    bool from_file = text != NULL
        && (g_str_has_prefix(text, "file:") || g_str_has_prefix(text, "pgn:"));
    if (setup->position != NULL && from_file)
        return dojo_usage_error(error, "--position and --openings %.*s cannot go together",
                                (int)(strchr(text, ':') - text + 1), text);
    if (args->pgn_plies_given && (text == NULL || !g_str_has_prefix(text, "pgn:")))
        return dojo_usage_error(error, "--openings-plies goes with --openings pgn:PATH");
    if (setup->position != NULL) {
        /* A fixed --position is one opening for every pair. */
        plan->positions = g_ptr_array_new_with_free_func(g_free);
        g_ptr_array_add(plan->positions, g_strdup(setup->position));
    }
    if (text == NULL || strcmp(text, "none") == 0)
        return true;
    if (g_str_has_prefix(text, "random:")) {
        gint64 plies = 0;
        if (!dojo_int_parse(text + 7, "--openings random:N", 0, 1000, &plies, error))
            return false;
        plan->random_plies = (int)plies;
        return true;
    }
    if (g_str_has_prefix(text, "file:") && text[5] != '\0') {
        plan->positions = dojo_position_file_read(plan->variant, text + 5, "an openings file",
                                                   "cannot read the openings in ", error);
        return plan->positions != NULL;
    }
    if (g_str_has_prefix(text, "pgn:") && text[4] != '\0') {
        plan->positions = read_pgn_openings(plan->variant, text + 4,
                                            args->pgn_plies_given ? args->pgn_plies : -1,
                                            error);
        return plan->positions != NULL;
    }
    dojo_usage_error(error, "--openings wants none, random:N, file:PATH or pgn:PATH, not '%s'",
                     text);
    return false;
}

bool dojo_match_openings_parse(const DojoSetupArgs *setup, const DojoOpeningsArgs *args,
                               DojoMatchPlan *plan, GError **error)
{
    bool random = args->openings != NULL && g_str_has_prefix(args->openings, "random:");
    return parse_openings(setup, args, plan, error)
        && parse_balance(args, random, plan, error);
}

void dojo_match_openings_clear(DojoMatchPlan *plan)
{
    if (plan->positions != NULL)
        g_ptr_array_free(plan->positions, TRUE);
    plan->positions = NULL;
    dojo_match_balance_free(plan->balance);
    plan->balance = NULL;
}

DojoOption dojo_match_tc_row(const char **tc)
{
    return (DojoOption){ .name = "tc", .type = DOJO_OPTION_TEXT, .to.text = tc,
                         .arg = "[MOVES/]TIME[+INC]",
                         .help = "A clock per side: TIME (seconds or M:SS) plus INC seconds "
                                 "a move, TIME more every MOVES moves" };
}

DojoOption dojo_match_movetime_row(gint64 *movetime_ms)
{
    /* 0, out of the range, is "not given": no limit of this kind */
    return (DojoOption){ .name = "movetime", .type = DOJO_OPTION_WHOLE, .to.whole = movetime_ms,
                         .min = 1, .max = G_MAXINT32, .def.whole = 0, .arg = "MS",
                         .help = "Milliseconds a move" };
}

DojoOption dojo_match_nodes_row(gint64 *nodes)
{
    return (DojoOption){ .name = "nodes", .type = DOJO_OPTION_WHOLE, .to.whole = nodes,
                         .min = 1, .max = G_MAXINT64, .def.whole = 0, .arg = "N",
                         .help = "Nodes a move" };
}

DojoOption dojo_match_max_plies_row(gint64 *max_plies)
{
    return (DojoOption){ .name = "max-plies", .type = DOJO_OPTION_WHOLE, .to.whole = max_plies,
                         .min = 0, .max = G_MAXINT32, .def.whole = DOJO_MATCH_DEFAULT_MAX_PLIES,
                         .arg = "N", .help = "A draw after this many plies, never for 0" };
}

void dojo_match_openings_rows(DojoOpeningsArgs *args,
                              DojoOption rows[DOJO_MATCH_OPENINGS_ROWS])
{
    /* not a row here: a command that takes --openings-plies adds its own */
    args->pgn_plies = -1;
    args->pgn_plies_given = false;
    rows[0] = (DojoOption){ .name = "openings", .type = DOJO_OPTION_TEXT,
                            .to.text = &args->openings, .def.text = "none", .arg = "HOW",
                            .help = "none, random:N, file:PATH or pgn:PATH" };
    /* -1, out of the range, is "not given": no balancing */
    rows[1] = (DojoOption){ .name = "balance", .type = DOJO_OPTION_WHOLE,
                            .to.whole = &args->balance, .min = 0, .max = DJ_SCORE_EVAL_MAX - 1,
                            .def.whole = -1, .given = &args->balance_given, .arg = "CP",
                            .help = "Keep random openings a search scores within +-CP" };
    rows[2] = (DojoOption){ .name = "balance-nodes", .type = DOJO_OPTION_WHOLE,
                            .to.whole = &args->balance_nodes,
                            .min = DOJO_MATCH_MIN_BALANCE_NODES, .max = G_MAXINT64,
                            .def.whole = DOJO_MATCH_DEFAULT_BALANCE_NODES,
                            .given = &args->balance_nodes_given, .arg = "N",
                            .help = "Nodes of that search" };
    rows[3] = (DojoOption)DOJO_OPTION_END;
}
