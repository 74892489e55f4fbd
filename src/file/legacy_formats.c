/*
 * legacy_formats.c -- key schedules of the `openssl enc` and Mbed TLS
 * crypt_and_hash file formats (rijn/legacy_formats.h). LEGACY.
 *
 * Implementation notes: openssl enc is PBKDF2 (rijn_pbkdf2) into a
 * key || IV buffer, or EVP_BytesToKey (rijn_evp_bytes_to_key) with count
 * 1. crypt_and_hash keeps a 32-byte state S in a digest-sized buffer
 * and re-hashes S || secret 8192 times; a digest shorter than 32 bytes
 * overwrites only the front of S (crypt_and_hash's own buffer behaves
 * so), a longer one is cut to 32. Constant time: only hashing, no
 * branch on secrets. Buffers are wiped; outputs zeroed on error.
 * Proof: tests/file/test_legacy_formats.c (differential against OpenSSL's
 * EVP_BytesToKey / PKCS5_PBKDF2_HMAC and against an EVP_Digest
 * re-computation of the crypt_and_hash loop for every hash), and the
 * CLI tests against the real tools (tests/cli/test_interop_*).
 */
#include <string.h>

#include "internal.h"
#include "rijn/kdf.h"
#include "rijn/legacy_formats.h"

int rijn_openssl_enc_key(const rijn_hash_desc *h, uint32_t iterations, const uint8_t *pass,
                         size_t pass_len, const uint8_t *salt, size_t salt_len, uint8_t *key,
                         size_t key_len, uint8_t iv[16])
{
    uint8_t kiv[48];
    int r;
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_BUF(pass, pass_len);
    if ((salt == NULL) != (salt_len == 0) || (salt_len != 0 && salt_len != 8) ||
        (key_len != 16 && key_len != 24 && key_len != 32))
        return RIJN_ERR_PARAM;
    if (iterations == 0)
        return rijn_evp_bytes_to_key(h, key, key_len, iv, 16, pass, pass_len, salt, salt_len,
                                     1);
    r = rijn_pbkdf2(h, kiv, key_len + 16, pass, pass_len, salt, salt_len, iterations);
    if (r == RIJN_OK) {
        memcpy(key, kiv, key_len);
        memcpy(iv, kiv + key_len, 16);
    } else {
        memset(key, 0, key_len);
        memset(iv, 0, 16);
    }
    rijn_wipe(kiv, sizeof kiv);
    return r;
}

int rijn_mbedtls_cah_key(const rijn_hash_desc *h, const uint8_t iv[16], const uint8_t *secret,
                         size_t secret_len, uint8_t k[32])
{
    uint8_t s[RIJN_HASH_MAX_SIZE];
    rijn_hash_ctx c;
    uint32_t i;
    int r = RIJN_OK;
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_PTR(k);
    RIJN_CHECK_BUF(secret, secret_len);
    if (h->digest_size == 0 || h->digest_size > RIJN_HASH_MAX_SIZE)
        return RIJN_ERR_PARAM;
    memset(s, 0, sizeof s);
    memcpy(s, iv, 16);
    memset(&c, 0, sizeof c);
    for (i = 0; i < RIJN_MBEDTLS_CAH_ROUNDS && r == RIJN_OK; i++) {
        r = rijn_hash_init(&c, h);
        if (r == RIJN_OK)
            r = rijn_hash_update(&c, s, 32);
        if (r == RIJN_OK)
            r = rijn_hash_update(&c, secret, secret_len);
        if (r == RIJN_OK)
            r = rijn_hash_final(&c, s, sizeof s);
    }
    if (r == RIJN_OK)
        memcpy(k, s, 32);
    else
        memset(k, 0, 32);
    rijn_hash_wipe(&c);
    rijn_wipe(s, sizeof s);
    return r;
}
