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
    if (args->balance == NULL) {
        if (args->balance_nodes != NULL)
            return dojo_usage_error(error, "--balance-nodes goes with --balance");
        return true;
    }
    gint64 max_cp = 0;
    gint64 nodes = DOJO_MATCH_DEFAULT_BALANCE_NODES;
    if (!dojo_int_parse(args->balance, "--balance", 0, DJ_SCORE_EVAL_MAX - 1, &max_cp, error)
        || (args->balance_nodes != NULL
            && !dojo_int_parse(args->balance_nodes, "--balance-nodes",
                               DOJO_MATCH_MIN_BALANCE_NODES, G_MAXINT64, &nodes, error)))
        return false;
    if (!random)
        return dojo_usage_error(error, "--balance keeps the random openings that are even: "
                                "give --openings random:N with it");
    if (plan->variant->evaluate == NULL)
        return dojo_usage_error(error, "--balance cannot judge openings of %s: the game has "
                                "no evaluation to search them with", plan->variant->title);
    plan->balance = dojo_match_balance_new(plan->variant, (int)max_cp, (guint64)nodes);
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

void dojo_match_openings_args_add(GOptionGroup *group, DojoOpeningsArgs *args)
{
    GOptionEntry entries[] = {
        { "openings", 0, 0, G_OPTION_ARG_STRING, &args->openings,
          "none (default), random:N or file:PATH", "HOW" },
        { "balance", 0, 0, G_OPTION_ARG_STRING, &args->balance,
          "Keep random openings a search scores within +-CP", "CP" },
        { "balance-nodes", 0, 0, G_OPTION_ARG_STRING, &args->balance_nodes,
          "Nodes of that search (default " G_STRINGIFY(DOJO_MATCH_DEFAULT_BALANCE_NODES) ")",
          "N" },
        { NULL, 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    };
    g_option_group_add_entries(group, entries);
}

void dojo_match_openings_args_clear(DojoOpeningsArgs *args)
{
    g_free(args->openings);
    g_free(args->balance);
    g_free(args->balance_nodes);
    memset(args, 0, sizeof *args);
}
