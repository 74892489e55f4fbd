/*
 * rijn/modes.h -- classic AES modes of operation (NIST SP 800-38A and its
 * addendum on ciphertext stealing).
 *
 * Two shapes per mode:
 *  - one-shot: rijn_<mode>_encrypt / _decrypt / _crypt, on a keyed
 *    rijn_aes_ctx (rijn/aes.h), so one key setup serves many messages;
 *  - streaming: a rijn_<mode>_ctx that embeds its own key schedule,
 *    rijn_<mode>_<direction>_init(ctx, key, key_len, iv), then _update
 *    any number of times with any split of the input, then _final (block
 *    modes), and _wipe. _reset(ctx, iv) starts a new message with the same
 *    key.
 *
 * In-place: every function accepts out == in. Any other overlap of out and
 * in is rejected with RIJN_ERR_PARAM.
 *
 * Block modes (ECB, CBC, CBC-PKCS#7, CBC-CS1/2/3) buffer partial blocks, so
 * their _update writes a variable amount: it takes the size of out and
 * reports the count written in *out_len. The amount is known in advance:
 * RIJN_MODE_UPDATE_MAX(in_len) bytes always suffice (in_len + 15 rounded
 * down to a block; CTS holds back up to two blocks and writes less). A too
 * small out gives RIJN_ERR_BUFFER and consumes nothing. What _update holds
 * back until _final:
 *   ECB, CBC, PKCS#7 encryption: the trailing partial block (0..15 bytes);
 *   PKCS#7 decryption: the trailing partial block, or the last whole block
 *     (so _final can check the padding);
 *   CTS: the whole message while it is at most 32 bytes, then its last
 *     17..32 bytes (the two blocks that stealing rearranges).
 * In-place streaming with out == in is allowed; out must then still hold
 * the reported amount, which can exceed in_len by up to 15 bytes when
 * earlier calls left bytes buffered: the output runs ahead of the input by
 * the buffered count (the library moves the input forward inside out with
 * memmove, copies the buffered bytes in front, then works in place).
 * Streaming PKCS#7 decryption releases plaintext from _update before
 * _final has checked the padding: on RIJN_ERR_PADDING discard everything
 * written for that message.
 *
 * Stream modes (CFB1/8/128, OFB, CTR) write exactly in_len bytes.
 *
 * IVs are 16 bytes. Keys are 16/24/32 bytes. Errors, checked in this
 * order: RIJN_ERR_NULL (NULL context, IV or out_len; NULL data pointer with
 * a nonzero length), RIJN_ERR_STATE (aes context not keyed for that
 * direction -- e.g. decryption on a context from rijn_aes_init_enc --, or a
 * streaming context not set up or used after _final without _reset; for
 * the inverse-cipher decryptions -- ECB, CBC, PKCS#7, CTS -- built with
 * RIJN_CFG_AES_DECRYPT 0: RIJN_ERR_UNSUPPORTED instead), RIJN_ERR_PARAM (bad CTS
 * variant), RIJN_ERR_LENGTH (length not a multiple of 16 where the mode
 * needs it, CTS under 16 bytes), RIJN_ERR_BUFFER (output too small),
 * RIJN_ERR_PARAM (partial overlap of out and in), RIJN_ERR_PADDING (PKCS#7,
 * checked in constant time, one code whatever is wrong). A call that
 * returns an error writes no output (except the wipe of out on
 * RIJN_ERR_PADDING) and, for streaming calls other than _final, leaves the
 * context as it was.
 */
#ifndef RIJN_MODES_H
#define RIJN_MODES_H

#include "aes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_MODE_UPDATE_MAX(in_len) ((((size_t)(in_len)) + 15u) & ~(size_t)15u)

/* ---- ECB ------------------------------------------------------------------
 * len must be a multiple of 16. */
RIJN_API RIJN_WUR int rijn_ecb_encrypt(const rijn_aes_ctx *aes, uint8_t *out,
                                       const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ecb_decrypt(const rijn_aes_ctx *aes, uint8_t *out,
                                       const uint8_t *in, size_t len);

/* ---- CBC ------------------------------------------------------------------
 * Plain CBC: len must be a multiple of 16. */
RIJN_API RIJN_WUR int rijn_cbc_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                       uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cbc_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                       uint8_t *out, const uint8_t *in, size_t len);

/* CBC with PKCS#7 padding. Encryption writes (len/16 + 1)*16 bytes (a
 * full block of padding when len is a multiple of 16); out_size must hold
 * them. Decryption needs len a nonzero multiple of 16, writes at most
 * len - 1 bytes, checks the padding in constant time and returns
 * RIJN_ERR_PADDING for any bad padding (out is wiped then). out_size must
 * be at least len (the padding is only known after decryption). */
#define RIJN_CBC_PAD_LEN(len) ((((size_t)(len)) / 16u + 1u) * 16u)
RIJN_API RIJN_WUR int rijn_cbc_pad_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                           uint8_t *out, size_t out_size, size_t *out_len,
                                           const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cbc_pad_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                           uint8_t *out, size_t out_size, size_t *out_len,
                                           const uint8_t *in, size_t len);

/* ---- CBC with ciphertext stealing (SP 800-38A addendum) --------------------
 * len >= 16, any length; output length = len. Variants: */
typedef enum {
    RIJN_CTS_CS1 = 1, /* partial block last, in natural order           */
    RIJN_CTS_CS2 = 2, /* CS1 when len % 16 == 0, else CS3                */
    RIJN_CTS_CS3 = 3  /* last two blocks always swapped (Kerberos style) */
} rijn_cts_variant;
RIJN_API RIJN_WUR int rijn_cbc_cts_encrypt(const rijn_aes_ctx *aes, rijn_cts_variant v,
                                           const uint8_t iv[16], uint8_t *out,
                                           const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cbc_cts_decrypt(const rijn_aes_ctx *aes, rijn_cts_variant v,
                                           const uint8_t iv[16], uint8_t *out,
                                           const uint8_t *in, size_t len);

/* ---- CFB ------------------------------------------------------------------
 * CFB128 and CFB8 take any byte length. CFB1 takes a length in bits; bits
 * are taken most significant first; in and out are (nbits + 7) / 8 bytes;
 * the unused low bits of the last output byte are set to zero (also in
 * place). */
RIJN_API RIJN_WUR int rijn_cfb128_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                          uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cfb128_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                          uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cfb8_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                        uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cfb8_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                        uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cfb1_encrypt_bits(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                             uint8_t *out, const uint8_t *in, size_t nbits);
RIJN_API RIJN_WUR int rijn_cfb1_decrypt_bits(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                             uint8_t *out, const uint8_t *in, size_t nbits);

/* ---- OFB and CTR (the same operation encrypts and decrypts) ----------------
 * rijn_ctr_crypt: the whole 16-byte block is a big-endian counter that
 * wraps modulo 2^128 (as OpenSSL's AES-CTR). rijn_ctr32_crypt: only the last
 * 4 bytes count, wrapping modulo 2^32 (RFC 3686, GCM). */
RIJN_API RIJN_WUR int rijn_ofb_crypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                     uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ctr_crypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                     uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ctr32_crypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                       uint8_t *out, const uint8_t *in, size_t len);

/* ---- streaming: block modes -------------------------------------------- */
typedef struct rijn_block_ctx {
    rijn_aes_ctx aes;
    uint8_t iv[16];   /* chaining value (CBC, CTS)                  */
    uint8_t buf[32];  /* pending input (up to two blocks for CTS)    */
    uint32_t buf_len;
    uint32_t mode;    /* internal: mode, direction, padding, variant */
    uint32_t state;   /* internal: 0 not set up, 1 running, 2 final  */
} rijn_block_ctx;

/* _init: expands key into the context (encrypt-only schedule for the
 * encrypt direction) and starts a message with iv (ECB: no iv).
 * Errors: RIJN_ERR_NULL (ctx, key, iv), RIJN_ERR_KEY_LEN, RIJN_ERR_PARAM
 * (CTS variant not 1..3), RIJN_ERR_UNSUPPORTED (decryption compiled out).
 * On error the context is cleared (not set up). */
typedef rijn_block_ctx rijn_ecb_ctx;
typedef rijn_block_ctx rijn_cbc_ctx;
typedef rijn_block_ctx rijn_cts_ctx;

RIJN_API RIJN_WUR int rijn_ecb_encrypt_init(rijn_ecb_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API RIJN_WUR int rijn_ecb_decrypt_init(rijn_ecb_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API RIJN_WUR int rijn_cbc_encrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key, size_t key_len,
                                            const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cbc_decrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key, size_t key_len,
                                            const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cbc_pad_encrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key,
                                                size_t key_len, const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cbc_pad_decrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key,
                                                size_t key_len, const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cbc_cts_encrypt_init(rijn_cts_ctx *ctx, rijn_cts_variant v,
                                                const uint8_t *key, size_t key_len,
                                                const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cbc_cts_decrypt_init(rijn_cts_ctx *ctx, rijn_cts_variant v,
                                                const uint8_t *key, size_t key_len,
                                                const uint8_t iv[16]);

/* Feed in_len bytes; writes *out_len bytes to out (at most out_size; see
 * the top of this file for the amount and for out == in). */
RIJN_API RIJN_WUR int rijn_block_update(rijn_block_ctx *ctx, uint8_t *out, size_t out_size,
                                        size_t *out_len, const uint8_t *in, size_t in_len);
/* Finish: writes what was held back (padding, CTS tail). out_size needed:
 * ECB/CBC 0; PKCS#7 16 (both directions; decryption writes 0..15 bytes);
 * CTS the held-back count (16..32). So 32 bytes always suffice. Errors:
 * RIJN_ERR_BUFFER (nothing changed; call again with a larger out),
 * RIJN_ERR_LENGTH (ECB/CBC total not a multiple of 16, CTS total under 16,
 * PKCS#7 decryption total not a nonzero multiple of 16), RIJN_ERR_PADDING
 * (nothing written). After final, whatever it returned (except
 * RIJN_ERR_BUFFER / RIJN_ERR_NULL / RIJN_ERR_STATE), the context must be
 * _reset or re-initialised; update and final return RIJN_ERR_STATE until
 * then. */
RIJN_API RIJN_WUR int rijn_block_final(rijn_block_ctx *ctx, uint8_t *out, size_t out_size,
                                       size_t *out_len);
/* New message, same key and mode (iv ignored for ECB, may be NULL).
 * Allowed at any time on a context that was set up (drops buffered
 * bytes). RIJN_ERR_STATE if the context was never set up. */
RIJN_API RIJN_WUR int rijn_block_reset(rijn_block_ctx *ctx, const uint8_t iv[16]);
RIJN_API void rijn_block_wipe(rijn_block_ctx *ctx);

/* Mode-named aliases of the shared calls. */
#define rijn_ecb_update rijn_block_update
#define rijn_ecb_final  rijn_block_final
#define rijn_ecb_reset  rijn_block_reset
#define rijn_ecb_wipe   rijn_block_wipe
#define rijn_cbc_update rijn_block_update
#define rijn_cbc_final  rijn_block_final
#define rijn_cbc_reset  rijn_block_reset
#define rijn_cbc_wipe   rijn_block_wipe
#define rijn_cts_update rijn_block_update
#define rijn_cts_final  rijn_block_final
#define rijn_cts_reset  rijn_block_reset
#define rijn_cts_wipe   rijn_block_wipe

/* ---- streaming: stream modes ------------------------------------------- */
typedef struct rijn_stream_ctx {
    rijn_aes_ctx aes;
    uint8_t reg[16];  /* counter (CTR), feedback register (CFB, OFB)   */
    uint8_t ks[16];   /* unused keystream / partial CFB128 segment     */
    uint32_t pos;     /* bytes of ks used (16 = none left)             */
    uint32_t mode;    /* internal */
} rijn_stream_ctx;

/* _init: expands key (encrypt-only schedule: every stream mode uses the
 * forward cipher in both directions) and starts a message with iv.
 * Errors: RIJN_ERR_NULL (ctx, key, iv), RIJN_ERR_KEY_LEN; the context is
 * cleared then. */
typedef rijn_stream_ctx rijn_ctr_ctx;
typedef rijn_stream_ctx rijn_ofb_ctx;
typedef rijn_stream_ctx rijn_cfb_ctx;

RIJN_API RIJN_WUR int rijn_ctr_init(rijn_ctr_ctx *ctx, const uint8_t *key, size_t key_len,
                                    const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_ctr32_init(rijn_ctr_ctx *ctx, const uint8_t *key, size_t key_len,
                                      const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_ofb_init(rijn_ofb_ctx *ctx, const uint8_t *key, size_t key_len,
                                    const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cfb128_encrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key,
                                               size_t key_len, const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cfb128_decrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key,
                                               size_t key_len, const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cfb8_encrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key,
                                             size_t key_len, const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cfb8_decrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key,
                                             size_t key_len, const uint8_t iv[16]);
/* CFB1 streaming works on whole bytes (8 one-bit segments each). */
RIJN_API RIJN_WUR int rijn_cfb1_encrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key,
                                             size_t key_len, const uint8_t iv[16]);
RIJN_API RIJN_WUR int rijn_cfb1_decrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key,
                                             size_t key_len, const uint8_t iv[16]);

/* Writes exactly len bytes; out == in allowed. Any split of a message
 * over several calls gives the one-shot result. */
RIJN_API RIJN_WUR int rijn_stream_update(rijn_stream_ctx *ctx, uint8_t *out, const uint8_t *in,
                                         size_t len);
/* New message, same key and mode. RIJN_ERR_STATE if never set up. */
RIJN_API RIJN_WUR int rijn_stream_reset(rijn_stream_ctx *ctx, const uint8_t iv[16]);
RIJN_API void rijn_stream_wipe(rijn_stream_ctx *ctx);

#define rijn_ctr_update rijn_stream_update
#define rijn_ctr_reset  rijn_stream_reset
#define rijn_ctr_wipe   rijn_stream_wipe
#define rijn_ofb_update rijn_stream_update
#define rijn_ofb_reset  rijn_stream_reset
#define rijn_ofb_wipe   rijn_stream_wipe
#define rijn_cfb_update rijn_stream_update
#define rijn_cfb_reset  rijn_stream_reset
#define rijn_cfb_wipe   rijn_stream_wipe

#ifdef __cplusplus
}
#endif
#endif /* RIJN_MODES_H */
