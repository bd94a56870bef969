/* net_features.h: Ōgi's features for the learnt evaluation (net_features.c). */
#ifndef DOJO_VARIANTS_OGI_NET_FEATURES_H
#define DOJO_VARIANTS_OGI_NET_FEATURES_H

#include <stdint.h>

#include "framework/net.h"
#include "variants/ogi/position.h"

/* 1920 piece-square features, 68 of the hands, 1400 of pieces near a King. */
#define OGI_NET_INPUTS 3388

/* Fill the lookup tables ogi_net_features reads (ogi_tables_init does,
 * once). */
void ogi_net_features_init(void);

/* DjVariant.net_features: at most 36 pieces (fewer when some are held),
 * 68 hand slots and 48 pieces near the Kings, within DJ_NET_MAX_ACTIVE. */
int ogi_net_features(const void *pos, uint16_t *out);

/* The features from the point of view of `us` (ogi_net_features reads
 * them from the side to move's). */
int ogi_net_features_from(const OgiPosition *pos, int us, uint16_t *out);

/* Make pos->net_sums anew from every feature for the network loaded, or
 * clear them (net_id 0) when none is loaded or it cannot keep sums
 * (dj_net_can_keep_sums). */
void ogi_net_refresh(OgiPosition *pos);

/* What one move changes, for each colour's point of view: a King move with
 * a capture removes at most its square, 24 neighbours and the captured
 * piece's 3 features. */
#define OGI_NET_DELTA_MAX 32
typedef struct OgiNetDelta {
    uint16_t removed[2][OGI_NET_DELTA_MAX];
    uint16_t added[2][OGI_NET_DELTA_MAX];
    int n_removed[2];
    int captured_kind;   /* the hand kind the move captures, or -1 */
} OgiNetDelta;

/* How ogi_play keeps the sums: ogi_net_move_begin, on the position before
 * the legal `move` (whose sums are for the network loaded), notes the
 * features that go; ogi_net_move_end, on the position after it, adds
 * those that come and changes the sums. */
void ogi_net_move_begin(const OgiPosition *pos, uint32_t move, OgiNetDelta *delta);
void ogi_net_move_end(OgiPosition *pos, uint32_t move, OgiNetDelta *delta);

/* The built-in network's file, line by line (generated from builtin.net
 * by the build: DjVariant.net_builtin). */
extern const char *const ogi_builtin_net_lines[];

/* The network ogi_evaluate adds to its score, or NULL (DjVariant.net). */
extern const DjNet *ogi_net;

#endif
