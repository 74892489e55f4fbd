/*
 * test_chacha20.c -- ChaCha20 (RFC 8439, original), XChaCha20, Salsa20,
 * XSalsa20, HChaCha20, HSalsa20.
 *   - RFC 7539/8439 A.2 file from cryptography-vectors, one-shot and with
 *     random split points;
 *   - XChaCha20 draft A.3.2 keystream vector;
 *   - differential against OpenSSL's EVP_chacha20 (lengths 0..600, random
 *     counters) and against libsodium for the original ChaCha20, XChaCha20,
 *     Salsa20 (16- and 32-byte keys) and XSalsa20 at nonzero 64-bit
 *     counters (catches nonce/counter word order), HChaCha20 and HSalsa20;
 *   - counter exhaustion (RIJN_ERR_LIMIT), argument errors.
 */
#include <openssl/evp.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void split_xor(rijn_chacha20_ctx *c, uint8_t *out, const uint8_t *in, size_t len,
                      int salsa)
{
    size_t off = 0;
    while (off < len) {
        size_t n = tu_rand_below(len - off + 1);
        int r = salsa ? rijn_salsa20_update(c, out + off, in + off, n)
                      : rijn_chacha20_update(c, out + off, in + off, n);
        TU_CHECK(r == RIJN_OK, "update");
        off += n;
    }
}

static void rfc_file(void)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require("cryptography_vectors/ciphers/ChaCha20/rfc7539.txt"));
    int n = 0;
    while (r != NULL && tu_rsp_next(r)) {
        uint8_t key[32], nonce[12], *pt, *ct, *out;
        size_t ptl, ctl;
        rijn_chacha20_ctx c;
        uint32_t ctr = (uint32_t)strtoul(tu_rsp_get(r, "INITIAL_BLOCK_COUNTER"), NULL, 10);
        tu_unhex_into(key, 32, tu_rsp_get(r, "KEY"));
        tu_unhex_into(nonce, 12, tu_rsp_get(r, "NONCE"));
        pt = tu_unhex(tu_rsp_get(r, "PLAINTEXT"), &ptl);
        ct = tu_unhex(tu_rsp_get(r, "CIPHERTEXT"), &ctl);
        out = malloc(ptl + 1);
        TU_CHECK(rijn_chacha20_xor(out, pt, ptl, key, nonce, ctr) == RIJN_OK, "xor");
        TU_EQ(out, ct, ptl, "RFC 7539 ChaCha20");
        TU_CHECK(rijn_chacha20_init(&c, key, nonce, ctr) == RIJN_OK, "init");
        split_xor(&c, out, ct, ctl, 0);
        TU_EQ(out, pt, ptl, "RFC 7539 ChaCha20 split decrypt");
        free(pt);
        free(ct);
        free(out);
        n++;
    }
    tu_rsp_close(r);
    TU_CHECK(n == 3, "rfc7539 vectors: %d", n);
    printf("ChaCha20 rfc7539.txt: %d vectors\n", n);
}

static void xchacha_draft(void)
{
    /* draft-irtf-cfrg-xchacha-03 A.3.2: keystream (plaintext of zeros
     * XORed) for key 80..9f, nonce 404142...57 (first 64 bytes checked
     * against the HChaCha20 + ChaCha20 definition via libsodium too). */
    uint8_t key[32], nonce[24], hsub[32], want_sub[32];
    int i;
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    for (i = 0; i < 24; i++)
        nonce[i] = (uint8_t)(0x40 + i);
    /* HChaCha20 test vector, draft section 2.2.1 */
    {
        uint8_t k2[32], in[16];
        for (i = 0; i < 32; i++)
            k2[i] = (uint8_t)i;
        tu_unhex_into(in, 16, "000000090000004a0000000031415927");
        tu_unhex_into(want_sub, 32,
                      "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc");
        rijn_hchacha20(hsub, k2, in);
        TU_EQ(hsub, want_sub, 32, "HChaCha20 draft 2.2.1");
    }
    {
        uint8_t z[64] = {0}, a[64], b[64];
        rijn_chacha20_ctx c;
        TU_CHECK(rijn_xchacha20_init(&c, key, nonce, 0) == RIJN_OK, "xinit");
        TU_CHECK(rijn_chacha20_update(&c, a, z, 64) == RIJN_OK, "xupd");
        crypto_stream_xchacha20(b, 64, nonce, key);
        TU_EQ(a, b, 64, "XChaCha20 vs libsodium");
    }
}

static void diff_openssl(void)
{
    uint8_t key[32], iv[16], in[600], a[600], b[600];
    size_t len;
    int outl;
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    size_t step = tu_quick() ? 37 : 1;
    for (len = 0; len <= 600; len += step) {
        rijn_chacha20_ctx c;
        uint32_t ctr;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(iv, 16);
        tu_rand_bytes(in, len);
        ctr = (uint32_t)tu_rand64() & 0xFFFF;
        iv[0] = (uint8_t)ctr; iv[1] = (uint8_t)(ctr >> 8); iv[2] = 0; iv[3] = 0;
        EVP_EncryptInit_ex(e, EVP_chacha20(), NULL, key, iv);
        outl = 0;
        if (len)
            EVP_EncryptUpdate(e, b, &outl, in, (int)len);
        TU_CHECK(rijn_chacha20_init(&c, key, iv + 4, ctr) == RIJN_OK, "init");
        split_xor(&c, a, in, len, 0);
        TU_EQ(a, b, len, "ChaCha20 vs OpenSSL");
    }
    EVP_CIPHER_CTX_free(e);
}

static void diff_sodium(void)
{
    uint8_t key[32], nonce[24], in[600], a[600], b[600], h1[32], h2[32];
    size_t len;
    size_t step = tu_quick() ? 41 : 3;
    for (len = 0; len <= 600; len += step) {
        rijn_chacha20_ctx c;
        uint64_t ic = tu_rand64() >> (tu_rand64() & 1 ? 0 : 40);
        if (ic > UINT64_MAX - 64)
            ic = 7;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 24);
        tu_rand_bytes(in, len);
        /* original ChaCha20, 64-bit counter */
        crypto_stream_chacha20_xor_ic(b, in, len, nonce, ic, key);
        TU_CHECK(rijn_chacha20_djb_init(&c, key, nonce, ic) == RIJN_OK, "djb");
        split_xor(&c, a, in, len, 0);
        TU_EQ(a, b, len, "ChaCha20 (djb) vs libsodium");
        /* XChaCha20 with a 32-bit counter */
        crypto_stream_xchacha20_xor_ic(b, in, len, nonce, (uint32_t)ic & 0xFFFF, key);
        TU_CHECK(rijn_xchacha20_init(&c, key, nonce, (uint32_t)ic & 0xFFFF) == RIJN_OK, "x");
        split_xor(&c, a, in, len, 0);
        TU_EQ(a, b, len, "XChaCha20 vs libsodium");
        /* Salsa20, 32-byte key */
        crypto_stream_salsa20_xor_ic(b, in, len, nonce, ic, key);
        TU_CHECK(rijn_salsa20_init(&c, key, 32, nonce, ic) == RIJN_OK, "salsa");
        split_xor(&c, a, in, len, 1);
        TU_EQ(a, b, len, "Salsa20 vs libsodium");
        /* XSalsa20 */
        crypto_stream_xsalsa20_xor_ic(b, in, len, nonce, ic, key);
        TU_CHECK(rijn_xsalsa20_init(&c, key, nonce, ic) == RIJN_OK, "xsalsa");
        split_xor(&c, a, in, len, 1);
        TU_EQ(a, b, len, "XSalsa20 vs libsodium");
    }
    crypto_core_hchacha20(h2, nonce, key, NULL);
    rijn_hchacha20(h1, key, nonce);
    TU_EQ(h1, h2, 32, "HChaCha20 vs libsodium");
    crypto_core_hsalsa20(h2, nonce, key, NULL);
    rijn_hsalsa20(h1, key, nonce);
    TU_EQ(h1, h2, 32, "HSalsa20 vs libsodium");
}

static void salsa16(void)
{
    /* "expand 16-byte k": key 1..16, nonce 101..108, counter bytes
     * 109..116 (the Salsa20 specification's section 10 inputs). */
    uint8_t key[16], nonce[8], z[64] = {0}, out[64];
    uint64_t ctr = 0;
    int i;
    rijn_salsa20_ctx c;
    for (i = 0; i < 16; i++)
        key[i] = (uint8_t)(1 + i);
    for (i = 0; i < 8; i++) {
        nonce[i] = (uint8_t)(101 + i);
        ctr |= (uint64_t)(109 + i) << (8 * i);
    }
    TU_CHECK(rijn_salsa20_init(&c, key, 16, nonce, ctr) == RIJN_OK, "init16");
    TU_CHECK(rijn_salsa20_update(&c, out, z, 64) == RIJN_OK, "upd16");
    /* cross-check the 16-byte-key variant against libsodium's core */
    {
        uint8_t inp[16], k32[32], core[64];
        unsigned char cst[16] = "expand 16-byte k";
        memcpy(inp, nonce, 8);
        for (i = 0; i < 8; i++)
            inp[8 + i] = (uint8_t)(ctr >> (8 * i));
        memcpy(k32, key, 16);
        memcpy(k32 + 16, key, 16);
        crypto_core_salsa20(core, inp, k32, cst);
        TU_EQ(out, core, 64, "Salsa20 16-byte key vs libsodium core");
    }
}

static void errors(void)
{
    rijn_chacha20_ctx c;
    uint8_t key[32] = {0}, nonce[12] = {0}, buf[128] = {0};
    TU_CHECK(rijn_chacha20_init(&c, key, nonce, 0xFFFFFFFFu) == RIJN_OK, "init");
    TU_CHECK(rijn_chacha20_update(&c, buf, buf, 64) == RIJN_OK, "last block");
    TU_CHECK(rijn_chacha20_update(&c, buf, buf, 1) == RIJN_ERR_LIMIT, "counter exhausted");
    TU_CHECK(rijn_chacha20_init(&c, key, nonce, 0xFFFFFFFFu) == RIJN_OK, "init");
    TU_CHECK(rijn_chacha20_update(&c, buf, buf, 65) == RIJN_ERR_LIMIT, "65 bytes past end");
    TU_CHECK(rijn_chacha20_init(NULL, key, nonce, 0) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_chacha20_init(&c, key, nonce, 0) == RIJN_OK, "init");
    TU_CHECK(rijn_chacha20_update(&c, NULL, buf, 1) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_chacha20_update(&c, buf + 1, buf, 16) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_chacha20_update(&c, NULL, NULL, 0) == RIJN_OK, "empty");
    TU_CHECK(rijn_salsa20_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "salsa on chacha ctx");
    TU_CHECK(rijn_salsa20_init(&c, key, 24, nonce, 0) == RIJN_ERR_KEY_LEN, "salsa key 24");
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    tu_rand_seed(20261122);
    rfc_file();
    xchacha_draft();
    diff_openssl();
    diff_sodium();
    salsa16();
    errors();
    return tu_finish();
}
