/*
 * test_ccm_util.h -- one CCM vector through seal/open and through the
 * streaming API with random split points (shared by tests/aead/test_ccm*.c).
 */
#ifndef RIJN_TEST_CCM_UTIL_H
#define RIJN_TEST_CCM_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#if defined(__GNUC__) || defined(__clang__)
#define TC_UNUSED __attribute__((unused))
#else
#define TC_UNUSED
#endif

typedef int (*tc_piece_fn)(rijn_ccm_ctx *c, uint8_t *out, const uint8_t *in, size_t n);

static TC_UNUSED int tc_aad_piece(rijn_ccm_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
    (void)out;
    return rijn_ccm_aad(c, in, n);
}

static TC_UNUSED int tc_feed(rijn_ccm_ctx *c, tc_piece_fn fn, uint8_t *out, const uint8_t *in,
                             size_t n)
{
    size_t off = 0;
    while (off < n) {
        size_t k = tu_rand_below(4) == 0 ? tu_rand_below(17) : tu_rand_below(n - off + 1);
        if (k > n - off)
            k = n - off;
        if (fn(c, out != NULL ? out + off : NULL, in + off, k) != RIJN_OK)
            return -1;
        off += k;
    }
    return 0;
}

/* valid: pt, ct and tag agree; invalid: open must fail with out zeroed. */
static TC_UNUSED void tc_check(rijn_ccm_ctx *c, const uint8_t *n, size_t nl, const uint8_t *aad,
                               size_t al, const uint8_t *pt, const uint8_t *ct, size_t len,
                               const uint8_t *tag, size_t tl, int valid, const char *what)
{
    uint8_t *buf = malloc(len + 1), t[16];
    size_t i, nz = 0;
    int r;
    if (valid) {
        r = rijn_ccm_seal(c, buf, t, tl, n, nl, aad, al, pt, len);
        TU_CHECK(r == RIJN_OK, "%s: seal %d", what, r);
        TU_EQ(buf, ct, len, what);
        TU_EQ(t, tag, tl, what);
        TU_CHECK(rijn_ccm_start(c, n, nl, al, len, tl) == RIJN_OK, "%s: start", what);
        TU_CHECK(tc_feed(c, tc_aad_piece, NULL, aad, al) == 0, "%s: aad", what);
        TU_CHECK(tc_feed(c, rijn_ccm_encrypt_update, buf, pt, len) == 0, "%s: upd", what);
        TU_CHECK(rijn_ccm_encrypt_final(c, t, tl) == RIJN_OK, "%s: final", what);
        TU_EQ(buf, ct, len, what);
        TU_EQ(t, tag, tl, what);
    }
    memset(buf, 0xAA, len + 1);
    r = rijn_ccm_open(c, buf, tag, tl, n, nl, aad, al, ct, len);
    if (valid) {
        TU_CHECK(r == RIJN_OK, "%s: open %d", what, r);
        TU_EQ(buf, pt, len, what);
    } else {
        for (i = 0; i < len; i++)
            nz |= buf[i];
        TU_CHECK(r == RIJN_ERR_AUTH && nz == 0, "%s: open of a bad vector gave %d", what, r);
    }
    if (len != 0)
        memcpy(buf, ct, len);
    TU_CHECK(rijn_ccm_start(c, n, nl, al, len, tl) == RIJN_OK, "%s: start", what);
    TU_CHECK(tc_feed(c, tc_aad_piece, NULL, aad, al) == 0, "%s: aad", what);
    TU_CHECK(tc_feed(c, rijn_ccm_decrypt_update, buf, buf, len) == 0, "%s: dec upd", what);
    r = rijn_ccm_decrypt_final(c, tag, tl);
    TU_CHECK(r == (valid ? RIJN_OK : RIJN_ERR_AUTH), "%s: dec final %d", what, r);
    if (valid)
        TU_EQ(buf, pt, len, what);
    free(buf);
}

#endif
