/* uci_client.h: talking to a UCI engine (dojo uci) line by line from a
 * test, as a GUI or a match runner would. */
#ifndef DOJO_TESTS_FRONTEND_UCI_CLIENT_H
#define DOJO_TESTS_FRONTEND_UCI_CLIENT_H

#include <stdbool.h>

#include <glib.h>

typedef struct UciClient UciClient;

/* Start `dojo uci` (the binary runner_exe names) in `dir`. */
UciClient *uci_client_start(const char *dir);

/* Send one line (a newline is added). */
void uci_client_send(UciClient *client, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* Read lines until one starts with `prefix`; returns it (owned by the
 * client, valid until the next read).  Every line read on the way is kept
 * in the transcript.  Fails the test at the end of output. */
const char *uci_client_expect(UciClient *client, const char *prefix);

/* Read the next line, or NULL at the end of output. */
const char *uci_client_read(UciClient *client);

/* The engine's process id, as text. */
const char *uci_client_pid(const UciClient *client);

/* Everything read so far, one line each. */
const char *uci_client_transcript(const UciClient *client);

/* Send quit, wait for the engine to exit, and return its exit status
 * (-1 if killed by a signal); frees the client. */
int uci_client_quit(UciClient *client);

#endif
