/*
 * fuzz_hash.c -- differential harness for the hashes, MACs, KDFs and
 * X25519 against OpenSSL and libsodium.
 *
 * Input: selector byte, a parameter byte, a split seed byte, then the
 * data. Targets (selector modulo 9):
 *   0 every hash descriptor (SHA-2, SHA-3, MD5, SHA-1, BLAKE2b-512) vs
 *     OpenSSL EVP_Digest; the streaming calls split at input-drawn points
 *     give the same digest
 *   1 SHAKE128/256, any output length, vs OpenSSL
 *   2 BLAKE2b keyed, output 1..64, vs libsodium crypto_generichash
 *   3 HMAC with every hash vs OpenSSL HMAC(); verify rejects a flipped bit
 *   4 AES-CMAC (16/24/32-byte keys) vs OpenSSL EVP_MAC; check rejects a
 *     flipped bit
 *   5 Poly1305 vs libsodium crypto_onetimeauth; verify rejects a flip
 *   6 HKDF and PBKDF2 (1..4 iterations) with every SHA-2 vs OpenSSL;
 *     EVP_BytesToKey vs OpenSSL's
 *   7 Argon2id (t 1..2, m 8..32 KiB, one lane) vs libsodium crypto_pwhash
 *   8 X25519 (any scalar, any point) vs libsodium crypto_scalarmult
 *
 * Implementation notes: OpenSSL names come from a small table next to
 * rijn's descriptors; inputs are capped at 4 KiB.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <sodium.h>

#include "fuzz_util.h"
#include "rijn.h"

#define DATA_MAX 4096

static const struct {
    const rijn_hash_desc *h;
    const char *ossl;
} hashes[] = {
    {&rijn_hash_sha224, "SHA224"},         {&rijn_hash_sha256, "SHA256"},
    {&rijn_hash_sha384, "SHA384"},         {&rijn_hash_sha512, "SHA512"},
    {&rijn_hash_sha512_224, "SHA512-224"}, {&rijn_hash_sha512_256, "SHA512-256"},
    {&rijn_hash_sha3_224, "SHA3-224"},     {&rijn_hash_sha3_256, "SHA3-256"},
    {&rijn_hash_sha3_384, "SHA3-384"},     {&rijn_hash_sha3_512, "SHA3-512"},
    {&rijn_hash_md5, "MD5"},               {&rijn_hash_sha1, "SHA1"},
    {&rijn_hash_blake2b_512, "BLAKE2B-512"},
};
#define NHASH (sizeof hashes / sizeof hashes[0])

static const EVP_MD *md(size_t i)
{
    static EVP_MD *cache[NHASH];
    if (cache[i] == NULL)
        cache[i] = EVP_MD_fetch(NULL, hashes[i].ossl, NULL);
    FZ_ASSERT(cache[i] != NULL, "OpenSSL lacks %s", hashes[i].ossl);
    return cache[i];
}

static void flip_bit(uint8_t *p, size_t n, unsigned where)
{
    p[(where / 8) % n] ^= (uint8_t)(1u << (where % 8));
}

static void hash_diff(unsigned par, unsigned seed, const uint8_t *d, size_t n)
{
    size_t i = par % NHASH, dl = rijn_hash_digest_size(hashes[i].h), at = 0;
    uint8_t a[64], b[64], c[64];
    unsigned ol = 0;
    rijn_hash_ctx ctx;
    FZ_ASSERT(rijn_hash(hashes[i].h, a, dl, d, n) == RIJN_OK, "hash");
    FZ_ASSERT(EVP_Digest(d, n, b, &ol, md(i), NULL) == 1 && ol == dl, "OpenSSL digest");
    FZ_ASSERT(memcmp(a, b, dl) == 0, "%s differs from OpenSSL (len %zu)", hashes[i].ossl, n);
    FZ_ASSERT(rijn_hash_init(&ctx, hashes[i].h) == RIJN_OK, "init");
    while (at < n) { /* pieces of seed-drawn sizes */
        size_t k = 1 + (seed = seed * 1103515245u + 12345u) % 200u;
        if (k > n - at)
            k = n - at;
        FZ_ASSERT(rijn_hash_update(&ctx, d + at, k) == RIJN_OK, "update");
        at += k;
    }
    FZ_ASSERT(rijn_hash_final(&ctx, c, dl) == RIJN_OK && memcmp(a, c, dl) == 0,
              "%s: streaming differs from one-shot", hashes[i].ossl);
}

static void shake(unsigned par, const uint8_t *d, size_t n)
{
    uint8_t a[300], b[300];
    size_t ol = par % 2 ? 1 + par % 300 : par % 300;
    EVP_MD_CTX *x = EVP_MD_CTX_new();
    int r = par & 1 ? rijn_shake256(a, ol, d, n) : rijn_shake128(a, ol, d, n);
    FZ_ASSERT(r == RIJN_OK, "shake %d", r);
    FZ_ASSERT(x != NULL &&
                  EVP_DigestInit_ex(x, par & 1 ? EVP_shake256() : EVP_shake128(), NULL) == 1 &&
                  EVP_DigestUpdate(x, d, n) == 1 && EVP_DigestFinalXOF(x, b, ol) == 1,
              "OpenSSL SHAKE");
    EVP_MD_CTX_free(x);
    FZ_ASSERT(memcmp(a, b, ol) == 0, "SHAKE%d out %zu differs", par & 1 ? 256 : 128, ol);
}

static void blake2b(unsigned par, const uint8_t *d, size_t n)
{
    size_t ol = 1 + par % 64, kl = n < 65 ? n / 2 : (par >> 2) % 65;
    uint8_t a[64], b[64];
    if (ol < crypto_generichash_BYTES_MIN || (kl > 0 && kl < crypto_generichash_KEYBYTES_MIN))
        return; /* libsodium refuses these lengths (rijn has unit tests for them) */
    FZ_ASSERT(rijn_blake2b(a, ol, d, kl, d + kl, n - kl) == RIJN_OK, "blake2b");
    FZ_ASSERT(crypto_generichash(b, ol, d + kl, n - kl, kl ? d : NULL, kl) == 0, "sodium");
    FZ_ASSERT(memcmp(a, b, ol) == 0, "BLAKE2b out %zu key %zu differs", ol, kl);
}

static void hmac(unsigned par, unsigned seed, const uint8_t *d, size_t n)
{
    size_t i = par % NHASH, dl = rijn_hash_digest_size(hashes[i].h);
    size_t kl = n < 200 ? n / 2 : (size_t)(seed % 200);
    uint8_t a[64], b[64];
    unsigned ol = 0;
    FZ_ASSERT(rijn_hmac(hashes[i].h, a, dl, d, kl, d + kl, n - kl) == RIJN_OK, "hmac");
    FZ_ASSERT(HMAC(md(i), d, (int)kl, d + kl, n - kl, b, &ol) != NULL && ol == dl, "OpenSSL");
    FZ_ASSERT(memcmp(a, b, dl) == 0, "HMAC-%s differs", hashes[i].ossl);
    FZ_ASSERT(rijn_hmac_verify(hashes[i].h, a, dl, d, kl, d + kl, n - kl) == RIJN_OK,
              "verify");
    flip_bit(a, dl, seed);
    FZ_ASSERT(rijn_hmac_verify(hashes[i].h, a, dl, d, kl, d + kl, n - kl) == RIJN_ERR_AUTH,
              "HMAC verify accepted a flipped bit");
}

static void cmac(unsigned par, unsigned seed, const uint8_t *d, size_t n)
{
    static const size_t kls[3] = {16, 24, 32};
    static EVP_MAC *mac;
    size_t kl = kls[par % 3], tl = 1 + (par >> 2) % 16, ol = 0;
    uint8_t key[32], a[16], b[16];
    EVP_MAC_CTX *x;
    OSSL_PARAM ps[2];
    memset(key, 0, sizeof key);
    memcpy(key, d, n < kl ? n : kl);
    if (mac == NULL)
        mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    x = EVP_MAC_CTX_new(mac);
    ps[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                             kl == 16   ? (char *)"AES-128-CBC"
                                             : kl == 24 ? (char *)"AES-192-CBC"
                                                        : (char *)"AES-256-CBC",
                                             0);
    ps[1] = OSSL_PARAM_construct_end();
    FZ_ASSERT(x != NULL && EVP_MAC_init(x, key, kl, ps) == 1 && EVP_MAC_update(x, d, n) == 1 &&
                  EVP_MAC_final(x, b, &ol, sizeof b) == 1 && ol == 16,
              "OpenSSL CMAC");
    EVP_MAC_CTX_free(x);
    FZ_ASSERT(rijn_cmac(a, tl, key, kl, d, n) == RIJN_OK, "cmac");
    FZ_ASSERT(memcmp(a, b, tl) == 0, "CMAC k%zu t%zu differs", kl, tl);
    flip_bit(a, tl, seed);
    FZ_ASSERT(rijn_cmac_check(a, tl, key, kl, d, n) == RIJN_ERR_AUTH,
              "CMAC check accepted a flipped bit");
}

static void poly1305(unsigned seed, const uint8_t *d, size_t n)
{
    uint8_t key[32], a[16], b[16];
    memset(key, 0, sizeof key);
    memcpy(key, d, n < 32 ? n : 32);
    FZ_ASSERT(rijn_poly1305(a, key, d, n) == RIJN_OK, "poly1305");
    crypto_onetimeauth(b, d, n, key);
    FZ_ASSERT(memcmp(a, b, 16) == 0, "Poly1305 differs (len %zu)", n);
    flip_bit(a, 16, seed);
    FZ_ASSERT(rijn_poly1305_verify(a, key, d, n) == RIJN_ERR_AUTH,
              "Poly1305 verify accepted a flipped bit");
}

static void kdfs(unsigned par, unsigned seed, const uint8_t *d, size_t n)
{
    size_t i = par % 6, ol = 1 + seed % 200, s1 = n / 3, s2 = 2 * n / 3;
    uint8_t a[200], b[200], iv[16], biv[16];
    uint32_t iter = 1 + (par >> 3) % 4;
    const rijn_hash_desc *h = hashes[i].h;
    if (seed & 0x100) {
        /* HKDF: salt d[0..s1), ikm d[s1..s2), info d[s2..n) */
        EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
        EVP_KDF_CTX *x = EVP_KDF_CTX_new(kdf);
        OSSL_PARAM ps[5];
        ps[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)hashes[i].ossl,
                                                 0);
        ps[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)(d + s1), s2 - s1);
        ps[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)d, s1);
        ps[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)(d + s2),
                                                  n - s2 > 1024 ? 1024 : n - s2);
        ps[4] = OSSL_PARAM_construct_end();
        FZ_ASSERT(x != NULL && EVP_KDF_derive(x, b, ol, ps) == 1, "OpenSSL HKDF");
        EVP_KDF_CTX_free(x);
        EVP_KDF_free(kdf);
        FZ_ASSERT(rijn_hkdf(h, a, ol, d, s1, d + s1, s2 - s1, d + s2,
                            n - s2 > 1024 ? 1024 : n - s2) == RIJN_OK,
                  "hkdf");
        FZ_ASSERT(memcmp(a, b, ol) == 0, "HKDF-%s out %zu differs", hashes[i].ossl, ol);
    } else if (seed & 0x200) {
        FZ_ASSERT(rijn_pbkdf2(h, a, ol, d, s1, d + s1, n - s1, iter) == RIJN_OK, "pbkdf2");
        FZ_ASSERT(PKCS5_PBKDF2_HMAC((const char *)d, (int)s1, d + s1, (int)(n - s1), (int)iter,
                                    md(i), (int)ol, b) == 1,
                  "OpenSSL PBKDF2");
        FZ_ASSERT(memcmp(a, b, ol) == 0, "PBKDF2-%s differs", hashes[i].ossl);
    } else {
        /* EVP_BytesToKey: key 16/24/32, IV 16, salt NULL or 8 bytes */
        size_t kl = 16 + 8 * (seed % 3);
        const uint8_t *salt = n >= 8 && (par & 1) ? d : NULL;
        size_t hi = par % NHASH;
        if (hi >= 6 && hi <= 9)
            hi = 1; /* OpenSSL's EVP_BytesToKey takes any digest; keep to those rijn has */
        FZ_ASSERT(rijn_evp_bytes_to_key(hashes[hi].h, a, kl, iv, 16, d + (salt ? 8 : 0),
                                        n - (salt ? 8 : 0), salt, salt ? 8 : 0,
                                        iter) == RIJN_OK,
                  "bytes_to_key");
        FZ_ASSERT(EVP_BytesToKey(kl == 16   ? EVP_aes_128_cbc()
                                 : kl == 24 ? EVP_aes_192_cbc()
                                            : EVP_aes_256_cbc(),
                                 md(hi), salt, d + (salt ? 8 : 0), (int)(n - (salt ? 8 : 0)),
                                 (int)iter, b, biv) == (int)kl,
                  "OpenSSL EVP_BytesToKey");
        FZ_ASSERT(memcmp(a, b, kl) == 0 && memcmp(iv, biv, 16) == 0,
                  "EVP_BytesToKey-%s differs", hashes[hi].ossl);
    }
}

static void argon2id(unsigned par, const uint8_t *d, size_t n)
{
    static uint64_t work[32 * 1024 / 8];
    uint8_t salt[16], a[64], b[64];
    uint32_t t = 1 + par % 2, m = 8u << ((par >> 1) % 3);
    size_t ol = 16 + (par >> 3) % 49;
    if (n > 256)
        n = 256;
    memset(salt, 0x5a, sizeof salt);
    memcpy(salt, d, n < 16 ? n : 16);
    FZ_ASSERT(rijn_argon2id(a, ol, d, n, salt, 16, t, m, 1, work, sizeof work) == RIJN_OK,
              "argon2id");
    FZ_ASSERT(crypto_pwhash(b, ol, (const char *)d, n, salt, t, (size_t)m * 1024,
                            crypto_pwhash_ALG_ARGON2ID13) == 0,
              "sodium pwhash");
    FZ_ASSERT(memcmp(a, b, ol) == 0, "Argon2id t%u m%u out %zu differs", t, m, ol);
}

static void x25519(const uint8_t *d, size_t n)
{
    uint8_t s[32], p[32], a[32], b[32];
    int r, rs;
    memset(s, 0, 32);
    memset(p, 0, 32);
    memcpy(s, d, n < 32 ? n : 32);
    if (n > 32)
        memcpy(p, d + 32, n - 32 < 32 ? n - 32 : 32);
    r = rijn_x25519(a, s, p);
    rs = crypto_scalarmult(b, s, p);
    if (rs != 0) { /* all-zero shared secret (small-order point) */
        FZ_ASSERT(r == RIJN_ERR_PARAM && fz_all_zero(a, 32), "all-zero result not refused");
        return;
    }
    FZ_ASSERT(r == RIJN_OK && memcmp(a, b, 32) == 0, "X25519 differs from libsodium");
    FZ_ASSERT(rijn_x25519_base(a, s) == RIJN_OK, "base");
    crypto_scalarmult_base(b, s);
    FZ_ASSERT(memcmp(a, b, 32) == 0, "X25519 base differs from libsodium");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    unsigned sel = fz_byte(&in), par = fz_byte(&in), seed = fz_u16(&in);
    size_t n;
    const uint8_t *d = fz_rest(&in, &n);
    if (n > DATA_MAX)
        n = DATA_MAX;
    if (sodium_init() < 0)
        abort();
    switch (sel % 9) {
    case 0: hash_diff(par, seed, d, n); break;
    case 1: shake(par | (seed << 8), d, n); break;
    case 2: blake2b(par | (seed << 8), d, n); break;
    case 3: hmac(par, seed, d, n); break;
    case 4: cmac(par, seed, d, n); break;
    case 5: poly1305(seed, d, n); break;
    case 6: kdfs(par, seed, d, n); break;
    case 7: argon2id(par, d, n); break;
    default: x25519(d, n); break;
    }
    return 0;
}
