/*
 * rijn/siv.h -- AES-SIV (RFC 5297): deterministic, nonce-misuse-resistant
 * authenticated encryption with S2V (CMAC over a vector of strings) as a
 * synthetic IV for AES-CTR. AES-SIV-CMAC-256/384/512.
 *
 * Follows the one-shot conventions of rijn/aead.h; SIV is two-pass (the
 * IV is a MAC of the whole plaintext), so there is no streaming form.
 * The 16-byte synthetic IV V is the tag: RFC 5297 writes V || C; rijn
 * writes C to out and V to tag (pass tag = out + len for C || V, or
 * compose V || C yourself).
 *
 * Keys:   32, 48 or 64 bytes (AES-SIV-CMAC-256/384/512): the first half
 *         keys S2V (CMAC), the second half keys CTR.
 * Tag:    16 bytes exactly (RIJN_ERR_TAG_LEN otherwise).
 * Header (associated data): a vector of strings AD1..ADn, n at most
 *         RIJN_SIV_MAX_AD (126): each string is authenticated separately,
 *         so ("ab", "c") differs from ("a", "bc") and from ("abc").
 *
 * rijn_siv_seal / rijn_siv_open (the rijn/aead.h shape) use the vector
 * (aad) when nonce_len is 0: deterministic AEAD, as RFC 5297 section A.1
 * and Wycheproof aes_siv_cmac_test; and (aad, nonce) when nonce_len > 0:
 * the nonce-based AEAD_AES_SIV_CMAC_* of RFC 5297 section 6 (nonce as the
 * last component). The aad component is present even when empty.
 * rijn_siv_seal_v / rijn_siv_open_v take any vector of components; the
 * caller puts a nonce last if it uses one.
 *
 * Nonce:  any length; 0 = none (deterministic mode: equal inputs give
 *         equal outputs, which reveals repeats and nothing else). Repeating
 *         a nonce is not catastrophic with SIV (that is its point), but
 *         it reveals equal messages.
 * open decrypts into out, recomputes V over the plaintext, and on a
 * mismatch wipes out and returns RIJN_ERR_AUTH. out may equal in.
 * Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (ctx not keyed), RIJN_ERR_KEY_LEN,
 * RIJN_ERR_TAG_LEN, RIJN_ERR_PARAM (overlap, more than RIJN_SIV_MAX_AD
 * components), RIJN_ERR_AUTH.
 */
#ifndef RIJN_SIV_H
#define RIJN_SIV_H

#include "aead.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_SIV_KEY_MIN    32
#define RIJN_SIV_KEY_MAX    64
#define RIJN_SIV_NONCE_SIZE 16
#define RIJN_SIV_NONCE_MIN  0
#define RIJN_SIV_NONCE_MAX  SIZE_MAX
#define RIJN_SIV_TAG_SIZE   16
#define RIJN_SIV_TAG_MIN    16
#define RIJN_SIV_TAG_MAX    16
#define RIJN_SIV_MAX_AD     126 /* header components (plaintext is the 127th) */

typedef struct rijn_siv_ctx {
    rijn_aes_ctx mac;  /* K1: S2V / CMAC, encryption schedule */
    rijn_aes_ctx ctr;  /* K2: CTR, encryption schedule        */
    uint8_t k1[16];    /* CMAC subkeys of K1                  */
    uint8_t k2[16];
    uint8_t d0[16];    /* CMAC_K1(0^128), the start of S2V    */
    uint32_t keyed;
} rijn_siv_ctx;

/* One component of the associated-data vector. data may be NULL when
 * len is 0. */
typedef struct rijn_siv_ad {
    const uint8_t *data;
    size_t len;
} rijn_siv_ad;

/* Key setup. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN (not 32, 48 or 64,
 * or that AES size compiled out). */
RIJN_API RIJN_WUR int rijn_siv_init(rijn_siv_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API void rijn_siv_wipe(rijn_siv_ctx *ctx);

/* rijn/aead.h one-shot shape; components (aad) or (aad, nonce). */
RIJN_API RIJN_WUR int rijn_siv_seal(const rijn_siv_ctx *ctx, uint8_t *out, uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);
RIJN_API RIJN_WUR int rijn_siv_open(const rijn_siv_ctx *ctx, uint8_t *out, const uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);

/* Any vector of ad_count (0..RIJN_SIV_MAX_AD) components; v is the
 * 16-byte synthetic IV (the tag). ad may be NULL when ad_count is 0. */
RIJN_API RIJN_WUR int rijn_siv_seal_v(const rijn_siv_ctx *ctx, uint8_t *out, uint8_t v[16],
                                      const rijn_siv_ad *ad, size_t ad_count, const uint8_t *in,
                                      size_t len);
RIJN_API RIJN_WUR int rijn_siv_open_v(const rijn_siv_ctx *ctx, uint8_t *out,
                                      const uint8_t v[16], const rijn_siv_ad *ad,
                                      size_t ad_count, const uint8_t *in, size_t len);

/* Size getters (same values as the macros). */
RIJN_API size_t rijn_siv_key_min(void);
RIJN_API size_t rijn_siv_key_max(void);
RIJN_API size_t rijn_siv_nonce_size(void);
RIJN_API size_t rijn_siv_nonce_min(void);
RIJN_API size_t rijn_siv_nonce_max(void);
RIJN_API size_t rijn_siv_tag_size(void);
RIJN_API size_t rijn_siv_tag_min(void);
RIJN_API size_t rijn_siv_tag_max(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_SIV_H */
