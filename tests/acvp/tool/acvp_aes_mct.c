/*
 * acvp_aes_mct.c -- the ACVP/AESAVS Monte Carlo tests of the classic AES
 * modes: 100 outer x 1000 inner iterations, chained through the library's
 * one-shot mode calls with the chaining value carried here: 16-byte steps
 * for ECB, CBC, CFB128 and OFB, byte steps for CFB8, bit steps for CFB1.
 * After each outer iteration the key is XORed with the last keyLen bits of
 * output, the IV becomes the last 128 bits of output, and the next input
 * is the output the AESAVS names (OUT[998] for 16-byte modes, OUT[983]
 * for CFB8, OUT[871] for CFB1; OUT[999] for ECB).
 * Checked against NIST ACVP-Server expected results (tests/vectors/acvp/
 * nist_excerpts.json) and against an independent Python reference
 * (tests/acvp/gen_samples.py).
 */
#include <stdlib.h>
#include <string.h>

#include "acvp_aes.h"

typedef struct mct_state {
    cli_mode mode;
    int enc;
    uint8_t key[32];
    size_t klen;
    uint8_t iv[16];
    rijn_aes_ctx aes;
} mct_state;

static void key_update(mct_state *s, const uint8_t *tail)
{
    size_t i;
    for (i = 0; i < s->klen; i++)
        s->key[i] ^= tail[i];
}

/* One 16-byte step of ECB, CBC, CFB128 or OFB; reg is the chaining value. */
static int block_step(mct_state *s, uint8_t reg[16], const uint8_t in[16], uint8_t out[16])
{
    int r;
    size_t i;
    switch (s->mode) {
    case CLI_M_ECB:
        return s->enc ? rijn_ecb_encrypt(&s->aes, out, in, 16)
                      : rijn_ecb_decrypt(&s->aes, out, in, 16);
    case CLI_M_CBC:
        r = s->enc ? rijn_cbc_encrypt(&s->aes, reg, out, in, 16)
                   : rijn_cbc_decrypt(&s->aes, reg, out, in, 16);
        memcpy(reg, s->enc ? out : in, 16);
        return r;
    case CLI_M_CFB128:
        r = s->enc ? rijn_cfb128_encrypt(&s->aes, reg, out, in, 16)
                   : rijn_cfb128_decrypt(&s->aes, reg, out, in, 16);
        memcpy(reg, s->enc ? out : in, 16);
        return r;
    case CLI_M_OFB:
        r = rijn_ofb_crypt(&s->aes, reg, out, in, 16);
        for (i = 0; i < 16; i++)
            reg[i] = (uint8_t)(out[i] ^ in[i]);
        return r;
    default:
        return RIJN_ERR_PARAM;
    }
}

static int mct_blocks(mct_state *s, uint8_t x[16], cJSON *arr, acvp_err *e)
{
    uint8_t reg[16], in[16], out[16], prev[16], prev2[16], tail[32];
    int i, j, r;
    for (i = 0; i < 100; i++) {
        cJSON *ent = cJSON_CreateObject();
        cJSON_AddItemToArray(arr, ent);
        acvp_add_hex(ent, "key", s->key, s->klen);
        if (s->mode != CLI_M_ECB)
            acvp_add_hex(ent, "iv", s->iv, 16);
        acvp_add_hex(ent, s->enc ? "pt" : "ct", x, 16);
        r = rijn_aes_init(&s->aes, s->key, s->klen);
        if (r != RIJN_OK)
            return acvp_lib_fail(e, "key setup", r);
        memcpy(reg, s->iv, 16);
        memcpy(in, x, 16);
        memset(prev, 0, 16);
        memset(prev2, 0, 16);
        for (j = 0; j < 1000; j++) {
            r = block_step(s, reg, in, out);
            if (r != RIJN_OK)
                return acvp_lib_fail(e, "MCT step", r);
            if (s->mode == CLI_M_ECB)
                memcpy(in, out, 16);
            else
                memcpy(in, j == 0 ? s->iv : prev, 16);
            memcpy(prev2, prev, 16);
            memcpy(prev, out, 16);
        }
        acvp_add_hex(ent, s->enc ? "ct" : "pt", out, 16);
        /* last keyLen bits of OUT[998] || OUT[999] */
        memcpy(tail, prev2, 16);
        memcpy(tail + 16, out, 16);
        key_update(s, tail + 32 - s->klen);
        memcpy(s->iv, out, 16);
        memcpy(x, s->mode == CLI_M_ECB ? out : prev2, 16);
    }
    return 0;
}

static int mct_cfb8(mct_state *s, uint8_t *x, cJSON *arr, acvp_err *e)
{
    uint8_t reg[16], hist[1000], in, out = 0;
    int i, j, r;
    for (i = 0; i < 100; i++) {
        cJSON *ent = cJSON_CreateObject();
        cJSON_AddItemToArray(arr, ent);
        acvp_add_hex(ent, "key", s->key, s->klen);
        acvp_add_hex(ent, "iv", s->iv, 16);
        acvp_add_hex(ent, s->enc ? "pt" : "ct", x, 1);
        r = rijn_aes_init(&s->aes, s->key, s->klen);
        if (r != RIJN_OK)
            return acvp_lib_fail(e, "key setup", r);
        memcpy(reg, s->iv, 16);
        in = *x;
        for (j = 0; j < 1000; j++) {
            r = s->enc ? rijn_cfb8_encrypt(&s->aes, reg, &out, &in, 1)
                       : rijn_cfb8_decrypt(&s->aes, reg, &out, &in, 1);
            if (r != RIJN_OK)
                return acvp_lib_fail(e, "MCT step", r);
            memmove(reg, reg + 1, 15);
            reg[15] = s->enc ? out : in;
            hist[j] = out;
            in = j < 16 ? s->iv[j] : hist[j - 16];
        }
        acvp_add_hex(ent, s->enc ? "ct" : "pt", &out, 1);
        key_update(s, hist + 1000 - s->klen);
        memcpy(s->iv, hist + 984, 16);
        *x = hist[983];
    }
    return 0;
}

static int mct_cfb1(mct_state *s, uint8_t *x, cJSON *arr, acvp_err *e)
{
    uint8_t reg[16], hist[125], in, out = 0, tail[32];
    int i, j, r, b;
    for (i = 0; i < 100; i++) {
        cJSON *ent = cJSON_CreateObject();
        cJSON_AddItemToArray(arr, ent);
        acvp_add_hex(ent, "key", s->key, s->klen);
        acvp_add_hex(ent, "iv", s->iv, 16);
        acvp_add_hex(ent, s->enc ? "pt" : "ct", x, 1);
        r = rijn_aes_init(&s->aes, s->key, s->klen);
        if (r != RIJN_OK)
            return acvp_lib_fail(e, "key setup", r);
        memcpy(reg, s->iv, 16);
        in = (uint8_t)(*x & 0x80u);
        memset(hist, 0, sizeof hist);
        for (j = 0; j < 1000; j++) {
            r = s->enc ? rijn_cfb1_encrypt_bits(&s->aes, reg, &out, &in, 1)
                       : rijn_cfb1_decrypt_bits(&s->aes, reg, &out, &in, 1);
            if (r != RIJN_OK)
                return acvp_lib_fail(e, "MCT step", r);
            /* shift the register left one bit, append the ciphertext bit */
            b = ((s->enc ? out : in) >> 7) & 1;
            for (r = 0; r < 15; r++)
                reg[r] = (uint8_t)((reg[r] << 1) | (reg[r + 1] >> 7));
            reg[15] = (uint8_t)((reg[15] << 1) | b);
            put_bit(hist, (size_t)j, (out >> 7) & 1);
            if (j < 128)
                in = (uint8_t)(get_bit(s->iv, (size_t)j) << 7);
            else
                in = (uint8_t)(get_bit(hist, (size_t)(j - 128)) << 7);
        }
        out &= 0x80u;
        acvp_add_hex(ent, s->enc ? "ct" : "pt", &out, 1);
        memset(tail, 0, sizeof tail);
        copy_bits(tail, 0, hist, 1000 - 8 * s->klen, 8 * s->klen);
        key_update(s, tail);
        copy_bits(s->iv, 0, hist, 872, 128);
        *x = (uint8_t)(get_bit(hist, 871) << 7);
    }
    return 0;
}

int acvp_aes_mct(cli_mode mode, int enc, const cJSON *t, cJSON *rt, acvp_err *e)
{
    mct_state s;
    uint8_t *key = NULL, *iv = NULL, *in = NULL, x[16];
    size_t klen = 0, ivlen = 0, n = 0, want = mode == CLI_M_CFB1 || mode == CLI_M_CFB8 ? 1 : 16;
    int rc;
    cJSON *arr;
    memset(&s, 0, sizeof s);
    if ((rc = acvp_get_hex(t, "key", &key, &klen, e)) != 0 ||
        (rc = acvp_get_hex(t, enc ? "pt" : "ct", &in, &n, e)) != 0)
        goto done;
    if (mode != CLI_M_ECB && (rc = acvp_get_hex(t, "iv", &iv, &ivlen, e)) != 0)
        goto done;
    if ((klen != 16 && klen != 24 && klen != 32) || (mode != CLI_M_ECB && ivlen != 16) ||
        n != want) {
        rc = acvp_fail(e, ACVP_BAD_INPUT, "MCT needs a 16/24/32-byte key, a 16-byte iv and a "
                                          "%zu-byte %s",
                       want, enc ? "pt" : "ct");
        goto done;
    }
    s.mode = mode;
    s.enc = enc;
    memcpy(s.key, key, klen);
    s.klen = klen;
    if (iv != NULL)
        memcpy(s.iv, iv, 16);
    memcpy(x, in, n);
    arr = cJSON_AddArrayToObject(rt, "resultsArray");
    if (mode == CLI_M_CFB8)
        rc = mct_cfb8(&s, x, arr, e);
    else if (mode == CLI_M_CFB1)
        rc = mct_cfb1(&s, x, arr, e);
    else
        rc = mct_blocks(&s, x, arr, e);
done:
    rijn_aes_wipe(&s.aes);
    rijn_wipe(&s, sizeof s);
    free(key);
    free(iv);
    free(in);
    return rc;
}

