/*
 * rijn/chacha20.h -- the ChaCha20 and Salsa20 stream ciphers (D. J.
 * Bernstein), and their extended-nonce forms.
 *
 *   ChaCha20 (RFC 8439)   key 32, nonce 12, 32-bit block counter:
 *                         at most 2^32 blocks (256 GiB) per nonce.
 *   ChaCha20 (original)   key 32, nonce 8, 64-bit block counter.
 *   XChaCha20             key 32, nonce 24 (draft-irtf-cfrg-xchacha):
 *                         HChaCha20(key, nonce[0..16]) as the key, then
 *                         RFC 8439 ChaCha20 with nonce 0^4 || nonce[16..24].
 *   Salsa20               key 32 (or 16), nonce 8, 64-bit block counter;
 *                         nonce and counter in little-endian words 6..9
 *                         (the byte order libsodium and NaCl use).
 *   XSalsa20              key 32, nonce 24: HSalsa20(key, nonce[0..16]),
 *                         then Salsa20 with nonce[16..24].
 *
 * Streaming: _init, then _update any number of times with any lengths
 * (XOR of the keystream; encryption and decryption are the same call;
 * out == in allowed), then _wipe. Running past the counter's end gives
 * RIJN_ERR_LIMIT and writes nothing. Constant time: only additions,
 * rotations and XORs on 32-bit words.
 */
#ifndef RIJN_CHACHA20_H
#define RIJN_CHACHA20_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_CHACHA20_KEY_SIZE 32
#define RIJN_CHACHA20_NONCE_SIZE 12
#define RIJN_CHACHA20_DJB_NONCE_SIZE 8
#define RIJN_XCHACHA20_NONCE_SIZE 24
#define RIJN_SALSA20_NONCE_SIZE 8
#define RIJN_XSALSA20_NONCE_SIZE 24

typedef struct rijn_chacha20_ctx {
    uint32_t in[16];     /* input block: constants, key, counter, nonce */
    uint8_t ks[64];      /* keystream block                           */
    uint32_t pos;        /* bytes of ks used (64 = none left)          */
    uint32_t kind;       /* internal: variant, implementation (bits 8..15) */
    uint64_t left;       /* blocks the counter can still produce       */
} rijn_chacha20_ctx;

typedef rijn_chacha20_ctx rijn_salsa20_ctx;

/* RFC 8439 ChaCha20; counter = first block counter (0 or 1 usually). */
RIJN_API RIJN_WUR int rijn_chacha20_init(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                                         const uint8_t nonce[12], uint32_t counter);
/* Original ChaCha20: 8-byte nonce, 64-bit counter. */
RIJN_API RIJN_WUR int rijn_chacha20_djb_init(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                                             const uint8_t nonce[8], uint64_t counter);
/* XChaCha20: 24-byte nonce, 32-bit counter. */
RIJN_API RIJN_WUR int rijn_xchacha20_init(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                                          const uint8_t nonce[24], uint32_t counter);
/* XOR len bytes of keystream into in, writing out. */
RIJN_API RIJN_WUR int rijn_chacha20_update(rijn_chacha20_ctx *ctx, uint8_t *out,
                                           const uint8_t *in, size_t len);
RIJN_API void rijn_chacha20_wipe(rijn_chacha20_ctx *ctx);

/* One-shot RFC 8439 ChaCha20. */
RIJN_API RIJN_WUR int rijn_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                                        const uint8_t key[32], const uint8_t nonce[12],
                                        uint32_t counter);

/* HChaCha20 / HSalsa20: 32-byte subkey from a key and 16 input bytes. */
RIJN_API void rijn_hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t in[16]);
RIJN_API void rijn_hsalsa20(uint8_t out[32], const uint8_t key[32], const uint8_t in[16]);

/* The same with caller constants c (16 bytes, as libsodium's
 * crypto_core_hchacha20 / crypto_core_hsalsa20 take them) in place of
 * "expand 32-byte k"; c == NULL gives the functions above. */
RIJN_API void rijn_hchacha20_c(uint8_t out[32], const uint8_t key[32], const uint8_t in[16],
                               const uint8_t c[16]);
RIJN_API void rijn_hsalsa20_c(uint8_t out[32], const uint8_t key[32], const uint8_t in[16],
                              const uint8_t c[16]);

/* XChaCha20 with a 64-bit block counter (libsodium's
 * crypto_stream_xchacha20_xor_ic): HChaCha20(key, nonce[0..16)) then the
 * original ChaCha20 with nonce[16..24). Continue with rijn_chacha20_update. */
RIJN_API RIJN_WUR int rijn_xchacha20_djb_init(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                                              const uint8_t nonce[24], uint64_t counter);

/* Salsa20 with a 32- or 16-byte key (RIJN_ERR_KEY_LEN otherwise). */
RIJN_API RIJN_WUR int rijn_salsa20_init(rijn_salsa20_ctx *ctx, const uint8_t *key,
                                        size_t key_len, const uint8_t nonce[8],
                                        uint64_t counter);
/* Salsa20/rounds with rounds 20, 12 or 8 (RIJN_ERR_PARAM otherwise):
 * libsodium's crypto_stream_salsa2012 / crypto_stream_salsa208 (reduced-
 * round variants: Salsa20/20 unless a protocol asks for them). Continue
 * with rijn_salsa20_update. */
RIJN_API RIJN_WUR int rijn_salsa20_init_rounds(rijn_salsa20_ctx *ctx, const uint8_t *key,
                                               size_t key_len, const uint8_t nonce[8],
                                               uint64_t counter, unsigned rounds);
RIJN_API RIJN_WUR int rijn_xsalsa20_init(rijn_salsa20_ctx *ctx, const uint8_t key[32],
                                         const uint8_t nonce[24], uint64_t counter);
RIJN_API RIJN_WUR int rijn_salsa20_update(rijn_salsa20_ctx *ctx, uint8_t *out,
                                          const uint8_t *in, size_t len);
RIJN_API void rijn_salsa20_wipe(rijn_salsa20_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif
