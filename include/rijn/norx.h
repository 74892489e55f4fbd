/*
 * rijn/norx.h -- NORX32-4-1 authenticated encryption.
 *
 * NOT A STANDARD: NORX v3.0 was a CAESAR-competition candidate (third
 * round, not in the final portfolio). rijn keeps NORX32-4-1 (32-bit
 * words, 4 rounds, parallelism 1) for parity with the Cifra library and
 * for comparisons on microcontrollers. Prefer Ascon-AEAD128
 * (rijn/ascon.h), ChaCha20-Poly1305 or AES-GCM for new designs.
 *
 * The API follows rijn/aead.h exactly (keyed ctx; one-shot seal/open on a
 * const ctx; streaming start/aad/encrypt_update|decrypt_update/
 * encrypt_final|decrypt_final). Differences:
 *   key 16 bytes (RIJN_ERR_KEY_LEN otherwise); nonce 16 bytes
 *   (RIJN_ERR_NONCE_LEN otherwise; must never repeat under one key);
 *   tag 16 bytes (RIJN_ERR_TAG_LEN otherwise).
 *   The NORX trailer (data authenticated after the payload) is not
 *   offered: it is empty, as in the CAESAR API and the reference KATs.
 *   Limits: none enforced (no length field in the construction).
 *   open decrypts into out while it absorbs the ciphertext, checks the tag
 *   in constant time and wipes out on failure (RIJN_ERR_AUTH, out zero).
 *
 * Byte order: words are little-endian, as in the NORX specification and
 * reference code. Constant time: the permutation uses only XOR, AND,
 * shifts and fixed rotations.
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_KEY_LEN,
 * RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN, RIJN_ERR_PARAM (overlaps),
 * RIJN_ERR_AUTH.
 */
#ifndef RIJN_NORX_H
#define RIJN_NORX_H

#include "aead.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_NORX32_KEY_SIZE 16
#define RIJN_NORX32_NONCE_SIZE 16
#define RIJN_NORX32_TAG_SIZE 16
#define RIJN_NORX32_RATE 48 /* bytes per block */

typedef struct rijn_norx32_ctx {
    uint32_t key[4];
    uint32_t s[16];  /* message state                                 */
    uint32_t keyed;  /* 1 after init                                  */
    uint32_t state;  /* RIJN_I_AEAD_*                                 */
    uint32_t pos;    /* bytes of the current 48-byte block used; 48 =
                        no block open in this phase                    */
    uint32_t had;    /* bytes seen in the current phase (0 or 1)       */
} rijn_norx32_ctx;

/* Key setup. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN (key_len != 16). */
RIJN_API RIJN_WUR int rijn_norx32_init(rijn_norx32_ctx *ctx, const uint8_t *key, size_t key_len);

/* One-shot (see rijn/aead.h). out may equal in. */
RIJN_API RIJN_WUR int rijn_norx32_seal(const rijn_norx32_ctx *ctx, uint8_t *out, uint8_t *tag,
                                       size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                       const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                       size_t len);
RIJN_API RIJN_WUR int rijn_norx32_open(const rijn_norx32_ctx *ctx, uint8_t *out,
                                       const uint8_t *tag, size_t tag_len,
                                       const uint8_t *nonce, size_t nonce_len,
                                       const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                       size_t len);

/* Streaming (see rijn/aead.h). */
RIJN_API RIJN_WUR int rijn_norx32_start(rijn_norx32_ctx *ctx, const uint8_t *nonce,
                                        size_t nonce_len);
RIJN_API RIJN_WUR int rijn_norx32_aad(rijn_norx32_ctx *ctx, const uint8_t *aad, size_t len);
RIJN_API RIJN_WUR int rijn_norx32_encrypt_update(rijn_norx32_ctx *ctx, uint8_t *out,
                                                 const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_norx32_decrypt_update(rijn_norx32_ctx *ctx, uint8_t *out,
                                                 const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_norx32_encrypt_final(rijn_norx32_ctx *ctx, uint8_t *tag,
                                                size_t tag_len);
RIJN_API RIJN_WUR int rijn_norx32_decrypt_final(rijn_norx32_ctx *ctx, const uint8_t *tag,
                                                size_t tag_len);
RIJN_API void rijn_norx32_wipe(rijn_norx32_ctx *ctx);

/* Size getters (for bindings). */
RIJN_API size_t rijn_norx32_key_size(void);
RIJN_API size_t rijn_norx32_nonce_size(void);
RIJN_API size_t rijn_norx32_tag_size(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_NORX_H */
