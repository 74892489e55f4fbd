/*
 * test_ccm_util.h -- CCM behind tu_aead_api (tests/support/tu_aead.h), and
 * tc_check: one CCM vector through seal/open and through the streaming
 * API with random split points (shared by tests/aead/test_ccm*.c).
 */
#ifndef RIJN_TEST_CCM_UTIL_H
#define RIJN_TEST_CCM_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tu_aead.h"

#if defined(__GNUC__) || defined(__clang__)
#define TC_UNUSED __attribute__((unused))
#else
#define TC_UNUSED
#endif

static int tc_seal(void *c, uint8_t *out, uint8_t *tag, size_t tl, const uint8_t *n, size_t nl,
                   const uint8_t *a, size_t al, const uint8_t *in, size_t len)
{
    return rijn_ccm_seal((rijn_ccm_ctx *)c, out, tag, tl, n, nl, a, al, in, len);
}

static int tc_open(void *c, uint8_t *out, const uint8_t *tag, size_t tl, const uint8_t *n,
                   size_t nl, const uint8_t *a, size_t al, const uint8_t *in, size_t len)
{
    return rijn_ccm_open((rijn_ccm_ctx *)c, out, tag, tl, n, nl, a, al, in, len);
}

static int tc_start(void *c, const uint8_t *n, size_t nl, size_t al, size_t len, size_t tl)
{
    return rijn_ccm_start((rijn_ccm_ctx *)c, n, nl, al, len, tl);
}

static int tc_aad(void *c, const uint8_t *a, size_t n)
{
    return rijn_ccm_aad((rijn_ccm_ctx *)c, a, n);
}

static int tc_update(void *c, int dec, uint8_t *out, const uint8_t *in, size_t n)
{
    return dec ? rijn_ccm_decrypt_update((rijn_ccm_ctx *)c, out, in, n)
               : rijn_ccm_encrypt_update((rijn_ccm_ctx *)c, out, in, n);
}

static int tc_final(void *c, int dec, uint8_t *tag, size_t tl)
{
    return dec ? rijn_ccm_decrypt_final((rijn_ccm_ctx *)c, tag, tl)
               : rijn_ccm_encrypt_final((rijn_ccm_ctx *)c, tag, tl);
}

static const tu_aead_api tc_api = {tc_seal, tc_open, tc_start, tc_aad, tc_update, tc_final};

/* valid: pt, ct and tag agree; invalid: open must fail with out zeroed. */
static TC_UNUSED void tc_check(rijn_ccm_ctx *c, const uint8_t *n, size_t nl, const uint8_t *aad,
                               size_t al, const uint8_t *pt, const uint8_t *ct, size_t len,
                               const uint8_t *tag, size_t tl, int valid, const char *what)
{
    tu_aead_msg m = {n, nl, aad, al, pt, ct, len, tag, tl};
    (void)tu_aead_check(&tc_api, c, &m, tag, valid, what);
}

#endif
