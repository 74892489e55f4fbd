/*
 * gcm_stitch_vaes512.c -- AES-GCM encryption/decryption with CTR and
 * GHASH in one loop on 512-bit registers: VAES + VPCLMULQDQ + AVX-512,
 * for an AES class with AES-NI round keys (rk_isa) and the vpclmul512 GHASH class.
 *
 * Implementation notes
 *   Layout: 32 counter blocks per iteration in eight registers, lane j of
 *   register r holding block 4r + j; the 32-bit big-endian counter is
 *   kept byte-reversed in dword 3 of each lane (one VPSHUFB), so the
 *   counters are one VPADDD away: wrap mod 2^32, nonce bytes untouched,
 *   branch-free (J0 of a nonce other than 12 bytes is secret). GHASH
 *   powers H^32..H^1 in eight registers (highest first), made per call
 *   from the vpclmul512 class's H^16..H^1 (H^17..H^32 = H^1..H^16 times
 *   H^16) and multiplied by x^-1 (gcm_clmul_x86.h) so the products need
 *   no 1-bit shift.
 *   Method: each iteration runs the AES rounds of 32 counter blocks and,
 *   between rounds 1..8, multiplies one register of ciphertext (four
 *   blocks) by its four powers (four VPCLMULQDQ; Karatsuba's extra
 *   shuffle + XOR measured no faster here), summed unreduced; the lanes
 *   are folded and reduced once per 32 blocks, which also halves the
 *   loop-carried chain through the accumulator (16 blocks per reduction
 *   were bound by it). Encryption hashes the previous iteration's output
 *   (re-read from out; the last 32 blocks after the loop), decryption
 *   the ciphertext of the same iteration (read before the stores: out ==
 *   in works). Whole iterations only; gcm.c does the rest.
 *   Constant time: VAES, VPCLMULQDQ, adds on the counter; branches on
 *   lengths and CPU features only.
 *   Vectors: tests/test_gcm_stitch.c (every GHASH class forced, lengths
 *   around every 8- and 32-block boundary, counters about to wrap) and
 *   every GCM test on a CPU with VAES-512.
 */
#include "gcm_internal.h"
#include "aes/aesni.h"

#if RIJN_I_HAVE_GCM_STITCH512

#define T512 "aes,pclmul,sse2,ssse3,avx,avx2,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl"
#define INL static inline __attribute__((always_inline, target(T512)))
#define GCM_CLMUL_INL INL
#define GCM_CLMUL_512 1
#include "gcm_clmul_x86.h"

#define NR 8 /* registers (4 blocks each) per iteration */

INL __m512i ctr_swap512(__m512i x)
{
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(_mm_set_epi8(
                                      12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)));
}


#define LD(p) _mm512_loadu_si512((const void *)(p))
#define ST(p, v) _mm512_storeu_si512((void *)(p), (v))

/* Register q (0..7) of the 32 blocks at g against powers hp[q]; block 0
 * gets the accumulator. Four products per register: Karatsuba's extra
 * shuffle + XOR cost as much here. */
#define GH_STEP(q)                                                                        \
    do {                                                                                  \
        __m512i d_ = gcx_bswap512(LD(g + 64 * (q)));                                      \
        if ((q) == 0)                                                                     \
            d_ = _mm512_xor_si512(d_, _mm512_zextsi128_si512(*s));                        \
        GCX_MUL4(d_, hp[q], lo, mid, hi);                                                 \
    } while (0)

INL void iter(const uint8_t *ek, unsigned rounds, const __m512i *hp, __m128i *s, __m512i *cw,
              uint8_t *out, const uint8_t *in, const uint8_t *g, int aes, int gh)
{
    __m512i x[NR], k, lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    unsigned i;
    if (aes) {
        const __m512i four = _mm512_broadcast_i32x4(_mm_set_epi32(4, 0, 0, 0));
        k = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)ek));
        for (i = 0; i < NR; i++) {
            x[i] = _mm512_xor_si512(ctr_swap512(*cw), k);
            *cw = _mm512_add_epi32(*cw, four);
        }
#define ROUND(r)                                                                         \
    k = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(ek + 16 * (r)))); \
    for (i = 0; i < NR; i++)                                                             \
        x[i] = _mm512_aesenc_epi128(x[i], k);                                            \
    if (gh && (r) <= NR)                                                                 \
        GH_STEP((r) - 1);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        k = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(ek + 16 * rounds)));
        for (i = 0; i < NR; i++)
            x[i] = _mm512_xor_si512(_mm512_aesenclast_epi128(x[i], k), LD(in + 64 * i));
        for (i = 0; i < NR; i++)
            ST(out + 64 * i, x[i]);
    } else {
        for (i = 0; i < NR; i++)
            GH_STEP(i);
    }
    if (gh)
        *s = gcx_reduce_pre(gcx_fold512(lo), gcx_fold512(mid), gcx_fold512(hi));
}

/* n: a multiple of 4 * NR, at least 4 * NR. */
INL void body(const uint8_t *ek, unsigned rounds, const uint64_t *hk, uint8_t y[16],
              uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    __m128i s = gcx_bswap(_mm_loadu_si128((const __m128i *)(const void *)y));
    __m512i cw = _mm512_add_epi32(
        ctr_swap512(_mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)ctr))),
        _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
    __m512i hp[NR];
    size_t i;
    gcx_pow32(hk, hp);
    if (enc) {
        iter(ek, rounds, hp, &s, &cw, out, in, NULL, 1, 0);
        for (i = 4 * NR; i < n; i += 4 * NR)
            iter(ek, rounds, hp, &s, &cw, out + 16 * i, in + 16 * i, out + 16 * (i - 4 * NR),
                 1, 1);
        iter(ek, rounds, hp, &s, &cw, NULL, NULL, out + 16 * (n - 4 * NR), 0, 1);
    } else {
        for (i = 0; i < n; i += 4 * NR)
            iter(ek, rounds, hp, &s, &cw, out + 16 * i, in + 16 * i, in + 16 * i, 1, 1);
    }
    _mm_storeu_si128((__m128i *)(void *)y, gcx_bswap(s));
    _mm_storeu_si128((__m128i *)(void *)ctr, _mm512_castsi512_si128(ctr_swap512(cw)));
    rijn_wipe(hp, sizeof hp);
}

__attribute__((target(T512))) static void run(const uint8_t *ek, unsigned rounds,
                                              const uint64_t *hk, uint8_t y[16],
                                              uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                              size_t n, int enc)
{
    if (enc)
        body(ek, rounds, hk, y, ctr, out, in, n, 1);
    else
        body(ek, rounds, hk, y, ctr, out, in, n, 0);
}

size_t rijn_i_gcm_stitch512(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                            const uint8_t *in, size_t nblocks, int enc)
{
    const uint32_t need = RIJN_CPU_AESNI | RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3 | RIJN_CPU_VAES |
                          RIJN_CPU_VPCLMUL | RIJN_CPU_AVX512;
    size_t n = nblocks - nblocks % (4 * NR);
    if (n == 0 || (rijn_i_cpu_features() & need) != need)
        return 0;
    run(rijn_i_aes_rk_enc(&k->aes), k->aes.rounds, k->hkey, m->y, m->ctr, out, in, n, enc);
    return n;
}

#endif
