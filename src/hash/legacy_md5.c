/*
 * legacy_md5.c -- MD5 (RFC 1321). LEGACY: only for reading and writing
 * old formats (openssl enc's EVP_BytesToKey, HMAC-MD5 in old protocols).
 *
 * Implementation notes: compact loop over the 64 steps; the round
 * function and the message-word index are chosen by the step number only,
 * so the code is constant-time. The constants are floor(|sin(i+1)| * 2^32).
 * Proof: RFC 1321 appendix A.5 test suite, RFC 2202 HMAC-MD5, and a
 * differential test against OpenSSL for every length 0..1100
 * (tests/hash/test_legacy.c, tests/mac/test_hmac.c).
 */
#include "hash_i.h"
#include "rijn/legacy.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_LEGACY

static const uint32_t K[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
    0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
    0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
    0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
    0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
    0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
    0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
    0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
    0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

/* Rotation amounts: four per round, repeated four times within it. */
static const uint8_t S[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

static void compress(uint32_t *h, const uint8_t *blocks, size_t nblocks)
{
    uint32_t m[16], a, b, c, d, f, t;
    unsigned i, g, s;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            m[i] = rijn_load32_le(blocks + 4 * i);
        a = h[0];
        b = h[1];
        c = h[2];
        d = h[3];
        for (i = 0; i < 64; i++) {
            if (i < 16) {
                f = d ^ (b & (c ^ d));
                g = i;
            } else if (i < 32) {
                f = c ^ (d & (b ^ c));
                g = (5 * i + 1) & 15;
            } else if (i < 48) {
                f = b ^ c ^ d;
                g = (3 * i + 5) & 15;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) & 15;
            }
            s = S[((i >> 4) << 2) | (i & 3)];
            t = a + f + K[i] + m[g];
            a = d;
            d = c;
            c = b;
            b += (t << s) | (t >> (32 - s));
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        blocks += 64;
    }
    rijn_i_hash_wipe(m, sizeof m);
}

int rijn_md5_init(rijn_md5_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    if (RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    memset(ctx, 0, sizeof *ctx);
    ctx->h[0] = 0x67452301;
    ctx->h[1] = 0xefcdab89;
    ctx->h[2] = 0x98badcfe;
    ctx->h[3] = 0x10325476;
    ctx->live = 1;
    return RIJN_OK;
}

int rijn_md5_update(rijn_md5_ctx *ctx, const uint8_t *data, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (ctx->live != 1 || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    return rijn_i_md64_update(ctx->h, ctx->buf, &ctx->nbytes, data, len, compress);
}

int rijn_md5_final(rijn_md5_ctx *ctx, uint8_t out[RIJN_MD5_SIZE])
{
    unsigned i;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (ctx->live != 1 || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    rijn_i_md64_pad(ctx->h, ctx->buf, ctx->nbytes, 0, compress);
    for (i = 0; i < 4; i++)
        rijn_store32_le(out + 4 * i, ctx->h[i]);
    rijn_md5_wipe(ctx);
    return RIJN_OK;
}

void rijn_md5_wipe(rijn_md5_ctx *ctx)
{
    rijn_i_hash_wipe(ctx, sizeof *ctx);
}

int rijn_md5(uint8_t out[RIJN_MD5_SIZE], const uint8_t *data, size_t len)
{
    rijn_md5_ctx ctx;
    int r;
    RIJN_CHECK_PTR(out);
    r = rijn_md5_init(&ctx);
    if (r == RIJN_OK)
        r = rijn_md5_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_md5_final(&ctx, out);
    rijn_md5_wipe(&ctx);
    return r;
}
#else
typedef int rijn_i_legacy_md5_off; /* ISO C: no empty translation unit */
#endif
