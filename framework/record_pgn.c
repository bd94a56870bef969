/* record_pgn.c: games in PGN: write, read, add to a file (record_pgn.h). */
#include "framework/record_pgn.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "framework/error.h"
#include "framework/notation.h"
#include "framework/registry.h"
#include "framework/text_file.h"
#include "framework/turn.h"

/* Move text lines hold fewer characters than this (the export format's
 * limit). */
#define LINE_LIMIT 80

/* Longest piece of a file quoted in an error message, in characters. */
#define QUOTE_MAX_CHARS 60

static const char *const termination_words[] = {
    [DJ_PGN_TERMINATION_NORMAL] = "normal",
    [DJ_PGN_TERMINATION_ADJUDICATION] = "adjudication",
    [DJ_PGN_TERMINATION_TIME_FORFEIT] = "time forfeit",
    [DJ_PGN_TERMINATION_RULES_INFRACTION] = "rules infraction",
    [DJ_PGN_TERMINATION_ABANDONED] = "abandoned",
    [DJ_PGN_TERMINATION_UNTERMINATED] = "unterminated",
};

const char *dj_pgn_termination_text(DjPgnTermination termination, const DjGame *game)
{
    if (termination == DJ_PGN_TERMINATION_FROM_GAME)
        termination = dj_game_outcome(game) == DJ_OUTCOME_ONGOING
            ? DJ_PGN_TERMINATION_UNTERMINATED : DJ_PGN_TERMINATION_NORMAL;
    return termination_words[termination];
}

bool dj_pgn_is_pgn_path(const char *path)
{
    size_t length = strlen(path);
    return length > 4 && g_ascii_strcasecmp(path + length - 4, ".pgn") == 0;
}

/* ---- writing ----------------------------------------------------------------- */

/* Tags the PGN writes itself (or leaves out), rather than from the game's
 * list: the roster, and what dojo's own records keep apart. */
static bool is_written_tag(const DjGame *game, const char *name, bool own_time_control)
{
    static const char *const written[] = {
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp",
        "FEN", "Position", "TimeControl", "Termination", "PlyCount", "WhiteSide",
        "BlackSide", NULL,
    };
    for (const char *const *w = written; *w != NULL; w++) {
        if (strcmp(name, *w) == 0)
            return true;
    }
    const DjVariant *v = dj_game_variant(game);
    if (strcmp(name, v->side_names[0]) == 0 || strcmp(name, v->side_names[1]) == 0)
        return true;
    return own_time_control
        && (strcmp(name, "WhiteTimeControl") == 0 || strcmp(name, "BlackTimeControl") == 0);
}

/* A tag of the game under a PGN tag name: letters, digits and '_'. */
static void append_other_tag(GString *out, const char *name, const char *value)
{
    g_autofree char *pgn_name = g_strdup(name);
    for (char *p = pgn_name; *p != '\0'; p++) {
        if (!g_ascii_isalnum(*p) && *p != '_')
            *p = '_';
    }
    dj_record_append_tag(out, pgn_name, value);
}

static const char *tag_or(const DjGame *game, const char *name, const char *unknown)
{
    const char *value = dj_game_tag(game, name);
    return value != NULL && value[0] != '\0' ? value : unknown;
}

static void format_tags(const DjGame *game, const DjPgnExtras *extras, GString *out)
{
    const DjVariant *v = dj_game_variant(game);
    DjOutcome outcome = dj_game_outcome(game);
    dj_record_append_tag(out, "Event", tag_or(game, "Event", "?"));
    dj_record_append_tag(out, "Site", tag_or(game, "Site", "?"));
    dj_record_append_tag(out, "Date", tag_or(game, "Date", "????.??.??"));
    dj_record_append_tag(out, "Round", tag_or(game, "Round", "?"));
    dj_record_append_tag(out, "White", tag_or(game, v->side_names[0], "?"));
    dj_record_append_tag(out, "Black", tag_or(game, v->side_names[1], "?"));
    dj_record_append_tag(out, "Result", dj_outcome_result_text(outcome));
    dj_record_append_tag(out, "Variant", v->name);

    g_autoptr(GString) start = g_string_new(NULL);
    v->format_position(dj_game_position_at(game, 0), start);
    g_autofree char *standard = dj_record_standard_start(v);
    if (standard == NULL || strcmp(standard, start->str) != 0) {
        dj_record_append_tag(out, "SetUp", "1");
        dj_record_append_tag(out, "FEN", start->str);
    }

    bool own_time_control = extras->time_control[0] != NULL || extras->time_control[1] != NULL;
    if (own_time_control) {
        const char *white = extras->time_control[0] != NULL ? extras->time_control[0] : "?";
        const char *black = extras->time_control[1] != NULL ? extras->time_control[1] : "?";
        if (strcmp(white, black) == 0) {
            dj_record_append_tag(out, "TimeControl", white);
        } else {
            dj_record_append_tag(out, "WhiteTimeControl", white);
            dj_record_append_tag(out, "BlackTimeControl", black);
        }
    } else if (dj_game_tag(game, "TimeControl") != NULL
               || (dj_game_tag(game, "WhiteTimeControl") == NULL
                   && dj_game_tag(game, "BlackTimeControl") == NULL)) {
        dj_record_append_tag(out, "TimeControl", tag_or(game, "TimeControl", "?"));
    }
    dj_record_append_tag(out, "Termination", dj_pgn_termination_text(extras->termination, game));
    g_autofree char *plies = g_strdup_printf("%d", dj_game_length(game));
    dj_record_append_tag(out, "PlyCount", plies);
    dj_record_append_tag(out, "WhiteSide", v->side_names[0]);
    dj_record_append_tag(out, "BlackSide", v->side_names[1]);

    for (const char *const *name = dj_game_tag_names(game); *name != NULL; name++) {
        if (!is_written_tag(game, *name, own_time_control))
            append_other_tag(out, *name, dj_game_tag(game, *name));
    }
    g_string_append_c(out, '\n');
}

/* Move text being laid out in lines shorter than LINE_LIMIT characters. */
typedef struct Layout {
    GString *out;
    long line_chars;   /* characters on the current line */
} Layout;

static void put_word(Layout *layout, const char *word)
{
    long chars = g_utf8_strlen(word, -1);
    if (layout->line_chars > 0 && layout->line_chars + 1 + chars >= LINE_LIMIT) {
        g_string_append_c(layout->out, '\n');
        layout->line_chars = 0;
    }
    if (layout->line_chars > 0) {
        g_string_append_c(layout->out, ' ');
        layout->line_chars++;
    }
    g_string_append(layout->out, word);
    layout->line_chars += chars;
}

/* Put `text` as a comment in braces, broken between its words; false
 * (nothing put) when it has no words. */
static bool put_comment(Layout *layout, const char *text)
{
    g_autofree char *clean = g_strdup(text);
    for (char *p = clean; *p != '\0'; p++) {
        if (*p == '{' || *p == '}')
            *p = *p == '{' ? '(' : ')';
        else if (*p == '\n' || *p == '\r' || *p == '\t')
            *p = ' ';
    }
    g_auto(GStrv) words = g_strsplit(clean, " ", -1);
    int n = 0;
    for (char **w = words; *w != NULL; w++) {
        if ((*w)[0] != '\0')
            words[n++] = *w;
        else
            g_free(*w);
    }
    words[n] = NULL;
    if (n == 0)
        return false;
    g_autoptr(GString) word = g_string_new(NULL);
    for (int i = 0; i < n; i++) {
        g_string_assign(word, i == 0 ? "{" : "");
        g_string_append(word, words[i]);
        if (i == n - 1)
            g_string_append_c(word, '}');
        put_word(layout, word->str);
    }
    return true;
}

/* Whether the move at `ply` is the last of its PGN token: without compound
 * turns every move is a token of its own; with them a turn's moves are one
 * token, so the move is the last unless the next one is the same side's. */
static bool ends_token(const DjGame *game, int ply)
{
    const DjVariant *v = dj_game_variant(game);
    return !dj_turn_is_compound(v) || ply + 1 >= dj_game_length(game)
           || v->side_to_move(dj_game_position_at(game, ply + 1))
                  != v->side_to_move(dj_game_position_at(game, ply));
}

static void format_moves(const DjGame *game, const DjPgnExtras *extras, GString *out)
{
    const DjVariant *v = dj_game_variant(game);
    Layout layout = { out, 0 };
    int first_side = v->side_to_move(dj_game_position_at(game, 0));
    /* PGN counts from a move of White (side 0): a game whose first move is
     * side 1's starts at "1...". */
    int turn_offset = first_side == 1 ? 1 : 0;
    bool needs_number = true;   /* the start, or after a comment */
    int previous_side = -1;
    g_autoptr(GString) word = g_string_new(NULL);
    g_autoptr(GPtrArray) comments = g_ptr_array_new_with_free_func(g_free);
    for (int first = 0; first < dj_game_length(game);) {
        const void *pos = dj_game_position_at(game, first);
        int side = v->side_to_move(pos);
        int number = (dj_game_turn_index(game, first) + turn_offset) / 2 + 1;
        if (side == 0) {
            g_string_printf(word, "%d.", number);
            put_word(&layout, word->str);
        } else if (needs_number || side == previous_side) {
            g_string_printf(word, "%d...", number);
            put_word(&layout, word->str);
        }
        /* The token: one move, or a compound turn's moves joined by ','. */
        g_string_truncate(word, 0);
        g_ptr_array_set_size(comments, 0);
        int ply = first;
        for (;; ply++) {
            if (ply > first)
                g_string_append_c(word, ',');
            dj_format_move_engine(v, dj_game_position_at(game, ply),
                                  dj_game_move_at(game, ply), word);
            GString *comment = g_string_new(NULL);
            if (extras->comment != NULL)
                extras->comment(ply, comment, extras->user_data);
            g_ptr_array_add(comments, g_string_free(comment, FALSE));
            if (ends_token(game, ply))
                break;
        }
        put_word(&layout, word->str);
        /* Its moves' comments in order, "{}" for one without a comment
         * before one with (none after the last with one). */
        int last_commented = -1;
        for (guint i = 0; i < comments->len; i++)
            if (g_strstrip((char *)g_ptr_array_index(comments, i))[0] != '\0')
                last_commented = (int)i;
        for (int i = 0; i <= last_commented; i++)
            if (!put_comment(&layout, g_ptr_array_index(comments, (guint)i)))
                put_word(&layout, "{}");
        needs_number = last_commented >= 0;
        previous_side = side;
        first = ply + 1;
    }
    const char *reason = dj_game_outcome_reason(game);
    if (reason != NULL)
        put_comment(&layout, reason);
    put_word(&layout, dj_outcome_result_text(dj_game_outcome(game)));
    g_string_append(out, "\n\n");
}

void dj_pgn_format(const DjGame *game, const DjPgnExtras *extras, GString *out)
{
    DjPgnExtras none = { 0 };
    if (extras == NULL)
        extras = &none;
    format_tags(game, extras, out);
    format_moves(game, extras, out);
}

/* ---- reading ----------------------------------------------------------------- */

void dj_pgn_game_free(DjPgnGame *game)
{
    if (game == NULL)
        return;
    dj_game_free(game->game);
    if (game->comments != NULL)
        g_ptr_array_unref(game->comments);
    g_free(game);
}

/* Where the reader is in the text. */
typedef struct Reader {
    const char *text;     /* the whole text (after a byte-order mark) */
    const char *p;
    int line;
    const DjVariant *const *variants;
} Reader;

static bool at_line_start(const Reader *r)
{
    return r->p == r->text || r->p[-1] == '\n';
}

/* Pass white space and '%' escape lines. */
static void skip_space(Reader *r)
{
    for (;;) {
        if (at_line_start(r) && *r->p == '%') {
            while (*r->p != '\0' && *r->p != '\n')
                r->p++;
        }
        if (*r->p == '\n') {
            r->line++;
            r->p++;
        } else if (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\v'
                   || *r->p == '\f') {
            r->p++;
        } else {
            return;
        }
    }
}

static bool fail(GError **error, int line, const char *message)
{
    return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID, "line %d: %s", line, message);
}

/* Read the tag line at r->p (which is at '[') into `tags`. */
static bool read_tag_line(Reader *r, GArray *tags, GError **error)
{
    const char *end = strchr(r->p, '\n');
    size_t length = end != NULL ? (size_t)(end - r->p) : strlen(r->p);
    g_autofree char *content = g_strstrip(g_strndup(r->p, length));
    DjRecordTag tag = { .line = r->line };
    if (!dj_record_parse_tag(content, r->line, &tag.name, &tag.value, error))
        return false;
    g_array_append_val(tags, tag);
    r->p += length;
    return true;
}

/* Comment text with its runs of white space made one space, trimmed. */
static char *collapse(const char *start, size_t length)
{
    GString *text = g_string_sized_new(length);
    bool space = false;
    for (size_t i = 0; i < length; i++) {
        char c = start[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
            space = text->len > 0;
            continue;
        }
        if (space)
            g_string_append_c(text, ' ');
        space = false;
        g_string_append_c(text, c);
    }
    return g_string_free(text, FALSE);
}

/* Read the comment at r->p ('{' or ';'); a fresh string in *text. */
static bool read_comment(Reader *r, char **text, GError **error)
{
    int line = r->line;
    if (*r->p == ';') {
        const char *start = ++r->p;
        while (*r->p != '\0' && *r->p != '\n')
            r->p++;
        *text = collapse(start, (size_t)(r->p - start));
        return true;
    }
    const char *start = ++r->p;
    while (*r->p != '\0' && *r->p != '}') {
        if (*r->p == '\n')
            r->line++;
        r->p++;
    }
    if (*r->p == '\0')
        return fail(error, line, "a comment opened here with '{' is never closed with '}'");
    *text = collapse(start, (size_t)(r->p - start));
    r->p++;
    return true;
}

/* Pass the variation at r->p ('('), and any inside it. */
static bool skip_variation(Reader *r, GError **error)
{
    int line = r->line;
    int depth = 0;
    do {
        char c = *r->p;
        if (c == '\0')
            return fail(error, line, "a variation opened here with '(' is never closed with ')'");
        if (c == '{' || c == ';') {
            g_autofree char *comment = NULL;
            if (!read_comment(r, &comment, error))
                return false;
            continue;
        }
        if (c == '(')
            depth++;
        else if (c == ')')
            depth--;
        else if (c == '\n')
            r->line++;
        r->p++;
    } while (depth > 0);
    return true;
}

/* Characters that end a word of move text (besides white space). */
static bool ends_word(char c)
{
    return c == '\0' || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v'
        || c == '\f' || strchr("{}();[]\"$", c) != NULL;
}

/* A game being read: its tags, then its moves and comments. */
typedef struct GameText {
    GArray *tags;             /* DjRecordTag */
    int line;                 /* where it starts */
    DjGame *game;             /* once the move text starts */
    GPtrArray *comments;      /* by ply */
    GPtrArray *pending;       /* comments since the last move token, "" for "{}" */
    int token_moves;          /* how many moves the last move token held */
} GameText;

/* The comments since the last move token: the first is its move's own;
 * after a compound turn's token (its moves joined by ','), the first ones
 * are its moves' in order, "{}" standing for a move without one. */
static void settle_pending(GameText *g)
{
    int last = dj_game_length(g->game) - 1;
    int first = last - g->token_moves + 1;
    if (last >= 0) {
        g_ptr_array_set_size(g->comments, last + 1);
        for (guint i = 0; i < g->pending->len && first + (int)i <= last; i++) {
            const char *said = g_ptr_array_index(g->pending, i);
            if (said[0] == '\0')
                continue;
            g_free(g_ptr_array_index(g->comments, first + (int)i));
            g_ptr_array_index(g->comments, first + (int)i) = g_strdup(said);
        }
    }
    g_ptr_array_set_size(g->pending, 0);
}

static bool start_moves(Reader *r, GameText *g, GError **error)
{
    g->game = dj_record_start_game(r->variants, g->tags, "FEN", r->line, error);
    if (g->game == NULL)
        return false;
    const DjVariant *v = dj_game_variant(g->game);
    static const char *const remade[] = {
        "Result", "Variant", "FEN", "SetUp", "Termination", "PlyCount", "WhiteSide",
        "BlackSide", "Position", NULL,
    };
    for (guint i = 0; i < g->tags->len; i++) {
        const DjRecordTag *tag = &g_array_index(g->tags, DjRecordTag, i);
        bool skip = false;
        for (const char *const *name = remade; *name != NULL && !skip; name++)
            skip = strcmp(tag->name, *name) == 0;
        /* The roster's "unknown" says nothing. */
        skip = skip || strcmp(tag->value, "?") == 0 || strcmp(tag->value, "????.??.??") == 0;
        if (skip)
            continue;
        if (strcmp(tag->name, "White") == 0)
            dj_game_set_tag(g->game, v->side_names[0], tag->value);
        else if (strcmp(tag->name, "Black") == 0)
            dj_game_set_tag(g->game, v->side_names[1], tag->value);
        else
            dj_game_set_tag(g->game, tag->name, tag->value);
    }
    return true;
}

static bool finish_game(GameText *g, DjOutcome result, int line, GError **error)
{
    const DjRecordTag *result_tag = dj_record_tags_find(g->tags, "Result");
    if (result_tag != NULL) {
        DjOutcome tagged = DJ_OUTCOME_ONGOING;
        if (!dj_outcome_parse_result(result_tag->value, &tagged)) {
            g_autofree char *quote = dj_text_quote(result_tag->value, QUOTE_MAX_CHARS);
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "line %d: unknown result \"%s\" (1-0, 0-1, 1/2-1/2 or *)",
                                result_tag->line, quote);
        }
        if (tagged != result)
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "line %d: the result %s differs from the game's "
                                "[Result \"%s\"] on line %d", line,
                                dj_outcome_result_text(result), result_tag->value,
                                result_tag->line);
    }
    /* A known result's reason is the last comment after the last move; a
     * comment before it is the move's own. */
    g_autofree char *reason = NULL;
    while (g->pending->len > 0
           && ((char *)g_ptr_array_index(g->pending, g->pending->len - 1))[0] == '\0')
        g_ptr_array_set_size(g->pending, g->pending->len - 1);
    if (result != DJ_OUTCOME_ONGOING && g->pending->len > 0)
        reason = g_ptr_array_steal_index(g->pending, g->pending->len - 1);
    settle_pending(g);
    const DjRecordTag *termination = dj_record_tags_find(g->tags, "Termination");
    return dj_record_apply_result(g->game, result, line,
                                  reason != NULL ? reason
                                  : termination != NULL ? termination->value : NULL,
                                  error);
}

static void game_text_clear(GameText *g)
{
    g_array_unref(g->tags);
    dj_game_free(g->game);
    g_ptr_array_unref(g->comments);
    g_ptr_array_unref(g->pending);
}

/* Play the moves of one move token: a move, or the moves of one turn
 * joined by ',' (compound turns: record_pgn.h). */
static bool play_token(GameText *g, const char *token, int line, GError **error)
{
    const DjVariant *v = dj_game_variant(g->game);
    g_auto(GStrv) parts = g_strsplit(token, ",", -1);
    int side = v->side_to_move(dj_game_position(g->game));
    g_autofree char *quote = dj_text_quote(token, QUOTE_MAX_CHARS);
    g->token_moves = 0;
    for (int i = 0; parts[i] != NULL; i++) {
        if (parts[i][0] == '\0') {
            g_autofree char *message = g_strdup_printf(
                "\"%s\": the moves of a turn are joined by single commas, with a move "
                "on either side of each", quote);
            return fail(error, line, message);
        }
        if (i > 0 && (dj_game_outcome(g->game) != DJ_OUTCOME_ONGOING
                      || v->side_to_move(dj_game_position(g->game)) != side)) {
            g_autofree char *part = dj_text_quote(parts[i], QUOTE_MAX_CHARS);
            g_autofree char *message = g_strdup_printf(
                "\"%s\": the moves joined by a comma are one turn's, but the turn was over "
                "before \"%s\"", quote, part);
            return fail(error, line, message);
        }
        if (!dj_record_play_move(g->game, parts[i], line, error))
            return false;
        g->token_moves++;
    }
    return true;
}

/* Read the move text of `g` up to its result token. */
static bool read_moves(Reader *r, GameText *g, GError **error)
{
    for (;;) {
        skip_space(r);
        char c = *r->p;
        int line = r->line;
        if (c == '\0')
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "line %d: the game that starts on line %d ends without a "
                                "result (1-0, 0-1, 1/2-1/2 or *)", line, g->line);
        if (c == '{' || c == ';') {
            char *comment = NULL;
            if (!read_comment(r, &comment, error))
                return false;
            g_ptr_array_add(g->pending, g_strstrip(comment));
            continue;
        }
        if (c == '(') {
            if (!skip_variation(r, error))
                return false;
            continue;
        }
        if (c == '[')
            return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                                "line %d: a tag among the moves: the game that starts on "
                                "line %d has no result (1-0, 0-1, 1/2-1/2 or *) before it",
                                line, g->line);
        if (c == ')' || c == '"' || c == ']' || c == '}') {
            g_autofree char *message = g_strdup_printf("a '%c' that belongs to nothing", c);
            return fail(error, line, message);
        }
        if (c == '$') {   /* a NAG */
            r->p++;
            while (g_ascii_isdigit(*r->p))
                r->p++;
            continue;
        }
        const char *start = r->p;
        while (!ends_word(*r->p))
            r->p++;
        g_autofree char *word = g_strndup(start, (size_t)(r->p - start));
        DjOutcome result = DJ_OUTCOME_ONGOING;
        if (dj_outcome_parse_result(word, &result))
            return finish_game(g, result, line, error);
        const char *move = word;
        const char *after = dj_record_after_move_number(word);
        if (after != NULL) {
            move = after;
        } else if (strspn(word, "0123456789") == strlen(word)) {
            /* "12 ." and "12 ...": a number, then its periods apart */
            skip_space(r);
            if (*r->p == '.') {
                while (*r->p == '.')
                    r->p++;
                continue;
            }
            /* "12 e4": a number without periods, unless it is a move of
             * the game (a toy's moves are numbers) */
            DjMove unused = DJ_MOVE_NONE;
            if (!dj_game_parse_move(g->game, word, &unused, NULL))
                continue;
        }
        /* The suffixes "!", "?", "!?"... say what a person thought of it. */
        g_autofree char *bare = g_strdup(move);
        size_t length = strlen(bare);
        while (length > 0 && (bare[length - 1] == '!' || bare[length - 1] == '?'))
            bare[--length] = '\0';
        if (strspn(bare, ".") == length)
            continue;
        settle_pending(g);
        if (!play_token(g, bare, line, error))
            return false;
    }
}

static DjPgnGame *read_game(Reader *r, GError **error)
{
    GameText g = {
        .tags = dj_record_tags_new(),
        .line = r->line,
        .comments = g_ptr_array_new_with_free_func(g_free),
        .pending = g_ptr_array_new_with_free_func(g_free),
    };
    bool ok = true;
    while (ok && *r->p == '[') {
        ok = read_tag_line(r, g.tags, error);
        skip_space(r);
    }
    ok = ok && start_moves(r, &g, error) && read_moves(r, &g, error);
    DjPgnGame *game = NULL;
    if (ok) {
        game = g_new0(DjPgnGame, 1);
        g_ptr_array_set_size(g.comments, dj_game_length(g.game));
        game->game = g_steal_pointer(&g.game);
        game->comments = g_ptr_array_ref(g.comments);
        game->line = g.line;
    }
    game_text_clear(&g);
    return game;
}

GPtrArray *dj_pgn_parse_among(const char *text, const DjVariant *const *variants,
                              GError **error)
{
    text = dj_record_text_start(text, error);
    if (text == NULL)
        return NULL;
    Reader r = { .text = text, .p = text, .line = 1, .variants = variants };
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func((GDestroyNotify)dj_pgn_game_free);
    for (;;) {
        skip_space(&r);
        if (*r.p == '\0')
            return g_steal_pointer(&games);
        DjPgnGame *game = read_game(&r, error);
        if (game == NULL)
            return NULL;
        g_ptr_array_add(games, game);
    }
}

GPtrArray *dj_pgn_parse(const char *text, GError **error)
{
    return dj_pgn_parse_among(text, dj_registry_all(), error);
}

GPtrArray *dj_pgn_load(const char *path, GError **error)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, DJ_PGN_FILE_MAX_BYTES, "a PGN file", &text, &length,
                                error))
        return NULL;
    GError *parse_error = NULL;
    GPtrArray *games = dj_pgn_parse(text, &parse_error);
    if (games == NULL)
        g_propagate_prefixed_error(error, parse_error, "%s: ", path);
    return games;
}

/* ---- adding games to a file -------------------------------------------------- */

struct DjPgnAppender {
    int fd;
    char *path;
    const char *separator;   /* put before the first game: the file's own last
                              * game may lack its blank line */
};

static bool errno_error(GError **error, const char *path, int errsv)
{
    return dj_error_set(error, G_FILE_ERROR, g_file_error_from_errno(errsv), "%s: %s", path,
                        g_strerror(errsv));
}

DjPgnAppender *dj_pgn_appender_open(const char *path, GError **error)
{
    /* O_NONBLOCK: opening a named pipe with no reader would wait forever. */
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd < 0) {
        errno_error(error, path, errno);
        return NULL;
    }
    struct stat info;
    if (fstat(fd, &info) != 0) {
        int errsv = errno;
        close(fd);
        errno_error(error, path, errsv);
        return NULL;
    }
    if (!S_ISREG(info.st_mode)) {
        close(fd);
        dj_error_set(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: %s", path,
                     S_ISFIFO(info.st_mode) ? "it is a named pipe, not a file"
                                            : "it is not a regular file");
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    DjPgnAppender *appender = g_new0(DjPgnAppender, 1);
    appender->fd = fd;
    appender->path = g_strdup(path);
    appender->separator = "";
    if (info.st_size > 0) {
        char tail[2] = { 0, 0 };
        off_t from = info.st_size >= 2 ? info.st_size - 2 : 0;
        ssize_t n = pread(fd, tail, sizeof tail, from);
        bool blank_line = n == 2 && tail[0] == '\n' && tail[1] == '\n';
        appender->separator = blank_line ? "" : n >= 1 && tail[n - 1] == '\n' ? "\n" : "\n\n";
    } else {
        dj_text_file_sync_parent(path);
    }
    return appender;
}

bool dj_pgn_appender_add(DjPgnAppender *appender, const char *text, GError **error)
{
    struct stat info;
    if (fstat(appender->fd, &info) != 0)
        return errno_error(error, appender->path, errno);
    g_autofree char *whole = g_strconcat(appender->separator, text, NULL);
    if (!dj_text_file_write_all(appender->fd, whole, strlen(whole))
        || fdatasync(appender->fd) != 0) {
        int errsv = errno;
        /* Only whole games in the file: the part written goes. */
        if (ftruncate(appender->fd, info.st_size) != 0) {
            /* Nothing more to do: the error below says what failed. */
        }
        return errno_error(error, appender->path, errsv);
    }
    appender->separator = "";
    return true;
}

void dj_pgn_appender_close(DjPgnAppender *appender)
{
    if (appender == NULL)
        return;
    close(appender->fd);
    g_free(appender->path);
    g_free(appender);
}
