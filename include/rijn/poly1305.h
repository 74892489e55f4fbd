/*
 * rijn/poly1305.h -- the Poly1305 one-time authenticator (RFC 8439).
 *
 * A Poly1305 key must authenticate ONE message only (the AEADs in
 * rijn/chachapoly.h derive a fresh one per nonce). Streaming: _init with
 * the 32-byte one-time key, _update any number of times with any lengths,
 * _final writes the 16-byte tag and wipes the context. _verify compares a
 * tag in constant time. Constant time: the arithmetic is on 26-bit limbs
 * with 32x32->64-bit multiplies and no data-dependent branch.
 */
#ifndef RIJN_POLY1305_H
#define RIJN_POLY1305_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_POLY1305_KEY_SIZE 32
#define RIJN_POLY1305_TAG_SIZE 16

typedef struct rijn_poly1305_ctx {
    uint32_t r[5], h[5], pad[4];
    uint8_t buf[16];
    uint32_t buf_len;
    uint32_t state; /* internal: bits 0..7 1 = keyed, 8..15 the implementation */
} rijn_poly1305_ctx;

RIJN_API RIJN_WUR int rijn_poly1305_init(rijn_poly1305_ctx *ctx, const uint8_t key[32]);
RIJN_API RIJN_WUR int rijn_poly1305_update(rijn_poly1305_ctx *ctx, const uint8_t *msg,
                                           size_t len);
RIJN_API RIJN_WUR int rijn_poly1305_final(rijn_poly1305_ctx *ctx, uint8_t tag[16]);
RIJN_API void rijn_poly1305_wipe(rijn_poly1305_ctx *ctx);

/* One-shot tag, and constant-time check (RIJN_OK or RIJN_ERR_AUTH). */
RIJN_API RIJN_WUR int rijn_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *msg,
                                    size_t len);
RIJN_API RIJN_WUR int rijn_poly1305_verify(const uint8_t tag[16], const uint8_t key[32],
                                           const uint8_t *msg, size_t len);

#ifdef __cplusplus
}
#endif
#endif
