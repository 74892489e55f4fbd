/*
 * peer_feat.c -- size programs for the peers, as mcu/bench/feat.c is for
 * rijn: one feature per build (-DFEAT_NONE, -DFEAT_ENC, -DFEAT_ENCDEC),
 * linked with --gc-sections; (image - empty image) is what the feature
 * costs in flash and static RAM. Never run.
 *
 * Implementation notes: inputs come from a volatile array and the result
 * goes to a volatile sink, so nothing is optimised away; the key contexts
 * are the adapters' static objects (counted in RAM, as rijn's are).
 */
#include <stddef.h>
#include <stdint.h>

#include "hal.h"
#include "peer.h"

volatile uint8_t feat_in[32];
volatile int feat_sink;
static uint8_t b[16];

#define IN ((uint8_t *)(uintptr_t)feat_in)

int main(void)
{
    b[0] = feat_in[0];
#if defined(FEAT_NONE)
    feat_sink = b[0];
#elif defined(FEAT_ENC)
    feat_sink = peer_feat_enc(IN, b) + b[0];
#elif defined(FEAT_ENCDEC)
    feat_sink = peer_feat_encdec(IN, b) + b[0];
#else
#error "peer_feat.c: no FEAT_* given"
#endif
    hal_exit(0);
}
