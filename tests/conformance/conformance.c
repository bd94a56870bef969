/* conformance.c: shared machinery of the conformance suite (see conformance.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "framework/registry.h"
#include "framework/search/search_types.h"
#include "tests/conformance/conformance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* In a child of conf_failure_of: where a failed check writes its report. */
static int failure_fd = -1;

#define CHILD_FAILED 3

void conf_fail(const ConfWhere *where, const char *check, const char *file, int line,
               const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    char *message = g_strdup_vprintf(fmt, args);
    va_end(args);

    GString *report = g_string_new(NULL);
    g_string_append_printf(report, "conformance check failed: %s\n  %s\n", check, message);
    if (where != NULL) {
        g_string_append_printf(report, "  variant %s, seed %" G_GUINT32_FORMAT,
                               where->variant != NULL ? where->variant->name : "?",
                               where->seed);
        if (where->game >= 0)
            g_string_append_printf(report, ", game %d", where->game);
        if (where->ply >= 0)
            g_string_append_printf(report, ", ply %d", where->ply);
        g_string_append_c(report, '\n');
        if (where->pos != NULL && where->variant != NULL) {
            g_string_append(report, "  position: ");
            where->variant->format_position(where->pos, report);
            g_string_append_c(report, '\n');
        }
    }
    if (failure_fd >= 0) {
        /* _exit: the child's abandoned allocations are not leaks to report */
        ssize_t written = write(failure_fd, report->str, report->len);
        _exit(written == (ssize_t)report->len ? CHILD_FAILED : CHILD_FAILED + 1);
    }
    g_free(message);
    char *text = g_strchomp(g_string_free(report, FALSE));
    /* fail_msg names this line; the report names the check's own. */
    fail_msg("%s:%d: %s", file, line, text);
    abort(); /* fail_msg does not return; this tells the compiler so */
}

char *conf_failure_of(void (*fn)(void *data), void *data)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        close(fds[0]);
        failure_fd = fds[1];
        fn(data);
        _exit(0);
    }
    close(fds[1]);
    GString *report = g_string_new(NULL);
    char buffer[4096];
    ssize_t got;
    while ((got = read(fds[0], buffer, sizeof buffer)) > 0)
        g_string_append_len(report, buffer, got);
    close(fds[0]);
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        g_string_free(report, TRUE);
        return NULL;
    }
    /* Anything but a failed check (a crash, a sanitizer report) is a failure
     * of the calling test itself. */
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == CHILD_FAILED))
        fail_msg("the checked code ended abnormally (status %d): %s", status, report->str);
    return g_string_free(report, FALSE);
}

const DjVariant *const *conf_variants(void)
{
    /* Made once a process: every test of a program sees the same list. */
    static const DjVariant **chosen = NULL;
    if (chosen != NULL)
        return chosen;
    const DjVariant *const *all = dj_registry_all();
    const char *text = g_getenv("DOJO_GAMES");
    char *trimmed = text != NULL ? g_strstrip(g_strdup(text)) : NULL;
    bool every_game = trimmed == NULL || trimmed[0] == '\0';
    g_free(trimmed);
    if (every_game)
        return all;
    size_t n_all = 0;
    while (all[n_all] != NULL)
        n_all++;
    const DjVariant **list = g_new0(const DjVariant *, n_all + 1);
    size_t n = 0;
    char **names = g_strsplit(text, ",", -1);
    for (char **name = names; *name != NULL; name++) {
        g_strstrip(*name);
        if ((*name)[0] == '\0')
            continue;
        const DjVariant *v = dj_registry_find(*name);
        if (v == NULL) {
            GString *built = g_string_new(NULL);
            dj_registry_append_names(built);
            fail_msg("DOJO_GAMES=%s: no game called \"%s\" is built (built: %s; the "
                     "build option `variants` chooses them)", text, *name, built->str);
        }
        bool seen = false;
        for (size_t i = 0; i < n; i++)
            seen = seen || list[i] == v;
        if (!seen)
            list[n++] = v;
    }
    g_strfreev(names);
    if (n == 0)
        fail_msg("DOJO_GAMES=%s names no game: give names separated by commas", text);
    chosen = list;
    return chosen;
}

guint32 conf_base_seed(guint32 default_seed)
{
    const char *text = g_getenv("DOJO_CONFORMANCE_SEED");
    if (text == NULL || text[0] == '\0')
        return default_seed;
    guint64 seed = 0;
    bool hex = g_str_has_prefix(text, "0x") || g_str_has_prefix(text, "0X");
    if (!g_ascii_string_to_unsigned(hex ? text + 2 : text, hex ? 16 : 10, 0, G_MAXUINT32, &seed,
                                    NULL))
        fail_msg("DOJO_CONFORMANCE_SEED=%s is not a seed: give a whole number from 0 to %"
                 G_GUINT32_FORMAT " (or 0x and hexadecimal digits)", text, G_MAXUINT32);
    return (guint32)seed;
}

guint32 conf_game_seed(guint32 base, int game)
{
    /* An odd multiplier spreads consecutive game numbers over the seeds. */
    return base ^ ((guint32)game * 2654435761u);
}

int conf_games(int default_games)
{
    const char *text = g_getenv("DOJO_CONFORMANCE_SCALE");
    if (text == NULL || text[0] == '\0')
        return default_games;
    char *end = NULL;
    double scale = g_ascii_strtod(text, &end);
    if (end == text || *end != '\0' || !(scale > 0.0 && scale <= 1000.0))
        fail_msg("DOJO_CONFORMANCE_SCALE=%s is not a scale: give a number above 0 and at "
                 "most 1000", text);
    int games = (int)(default_games * scale);
    return games > 0 ? games : 1;
}

DjMove *conf_legal_moves(const DjVariant *variant, const void *pos, int *n)
{
    DjMove *moves = g_new0(DjMove, (gsize)variant->max_moves + 1);
    *n = variant->legal_moves(pos, moves);
    return moves;
}

void conf_check_pv(const ConfWhere *where, const DjVariant *v, const void *root,
                   const DjMove *pv, int n_pv)
{
    CONF_CHECK(where, n_pv >= 0 && n_pv <= DJ_SEARCH_MAX_PLY, "pv_length %d", n_pv);
    unsigned char *pos = g_memdup2(root, v->state_size);
    for (int i = 0; i < n_pv; i++) {
        CONF_CHECK(where, dj_position_outcome(v, pos) == DJ_OUTCOME_ONGOING,
                   "the principal variation goes on after the game ended (move %d)", i);
        CONF_CHECK(where, conf_is_legal(v, pos, pv[i]),
                   "principal variation move %d (%u) is not legal", i, (unsigned)pv[i]);
        v->play(pos, pv[i]);
    }
    g_free(pos);
}

bool conf_is_legal(const DjVariant *variant, const void *pos, DjMove move)
{
    int n = 0;
    DjMove *moves = conf_legal_moves(variant, pos, &n);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = moves[i] == move;
    g_free(moves);
    return found;
}

char *conf_move_text(const DjVariant *variant, const void *pos, DjMove move)
{
    GString *text = g_string_new(NULL);
    variant->format_move(pos, move, text);
    return g_string_free(text, FALSE);
}

char *conf_position_text(const DjVariant *variant, const void *pos)
{
    GString *text = g_string_new(NULL);
    variant->format_position(pos, text);
    return g_string_free(text, FALSE);
}

void conf_new_game(const ConfWhere *where, const DjVariant *variant, guint64 setup_seed,
                   void *pos)
{
    DjSetup setup = { .position = NULL, .seed = setup_seed, .options = NULL, .n_options = 0 };
    GError *error = NULL;
    bool ok = variant->setup(pos, &setup, &error);
    CONF_CHECK(where, ok, "a new game (setup seed %" G_GUINT64_FORMAT ") was refused: %s",
               setup_seed, error != NULL ? error->message : "(no error message)");
    CONF_CHECK(where, error == NULL, "setup succeeded but set an error");
}

ConfLine *conf_line_random(const DjVariant *variant, guint32 seed, int max_plies)
{
    GRand *rand = g_rand_new_with_seed(seed);
    ConfLine *line = g_new0(ConfLine, 1);
    line->variant = variant;
    line->seed = seed;
    line->setup_seed = ((guint64)g_rand_int(rand) << 32) | g_rand_int(rand);
    line->positions = g_malloc0((size_t)(max_plies + 1) * variant->state_size);
    line->moves = g_new0(DjMove, (gsize)max_plies + 1);

    ConfWhere where = { variant, seed, -1, 0, NULL };
    conf_new_game(&where, variant, line->setup_seed, line->positions);

    DjMove *moves = g_new0(DjMove, (gsize)variant->max_moves + 1);
    for (int ply = 0; ply < max_plies; ply++) {
        const unsigned char *pos = line->positions + (size_t)ply * variant->state_size;
        if (dj_position_outcome(variant, pos) != DJ_OUTCOME_ONGOING)
            break;
        int n = variant->legal_moves(pos, moves);
        where.ply = ply;
        where.pos = pos;
        CONF_CHECK(&where, n > 0 && n <= variant->max_moves,
                   "legal_moves returned %d on an ongoing position (max_moves %d)", n,
                   variant->max_moves);
        DjMove move = moves[g_rand_int_range(rand, 0, n)];
        unsigned char *next = line->positions + (size_t)(ply + 1) * variant->state_size;
        memcpy(next, pos, variant->state_size);
        variant->play(next, move);
        line->moves[ply] = move;
        line->n_plies = ply + 1;
    }
    g_free(moves);
    g_rand_free(rand);
    return line;
}

void conf_line_free(ConfLine *line)
{
    if (line == NULL)
        return;
    g_free(line->positions);
    g_free(line->moves);
    g_free(line);
}

const void *conf_line_position(const ConfLine *line, int ply)
{
    return line->positions + (size_t)ply * line->variant->state_size;
}

DjSetup conf_line_setup(const ConfLine *line)
{
    DjSetup setup = { .position = NULL, .seed = line->setup_seed, .options = NULL,
                      .n_options = 0 };
    return setup;
}

bool conf_mentions_line(const char *text, int n)
{
    char *needle = g_strdup_printf("line %d", n);
    size_t len = strlen(needle);
    bool found = false;
    for (const char *p = strstr(text, needle); p != NULL && !found;
         p = strstr(p + 1, needle)) {
        found = !g_ascii_isdigit(p[len]);
    }
    g_free(needle);
    return found;
}

bool conf_mentions_any_line(const char *text)
{
    for (const char *p = strstr(text, "line "); p != NULL; p = strstr(p + 1, "line ")) {
        if (g_ascii_isdigit(p[5]))
            return true;
    }
    return false;
}
