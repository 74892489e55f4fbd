/*
 * stream_internal.h -- shared by the ChaCha20 and Salsa20 files.
 */
#ifndef RIJN_STREAM_INTERNAL_H
#define RIJN_STREAM_INTERNAL_H

#include "rijn/chacha20.h"

#define RIJN_I_CHACHA_IETF 1u
#define RIJN_I_CHACHA_DJB 2u
#define RIJN_I_SALSA 3u

/* XOR len bytes of keystream (block() makes the next 64-byte block and
 * advances the counter) into in; checks arguments and ctx->left. */
int rijn_i_stream_xor(void *ctx, uint8_t *out, const uint8_t *in, size_t len,
                      void (*block)(void *ctx, uint8_t out[64]));

#endif
