/*
 * rijn/ocb.h -- AES-OCB3 (RFC 7253): one-pass authenticated encryption.
 *
 * Follows the AEAD conventions of rijn/aead.h; what differs:
 *
 * Keys:   16, 24 or 32 bytes (AES-128/192/256).
 * Nonce:  1..15 bytes (RFC 7253 allows up to 120 bits; 12 bytes is the
 *         recommended size). Never repeat a nonce under one key.
 * Tag:    1..16 bytes. OCB encodes the tag length into the nonce block,
 *         so a 12-byte tag is NOT a truncated 16-byte tag: the length must
 *         be fixed before the message, and _start takes it (as CCM does).
 *         _encrypt_final / _decrypt_final must be given the same length
 *         (RIJN_ERR_TAG_LEN otherwise).
 * Limits: none in practice (64-bit block counters).
 *
 * open decrypts into out, computes the tag over the plaintext and, on a
 * mismatch, wipes out and returns RIJN_ERR_AUTH (OCB's tag covers the
 * plaintext).
 *
 * STREAMING differs from rijn/aead.h in one point: OCB treats a final
 * partial block differently from a full one, so _update cannot emit the
 * bytes of a trailing partial block before it knows whether more text
 * follows. Like the block modes of rijn/modes.h, _update and _final take
 * the size of out and report what they wrote:
 *   _update writes the whole blocks now complete: *out_len =
 *     16 * floor((held + len) / 16), where held (0..15) is what earlier
 *     calls kept back; RIJN_OCB_UPDATE_MAX(len) = len + 15 always
 *     suffices. out == in is allowed; out must then still hold *out_len
 *     bytes, up to 15 more than len.
 *   _final writes the held bytes (0..15) and the tag; out_size of 15
 *     always suffices. A failed _decrypt_final zeroes what it would have
 *     written (earlier output is already released: see the WARNING in
 *     rijn/aead.h).
 * A too small out_size gives RIJN_ERR_BUFFER and changes nothing.
 *
 * Bulk: whole blocks go in batches (16 blocks on 64-bit hosts, 4 on 32-bit,
 * 1 on 8/16-bit targets) through the AES implementation's N-block entry
 * (bitsliced and AES-NI code runs at full width).
 */
#ifndef RIJN_OCB_H
#define RIJN_OCB_H

#include "aead.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_OCB_KEY_MIN    16
#define RIJN_OCB_KEY_MAX    32
#define RIJN_OCB_NONCE_SIZE 12
#define RIJN_OCB_NONCE_MIN  1
#define RIJN_OCB_NONCE_MAX  15
#define RIJN_OCB_TAG_SIZE   16
#define RIJN_OCB_TAG_MIN    1
#define RIJN_OCB_TAG_MAX    16
#define RIJN_OCB_UPDATE_MAX(len) ((size_t)(len) + 15u)

/* Precomputed L_i = 2^(i+2) * E(0) entries in the keyed context; larger
 * ntz values (one block in 2^RIJN_OCB_L_COUNT) are derived on the fly. */
#define RIJN_OCB_L_COUNT 8

/* Per-message state (internal). */
typedef struct rijn_ocb_msg {
    uint8_t offset[16];   /* text offset Offset_i                    */
    uint8_t checksum[16]; /* XOR of the plaintext blocks             */
    uint8_t aoffset[16];  /* AAD offset                              */
    uint8_t asum[16];     /* AAD sum                                 */
    uint8_t abuf[16];     /* partial AAD block                       */
    uint8_t buf[16];      /* partial text block held back            */
    uint64_t ablocks;     /* whole AAD blocks hashed                 */
    uint64_t blocks;      /* whole text blocks processed             */
    uint32_t alen;        /* bytes in abuf                           */
    uint32_t blen;        /* bytes in buf                            */
    uint32_t tag_len;
    uint32_t state;       /* RIJN_I_AEAD_*                           */
} rijn_ocb_msg;

typedef struct rijn_ocb_ctx {
    rijn_aes_ctx aes;                  /* encrypt and decrypt schedules */
    uint8_t lstar[16];                 /* L_* = E(0^128)                */
    uint8_t ldollar[16];               /* L_$ = double(L_*)             */
    uint8_t l[RIJN_OCB_L_COUNT][16];   /* L_0 = double(L_$), L_i = ...  */
    uint32_t keyed;
    rijn_ocb_msg msg;                  /* streaming message             */
} rijn_ocb_ctx;

/* Key setup. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN. Decryption needs
 * RIJN_CFG_AES_DECRYPT (open / _decrypt_* give RIJN_ERR_UNSUPPORTED
 * otherwise). */
RIJN_API RIJN_WUR int rijn_ocb_init(rijn_ocb_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API void rijn_ocb_wipe(rijn_ocb_ctx *ctx);

/* One-shot (see rijn/aead.h). Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (ctx
 * not keyed), RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN, RIJN_ERR_PARAM
 * (overlap), RIJN_ERR_UNSUPPORTED, RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_ocb_seal(const rijn_ocb_ctx *ctx, uint8_t *out, uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);
RIJN_API RIJN_WUR int rijn_ocb_open(const rijn_ocb_ctx *ctx, uint8_t *out, const uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);

/* Streaming (see above and rijn/aead.h). _start: RIJN_ERR_NULL,
 * RIJN_ERR_STATE, RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN. _aad:
 * RIJN_ERR_STATE after an update. _update: RIJN_ERR_STATE,
 * RIJN_ERR_BUFFER, RIJN_ERR_PARAM (partial overlap). _final:
 * RIJN_ERR_TAG_LEN (not the length given to _start; the message stays
 * open then), RIJN_ERR_BUFFER, RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_ocb_start(rijn_ocb_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                                     size_t tag_len);
RIJN_API RIJN_WUR int rijn_ocb_aad(rijn_ocb_ctx *ctx, const uint8_t *aad, size_t len);
RIJN_API RIJN_WUR int rijn_ocb_encrypt_update(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size,
                                              size_t *out_len, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ocb_decrypt_update(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size,
                                              size_t *out_len, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_ocb_encrypt_final(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size,
                                             size_t *out_len, uint8_t *tag, size_t tag_len);
RIJN_API RIJN_WUR int rijn_ocb_decrypt_final(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size,
                                             size_t *out_len, const uint8_t *tag,
                                             size_t tag_len);

/* Size getters (same values as the macros). */
RIJN_API size_t rijn_ocb_key_min(void);
RIJN_API size_t rijn_ocb_key_max(void);
RIJN_API size_t rijn_ocb_nonce_size(void);
RIJN_API size_t rijn_ocb_nonce_min(void);
RIJN_API size_t rijn_ocb_nonce_max(void);
RIJN_API size_t rijn_ocb_tag_size(void);
RIJN_API size_t rijn_ocb_tag_min(void);
RIJN_API size_t rijn_ocb_tag_max(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_OCB_H */
