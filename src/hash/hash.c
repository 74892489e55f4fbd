/*
 * hash.c -- the hash descriptors and the generic (tagged-union) hash API.
 *
 * Implementation notes: each descriptor points at small wrappers with the
 * generic signature (void *ctx) that call the typed functions; no
 * function-pointer casts. rijn_hash_ctx stores the descriptor and the
 * specific context in a union; the generic calls check that the context
 * is set up and forward. Proof: tests/hash/test_hash_api.c (every descriptor
 * against OpenSSL, lookup, errors) and the HMAC/KDF tests built on it.
 */
#include "hash_i.h"
#include "rijn/hash.h"

#define WRAP(pfx, type, initf)                                               \
    static int pfx##_init(void *c) { return initf((type *)c); }

#define WRAP_FAMILY(fam, type)                                                \
    static int fam##_upd(void *c, const uint8_t *d, size_t n)                  \
    {                                                                          \
        return rijn_##fam##_update((type *)c, d, n);                           \
    }                                                                          \
    static int fam##_fin(void *c, uint8_t *o) { return rijn_##fam##_final((type *)c, o); } \
    static void fam##_wip(void *c) { rijn_##fam##_wipe((type *)c); }

WRAP_FAMILY(sha256, rijn_sha256_ctx)
WRAP(w_sha224, rijn_sha256_ctx, rijn_sha224_init)
WRAP(w_sha256, rijn_sha256_ctx, rijn_sha256_init)
#if RIJN_CFG_HASH_SHA512
WRAP_FAMILY(sha512, rijn_sha512_ctx)
WRAP(w_sha384, rijn_sha512_ctx, rijn_sha384_init)
WRAP(w_sha512, rijn_sha512_ctx, rijn_sha512_init)
WRAP(w_sha512_224, rijn_sha512_ctx, rijn_sha512_224_init)
WRAP(w_sha512_256, rijn_sha512_ctx, rijn_sha512_256_init)
#endif
#if RIJN_CFG_HASH_SHA3
WRAP_FAMILY(sha3, rijn_sha3_ctx)
WRAP(w_sha3_224, rijn_sha3_ctx, rijn_sha3_224_init)
WRAP(w_sha3_256, rijn_sha3_ctx, rijn_sha3_256_init)
WRAP(w_sha3_384, rijn_sha3_ctx, rijn_sha3_384_init)
WRAP(w_sha3_512, rijn_sha3_ctx, rijn_sha3_512_init)
#endif
#if RIJN_CFG_HASH_LEGACY
WRAP_FAMILY(md5, rijn_md5_ctx)
WRAP_FAMILY(sha1, rijn_sha1_ctx)
WRAP(w_md5, rijn_md5_ctx, rijn_md5_init)
WRAP(w_sha1, rijn_sha1_ctx, rijn_sha1_init)
#endif

#define DESC(var, name, id, flags, dsz, bsz, type, pfx, fam)                    \
    const rijn_hash_desc var = {name,          id,       flags,    dsz,       \
                                bsz,           sizeof(type), pfx##_init, fam##_upd, \
                                fam##_fin,     fam##_wip}

DESC(rijn_hash_sha224, "SHA-224", RIJN_HASH_SHA224, 0, 28, 64, rijn_sha256_ctx, w_sha224, sha256);
DESC(rijn_hash_sha256, "SHA-256", RIJN_HASH_SHA256, 0, 32, 64, rijn_sha256_ctx, w_sha256, sha256);
#if RIJN_CFG_HASH_SHA512
DESC(rijn_hash_sha384, "SHA-384", RIJN_HASH_SHA384, 0, 48, 128, rijn_sha512_ctx, w_sha384, sha512);
DESC(rijn_hash_sha512, "SHA-512", RIJN_HASH_SHA512, 0, 64, 128, rijn_sha512_ctx, w_sha512, sha512);
DESC(rijn_hash_sha512_224, "SHA-512/224", RIJN_HASH_SHA512_224, 0, 28, 128, rijn_sha512_ctx,
     w_sha512_224, sha512);
DESC(rijn_hash_sha512_256, "SHA-512/256", RIJN_HASH_SHA512_256, 0, 32, 128, rijn_sha512_ctx,
     w_sha512_256, sha512);
#endif
#if RIJN_CFG_HASH_SHA3
DESC(rijn_hash_sha3_224, "SHA3-224", RIJN_HASH_SHA3_224, 0, 28, 144, rijn_sha3_ctx, w_sha3_224,
     sha3);
DESC(rijn_hash_sha3_256, "SHA3-256", RIJN_HASH_SHA3_256, 0, 32, 136, rijn_sha3_ctx, w_sha3_256,
     sha3);
DESC(rijn_hash_sha3_384, "SHA3-384", RIJN_HASH_SHA3_384, 0, 48, 104, rijn_sha3_ctx, w_sha3_384,
     sha3);
DESC(rijn_hash_sha3_512, "SHA3-512", RIJN_HASH_SHA3_512, 0, 64, 72, rijn_sha3_ctx, w_sha3_512,
     sha3);
#endif
#if RIJN_CFG_HASH_LEGACY
DESC(rijn_hash_md5, "MD5", RIJN_HASH_MD5, RIJN_HASH_FLAG_LEGACY, 16, 64, rijn_md5_ctx, w_md5, md5);
DESC(rijn_hash_sha1, "SHA-1", RIJN_HASH_SHA1, RIJN_HASH_FLAG_LEGACY, 20, 64, rijn_sha1_ctx, w_sha1,
     sha1);
#endif

/* In id order. */
static const rijn_hash_desc *const all[] = {
#if RIJN_CFG_HASH_LEGACY
    &rijn_hash_md5,        &rijn_hash_sha1,
#endif
    &rijn_hash_sha224,     &rijn_hash_sha256,
#if RIJN_CFG_HASH_SHA512
    &rijn_hash_sha384,     &rijn_hash_sha512,     &rijn_hash_sha512_224, &rijn_hash_sha512_256,
#endif
#if RIJN_CFG_HASH_SHA3
    &rijn_hash_sha3_224,   &rijn_hash_sha3_256,   &rijn_hash_sha3_384,   &rijn_hash_sha3_512,
#endif
#if RIJN_CFG_HASH_BLAKE2B
    &rijn_hash_blake2b_512, /* defined in blake2b.c */
#endif
};
#define NALL (sizeof all / sizeof all[0])

size_t rijn_hash_count(void)
{
    return NALL;
}

const rijn_hash_desc *rijn_hash_at(size_t i)
{
    return i < NALL ? all[i] : NULL;
}

const rijn_hash_desc *rijn_hash_by_id(uint32_t id)
{
    size_t i;
    for (i = 0; i < NALL; i++)
        if (all[i]->id == id)
            return all[i];
    return NULL;
}

/* Next significant character, lower-cased; skips '-', '_', '/'. */
static const char *next_sig(const char *s, int *c)
{
    while (*s == '-' || *s == '_' || *s == '/')
        s++;
    *c = (*s >= 'A' && *s <= 'Z') ? *s - 'A' + 'a' : *s;
    return *s ? s + 1 : s;
}

const rijn_hash_desc *rijn_hash_find(const char *name)
{
    size_t i;
    if (name == NULL)
        return NULL;
    for (i = 0; i < NALL; i++) {
        const char *a = name, *b = all[i]->name;
        int ca, cb;
        do {
            a = next_sig(a, &ca);
            b = next_sig(b, &cb);
        } while (ca == cb && ca != 0);
        if (ca == 0 && cb == 0)
            return all[i];
    }
    return NULL;
}

const char *rijn_hash_name(const rijn_hash_desc *h)
{
    return h ? h->name : "none";
}

size_t rijn_hash_digest_size(const rijn_hash_desc *h)
{
    return h ? h->digest_size : 0;
}

size_t rijn_hash_block_size(const rijn_hash_desc *h)
{
    return h ? h->block_size : 0;
}

int rijn_hash_init(rijn_hash_ctx *ctx, const rijn_hash_desc *h)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(h);
    if (h->ctx_size > sizeof ctx->u || h->digest_size > RIJN_HASH_MAX_SIZE ||
        h->block_size > RIJN_HASH_MAX_BLOCK || h->digest_size == 0 || h->block_size == 0)
        return RIJN_ERR_PARAM;
    ctx->desc = h;
    r = h->init(&ctx->u);
    if (r != RIJN_OK)
        ctx->desc = NULL;
    return r;
}

int rijn_hash_update(rijn_hash_ctx *ctx, const uint8_t *data, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (ctx->desc == NULL)
        return RIJN_ERR_STATE;
    return ctx->desc->update(&ctx->u, data, len);
}

int rijn_hash_final(rijn_hash_ctx *ctx, uint8_t *out, size_t out_len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (ctx->desc == NULL)
        return RIJN_ERR_STATE;
    if (out_len < ctx->desc->digest_size)
        r = RIJN_ERR_BUFFER;
    else
        r = ctx->desc->final(&ctx->u, out);
    rijn_hash_wipe(ctx);
    return r;
}

void rijn_hash_wipe(rijn_hash_ctx *ctx)
{
    /* The union covers every specific context (ctx_size is checked at
     * init), so one wipe clears it; no call through a maybe-stale desc. */
    rijn_i_hash_wipe(ctx, sizeof *ctx);
}

int rijn_hash(const rijn_hash_desc *h, uint8_t *out, size_t out_len, const uint8_t *data,
              size_t len)
{
    rijn_hash_ctx ctx;
    int r;
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(data, len);
    if (out_len < h->digest_size)
        return RIJN_ERR_BUFFER;
    r = rijn_hash_init(&ctx, h);
    if (r == RIJN_OK)
        r = rijn_hash_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_hash_final(&ctx, out, out_len);
    rijn_hash_wipe(&ctx);
    return r;
}
