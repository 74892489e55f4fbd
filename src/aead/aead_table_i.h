/*
 * aead_table_i.h -- the AEAD descriptors by name, for the library's own
 * users that need only some of them (the file format), and the macros
 * that define them (not installed). The descriptors live in one file per
 * AEAD family (aead_desc_*.c), so an image that names a few links only
 * those AEADs; aead_table.c lists them all.
 */
#ifndef RIJN_AEAD_TABLE_I_H
#define RIJN_AEAD_TABLE_I_H

#include "internal.h"
#include "rijn/aead_table.h"

extern const rijn_aead_alg rijn_i_aead_aes128_gcm, rijn_i_aead_aes192_gcm,
    rijn_i_aead_aes256_gcm, rijn_i_aead_aes128_ccm, rijn_i_aead_aes192_ccm,
    rijn_i_aead_aes256_ccm, rijn_i_aead_aes128_eax, rijn_i_aead_aes192_eax,
    rijn_i_aead_aes256_eax, rijn_i_aead_aes128_ocb3, rijn_i_aead_aes192_ocb3,
    rijn_i_aead_aes256_ocb3, rijn_i_aead_aes128_gcmsiv, rijn_i_aead_aes192_gcmsiv,
    rijn_i_aead_aes256_gcmsiv,
    rijn_i_aead_aes128_siv, rijn_i_aead_aes192_siv, rijn_i_aead_aes256_siv,
    rijn_i_aead_chacha20poly1305, rijn_i_aead_xchacha20poly1305, rijn_i_aead_ascon_aead128;

/* Wrappers x_i, x_s, x_o, x_w for AEAD x (rijn_<x>_seal/_open/_wipe)
 * keyed by initf: its typed calls behind the descriptor's void *
 * signature, with no cast between function types. */
#define RIJN_I_AEAD_WRAP(x, ctx_t, initf)                                                    \
    static int x##_i(void *c, const uint8_t *k, size_t kl)                                   \
    {                                                                                        \
        return initf((ctx_t *)c, k, kl);                                                     \
    }                                                                                        \
    static int x##_s(const void *c, uint8_t *out, uint8_t *tag, size_t tl, const uint8_t *n, \
                     size_t nl, const uint8_t *a, size_t al, const uint8_t *in, size_t len)  \
    {                                                                                        \
        return rijn_##x##_seal((const ctx_t *)c, out, tag, tl, n, nl, a, al, in, len);       \
    }                                                                                        \
    static int x##_o(const void *c, uint8_t *out, const uint8_t *tag, size_t tl,             \
                     const uint8_t *n, size_t nl, const uint8_t *a, size_t al,               \
                     const uint8_t *in, size_t len)                                          \
    {                                                                                        \
        return rijn_##x##_open((const ctx_t *)c, out, tag, tl, n, nl, a, al, in, len);       \
    }                                                                                        \
    static void x##_w(void *c)                                                               \
    {                                                                                        \
        rijn_##x##_wipe((ctx_t *)c);                                                         \
    }

/* name, alias, key, nonce (standard, min, max), tag (min, full), flags,
 * context, calls */
#define RIJN_I_AEAD_DESC(obj, name, alias, key, nonce, nmin, nmax, tmin, tlen, flags, x,     \
                         ctx_t, init)                                                        \
    const rijn_aead_alg obj = {name,  alias, key,           nonce, nmin,  nmax,  tmin,        \
                               tlen,  flags, sizeof(ctx_t), init,  x##_s, x##_o, x##_w};

#endif /* RIJN_AEAD_TABLE_I_H */
