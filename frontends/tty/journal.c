/* journal.c: writing game records as they are played. */
#include "frontends/tty/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include <glib/gstdio.h>

#include "framework/error.h"
#include "framework/notation.h"
#include "framework/record.h"
#include "framework/text_file.h"

struct DojoJournal {
    char *path;
    int plies_written;   /* moves of the game already in the file; -1: not written yet */
    int lock_fd;         /* holds the lock on the game file; -1: none */
    char *lock_path;
    /* A continued record keeps what it had after its tags: */
    GString *body;       /* that text (empty for a new game) */
    int body_plies;      /* the moves it holds */
    bool ends_with_star; /* it ended with a "*", written again at the end */
};

char *dojo_journal_games_dir(void)
{
    const char *home = g_getenv("DOJO_HOME");
    if (home != NULL && home[0] != '\0')
        return g_build_filename(home, "games", NULL);
    return g_build_filename(g_get_user_state_dir(), "dojo", "games", NULL);
}

/* ---- locking ------------------------------------------------------------------- */

/* A game's file is locked through a hidden lock file beside it (an fcntl
 * lock on the record itself would not survive the atomic rewrites, which
 * put a new file in its place).  The lock file is removed by its owner
 * while it still holds the lock, so a second dojo that opened the old one
 * checks, once it has the lock, that the name still leads to that file. */
static char *lock_path_of(const char *path)
{
    g_autofree char *dir = g_path_get_dirname(path);
    g_autofree char *base = g_path_get_basename(path);
    g_autofree char *name = g_strdup_printf(".%s.lock", base);
    return g_build_filename(dir, name, NULL);
}

static bool set_io_error(GError **error, const char *what, const char *path, int errsv)
{
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errsv), "cannot %s %s: %s", what,
                path, g_strerror(errsv));
    return false;
}

/* "PATH: WHY", for the errors a caller shows behind what it was doing
 * ("Cannot save PATH: Permission denied"). */
static bool path_error(GError **error, const char *path, int errsv)
{
    return dj_error_set(error, G_FILE_ERROR, g_file_error_from_errno(errsv), "%s: %s", path,
                        g_strerror(errsv));
}

static void refuse_busy(GError **error, const char *path)
{
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                "%s: this game is open in another dojo (a game file can only be played "
                "in one place at a time)", path);
}

/* Lock the game file `path`: the lock's file descriptor, or -1 with an
 * error (another dojo holds it, or the lock file cannot be made). */
static int lock_game_file(const char *path, char **lock_path, GError **error)
{
    *lock_path = lock_path_of(path);
    for (int attempt = 0; attempt < 100; attempt++) {
        int fd = open(*lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0)
            break;
        struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
        if (fcntl(fd, F_SETLK, &lock) != 0) {
            int errsv = errno;
            close(fd);
            if (errsv == EACCES || errsv == EAGAIN)
                refuse_busy(error, path);
            else
                path_error(error, path, errsv);
            g_clear_pointer(lock_path, g_free);
            return -1;
        }
        struct stat held, named;
        if (fstat(fd, &held) == 0 && stat(*lock_path, &named) == 0 && held.st_dev == named.st_dev
            && held.st_ino == named.st_ino)
            return fd;
        close(fd);   /* its owner removed it meanwhile: take the new one */
    }
    path_error(error, path, errno);
    g_clear_pointer(lock_path, g_free);
    return -1;
}

static void unlock_game_file(int fd, char *lock_path)
{
    if (fd < 0)
        return;
    g_unlink(lock_path);
    close(fd);
    g_free(lock_path);
}

/* ---- the text ---------------------------------------------------------------- */

void dojo_journal_format(const DjGame *game, GString *out)
{
    dj_record_format_tags(game, out);
    dj_record_format_moves(game, 0, dj_game_length(game), out);
}

/* The whole text of the journal: the tags, what came after the tags in
 * the record the game was continued from (comment lines included), the
 * moves played since, then the result when the game is over, or a "*" when
 * the record ended with one. */
static void compose(const DojoJournal *journal, const DjGame *game, bool final, GString *out)
{
    int length = dj_game_length(game);
    dj_record_format_tags(game, out);
    g_string_append(out, journal->body->str);
    dj_record_format_moves(game, journal->body_plies, length, out);
    const char *ending = final ? dj_outcome_result_text(dj_game_outcome(game))
                       : journal->ends_with_star ? "*" : NULL;
    if (ending != NULL) {
        if (out->len > 0 && out->str[out->len - 1] != '\n')
            g_string_append_c(out, '\n');
        g_string_append_printf(out, "%s\n", ending);
    }
}

/* Keep the part of a record's `text` after its tags as the journal's body,
 * without a final "*" (remembered, and written again at the end). */
static void keep_body(DojoJournal *journal, const char *text, int plies)
{
    if (g_str_has_prefix(text, "\xEF\xBB\xBF"))
        text += 3;
    const char *p = text;
    g_autoptr(GString) body = g_string_new(NULL);
    bool in_tags = true;
    while (*p != '\0') {
        const char *end = strchr(p, '\n');
        size_t length = end != NULL ? (size_t)(end - p) + 1 : strlen(p);
        g_autofree char *line = g_strndup(p, length);
        g_autofree char *stripped = g_strstrip(g_strdup(line));
        /* As dj_record_parse reads it: blank and comment lines do not end
         * the tag section. */
        if (in_tags && stripped[0] != '[' && stripped[0] != '\0' && stripped[0] != ';')
            in_tags = false;
        if (!in_tags || stripped[0] == ';')
            g_string_append(body, line);
        p += length;
    }
    /* The final "*" (not inside a comment) is written again at the end. */
    gsize end = body->len;
    while (end > 0 && g_ascii_isspace(body->str[end - 1]))
        end--;
    gsize line_start = end;
    while (line_start > 0 && body->str[line_start - 1] != '\n')
        line_start--;
    bool star = end > line_start && body->str[end - 1] == '*'
        && (end - 1 == line_start || g_ascii_isspace(body->str[end - 2]))
        && memchr(body->str + line_start, ';', end - line_start) == NULL;
    g_string_truncate(body, star ? end - 1 : end);
    /* Moves are appended on a line of their own (not inside a comment). */
    while (body->len > 0 && g_ascii_isspace(body->str[body->len - 1]))
        g_string_truncate(body, body->len - 1);
    if (body->len > 0)
        g_string_append_c(body, '\n');
    g_string_assign(journal->body, body->str);
    journal->body_plies = plies;
    journal->ends_with_star = star;
}

/* ---- writing ------------------------------------------------------------------ */

static bool write_atomically(const char *path, const GString *text, GError **error)
{
    return dj_text_file_write_atomically(path, text->str, text->len, error);
}

/* Create a file that did not exist, under the games folder, with `text`,
 * and lock it. */
static char *create_new_game_file(const DjGame *game, const GString *text, int *lock_fd,
                                  char **lock_path, GError **error)
{
    g_autofree char *dir = dojo_journal_games_dir();
    /* The user's own games: 0700, as XDG asks of the state folder (and of
     * any folder it creates on the way). */
    if (g_mkdir_with_parents(dir, 0700) != 0) {
        set_io_error(error, "create the folder", dir, errno);
        return NULL;
    }
    g_autoptr(GDateTime) now = g_date_time_new_now_local();
    g_autofree char *stamp = g_date_time_format(now, "%Y%m%d-%H%M%S");
    const char *variant_name = dj_game_variant(game)->name;
    for (int attempt = 1; attempt < 1000; attempt++) {
        g_autofree char *name = attempt == 1
            ? g_strdup_printf("%s-%s.dojo", stamp, variant_name)
            : g_strdup_printf("%s-%s-%d.dojo", stamp, variant_name, attempt);
        g_autofree char *candidate = g_build_filename(dir, name, NULL);
        int fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0) {
            set_io_error(error, "create", candidate, errno);
            return NULL;
        }
        *lock_fd = lock_game_file(candidate, lock_path, error);
        bool ok = *lock_fd >= 0 && dj_text_file_write_all(fd, text->str, text->len)
            && fsync(fd) == 0;
        int errsv = errno;
        close(fd);
        if (!ok) {
            if (*lock_fd >= 0)
                set_io_error(error, "write", candidate, errsv);
            g_unlink(candidate);
            unlock_game_file(*lock_fd, *lock_path);
            *lock_fd = -1;
            *lock_path = NULL;
            return NULL;
        }
        dj_text_file_sync_parent(candidate);
        return g_steal_pointer(&candidate);
    }
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "cannot find a free file name in %s", dir);
    return NULL;
}

static DojoJournal *journal_new(void)
{
    DojoJournal *journal = g_new0(DojoJournal, 1);
    journal->lock_fd = -1;
    journal->body = g_string_new(NULL);
    return journal;
}

DojoJournal *dojo_journal_create(const DjGame *game, const char *path, GError **error)
{
    g_autoptr(DojoJournal) journal = journal_new();
    g_autoptr(GString) text = g_string_new(NULL);
    dojo_journal_format(game, text);
    if (path == NULL) {
        journal->path = create_new_game_file(game, text, &journal->lock_fd,
                                             &journal->lock_path, error);
    } else {
        journal->lock_fd = lock_game_file(path, &journal->lock_path, error);
        if (journal->lock_fd >= 0 && write_atomically(path, text, error))
            journal->path = g_strdup(path);
    }
    if (journal->path == NULL)
        return NULL;
    journal->plies_written = dj_game_length(game);
    return g_steal_pointer(&journal);
}

DojoJournal *dojo_journal_open(const char *path, DjGame **game, char **dropped,
                               GError **error)
{
    *game = NULL;
    *dropped = NULL;
    g_autoptr(DojoJournal) journal = journal_new();
    journal->lock_fd = lock_game_file(path, &journal->lock_path, error);
    if (journal->lock_fd < 0)
        return NULL;
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, "a game record", &text, &length,
                                error))
        return NULL;   /* "PATH: WHY" */
    GError *parse_error = NULL;
    *game = dj_record_parse_salvaging(text, dropped, &parse_error);
    if (*game == NULL) {
        g_propagate_prefixed_error(error, parse_error, "%s: ", path);
        return NULL;
    }
    if (*dropped != NULL) {
        /* Without the word that was cut short. */
        gsize keep = length;
        while (keep > 0 && !g_ascii_isspace(text[keep - 1]))
            keep--;
        text[keep] = '\0';
    }
    keep_body(journal, text, dj_game_length(*game));
    journal->path = g_strdup(path);
    journal->plies_written = -1;   /* nothing written yet: the first write rewrites */
    return g_steal_pointer(&journal);
}

bool dojo_journal_switch(DojoJournal *journal, const DjGame *game, GError **error)
{
    DojoJournal *fresh = dojo_journal_create(game, NULL, error);
    if (fresh == NULL)
        return false;
    unlock_game_file(journal->lock_fd, journal->lock_path);
    g_free(journal->path);
    g_string_free(journal->body, TRUE);
    *journal = *fresh;
    g_free(fresh);
    return true;
}

bool dojo_journal_rewrite(DojoJournal *journal, const DjGame *game, GError **error)
{
    int length = dj_game_length(game);
    if (length < journal->body_plies) {
        /* Moves of the continued record were taken back: its text no
         * longer describes the game. */
        g_string_truncate(journal->body, 0);
        journal->body_plies = 0;
    }
    g_autoptr(GString) text = g_string_new(NULL);
    compose(journal, game, false, text);
    bool ok = write_atomically(journal->path, text, error);
    if (ok)
        journal->plies_written = length;
    return ok;
}

bool dojo_journal_append(DojoJournal *journal, const DjGame *game, GError **error)
{
    int length = dj_game_length(game);
    if (length < journal->plies_written || journal->plies_written < 0
        || journal->ends_with_star)
        return dojo_journal_rewrite(journal, game, error);
    if (length == journal->plies_written)
        return true;
    g_autoptr(GString) text = g_string_new(NULL);
    /* Appending from plies_written on gives exactly the text that
     * compose would write for the whole game. */
    dj_record_format_moves(game, journal->plies_written, length, text);
    int fd = open(journal->path, O_WRONLY | O_APPEND | O_CLOEXEC);
    struct stat before;
    bool ok = fd >= 0 && fstat(fd, &before) == 0;
    if (ok && !(dj_text_file_write_all(fd, text->str, text->len) && fsync(fd) == 0)) {
        /* A full disk (or a size limit) may have let part of it through:
         * leave the file as it was, with whole moves only. */
        int errsv = errno;
        if (ftruncate(fd, before.st_size) == 0)
            fsync(fd);
        errno = errsv;
        ok = false;
    }
    int errsv = errno;
    if (fd >= 0)
        close(fd);
    if (!ok)
        return path_error(error, journal->path, errsv);
    journal->plies_written = length;
    return true;
}

bool dojo_journal_finish(DojoJournal *journal, const DjGame *game, GError **error)
{
    if (dj_game_length(game) < journal->body_plies) {
        g_string_truncate(journal->body, 0);
        journal->body_plies = 0;
    }
    g_autoptr(GString) text = g_string_new(NULL);
    compose(journal, game, true, text);
    bool ok = write_atomically(journal->path, text, error);
    if (ok)
        journal->plies_written = dj_game_length(game);
    return ok;
}

const char *dojo_journal_path(const DojoJournal *journal)
{
    return journal->path;
}

void dojo_journal_free(DojoJournal *journal)
{
    if (journal == NULL)
        return;
    unlock_game_file(journal->lock_fd, journal->lock_path);
    g_free(journal->path);
    g_string_free(journal->body, TRUE);
    g_free(journal);
}

bool dojo_journal_same_file(const DojoJournal *journal, const char *path)
{
    struct stat a, b;
    return journal != NULL && stat(journal->path, &a) == 0 && stat(path, &b) == 0
        && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Whether `text` reads as a dojo game record: its tag section names a
 * variant. */
static bool looks_like_record(const char *text);

bool dojo_journal_check_target(const char *path, const char *how_to_force, GError **error)
{
    struct stat info;
    if (lstat(path, &info) != 0) {
        if (errno == ENOENT)
            return true;
        return path_error(error, path, errno);
    }
    if (S_ISLNK(info.st_mode) || !S_ISREG(info.st_mode)) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "%s: not a regular file (%s): a game is only written to a plain file",
                    path, S_ISLNK(info.st_mode) ? "a symbolic link"
                          : S_ISDIR(info.st_mode) ? "a folder"
                          : S_ISFIFO(info.st_mode) ? "a named pipe"
                          : S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) ? "a device"
                          : "not a plain file");
        return false;
    }
    g_autofree char *text = NULL;
    gsize length = 0;
    bool record = dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, "a game record", &text,
                                         &length, NULL)
        && looks_like_record(text);
    if (!record && how_to_force != NULL) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                    "%s: it exists and is not a game record; %s to replace it", path,
                    how_to_force);
        return false;
    }
    /* Another dojo's live game must not be written over under its feet. */
    char *lock_path = NULL;
    int fd = lock_game_file(path, &lock_path, error);
    if (fd < 0)
        return false;
    unlock_game_file(fd, lock_path);
    return true;
}

/* ---- finding an unfinished game -------------------------------------------------- */

static bool looks_like_record(const char *text)
{
    g_autofree char *variant = dj_record_tag_value(text, "Variant");
    return variant != NULL;
}

/* Whether the record `text` is of an unfinished game. */
static bool record_is_unfinished(const char *text)
{
    if (!looks_like_record(text))
        return false;
    g_autofree char *result = dj_record_tag_value(text, "Result");
    return result == NULL || strcmp(result, "*") == 0;
}

bool dojo_journal_holds_unfinished(const char *path)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    /* dj_text_file_read refuses without waiting what is not a regular file. */
    return dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, "a game record", &text, &length,
                                  NULL)
        && record_is_unfinished(text);
}

char *dojo_journal_find_unfinished(const char *dir, const char *variant_name, GError **error)
{
    g_autoptr(GDir) listing = g_dir_open(dir, 0, NULL);
    g_autofree char *best = NULL;
    gint64 best_time = 0;
    const char *name;
    while (listing != NULL && (name = g_dir_read_name(listing)) != NULL) {
        if (!g_str_has_suffix(name, ".dojo"))
            continue;
        g_autofree char *path = g_build_filename(dir, name, NULL);
        GStatBuf info;
        g_autofree char *text = NULL;
        gsize length = 0;
        /* Only regular files: a named pipe would be waited on forever. */
        if (g_stat(path, &info) != 0 || !S_ISREG(info.st_mode)
            || !dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, "a game record", &text,
                                       &length, NULL))
            continue;
        g_autofree char *variant = dj_record_tag_value(text, "Variant");
        bool unfinished = record_is_unfinished(text);
        bool wanted = variant_name == NULL
            || (variant != NULL && g_ascii_strcasecmp(variant, variant_name) == 0);
        gint64 time = (gint64)info.st_mtime;
        if (unfinished && wanted
            && (best == NULL || time > best_time
                || (time == best_time && strcmp(path, best) > 0))) {
            g_free(best);
            best = g_steal_pointer(&path);
            best_time = time;
        }
    }
    if (best == NULL)
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no unfinished %s%sgame in %s",
                    variant_name != NULL ? variant_name : "", variant_name != NULL ? " " : "",
                    dir);
    return g_steal_pointer(&best);
}
