/*
 * test_stream_ext.c -- the libsodium-compatible stream variants:
 *   Salsa20/12 and Salsa20/8 (rijn_salsa20_init_rounds) against
 *   crypto_stream_salsa2012_xor / crypto_stream_salsa208_xor, with
 *   Salsa20/20 through the same entry against crypto_stream_salsa20_xor;
 *   HChaCha20 / HSalsa20 with caller constants against crypto_core_hchacha20
 *   / crypto_core_hsalsa20 (random constants), the XChaCha draft's
 *   HChaCha20 vector (2.2.1) and NaCl's HSalsa20 vector (core1) through the
 *   constant-taking entries with the standard constants given explicitly;
 *   XChaCha20 with a 64-bit counter against crypto_stream_xchacha20_xor_ic
 *   (counters near 2^32 and 2^64 - 1 blocks) and equal to the IETF form
 *   below 2^32; ChaCha20-Poly1305 with the 8-byte nonce against
 *   crypto_aead_chacha20poly1305_{en,de}crypt_detached both ways,
 *   tampering (tag, text, AAD: RIJN_ERR_AUTH and a wiped output),
 *   in-place use and argument errors.
 */
#include <stdlib.h>
#include <string.h>

/* libsodium marks Salsa20/8 deprecated (reduced rounds): the test uses it
 * as the reference all the same. */
#define SODIUM_DEPRECATED_NO_WARN 1
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
#include <sodium.h>

#include "testutil.h"

static void salsa_rounds(void)
{
    uint8_t key[32], nonce[8], in[300], got[300], want[300];
    unsigned rounds[3] = {20, 12, 8};
    int i, k;
    rijn_salsa20_ctx c;
    for (i = 0; i < 30; i++) {
        size_t n = tu_rand_below(sizeof in);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 8);
        tu_rand_bytes(in, n);
        for (k = 0; k < 3; k++) {
            size_t split = n ? tu_rand_below(n) : 0;
            TU_CHECK(rijn_salsa20_init_rounds(&c, key, 32, nonce, 0, rounds[k]) == RIJN_OK &&
                         rijn_salsa20_update(&c, got, in, split) == RIJN_OK &&
                         rijn_salsa20_update(&c, got + split, in + split, n - split) == RIJN_OK,
                     "salsa20/%u", rounds[k]);
            if (rounds[k] == 20)
                crypto_stream_salsa20_xor(want, in, n, nonce, key);
            else if (rounds[k] == 12)
                crypto_stream_salsa2012_xor(want, in, n, nonce, key);
            else
                crypto_stream_salsa208_xor(want, in, n, nonce, key);
            TU_EQ(got, want, n, rounds[k] == 12 ? "Salsa20/12 vs libsodium"
                               : rounds[k] == 8 ? "Salsa20/8 vs libsodium"
                                                : "Salsa20/20 vs libsodium");
        }
    }
    TU_CHECK(rijn_salsa20_init_rounds(&c, key, 32, nonce, 0, 10) == RIJN_ERR_PARAM, "rounds 10");
}

static void h_functions(void)
{
    static const uint8_t sigma[16] = "expand 32-byte k";
    uint8_t key[32], in[16], c[16], got[32], want[32];
    int i;
    /* XChaCha draft section 2.2.1 */
    TU_CHECK(tu_unhex_into(key, 32, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b"
                                    "1c1d1e1f") == 0 &&
                 tu_unhex_into(in, 16, "000000090000004a0000000031415927") == 0 &&
                 tu_unhex_into(want, 32, "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12"
                                         "ec41326d3ecdc") == 0,
             "hex");
    rijn_hchacha20_c(got, key, in, sigma);
    TU_EQ(got, want, 32, "HChaCha20 draft 2.2.1 with explicit constants");
    /* NaCl core1: HSalsa20 of the shared secret with a zero input */
    TU_CHECK(tu_unhex_into(key, 32, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1"
                                    "e161742") == 0 &&
                 tu_unhex_into(want, 32, "1b27556473e985d462cd51197a9a46c76009549eac6474f206c"
                                         "4ee0844f68389") == 0,
             "hex");
    memset(in, 0, 16);
    rijn_hsalsa20_c(got, key, in, sigma);
    TU_EQ(got, want, 32, "HSalsa20 NaCl core1 with explicit constants");
    for (i = 0; i < 40; i++) {
        tu_rand_bytes(key, 32);
        tu_rand_bytes(in, 16);
        tu_rand_bytes(c, 16);
        rijn_hchacha20_c(got, key, in, i % 4 == 0 ? NULL : c);
        crypto_core_hchacha20(want, in, key, i % 4 == 0 ? NULL : c);
        TU_EQ(got, want, 32, "HChaCha20 with constants vs libsodium");
        rijn_hsalsa20_c(got, key, in, i % 4 == 0 ? NULL : c);
        crypto_core_hsalsa20(want, in, key, i % 4 == 0 ? NULL : c);
        TU_EQ(got, want, 32, "HSalsa20 with constants vs libsodium");
    }
}

static void xchacha_djb(void)
{
    static const uint64_t ctrs[] = {0, 1, 0xfffffffeu, 0xffffffffu, 0x100000000ull,
                                    0xfffffffffffffff0ull};
    uint8_t key[32], nonce[24], in[400], got[400], want[400];
    rijn_chacha20_ctx c;
    size_t i;
    for (i = 0; i < 24; i++) {
        uint64_t ctr = ctrs[i % 6];
        size_t n = 1 + tu_rand_below(sizeof in - 1);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 24);
        tu_rand_bytes(in, n);
        TU_CHECK(rijn_xchacha20_djb_init(&c, key, nonce, ctr) == RIJN_OK &&
                     rijn_chacha20_update(&c, got, in, n) == RIJN_OK,
                 "xchacha20 djb");
        crypto_stream_xchacha20_xor_ic(want, in, n, nonce, ctr, key);
        TU_EQ(got, want, n, "XChaCha20 64-bit counter vs libsodium xor_ic");
        if (ctr < 0xfffffff0u) {
            TU_CHECK(rijn_xchacha20_init(&c, key, nonce, (uint32_t)ctr) == RIJN_OK &&
                         rijn_chacha20_update(&c, want, in, n) == RIJN_OK,
                     "xchacha20 ietf");
            TU_EQ(got, want, n, "64-bit counter form = IETF form below 2^32");
        }
    }
}

static void chachapoly_djb(void)
{
    uint8_t key[32], nonce[8], ad[50], pt[300], ct[300], ct2[300], out[300], tag[16], tag2[16];
    unsigned long long tl;
    int i;
    for (i = 0; i < 40; i++) {
        size_t n = tu_rand_below(sizeof pt), an = tu_rand_below(sizeof ad), k;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 8);
        tu_rand_bytes(ad, an);
        tu_rand_bytes(pt, n);
        TU_CHECK(rijn_chacha20poly1305_djb_seal(ct, tag, key, nonce, ad, an, pt, n) == RIJN_OK,
                 "seal");
        crypto_aead_chacha20poly1305_encrypt_detached(ct2, tag2, &tl, pt, n, ad, an, NULL,
                                                      nonce, key);
        TU_EQ(ct, ct2, n, "ciphertext vs libsodium");
        TU_EQ(tag, tag2, 16, "tag vs libsodium");
        TU_CHECK(crypto_aead_chacha20poly1305_decrypt_detached(out, NULL, ct, n, tag, ad, an,
                                                               nonce, key) == 0,
                 "libsodium opens rijn's");
        memset(out, 0xee, sizeof out);
        TU_CHECK(rijn_chacha20poly1305_djb_open(out, tag, key, nonce, ad, an, ct, n) ==
                         RIJN_OK &&
                     memcmp(out, pt, n) == 0,
                 "open");
        if (n > 0) {
            k = tu_rand_below(n);
            ct[k] ^= 1;
            memset(out, 0xee, sizeof out);
            TU_CHECK(rijn_chacha20poly1305_djb_open(out, tag, key, nonce, ad, an, ct, n) ==
                         RIJN_ERR_AUTH,
                     "changed text");
            for (k = 0; k < n && out[k] == 0; k++)
                ;
            TU_CHECK(k == n, "output wiped after a failed open");
        }
        tag[0] ^= 1;
        TU_CHECK(rijn_chacha20poly1305_djb_open(out, tag, key, nonce, ad, an, ct2, n) ==
                     RIJN_ERR_AUTH,
                 "changed tag");
        tag[0] ^= 1;
        if (an > 0) {
            ad[0] ^= 1;
            TU_CHECK(rijn_chacha20poly1305_djb_open(out, tag2, key, nonce, ad, an, ct2, n) ==
                         RIJN_ERR_AUTH,
                     "changed AAD");
            ad[0] ^= 1;
        }
        memcpy(out, ct2, n);
        TU_CHECK(rijn_chacha20poly1305_djb_open(out, tag2, key, nonce, ad, an, out, n) ==
                         RIJN_OK &&
                     memcmp(out, pt, n) == 0,
                 "open in place");
    }
    TU_CHECK(rijn_chacha20poly1305_djb_seal(ct, tag, NULL, nonce, NULL, 0, pt, 1) ==
                 RIJN_ERR_NULL,
             "NULL key");
    TU_CHECK(rijn_chacha20poly1305_djb_seal(pt + 1, tag, key, nonce, NULL, 0, pt, 10) ==
                 RIJN_ERR_PARAM,
             "partial overlap");
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    salsa_rounds();
    h_functions();
    xchacha_djb();
    chachapoly_djb();
    return tu_finish();
}
