/*
 * acvp_ascon.c -- ACVP test groups for Ascon (NIST SP 800-232; algorithm
 * "Ascon", revision "SP800-232", modes "AEAD128", "Hash256", "XOF128",
 * "CXOF128"). acvp_main.c finds these entries as "Ascon-<mode>".
 *
 * Implementation notes:
 *  - AEAD128 (AFT): "key", "nonce", "ad", "pt"/"ct", "tag" and the bit
 *    lengths payloadLen, adLen, tagLen in each test. Encrypt answers "ct"
 *    and "tag" (the library's 128-bit tag cut to tagLen, whole bytes);
 *    decrypt answers "testPassed" and "pt", and needs a 128-bit tag (rijn
 *    verifies only full tags). Nonce masking ("secondKey") is not
 *    supported.
 *  - Hash256: "md" of "msg"; XOF128: "outLen" bits of output; CXOF128
 *    also takes the customization string "cs" (csLen bits).
 *  - Every length must be whole bytes (exit 1 otherwise).
 * Proven by tests/acvp/test_acvp_ext.py (prompts built from the Ascon team's
 * SP 800-232 KATs, NIST ACVP-Server excerpts).
 */
#include <stdlib.h>
#include <string.h>

#include "acvp_tests.h"

enum { S_AEAD = 0, S_HASH, S_XOF, S_CXOF };

static int aead(const cJSON *tg, const cJSON *t, cJSON *rt, acvp_err *e)
{
    uint8_t *key = NULL, *nonce = NULL, *ad = NULL, *in = NULL, *tag = NULL, *out = NULL;
    uint8_t full[16];
    size_t klen = 0, nlen = 0, alen = 0, n = 0, tlen = 0, want;
    long bits = 0;
    rijn_ascon_aead128_ctx ctx;
    int rc, r, enc;
    memset(&ctx, 0, sizeof ctx);
    if ((enc = acvp_direction(tg, "encrypt", "decrypt", e)) < 0)
        return enc;
    if (acvp_has(t, "secondKey"))
        return acvp_fail(e, ACVP_FAILED, "nonce masking (\"secondKey\") is not supported");
    if ((rc = acvp_get_int2(t, tg, "tagLen", &bits, e)) != 0 ||
        (rc = acvp_whole_bytes(bits, "tagLen", &want, e)) != 0)
        return rc;
    if (want < 1 || want > 16 || (!enc && want != 16))
        return acvp_fail(e, ACVP_FAILED, "tagLen %ld not supported%s", bits,
                         enc ? "" : " for decryption (128 only)");
    if ((rc = acvp_get_hex(t, "key", &key, &klen, e)) != 0 ||
        (rc = acvp_get_hex(t, "nonce", &nonce, &nlen, e)) != 0 ||
        (rc = acvp_get_data(t, tg, "ad", "adLen", &ad, &alen, e)) != 0 ||
        (rc = acvp_get_data(t, tg, enc ? "pt" : "ct", "payloadLen", &in, &n, e)) != 0)
        goto done;
    if (!enc) {
        if ((rc = acvp_get_hex(t, "tag", &tag, &tlen, e)) != 0)
            goto done;
        if (tlen != want) {
            rc = acvp_fail(e, ACVP_BAD_INPUT, "\"tag\" is %zu bytes, tagLen says %zu", tlen, want);
            goto done;
        }
    }
    out = cli_alloc(n + 1);
    r = rijn_ascon_aead128_init(&ctx, key, klen);
    if (r == RIJN_OK)
        r = enc ? rijn_ascon_aead128_seal(&ctx, out, full, sizeof full, nonce, nlen, ad, alen, in, n)
                : rijn_ascon_aead128_open(&ctx, out, tag, tlen, nonce, nlen, ad, alen, in, n);
    if (!enc && r == RIJN_ERR_AUTH) {
        acvp_add_passed(rt, 0);
    } else if (r != RIJN_OK) {
        rc = acvp_lib_error(e, enc ? "seal" : "open", r);
    } else if (enc) {
        acvp_add_hex(rt, "ct", out, n);
        acvp_add_hex(rt, "tag", full, want);
    } else {
        acvp_add_passed(rt, 1);
        acvp_add_hex(rt, "pt", out, n);
    }
done:
    rijn_ascon_aead128_wipe(&ctx);
    if (out != NULL) {
        rijn_wipe(out, n + 1);
        free(out);
    }
    free(key);
    free(nonce);
    free(ad);
    free(in);
    free(tag);
    return rc;
}

static int hash(int mode, const cJSON *tg, const cJSON *t, cJSON *rt, acvp_err *e)
{
    uint8_t *msg = NULL, *cs = NULL, *out = NULL;
    size_t n = 0, csn = 0, olen = RIJN_ASCON_HASH256_SIZE;
    long bits = 0;
    int rc, r;
    if ((rc = acvp_get_data(t, tg, "msg", "len", &msg, &n, e)) != 0)
        return rc;
    if (mode != S_HASH) {
        if ((rc = acvp_get_int2(t, tg, "outLen", &bits, e)) != 0 ||
            (rc = acvp_whole_bytes(bits, "outLen", &olen, e)) != 0)
            goto done;
        if (olen == 0 || olen > (1u << 24)) {
            rc = acvp_fail(e, ACVP_BAD_INPUT, "outLen %ld", bits);
            goto done;
        }
    }
    if (mode == S_CXOF && (rc = acvp_get_data(t, tg, "cs", "csLen", &cs, &csn, e)) != 0)
        goto done;
    out = cli_alloc(olen);
    r = mode == S_HASH  ? rijn_ascon_hash256(out, msg, n)
        : mode == S_XOF ? rijn_ascon_xof128(out, olen, msg, n)
                        : rijn_ascon_cxof128(out, olen, cs, csn, msg, n);
    if (r != RIJN_OK)
        rc = acvp_lib_error(e, "Ascon", r);
    else
        acvp_add_hex(rt, "md", out, olen);
done:
    free(msg);
    free(cs);
    free(out);
    return rc;
}

static int test(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt, acvp_err *e)
{
    return alg->param == S_AEAD ? aead(tg, t, rt, e) : hash(alg->param, tg, t, rt, e);
}

static int run_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e)
{
    return acvp_aft_group(alg, tg, rtg, test, e);
}

const acvp_algo acvp_ascon_algos[] = {{"Ascon-AEAD128", "SP800-232", S_AEAD, run_group},
                                      {"Ascon-Hash256", "SP800-232", S_HASH, run_group},
                                      {"Ascon-XOF128", "SP800-232", S_XOF, run_group},
                                      {"Ascon-CXOF128", "SP800-232", S_CXOF, run_group},
                                      {NULL, NULL, 0, NULL}};
