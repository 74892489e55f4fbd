/*
 * acvp_mac.c -- ACVP test groups for MACs and password KDFs: CMAC-AES
 * (AFT gen / ver), HMAC-SHA-1, HMAC-SHA2-* and HMAC-SHA3-* (revisions 1.0
 * and 2.0), and PBKDF (SP 800-132 PBKDF2 with any HMAC rijn has).
 *
 * Implementation notes:
 *  - CMAC: "gen" answers "mac" (macLen bits); "ver" answers "testPassed".
 *  - HMAC: keyLen / msgLen / macLen come from the group (1.0) or the test
 *    (2.0); "mac" is the tag truncated to macLen bits (whole bytes).
 *  - PBKDF: "password" is a text string, "salt" hex, "keyLen" bits,
 *    "iterationCount"; "hmacAlg" names the hash ("SHA2-256", "SHA3-512",
 *    "SHA-1"...). Answers "derivedKey".
 * The hash behind each name is looked up with rijn_hash_find; a hash
 * compiled out fails the run (exit 1). Proven by tests/acvp/test_acvp_ext.py
 * (samples from pyca/cryptography / hashlib, NIST ACVP-Server excerpts).
 */
#include <stdlib.h>
#include <string.h>

#include "acvp_tests.h"

/* ACVP hash names -> rijn names */
static const rijn_hash_desc *acvp_hash(const char *acvp_name)
{
    static const char *const map[][2] = {
        {"SHA-1", "SHA-1"},           {"SHA2-224", "SHA-224"},
        {"SHA2-256", "SHA-256"},      {"SHA2-384", "SHA-384"},
        {"SHA2-512", "SHA-512"},      {"SHA2-512/224", "SHA-512/224"},
        {"SHA2-512/256", "SHA-512/256"}, {"SHA3-224", "SHA3-224"},
        {"SHA3-256", "SHA3-256"},     {"SHA3-384", "SHA3-384"},
        {"SHA3-512", "SHA3-512"}};
    size_t i;
    for (i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], acvp_name) == 0)
            return rijn_hash_find(map[i][1]);
    return NULL;
}

/* ---- CMAC ------------------------------------------------------------------ */
static int cmac_test(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt,
                     acvp_err *e)
{
    uint8_t *key = NULL, *msg = NULL, *mac = NULL, tag[16];
    size_t klen = 0, n = 0, mlen = 0, tl = 0;
    long bits = 0;
    int rc, r, gen;
    (void)alg;
    if ((gen = acvp_direction(tg, "gen", "ver", e)) < 0)
        return gen;
    if ((rc = acvp_get_int2(t, tg, "macLen", &bits, e)) != 0 ||
        (rc = acvp_whole_bytes(bits, "macLen", &tl, e)) != 0)
        return rc;
    if ((rc = acvp_get_hex(t, "key", &key, &klen, e)) != 0 ||
        (rc = acvp_get_data(t, tg, "message", "msgLen", &msg, &n, e)) != 0)
        goto done;
    if (gen) {
        r = tl > sizeof tag ? RIJN_ERR_TAG_LEN : rijn_cmac(tag, tl, key, klen, msg, n);
        if (r != RIJN_OK)
            rc = acvp_lib_error(e, "CMAC", r);
        else
            acvp_add_hex(rt, "mac", tag, tl);
    } else {
        if ((rc = acvp_get_hex(t, "mac", &mac, &mlen, e)) != 0)
            goto done;
        r = rijn_cmac_check(mac, mlen, key, klen, msg, n);
        if (r == RIJN_OK || r == RIJN_ERR_AUTH)
            acvp_add_passed(rt, r == RIJN_OK && mlen == tl);
        else
            rc = acvp_lib_error(e, "CMAC verify", r);
    }
done:
    free(key);
    free(msg);
    free(mac);
    return rc;
}

/* ---- HMAC ------------------------------------------------------------------ */
static int hmac_test(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt,
                     acvp_err *e)
{
    const rijn_hash_desc *h = acvp_hash(alg->name + 5); /* skip "HMAC-" */
    uint8_t *key = NULL, *msg = NULL, tag[RIJN_HASH_MAX_SIZE];
    size_t klen = 0, n = 0, tl = 0;
    long bits = 0;
    int rc, r;
    if (h == NULL)
        return acvp_fail(e, ACVP_FAILED, "%s is not compiled in", alg->name + 5);
    if ((rc = acvp_get_int2(t, tg, "macLen", &bits, e)) != 0 ||
        (rc = acvp_whole_bytes(bits, "macLen", &tl, e)) != 0)
        return rc;
    if ((rc = acvp_get_data(t, tg, "key", "keyLen", &key, &klen, e)) != 0 ||
        (rc = acvp_get_data(t, tg, "msg", "msgLen", &msg, &n, e)) != 0)
        goto done;
    r = tl > sizeof tag ? RIJN_ERR_TAG_LEN : rijn_hmac(h, tag, tl, key, klen, msg, n);
    if (r != RIJN_OK)
        rc = acvp_lib_error(e, "HMAC", r);
    else
        acvp_add_hex(rt, "mac", tag, tl);
done:
    free(key);
    free(msg);
    return rc;
}

/* ---- PBKDF ----------------------------------------------------------------- */
static int pbkdf_test(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt,
                      acvp_err *e)
{
    const char *hname = "", *pw = "";
    const rijn_hash_desc *h;
    uint8_t *salt = NULL, *dk = NULL;
    size_t slen = 0, dlen = 0;
    long bits = 0, iters = 0;
    int rc, r;
    (void)alg;
    if (acvp_get_str(tg, "hmacAlg", &hname, e) != 0)
        return ACVP_BAD_INPUT;
    if ((h = acvp_hash(hname)) == NULL)
        return acvp_fail(e, ACVP_FAILED, "hmacAlg \"%.40s\" not supported", hname);
    if ((rc = acvp_get_int(t, "keyLen", &bits, e)) != 0 ||
        (rc = acvp_whole_bytes(bits, "keyLen", &dlen, e)) != 0 ||
        (rc = acvp_get_int(t, "iterationCount", &iters, e)) != 0 ||
        (rc = acvp_get_str(t, "password", &pw, e)) != 0 ||
        (rc = acvp_get_hex(t, "salt", &salt, &slen, e)) != 0)
        goto done;
    if (iters < 1 || iters > 0x7fffffffL || dlen == 0) {
        rc = acvp_fail(e, ACVP_BAD_INPUT, "iterationCount %ld / keyLen %ld", iters, bits);
        goto done;
    }
    dk = cli_alloc(dlen);
    r = rijn_pbkdf2(h, dk, dlen, (const uint8_t *)pw, strlen(pw), salt, slen, (uint32_t)iters);
    if (r != RIJN_OK)
        rc = acvp_lib_error(e, "PBKDF2", r);
    else
        acvp_add_hex(rt, "derivedKey", dk, dlen);
done:
    if (dk != NULL) {
        rijn_wipe(dk, dlen);
        free(dk);
    }
    free(salt);
    return rc;
}

static int run_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e)
{
    static const acvp_test_fn fns[] = {cmac_test, hmac_test, pbkdf_test};
    return acvp_aft_group(alg, tg, rtg, fns[alg->param], e);
}

#define HMAC_ALG(name) {"HMAC-" name, NULL, 1, run_group}
const acvp_algo acvp_mac_algos[] = {
    {"CMAC-AES", "1.0", 0, run_group},
    HMAC_ALG("SHA-1"),
    HMAC_ALG("SHA2-224"),
    HMAC_ALG("SHA2-256"),
    HMAC_ALG("SHA2-384"),
    HMAC_ALG("SHA2-512"),
    HMAC_ALG("SHA2-512/224"),
    HMAC_ALG("SHA2-512/256"),
    HMAC_ALG("SHA3-224"),
    HMAC_ALG("SHA3-256"),
    HMAC_ALG("SHA3-384"),
    HMAC_ALG("SHA3-512"),
    {"PBKDF", "1.0", 2, run_group},
    {NULL, NULL, 0, NULL}};
