/* interrupt.h: Ctrl-C while dojo plays, analyses or referees a match.
 *
 * While installed, SIGINT (and SIGTERM, what `kill` and `timeout` send:
 * a match stopped that way still prints its summary, a game its journal)
 * does not kill the program: it sets a flag that
 * the program checks between steps, stops the search that is running (if
 * one was registered) so that it returns at once, and interrupts a pending
 * read of input.  The program then ends in an orderly way, keeping what it
 * has on disk. */
#ifndef DOJO_FRONTENDS_TTY_INTERRUPT_H
#define DOJO_FRONTENDS_TTY_INTERRUPT_H

#include <stdbool.h>

#include <glib.h>

#include "framework/search/engine.h"
#include "framework/search/search.h"

/* Install the handler (without SA_RESTART, so blocking reads return), and
 * unblock SIGINT and SIGTERM in the calling thread (one a parent left
 * blocked and pending arrives at once).  main.c installs it before a
 * command that stops in order (match, spsa) even starts, so that no signal
 * finds the default action in the moments before the command installs it
 * itself; such a command must then look at dojo_interrupted() before its
 * long work. */
void dojo_interrupt_install(void);

/* Put back the default action. */
void dojo_interrupt_uninstall(void);

/* The search to stop on SIGINT, or NULL for none. */
void dojo_interrupt_watch_search(DjSearch *search);

/* The same for a search behind a DjEngine (play and analyze, which may run
 * either search), or NULL for none. */
void dojo_interrupt_watch_engine(DjEngine *engine);

/* A flag to raise (set to 1, atomically) on SIGINT, or NULL for none:
 * for waits that watch a flag rather than a search, such as those of a
 * UCI engine (uci_engine.h). */
void dojo_interrupt_watch_flag(gint *flag);

/* A flag raised (to 1) when SIGINT or SIGTERM arrives, never lowered: for
 * the layers below that watch a `const gint *` (DojoMatchPlan.stop). */
const gint *dojo_interrupt_flag(void);

/* Whether SIGINT or SIGTERM arrived since the handler was installed. */
bool dojo_interrupted(void);

#endif
