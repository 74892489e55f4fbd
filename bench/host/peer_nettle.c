/*
 * peer_nettle.c -- Nettle (aes128_* / aes256_*, ctr, cbc, xts, gcm, ccm,
 * cmac, chacha-poly1305, sha2).
 *
 * Implementation notes
 *   Keyed once in init; per message: the IV is copied into a scratch block
 *   (Nettle's ctr_crypt / cbc_* update it in place). CBC encryption uses
 *   cbc_aes128_encrypt / cbc_aes256_encrypt (the AES-specific entry of Nettle
 *   3.8); CBC decryption the generic cbc_decrypt over aes*_decrypt. ECB is
 *   aes*_encrypt on the whole buffer. GCM open compares the tag with
 *   memeql_sec. Nettle 3.8 has no OCB or GCM-SIV (3.9 added them).
 */
#include "bench.h"

#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/ccm.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/cmac.h>
#include <nettle/ctr.h>
#include <nettle/curve25519.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#include <nettle/version.h>
#include <nettle/xts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef union nstate {
    struct aes128_ctx a128;
    struct aes256_ctx a256;
    struct xts_aes128_key x128;
    struct xts_aes256_key x256;
    struct gcm_aes128_ctx g128;
    struct gcm_aes256_ctx g256;
    struct ccm_aes128_ctx c128;
    struct ccm_aes256_ctx c256;
    struct cmac_aes128_ctx m128;
    struct cmac_aes256_ctx m256;
    struct chacha_poly1305_ctx cp;
    struct sha256_ctx h256;
    struct sha512_ctx h512;
    struct sha3_256_ctx h3;
} nstate;

static const char *n_version(void)
{
    static char buf[16];
    snprintf(buf, sizeof buf, "%d.%d", nettle_version_major(), nettle_version_minor());
    return buf;
}

static int n_init(bench_ctx *c)
{
    nstate *s = calloc(1, sizeof *s);
    int b = c->kbits == 128;
    c->st = s;
    switch (c->op) {
    case OP_CTR: case OP_CBC_ENC: case OP_ECB_ENC:
        if (b) aes128_set_encrypt_key(&s->a128, c->key);
        else aes256_set_encrypt_key(&s->a256, c->key);
        return BENCH_OK;
    case OP_CBC_DEC:
        if (b) aes128_set_decrypt_key(&s->a128, c->key);
        else aes256_set_decrypt_key(&s->a256, c->key);
        return BENCH_OK;
    case OP_XTS_ENC:
        if (b) xts_aes128_set_encrypt_key(&s->x128, c->key);
        else xts_aes256_set_encrypt_key(&s->x256, c->key);
        return BENCH_OK;
    case OP_XTS_DEC:
        if (b) xts_aes128_set_decrypt_key(&s->x128, c->key);
        else xts_aes256_set_decrypt_key(&s->x256, c->key);
        return BENCH_OK;
    case OP_GCM_SEAL: case OP_GCM_OPEN:
        if (b) gcm_aes128_set_key(&s->g128, c->key);
        else gcm_aes256_set_key(&s->g256, c->key);
        return BENCH_OK;
    case OP_CCM_SEAL:
        if (b) ccm_aes128_set_key(&s->c128, c->key);
        else ccm_aes256_set_key(&s->c256, c->key);
        return BENCH_OK;
    case OP_CMAC:
        if (b) cmac_aes128_set_key(&s->m128, c->key);
        else cmac_aes256_set_key(&s->m256, c->key);
        return BENCH_OK;
    case OP_CHAPOLY_SEAL: case OP_CHAPOLY_OPEN:
        chacha_poly1305_set_key(&s->cp, c->key);
        return BENCH_OK;
    case OP_SHA256: case OP_SHA512: case OP_SHA3_256: case OP_KEY_ENC: case OP_KEY_DEC:
    case OP_STRING: case OP_X25519:
        return BENCH_OK;
    default:
        return BENCH_NA;
    }
}

static int n_string(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    struct aes128_ctx a;
    uint8_t iv[16], tmp[64];
    size_t l = bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
    aes128_set_encrypt_key(&a, c->key);
    memcpy(iv, c->iv, 16);
    cbc_aes128_encrypt(&a, iv, l, out, out);
    aes128_set_decrypt_key(&a, c->key);
    memcpy(iv, c->iv, 16);
    cbc_decrypt(&a, (nettle_cipher_func *)aes128_decrypt, 16, iv, l, tmp, out);
    if (bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int n_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    nstate *s = c->st;
    size_t n = c->len;
    int b = c->kbits == 128;
    uint8_t iv[16], tag[16];
    memcpy(iv, c->iv, 16);
    switch (c->op) {
    case OP_CTR:
        if (b) ctr_crypt(&s->a128, (nettle_cipher_func *)aes128_encrypt, 16, iv, n, out, in);
        else ctr_crypt(&s->a256, (nettle_cipher_func *)aes256_encrypt, 16, iv, n, out, in);
        return 0;
    case OP_CBC_ENC:
        if (b) cbc_aes128_encrypt(&s->a128, iv, n, out, in);
        else cbc_aes256_encrypt(&s->a256, iv, n, out, in);
        return 0;
    case OP_CBC_DEC:
        if (b) cbc_decrypt(&s->a128, (nettle_cipher_func *)aes128_decrypt, 16, iv, n, out, in);
        else cbc_decrypt(&s->a256, (nettle_cipher_func *)aes256_decrypt, 16, iv, n, out, in);
        return 0;
    case OP_ECB_ENC:
        if (b) aes128_encrypt(&s->a128, n, out, in);
        else aes256_encrypt(&s->a256, n, out, in);
        return 0;
    case OP_XTS_ENC:
        if (b) xts_aes128_encrypt_message(&s->x128, iv, n, out, in);
        else xts_aes256_encrypt_message(&s->x256, iv, n, out, in);
        return 0;
    case OP_XTS_DEC:
        if (b) xts_aes128_decrypt_message(&s->x128, iv, n, out, in);
        else xts_aes256_decrypt_message(&s->x256, iv, n, out, in);
        return 0;
    case OP_GCM_SEAL:
        if (b) {
            gcm_aes128_set_iv(&s->g128, 12, iv);
            gcm_aes128_update(&s->g128, BENCH_AAD_LEN, c->aad);
            gcm_aes128_encrypt(&s->g128, n, out, in);
            gcm_aes128_digest(&s->g128, 16, out + n);
        } else {
            gcm_aes256_set_iv(&s->g256, 12, iv);
            gcm_aes256_update(&s->g256, BENCH_AAD_LEN, c->aad);
            gcm_aes256_encrypt(&s->g256, n, out, in);
            gcm_aes256_digest(&s->g256, 16, out + n);
        }
        return 0;
    case OP_GCM_OPEN:
        if (b) {
            gcm_aes128_set_iv(&s->g128, 12, iv);
            gcm_aes128_update(&s->g128, BENCH_AAD_LEN, c->aad);
            gcm_aes128_decrypt(&s->g128, n, out, in);
            gcm_aes128_digest(&s->g128, 16, tag);
        } else {
            gcm_aes256_set_iv(&s->g256, 12, iv);
            gcm_aes256_update(&s->g256, BENCH_AAD_LEN, c->aad);
            gcm_aes256_decrypt(&s->g256, n, out, in);
            gcm_aes256_digest(&s->g256, 16, tag);
        }
        return memeql_sec(tag, c->tag, 16) ? 0 : -1;
    case OP_CCM_SEAL:
        if (b) ccm_aes128_encrypt_message(&s->c128, 12, iv, BENCH_AAD_LEN, c->aad, 16,
                                          n + 16, out, in);
        else ccm_aes256_encrypt_message(&s->c256, 12, iv, BENCH_AAD_LEN, c->aad, 16,
                                        n + 16, out, in);
        return 0;
    case OP_CMAC:
        if (b) {
            cmac_aes128_update(&s->m128, n, in);
            cmac_aes128_digest(&s->m128, 16, out);
        } else {
            cmac_aes256_update(&s->m256, n, in);
            cmac_aes256_digest(&s->m256, 16, out);
        }
        return 0;
    case OP_CHAPOLY_SEAL:
        chacha_poly1305_set_nonce(&s->cp, iv);
        chacha_poly1305_update(&s->cp, BENCH_AAD_LEN, c->aad);
        chacha_poly1305_encrypt(&s->cp, n, out, in);
        chacha_poly1305_digest(&s->cp, 16, out + n);
        return 0;
    case OP_CHAPOLY_OPEN: {
        uint8_t t[16];
        chacha_poly1305_set_nonce(&s->cp, iv);
        chacha_poly1305_update(&s->cp, BENCH_AAD_LEN, c->aad);
        chacha_poly1305_decrypt(&s->cp, n, out, in);
        chacha_poly1305_digest(&s->cp, 16, t);
        return memeql_sec(t, c->tag, 16) ? 0 : -1;
    }
    case OP_SHA256:
        sha256_init(&s->h256);
        sha256_update(&s->h256, n, in);
        sha256_digest(&s->h256, 32, out);
        return 0;
    case OP_X25519:
        curve25519_mul(out, c->key, c->key + 32); /* libhogweed */
        return 0;
    case OP_SHA512:
        sha512_init(&s->h512);
        sha512_update(&s->h512, n, in);
        sha512_digest(&s->h512, 64, out);
        return 0;
    case OP_SHA3_256:
        sha3_256_init(&s->h3);
        sha3_256_update(&s->h3, n, in);
        sha3_256_digest(&s->h3, 32, out);
        return 0;
    case OP_KEY_ENC:
        if (b) aes128_set_encrypt_key(&s->a128, c->key);
        else aes256_set_encrypt_key(&s->a256, c->key);
        if (c->check) {
            if (b) aes128_encrypt(&s->a128, 16, out, in);
            else aes256_encrypt(&s->a256, 16, out, in);
        }
        return 0;
    case OP_KEY_DEC:
        if (b) aes128_set_decrypt_key(&s->a128, c->key);
        else aes256_set_decrypt_key(&s->a256, c->key);
        if (c->check) {
            if (b) aes128_decrypt(&s->a128, 16, out, in);
            else aes256_decrypt(&s->a256, 16, out, in);
        }
        return 0;
    case OP_STRING:
        return n_string(c, out, in);
    default:
        return -1;
    }
}

static void n_fini(bench_ctx *c)
{
    free(c->st);
    c->st = NULL;
}

const bench_lib bench_lib_nettle = {"Nettle", NULL, n_version, n_init, n_run, n_fini};
