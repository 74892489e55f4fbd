/*
 * sha3.c -- the sponge around Keccak-f[1600]: SHA-3, SHAKE, Keccak
 * (FIPS 202), with incremental absorb and incremental squeeze.
 *
 * Implementation notes:
 * - Layout: the 200-byte state is 25 little-endian 64-bit lanes; input
 *   bytes are XORed in at byte position pos of the current block (byte i
 *   of the state is bits 8(i%8).. of lane i/8). Whole blocks are absorbed
 *   lane by lane. pos counts absorbed bytes while absorbing, and output
 *   bytes of the current block while squeezing.
 * - Padding: the domain byte (0x06 SHA-3, 0x1F SHAKE, 0x01 Keccak) at pos,
 *   0x80 at rate - 1 (pad10*1 with the domain bits folded in).
 * - Permutation: a context binds its Keccak-f[1600] version at init (an
 *   index into rijn_i_keccak_registry, keccak_f1600.c, kept in the public
 *   struct's reserved byte; 0 = the build's default). 64-bit builds call
 *   the bound entry; MCU builds have one and call it directly.
 *   rijn_i_sha3_use rebinds a context by name (tests, benchmarks).
 * - Partial blocks (short messages, split updates, the digest): bytes up
 *   to a lane boundary, then whole lanes (one 64-bit load/XOR or store),
 *   then bytes (xor_in, copy_out). Until 27 Nov 2026 every byte of a
 *   partial block was a read-modify-write of its lane, a chain through
 *   store forwarding; the one-shot also wiped the context twice. SHA3-256
 *   on the Zen 5 EPYC, TSC ticks/byte, median of 3 processes
 *   (bench/host/bench.c --group mac), before -> after (libgcrypt 1.10.1):
 *   16 B 40.5 -> 32.5 (36.3), 64 B 11.65 -> 8.21 (9.43), 1 KiB 4.17 -> 3.84
 *   (4.06). 64-bit targets only (RIJN_ARCH_64): the others keep the byte
 *   loops, whose code is shorter (arm-none-eabi-gcc -Os, Cortex-M4: the
 *   lane loops cost this file 1,394 -> 1,742 bytes; avr-gcc 2,978 ->
 *   3,554; as built, 1,398 and 2,978).
 * - Constant time: positions depend on lengths only.
 * - Proof: CAVP SHA3_* ShortMsg/LongMsg/Monte, SHAKE* ShortMsg/LongMsg/
 *   VariableOut/Monte, Keccak team ShortMsg/LongMsg KATs (Keccak
 *   padding), differential against OpenSSL with random splits and random
 *   squeeze sizes (tests/hash/test_sha3_*.c).
 */
#include "hash_i.h"
#include "rijn/sha3.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_SHA3

#if RIJN_I_KECCAK_MULTI
#define NKECCAK (rijn_i_keccak_registry.count)
#define PERMUTE(ctx)                                                                     \
    RIJN_I_IMPL_OF(rijn_i_keccak_impl, rijn_i_keccak_registry.impls[(ctx)->reserved])   \
        ->permute((ctx)->s)
#define BOUND_OK(ctx) ((ctx)->reserved < NKECCAK)
#else
#define PERMUTE(ctx) rijn_keccak_f1600((ctx)->s)
#define BOUND_OK(ctx) 1 /* one version: the byte is not read */
#endif

/* set up, and bound to a version this build has */
static int started(const rijn_sha3_ctx *ctx)
{
    return ctx->rate != 0 && BOUND_OK(ctx);
}

static int start(rijn_sha3_ctx *ctx, uint32_t rate, uint8_t ds, uint8_t out_len)
{
    RIJN_CHECK_PTR(ctx);
    if (RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    memset(ctx, 0, sizeof *ctx);
    ctx->rate = rate;
    ctx->dsbyte = ds;
    ctx->out_len = out_len;
#if RIJN_I_KECCAK_MULTI
    /* the default version (entry 0 while every entry is portable C) */
    ctx->reserved = (uint8_t)rijn_i_reg_default(rijn_i_keccak_registry.impls, NKECCAK);
#endif
    return RIJN_OK;
}

int rijn_i_sha3_use(rijn_sha3_ctx *ctx, const char *name)
{
    size_t i;
    int r;
    RIJN_CHECK_PTR(ctx);
    if (!started(ctx))
        return RIJN_ERR_STATE;
    r = rijn_i_reg_find(&rijn_i_keccak_registry, name, &i);
    if (r == RIJN_OK)
        ctx->reserved = (uint8_t)i;
    return r;
}

const char *rijn_i_sha3_ctx_impl_name(const rijn_sha3_ctx *ctx)
{
    return ctx != NULL && started(ctx) && ctx->reserved < rijn_i_keccak_registry.count
               ? rijn_i_keccak_registry.impls[ctx->reserved]->name
               : "none";
}

int rijn_sha3_224_init(rijn_sha3_ctx *ctx) { return start(ctx, RIJN_SHA3_224_RATE, 0x06, 28); }
int rijn_sha3_256_init(rijn_sha3_ctx *ctx) { return start(ctx, RIJN_SHA3_256_RATE, 0x06, 32); }
int rijn_sha3_384_init(rijn_sha3_ctx *ctx) { return start(ctx, RIJN_SHA3_384_RATE, 0x06, 48); }
int rijn_sha3_512_init(rijn_sha3_ctx *ctx) { return start(ctx, RIJN_SHA3_512_RATE, 0x06, 64); }
int rijn_shake128_init(rijn_sha3_ctx *ctx) { return start(ctx, RIJN_SHAKE128_RATE, 0x1F, 0); }
int rijn_shake256_init(rijn_sha3_ctx *ctx) { return start(ctx, RIJN_SHAKE256_RATE, 0x1F, 0); }

int rijn_keccak_init(rijn_sha3_ctx *ctx, unsigned bits)
{
    RIJN_CHECK_PTR(ctx);
    if (bits != 224 && bits != 256 && bits != 384 && bits != 512)
        return RIJN_ERR_PARAM;
    return start(ctx, 200 - bits / 4, 0x01, (uint8_t)(bits / 8));
}

RIJN_INLINE void xor_byte(uint64_t *s, size_t i, uint8_t b)
{
    s[i >> 3] ^= (uint64_t)b << (8 * (i & 7));
}

/* Partial blocks: 64-bit targets move whole lanes (xor_in, copy_out);
 * the others a byte at a time, the code they had (MCU flash: a 64-bit
 * load or store is long code there). */
#if RIJN_ARCH_64
/* s ^= n bytes of d at byte pos (pos + n <= rate): bytes up to a lane
 * boundary, whole lanes, then bytes. */
static void xor_in(uint64_t *s, size_t pos, const uint8_t *d, size_t n)
{
    for (; n > 0 && (pos & 7) != 0; n--)
        xor_byte(s, pos++, *d++);
    for (; n >= 8; n -= 8, pos += 8, d += 8)
        s[pos >> 3] ^= rijn_load64_le(d);
    for (; n > 0; n--)
        xor_byte(s, pos++, *d++);
}

/* n bytes of the state from byte pos (pos + n <= rate) to out: bytes up
 * to a lane boundary, whole lanes, then bytes. */
static void copy_out(uint8_t *out, const uint64_t *s, size_t pos, size_t n)
{
    for (; n > 0 && (pos & 7) != 0; n--, pos++)
        *out++ = (uint8_t)(s[pos >> 3] >> (8 * (pos & 7)));
    for (; n >= 8; n -= 8, pos += 8, out += 8)
        rijn_store64_le(out, s[pos >> 3]);
    for (; n > 0; n--, pos++)
        *out++ = (uint8_t)(s[pos >> 3] >> (8 * (pos & 7)));
}
#endif

int rijn_sha3_update(rijn_sha3_ctx *ctx, const uint8_t *data, size_t len)
{
    size_t rate, i, k;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (!started(ctx) || ctx->squeezing || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    rate = (size_t)ctx->rate;
    while (len > 0) {
        if (ctx->pos == 0 && len >= rate) {
            for (i = 0; i < rate / 8; i++)
                ctx->s[i] ^= rijn_load64_le(data + 8 * i);
            PERMUTE(ctx);
            data += rate;
            len -= rate;
            continue;
        }
#if RIJN_ARCH_64
        k = rate - (size_t)ctx->pos;
        if (k > len)
            k = len;
        xor_in(ctx->s, (size_t)ctx->pos, data, k);
#else
        k = 1;
        xor_byte(ctx->s, (size_t)ctx->pos, *data);
#endif
        data += k;
        len -= k;
        ctx->pos += (uint32_t)k;
        if (ctx->pos == rate) {
            PERMUTE(ctx);
            ctx->pos = 0;
        }
    }
    return RIJN_OK;
}

static void pad(rijn_sha3_ctx *ctx)
{
    xor_byte(ctx->s, (size_t)ctx->pos, ctx->dsbyte);
    xor_byte(ctx->s, (size_t)ctx->rate - 1, 0x80);
    PERMUTE(ctx);
    ctx->pos = 0;
    ctx->squeezing = 1;
}

static void squeeze(rijn_sha3_ctx *ctx, uint8_t *out, size_t len)
{
    size_t i, k, rate = (size_t)ctx->rate;
    while (len > 0) {
        if (ctx->pos == rate) {
            PERMUTE(ctx);
            ctx->pos = 0;
        }
        if (ctx->pos == 0 && len >= rate) { /* whole blocks (SHAKE) */
            for (i = 0; i < rate / 8; i++)
                rijn_store64_le(out + 8 * i, ctx->s[i]);
            out += rate;
            len -= rate;
            ctx->pos = (uint32_t)rate;
            continue;
        }
#if RIJN_ARCH_64
        k = rate - (size_t)ctx->pos;
        if (k > len)
            k = len;
        copy_out(out, ctx->s, (size_t)ctx->pos, k);
#else
        k = 1;
        *out = (uint8_t)(ctx->s[ctx->pos >> 3] >> (8 * (ctx->pos & 7)));
#endif
        out += k;
        len -= k;
        ctx->pos += (uint32_t)k;
    }
}

int rijn_sha3_final(rijn_sha3_ctx *ctx, uint8_t *out)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (!started(ctx) || ctx->out_len == 0 || ctx->squeezing || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    pad(ctx);
    squeeze(ctx, out, ctx->out_len);
    rijn_sha3_wipe(ctx);
    return RIJN_OK;
}

int rijn_shake_squeeze(rijn_sha3_ctx *ctx, uint8_t *out, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(out, len);
    if (!started(ctx) || ctx->out_len != 0)
        return RIJN_ERR_STATE;
    if (!ctx->squeezing)
        pad(ctx);
    squeeze(ctx, out, len);
    return RIJN_OK;
}

void rijn_sha3_wipe(rijn_sha3_ctx *ctx)
{
    rijn_i_hash_wipe(ctx, sizeof *ctx);
}

static int oneshot(int (*init)(rijn_sha3_ctx *), uint8_t *out, size_t out_len,
                   const uint8_t *data, size_t len)
{
    rijn_sha3_ctx ctx;
    int r;
    RIJN_CHECK_BUF(out, out_len);
    r = init(&ctx);
    if (r == RIJN_OK)
        r = rijn_sha3_update(&ctx, data, len);
    if (r == RIJN_OK && ctx.out_len != 0) {
        r = rijn_sha3_final(&ctx, out);
        if (r == RIJN_OK)
            return r; /* final wiped the context */
    } else if (r == RIJN_OK) {
        r = rijn_shake_squeeze(&ctx, out, out_len);
    }
    rijn_sha3_wipe(&ctx);
    return r;
}

int rijn_sha3_224(uint8_t out[RIJN_SHA3_224_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha3_224_init, out, 28, data, len);
}
int rijn_sha3_256(uint8_t out[RIJN_SHA3_256_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha3_256_init, out, 32, data, len);
}
int rijn_sha3_384(uint8_t out[RIJN_SHA3_384_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha3_384_init, out, 48, data, len);
}
int rijn_sha3_512(uint8_t out[RIJN_SHA3_512_SIZE], const uint8_t *data, size_t len)
{
    return oneshot(rijn_sha3_512_init, out, 64, data, len);
}
int rijn_shake128(uint8_t *out, size_t out_len, const uint8_t *data, size_t len)
{
    return oneshot(rijn_shake128_init, out, out_len, data, len);
}
int rijn_shake256(uint8_t *out, size_t out_len, const uint8_t *data, size_t len)
{
    return oneshot(rijn_shake256_init, out, out_len, data, len);
}
#else
typedef int rijn_i_sha3_off; /* ISO C: no empty translation unit */
#endif
