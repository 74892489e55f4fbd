/*
 * sha512.c -- SHA-384, SHA-512, SHA-512/224, SHA-512/256 (FIPS 180-4),
 * portable C.
 *
 * Implementation notes:
 * - Layout: rijn_sha512_ctx holds the chaining value, a byte count and one
 *   partial 128-byte block; the message schedule is a rolling window of 16
 *   64-bit words on the stack (128 bytes). The variants differ only in the
 *   initial value and the number of output bytes (out_len).
 * - The byte count is 64 bits, so messages are limited to 2^64 - 1 bytes;
 *   the high half of the 128-bit bit length is always (count >> 61).
 * - Constant time: only additions, rotations and Boolean operations on the
 *   data. On 32-bit MCUs the compiler emits 64-bit arithmetic as pairs of
 *   32-bit operations (no variable-time instruction involved).
 * - Dispatch: the registry below (core/registry.h): on x86-64 "avx512"
 *   (sha512_avx512.c: AVX-512VL schedule, hand-scheduled RORX rounds;
 *   needs BMI2), "avx2" (sha512_x86.c: AVX2 + BMI2); on AArch64 with GCC
 *   "armv8-sha512" (sha512_armce.c: the ARMv8.2 SHA512 instructions);
 *   then "portable" (this file). init binds the default entry as an index in bits 8..15
 *   of out_len; the one-shots take the default per call; RIJN_CPU_MASK
 *   hides entries. One entry compiled in (MCUs): nothing is probed.
 * - RV64 with Zknh (-march=..._zknh; compile time): the four Sigma
 *   functions are the sha512sum0/sum1/sig0/sig1 instructions; RV32 with
 *   Zknh: two each (sha512sum0r/sum1r, sha512sig0l/h, sig1l/h on the two
 *   halves). Both tested by scripts/test-riscv.sh with Zk (rv64zk, rv32zk).
 * - Proof: CAVP SHA384/SHA512/SHA512_224/SHA512_256 ShortMsg, LongMsg,
 *   Monte; differential against OpenSSL for every length 0..1100 with
 *   random splits (tests/hash/test_sha2_*.c).
 */
#include "hash_i.h"
#include "rijn/sha2.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_SHA512

#define K512 rijn_i_sha512_k
const uint64_t rijn_i_sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull};

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

#if defined(__riscv) && __riscv_xlen == 64 && defined(__riscv_zknh) && \
    (defined(__GNUC__) || defined(__clang__))
/* RV64 Zknh: each Sigma function is one instruction. */
#define RV_ZKNH_OP(insn)                                             \
    static inline uint64_t rv_##insn(uint64_t x)                     \
    {                                                                \
        uint64_t r;                                                  \
        __asm__(#insn " %0, %1" : "=r"(r) : "r"(x));                 \
        return r;                                                    \
    }
RV_ZKNH_OP(sha512sum0)
RV_ZKNH_OP(sha512sum1)
RV_ZKNH_OP(sha512sig0)
RV_ZKNH_OP(sha512sig1)
#define BSIG0(x) rv_sha512sum0(x)
#define BSIG1(x) rv_sha512sum1(x)
#define SSIG0(x) rv_sha512sig0(x)
#define SSIG1(x) rv_sha512sig1(x)
#elif defined(__riscv) && __riscv_xlen == 32 && defined(__riscv_zknh) && \
    (defined(__GNUC__) || defined(__clang__))
/* RV32 Zknh: each Sigma function is two instructions, one per 32-bit half
 * (rs1 the half computed, rs2 the other; sig0/sig1 have an l and an h
 * form because their shift is not a rotation). */
#define RV32_ZKNH_OP(name, insn_lo, insn_hi)                                          \
    static inline uint64_t rv_##name(uint64_t x)                                      \
    {                                                                                 \
        uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32), rl, rh;                  \
        __asm__(#insn_lo " %0, %1, %2" : "=r"(rl) : "r"(lo), "r"(hi));                \
        __asm__(#insn_hi " %0, %1, %2" : "=r"(rh) : "r"(hi), "r"(lo));                \
        return ((uint64_t)rh << 32) | rl;                                             \
    }
RV32_ZKNH_OP(sum0, sha512sum0r, sha512sum0r)
RV32_ZKNH_OP(sum1, sha512sum1r, sha512sum1r)
RV32_ZKNH_OP(sig0, sha512sig0l, sha512sig0h)
RV32_ZKNH_OP(sig1, sha512sig1l, sha512sig1h)
#define BSIG0(x) rv_sum0(x)
#define BSIG1(x) rv_sum1(x)
#define SSIG0(x) rv_sig0(x)
#define SSIG1(x) rv_sig1(x)
#else
#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROR64(x, 28) ^ ROR64(x, 34) ^ ROR64(x, 39))
#define BSIG1(x) (ROR64(x, 14) ^ ROR64(x, 18) ^ ROR64(x, 41))
#define SSIG0(x) (ROR64(x, 1) ^ ROR64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROR64(x, 19) ^ ROR64(x, 61) ^ ((x) >> 6))
#endif
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* One round with the working variables named in place (no shuffling):
 * the caller rotates the names. W(i) is schedule word i (mod 16),
 * extended in place for i >= 16. */
#define W(i) w[(i) & 15]
#define EXPAND(i) (W(i) += SSIG1(W((i) - 2)) + W((i) - 7) + SSIG0(W((i) - 15)))
#define ROUND(a, b, c, d, e, f, g, h, i, x)                        \
    do {                                                           \
        uint64_t t1_ = h + BSIG1(e) + CH(e, f, g) + K512[i] + (x); \
        d += t1_;                                                  \
        h = t1_ + BSIG0(a) + MAJ(a, b, c);                         \
    } while (0)
#define ROUND8(i, X)                                  \
    do {                                              \
        ROUND(a, b, c, d, e, f, g, h, (i) + 0, X((i) + 0)); \
        ROUND(h, a, b, c, d, e, f, g, (i) + 1, X((i) + 1)); \
        ROUND(g, h, a, b, c, d, e, f, (i) + 2, X((i) + 2)); \
        ROUND(f, g, h, a, b, c, d, e, (i) + 3, X((i) + 3)); \
        ROUND(e, f, g, h, a, b, c, d, (i) + 4, X((i) + 4)); \
        ROUND(d, e, f, g, h, a, b, c, (i) + 5, X((i) + 5)); \
        ROUND(c, d, e, f, g, h, a, b, (i) + 6, X((i) + 6)); \
        ROUND(b, c, d, e, f, g, h, a, (i) + 7, X((i) + 7)); \
    } while (0)

#if RIJN_I_SHA512_UNROLLED
static void compress_portable(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    uint64_t w[16], a, b, c, d, e, f, g, h;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load64_be(blocks + 8 * i);
        a = hv[0];
        b = hv[1];
        c = hv[2];
        d = hv[3];
        e = hv[4];
        f = hv[5];
        g = hv[6];
        h = hv[7];
        ROUND8(0, W);
        ROUND8(8, W);
        for (i = 16; i < 80; i += 8)
            ROUND8(i, EXPAND);
        hv[0] += a;
        hv[1] += b;
        hv[2] += c;
        hv[3] += d;
        hv[4] += e;
        hv[5] += f;
        hv[6] += g;
        hv[7] += h;
        blocks += 128;
    }
    rijn_i_hash_wipe(w, sizeof w);
}
#else
/* Compact form for 32-bit and smaller targets (64-bit arithmetic is
 * emulated there, and eight unrolled rounds cost ~10 KB on Cortex-M). */
static void compress_portable(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    uint64_t w[16], s[8], t1, t2;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load64_be(blocks + 8 * i);
        memcpy(s, hv, sizeof s);
        for (i = 0; i < 80; i++) {
            if (i >= 16)
                EXPAND(i);
            t1 = s[7] + BSIG1(s[4]) + CH(s[4], s[5], s[6]) + K512[i] + W(i);
            t2 = BSIG0(s[0]) + MAJ(s[0], s[1], s[2]);
            memmove(s + 1, s, 7 * sizeof s[0]);
            s[4] += t1;
            s[0] = t1 + t2;
        }
        for (i = 0; i < 8; i++)
            hv[i] += s[i];
        blocks += 128;
    }
    rijn_i_hash_wipe(w, sizeof w);
    rijn_i_hash_wipe(s, sizeof s);
}
#endif

/* ---- registry (core/registry.h) ---------------------------------------- */

#define SHA512_MULTI ((RIJN_I_SHA512_X86 && RIJN_I_SHA512_UNROLLED) || RIJN_I_SHA512_ARMCE)
#if RIJN_I_SHA512_X86 && RIJN_I_SHA512_UNROLLED
static const rijn_i_sha512_impl sha512_avx512 = {
    {"avx512", RIJN_CPU_AVX2 | RIJN_CPU_BMI2 | RIJN_CPU_AVX512, NULL},
    rijn_i_sha512_compress_avx512vl};
static const rijn_i_sha512_impl sha512_avx2 = {{"avx2", RIJN_CPU_AVX2 | RIJN_CPU_BMI2, NULL},
                                               rijn_i_sha512_compress_avx2};
#endif
#if RIJN_I_SHA512_ARMCE
static const rijn_i_sha512_impl sha512_armce = {{"armv8-sha512", RIJN_CPU_ARM_SHA512, NULL},
                                                rijn_i_sha512_compress_armce};
#endif
static const rijn_i_sha512_impl sha512_portable = {{"portable", 0, NULL}, compress_portable};

static const rijn_i_impl *const sha512s[] = {
#if RIJN_I_SHA512_X86 && RIJN_I_SHA512_UNROLLED
    &sha512_avx512.base,
    &sha512_avx2.base,
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
    compress_portable(hv, blocks, nblocks);
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
#if SHA512_MULTI
    return RIJN_I_SHA_OUT_LEN(ctx->out_len) != 0 && RIJN_I_SHA_IMPL(ctx->out_len) < NSHA512;
#else
    return ctx->out_len != 0; /* one entry: its index is 0 */
#endif
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
/* Hosts: a message shorter than 112 bytes is one padded block, built on
 * the stack (zeroed in 16-byte stores first, so the compression's vector
 * loads mostly forward from whole stores) and compressed from the IV,
 * without the context's update / final bookkeeping (a 16-byte SHA-512
 * spent ~70 TSC ticks of its ~400 there). Longer messages, and MCU builds
 * (size), take the context path. */
#define SHA512_SHORT 1
static int oneshot_short(const uint64_t iv[8], size_t out_len, uint8_t *out, const uint8_t *data,
                         size_t len)
{
    uint64_t hv[8], blk64[16] RIJN_I_HASH_BLOCK_ALIGN;
    uint8_t *blk = (uint8_t *)blk64;
    size_t i;
    memcpy(hv, iv, sizeof hv);
    rijn_i_hash_wipe(blk64, sizeof blk64); /* zeros in 16-byte stores, not "rep stosq" */
    if (len != 0)
        memcpy(blk, data, len);
    blk[len] = 0x80;
    rijn_store64_be(blk + 120, (uint64_t)len << 3);
    compress_default(hv, blk, 1);
    for (i = 0; 8 * i + 8 <= out_len; i++)
        rijn_store64_be(out + 8 * i, hv[i]);
    if (out_len & 7) { /* SHA-512/224: half a word */
        uint8_t last[8];
        rijn_store64_be(last, hv[i]);
        memcpy(out + 8 * i, last, out_len & 7);
        rijn_i_hash_wipe(last, sizeof last);
    }
    rijn_i_hash_wipe(blk64, sizeof blk64);
    rijn_i_hash_wipe(hv, sizeof hv);
    return RIJN_OK;
}
#endif

static int oneshot(int (*init)(rijn_sha512_ctx *), const uint64_t iv[8], size_t out_len,
                   uint8_t *out, const uint8_t *data, size_t len)
{
    rijn_sha512_ctx ctx;
    int r;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(data, len);
#ifdef SHA512_SHORT
    if (len < 112)
        return oneshot_short(iv, out_len, out, data, len);
#else
    (void)iv;
    (void)out_len;
#endif
    r = init(&ctx);
    if (r == RIJN_OK)
        r = rijn_sha512_update(&ctx, data, len);
    if (r == RIJN_OK)
        r = rijn_sha512_final(&ctx, out);
    if (r != RIJN_OK) /* final wipes the context itself */
        rijn_sha512_wipe(&ctx);
    return r;
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
