/*
 * rijn/kdf.h -- key derivation: HKDF (RFC 5869), PBKDF2 (RFC 8018,
 * SP 800-132), scrypt (RFC 7914), and OpenSSL's legacy EVP_BytesToKey.
 *
 * Each takes a hash descriptor from rijn/hash.h (&rijn_hash_sha256, ...),
 * so it works over every hash there: the SHA-2 family and SHA-3 for new
 * designs; SHA-1 and MD5 only to read or write old formats.
 * On error the output never holds a partial key: argument errors return
 * before it is touched, and a failure during derivation zeroes it. Every
 * stack buffer holding keying material is wiped before return. Outputs
 * must not overlap the inputs.
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_PARAM (bad descriptor, zero
 *   iterations), RIJN_ERR_BUFFER (prk buffer too small), RIJN_ERR_KEY_LEN
 *   (PRK shorter than the digest), RIJN_ERR_LIMIT (output too long).
 */
#ifndef RIJN_KDF_H
#define RIJN_KDF_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- HKDF (RFC 5869) ---------------------------------------------------- */

/* PRK = HMAC-h(salt, ikm). prk has room for prk_size bytes; exactly
 * h->digest_size bytes are written. A NULL / empty salt means a salt of
 * digest-size zeros (same result, as RFC 5869 says). */
RIJN_API RIJN_WUR int rijn_hkdf_extract(const rijn_hash_desc *h, uint8_t *prk, size_t prk_size,
                                        const uint8_t *salt, size_t salt_len,
                                        const uint8_t *ikm, size_t ikm_len);

/* OKM = T(1) || T(2) || ... truncated to okm_len bytes, where
 * T(i) = HMAC-h(prk, T(i-1) || info || i). okm_len <= 255 * digest size
 * (RIJN_ERR_LIMIT otherwise); prk_len >= digest size (RIJN_ERR_KEY_LEN).
 * okm_len 0 is allowed (nothing written). */
RIJN_API RIJN_WUR int rijn_hkdf_expand(const rijn_hash_desc *h, uint8_t *okm, size_t okm_len,
                                       const uint8_t *prk, size_t prk_len,
                                       const uint8_t *info, size_t info_len);

/* Extract then expand. Same limits as rijn_hkdf_expand. */
RIJN_API RIJN_WUR int rijn_hkdf(const rijn_hash_desc *h, uint8_t *okm, size_t okm_len,
                                const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                                size_t ikm_len, const uint8_t *info, size_t info_len);

/* ---- PBKDF2 (RFC 8018 section 5.2, PRF = HMAC-h) ------------------------ */

/* Derive out_len bytes from password and salt with the given iteration
 * count (>= 1; SP 800-132 asks for >= 1000, OWASP 2023 for 600 000 with
 * SHA-256). out_len <= (2^32 - 1) * digest size (RIJN_ERR_LIMIT). Cost:
 * 2 * iterations compressions per digest-size block of output. */
RIJN_API RIJN_WUR int rijn_pbkdf2(const rijn_hash_desc *h, uint8_t *out, size_t out_len,
                                  const uint8_t *password, size_t password_len,
                                  const uint8_t *salt, size_t salt_len, uint32_t iterations);

/* ---- scrypt (RFC 7914) ------------------------------------------------- */

/* Work area bytes for scrypt with cost N, block size r and parallelism p
 * (valid parameters only): 128 * r * (N + p + 2). */
#define RIJN_SCRYPT_WORK_SIZE(N, r, p) \
    ((size_t)128u * (size_t)(r) * ((size_t)(N) + (size_t)(p) + 2u))

/* The same, checked: 0 if N is not a power of two >= 2, r or p is 0,
 * r * p >= 2^30, or the size does not fit size_t. */
RIJN_API size_t rijn_scrypt_work_size(uint64_t N, uint32_t r, uint32_t p);

/* scrypt(P, S, N, r, p, dkLen) of RFC 7914 (PBKDF2-HMAC-SHA-256 and
 * ROMix over Salsa20/8), out_len >= 1 bytes to out. rijn has no heap: the
 * caller passes a work area of at least rijn_scrypt_work_size(N, r, p)
 * bytes, aligned for uint32_t (malloc'd memory is); its contents on entry
 * do not matter and it is wiped before return, whatever the result. The p
 * lanes run one after the other (same result as a parallel run).
 * Common costs: N = 2^14..2^20 with r = 8, p = 1 (age uses N = 2^18:
 * 256 MiB); the time is about 2 * N * r Salsa20/8 blocks pairs.
 * Side channel (by design, as Argon2d): ROMix reads memory at an index
 * derived from the password; everything else is constant time.
 * Errors: RIJN_ERR_NULL, RIJN_ERR_PARAM (N not a power of two >= 2 or
 * N >= 2^(16 r), r or p zero, r * p >= 2^30, out_len 0, misaligned
 * work), RIJN_ERR_BUFFER (work_size too small), RIJN_ERR_LIMIT (out_len
 * over (2^32 - 1) * 32). On error out is zero (or untouched for argument
 * errors). */
RIJN_API RIJN_WUR int rijn_scrypt(uint8_t *out, size_t out_len, const uint8_t *password,
                                  size_t password_len, const uint8_t *salt, size_t salt_len,
                                  uint64_t N, uint32_t r, uint32_t p, void *work,
                                  size_t work_size);

/* ---- EVP_BytesToKey (OpenSSL, legacy) ----------------------------------- */

/* OpenSSL's EVP_BytesToKey with count iterations, for `openssl enc`
 * files written without -pbkdf2 (by default with -md md5 before OpenSSL
 * 1.1.0 and sha256 since): D_1 = H^count(password || salt),
 * D_i = H^count(D_{i-1} || password || salt), key || iv = D_1 || D_2 ...
 * salt is NULL or 8 bytes (salt_len must then be 8, else RIJN_ERR_PARAM).
 * iv may be NULL when iv_len is 0. count >= 1. LEGACY: a weak KDF (one
 * fast hash); only for reading and writing that format. */
RIJN_API RIJN_WUR int rijn_evp_bytes_to_key(const rijn_hash_desc *h, uint8_t *key,
                                            size_t key_len, uint8_t *iv, size_t iv_len,
                                            const uint8_t *password, size_t password_len,
                                            const uint8_t *salt, size_t salt_len,
                                            uint32_t count);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_KDF_H */
