/*
 * ghash_pmull.c -- "pmull": GHASH and POLYVAL with the AArch64 PMULL /
 * PMULL2 instructions (64x64 -> 128-bit carry-less multiply, ARMv8 Crypto
 * Extensions).
 *
 * Implementation notes
 *   The pclmul class's layout on NEON registers (ghash_pclmul.c): hk holds
 *   H, H^2, ..., H^8 (twisted, below) in "V" form (the block byte-reversed, so the 128-bit
 *   number has the coefficient of x^0 in its top bit), two words each.
 *   Eight blocks at a time, Y' = (Y^X1)H^8 + X2 H^7 + ... + X8 H, the
 *   eight 256-bit products summed unreduced and reduced once (aggregated
 *   reduction); then four; then single blocks. The eight-block loop
 *   multiplies by Karatsuba (three PMULL per block, each power's halves
 *   XORed once per call, two powers per register) on half-swapped
 *   operands (a block is only rev64'ed, the powers swapped to match), so
 *   no lane is moved; the others by schoolbook (four PMULL).
 *   Twisted key: hk holds H^i x^-1 (setkey: a left shift by one bit of
 *   the V form, the bit shifted out folded back as 0xC2..01), so a
 *   product needs no bit shift; the reduction is two PMULL by
 *   0xC200000000000000 with half swaps (x^128 = x^7 + x^2 + x + 1 read
 *   backwards). AES-128-GCM at 16 KiB under qemu -cpu max went from
 *   55,710 instructions (schoolbook, shift-and-fold reduction) to below
 *   OpenSSL 3.0's count (docs/BENCHMARKS-ARM.md). POLYVAL is the same
 *   code without the byte reversal (RFC 8452 appendix A; hk from
 *   rijn_i_polyval_setkey).
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

/* Karatsuba terms of a*b into p0 (lanes 0), p1 (lanes 1) and mid
 * ((a0^a1)(b0^b1), bm's lane 0 = b0^b1); the middle term is
 * mid ^ p0 ^ p1 once summed. */
INL v128 pmull2(v128 a, v128 b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a),
                                                 vreinterpretq_p64_u64(b)));
}
/* bm: b0^b1 in lane ib (a ^ a-swapped has a0^a1 in both lanes, so either
 * lane pairs with it: two powers share one register). */
INL void kara_acc(v128 a, v128 b, v128 bm, unsigned ib, v128 *p0, v128 *mid, v128 *p1)
{
    v128 t = veorq_u64(a, vextq_u64(a, a, 1));
    *p0 = veorq_u64(*p0, clmul(a, 0, b, 0));
    *p1 = veorq_u64(*p1, pmull2(a, b));
    *mid = veorq_u64(*mid, ib ? pmull2(t, bm) : clmul(t, 0, bm, 0));
}

/* The 256-bit product (lo + mid x^64 + hi x^128, words as summed) mod P,
 * for a twisted key (see pmull_setkey): two PMULL folds by
 * 0xC2 00..00 (x^128 = x^7 + x^2 + x + 1 read backwards, its x^0 term
 * being the half swap), no bit shift. */
INL v128 reduce(v128 lo, v128 mid, v128 hi)
{
    const v128 c = vdupq_n_u64(0xC200000000000000u);
    v128 t0 = veorq_u64(lo, up8(mid)), t1 = veorq_u64(hi, down8(mid));
    t0 = veorq_u64(vextq_u64(t0, t0, 1), clmul(t0, 0, c, 0));
    t0 = veorq_u64(vextq_u64(t0, t0, 1), clmul(t0, 0, c, 0));
    return veorq_u64(t0, t1);
}

TGT v128 gmul(v128 a, v128 b)
{
    v128 lo = vdupq_n_u64(0), mid = lo, hi = lo;
    mul_acc(a, b, &lo, &mid, &hi);
    return reduce(lo, mid, hi);
}

#define NPOW 8
typedef char rijn_i_pmull_hk_fits[RIJN_GCM_HKEY_WORDS >= 2 * NPOW ? 1 : -1];

/* The twisted key: H x^-1 in V form (a left shift by one bit, the bit
 * shifted out folded back as x^-1 = x^127 + x^6 + x + 1: 0xC2..01); the
 * products then need no bit shift before the reduction. */
TGT void pmull_setkey(uint64_t *hk, const uint8_t h[16])
{
    v128 v = bswap128(ld(h)), h1, p;
    uint64_t v0 = vgetq_lane_u64(v, 0), v1 = vgetq_lane_u64(v, 1);
    uint64_t m = (uint64_t)0 - (v1 >> 63);
    h1 = vcombine_u64(vcreate_u64((v0 << 1) ^ (m & 1u)),
                      vcreate_u64(((v1 << 1) | (v0 >> 63)) ^ (m & 0xC200000000000000u)));
    p = h1;
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
#define LDH(p) (swap ? vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p))) : ld(p))
    for (i = 0; i < NPOW; i++)
        h[i] = ld(hk + 2 * i);
    if (swap)
        s = bswap128(s);
    if (nblocks >= 8) {
        /* Karatsuba on half-swapped operands: with swap, a block is only
         * rev64'ed (its halves stay swapped) and the powers are swapped
         * to match, so PMULL (lanes 0) gives the high product and PMULL2
         * the low one; no lane moves. hm[i / 2] lane i % 2: power i's
         * halves XORed (the middle operand). */
        v128 hs[8], hm[4];
        for (i = 0; i < 8; i++)
            hs[i] = swap ? vextq_u64(h[i], h[i], 1) : h[i];
        for (i = 0; i < 4; i++)
            hm[i] = vzip1q_u64(veorq_u64(h[2 * i], vextq_u64(h[2 * i], h[2 * i], 1)),
                               veorq_u64(h[2 * i + 1], vextq_u64(h[2 * i + 1], h[2 * i + 1], 1)));
        for (; nblocks >= 8; nblocks -= 8, in += 128) {
            v128 p0 = vdupq_n_u64(0), p1 = p0, mid = p0;
            kara_acc(veorq_u64(swap ? vextq_u64(s, s, 1) : s, LDH(in)), hs[7], hm[3], 1, &p0,
                     &mid, &p1);
            for (i = 1; i < 8; i++)
                kara_acc(LDH(in + 16 * i), hs[7 - i], hm[(7 - i) / 2], (7 - i) % 2, &p0, &mid,
                         &p1);
            mid = veorq_u64(mid, veorq_u64(p0, p1));
            s = swap ? reduce(p1, mid, p0) : reduce(p0, mid, p1);
        }
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
#undef LDH
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
