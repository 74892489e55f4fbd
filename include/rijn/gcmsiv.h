/*
 * rijn/gcmsiv.h -- AES-GCM-SIV (RFC 8452): nonce-misuse-resistant AEAD.
 *
 * Follows the AEAD conventions of rijn/aead.h, one-shot only: GCM-SIV
 * takes two passes (the tag, computed over the plaintext, is the IV of
 * the encryption), so there is no streaming API.
 *
 * Keys:   16 or 32 bytes (AEAD_AES_128_GCM_SIV, AEAD_AES_256_GCM_SIV).
 *         24-byte keys (AES-192-GCM-SIV, not in RFC 8452: derived the same
 *         way with three 8-byte halves for the key, as OpenSSL does) are
 *         accepted too.
 * Nonce:  exactly 12 bytes (RIJN_ERR_NONCE_LEN otherwise).
 * Tag:    exactly 16 bytes (RIJN_ERR_TAG_LEN otherwise).
 * Limits: text and AAD at most 2^36 bytes each (RIJN_ERR_LIMIT).
 *
 * Misuse resistance: repeating a nonce reveals only whether the same
 * (AAD, plaintext) pair was sealed twice; still use unique nonces where
 * you can. Per-message keys are derived from the key and the nonce, so
 * each seal/open runs one extra AES key schedule.
 *
 * Stack: seal/open hold the per-message AES schedule (sizeof(rijn_aes_ctx))
 * and POLYVAL key on the stack: about 0.6 KB in a Cortex-M build (ct32
 * only) plus the callees', about 1.3 KB on x86-64 hosts.
 *
 * open decrypts into out, recomputes the tag over the plaintext, compares
 * in constant time and wipes out on failure (RIJN_ERR_AUTH).
 */
#ifndef RIJN_GCMSIV_H
#define RIJN_GCMSIV_H

#include "gcm.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_GCMSIV_KEY_MIN    16
#define RIJN_GCMSIV_KEY_MAX    32
#define RIJN_GCMSIV_NONCE_SIZE 12
#define RIJN_GCMSIV_NONCE_MIN  12
#define RIJN_GCMSIV_NONCE_MAX  12
#define RIJN_GCMSIV_TAG_SIZE   16
#define RIJN_GCMSIV_TAG_MIN    16
#define RIJN_GCMSIV_TAG_MAX    16
#define RIJN_GCMSIV_TEXT_MAX   ((uint64_t)1 << 36)

typedef struct rijn_gcmsiv_ctx {
    rijn_aes_ctx aes;                   /* key-generating key            */
    const struct rijn_i_ghash_impl *gh; /* GHASH class running POLYVAL   */
    uint32_t key_len;                   /* 16, 24 or 32                  */
} rijn_gcmsiv_ctx;

/* Key setup: RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN. */
RIJN_API RIJN_WUR int rijn_gcmsiv_init(rijn_gcmsiv_ctx *ctx, const uint8_t *key,
                                       size_t key_len);
RIJN_API void rijn_gcmsiv_wipe(rijn_gcmsiv_ctx *ctx);

/* One-shot (rijn/aead.h). Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (not
 * keyed), RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN, RIJN_ERR_LIMIT,
 * RIJN_ERR_PARAM (overlap), RIJN_ERR_AUTH (open; out zeroed). */
RIJN_API RIJN_WUR int rijn_gcmsiv_seal(const rijn_gcmsiv_ctx *ctx, uint8_t *out, uint8_t *tag,
                                       size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                       const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                       size_t len);
RIJN_API RIJN_WUR int rijn_gcmsiv_open(const rijn_gcmsiv_ctx *ctx, uint8_t *out,
                                       const uint8_t *tag, size_t tag_len,
                                       const uint8_t *nonce, size_t nonce_len,
                                       const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                       size_t len);

/* Size getters (same values as the macros). */
RIJN_API size_t rijn_gcmsiv_key_min(void);
RIJN_API size_t rijn_gcmsiv_key_max(void);
RIJN_API size_t rijn_gcmsiv_nonce_size(void);
RIJN_API size_t rijn_gcmsiv_nonce_min(void);
RIJN_API size_t rijn_gcmsiv_nonce_max(void);
RIJN_API size_t rijn_gcmsiv_tag_size(void);
RIJN_API size_t rijn_gcmsiv_tag_min(void);
RIJN_API size_t rijn_gcmsiv_tag_max(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_GCMSIV_H */
