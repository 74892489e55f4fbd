/*
 * bc_table.c -- the block-cipher descriptors (rijn/blockcipher.h): one per
 * cipher, AES through an adapter over rijn_aes_init / rijn_aes_*_blocks.
 *
 * Implementation notes: the descriptors only cast the void context to the
 * cipher's own and forward; no function-type casts (each entry is a
 * wrapper with the descriptor's exact signature). rijn_bc_init clears the
 * whole generic context first and leaves desc NULL on failure.
 * Vectors: tests/cipher/test_finalists.c runs every descriptor through the modes.
 */
#include <string.h>

#include "internal.h"
#include "rijn/blockcipher.h"

#define KEYS_ALL 7u /* 16, 24 and 32 bytes */

#define BC_WRAP(name, type)                                                          \
    static int name##_init_v(void *c, const uint8_t *k, size_t n)                    \
    {                                                                                \
        return rijn_##name##_init((type *)c, k, n);                                  \
    }                                                                                \
    static void name##_enc_v(const void *c, uint8_t *o, const uint8_t *i)            \
    {                                                                                \
        rijn_##name##_encrypt((const type *)c, o, i);                                \
    }                                                                                \
    static void name##_dec_v(const void *c, uint8_t *o, const uint8_t *i)            \
    {                                                                                \
        rijn_##name##_decrypt((const type *)c, o, i);                                \
    }                                                                                \
    static void name##_wipe_v(void *c)                                               \
    {                                                                                \
        rijn_##name##_wipe((type *)c);                                               \
    }

BC_WRAP(serpent, rijn_serpent_ctx)
BC_WRAP(twofish, rijn_twofish_ctx)
BC_WRAP(rc6, rijn_rc6_ctx)
BC_WRAP(mars, rijn_mars_ctx)

static int aes_init_v(void *c, const uint8_t *k, size_t n)
{
    return rijn_aes_init((rijn_aes_ctx *)c, k, n);
}
/* A set-up context cannot fail on one block (decrypt is refused only for
 * an encrypt-only context, which rijn_bc_init never makes). */
static void aes_enc_v(const void *c, uint8_t *o, const uint8_t *i)
{
    if (rijn_aes_encrypt_blocks((const rijn_aes_ctx *)c, o, i, 1) != RIJN_OK)
        memset(o, 0, 16);
}
static void aes_dec_v(const void *c, uint8_t *o, const uint8_t *i)
{
    if (rijn_aes_decrypt_blocks((const rijn_aes_ctx *)c, o, i, 1) != RIJN_OK)
        memset(o, 0, 16);
}
static void aes_wipe_v(void *c)
{
    rijn_aes_wipe((rijn_aes_ctx *)c);
}

const rijn_bc_desc rijn_bc_aes = {
    "aes", 16, KEYS_ALL, sizeof(rijn_aes_ctx), 0, aes_init_v, aes_enc_v, aes_dec_v, aes_wipe_v};
const rijn_bc_desc rijn_bc_serpent = {"serpent",         16, KEYS_ALL, sizeof(rijn_serpent_ctx),
                                      RIJN_BC_CONSTTIME, serpent_init_v, serpent_enc_v,
                                      serpent_dec_v,     serpent_wipe_v};
const rijn_bc_desc rijn_bc_twofish = {"twofish",     16,           KEYS_ALL,
                                      sizeof(rijn_twofish_ctx), 0, twofish_init_v,
                                      twofish_enc_v, twofish_dec_v, twofish_wipe_v};
const rijn_bc_desc rijn_bc_rc6 = {"rc6",      16,        KEYS_ALL, sizeof(rijn_rc6_ctx), 0,
                                  rc6_init_v, rc6_enc_v, rc6_dec_v, rc6_wipe_v};
const rijn_bc_desc rijn_bc_mars = {"mars",      16,         KEYS_ALL, sizeof(rijn_mars_ctx), 0,
                                   mars_init_v, mars_enc_v, mars_dec_v, mars_wipe_v};

static const rijn_bc_desc *const all[] = {&rijn_bc_aes, &rijn_bc_serpent, &rijn_bc_twofish,
                                          &rijn_bc_rc6, &rijn_bc_mars};

const rijn_bc_desc *rijn_bc_list(size_t i)
{
    return i < sizeof all / sizeof all[0] ? all[i] : NULL;
}

/* (no strcmp: the freestanding MCU runtime has only the mem* functions) */
static int same(const char *a, const char *b)
{
    while (*a != 0 && *a == *b)
        a++, b++;
    return *a == *b;
}

const rijn_bc_desc *rijn_bc_find(const char *name)
{
    size_t i;
    if (name == NULL)
        return NULL;
    for (i = 0; i < sizeof all / sizeof all[0]; i++)
        if (same(all[i]->name, name))
            return all[i];
    return NULL;
}

int rijn_bc_init(rijn_bc_ctx *ctx, const rijn_bc_desc *desc, const uint8_t *key, size_t key_len)
{
    int r;

    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(desc);
    r = desc->init(&ctx->u, key, key_len);
    if (r != RIJN_OK) {
        rijn_wipe(ctx, sizeof *ctx);
        return r;
    }
    ctx->desc = desc;
    return RIJN_OK;
}

void rijn_bc_wipe(rijn_bc_ctx *ctx)
{
    if (ctx != NULL)
        rijn_wipe(ctx, sizeof *ctx);
}
