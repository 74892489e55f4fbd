/*
 * sha256.c -- SHA-224 and SHA-256 (FIPS 180-4), portable C, and the
 * dispatch to the SHA-NI compression (sha256_x86ni.c) and to the ARMv8
 * SHA2 one (sha256_armce.c).
 *
 * Implementation notes:
 * - Layout: rijn_sha256_ctx holds the chaining value, a byte count and one
 *   partial block. The message schedule is a rolling window of 16 words on
 *   the stack (64 bytes), so the portable code fits small MCUs. On 64-bit
 *   hosts the rounds are unrolled by eight (variables renamed instead of
 *   shifted); 32-bit and smaller targets get the compact loop
 *   (RIJN_CFG_SHA256_UNROLLED = 0 / 1 overrides).
 * - Constant time: only additions, rotations and Boolean operations on the
 *   data; branches and indices depend on lengths only.
 * - Dispatch: the registry below (core/registry.h): x86-shani, armv8-sha2,
 *   portable. init binds the default entry to the context as an index in
 *   bits 8..15 of out_len (no pointer: the context stays copyable and
 *   position-independent); the one-shots take the default per call. With
 *   one entry compiled in (MCUs) nothing is probed.
 * - RISC-V with Zknh (-march=..._zknh; compile time): the four Sigma
 *   functions are the sha256sum0/sum1/sig0/sig1 instructions (tested by
 *   scripts/test-riscv.sh on RV32 and RV64 with Zk).
 * - AVR: the round constants and initial values live in flash (PROGMEM,
 *   read with pgm_read_dword / memcpy_P): 320 bytes of the 2 KiB RAM of
 *   an ATmega328P saved.
 * - Proof: CAVP SHA224/SHA256 ShortMsg, LongMsg, Monte and a differential
 *   test against OpenSSL for every length 0..1100 with random splits, run
 *   once with SHA-NI and once with RIJN_CPU_MASK=0 (tests/hash/test_sha2_*.c).
 */
#include "hash_i.h"
#include "rijn/sha2.h"

#if defined(__AVR__)
#include <avr/pgmspace.h>
#define SHA256_K(i) pgm_read_dword(&rijn_i_sha256_k[i])
#define SHA256_K_ATTR PROGMEM
#else
#define SHA256_K(i) rijn_i_sha256_k[i]
#define SHA256_K_ATTR
#endif

const uint32_t rijn_i_sha256_k[64] SHA256_K_ATTR = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

static const uint32_t IV224[8] SHA256_K_ATTR = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                  0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
static const uint32_t IV256[8] SHA256_K_ATTR = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

#if defined(__riscv) && defined(__riscv_zknh) && (defined(__GNUC__) || defined(__clang__))
/* RISC-V Zknh: each Sigma function is one instruction (RV64: on the low
 * 32 bits, the result sign-extended; the cast keeps the low word). */
#define RV_ZKNH_OP(insn)                                                    \
    static inline uint32_t rv_##insn(uint32_t x)                            \
    {                                                                       \
        unsigned long r;                                                    \
        __asm__(#insn " %0, %1" : "=r"(r) : "r"((unsigned long)x));         \
        return (uint32_t)r;                                                 \
    }
RV_ZKNH_OP(sha256sum0)
RV_ZKNH_OP(sha256sum1)
RV_ZKNH_OP(sha256sig0)
RV_ZKNH_OP(sha256sig1)
#define BSIG0(x) rv_sha256sum0(x)
#define BSIG1(x) rv_sha256sum1(x)
#define SSIG0(x) rv_sha256sig0(x)
#define SSIG1(x) rv_sha256sig1(x)
#else
#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define BSIG0(x) (ROR32(x, 2) ^ ROR32(x, 13) ^ ROR32(x, 22))
#define BSIG1(x) (ROR32(x, 6) ^ ROR32(x, 11) ^ ROR32(x, 25))
#define SSIG0(x) (ROR32(x, 7) ^ ROR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROR32(x, 17) ^ ROR32(x, 19) ^ ((x) >> 10))
#endif
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

#if RIJN_I_SHA256_UNROLLED
/* Eight rounds per step with the working variables renamed, not shifted. */
#define W(i) w[(i) & 15]
#define EXPAND(i) (W(i) += SSIG1(W((i) - 2)) + W((i) - 7) + SSIG0(W((i) - 15)))
#define ROUND(a, b, c, d, e, f, g, h, i, x)                                     \
    do {                                                                        \
        uint32_t t1_ = h + BSIG1(e) + CH(e, f, g) + SHA256_K(i) + (x);          \
        d += t1_;                                                               \
        h = t1_ + BSIG0(a) + MAJ(a, b, c);                                      \
    } while (0)
#define ROUND8(i, X)                                        \
    do {                                                    \
        ROUND(a, b, c, d, e, f, g, h, (i) + 0, X((i) + 0)); \
        ROUND(h, a, b, c, d, e, f, g, (i) + 1, X((i) + 1)); \
        ROUND(g, h, a, b, c, d, e, f, (i) + 2, X((i) + 2)); \
        ROUND(f, g, h, a, b, c, d, e, (i) + 3, X((i) + 3)); \
        ROUND(e, f, g, h, a, b, c, d, (i) + 4, X((i) + 4)); \
        ROUND(d, e, f, g, h, a, b, c, (i) + 5, X((i) + 5)); \
        ROUND(c, d, e, f, g, h, a, b, (i) + 6, X((i) + 6)); \
        ROUND(b, c, d, e, f, g, h, a, (i) + 7, X((i) + 7)); \
    } while (0)

void rijn_i_sha256_compress_portable(uint32_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16], a, b, c, d, e, f, g, h;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load32_be(blocks + 4 * i);
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
        for (i = 16; i < 64; i += 8)
            ROUND8(i, EXPAND);
        hv[0] += a;
        hv[1] += b;
        hv[2] += c;
        hv[3] += d;
        hv[4] += e;
        hv[5] += f;
        hv[6] += g;
        hv[7] += h;
        blocks += 64;
    }
    rijn_i_hash_wipe(w, sizeof w);
}
#else
void rijn_i_sha256_compress_portable(uint32_t h[8], const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16], s[8], t1, t2;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load32_be(blocks + 4 * i);
        memcpy(s, h, sizeof s);
        for (i = 0; i < 64; i++) {
            if (i >= 16)
                w[i & 15] += SSIG1(w[(i - 2) & 15]) + w[(i - 7) & 15] + SSIG0(w[(i - 15) & 15]);
            t1 = s[7] + BSIG1(s[4]) + CH(s[4], s[5], s[6]) + SHA256_K(i) + w[i & 15];
            t2 = BSIG0(s[0]) + MAJ(s[0], s[1], s[2]);
            s[7] = s[6];
            s[6] = s[5];
            s[5] = s[4];
            s[4] = s[3] + t1;
            s[3] = s[2];
            s[2] = s[1];
            s[1] = s[0];
            s[0] = t1 + t2;
        }
        for (i = 0; i < 8; i++)
            h[i] += s[i];
        blocks += 64;
    }
    rijn_i_hash_wipe(w, sizeof w);
    rijn_i_hash_wipe(s, sizeof s);
}
#endif

/* ---- registry (core/registry.h) ---------------------------------------- */

#define SHA256_MULTI (RIJN_I_SHA256_X86 || RIJN_I_SHA256_ARMCE)
#if RIJN_I_SHA256_X86
static const rijn_i_sha256_impl sha256_shani = {
    {"x86-shani", RIJN_CPU_SHANI | RIJN_CPU_SSE41 | RIJN_CPU_SSSE3, NULL},
    rijn_i_sha256_compress_shani};
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
#if SHA256_MULTI
    return RIJN_I_SHA_OUT_LEN(ctx->out_len) != 0 && RIJN_I_SHA_IMPL(ctx->out_len) < NSHA256;
#else
    return ctx->out_len != 0; /* one entry: its index is 0 */
#endif
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
