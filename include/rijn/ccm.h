/*
 * rijn/ccm.h -- AES-CCM (NIST SP 800-38C; RFC 3610 formatting).
 *
 * Follows the AEAD conventions of rijn/aead.h; only what is specific to
 * CCM is said here.
 *
 * Keys:   16, 24 or 32 bytes.
 * Nonce:  7..13 bytes. The nonce length n fixes the length field
 *         L = 15 - n bytes, and so the longest message: 2^(8L) - 1 bytes
 *         (n = 13: 64 KiB - 1; n = 12: 16 MiB - 1; n <= 11: 4 GiB - 1 and
 *         more). A longer msg_len gives RIJN_ERR_LIMIT.
 * Tag:    4, 6, 8, 10, 12, 14 or 16 bytes (RIJN_ERR_TAG_LEN otherwise).
 * AAD:    up to 2^64 - 1 bytes (whatever size_t holds).
 *
 * CCM's first block encodes the message length, the AAD length and the
 * tag length, so the streaming start takes them up front:
 *   rijn_ccm_start(ctx, nonce, nonce_len, aad_len, msg_len, tag_len)
 * then exactly aad_len bytes of rijn_ccm_aad, exactly msg_len bytes of
 * _encrypt_update or _decrypt_update, then _final with the same tag_len.
 * More bytes than announced, or _final before all of them, give
 * RIJN_ERR_STATE (nothing consumed); another tag_len at _final gives
 * RIJN_ERR_TAG_LEN.
 *
 * The CCM tag covers the plaintext, so open decrypts into out, checks the
 * tag in constant time and wipes out on failure (rijn/aead.h).
 * Streaming decryption releases unauthenticated plaintext: prefer open.
 * Never use a nonce twice with one key.
 */
#ifndef RIJN_CCM_H
#define RIJN_CCM_H

#include "aead.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_CCM_KEY_MIN    16
#define RIJN_CCM_KEY_MAX    32
#define RIJN_CCM_NONCE_SIZE 12
#define RIJN_CCM_NONCE_MIN  7
#define RIJN_CCM_NONCE_MAX  13
#define RIJN_CCM_TAG_SIZE   16
#define RIJN_CCM_TAG_MIN    4
#define RIJN_CCM_TAG_MAX    16

/* Per-message state (internal). */
typedef struct rijn_ccm_msg {
    uint8_t x[16];      /* CBC-MAC chaining value                  */
    uint8_t ctr[16];    /* next counter block A_i                  */
    uint8_t s0[16];     /* E(K, A_0): the tag mask                 */
    uint8_t ks[16];     /* keystream of the partial text block     */
    uint64_t aad_len, aad_done;
    uint64_t msg_len, msg_done;
    uint32_t mac_pos;   /* bytes XORed into x since the last E()   */
    uint32_t tag_len;
    uint32_t state;     /* RIJN_I_AEAD_*                           */
} rijn_ccm_msg;

typedef struct rijn_ccm_ctx {
    rijn_aes_ctx aes;   /* encryption-only schedule */
    rijn_ccm_msg msg;   /* streaming message        */
} rijn_ccm_ctx;

/* Key setup: RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN. */
RIJN_API RIJN_WUR int rijn_ccm_init(rijn_ccm_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API void rijn_ccm_wipe(rijn_ccm_ctx *ctx);

/* One-shot (rijn/aead.h). Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (not
 * keyed), RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN, RIJN_ERR_LIMIT (len too
 * long for the nonce's length field), RIJN_ERR_PARAM (overlap),
 * RIJN_ERR_AUTH (open; out zeroed). */
RIJN_API RIJN_WUR int rijn_ccm_seal(const rijn_ccm_ctx *ctx, uint8_t *out, uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);
RIJN_API RIJN_WUR int rijn_ccm_open(const rijn_ccm_ctx *ctx, uint8_t *out, const uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);

/* Streaming (see above and rijn/aead.h). _start: RIJN_ERR_NULL,
 * RIJN_ERR_STATE (not keyed), RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN,
 * RIJN_ERR_LIMIT. _aad/_update: RIJN_ERR_STATE (order, or more than
 * announced), RIJN_ERR_NULL, RIJN_ERR_PARAM. _final: RIJN_ERR_STATE
 * (not all data given), RIJN_ERR_TAG_LEN (tag_len differs from _start),
 * RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_ccm_start(rijn_ccm_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                                     uint64_t aad_len, uint64_t msg_len, size_t tag_len);
RIJN_API RIJN_WUR int rijn_ccm_aad(rijn_ccm_ctx *ctx, const uint8_t *aad, size_t len);
RIJN_API RIJN_WUR int rijn_ccm_encrypt_update(rijn_ccm_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ccm_decrypt_update(rijn_ccm_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ccm_encrypt_final(rijn_ccm_ctx *ctx, uint8_t *tag, size_t tag_len);
RIJN_API RIJN_WUR int rijn_ccm_decrypt_final(rijn_ccm_ctx *ctx, const uint8_t *tag,
                                             size_t tag_len);

/* Size getters (same values as the macros). */
RIJN_API size_t rijn_ccm_key_min(void);
RIJN_API size_t rijn_ccm_key_max(void);
RIJN_API size_t rijn_ccm_nonce_size(void);
RIJN_API size_t rijn_ccm_nonce_min(void);
RIJN_API size_t rijn_ccm_nonce_max(void);
RIJN_API size_t rijn_ccm_tag_size(void);
RIJN_API size_t rijn_ccm_tag_min(void);
RIJN_API size_t rijn_ccm_tag_max(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_CCM_H */
