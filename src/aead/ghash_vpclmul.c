/*
 * ghash_vpclmul.c -- "vpclmul512": GHASH (and native POLYVAL) with
 * VPCLMULQDQ on 512-bit registers (AVX-512 F/BW/VL).
 *
 * Implementation notes
 *   Layout: hk holds 16 powers of H, highest first: hk[2j], hk[2j+1] is
 *   H^(16-j) as one unaligned 128-bit lane in "V" form (the block
 *   byte-reversed, coefficient of x^0 in the top bit), so the 64 words
 *   load as four registers [H^16..H^13], [H^12..H^9], [H^8..H^5],
 *   [H^4..H^1] (needs RIJN_GCM_HKEY_WORDS >= 32).
 *   Method: 16 blocks per step, four blocks per register, lane j of
 *   register q holding block 4q+j: Y' = (Y ^ X1) H^16 + X2 H^15 + ... +
 *   X16 H. From 64 blocks on, 32 blocks per step against H^32..H^1,
 *   made per call (H^17..H^32 = H^1..H^16 times H^16) and multiplied by
 *   x^-1 so no 1-bit shift precedes the reduction (gcm_clmul_x86.h): the
 *   16-block step is bound by the chain through the accumulator (fold +
 *   reduce), 32 blocks per reduction halve it (16 KiB: 822 -> 512 ns).
 *   Each lane's 256-bit product is accumulated unreduced as lo /
 *   mid / hi (schoolbook, four VPCLMULQDQ per register, three-way XORs by
 *   VPTERNLOGQ); the lanes are folded into one 128-bit lo / mid / hi (the
 *   sum is linear) and reduced once: shift left by one bit (bit-reflected
 *   operands), then fold the low half up with shifts by 1, 2, 7 and
 *   63, 62, 57 (x^128 = x^7 + x^2 + x + 1, read backwards). A tail of
 *   r < 16 blocks (r >= 2) is one more such step with masked loads of the
 *   data and of the powers H^r..H^1 (lanes past the data are zero); a
 *   single block is one 128-bit multiply by H. POLYVAL is the same code
 *   without the byte swaps (its byte order is the V form of GHASH on
 *   byte-reversed data, RFC 8452 appendix A).
 *   Setup: H^2..H^4 by 128-bit multiplications, then H^5..H^16 four
 *   lanes at a time (four dependent levels, all in registers); setkey_n
 *   stops at the powers the longest call of a GCM-SIV message needs (a
 *   call of r < 16 blocks reads H^r..H^1 only).
 *   Built with per-function target attributes; chosen only when CPUID
 *   reports VPCLMULQDQ and AVX-512 with the OS saving the ZMM state
 *   (rijn_i_cpu_features; RIJN_CPU_MASK hides it for tests).
 *   Constant time: carry-less multiplies, shifts, XOR, masked loads whose
 *   masks depend on the length only.
 *   Vectors: tests/gcm/test_gcm.c (GHASH KAT, class cross-check), every GCM
 *   and GCM-SIV vector test per GHASH class, tests/core/test_perf_paths.c
 *   (lengths around every step boundary, unaligned, against the other
 *   classes and OpenSSL).
 */
#include "ghash.h"
#include "internal.h"
#include "core/cpu.h"

#if RIJN_CFG_GHASH_PCLMUL && RIJN_GCM_HKEY_WORDS >= 32

#include <immintrin.h>

#define TGT __attribute__((target("pclmul,sse2,ssse3,avx,avx2,vpclmulqdq,avx512f,avx512bw,avx512vl")))
#define INL static inline __attribute__((always_inline,                                  \
    target("pclmul,sse2,ssse3,avx,avx2,vpclmulqdq,avx512f,avx512bw,avx512vl")))
#define GCM_CLMUL_INL INL
#define GCM_CLMUL_512 1
#include "gcm_clmul_x86.h"

INL __m128i bswap128(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

INL __m512i bswap512(__m512i x)
{
    const __m512i m = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, m);
}

INL __m128i reduce(__m128i lo, __m128i mid, __m128i hi)
{
    __m128i t0 = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    __m128i t1 = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    __m128i c0 = _mm_srli_epi64(t0, 63), c1 = _mm_srli_epi64(t1, 63), a;
    t0 = _mm_slli_epi64(t0, 1); /* 256-bit t1:t0 <<= 1 */
    t1 = _mm_slli_epi64(t1, 1);
    t1 = _mm_or_si128(t1, _mm_or_si128(_mm_slli_si128(c1, 8), _mm_srli_si128(c0, 8)));
    t0 = _mm_or_si128(t0, _mm_slli_si128(c0, 8));
    a = _mm_ternarylogic_epi64(_mm_slli_epi64(t0, 63), _mm_slli_epi64(t0, 62),
                               _mm_slli_epi64(t0, 57), 0x96);
    t0 = _mm_xor_si128(t0, _mm_slli_si128(a, 8));
    t1 = _mm_ternarylogic_epi64(t1, t0, _mm_srli_epi64(t0, 1), 0x96);
    t1 = _mm_ternarylogic_epi64(t1, _mm_srli_epi64(t0, 2), _mm_srli_epi64(t0, 7), 0x96);
    a = _mm_ternarylogic_epi64(_mm_slli_epi64(t0, 63), _mm_slli_epi64(t0, 62),
                               _mm_slli_epi64(t0, 57), 0x96);
    return _mm_xor_si128(t1, _mm_srli_si128(a, 8));
}

INL __m128i gmul(__m128i a, __m128i b)
{
    __m128i lo = _mm_clmulepi64_si128(a, b, 0x00), hi = _mm_clmulepi64_si128(a, b, 0x11);
    __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01),
                                _mm_clmulepi64_si128(a, b, 0x10));
    return reduce(lo, mid, hi);
}

INL __m128i fold(__m512i x)
{
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* lo/mid/hi ^= the lane-wise products of d and p. */
INL void mul4(__m512i d, __m512i p, __m512i *lo, __m512i *mid, __m512i *hi)
{
    *lo = _mm512_xor_si512(*lo, _mm512_clmulepi64_epi128(d, p, 0x00));
    *hi = _mm512_xor_si512(*hi, _mm512_clmulepi64_epi128(d, p, 0x11));
    *mid = _mm512_ternarylogic_epi64(*mid, _mm512_clmulepi64_epi128(d, p, 0x01),
                                     _mm512_clmulepi64_epi128(d, p, 0x10), 0x96);
}

INL void st128(uint64_t *hk, unsigned i, __m128i v) /* H^i at its place */
{
    _mm_storeu_si128((__m128i *)(void *)(hk + 2 * (16 - i)), v);
}

/* H^1..H^k, k the smallest of 1, 2, 4, 8, 16 with k >= n (n >= 16: all),
 * in four dependent levels, the last two on whole registers: [H^4..H^1],
 * then [H^8..H^5] = [H^4..H^1] * H^4, then [H^12..H^9] and [H^16..H^13] =
 * [H^4..H^1] and [H^8..H^5] times H^8. GCM-SIV sets a key up per message;
 * a message of one block per call needs H alone. */
TGT static void vp_setkey_n(uint64_t *hk, const uint8_t h[16], size_t n)
{
    __m128i h1 = bswap128(_mm_loadu_si128((const __m128i *)(const void *)h)), h2, h3, h4;
    __m512i d4, d8, b;
    st128(hk, 1, h1);
    if (n < 2)
        return;
    h2 = gmul(h1, h1);
    st128(hk, 2, h2);
    if (n < 3)
        return;
    h3 = gmul(h2, h1);
    h4 = gmul(h2, h2);
    st128(hk, 3, h3);
    st128(hk, 4, h4);
    if (n < 5)
        return;
    d4 = _mm512_inserti32x4(_mm512_castsi128_si512(h4), h3, 1);
    d4 = _mm512_inserti32x4(_mm512_inserti32x4(d4, h2, 2), h1, 3);
    d8 = gcx_gmul512(d4, _mm512_broadcast_i32x4(h4));
    _mm512_storeu_si512((void *)(hk + 16), d8);
    if (n < 9)
        return;
    b = _mm512_shuffle_i64x2(d8, d8, 0x00); /* H^8 in every lane */
    _mm512_storeu_si512((void *)(hk + 8), gcx_gmul512(d4, b));
    _mm512_storeu_si512((void *)hk, gcx_gmul512(d8, b));
}

TGT static void vp_setkey(uint64_t *hk, const uint8_t h[16])
{
    vp_setkey_n(hk, h, 16);
}

/* complexity: hot VPCLMUL kernel, one straight pass per 16/8/4/1-block stride kept in registers */
INL void blocks_impl(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks,
                     int swap)
{
    __m128i s = _mm_loadu_si128((const __m128i *)(const void *)y);
    if (swap)
        s = bswap128(s);
    if (nblocks >= 64) { /* 32 blocks per reduction: H^32..H^1 * x^-1 */
        __m512i hp[8];
        unsigned q;
        gcx_pow32(hk, hp);
        for (; nblocks >= 32; nblocks -= 32, in += 512) {
            __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
            RIJN_UNROLL for (q = 0; q < 8; q++) {
                __m512i d = _mm512_loadu_si512((const void *)(in + 64 * q));
                if (swap)
                    d = bswap512(d);
                if (q == 0)
                    d = _mm512_xor_si512(d, _mm512_zextsi128_si512(s));
                GCX_MUL4(d, hp[q], lo, mid, hi);
            }
            s = gcx_reduce_pre(fold(lo), fold(mid), fold(hi));
        }
        rijn_wipe(hp, sizeof hp);
    }
    if (nblocks >= 16) {
        const __m512i p0 = _mm512_loadu_si512((const void *)hk);
        const __m512i p1 = _mm512_loadu_si512((const void *)(hk + 8));
        const __m512i p2 = _mm512_loadu_si512((const void *)(hk + 16));
        const __m512i p3 = _mm512_loadu_si512((const void *)(hk + 24));
        for (; nblocks >= 16; nblocks -= 16, in += 256) {
            __m512i d0 = _mm512_loadu_si512((const void *)in);
            __m512i d1 = _mm512_loadu_si512((const void *)(in + 64));
            __m512i d2 = _mm512_loadu_si512((const void *)(in + 128));
            __m512i d3 = _mm512_loadu_si512((const void *)(in + 192));
            __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
            if (swap) {
                d0 = bswap512(d0);
                d1 = bswap512(d1);
                d2 = bswap512(d2);
                d3 = bswap512(d3);
            }
            mul4(d3, p3, &lo, &mid, &hi);
            mul4(d2, p2, &lo, &mid, &hi);
            mul4(d1, p1, &lo, &mid, &hi);
            d0 = _mm512_xor_si512(d0, _mm512_zextsi128_si512(s));
            mul4(d0, p0, &lo, &mid, &hi);
            s = reduce(fold(lo), fold(mid), fold(hi));
        }
    }
    if (nblocks == 1) {
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)in);
        if (swap)
            d = bswap128(d);
        s = gmul(_mm_xor_si128(s, d), _mm_loadu_si128((const __m128i *)(const void *)(hk + 30)));
    } else if (nblocks > 1) {
        /* r = nblocks blocks against H^r .. H^1 (powers from index 16 - r) */
        const uint64_t *pw = hk + 2 * (16 - nblocks);
        __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
        size_t q;
        for (q = 0; 4 * q < nblocks; q++) {
            size_t v = nblocks - 4 * q;
            __mmask8 k = (__mmask8)(v >= 4 ? 0xFFu : (1u << (2 * v)) - 1u);
            __m512i d = _mm512_maskz_loadu_epi64(k, (const void *)(in + 64 * q));
            __m512i p = _mm512_maskz_loadu_epi64(k, (const void *)(pw + 8 * q));
            if (swap)
                d = bswap512(d);
            if (q == 0)
                d = _mm512_xor_si512(d, _mm512_zextsi128_si512(s));
            mul4(d, p, &lo, &mid, &hi);
        }
        s = reduce(fold(lo), fold(mid), fold(hi));
    }
    if (swap)
        s = bswap128(s);
    _mm_storeu_si128((__m128i *)(void *)y, s);
}

TGT static void vp_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    blocks_impl(hk, y, in, nblocks, 1);
}

TGT static void vp_polyval(const uint64_t *hk, uint8_t s[16], const uint8_t *in,
                           size_t nblocks)
{
    blocks_impl(hk, s, in, nblocks, 0);
}

const rijn_i_ghash_impl rijn_i_ghash_vpclmul512 = {
    {"vpclmul512", RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3 | RIJN_CPU_VPCLMUL | RIJN_CPU_AVX512, NULL},
    RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW, vp_setkey, vp_blocks, vp_polyval,
    vp_setkey_n};

#endif
