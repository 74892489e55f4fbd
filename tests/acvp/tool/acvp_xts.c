/*
 * acvp_xts.c -- ACVP test groups for ACVP-AES-XTS, revisions 1.0 and 2.0
 * (SP 800-38E / IEEE 1619; AFT, encrypt and decrypt).
 *
 * Implementation notes: "key" is Key1 || Key2 (keyLen is the size of
 * one AES key). tweakMode "hex" gives the 128-bit tweak in "tweakValue";
 * "number" gives "sequenceNumber", encoded as a 128-bit little-endian
 * integer (IEEE 1619 data unit sequence number). Revision 2.0 adds
 * "dataUnitLen" per test: the payload is cut into data units of that
 * length, the i-th encrypted under tweak + i (as a little-endian
 * integer); the last unit may be shorter. Payload and data-unit lengths
 * must be whole bytes (rijn's XTS steals ciphertext by bytes), except a
 * data unit at least as long as the payload, which means one unit.
 * Proven by tests/acvp/test_acvp_ext.py (samples from pyca/cryptography,
 * NIST ACVP-Server excerpts for both revisions).
 */
#include <stdlib.h>
#include <string.h>

#include "acvp_tests.h"

/* tweak += 1 as a 128-bit little-endian integer */
static void tweak_inc(uint8_t tw[16])
{
    size_t i;
    for (i = 0; i < 16; i++)
        if (++tw[i] != 0)
            break;
}

static int get_tweak(const cJSON *tg, const cJSON *t, uint8_t tw[16], acvp_err *e)
{
    const char *mode = "";
    if (acvp_get_str(tg, "tweakMode", &mode, e) != 0)
        return ACVP_BAD_INPUT;
    memset(tw, 0, 16);
    if (strcmp(mode, "hex") == 0) {
        uint8_t *p = NULL;
        size_t n = 0;
        if (acvp_get_hex(t, "tweakValue", &p, &n, e) != 0)
            return ACVP_BAD_INPUT;
        if (n != 16) {
            free(p);
            return acvp_fail(e, ACVP_BAD_INPUT, "\"tweakValue\" must be 16 bytes");
        }
        memcpy(tw, p, 16);
        free(p);
    } else if (strcmp(mode, "number") == 0) {
        long seq = 0;
        size_t i;
        if (acvp_get_int(t, "sequenceNumber", &seq, e) != 0)
            return ACVP_BAD_INPUT;
        for (i = 0; i < sizeof seq && i < 16; i++)
            tw[i] = (uint8_t)((unsigned long)seq >> (8 * i));
    } else {
        return acvp_fail(e, ACVP_BAD_INPUT, "tweakMode \"%.40s\"", mode);
    }
    return 0;
}

static int aft(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt, acvp_err *e)
{
    uint8_t *key = NULL, *in = NULL, *out = NULL, tw[16];
    size_t klen = 0, n = 0, unit, off;
    long plen, dul;
    rijn_xts_ctx ctx;
    int rc, r = RIJN_OK, enc;
    memset(&ctx, 0, sizeof ctx);
    if ((enc = acvp_direction(tg, "encrypt", "decrypt", e)) < 0)
        return enc;
    if ((rc = get_tweak(tg, t, tw, e)) != 0)
        return rc;
    if ((rc = acvp_get_hex(t, "key", &key, &klen, e)) != 0)
        goto done;
    if ((rc = acvp_get_hex(t, enc ? "pt" : "ct", &in, &n, e)) != 0)
        goto done;
    plen = (long)(8 * n);
    if (acvp_has(t, "payloadLen") || acvp_has(tg, "payloadLen")) {
        if ((rc = acvp_get_int2(t, tg, "payloadLen", &plen, e)) != 0)
            goto done;
        acvp_len_governs(plen, in, &n);
        if ((size_t)(plen + 7) / 8 != n) {
            rc = acvp_fail(e, ACVP_BAD_INPUT, "payloadLen %ld does not match the data", plen);
            goto done;
        }
    }
    dul = plen;
    if (alg->revision != NULL && strcmp(alg->revision, "2.0") == 0 &&
        (rc = acvp_get_int2(t, tg, "dataUnitLen", &dul, e)) != 0)
        goto done;
    if ((rc = acvp_whole_bytes(plen, "payloadLen", &n, e)) != 0)
        goto done;
    if (dul >= plen)
        unit = n;
    else if ((rc = acvp_whole_bytes(dul, "dataUnitLen", &unit, e)) != 0)
        goto done;
    if (unit == 0) {
        rc = acvp_fail(e, ACVP_BAD_INPUT, "dataUnitLen 0");
        goto done;
    }
    out = cli_alloc(n + 1);
    r = rijn_xts_init(&ctx, key, klen);
    for (off = 0; r == RIJN_OK && off < n; off += unit) {
        size_t len = n - off < unit ? n - off : unit;
        r = enc ? rijn_xts_encrypt(&ctx, tw, out + off, in + off, len)
                : rijn_xts_decrypt(&ctx, tw, out + off, in + off, len);
        tweak_inc(tw);
    }
    if (r == RIJN_OK && n == 0)
        r = RIJN_ERR_LENGTH;
    if (r != RIJN_OK)
        rc = acvp_lib_error(e, enc ? "encrypt" : "decrypt", r);
    else
        acvp_add_hex(rt, enc ? "ct" : "pt", out, n);
done:
    rijn_xts_wipe(&ctx);
    if (out != NULL) {
        rijn_wipe(out, n + 1);
        free(out);
    }
    free(key);
    free(in);
    return rc;
}

static int run_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e)
{
    return acvp_aft_group(alg, tg, rtg, aft, e);
}

const acvp_algo acvp_xts_algos[] = {{"ACVP-AES-XTS", "1.0", 0, run_group},
                                    {"ACVP-AES-XTS", "2.0", 0, run_group},
                                    {NULL, NULL, 0, NULL}};
