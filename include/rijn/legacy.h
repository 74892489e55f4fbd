/*
 * rijn/legacy.h -- MD5 (RFC 1321) and SHA-1 (FIPS 180-4): LEGACY ONLY.
 *
 * Both are broken for collision resistance. rijn keeps them only to read
 * and write old formats: `openssl enc` files keyed with EVP_BytesToKey
 * (MD5 by default before OpenSSL 1.1, SHA-1 / SHA-256 later), PBKDF2- and
 * HMAC-SHA-1 in old containers, and test vectors that use them. Do not use
 * them for anything new; use SHA-256 (rijn/sha2.h) or SHA-3.
 *
 * Conventions are those of rijn/sha2.h: init, update (any split), final
 * (writes the digest and wipes the context), wipe, and a one-shot call.
 * A wiped context is "not set up" (RIJN_ERR_STATE). Messages are limited
 * to 2^61 - 1 bytes (RIJN_ERR_LIMIT). Both are constant-time (additions,
 * rotations and Boolean operations only).
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_LIMIT.
 */
#ifndef RIJN_LEGACY_H
#define RIJN_LEGACY_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_MD5_SIZE        16
#define RIJN_MD5_BLOCK_SIZE  64
#define RIJN_SHA1_SIZE       20
#define RIJN_SHA1_BLOCK_SIZE 64

typedef struct rijn_md5_ctx {
    uint32_t h[4];
    uint64_t nbytes;
    uint8_t buf[64];
    uint32_t live; /* 1 = set up, 0 = not */
} rijn_md5_ctx;

typedef struct rijn_sha1_ctx {
    uint32_t h[5];
    uint64_t nbytes;
    uint8_t buf[64];
    uint32_t live; /* 1 = set up, 0 = not */
} rijn_sha1_ctx;

/* MD5 (legacy). init: RIJN_OK / RIJN_ERR_NULL. update: RIJN_OK,
 * RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_LIMIT. final writes 16 bytes. */
RIJN_API RIJN_WUR int rijn_md5_init(rijn_md5_ctx *ctx);
RIJN_API RIJN_WUR int rijn_md5_update(rijn_md5_ctx *ctx, const uint8_t *data, size_t len);
RIJN_API RIJN_WUR int rijn_md5_final(rijn_md5_ctx *ctx, uint8_t out[RIJN_MD5_SIZE]);
RIJN_API void rijn_md5_wipe(rijn_md5_ctx *ctx);
RIJN_API RIJN_WUR int rijn_md5(uint8_t out[RIJN_MD5_SIZE], const uint8_t *data, size_t len);

/* SHA-1 (legacy). Same conventions; final writes 20 bytes. */
RIJN_API RIJN_WUR int rijn_sha1_init(rijn_sha1_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha1_update(rijn_sha1_ctx *ctx, const uint8_t *data, size_t len);
RIJN_API RIJN_WUR int rijn_sha1_final(rijn_sha1_ctx *ctx, uint8_t out[RIJN_SHA1_SIZE]);
RIJN_API void rijn_sha1_wipe(rijn_sha1_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha1(uint8_t out[RIJN_SHA1_SIZE], const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_LEGACY_H */
