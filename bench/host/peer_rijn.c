/*
 * peer_rijn.c -- rijn through its public API (the include/rijn/ headers).
 *
 * Implementation notes
 *   One-shot calls on a context keyed once in init: rijn_ctr_crypt (128-bit
 *   counter), rijn_cbc_*, rijn_ecb_encrypt, rijn_xts_encrypt / _decrypt, the AEAD
 *   *_seal / *_open, rijn_cmac_compute, rijn_sha256 / rijn_sha512 / rijn_sha3_256. Key setup
 *   rows: rijn_aes_init_enc (encryption schedule) and rijn_aes_init (rijn has
 *   no decryption-only setup: this row builds both schedules). The string
 *   case keys twice (encryption, then both directions) and uses the PKCS#7
 *   calls. bench_rijn_force() lets the constant-time group force "ct64".
 *   bench_lib_rijn_ct (the ct group): the same adapter with one variant per
 *   constant-time software class ("ct64", "bs256"); init forces the variant
 *   before the key setup (the context keeps its class), and the key setup
 *   rows re-force it when another variant was forced since (one pointer
 *   compare per call).
 */
#include "bench.h"

#include <rijn/aes.h>
#include <rijn/ccm.h>
#include <rijn/chachapoly.h>
#include <rijn/cmac.h>
#include <rijn/gcm.h>
#include <rijn/gcmsiv.h>
#include <rijn/modes.h>
#include <rijn/ocb.h>
#include <rijn/sha2.h>
#include <rijn/sha3.h>
#include <rijn/x25519.h>
#include <rijn/xts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef union rstate {
    rijn_aes_ctx aes;
    rijn_xts_ctx xts;
    rijn_gcm_ctx gcm;
    rijn_ccm_ctx ccm;
    rijn_ocb_ctx ocb;
    rijn_gcmsiv_ctx siv;
    rijn_cmac_ctx cmac;
    rijn_chachapoly_ctx cp;
} rstate;

typedef struct rbox {
    rstate s;                   /* first member: c->st points at it too */
    const rijn_aes_impl *impl;  /* the forced variant's class, or NULL  */
} rbox;

int bench_rijn_force(const char *impl);
const char *bench_rijn_info(void);

int bench_rijn_force(const char *impl)
{
    return rijn_aes_impl_force(impl) == RIJN_OK ? 0 : -1;
}

const char *bench_rijn_info(void)
{
    static char buf[160];
    rijn_gcm_ctx g;
    static const uint8_t k[16];
    const char *gh = "?";
    if (rijn_gcm_init(&g, k, 16) == RIJN_OK)
        gh = rijn_gcm_ctx_ghash_name(&g);
    snprintf(buf, sizeof buf, "aes=%s ghash=%s sha256=%s",
             rijn_aes_impl_name(rijn_aes_impl_default()), gh, rijn_sha256_impl_name());
    rijn_gcm_wipe(&g);
    return buf;
}

static const char *r_version(void)
{
    return rijn_version();
}

static int r_init(bench_ctx *c)
{
    rbox *b = calloc(1, sizeof *b);
    rstate *s = &b->s;
    size_t kl = c->kbits / 8;
    int r = RIJN_OK;
    c->st = b;
    if (c->variant != NULL) {
        if (rijn_aes_impl_get(c->variant, &b->impl) != RIJN_OK ||
            rijn_aes_impl_force(c->variant) != RIJN_OK)
            return -1;
    }
    switch (c->op) {
    case OP_CTR: case OP_CBC_ENC: case OP_ECB_ENC: case OP_CFB_ENC: case OP_CFB_DEC: case OP_OFB:
        r = rijn_aes_init_enc(&s->aes, c->key, kl);
        break;
    case OP_CBC_DEC:
        r = rijn_aes_init(&s->aes, c->key, kl);
        break;
    case OP_XTS_ENC: case OP_XTS_DEC: r = rijn_xts_init(&s->xts, c->key, 2 * kl); break;
    case OP_GCM_SEAL: case OP_GCM_OPEN: r = rijn_gcm_init(&s->gcm, c->key, kl); break;
    case OP_CCM_SEAL: r = rijn_ccm_init(&s->ccm, c->key, kl); break;
    case OP_OCB_SEAL: r = rijn_ocb_init(&s->ocb, c->key, kl); break;
    case OP_GCMSIV_SEAL: case OP_GCMSIV_OPEN: r = rijn_gcmsiv_init(&s->siv, c->key, kl); break;
    case OP_CMAC: r = rijn_cmac_init(&s->cmac, c->key, kl); break;
    case OP_CHAPOLY_SEAL: case OP_CHAPOLY_OPEN:
        r = rijn_chacha20poly1305_init(&s->cp, c->key, 32);
        break;
    case OP_SHA256: case OP_SHA512: case OP_SHA3_256: case OP_KEY_ENC: case OP_KEY_DEC:
    case OP_STRING: case OP_X25519:
        break;
    default: return BENCH_NA;
    }
    return r == RIJN_OK ? BENCH_OK : -1;
}

static int r_string(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    rijn_aes_ctx a;
    uint8_t tmp[64];
    size_t ol = 0, pl = 0;
    int r = 0;
    if (rijn_aes_init_enc(&a, c->key, 16) != RIJN_OK ||
        rijn_cbc_pad_encrypt(&a, c->iv, out, 64, &ol, in, BENCH_STRING_LEN) != RIJN_OK)
        r = -1;
    if (rijn_aes_init(&a, c->key, 16) != RIJN_OK ||
        rijn_cbc_pad_decrypt(&a, c->iv, tmp, sizeof tmp, &pl, out, ol) != RIJN_OK ||
        pl != BENCH_STRING_LEN)
        r = -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return r; /* no rijn_aes_wipe: no other adapter wipes either */
}

/* Key setup rows of a variant: force it again if another one was forced
 * since (the other rows keep the class chosen at init in their context). */
static int refresh_force(bench_ctx *c)
{
    rbox *b = c->st;
    if (b->impl == NULL || rijn_aes_impl_default() == b->impl)
        return 0;
    return rijn_aes_impl_force(c->variant) == RIJN_OK ? 0 : -1;
}

static int r_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    rbox *b = c->st;
    rstate *s = &b->s;
    size_t n = c->len, kl = c->kbits / 8;
    const uint8_t *nc = c->iv;
    int r = RIJN_OK;
    switch (c->op) {
    case OP_CTR: r = rijn_ctr_crypt(&s->aes, c->iv, out, in, n); break;
    case OP_CBC_ENC: r = rijn_cbc_encrypt(&s->aes, c->iv, out, in, n); break;
    case OP_CBC_DEC: r = rijn_cbc_decrypt(&s->aes, c->iv, out, in, n); break;
    case OP_ECB_ENC: r = rijn_ecb_encrypt(&s->aes, out, in, n); break;
    case OP_CFB_ENC: r = rijn_cfb128_encrypt(&s->aes, c->iv, out, in, n); break;
    case OP_CFB_DEC: r = rijn_cfb128_decrypt(&s->aes, c->iv, out, in, n); break;
    case OP_OFB: r = rijn_ofb_crypt(&s->aes, c->iv, out, in, n); break;
    case OP_XTS_ENC: r = rijn_xts_encrypt(&s->xts, c->iv, out, in, n); break;
    case OP_XTS_DEC: r = rijn_xts_decrypt(&s->xts, c->iv, out, in, n); break;
    case OP_GCM_SEAL:
        r = rijn_gcm_seal(&s->gcm, out, out + n, 16, nc, 12, c->aad, BENCH_AAD_LEN, in, n);
        break;
    case OP_GCM_OPEN:
        r = rijn_gcm_open(&s->gcm, out, c->tag, 16, nc, 12, c->aad, BENCH_AAD_LEN, in, n);
        break;
    case OP_CCM_SEAL:
        r = rijn_ccm_seal(&s->ccm, out, out + n, 16, nc, 12, c->aad, BENCH_AAD_LEN, in, n);
        break;
    case OP_OCB_SEAL:
        r = rijn_ocb_seal(&s->ocb, out, out + n, 16, nc, 12, c->aad, BENCH_AAD_LEN, in, n);
        break;
    case OP_GCMSIV_SEAL:
        r = rijn_gcmsiv_seal(&s->siv, out, out + n, 16, nc, 12, c->aad, BENCH_AAD_LEN, in, n);
        break;
    case OP_GCMSIV_OPEN:
        r = rijn_gcmsiv_open(&s->siv, out, c->tag, 16, nc, 12, c->aad, BENCH_AAD_LEN, in, n);
        break;
    case OP_CMAC: r = rijn_cmac_compute(&s->cmac, out, 16, in, n); break;
    case OP_CHAPOLY_SEAL:
        r = rijn_chacha20poly1305_seal(&s->cp, out, out + n, 16, nc, 12, c->aad,
                                       BENCH_AAD_LEN, in, n);
        break;
    case OP_CHAPOLY_OPEN:
        r = rijn_chacha20poly1305_open(&s->cp, out, c->tag, 16, nc, 12, c->aad, BENCH_AAD_LEN,
                                       in, n);
        break;
    case OP_SHA256: r = rijn_sha256(out, in, n); break;
    case OP_SHA512: r = rijn_sha512(out, in, n); break;
    case OP_SHA3_256: r = rijn_sha3_256(out, in, n); break;
    case OP_X25519: r = rijn_x25519(out, c->key, c->key + 32); break;
    case OP_KEY_ENC:
        if (refresh_force(c) != 0)
            return -1;
        r = rijn_aes_init_enc(&s->aes, c->key, kl);
        if (r == RIJN_OK && c->check)
            r = rijn_aes_encrypt_blocks(&s->aes, out, in, 1);
        break;
    case OP_KEY_DEC:
        if (refresh_force(c) != 0)
            return -1;
        r = rijn_aes_init(&s->aes, c->key, kl);
        if (r == RIJN_OK && c->check)
            r = rijn_aes_decrypt_blocks(&s->aes, out, in, 1);
        break;
    case OP_STRING: return refresh_force(c) != 0 ? -1 : r_string(c, out, in);
    default: return -1;
    }
    return r == RIJN_OK ? 0 : -1;
}

static void r_fini(bench_ctx *c)
{
    free(c->st);
    c->st = NULL;
}

const bench_lib bench_lib_rijn = {"rijn", NULL, r_version, r_init, r_run, r_fini};

static const char *const ct_variants[] = {"ct64", "bs256", NULL};
const bench_lib bench_lib_rijn_ct = {"rijn", ct_variants, r_version, r_init, r_run, r_fini};
