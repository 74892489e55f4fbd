/*
 * acvp_sha.c -- ACVP test groups for the hash functions: SHA-1,
 * SHA2-224/256/384/512/512-224/512-256 (AFT, MCT standard and alternate,
 * LDT), SHA3-224..512 (AFT, MCT standard, LDT) and SHAKE-128/256 (AFT,
 * VOT, MCT), per the ACVP secure hash specifications.
 *
 * Implementation notes:
 *  - Messages ("msg", "len" in bits) must be whole bytes: rijn hashes
 *    bytes (a registration with a byte increment gives only such tests).
 *    "len" governs: "len": 0 with "msg": "00" (CAVP's spelling of the
 *    empty message) is the empty message (acvp_len_governs).
 *  - SHA-1/SHA-2 MCT: MSG = A || B || C, three chained digests, 1000
 *    inner rounds per result; "alternate" first cuts or zero-pads MSG to
 *    the seed's length. SHA-3 MCT: MD = H(MD) 1000 times per result.
 *  - SHAKE MCT: MSG = the leftmost 128 bits of the last output (zero
 *    padded); the next output length is minOutLen + (last 16 output bits
 *    mod range), in bytes. Each result gives "md" and "outLen".
 *  - LDT: "largeMsg" is "content" repeated to "fullLength" bits (up to
 *    8 GiB); fed through a 64 KiB buffer, never held whole.
 *  - SHAKE outputs of a bit length that is not whole bytes are squeezed
 *    to the next byte; the last byte keeps its low outLen % 8 bits (the
 *    first in Keccak's bit order), as NIST's expected results do.
 * Proven by tests/acvp/test_acvp_ext.py (samples from Python's hashlib, NIST
 * ACVP-Server excerpts for each test type).
 */
#include <stdlib.h>
#include <string.h>

#include "acvp_tests.h"

enum { H_SHA2 = 0, H_SHA3, H_SHAKE128, H_SHAKE256 };

static const rijn_hash_desc *hash_of(const acvp_algo *alg)
{
    static const char *const map[][2] = {
        {"SHA-1", "SHA-1"},         {"SHA2-224", "SHA-224"},  {"SHA2-256", "SHA-256"},
        {"SHA2-384", "SHA-384"},    {"SHA2-512", "SHA-512"},  {"SHA2-512/224", "SHA-512/224"},
        {"SHA2-512/256", "SHA-512/256"}, {"SHA3-224", "SHA3-224"}, {"SHA3-256", "SHA3-256"},
        {"SHA3-384", "SHA3-384"},   {"SHA3-512", "SHA3-512"}};
    size_t i;
    for (i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], alg->name) == 0)
            return rijn_hash_find(map[i][1]);
    return NULL;
}

/* SHAKE of in[n] into out[(outbits + 7) / 8]; bits past outbits cleared. */
static int shake(int algo, const uint8_t *in, size_t n, uint8_t *out, size_t outbits)
{
    rijn_sha3_ctx ctx;
    int r = algo == H_SHAKE128 ? rijn_shake128_init(&ctx) : rijn_shake256_init(&ctx);
    if (r == RIJN_OK)
        r = rijn_sha3_update(&ctx, in, n);
    if (r == RIJN_OK)
        r = rijn_shake_squeeze(&ctx, out, (outbits + 7) / 8);
    rijn_sha3_wipe(&ctx);
    if (outbits % 8 != 0)
        out[outbits / 8] &= (uint8_t)((1u << (outbits % 8)) - 1u); /* Keccak bit order */
    return r;
}

static int sha2_mct(const rijn_hash_desc *h, int alt, const uint8_t *seed, size_t n, cJSON *arr)
{
    size_t d = h->digest_size, cap = n > d ? n : d, len[3], j, i, k, mlen;
    uint8_t *abc = cli_alloc(3 * cap), *msg = cli_alloc(3 * cap + 1), md[RIJN_HASH_MAX_SIZE];
    int r = RIJN_OK;
    memcpy(msg, seed, n); /* msg holds the seed between results */
    mlen = n;
    for (j = 0; j < 100 && r == RIJN_OK; j++) {
        cJSON *ent;
        for (k = 0; k < 3; k++) { /* A = B = C = seed */
            memcpy(abc + k * cap, msg, mlen);
            len[k] = mlen;
        }
        for (i = 0; i < 1000 && r == RIJN_OK; i++) {
            /* MSG = A || B || C (alternate: cut or zero-pad to n) */
            mlen = 0;
            for (k = 0; k < 3; k++) {
                memcpy(msg + mlen, abc + k * cap, len[k]);
                mlen += len[k];
            }
            if (alt) {
                if (mlen < n)
                    memset(msg + mlen, 0, n - mlen);
                mlen = n;
            }
            r = rijn_hash(h, md, sizeof md, msg, mlen);
            /* A = B, B = C, C = MD */
            memmove(abc, abc + cap, 2 * cap);
            len[0] = len[1];
            len[1] = len[2];
            memcpy(abc + 2 * cap, md, d);
            len[2] = d;
        }
        ent = cJSON_CreateObject();
        acvp_add_hex(ent, "md", md, d);
        cJSON_AddItemToArray(arr, ent);
        memcpy(msg, md, d); /* seed = MD */
        mlen = d;
    }
    free(abc);
    free(msg);
    return r;
}

static int sha3_mct(const rijn_hash_desc *h, const uint8_t *seed, size_t n, cJSON *arr)
{
    uint8_t *md = cli_alloc(n > RIJN_HASH_MAX_SIZE ? n : RIJN_HASH_MAX_SIZE);
    size_t d = h->digest_size, mlen = n, j, i;
    int r = RIJN_OK;
    memcpy(md, seed, n);
    for (j = 0; j < 100 && r == RIJN_OK; j++) {
        cJSON *ent;
        for (i = 0; i < 1000 && r == RIJN_OK; i++) {
            uint8_t t[RIJN_HASH_MAX_SIZE];
            r = rijn_hash(h, t, sizeof t, md, mlen);
            memcpy(md, t, d);
            mlen = d;
        }
        ent = cJSON_CreateObject();
        acvp_add_hex(ent, "md", md, d);
        cJSON_AddItemToArray(arr, ent);
    }
    free(md);
    return r;
}

static int shake_mct(int algo, const cJSON *tg, const uint8_t *seed, size_t n, cJSON *arr,
                     acvp_err *e)
{
    long minb, maxb;
    size_t lo, hi, olen, cur, j, i, range;
    uint8_t *md, msg[16];
    int rc, r = RIJN_OK;
    if ((rc = acvp_get_int(tg, "minOutLen", &minb, e)) != 0 ||
        (rc = acvp_get_int(tg, "maxOutLen", &maxb, e)) != 0 ||
        (rc = acvp_whole_bytes(minb, "minOutLen", &lo, e)) != 0 ||
        (rc = acvp_whole_bytes(maxb, "maxOutLen", &hi, e)) != 0)
        return rc;
    if (lo < 2 || hi < lo || hi > 1 << 20)
        return acvp_fail(e, ACVP_BAD_INPUT, "minOutLen %ld / maxOutLen %ld", minb, maxb);
    md = cli_alloc(hi > n ? hi : n);
    memcpy(md, seed, n);
    cur = n;   /* bytes in md */
    olen = hi; /* the next output length */
    range = hi - lo + 1;
    for (j = 0; j < 100 && r == RIJN_OK; j++) {
        cJSON *ent;
        for (i = 0; i < 1000 && r == RIJN_OK; i++) {
            memset(msg, 0, sizeof msg);
            memcpy(msg, md, cur < 16 ? cur : 16);
            r = shake(algo, msg, sizeof msg, md, 8 * olen);
            cur = olen;
            olen = lo + (((size_t)md[cur - 2] << 8) | md[cur - 1]) % range;
        }
        ent = cJSON_CreateObject();
        acvp_add_hex(ent, "md", md, cur);
        cJSON_AddNumberToObject(ent, "outLen", (double)(8 * cur));
        cJSON_AddItemToArray(arr, ent);
    }
    free(md);
    return r == RIJN_OK ? 0 : acvp_lib_error(e, "SHAKE", r);
}

/* "largeMsg": content repeated to fullLength bits, through a 64 KiB buffer */
static int ldt(const rijn_hash_desc *h, const cJSON *t, uint8_t *md,
               acvp_err *e)
{
    const cJSON *lm = cJSON_GetObjectItemCaseSensitive(t, "largeMsg");
    const char *tech = "";
    uint8_t *content = NULL, *buf = NULL;
    size_t clen = 0, cbytes, fbytes, per, done = 0;
    long cbits, fbits;
    rijn_hash_ctx ctx;
    int rc, r;
    memset(&ctx, 0, sizeof ctx);
    if (!cJSON_IsObject(lm))
        return acvp_fail(e, ACVP_BAD_INPUT, "\"largeMsg\" missing or not an object");
    if ((rc = acvp_get_str(lm, "expansionTechnique", &tech, e)) != 0)
        return rc;
    if (strcmp(tech, "repeating") != 0)
        return acvp_fail(e, ACVP_FAILED, "expansionTechnique \"%.40s\" not supported", tech);
    if ((rc = acvp_get_int(lm, "contentLength", &cbits, e)) != 0 ||
        (rc = acvp_get_int(lm, "fullLength", &fbits, e)) != 0 ||
        (rc = acvp_whole_bytes(cbits, "contentLength", &cbytes, e)) != 0 ||
        (rc = acvp_whole_bytes(fbits, "fullLength", &fbytes, e)) != 0 ||
        (rc = acvp_get_hex(lm, "content", &content, &clen, e)) != 0)
        return rc;
    if (clen != cbytes || cbytes == 0 || fbytes % cbytes != 0 ) {
        free(content);
        return acvp_fail(e, ACVP_BAD_INPUT, "largeMsg lengths do not fit its content");
    }
    per = 65536 / cbytes > 0 ? 65536 / cbytes * cbytes : cbytes;
    buf = cli_alloc(per);
    for (done = 0; done < per; done += cbytes)
        memcpy(buf + done, content, cbytes);
    r = rijn_hash_init(&ctx, h);
    for (done = 0; r == RIJN_OK && done < fbytes; done += per)
        r = rijn_hash_update(&ctx, buf, fbytes - done < per ? fbytes - done : per);
    if (r == RIJN_OK)
        r = rijn_hash_final(&ctx, md, RIJN_HASH_MAX_SIZE);
    rijn_hash_wipe(&ctx);
    free(buf);
    free(content);
    return r == RIJN_OK ? 0 : acvp_lib_error(e, "hash", r);
}

enum { T_AFT = 0, T_MCT, T_LDT, T_VOT };

static int hash_test(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt,
                     acvp_err *e)
{
    static const char *const types[] = {"AFT", "MCT", "LDT", "VOT", NULL};
    const rijn_hash_desc *h = hash_of(alg);
    int type = acvp_test_type(tg, types, alg->name, e), is_shake = alg->param >= H_SHAKE128;
    uint8_t *msg = NULL, md[RIJN_HASH_MAX_SIZE], *out = NULL;
    size_t n = 0;
    long outbits = 0;
    int rc = 0, r;
    if (type < 0)
        return type;
    if (!is_shake && h == NULL)
        return acvp_fail(e, ACVP_FAILED, "%s is not compiled in", alg->name);
    if (type == T_LDT && is_shake)
        return acvp_fail(e, ACVP_BAD_INPUT, "testType LDT is not defined for %s", alg->name);
    if (type == T_VOT && !is_shake)
        return acvp_fail(e, ACVP_BAD_INPUT, "testType VOT is not defined for %s", alg->name);
    if (type == T_LDT) {
        if ((rc = ldt(h, t, md, e)) == 0)
            acvp_add_hex(rt, "md", md, h->digest_size);
        return rc;
    }
    if ((rc = acvp_get_data(t, tg, "msg", "len", &msg, &n, e)) != 0)
        return rc;
    if (type == T_MCT) {
        const char *ver = "standard";
        cJSON *arr = cJSON_CreateArray();
        cJSON_AddItemToObject(rt, "resultsArray", arr);
        if (acvp_has(tg, "mctVersion") && (rc = acvp_get_str(tg, "mctVersion", &ver, e)) != 0)
            goto done;
        if (strcmp(ver, "standard") != 0 && (strcmp(ver, "alternate") != 0 || alg->param)) {
            rc = acvp_fail(e, ACVP_FAILED, "mctVersion \"%.40s\" not supported", ver);
            goto done;
        }
        if (n == 0) {
            rc = acvp_fail(e, ACVP_BAD_INPUT, "empty Monte Carlo seed");
            goto done;
        }
        if (is_shake) {
            rc = shake_mct(alg->param, tg, msg, n, arr, e);
            goto done;
        }
        r = alg->param == H_SHA3 ? sha3_mct(h, msg, n, arr)
                                 : sha2_mct(h, strcmp(ver, "alternate") == 0, msg, n, arr);
        if (r != RIJN_OK)
            rc = acvp_lib_error(e, "hash", r);
        goto done;
    }
    if (is_shake) {
        if ((rc = acvp_get_int(t, "outLen", &outbits, e)) != 0)
            goto done;
        if (outbits < 1 || outbits > (1L << 24)) {
            rc = acvp_fail(e, ACVP_BAD_INPUT, "outLen %ld", outbits);
            goto done;
        }
        out = cli_alloc((size_t)(outbits + 7) / 8);
        r = shake(alg->param, msg, n, out, (size_t)outbits);
        if (r != RIJN_OK) {
            rc = acvp_lib_error(e, "SHAKE", r);
            goto done;
        }
        acvp_add_hex(rt, "md", out, (size_t)(outbits + 7) / 8);
        cJSON_AddNumberToObject(rt, "outLen", (double)outbits);
        goto done;
    }
    r = rijn_hash(h, md, sizeof md, msg, n);
    if (r != RIJN_OK)
        rc = acvp_lib_error(e, "hash", r);
    else
        acvp_add_hex(rt, "md", md, h->digest_size);
done:
    free(msg);
    free(out);
    return rc;
}

static int run_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e)
{
    return acvp_each_test(alg, tg, rtg, hash_test, e);
}

const acvp_algo acvp_sha_algos[] = {
    {"SHA-1", NULL, H_SHA2, run_group},        {"SHA2-224", NULL, H_SHA2, run_group},
    {"SHA2-256", NULL, H_SHA2, run_group},     {"SHA2-384", NULL, H_SHA2, run_group},
    {"SHA2-512", NULL, H_SHA2, run_group},     {"SHA2-512/224", NULL, H_SHA2, run_group},
    {"SHA2-512/256", NULL, H_SHA2, run_group}, {"SHA3-224", NULL, H_SHA3, run_group},
    {"SHA3-256", NULL, H_SHA3, run_group},     {"SHA3-384", NULL, H_SHA3, run_group},
    {"SHA3-512", NULL, H_SHA3, run_group},     {"SHAKE-128", NULL, H_SHAKE128, run_group},
    {"SHAKE-256", NULL, H_SHAKE256, run_group}, {NULL, NULL, 0, NULL}};
