/* match_shard.c: slices of a match, their result files, and the merge. */
#include "framework/referee/match_shard.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "framework/error.h"
#include "framework/text_file.h"

#define FORMAT "1"
/* A slice of the largest match (ten million games) writes a character a
 * game, and a few lines more. */
#define SLICE_MAX_BYTES ((gsize)64 << 20)
#define GROUP_MATCH "match"
#define GROUP_SLICE "slice"
#define GROUP_MACHINE "machine"

/* The groups that say which match a slice belongs to: equal in every
 * slice of a match, key for key. */
static const char *const definition_groups[] = { GROUP_MATCH, "engine A", "engine B" };

/* ---- slicing ------------------------------------------------------------------ */

int dojo_match_shard_pairs(int games)
{
    return games / 2 + games % 2;
}

void dojo_match_shard_games(int games, int index, int count, int *first, int *end)
{
    gint64 pairs = dojo_match_shard_pairs(games);
    gint64 from = pairs * (index - 1) / count;
    gint64 to = pairs * index / count;
    *first = (int)(2 * from);
    *end = (int)MIN(2 * to, (gint64)games);
}

static gint64 scaled_ms(gint64 ms, double scale)
{
    if (ms <= 0)
        return ms;
    double value = round((double)ms * scale);
    return value < 1.0 ? 1 : value > (double)G_MAXINT32 ? G_MAXINT32 : (gint64)value;
}

DojoMatchLimits dojo_match_limits_scaled(const DojoMatchLimits *limits, double scale)
{
    DojoMatchLimits out = *limits;
    if (scale <= 0.0 || scale == 1.0)
        return out;
    out.base_ms = scaled_ms(limits->base_ms, scale);
    out.inc_ms = scaled_ms(limits->inc_ms, scale);
    out.movetime_ms = scaled_ms(limits->movetime_ms, scale);
    return out;
}

char *dojo_match_slice_file_name(int index, int count)
{
    int width = 1;
    for (int n = count; n >= 10; n /= 10)
        width++;
    return g_strdup_printf("slice-%0*d-of-%d" DOJO_MATCH_SLICE_SUFFIX, width, index, count);
}

char *dojo_match_shard_record_name(int games, int index)
{
    /* as match_run.c's save_record names them, nothing taken before */
    int width = 4;
    for (int n = games; n >= 10000; n /= 10)
        width++;
    return g_strdup_printf("game-%0*d.dojo", width, index + 1);
}

/* ---- writing ------------------------------------------------------------------ */

static void set_whole(GKeyFile *file, const char *group, const char *key, gint64 value)
{
    g_autofree char *text = g_strdup_printf("%" G_GINT64_FORMAT, value);
    g_key_file_set_string(file, group, key, text);
}

/* A whole number, or "none" for 0 (a limit or a rule not given). */
static void set_whole_or_none(GKeyFile *file, const char *group, const char *key, gint64 value)
{
    if (value == 0)
        g_key_file_set_string(file, group, key, "none");
    else
        set_whole(file, group, key, value);
}

static void set_list(GKeyFile *file, const char *group, const char *key, GPtrArray *items)
{
    g_key_file_set_string_list(file, group, key, (const char *const *)items->pdata,
                               items->len);
}

static void describe_engine(GKeyFile *file, const char *group, const DojoEngineSpec *spec,
                            const DojoMatchLimits *limits, const char *id_name)
{
    g_key_file_set_string(file, group, "name", spec->name);
    g_key_file_set_string(file, group, "id-name", id_name != NULL ? id_name : "");
    g_autoptr(GPtrArray) args = g_ptr_array_new();
    for (guint i = 1; i < spec->argv->len; i++)
        g_ptr_array_add(args, g_ptr_array_index(spec->argv, i));
    set_list(file, group, "args", args);
    g_autoptr(GPtrArray) options = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < spec->option_names->len; i++)
        g_ptr_array_add(options, g_strdup_printf("%s=%s",
                                                 (char *)g_ptr_array_index(spec->option_names, i),
                                                 (char *)g_ptr_array_index(spec->option_values, i)));
    set_list(file, group, "options", options);
    if (limits->base_ms > 0) {
        g_autofree char *clock = g_strdup_printf("%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT,
                                                 limits->base_ms, limits->inc_ms);
        g_key_file_set_string(file, group, "clock-ms", clock);
    } else {
        g_key_file_set_string(file, group, "clock-ms", "none");
    }
    set_whole_or_none(file, group, "moves-per-clock", limits->moves_per_tc);
    set_whole_or_none(file, group, "movetime-ms", limits->movetime_ms);
    set_whole_or_none(file, group, "nodes", limits->nodes);
    set_whole_or_none(file, group, "depth", limits->depth);
    set_whole(file, group, "time-margin-ms", limits->margin_ms);
    set_whole(file, group, "move-timeout-ms", limits->cap_ms);
}

/* Fifteen digits: what was typed as a decimal reads back the same. */
static char *number_text(double value)
{
    char buffer[G_ASCII_DTOSTR_BUF_SIZE];
    return g_strdup(g_ascii_formatd(buffer, sizeof buffer, "%.15g", value));
}

static void describe_sprt(GKeyFile *file, const DojoMatchPlan *plan)
{
    if (!plan->has_sprt) {
        g_key_file_set_string(file, GROUP_MATCH, "sprt", "none");
        return;
    }
    g_autofree char *elo0 = number_text(plan->sprt.elo0);
    g_autofree char *elo1 = number_text(plan->sprt.elo1);
    g_autofree char *alpha = number_text(plan->sprt.alpha);
    g_autofree char *beta = number_text(plan->sprt.beta);
    g_autofree char *text = g_strdup_printf("elo0=%s,elo1=%s,alpha=%s,beta=%s", elo0, elo1,
                                            alpha, beta);
    g_key_file_set_string(file, GROUP_MATCH, "sprt", text);
}

/* The openings: the random plies, the positions (their number and a
 * digest, not the file they came from, whose path differs from machine to
 * machine), the balance, and the first opening itself, which the seed and
 * every option of the openings decide, as this referee draws it. */
static bool describe_openings(GKeyFile *file, const DojoMatchPlan *plan,
                              const DojoMatchSliceFacts *facts, GError **error)
{
    set_whole(file, GROUP_MATCH, "random-plies", plan->random_plies);
    if (plan->positions == NULL) {
        g_key_file_set_string(file, GROUP_MATCH, "positions", "none");
    } else {
        g_autoptr(GChecksum) digest = g_checksum_new(G_CHECKSUM_SHA256);
        for (guint i = 0; i < plan->positions->len; i++) {
            const char *position = g_ptr_array_index(plan->positions, i);
            g_checksum_update(digest, (const guchar *)position, (gssize)strlen(position));
            g_checksum_update(digest, (const guchar *)"\n", 1);
        }
        g_autofree char *text = g_strdup_printf("%u, sha256 %s", plan->positions->len,
                                                g_checksum_get_string(digest));
        g_key_file_set_string(file, GROUP_MATCH, "positions", text);
        g_autofree char *order = plan->openings_random
            ? g_strdup("random")
            : g_strdup_printf("in order from line %d", plan->openings_first + 1);
        g_key_file_set_string(file, GROUP_MATCH, "positions-order", order);
    }
    if (plan->balance == NULL) {
        g_key_file_set_string(file, GROUP_MATCH, "balance-cp", "none");
    } else {
        set_whole(file, GROUP_MATCH, "balance-cp", dojo_match_balance_max_cp(plan->balance));
        set_whole(file, GROUP_MATCH, "balance-nodes", facts->balance_nodes);
    }
    g_autoptr(DjGame) first = dojo_match_opening(plan, 0, error);
    if (first == NULL)
        return false;
    g_autoptr(GString) command = g_string_new(NULL);
    dojo_match_position_command(first, command);
    g_key_file_set_string(file, GROUP_MATCH, "first-opening", command->str);
    return true;
}

static bool describe_match(GKeyFile *file, const DojoMatchPlan *plan,
                           const DojoMatchSliceFacts *facts, GError **error)
{
    g_key_file_set_string(file, GROUP_MATCH, "format", FORMAT);
    g_key_file_set_string(file, GROUP_MATCH, "variant", plan->variant->name);
    g_autoptr(GPtrArray) options = g_ptr_array_new_with_free_func(g_free);
    for (int i = 0; i < plan->setup->n_options; i++)
        g_ptr_array_add(options, g_strdup_printf("%s=%s", plan->setup->options[i].name,
                                                 plan->setup->options[i].value));
    set_list(file, GROUP_MATCH, "options", options);
    g_autofree char *seed = g_strdup_printf("%" G_GUINT64_FORMAT, plan->seed);
    g_key_file_set_string(file, GROUP_MATCH, "seed", seed);
    set_whole(file, GROUP_MATCH, "games", plan->games);
    set_whole(file, GROUP_MATCH, "slices", plan->shard_count);
    if (!describe_openings(file, plan, facts, error))
        return false;
    const DojoAdjudication *adj = &plan->adjudication;
    set_whole_or_none(file, GROUP_MATCH, "max-plies", adj->max_plies);
    set_whole_or_none(file, GROUP_MATCH, "resign-score", adj->resign_score);
    set_whole_or_none(file, GROUP_MATCH, "resign-moves", adj->resign_moves);
    g_key_file_set_boolean(file, GROUP_MATCH, "resign-one-sided", adj->resign_one_sided);
    set_whole(file, GROUP_MATCH, "draw-score", adj->draw_score);
    set_whole_or_none(file, GROUP_MATCH, "draw-moves", adj->draw_moves);
    set_whole(file, GROUP_MATCH, "draw-after", adj->draw_after);
    describe_sprt(file, plan);
    set_whole_or_none(file, GROUP_MATCH, "reference-nps", (gint64)facts->reference_nps);
    return true;
}

static char result_char(int half_points)
{
    return half_points == 2 ? '1' : half_points == 1 ? '=' : '0';
}

static void describe_slice(GKeyFile *file, const DojoMatchPlan *plan)
{
    const DojoMatchTally *tally = &plan->output->tally;
    int first = 0, end = 0;
    dojo_match_shard_games(plan->games, plan->shard_index, plan->shard_count, &first, &end);
    set_whole(file, GROUP_SLICE, "index", plan->shard_index);
    g_autofree char *games = g_strdup_printf("%d-%d", first + 1, end);
    g_key_file_set_string(file, GROUP_SLICE, "games", games);
    g_autofree char *pairs = g_strdup_printf("%d-%d", first / 2 + 1, (end + 1) / 2);
    g_key_file_set_string(file, GROUP_SLICE, "pairs", pairs);
    g_autoptr(GString) results = g_string_new(NULL);
    for (int i = first; i < end; i++)
        g_string_append_c(results, result_char(g_array_index(tally->game_points, int, i)));
    g_key_file_set_string(file, GROUP_SLICE, "results", results->str);
    set_whole(file, GROUP_SLICE, "wins", tally->wins);
    set_whole(file, GROUP_SLICE, "losses", tally->losses);
    set_whole(file, GROUP_SLICE, "draws", tally->draws);
    if (tally->paired)
        g_key_file_set_integer_list(file, GROUP_SLICE, "pentanomial", (gint *)tally->pentanomial,
                                    DJ_PENTANOMIAL_OUTCOMES);
}

static void describe_machine(GKeyFile *file, const DojoMatchPlan *plan,
                             const DojoMatchSliceFacts *facts)
{
    g_key_file_set_string(file, GROUP_MACHINE, "host", g_get_host_name());
    g_key_file_set_string(file, GROUP_MACHINE, "referee", facts->referee);
    set_whole(file, GROUP_MACHINE, "bench-nps", (gint64)facts->bench_nps);
    g_autofree char *scale = number_text(plan->time_scale > 0.0 ? plan->time_scale : 1.0);
    g_key_file_set_string(file, GROUP_MACHINE, "time-scale", scale);
    g_key_file_set_string(file, GROUP_MACHINE, "engine-a-cmd",
                          g_ptr_array_index(plan->engines[0]->argv, 0));
    g_key_file_set_string(file, GROUP_MACHINE, "engine-b-cmd",
                          g_ptr_array_index(plan->engines[1]->argv, 0));
    g_autoptr(GDateTime) now = g_date_time_new_now_utc();
    g_autofree char *when = g_date_time_format_iso8601(now);
    g_key_file_set_string(file, GROUP_MACHINE, "finished", when);
}

bool dojo_match_slice_save(const char *path, const DojoMatchPlan *plan,
                           const DojoMatchSliceFacts *facts, GError **error)
{
    g_autoptr(GKeyFile) file = g_key_file_new();
    if (!describe_match(file, plan, facts, error))
        return false;
    for (int i = 0; i < 2; i++)
        describe_engine(file, definition_groups[1 + i], plan->engines[i], &plan->limits[i],
                        plan->output->id_names[i]);
    describe_slice(file, plan);
    describe_machine(file, plan, facts);
    g_key_file_set_comment(file, NULL, NULL,
                           " A slice of a match played by 'dojo match --shard K/N'.\n"
                           " 'dojo match --merge' adds the slices of a match up: [match] and\n"
                           " the engines say which match, [slice] what this one played\n"
                           " (results: engine A's, a character a game: 1 won, 0 lost, = drawn).",
                           NULL);
    gsize length = 0;
    g_autofree char *text = g_key_file_to_data(file, &length, NULL);
    return dj_text_file_write_atomically(path, text, length, error);
}

/* ---- reading ------------------------------------------------------------------ */

/* One result file as read. */
typedef struct Slice {
    char *path;
    GKeyFile *file;
    int index, count, games;
    int first, end;        /* its games, from 0 */
    char *results;         /* engine A's result a game: '1', '0' or '=' */
} Slice;

static void slice_free(gpointer data)
{
    Slice *slice = data;
    g_free(slice->path);
    if (slice->file != NULL)
        g_key_file_unref(slice->file);
    g_free(slice->results);
    g_free(slice);
}

/* A whole number of [group] key from min to max, or an error naming the
 * file and the key. */
static bool read_whole(const Slice *slice, const char *group, const char *key, gint64 min,
                       gint64 max, gint64 *out, GError **error)
{
    g_autofree char *text = g_key_file_get_string(slice->file, group, key, NULL);
    char *end = NULL;
    errno = 0;
    gint64 value = text != NULL ? g_ascii_strtoll(text, &end, 10) : 0;
    if (text == NULL || end == text || *end != '\0' || errno != 0 || value < min || value > max)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "%s: [%s] %s wants a whole number from %" G_GINT64_FORMAT " to %"
                            G_GINT64_FORMAT ", not '%s'", slice->path, group, key, min, max,
                            text != NULL ? text : "(none)");
    *out = value;
    return true;
}

static bool parse_sprt(const char *text, DjSprt *sprt)
{
    double values[4];
    const char *keys[4] = { "elo0=", "elo1=", "alpha=", "beta=" };
    g_auto(GStrv) items = g_strsplit(text, ",", -1);
    if (g_strv_length(items) != 4)
        return false;
    for (int i = 0; i < 4; i++) {
        if (!g_str_has_prefix(items[i], keys[i]))
            return false;
        const char *number = items[i] + strlen(keys[i]);
        char *end = NULL;
        values[i] = g_ascii_strtod(number, &end);
        if (end == number || *end != '\0' || !isfinite(values[i]))
            return false;
    }
    *sprt = (DjSprt){ values[0], values[1], values[2], values[3] };
    return sprt->elo0 < sprt->elo1 && sprt->alpha > 0 && sprt->beta > 0
        && sprt->alpha + sprt->beta < 1;
}

/* The half points of each game of `slice`, checked against its counts. */
static bool check_counts(const Slice *slice, GError **error)
{
    gint64 counted[3] = { 0, 0, 0 };   /* losses, draws, wins */
    int pentanomial[DJ_PENTANOMIAL_OUTCOMES] = { 0 };
    int n = slice->end - slice->first;
    for (int i = 0; i < n; i++) {
        int points = slice->results[i] == '1' ? 2 : slice->results[i] == '=' ? 1 : 0;
        counted[points]++;
        int game = slice->first + i;
        if (game % 2 == 1)
            pentanomial[points + (slice->results[i - 1] == '1' ? 2
                                  : slice->results[i - 1] == '=' ? 1 : 0)]++;
    }
    gint64 stated[3];
    const char *keys[3] = { "losses", "draws", "wins" };
    for (int i = 0; i < 3; i++) {
        if (!read_whole(slice, GROUP_SLICE, keys[i], 0, n, &stated[i], error))
            return false;
        if (stated[i] != counted[i])
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "%s: [%s] %s says %" G_GINT64_FORMAT ", its results say %"
                                G_GINT64_FORMAT " (was the file edited?)", slice->path,
                                GROUP_SLICE, keys[i], stated[i], counted[i]);
    }
    if (slice->games % 2 != 0)
        return true;
    gsize length = 0;
    g_autofree gint *listed = g_key_file_get_integer_list(slice->file, GROUP_SLICE,
                                                          "pentanomial", &length, NULL);
    bool same = listed != NULL && length == DJ_PENTANOMIAL_OUTCOMES;
    for (int i = 0; same && i < DJ_PENTANOMIAL_OUTCOMES; i++)
        same = listed[i] == pentanomial[i];
    if (!same)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "%s: [%s] pentanomial is not [%d, %d, %d, %d, %d], the count of its "
                            "results (was the file edited?)", slice->path, GROUP_SLICE,
                            pentanomial[0], pentanomial[1], pentanomial[2], pentanomial[3],
                            pentanomial[4]);
    return true;
}

/* Read the result file at `path`, checking it on its own. */
static Slice *slice_read(const char *path, GError **error)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, SLICE_MAX_BYTES, "a slice result", &text, &length, error))
        return NULL;
    Slice *slice = g_new0(Slice, 1);
    slice->path = g_strdup(path);
    slice->file = g_key_file_new();
    GError *local = NULL;
    if (!g_key_file_load_from_data(slice->file, text, length, G_KEY_FILE_KEEP_COMMENTS,
                                   &local)) {
        dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                     "%s: not a slice result of dojo match (%s)", path, local->message);
        g_error_free(local);
        slice_free(slice);
        return NULL;
    }
    g_autofree char *format = g_key_file_get_string(slice->file, GROUP_MATCH, "format", NULL);
    if (format == NULL || strcmp(format, FORMAT) != 0) {
        if (format == NULL)
            dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                         "%s: not a slice result of dojo match (no [%s] format)", path,
                         GROUP_MATCH);
        else
            dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                         "%s: a slice result of format '%s', which this dojo does not read "
                         "(it reads %s)", path, format, FORMAT);
        slice_free(slice);
        return NULL;
    }
    gint64 games = 0, count = 0, index = 0;
    bool ok = read_whole(slice, GROUP_MATCH, "games", 1, G_MAXINT32 / 2, &games, error)
        && read_whole(slice, GROUP_MATCH, "slices", 1, dojo_match_shard_pairs((int)games),
                      &count, error)
        && read_whole(slice, GROUP_SLICE, "index", 1, count, &index, error);
    if (ok) {
        slice->games = (int)games;
        slice->count = (int)count;
        slice->index = (int)index;
        dojo_match_shard_games(slice->games, slice->index, slice->count, &slice->first,
                               &slice->end);
        g_autofree char *range = g_key_file_get_string(slice->file, GROUP_SLICE, "games", NULL);
        g_autofree char *expected = g_strdup_printf("%d-%d", slice->first + 1, slice->end);
        slice->results = g_key_file_get_string(slice->file, GROUP_SLICE, "results", NULL);
        if (range == NULL || strcmp(range, expected) != 0) {
            ok = dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                              "%s: slice %d of %d of a match of %d games plays games %s, "
                              "not '%s'", path, slice->index, slice->count, slice->games,
                              expected, range != NULL ? range : "(none)");
        } else if (slice->results == NULL
                   || strlen(slice->results) != (size_t)(slice->end - slice->first)
                   || strspn(slice->results, "10=") != strlen(slice->results)) {
            ok = dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                              "%s: [%s] results wants a character for each of its %d games "
                              "(1, 0 or =)", path, GROUP_SLICE, slice->end - slice->first);
        }
    }
    ok = ok && check_counts(slice, error);
    if (!ok) {
        slice_free(slice);
        return NULL;
    }
    return slice;
}

/* ---- merging ------------------------------------------------------------------ */

static bool collect_paths(int n, char **paths, GPtrArray *out, GError **error)
{
    for (int i = 0; i < n; i++) {
        if (g_file_test(paths[i], G_FILE_TEST_IS_DIR)) {
            guint before = out->len;
            if (!dj_text_file_list(paths[i], DOJO_MATCH_SLICE_SUFFIX, out, error))
                return false;
            if (out->len == before)
                return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                                    "%s holds no slice result (no file ending in "
                                    DOJO_MATCH_SLICE_SUFFIX " in it or its subfolders)",
                                    paths[i]);
        } else if (g_file_test(paths[i], G_FILE_TEST_EXISTS)) {
            g_ptr_array_add(out, g_strdup(paths[i]));
        } else {
            return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                                "no slice result or folder '%s'", paths[i]);
        }
    }
    return true;
}

/* What a key of a definition group is called in a message. */
static char *key_words(const char *group, const char *key)
{
    g_autofree char *spaced = g_strdelimit(g_strdup(key), "-", ' ');
    if (strcmp(group, GROUP_MATCH) == 0)
        return g_steal_pointer(&spaced);
    return g_strdup_printf("%s %s", group, spaced);
}

/* A value of a key file as a message shows it: a list without the
 * separator after its last item; "(none)" for a key not there. */
static const char *shown_value(char *value)
{
    if (value == NULL)
        return "(none)";
    size_t length = strlen(value);
    if (length > 0 && value[length - 1] == ';' && (length < 2 || value[length - 2] != '\\'))
        value[length - 1] = '\0';
    return value;
}

/* The first key of a definition group whose value differs between `a` and
 * `b` (or that one of them lacks): an error naming it. */
static bool same_match(const Slice *a, const Slice *b, GError **error)
{
    for (size_t g = 0; g < G_N_ELEMENTS(definition_groups); g++) {
        const char *group = definition_groups[g];
        g_auto(GStrv) keys_a = g_key_file_get_keys(a->file, group, NULL, NULL);
        g_auto(GStrv) keys_b = g_key_file_get_keys(b->file, group, NULL, NULL);
        /* every key of either, those of `a` first */
        g_autoptr(GPtrArray) keys = g_ptr_array_new();
        for (int i = 0; keys_a != NULL && keys_a[i] != NULL; i++)
            g_ptr_array_add(keys, keys_a[i]);
        for (int i = 0; keys_b != NULL && keys_b[i] != NULL; i++)
            if (!g_key_file_has_key(a->file, group, keys_b[i], NULL))
                g_ptr_array_add(keys, keys_b[i]);
        for (guint i = 0; i < keys->len; i++) {
            const char *key = g_ptr_array_index(keys, i);
            g_autofree char *value_a = g_key_file_get_value(a->file, group, key, NULL);
            g_autofree char *value_b = g_key_file_get_value(b->file, group, key, NULL);
            if (value_a != NULL && value_b != NULL && strcmp(value_a, value_b) == 0)
                continue;
            g_autofree char *words = key_words(group, key);
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "%s is a slice of another match than %s (%s: '%s' here, '%s' "
                                "there)", b->path, a->path, words, shown_value(value_b),
                                shown_value(value_a));
        }
        if (keys_a == NULL && keys_b == NULL)
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "%s: not a slice result of dojo match (no [%s])", a->path,
                                group);
    }
    return true;
}

/* Every slice of the match once: the duplicate or the missing named. */
static bool all_slices_once(GPtrArray *slices, GError **error)
{
    const Slice *first = g_ptr_array_index(slices, 0);
    g_autofree const Slice **by_index = g_new0(const Slice *, (gsize)first->count + 1);
    for (guint i = 0; i < slices->len; i++) {
        const Slice *slice = g_ptr_array_index(slices, i);
        const Slice *seen = by_index[slice->index];
        if (seen != NULL)
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "slice %d of %d is there twice: %s and %s", slice->index,
                                slice->count, seen->path, slice->path);
        by_index[slice->index] = slice;
    }
    g_autoptr(GString) missing = g_string_new(NULL);
    int n_missing = 0;
    for (int k = 1; k <= first->count; k++) {
        if (by_index[k] != NULL)
            continue;
        if (n_missing++ > 0)
            g_string_append(missing, ", ");
        g_string_append_printf(missing, "%d", k);
    }
    if (n_missing > 0)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "%s %s of %d %s missing (a slice leaves its result only when it "
                            "has played all its games)", n_missing == 1 ? "slice" : "slices",
                            missing->str, first->count, n_missing == 1 ? "is" : "are");
    return true;
}

/* Control characters of `text` made '?', in place: what a file says is
 * printed on a line of its own. */
static char *printable(char *text)
{
    for (char *p = text; *p != '\0'; p++)
        if ((guchar)*p < 0x20 || *p == 0x7f)
            *p = '?';
    return text;
}

/* A string of the file, printable; "" when it has none. */
static char *get_text(const Slice *slice, const char *group, const char *key)
{
    char *text = g_key_file_get_string(slice->file, group, key, NULL);
    return printable(text != NULL ? text : g_strdup(""));
}

static void note_slice(const Slice *slice, GPtrArray *notes)
{
    g_autofree char *host = get_text(slice, GROUP_MACHINE, "host");
    g_autofree char *nps = get_text(slice, GROUP_MACHINE, "bench-nps");
    g_autofree char *scale = get_text(slice, GROUP_MACHINE, "time-scale");
    g_autoptr(GString) clean = g_string_new(NULL);
    g_string_append_printf(clean, "slice %d/%d: games %d-%d on %s, bench %s nodes/s, "
                           "time scale %s (%s)", slice->index, slice->count, slice->first + 1,
                           slice->end, host, nps, scale, slice->path);
    /* a path is outside text too */
    g_ptr_array_add(notes, printable(g_string_free(g_steal_pointer(&clean), FALSE)));
}

static gint compare_slices(gconstpointer a, gconstpointer b)
{
    const Slice *x = *(Slice *const *)a, *y = *(Slice *const *)b;
    return x->index < y->index ? -1 : x->index > y->index;
}

bool dojo_match_merge(int n, char **paths, DojoMatchMerged *merged, GError **error)
{
    memset(merged, 0, sizeof *merged);
    merged->notes = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
    if (!collect_paths(n, paths, files, error))
        return false;
    if (files->len == 0)
        return dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no slice result given");
    g_autoptr(GPtrArray) slices = g_ptr_array_new_with_free_func(slice_free);
    for (guint i = 0; i < files->len; i++) {
        Slice *slice = slice_read(g_ptr_array_index(files, i), error);
        if (slice == NULL)
            return false;
        g_ptr_array_add(slices, slice);
        if (!same_match(g_ptr_array_index(slices, 0), slice, error))
            return false;
    }
    if (!all_slices_once(slices, error))
        return false;
    g_ptr_array_sort(slices, compare_slices);

    const Slice *first = g_ptr_array_index(slices, 0);
    g_autofree char *seed = get_text(first, GROUP_MATCH, "seed");
    g_autofree char *sprt_text = get_text(first, GROUP_MATCH, "sprt");
    DjSprt sprt;
    bool has_sprt = strcmp(sprt_text, "none") != 0;
    if (has_sprt && !parse_sprt(sprt_text, &sprt))
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "%s: [%s] sprt wants elo0=X,elo1=Y,alpha=A,beta=B or none, not '%s'",
                            first->path, GROUP_MATCH, sprt_text);
    merged->variant = get_text(first, GROUP_MATCH, "variant");
    merged->seed = g_ascii_strtoull(seed, NULL, 10);
    merged->games = first->games;
    merged->slices = first->count;
    for (int i = 0; i < 2; i++) {
        merged->names[i] = get_text(first, definition_groups[1 + i], "name");
        merged->id_names[i] = get_text(first, definition_groups[1 + i], "id-name");
    }
    dojo_match_tally_init(&merged->tally, merged->names[0], merged->names[1], merged->games,
                          merged->games % 2 == 0, has_sprt ? &sprt : NULL);
    for (guint i = 0; i < slices->len; i++) {
        const Slice *slice = g_ptr_array_index(slices, i);
        for (int game = slice->first; game < slice->end; game++) {
            char c = slice->results[game - slice->first];
            dojo_match_tally_add(&merged->tally, game, c == '1' ? 2 : c == '=' ? 1 : 0);
        }
        note_slice(slice, merged->notes);
    }
    return true;
}

void dojo_match_merged_clear(DojoMatchMerged *merged)
{
    g_free(merged->variant);
    for (int i = 0; i < 2; i++) {
        g_free(merged->names[i]);
        g_free(merged->id_names[i]);
    }
    dojo_match_tally_clear(&merged->tally);
    if (merged->notes != NULL)
        g_ptr_array_free(merged->notes, TRUE);
    memset(merged, 0, sizeof *merged);
}
