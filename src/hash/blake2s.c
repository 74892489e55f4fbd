/*
 * blake2s.c -- BLAKE2s (RFC 7693): 32-bit words, 1..32-byte output, keyed
 * form, salt and personalization; for 32-bit MCUs where BLAKE2b's 64-bit
 * arithmetic is slow.
 *
 * Implementation notes
 * - The parameter block (digest length, key length, fanout = depth = 1)
 *   is folded into h[0]; the 8-byte salt and personalization into h[4..5]
 *   and h[6..7] (little-endian), RFC 7693 section 2.5.
 * - The last block is held back until final (it needs the final flag),
 *   so a message that is a multiple of 64 bytes ends on a full block; a
 *   key is the first block, zero-padded.
 * - Constant time: 32-bit additions, rotations, XORs; the message schedule
 *   indexes (SIGMA) are public constants; only lengths are public.
 * Proof: RFC 7693 appendix B ("abc") and the appendix E self-test, and a
 * differential test against OpenSSL's BLAKE2S-256 and BLAKE2SMAC (keyed,
 * salt, personalization, every output length) in tests/hash/test_blake2_ext.c.
 */
#include "internal.h"
#include "rijn/blake2.h"

static const uint32_t IV[8] = {0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
                               0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u};

static const uint8_t SIGMA[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define G(a, b, c, d, x, y)         \
    a = a + b + (x);                \
    d = ROTR(d ^ a, 16);            \
    c = c + d;                      \
    b = ROTR(b ^ c, 12);            \
    a = a + b + (y);                \
    d = ROTR(d ^ a, 8);             \
    c = c + d;                      \
    b = ROTR(b ^ c, 7)

static void compress(rijn_blake2s_ctx *ctx, const uint8_t *block, int last)
{
    uint32_t m[16], v[16];
    int i, r;
    for (i = 0; i < 16; i++)
        m[i] = rijn_load32_le(block + 4 * i);
    for (i = 0; i < 8; i++) {
        v[i] = ctx->h[i];
        v[8 + i] = IV[i];
    }
    v[12] ^= ctx->t[0];
    v[13] ^= ctx->t[1];
    if (last)
        v[14] = ~v[14];
    for (r = 0; r < 10; r++) {
        const uint8_t *s = SIGMA[r];
        G(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
        G(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
        G(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
        G(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
        G(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
        G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
        G(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
        G(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
    }
    for (i = 0; i < 8; i++)
        ctx->h[i] ^= v[i] ^ v[8 + i];
    rijn_wipe(m, sizeof m);
    rijn_wipe(v, sizeof v);
}

static void count(rijn_blake2s_ctx *ctx, uint32_t n)
{
    ctx->t[0] += n;
    if (ctx->t[0] < n)
        ctx->t[1]++; /* public: depends on the length only */
}

int rijn_blake2s_init_param(rijn_blake2s_ctx *ctx, size_t out_len, const uint8_t *key,
                            size_t key_len, const uint8_t salt[8], const uint8_t personal[8])
{
    int i;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(key, key_len);
    if (out_len == 0 || out_len > RIJN_BLAKE2S_OUT_MAX)
        return RIJN_ERR_PARAM;
    if (key_len > RIJN_BLAKE2S_KEY_MAX)
        return RIJN_ERR_KEY_LEN;
    memset(ctx, 0, sizeof *ctx);
    memcpy(ctx->h, IV, sizeof ctx->h);
    ctx->h[0] ^= 0x01010000u ^ ((uint32_t)key_len << 8) ^ (uint32_t)out_len;
    for (i = 0; i < 2; i++) {
        if (salt != NULL)
            ctx->h[4 + i] ^= rijn_load32_le(salt + 4 * i);
        if (personal != NULL)
            ctx->h[6 + i] ^= rijn_load32_le(personal + 4 * i);
    }
    ctx->out_len = (uint32_t)out_len;
    if (key_len != 0) {
        memcpy(ctx->buf, key, key_len);
        ctx->buflen = RIJN_BLAKE2S_BLOCK_SIZE;
    }
    return RIJN_OK;
}

int rijn_blake2s_init_key(rijn_blake2s_ctx *ctx, size_t out_len, const uint8_t *key,
                          size_t key_len)
{
    return rijn_blake2s_init_param(ctx, out_len, key, key_len, NULL, NULL);
}

int rijn_blake2s_init(rijn_blake2s_ctx *ctx, size_t out_len)
{
    return rijn_blake2s_init_param(ctx, out_len, NULL, 0, NULL, NULL);
}

int rijn_blake2s_update(rijn_blake2s_ctx *ctx, const uint8_t *data, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (ctx->out_len == 0)
        return RIJN_ERR_STATE;
    while (len > 0) {
        size_t k;
        if (ctx->buflen == RIJN_BLAKE2S_BLOCK_SIZE) {
            count(ctx, RIJN_BLAKE2S_BLOCK_SIZE);
            compress(ctx, ctx->buf, 0);
            ctx->buflen = 0;
        }
        k = RIJN_BLAKE2S_BLOCK_SIZE - ctx->buflen;
        if (k > len)
            k = len;
        memcpy(ctx->buf + ctx->buflen, data, k);
        ctx->buflen += (uint32_t)k;
        data += k;
        len -= k;
    }
    return RIJN_OK;
}

int rijn_blake2s_final(rijn_blake2s_ctx *ctx, uint8_t *out)
{
    uint8_t full[32];
    int i;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (ctx->out_len == 0)
        return RIJN_ERR_STATE;
    count(ctx, ctx->buflen);
    memset(ctx->buf + ctx->buflen, 0, RIJN_BLAKE2S_BLOCK_SIZE - ctx->buflen);
    compress(ctx, ctx->buf, 1);
    for (i = 0; i < 8; i++)
        rijn_store32_le(full + 4 * i, ctx->h[i]);
    memcpy(out, full, ctx->out_len);
    rijn_wipe(full, sizeof full);
    rijn_blake2s_wipe(ctx);
    return RIJN_OK;
}

void rijn_blake2s_wipe(rijn_blake2s_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}

int rijn_blake2s(uint8_t *out, size_t out_len, const uint8_t *key, size_t key_len,
                 const uint8_t *data, size_t len)
{
    rijn_blake2s_ctx ctx;
    int r;
    RIJN_CHECK_PTR(out);
    r = rijn_blake2s_init_key(&ctx, out_len, key, key_len);
    if (r == RIJN_OK)
        r = rijn_blake2s_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_blake2s_final(&ctx, out);
    rijn_blake2s_wipe(&ctx);
    return r;
}
