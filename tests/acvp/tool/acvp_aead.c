/*
 * acvp_aead.c -- ACVP test groups for the AES AEADs: ACVP-AES-GCM,
 * ACVP-AES-GMAC, ACVP-AES-CCM, ACVP-AES-GCM-SIV (AFT, encrypt and
 * decrypt), per the ACVP symmetric block cipher specification.
 *
 * Implementation notes:
 *  - GCM: encrypt answers "ct" and "tag" (tagLen bits); groups with
 *    ivGen "internal" have no "iv": rijn draws ivLen bits from the OS
 *    random source and answers "iv" too. Decrypt answers "pt", or
 *    "testPassed": false when the tag does not verify.
 *  - GMAC: GCM with no payload: encrypt answers "tag", decrypt answers
 *    "testPassed".
 *  - CCM and GCM-SIV: "ct" is the ciphertext followed by the tag (tagLen
 *    bits for CCM, 128 bits for GCM-SIV); decrypt answers "pt" or
 *    "testPassed": false.
 *  - Lengths (payloadLen, aadLen, ivLen, tagLen) must be whole bytes; a
 *    failed open is an answer, any other library error fails the run.
 * Proven by tests/acvp/test_acvp_ext.py (samples from pyca/cryptography and
 * NIST ACVP-Server excerpts, failure cases included).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acvp_tests.h"

enum { A_GCM = 1, A_GMAC, A_CCM, A_GCMSIV };

typedef struct aead_case {
    int enc;
    uint8_t *key, *iv, *aad, *in, *tag;
    size_t klen, ivlen, aadlen, n, taglen;
    int gen_iv;
} aead_case;

static void case_free(aead_case *c)
{
    free(c->key);
    free(c->iv);
    free(c->aad);
    free(c->in);
    free(c->tag);
}

/* Read the fields common to the four algorithms. */
static int read_case(int algo, const cJSON *tg, const cJSON *t, aead_case *c, acvp_err *e)
{
    long bits = 128;
    int rc, dir = acvp_direction(tg, "encrypt", "decrypt", e);
    if (dir < 0)
        return dir;
    c->enc = dir;
    if ((rc = acvp_get_hex(t, "key", &c->key, &c->klen, e)) != 0)
        return rc;
    if (algo != A_GCMSIV && (rc = acvp_get_int2(t, tg, "tagLen", &bits, e)) != 0)
        return rc;
    if ((rc = acvp_whole_bytes(bits, "tagLen", &c->taglen, e)) != 0)
        return rc;
    if ((rc = acvp_get_data(t, tg, "aad", "aadLen", &c->aad, &c->aadlen, e)) != 0)
        return rc;
    if (acvp_has(t, "iv")) {
        if ((rc = acvp_get_data(t, tg, "iv", "ivLen", &c->iv, &c->ivlen, e)) != 0)
            return rc;
    } else {
        const char *gen = "";
        if (algo == A_CCM || algo == A_GCMSIV || !c->enc ||
            acvp_get_str(tg, "ivGen", &gen, e) != 0 || strcmp(gen, "internal") != 0)
            return acvp_fail(e, ACVP_BAD_INPUT, "\"iv\" missing");
        if ((rc = acvp_get_int(tg, "ivLen", &bits, e)) != 0 ||
            (rc = acvp_whole_bytes(bits, "ivLen", &c->ivlen, e)) != 0)
            return rc;
        if (c->ivlen == 0 || c->ivlen > 1024)
            return acvp_fail(e, ACVP_FAILED, "ivLen %ld not supported", bits);
        c->iv = cli_alloc(c->ivlen);
        if ((rc = acvp_random(c->iv, c->ivlen, e)) != 0)
            return rc;
        c->gen_iv = 1;
    }
    if (algo == A_GMAC) {
        c->in = cli_alloc(1);
        c->n = 0;
    } else if (c->enc) {
        if ((rc = acvp_get_data(t, tg, "pt", "payloadLen", &c->in, &c->n, e)) != 0)
            return rc;
    } else {
        if ((rc = acvp_get_hex(t, "ct", &c->in, &c->n, e)) != 0)
            return rc;
        if (algo == A_GCM && (acvp_has(t, "payloadLen") || acvp_has(tg, "payloadLen")) &&
            acvp_get_int2(t, tg, "payloadLen", &bits, e) == 0)
            acvp_len_governs(bits, c->in, &c->n); /* GCM: the tag is apart */
    }
    if (!c->enc && (algo == A_GCM || algo == A_GMAC)) {
        size_t tl = 0;
        if ((rc = acvp_get_hex(t, "tag", &c->tag, &tl, e)) != 0)
            return rc;
        if (tl != c->taglen)
            return acvp_fail(e, ACVP_BAD_INPUT, "\"tag\" is %zu bytes, tagLen says %zu", tl,
                             c->taglen);
    } else if (!c->enc) {
        /* CCM, GCM-SIV: ct = ciphertext || tag */
        if (c->n < c->taglen)
            return acvp_fail(e, ACVP_BAD_INPUT, "\"ct\" shorter than the tag");
        c->n -= c->taglen;
        c->tag = cli_alloc(c->taglen + 1);
        memcpy(c->tag, c->in + c->n, c->taglen);
    } else {
        c->tag = cli_alloc(c->taglen + 1);
    }
    return 0;
}

/* One seal (enc = 1) or open (enc = 0) of case c with a fresh context:
 * GMAC through rijn/gcm.h, the AEADs through their descriptors
 * (rijn/aead_table.h; a key size without one, e.g. 20 bytes, is
 * RIJN_ERR_KEY_LEN as from the AEAD's key setup; ACVP's GCM-SIV has
 * 128- and 256-bit keys, the descriptors'). */
static int run_case(int algo, int enc, const aead_case *c, uint8_t *out)
{
    char name[32];
    const rijn_aead_alg *a;
    int r;
    if (algo == A_GMAC) {
        rijn_gcm_ctx ctx;
        r = rijn_gcm_init(&ctx, c->key, c->klen);
        if (r == RIJN_OK)
            r = enc ? rijn_gmac_compute(&ctx, c->tag, c->taglen, c->iv, c->ivlen, c->aad,
                                        c->aadlen)
                    : rijn_gmac_verify(&ctx, c->tag, c->taglen, c->iv, c->ivlen, c->aad,
                                       c->aadlen);
        rijn_gcm_wipe(&ctx);
        return r;
    }
    snprintf(name, sizeof name, "aes-%zu-%s", c->klen * 8,
             algo == A_CCM ? "ccm" : algo == A_GCMSIV ? "gcm-siv" : "gcm");
    a = rijn_aead_alg_find(name);
    if (a == NULL || c->klen != a->key_len)
        return RIJN_ERR_KEY_LEN;
    {
        rijn_aead_any_ctx ctx;
        r = a->init(&ctx, c->key, c->klen);
        if (r == RIJN_OK)
            r = enc ? a->seal(&ctx, out, c->tag, c->taglen, c->iv, c->ivlen, c->aad, c->aadlen,
                              c->in, c->n)
                    : a->open(&ctx, out, c->tag, c->taglen, c->iv, c->ivlen, c->aad, c->aadlen,
                              c->in, c->n);
        a->wipe(&ctx);
    }
    return r;
}

static int aft(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt, acvp_err *e)
{
    aead_case c;
    uint8_t *out = NULL;
    int rc, r, algo = alg->param;
    memset(&c, 0, sizeof c);
    rc = read_case(algo, tg, t, &c, e);
    if (rc != 0)
        goto done;
    out = cli_alloc(c.n + c.taglen + 1);
    if (c.enc) {
        r = run_case(algo, 1, &c, out);
        if (r != RIJN_OK) {
            rc = acvp_lib_error(e, "seal", r);
            goto done;
        }
        if (c.gen_iv)
            acvp_add_hex(rt, "iv", c.iv, c.ivlen);
        if (algo == A_CCM || algo == A_GCMSIV) {
            memcpy(out + c.n, c.tag, c.taglen);
            acvp_add_hex(rt, "ct", out, c.n + c.taglen);
        } else {
            if (algo == A_GCM)
                acvp_add_hex(rt, "ct", out, c.n);
            acvp_add_hex(rt, "tag", c.tag, c.taglen);
        }
    } else {
        r = run_case(algo, 0, &c, out);
        if (r == RIJN_ERR_AUTH)
            acvp_add_passed(rt, 0);
        else if (r != RIJN_OK)
            rc = acvp_lib_error(e, "open", r);
        else if (algo == A_GMAC)
            acvp_add_passed(rt, 1);
        else
            acvp_add_hex(rt, "pt", out, c.n);
    }
done:
    if (out != NULL) {
        rijn_wipe(out, c.n + c.taglen + 1);
        free(out);
    }
    case_free(&c);
    return rc;
}

static int run_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e)
{
    return acvp_aft_group(alg, tg, rtg, aft, e);
}

const acvp_algo acvp_aead_algos[] = {
    {"ACVP-AES-GCM", "1.0", A_GCM, run_group},
    {"ACVP-AES-GMAC", "1.0", A_GMAC, run_group},
    {"ACVP-AES-CCM", "1.0", A_CCM, run_group},
    {"ACVP-AES-GCM-SIV", NULL, A_GCMSIV, run_group},
    {NULL, NULL, 0, NULL}};
