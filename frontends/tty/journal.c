/* journal.c: writing game records as they are played. */
#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "framework/notation.h"
#include "framework/record.h"

struct DojoJournal {
    char *path;
    int plies_written;   /* moves of the game already in the file */
};

char *dojo_journal_games_dir(void)
{
    const char *home = g_getenv("DOJO_HOME");
    if (home != NULL && home[0] != '\0')
        return g_build_filename(home, "games", NULL);
    return g_build_filename(g_get_user_state_dir(), "dojo", "games", NULL);
}

/* ---- the text ---------------------------------------------------------------- */

void dojo_journal_format(const DjGame *game, GString *out)
{
    dj_record_format_tags(game, out);
    dj_record_format_moves(game, 0, dj_game_length(game), out);
}

/* ---- writing ------------------------------------------------------------------ */

static bool set_io_error(GError **error, const char *what, const char *path, int errsv)
{
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errsv), "cannot %s %s: %s", what,
                path, g_strerror(errsv));
    return false;
}

static bool write_all(int fd, const char *data, size_t length)
{
    while (length > 0) {
        ssize_t n = write(fd, data, length);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += n;
        length -= (size_t)n;
    }
    return true;
}

/* Make a new file's name itself durable, not only its contents. */
static void sync_parent_dir(const char *path)
{
    char *dir = g_path_get_dirname(path);
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    g_free(dir);
}

static bool write_atomically(const char *path, const GString *text, GError **error)
{
    return g_file_set_contents_full(path, text->str, (gssize)text->len,
                                    G_FILE_SET_CONTENTS_CONSISTENT
                                        | G_FILE_SET_CONTENTS_DURABLE,
                                    0644, error);
}

/* Create a file that did not exist, under the games folder, with `text`. */
static char *create_new_game_file(const DjGame *game, const GString *text, GError **error)
{
    char *dir = dojo_journal_games_dir();
    if (g_mkdir_with_parents(dir, 0755) != 0) {
        set_io_error(error, "create the folder", dir, errno);
        g_free(dir);
        return NULL;
    }
    GDateTime *now = g_date_time_new_now_local();
    char *stamp = g_date_time_format(now, "%Y%m%d-%H%M%S");
    g_date_time_unref(now);
    const char *variant_name = dj_game_variant(game)->name;
    char *path = NULL;
    for (int attempt = 1; attempt < 1000; attempt++) {
        char *name = attempt == 1
            ? g_strdup_printf("%s-%s.dojo", stamp, variant_name)
            : g_strdup_printf("%s-%s-%d.dojo", stamp, variant_name, attempt);
        char *candidate = g_build_filename(dir, name, NULL);
        g_free(name);
        int fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd < 0 && errno == EEXIST) {
            g_free(candidate);
            continue;
        }
        if (fd < 0) {
            set_io_error(error, "create", candidate, errno);
            g_free(candidate);
            break;
        }
        bool ok = write_all(fd, text->str, text->len) && fsync(fd) == 0;
        int errsv = errno;
        close(fd);
        if (!ok) {
            set_io_error(error, "write", candidate, errsv);
            g_unlink(candidate);
            g_free(candidate);
            break;
        }
        sync_parent_dir(candidate);
        path = candidate;
        break;
    }
    if (path == NULL && error != NULL && *error == NULL)
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                    "cannot find a free file name in %s", dir);
    g_free(stamp);
    g_free(dir);
    return path;
}

DojoJournal *dojo_journal_create(const DjGame *game, const char *path, GError **error)
{
    GString *text = g_string_new(NULL);
    dojo_journal_format(game, text);
    char *written = NULL;
    if (path == NULL) {
        written = create_new_game_file(game, text, error);
    } else if (write_atomically(path, text, error)) {
        written = g_strdup(path);
    }
    g_string_free(text, TRUE);
    if (written == NULL)
        return NULL;
    DojoJournal *journal = g_new0(DojoJournal, 1);
    journal->path = written;
    journal->plies_written = dj_game_length(game);
    return journal;
}

bool dojo_journal_rewrite(DojoJournal *journal, const DjGame *game, GError **error)
{
    GString *text = g_string_new(NULL);
    dojo_journal_format(game, text);
    bool ok = write_atomically(journal->path, text, error);
    g_string_free(text, TRUE);
    if (ok)
        journal->plies_written = dj_game_length(game);
    return ok;
}

bool dojo_journal_append(DojoJournal *journal, const DjGame *game, GError **error)
{
    int length = dj_game_length(game);
    if (length < journal->plies_written)
        return dojo_journal_rewrite(journal, game, error);
    if (length == journal->plies_written)
        return true;
    GString *text = g_string_new(NULL);
    /* Appending from plies_written on gives exactly the text that
     * dojo_journal_format would write for the whole game. */
    dj_record_format_moves(game, journal->plies_written, length, text);
    int fd = open(journal->path, O_WRONLY | O_APPEND);
    bool ok = fd >= 0 && write_all(fd, text->str, text->len) && fsync(fd) == 0;
    int errsv = errno;
    if (fd >= 0)
        close(fd);
    g_string_free(text, TRUE);
    if (!ok)
        return set_io_error(error, "write the game record to", journal->path, errsv);
    journal->plies_written = length;
    return true;
}

bool dojo_journal_finish(DojoJournal *journal, const DjGame *game, GError **error)
{
    if (!dj_record_save(game, journal->path, error))
        return false;
    journal->plies_written = dj_game_length(game);
    return true;
}

const char *dojo_journal_path(const DojoJournal *journal)
{
    return journal->path;
}

void dojo_journal_free(DojoJournal *journal)
{
    if (journal == NULL)
        return;
    g_free(journal->path);
    g_free(journal);
}

/* ---- finding an unfinished game -------------------------------------------------- */

/* The value of tag `name` in record `text` (a fresh string), or NULL.  Only
 * the tag section (up to the first line that is not a tag) is looked at. */
static char *record_tag_value(const char *text, const char *name)
{
    char *prefix = g_strdup_printf("[%s \"", name);
    size_t prefix_length = strlen(prefix);
    char *value = NULL;
    const char *line = text;
    while (*line == '[') {
        if (strncmp(line, prefix, prefix_length) == 0) {
            const char *start = line + prefix_length;
            const char *end = strchr(start, '"');
            if (end != NULL)
                value = g_strndup(start, (gsize)(end - start));
            break;
        }
        const char *next = strchr(line, '\n');
        if (next == NULL)
            break;
        line = next + 1;
    }
    g_free(prefix);
    return value;
}

char *dojo_journal_find_unfinished(const char *dir, const char *variant_name, GError **error)
{
    GDir *listing = g_dir_open(dir, 0, NULL);
    char *best = NULL;
    gint64 best_time = 0;
    if (listing != NULL) {
        const char *name;
        while ((name = g_dir_read_name(listing)) != NULL) {
            if (!g_str_has_suffix(name, ".dojo"))
                continue;
            char *path = g_build_filename(dir, name, NULL);
            GStatBuf info;
            char *text = NULL;
            if (g_stat(path, &info) != 0 || !g_file_get_contents(path, &text, NULL, NULL)) {
                g_free(path);
                continue;
            }
            char *result = record_tag_value(text, "Result");
            char *variant = record_tag_value(text, "Variant");
            bool unfinished = result == NULL || strcmp(result, "*") == 0;
            bool wanted = variant_name == NULL
                || (variant != NULL && g_ascii_strcasecmp(variant, variant_name) == 0);
            gint64 time = (gint64)info.st_mtime;
            if (unfinished && wanted
                && (best == NULL || time > best_time
                    || (time == best_time && strcmp(path, best) > 0))) {
                g_free(best);
                best = g_strdup(path);
                best_time = time;
            }
            g_free(result);
            g_free(variant);
            g_free(text);
            g_free(path);
        }
        g_dir_close(listing);
    }
    if (best == NULL)
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no unfinished %s%sgame in %s",
                    variant_name != NULL ? variant_name : "", variant_name != NULL ? " " : "",
                    dir);
    return best;
}
