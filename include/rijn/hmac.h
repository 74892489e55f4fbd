/*
 * rijn/hmac.h -- HMAC (RFC 2104, FIPS 198-1) over any rijn hash.
 *
 * The hash is given as a descriptor from rijn/hash.h: &rijn_hash_sha256,
 * &rijn_hash_sha3_256, ... (HMAC-SHA-1 and HMAC-MD5 work for legacy
 * formats). For SHA-3 the HMAC block size is the rate (FIPS 202 / SP
 * 800-224), as OpenSSL does.
 *
 * Keys: any length (0 allowed); keys longer than the block size are
 * hashed first, as the standard says.
 * Tags: tag_len from 1 to the digest size; shorter than the digest is a
 * truncated tag (keep at least 16 bytes, or 10 for HMAC-SHA-1 legacy).
 * Verify: rijn_hmac_final_verify / rijn_hmac_verify compare in constant
 * time and return RIJN_ERR_AUTH on mismatch.
 *
 * Streaming: init (keys the context), update any number of times, then
 * final or final_verify, which wipe the context. rijn_hmac_ctx holds the
 * keyed inner and outer hash states, which are key-equivalent secrets:
 * wipe contexts you abandon. A context can be copied with memcpy after
 * init to MAC several messages under one key without re-keying.
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_PARAM (bad descriptor), RIJN_ERR_STATE
 *   (not set up), RIJN_ERR_TAG_LEN, RIJN_ERR_LIMIT, RIJN_ERR_AUTH.
 */
#ifndef RIJN_HMAC_H
#define RIJN_HMAC_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rijn_hmac_ctx {
    rijn_hash_ctx inner; /* H((K ^ ipad) || ...), being fed the message */
    rijn_hash_ctx outer; /* H((K ^ opad) || ...), waiting for the inner hash */
} rijn_hmac_ctx;

/* Key ctx with key (key_len bytes, any length) for hash h.
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_hmac_init(rijn_hmac_ctx *ctx, const rijn_hash_desc *h,
                                     const uint8_t *key, size_t key_len);

/* MAC len more bytes. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_hmac_update(rijn_hmac_ctx *ctx, const uint8_t *data, size_t len);

/* Write the first tag_len bytes of the tag (1 <= tag_len <= digest size)
 * and wipe ctx. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_TAG_LEN
 * (ctx is wiped in every case). */
RIJN_API RIJN_WUR int rijn_hmac_final(rijn_hmac_ctx *ctx, uint8_t *tag, size_t tag_len);

/* Compute the tag and compare its first tag_len bytes with tag in
 * constant time; wipe ctx. RIJN_OK if equal, RIJN_ERR_AUTH if not,
 * RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_TAG_LEN. */
RIJN_API RIJN_WUR int rijn_hmac_final_verify(rijn_hmac_ctx *ctx, const uint8_t *tag,
                                             size_t tag_len);

/* Clear the context. */
RIJN_API void rijn_hmac_wipe(rijn_hmac_ctx *ctx);

/* One-shot HMAC: tag_len bytes of HMAC-h(key, data) into tag. */
RIJN_API RIJN_WUR int rijn_hmac(const rijn_hash_desc *h, uint8_t *tag, size_t tag_len,
                                const uint8_t *key, size_t key_len, const uint8_t *data,
                                size_t len);

/* One-shot verify: RIJN_OK if tag (tag_len bytes) is HMAC-h(key, data)
 * truncated to tag_len, RIJN_ERR_AUTH if not (constant-time compare). */
RIJN_API RIJN_WUR int rijn_hmac_verify(const rijn_hash_desc *h, const uint8_t *tag,
                                       size_t tag_len, const uint8_t *key, size_t key_len,
                                       const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_HMAC_H */
