/*
 * test_blake2_ext.c -- BLAKE2b with salt and personalization, and BLAKE2s:
 *   RFC 7693 appendix B (BLAKE2s-256 of "abc") and the appendix E
 *   self-tests of both (grand hash over unkeyed and keyed hashes of
 *   several lengths); BLAKE2b salt/personal against libsodium's
 *   crypto_generichash_blake2b_salt_personal (keyed and not, every output
 *   length); BLAKE2s against OpenSSL's BLAKE2S-256 digest and BLAKE2SMAC
 *   (key, output size, salt, personalization "custom"), random splits;
 *   argument errors.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <sodium.h>

#include "testutil.h"

static void seq(uint8_t *out, size_t len, uint32_t seed)
{
    uint32_t t, a = 0xDEAD4BADu * seed, b = 1;
    size_t i;
    for (i = 0; i < len; i++) {
        t = a + b;
        a = b;
        b = t;
        out[i] = (uint8_t)(t >> 24);
    }
}

static void rfc7693(void)
{
    static const size_t s_md[4] = {16, 20, 28, 32}, s_in[6] = {0, 3, 64, 65, 255, 1024};
    static const size_t b_md[4] = {20, 32, 48, 64}, b_in[6] = {0, 3, 128, 129, 255, 1024};
    uint8_t in[1024], md[64], key[64], want[32];
    rijn_blake2s_ctx s;
    rijn_blake2b_ctx b;
    size_t i, j;
    int ok = 1;
    TU_CHECK(tu_unhex_into(want, 32, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c"
                                     "86675982") == 0 &&
                 rijn_blake2s(md, 32, NULL, 0, (const uint8_t *)"abc", 3) == RIJN_OK,
             "abc");
    TU_EQ(md, want, 32, "RFC 7693 B.2 BLAKE2s-256(\"abc\")");
    ok &= rijn_blake2s_init(&s, 32) == RIJN_OK;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 6; j++) {
            seq(in, s_in[j], (uint32_t)s_in[j]);
            ok &= rijn_blake2s(md, s_md[i], NULL, 0, in, s_in[j]) == RIJN_OK;
            ok &= rijn_blake2s_update(&s, md, s_md[i]) == RIJN_OK;
            seq(key, s_md[i], (uint32_t)s_md[i]);
            ok &= rijn_blake2s(md, s_md[i], key, s_md[i], in, s_in[j]) == RIJN_OK;
            ok &= rijn_blake2s_update(&s, md, s_md[i]) == RIJN_OK;
        }
    ok &= rijn_blake2s_final(&s, md) == RIJN_OK;
    TU_CHECK(ok && tu_unhex_into(want, 32, "6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fb"
                                           "dc88797f4c1dfe") == 0,
             "selftest s");
    TU_EQ(md, want, 32, "RFC 7693 appendix E BLAKE2s self-test");
    ok &= rijn_blake2b_init(&b, 32) == RIJN_OK;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 6; j++) {
            seq(in, b_in[j], (uint32_t)b_in[j]);
            ok &= rijn_blake2b(md, b_md[i], NULL, 0, in, b_in[j]) == RIJN_OK;
            ok &= rijn_blake2b_update(&b, md, b_md[i]) == RIJN_OK;
            seq(key, b_md[i], (uint32_t)b_md[i]);
            ok &= rijn_blake2b(md, b_md[i], key, b_md[i], in, b_in[j]) == RIJN_OK;
            ok &= rijn_blake2b_update(&b, md, b_md[i]) == RIJN_OK;
        }
    ok &= rijn_blake2b_final(&b, md) == RIJN_OK;
    TU_CHECK(ok && tu_unhex_into(want, 32, "c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f"
                                           "5e765a7bccd475") == 0,
             "selftest b");
    TU_EQ(md, want, 32, "RFC 7693 appendix E BLAKE2b self-test");
}

static void blake2b_salt_personal(void)
{
    uint8_t key[64], salt[16], pers[16], in[300], got[64], want[64];
    rijn_blake2b_ctx c;
    int i;
    for (i = 0; i < 60; i++) {
        size_t n = tu_rand_below(sizeof in), out = 16 + tu_rand_below(49),
               kl = i % 3 == 0 ? 0 : 1 + tu_rand_below(64), split = n ? tu_rand_below(n) : 0;
        tu_rand_bytes(key, kl);
        tu_rand_bytes(salt, 16);
        tu_rand_bytes(pers, 16);
        tu_rand_bytes(in, n);
        TU_CHECK(rijn_blake2b_init_param(&c, out, key, kl, salt, pers) == RIJN_OK &&
                     rijn_blake2b_update(&c, in, split) == RIJN_OK &&
                     rijn_blake2b_update(&c, in + split, n - split) == RIJN_OK &&
                     rijn_blake2b_final(&c, got) == RIJN_OK,
                 "blake2b param");
        TU_CHECK(crypto_generichash_blake2b_salt_personal(want, out, in, n, kl ? key : NULL, kl,
                                                          salt, pers) == 0,
                 "libsodium");
        TU_EQ(got, want, out, "BLAKE2b salt/personal vs libsodium");
    }
    TU_CHECK(rijn_blake2b_init_param(&c, 32, NULL, 0, NULL, NULL) == RIJN_OK &&
                 rijn_blake2b_final(&c, got) == RIJN_OK &&
                 rijn_blake2b(want, 32, NULL, 0, NULL, 0) == RIJN_OK &&
                 memcmp(got, want, 32) == 0,
             "NULL salt/personal = plain BLAKE2b");
}

static int ossl_blake2s(uint8_t *out, size_t out_len, const uint8_t *key, size_t kl,
                        const uint8_t *salt, const uint8_t *pers, const uint8_t *in, size_t n)
{
    EVP_MAC *mac;
    EVP_MAC_CTX *ctx;
    OSSL_PARAM params[4];
    size_t got = 0;
    int ok, np = 0;
    if (kl == 0) { /* the digest: no key, 32 bytes only */
        unsigned int l = 0;
        return EVP_Digest(in, n, out, &l, EVP_blake2s256(), NULL) == 1 && l == 32;
    }
    mac = EVP_MAC_fetch(NULL, "BLAKE2SMAC", NULL);
    ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    params[np++] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &out_len);
    if (salt != NULL)
        params[np++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_SALT, (void *)salt, 8);
    if (pers != NULL)
        params[np++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, (void *)pers, 8);
    params[np] = OSSL_PARAM_construct_end();
    ok = ctx != NULL && EVP_MAC_init(ctx, key, kl, params) == 1 &&
         EVP_MAC_update(ctx, in, n) == 1 && EVP_MAC_final(ctx, out, &got, out_len) == 1 &&
         got == out_len;
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    return ok;
}

static void blake2s_diff(void)
{
    uint8_t key[32], salt[8], pers[8], in[700], got[32], want[32];
    rijn_blake2s_ctx c;
    int i;
    for (i = 0; i < 80; i++) {
        int keyed = i % 4 != 0, sp = keyed && i % 3 == 0;
        size_t n = tu_rand_below(sizeof in), kl = keyed ? 1 + tu_rand_below(32) : 0,
               out = keyed ? 1 + tu_rand_below(32) : 32, split = n ? tu_rand_below(n) : 0;
        tu_rand_bytes(key, kl);
        tu_rand_bytes(salt, 8);
        tu_rand_bytes(pers, 8);
        tu_rand_bytes(in, n);
        TU_CHECK(rijn_blake2s_init_param(&c, out, key, kl, sp ? salt : NULL,
                                         sp ? pers : NULL) == RIJN_OK &&
                     rijn_blake2s_update(&c, in, split) == RIJN_OK &&
                     rijn_blake2s_update(&c, in + split, n - split) == RIJN_OK &&
                     rijn_blake2s_final(&c, got) == RIJN_OK,
                 "blake2s");
        TU_CHECK(ossl_blake2s(want, out, key, kl, sp ? salt : NULL, sp ? pers : NULL, in, n),
                 "OpenSSL BLAKE2s (%zu-byte key)", kl);
        TU_EQ(got, want, out, keyed ? "BLAKE2s keyed vs OpenSSL BLAKE2SMAC"
                                    : "BLAKE2s-256 vs OpenSSL");
    }
    TU_CHECK(rijn_blake2s_init(&c, 0) == RIJN_ERR_PARAM, "out_len 0");
    TU_CHECK(rijn_blake2s_init(&c, 33) == RIJN_ERR_PARAM, "out_len 33");
    TU_CHECK(rijn_blake2s_init_key(&c, 32, key, 33) == RIJN_ERR_KEY_LEN, "key 33");
    TU_CHECK(rijn_blake2s_update(&c, in, 1) == RIJN_ERR_STATE, "not set up");
    TU_CHECK(rijn_blake2s(got, 32, NULL, 1, in, 1) == RIJN_ERR_NULL, "NULL key");
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    rfc7693();
    blake2b_salt_personal();
    blake2s_diff();
    return tu_finish();
}
