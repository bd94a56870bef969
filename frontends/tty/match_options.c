/* match_options.c: options shared by `dojo match` and `dojo spsa`. */
#include "frontends/tty/match_options.h"

#include <math.h>
#include <string.h>

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

bool dojo_match_tc_parse(const char *text, const char *what, DojoMatchLimits *limits,
                         GError **error)
{
    g_auto(GStrv) parts = g_strsplit(text, "+", 2);
    gint64 inc = 0;
    bool ok = parse_seconds(parts[0], &limits->base_ms) && limits->base_ms > 0
        && (parts[1] == NULL || parse_seconds(parts[1], &inc));
    if (!ok) {
        dojo_usage_error(error, "%s wants BASE+INC in seconds (e.g. 10+0.1 or 60), not '%s'",
                         what, text);
        return false;
    }
    limits->inc_ms = inc;
    return true;
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

/* plan->positions and random_plies from --position and --openings. */
static bool parse_openings(const DojoSetupArgs *setup, const char *text, DojoMatchPlan *plan,
                           GError **error)
{
    if (setup->position != NULL && text != NULL && g_str_has_prefix(text, "file:"))
        return dojo_usage_error(error, "--position and --openings file: cannot go together");
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
    dojo_usage_error(error, "--openings wants none, random:N or file:PATH, not '%s'", text);
    return false;
}

bool dojo_match_openings_parse(const DojoSetupArgs *setup, const DojoOpeningsArgs *args,
                               DojoMatchPlan *plan, GError **error)
{
    bool random = args->openings != NULL && g_str_has_prefix(args->openings, "random:");
    return parse_openings(setup, args->openings, plan, error)
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
                         .arg = "BASE+INC",
                         .help = "A clock per side: BASE seconds plus INC a move" };
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
    rows[0] = (DojoOption){ .name = "openings", .type = DOJO_OPTION_TEXT,
                            .to.text = &args->openings, .def.text = "none", .arg = "HOW",
                            .help = "none, random:N or file:PATH" };
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
