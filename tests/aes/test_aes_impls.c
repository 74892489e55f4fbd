/*
 * test_aes_impls.c -- every compiled-in AES implementation against
 * OpenSSL's AES (EVP aes-{128,192,256}-ecb, no padding): random keys of
 * each size, random data, block counts 0..9 and larger ones (so partial
 * and whole bitsliced groups), encryption and decryption, in place and out
 * of place, buffers offset by 0..7 bytes, encrypt-only contexts; plus a
 * guard that nothing is written past the output.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "testutil.h"

#define MAXBLK 64

/* OpenSSL reference: ECB without padding. Returns 0 on success. */
static int ossl_ecb(int enc, const uint8_t *key, size_t klen, uint8_t *out, const uint8_t *in,
                    size_t nblocks)
{
    const EVP_CIPHER *c = klen == 16 ? EVP_aes_128_ecb()
                          : klen == 24 ? EVP_aes_192_ecb()
                                       : EVP_aes_256_ecb();
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int len = 0, ok;
    if (x == NULL)
        return -1;
    ok = EVP_CipherInit_ex(x, c, NULL, key, NULL, enc) == 1 &&
         EVP_CIPHER_CTX_set_padding(x, 0) == 1;
    if (ok && nblocks > 0)
        ok = EVP_CipherUpdate(x, out, &len, in, (int)(16 * nblocks)) == 1 &&
             (size_t)len == 16 * nblocks;
    EVP_CIPHER_CTX_free(x);
    return ok ? 0 : -1;
}

static int key_allowed(size_t klen)
{
    return klen == 16 || (RIJN_CFG_AES_192 && klen == 24) || (RIJN_CFG_AES_256 && klen == 32);
}

/* One key, one block count, both directions, in and out of place. */
static void check_one(const char *impl, const uint8_t *key, size_t klen, size_t n)
{
    static uint8_t pt[16 * MAXBLK + 16], want[16 * MAXBLK + 16];
    static uint8_t buf[16 * MAXBLK + 32], src[16 * MAXBLK + 32];
    rijn_aes_ctx ctx, ectx;
    size_t off = tu_rand_below(8), soff = tu_rand_below(8), len = 16 * n;
    uint8_t *o = buf + off, *s = src + soff;
    int r;

    tu_rand_bytes(pt, len);
    TU_CHECK(ossl_ecb(1, key, klen, want, pt, n) == 0, "openssl encrypt");
    r = rijn_aes_init(&ctx, key, klen);
    TU_CHECK(r == RIJN_OK, "init %zu: %d", klen, r);
    if (r != RIJN_OK)
        return;
    TU_CHECK(strcmp(rijn_aes_ctx_impl_name(&ctx), impl) == 0, "impl %s",
             rijn_aes_ctx_impl_name(&ctx));

    /* out of place, both buffers at odd offsets; guard bytes after out */
    memcpy(s, pt, len);
    memset(buf, 0xA5, sizeof buf);
    TU_CHECK(rijn_aes_encrypt_blocks(&ctx, o, s, n) == RIJN_OK, "encrypt");
    TU_EQ(o, want, len, "encrypt out of place");
    TU_CHECK(o[len] == 0xA5 && (off == 0 || o[-1] == 0xA5), "encrypt wrote outside");
    TU_EQ(s, pt, len, "encrypt changed its input");

    /* in place */
    memcpy(o, pt, len);
    TU_CHECK(rijn_aes_encrypt_blocks(&ctx, o, o, n) == RIJN_OK, "encrypt in place");
    TU_EQ(o, want, len, "encrypt in place");

    /* encrypt-only context */
    TU_CHECK(rijn_aes_init_enc(&ectx, key, klen) == RIJN_OK, "init_enc");
    memcpy(s, pt, len);
    TU_CHECK(rijn_aes_encrypt_blocks(&ectx, o, s, n) == RIJN_OK, "encrypt (enc ctx)");
    TU_EQ(o, want, len, "encrypt with encrypt-only context");
    TU_CHECK(rijn_aes_decrypt_blocks(&ectx, o, s, n) ==
                 (RIJN_CFG_AES_DECRYPT ? RIJN_ERR_STATE : RIJN_ERR_UNSUPPORTED),
             "decrypt on encrypt-only context");

#if RIJN_CFG_AES_DECRYPT
    /* decryption: random ciphertext checked against OpenSSL, then round trip */
    tu_rand_bytes(s, len);
    TU_CHECK(ossl_ecb(0, key, klen, want, s, n) == 0, "openssl decrypt");
    memset(buf, 0x5A, sizeof buf);
    TU_CHECK(rijn_aes_decrypt_blocks(&ctx, o, s, n) == RIJN_OK, "decrypt");
    TU_EQ(o, want, len, "decrypt out of place");
    TU_CHECK(o[len] == 0x5A && (off == 0 || o[-1] == 0x5A), "decrypt wrote outside");
    memcpy(o, s, len);
    TU_CHECK(rijn_aes_decrypt_blocks(&ctx, o, o, n) == RIJN_OK, "decrypt in place");
    TU_EQ(o, want, len, "decrypt in place");
    TU_CHECK(ossl_ecb(1, key, klen, want, pt, n) == 0, "openssl encrypt");
    memcpy(o, want, len);
    TU_CHECK(rijn_aes_decrypt_blocks(&ctx, o, o, n) == RIJN_OK, "decrypt round trip");
    TU_EQ(o, pt, len, "decrypt(encrypt(p)) == p");
#else
    TU_CHECK(rijn_aes_decrypt_blocks(&ctx, o, s, n) == RIJN_ERR_UNSUPPORTED,
             "decrypt compiled out");
#endif
    rijn_aes_wipe(&ctx);
    rijn_aes_wipe(&ectx);
}

static void run(const char *impl, void *arg)
{
    static const size_t counts[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 17, 33, 64};
    size_t ki, ci, rep, reps = tu_quick() ? 2 : 12;
    uint8_t key[32];
    (void)arg;
    tu_context = impl;
    for (ki = 0; ki < 3; ki++) {
        size_t klen = 16 + 8 * ki;
        if (!key_allowed(klen)) {
            rijn_aes_ctx ctx;
            memset(key, 0, sizeof key);
            TU_CHECK(rijn_aes_init(&ctx, key, klen) == RIJN_ERR_KEY_LEN, "key %zu off", klen);
            continue;
        }
        for (rep = 0; rep < reps; rep++)
            for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
                tu_rand_bytes(key, klen);
                check_one(impl, key, klen, counts[ci]);
            }
        /* all-zero and all-one keys: edge values for the key schedule */
        memset(key, 0, klen);
        check_one(impl, key, klen, 5);
        memset(key, 0xFF, klen);
        check_one(impl, key, klen, 5);
    }
    tu_context = NULL;
}

int main(void)
{
    int n = tu_for_each_impl(run, NULL);
    TU_CHECK(n >= 1, "implementations run: %d", n);
    return tu_finish();
}
