/*
 * rijn/eax.h -- AES-EAX (Bellare, Rogaway, Wagner, "The EAX mode of
 * operation", FSE 2004): CTR encryption plus three OMAC (CMAC) passes
 * over nonce, header (AAD) and ciphertext.
 *
 * Follows the AEAD conventions of rijn/aead.h (names, one-shot and
 * streaming calls, errors, in-place rules); only what is specific to EAX
 * is said here.
 *
 * Keys:   16, 24 or 32 bytes (AES-128/192/256).
 * Nonce:  any length, including 0 (the nonce is OMAC'ed, so every length
 *         is as good; 16 bytes is the usual choice). Never repeat a nonce
 *         under one key.
 * Tag:    1..16 bytes: a shorter tag is the leading bytes of the full one.
 *         Short tags weaken authentication.
 * Limits: none in practice (the counter is 128 bits; lengths are size_t).
 *
 * open computes the tag over the ciphertext and checks it before it
 * decrypts anything; on RIJN_ERR_AUTH out is all zeros. Streaming
 * _decrypt_update releases unauthenticated plaintext (see rijn/aead.h).
 */
#ifndef RIJN_EAX_H
#define RIJN_EAX_H

#include "aead.h"
#include "cmac.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_EAX_KEY_MIN    16
#define RIJN_EAX_KEY_MAX    32
#define RIJN_EAX_NONCE_SIZE 16
#define RIJN_EAX_NONCE_MIN  0
#define RIJN_EAX_NONCE_MAX  SIZE_MAX
#define RIJN_EAX_TAG_SIZE   16
#define RIJN_EAX_TAG_MIN    1
#define RIJN_EAX_TAG_MAX    16

/* Per-message state (internal). */
typedef struct rijn_eax_msg {
    rijn_cmac_state h;  /* OMAC^1 over the header (AAD)        */
    rijn_cmac_state c;  /* OMAC^2 over the ciphertext          */
    uint8_t n[16];      /* N' = OMAC^0(nonce): initial counter  */
    uint8_t ctr[16];    /* next counter block                   */
    uint8_t ks[16];     /* keystream of the current block       */
    uint32_t ks_pos;    /* bytes of ks used (16: none left)     */
    uint32_t state;     /* RIJN_I_AEAD_*                        */
} rijn_eax_msg;

typedef struct rijn_eax_ctx {
    rijn_aes_ctx aes;   /* encryption-only schedule             */
    uint8_t k1[16];     /* CMAC subkeys                         */
    uint8_t k2[16];
    uint32_t keyed;
    rijn_eax_msg msg;   /* streaming message                    */
} rijn_eax_ctx;

/* Key setup. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN. */
RIJN_API RIJN_WUR int rijn_eax_init(rijn_eax_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API void rijn_eax_wipe(rijn_eax_ctx *ctx);

/* One-shot (see rijn/aead.h). Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (ctx
 * not keyed), RIJN_ERR_TAG_LEN, RIJN_ERR_PARAM (overlap), RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_eax_seal(const rijn_eax_ctx *ctx, uint8_t *out, uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);
RIJN_API RIJN_WUR int rijn_eax_open(const rijn_eax_ctx *ctx, uint8_t *out, const uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);

/* Streaming (see rijn/aead.h). _start: RIJN_ERR_NULL, RIJN_ERR_STATE (not
 * keyed). _aad: RIJN_ERR_STATE after an update. _update: RIJN_ERR_STATE,
 * RIJN_ERR_PARAM (partial overlap). _final: RIJN_ERR_TAG_LEN (the message
 * stays open then), RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_eax_start(rijn_eax_ctx *ctx, const uint8_t *nonce, size_t nonce_len);
RIJN_API RIJN_WUR int rijn_eax_aad(rijn_eax_ctx *ctx, const uint8_t *aad, size_t len);
RIJN_API RIJN_WUR int rijn_eax_encrypt_update(rijn_eax_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_eax_decrypt_update(rijn_eax_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_eax_encrypt_final(rijn_eax_ctx *ctx, uint8_t *tag, size_t tag_len);
RIJN_API RIJN_WUR int rijn_eax_decrypt_final(rijn_eax_ctx *ctx, const uint8_t *tag,
                                             size_t tag_len);

/* Size getters (same values as the macros). */
RIJN_API size_t rijn_eax_key_min(void);
RIJN_API size_t rijn_eax_key_max(void);
RIJN_API size_t rijn_eax_nonce_size(void);
RIJN_API size_t rijn_eax_nonce_min(void);
RIJN_API size_t rijn_eax_nonce_max(void);
RIJN_API size_t rijn_eax_tag_size(void);
RIJN_API size_t rijn_eax_tag_min(void);
RIJN_API size_t rijn_eax_tag_max(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_EAX_H */
