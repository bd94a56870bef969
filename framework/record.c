/* record.c: game records: format, parse, save, load (see record.h). */
#include "framework/record.h"

#include <string.h>

#include "framework/error.h"
#include "framework/move_count.h"
#include "framework/notation.h"
#include "framework/registry.h"
#include "framework/text_file.h"

/* Longest piece of a record quoted in an error message, in characters. */
#define QUOTE_MAX_CHARS 60

/* A piece of a record as quoted in a message: at most QUOTE_MAX_CHARS
 * characters, with "..." when cut (g_free it). */
static char *quote_of(const char *text)
{
    if (g_utf8_strlen(text, -1) <= QUOTE_MAX_CHARS)
        return g_strdup(text);
    const char *end = g_utf8_offset_to_pointer(text, QUOTE_MAX_CHARS);
    g_autofree char *head = g_strndup(text, (gsize)(end - text));
    return g_strconcat(head, "...", NULL);
}

/* Tags the record writes itself, in this place, rather than from the list. */
static bool is_managed_tag(const char *name)
{
    return strcmp(name, "Variant") == 0 || strcmp(name, "Position") == 0
        || strcmp(name, "Result") == 0 || strcmp(name, "Termination") == 0;
}

void dj_record_append_tag(GString *out, const char *name, const char *value)
{
    g_string_append_printf(out, "[%s \"", name);
    for (const char *p = value; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\')
            g_string_append_c(out, '\\');
        if (*p == '\n' || *p == '\r')
            g_string_append_c(out, ' ');
        else
            g_string_append_c(out, *p);
    }
    g_string_append(out, "\"]\n");
}

void dj_record_append_seconds(gint64 ms, GString *out)
{
    g_string_append_printf(out, "%" G_GINT64_FORMAT, ms / 1000);
    if (ms % 1000 != 0) {
        char fraction[8];
        g_snprintf(fraction, sizeof fraction, "%03d", (int)(ms % 1000));
        for (int i = 2; i > 0 && fraction[i] == '0'; i--)
            fraction[i] = '\0';
        g_string_append_printf(out, ".%s", fraction);
    }
}

void dj_record_format_tags(const DjGame *game, GString *out)
{
    const DjVariant *v = dj_game_variant(game);
    dj_record_append_tag(out, "Variant", v->name);
    for (const char *const *name = dj_game_tag_names(game); *name != NULL; name++) {
        if (!is_managed_tag(*name))
            dj_record_append_tag(out, *name, dj_game_tag(game, *name));
    }
    g_autoptr(GString) start = g_string_new(NULL);
    v->format_position(dj_game_position_at(game, 0), start);
    dj_record_append_tag(out, "Position", start->str);

    DjOutcome outcome = dj_game_outcome(game);
    dj_record_append_tag(out, "Result", dj_outcome_result_text(outcome));
    if (outcome != DJ_OUTCOME_ONGOING)
        dj_record_append_tag(out, "Termination", dj_game_outcome_reason(game));
    g_string_append_c(out, '\n');
}

/* Whether the move at `ply` starts a turn: the first move, or one made by
 * the other side than the move before it (a move may give its side another
 * turn, so turns are not plies). */
static bool starts_turn(const DjGame *game, int ply)
{
    const DjVariant *v = dj_game_variant(game);
    return ply == 0
        || v->side_to_move(dj_game_position_at(game, ply))
               != v->side_to_move(dj_game_position_at(game, ply - 1));
}

int dj_record_turn_index(const DjGame *game, int ply)
{
    /* The game keeps them: counting from the start here made numbering
     * every move of a game (an annotated record, review) quadratic. */
    return dj_game_turn_index(game, ply);
}

int dj_record_move_number(const DjGame *game, int ply, bool *second)
{
    const DjVariant *v = dj_game_variant(game);
    int start = dj_move_number_of(v, dj_game_position_at(game, 0));
    if (second != NULL)
        *second = false;
    if (v->move_count == DJ_MOVE_COUNT_PLIES)
        return start + ply;
    int length = dj_game_length(game);
    int turn = 0;
    if (ply < length)
        turn = dj_record_turn_index(game, ply);
    else if (length > 0)   /* the move to come: a turn of its own unless the mover goes on */
        turn = dj_record_turn_index(game, length - 1) + (starts_turn(game, length) ? 1 : 0);
    if (second != NULL)
        *second = turn % 2 == 1;
    return start + turn / 2;
}

void dj_record_append_move_number(const DjGame *game, int ply, GString *out)
{
    bool second = false;
    int number = dj_record_move_number(game, ply, &second);
    g_string_append_printf(out, "%d%s", number, second ? "..." : ".");
}

void dj_record_format_moves(const DjGame *game, int from_ply, int to_ply, GString *out)
{
    const DjVariant *v = dj_game_variant(game);
    if (v->move_count == DJ_MOVE_COUNT_PLIES) {
        /* every move numbered, one a line, as a kifu lists them */
        for (int ply = from_ply; ply < to_ply; ply++) {
            if (ply > 0)
                g_string_append_c(out, '\n');
            dj_record_append_move_number(game, ply, out);
            g_string_append_c(out, ' ');
            v->format_move(dj_game_position_at(game, ply), dj_game_move_at(game, ply), out);
        }
        return;
    }
    int start = dj_move_number_of(v, dj_game_position_at(game, 0));
    /* index of the turn the move at `ply` belongs to */
    int turn = from_ply > 0 ? dj_record_turn_index(game, from_ply - 1) : -1;
    for (int ply = from_ply; ply < to_ply; ply++) {
        if (!starts_turn(game, ply)) {
            g_string_append(out, ", ");
        } else if (++turn % 2 == 0) {
            if (ply > 0)
                g_string_append_c(out, '\n');
            g_string_append_printf(out, "%d. ", start + turn / 2);
        } else {
            g_string_append_c(out, ' ');
        }
        v->format_move(dj_game_position_at(game, ply), dj_game_move_at(game, ply), out);
    }
}

void dj_record_format_annotated(const DjGame *game, DjRecordCommentFn comment,
                                void *user_data, GString *out)
{
    const DjVariant *v = dj_game_variant(game);
    dj_record_format_tags(game, out);
    for (int ply = 0; ply < dj_game_length(game); ply++) {
        dj_record_append_move_number(game, ply, out);
        g_string_append_c(out, ' ');
        v->format_move(dj_game_position_at(game, ply), dj_game_move_at(game, ply), out);
        /* The callback tells whether it has a comment only by appending
         * one: the separator goes first and is taken back after nothing. */
        gsize bare = out->len;
        g_string_append(out, " ; ");
        gsize before = out->len;
        comment(ply, out, user_data);
        if (out->len == before)
            g_string_truncate(out, bare);
        g_string_append_c(out, '\n');
    }
    g_string_append(out, dj_outcome_result_text(dj_game_outcome(game)));
    g_string_append_c(out, '\n');
}

void dj_record_format(const DjGame *game, GString *out)
{
    int n = dj_game_length(game);
    dj_record_format_tags(game, out);
    dj_record_format_moves(game, 0, n, out);
    if (n > 0)
        g_string_append_c(out, '\n');
    g_string_append(out, dj_outcome_result_text(dj_game_outcome(game)));
    g_string_append_c(out, '\n');
}

/* ---- parsing ------------------------------------------------------------ */

/* dj_record_parse_among, also keeping each move's comment in `comments`
 * (when not NULL: comments->pdata[ply], NULL where none). */
static DjGame *parse(const char *text, const DjVariant *const *variants, GPtrArray *comments,
                     GError **error);

static void tag_clear(gpointer data)
{
    DjRecordTag *tag = data;
    g_free(tag->name);
    g_free(tag->value);
}

GArray *dj_record_tags_new(void)
{
    GArray *tags = g_array_new(FALSE, TRUE, sizeof(DjRecordTag));
    g_array_set_clear_func(tags, tag_clear);
    return tags;
}

static bool parse_tag_line(const char *text, int line, DjRecordTag *tag, GError **error)
{
    const char *p = text + 1; /* past '[' */
    const char *name_start = p;
    while (g_ascii_isalnum(*p) || *p == '_' || *p == '-')
        p++;
    if (p == name_start || *p != ' ')
        goto malformed;
    tag->name = g_strndup(name_start, (gsize)(p - name_start));
    while (*p == ' ')
        p++;
    if (*p != '"')
        goto malformed;
    p++;
    GString *value = g_string_new(NULL);
    while (*p != '"') {
        if (*p == '\0') {
            g_string_free(value, TRUE);
            goto malformed;
        }
        if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
            p++;
        g_string_append_c(value, *p++);
    }
    p++;
    while (*p == ' ')
        p++;
    if (*p != ']' || p[1] != '\0') {
        g_string_free(value, TRUE);
        goto malformed;
    }
    tag->value = g_string_free(value, FALSE);
    tag->line = line;
    return true;

malformed:
    g_clear_pointer(&tag->name, g_free);
    g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                "line %d: a tag must look like [Name \"value\"]", line);
    return false;
}

bool dj_record_parse_tag(const char *line, int line_number, char **name, char **value,
                         GError **error)
{
    DjRecordTag tag = { 0 };
    if (line[0] != '[' || !parse_tag_line(line, line_number, &tag, NULL)) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "line %d: a tag must look like [Name \"value\"]", line_number);
        return false;
    }
    *name = tag.name;
    *value = tag.value;
    return true;
}

char *dj_record_tag_value(const char *text, const char *name)
{
    if (g_str_has_prefix(text, "\xEF\xBB\xBF"))
        text += 3;
    char *value = NULL;
    int line = 0;
    for (const char *p = text; value == NULL && *p != '\0';) {
        const char *end = strchr(p, '\n');
        char *content = g_strstrip(g_strndup(p, end != NULL ? (gsize)(end - p) : strlen(p)));
        line++;
        bool in_tags = content[0] == '\0' || content[0] == ';';
        if (content[0] == '[') {
            DjRecordTag tag = { 0 };
            in_tags = parse_tag_line(content, line, &tag, NULL);
            if (in_tags && strcmp(tag.name, name) == 0)
                value = g_steal_pointer(&tag.value);
            tag_clear(&tag);
        }
        g_free(content);
        if (!in_tags || end == NULL)
            break;
        p = end + 1;
    }
    return value;
}

const DjRecordTag *dj_record_tags_find(GArray *tags, const char *name)
{
    for (guint i = 0; i < tags->len; i++) {
        const DjRecordTag *tag = &g_array_index(tags, DjRecordTag, i);
        if (strcmp(tag->name, name) == 0)
            return tag;
    }
    return NULL;
}

const char *dj_record_after_move_number(const char *word)
{
    const char *p = word;
    while (g_ascii_isdigit(*p))
        p++;
    if (p == word || *p != '.')
        return NULL;
    while (*p == '.')
        p++;
    return p;
}

static bool is_move_number(const char *token)
{
    const char *rest = dj_record_after_move_number(token);
    return rest != NULL && *rest == '\0';
}

bool dj_record_play_move(DjGame *game, const char *text, int line, GError **error)
{
    g_autoptr(GError) move_error = NULL;
    /* the move named by the number the game gives it ("12", "12...") */
    bool second = false;
    int number = dj_record_move_number(game, dj_game_length(game), &second);
    const char *dots = second ? "..." : "";
    g_autofree char *quote = quote_of(text);
    if (strcmp(quote, text) != 0) {
        /* Far too long to be a move: not worth a variant's message
         * quoting all of it. */
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "line %d: move %d%s \"%s\" is not a move", line, number, dots, quote);
        return false;
    }
    if (!dj_game_play_text(game, text, &move_error)) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_ILLEGAL,
                    "line %d: move %d%s \"%s\" cannot be played: %s",
                    line, number, dots, quote, move_error->message);
        return false;
    }
    return true;
}

/* Play the moves of one line of move text; a result token is stored in
 * *result and must be the last token of the record.  The line's comment,
 * if any, goes to comments (when not NULL) as its last move's. */
static bool parse_move_line(DjGame *game, char *text, int line, bool *have_result,
                            DjOutcome *result, int *result_line, GPtrArray *comments,
                            GError **error)
{
    char *comment = strchr(text, ';');
    if (comment != NULL)
        *comment = '\0';
    int first_ply = dj_game_length(game);
    g_auto(GStrv) tokens = g_strsplit_set(text, " \t\r", -1);
    for (char **t = tokens; *t != NULL; t++) {
        if ((*t)[0] == '\0')
            continue;
        if (*have_result) {
            g_autofree char *quote = quote_of(*t);
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "line %d: \"%s\" comes after the result", line, quote);
            return false;
        }
        if (dj_outcome_parse_result(*t, result)) {
            *have_result = true;
            *result_line = line;
            continue;
        }
        /* "b1," joins a move to the next one of the same turn: layout only */
        char *move_text = *t;
        size_t length = strlen(move_text);
        while (length > 0 && move_text[length - 1] == ',')
            move_text[--length] = '\0';
        while (*move_text == ',')
            move_text++;
        if (*move_text == '\0')
            continue;
        /* "12.boar:a1a2" is tolerated as "12." then the move */
        char *dot = strchr(move_text, '.');
        if (is_move_number(move_text))
            continue;
        if (dot != NULL && dot != move_text && g_ascii_isdigit(move_text[0])) {
            char *p = move_text;
            while (g_ascii_isdigit(*p))
                p++;
            if (p == dot) {
                while (*p == '.')
                    p++;
                move_text = p;
            }
        }
        if (!dj_record_play_move(game, move_text, line, error))
            return false;
    }
    int last_ply = dj_game_length(game) - 1;
    if (comments != NULL && comment != NULL && last_ply >= first_ply) {
        g_autofree char *said = g_strstrip(g_strdup(comment + 1));
        if (said[0] != '\0') {
            if ((int)comments->len <= last_ply)
                g_ptr_array_set_size(comments, last_ply + 1);
            g_free(g_ptr_array_index(comments, last_ply));
            g_ptr_array_index(comments, last_ply) = g_steal_pointer(&said);
        }
    }
    return true;
}

char *dj_record_standard_start(const DjVariant *variant)
{
    /* Two deals with different seeds must give the same position. */
    DjSetup first = { .seed = 1 };
    DjSetup second = { .seed = 2 };
    g_autofree void *a = g_malloc0(variant->state_size);
    g_autofree void *b = g_malloc0(variant->state_size);
    if (!variant->setup(a, &first, NULL) || !variant->setup(b, &second, NULL))
        return NULL;
    GString *text_a = g_string_new(NULL);
    g_autoptr(GString) text_b = g_string_new(NULL);
    variant->format_position(a, text_a);
    variant->format_position(b, text_b);
    if (!g_string_equal(text_a, text_b)) {
        g_string_free(text_a, TRUE);
        return NULL;
    }
    return g_string_free(text_a, FALSE);
}

DjGame *dj_record_start_game(const DjVariant *const *variants, GArray *tags,
                             const char *position_tag, int end_line, GError **error)
{
    const DjRecordTag *name = dj_record_tags_find(tags, "Variant");
    const DjRecordTag *position = dj_record_tags_find(tags, position_tag);
    if (name == NULL) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "line %d: the record does not say which game it is "
                    "(no [Variant \"...\"] tag)", end_line);
        return NULL;
    }
    const DjVariant *variant = dj_variant_find_in(variants, name->value);
    if (variant == NULL) {
        g_autofree char *quote = quote_of(name->value);
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                    "line %d: unknown game \"%s\"", name->line, quote);
        return NULL;
    }
    if (position == NULL) {
        g_autofree char *fixed = dj_record_standard_start(variant);
        if (fixed == NULL) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "line %d: the record has no [%s \"...\"] tag, and a new %s game "
                        "does not always start the same way", end_line, position_tag,
                        variant->title);
            return NULL;
        }
    }
    DjSetup setup = { .position = position != NULL ? position->value : NULL };
    g_autoptr(GError) setup_error = NULL;
    DjGame *game = dj_game_new(variant, &setup, &setup_error);
    if (game == NULL) {
        g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID, "line %d: %s",   /* "bad position: ..." */
                    position != NULL ? position->line : end_line, setup_error->message);
        return NULL;
    }
    return game;
}

static DjGame *start_game(GArray *tags, int tags_end_line, const DjVariant *const *variants,
                          GError **error)
{
    DjGame *game = dj_record_start_game(variants, tags, "Position", tags_end_line, error);
    if (game == NULL)
        return NULL;
    for (guint i = 0; i < tags->len; i++) {
        const DjRecordTag *tag = &g_array_index(tags, DjRecordTag, i);
        if (!is_managed_tag(tag->name))
            dj_game_set_tag(game, tag->name, tag->value);
    }
    return game;
}

bool dj_record_apply_result(DjGame *game, DjOutcome recorded, int line, const char *reason,
                            GError **error)
{
    DjOutcome by_rules = dj_game_outcome(game);
    if (by_rules != DJ_OUTCOME_ONGOING) {
        if (recorded != DJ_OUTCOME_ONGOING && recorded != by_rules) {
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "line %d: the recorded result %s contradicts the moves (%s)",
                        line, dj_outcome_result_text(recorded),
                        dj_game_outcome_reason(game));
            return false;
        }
        return true;
    }
    if (recorded != DJ_OUTCOME_ONGOING)
        dj_game_set_result(game, recorded, reason != NULL ? reason : "as recorded");
    return true;
}

/* The recorded result must agree with the rules; a decisive result the rules
 * do not give (a resignation, an adjudication) is taken from the record. */
static bool apply_result(DjGame *game, GArray *tags, bool have_token, DjOutcome token,
                         int token_line, GError **error)
{
    const DjRecordTag *result_tag = dj_record_tags_find(tags, "Result");
    DjOutcome recorded = DJ_OUTCOME_ONGOING;
    int line = token_line;
    if (have_token) {
        recorded = token;
    } else if (result_tag != NULL) {
        line = result_tag->line;
        if (!dj_outcome_parse_result(result_tag->value, &recorded)) {
            g_autofree char *quote = quote_of(result_tag->value);
            g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                        "line %d: unknown result \"%s\" (1-0, 0-1, 1/2-1/2 or *)",
                        line, quote);
            return false;
        }
    }
    const DjRecordTag *why = dj_record_tags_find(tags, "Termination");
    return dj_record_apply_result(game, recorded, line, why != NULL ? why->value : NULL, error);
}

const char *dj_record_text_start(const char *text, GError **error)
{
    /* A byte-order mark some editors put first is not part of the text. */
    if (g_str_has_prefix(text, "\xEF\xBB\xBF"))
        text += 3;
    const char *end = NULL;
    if (g_utf8_validate(text, -1, &end))
        return text;
    int line = 1;
    for (const char *p = text; p < end; p++)
        line += *p == '\n';
    g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                "line %d: the record is not valid UTF-8 text", line);
    return NULL;
}

DjGame *dj_record_parse(const char *text, GError **error)
{
    return dj_record_parse_among(text, dj_registry_all(), error);
}

DjGame *dj_record_parse_commented(const char *text, GPtrArray **comments, GError **error)
{
    g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func(g_free);
    DjGame *game = parse(text, dj_registry_all(), found, error);
    if (game != NULL)
        *comments = g_steal_pointer(&found);
    return game;
}

DjGame *dj_record_parse_among(const char *text, const DjVariant *const *variants,
                              GError **error)
{
    return parse(text, variants, NULL, error);
}

static DjGame *parse(const char *text, const DjVariant *const *variants, GPtrArray *comments,
                     GError **error)
{
    text = dj_record_text_start(text, error);
    if (text == NULL)
        return NULL;

    g_autoptr(GArray) tags = dj_record_tags_new();
    g_auto(GStrv) lines = dj_text_split_lines(text);
    g_autoptr(DjGame) game = NULL;
    bool ok = true;
    bool have_result = false;
    DjOutcome result = DJ_OUTCOME_ONGOING;
    int result_line = 0;
    int n_lines = 0;

    for (char **l = lines; ok && *l != NULL; l++) {
        int line = ++n_lines;
        char *content = g_strstrip(*l);
        if (content[0] == '\0' || content[0] == ';')
            continue;
        if (content[0] == '[') {
            if (game != NULL) {
                g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "line %d: a tag after the moves have started", line);
                ok = false;
                break;
            }
            DjRecordTag tag = { 0 };
            ok = parse_tag_line(content, line, &tag, error);
            if (ok)
                g_array_append_val(tags, tag);
            continue;
        }
        if (game == NULL) {
            game = start_game(tags, line, variants, error);
            ok = game != NULL;
            if (!ok)
                break;
        }
        ok = parse_move_line(game, content, line, &have_result, &result, &result_line,
                             comments, error);
    }
    if (ok && game == NULL) {
        game = start_game(tags, n_lines > 0 ? n_lines : 1, variants, error);
        ok = game != NULL;
    }
    if (ok)
        ok = apply_result(game, tags, have_result, result, result_line, error);
    if (ok && comments != NULL)
        g_ptr_array_set_size(comments, dj_game_length(game));
    return ok ? g_steal_pointer(&game) : NULL;
}

bool dj_record_save_text(const char *text, const char *path, GError **error)
{
    return dj_text_file_write_atomically(path, text, strlen(text), error);
}

bool dj_record_save(const DjGame *game, const char *path, GError **error)
{
    g_autoptr(GString) text = g_string_new(NULL);
    dj_record_format(game, text);
    return dj_record_save_text(text->str, path, error);
}

DjGame *dj_record_parse_salvaging(const char *text, char **dropped, GError **error)
{
    *dropped = NULL;
    g_autoptr(GError) whole_error = NULL;
    DjGame *game = dj_record_parse(text, &whole_error);
    if (game != NULL)
        return game;
    /* Cut short: the text stops inside its last word (a whole record ends
     * in white space or a complete move), and without that word it is a
     * good record. */
    size_t length = strlen(text);
    size_t start = length;
    while (start > 0 && !g_ascii_isspace(text[start - 1]))
        start--;
    if (start < length && start > 0) {
        g_autofree char *head = g_strndup(text, start);
        game = dj_record_parse(head, NULL);
    }
    if (game == NULL) {
        g_propagate_error(error, g_steal_pointer(&whole_error));
        return NULL;
    }
    g_autofree char *quote = quote_of(text + start);
    *dropped = g_strdup_printf("the record was cut short: its last word \"%s\" is left out",
                               quote);
    return game;
}

/* Read `path` and parse it, salvaging a record cut short when `dropped`
 * is not NULL. */
static DjGame *load(const char *path, char **dropped, GError **error)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, DJ_TEXT_FILE_MAX_BYTES, "a game record", &text, &length,
                                error))
        return NULL;
    GError *parse_error = NULL;
    DjGame *game = dropped != NULL ? dj_record_parse_salvaging(text, dropped, &parse_error)
                                   : dj_record_parse(text, &parse_error);
    if (game == NULL)
        g_propagate_prefixed_error(error, parse_error, "%s: ", path);
    return game;
}

DjGame *dj_record_load(const char *path, GError **error)
{
    return load(path, NULL, error);
}

DjGame *dj_record_load_salvaging(const char *path, char **dropped, GError **error)
{
    *dropped = NULL;
    return load(path, dropped, error);
}
