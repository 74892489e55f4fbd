/*
 * test_gcm_util.h -- helpers shared by tests/gcm/test_gcm*.c: one GCM vector
 * checked through seal/open and through the streaming API with random
 * split points, and a loop over every GHASH class.
 */
#ifndef RIJN_TEST_GCM_UTIL_H
#define RIJN_TEST_GCM_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "aead/ghash.h"
#include "testutil.h"

#if defined(__GNUC__) || defined(__clang__)
#define TG_UNUSED __attribute__((unused))
#else
#define TG_UNUSED
#endif

/* Feed p[0..n) to fn in random pieces (some empty). */
typedef int (*tg_piece_fn)(rijn_gcm_ctx *c, uint8_t *out, const uint8_t *in, size_t n);

static TG_UNUSED int tg_aad_piece(rijn_gcm_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
    (void)out;
    return rijn_gcm_aad(c, in, n);
}

static TG_UNUSED int tg_feed(rijn_gcm_ctx *c, tg_piece_fn fn, uint8_t *out, const uint8_t *in,
                             size_t n)
{
    size_t off = 0;
    while (off < n) {
        size_t k = tu_rand_below(n - off + 1);
        if (tu_rand_below(4) == 0)
            k = tu_rand_below(17);
        if (k > n - off)
            k = n - off;
        if (fn(c, out != NULL ? out + off : NULL, in + off, k) != RIJN_OK)
            return -1;
        off += k;
    }
    return 0;
}

/* Checks one vector on a keyed context. valid: pt/ct/tag consistent;
 * invalid: open must fail and zero out. Returns 1 if all checks pass. */
static TG_UNUSED int tg_check(rijn_gcm_ctx *c, const uint8_t *iv, size_t ivlen,
                              const uint8_t *aad, size_t aadlen, const uint8_t *pt,
                              const uint8_t *ct, size_t len, const uint8_t *tag,
                              size_t taglen, int valid, const char *what)
{
    unsigned long before = tu_failed;
    uint8_t *buf = malloc(len + 1), t[16];
    int r;
    if (valid) {
        r = rijn_gcm_seal(c, buf, t, taglen, iv, ivlen, aad, aadlen, pt, len);
        TU_CHECK(r == RIJN_OK, "%s: seal %d", what, r);
        TU_EQ(buf, ct, len, what);
        TU_EQ(t, tag, taglen, what);
        /* streaming encryption, random splits */
        TU_CHECK(rijn_gcm_start(c, iv, ivlen) == RIJN_OK, "%s: start", what);
        TU_CHECK(tg_feed(c, tg_aad_piece, NULL, aad, aadlen) == 0, "%s: aad", what);
        TU_CHECK(tg_feed(c, rijn_gcm_encrypt_update, buf, pt, len) == 0, "%s: enc upd", what);
        TU_CHECK(rijn_gcm_encrypt_final(c, t, taglen) == RIJN_OK, "%s: enc final", what);
        TU_EQ(buf, ct, len, what);
        TU_EQ(t, tag, taglen, what);
    }
    memset(buf, 0xAA, len + 1);
    r = rijn_gcm_open(c, buf, tag, taglen, iv, ivlen, aad, aadlen, ct, len);
    if (valid) {
        TU_CHECK(r == RIJN_OK, "%s: open %d", what, r);
        TU_EQ(buf, pt, len, what);
    } else {
        size_t i, nz = 0;
        for (i = 0; i < len; i++)
            nz |= buf[i];
        TU_CHECK(r == RIJN_ERR_AUTH && nz == 0, "%s: open of a bad vector gave %d", what, r);
    }
    /* streaming decryption, in place */
    if (len != 0)
        memcpy(buf, ct, len);
    TU_CHECK(rijn_gcm_start(c, iv, ivlen) == RIJN_OK, "%s: start", what);
    TU_CHECK(tg_feed(c, tg_aad_piece, NULL, aad, aadlen) == 0, "%s: aad", what);
    TU_CHECK(tg_feed(c, rijn_gcm_decrypt_update, buf, buf, len) == 0, "%s: dec upd", what);
    r = rijn_gcm_decrypt_final(c, tag, taglen);
    TU_CHECK(r == (valid ? RIJN_OK : RIJN_ERR_AUTH), "%s: dec final %d", what, r);
    if (valid)
        TU_EQ(buf, pt, len, what);
    free(buf);
    return tu_failed == before;
}

/* The GHASH class tg_for_each_ghash is running (NULL: the default); the
 * tests key their contexts with tg_gcm_init / tg_gcmsiv_init, which bind
 * it (rijn_i_gcm_use_ghash: no process-wide force in the library). */
static const char *tg_ghash;

static TG_UNUSED int tg_gcm_init(rijn_gcm_ctx *c, const uint8_t *key, size_t key_len)
{
    int r = rijn_gcm_init(c, key, key_len);
    if (r == RIJN_OK && tg_ghash != NULL)
        r = rijn_i_gcm_use_ghash(c, tg_ghash);
    return r;
}

static TG_UNUSED int tg_gcmsiv_init(rijn_gcmsiv_ctx *c, const uint8_t *key, size_t key_len)
{
    int r = rijn_gcmsiv_init(c, key, key_len);
    if (r == RIJN_OK && tg_ghash != NULL)
        r = rijn_i_gcmsiv_use_ghash(c, tg_ghash);
    return r;
}

/* Runs fn(name, arg) once per runnable GHASH class, with tg_ghash set to
 * it; the default afterwards. */
static TG_UNUSED int tg_for_each_ghash(void (*fn)(const char *name, void *arg), void *arg)
{
    size_t i;
    int n = 0;
    for (i = 0; i < rijn_i_ghash_registry.count; i++) {
        const rijn_i_impl *g = rijn_i_ghash_registry.impls[i];
        if (!rijn_i_impl_runs(g))
            continue;
        tg_ghash = g->name;
        tu_context = g->name;
        fn(g->name, arg);
        n++;
    }
    tg_ghash = NULL;
    tu_context = NULL;
    return n;
}

#endif
