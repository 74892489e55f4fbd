/*
 * poly1305_ifma.c -- Poly1305 blocks on AVX-512 IFMA (VPMADD52LUQ/HUQ):
 * sixteen blocks per step in two 8-lane accumulators of 44-bit limbs.
 *
 * Implementation notes
 *   Radix 2^44: a value is l0 + l1 2^44 + l2 2^88 (44, 44, 42 bits when
 *   carried), one 64-bit lane per limb per block. The IFMA instructions
 *   multiply the low 52 bits of two lanes and add the low (LUQ) or high
 *   (HUQ) 52 bits of the 104-bit product to a 64-bit accumulator. A
 *   product h * r has, per output limb k, a low sum dk_lo and a high sum
 *   dk_hi (weight 2^(44k + 52) = 2^(44(k+1) + 8)); terms of weight 2^132
 *   use s = 20 r (2^132 = 4 * 2^130 == 20 mod p). Recombined:
 *     t0 = d0_lo + 5120 d2_hi   (2^140 == 5 * 2^10)
 *     t1 = d1_lo + 2^8 d0_hi,   t2 = d2_lo + 2^8 d1_hi,
 *   then one parallel carry (t0 -> t1, t1 -> t2, t2 -> 5 t0), which leaves
 *   limbs a few bits above 44/42: enough for the next product.
 *   Bounds: h limbs < 2^44 + 2^15 before a block is added, < 2^45.1
 *   after; multiplier limbs < 2^44 + 2^15, s < 2^48.4; each product
 *   < 2^93.5, so every dk_lo < 3 * 2^52, dk_hi < 2^43.1, t0 < 2^55.
 *   Every IFMA input stays below 2^52.
 *   Lanes: accumulator A holds blocks 16i + j, B blocks 16i + 8 + j
 *   (j = 0..7 in block order: the two message loads are split by one
 *   two-source permute); each step is A = (A + m) r^16, the last one
 *   multiplies lane j of A by r^(16 - j) and of B by r^(8 - j). The
 *   incoming accumulator enters lane 0 of A with block 0.
 *   Key powers: made per call, in the vector unit (four dependent
 *   products: r^2; r^3 and r^4; r^8..r^1 in one vector; r^16..r^9),
 *   about 60 cycles. The public context has no room for them (its layout
 *   is fixed), and the AEAD makes one call per message anyway.
 *   Conversion: in and out of poly1305.c's 26-bit limbs in scalar code.
 *   Constant time: multiplies, adds, shifts, masks and fixed permutes
 *   only; no branch on data. Built with a per-function target attribute.
 *   Registry entry "ifma" (core/registry.h, first in poly1305_reg.c):
 *   needs RIJN_CPU_AVX512 and RIJN_CPU_AVX512IFMA (core/cpu.c probes
 *   CPUID.7.0:EBX bit 21), RIJN_CPU_MASK hides it. Sixteen-block groups
 *   from 256 bytes; the rest of an update (< 256 bytes) is poly1305.c's.
 *   Vectors: tests/core/test_impls.c (RFC 8439 and the differential
 *   against the portable entry at random lengths and split points, per
 *   entry), tests/stream/test_chacha_paths.c (against OpenSSL).
 */
#include "internal.h"
#include "mac_i.h"

#if RIJN_I_POLY1305_X86
#include <immintrin.h>

#define IFMA __attribute__((target("avx512f,avx512ifma")))
#define M44 0xfffffffffffull
#define M42 0x3ffffffffffull

/* h = h * r (s1 = 20 r1, s2 = 20 r2), lane-wise, partially carried */
static inline __attribute__((always_inline)) IFMA void
vmul(__m512i h[3], const __m512i r[3], const __m512i s[3])
{
    const __m512i z = _mm512_setzero_si512();
    const __m512i m44 = _mm512_set1_epi64((long long)M44), m42 = _mm512_set1_epi64((long long)M42);
    __m512i d0l, d0h, d1l, d1h, d2l, d2h, t0, t1, t2, c0, c1, c2;
    d0l = _mm512_madd52lo_epu64(z, h[0], r[0]);
    d0h = _mm512_madd52hi_epu64(z, h[0], r[0]);
    d1l = _mm512_madd52lo_epu64(z, h[0], r[1]);
    d1h = _mm512_madd52hi_epu64(z, h[0], r[1]);
    d2l = _mm512_madd52lo_epu64(z, h[0], r[2]);
    d2h = _mm512_madd52hi_epu64(z, h[0], r[2]);
    d0l = _mm512_madd52lo_epu64(d0l, h[1], s[2]);
    d0h = _mm512_madd52hi_epu64(d0h, h[1], s[2]);
    d1l = _mm512_madd52lo_epu64(d1l, h[1], r[0]);
    d1h = _mm512_madd52hi_epu64(d1h, h[1], r[0]);
    d2l = _mm512_madd52lo_epu64(d2l, h[1], r[1]);
    d2h = _mm512_madd52hi_epu64(d2h, h[1], r[1]);
    d0l = _mm512_madd52lo_epu64(d0l, h[2], s[1]);
    d0h = _mm512_madd52hi_epu64(d0h, h[2], s[1]);
    d1l = _mm512_madd52lo_epu64(d1l, h[2], s[2]);
    d1h = _mm512_madd52hi_epu64(d1h, h[2], s[2]);
    d2l = _mm512_madd52lo_epu64(d2l, h[2], r[0]);
    d2h = _mm512_madd52hi_epu64(d2h, h[2], r[0]);
    t0 = _mm512_add_epi64(d0l, _mm512_add_epi64(_mm512_slli_epi64(d2h, 12),
                                                 _mm512_slli_epi64(d2h, 10)));
    t1 = _mm512_add_epi64(d1l, _mm512_slli_epi64(d0h, 8));
    t2 = _mm512_add_epi64(d2l, _mm512_slli_epi64(d1h, 8));
    c0 = _mm512_srli_epi64(t0, 44);
    c1 = _mm512_srli_epi64(t1, 44);
    c2 = _mm512_srli_epi64(t2, 42);
    h[0] = _mm512_add_epi64(_mm512_and_si512(t0, m44),
                            _mm512_add_epi64(c2, _mm512_slli_epi64(c2, 2)));
    h[1] = _mm512_add_epi64(_mm512_and_si512(t1, m44), c0);
    h[2] = _mm512_add_epi64(_mm512_and_si512(t2, m42), c1);
}

/* s1 = 20 r1, s2 = 20 r2 (s[0] unused) */
static inline __attribute__((always_inline)) IFMA void vs20(__m512i s[3], const __m512i r[3])
{
    s[0] = _mm512_setzero_si512();
    s[1] = _mm512_add_epi64(_mm512_slli_epi64(r[1], 4), _mm512_slli_epi64(r[1], 2));
    s[2] = _mm512_add_epi64(_mm512_slli_epi64(r[2], 4), _mm512_slli_epi64(r[2], 2));
}

/* h += the eight blocks at m (lane j: block j) */
static inline __attribute__((always_inline)) IFMA void vaddmsg(__m512i h[3], const uint8_t *m)
{
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i ilo = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i ihi = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    __m512i a = _mm512_loadu_si512((const void *)m);
    __m512i b = _mm512_loadu_si512((const void *)(m + 64));
    __m512i lo = _mm512_permutex2var_epi64(a, ilo, b), hi = _mm512_permutex2var_epi64(a, ihi, b);
    h[0] = _mm512_add_epi64(h[0], _mm512_and_si512(lo, m44));
    h[1] = _mm512_add_epi64(
        h[1], _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)),
                               m44));
    h[2] = _mm512_add_epi64(h[2], _mm512_or_si512(_mm512_srli_epi64(hi, 24),
                                                  _mm512_set1_epi64(1LL << 40)));
}

/* the 26-bit limbs a (carried, each < 2^27) as 44-bit limbs */
static void to44(uint64_t g[3], const uint32_t a[5])
{
    uint64_t acc = (uint64_t)a[0] + ((uint64_t)a[1] << 26);
    g[0] = acc & M44;
    acc = (acc >> 44) + ((uint64_t)a[2] << 8) + ((uint64_t)a[3] << 34);
    g[1] = acc & M44;
    g[2] = (acc >> 44) + ((uint64_t)a[4] << 16);
}

IFMA
static void blocks16(uint32_t hout[5], const uint32_t r26[5], const uint8_t *m, size_t n)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i r1[3], r2[3], b[3], l[3], q[3], p8[3], p16[3], rr[3], s[3], ha[3], hb[3];
    uint64_t g[3], c;
    int i;
    to44(g, r26);
    RIJN_UNROLL for (i = 0; i < 3; i++)
        r1[i] = r2[i] = _mm512_set1_epi64((long long)g[i]);
    vs20(s, r1);
    vmul(r2, r1, s); /* r^2 */
    /* even lanes r^2 * r^2 = r^4, odd lanes r^2 * r = r^3 */
    RIJN_UNROLL for (i = 0; i < 3; i++)
        b[i] = _mm512_mask_blend_epi64(0xAA, r2[i], r1[i]);
    vs20(s, b);
    RIJN_UNROLL for (i = 0; i < 3; i++)
        q[i] = r2[i];
    vmul(q, b, s);
    /* l = (r^4, r^3, r^2, r) twice; q = (r^4 x4, 1 x4); p8 = l * q */
    RIJN_UNROLL for (i = 0; i < 3; i++) {
        __m512i t = _mm512_mask_blend_epi64(0x40, q[i], r2[i]);
        t = _mm512_mask_blend_epi64(0x80, t, r1[i]);
        l[i] = _mm512_permutexvar_epi64(_mm512_setr_epi64(4, 5, 6, 7, 4, 5, 6, 7), t);
        rr[i] = _mm512_permutexvar_epi64(z, q[i]);
        rr[i] = _mm512_mask_blend_epi64(0xF0, rr[i], i == 0 ? _mm512_set1_epi64(1) : z);
    }
    vs20(s, rr);
    RIJN_UNROLL for (i = 0; i < 3; i++)
        p8[i] = l[i];
    vmul(p8, rr, s); /* r^8 .. r^1 */
    RIJN_UNROLL for (i = 0; i < 3; i++) {
        rr[i] = _mm512_permutexvar_epi64(z, p8[i]); /* r^8 */
        p16[i] = p8[i];
    }
    vs20(s, rr);
    vmul(p16, rr, s); /* r^16 .. r^9 */
    RIJN_UNROLL for (i = 0; i < 3; i++)
        rr[i] = _mm512_permutexvar_epi64(z, p16[i]); /* r^16 */
    vs20(s, rr);
    to44(g, hout);
    RIJN_UNROLL for (i = 0; i < 3; i++) {
        ha[i] = _mm512_maskz_set1_epi64(1, (long long)g[i]);
        hb[i] = z;
    }
    for (; n > 16; n -= 16, m += 256) {
        vaddmsg(ha, m);
        vaddmsg(hb, m + 128);
        vmul(ha, rr, s);
        vmul(hb, rr, s);
    }
    vaddmsg(ha, m);
    vaddmsg(hb, m + 128);
    vs20(s, p16);
    vmul(ha, p16, s);
    vs20(s, p8);
    vmul(hb, p8, s);
    RIJN_UNROLL for (i = 0; i < 3; i++)
        g[i] = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(ha[i], hb[i]));
    /* lanes < 2^45 each: sums < 2^49; carry twice around */
    RIJN_UNROLL for (i = 0; i < 2; i++) {
        c = g[0] >> 44; g[0] &= M44; g[1] += c;
        c = g[1] >> 44; g[1] &= M44; g[2] += c;
        c = g[2] >> 42; g[2] &= M42; g[0] += c * 5;
    }
    c = g[0] >> 44; g[0] &= M44; g[1] += c;
    c = g[1] >> 44; g[1] &= M44; g[2] += c;
    hout[0] = (uint32_t)(g[0] & 0x3ffffff);
    hout[1] = (uint32_t)(((g[0] >> 26) | (g[1] << 18)) & 0x3ffffff);
    hout[2] = (uint32_t)((g[1] >> 8) & 0x3ffffff);
    hout[3] = (uint32_t)(((g[1] >> 34) | (g[2] << 10)) & 0x3ffffff);
    hout[4] = (uint32_t)(g[2] >> 16);
    rijn_wipe(g, sizeof g);
}

/* len >= min_len (256): at least one group of sixteen blocks */
static size_t wide_ifma(uint32_t h[5], const uint32_t r[5], const uint8_t *m, size_t len)
{
    size_t nb = (len / 16) & ~(size_t)15;
    blocks16(h, r, m, nb);
    return nb * 16;
}

const rijn_i_poly1305_impl rijn_i_poly1305_ifma = {
    {"ifma", RIJN_CPU_AVX512 | RIJN_CPU_AVX512IFMA, NULL}, 256, wide_ifma};

#else
typedef int rijn_i_poly1305_ifma_unused;
#endif
