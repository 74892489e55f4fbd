/*
 * test_modes_stream.c -- the streaming calls of every classic mode give
 * the one-shot result for every length 0..200, whatever the split of the
 * input (random chunks with many 0- and 1-byte updates, or one byte per
 * update), out of place and in place (out == in, with out of exactly
 * RIJN_MODE_UPDATE_MAX(chunk) bytes, allocated so that ASan sees any
 * overrun); _reset starts a new message on the same key; the TU_D_CTR counter
 * wraps modulo 2^128 and the TU_D_CTR32 counter modulo 2^32, checked against
 * counter blocks built here and encrypted by OpenSSL's AES-ECB.
 * Runs on every AES implementation.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "testutil.h"
#include "tu_modes.h"

#define MAXLEN 200

/* A random key length among those compiled in (RIJN_CFG_AES_192 / _256). */
static size_t rand_key_len(void)
{
    size_t kl;
    do
        kl = 16 + 8 * tu_rand_below(3);
    while ((kl == 24 && !RIJN_CFG_AES_192) || (kl == 32 && !RIJN_CFG_AES_256));
    return kl;
}

/* 1 if a message of len bytes is valid input for mode m. */
static int len_ok(int m, size_t len)
{
    if (m <= TU_D_CBC_D)
        return len % 16 == 0;
    if (m == TU_D_PAD_D)
        return len > 0 && len % 16 == 0;
    if (tu_d_is_cts(m))
        return len >= 16;
    return 1;
}

/* Next chunk size: policy 0 one update, 1 random (many 0 and 1), 2 bytes. */
static size_t pick(int policy, size_t left)
{
    size_t r;
    if (policy == 0)
        return left;
    if (policy == 2)
        return left > 0 ? 1 : 0;
    r = tu_rand_below(8);
    if (r == 0)
        return 0;
    if (r == 1)
        return left > 0 ? 1 : 0;
    if (r == 2)
        return left < 16 ? left : 16;
    return tu_rand_below(left + 1);
}

/* Whole message through a block context. Returns the first error. */
static int run_block(rijn_block_ctx *c, uint8_t *res, size_t *res_len, const uint8_t *in,
                     size_t len, int policy, int inplace)
{
    size_t pos = 0, total = 0, n, chunk, cap;
    uint8_t *w;
    int r, extra = 2; /* a few empty updates after the end too */
    while (pos < len || extra-- > 0) {
        chunk = pick(policy, len - pos);
        cap = RIJN_MODE_UPDATE_MAX(chunk);
        w = malloc(cap > 0 ? cap : 1);
        if (w == NULL)
            return RIJN_ERR_PARAM;
        if (inplace) {
            if (chunk > 0)
                memcpy(w, in + pos, chunk);
            r = rijn_block_update(c, w, cap, &n, w, chunk);
        } else {
            r = rijn_block_update(c, w, cap, &n, chunk > 0 ? in + pos : NULL, chunk);
        }
        if (r == RIJN_OK && n > cap)
            r = RIJN_ERR_BUFFER;
        if (r == RIJN_OK && n > 0)
            memcpy(res + total, w, n);
        free(w);
        if (r != RIJN_OK)
            return r;
        total += n;
        pos += chunk;
    }
    w = malloc(32);
    if (w == NULL)
        return RIJN_ERR_PARAM;
    r = rijn_block_final(c, w, 32, &n);
    if (r == RIJN_OK && n > 0)
        memcpy(res + total, w, n);
    free(w);
    *res_len = total + n;
    return r;
}

static int run_stream(rijn_stream_ctx *c, uint8_t *res, const uint8_t *in, size_t len,
                      int policy, int inplace)
{
    size_t pos = 0, chunk;
    int r, extra = 2;
    if (inplace && len > 0)
        memcpy(res, in, len);
    while (pos < len || extra-- > 0) {
        chunk = pick(policy, len - pos);
        if (chunk == 0)
            r = rijn_stream_update(c, NULL, NULL, 0);
        else
            r = rijn_stream_update(c, res + pos, inplace ? res + pos : in + pos, chunk);
        if (r != RIJN_OK)
            return r;
        pos += chunk;
    }
    return RIJN_OK;
}

static void one_mode(int m, size_t len, int reuse)
{
    uint8_t key[32], iv[16], iv2[16], pt[MAXLEN + 16], in[MAXLEN + 32], want[MAXLEN + 32],
        got[MAXLEN + 64];
    size_t kl = rand_key_len(), in_len = len, want_len, got_len = 0;
    rijn_aes_ctx a;
    rijn_block_ctx b;
    rijn_stream_ctx s;
    int policy, inplace, r, first = 1;
    tu_rand_bytes(key, kl);
    tu_rand_bytes(iv, 16);
    tu_rand_bytes(iv2, 16);
    if (m == TU_D_PAD_D) /* the ciphertext below is made for iv */
        memcpy(iv2, iv, 16);
    tu_rand_bytes(in, len);
    TU_CHECK(rijn_aes_init(&a, key, kl) == RIJN_OK, "init");
    if (!RIJN_CFG_AES_DECRYPT && tu_d_is_block(m) && m % 2 == 1) {
        /* inverse cipher compiled out */
        TU_CHECK(tu_d_init(m, &b, &s, key, kl, iv) == RIJN_ERR_UNSUPPORTED, "%s init",
                 tu_d_names[m]);
        TU_CHECK(tu_d_oneshot(m, &a, iv, want, sizeof want, &want_len, in, in_len) ==
                     RIJN_ERR_UNSUPPORTED,
                 "%s one-shot", tu_d_names[m]);
        rijn_aes_wipe(&a);
        return;
    }
    if (m == TU_D_PAD_D) { /* a valid padded ciphertext of a len-byte message */
        memcpy(pt, in, len);
        TU_CHECK(rijn_cbc_pad_encrypt(&a, iv, in, sizeof in, &in_len, pt, len) == RIJN_OK, "pad");
    }
    for (policy = 0; policy < 3; policy++) {
        for (inplace = 0; inplace < 2; inplace++) {
            const uint8_t *ivx = (reuse && !first) ? iv2 : iv;
            if (policy == 2 && (len % 7 != 0 || m == TU_D_CFB1_E || m == TU_D_CFB1_D))
                continue; /* one byte per update: a sample of lengths */
            if (len_ok(m, in_len)) {
                want_len = in_len; /* the PKCS#7 calls set it */
                r = tu_d_oneshot(m, &a, ivx, want, sizeof want, &want_len, in, in_len);
                TU_CHECK(r == RIJN_OK, "%s one-shot len %zu: %d", tu_d_names[m], in_len, r);
            }
            memset(got, 0xEE, sizeof got);
            if (first || !reuse) {
                TU_CHECK(tu_d_init(m, &b, &s, key, kl, ivx) == RIJN_OK, "%s init", tu_d_names[m]);
            } else {
                TU_CHECK((tu_d_is_block(m) ? rijn_block_reset(&b, m <= TU_D_ECB_D ? NULL : ivx)
                                      : rijn_stream_reset(&s, ivx)) == RIJN_OK, "reset");
            }
            first = 0;
            if (tu_d_is_block(m)) {
                r = run_block(&b, got, &got_len, in, in_len, policy, inplace);
                if (!len_ok(m, in_len)) {
                    TU_CHECK(r == RIJN_ERR_LENGTH, "%s stream len %zu: want LENGTH, got %d",
                             tu_d_names[m], in_len, r);
                    continue;
                }
            } else {
                r = run_stream(&s, got, in, in_len, policy, inplace);
                got_len = in_len;
            }
            TU_CHECK(r == RIJN_OK, "%s stream len %zu policy %d inplace %d: %d", tu_d_names[m],
                     in_len, policy, inplace, r);
            TU_CHECK(got_len == want_len && memcmp(got, want, want_len) == 0 &&
                         got[want_len] == 0xEE,
                     "%s stream = one-shot, len %zu policy %d inplace %d reuse %d", tu_d_names[m],
                     in_len, policy, inplace, reuse);
        }
    }
    if (m == TU_D_PAD_D)
        TU_CHECK(want_len == len && memcmp(want, pt, len) == 0, "PKCS#7 round trip %zu", len);
    rijn_block_wipe(&b);
    rijn_stream_wipe(&s);
    rijn_aes_wipe(&a);
}

/* ---- counter wrap -------------------------------------------------------- */
static void ossl_ecb(const uint8_t *key, size_t kl, uint8_t *out, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    const EVP_CIPHER *c = kl == 16 ? EVP_aes_128_ecb() : kl == 24 ? EVP_aes_192_ecb()
                                                                   : EVP_aes_256_ecb();
    int ol = 0, ok;
    ok = x != NULL && EVP_EncryptInit_ex(x, c, NULL, key, NULL) == 1 &&
         EVP_CIPHER_CTX_set_padding(x, 0) == 1 &&
         EVP_EncryptUpdate(x, out, &ol, in, (int)len) == 1 && (size_t)ol == len;
    TU_CHECK(ok, "OpenSSL ECB");
    EVP_CIPHER_CTX_free(x);
}

#define WRAP_BLOCKS 70

/* Counter blocks from iv: whole-block (bytes == 16) or last-4-byte counter,
 * incremented here byte by byte. */
static void ctr_ref(const uint8_t *key, size_t kl, const uint8_t iv[16], unsigned bytes,
                    uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t blocks[WRAP_BLOCKS * 16], ks[WRAP_BLOCKS * 16], c[16];
    size_t i, nb = (len + 15) / 16;
    int j;
    memcpy(c, iv, 16);
    for (i = 0; i < nb; i++) {
        memcpy(blocks + 16 * i, c, 16);
        for (j = 15; j >= 16 - (int)bytes; j--)
            if (++c[j] != 0)
                break;
    }
    ossl_ecb(key, kl, ks, blocks, 16 * nb);
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(in[i] ^ ks[i]);
}

static void wrap_case(unsigned bits, const uint8_t iv[16], size_t len)
{
    uint8_t key[32], in[WRAP_BLOCKS * 16], want[WRAP_BLOCKS * 16], got[WRAP_BLOCKS * 16];
    size_t kl = rand_key_len(), pos, chunk;
    rijn_aes_ctx a;
    rijn_stream_ctx s;
    tu_rand_bytes(key, kl);
    tu_rand_bytes(in, len);
    ctr_ref(key, kl, iv, bits / 8, want, in, len);
    TU_CHECK(rijn_aes_init_enc(&a, key, kl) == RIJN_OK, "init");
    TU_CHECK((bits == 128 ? rijn_ctr_crypt(&a, iv, got, in, len)
                          : rijn_ctr32_crypt(&a, iv, got, in, len)) == RIJN_OK, "ctr");
    TU_CHECK(memcmp(got, want, len) == 0, "TU_D_CTR%u wrap one-shot len %zu", bits, len);
    memcpy(got, in, len);
    TU_CHECK((bits == 128 ? rijn_ctr_init(&s, key, kl, iv) : rijn_ctr32_init(&s, key, kl, iv)) ==
                 RIJN_OK, "init");
    for (pos = 0; pos < len; pos += chunk) {
        chunk = pick(1, len - pos);
        TU_CHECK(rijn_ctr_update(&s, got + pos, got + pos, chunk) == RIJN_OK, "update");
    }
    TU_CHECK(memcmp(got, want, len) == 0, "TU_D_CTR%u wrap streaming in place len %zu", bits, len);
    rijn_stream_wipe(&s);
    rijn_aes_wipe(&a);
}

static void wrap(void)
{
    uint8_t iv[16];
    size_t lens[4] = {16 * WRAP_BLOCKS, 16 * WRAP_BLOCKS - 7, 33, 16};
    size_t i, back;
    for (i = 0; i < 4; i++) {
        for (back = 0; back < 40; back += 3) {
            /* 128-bit: ff..ff minus back, and a carry out of the low 64 bits */
            memset(iv, 0xFF, 16);
            iv[15] = (uint8_t)(0xFF - back);
            wrap_case(128, iv, lens[i]);
            memset(iv, 0, 8);
            iv[7] = 0x41;
            wrap_case(128, iv, lens[i]);
            /* 32-bit: random prefix, counter ff..ff minus back; the prefix must not move */
            tu_rand_bytes(iv, 12);
            memset(iv + 12, 0xFF, 4);
            iv[15] = (uint8_t)(0xFF - back);
            wrap_case(32, iv, lens[i]);
            /* 32-bit with the byte above the counter at ff: no carry into it */
            iv[11] = 0xFF;
            wrap_case(32, iv, lens[i]);
        }
    }
}

/* ---- PKCS#7 final: writes exactly 16 - pad bytes ----------------------- */
/* The final's out past the plaintext stays as it was (block_stream.c
 * writes the last block's bytes by a masked pass over all 16), for every
 * padding length 1..16. */
static void pad_final(void)
{
    uint8_t key[16], iv[16], pt[32], ct[48], out[48], fin[32];
    size_t len, ct_len, n, m, i;
    rijn_aes_ctx a;
    rijn_block_ctx b;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    tu_rand_bytes(pt, sizeof pt);
    TU_CHECK(rijn_aes_init(&a, key, 16) == RIJN_OK, "init");
    for (len = 16; len < 32; len++) {
        TU_CHECK(rijn_cbc_pad_encrypt(&a, iv, ct, sizeof ct, &ct_len, pt, len) == RIJN_OK &&
                     ct_len == 32,
                 "pad %zu", len);
        TU_CHECK(rijn_cbc_pad_decrypt_init(&b, key, 16, iv) == RIJN_OK &&
                     rijn_block_update(&b, out, sizeof out, &n, ct, ct_len) == RIJN_OK && n == 16,
                 "update %zu", len);
        memset(fin, 0xEE, sizeof fin);
        TU_CHECK(rijn_block_final(&b, fin, sizeof fin, &m) == RIJN_OK && m == len - 16,
                 "final %zu", len);
        for (i = m; i < sizeof fin && fin[i] == 0xEE; i++)
            ;
        TU_CHECK(memcmp(out, pt, 16) == 0 && memcmp(fin, pt + 16, m) == 0 && i == sizeof fin,
                 "PKCS#7 final %zu: plaintext, bytes past it untouched", len);
        rijn_block_wipe(&b);
    }
    rijn_aes_wipe(&a);
}

static void run(const char *impl, void *arg)
{
    int m;
    size_t len, step = tu_quick() ? 13 : 1;
    (void)impl;
    (void)arg;
    for (m = 0; m < TU_D_NMODES; m++) {
        size_t mstep = (m == TU_D_CFB1_E || m == TU_D_CFB1_D) ? step * 5 : step;
        for (len = 0; len <= MAXLEN; len += mstep) {
            one_mode(m, len, 0);
            one_mode(m, len, 1);
        }
    }
    wrap();
    if (RIJN_CFG_AES_DECRYPT)
        pad_final();
}

int main(void)
{
    tu_rand_seed(0x5EED5);
    tu_for_each_impl(run, NULL);
    return tu_finish();
}
