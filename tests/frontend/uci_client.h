/* uci_client.h: talking to a UCI engine (dojo uci) line by line from a
 * test, as a GUI or a match runner would. */
#ifndef DOJO_TESTS_FRONTEND_UCI_CLIENT_H
#define DOJO_TESTS_FRONTEND_UCI_CLIENT_H

#include <stdbool.h>

#include <glib.h>

typedef struct UciClient UciClient;

/* Start `dojo uci` (the binary runner_exe names) in `dir`. */
UciClient *uci_client_start(const char *dir);

/* What a start with limits takes away from the engine. */
typedef struct UciClientLimits {
    guint64 max_bytes;   /* its address space (RLIMIT_AS, as `ulimit -v`); 0: as it is */
    bool one_cpu;        /* run it on one CPU only (Linux; elsewhere ignored) */
} UciClientLimits;

/* uci_client_start with `limits` set on the engine's process. */
UciClient *uci_client_start_limited(const char *dir, const UciClientLimits *limits);

/* Whether uci_client_start_limited can put the engine on one CPU here. */
bool uci_client_can_pin(void);

/* Send `length` bytes as they are (NUL bytes included; no newline added). */
void uci_client_send_bytes(UciClient *client, const char *bytes, gsize length);

/* Send one line (a newline is added). */
void uci_client_send(UciClient *client, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* Read lines until one starts with `prefix`; returns it (owned by the
 * client, valid until the next read).  Every line read on the way is kept
 * in the transcript.  Fails the test at the end of output. */
const char *uci_client_expect(UciClient *client, const char *prefix);

/* As uci_client_expect, but gives up after `seconds` (a bound far above
 * any normal answer, for an answer that must come at all): NULL then. */
const char *uci_client_expect_within(UciClient *client, const char *prefix, int seconds);

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
