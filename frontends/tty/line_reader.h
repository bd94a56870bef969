/* line_reader.h: reading commands one line at a time.
 *
 * When the input is a terminal and dojo was built with libedit, lines are
 * read with line editing and a history (kept in `history_path` if given).
 * Otherwise (a pipe, a file, or no libedit) plain lines are read with stdio,
 * one byte at a time, so a line of any length is consumed whole: a line
 * longer than DOJO_LINE_MAX is reported as too long, never split into
 * several commands, and never kept in memory beyond that limit. */
#ifndef DOJO_FRONTENDS_TTY_LINE_READER_H
#define DOJO_FRONTENDS_TTY_LINE_READER_H

#include <stdbool.h>
#include <stdio.h>

#include <glib.h>

/* Longest line accepted, in bytes (without the line break). */
#define DOJO_LINE_MAX 4096

typedef enum DojoLineStatus {
    DOJO_LINE_OK,           /* *line holds the text */
    DOJO_LINE_EOF,          /* end of input, nothing read */
    DOJO_LINE_TOO_LONG,     /* a line longer than DOJO_LINE_MAX was skipped */
    DOJO_LINE_NUL,          /* a line containing a NUL byte was skipped */
    DOJO_LINE_INTERRUPTED,  /* a signal interrupted the read */
    DOJO_LINE_ERROR,        /* the input failed */
} DojoLineStatus;

typedef struct DojoLineReader DojoLineReader;

/* A reader of `in`; prompts go to `out`.  Never NULL. */
DojoLineReader *dojo_line_reader_new(FILE *in, FILE *out, const char *history_path);

/* Saves the history (if any) and frees. */
void dojo_line_reader_free(DojoLineReader *reader);

/* A command line taken apart: `line` is the line without white space
 * around it, `word` its first word in lower case, `argument` the rest after
 * the white space that follows the word (inside `line`, case kept: it may
 * be a file name), `bare` whether there is no argument. */
typedef struct DojoCommandLine {
    char *line;
    char *word;
    const char *argument;
    bool bare;
} DojoCommandLine;

void dojo_command_line_split(const char *raw, DojoCommandLine *out);
void dojo_command_line_clear(DojoCommandLine *command);

/* Read one line after showing `prompt` (shown only when the input is a
 * terminal).  On DOJO_LINE_OK *line is a fresh string without the line
 * break (g_free it); otherwise *line is NULL.  An unfinished last line
 * before end of input counts as a line. */
DojoLineStatus dojo_line_reader_read(DojoLineReader *reader, const char *prompt, char **line);

/* g_autoptr(DojoLineReader) frees with dojo_line_reader_free at the end of
 * its scope.  Guarded: a compiler or GLib without automatic cleanup still
 * reads this header. */
#ifdef G_DEFINE_AUTOPTR_CLEANUP_FUNC
G_DEFINE_AUTOPTR_CLEANUP_FUNC(DojoLineReader, dojo_line_reader_free)
/* g_auto(DojoCommandLine) clears with dojo_command_line_clear. */
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(DojoCommandLine, dojo_command_line_clear)
#endif

#endif
