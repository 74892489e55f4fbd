/*
 * gcm_clmul_x86.h -- carry-less multiply helpers shared by the stitched
 * GCM kernels (gcm_stitch_x86.c, gcm_stitch_vaes512.c) and the pclmul /
 * vpclmul512 GHASH classes: GHASH in "V" form (each block byte-reversed:
 * the coefficient of x^0 in the top bit), products accumulated unreduced,
 * one reduction; powers multiplied by x^-1 to drop the 1-bit shift.
 *
 * The includer defines GCM_CLMUL_INL (static inline, always_inline, with a
 * target that has pclmul and ssse3) before including this header,
 * GCM_CLMUL_256 for the 256-bit helpers (target with AVX2 + VPCLMULQDQ),
 * GCM_CLMUL_512 for the 512-bit ones (AVX-512 F/BW/VL + VPCLMULQDQ). A per-file template: no include guard (each source gets
 * its own copy with its own target; scripts/amalgamate.py renames the
 * statics per file), included once per source. The helpers are marked
 * unused: a source uses some of them, and in the single-file build they
 * sit in the main file, where clang warns about unused static inlines.
 * Constant time: PCLMULQDQ, shifts, shuffles and XOR only.
 */
#include <immintrin.h>

#undef GCX_FN
#define GCX_FN GCM_CLMUL_INL __attribute__((unused))

GCX_FN __m128i gcx_bswap(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* lo/hi/mid accumulate a*h with the Karatsuba middle term (a0^a1)(h0^h1)
 * taken against qword sel (0x00 or 0x10) of kk; the true middle term is
 * mid ^ lo ^ hi, formed once before the reduction. */
#define GCX_MUL_KK(a, h, kk, sel, lo, mid, hi)                                        \
    do {                                                                               \
        __m128i a_ = (a), h_ = (h);                                                    \
        (lo) = _mm_xor_si128((lo), _mm_clmulepi64_si128(a_, h_, 0x00));                \
        (hi) = _mm_xor_si128((hi), _mm_clmulepi64_si128(a_, h_, 0x11));                \
        (mid) = _mm_xor_si128(                                                         \
            (mid), _mm_clmulepi64_si128(_mm_xor_si128(a_, _mm_shuffle_epi32(a_, 0x4E)), \
                                        (kk), (sel)));                                 \
    } while (0)

/* Reduce the 256-bit product hi:mid:lo (mid already the true middle term)
 * modulo the GHASH polynomial, V form: shift left by one, then fold the low
 * 128 bits up with shifts by 1, 2, 7 and 63, 62, 57. */
GCX_FN __m128i gcx_reduce(__m128i lo, __m128i mid, __m128i hi)
{
    __m128i t0 = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    __m128i t1 = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    __m128i c0 = _mm_srli_epi64(t0, 63), c1 = _mm_srli_epi64(t1, 63), a;
    t0 = _mm_slli_epi64(t0, 1);
    t1 = _mm_slli_epi64(t1, 1);
    t1 = _mm_or_si128(t1, _mm_or_si128(_mm_slli_si128(c1, 8), _mm_srli_si128(c0, 8)));
    t0 = _mm_or_si128(t0, _mm_slli_si128(c0, 8));
    a = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t0, 63), _mm_slli_epi64(t0, 62)),
                      _mm_slli_epi64(t0, 57));
    t0 = _mm_xor_si128(t0, _mm_slli_si128(a, 8));
    t1 = _mm_xor_si128(t1, t0);
    t1 = _mm_xor_si128(t1, _mm_srli_epi64(t0, 1));
    t1 = _mm_xor_si128(t1, _mm_srli_epi64(t0, 2));
    t1 = _mm_xor_si128(t1, _mm_srli_epi64(t0, 7));
    a = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t0, 63), _mm_slli_epi64(t0, 62)),
                      _mm_slli_epi64(t0, 57));
    return _mm_xor_si128(t1, _mm_srli_si128(a, 8));
}

/* H * x^-1 mod the GHASH polynomial in V form: a 128-bit shift left by
 * one, and 0xC2000000_00000000_00000000_00000001 folded in when the bit
 * shifted out (the coefficient of x^0) was set (mask, no branch). With
 * powers in this form the products need no 1-bit shift before the
 * reduction (gcx_reduce_pre). */
GCX_FN __m128i gcx_mulxinv(__m128i v)
{
    __m128i m = _mm_srai_epi32(_mm_shuffle_epi32(v, 0xFF), 31);
    __m128i c = _mm_srli_epi64(v, 63);
    v = _mm_or_si128(_mm_slli_epi64(v, 1), _mm_slli_si128(c, 8));
    return _mm_xor_si128(v, _mm_and_si128(m, _mm_set_epi32((int)0xC2000000u, 0, 0, 1)));
}

/* gcx_reduce for products against gcx_mulxinv'd powers (no 1-bit shift). */
GCX_FN __m128i gcx_reduce_pre(__m128i lo, __m128i mid, __m128i hi)
{
    __m128i t0 = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    __m128i t1 = _mm_xor_si128(hi, _mm_srli_si128(mid, 8)), a;
    a = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t0, 63), _mm_slli_epi64(t0, 62)),
                      _mm_slli_epi64(t0, 57));
    t0 = _mm_xor_si128(t0, _mm_slli_si128(a, 8));
    t1 = _mm_xor_si128(t1, t0);
    t1 = _mm_xor_si128(t1, _mm_srli_epi64(t0, 1));
    t1 = _mm_xor_si128(t1, _mm_srli_epi64(t0, 2));
    t1 = _mm_xor_si128(t1, _mm_srli_epi64(t0, 7));
    a = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t0, 63), _mm_slli_epi64(t0, 62)),
                      _mm_slli_epi64(t0, 57));
    return _mm_xor_si128(t1, _mm_srli_si128(a, 8));
}

/* gcx_reduce_pre with two PCLMULQDQ instead of the shifts: the low
 * quadword of t0 (the highest 64 coefficients) times x^-128 (x^7 + x^2 +
 * x + 1) is itself moved up by 64 bits (the PSHUFD swap puts it at bits
 * 128..191 of the shifted value) plus its product with 0xC2 << 56 (the
 * x^7 + x^2 + x terms, bit-reflected), landing 64 bits up; twice, then
 * added to t1. 11 operations instead of 24, two of them PCLMULQDQ: for
 * kernels where the shifts, not the multiplier, are the bottleneck. */
GCX_FN __m128i gcx_reduce_clmul(__m128i lo, __m128i mid, __m128i hi)
{
    const __m128i poly = _mm_set_epi32((int)0xC2000000u, 0, 0, 0);
    __m128i t0 = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    __m128i t1 = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    t0 = _mm_xor_si128(_mm_shuffle_epi32(t0, 0x4E), _mm_clmulepi64_si128(t0, poly, 0x10));
    t0 = _mm_xor_si128(_mm_shuffle_epi32(t0, 0x4E), _mm_clmulepi64_si128(t0, poly, 0x10));
    return _mm_xor_si128(t1, t0);
}

/* hp[i] = H^(i+1) * x^-1 from V-form powers at hk (two words each, H^1
 * first), kp[q] = Karatsuba words of hp[2q] (low) and hp[2q+1] (high). */
GCX_FN void gcx_prep8(const uint64_t *hk, __m128i hp[8], __m128i kp[4])
{
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++)
        hp[i] = gcx_mulxinv(_mm_loadu_si128((const __m128i *)(const void *)(hk + 2 * i)));
    RIJN_UNROLL for (i = 0; i < 4; i++) {
        __m128i a = hp[2 * i], b = hp[2 * i + 1];
        kp[i] = _mm_unpacklo_epi64(_mm_xor_si128(a, _mm_srli_si128(a, 8)),
                                   _mm_xor_si128(b, _mm_srli_si128(b, 8)));
    }
}

#ifdef GCM_CLMUL_256
/* 256-bit helpers (target with AVX2 and VPCLMULQDQ), lane-wise. */
GCX_FN __m256i gcx_bswap256(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(_mm_set_epi8(
                                      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

GCX_FN __m128i gcx_fold256(__m256i x)
{
    return _mm_xor_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
}

#endif

/* p[i] = H^(i+1) * x^-1 (i = 0..15) from the pclmul layout (hk: H^1..H^8,
 * lowest first); H^9..H^16 = H^1..H^8 times H^8. 128-bit operations only. */
GCX_FN void gcx_pow16(const uint64_t *hk, __m128i p[16])
{
    __m128i h8 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 14));
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(hk + 2 * i));
        __m128i lo = _mm_clmulepi64_si128(a, h8, 0x00), hi = _mm_clmulepi64_si128(a, h8, 0x11);
        __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, h8, 0x01),
                                    _mm_clmulepi64_si128(a, h8, 0x10));
        p[i] = gcx_mulxinv(a);                            /* H^(i+1) */
        p[i + 8] = gcx_mulxinv(gcx_reduce(lo, mid, hi)); /* H^(i+9) */
    }
}

#ifdef GCM_CLMUL_256
/* hp[q] (q = 0..7) = [H^(16-2q), H^(15-2q)] * x^-1 (lane 0, lane 1). */
GCX_FN void gcx_pow16_256(const uint64_t *hk, __m256i hp[8])
{
    __m128i p[16];
    unsigned i;
    gcx_pow16(hk, p);
    RIJN_UNROLL for (i = 0; i < 8; i++)
        hp[i] = _mm256_inserti128_si256(_mm256_castsi128_si256(p[15 - 2 * i]), p[14 - 2 * i], 1);
    rijn_wipe(p, sizeof p);
}

/* lo/mid/hi ^= lane-wise d * p (four products). */
#define GCX_MUL2(d, p, lo, mid, hi)                                                     \
    do {                                                                               \
        __m256i d__ = (d), p__ = (p);                                                  \
        (lo) = _mm256_xor_si256((lo), _mm256_clmulepi64_epi128(d__, p__, 0x00));       \
        (hi) = _mm256_xor_si256((hi), _mm256_clmulepi64_epi128(d__, p__, 0x11));       \
        (mid) = _mm256_xor_si256((mid), _mm256_xor_si256(_mm256_clmulepi64_epi128(d__, p__, 0x01), \
                                                         _mm256_clmulepi64_epi128(d__, p__, 0x10))); \
    } while (0)
#endif

#ifdef GCM_CLMUL_512
/* 512-bit helpers (the includer's GCM_CLMUL_INL target has AVX-512 F/BW/VL
 * and VPCLMULQDQ): every operation is lane-wise, four 128-bit lanes. */
GCX_FN __m512i gcx_bswap512(__m512i x)
{
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(_mm_set_epi8(
                                      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

GCX_FN __m512i gcx_mulxinv512(__m512i v)
{
    __mmask16 m = _mm512_cmplt_epi32_mask(_mm512_shuffle_epi32(v, _MM_PERM_DDDD),
                                          _mm512_setzero_si512());
    __m512i c = _mm512_srli_epi64(v, 63);
    v = _mm512_or_si512(_mm512_slli_epi64(v, 1), _mm512_bslli_epi128(c, 8));
    return _mm512_mask_xor_epi32(
        v, m, v, _mm512_broadcast_i32x4(_mm_set_epi32((int)0xC2000000u, 0, 0, 1)));
}

GCX_FN __m128i gcx_fold512(__m512i x)
{
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* Lane-wise a * b reduced (V form, with the 1-bit shift). */
GCX_FN __m512i gcx_gmul512(__m512i a, __m512i b)
{
    __m512i lo = _mm512_clmulepi64_epi128(a, b, 0x00), hi = _mm512_clmulepi64_epi128(a, b, 0x11);
    __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, b, 0x01),
                                   _mm512_clmulepi64_epi128(a, b, 0x10));
    __m512i t0 = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    __m512i t1 = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    __m512i c0 = _mm512_srli_epi64(t0, 63), c1 = _mm512_srli_epi64(t1, 63), x;
    t0 = _mm512_slli_epi64(t0, 1);
    t1 = _mm512_slli_epi64(t1, 1);
    t1 = _mm512_ternarylogic_epi64(t1, _mm512_bslli_epi128(c1, 8), _mm512_bsrli_epi128(c0, 8),
                                   0xFE);
    t0 = _mm512_or_si512(t0, _mm512_bslli_epi128(c0, 8));
    x = _mm512_ternarylogic_epi64(_mm512_slli_epi64(t0, 63), _mm512_slli_epi64(t0, 62),
                                  _mm512_slli_epi64(t0, 57), 0x96);
    t0 = _mm512_xor_si512(t0, _mm512_bslli_epi128(x, 8));
    t1 = _mm512_ternarylogic_epi64(t1, t0, _mm512_srli_epi64(t0, 1), 0x96);
    t1 = _mm512_ternarylogic_epi64(t1, _mm512_srli_epi64(t0, 2), _mm512_srli_epi64(t0, 7), 0x96);
    x = _mm512_ternarylogic_epi64(_mm512_slli_epi64(t0, 63), _mm512_slli_epi64(t0, 62),
                                  _mm512_slli_epi64(t0, 57), 0x96);
    return _mm512_xor_si512(t1, _mm512_bsrli_epi128(x, 8));
}

/* hp[q] (q = 0..7) = [H^(32-4q) .. H^(29-4q)] * x^-1, lane j holding
 * H^(32-4q-j), from the vpclmul512 layout (hk: H^16 .. H^1, highest
 * first): H^17..H^32 are H^1..H^16 times H^16. */
GCX_FN void gcx_pow32(const uint64_t *hk, __m512i hp[8])
{
    __m512i h16 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)hk));
    unsigned q;
    RIJN_UNROLL for (q = 0; q < 4; q++) {
        __m512i p = _mm512_loadu_si512((const void *)(hk + 8 * q));
        hp[q] = gcx_mulxinv512(gcx_gmul512(p, h16));
        hp[q + 4] = gcx_mulxinv512(p);
    }
}

/* lo/mid/hi ^= lane-wise d * p (four products). */
#define GCX_MUL4(d, p, lo, mid, hi)                                                     \
    do {                                                                               \
        __m512i d__ = (d), p__ = (p);                                                  \
        (lo) = _mm512_xor_si512((lo), _mm512_clmulepi64_epi128(d__, p__, 0x00));       \
        (hi) = _mm512_xor_si512((hi), _mm512_clmulepi64_epi128(d__, p__, 0x11));       \
        (mid) = _mm512_ternarylogic_epi64((mid), _mm512_clmulepi64_epi128(d__, p__, 0x01), \
                                          _mm512_clmulepi64_epi128(d__, p__, 0x10), 0x96); \
    } while (0)
#endif
