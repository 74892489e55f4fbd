/*
 * rijn/legacy_formats.h -- key schedules of two legacy file formats:
 * `openssl enc` and Mbed TLS's example program crypt_and_hash. LEGACY:
 * neither format is authenticated the way the rijn format
 * (rijn/file.h) is; use these only to read or write files shared with
 * those tools (on a host: `rijn encrypt --format openssl|mbedtls`; on a
 * device: these calls plus the streaming modes of rijn/modes.h and, for
 * crypt_and_hash, HMAC from rijn/hmac.h).
 *
 * openssl enc file: "Salted__" || salt (8 bytes) || ciphertext (without
 * the header and salt with -nosalt). Ciphertext: AES-128/192/256 in CBC
 * with PKCS#7 padding, CTR (128-bit big-endian counter), CFB128, CFB8 or
 * OFB, with the key and IV below. The file does not say which cipher,
 * hash, KDF or iteration count made it: both sides must agree.
 *
 * Mbed TLS crypt_and_hash file (checked against 2.28): IV (16 bytes) ||
 * ciphertext || HMAC-md(K, ciphertext) (digest-size bytes, compare in
 * constant time before trusting the plaintext). CBC pads with PKCS#7;
 * CTR, CFB128 and OFB do not pad. The AES key is the first 16/24/32
 * bytes of K, the HMAC key all 32 bytes of K.
 *
 * Both functions hash through the descriptors of rijn/hash.h (MD5 and
 * SHA-1 only when RIJN_CFG_HASH_LEGACY is on). Every stack buffer that
 * held key material is wiped; on error the outputs are zeroed (after
 * the argument checks, which leave them untouched).
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_PARAM (bad descriptor, key_len not
 * 16/24/32, iterations 0, salt_len not 0 or 8 for openssl), plus what
 * the hash returns.
 */
#ifndef RIJN_LEGACY_FORMATS_H
#define RIJN_LEGACY_FORMATS_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_OPENSSL_ENC_MAGIC     "Salted__"
#define RIJN_OPENSSL_ENC_SALT_SIZE 8
#define RIJN_OPENSSL_ENC_HEADER    16 /* magic + salt */
#define RIJN_MBEDTLS_CAH_IV_SIZE   16
#define RIJN_MBEDTLS_CAH_KEY_SIZE  32
#define RIJN_MBEDTLS_CAH_ROUNDS    8192

/* Key and IV of an `openssl enc` file.
 *   h          the -md hash (OpenSSL 3 default: &rijn_hash_sha256; 1.0.x
 *              used MD5 for EVP_BytesToKey)
 *   iterations 0: EVP_BytesToKey with count 1 (openssl enc without
 *              -pbkdf2, weak: one hash of the passphrase);
 *              >= 1: PBKDF2-HMAC-h with that count (openssl enc -pbkdf2
 *              uses 10000 unless -iter N), key || iv = the first
 *              key_len + 16 bytes
 *   pass       the passphrase, pass_len bytes (any length, 0 allowed)
 *   salt       the 8 bytes after "Salted__" (salt_len 8), or NULL with
 *              salt_len 0 for -nosalt files
 *   key        key_len bytes out (16, 24 or 32); iv: 16 bytes out */
RIJN_API RIJN_WUR int rijn_openssl_enc_key(const rijn_hash_desc *h, uint32_t iterations,
                                           const uint8_t *pass, size_t pass_len,
                                           const uint8_t *salt, size_t salt_len,
                                           uint8_t *key, size_t key_len, uint8_t iv[16]);

/* K of a crypt_and_hash file: S = iv || 16 zero bytes; 8192 times
 * S[0 .. min(d, 32)) = h(S || secret) with d = h's digest size (for MD5
 * and SHA-1 the rest of S keeps its bytes); K = S.
 *   h       the hash named on crypt_and_hash's command line (MD5, SHA1,
 *           SHA224, SHA256, SHA384, SHA512)
 *   iv      the file's first 16 bytes
 *   secret  the key as crypt_and_hash takes it (a key file's content, at
 *           most 512 bytes, or the key string), secret_len bytes
 *   k       32 bytes out. Cost: 8192 hashes of 32 + secret_len bytes. */
RIJN_API RIJN_WUR int rijn_mbedtls_cah_key(const rijn_hash_desc *h, const uint8_t iv[16],
                                           const uint8_t *secret, size_t secret_len,
                                           uint8_t k[32]);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_LEGACY_FORMATS_H */
