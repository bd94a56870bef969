/* setup.c: starting a game: the tables built once, the start position, and
 * DjVariant.setup (Ōgi has no game options). */
#include "variants/ogi/attacks.h"
#include "variants/ogi/net_features.h"
#include "variants/ogi/position.h"
#include "variants/ogi/text.h"

/* Ōgi is played from one start position: no options yet.  A new one goes
 * here, described completely (game.h), and nowhere else. */
const DjVariantOption ogi_options[] = {
    { .name = NULL },
};

void ogi_tables_init(void)
{
    static gsize done = 0;
    if (g_once_init_enter(&done)) {
        ogi_attacks_init();
        ogi_zobrist_init();
        ogi_net_features_init();
        g_once_init_leave(&done, 1);
    }
}

void ogi_position_start(OgiPosition *pos)
{
    static const int back_rank[8] = {
        OGI_LANCE, OGI_KNIGHT, OGI_SILVER, OGI_PRINCESS, OGI_KING, OGI_SILVER, OGI_KNIGHT, OGI_LANCE,
    };
    ogi_position_clear(pos);
    for (int f = 0; f < 8; f++) {
        ogi_position_put(pos, sq_make(f, 0), OGI_BLACK, back_rank[f]);
        ogi_position_put(pos, sq_make(f, 2), OGI_BLACK, OGI_PAWN);
        ogi_position_put(pos, sq_make(f, 7), OGI_WHITE, back_rank[f]);
        ogi_position_put(pos, sq_make(f, 5), OGI_WHITE, OGI_PAWN);
    }
    ogi_position_put(pos, sq_make(1, 1), OGI_BLACK, OGI_BISHOP);
    ogi_position_put(pos, sq_make(6, 1), OGI_BLACK, OGI_ROOK);
    ogi_position_put(pos, sq_make(1, 6), OGI_WHITE, OGI_ROOK);
    ogi_position_put(pos, sq_make(6, 6), OGI_WHITE, OGI_BISHOP);
}

bool ogi_setup(void *position, const DjSetup *setup, GError **error)
{
    OgiPosition *pos = position;
    ogi_tables_init();
    if (setup != NULL && setup->position != NULL) {
        if (!ogi_position_parse(pos, setup->position, error))
            return false;
    } else if (setup != NULL
               && !dj_options_check(OGI_TITLE, ogi_options, setup->options, setup->n_options,
                                    error)) {
        return false;
    } else {
        ogi_position_start(pos);
    }
    /* The same bytes as the position reached by moves (game.h). */
    ogi_net_refresh(pos);
    return true;
}
