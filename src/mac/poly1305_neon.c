/*
 * poly1305_neon.c -- "neon": Poly1305 blocks on AArch64 Advanced SIMD, two
 * lanes of 26-bit limbs (UMULL/UMLAL 32x32->64 on two lanes at once).
 *
 * Implementation notes
 *   Entry and exit: poly1305.c keeps radix-2^32 state on AArch64 (h0..h3
 *   + h4 * 2^128, h4 <= 4; r0..r3 clamped), its fastest scalar form for
 *   short messages. This entry converts h and r to five 26-bit limbs on
 *   entry and h back on exit (with 64-bit adds, so limbs slightly above
 *   2^26 convert exactly; the result is below 2^130 + 2^27, so h4 <= 4
 *   again), about 40 scalar instructions a call, taken only from 64 bytes
 *   (min_len).
 *   Method: lane 0 takes the even blocks, lane 1 the odd ones (VLD4 of 32
 *   bytes puts word k of both blocks in one register, so no permute). Each
 *   step adds a block pair and multiplies both lanes by r^2; the last step
 *   multiplies lane 0 by r^2 and lane 1 by r, then the lanes are added:
 *   block k of n (n even) ends up multiplied by r^(n - k). The incoming h
 *   enters lane 0 with block 0. An odd block count leaves the last block
 *   to poly1305.c. r^2 by rijn_i_poly1305_mul26 (mac_i.h).
 *   Bounds: as poly1305_x86.c: limbs enter a product below 2^27, r limbs
 *   below 2^26 and 5 r_i below 2^29, so each sum of five products is
 *   below 2^59; one carry pass (x5 fold from limb 4 to limb 0) per step.
 *   Constant time: multiplies, adds, shifts and masks; branches on the
 *   length only.
 *   Vectors: tests/core/test_impls.c runs this entry against the portable one
 *   (RFC 8439 2.5.2, fixed 300 / 4,645-byte tags, random lengths and
 *   splits, r at its clamped maximum, all-0xff messages) and every
 *   ChaCha20 x Poly1305 pair; tests/aead/test_chachapoly.c and friends through
 *   the default binding, under qemu-aarch64 (scripts/test-aarch64.sh; the
 *   masked run binds the portable entry).
 */
#include "internal.h"
#include "mac_i.h"
#include "core/cpu.h"

#if RIJN_I_POLY1305_NEON

#include <arm_neon.h>

#define M26 0x3ffffffu

/* d = a * (r, s) lane-wise, carried once; a, r, s: five limbs. */
#define MULRED(a, r, s)                                                               \
    do {                                                                              \
        uint64x2_t d0, d1, d2, d3, d4, c;                                             \
        d0 = vmull_u32(a[0], r[0]);                                                   \
        d0 = vmlal_u32(d0, a[1], s[4]);                                               \
        d0 = vmlal_u32(d0, a[2], s[3]);                                               \
        d0 = vmlal_u32(d0, a[3], s[2]);                                               \
        d0 = vmlal_u32(d0, a[4], s[1]);                                               \
        d1 = vmull_u32(a[0], r[1]);                                                   \
        d1 = vmlal_u32(d1, a[1], r[0]);                                               \
        d1 = vmlal_u32(d1, a[2], s[4]);                                               \
        d1 = vmlal_u32(d1, a[3], s[3]);                                               \
        d1 = vmlal_u32(d1, a[4], s[2]);                                               \
        d2 = vmull_u32(a[0], r[2]);                                                   \
        d2 = vmlal_u32(d2, a[1], r[1]);                                               \
        d2 = vmlal_u32(d2, a[2], r[0]);                                               \
        d2 = vmlal_u32(d2, a[3], s[4]);                                               \
        d2 = vmlal_u32(d2, a[4], s[3]);                                               \
        d3 = vmull_u32(a[0], r[3]);                                                   \
        d3 = vmlal_u32(d3, a[1], r[2]);                                               \
        d3 = vmlal_u32(d3, a[2], r[1]);                                               \
        d3 = vmlal_u32(d3, a[3], r[0]);                                               \
        d3 = vmlal_u32(d3, a[4], s[4]);                                               \
        d4 = vmull_u32(a[0], r[4]);                                                   \
        d4 = vmlal_u32(d4, a[1], r[3]);                                               \
        d4 = vmlal_u32(d4, a[2], r[2]);                                               \
        d4 = vmlal_u32(d4, a[3], r[1]);                                               \
        d4 = vmlal_u32(d4, a[4], r[0]);                                               \
        c = vshrq_n_u64(d0, 26);                                                      \
        d0 = vandq_u64(d0, m26);                                                      \
        d1 = vaddq_u64(d1, c);                                                        \
        c = vshrq_n_u64(d1, 26);                                                      \
        d1 = vandq_u64(d1, m26);                                                      \
        d2 = vaddq_u64(d2, c);                                                        \
        c = vshrq_n_u64(d2, 26);                                                      \
        d2 = vandq_u64(d2, m26);                                                      \
        d3 = vaddq_u64(d3, c);                                                        \
        c = vshrq_n_u64(d3, 26);                                                      \
        d3 = vandq_u64(d3, m26);                                                      \
        d4 = vaddq_u64(d4, c);                                                        \
        c = vshrq_n_u64(d4, 26);                                                      \
        d4 = vandq_u64(d4, m26);                                                      \
        d0 = vaddq_u64(d0, vaddq_u64(c, vshlq_n_u64(c, 2)));                          \
        c = vshrq_n_u64(d0, 26);                                                      \
        d0 = vandq_u64(d0, m26);                                                      \
        d1 = vaddq_u64(d1, c);                                                        \
        a[0] = vmovn_u64(d0);                                                         \
        a[1] = vmovn_u64(d1);                                                         \
        a[2] = vmovn_u64(d2);                                                         \
        a[3] = vmovn_u64(d3);                                                         \
        a[4] = vmovn_u64(d4);                                                         \
    } while (0)

/* a += the 26-bit limbs of the block pair at m (with the 2^128 bit). */
static inline void add_pair(uint32x2_t a[5], const uint8_t *m)
{
    const uint32x2_t mk = vdup_n_u32(M26);
    uint32x2x4_t w = vld4_u32((const uint32_t *)(const void *)m);
    a[0] = vadd_u32(a[0], vand_u32(w.val[0], mk));
    a[1] = vadd_u32(a[1], vand_u32(vorr_u32(vshr_n_u32(w.val[0], 26), vshl_n_u32(w.val[1], 6)), mk));
    a[2] = vadd_u32(a[2],
                    vand_u32(vorr_u32(vshr_n_u32(w.val[1], 20), vshl_n_u32(w.val[2], 12)), mk));
    a[3] = vadd_u32(a[3],
                    vand_u32(vorr_u32(vshr_n_u32(w.val[2], 14), vshl_n_u32(w.val[3], 18)), mk));
    a[4] = vadd_u32(a[4], vorr_u32(vshr_n_u32(w.val[3], 8), vdup_n_u32(1u << 24)));
}

/* 26-bit limbs of x0..x3 + x4 * 2^128 (x4 small). */
static inline void to26(uint32_t l[5], uint32_t x0, uint32_t x1, uint32_t x2, uint32_t x3,
                        uint32_t x4)
{
    l[0] = x0 & M26;
    l[1] = ((x0 >> 26) | (x1 << 6)) & M26;
    l[2] = ((x1 >> 20) | (x2 << 12)) & M26;
    l[3] = ((x2 >> 14) | (x3 << 18)) & M26;
    l[4] = (x3 >> 8) | (x4 << 24);
}

static size_t neon_wide(uint32_t h[5], const uint32_t r[5], const uint8_t *m, size_t len)
{
    const uint64x2_t m26 = vdupq_n_u64(M26);
    size_t n = (len / 32) * 2, i;
    uint32_t r1[5], r2[5], hl[5], t[5];
    uint32x2_t a[5], k[5], s[5];
    uint64_t v;
    to26(r1, r[0], r[1], r[2], r[3], 0);
    rijn_i_poly1305_mul26(r2, r1, r1);
    to26(hl, h[0], h[1], h[2], h[3], h[4]);
    for (i = 0; i < 5; i++) {
        a[i] = vset_lane_u32(hl[i], vdup_n_u32(0), 0);
        k[i] = vdup_n_u32(r2[i]);
        s[i] = vdup_n_u32(r2[i] * 5);
    }
    for (i = 0; i + 2 < n; i += 2, m += 32) {
        add_pair(a, m);
        MULRED(a, k, s);
    }
    /* the last pair: lane 0 by r^2, lane 1 by r */
    for (i = 0; i < 5; i++) {
        k[i] = vset_lane_u32(r1[i], k[i], 1);
        s[i] = vset_lane_u32(r1[i] * 5, s[i], 1);
    }
    add_pair(a, m);
    MULRED(a, k, s);
    for (i = 0; i < 5; i++)
        t[i] = vget_lane_u32(a[i], 0) + vget_lane_u32(a[i], 1); /* < 2^28 */
    /* carry (limb 4 folded x5), then back to radix 2^32 */
    for (i = 0; i < 4; i++) {
        t[i + 1] += t[i] >> 26;
        t[i] &= M26;
    }
    v = t[4] >> 26;
    t[4] &= M26;
    t[0] += (uint32_t)(v * 5);
    t[1] += t[0] >> 26;
    t[0] &= M26;
    v = (uint64_t)t[0] + ((uint64_t)t[1] << 26);
    h[0] = (uint32_t)v;
    v = (v >> 32) + ((uint64_t)t[2] << 20);
    h[1] = (uint32_t)v;
    v = (v >> 32) + ((uint64_t)t[3] << 14);
    h[2] = (uint32_t)v;
    v = (v >> 32) + ((uint64_t)t[4] << 8);
    h[3] = (uint32_t)v;
    h[4] = (uint32_t)(v >> 32);
    rijn_wipe(r1, sizeof r1);
    rijn_wipe(r2, sizeof r2);
    rijn_wipe(hl, sizeof hl);
    rijn_wipe(t, sizeof t);
    return 16 * n;
}

const rijn_i_poly1305_impl rijn_i_poly1305_neon = {
    {"neon", RIJN_CPU_ARM_NEON, NULL}, RIJN_I_POLY1305_WIDE_MIN, neon_wide};

#endif
