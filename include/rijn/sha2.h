/*
 * rijn/sha2.h -- the SHA-2 hash functions (FIPS 180-4).
 *
 * Family conventions:
 *   SHA-224 and SHA-256 share rijn_sha256_ctx (32-bit words, 64-byte
 *   blocks); SHA-384, SHA-512, SHA-512/224 and SHA-512/256 share
 *   rijn_sha512_ctx (64-bit words, 128-byte blocks). The init function
 *   picks the variant; update and final are shared by the family, and final
 *   writes the digest size of the variant chosen at init
 *   (ctx->out_len bytes: 28, 32, 48 or 64).
 *
 *   Streaming: init, then update any number of times with any split of the
 *   message, then final. final writes the digest and wipes the context; a
 *   wiped (or all-zero) context is "not set up" and update/final on it
 *   return RIJN_ERR_STATE. Contexts can be copied with memcpy to fork a
 *   hash (HMAC does so).
 *
 *   One-shot: rijn_sha256(out, data, len) etc.
 *
 *   Limits: SHA-224/256 messages up to 2^61 - 1 bytes, SHA-384/512 up to
 *   2^64 - 1 bytes here (the standard allows 2^125); longer input gives
 *   RIJN_ERR_LIMIT.
 *
 *   Implementations (chosen at run time from the CPU; RIJN_CPU_MASK in
 *   the environment narrows the choice, =0 leaves portable C):
 *   SHA-256/224 on the x86-64 SHA extensions (SHA-NI), else AVX2 + BMI2 or
 *   SSSE3 with a vector message schedule, or the ARMv8 SHA2 instructions,
 *   else portable C. SHA-384/512 on AVX-512, AVX2 + BMI2 or SSSE3 (x86-64),
 *   or the ARMv8.2 SHA512 instructions, else portable C (64-bit arithmetic,
 *   fine on 32-bit MCUs). Every path is constant-time: no branch or index
 *   depends on the data; only the length is public.
 *
 * Errors: RIJN_ERR_NULL (NULL ctx/out, or NULL data with nonzero length),
 *   RIJN_ERR_STATE (context not set up), RIJN_ERR_LIMIT (message too long).
 */
#ifndef RIJN_SHA2_H
#define RIJN_SHA2_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_SHA224_SIZE      28
#define RIJN_SHA256_SIZE      32
#define RIJN_SHA384_SIZE      48
#define RIJN_SHA512_SIZE      64
#define RIJN_SHA512_224_SIZE  28
#define RIJN_SHA512_256_SIZE  32
#define RIJN_SHA256_BLOCK_SIZE 64  /* also SHA-224 */
#define RIJN_SHA512_BLOCK_SIZE 128 /* also SHA-384, SHA-512/t */

typedef struct rijn_sha256_ctx {
    uint32_t h[8];      /* chaining value                          */
    uint64_t nbytes;    /* bytes absorbed so far                   */
    uint8_t buf[64];    /* partial block (nbytes % 64 bytes used)  */
    uint32_t out_len;   /* 28 or 32; 0 = not set up (internal: bits 8..15
                           the implementation bound at init)         */
} rijn_sha256_ctx;

typedef struct rijn_sha512_ctx {
    uint64_t h[8];      /* chaining value                          */
    uint64_t nbytes;    /* bytes absorbed so far                   */
    uint8_t buf[128];   /* partial block (nbytes % 128 bytes used) */
    uint32_t out_len;   /* 28, 32, 48 or 64; 0 = not set up (internal:
                           bits 8..15 the implementation)            */
} rijn_sha512_ctx;

/* ---- SHA-224 / SHA-256 ------------------------------------------------- */

/* Start a SHA-224 (rijn_sha224_init) or SHA-256 (rijn_sha256_init) hash.
 * Returns RIJN_OK or RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_sha224_init(rijn_sha256_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha256_init(rijn_sha256_ctx *ctx);

/* Absorb len bytes (any split). Returns RIJN_OK, RIJN_ERR_NULL,
 * RIJN_ERR_STATE, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_sha256_update(rijn_sha256_ctx *ctx, const uint8_t *data, size_t len);

/* Write the digest (28 bytes after rijn_sha224_init, 32 after
 * rijn_sha256_init) to out and wipe the context. Returns RIJN_OK,
 * RIJN_ERR_NULL, RIJN_ERR_STATE. */
RIJN_API RIJN_WUR int rijn_sha256_final(rijn_sha256_ctx *ctx, uint8_t *out);

/* Clear the context (it is then "not set up"). */
RIJN_API void rijn_sha256_wipe(rijn_sha256_ctx *ctx);

/* One-shot SHA-224 (out: 28 bytes) / SHA-256 (out: 32 bytes). Returns
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_sha224(uint8_t out[RIJN_SHA224_SIZE], const uint8_t *data, size_t len);
RIJN_API RIJN_WUR int rijn_sha256(uint8_t out[RIJN_SHA256_SIZE], const uint8_t *data, size_t len);

/* Name of the SHA-256 compression this CPU runs: "x86-shani", "avx2",
 * "ssse3", "armv8-sha2" or "portable" (for tests and benchmarks). */
RIJN_API const char *rijn_sha256_impl_name(void);

/* ---- SHA-384 / SHA-512 / SHA-512/224 / SHA-512/256 ---------------------- */

/* Start a hash of the given variant. Returns RIJN_OK or RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_sha384_init(rijn_sha512_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha512_init(rijn_sha512_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha512_224_init(rijn_sha512_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha512_256_init(rijn_sha512_ctx *ctx);

/* Absorb len bytes (any split). Returns RIJN_OK, RIJN_ERR_NULL,
 * RIJN_ERR_STATE, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_sha512_update(rijn_sha512_ctx *ctx, const uint8_t *data, size_t len);

/* Write the digest (ctx->out_len bytes: 48, 64, 28 or 32 by variant) and
 * wipe the context. Returns RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE. */
RIJN_API RIJN_WUR int rijn_sha512_final(rijn_sha512_ctx *ctx, uint8_t *out);

/* Clear the context. */
RIJN_API void rijn_sha512_wipe(rijn_sha512_ctx *ctx);

/* One-shot hashes. Returns RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_sha384(uint8_t out[RIJN_SHA384_SIZE], const uint8_t *data, size_t len);
RIJN_API RIJN_WUR int rijn_sha512(uint8_t out[RIJN_SHA512_SIZE], const uint8_t *data, size_t len);
RIJN_API RIJN_WUR int rijn_sha512_224(uint8_t out[RIJN_SHA512_224_SIZE], const uint8_t *data,
                                      size_t len);
RIJN_API RIJN_WUR int rijn_sha512_256(uint8_t out[RIJN_SHA512_256_SIZE], const uint8_t *data,
                                      size_t len);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_SHA2_H */
