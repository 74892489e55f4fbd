/*
 * peer_tomcrypt.c -- LibTomCrypt 1.18 (aes_desc with ctr/cbc/ecb/xts,
 * gcm_*, ccm_memory, ocb3, omac, chacha20poly1305, sha256/512).
 *
 * Implementation notes
 *   LibTomCrypt 1.18 AES is table-based C (no AES-NI). Modes keyed once in
 *   init (ctr_start, cbc_start, ...), IV reset per message (ctr_setiv,
 *   cbc_setiv); GCM is gcm_init once then gcm_reset / add_iv / add_aad /
 *   process / done; CCM passes the prescheduled key to ccm_memory. OCB3 has
 *   no per-nonce restart in 1.18, so each message runs
 *   ocb3_encrypt_authenticate_memory, key setup included (said in the
 *   report). OMAC (= CMAC) state is set up once and copied per message.
 *   Key setup rows: aes_setup makes both schedules at once.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <tomcrypt.h>

typedef struct tstate {
    int idx;
    symmetric_CTR ctr;
    symmetric_CBC cbc;
    symmetric_ECB ecb;
    symmetric_xts xts;
    symmetric_key sk;
    gcm_state gcm;
    omac_state om, om0;
    hash_state md;
} tstate;

static const char *t_version(void)
{
    return SCRYPT;
}

static int t_init(bench_ctx *c)
{
    tstate *s = calloc(1, sizeof *s);
    int kl = (int)c->kbits / 8;
    c->st = s;
    if (register_cipher(&aes_desc) < 0 || (s->idx = find_cipher("aes")) < 0)
        return -1;
    switch (c->op) {
    case OP_CTR:
        return ctr_start(s->idx, c->iv, c->key, kl, 0, CTR_COUNTER_BIG_ENDIAN, &s->ctr)
                   ? -1 : BENCH_OK;
    case OP_CBC_ENC: case OP_CBC_DEC:
        return cbc_start(s->idx, c->iv, c->key, kl, 0, &s->cbc) ? -1 : BENCH_OK;
    case OP_ECB_ENC:
        return ecb_start(s->idx, c->key, kl, 0, &s->ecb) ? -1 : BENCH_OK;
    case OP_XTS_ENC: case OP_XTS_DEC:
        return xts_start(s->idx, c->key, c->key + kl, (unsigned long)kl, 0, &s->xts)
                   ? -1 : BENCH_OK;
    case OP_GCM_SEAL: case OP_GCM_OPEN:
        return gcm_init(&s->gcm, s->idx, c->key, kl) ? -1 : BENCH_OK;
    case OP_CCM_SEAL:
        return aes_setup(c->key, kl, 0, &s->sk) ? -1 : BENCH_OK;
    case OP_CMAC:
        return omac_init(&s->om0, s->idx, c->key, (unsigned long)kl) ? -1 : BENCH_OK;
    case OP_OCB_SEAL: case OP_CHAPOLY_SEAL: case OP_SHA256: case OP_SHA512:
    case OP_KEY_ENC: case OP_KEY_DEC: case OP_STRING:
        return BENCH_OK;
    default:
        return BENCH_NA;
    }
}

static int t_string(tstate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    uint8_t tmp[64];
    unsigned long l = (unsigned long)bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
    if (cbc_start(s->idx, c->iv, c->key, 16, 0, &s->cbc) ||
        cbc_encrypt(out, out, l, &s->cbc))
        return -1;
    if (cbc_start(s->idx, c->iv, c->key, 16, 0, &s->cbc) ||
        cbc_decrypt(out, tmp, l, &s->cbc) ||
        bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int t_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    tstate *s = c->st;
    unsigned long n = (unsigned long)c->len, tl = 16;
    int kl = (int)c->kbits / 8;
    uint8_t iv[16], tag[16];
    memcpy(iv, c->iv, 16);
    switch (c->op) {
    case OP_CTR:
        return ctr_setiv(iv, 16, &s->ctr) || ctr_encrypt(in, out, n, &s->ctr);
    case OP_CBC_ENC:
        return cbc_setiv(iv, 16, &s->cbc) || cbc_encrypt(in, out, n, &s->cbc);
    case OP_CBC_DEC:
        return cbc_setiv(iv, 16, &s->cbc) || cbc_decrypt(in, out, n, &s->cbc);
    case OP_ECB_ENC:
        return ecb_encrypt(in, out, n, &s->ecb);
    case OP_XTS_ENC:
        return xts_encrypt(in, n, out, iv, &s->xts);
    case OP_XTS_DEC:
        return xts_decrypt(in, n, out, iv, &s->xts);
    case OP_GCM_SEAL:
        return gcm_reset(&s->gcm) || gcm_add_iv(&s->gcm, iv, 12) ||
               gcm_add_aad(&s->gcm, c->aad, BENCH_AAD_LEN) ||
               gcm_process(&s->gcm, (unsigned char *)in, n, out, GCM_ENCRYPT) ||
               gcm_done(&s->gcm, out + n, &tl);
    case OP_GCM_OPEN:
        if (gcm_reset(&s->gcm) || gcm_add_iv(&s->gcm, iv, 12) ||
            gcm_add_aad(&s->gcm, c->aad, BENCH_AAD_LEN) ||
            gcm_process(&s->gcm, out, n, (unsigned char *)in, GCM_DECRYPT) ||
            gcm_done(&s->gcm, tag, &tl))
            return -1;
        return mem_neq(tag, c->tag, 16);
    case OP_CCM_SEAL:
        return ccm_memory(s->idx, c->key, (unsigned long)kl, &s->sk, iv, 12, c->aad,
                          BENCH_AAD_LEN, (unsigned char *)in, n, out, out + n, &tl,
                          CCM_ENCRYPT);
    case OP_OCB_SEAL:
        return ocb3_encrypt_authenticate_memory(s->idx, c->key, (unsigned long)kl, iv, 12,
                                                c->aad, BENCH_AAD_LEN, in, n, out, out + n,
                                                &tl);
    case OP_CMAC:
        memcpy(&s->om, &s->om0, sizeof s->om);
        return omac_process(&s->om, in, n) || omac_done(&s->om, out, &tl);
    case OP_CHAPOLY_SEAL:
        return chacha20poly1305_memory(c->key, 32, iv, 12, c->aad, BENCH_AAD_LEN, in, n, out,
                                       out + n, &tl, CHACHA20POLY1305_ENCRYPT);
    case OP_SHA256:
        return sha256_init(&s->md) || sha256_process(&s->md, in, n) || sha256_done(&s->md, out);
    case OP_SHA512:
        return sha512_init(&s->md) || sha512_process(&s->md, in, n) || sha512_done(&s->md, out);
    case OP_KEY_ENC: case OP_KEY_DEC:
        if (aes_setup(c->key, kl, 0, &s->sk))
            return -1;
        if (!c->check)
            return 0;
        return c->op == OP_KEY_ENC ? aes_ecb_encrypt(in, out, &s->sk)
                                   : aes_ecb_decrypt(in, out, &s->sk);
    case OP_STRING:
        return t_string(s, c, out, in);
    default:
        return -1;
    }
}

static void t_fini(bench_ctx *c)
{
    free(c->st);
    c->st = NULL;
}

const bench_lib bench_lib_tomcrypt = {"LibTomCrypt", NULL, t_version, t_init, t_run, t_fini};
