/*
 * gcm_ghash_v256.c -- the pclmul GHASH class's long-input loop on 256-bit
 * registers (VPCLMULQDQ + AVX2; CPUs with VAES / VPCLMULQDQ but without
 * AVX-512, or with it masked), called from ghash_pclmul.c.
 *
 * Implementation notes
 *   Layout: powers H^16..H^1 two per YMM register (highest first), made
 *   per call from the pclmul class's H^1..H^8 (H^9..H^16 = H^1..H^8 times
 *   H^8) and multiplied by x^-1 so the products need no 1-bit shift
 *   (gcm_clmul_x86.h); kept on the stack and wiped.
 *   Method: 16 blocks per step, two per register (lane j of register q:
 *   block 2q + j, times H^(16 - 2q - j)), four VPCLMULQDQ per register
 *   summed unreduced, the lanes folded and reduced once. Whole 16-block
 *   steps only; the caller does the rest. swap = 0 is POLYVAL (the same
 *   code without the byte swaps, as in ghash_pclmul.c).
 *   Constant time: carry-less multiplies, shuffles, shifts and XOR.
 *   Vectors: every GHASH / GCM / GCM-SIV test run with RIJN_CPU_MASK
 *   hiding AVX-512 (tests/gcm/test_gcm_stitch.c, test_perf_paths.c re-run
 *   themselves so), on a CPU with VPCLMULQDQ.
 */
#include "gcm_i.h"

#if RIJN_I_HAVE_GCM_STITCH_X86

#define T256 "pclmul,sse2,ssse3,avx,avx2,vpclmulqdq"
#define INL static inline __attribute__((always_inline, target(T256)))
#define GCM_CLMUL_INL INL
#define GCM_CLMUL_256 1
#include "gcm_clmul_x86.h"

INL size_t body(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks,
                int swap)
{
    __m128i s = _mm_loadu_si128((const __m128i *)(const void *)y);
    __m256i hp[8];
    size_t done = 0;
    unsigned q;
    if (swap)
        s = gcx_bswap(s);
    gcx_pow16_256(hk, hp);
    for (; nblocks - done >= 16; done += 16, in += 256) {
        __m256i lo = _mm256_setzero_si256(), mid = lo, hi = lo;
        for (q = 0; q < 8; q++) {
            __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * q));
            if (swap)
                d = gcx_bswap256(d);
            if (q == 0)
                d = _mm256_xor_si256(d, _mm256_zextsi128_si256(s));
            GCX_MUL2(d, hp[q], lo, mid, hi);
        }
        s = gcx_reduce_pre(gcx_fold256(lo), gcx_fold256(mid), gcx_fold256(hi));
    }
    if (swap)
        s = gcx_bswap(s);
    _mm_storeu_si128((__m128i *)(void *)y, s);
    rijn_wipe(hp, sizeof hp);
    return done;
}

__attribute__((target(T256))) size_t rijn_i_ghash_v256(const uint64_t *hk, uint8_t y[16],
                                                       const uint8_t *in, size_t nblocks,
                                                       int swap)
{
    return swap ? body(hk, y, in, nblocks, 1) : body(hk, y, in, nblocks, 0);
}

#endif
