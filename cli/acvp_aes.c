/*
 * acvp_aes.c -- ACVP test groups for the classic AES modes:
 * ACVP-AES-ECB, -CBC, -CBC-CS1/2/3, -CFB1, -CFB8, -CFB128, -OFB, -CTR
 * (revision 1.0), per the ACVP symmetric block cipher specification.
 *
 * Implementation notes:
 *  - AFT (and CTR-type groups): one one-shot library call per test.
 *    "payloadLen" is in bits; CFB1 works on bits, CTR and the CTS modes
 *    may end mid-byte (the unused low bits of the last byte are zero).
 *    CTS payloads that are not whole bytes are assembled here from the
 *    library's CBC and ECB calls (acvp_cts_bits); whole-byte payloads go
 *    through rijn_cbc_cts_*. CTR encryption tests without an "iv" ask
 *    the client for one: a random 96-bit prefix and a counter of 1, sent
 *    back in "iv".
 *  - MCT: the Monte Carlo loops of the AESAVS, 100 outer x 1000 inner
 *    iterations, chained through the library's one-shot mode calls with
 *    the chaining value carried here: 16-byte steps for ECB, CBC, CFB128,
 *    OFB; byte steps for CFB8; bit steps for CFB1. The key update XORs
 *    the last keyLen bits of output.
 * Proven by tests/test_acvp.py (sample vector sets with expected results)
 * and by running the NIST ACVP-Server sample files.
 */
#include <stdlib.h>
#include <string.h>

#include "acvp.h"
#include "modeops.h"

/* ---- helpers ---------------------------------------------------------------- */
static void mask_bits(uint8_t *p, size_t nbits)
{
    if (nbits % 8 != 0)
        p[nbits / 8] &= (uint8_t)(0xff00u >> (nbits % 8));
}

static int get_bit(const uint8_t *p, size_t i)
{
    return (p[i / 8] >> (7 - i % 8)) & 1;
}

static void put_bit(uint8_t *p, size_t i, int b)
{
    uint8_t m = (uint8_t)(0x80u >> (i % 8));
    p[i / 8] = (uint8_t)(b ? (p[i / 8] | m) : (p[i / 8] & ~m));
}

/* Copy nbits bits from src (starting at bit s) to dst (starting at bit d). */
static void copy_bits(uint8_t *dst, size_t d, const uint8_t *src, size_t s, size_t nbits)
{
    size_t i;
    for (i = 0; i < nbits; i++)
        put_bit(dst, d + i, get_bit(src, s + i));
}

static int lib_fail(acvp_err *e, const char *what, int r)
{
    return acvp_fail(e, ACVP_FAILED, "%s: %s", what, rijn_strerror(r));
}

/* CBC-CS1/2/3 on a payload of nbits bits (nbits > 128, not a multiple of
 * 8): SP 800-38A addendum, built from CBC on the zero-padded message and
 * one ECB decryption for the inverse. */
static int acvp_cts_bits(cli_mode mode, int enc, const rijn_aes_ctx *aes, const uint8_t iv[16],
                         const uint8_t *in, size_t nbits, uint8_t *out, acvp_err *e)
{
    size_t d = nbits % 128, n = (nbits + 127) / 128, nbytes = (nbits + 7) / 8, i;
    int swap = mode == CLI_M_CTS3 || (mode == CLI_M_CTS2 && d != 0);
    uint8_t *buf = cli_alloc(n * 16), z[16], cn1[16], cn[16];
    int r;
    if (d == 0)
        d = 128;
    memset(buf, 0, n * 16);
    if (enc) {
        memcpy(buf, in, nbytes);
        mask_bits(buf, nbits);
        r = rijn_cbc_encrypt(aes, iv, buf, buf, n * 16);
        if (r != RIJN_OK) {
            free(buf);
            return lib_fail(e, "CBC", r);
        }
        memcpy(cn1, buf + (n - 2) * 16, 16);
        memcpy(cn, buf + (n - 1) * 16, 16);
        memset(out, 0, nbytes);
        memcpy(out, buf, (n - 2) * 16);
        if (swap) {
            memcpy(out + (n - 2) * 16, cn, 16);
            copy_bits(out, (n - 1) * 128, cn1, 0, d);
        } else {
            copy_bits(out, (n - 2) * 128, cn1, 0, d);
            copy_bits(out, (n - 2) * 128 + d, cn, 0, 128);
        }
        free(buf);
        return 0;
    }
    /* decrypt: recover C*_{n-1} (d bits) and C_n */
    memset(cn1, 0, 16);
    if (swap) {
        memcpy(cn, in + (n - 2) * 16, 16);
        copy_bits(cn1, 0, in, (n - 1) * 128, d);
    } else {
        copy_bits(cn1, 0, in, (n - 2) * 128, d);
        memset(cn, 0, 16);
        copy_bits(cn, 0, in, (n - 2) * 128 + d, 128);
    }
    /* Z = D(C_n) = (P*_n || 0) xor C_{n-1}; the low 128-d bits of Z are the
     * stolen bits of C_{n-1}. */
    r = rijn_ecb_decrypt(aes, z, cn, 16);
    if (r != RIJN_OK) {
        free(buf);
        return lib_fail(e, "ECB", r);
    }
    copy_bits(cn1, d, z, d, 128 - d);
    memcpy(buf, in, (n - 2) * 16);
    memcpy(buf + (n - 2) * 16, cn1, 16);
    memcpy(buf + (n - 1) * 16, cn, 16);
    /* P_1..P_{n-1} by CBC over C_1..C_{n-1}; P*_n = MSB_d(Z xor C_{n-1}) */
    r = rijn_cbc_decrypt(aes, iv, buf, buf, (n - 1) * 16);
    if (r != RIJN_OK) {
        free(buf);
        return lib_fail(e, "CBC", r);
    }
    for (i = 0; i < 16; i++)
        z[i] ^= cn1[i];
    memset(out, 0, nbytes);
    memcpy(out, buf, (n - 1) * 16);
    copy_bits(out, (n - 1) * 128, z, 0, d);
    free(buf);
    return 0;
}

/* ---- AFT ------------------------------------------------------------------- */
static int aft(cli_mode mode, int enc, const cJSON *t, cJSON *rt, acvp_err *e)
{
    uint8_t *key = NULL, *iv = NULL, *in = NULL, gen_iv[16];
    size_t klen = 0, ivlen = 0, n = 0, nbits;
    long plen = 0;
    rijn_aes_ctx aes;
    cli_buf out = {NULL, 0};
    int rc = 0, r;
    const uint8_t *ivp = gen_iv;
    memset(gen_iv, 0, sizeof gen_iv);
    memset(&aes, 0, sizeof aes);
    if ((rc = acvp_get_hex(t, "key", &key, &klen, e)) != 0)
        goto done;
    if ((rc = acvp_get_hex(t, enc ? "pt" : "ct", &in, &n, e)) != 0)
        goto done;
    if (mode != CLI_M_ECB) {
        if (acvp_has(t, "iv")) {
            if ((rc = acvp_get_hex(t, "iv", &iv, &ivlen, e)) != 0)
                goto done;
            if (ivlen != 16) {
                rc = acvp_fail(e, ACVP_BAD_INPUT, "\"iv\" must be 16 bytes");
                goto done;
            }
            ivp = iv;
        } else if (mode == CLI_M_CTR && enc) {
            if ((rc = acvp_random(gen_iv, 12, e)) != 0)
                goto done;
            gen_iv[15] = 1;
        } else {
            rc = acvp_fail(e, ACVP_BAD_INPUT, "\"iv\" missing");
            goto done;
        }
    }
    nbits = 8 * n;
    if (acvp_has(t, "payloadLen")) {
        if ((rc = acvp_get_int(t, "payloadLen", &plen, e)) != 0)
            goto done;
        nbits = (size_t)plen;
        if ((nbits + 7) / 8 != n) {
            rc = acvp_fail(e, ACVP_BAD_INPUT, "payloadLen %zu does not match %zu bytes of data",
                           nbits, n);
            goto done;
        }
    }
    if (nbits % 8 != 0 && mode != CLI_M_CFB1 && mode != CLI_M_CTR && mode != CLI_M_CTS1 &&
        mode != CLI_M_CTS2 && mode != CLI_M_CTS3) {
        rc = acvp_fail(e, ACVP_BAD_INPUT, "payloadLen must be whole bytes for this mode");
        goto done;
    }
    r = rijn_aes_init(&aes, key, klen);
    if (r != RIJN_OK) {
        rc = lib_fail(e, "key setup", r);
        goto done;
    }
    if (mode == CLI_M_CFB1 || (nbits % 8 != 0 && mode != CLI_M_CTR)) {
        out.p = cli_alloc(n);
        out.n = n;
        if (mode == CLI_M_CFB1)
            r = enc ? rijn_cfb1_encrypt_bits(&aes, ivp, out.p, in, nbits)
                    : rijn_cfb1_decrypt_bits(&aes, ivp, out.p, in, nbits);
        else if (nbits < 128)
            r = RIJN_ERR_LENGTH;
        else {
            rc = acvp_cts_bits(mode, enc, &aes, ivp, in, nbits, out.p, e);
            if (rc != 0)
                goto done;
            r = RIJN_OK;
        }
    } else {
        mask_bits(in, nbits);
        r = cli_mode_crypt(mode, enc, 0, &aes, ivp, in, n, &out);
    }
    if (r != RIJN_OK) {
        rc = lib_fail(e, enc ? "encrypt" : "decrypt", r);
        goto done;
    }
    mask_bits(out.p, nbits);
    if (iv == NULL && mode != CLI_M_ECB)
        acvp_add_hex(rt, "iv", gen_iv, 16);
    acvp_add_hex(rt, enc ? "ct" : "pt", out.p, n);
done:
    rijn_aes_wipe(&aes);
    cli_buf_free(&out);
    free(key);
    free(iv);
    free(in);
    return rc;
}

/* ---- MCT ------------------------------------------------------------------- */
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
            return lib_fail(e, "key setup", r);
        memcpy(reg, s->iv, 16);
        memcpy(in, x, 16);
        memset(prev, 0, 16);
        memset(prev2, 0, 16);
        for (j = 0; j < 1000; j++) {
            r = block_step(s, reg, in, out);
            if (r != RIJN_OK)
                return lib_fail(e, "MCT step", r);
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
            return lib_fail(e, "key setup", r);
        memcpy(reg, s->iv, 16);
        in = *x;
        for (j = 0; j < 1000; j++) {
            r = s->enc ? rijn_cfb8_encrypt(&s->aes, reg, &out, &in, 1)
                       : rijn_cfb8_decrypt(&s->aes, reg, &out, &in, 1);
            if (r != RIJN_OK)
                return lib_fail(e, "MCT step", r);
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
            return lib_fail(e, "key setup", r);
        memcpy(reg, s->iv, 16);
        in = (uint8_t)(*x & 0x80u);
        memset(hist, 0, sizeof hist);
        for (j = 0; j < 1000; j++) {
            r = s->enc ? rijn_cfb1_encrypt_bits(&s->aes, reg, &out, &in, 1)
                       : rijn_cfb1_decrypt_bits(&s->aes, reg, &out, &in, 1);
            if (r != RIJN_OK)
                return lib_fail(e, "MCT step", r);
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

static int mct(cli_mode mode, int enc, const cJSON *t, cJSON *rt, acvp_err *e)
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

/* ---- groups ---------------------------------------------------------------- */
static int run_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e)
{
    const char *type = "", *dir = "";
    const cJSON *tests, *t;
    cJSON *rtests;
    cli_mode mode = (cli_mode)alg->param;
    int enc, rc;
    if (acvp_get_str(tg, "testType", &type, e) != 0 || acvp_get_str(tg, "direction", &dir, e) != 0)
        return ACVP_BAD_INPUT;
    if (strcmp(dir, "encrypt") != 0 && strcmp(dir, "decrypt") != 0)
        return acvp_fail(e, ACVP_BAD_INPUT, "direction \"%s\"", dir);
    enc = strcmp(dir, "encrypt") == 0;
    if (strcmp(type, "AFT") != 0 && strcmp(type, "MCT") != 0 &&
        !(mode == CLI_M_CTR && strcmp(type, "CTR") == 0))
        return acvp_fail(e, ACVP_BAD_INPUT, "testType \"%s\" is not defined for %s", type,
                         alg->name);
    if (strcmp(type, "MCT") == 0 && (mode == CLI_M_CTR || mode == CLI_M_CTS1 ||
                                     mode == CLI_M_CTS2 || mode == CLI_M_CTS3))
        return acvp_fail(e, ACVP_BAD_INPUT, "%s has no Monte Carlo test", alg->name);
    {
        const cJSON *inc = cJSON_GetObjectItemCaseSensitive(tg, "incrementalCounter");
        if (inc != NULL && cJSON_IsFalse(inc))
            return acvp_fail(e, ACVP_FAILED, "decrementing CTR counters are not supported");
    }
    tests = cJSON_GetObjectItemCaseSensitive(tg, "tests");
    if (!cJSON_IsArray(tests))
        return acvp_fail(e, ACVP_BAD_INPUT, "\"tests\" missing or not an array");
    rtests = cJSON_AddArrayToObject(rtg, "tests");
    cJSON_ArrayForEach(t, tests)
    {
        long tcid = 0;
        cJSON *rt;
        if (!cJSON_IsObject(t) || acvp_get_int(t, "tcId", &tcid, e) != 0)
            return acvp_fail(e, ACVP_BAD_INPUT, "a test is not an object with \"tcId\"");
        rt = cJSON_CreateObject();
        cJSON_AddItemToArray(rtests, rt);
        cJSON_AddNumberToObject(rt, "tcId", (double)tcid);
        rc = strcmp(type, "MCT") == 0 ? mct(mode, enc, t, rt, e) : aft(mode, enc, t, rt, e);
        if (rc != 0) {
            char tmp[sizeof e->msg];
            memcpy(tmp, e->msg, sizeof tmp);
            acvp_fail(e, rc, "tcId %ld: %.200s", tcid, tmp);
            return rc;
        }
    }
    return 0;
}

const acvp_algo acvp_aes_algos[] = {
    {"ACVP-AES-ECB", "1.0", CLI_M_ECB, run_group},
    {"ACVP-AES-CBC", "1.0", CLI_M_CBC, run_group},
    {"ACVP-AES-CBC-CS1", "1.0", CLI_M_CTS1, run_group},
    {"ACVP-AES-CBC-CS2", "1.0", CLI_M_CTS2, run_group},
    {"ACVP-AES-CBC-CS3", "1.0", CLI_M_CTS3, run_group},
    {"ACVP-AES-CFB1", "1.0", CLI_M_CFB1, run_group},
    {"ACVP-AES-CFB8", "1.0", CLI_M_CFB8, run_group},
    {"ACVP-AES-CFB128", "1.0", CLI_M_CFB128, run_group},
    {"ACVP-AES-OFB", "1.0", CLI_M_OFB, run_group},
    {"ACVP-AES-CTR", "1.0", CLI_M_CTR, run_group},
    {NULL, NULL, 0, NULL}};
