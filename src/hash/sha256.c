/*
 * sha256.c -- SHA-224 and SHA-256 (FIPS 180-4): streaming, one-shots and
 * the dispatch to the compressions: portable (sha256_portable.c), SHA-NI
 * (sha256_x86ni.c), x86-64 vector schedule + integer rounds for CPUs
 * without SHA-NI (sha256_x86v.c), ARMv8 SHA2 (sha256_armce.c).
 *
 * Implementation notes:
 * - Layout: rijn_sha256_ctx holds the chaining value, a byte count and one
 *   partial block; SHA-224 differs in the initial value and out_len only.
 * - Constant time: the compressions work on the data with additions,
 *   rotations and Boolean operations; branches here depend on lengths only.
 * - Dispatch: the registry below (core/registry.h): x86-shani, avx2
 *   (AVX2 + BMI2), ssse3, armv8-sha2, portable. init binds the default entry to the context as an index in
 *   bits 8..15 of out_len (no pointer: the context stays copyable and
 *   position-independent); the one-shots take the default per call. With
 *   one entry compiled in (MCUs) nothing is probed.
 * - AVR: the initial values live in flash (RIJN_I_HASH_ROM, copied with
 *   memcpy_P), as the round constants do: 320 bytes of the 2 KiB RAM of an
 *   ATmega328P saved.
 * - Proof: CAVP SHA224/SHA256 ShortMsg, LongMsg, Monte and a differential
 *   test against OpenSSL for every length 0..1100 with random splits, run
 *   once with SHA-NI and once with RIJN_CPU_MASK=0 (tests/hash/test_sha2_*.c).
 */
#include "hash_i.h"
#include "rijn/sha2.h"

static const uint32_t IV224[8] RIJN_I_HASH_ROM = {0xc1059ed8, 0x367cd507, 0x3070dd17,
                                                  0xf70e5939, 0xffc00b31, 0x68581511,
                                                  0x64f98fa7, 0xbefa4fa4};
static const uint32_t IV256[8] RIJN_I_HASH_ROM = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                                  0xa54ff53a, 0x510e527f, 0x9b05688c,
                                                  0x1f83d9ab, 0x5be0cd19};

/* ---- registry (core/registry.h) ---------------------------------------- */

#define SHA256_MULTI (RIJN_I_SHA256_X86 || RIJN_I_SHA256_ARMCE)
#if RIJN_I_SHA256_X86
static const rijn_i_sha256_impl sha256_shani = {
    {"x86-shani", RIJN_CPU_SHANI | RIJN_CPU_SSE41 | RIJN_CPU_SSSE3, NULL},
    rijn_i_sha256_compress_shani};
/* no SHA-NI: vector message schedule beside integer rounds (sha256_x86v.c) */
static const rijn_i_sha256_impl sha256_avx2 = {{"avx2", RIJN_CPU_AVX2 | RIJN_CPU_BMI2, NULL},
                                               rijn_i_sha256_compress_avx2};
static const rijn_i_sha256_impl sha256_ssse3 = {{"ssse3", RIJN_CPU_SSSE3, NULL},
                                                rijn_i_sha256_compress_ssse3};
#endif
#if RIJN_I_SHA256_ARMCE
static const rijn_i_sha256_impl sha256_armce = {{"armv8-sha2", RIJN_CPU_ARM_SHA2, NULL},
                                                rijn_i_sha256_compress_armce};
#endif
static const rijn_i_sha256_impl sha256_portable = {{"portable", 0, NULL},
                                                   rijn_i_sha256_compress_portable};

static const rijn_i_impl *const sha256s[] = {
#if RIJN_I_SHA256_X86
    &sha256_shani.base,
    &sha256_avx2.base,
    &sha256_ssse3.base,
#endif
#if RIJN_I_SHA256_ARMCE
    &sha256_armce.base,
#endif
    &sha256_portable.base,
};
#define NSHA256 (sizeof sha256s / sizeof sha256s[0])

const rijn_i_registry rijn_i_sha256_registry = {"sha256", sha256s, NSHA256};

#define ENTRY(i) RIJN_I_IMPL_OF(rijn_i_sha256_impl, sha256s[i])

/* the default entry's compression (one-shots; not named "compress": the
 * amalgamation renames file-static names, which would hit ->compress) */
static void compress_default(uint32_t h[8], const uint8_t *blocks, size_t nblocks)
{
#if SHA256_MULTI
    ENTRY(rijn_i_reg_default(sha256s, NSHA256))->compress(h, blocks, nblocks);
#else
    rijn_i_sha256_compress_portable(h, blocks, nblocks);
#endif
}

/* the context's entry */
#if SHA256_MULTI
#define CTX_COMPRESS(ctx, b, n) ENTRY(RIJN_I_SHA_IMPL((ctx)->out_len))->compress((ctx)->h, b, n)
#else
#define CTX_COMPRESS(ctx, b, n) compress_default((ctx)->h, b, n)
#endif

static int started(const rijn_sha256_ctx *ctx)
{
    /* a length, and an entry index in range -- also with one entry (index
     * 0): a damaged index must not index the table (impl_name) */
    return RIJN_I_SHA_OUT_LEN(ctx->out_len) != 0 && RIJN_I_SHA_IMPL(ctx->out_len) < NSHA256;
}

int rijn_i_sha256_use(rijn_sha256_ctx *ctx, const char *name)
{
    size_t i;
    int r;
    RIJN_CHECK_PTR(ctx);
    if (!started(ctx))
        return RIJN_ERR_STATE;
    r = rijn_i_reg_find(&rijn_i_sha256_registry, name, &i);
    if (r == RIJN_OK)
        ctx->out_len = RIJN_I_SHA_OUT_LEN(ctx->out_len) | ((uint32_t)i << 8);
    return r;
}

const char *rijn_i_sha256_ctx_impl_name(const rijn_sha256_ctx *ctx)
{
    return ctx != NULL && started(ctx) ? sha256s[RIJN_I_SHA_IMPL(ctx->out_len)]->name : "none";
}

const char *rijn_sha256_impl_name(void)
{
    return sha256s[rijn_i_reg_default(sha256s, NSHA256)]->name;
}

static int start(rijn_sha256_ctx *ctx, const uint32_t iv[8], uint32_t out_len)
{
    RIJN_CHECK_PTR(ctx);
    ctx->nbytes = 0; /* buf needs no zeros: final pads every byte it hashes */
#if defined(__AVR__)
    memcpy_P(ctx->h, iv, sizeof ctx->h);
#else
    memcpy(ctx->h, iv, sizeof ctx->h);
#endif
#if SHA256_MULTI
    ctx->out_len = out_len | ((uint32_t)rijn_i_reg_default(sha256s, NSHA256) << 8);
#else
    ctx->out_len = out_len;
#endif
    return RIJN_OK;
}

int rijn_sha224_init(rijn_sha256_ctx *ctx)
{
    return start(ctx, IV224, RIJN_SHA224_SIZE);
}

int rijn_sha256_init(rijn_sha256_ctx *ctx)
{
    return start(ctx, IV256, RIJN_SHA256_SIZE);
}

int rijn_sha256_update(rijn_sha256_ctx *ctx, const uint8_t *data, size_t len)
{
    size_t used, take;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (!started(ctx) || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    if (len == 0)
        return RIJN_OK; /* data may be NULL */
    /* 2^64 bits = 2^61 bytes; the final length block needs the count. */
    if ((uint64_t)len > ((uint64_t)1 << 61) - 1 - ctx->nbytes)
        return RIJN_ERR_LIMIT;
    used = (size_t)(ctx->nbytes & 63);
    ctx->nbytes += (uint64_t)len;
    if (used != 0) {
        take = 64 - used;
        if (take > len)
            take = len;
        memcpy(ctx->buf + used, data, take);
        data += take;
        len -= take;
        if (used + take < 64)
            return RIJN_OK;
        CTX_COMPRESS(ctx, ctx->buf, 1);
    }
    if (len >= 64) {
        CTX_COMPRESS(ctx, data, len / 64);
        data += len & ~(size_t)63;
        len &= 63;
    }
    if (len != 0)
        memcpy(ctx->buf, data, len);
    return RIJN_OK;
}

int rijn_sha256_final(rijn_sha256_ctx *ctx, uint8_t *out)
{
    size_t used, i;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (!started(ctx) || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    used = (size_t)(ctx->nbytes & 63);
    ctx->buf[used++] = 0x80;
    if (used > 56) {
        memset(ctx->buf + used, 0, 64 - used);
        CTX_COMPRESS(ctx, ctx->buf, 1);
        used = 0;
    }
    memset(ctx->buf + used, 0, 56 - used);
    rijn_store64_be(ctx->buf + 56, ctx->nbytes << 3);
    CTX_COMPRESS(ctx, ctx->buf, 1);
    for (i = 0; i < RIJN_I_SHA_OUT_LEN(ctx->out_len) / 4; i++)
        rijn_store32_be(out + 4 * i, ctx->h[i]);
    rijn_sha256_wipe(ctx);
    return RIJN_OK;
}

void rijn_sha256_wipe(rijn_sha256_ctx *ctx)
{
    rijn_i_hash_wipe(ctx, sizeof *ctx);
}

#if defined(__x86_64__) || defined(__aarch64__)
/* Hosts: a message of at most 119 bytes is one or two padded blocks, built
 * on the stack (zeroed in 16-byte stores first) and compressed from the IV
 * in one call, without the context's update / final bookkeeping (64-byte
 * SHA-256: 172 -> 138 TSC ticks). MCU builds keep the one path (size). */
#define SHA256_SHORT_MAX 119
static int oneshot_short(const uint32_t iv[8], size_t out_len, uint8_t *out, const uint8_t *data,
                         size_t len)
{
    uint32_t h[8];
    uint64_t buf64[16] RIJN_I_HASH_BLOCK_ALIGN;
    uint8_t *buf = (uint8_t *)buf64;
    size_t nb = len < 56 ? 1 : 2, i;
    memcpy(h, iv, sizeof h);
    rijn_i_hash_wipe(buf64, sizeof buf64); /* zeros */
    if (len != 0)
        memcpy(buf, data, len);
    buf[len] = 0x80;
    rijn_store64_be(buf + 64 * nb - 8, (uint64_t)len << 3);
    compress_default(h, buf, nb);
    for (i = 0; i < out_len / 4; i++)
        rijn_store32_be(out + 4 * i, h[i]);
    rijn_i_hash_wipe(buf64, sizeof buf64);
    rijn_i_hash_wipe(h, sizeof h);
    return RIJN_OK;
}
#endif

static int oneshot(int (*init)(rijn_sha256_ctx *), const uint32_t iv[8], size_t out_len,
                   uint8_t *out, const uint8_t *data, size_t len)
{
    rijn_sha256_ctx ctx;
    int r;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(data, len);
#ifdef SHA256_SHORT_MAX
    if (len <= SHA256_SHORT_MAX)
        return oneshot_short(iv, out_len, out, data, len);
#else
    (void)iv;
    (void)out_len;
#endif
    r = init(&ctx);
    if (r == RIJN_OK)
        r = rijn_sha256_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_sha256_final(&ctx, out);
    if (r != RIJN_OK) /* final wipes the context itself */
        rijn_sha256_wipe(&ctx);
    return r;
}

int rijn_sha224(uint8_t out[RIJN_SHA224_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha224_init, IV224, RIJN_SHA224_SIZE, out, data, len);
}

int rijn_sha256(uint8_t out[RIJN_SHA256_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha256_init, IV256, RIJN_SHA256_SIZE, out, data, len);
}
