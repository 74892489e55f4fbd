/*
 * legacy_sha1.c -- SHA-1 (FIPS 180-4). LEGACY: only for reading and
 * writing old formats (openssl enc's EVP_BytesToKey with -md sha1,
 * PBKDF2-HMAC-SHA-1 in old containers).
 *
 * Implementation notes: rolling 16-word message schedule on the stack; the
 * round function is chosen by the step number only (constant-time).
 * Proof: CAVP SHA1ShortMsg, SHA1LongMsg, SHA1Monte; RFC 2202 HMAC-SHA-1;
 * RFC 6070 PBKDF2-HMAC-SHA-1; differential against OpenSSL for every
 * length 0..1100 (tests/hash/test_legacy.c, test_hmac.c, test_kdf.c).
 */
#include "hash_i.h"
#include "rijn/legacy.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_LEGACY

#define ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static void compress(uint32_t *h, const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16], a, b, c, d, e, f, k, t;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load32_be(blocks + 4 * i);
        a = h[0];
        b = h[1];
        c = h[2];
        d = h[3];
        e = h[4];
        for (i = 0; i < 80; i++) {
            if (i >= 16) {
                t = w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^ w[i & 15];
                w[i & 15] = ROL32(t, 1);
            }
            if (i < 20) {
                f = d ^ (b & (c ^ d));
                k = 0x5a827999;
            } else if (i < 40) {
                f = b ^ c ^ d;
                k = 0x6ed9eba1;
            } else if (i < 60) {
                f = (b & c) | (d & (b | c));
                k = 0x8f1bbcdc;
            } else {
                f = b ^ c ^ d;
                k = 0xca62c1d6;
            }
            t = ROL32(a, 5) + f + e + k + w[i & 15];
            e = d;
            d = c;
            c = ROL32(b, 30);
            b = a;
            a = t;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        blocks += 64;
    }
    rijn_i_hash_wipe(w, sizeof w);
}

int rijn_sha1_init(rijn_sha1_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    if (RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    memset(ctx, 0, sizeof *ctx);
    ctx->h[0] = 0x67452301;
    ctx->h[1] = 0xefcdab89;
    ctx->h[2] = 0x98badcfe;
    ctx->h[3] = 0x10325476;
    ctx->h[4] = 0xc3d2e1f0;
    ctx->live = 1;
    return RIJN_OK;
}

int rijn_sha1_update(rijn_sha1_ctx *ctx, const uint8_t *data, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (ctx->live != 1 || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    return rijn_i_md64_update(ctx->h, ctx->buf, &ctx->nbytes, data, len, compress);
}

int rijn_sha1_final(rijn_sha1_ctx *ctx, uint8_t out[RIJN_SHA1_SIZE])
{
    unsigned i;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (ctx->live != 1 || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    rijn_i_md64_pad(ctx->h, ctx->buf, ctx->nbytes, 1, compress);
    for (i = 0; i < 5; i++)
        rijn_store32_be(out + 4 * i, ctx->h[i]);
    rijn_sha1_wipe(ctx);
    return RIJN_OK;
}

void rijn_sha1_wipe(rijn_sha1_ctx *ctx)
{
    rijn_i_hash_wipe(ctx, sizeof *ctx);
}

int rijn_sha1(uint8_t out[RIJN_SHA1_SIZE], const uint8_t *data, size_t len)
{
    rijn_sha1_ctx ctx;
    int r;
    RIJN_CHECK_PTR(out);
    r = rijn_sha1_init(&ctx);
    if (r == RIJN_OK)
        r = rijn_sha1_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_sha1_final(&ctx, out);
    rijn_sha1_wipe(&ctx);
    return r;
}
#else
typedef int rijn_i_legacy_sha1_off; /* ISO C: no empty translation unit */
#endif
