/*
 * ghash_pmull_i.h -- GF(2^128) arithmetic on AArch64 PMULL / PMULL2 in the
 * pmull GHASH class's key layout (ghash_pmull.c: powers of H twisted by
 * x^-1 in V form), shared by that class and the stitched AES-CE GCM
 * kernel (gcm_stitch_arm.c). Included only when RIJN_CFG_GHASH_PMULL.
 */
#ifndef RIJN_GHASH_PMULL_I_H
#define RIJN_GHASH_PMULL_I_H

#include <arm_neon.h>

#if defined(__clang__)
#define GP_TGT static __attribute__((target("aes")))
#else
#define GP_TGT static __attribute__((target("+crypto")))
#endif
#define GP_INL GP_TGT inline __attribute__((always_inline))

typedef uint64x2_t v128;

GP_INL v128 gp_ld(const void *p)
{
    return vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)p));
}
GP_INL void gp_st(void *p, v128 x)
{
    vst1q_u8((uint8_t *)p, vreinterpretq_u8_u64(x));
}
GP_INL v128 gp_bswap128(v128 x)
{
    uint8x16_t b = vrev64q_u8(vreinterpretq_u8_u64(x));
    return vreinterpretq_u64_u8(vextq_u8(b, b, 8));
}
/* x86's _mm_slli_si128(x, 8) / _mm_srli_si128(x, 8). */
GP_INL v128 gp_up8(v128 x)
{
    return vextq_u64(vdupq_n_u64(0), x, 1);
}
GP_INL v128 gp_down8(v128 x)
{
    return vextq_u64(x, vdupq_n_u64(0), 1);
}
GP_INL v128 gp_clmul(v128 a, unsigned ia, v128 b, unsigned ib)
{
    poly64_t x = (poly64_t)(ia ? vgetq_lane_u64(a, 1) : vgetq_lane_u64(a, 0));
    poly64_t y = (poly64_t)(ib ? vgetq_lane_u64(b, 1) : vgetq_lane_u64(b, 0));
    return vreinterpretq_u64_p128(vmull_p64(x, y));
}

/* Accumulate the unreduced product a*b into lo, mid, hi. */
GP_INL void gp_mul_acc(v128 a, v128 b, v128 *lo, v128 *mid, v128 *hi)
{
    *lo = veorq_u64(*lo, gp_clmul(a, 0, b, 0));
    *hi = veorq_u64(*hi, gp_clmul(a, 1, b, 1));
    *mid = veorq_u64(*mid, veorq_u64(gp_clmul(a, 1, b, 0), gp_clmul(a, 0, b, 1)));
}

/* Karatsuba terms of a*b into p0 (lanes 0), p1 (lanes 1) and mid
 * ((a0^a1)(b0^b1), bm's lane 0 = b0^b1); the middle term is
 * mid ^ p0 ^ p1 once summed. */
GP_INL v128 gp_pmull2(v128 a, v128 b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a),
                                                 vreinterpretq_p64_u64(b)));
}
/* bm: b0^b1 in lane ib (a ^ a-swapped has a0^a1 in both lanes, so either
 * lane pairs with it: two powers share one register). */
GP_INL void gp_kara_acc(v128 a, v128 b, v128 bm, unsigned ib, v128 *p0, v128 *mid, v128 *p1)
{
    v128 t = veorq_u64(a, vextq_u64(a, a, 1));
    *p0 = veorq_u64(*p0, gp_clmul(a, 0, b, 0));
    *p1 = veorq_u64(*p1, gp_pmull2(a, b));
    *mid = veorq_u64(*mid, ib ? gp_pmull2(t, bm) : gp_clmul(t, 0, bm, 0));
}

/* The 256-bit product (lo + mid x^64 + hi x^128, words as summed) mod P,
 * for a twisted key (see pmull_setkey): two PMULL folds by
 * 0xC2 00..00 (x^128 = x^7 + x^2 + x + 1 read backwards, its x^0 term
 * being the half swap), no bit shift. */
GP_INL v128 gp_reduce(v128 lo, v128 mid, v128 hi)
{
    const v128 c = vdupq_n_u64(0xC200000000000000u);
    v128 t0 = veorq_u64(lo, gp_up8(mid)), t1 = veorq_u64(hi, gp_down8(mid));
    t0 = veorq_u64(vextq_u64(t0, t0, 1), gp_clmul(t0, 0, c, 0));
    t0 = veorq_u64(vextq_u64(t0, t0, 1), gp_clmul(t0, 0, c, 0));
    return veorq_u64(t0, t1);
}

/* The 8-block Karatsuba step's key material from the powers h[0..7]
 * (H^1..H^8): hs[i] power i+1, its halves swapped when swap (GHASH: the
 * blocks are only rev64'ed, so their halves stay swapped and the powers
 * are swapped to match; PMULL then gives the high product, PMULL2 the low
 * one, and no lane moves); hm[i / 2] lane i % 2 power i+1's halves XORed
 * (the middle operand). */
GP_INL void gp_prep8(const v128 *h, v128 *hs, v128 *hm, int swap)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        hs[i] = swap ? vextq_u64(h[i], h[i], 1) : h[i];
    for (i = 0; i < 4; i++)
        hm[i] = vzip1q_u64(veorq_u64(h[2 * i], vextq_u64(h[2 * i], h[2 * i], 1)),
                           veorq_u64(h[2 * i + 1], vextq_u64(h[2 * i + 1], h[2 * i + 1], 1)));
}

#endif /* RIJN_GHASH_PMULL_I_H */
