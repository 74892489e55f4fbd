/*
 * test_kdf.c -- HKDF, PBKDF2 and EVP_BytesToKey:
 *   RFC 5869 appendix A (HKDF-SHA-256, HKDF-SHA-1), cryptography's
 *   1200-byte HKDF vector; RFC 6070 (PBKDF2-HMAC-SHA-1; the 2^24-iteration
 *   entry only with RIJN_TEST_SLOW=1); PBKDF2-HMAC-SHA-256 vectors (RFC
 *   7914 section 11 and the widely published "password"/"salt" set);
 *   differential tests against OpenSSL (EVP_KDF HKDF, PKCS5_PBKDF2_HMAC,
 *   EVP_BytesToKey) over every hash descriptor; error paths.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "testutil.h"
#include "tu_ossl.h"

#define VDIR "cryptography_vectors/KDF/"

/* One HKDF test: fields by name (Hash, IKM, salt, info, L, PRK, OKM). */
static const char *const hk_names[7] = {"Hash", "IKM", "salt", "info", "L", "PRK", "OKM"};

static int hkdf_one(char *const f[7], const char *file)
{
    const rijn_hash_desc *h;
    uint8_t *ikm, *salt, *info, *okm, *got, prk[64];
    size_t il, sl, nl, ol, L;
    int ok;
    if (f[0] == NULL || f[1] == NULL || f[2] == NULL || f[3] == NULL || f[4] == NULL ||
        f[6] == NULL)
        return 0;
    h = rijn_hash_find(f[0]);
    TU_CHECK(h != NULL, "hash %s", f[0]);
    if (h == NULL)
        return 0;
    ikm = tu_unhex(f[1], &il);
    salt = tu_unhex(f[2], &sl);
    info = tu_unhex(f[3], &nl);
    okm = tu_unhex(f[6], &ol);
    L = (size_t)strtoul(f[4], NULL, 10);
    got = malloc(L + 1);
    ok = ikm && salt && info && okm && got && ol == L;
    TU_CHECK(ok, "parse");
    if (ok) {
        TU_CHECK(rijn_hkdf(h, got, L, salt, sl, ikm, il, info, nl) == RIJN_OK, "hkdf");
        TU_EQ(got, okm, L, file);
        if (f[5] != NULL) {
            uint8_t want[64];
            TU_CHECK(tu_unhex_into(want, h->digest_size, f[5]) == 0, "PRK parse");
            TU_CHECK(rijn_hkdf_extract(h, prk, sizeof prk, salt, sl, ikm, il) == RIJN_OK, "x");
            TU_EQ(prk, want, h->digest_size, "PRK");
            memset(got, 0, L);
            TU_CHECK(rijn_hkdf_expand(h, got, L, prk, h->digest_size, info, nl) == RIJN_OK,
                     "expand");
            TU_EQ(got, okm, L, "expand OKM");
        }
    }
    free(ikm);
    free(salt);
    free(info);
    free(okm);
    free(got);
    return ok;
}

/* These files split one test over blank lines: a test runs from one
 * COUNT to the next. */
static unsigned long hkdf_file(const char *file)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require(file));
    char *f[7] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    unsigned long n = 0;
    int i;
    if (r == NULL)
        return 0;
    for (;;) {
        int more = tu_rsp_next(r);
        if (!more || tu_rsp_get(r, "COUNT") != NULL) {
            n += (unsigned long)hkdf_one(f, file);
            for (i = 0; i < 7; i++) {
                free(f[i]);
                f[i] = NULL;
            }
        }
        if (!more)
            break;
        for (i = 0; i < 7; i++) {
            const char *v = tu_rsp_get(r, hk_names[i]);
            if (v != NULL) {
                free(f[i]);
                f[i] = malloc(strlen(v) + 1);
                if (f[i] != NULL)
                    memcpy(f[i], v, strlen(v) + 1);
            }
        }
    }
    tu_rsp_close(r);
    return n;
}

#if RIJN_CFG_HASH_LEGACY
/* RFC 6070: PASSWORD / SALT are text with "\0" meaning a NUL byte. */
static size_t unescape(uint8_t *out, const char *s)
{
    size_t n = 0;
    while (*s) {
        if (s[0] == '\\' && s[1] == '0') {
            out[n++] = 0;
            s += 2;
        } else
            out[n++] = (uint8_t)*s++;
    }
    return n;
}

static unsigned long pbkdf2_rfc6070(void)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require(VDIR "rfc-6070-PBKDF2-SHA1.txt"));
    const char *slow = getenv("RIJN_TEST_SLOW");
    unsigned long n = 0;
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *pw = tu_rsp_get(r, "PASSWORD"), *sa = tu_rsp_get(r, "SALT"),
                   *it = tu_rsp_get(r, "ITERATIONS"), *ls = tu_rsp_get(r, "LENGTH"),
                   *dk = tu_rsp_get(r, "DERIVED_KEY");
        uint8_t p[128], s[128], want[64], got[64];
        size_t pl, sl, L;
        unsigned long iters;
        if (pw == NULL || sa == NULL || it == NULL || ls == NULL || dk == NULL)
            continue;
        iters = strtoul(it, NULL, 10);
        if (iters > 100000 && !(slow != NULL && *slow == '1'))
            continue;
        pl = unescape(p, pw);
        sl = unescape(s, sa);
        L = (size_t)strtoul(ls, NULL, 10);
        TU_CHECK(L <= 64 && tu_unhex_into(want, L, dk) == 0, "parse");
        TU_CHECK(rijn_pbkdf2(&rijn_hash_sha1, got, L, p, pl, s, sl, (uint32_t)iters) == RIJN_OK,
                 "pbkdf2");
        TU_EQ(got, want, L, "RFC 6070");
        n++;
    }
    tu_rsp_close(r);
    return n;
}

#endif

static const struct {
    const char *pw, *salt;
    uint32_t iters;
    const char *dk;
} sha256_vecs[] = {
    {"password", "salt", 1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"},
    {"password", "salt", 2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"},
    {"password", "salt", 4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"},
    {"passwd", "salt", 1,
     "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
     "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
    {"Password", "NaCl", 80000,
     "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
     "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"},
};

static int ossl_hkdf(const char *md, uint8_t *out, size_t ol, const uint8_t *ikm, size_t il,
                     const uint8_t *salt, size_t sl, const uint8_t *info, size_t nl)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *c = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM ps[5], *p = ps;
    int ok;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md, 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)ikm, il);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, sl);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, nl);
    *p = OSSL_PARAM_construct_end();
    ok = c != NULL && EVP_KDF_derive(c, out, ol, ps) == 1;
    EVP_KDF_CTX_free(c);
    EVP_KDF_free(kdf);
    return ok;
}

static unsigned long diff_all(void)
{
    static uint8_t a[300], b[300], info[300], want[1000], got[1000];
    unsigned long before = tu_passed;
    size_t i, t, rounds = tu_quick() ? 3 : 25;
    for (i = 0; i < rijn_hash_count(); i++) {
        const rijn_hash_desc *h = rijn_hash_at(i);
        const EVP_MD *md = EVP_get_digestbyname(tu_ossl_md_name(h->id));
        TU_CHECK(md != NULL, "OpenSSL %s", h->name);
        if (md == NULL)
            continue;
        for (t = 0; t < rounds; t++) {
            size_t al = tu_rand_below(sizeof a), bl = tu_rand_below(sizeof b),
                   nl = tu_rand_below(sizeof info), ol = 1 + tu_rand_below(sizeof want);
            uint32_t it = 1 + (uint32_t)tu_rand_below(t < 3 ? 2000 : 40);
            tu_rand_bytes(a, al);
            tu_rand_bytes(b, bl);
            tu_rand_bytes(info, nl);
            if (ol > 255 * h->digest_size)
                ol = 255 * h->digest_size;
            /* HKDF (salt length 1.. : OpenSSL treats an empty salt as zeros too) */
            TU_CHECK(ossl_hkdf(tu_ossl_md_name(h->id), want, ol, a, al, b, bl + 1, info, nl),
                     "OpenSSL HKDF");
            TU_CHECK(rijn_hkdf(h, got, ol, b, bl + 1, a, al, info, nl) == RIJN_OK, "hkdf");
            TU_EQ(got, want, ol, "HKDF vs OpenSSL");
            /* PBKDF2 (shorter output to keep the run fast) */
            ol = 1 + tu_rand_below(3 * h->digest_size);
            TU_CHECK(PKCS5_PBKDF2_HMAC((const char *)a, (int)al, b, (int)bl, (int)it, md, (int)ol,
                                       want) == 1, "OpenSSL PBKDF2");
            TU_CHECK(rijn_pbkdf2(h, got, ol, a, al, b, bl, it) == RIJN_OK, "pbkdf2");
            TU_EQ(got, want, ol, "PBKDF2 vs OpenSSL");
        }
    }
    return tu_passed - before;
}

static unsigned long diff_bytestokey(void)
{
#if RIJN_CFG_HASH_LEGACY
    static const rijn_hash_desc *const hs[3] = {&rijn_hash_sha256, &rijn_hash_md5,
                                                &rijn_hash_sha1};
#define NHS 3
#else
    static const rijn_hash_desc *const hs[1] = {&rijn_hash_sha256};
#define NHS 1
#endif
    const EVP_CIPHER *ciphers[4];
    unsigned long before = tu_passed;
    size_t i, j, t;
    ciphers[0] = EVP_aes_128_cbc();
    ciphers[1] = EVP_aes_192_cbc();
    ciphers[2] = EVP_aes_256_cbc();
    ciphers[3] = EVP_aes_256_ecb();
    for (i = 0; i < NHS; i++)
        for (j = 0; j < 4; j++)
            for (t = 0; t < 8; t++) {
                uint8_t pw[40], salt[8], k1[32], i1[16], k2[32], i2[16];
                size_t pl = tu_rand_below(sizeof pw);
                int kl = EVP_CIPHER_get_key_length(ciphers[j]);
                int il = EVP_CIPHER_get_iv_length(ciphers[j]);
                int use_salt = (t & 1) != 0, count = 1 + (int)(t / 4) * 2;
                const EVP_MD *md = EVP_get_digestbyname(tu_ossl_md_name(hs[i]->id));
                tu_rand_bytes(pw, pl);
                tu_rand_bytes(salt, 8);
                TU_CHECK(EVP_BytesToKey(ciphers[j], md, use_salt ? salt : NULL, pw, (int)pl, count,
                                        k1, i1) == kl, "OpenSSL BytesToKey");
                TU_CHECK(rijn_evp_bytes_to_key(hs[i], k2, (size_t)kl, il ? i2 : NULL, (size_t)il,
                                               pw, pl, use_salt ? salt : NULL, use_salt ? 8 : 0,
                                               (uint32_t)count) == RIJN_OK, "bytes_to_key");
                TU_EQ(k2, k1, (size_t)kl, "BytesToKey key");
                TU_EQ(i2, i1, (size_t)il, "BytesToKey iv");
            }
    return tu_passed - before;
}

static void errors(void)
{
    const rijn_hash_desc *h = &rijn_hash_sha256;
    uint8_t out[64], prk[32] = {0}, big[32 * 255 + 1];
    TU_CHECK(rijn_pbkdf2(h, out, 32, prk, 1, prk, 1, 0) == RIJN_ERR_PARAM, "0 iterations");
    TU_CHECK(rijn_pbkdf2(NULL, out, 32, prk, 1, prk, 1, 1) == RIJN_ERR_NULL, "NULL desc");
    TU_CHECK(rijn_pbkdf2(h, NULL, 32, prk, 1, prk, 1, 1) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_pbkdf2(h, NULL, 0, NULL, 0, NULL, 0, 1) == RIJN_OK, "empty");
    TU_CHECK(rijn_hkdf_expand(h, big, sizeof big, prk, 32, NULL, 0) == RIJN_ERR_LIMIT, "L > 255H");
    TU_CHECK(rijn_hkdf_expand(h, big, sizeof big - 1, prk, 32, NULL, 0) == RIJN_OK, "L = 255H");
    TU_CHECK(rijn_hkdf(h, big, sizeof big, NULL, 0, prk, 32, NULL, 0) == RIJN_ERR_LIMIT, "hkdf L");
    TU_CHECK(rijn_hkdf_expand(h, out, 32, prk, 31, NULL, 0) == RIJN_ERR_KEY_LEN, "short PRK");
    TU_CHECK(rijn_hkdf_extract(h, out, 31, NULL, 0, prk, 32) == RIJN_ERR_BUFFER, "PRK buffer");
    TU_CHECK(rijn_hkdf(h, out, 32, NULL, 5, prk, 32, NULL, 0) == RIJN_ERR_NULL, "NULL salt");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 32, out + 32, 16, prk, 4, prk, 7, 1) == RIJN_ERR_PARAM,
             "salt of 7");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 32, NULL, 16, prk, 4, NULL, 0, 1) == RIJN_ERR_NULL,
             "NULL iv");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 32, NULL, 0, prk, 4, NULL, 0, 0) == RIJN_ERR_PARAM,
             "count 0");
}

int main(void)
{
    unsigned long n;
    size_t i;
    tu_rand_seed(0x4DF);
    n = hkdf_file(VDIR "rfc-5869-HKDF-SHA256.txt");
    printf("RFC 5869 HKDF-SHA-256: %lu vectors\n", n);
    TU_CHECK(n == 3, "count");
#if RIJN_CFG_HASH_LEGACY
    n = hkdf_file(VDIR "rfc-5869-HKDF-SHA1.txt");
    printf("RFC 5869 HKDF-SHA-1: %lu vectors\n", n);
    TU_CHECK(n == 4, "count");
#endif
    n = hkdf_file(VDIR "hkdf-generated.txt");
    printf("cryptography hkdf-generated (L = 1200): %lu vectors\n", n);
    TU_CHECK(n == 1, "count");
#if RIJN_CFG_HASH_LEGACY
    n = pbkdf2_rfc6070();
    printf("RFC 6070 PBKDF2-HMAC-SHA-1: %lu vectors%s\n", n,
           n < 6 ? " (2^24-iteration one: RIJN_TEST_SLOW=1)" : "");
    TU_CHECK(n >= 5, "count");
#endif
    for (i = 0; i < sizeof sha256_vecs / sizeof sha256_vecs[0]; i++) {
        uint8_t want[64], got[64];
        size_t L = strlen(sha256_vecs[i].dk) / 2;
        TU_CHECK(tu_unhex_into(want, L, sha256_vecs[i].dk) == 0, "parse");
        TU_CHECK(rijn_pbkdf2(&rijn_hash_sha256, got, L, (const uint8_t *)sha256_vecs[i].pw,
                             strlen(sha256_vecs[i].pw), (const uint8_t *)sha256_vecs[i].salt,
                             strlen(sha256_vecs[i].salt), sha256_vecs[i].iters) == RIJN_OK, "p2");
        TU_EQ(got, want, L, "PBKDF2-HMAC-SHA-256");
    }
    printf("PBKDF2-HMAC-SHA-256 known answers: %zu vectors\n", i);
    printf("HKDF + PBKDF2 vs OpenSSL, 12 hashes: %lu checks\n", diff_all());
    printf("EVP_BytesToKey vs OpenSSL (SHA-256, MD5, SHA-1): %lu checks\n", diff_bytestokey());
    errors();
    return tu_finish();
}
