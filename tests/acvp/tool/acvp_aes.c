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
 *  - MCT: acvp_aes_mct.c.
 * Proven by tests/acvp/test_acvp.py (sample vector sets with expected results)
 * and by running the NIST ACVP-Server sample files.
 */
#include <stdlib.h>
#include <string.h>

#include "acvp_aes.h"
#include "acvp_tests.h"

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
            return acvp_lib_fail(e, "CBC", r);
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
        return acvp_lib_fail(e, "ECB", r);
    }
    copy_bits(cn1, d, z, d, 128 - d);
    memcpy(buf, in, (n - 2) * 16);
    memcpy(buf + (n - 2) * 16, cn1, 16);
    memcpy(buf + (n - 1) * 16, cn, 16);
    /* P_1..P_{n-1} by CBC over C_1..C_{n-1}; P*_n = MSB_d(Z xor C_{n-1}) */
    r = rijn_cbc_decrypt(aes, iv, buf, buf, (n - 1) * 16);
    if (r != RIJN_OK) {
        free(buf);
        return acvp_lib_fail(e, "CBC", r);
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
        acvp_len_governs(plen, in, &n);
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
        rc = acvp_lib_fail(e, "key setup", r);
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
        rc = acvp_lib_fail(e, enc ? "encrypt" : "decrypt", r);
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

/* ---- groups ---------------------------------------------------------------- */
/* One test of a group run_group has checked: MCT, else AFT (or CTR), in
 * the group's direction. */
static int test(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt, acvp_err *e)
{
    const char *type = "", *dir = "";
    cli_mode mode = (cli_mode)alg->param;
    int enc;
    if (acvp_get_str(tg, "testType", &type, e) != 0 || acvp_get_str(tg, "direction", &dir, e) != 0)
        return ACVP_BAD_INPUT;
    enc = strcmp(dir, "encrypt") == 0;
    return strcmp(type, "MCT") == 0 ? acvp_aes_mct(mode, enc, t, rt, e) : aft(mode, enc, t, rt, e);
}

static int run_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e)
{
    const char *type = "", *dir = "";
    cli_mode mode = (cli_mode)alg->param;
    if (acvp_get_str(tg, "testType", &type, e) != 0 || acvp_get_str(tg, "direction", &dir, e) != 0)
        return ACVP_BAD_INPUT;
    if (strcmp(dir, "encrypt") != 0 && strcmp(dir, "decrypt") != 0)
        return acvp_fail(e, ACVP_BAD_INPUT, "direction \"%s\"", dir);
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
    return acvp_each_test(alg, tg, rtg, test, e);
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
