/*
 * rijn/blake2.h -- BLAKE2b (RFC 7693): hash and keyed MAC, 1..64-byte
 * output, streaming.
 *
 * Family conventions:
 *   One context type, rijn_blake2b_ctx. rijn_blake2b_init starts an
 *   unkeyed hash with out_len bytes of output (1..64); rijn_blake2b_init_key
 *   starts the keyed form (key 0..64 bytes; a 0-byte key is the unkeyed
 *   hash, as in RFC 7693). The output length and the key length are part
 *   of the parameter block, so BLAKE2b-256 is NOT a truncated BLAKE2b-512:
 *   choose out_len at init.
 *
 *   Streaming: init, then update any number of times with any split, then
 *   final, which writes ctx->out_len bytes and wipes the context. A wiped
 *   (all-zero) context is "not set up": update/final return RIJN_ERR_STATE.
 *   Contexts may be copied with memcpy (fork a hash, or reuse a keyed
 *   state for several messages). A keyed context holds key-equivalent
 *   state: wipe contexts you abandon.
 *
 *   Generic interface: rijn_hash_blake2b_512 (rijn/hash.h, name
 *   "BLAKE2b-512", id RIJN_HASH_BLAKE2B_512) plugs BLAKE2b-512 into HMAC,
 *   HKDF and PBKDF2. For a MAC, the keyed form (rijn_blake2b with a key)
 *   is simpler and faster than HMAC-BLAKE2b.
 *
 *   Limits: messages up to 2^128 - 1 bytes (the counter never overflows in
 *   practice). Constant time: additions, rotations and XORs only; the
 *   message schedule indexes are public constants; only lengths are public.
 *
 *   Build option: RIJN_CFG_HASH_BLAKE2B (rijn/hash.h) 1 (default), 0 drops
 *   BLAKE2b and Argon2 (which is built on it).
 *
 * Errors: RIJN_ERR_NULL (NULL ctx/out, NULL key or data with a nonzero
 *   length), RIJN_ERR_PARAM (out_len not in 1..64), RIJN_ERR_KEY_LEN (key
 *   longer than 64 bytes), RIJN_ERR_STATE (context not set up).
 */
#ifndef RIJN_BLAKE2_H
#define RIJN_BLAKE2_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_BLAKE2B_OUT_MAX    64  /* largest digest                 */
#define RIJN_BLAKE2B_KEY_MAX    64  /* largest key                    */
#define RIJN_BLAKE2B_BLOCK_SIZE 128 /* compression block (HMAC block) */
#define RIJN_BLAKE2B_256_SIZE   32
#define RIJN_BLAKE2B_512_SIZE   64

typedef struct rijn_blake2b_ctx {
    uint64_t h[8];      /* chaining value                               */
    uint64_t t[2];      /* byte counter, low word first                 */
    uint8_t buf[128];   /* pending block (kept until more data or final) */
    uint32_t buflen;    /* bytes in buf, 0..128                         */
    uint32_t out_len;   /* digest size 1..64; 0 = not set up            */
} rijn_blake2b_ctx;

/* Start an unkeyed BLAKE2b hash with out_len (1..64) bytes of output.
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM. */
RIJN_API RIJN_WUR int rijn_blake2b_init(rijn_blake2b_ctx *ctx, size_t out_len);

/* Start a keyed BLAKE2b (MAC) with out_len (1..64) bytes of output and a
 * key of key_len (0..64) bytes; key may be NULL when key_len is 0.
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM, RIJN_ERR_KEY_LEN. */
RIJN_API RIJN_WUR int rijn_blake2b_init_key(rijn_blake2b_ctx *ctx, size_t out_len,
                                            const uint8_t *key, size_t key_len);

/* rijn_blake2b_init_key with a 16-byte salt and a 16-byte personalization
 * in the parameter block (RFC 7693 section 2.5; libsodium's
 * crypto_generichash_blake2b_salt_personal); NULL means 16 zero bytes. */
RIJN_API RIJN_WUR int rijn_blake2b_init_param(rijn_blake2b_ctx *ctx, size_t out_len,
                                             const uint8_t *key, size_t key_len,
                                             const uint8_t salt[16],
                                             const uint8_t personal[16]);

/* Absorb len bytes (any split). RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE. */
RIJN_API RIJN_WUR int rijn_blake2b_update(rijn_blake2b_ctx *ctx, const uint8_t *data,
                                          size_t len);

/* Write ctx->out_len bytes to out and wipe the context.
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE. */
RIJN_API RIJN_WUR int rijn_blake2b_final(rijn_blake2b_ctx *ctx, uint8_t *out);

/* Clear the context. */
RIJN_API void rijn_blake2b_wipe(rijn_blake2b_ctx *ctx);

/* One-shot: out_len (1..64) bytes of BLAKE2b of data, keyed with key
 * (key_len 0..64; NULL allowed with 0 = unkeyed). Errors as init/update. */
RIJN_API RIJN_WUR int rijn_blake2b(uint8_t *out, size_t out_len, const uint8_t *key,
                                   size_t key_len, const uint8_t *data, size_t len);

/* Unkeyed BLAKE2b-512 (64-byte output), the init of the hash descriptor
 * rijn_hash_blake2b_512. RIJN_OK or RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_blake2b_512_init(rijn_blake2b_ctx *ctx);

/* ---- BLAKE2s (RFC 7693): 32-bit words, for 32-bit MCUs ---------------- */
/* Same conventions as BLAKE2b: 1..32-byte output, 0..32-byte key, an
 * 8-byte salt and an 8-byte personalization (NULL = zeros). Always built
 * (it does not depend on RIJN_CFG_HASH_BLAKE2B). */
#define RIJN_BLAKE2S_OUT_MAX    32
#define RIJN_BLAKE2S_KEY_MAX    32
#define RIJN_BLAKE2S_BLOCK_SIZE 64

typedef struct rijn_blake2s_ctx {
    uint32_t h[8];      /* chaining value                               */
    uint32_t t[2];      /* byte counter, low word first                 */
    uint8_t buf[64];    /* pending block                                */
    uint32_t buflen;    /* bytes in buf, 0..64                          */
    uint32_t out_len;   /* digest size 1..32; 0 = not set up            */
} rijn_blake2s_ctx;

RIJN_API RIJN_WUR int rijn_blake2s_init(rijn_blake2s_ctx *ctx, size_t out_len);
RIJN_API RIJN_WUR int rijn_blake2s_init_key(rijn_blake2s_ctx *ctx, size_t out_len,
                                            const uint8_t *key, size_t key_len);
RIJN_API RIJN_WUR int rijn_blake2s_init_param(rijn_blake2s_ctx *ctx, size_t out_len,
                                              const uint8_t *key, size_t key_len,
                                              const uint8_t salt[8], const uint8_t personal[8]);
RIJN_API RIJN_WUR int rijn_blake2s_update(rijn_blake2s_ctx *ctx, const uint8_t *data,
                                          size_t len);
RIJN_API RIJN_WUR int rijn_blake2s_final(rijn_blake2s_ctx *ctx, uint8_t *out);
RIJN_API void rijn_blake2s_wipe(rijn_blake2s_ctx *ctx);
RIJN_API RIJN_WUR int rijn_blake2s(uint8_t *out, size_t out_len, const uint8_t *key,
                                   size_t key_len, const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_BLAKE2_H */
