/*
 * blake2b.c -- BLAKE2b (RFC 7693), portable C, and its hash descriptor.
 *
 * Implementation notes:
 * - Layout: rijn_blake2b_ctx holds the chaining value h[8], the 128-bit
 *   byte counter t[2] and one pending block. BLAKE2b flags the LAST block
 *   in its compression, so update never compresses the final bytes it has
 *   seen: the buffer holds 1..128 bytes between calls (after a first
 *   byte), and only final compresses it with the last-block flag.
 * - The parameter block (digest length, key length, fanout = depth = 1)
 *   is folded into h[0] at init; salt and personalization (16 bytes each,
 *   zero unless rijn_blake2b_init_param gives them) into h[4..5] and
 *   h[6..7], little-endian, as RFC 7693 section 2.5 / libsodium's
 *   crypto_generichash_blake2b_salt_personal.
 * - Rounds: 12 rounds of eight G functions; the message word order comes
 *   from the SIGMA table, indexed by the round number only (public). On
 *   64-bit hosts the 12 rounds are unrolled (SIGMA folds into constant
 *   indexes); on 32-bit targets they stay a loop of inlined G functions;
 *   on 8/16-bit targets one out-of-line G is called through an index table.
 * - Constant time: 64-bit additions, XORs and rotations only; lengths are
 *   public. Secrets on the stack (message words, working vector) are
 *   wiped at exit of each compression.
 * - Proof: RFC 7693 appendix A ("abc"), the BLAKE2 reference KAT file
 *   (blake2b-test.txt: keyed, every length 0..255), cryptography-vectors
 *   blake2b.txt, differential tests against OpenSSL EVP BLAKE2B-512 /
 *   BLAKE2BMAC and libsodium crypto_generichash for every length 0..600
 *   with random splits, keys and output sizes (tests/hash/test_blake2b.c).
 */
#include "hash_i.h"
#include "rijn/blake2.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_BLAKE2B

static const uint64_t IV[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

static const uint8_t SIGMA[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

#define G(a, b, c, d, x, y)          \
    do {                             \
        a = a + b + (x);             \
        d = ROR64(d ^ a, 32);        \
        c = c + d;                   \
        b = ROR64(b ^ c, 24);        \
        a = a + b + (y);             \
        d = ROR64(d ^ a, 16);        \
        c = c + d;                   \
        b = ROR64(b ^ c, 63);        \
    } while (0)

#define ROUND(r)                                                   \
    do {                                                           \
        G(v0, v4, v8, v12, m[SIGMA[r][0]], m[SIGMA[r][1]]);        \
        G(v1, v5, v9, v13, m[SIGMA[r][2]], m[SIGMA[r][3]]);        \
        G(v2, v6, v10, v14, m[SIGMA[r][4]], m[SIGMA[r][5]]);       \
        G(v3, v7, v11, v15, m[SIGMA[r][6]], m[SIGMA[r][7]]);       \
        G(v0, v5, v10, v15, m[SIGMA[r][8]], m[SIGMA[r][9]]);       \
        G(v1, v6, v11, v12, m[SIGMA[r][10]], m[SIGMA[r][11]]);     \
        G(v2, v7, v8, v13, m[SIGMA[r][12]], m[SIGMA[r][13]]);      \
        G(v3, v4, v9, v14, m[SIGMA[r][14]], m[SIGMA[r][15]]);      \
    } while (0)

#if RIJN_ARCH_SMALLWORD
/* 8/16-bit targets: 64-bit arithmetic is long there, so one G function
 * is called through a table of its four state indexes (~5.5 KB for this
 * file on AVR instead of ~23 KB with the rounds inlined). */
static const uint8_t GIDX[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
                                   {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};

static void g_indexed(uint64_t v[16], const uint8_t ix[4], uint64_t x, uint64_t y)
{
    uint64_t a = v[ix[0]], b = v[ix[1]], c = v[ix[2]], d = v[ix[3]];
    G(a, b, c, d, x, y);
    v[ix[0]] = a;
    v[ix[1]] = b;
    v[ix[2]] = c;
    v[ix[3]] = d;
}

static void compress(rijn_blake2b_ctx *ctx, const uint8_t *block, int last)
{
    uint64_t m[16], v[16];
    unsigned i, r;
    for (i = 0; i < 16; i++)
        m[i] = rijn_load64_le(block + 8 * i);
    for (i = 0; i < 8; i++) {
        v[i] = ctx->h[i];
        v[i + 8] = IV[i];
    }
    v[12] ^= ctx->t[0];
    v[13] ^= ctx->t[1];
    if (last)
        v[14] = ~v[14];
    for (r = 0; r < 12; r++)
        for (i = 0; i < 8; i++)
            g_indexed(v, GIDX[i], m[SIGMA[r][2 * i]], m[SIGMA[r][2 * i + 1]]);
    for (i = 0; i < 8; i++)
        ctx->h[i] ^= v[i] ^ v[i + 8];
    rijn_i_hash_wipe(m, sizeof m);
    rijn_i_hash_wipe(v, sizeof v);
}
#else
/* Compress one block; last = 1 for the final block (f0 = all ones). */
static void compress(rijn_blake2b_ctx *ctx, const uint8_t *block, int last)
{
    uint64_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
#if !RIJN_ARCH_64
    unsigned r;
#endif
    for (i = 0; i < 16; i++)
        m[i] = rijn_load64_le(block + 8 * i);
    v0 = ctx->h[0];
    v1 = ctx->h[1];
    v2 = ctx->h[2];
    v3 = ctx->h[3];
    v4 = ctx->h[4];
    v5 = ctx->h[5];
    v6 = ctx->h[6];
    v7 = ctx->h[7];
    v8 = IV[0];
    v9 = IV[1];
    v10 = IV[2];
    v11 = IV[3];
    v12 = IV[4] ^ ctx->t[0];
    v13 = IV[5] ^ ctx->t[1];
    v14 = last ? ~IV[6] : IV[6]; /* public: last block or not */
    v15 = IV[7];
#if RIJN_ARCH_64
    /* unrolled: the SIGMA lookups become constants, m[] stays in registers */
    ROUND(0);
    ROUND(1);
    ROUND(2);
    ROUND(3);
    ROUND(4);
    ROUND(5);
    ROUND(6);
    ROUND(7);
    ROUND(8);
    ROUND(9);
    ROUND(10);
    ROUND(11);
#else
    for (r = 0; r < 12; r++)
        ROUND(r);
#endif
    ctx->h[0] ^= v0 ^ v8;
    ctx->h[1] ^= v1 ^ v9;
    ctx->h[2] ^= v2 ^ v10;
    ctx->h[3] ^= v3 ^ v11;
    ctx->h[4] ^= v4 ^ v12;
    ctx->h[5] ^= v5 ^ v13;
    ctx->h[6] ^= v6 ^ v14;
    ctx->h[7] ^= v7 ^ v15;
    rijn_i_hash_wipe(m, sizeof m);
}
#endif

/* Add n (<= 128) to the 128-bit byte counter. */
static void count(rijn_blake2b_ctx *ctx, uint32_t n)
{
    ctx->t[0] += n;
    if (ctx->t[0] < n)
        ctx->t[1]++; /* public: depends on the length only */
}

int rijn_blake2b_init_key(rijn_blake2b_ctx *ctx, size_t out_len, const uint8_t *key,
                          size_t key_len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(key, key_len);
    if (out_len == 0 || out_len > RIJN_BLAKE2B_OUT_MAX || RIJN_I_FAULT())
        return RIJN_ERR_PARAM;
    if (key_len > RIJN_BLAKE2B_KEY_MAX)
        return RIJN_ERR_KEY_LEN;
    memset(ctx, 0, sizeof *ctx);
    memcpy(ctx->h, IV, sizeof ctx->h);
    /* parameter block word 0: digest length, key length, fanout 1, depth 1 */
    ctx->h[0] ^= (uint64_t)0x01010000u ^ ((uint64_t)key_len << 8) ^ (uint64_t)out_len;
    ctx->out_len = (uint32_t)out_len;
    if (key_len != 0) {
        /* the key, zero-padded to a full block, is the first block */
        memcpy(ctx->buf, key, key_len);
        ctx->buflen = RIJN_BLAKE2B_BLOCK_SIZE;
    }
    return RIJN_OK;
}

int rijn_blake2b_init_param(rijn_blake2b_ctx *ctx, size_t out_len, const uint8_t *key,
                            size_t key_len, const uint8_t salt[16], const uint8_t personal[16])
{
    int r = rijn_blake2b_init_key(ctx, out_len, key, key_len), i;
    if (r != RIJN_OK)
        return r;
    for (i = 0; i < 2; i++) {
        if (salt != NULL)
            ctx->h[4 + i] ^= rijn_load64_le(salt + 8 * i);
        if (personal != NULL)
            ctx->h[6 + i] ^= rijn_load64_le(personal + 8 * i);
    }
    return RIJN_OK;
}

int rijn_blake2b_init(rijn_blake2b_ctx *ctx, size_t out_len)
{
    return rijn_blake2b_init_key(ctx, out_len, NULL, 0);
}

int rijn_blake2b_512_init(rijn_blake2b_ctx *ctx)
{
    return rijn_blake2b_init_key(ctx, RIJN_BLAKE2B_512_SIZE, NULL, 0);
}

int rijn_blake2b_update(rijn_blake2b_ctx *ctx, const uint8_t *data, size_t len)
{
    size_t take;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (ctx->out_len == 0 || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    if (len == 0)
        return RIJN_OK;
    /* fill the pending block; compress it only if more data follows */
    if (ctx->buflen < RIJN_BLAKE2B_BLOCK_SIZE) {
        take = RIJN_BLAKE2B_BLOCK_SIZE - (size_t)ctx->buflen;
        if (take > len)
            take = len;
        memcpy(ctx->buf + ctx->buflen, data, take);
        ctx->buflen += (uint32_t)take;
        data += take;
        len -= take;
    }
    if (len == 0)
        return RIJN_OK;
    count(ctx, RIJN_BLAKE2B_BLOCK_SIZE);
    compress(ctx, ctx->buf, 0);
    /* whole blocks straight from the input, keeping the last one back */
    while (len > RIJN_BLAKE2B_BLOCK_SIZE) {
        count(ctx, RIJN_BLAKE2B_BLOCK_SIZE);
        compress(ctx, data, 0);
        data += RIJN_BLAKE2B_BLOCK_SIZE;
        len -= RIJN_BLAKE2B_BLOCK_SIZE;
    }
    memcpy(ctx->buf, data, len);
    ctx->buflen = (uint32_t)len;
    return RIJN_OK;
}

int rijn_blake2b_final(rijn_blake2b_ctx *ctx, uint8_t *out)
{
    uint8_t full[64];
    unsigned i;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (ctx->out_len == 0 || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    count(ctx, ctx->buflen);
    memset(ctx->buf + ctx->buflen, 0, RIJN_BLAKE2B_BLOCK_SIZE - (size_t)ctx->buflen);
    compress(ctx, ctx->buf, 1);
    for (i = 0; i < 8; i++)
        rijn_store64_le(full + 8 * i, ctx->h[i]);
    memcpy(out, full, (size_t)ctx->out_len);
    rijn_i_hash_wipe(full, sizeof full);
    rijn_blake2b_wipe(ctx);
    return RIJN_OK;
}

void rijn_blake2b_wipe(rijn_blake2b_ctx *ctx)
{
    if (ctx != NULL)
        rijn_i_hash_wipe(ctx, sizeof *ctx);
}

int rijn_blake2b(uint8_t *out, size_t out_len, const uint8_t *key, size_t key_len,
                 const uint8_t *data, size_t len)
{
    rijn_blake2b_ctx ctx;
    int r;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(data, len);
    r = rijn_blake2b_init_key(&ctx, out_len, key, key_len);
    if (r != RIJN_OK)
        return r;
    r = rijn_blake2b_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_blake2b_final(&ctx, out);
    rijn_blake2b_wipe(&ctx);
    return r;
}

/* ---- hash descriptor (rijn/hash.h) -------------------------------------- */

static int d_init512(void *c)
{
    return rijn_blake2b_512_init((rijn_blake2b_ctx *)c);
}
static int d_update(void *c, const uint8_t *d, size_t n)
{
    return rijn_blake2b_update((rijn_blake2b_ctx *)c, d, n);
}
static int d_final(void *c, uint8_t *o)
{
    return rijn_blake2b_final((rijn_blake2b_ctx *)c, o);
}
static void d_wipe(void *c)
{
    rijn_blake2b_wipe((rijn_blake2b_ctx *)c);
}

const rijn_hash_desc rijn_hash_blake2b_512 = {
    "BLAKE2b-512", RIJN_HASH_BLAKE2B_512, 0, 64, 128, sizeof(rijn_blake2b_ctx),
    d_init512, d_update, d_final, d_wipe};

#else
typedef int rijn_i_blake2b_off; /* ISO C: no empty translation unit */
#endif
