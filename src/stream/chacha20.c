/*
 * chacha20.c -- ChaCha20 (RFC 8439, original, XChaCha20) and HChaCha20.
 *
 * Implementation notes
 *   Layout: ctx->in is the 16-word input block (constants, 8 key words,
 *   counter word(s), nonce words), all little-endian. Whole blocks of a
 *   long update are XORed word by word from the rounds' output (after the
 *   4/8/16-way vector code on x86-64, chacha20_{ssse3,avx2,x86}.c); partial blocks go
 *   through the 64-byte keystream buffer ctx->ks.
 *   On Thumb-2 cores (RIJN_CFG_CHACHA20_ARMV7M, auto on Cortex-M3/M4/
 *   M7/M33) every block comes from the assembly of chacha20_armv7m.c:
 *   whole blocks XORed straight from in to out, keystream blocks as XOR
 *   into zeros, HChaCha20 as that block minus its input; the C rounds are
 *   then not compiled.
 *   Constant time: additions, rotations and XORs on 32-bit words only.
 *   RISC-V with Zbb or Zbkb (-march; compile time): the rotations are
 *   rori/roriw (scripts/test-riscv.sh runs the Zk builds, which have Zbkb).
 *   Implementations: the registry of chacha20_reg.c (core/registry.h) --
 *   avx512 (chacha20_x86.c), avx2 (chacha20_avx2.c: whole 512-byte groups), ssse3 (chacha20_ssse3.c), neon (AArch64,
 *   chacha20_neon.c: whole 256-byte groups) and the portable
 *   code of this file (C rounds, or the Thumb-2 assembly: "armv7m"). The entry
 *   is bound at init (its index in bits 8..15 of ctx->kind); update calls
 *   its blocks for whole groups, then this file's loop for the rest.
 *   Counter: ctx->left counts the blocks still available (2^32 - counter
 *   for the 32-bit counter); asking for more is RIJN_ERR_LIMIT.
 *   Vectors: RFC 8439 2.3.2, 2.4.2, A.1, A.2; XChaCha draft A.3.2;
 *   on the emulated MCUs (mcu/mcu.py test) RFC 7539 A.2, the original
 *   cipher across the counter carry (OpenSSL), Wycheproof XChaCha20-
 *   Poly1305 and the OpenSSL/BoringSSL ChaCha20-Poly1305 vectors;
 *   Wycheproof chacha20_poly1305 / xchacha20_poly1305 through the AEAD;
 *   differential against OpenSSL's ChaCha20 (tests/stream/test_chacha20.c).
 */
#include "rijn/chacha20.h"

#include "internal.h"
#include "stream_i.h"

#if defined(__riscv) && (defined(__riscv_zbb) || defined(__riscv_zbkb)) && \
    (defined(__GNUC__) || defined(__clang__))
/* RISC-V Zbb / Zbkb: one rotate instruction (GCC 12 emits shift, shift,
 * OR for the idiom below): roriw on RV64 (32-bit word, sign-extended as
 * the ABI keeps 32-bit values), rori on RV32. */
#if __riscv_xlen == 64
#define RV_RORI "roriw"
#else
#define RV_RORI "rori"
#endif
#define ROTL(x, n)                                                          \
    __extension__({                                                         \
        uint32_t r_;                                                        \
        __asm__(RV_RORI " %0, %1, %2" : "=r"(r_) : "r"(x), "i"(32 - (n)));  \
        r_;                                                                 \
    })
#else
#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#endif
#define QR(a, b, c, d)                                   \
    a += b; d ^= a; d = ROTL(d, 16);                     \
    c += d; b ^= c; b = ROTL(b, 12);                     \
    a += b; d ^= a; d = ROTL(d, 8);                      \
    c += d; b ^= c; b = ROTL(b, 7)

#if RIJN_I_CHACHA_ARMV7M
/* 20 rounds on x in place through the assembly (no C rounds linked):
 * the block of x XORed into zeros is rounds(x) + x; the counter word it
 * advances is put back. */
static void chacha_rounds(uint32_t x[16])
{
    uint8_t b[64];
    int i;
    memset(b, 0, sizeof b);
    rijn_i_chacha20_blocks_armv7m(x, b, b, 1);
    x[12]--;
    for (i = 0; i < 16; i++)
        x[i] = rijn_load32_le(b + 4 * i) - x[i];
    rijn_wipe(b, sizeof b);
}
#else
/* 20 rounds on x in place. On 32-bit ARM, GCC's -Os register allocation
 * of this loop spills about half as much as -O2's (Cortex-M4: 1,008
 * instead of 1,269 instructions per block). */
#if defined(__arm__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("Os")))
#endif
static void chacha_rounds(uint32_t x[16])
{
    /* in scalars: kept in registers where there are enough (RV32, x86-64) */
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6],
             x7 = x[7], x8 = x[8], x9 = x[9], x10 = x[10], x11 = x[11], x12 = x[12],
             x13 = x[13], x14 = x[14], x15 = x[15];
    int i;
    for (i = 0; i < 10; i++) {
        QR(x0, x4, x8, x12);
        QR(x1, x5, x9, x13);
        QR(x2, x6, x10, x14);
        QR(x3, x7, x11, x15);
        QR(x0, x5, x10, x15);
        QR(x1, x6, x11, x12);
        QR(x2, x7, x8, x13);
        QR(x3, x4, x9, x14);
    }
    x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3; x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
    x[8] = x8; x[9] = x9; x[10] = x10; x[11] = x11; x[12] = x12; x[13] = x13; x[14] = x14;
    x[15] = x15;
}
#endif

static void chacha_setup(uint32_t in[16], const uint8_t key[32])
{
    int i;
    in[0] = 0x61707865u;
    in[1] = 0x3320646eu;
    in[2] = 0x79622d32u;
    in[3] = 0x6b206574u;
    for (i = 0; i < 8; i++)
        in[4 + i] = rijn_load32_le(key + 4 * i);
}

void rijn_i_chacha20_rounds(uint32_t x[16])
{
    chacha_rounds(x);
}

void rijn_hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t in16[16])
{
    uint32_t x[16];
    int i;
    chacha_setup(x, key);
    for (i = 0; i < 4; i++)
        x[12 + i] = rijn_load32_le(in16 + 4 * i);
    chacha_rounds(x);
    for (i = 0; i < 4; i++) {
        rijn_store32_le(out + 4 * i, x[i]);
        rijn_store32_le(out + 16 + 4 * i, x[12 + i]);
    }
    rijn_wipe(x, sizeof x);
}

#if RIJN_I_CHACHA_ARMV7M
/* n whole blocks on the assembly (chacha20_armv7m.c): runs split where
 * the low counter word wraps, carried into in[13] for the original
 * cipher. Advances the counter and ctx->left. */
static void xor_blocks(rijn_chacha20_ctx *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    while (n > 0) {
        uint32_t room = 0u - ctx->in[12]; /* blocks before the wrap; 0: 2^32 */
        size_t k = room != 0 && n > room ? (size_t)room : n;
        rijn_i_chacha20_blocks_armv7m(ctx->in, out, in, k);
        if (ctx->in[12] == 0 && RIJN_I_CHACHA_VARIANT(ctx->kind) == RIJN_I_CHACHA_DJB)
            ctx->in[13]++;
        ctx->left -= k;
        out += 64 * k;
        in += 64 * k;
        n -= k;
    }
}

/* keystream block: the same code on zeros */
static void next_block(rijn_chacha20_ctx *ctx, uint8_t out[64])
{
    memset(out, 0, 64);
    xor_blocks(ctx, out, out, 1);
}
#else
static void chacha_block(const uint32_t in[16], uint8_t out[64])
{
    uint32_t x[16];
    int i;
    memcpy(x, in, sizeof x);
    chacha_rounds(x);
    for (i = 0; i < 16; i++)
        rijn_store32_le(out + 4 * i, x[i] + in[i]);
    rijn_wipe(x, sizeof x);
}

static void next_block(rijn_chacha20_ctx *ctx, uint8_t out[64])
{
    chacha_block(ctx->in, out);
    if (RIJN_I_CHACHA_VARIANT(ctx->kind) == RIJN_I_CHACHA_IETF) {
        ctx->in[12]++;
    } else {
        if (++ctx->in[12] == 0)
            ctx->in[13]++;
    }
    ctx->left--;
}
#endif

RIJN_INLINE int ietf_init(rijn_chacha20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[12],
                          uint32_t counter, uint32_t impl)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(nonce);
#if RIJN_I_CHACHA_MULTI
    if (impl >= RIJN_I_CHACHA_NIMPL)
        return RIJN_ERR_PARAM;
#endif
    if (RIJN_I_FAULT())
        return RIJN_ERR_PARAM;
    chacha_setup(ctx->in, key);
    ctx->in[12] = counter;
    ctx->in[13] = rijn_load32_le(nonce);
    ctx->in[14] = rijn_load32_le(nonce + 4);
    ctx->in[15] = rijn_load32_le(nonce + 8);
    ctx->pos = 64;
    ctx->kind = RIJN_I_CHACHA_IETF | (impl << 8);
    ctx->left = ((uint64_t)1 << 32) - counter;
    return RIJN_OK;
}

#if RIJN_I_CHACHA_MULTI
int rijn_i_chacha20_init_at(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                            const uint8_t nonce[12], uint32_t counter, uint32_t impl)
{
    return ietf_init(ctx, key, nonce, counter, impl);
}
#endif

int rijn_chacha20_init(rijn_chacha20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[12],
                       uint32_t counter)
{
    return ietf_init(ctx, key, nonce, counter, rijn_i_chacha20_default());
}

int rijn_chacha20_djb_init(rijn_chacha20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[8],
                           uint64_t counter)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(nonce);
    if (RIJN_I_FAULT())
        return RIJN_ERR_PARAM;
    chacha_setup(ctx->in, key);
    ctx->in[12] = (uint32_t)counter;
    ctx->in[13] = (uint32_t)(counter >> 32);
    ctx->in[14] = rijn_load32_le(nonce);
    ctx->in[15] = rijn_load32_le(nonce + 4);
    ctx->pos = 64;
    ctx->kind = RIJN_I_CHACHA_DJB | (rijn_i_chacha20_default() << 8);
    /* 2^64 - counter blocks; saturate at 2^64 - 1 for counter 0 */
    ctx->left = counter == 0 ? UINT64_MAX : (uint64_t)0 - counter;
    return RIJN_OK;
}

RIJN_INLINE int x_init(rijn_chacha20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[24],
                       uint32_t counter, uint32_t impl)
{
    uint8_t sub[32], n12[12];
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(nonce);
    rijn_hchacha20(sub, key, nonce);
    memset(n12, 0, 4);
    memcpy(n12 + 4, nonce + 16, 8);
#if RIJN_I_CHACHA_MULTI
    r = ietf_init(ctx, sub, n12, counter, impl);
#else
    (void)impl; /* one entry: the public call (MCU images link one copy) */
    r = rijn_chacha20_init(ctx, sub, n12, counter);
#endif
    rijn_wipe(sub, sizeof sub);
    return r;
}

#if RIJN_I_CHACHA_MULTI
int rijn_i_xchacha20_init_at(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                             const uint8_t nonce[24], uint32_t counter, uint32_t impl)
{
    return x_init(ctx, key, nonce, counter, impl);
}
#endif

int rijn_xchacha20_init(rijn_chacha20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[24],
                        uint32_t counter)
{
    return x_init(ctx, key, nonce, counter, rijn_i_chacha20_default());
}

int rijn_i_stream_xor(void *vctx, uint8_t *out, const uint8_t *in, size_t len,
                      void (*block)(void *ctx, uint8_t out[64]))
{
    rijn_chacha20_ctx *ctx = (rijn_chacha20_ctx *)vctx;
    size_t avail, need;
    uint8_t b[64];
    RIJN_CHECK_PTR(ctx); /* before ctx->pos is read: a NULL ctx is RIJN_ERR_NULL */
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    if (ctx->pos > 64 || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    avail = 64 - ctx->pos;
    need = len > avail ? (len - avail + 63) / 64 : 0;
    if ((uint64_t)need > ctx->left)
        return RIJN_ERR_LIMIT;
    if (avail > 0 && len > 0) {
        size_t n = len < avail ? len : avail;
        rijn_xor(out, in, ctx->ks + ctx->pos, n);
        ctx->pos += (uint32_t)n;
        out += n;
        in += n;
        len -= n;
    }
    if (len >= 64) { /* Salsa20 (ChaCha20's whole blocks go through xor_blocks) */
        do {
            block(ctx, b);
            rijn_xor(out, in, b, 64);
            out += 64;
            in += 64;
            len -= 64;
        } while (len >= 64);
        rijn_wipe(b, sizeof b);
    }
    if (len > 0) {
        block(ctx, ctx->ks);
        rijn_xor(out, in, ctx->ks, len);
        ctx->pos = (uint32_t)len;
    }
    return RIJN_OK;
}

static void chacha_next(void *ctx, uint8_t out[64])
{
    next_block((rijn_chacha20_ctx *)ctx, out);
}

#if !RIJN_I_CHACHA_ARMV7M
/* Whole blocks straight from the input to the output, word by word (no
 * keystream buffer, no per-block copies or wipes): the path for long
 * updates on every target (on 32-bit MCUs it halves the cost per byte
 * beyond the rounds). Advances the counter and ctx->left. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__GNUC__) || defined(__clang__))
/* little-endian: a word access through an unaligned, may_alias type (one
 * LDR/STR where unaligned access is allowed, e.g. x86, Cortex-M3/M4/M33;
 * inline byte accesses elsewhere -- a 4-byte memcpy became a library
 * call at -Os on RV32 and Cortex-M0) */
typedef uint32_t ch_u32u __attribute__((aligned(1), may_alias));
RIJN_INLINE uint32_t ld32(const uint8_t *p)
{
    return *(const ch_u32u *)(const void *)p;
}
RIJN_INLINE void st32(uint8_t *p, uint32_t v)
{
    *(ch_u32u *)(void *)p = v;
}
#else
#define ld32 rijn_load32_le
#define st32 rijn_store32_le
#endif

static void xor_blocks(rijn_chacha20_ctx *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    uint32_t x[16];
    int i;
    for (; n > 0; n--, in += 64, out += 64) {
        for (i = 0; i < 16; i++)
            x[i] = ctx->in[i];
        chacha_rounds(x);
        for (i = 0; i < 16; i++)
            st32(out + 4 * i, ld32(in + 4 * i) ^ (x[i] + ctx->in[i]));
        if (++ctx->in[12] == 0 && RIJN_I_CHACHA_VARIANT(ctx->kind) == RIJN_I_CHACHA_DJB)
            ctx->in[13]++;
        ctx->left--;
    }
    rijn_wipe(x, sizeof x);
}
#endif

#if RIJN_I_CHACHA_MULTI
/* Whole blocks on the bound implementation's vector code: returns the
 * bytes done (whole groups; counter and ctx->left advanced), 0 for the
 * portable entry or when the original cipher's low counter word would
 * wrap. */
static size_t wide_blocks(rijn_chacha20_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    const rijn_i_chacha_impl *im = RIJN_I_IMPL_OF(
        rijn_i_chacha_impl, rijn_i_chacha20_registry.impls[rijn_i_chacha20_bound(ctx)]);
    size_t n;
    if (im->blocks == NULL)
        return 0;
    n = (len >> (6 + im->batch_log2)) << im->batch_log2;
    if (n == 0)
        return 0;
    if (RIJN_I_CHACHA_VARIANT(ctx->kind) == RIJN_I_CHACHA_DJB &&
        (uint64_t)ctx->in[12] + n > 0xffffffffu)
        return 0;
    im->blocks(ctx->in, out, in, n);
    ctx->in[12] += (uint32_t)n;
    ctx->left -= n;
    return n * 64;
}
#endif

int rijn_chacha20_update(rijn_chacha20_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (ctx != NULL && !rijn_i_chacha20_keyed(ctx))
        return RIJN_ERR_STATE;
    if (len >= 64) {
        /* rijn_i_stream_xor with len 0 checks everything but the length
         * limit; check that here so nothing is written on error */
        size_t head, done = 0;
        int r = rijn_i_stream_xor(ctx, out, in, 0, chacha_next);
        if (r != RIJN_OK)
            return r;
        RIJN_CHECK_BUF(out, len);
        RIJN_CHECK_BUF(in, len);
        if (out != in && rijn_overlaps(out, len, in, len))
            return RIJN_ERR_PARAM;
        head = 64 - ctx->pos;
        if ((uint64_t)((len - head + 63) / 64) > ctx->left)
            return RIJN_ERR_LIMIT;
        if (head > 0) {
            r = rijn_i_stream_xor(ctx, out, in, head, chacha_next);
            if (r != RIJN_OK)
                return r;
            out += head;
            in += head;
            len -= head;
        }
#if RIJN_I_CHACHA_MULTI
        if (len >= RIJN_I_CHACHA_WIDE_MIN) { /* short updates read no descriptor */
            done = wide_blocks(ctx, out, in, len);
            out += done;
            in += done;
            len -= done;
        }
#endif
        xor_blocks(ctx, out, in, len / 64);
        done = len & ~(size_t)63;
        out += done;
        in += done;
        len -= done;
    }
    return rijn_i_stream_xor(ctx, out, in, len, chacha_next);
}

void rijn_chacha20_wipe(rijn_chacha20_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}

int rijn_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                      const uint8_t nonce[12], uint32_t counter)
{
    rijn_chacha20_ctx ctx;
    int r = rijn_chacha20_init(&ctx, key, nonce, counter);
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&ctx, out, in, len);
    rijn_chacha20_wipe(&ctx);
    return r;
}
