/*
 * sha512.c -- SHA-384, SHA-512, SHA-512/224, SHA-512/256 (FIPS 180-4):
 * streaming, one-shots and the dispatch to the compressions.
 *
 * Implementation notes:
 * - Layout: rijn_sha512_ctx holds the chaining value, a byte count and one
 *   partial 128-byte block. The variants differ only in the initial value
 *   and the number of output bytes (out_len).
 * - The byte count is 64 bits, so messages are limited to 2^64 - 1 bytes;
 *   the high half of the 128-bit bit length is always (count >> 61).
 * - Constant time: the compressions work on the data with additions,
 *   rotations and Boolean operations; branches here depend on lengths only.
 * - One-shots on hosts (x86-64, AArch64) skip the context: under 112
 *   bytes one padded block on the stack; longer messages their whole
 *   blocks straight from the message, then the padding's one or two
 *   blocks, built first (their stores are in L1 by the time they are
 *   loaded). 1 KiB at RIJN_CPU_MASK=0x2EFF: ~5% faster than update +
 *   final (their bookkeeping and context wipe were ~120 of ~2,800 TSC
 *   ticks). The digest leaves in byte-swapped 8-byte stores (internal.h's
 *   rijn_store64_be on hosts; as bytes, GCC 12 vectorised them for
 *   AArch64: SHA-512 of 16 B 791 -> 673 instructions, scripts/bench-arm.sh).
 * - Dispatch: the registry below (core/registry.h): on x86-64 "avx512"
 *   (sha512_avx512.c: AVX-512VL schedule, hand-scheduled RORX rounds;
 *   needs BMI2), "avx2" (sha512_x86.c: AVX2 + BMI2), "ssse3" (sha512_x86.c:
 *   MOV + ROR rounds); on AArch64 with GCC
 *   "armv8-sha512" (sha512_armce.c: the ARMv8.2 SHA512 instructions);
 *   then "portable" (sha512_portable.c, with the RISC-V Zknh forms). init
 *   binds the default entry as an index in bits 8..15 of out_len; the
 *   one-shots take the default per call; RIJN_CPU_MASK hides entries. One
 *   entry compiled in (MCUs): nothing is probed.
 * - Proof: CAVP SHA384/SHA512/SHA512_224/SHA512_256 ShortMsg, LongMsg,
 *   Monte; differential against OpenSSL for every length 0..1100 with
 *   random splits (tests/hash/test_sha2_*.c).
 */
#include "hash_i.h"
#include "rijn/sha2.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_SHA512

static const uint64_t IV384[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull};
static const uint64_t IV512[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
static const uint64_t IV512_224[8] = {
    0x8c3d37c819544da2ull, 0x73e1996689dcd4d6ull, 0x1dfab7ae32ff9c82ull, 0x679dd514582f9fcfull,
    0x0f6d2b697bd44da8ull, 0x77e36f7304c48942ull, 0x3f9d85a86a1d36c8ull, 0x1112e6ad91d692a1ull};
static const uint64_t IV512_256[8] = {
    0x22312194fc2bf72cull, 0x9f555fa3c84c64c2ull, 0x2393b86b6f53b151ull, 0x963877195940eabdull,
    0x96283ee2a88effe3ull, 0xbe5e1e2553863992ull, 0x2b0199fc2c85b8aaull, 0x0eb72ddc81c52ca2ull};

/* ---- registry (core/registry.h) ---------------------------------------- */

#define SHA512_MULTI ((RIJN_I_SHA512_X86 && RIJN_I_SHA512_UNROLLED) || RIJN_I_SHA512_ARMCE)
#if RIJN_I_SHA512_X86 && RIJN_I_SHA512_UNROLLED
static const rijn_i_sha512_impl sha512_avx512 = {
    {"avx512", RIJN_CPU_AVX2 | RIJN_CPU_BMI2 | RIJN_CPU_AVX512, NULL},
    rijn_i_sha512_compress_avx512vl};
static const rijn_i_sha512_impl sha512_avx2 = {{"avx2", RIJN_CPU_AVX2 | RIJN_CPU_BMI2, NULL},
                                               rijn_i_sha512_compress_avx2};
static const rijn_i_sha512_impl sha512_ssse3 = {{"ssse3", RIJN_CPU_SSSE3, NULL},
                                                rijn_i_sha512_compress_ssse3};
#endif
#if RIJN_I_SHA512_ARMCE
static const rijn_i_sha512_impl sha512_armce = {{"armv8-sha512", RIJN_CPU_ARM_SHA512, NULL},
                                                rijn_i_sha512_compress_armce};
#endif
static const rijn_i_sha512_impl sha512_portable = {{"portable", 0, NULL},
                                                   rijn_i_sha512_compress_portable};

static const rijn_i_impl *const sha512s[] = {
#if RIJN_I_SHA512_X86 && RIJN_I_SHA512_UNROLLED
    &sha512_avx512.base,
    &sha512_avx2.base,
    &sha512_ssse3.base,
#endif
#if RIJN_I_SHA512_ARMCE
    &sha512_armce.base,
#endif
    &sha512_portable.base,
};
#define NSHA512 (sizeof sha512s / sizeof sha512s[0])

const rijn_i_registry rijn_i_sha512_registry = {"sha512", sha512s, NSHA512};

#define ENTRY(i) RIJN_I_IMPL_OF(rijn_i_sha512_impl, sha512s[i])

/* the default entry's compression (one-shots; not named "compress": the
 * amalgamation renames file-static names, which would hit ->compress) */
static void compress_default(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
#if SHA512_MULTI
    ENTRY(rijn_i_reg_default(sha512s, NSHA512))->compress(hv, blocks, nblocks);
#else
    rijn_i_sha512_compress_portable(hv, blocks, nblocks);
#endif
}

/* the context's entry */
#if SHA512_MULTI
#define CTX_COMPRESS(ctx, b, n) ENTRY(RIJN_I_SHA_IMPL((ctx)->out_len))->compress((ctx)->h, b, n)
#else
#define CTX_COMPRESS(ctx, b, n) compress_default((ctx)->h, b, n)
#endif

static int started(const rijn_sha512_ctx *ctx)
{
    /* a length, and an entry index in range -- also with one entry (index
     * 0): a damaged index must not index the table (impl_name) */
    return RIJN_I_SHA_OUT_LEN(ctx->out_len) != 0 && RIJN_I_SHA_IMPL(ctx->out_len) < NSHA512;
}

int rijn_i_sha512_use(rijn_sha512_ctx *ctx, const char *name)
{
    size_t i;
    int r;
    RIJN_CHECK_PTR(ctx);
    if (!started(ctx))
        return RIJN_ERR_STATE;
    r = rijn_i_reg_find(&rijn_i_sha512_registry, name, &i);
    if (r == RIJN_OK)
        ctx->out_len = RIJN_I_SHA_OUT_LEN(ctx->out_len) | ((uint32_t)i << 8);
    return r;
}

const char *rijn_i_sha512_ctx_impl_name(const rijn_sha512_ctx *ctx)
{
    return ctx != NULL && started(ctx) ? sha512s[RIJN_I_SHA_IMPL(ctx->out_len)]->name : "none";
}

static int start(rijn_sha512_ctx *ctx, const uint64_t iv[8], uint32_t out_len)
{
    RIJN_CHECK_PTR(ctx);
    ctx->nbytes = 0; /* buf needs no zeros: final pads every byte it hashes */
    memcpy(ctx->h, iv, sizeof ctx->h);
#if SHA512_MULTI
    ctx->out_len = out_len | ((uint32_t)rijn_i_reg_default(sha512s, NSHA512) << 8);
#else
    ctx->out_len = out_len;
#endif
    return RIJN_OK;
}

int rijn_sha384_init(rijn_sha512_ctx *ctx)
{
    return start(ctx, IV384, RIJN_SHA384_SIZE);
}

int rijn_sha512_init(rijn_sha512_ctx *ctx)
{
    return start(ctx, IV512, RIJN_SHA512_SIZE);
}

int rijn_sha512_224_init(rijn_sha512_ctx *ctx)
{
    return start(ctx, IV512_224, RIJN_SHA512_224_SIZE);
}

int rijn_sha512_256_init(rijn_sha512_ctx *ctx)
{
    return start(ctx, IV512_256, RIJN_SHA512_256_SIZE);
}

int rijn_sha512_update(rijn_sha512_ctx *ctx, const uint8_t *data, size_t len)
{
    size_t used, take;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (!started(ctx) || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    if (len == 0)
        return RIJN_OK; /* data may be NULL */
    if ((uint64_t)len > UINT64_MAX - ctx->nbytes)
        return RIJN_ERR_LIMIT;
    used = (size_t)(ctx->nbytes & 127);
    ctx->nbytes += (uint64_t)len;
    if (used != 0) {
        take = 128 - used;
        if (take > len)
            take = len;
        memcpy(ctx->buf + used, data, take);
        data += take;
        len -= take;
        if (used + take < 128)
            return RIJN_OK;
        CTX_COMPRESS(ctx, ctx->buf, 1);
    }
    if (len >= 128) {
        CTX_COMPRESS(ctx, data, len / 128);
        data += len & ~(size_t)127;
        len &= 127;
    }
    if (len != 0)
        memcpy(ctx->buf, data, len);
    return RIJN_OK;
}

int rijn_sha512_final(rijn_sha512_ctx *ctx, uint8_t *out)
{
    uint8_t full[64];
    size_t used, i;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (!started(ctx) || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    used = (size_t)(ctx->nbytes & 127);
    ctx->buf[used++] = 0x80;
    if (used > 112) {
        memset(ctx->buf + used, 0, 128 - used);
        CTX_COMPRESS(ctx, ctx->buf, 1);
        used = 0;
    }
    memset(ctx->buf + used, 0, 112 - used);
    rijn_store64_be(ctx->buf + 112, ctx->nbytes >> 61);
    rijn_store64_be(ctx->buf + 120, ctx->nbytes << 3);
    CTX_COMPRESS(ctx, ctx->buf, 1);
    for (i = 0; i < 8; i++)
        rijn_store64_be(full + 8 * i, ctx->h[i]);
    memcpy(out, full, (size_t)RIJN_I_SHA_OUT_LEN(ctx->out_len));
    rijn_i_hash_wipe(full, sizeof full);
    rijn_sha512_wipe(ctx);
    return RIJN_OK;
}

void rijn_sha512_wipe(rijn_sha512_ctx *ctx)
{
    rijn_i_hash_wipe(ctx, sizeof *ctx);
}

#if defined(__x86_64__) || defined(__aarch64__)
/* Hosts: one-shots without the context's update / final bookkeeping (a
 * 16-byte SHA-512 spent ~70 TSC ticks of its ~400 there, a 1 KiB one ~120
 * of ~2,800). A message shorter than 112 bytes is one padded block, built
 * on the stack (zeroed in 16-byte stores first, so the compression's
 * vector loads mostly forward from whole stores) and compressed from the
 * IV; a longer one's whole blocks are compressed from the message, then
 * the padding's one or two blocks from the stack. MCU builds (size) take
 * the context path. */
#define SHA512_DIRECT 1
static void put_digest(uint8_t *out, size_t out_len, const uint64_t hv[8])
{
    size_t i;
    for (i = 0; 8 * i + 8 <= out_len; i++)
        rijn_store64_be(out + 8 * i, hv[i]);
    if (out_len & 7) { /* SHA-512/224: half a word */
        uint8_t last[8];
        rijn_store64_be(last, hv[i]);
        memcpy(out + 8 * i, last, out_len & 7);
        rijn_i_hash_wipe(last, sizeof last);
    }
}

static int oneshot_short(const uint64_t iv[8], size_t out_len, uint8_t *out, const uint8_t *data,
                         size_t len)
{
    uint64_t hv[8], blk64[16] RIJN_I_HASH_BLOCK_ALIGN;
    uint8_t *blk = (uint8_t *)blk64;
    memcpy(hv, iv, sizeof hv);
    rijn_i_hash_wipe(blk64, sizeof blk64); /* zeros in 16-byte stores, not "rep stosq" */
    if (len != 0)
        memcpy(blk, data, len);
    blk[len] = 0x80;
    rijn_store64_be(blk + 120, (uint64_t)len << 3);
    compress_default(hv, blk, 1);
    put_digest(out, out_len, hv);
    rijn_i_hash_wipe(blk64, sizeof blk64);
    rijn_i_hash_wipe(hv, sizeof hv);
    return RIJN_OK;
}

static int oneshot_long(const uint64_t iv[8], size_t out_len, uint8_t *out, const uint8_t *data,
                        size_t len)
{
    uint64_t hv[8], blk64[32] RIJN_I_HASH_BLOCK_ALIGN;
    uint8_t *blk = (uint8_t *)blk64;
    size_t full = len >> 7, rem = len & 127, nt;
    if (RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    /* the padding first: its stores are written back to L1 by the time its
     * blocks are loaded (a 16-byte load over several smaller stores does
     * not forward; made after the message's blocks, it waited behind the
     * compression's wipe of its schedule) */
    rijn_i_hash_wipe(blk64, sizeof blk64); /* zeros in 16-byte stores, not "rep stosq" */
    if (rem != 0)
        memcpy(blk, data + 128 * full, rem);
    blk[rem] = 0x80;
    nt = rem < 112 ? 1 : 2;
    rijn_store64_be(blk + 128 * nt - 16, (uint64_t)len >> 61);
    rijn_store64_be(blk + 128 * nt - 8, (uint64_t)len << 3);
    memcpy(hv, iv, sizeof hv);
    compress_default(hv, data, full);
    compress_default(hv, blk, nt);
    put_digest(out, out_len, hv);
    rijn_i_hash_wipe(blk64, sizeof blk64);
    rijn_i_hash_wipe(hv, sizeof hv);
    return RIJN_OK;
}
#endif

static int oneshot(int (*init)(rijn_sha512_ctx *), const uint64_t iv[8], size_t out_len,
                   uint8_t *out, const uint8_t *data, size_t len)
{
#ifdef SHA512_DIRECT
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(data, len);
    (void)init;
    if (len < 112)
        return oneshot_short(iv, out_len, out, data, len);
    return oneshot_long(iv, out_len, out, data, len);
#else
    rijn_sha512_ctx ctx;
    int r;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(data, len);
    (void)iv;
    (void)out_len;
    r = init(&ctx);
    if (r == RIJN_OK)
        r = rijn_sha512_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_sha512_final(&ctx, out);
    if (r != RIJN_OK) /* final wipes the context itself */
        rijn_sha512_wipe(&ctx);
    return r;
#endif
}

int rijn_sha384(uint8_t out[RIJN_SHA384_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha384_init, IV384, RIJN_SHA384_SIZE, out, data, len);
}

int rijn_sha512(uint8_t out[RIJN_SHA512_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha512_init, IV512, RIJN_SHA512_SIZE, out, data, len);
}

int rijn_sha512_224(uint8_t out[RIJN_SHA512_224_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha512_224_init, IV512_224, RIJN_SHA512_224_SIZE, out, data, len);
}

int rijn_sha512_256(uint8_t out[RIJN_SHA512_256_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha512_256_init, IV512_256, RIJN_SHA512_256_SIZE, out, data, len);
}
#else
typedef int rijn_i_sha512_off; /* ISO C: no empty translation unit */
#endif
