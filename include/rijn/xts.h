/*
 * rijn/xts.h -- XTS-AES (IEEE 1619-2018, NIST SP 800-38E): length-
 * preserving encryption of storage data units (disk sectors), with
 * ciphertext stealing for lengths that are not a multiple of 16.
 *
 * Keys: 32 bytes (XTS-AES-128) or 64 bytes (XTS-AES-256): the first half
 * is the data key (Key1), the second the tweak key (Key2). 48-byte keys
 * (AES-192) are not part of the standards and are rejected
 * (RIJN_ERR_KEY_LEN). A key whose two halves are equal is rejected with
 * RIJN_ERR_PARAM, always (FIPS 140-3 IG C.I requires it, OpenSSL does the
 * same for encryption; accepting it would void XTS's security argument).
 *
 * Tweak: 16 bytes, used as given (IEEE 1619 encodes the data unit number
 * little-endian). The _sector functions build it from a 64-bit data unit
 * sequence number: tweak = seqno as 8 little-endian bytes || 8 zero bytes
 * (the "DataUnitSeqNumber" form of the NIST CAVP files).
 *
 * Data units: 16 bytes to RIJN_XTS_MAX_LEN (2^24 bytes = 2^20 blocks, the
 * SP 800-38E limit) of any length; RIJN_ERR_LENGTH below 16, RIJN_ERR_LIMIT
 * above. out may equal in; any other overlap gives RIJN_ERR_PARAM.
 * Decryption needs RIJN_CFG_AES_DECRYPT (RIJN_ERR_UNSUPPORTED otherwise).
 *
 * XTS is not authenticated: a modified ciphertext decrypts to garbage
 * without an error.
 */
#ifndef RIJN_XTS_H
#define RIJN_XTS_H

#include "aes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_XTS_TWEAK_SIZE 16
#define RIJN_XTS_MIN_LEN    16
#if SIZE_MAX > 0xFFFFFFu
#define RIJN_XTS_MAX_LEN    ((size_t)1 << 24)
#else
#define RIJN_XTS_MAX_LEN    ((size_t)SIZE_MAX) /* 16-bit size_t: every length */
#endif

RIJN_API size_t rijn_xts_tweak_size(void);
RIJN_API size_t rijn_xts_min_len(void);
RIJN_API size_t rijn_xts_max_len(void);

typedef struct rijn_xts_ctx {
    rijn_aes_ctx data;  /* Key1: encrypt and decrypt schedules */
    rijn_aes_ctx tweak; /* Key2: encryption schedule only      */
} rijn_xts_ctx;

/* Key setup. Errors: RIJN_ERR_NULL, RIJN_ERR_KEY_LEN (not 32 or 64, or
 * the AES size compiled out), RIJN_ERR_PARAM (Key1 == Key2). On error the
 * context is wiped. */
RIJN_API RIJN_WUR int rijn_xts_init(rijn_xts_ctx *ctx, const uint8_t *key, size_t key_len);

/* Encrypt / decrypt one data unit of len bytes with the given tweak.
 * Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (ctx not keyed), RIJN_ERR_LENGTH,
 * RIJN_ERR_LIMIT, RIJN_ERR_PARAM (overlap), RIJN_ERR_UNSUPPORTED. */
RIJN_API RIJN_WUR int rijn_xts_encrypt(const rijn_xts_ctx *ctx, const uint8_t tweak[16],
                                       uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_xts_decrypt(const rijn_xts_ctx *ctx, const uint8_t tweak[16],
                                       uint8_t *out, const uint8_t *in, size_t len);

/* Same with the tweak built from a data unit sequence number. */
RIJN_API RIJN_WUR int rijn_xts_encrypt_sector(const rijn_xts_ctx *ctx, uint64_t seqno,
                                              uint8_t *out, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_xts_decrypt_sector(const rijn_xts_ctx *ctx, uint64_t seqno,
                                              uint8_t *out, const uint8_t *in, size_t len);

RIJN_API void rijn_xts_wipe(rijn_xts_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_XTS_H */
