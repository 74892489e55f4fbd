/*
 * ghash_pclmul.c -- "pclmul", "pclmul-avx", "vpclmul256": GHASH with the
 * x86 PCLMULQDQ instruction.
 *
 * Implementation notes
 *   Layout: hk holds H, H^2, ..., H^8 (H^1..H^4 where the context has
 *   only 16 words; two words each, as one unaligned 128-bit lane) in "V" form: the block byte-reversed so the 128-bit
 *   number has the coefficient of x^0 in its top bit. A POLYVAL key for
 *   calls of at most n blocks (setkey_n, GCM-SIV) holds H alone below 4
 *   blocks, H..H^4 below 8: the shorter loops read no more.
 *   Method: eight blocks at a time (Y' = (Y^X1)H^8 + X2 H^7 + ... + X8 H);
 *   from 16 blocks on with Karatsuba (three PCLMULQDQ per block) against
 *   H^i * x^-1, computed per call (gcm_clmul_x86.h), so the products need
 *   no 1-bit shift before the one reduction; then four, Y' = (Y^X1)H^4 + X2 H^3 + X3 H^2 + X4 H
 *   with the four 256-bit products summed unreduced (schoolbook: 4
 *   PCLMULQDQ each) and reduced once: shift left by one bit (bit-reversed
 *   operands), then fold the low 128 bits up with shifts by 1, 2, 7 and
 *   63, 62, 57 (x^128 = x^7 + x^2 + x + 1 read backwards). Single blocks
 *   for the rest. POLYVAL is the same code without the byte swaps (see
 *   blocks_impl). The VPCLMULQDQ path is its own class (ghash_vpclmul.c).
 *   Built with per-function target attributes (pclmul, ssse3) so the
 *   library keeps baseline flags; chosen only when CPUID reports both.
 *   Three registry entries share this code and layout (flag
 *   RIJN_I_GHASH_HK_PCLMUL, which the stitched GCM kernels test):
 *   "pclmul"; "pclmul-avx" (needs AVX): GHASH of 16 blocks or more runs a
 *   second build of the same code with AVX (VEX three-operand forms: no
 *   register copies; 16 KiB 1629 -> 1558 ns); "vpclmul256" (needs
 *   VPCLMULQDQ + AVX2; the default without AVX-512, where vpclmul512 is
 *   not): from 32 blocks on, whole 16-block steps run on YMM registers
 *   first (gcm_ghash_v256.c; 16 KiB: 1045 ns). The registry picks the
 *   entry from the CPU probe; no path here tests a CPU flag.
 *   Constant time: PCLMULQDQ, shifts and XOR have data-independent timing.
 *   Vectors: the same tests as ct64, with this class forced.
 */
#include "ghash.h"
#include "gcm_i.h"
#include "internal.h"
#include "core/cpu.h"

#if RIJN_CFG_GHASH_PCLMUL

#include <immintrin.h>

#define TGT __attribute__((target("pclmul,sse2,ssse3")))
#define GCM_CLMUL_INL static inline __attribute__((always_inline, target("pclmul,sse2,ssse3")))
#include "gcm_clmul_x86.h"

TGT static inline __m128i bswap128(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* Accumulate the unreduced product a*b into lo, mid, hi. */
TGT static inline void mul_acc(__m128i a, __m128i b, __m128i *lo, __m128i *mid, __m128i *hi)
{
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, b, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, b, 0x11));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(a, b, 0x01));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(a, b, 0x10));
}

TGT static __m128i gmul(__m128i a, __m128i b)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    mul_acc(a, b, &lo, &mid, &hi);
    return gcx_reduce(lo, mid, hi);
}

/* Powers of H kept: 8 where the context has room (x86 hosts), else 4. */
#if RIJN_GCM_HKEY_WORDS >= 16
#define NPOW 8
#else
#define NPOW 4
#endif

/* H..H^k: k = 1 for calls of at most 3 blocks (they read H alone), 4 below
 * 8 blocks, NPOW from there (setkey_n: GCM-SIV sets a key up per message). */
TGT static void pclmul_setkey_n(uint64_t *hk, const uint8_t h[16], size_t n)
{
    __m128i h1 = bswap128(_mm_loadu_si128((const __m128i *)(const void *)h)), p = h1;
    int i, np = n < 4 ? 1 : n < 8 ? 4 : NPOW;
    _mm_storeu_si128((__m128i *)(void *)hk, h1);
    for (i = 1; i < np; i++) {
        p = gmul(p, h1);
        _mm_storeu_si128((__m128i *)(void *)(hk + 2 * i), p);
    }
}

TGT static void pclmul_setkey(uint64_t *hk, const uint8_t h[16])
{
    pclmul_setkey_n(hk, h, (size_t)-1);
}

/* swap = 1: GHASH (blocks and state byte-reversed into "V" form);
 * swap = 0: POLYVAL, whose byte order is already the V form of GHASH on
 * ByteReverse'd data (RFC 8452 appendix A), so the same code runs with no
 * byte swaps (hk from rijn_i_polyval_setkey). */
TGT static inline __attribute__((always_inline)) void
blocks_impl(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks, int swap)
{
    __m128i h1 = _mm_loadu_si128((const __m128i *)(const void *)hk);
    __m128i h2 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 2));
    __m128i h3 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 4));
    __m128i h4 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 6));
    __m128i s = _mm_loadu_si128((const __m128i *)(const void *)y);
    const __m128i *p = (const __m128i *)(const void *)in;
#define LD(q) (swap ? bswap128(_mm_loadu_si128(q)) : _mm_loadu_si128(q))
    if (swap)
        s = bswap128(s);
#if NPOW == 8
    if (nblocks >= 8) {
        __m128i h5 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 8));
        __m128i h6 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 10));
        __m128i h7 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 12));
        __m128i h8 = _mm_loadu_si128((const __m128i *)(const void *)(hk + 14));
        if (nblocks >= 16) { /* Karatsuba on H^i * x^-1 (gcm_clmul_x86.h) */
            __m128i hp[8], kp[4];
            gcx_prep8(hk, hp, kp);
            for (; nblocks >= 8; nblocks -= 8, p += 8) {
                __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
                GCX_MUL_KK(LD(p + 7), hp[0], kp[0], 0x00, lo, mid, hi);
                GCX_MUL_KK(LD(p + 6), hp[1], kp[0], 0x10, lo, mid, hi);
                GCX_MUL_KK(LD(p + 5), hp[2], kp[1], 0x00, lo, mid, hi);
                GCX_MUL_KK(LD(p + 4), hp[3], kp[1], 0x10, lo, mid, hi);
                GCX_MUL_KK(LD(p + 3), hp[4], kp[2], 0x00, lo, mid, hi);
                GCX_MUL_KK(LD(p + 2), hp[5], kp[2], 0x10, lo, mid, hi);
                GCX_MUL_KK(LD(p + 1), hp[6], kp[3], 0x00, lo, mid, hi);
                GCX_MUL_KK(_mm_xor_si128(s, LD(p)), hp[7], kp[3], 0x10, lo, mid, hi);
                s = gcx_reduce_pre(lo, _mm_xor_si128(mid, _mm_xor_si128(lo, hi)), hi);
            }
            rijn_wipe(hp, sizeof hp);
            rijn_wipe(kp, sizeof kp);
        }
        for (; nblocks >= 8; nblocks -= 8, p += 8) {
            __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
            mul_acc(LD(p + 7), h1, &lo, &mid, &hi);
            mul_acc(LD(p + 6), h2, &lo, &mid, &hi);
            mul_acc(LD(p + 5), h3, &lo, &mid, &hi);
            mul_acc(LD(p + 4), h4, &lo, &mid, &hi);
            mul_acc(LD(p + 3), h5, &lo, &mid, &hi);
            mul_acc(LD(p + 2), h6, &lo, &mid, &hi);
            mul_acc(LD(p + 1), h7, &lo, &mid, &hi);
            mul_acc(_mm_xor_si128(s, LD(p)), h8, &lo, &mid, &hi);
            s = gcx_reduce(lo, mid, hi);
        }
    }
#endif
    for (; nblocks >= 4; nblocks -= 4, p += 4) {
        __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
        mul_acc(_mm_xor_si128(s, LD(p)), h4, &lo, &mid, &hi);
        mul_acc(LD(p + 1), h3, &lo, &mid, &hi);
        mul_acc(LD(p + 2), h2, &lo, &mid, &hi);
        mul_acc(LD(p + 3), h1, &lo, &mid, &hi);
        s = gcx_reduce(lo, mid, hi);
    }
    for (; nblocks > 0; nblocks--, p++)
        s = gmul(_mm_xor_si128(s, LD(p)), h1);
#undef LD
    if (swap)
        s = bswap128(s);
    _mm_storeu_si128((__m128i *)(void *)y, s);
}

__attribute__((target("pclmul,sse2,ssse3,avx"))) static void
blocks_avx(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    blocks_impl(hk, y, in, nblocks, 1);
}

/* Three entries on one layout (RIJN_I_GHASH_HK_PCLMUL), most capable
 * first; each needs exactly the CPU bits of the code it runs, so the
 * registry (not a flag test here) picks the path. */
TGT static void pclmul_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in,
                              size_t nblocks)
{
    blocks_impl(hk, y, in, nblocks, 1);
}

TGT static void pclmul_polyval(const uint64_t *hk, uint8_t s[16], const uint8_t *in,
                               size_t nblocks)
{
    blocks_impl(hk, s, in, nblocks, 0);
}

/* "pclmul-avx": from 16 blocks on, the AVX build */
TGT static void avx_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    if (nblocks >= 16) {
        blocks_avx(hk, y, in, nblocks);
        return;
    }
    blocks_impl(hk, y, in, nblocks, 1);
}

#if RIJN_I_HAVE_GCM_STITCH_X86
/* "vpclmul256": from 32 blocks on, whole 16-block steps on YMM registers
 * (gcm_ghash_v256.c), the rest as pclmul-avx (GHASH) or pclmul (POLYVAL) */
TGT static void v256_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    size_t d = nblocks >= 32 ? rijn_i_ghash_v256(hk, y, in, nblocks, 1) : 0;
    avx_blocks(hk, y, in + 16 * d, nblocks - d);
}

TGT static void v256_polyval(const uint64_t *hk, uint8_t s[16], const uint8_t *in,
                             size_t nblocks)
{
    size_t d = nblocks >= 32 ? rijn_i_ghash_v256(hk, s, in, nblocks, 0) : 0;
    blocks_impl(hk, s, in + 16 * d, nblocks - d, 0);
}

const rijn_i_ghash_impl rijn_i_ghash_vpclmul256 = {
    {"vpclmul256",
     RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3 | RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_VPCLMUL, NULL},
    RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW | RIJN_I_GHASH_HK_PCLMUL | RIJN_I_GHASH_VPCLMUL,
    pclmul_setkey, v256_blocks, v256_polyval, pclmul_setkey_n};
#endif

const rijn_i_ghash_impl rijn_i_ghash_pclmul_avx = {
    {"pclmul-avx", RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3 | RIJN_CPU_AVX, NULL},
    RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW | RIJN_I_GHASH_HK_PCLMUL,
    pclmul_setkey, avx_blocks, pclmul_polyval, pclmul_setkey_n};

const rijn_i_ghash_impl rijn_i_ghash_pclmul = {
    {"pclmul", RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3, NULL},
    RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW | RIJN_I_GHASH_HK_PCLMUL,
    pclmul_setkey, pclmul_blocks, pclmul_polyval, pclmul_setkey_n};

#endif
