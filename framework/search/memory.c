/* memory.c: see memory.h. */
#include "framework/search/memory.h"

#include <stdint.h>
#include <unistd.h>

#include "framework/game.h"

/* The machine's memory in bytes, or 0 when it cannot be learnt. */
static uint64_t physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    long page_size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0)
        return 0;
    return (uint64_t)pages * (uint64_t)page_size;
}

bool dj_memory_fits(unsigned mb, const char *what, GError **error)
{
    uint64_t memory = physical_memory();
    if (memory == 0 || ((uint64_t)mb << 20) <= memory)
        return true;
    g_set_error(error, DJ_ERROR, DJ_ERROR_INVALID,
                "a %s of %u MB is more than this machine's memory (%" G_GUINT64_FORMAT " MB)",
                what, mb, (guint64)(memory >> 20));
    return false;
}
