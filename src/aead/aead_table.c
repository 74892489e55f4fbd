/*
 * aead_table.c -- the list of AEAD descriptors (rijn/aead_table.h): count,
 * index, lookup by name or alias.
 *
 * Implementation notes
 *   The descriptors are defined per AEAD family (aead_desc_gcm.c,
 *   aead_desc_aes.c, aead_desc_stream.c) so that library code naming a few
 *   of them (the file format) does not link this list and every AEAD with
 *   it. Lookup is a linear scan over about twenty names. Nothing secret,
 *   nothing mutable.
 *   Vectors: tests/aead/test_aead_table.c (every descriptor against the AEAD's
 *   own calls, names, sizes, lookups).
 */
#include "aead_table_i.h"

static const rijn_aead_alg *const all[] = {
    &rijn_i_aead_aes128_gcm,
#if RIJN_CFG_AES_192
    &rijn_i_aead_aes192_gcm,
#endif
#if RIJN_CFG_AES_256
    &rijn_i_aead_aes256_gcm,
#endif
    &rijn_i_aead_aes128_ccm,
#if RIJN_CFG_AES_192
    &rijn_i_aead_aes192_ccm,
#endif
#if RIJN_CFG_AES_256
    &rijn_i_aead_aes256_ccm,
#endif
    &rijn_i_aead_aes128_eax,
#if RIJN_CFG_AES_192
    &rijn_i_aead_aes192_eax,
#endif
#if RIJN_CFG_AES_256
    &rijn_i_aead_aes256_eax,
#endif
    &rijn_i_aead_aes128_ocb3,
#if RIJN_CFG_AES_192
    &rijn_i_aead_aes192_ocb3,
#endif
#if RIJN_CFG_AES_256
    &rijn_i_aead_aes256_ocb3,
#endif
    &rijn_i_aead_aes128_gcmsiv,
#if RIJN_CFG_AES_192
    &rijn_i_aead_aes192_gcmsiv,
#endif
#if RIJN_CFG_AES_256
    &rijn_i_aead_aes256_gcmsiv,
#endif
    &rijn_i_aead_aes128_siv,
#if RIJN_CFG_AES_192
    &rijn_i_aead_aes192_siv,
#endif
#if RIJN_CFG_AES_256
    &rijn_i_aead_aes256_siv,
#endif
    &rijn_i_aead_chacha20poly1305,
    &rijn_i_aead_xchacha20poly1305,
    &rijn_i_aead_ascon_aead128,
};
#define NALL (sizeof all / sizeof all[0])

size_t rijn_aead_alg_count(void)
{
    return NALL;
}

const rijn_aead_alg *rijn_aead_alg_at(size_t i)
{
    return i < NALL ? all[i] : NULL;
}

static int same(const char *a, const char *b)
{
    if (b == NULL)
        return 0;
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

const rijn_aead_alg *rijn_aead_alg_find(const char *name)
{
    size_t i;
    if (name == NULL)
        return NULL;
    for (i = 0; i < NALL; i++)
        if (same(name, all[i]->name) || same(name, all[i]->alias))
            return all[i];
    return NULL;
}
