/*
 * peer_tiny.c -- tiny-AES-c (built from the PyPI sdist by scripts/bench.sh,
 * through tiny_wrap.c, one copy per key size).
 *
 * Implementation notes
 *   In place: run() copies in to out, then works on out. The IV is set per
 *   message with AES_ctx_set_iv. ECB is a loop of single-block calls. Key
 *   setup: AES_init_ctx (one schedule serves both directions). The string
 *   case pads by hand (tiny-AES-c leaves PKCS#7 to the caller).
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#define TINY_DECL(p)                                             \
    size_t p##ctx_size(void);                                    \
    void p##key(void *ctx, const uint8_t *key);                  \
    void p##set_iv(void *ctx, const uint8_t *iv);                \
    void p##ctr(void *ctx, uint8_t *buf, size_t len);            \
    void p##cbc_enc(void *ctx, uint8_t *buf, size_t len);        \
    void p##cbc_dec(void *ctx, uint8_t *buf, size_t len);        \
    void p##ecb_enc(void *ctx, uint8_t *buf);                    \
    void p##ecb_dec(void *ctx, uint8_t *buf);
TINY_DECL(tiny128_)
TINY_DECL(tiny256_)

typedef struct tiny_api {
    size_t (*ctx_size)(void);
    void (*key)(void *, const uint8_t *);
    void (*set_iv)(void *, const uint8_t *);
    void (*ctr)(void *, uint8_t *, size_t);
    void (*cbc_enc)(void *, uint8_t *, size_t);
    void (*cbc_dec)(void *, uint8_t *, size_t);
    void (*ecb_enc)(void *, uint8_t *);
    void (*ecb_dec)(void *, uint8_t *);
} tiny_api;

static const tiny_api api128 = {tiny128_ctx_size, tiny128_key, tiny128_set_iv, tiny128_ctr,
                                tiny128_cbc_enc, tiny128_cbc_dec, tiny128_ecb_enc,
                                tiny128_ecb_dec};
static const tiny_api api256 = {tiny256_ctx_size, tiny256_key, tiny256_set_iv, tiny256_ctr,
                                tiny256_cbc_enc, tiny256_cbc_dec, tiny256_ecb_enc,
                                tiny256_ecb_dec};

typedef struct ystate {
    const tiny_api *a;
    uint8_t ctx[512];
} ystate;

#ifndef BENCH_TINY_VERSION
#define BENCH_TINY_VERSION "tinyaes sdist"
#endif

static const char *y_version(void)
{
    return BENCH_TINY_VERSION;
}

static int y_init(bench_ctx *c)
{
    ystate *s = calloc(1, sizeof *s);
    c->st = s;
    s->a = c->kbits == 128 ? &api128 : &api256;
    if (s->a->ctx_size() > sizeof s->ctx)
        return -1;
    switch (c->op) {
    case OP_CTR: case OP_CBC_ENC: case OP_CBC_DEC: case OP_ECB_ENC:
        s->a->key(s->ctx, c->key);
        return BENCH_OK;
    case OP_KEY_ENC: case OP_KEY_DEC: case OP_STRING:
        return BENCH_OK;
    default:
        return BENCH_NA;
    }
}

static int y_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    ystate *s = c->st;
    const tiny_api *a = s->a;
    size_t n = c->len;
    uint8_t tmp[64];
    switch (c->op) {
    case OP_CTR:
        memcpy(out, in, n);
        a->set_iv(s->ctx, c->iv);
        a->ctr(s->ctx, out, n);
        return 0;
    case OP_CBC_ENC:
        memcpy(out, in, n);
        a->set_iv(s->ctx, c->iv);
        a->cbc_enc(s->ctx, out, n);
        return 0;
    case OP_CBC_DEC:
        memcpy(out, in, n);
        a->set_iv(s->ctx, c->iv);
        a->cbc_dec(s->ctx, out, n);
        return 0;
    case OP_ECB_ENC:
        memcpy(out, in, n);
        for (size_t i = 0; i < n; i += 16)
            a->ecb_enc(s->ctx, out + i);
        return 0;
    case OP_KEY_ENC: case OP_KEY_DEC:
        a->key(s->ctx, c->key);
        if (c->check) {
            memcpy(out, in, 16);
            if (c->op == OP_KEY_ENC)
                a->ecb_enc(s->ctx, out);
            else
                a->ecb_dec(s->ctx, out);
        }
        return 0;
    case OP_STRING: {
        size_t l = bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
        a->key(s->ctx, c->key);
        a->set_iv(s->ctx, c->iv);
        a->cbc_enc(s->ctx, out, l);
        memcpy(tmp, out, l);
        a->key(s->ctx, c->key);
        a->set_iv(s->ctx, c->iv);
        a->cbc_dec(s->ctx, tmp, l);
        if (bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
            return -1;
        memcpy(out + 64, tmp, BENCH_STRING_LEN);
        return 0;
    }
    default:
        return -1;
    }
}

static void y_fini(bench_ctx *c)
{
    free(c->st);
    c->st = NULL;
}

const bench_lib bench_lib_tiny = {"tiny-AES-c", NULL, y_version, y_init, y_run, y_fini};
