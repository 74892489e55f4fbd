/*
 * test_legacy_formats.c -- key schedules of the `openssl enc` and Mbed
 * TLS crypt_and_hash formats (rijn/legacy_formats.h):
 *   - rijn_openssl_enc_key against OpenSSL's EVP_BytesToKey (count 1)
 *     and PKCS5_PBKDF2_HMAC for MD5, SHA-1, SHA-256, SHA-512 x AES-128/
 *     192/256 key sizes x 0/1/1000 iterations x salt / no salt x
 *     passphrases of 0 .. 70 bytes;
 *   - rijn_mbedtls_cah_key against a re-computation of crypt_and_hash's
 *     loop with OpenSSL's EVP_Digest (32-byte state, digests shorter or
 *     longer than 32 bytes) for MD5, SHA-1, SHA-224/256/384/512 and
 *     secrets of 0, 1, 17, 100 and 512 bytes;
 *   - argument errors leave the outputs untouched.
 * The files themselves are tested against the real tools by
 * tests/cli/test_interop_openssl.py and tests/cli/test_interop_mbedtls.sh.
 */
#include <string.h>

#include <openssl/evp.h>

#include "rijn/legacy_formats.h"
#include "testutil.h"

static const struct {
    const char *name;
    const EVP_MD *(*md)(void);
} mds[] = {{"md5", EVP_md5},       {"sha1", EVP_sha1},     {"sha224", EVP_sha224},
           {"sha256", EVP_sha256}, {"sha384", EVP_sha384}, {"sha512", EVP_sha512}};

static const EVP_CIPHER *cbc(size_t key_len)
{
    return key_len == 16 ? EVP_aes_128_cbc() : key_len == 24 ? EVP_aes_192_cbc()
                                                              : EVP_aes_256_cbc();
}

static void fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)tu_rand64();
}

static void test_openssl(void)
{
    static const size_t klens[] = {16, 24, 32};
    static const uint32_t iters[] = {0, 1, 1000};
    static const size_t mdi[] = {0, 1, 3, 5};
    uint8_t pass[70], salt[8], key[32], iv[16], want[48];
    size_t m, k, it, plen;
    int nosalt;
    for (m = 0; m < sizeof mdi / sizeof mdi[0]; m++) {
        const rijn_hash_desc *h = rijn_hash_find(mds[mdi[m]].name);
        const EVP_MD *md = mds[mdi[m]].md();
        TU_CHECK(h != NULL, "descriptor %s", mds[mdi[m]].name);
        if (h == NULL)
            continue;
        for (k = 0; k < 3; k++)
            for (it = 0; it < 3; it++)
                for (nosalt = 0; nosalt < 2; nosalt++)
                    for (plen = 0; plen <= 70; plen += (tu_quick() || it == 2) ? 23 : 7) {
                        size_t kl = klens[k];
                        int ok;
                        fill(pass, plen);
                        fill(salt, 8);
                        if (iters[it] == 0)
                            ok = EVP_BytesToKey(cbc(kl), md, nosalt ? NULL : salt, pass,
                                                (int)plen, 1, want, want + kl) == (int)kl;
                        else
                            ok = PKCS5_PBKDF2_HMAC((const char *)pass, (int)plen,
                                                   nosalt ? NULL : salt, nosalt ? 0 : 8,
                                                   (int)iters[it], md, (int)kl + 16, want);
                        TU_CHECK(ok, "OpenSSL reference");
                        TU_CHECK(rijn_openssl_enc_key(h, iters[it], pass, plen,
                                                      nosalt ? NULL : salt, nosalt ? 0 : 8,
                                                      key, kl, iv) == RIJN_OK,
                                 "openssl_enc_key %s", h->name);
                        TU_EQ(key, want, kl, "openssl enc key");
                        TU_EQ(iv, want + kl, 16, "openssl enc iv");
                    }
    }
}

/* crypt_and_hash's loop, written again over OpenSSL's EVP_Digest (one
 * context and one fetched digest for the 8,192 rounds: a context made and
 * an implicit fetch per round: 1.5 of its 9 s of CPU under Valgrind). */
static void ref_cah(const EVP_MD *md, const uint8_t iv[16], const uint8_t *sec, size_t n,
                    uint8_t k[32])
{
    uint8_t s[64], d[64];
    unsigned dl = 0;
    int i;
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    EVP_MD *f = EVP_MD_fetch(NULL, EVP_MD_get0_name(md), NULL);
    memset(s, 0, sizeof s);
    memcpy(s, iv, 16);
    for (i = 0; c != NULL && f != NULL && i < 8192; i++) {
        EVP_DigestInit_ex(c, f, NULL);
        EVP_DigestUpdate(c, s, 32);
        EVP_DigestUpdate(c, sec, n);
        EVP_DigestFinal_ex(c, d, &dl);
        memcpy(s, d, dl);
    }
    EVP_MD_free(f);
    EVP_MD_CTX_free(c);
    memcpy(k, s, 32);
}

static void test_mbedtls(void)
{
    static const size_t lens[] = {0, 1, 17, 100, 512};
    uint8_t iv[16], sec[512], k[32], want[32];
    size_t m, l;
    for (m = 0; m < sizeof mds / sizeof mds[0]; m++) {
        const rijn_hash_desc *h = rijn_hash_find(mds[m].name);
        TU_CHECK(h != NULL, "descriptor %s", mds[m].name);
        if (h == NULL)
            continue;
        for (l = 0; l < sizeof lens / sizeof lens[0]; l++) {
            if (tu_quick() && l % 2 == 1)
                continue;
            fill(iv, 16);
            fill(sec, lens[l]);
            ref_cah(mds[m].md(), iv, sec, lens[l], want);
            TU_CHECK(rijn_mbedtls_cah_key(h, iv, sec, lens[l], k) == RIJN_OK,
                     "mbedtls_cah_key %s", h->name);
            TU_EQ(k, want, 32, "crypt_and_hash K");
        }
    }
}

static void test_errors(void)
{
    const rijn_hash_desc *h = &rijn_hash_sha256;
    uint8_t key[32], iv[16], salt[8] = {0}, zero[32];
    memset(key, 0xAA, sizeof key);
    memset(iv, 0xAA, sizeof iv);
    memset(zero, 0xAA, sizeof zero);
    TU_CHECK(rijn_openssl_enc_key(NULL, 0, NULL, 0, salt, 8, key, 32, iv) == RIJN_ERR_NULL,
             "NULL hash");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 5, salt, 8, key, 32, iv) == RIJN_ERR_NULL,
             "NULL pass with a length");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, salt, 8, NULL, 32, iv) == RIJN_ERR_NULL,
             "NULL key");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, salt, 8, key, 32, NULL) == RIJN_ERR_NULL,
             "NULL iv");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, salt, 7, key, 32, iv) == RIJN_ERR_PARAM,
             "salt_len 7");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, NULL, 8, key, 32, iv) == RIJN_ERR_PARAM,
             "NULL salt with a length");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, salt, 0, key, 32, iv) == RIJN_ERR_PARAM,
             "salt with length 0");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, salt, 8, key, 20, iv) == RIJN_ERR_PARAM,
             "key_len 20");
    TU_EQ(key, zero, 32, "key untouched after argument errors");
    TU_EQ(iv, zero, 16, "iv untouched after argument errors");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, NULL, 0, key, 16, iv) == RIJN_OK,
             "empty passphrase, no salt");
    TU_CHECK(rijn_mbedtls_cah_key(NULL, iv, NULL, 0, key) == RIJN_ERR_NULL, "cah NULL hash");
    TU_CHECK(rijn_mbedtls_cah_key(h, NULL, NULL, 0, key) == RIJN_ERR_NULL, "cah NULL iv");
    TU_CHECK(rijn_mbedtls_cah_key(h, iv, NULL, 3, key) == RIJN_ERR_NULL, "cah NULL secret");
    TU_CHECK(rijn_mbedtls_cah_key(h, iv, NULL, 0, NULL) == RIJN_ERR_NULL, "cah NULL k");
}

int main(void)
{
    test_openssl();
    test_mbedtls();
    test_errors();
    return tu_finish();
}
