/*
 * argon2_fill_avx2.c -- the Argon2 block function G on AVX2 (x86-64).
 *
 * Implementation notes:
 * - Same result as compress_portable() in argon2_fill.c: R = X ^ Y, the
 *   permutation P on the 8 rows then the 8 columns of R's 8x8 matrix of
 *   16-byte registers, out (^)= P(R) ^ R. The row step reads X and Y and
 *   writes the 1 KiB scratch q (16 ymm registers cannot hold 32); the
 *   column step reads q and writes out, re-reading X and Y for the final
 *   XOR with R (out never aliases them).
 * - Rows: a row is 16 contiguous words v0..v15, loaded as four vectors
 *   a = v0..v3, b = v4..v7, c = v8..v11, d = v12..v15; the four "column"
 *   GB calls of P run lane-wise on (a, b, c, d), and the four "diagonal"
 *   ones after rotating b, c, d by 1, 2, 3 lanes (VPERMQ), as in BLAKE2b.
 * - Columns: column i is the 16-byte registers q[i], q[i+8], ..., q[i+56];
 *   two neighbouring columns (i, i+1) are 32 contiguous bytes at each of
 *   the 8 positions, so one 256-bit load gives register j of both, and P
 *   runs on two 2-word halves per vector (each 128-bit lane one column),
 *   with VPALIGNR (per lane) doing the diagonal step.
 * - BlaMka x + y + 2 * lo(x) * lo(y) maps onto VPMULUDQ; rotations by 32,
 *   24 and 16 are byte shuffles, by 63 a shift and an add.
 * - Constant time: fixed instruction sequence; no branch or index on the
 *   data. Built with a target attribute; argon2_fill.c calls it only when
 *   CPUID (through rijn_i_cpu_features, maskable with RIJN_CPU_MASK)
 *   reports AVX2.
 * - Proof: tests/kdf/test_argon2.c runs every vector and differential test
 *   with and without AVX2 (re-run with RIJN_CPU_MASK=0).
 */
#include "argon2_i.h"

#if RIJN_I_ARGON2_AVX2
#include <immintrin.h>

#define TGT __attribute__((target("avx2")))

#define ROT32(x) _mm256_shuffle_epi32((x), _MM_SHUFFLE(2, 3, 0, 1))
#define ROT24(x) _mm256_shuffle_epi8((x), r24)
#define ROT16(x) _mm256_shuffle_epi8((x), r16)
#define ROT63(x) _mm256_xor_si256(_mm256_srli_epi64((x), 63), _mm256_add_epi64((x), (x)))
#define BLAMKA(x, y)                                                     \
    _mm256_add_epi64(_mm256_add_epi64((x), (y)),                         \
                     _mm256_add_epi64(_mm256_mul_epu32((x), (y)), _mm256_mul_epu32((x), (y))))

/* GB lane-wise on four vectors. */
#define GB4(a, b, c, d)          \
    do {                         \
        a = BLAMKA(a, b);        \
        d = ROT32(_mm256_xor_si256(d, a)); \
        c = BLAMKA(c, d);        \
        b = ROT24(_mm256_xor_si256(b, c)); \
        a = BLAMKA(a, b);        \
        d = ROT16(_mm256_xor_si256(d, a)); \
        c = BLAMKA(c, d);        \
        b = ROT63(_mm256_xor_si256(b, c)); \
    } while (0)

#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* q = rows of P applied to R = x ^ y. */
TGT static void rows(uint64_t *q, const uint64_t *x, const uint64_t *y, __m256i r24, __m256i r16)
{
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        uint64_t *p = q + 16 * i;
        const uint64_t *px = x + 16 * i, *py = y + 16 * i;
        __m256i a = _mm256_xor_si256(LD(px), LD(py)), b = _mm256_xor_si256(LD(px + 4), LD(py + 4));
        __m256i c = _mm256_xor_si256(LD(px + 8), LD(py + 8));
        __m256i d = _mm256_xor_si256(LD(px + 12), LD(py + 12));
        GB4(a, b, c, d);
        b = _mm256_permute4x64_epi64(b, _MM_SHUFFLE(0, 3, 2, 1)); /* v5 v6 v7 v4 */
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(1, 0, 3, 2)); /* v10 v11 v8 v9 */
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(2, 1, 0, 3)); /* v15 v12 v13 v14 */
        GB4(a, b, c, d);
        b = _mm256_permute4x64_epi64(b, _MM_SHUFFLE(2, 1, 0, 3));
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(0, 3, 2, 1));
        ST(p, a);
        ST(p + 4, b);
        ST(p + 8, c);
        ST(p + 12, d);
    }
}

/* Result word k of G: column-P output ^ x[k] ^ y[k] (^ out[k]). */
#define OUT(o, v)                                                                 \
    do {                                                                          \
        __m256i r_ = _mm256_xor_si256((v), _mm256_xor_si256(LD(x + (o)), LD(y + (o)))); \
        if (xor_into)                                                             \
            r_ = _mm256_xor_si256(r_, LD(out + (o)));                             \
        ST(out + (o), r_);                                                        \
    } while (0)

/* Columns of P on q, then the feed-forward into out. */
TGT static void columns(uint64_t *out, const uint64_t *x, const uint64_t *y, int xor_into,
                        const uint64_t *q, __m256i r24, __m256i r16)
{
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i += 2) {
        /* register j of columns i and i+1: words 2i + 16j .. +3 */
        const uint64_t *p = q + 2 * i;
        size_t o = 2 * i;
        __m256i a0 = LD(p), a1 = LD(p + 16), b0 = LD(p + 32), b1 = LD(p + 48);
        __m256i c0 = LD(p + 64), c1 = LD(p + 80), d0 = LD(p + 96), d1 = LD(p + 112), t0, t1;
        /* per lane: a0 = (v0, v1), a1 = (v2, v3), b0 = (v4, v5), ... */
        GB4(a0, b0, c0, d0);
        GB4(a1, b1, c1, d1);
        /* diagonal: (v0,v1) with (v5,v6), (v10,v11), (v15,v12);
         *           (v2,v3) with (v7,v4), (v8,v9),   (v13,v14) */
        t0 = _mm256_alignr_epi8(b1, b0, 8);
        t1 = _mm256_alignr_epi8(b0, b1, 8);
        b0 = t0;
        b1 = t1;
        t0 = c0;
        c0 = c1;
        c1 = t0;
        t0 = _mm256_alignr_epi8(d0, d1, 8);
        t1 = _mm256_alignr_epi8(d1, d0, 8);
        d0 = t0;
        d1 = t1;
        GB4(a0, b0, c0, d0);
        GB4(a1, b1, c1, d1);
        /* undo: b0 = (v4, v5) = (b1'.hi, b0'.lo), b1 = (v6, v7) */
        t0 = _mm256_alignr_epi8(b0, b1, 8);
        t1 = _mm256_alignr_epi8(b1, b0, 8);
        b0 = t0;
        b1 = t1;
        t0 = c0;
        c0 = c1;
        c1 = t0;
        t0 = _mm256_alignr_epi8(d1, d0, 8);
        t1 = _mm256_alignr_epi8(d0, d1, 8);
        d0 = t0;
        d1 = t1;
        OUT(o, a0);
        OUT(o + 16, a1);
        OUT(o + 32, b0);
        OUT(o + 48, b1);
        OUT(o + 64, c0);
        OUT(o + 80, c1);
        OUT(o + 96, d0);
        OUT(o + 112, d1);
    }
}

TGT void rijn_i_argon2_compress_avx2(uint64_t *out, const uint64_t *x, const uint64_t *y,
                                     int xor_into, uint64_t *q)
{
    const __m256i r24 = _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
                                         3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
    const __m256i r16 = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
                                         2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
    rows(q, x, y, r24, r16);
    columns(out, x, y, xor_into, q, r24, r16);
}

#else
typedef int rijn_i_argon2_avx2_off; /* ISO C: no empty translation unit */
#endif
