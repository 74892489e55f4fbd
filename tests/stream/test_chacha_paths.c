/*
 * test_chacha_paths.c -- the vector paths of ChaCha20 (4-way SSSE3, 8-way
 * AVX2 / AVX-512VL) and Poly1305 (AVX2, AVX-512, IFMA), and whatever else the toolbox dispatches
 * at run time, against OpenSSL at lengths that cross their batch sizes
 * (512-byte ChaCha20 groups, 1 and 2 KiB on AVX-512, 128-byte Poly1305 groups, the 256-byte
 * threshold), with random split points, in place, and the original
 * ChaCha20's 64-bit counter across the low word's wrap. The program then
 * re-runs itself with RIJN_CPU_MASK hiding IFMA, AVX-512, AVX (SSSE3
 * left) and everything, so every compiled-in path is checked on a machine that has them all.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "rijn/chacha20.h"
#include "rijn/chachapoly.h"
#include "rijn/poly1305.h"
#include "testutil.h"
#include "tu_ossl.h"

#define TMAX 9000
#define EQ(got, want, n, ...) TU_CHECK(memcmp((got), (want), (n)) == 0, __VA_ARGS__)

static uint8_t *pt, *ct, *want, *buf;

static void chacha_ref(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                       const uint8_t nonce[12], uint32_t ctr)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    uint8_t iv[16];
    int ol = 0;
    iv[0] = (uint8_t)ctr; iv[1] = (uint8_t)(ctr >> 8);
    iv[2] = (uint8_t)(ctr >> 16); iv[3] = (uint8_t)(ctr >> 24);
    memcpy(iv + 4, nonce, 12);
    EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv);
    EVP_EncryptUpdate(c, out, &ol, in, (int)len);
    EVP_CIPHER_CTX_free(c);
}

static void aead_ref(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t len,
                     const uint8_t *aad, size_t alen, const uint8_t key[32],
                     const uint8_t nonce[12])
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int ol = 0;
    EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key, nonce);
    EVP_EncryptUpdate(c, NULL, &ol, aad, (int)alen);
    EVP_EncryptUpdate(c, out, &ol, in, (int)len);
    EVP_EncryptFinal_ex(c, out + ol, &ol);
    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(c);
}

static size_t pick_len(int i)
{
    static const size_t edges[] = {0, 1, 63, 64, 65, 255, 256, 257, 383, 384, 511, 512, 513,
                                   575, 1023, 1024, 1025, 1536, 4095, 4096, 4097, 8192,
                                   2047, 2048, 2049, 3071, 3072, 3073, 3584};
    if ((size_t)i < sizeof edges / sizeof edges[0])
        return edges[i];
    return tu_rand_below(TMAX);
}

static void chacha_paths(void)
{
    int i, n = tu_quick() ? 30 : 120;
    for (i = 0; i < n; i++) {
        uint8_t key[32], nonce[12];
        size_t len = pick_len(i), cut;
        uint32_t ctr = (uint32_t)tu_rand_below(3);
        rijn_chacha20_ctx c;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(pt, len);
        chacha_ref(want, pt, len, key, nonce, ctr);
        TU_CHECK(rijn_chacha20_xor(ct, pt, len, key, nonce, ctr) == RIJN_OK, "xor");
        EQ(ct, want, len, "chacha20 one-shot len %zu", len);
        /* streaming with a split, in place */
        memcpy(buf, pt, len);
        cut = len ? tu_rand_below(len + 1) : 0;
        TU_CHECK(rijn_chacha20_init(&c, key, nonce, ctr) == RIJN_OK, "init");
        TU_CHECK(rijn_chacha20_update(&c, buf, buf, cut) == RIJN_OK, "upd1");
        TU_CHECK(rijn_chacha20_update(&c, buf + cut, buf + cut, len - cut) == RIJN_OK, "upd2");
        EQ(buf, want, len, "chacha20 split %zu/%zu in place", cut, len);
        rijn_chacha20_wipe(&c);
    }
}

/* Original ChaCha20 with the 64-bit counter crossing 2^32 inside a long
 * update, against the same stream made 64 bytes at a time (scalar). */
static void chacha_djb_wrap(void)
{
    uint8_t key[32], nonce[8];
    uint64_t start;
    int k;
    for (k = 0; k < 3; k++) {
        size_t len = 4096 + 64 * (size_t)k, off;
        rijn_chacha20_ctx c;
        start = k == 2 ? 5 : 0xfffffff0u + (uint64_t)k * 7;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 8);
        tu_rand_bytes(pt, len);
        TU_CHECK(rijn_chacha20_djb_init(&c, key, nonce, start) == RIJN_OK, "djb init");
        TU_CHECK(rijn_chacha20_update(&c, ct, pt, len) == RIJN_OK, "djb long");
        TU_CHECK(rijn_chacha20_djb_init(&c, key, nonce, start) == RIJN_OK, "djb init 2");
        for (off = 0; off < len; off += 64)
            TU_CHECK(rijn_chacha20_update(&c, want + off, pt + off, 64) == RIJN_OK, "djb 64");
        EQ(ct, want, len, "djb counter from %llx", (unsigned long long)start);
        rijn_chacha20_wipe(&c);
    }
    /* the IETF counter's end: exactly the blocks left, then one more */
    {
        uint8_t n12[12] = {0};
        rijn_chacha20_ctx c;
        tu_rand_bytes(key, 32);
        TU_CHECK(rijn_chacha20_init(&c, key, n12, 0xffffffffu - 15) == RIJN_OK, "init end");
        memset(buf, 0xAA, 1100);
        TU_CHECK(rijn_chacha20_update(&c, buf, pt, 1088) == RIJN_ERR_LIMIT, "past end");
        TU_CHECK(buf[0] == 0xAA, "nothing written past the limit");
        TU_CHECK(rijn_chacha20_update(&c, buf, pt, 1024) == RIJN_OK, "to the end");
        chacha_ref(want, pt, 1024, key, n12, 0xffffffffu - 15);
        EQ(buf, want, 1024, "last 16 blocks");
        TU_CHECK(rijn_chacha20_update(&c, buf, pt, 1) == RIJN_ERR_LIMIT, "after the end");
        rijn_chacha20_wipe(&c);
    }
}

static void poly_paths(void)
{
    int i, n = tu_quick() ? 30 : 120;
    for (i = 0; i < n; i++) {
        uint8_t key[32], tag[16], tw[16];
        size_t len = pick_len(i), cut, cut2;
        rijn_poly1305_ctx c;
        tu_rand_bytes(key, 32);
        if (i % 7 == 3)
            memset(key, 0xff, 16); /* r at its clamped maximum */
        if (i % 5 == 1)
            memset(pt, 0xff, len); /* message limbs at their maximum */
        else
            tu_rand_bytes(pt, len);
        tu_ossl_poly1305(tw, key, pt, len);
        TU_CHECK(rijn_poly1305(tag, key, pt, len) == RIJN_OK, "poly");
        EQ(tag, tw, 16, "poly1305 len %zu", len);
        cut = len ? tu_rand_below(len + 1) : 0;
        cut2 = cut + (len - cut ? tu_rand_below(len - cut + 1) : 0);
        TU_CHECK(rijn_poly1305_init(&c, key) == RIJN_OK, "init");
        TU_CHECK(rijn_poly1305_update(&c, pt, cut) == RIJN_OK, "u1");
        TU_CHECK(rijn_poly1305_update(&c, pt + cut, cut2 - cut) == RIJN_OK, "u2");
        TU_CHECK(rijn_poly1305_update(&c, pt + cut2, len - cut2) == RIJN_OK, "u3");
        TU_CHECK(rijn_poly1305_final(&c, tag) == RIJN_OK, "final");
        EQ(tag, tw, 16, "poly1305 splits %zu/%zu/%zu", cut, cut2, len);
    }
}

static void aead_paths(void)
{
    int i, n = tu_quick() ? 20 : 80;
    for (i = 0; i < n; i++) {
        uint8_t key[32], nonce[12], aad[300], tag[16], tw[16];
        size_t len = pick_len(i), alen = tu_rand_below(sizeof aad);
        rijn_chachapoly_ctx k;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(aad, alen);
        tu_rand_bytes(pt, len);
        aead_ref(want, tw, pt, len, aad, alen, key, nonce);
        TU_CHECK(rijn_chacha20poly1305_init(&k, key, 32) == RIJN_OK, "init");
        TU_CHECK(rijn_chacha20poly1305_seal(&k, ct, tag, 16, nonce, 12, aad, alen, pt, len) ==
                     RIJN_OK, "seal");
        EQ(ct, want, len, "chacha20-poly1305 ct len %zu aad %zu", len, alen);
        EQ(tag, tw, 16, "chacha20-poly1305 tag len %zu aad %zu", len, alen);
        TU_CHECK(rijn_chacha20poly1305_open(&k, buf, tag, 16, nonce, 12, aad, alen, ct, len) ==
                     RIJN_OK, "open");
        EQ(buf, pt, len, "open len %zu", len);
        if (len > 0) {
            ct[tu_rand_below(len)] ^= 0x10;
            TU_CHECK(rijn_chacha20poly1305_open(&k, buf, tag, 16, nonce, 12, aad, alen, ct, len) ==
                         RIJN_ERR_AUTH, "tampered len %zu", len);
        }
        rijn_chacha20poly1305_wipe(&k);
    }
}


int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    tu_rand_seed(0xc4ac4a20u);
    printf("# cpu features 0x%x\n", (unsigned)rijn_i_cpu_features());
    pt = malloc(TMAX);
    ct = malloc(TMAX + 16);
    want = malloc(TMAX + 16);
    buf = malloc(TMAX);
    if (pt == NULL || ct == NULL || want == NULL || buf == NULL)
        return 1;
    chacha_paths();
    chacha_djb_wrap();
    poly_paths();
    aead_paths();
    free(pt);
    free(ct);
    free(want);
    free(buf);
    if (!tu_rerun_is_child("RIJN_TOOLBOX_CHILD")) {
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512IFMA, "no IFMA: AVX-512 Poly1305",
                        "RIJN_TOOLBOX_CHILD");
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512", "RIJN_TOOLBOX_CHILD");
        tu_rerun_masked(argv, RIJN_CPU_AESNI | RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3 | RIJN_CPU_SSE41,
                        "no AVX: SSSE3 ChaCha20", "RIJN_TOOLBOX_CHILD");
        tu_rerun_masked(argv, 0, "no extensions: portable code", "RIJN_TOOLBOX_CHILD");
    }
    return tu_finish();
}
