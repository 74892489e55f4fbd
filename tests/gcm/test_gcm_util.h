/*
 * test_gcm_util.h -- helpers shared by tests/gcm/test_gcm*.c: GCM behind
 * tu_aead_api (tests/support/tu_aead.h), tg_check (one GCM vector checked
 * through seal/open and through the streaming API with random split
 * points), and a loop over every GHASH class.
 */
#ifndef RIJN_TEST_GCM_UTIL_H
#define RIJN_TEST_GCM_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "aead/ghash.h"
#include "testutil.h"
#include "tu_aead.h"

#if defined(__GNUC__) || defined(__clang__)
#define TG_UNUSED __attribute__((unused))
#else
#define TG_UNUSED
#endif

static int tg_seal(void *c, uint8_t *out, uint8_t *tag, size_t tl, const uint8_t *n, size_t nl,
                   const uint8_t *a, size_t al, const uint8_t *in, size_t len)
{
    return rijn_gcm_seal((rijn_gcm_ctx *)c, out, tag, tl, n, nl, a, al, in, len);
}

static int tg_open(void *c, uint8_t *out, const uint8_t *tag, size_t tl, const uint8_t *n,
                   size_t nl, const uint8_t *a, size_t al, const uint8_t *in, size_t len)
{
    return rijn_gcm_open((rijn_gcm_ctx *)c, out, tag, tl, n, nl, a, al, in, len);
}

static int tg_start(void *c, const uint8_t *n, size_t nl, size_t al, size_t len, size_t tl)
{
    (void)al, (void)len, (void)tl;
    return rijn_gcm_start((rijn_gcm_ctx *)c, n, nl);
}

static int tg_aad(void *c, const uint8_t *a, size_t n)
{
    return rijn_gcm_aad((rijn_gcm_ctx *)c, a, n);
}

static int tg_update(void *c, int dec, uint8_t *out, const uint8_t *in, size_t n)
{
    return dec ? rijn_gcm_decrypt_update((rijn_gcm_ctx *)c, out, in, n)
               : rijn_gcm_encrypt_update((rijn_gcm_ctx *)c, out, in, n);
}

static int tg_final(void *c, int dec, uint8_t *tag, size_t tl)
{
    return dec ? rijn_gcm_decrypt_final((rijn_gcm_ctx *)c, tag, tl)
               : rijn_gcm_encrypt_final((rijn_gcm_ctx *)c, tag, tl);
}

static const tu_aead_api tg_api = {tg_seal, tg_open, tg_start, tg_aad, tg_update, tg_final};

/* Checks one vector on a keyed context. valid: pt/ct/tag consistent;
 * invalid: open must fail and zero out. Returns 1 if all checks pass. */
static TG_UNUSED int tg_check(rijn_gcm_ctx *c, const uint8_t *iv, size_t ivlen,
                              const uint8_t *aad, size_t aadlen, const uint8_t *pt,
                              const uint8_t *ct, size_t len, const uint8_t *tag,
                              size_t taglen, int valid, const char *what)
{
    tu_aead_msg m = {iv, ivlen, aad, aadlen, pt, ct, len, tag, taglen};
    return tu_aead_check(&tg_api, c, &m, tag, valid, what);
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
