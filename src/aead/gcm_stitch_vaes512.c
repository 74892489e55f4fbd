/*
 * gcm_stitch_vaes512.c -- AES-GCM encryption/decryption with CTR and
 * GHASH in one loop on 512-bit registers: VAES + VPCLMULQDQ + AVX-512,
 * for the x86ni AES class with the vpclmul512 GHASH class.
 *
 * Implementation notes
 *   Layout: sixteen counter blocks per iteration in four registers, lane
 *   j of register r holding block 4r + j; the 32-bit big-endian counter
 *   is kept byte-reversed in dword 3 of each lane (one VPSHUFB), so the
 *   counters are one VPADDD away: wrap mod 2^32, nonce bytes untouched,
 *   branch-free (J0 of a nonce other than 12 bytes is secret). The GHASH
 *   powers H^16..H^1 come from the vpclmul512 class's key material (four
 *   registers, highest first); per call they are multiplied by x^-1
 *   (gcm_clmul_x86.h, lane-wise) so the products need no 1-bit shift.
 *   Method: each iteration runs the AES rounds of sixteen counter blocks
 *   and, between the first rounds, multiplies four registers of
 *   ciphertext (sixteen blocks) by H^16..H^1 (four VPCLMULQDQ per
 *   register, summed unreduced; measured faster here than Karatsuba's
 *   three plus a shuffle and an XOR); the lanes are folded and
 *   reduced once. Encryption hashes the previous iteration's output
 *   (re-read from out; the last sixteen blocks after the loop),
 *   decryption the ciphertext of the same iteration (read before the
 *   stores: out == in works). Whole iterations only; gcm.c does the rest.
 *   Constant time: VAES, VPCLMULQDQ, adds on the counter; branches on
 *   lengths and CPU features only.
 *   Vectors: tests/test_gcm_stitch.c (every GHASH class forced, lengths
 *   around every 16-block boundary, counters about to wrap) and every
 *   GCM test on a CPU with VAES-512.
 */
#include "gcm_internal.h"
#include "aes/aes_x86ni.h"

#if RIJN_I_HAVE_GCM_STITCH512

#define T512 "aes,pclmul,sse2,ssse3,avx,avx2,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl"
#define INL static inline __attribute__((always_inline, target(T512)))
#define GCM_CLMUL_INL INL
#include "gcm_clmul_x86.h"

#define LD(p) _mm512_loadu_si512((const void *)(p))
#define ST(p, v) _mm512_storeu_si512((void *)(p), (v))

INL __m512i bcast(__m128i x)
{
    return _mm512_broadcast_i32x4(x);
}

INL __m512i bswap512(__m512i x)
{
    return _mm512_shuffle_epi8(
        x, bcast(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

INL __m512i ctr_swap512(__m512i x)
{
    return _mm512_shuffle_epi8(
        x, bcast(_mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)));
}

/* gcx_mulxinv lane-wise. */
INL __m512i mulxinv512(__m512i v)
{
    __mmask16 m = _mm512_cmplt_epi32_mask(_mm512_shuffle_epi32(v, _MM_PERM_DDDD),
                                          _mm512_setzero_si512());
    __m512i c = _mm512_srli_epi64(v, 63);
    v = _mm512_or_si512(_mm512_slli_epi64(v, 1), _mm512_bslli_epi128(c, 8));
    return _mm512_mask_xor_epi32(v, m, v, bcast(_mm_set_epi32((int)0xC2000000u, 0, 0, 1)));
}

INL __m128i fold(__m512i x)
{
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* Register q (0..3) of the 16 blocks at g against powers hp[q] (four
 * products; Karatsuba's extra shuffle + XOR cost as much here); block 0
 * gets the accumulator. */
#define GH_STEP(q)                                                                        \
    do {                                                                                  \
        __m512i d_ = bswap512(LD(g + 64 * (q)));                                          \
        if ((q) == 0)                                                                     \
            d_ = _mm512_xor_si512(d_, _mm512_zextsi128_si512(*s));                        \
        lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(d_, hp[q], 0x00));             \
        hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(d_, hp[q], 0x11));             \
        mid = _mm512_ternarylogic_epi64(mid, _mm512_clmulepi64_epi128(d_, hp[q], 0x01),   \
                                        _mm512_clmulepi64_epi128(d_, hp[q], 0x10), 0x96); \
    } while (0)

INL void iter(const uint8_t *ek, unsigned rounds, const __m512i *hp, __m128i *s, __m512i *cw,
              uint8_t *out, const uint8_t *in, const uint8_t *g, int aes, int gh)
{
    __m512i x[4], k, lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    unsigned i;
    if (aes) {
        const __m512i four = bcast(_mm_set_epi32(4, 0, 0, 0));
        k = bcast(_mm_loadu_si128((const __m128i *)(const void *)ek));
        for (i = 0; i < 4; i++) {
            x[i] = _mm512_xor_si512(ctr_swap512(*cw), k);
            *cw = _mm512_add_epi32(*cw, four);
        }
#define ROUND(r)                                                                 \
    k = bcast(_mm_loadu_si128((const __m128i *)(const void *)(ek + 16 * (r))));   \
    for (i = 0; i < 4; i++)                                                      \
        x[i] = _mm512_aesenc_epi128(x[i], k);                                    \
    if (gh && (r) <= 4)                                                          \
        GH_STEP((r) - 1);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        k = bcast(_mm_loadu_si128((const __m128i *)(const void *)(ek + 16 * rounds)));
        for (i = 0; i < 4; i++)
            x[i] = _mm512_xor_si512(_mm512_aesenclast_epi128(x[i], k), LD(in + 64 * i));
        for (i = 0; i < 4; i++)
            ST(out + 64 * i, x[i]);
    } else {
        GH_STEP(0);
        GH_STEP(1);
        GH_STEP(2);
        GH_STEP(3);
    }
    if (gh) {
        __m128i l = fold(lo), h = fold(hi);
        *s = gcx_reduce_pre(l, fold(mid), h);
    }
}

/* n: a multiple of 16, at least 16. */
INL void body(const uint8_t *ek, unsigned rounds, const uint64_t *hk, uint8_t y[16],
              uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    __m128i s = gcx_bswap(_mm_loadu_si128((const __m128i *)(const void *)y));
    __m512i cw = _mm512_add_epi32(
        ctr_swap512(bcast(_mm_loadu_si128((const __m128i *)(const void *)ctr))),
        _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
    __m512i hp[4];
    size_t i;
    for (i = 0; i < 4; i++)
        hp[i] = mulxinv512(LD(hk + 8 * i));
    if (enc) {
        iter(ek, rounds, hp, &s, &cw, out, in, NULL, 1, 0);
        for (i = 16; i < n; i += 16)
            iter(ek, rounds, hp, &s, &cw, out + 16 * i, in + 16 * i, out + 16 * (i - 16),
                 1, 1);
        iter(ek, rounds, hp, &s, &cw, NULL, NULL, out + 16 * (n - 16), 0, 1);
    } else {
        for (i = 0; i < n; i += 16)
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
    size_t n = nblocks & ~(size_t)15;
    if (n == 0 || (rijn_i_cpu_features() & need) != need)
        return 0;
    run(rijn_i_x86ni_ek(k->aes.ks), k->aes.rounds, k->hkey, m->y, m->ctr, out, in, n, enc);
    return n;
}

#endif
