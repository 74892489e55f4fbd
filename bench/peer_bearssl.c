/*
 * peer_bearssl.c -- BearSSL, each AES implementation as a variant: x86ni,
 * ct64, ct, big, small (through their vtables), with br_gcm / br_ccm,
 * ChaCha20 (sse2) + Poly1305 (ctmulq), SHA-256/512, X25519 (br_ec_c25519_m31,
 * the fastest of 0.6).
 *
 * Implementation notes
 *   BearSSL's block APIs work in place: run() copies in to out, then
 *   processes out (the copy is counted in its time, ~0.03 cycles/byte).
 *   CTR takes a 12-byte IV and a 32-bit counter (the harness starts the
 *   counter at 1 and never wraps it, so it equals 128-bit CTR). GCM uses
 *   br_ghash_pclmul when the CPU has PCLMUL (the same instruction rijn's
 *   GHASH uses), else br_ghash_ctmul64. Key setup rows time the CBC-encrypt
 *   (enc) and CBC-decrypt (dec) vtable init; their check encrypts or
 *   decrypts one block as CBC with a zero IV. BearSSL has no ECB, XTS, OCB,
 *   GCM-SIV or CMAC API. Operations without AES run once, not per variant.
 */
#include "bench.h"

#include <bearssl.h>
#include <stdlib.h>
#include <string.h>

#ifndef BENCH_BEARSSL_VERSION
#define BENCH_BEARSSL_VERSION "0.6"
#endif

static const char *const b_variants[] = {"x86ni", "ct64", "ct", "big", "small", NULL};

typedef struct bstate {
    const br_block_ctr_class *ctr;
    const br_block_cbcenc_class *cbcenc;
    const br_block_cbcdec_class *cbcdec;
    const br_block_ctrcbc_class *ctrcbc;
    br_aes_gen_ctr_keys kctr;
    br_aes_gen_cbcenc_keys kenc;
    br_aes_gen_cbcdec_keys kdec;
    br_aes_gen_ctrcbc_keys kcc;
    br_gcm_context gcm;
    br_ccm_context ccm;
    br_poly1305_run poly;
    br_chacha20_run chacha;
    br_sha256_context h256;
    br_sha512_context h512;
    const br_ec_impl *ec;  /* X25519 (0.6: little-endian scalar, as RFC 7748) */
} bstate;

static const char *b_version(void)
{
    return BENCH_BEARSSL_VERSION;
}

static int b_classes(bstate *s, const char *v)
{
    if (strcmp(v, "x86ni") == 0) {
        s->ctr = br_aes_x86ni_ctr_get_vtable();
        s->cbcenc = br_aes_x86ni_cbcenc_get_vtable();
        s->cbcdec = br_aes_x86ni_cbcdec_get_vtable();
        s->ctrcbc = br_aes_x86ni_ctrcbc_get_vtable();
    } else if (strcmp(v, "ct64") == 0) {
        s->ctr = &br_aes_ct64_ctr_vtable;
        s->cbcenc = &br_aes_ct64_cbcenc_vtable;
        s->cbcdec = &br_aes_ct64_cbcdec_vtable;
        s->ctrcbc = &br_aes_ct64_ctrcbc_vtable;
    } else if (strcmp(v, "ct") == 0) {
        s->ctr = &br_aes_ct_ctr_vtable;
        s->cbcenc = &br_aes_ct_cbcenc_vtable;
        s->cbcdec = &br_aes_ct_cbcdec_vtable;
        s->ctrcbc = &br_aes_ct_ctrcbc_vtable;
    } else if (strcmp(v, "big") == 0) {
        s->ctr = &br_aes_big_ctr_vtable;
        s->cbcenc = &br_aes_big_cbcenc_vtable;
        s->cbcdec = &br_aes_big_cbcdec_vtable;
        s->ctrcbc = &br_aes_big_ctrcbc_vtable;
    } else {
        s->ctr = &br_aes_small_ctr_vtable;
        s->cbcenc = &br_aes_small_cbcenc_vtable;
        s->cbcdec = &br_aes_small_cbcdec_vtable;
        s->ctrcbc = &br_aes_small_ctrcbc_vtable;
    }
    return s->ctr && s->cbcenc && s->cbcdec && s->ctrcbc;
}

static int b_init(bench_ctx *c)
{
    bstate *s = calloc(1, sizeof *s);
    size_t kl = c->kbits / 8;
    c->st = s;
    switch (c->op) {
    case OP_X25519:
        if (strcmp(c->variant, b_variants[0]) != 0)
            return BENCH_NA;
        c->variant = NULL;
        s->ec = &br_ec_c25519_m31; /* 0.6 has no m64 */
        return BENCH_OK;
    case OP_CHAPOLY_SEAL: case OP_SHA256: case OP_SHA512:
        if (strcmp(c->variant, b_variants[0]) != 0)
            return BENCH_NA;
        c->variant = NULL;
        s->poly = br_poly1305_ctmulq_get();
        s->chacha = br_chacha20_sse2_get();
        if (s->poly == 0)
            s->poly = br_poly1305_ctmul_run;
        if (s->chacha == 0)
            s->chacha = br_chacha20_ct_run;
        return BENCH_OK;
    default:
        break;
    }
    if (!b_classes(s, c->variant))
        return BENCH_NA;
    switch (c->op) {
    case OP_CTR:
        s->ctr->init(&s->kctr.vtable, c->key, kl);
        return BENCH_OK;
    case OP_CBC_ENC:
        s->cbcenc->init(&s->kenc.vtable, c->key, kl);
        return BENCH_OK;
    case OP_CBC_DEC:
        s->cbcdec->init(&s->kdec.vtable, c->key, kl);
        return BENCH_OK;
    case OP_GCM_SEAL: case OP_GCM_OPEN: {
        br_ghash gh = br_ghash_pclmul_get();
        s->ctr->init(&s->kctr.vtable, c->key, kl);
        br_gcm_init(&s->gcm, &s->kctr.vtable, gh ? gh : br_ghash_ctmul64);
        return BENCH_OK;
    }
    case OP_CCM_SEAL:
        s->ctrcbc->init(&s->kcc.vtable, c->key, kl);
        br_ccm_init(&s->ccm, &s->kcc.vtable);
        return BENCH_OK;
    case OP_KEY_ENC: case OP_KEY_DEC: case OP_STRING:
        return BENCH_OK;
    default:
        return BENCH_NA;
    }
}

static int b_string(bstate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    uint8_t iv[16], tmp[64];
    size_t l = bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
    s->cbcenc->init(&s->kenc.vtable, c->key, 16);
    memcpy(iv, c->iv, 16);
    s->cbcenc->run(&s->kenc.vtable, iv, out, l);
    s->cbcdec->init(&s->kdec.vtable, c->key, 16);
    memcpy(iv, c->iv, 16);
    memcpy(tmp, out, l);
    s->cbcdec->run(&s->kdec.vtable, iv, tmp, l);
    if (bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int b_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    bstate *s = c->st;
    size_t n = c->len, kl = c->kbits / 8;
    uint8_t iv[16];
    uint32_t cc = (uint32_t)c->iv[12] << 24 | (uint32_t)c->iv[13] << 16 |
                  (uint32_t)c->iv[14] << 8 | c->iv[15];
    memcpy(iv, c->iv, 16);
    if (c->op != OP_SHA256 && c->op != OP_SHA512 && c->op != OP_STRING &&
        c->op != OP_KEY_ENC && c->op != OP_KEY_DEC)
        memcpy(out, in, n);
    switch (c->op) {
    case OP_CTR:
        s->ctr->run(&s->kctr.vtable, iv, cc, out, n);
        return 0;
    case OP_CBC_ENC:
        s->cbcenc->run(&s->kenc.vtable, iv, out, n);
        return 0;
    case OP_CBC_DEC:
        s->cbcdec->run(&s->kdec.vtable, iv, out, n);
        return 0;
    case OP_GCM_SEAL: case OP_GCM_OPEN:
        br_gcm_reset(&s->gcm, iv, 12);
        br_gcm_aad_inject(&s->gcm, c->aad, BENCH_AAD_LEN);
        br_gcm_flip(&s->gcm);
        br_gcm_run(&s->gcm, c->op == OP_GCM_SEAL, out, n);
        if (c->op == OP_GCM_OPEN)
            return br_gcm_check_tag(&s->gcm, c->tag) ? 0 : -1;
        br_gcm_get_tag(&s->gcm, out + n);
        return 0;
    case OP_CCM_SEAL:
        if (!br_ccm_reset(&s->ccm, iv, 12, BENCH_AAD_LEN, n, 16))
            return -1;
        br_ccm_aad_inject(&s->ccm, c->aad, BENCH_AAD_LEN);
        br_ccm_flip(&s->ccm);
        br_ccm_run(&s->ccm, 1, out, n);
        return br_ccm_get_tag(&s->ccm, out + n) == 16 ? 0 : -1;
    case OP_CHAPOLY_SEAL:
        s->poly(c->key, iv, out, n, c->aad, BENCH_AAD_LEN, out + n, s->chacha, 1);
        return 0;
    case OP_SHA256:
        br_sha256_init(&s->h256);
        br_sha256_update(&s->h256, in, n);
        br_sha256_out(&s->h256, out);
        return 0;
    case OP_X25519:
        memcpy(out, c->key + 32, 32);
        return s->ec->mul(out, 32, c->key, 32, BR_EC_curve25519) ? 0 : -1;
    case OP_SHA512:
        br_sha512_init(&s->h512);
        br_sha512_update(&s->h512, in, n);
        br_sha512_out(&s->h512, out);
        return 0;
    case OP_KEY_ENC:
        s->cbcenc->init(&s->kenc.vtable, c->key, kl);
        if (c->check) {
            memset(iv, 0, 16);
            memcpy(out, in, 16);
            s->cbcenc->run(&s->kenc.vtable, iv, out, 16);
        }
        return 0;
    case OP_KEY_DEC:
        s->cbcdec->init(&s->kdec.vtable, c->key, kl);
        if (c->check) {
            memset(iv, 0, 16);
            memcpy(out, in, 16);
            s->cbcdec->run(&s->kdec.vtable, iv, out, 16);
        }
        return 0;
    case OP_STRING:
        return b_string(s, c, out, in);
    default:
        return -1;
    }
}

static void b_fini(bench_ctx *c)
{
    free(c->st);
    c->st = NULL;
}

const bench_lib bench_lib_bearssl = {"BearSSL", b_variants, b_version, b_init, b_run, b_fini};
