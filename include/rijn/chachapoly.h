/*
 * rijn/chachapoly.h -- ChaCha20-Poly1305 (RFC 8439) and
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha) AEADs.
 *
 * The API follows rijn/aead.h exactly (keyed ctx, one-shot seal/open on a
 * const ctx, streaming start/aad/update/final). Differences:
 *   key 32 bytes; nonce 12 bytes (ChaCha20-Poly1305) or 24 bytes
 *   (XChaCha20-Poly1305, random nonces are safe); tag 16 bytes only.
 *   Limits: text at most 2^38 - 64 bytes per message (the 32-bit block
 *   counter), RIJN_ERR_LIMIT beyond.
 * open verifies the tag over the ciphertext before writing any plaintext.
 * Constant time throughout (ChaCha20 and Poly1305 use no secret-dependent
 * branch or index).
 */
#ifndef RIJN_CHACHAPOLY_H
#define RIJN_CHACHAPOLY_H

#include "aead.h"
#include "chacha20.h"
#include "poly1305.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_CHACHAPOLY_KEY_SIZE 32
#define RIJN_CHACHAPOLY_TAG_SIZE 16
#define RIJN_CHACHA20POLY1305_NONCE_SIZE 12
#define RIJN_XCHACHA20POLY1305_NONCE_SIZE 24
#define RIJN_CHACHAPOLY_TEXT_MAX ((uint64_t)274877906880u) /* 2^38 - 64 */

typedef struct rijn_chachapoly_ctx {
    uint8_t key[32];
    uint32_t kind;  /* internal: 1 = ChaCha20-Poly1305, 2 = XChaCha20-Poly1305; bits 8..31:
                       the implementations chosen at init */
    uint32_t state; /* RIJN_I_AEAD_* */
    rijn_chacha20_ctx chacha;
    rijn_poly1305_ctx poly;
    uint64_t aad_len, text_len;
} rijn_chachapoly_ctx;

typedef rijn_chachapoly_ctx rijn_chacha20poly1305_ctx;
typedef rijn_chachapoly_ctx rijn_xchacha20poly1305_ctx;

/* ChaCha20-Poly1305 (nonce 12). key_len must be 32. */
RIJN_API RIJN_WUR int rijn_chacha20poly1305_init(rijn_chacha20poly1305_ctx *ctx,
                                                 const uint8_t *key, size_t key_len);
/* XChaCha20-Poly1305 (nonce 24). key_len must be 32. */
RIJN_API RIJN_WUR int rijn_xchacha20poly1305_init(rijn_xchacha20poly1305_ctx *ctx,
                                                  const uint8_t *key, size_t key_len);

/* The calls below serve both kinds (the ctx knows its kind); the
 * rijn_xchacha20poly1305_* names are aliases. */
RIJN_API RIJN_WUR int rijn_chacha20poly1305_seal(const rijn_chachapoly_ctx *ctx, uint8_t *out,
                                                 uint8_t *tag, size_t tag_len,
                                                 const uint8_t *nonce, size_t nonce_len,
                                                 const uint8_t *aad, size_t aad_len,
                                                 const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_open(const rijn_chachapoly_ctx *ctx, uint8_t *out,
                                                 const uint8_t *tag, size_t tag_len,
                                                 const uint8_t *nonce, size_t nonce_len,
                                                 const uint8_t *aad, size_t aad_len,
                                                 const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_start(rijn_chachapoly_ctx *ctx,
                                                  const uint8_t *nonce, size_t nonce_len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_aad(rijn_chachapoly_ctx *ctx, const uint8_t *aad,
                                                size_t len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_encrypt_update(rijn_chachapoly_ctx *ctx,
                                                           uint8_t *out, const uint8_t *in,
                                                           size_t len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_decrypt_update(rijn_chachapoly_ctx *ctx,
                                                           uint8_t *out, const uint8_t *in,
                                                           size_t len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_encrypt_final(rijn_chachapoly_ctx *ctx,
                                                          uint8_t *tag, size_t tag_len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_decrypt_final(rijn_chachapoly_ctx *ctx,
                                                          const uint8_t *tag, size_t tag_len);
RIJN_API void rijn_chacha20poly1305_wipe(rijn_chachapoly_ctx *ctx);

#define rijn_xchacha20poly1305_seal rijn_chacha20poly1305_seal
#define rijn_xchacha20poly1305_open rijn_chacha20poly1305_open
#define rijn_xchacha20poly1305_start rijn_chacha20poly1305_start
#define rijn_xchacha20poly1305_aad rijn_chacha20poly1305_aad
#define rijn_xchacha20poly1305_encrypt_update rijn_chacha20poly1305_encrypt_update
#define rijn_xchacha20poly1305_decrypt_update rijn_chacha20poly1305_decrypt_update
#define rijn_xchacha20poly1305_encrypt_final rijn_chacha20poly1305_encrypt_final
#define rijn_xchacha20poly1305_decrypt_final rijn_chacha20poly1305_decrypt_final
#define rijn_xchacha20poly1305_wipe rijn_chacha20poly1305_wipe

/* ChaCha20-Poly1305 with the original 8-byte nonce (libsodium's
 * crypto_aead_chacha20poly1305_encrypt_detached / _decrypt_detached, not
 * RFC 8439): original ChaCha20 keystream, Poly1305 over AD || LE64(|AD|)
 * || C || LE64(|C|). One-shot; out may equal in. Open checks the tag
 * before decrypting: RIJN_ERR_AUTH with out wiped. Errors: RIJN_ERR_NULL,
 * RIJN_ERR_PARAM (partial overlap), RIJN_ERR_LIMIT (len over
 * RIJN_CHACHAPOLY_TEXT_MAX). A random 8-byte nonce is too short to pick at
 * random: use a counter, or XChaCha20-Poly1305. */
RIJN_API RIJN_WUR int rijn_chacha20poly1305_djb_seal(uint8_t *out, uint8_t tag[16],
                                                     const uint8_t key[32],
                                                     const uint8_t nonce[8],
                                                     const uint8_t *aad, size_t aad_len,
                                                     const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_chacha20poly1305_djb_open(uint8_t *out, const uint8_t tag[16],
                                                     const uint8_t key[32],
                                                     const uint8_t nonce[8],
                                                     const uint8_t *aad, size_t aad_len,
                                                     const uint8_t *in, size_t len);

/* Size getters (for bindings). */
RIJN_API size_t rijn_chacha20poly1305_key_size(void);
RIJN_API size_t rijn_chacha20poly1305_nonce_size(void);
RIJN_API size_t rijn_xchacha20poly1305_nonce_size(void);
RIJN_API size_t rijn_chacha20poly1305_tag_size(void);

#ifdef __cplusplus
}
#endif
#endif
