/*
 * hmac.c -- HMAC (RFC 2104, FIPS 198-1) over any hash descriptor.
 *
 * Implementation notes:
 * - init hashes an over-long key, pads it to the block size, and absorbs
 *   K ^ ipad into the inner and K ^ opad into the outer context; after
 *   that the key itself is wiped and only the two keyed states remain.
 * - final: inner digest -> outer update -> outer digest; truncation copies
 *   the first tag_len bytes. final_verify compares with rijn_ct_equal
 *   and turns the result into the status code arithmetically (time
 *   depends on tag_len only; the caller's branch on the status is the one
 *   place the verdict becomes public).
 * - Every stack buffer that held the key or a digest is wiped at the one
 *   exit of each function.
 * - Proof: RFC 4231 (SHA-224..512), RFC 2202 (MD5, SHA-1), and a
 *   differential test against OpenSSL HMAC for every descriptor, key
 *   lengths 0..300 (around every block size) and random messages
 *   (tests/mac/test_hmac.c).
 */
#include "hash_i.h"
#include "rijn/hmac.h"

int rijn_hmac_init(rijn_hmac_ctx *ctx, const rijn_hash_desc *h, const uint8_t *key,
                   size_t key_len)
{
    uint8_t k[RIJN_HASH_MAX_BLOCK];
    size_t i, bs;
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_BUF(key, key_len);
    memset(ctx, 0, sizeof *ctx);
    if (h->block_size > RIJN_HASH_MAX_BLOCK || h->digest_size > h->block_size)
        return RIJN_ERR_PARAM;
    bs = h->block_size;
    memset(k, 0, sizeof k);
    if (key_len > bs)
        r = rijn_hash(h, k, sizeof k, key, key_len);
    else {
        if (key_len != 0)
            memcpy(k, key, key_len);
        r = RIJN_OK;
    }
    if (r != RIJN_OK)
        goto out;
    for (i = 0; i < bs; i++)
        k[i] ^= 0x36;
    if ((r = rijn_hash_init(&ctx->inner, h)) != RIJN_OK ||
        (r = rijn_hash_update(&ctx->inner, k, bs)) != RIJN_OK)
        goto out;
    for (i = 0; i < bs; i++)
        k[i] ^= 0x36 ^ 0x5c;
    if ((r = rijn_hash_init(&ctx->outer, h)) != RIJN_OK ||
        (r = rijn_hash_update(&ctx->outer, k, bs)) != RIJN_OK)
        goto out;
out:
    rijn_i_hash_wipe(k, sizeof k);
    if (r != RIJN_OK)
        rijn_hmac_wipe(ctx);
    return r;
}

int rijn_hmac_update(rijn_hmac_ctx *ctx, const uint8_t *data, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    return rijn_hash_update(&ctx->inner, data, len);
}

/* Full tag into t[RIJN_HASH_MAX_SIZE]; wipes ctx. */
static int finish(rijn_hmac_ctx *ctx, uint8_t *t, size_t tag_len)
{
    size_t ds;
    int r;
    if (ctx->inner.desc == NULL || ctx->outer.desc == NULL) {
        r = RIJN_ERR_STATE;
        goto out;
    }
    ds = ctx->inner.desc->digest_size;
    if (tag_len == 0 || tag_len > ds) {
        r = RIJN_ERR_TAG_LEN;
        goto out;
    }
    if ((r = rijn_hash_final(&ctx->inner, t, RIJN_HASH_MAX_SIZE)) != RIJN_OK ||
        (r = rijn_hash_update(&ctx->outer, t, ds)) != RIJN_OK)
        goto out;
    r = rijn_hash_final(&ctx->outer, t, RIJN_HASH_MAX_SIZE);
out:
    rijn_hmac_wipe(ctx);
    return r;
}

int rijn_hmac_final(rijn_hmac_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    uint8_t t[RIJN_HASH_MAX_SIZE];
    int r;
    RIJN_CHECK_PTR(ctx);
    if (tag == NULL) {
        rijn_hmac_wipe(ctx);
        return RIJN_ERR_NULL;
    }
    r = finish(ctx, t, tag_len);
    if (r == RIJN_OK)
        memcpy(tag, t, tag_len);
    rijn_i_hash_wipe(t, sizeof t);
    return r;
}

int rijn_hmac_final_verify(rijn_hmac_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[RIJN_HASH_MAX_SIZE];
    int r;
    RIJN_CHECK_PTR(ctx);
    if (tag == NULL) {
        rijn_hmac_wipe(ctx);
        return RIJN_ERR_NULL;
    }
    r = finish(ctx, t, tag_len);
    if (r == RIJN_OK) {
        /* verdict without a branch: 0 if equal, RIJN_ERR_AUTH if not */
        uint32_t differ = (uint32_t)rijn_ct_equal(t, tag, tag_len) - 1u;
        r = (int)(differ & (uint32_t)RIJN_ERR_AUTH);
    }
    rijn_i_hash_wipe(t, sizeof t);
    return r;
}

void rijn_hmac_wipe(rijn_hmac_ctx *ctx)
{
    if (ctx != NULL)
        rijn_i_hash_wipe(ctx, sizeof *ctx);
}

/* The one-shot functions' common start: ctx keyed and fed data, or wiped
 * after a failure. */
static int oneshot_start(rijn_hmac_ctx *ctx, const rijn_hash_desc *h, const uint8_t *key,
                         size_t key_len, const uint8_t *data, size_t len)
{
    int r = rijn_hmac_init(ctx, h, key, key_len);
    if (r == RIJN_OK)
        r = rijn_hmac_update(ctx, data, len);
    if (r != RIJN_OK)
        rijn_hmac_wipe(ctx);
    return r;
}

int rijn_hmac(const rijn_hash_desc *h, uint8_t *tag, size_t tag_len, const uint8_t *key,
              size_t key_len, const uint8_t *data, size_t len)
{
    rijn_hmac_ctx ctx;
    int r;
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_BUF(data, len);
    r = oneshot_start(&ctx, h, key, key_len, data, len);
    return r == RIJN_OK ? rijn_hmac_final(&ctx, tag, tag_len) : r;
}

int rijn_hmac_verify(const rijn_hash_desc *h, const uint8_t *tag, size_t tag_len,
                     const uint8_t *key, size_t key_len, const uint8_t *data, size_t len)
{
    rijn_hmac_ctx ctx;
    int r;
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_BUF(data, len);
    r = oneshot_start(&ctx, h, key, key_len, data, len);
    return r == RIJN_OK ? rijn_hmac_final_verify(&ctx, tag, tag_len) : r;
}
