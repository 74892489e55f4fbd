/*
 * rijn/ascon.h -- Ascon (NIST SP 800-232, final, 2025): Ascon-AEAD128,
 * Ascon-Hash256, Ascon-XOF128 and Ascon-CXOF128.
 *
 * Byte order: SP 800-232 reads every 64-bit word of key, nonce, data and
 * tag LITTLE-endian. This differs from the big-endian Ascon-128 v1.2 of
 * the CAESAR/LWC submissions (and its IVs and padding): outputs of the
 * two do not match, and rijn implements only SP 800-232.
 *
 * Implementation: portable C, constant time (the permutation uses only
 * XOR, AND, NOT and fixed rotations; no table, no secret-dependent
 * branch). RIJN_CFG_ASCON_32 (unset = auto, 0, 1) selects the
 * permutation: 1 = bit-interleaved on 32-bit words (auto on 32-bit and
 * smaller targets), 0 = on 64-bit words (auto on 64-bit targets).
 *
 * ---- Ascon-AEAD128 --------------------------------------------------
 *
 * The API follows rijn/aead.h exactly (keyed ctx; one-shot seal/open on a
 * const ctx; streaming start/aad/encrypt_update|decrypt_update/
 * encrypt_final|decrypt_final). Differences:
 *   key 16 bytes (RIJN_ERR_KEY_LEN otherwise); nonce 16 bytes
 *   (RIJN_ERR_NONCE_LEN otherwise); tag 16 bytes (RIJN_ERR_TAG_LEN
 *   otherwise: no truncated tags).
 *   Limits: none enforced (the construction has no length field). SP
 *   800-232 recommends at most 2^54 bytes under one key.
 *   open decrypts into out while absorbing the ciphertext, checks the tag
 *   in constant time, and wipes out on failure (RIJN_ERR_AUTH, out all
 *   zero). Nonces must never repeat under one key.
 *
 * ---- Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128 ----------------------
 *
 * One context type, rijn_ascon_hash_ctx. init picks the function
 * (CXOF128 also takes the customization string Z, at most 256 bytes:
 * RIJN_ERR_LENGTH beyond); rijn_ascon_hash_update absorbs (any split,
 * any number of calls); then either
 *   rijn_ascon_hash256_final (Hash256): writes 32 bytes and wipes, or
 *   rijn_ascon_xof_squeeze (XOF128/CXOF128): writes the next len bytes of
 *     output; call it again and again to continue the stream (10 bytes
 *     then 20 give the same 30 bytes as 30 at once). Once squeezing has
 *     begun, update returns RIJN_ERR_STATE.
 * A wiped (all-zero) context is "not set up": RIJN_ERR_STATE. final on an
 * XOF context, or squeeze on a Hash256 one, gives RIJN_ERR_STATE.
 * Security: Hash256 and XOF128 give 128-bit security (XOF outputs of at
 * least 32 bytes for collision resistance).
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_LENGTH, RIJN_ERR_KEY_LEN,
 * RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN, RIJN_ERR_PARAM (overlaps),
 * RIJN_ERR_AUTH.
 */
#ifndef RIJN_ASCON_H
#define RIJN_ASCON_H

#include "aead.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_ASCON_AEAD128_KEY_SIZE 16
#define RIJN_ASCON_AEAD128_NONCE_SIZE 16
#define RIJN_ASCON_AEAD128_TAG_SIZE 16
#define RIJN_ASCON_AEAD128_RATE 16
#define RIJN_ASCON_HASH256_SIZE 32
#define RIJN_ASCON_HASH_RATE 8
#define RIJN_ASCON_CXOF128_Z_MAX 256 /* bytes of customization string */

typedef struct rijn_ascon_aead128_ctx {
    uint64_t key[2]; /* K0, K1 (little-endian words)               */
    uint64_t s[5];   /* message state                              */
    uint32_t keyed;  /* 1 after init                               */
    uint32_t state;  /* RIJN_I_AEAD_*                              */
    uint32_t pos;    /* bytes of the current 16-byte rate block used */
    uint32_t had_aad;
} rijn_ascon_aead128_ctx;

/* Key setup. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN (key_len != 16). */
RIJN_API RIJN_WUR int rijn_ascon_aead128_init(rijn_ascon_aead128_ctx *ctx, const uint8_t *key,
                                              size_t key_len);

/* One-shot (see rijn/aead.h): len bytes in -> out, tag_len (16) bytes of
 * tag. out may equal in. */
RIJN_API RIJN_WUR int rijn_ascon_aead128_seal(const rijn_ascon_aead128_ctx *ctx, uint8_t *out,
                                              uint8_t *tag, size_t tag_len,
                                              const uint8_t *nonce, size_t nonce_len,
                                              const uint8_t *aad, size_t aad_len,
                                              const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ascon_aead128_open(const rijn_ascon_aead128_ctx *ctx, uint8_t *out,
                                              const uint8_t *tag, size_t tag_len,
                                              const uint8_t *nonce, size_t nonce_len,
                                              const uint8_t *aad, size_t aad_len,
                                              const uint8_t *in, size_t len);

/* Streaming (see rijn/aead.h for the order of calls and state errors). */
RIJN_API RIJN_WUR int rijn_ascon_aead128_start(rijn_ascon_aead128_ctx *ctx,
                                               const uint8_t *nonce, size_t nonce_len);
RIJN_API RIJN_WUR int rijn_ascon_aead128_aad(rijn_ascon_aead128_ctx *ctx, const uint8_t *aad,
                                             size_t len);
RIJN_API RIJN_WUR int rijn_ascon_aead128_encrypt_update(rijn_ascon_aead128_ctx *ctx,
                                                        uint8_t *out, const uint8_t *in,
                                                        size_t len);
RIJN_API RIJN_WUR int rijn_ascon_aead128_decrypt_update(rijn_ascon_aead128_ctx *ctx,
                                                        uint8_t *out, const uint8_t *in,
                                                        size_t len);
RIJN_API RIJN_WUR int rijn_ascon_aead128_encrypt_final(rijn_ascon_aead128_ctx *ctx,
                                                       uint8_t *tag, size_t tag_len);
RIJN_API RIJN_WUR int rijn_ascon_aead128_decrypt_final(rijn_ascon_aead128_ctx *ctx,
                                                       const uint8_t *tag, size_t tag_len);
RIJN_API void rijn_ascon_aead128_wipe(rijn_ascon_aead128_ctx *ctx);

/* Size getters (for bindings). */
RIJN_API size_t rijn_ascon_aead128_key_size(void);
RIJN_API size_t rijn_ascon_aead128_nonce_size(void);
RIJN_API size_t rijn_ascon_aead128_tag_size(void);

typedef struct rijn_ascon_hash_ctx {
    uint64_t s[5];
    uint32_t pos;      /* absorbing: bytes of the 8-byte block used;
                          squeezing: bytes of S0 already output       */
    uint8_t kind;      /* 0 not set up, 1 Hash256, 2 XOF128, 3 CXOF128 */
    uint8_t squeezing; /* 1 once the padding has been applied          */
    uint8_t reserved[2];
} rijn_ascon_hash_ctx;

/* Start Ascon-Hash256 / Ascon-XOF128. RIJN_OK or RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_ascon_hash256_init(rijn_ascon_hash_ctx *ctx);
RIJN_API RIJN_WUR int rijn_ascon_xof128_init(rijn_ascon_hash_ctx *ctx);
/* Start Ascon-CXOF128 with customization string z (z_len <= 256; z may be
 * NULL if z_len is 0). RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_LENGTH. */
RIJN_API RIJN_WUR int rijn_ascon_cxof128_init(rijn_ascon_hash_ctx *ctx, const uint8_t *z,
                                              size_t z_len);
/* Absorb len bytes. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE (not set up,
 * or squeezing has begun). */
RIJN_API RIJN_WUR int rijn_ascon_hash_update(rijn_ascon_hash_ctx *ctx, const uint8_t *data,
                                             size_t len);
/* Hash256: write the 32-byte digest and wipe the context. RIJN_OK,
 * RIJN_ERR_NULL, RIJN_ERR_STATE (not set up, or an XOF context). */
RIJN_API RIJN_WUR int rijn_ascon_hash256_final(rijn_ascon_hash_ctx *ctx,
                                               uint8_t out[RIJN_ASCON_HASH256_SIZE]);
/* XOF128 / CXOF128: write the next len bytes (out may be NULL if len is
 * 0). RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE (not set up, or Hash256). */
RIJN_API RIJN_WUR int rijn_ascon_xof_squeeze(rijn_ascon_hash_ctx *ctx, uint8_t *out, size_t len);
RIJN_API void rijn_ascon_hash_wipe(rijn_ascon_hash_ctx *ctx);

/* One-shots. RIJN_OK, RIJN_ERR_NULL (and RIJN_ERR_LENGTH for z_len). */
RIJN_API RIJN_WUR int rijn_ascon_hash256(uint8_t out[RIJN_ASCON_HASH256_SIZE],
                                         const uint8_t *data, size_t len);
RIJN_API RIJN_WUR int rijn_ascon_xof128(uint8_t *out, size_t out_len, const uint8_t *data,
                                        size_t len);
RIJN_API RIJN_WUR int rijn_ascon_cxof128(uint8_t *out, size_t out_len, const uint8_t *z,
                                         size_t z_len, const uint8_t *data, size_t len);

/* The permutation compiled in: "p64" or "p32-interleaved". */
RIJN_API const char *rijn_ascon_impl(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_ASCON_H */
