/*
 * acvp_kw.c -- ACVP test groups for AES key wrap: ACVP-AES-KW and
 * ACVP-AES-KWP (SP 800-38F; AFT, encrypt and decrypt, kwCipher "cipher"
 * or "inverse").
 *
 * Implementation notes: one library call per test (rijn_kw[p]_wrap /
 * _unwrap, or the _inv variants for kwCipher "inverse"). "ct" includes
 * the 8-byte integrity block. A decrypt test whose wrapped key the
 * library rejects (RIJN_ERR_AUTH, or a length no wrap can produce) is
 * answered "testPassed": false; any other error fails the run. Proven by
 * tests/acvp/test_acvp_ext.py (samples from pyca/cryptography for "cipher",
 * from an independent SP 800-38F model for "inverse", and NIST
 * ACVP-Server excerpts).
 */
#include <stdlib.h>
#include <string.h>

#include "acvp_tests.h"

enum { K_KW = 1, K_KWP };

typedef int (*kw_fn)(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size, size_t *out_len,
                     const uint8_t *in, size_t len);

static int aft(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt, acvp_err *e)
{
    static const kw_fn fns[2][2][2] = {
        /* KW  */ {{rijn_kw_unwrap, rijn_kw_wrap}, {rijn_kw_unwrap_inv, rijn_kw_wrap_inv}},
        /* KWP */ {{rijn_kwp_unwrap, rijn_kwp_wrap}, {rijn_kwp_unwrap_inv, rijn_kwp_wrap_inv}}};
    const char *ciph = "";
    uint8_t *key = NULL, *in = NULL, *out = NULL;
    size_t klen = 0, n = 0, olen = 0, osize;
    rijn_aes_ctx kek;
    int rc, r, enc, inv;
    memset(&kek, 0, sizeof kek);
    if ((enc = acvp_direction(tg, "encrypt", "decrypt", e)) < 0)
        return enc;
    if (acvp_get_str(tg, "kwCipher", &ciph, e) != 0)
        return ACVP_BAD_INPUT;
    if (strcmp(ciph, "cipher") != 0 && strcmp(ciph, "inverse") != 0)
        return acvp_fail(e, ACVP_BAD_INPUT, "kwCipher \"%.40s\"", ciph);
    inv = strcmp(ciph, "inverse") == 0;
    if ((rc = acvp_get_hex(t, "key", &key, &klen, e)) != 0)
        goto done;
    if ((rc = enc ? acvp_get_data(t, tg, "pt", "payloadLen", &in, &n, e)
                  : acvp_get_hex(t, "ct", &in, &n, e)) != 0)
        goto done;
    osize = n + 16;
    out = cli_alloc(osize);
    r = rijn_aes_init(&kek, key, klen);
    if (r != RIJN_OK) {
        rc = acvp_lib_error(e, "key setup", r);
        goto done;
    }
    r = fns[alg->param == K_KWP][inv][enc](&kek, out, osize, &olen, in, n);
    if (!enc && (r == RIJN_ERR_AUTH || (r == RIJN_ERR_LENGTH && n > 0))) {
        acvp_add_passed(rt, 0);
    } else if (r != RIJN_OK) {
        rc = acvp_lib_error(e, enc ? "wrap" : "unwrap", r);
    } else {
        acvp_add_hex(rt, enc ? "ct" : "pt", out, olen);
    }
done:
    rijn_aes_wipe(&kek);
    if (out != NULL) {
        rijn_wipe(out, n + 16);
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

const acvp_algo acvp_kw_algos[] = {{"ACVP-AES-KW", "1.0", K_KW, run_group},
                                   {"ACVP-AES-KWP", "1.0", K_KWP, run_group},
                                   {NULL, NULL, 0, NULL}};
