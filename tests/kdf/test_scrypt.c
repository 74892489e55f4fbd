/*
 * test_scrypt.c -- scrypt (RFC 7914):
 *   the RFC 7914 section 12 vectors (all but the N = 2^20 entry, which
 *   needs 1 GiB: it runs only with RIJN_TEST_SLOW=1); a differential test
 *   against OpenSSL's EVP_PBE_scrypt and libsodium's
 *   crypto_pwhash_scryptsalsa208sha256_ll over random passwords, salts,
 *   N, r, p and output lengths; the work-size rule; error paths (bad N,
 *   r, p, short or misaligned work area, NULLs) and the wipe of the work
 *   area.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <sodium.h>

#include "testutil.h"

struct rfc_vec {
    const char *pass, *salt;
    uint64_t n;
    uint32_t r, p;
    const char *dk;
};

static const struct rfc_vec rfc[] = {
    {"", "", 16, 1, 1,
     "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
     "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"},
    {"password", "NaCl", 1024, 8, 16,
     "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
     "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"},
    {"pleaseletmein", "SodiumChloride", 16384, 8, 1,
     "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
     "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"},
    {"pleaseletmein", "SodiumChloride", 1048576, 8, 1,
     "2101cb9b6a511aaeaddbbe09cf70f881ec568d574a2ffd4dabe5ee9820adaa47"
     "8e56fd8f4ba5d09ffa1c6d927c40f4c337304049e8a952fbcbf45c6fa77a41a4"},
};

static void *work_alloc(size_t n)
{
    void *w = malloc(n ? n : 1);
    if (w == NULL) {
        fprintf(stderr, "out of memory (%zu bytes)\n", n);
        exit(1);
    }
    return w;
}

static void test_rfc(void)
{
    const char *slow = getenv("RIJN_TEST_SLOW");
    size_t i, k;
    for (i = 0; i < sizeof rfc / sizeof rfc[0]; i++) {
        const struct rfc_vec *v = &rfc[i];
        uint8_t want[64], got[64];
        char hex[160];
        size_t ws = rijn_scrypt_work_size(v->n, v->r, v->p), j = 0;
        void *w;
        if (v->n > 100000 && (slow == NULL || strcmp(slow, "1") != 0)) {
            printf("RFC 7914 vector %zu (N = %llu, 1 GiB) not run: set RIJN_TEST_SLOW=1\n", i,
                   (unsigned long long)v->n);
            continue;
        }
        for (k = 0; v->dk[k] != 0; k++)
            if (v->dk[k] != ' ')
                hex[j++] = v->dk[k];
        hex[j] = 0;
        TU_CHECK(tu_unhex_into(want, 64, hex) == 0, "hex %zu", i);
        TU_CHECK(ws == RIJN_SCRYPT_WORK_SIZE(v->n, v->r, v->p), "work size %zu", i);
        w = work_alloc(ws);
        TU_CHECK(rijn_scrypt(got, 64, (const uint8_t *)v->pass, strlen(v->pass),
                             (const uint8_t *)v->salt, strlen(v->salt), v->n, v->r, v->p, w,
                             ws) == RIJN_OK,
                 "RFC 7914 vector %zu", i);
        TU_EQ(got, want, 64, "RFC 7914 vector");
        for (k = 0; k < ws && ((uint8_t *)w)[k] == 0; k++)
            ;
        TU_CHECK(k == ws, "work area wiped (vector %zu)", i);
        free(w);
    }
}

static void test_diff(void)
{
    int iter, n_iter = tu_quick() ? 6 : 40;
    for (iter = 0; iter < n_iter; iter++) {
        uint8_t pass[80], salt[80], got[200], want[200], want2[200];
        size_t pl = tu_rand_below(sizeof pass), sl = tu_rand_below(sizeof salt);
        size_t ol = 1 + tu_rand_below(sizeof got);
        uint64_t n = (uint64_t)2 << tu_rand_below(iter < 4 ? 12 : 9);
        uint32_t r = 1 + (uint32_t)tu_rand_below(iter < 4 ? 8 : 5);
        uint32_t p = 1 + (uint32_t)tu_rand_below(3);
        size_t ws = rijn_scrypt_work_size(n, r, p);
        void *w = work_alloc(ws);
        int rc;
        tu_rand_bytes(pass, pl);
        tu_rand_bytes(salt, sl);
        rc = rijn_scrypt(got, ol, pass, pl, salt, sl, n, r, p, w, ws);
        TU_CHECK(rc == RIJN_OK, "scrypt N=%llu r=%u p=%u: %d", (unsigned long long)n, r, p, rc);
        TU_CHECK(EVP_PBE_scrypt((const char *)pass, pl, salt, sl, n, r, p, 0, want, ol) == 1,
                 "OpenSSL EVP_PBE_scrypt");
        TU_EQ(got, want, ol, "scrypt vs OpenSSL EVP_PBE_scrypt");
        TU_CHECK(crypto_pwhash_scryptsalsa208sha256_ll(pass, pl, salt, sl, n, r, p, want2, ol) ==
                     0,
                 "libsodium scrypt");
        TU_EQ(got, want2, ol, "scrypt vs libsodium crypto_pwhash_scryptsalsa208sha256_ll");
        /* A work area larger than needed gives the same result. */
        free(w);
        w = work_alloc(ws + 512);
        memset(want, 0, sizeof want);
        TU_CHECK(rijn_scrypt(want, ol, pass, pl, salt, sl, n, r, p, w, ws + 512) == RIJN_OK,
                 "larger work area");
        TU_EQ(want, got, ol, "larger work area");
        free(w);
    }
}

static void test_errors(void)
{
    uint8_t out[32], pw[4] = {1, 2, 3, 4};
    size_t ws = rijn_scrypt_work_size(16, 1, 1);
    uint32_t *w = (uint32_t *)work_alloc(ws + 8);
    TU_CHECK(ws == 128 * 19, "work size N=16 r=1 p=1: %zu", ws);
    TU_CHECK(rijn_scrypt_work_size(0, 1, 1) == 0, "N 0");
    TU_CHECK(rijn_scrypt_work_size(1, 1, 1) == 0, "N 1");
    TU_CHECK(rijn_scrypt_work_size(24, 1, 1) == 0, "N not a power of two");
    TU_CHECK(rijn_scrypt_work_size(16, 0, 1) == 0, "r 0");
    TU_CHECK(rijn_scrypt_work_size(16, 1, 0) == 0, "p 0");
    TU_CHECK(rijn_scrypt_work_size(16, 1u << 15, 1u << 15) == 0, "r*p 2^30");
    TU_CHECK(rijn_scrypt_work_size((uint64_t)1 << 63, 8, 1) == 0, "size overflow");
    TU_CHECK(rijn_scrypt(out, 32, pw, 4, pw, 4, 24, 1, 1, w, ws) == RIJN_ERR_PARAM, "bad N");
    TU_CHECK(rijn_scrypt(out, 32, pw, 4, pw, 4, (uint64_t)1 << 16, 1, 1, w, ws) ==
                 RIJN_ERR_PARAM,
             "N >= 2^(16 r)");
    TU_CHECK(rijn_scrypt(out, 32, pw, 4, pw, 4, 16, 1, 1, w, ws - 1) == RIJN_ERR_BUFFER,
             "short work area");
    TU_CHECK(rijn_scrypt(out, 32, pw, 4, pw, 4, 16, 1, 1, (uint8_t *)w + 1, ws) ==
                 RIJN_ERR_PARAM,
             "misaligned work area");
    TU_CHECK(rijn_scrypt(out, 0, pw, 4, pw, 4, 16, 1, 1, w, ws) == RIJN_ERR_PARAM, "out_len 0");
    TU_CHECK(rijn_scrypt(NULL, 32, pw, 4, pw, 4, 16, 1, 1, w, ws) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_scrypt(out, 32, NULL, 4, pw, 4, 16, 1, 1, w, ws) == RIJN_ERR_NULL,
             "NULL password");
    TU_CHECK(rijn_scrypt(out, 32, pw, 4, NULL, 4, 16, 1, 1, w, ws) == RIJN_ERR_NULL,
             "NULL salt");
    TU_CHECK(rijn_scrypt(out, 32, pw, 4, pw, 4, 16, 1, 1, NULL, ws) == RIJN_ERR_NULL,
             "NULL work");
    TU_CHECK(rijn_scrypt(out, 32, NULL, 0, NULL, 0, 16, 1, 1, w, ws) == RIJN_OK,
             "NULL empty password and salt");
    free(w);
}

int main(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 1;
    }
    test_rfc();
    test_diff();
    test_errors();
    return tu_finish();
}
