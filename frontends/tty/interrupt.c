/* interrupt.c: the SIGINT and SIGTERM handler.  Only async-signal-safe
 * work happens in the handler itself: flags (a lock-free atomic store for
 * the watched one) and dj_search_stop. */
#include "frontends/tty/interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <stddef.h>

static volatile sig_atomic_t interrupt_seen;
static gint interrupt_raised;   /* the same, as a flag others watch */
static DjSearch *volatile interrupt_search;
static DjEngine *volatile interrupt_engine;
static gint *volatile interrupt_flag;

static void on_interrupt(int signal_number)
{
    (void)signal_number;
    interrupt_seen = 1;
    g_atomic_int_set(&interrupt_raised, 1);
    DjSearch *search = interrupt_search;
    if (search != NULL)
        dj_search_stop(search);
    DjEngine *engine = interrupt_engine;
    if (engine != NULL)
        dj_engine_stop(engine);
    gint *flag = interrupt_flag;
    if (flag != NULL)
        g_atomic_int_set(flag, 1);
}

void dojo_interrupt_install(void)
{
    struct sigaction action = { 0 };
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    /* A parent may have started dojo with them blocked (the mask is
     * inherited across exec): then they would wait unseen.  Unblocked, one
     * already pending arrives here, at the handler. */
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &mask, NULL);
}

void dojo_interrupt_uninstall(void)
{
    struct sigaction action = { 0 };
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

void dojo_interrupt_watch_search(DjSearch *search)
{
    interrupt_search = search;
}

void dojo_interrupt_watch_engine(DjEngine *engine)
{
    interrupt_engine = engine;
}

void dojo_interrupt_watch_flag(gint *flag)
{
    interrupt_flag = flag;
}

const gint *dojo_interrupt_flag(void)
{
    return &interrupt_raised;
}

bool dojo_interrupted(void)
{
    return interrupt_seen != 0;
}
