/*
 * matrix_main.c -- the program tests/package/test_config_matrix.sh links against
 * the library built with each documented RIJN_CFG_* combination: known
 * answers that every configuration keeps (AES-128 FIPS 197 on every
 * compiled-in implementation, decryption where compiled in, AES-256 where
 * compiled in, GCM, ChaCha20-Poly1305, SHA-256).
 */
#include <stdio.h>
#include <string.h>

#include "rijn.h"

static int fails;

static void hex(uint8_t *out, const char *h, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned v;
        sscanf(h + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        fails++;
    }
}

int main(void)
{
    uint8_t key[32], pt[16], ct[16], out[16], back[16], tag[16], iv[12] = {0}, d[32] = {0}, h[32];
    size_t i;
    rijn_aes_ctx aes;
    rijn_gcm_ctx gcm;
    rijn_chachapoly_ctx cp;

    hex(pt, "00112233445566778899aabbccddeeff", 16);
    hex(key, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", 32);
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *impl = rijn_aes_impl_at(i);
        if (!rijn_aes_impl_available(impl))
            continue;
        hex(ct, "69c4e0d86a7b0430d8cdb78070b4c55a", 16);
        check(rijn_aes_init_impl(&aes, impl, key, 16) == RIJN_OK, "AES-128 init");
        check(rijn_aes_encrypt_blocks(&aes, out, pt, 1) == RIJN_OK && memcmp(out, ct, 16) == 0,
              rijn_aes_impl_name(impl));
#if RIJN_CFG_AES_DECRYPT
        check(rijn_aes_decrypt_blocks(&aes, back, out, 1) == RIJN_OK && memcmp(back, pt, 16) == 0,
              "AES-128 decrypt");
#else
        check(rijn_aes_decrypt_blocks(&aes, back, out, 1) == RIJN_ERR_UNSUPPORTED,
              "decrypt compiled out");
#endif
#if RIJN_CFG_AES_256
        hex(ct, "8ea2b7ca516745bfeafc49904b496089", 16);
        check(rijn_aes_init_impl(&aes, impl, key, 32) == RIJN_OK, "AES-256 init");
        check(rijn_aes_encrypt_blocks(&aes, out, pt, 1) == RIJN_OK && memcmp(out, ct, 16) == 0,
              "AES-256");
#else
        check(rijn_aes_init_impl(&aes, impl, key, 32) == RIJN_ERR_KEY_LEN, "AES-256 compiled out");
#endif
    }
    /* GCM, SP 800-38D test case 2 (zero key, zero IV, one zero block) */
    memset(key, 0, 16);
    memset(pt, 0, 16);
    hex(ct, "0388dace60b6a392f328c2b971b2fe78", 16);
    hex(back, "ab6e47d42cec13bdf53a67b21257bddf", 16);
    check(rijn_gcm_init(&gcm, key, 16) == RIJN_OK, "GCM init");
    check(rijn_gcm_seal(&gcm, out, tag, 16, iv, 12, NULL, 0, pt, 16) == RIJN_OK &&
              memcmp(out, ct, 16) == 0 && memcmp(tag, back, 16) == 0, "GCM test case 2");
    /* ChaCha20-Poly1305 round trip + tamper */
    check(rijn_chacha20poly1305_init(&cp, d, 32) == RIJN_OK, "chachapoly init");
    check(rijn_chacha20poly1305_seal(&cp, out, tag, 16, iv, 12, NULL, 0, pt, 16) == RIJN_OK,
          "chachapoly seal");
    out[0] ^= 1;
    check(rijn_chacha20poly1305_open(&cp, back, tag, 16, iv, 12, NULL, 0, out, 16) == RIJN_ERR_AUTH,
          "chachapoly tamper");
    /* SHA-256("abc") */
    hex(d, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", 32);
    check(rijn_sha256(h, (const uint8_t *)"abc", 3) == RIJN_OK && memcmp(h, d, 32) == 0,
          "SHA-256 abc");
    printf("configuration: %d failed checks\n", fails);
    return fails != 0;
}
