/* net_features.h: Ōgi's features for the learnt evaluation (net_features.c). */
#ifndef OGI_NET_FEATURES_H
#define OGI_NET_FEATURES_H

#include <stdint.h>

#include "framework/net.h"

/* 1920 piece-square features, 68 of the hands, 1400 of pieces near a King. */
#define OGI_NET_INPUTS 3388

/* Fill the lookup tables ogi_net_features reads (ogi_tables_init does,
 * once). */
void ogi_net_features_init(void);

/* DjVariant.net_features: at most 36 pieces (fewer when some are held),
 * 68 hand slots and 48 pieces near the Kings, within DJ_NET_MAX_ACTIVE. */
int ogi_net_features(const void *pos, uint16_t *out);

/* The network ogi_evaluate adds to its score, or NULL (DjVariant.net). */
extern const DjNet *ogi_net;

#endif
