/*
 * ghash_pmull.c -- "pmull": GHASH and POLYVAL with the AArch64 PMULL /
 * PMULL2 instructions (64x64 -> 128-bit carry-less multiply, ARMv8 Crypto
 * Extensions).
 *
 * Implementation notes
 *   The pclmul class's method on NEON registers (ghash_pclmul.c): hk holds
 *   H, H^2, ..., H^8 in "V" form (the block byte-reversed, so the 128-bit
 *   number has the coefficient of x^0 in its top bit), two words each.
 *   Eight blocks at a time, Y' = (Y^X1)H^8 + X2 H^7 + ... + X8 H, the
 *   eight 256-bit products (schoolbook, four PMULL each) summed unreduced
 *   and reduced once (aggregated reduction); then four; then single
 *   blocks. Reduction: the pclmul class's (shift left by one bit, then the
 *   low 128 bits folded up with shifts by 1, 2, 7 and 63, 62, 57: x^128 =
 *   x^7 + x^2 + x + 1 read backwards). POLYVAL is the same code without
 *   the byte reversal (RFC 8452 appendix A; hk from rijn_i_polyval_setkey).
 *   Lane view: a uint64x2_t's lane 0 is the low 64 bits, as in an x86
 *   __m128i, so the shifts map one to one (byte shifts by 8: EXT).
 *   Built with per-function target attributes (+crypto), chosen when the
 *   CPU probe reports PMULL (HWCAP_PMULL). Little-endian AArch64 only.
 *   Constant time: PMULL, shifts and XOR take data-independent time.
 *   Vectors: the GCM and GCM-SIV tests run every GHASH class
 *   (tests/test_gcm.c, tests/test_gcmsiv.c), under qemu-aarch64.
 */
#include "ghash.h"
#include "internal.h"
#include "core/cpu.h"

#if RIJN_CFG_GHASH_PMULL

#include <arm_neon.h>

#if defined(__clang__)
#define TGT static __attribute__((target("aes")))
#else
#define TGT static __attribute__((target("+crypto")))
#endif
#define INL TGT inline __attribute__((always_inline))

typedef uint64x2_t v128;

INL v128 ld(const void *p)
{
    return vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)p));
}
INL void st(void *p, v128 x)
{
    vst1q_u8((uint8_t *)p, vreinterpretq_u8_u64(x));
}
INL v128 bswap128(v128 x)
{
    uint8x16_t b = vrev64q_u8(vreinterpretq_u8_u64(x));
    return vreinterpretq_u64_u8(vextq_u8(b, b, 8));
}
/* x86's _mm_slli_si128(x, 8) / _mm_srli_si128(x, 8). */
INL v128 up8(v128 x)
{
    return vextq_u64(vdupq_n_u64(0), x, 1);
}
INL v128 down8(v128 x)
{
    return vextq_u64(x, vdupq_n_u64(0), 1);
}
INL v128 clmul(v128 a, unsigned ia, v128 b, unsigned ib)
{
    poly64_t x = (poly64_t)(ia ? vgetq_lane_u64(a, 1) : vgetq_lane_u64(a, 0));
    poly64_t y = (poly64_t)(ib ? vgetq_lane_u64(b, 1) : vgetq_lane_u64(b, 0));
    return vreinterpretq_u64_p128(vmull_p64(x, y));
}

/* Accumulate the unreduced product a*b into lo, mid, hi. */
INL void mul_acc(v128 a, v128 b, v128 *lo, v128 *mid, v128 *hi)
{
    *lo = veorq_u64(*lo, clmul(a, 0, b, 0));
    *hi = veorq_u64(*hi, clmul(a, 1, b, 1));
    *mid = veorq_u64(*mid, veorq_u64(clmul(a, 1, b, 0), clmul(a, 0, b, 1)));
}

INL v128 fold57(v128 t0)
{
    return veorq_u64(veorq_u64(vshlq_n_u64(t0, 63), vshlq_n_u64(t0, 62)), vshlq_n_u64(t0, 57));
}

INL v128 reduce(v128 lo, v128 mid, v128 hi)
{
    v128 t0 = veorq_u64(lo, up8(mid)), t1 = veorq_u64(hi, down8(mid));
    v128 c0 = vshrq_n_u64(t0, 63), c1 = vshrq_n_u64(t1, 63);
    t0 = vshlq_n_u64(t0, 1);
    t1 = vshlq_n_u64(t1, 1);
    t1 = vorrq_u64(t1, vorrq_u64(up8(c1), down8(c0)));
    t0 = vorrq_u64(t0, up8(c0));
    t0 = veorq_u64(t0, up8(fold57(t0)));
    t1 = veorq_u64(t1, t0);
    t1 = veorq_u64(t1, vshrq_n_u64(t0, 1));
    t1 = veorq_u64(t1, vshrq_n_u64(t0, 2));
    t1 = veorq_u64(t1, vshrq_n_u64(t0, 7));
    return veorq_u64(t1, down8(fold57(t0)));
}

TGT v128 gmul(v128 a, v128 b)
{
    v128 lo = vdupq_n_u64(0), mid = lo, hi = lo;
    mul_acc(a, b, &lo, &mid, &hi);
    return reduce(lo, mid, hi);
}

#define NPOW 8
typedef char rijn_i_pmull_hk_fits[RIJN_GCM_HKEY_WORDS >= 2 * NPOW ? 1 : -1];

TGT void pmull_setkey(uint64_t *hk, const uint8_t h[16])
{
    v128 h1 = bswap128(ld(h)), p = h1;
    int i;
    st(hk, h1);
    for (i = 1; i < NPOW; i++) {
        p = gmul(p, h1);
        st(hk + 2 * i, p);
    }
}

/* swap = 1: GHASH (blocks and state byte-reversed into V form); 0: POLYVAL. */
INL void blocks_impl(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks,
                     int swap)
{
    v128 h[NPOW], s = ld(y);
    unsigned i;
#define LD(p) (swap ? bswap128(ld(p)) : ld(p))
    for (i = 0; i < NPOW; i++)
        h[i] = ld(hk + 2 * i);
    if (swap)
        s = bswap128(s);
    for (; nblocks >= 8; nblocks -= 8, in += 128) {
        v128 lo = vdupq_n_u64(0), mid = lo, hi = lo;
        mul_acc(veorq_u64(s, LD(in)), h[7], &lo, &mid, &hi);
        for (i = 1; i < 8; i++)
            mul_acc(LD(in + 16 * i), h[7 - i], &lo, &mid, &hi);
        s = reduce(lo, mid, hi);
    }
    if (nblocks >= 4) {
        v128 lo = vdupq_n_u64(0), mid = lo, hi = lo;
        mul_acc(veorq_u64(s, LD(in)), h[3], &lo, &mid, &hi);
        for (i = 1; i < 4; i++)
            mul_acc(LD(in + 16 * i), h[3 - i], &lo, &mid, &hi);
        s = reduce(lo, mid, hi);
        nblocks -= 4;
        in += 64;
    }
    for (; nblocks > 0; nblocks--, in += 16)
        s = gmul(veorq_u64(s, LD(in)), h[0]);
#undef LD
    if (swap)
        s = bswap128(s);
    st(y, s);
}

TGT void pmull_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    blocks_impl(hk, y, in, nblocks, 1);
}

TGT void pmull_polyval(const uint64_t *hk, uint8_t s[16], const uint8_t *in, size_t nblocks)
{
    blocks_impl(hk, s, in, nblocks, 0);
}

const rijn_i_ghash_impl rijn_i_ghash_pmull = {
    {"pmull", RIJN_CPU_ARM_PMULL, NULL}, RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW,
    pmull_setkey, pmull_blocks, pmull_polyval};

#endif
