/*
 * sha256_x86v.c -- SHA-256 compression for x86-64 without the SHA
 * extensions: the message schedule on 128-bit vector registers, the rounds
 * on the integer units. Two entries of sha256.c's registry: "avx2" (VEX
 * encoding, RORX rounds; needs AVX2 + BMI2: Haswell .. Comet Lake, Zen 1)
 * and "ssse3" (SSSE3 schedule, MOV + ROR rounds: any x86-64 since Core 2).
 *
 * Implementation notes:
 * - Schedule: four words per step (the method of Intel's "Fast SHA-256
 *   Implementations on Intel Architecture Processors"): W[t-15..t-12] and
 *   W[t-7..t-4] by PALIGNR from the four-register window, sigma0 of all
 *   four with shifts, then sigma1 twice, for W[t..t+1] from W[t-2..t-1]
 *   and for W[t+2..t+3] from the two words just made: each word is
 *   duplicated into a 64-bit lane (PSHUFD), so that a 64-bit right shift
 *   is a 32-bit rotation in the low half; PSHUFB gathers the two results.
 *   W + K goes to a stack buffer that the rounds read.
 * - ssse3 (and the avx2 entry's lone last block): one block at a time, the
 *   schedule sixteen words ahead of the rounds, interleaved with them.
 * - avx2: two blocks at once, one in each 128-bit half of the YMM
 *   registers (as OpenSSL's and Linux's AVX2 code do): block 0's rounds
 *   run beside the schedule of both, block 1's rounds after them read the
 *   words already made. Runs of RIJN_I_SHA256_AHEAD_MIN (32) or more
 *   blocks compute the next pair's whole schedule beside this pair's
 *   block 0 (the sigma1 recurrence is the longer chain on the Zen 5 test
 *   host; 1 MiB 3.5 -> 3.4 ticks/B); shorter runs the pair's own.
 * - Rounds: sha2_x86_round_i.h (hand-ordered asm, four operations from e
 *   to the next e).
 * - The avx2 schedule step is one asm statement (with intrinsics GCC
 *   spilled window registers inside the sigma1 recurrence: 1 MiB 3.45 ->
 *   3.38 ticks/B with GCC, Clang 3.27 -> 3.41, both within OpenSSL's).
 * - Measured (Zen 5, TSC ticks/B, 1 MiB / 1 KiB one-shot beside OpenSSL
 *   in the same process, both masked: RIJN_CPU_MASK=0x2CFF and OpenSSL's
 *   AVX2 code without SHA; 0xF and OpenSSL's SSSE3 code): avx2 3.38 / 3.83
 *   with GCC, 3.42 / 3.75 with Clang, OpenSSL 3.41-3.45 / 4.22; ssse3 4.04
 *   / 4.26 with GCC, 3.79 / 3.99 with Clang, OpenSSL 4.33-4.39 / 5.2;
 *   portable 5.4 / 5.7.
 * - Built with per-function target attributes (the library compiles with
 *   baseline flags); sha256.c takes SHA-NI first, then these by CPUID
 *   (RIJN_CPU_MASK hides any of them).
 * - Constant time: additions, shifts, rotations, shuffles with constant
 *   masks and Boolean operations only; branches on the block count only;
 *   no data-dependent index.
 * - Proof: CAVP and the OpenSSL differential tests run every entry the
 *   CPU has (tests/hash/test_sha2_impls.c: runs of 1..40 blocks, both
 *   forms and the lone last block; test_sha2_cavp / test_sha2_diff at every
 *   RIJN_CPU_MASK level; tests/core/test_impls.c).
 */
#include "hash_i.h"

#if RIJN_I_SHA256_X86
#include <immintrin.h>

#include "hash/sha2_x86_round_i.h"

/* sigma0 of four words; sigma1 of words 0 and 2 of y = (x, x, x', x'),
 * in the low half of each 64-bit lane */
#define SV_S0(x)                                                                         \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi32(x, 7), _mm_slli_epi32(x, 25)), \
                                _mm_xor_si128(_mm_srli_epi32(x, 18), _mm_slli_epi32(x, 14))), \
                  _mm_srli_epi32(x, 3))
#define SV_S1(y) \
    _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(y, 17), _mm_srli_epi64(y, 19)), _mm_srli_epi32(y, 10))
#define SV_K(t) _mm_loadu_si128((const __m128i *)(rijn_i_sha256_k + (t)))

/* words 4k..4k+3 of the block into w[k], W + K into wk */
#define SV_LOAD(k)                                                                     \
    do {                                                                               \
        w[k] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * (k))), bswap); \
        _mm_storeu_si128((__m128i *)(wk + 4 * (k)), _mm_add_epi32(w[k], SV_K(4 * (k)))); \
    } while (0)
/* words t..t+3 into w[k] (which held W[t-16..t-13]) */
#define SV_SCHED(k, t)                                                                   \
    do {                                                                                 \
        __m128i w15_ = _mm_alignr_epi8(w[((k) + 1) & 3], w[k], 4);                       \
        __m128i w7_ = _mm_alignr_epi8(w[((k) + 3) & 3], w[((k) + 2) & 3], 4);            \
        __m128i n_ = _mm_add_epi32(_mm_add_epi32(w[k], w7_), SV_S0(w15_));               \
        n_ = _mm_add_epi32(n_, _mm_shuffle_epi8(SV_S1(_mm_shuffle_epi32(w[((k) + 3) & 3], 0xFA)), lo2)); \
        n_ = _mm_add_epi32(n_, _mm_shuffle_epi8(SV_S1(_mm_shuffle_epi32(n_, 0x50)), hi2)); \
        w[k] = n_;                                                                       \
        _mm_storeu_si128((__m128i *)(wk + (t)), _mm_add_epi32(n_, SV_K(t)));             \
    } while (0)

#define SV_NAME compress_avx2_one
#define SV_TARGET __attribute__((target("avx2,bmi,bmi2")))
#define SV_LINKAGE static
#define SV_ROT SR_RORX
#include "hash/sha256_x86v_body.h" /* a lone last block */

/* ---- AVX2: two blocks' schedules at once --------------------------------
 * Block 0 of a pair in the low 128 bits of w0..w3, block 1 in the high
 * (PALIGNR, PSHUFD, PSHUFB and the shifts work within each half, so the
 * step is the 128-bit one); words t..t+3 of both go to dst + 2t: block 0's
 * W + K word n at dst[8(n / 4) + (n & 3)], block 1's four words further. */
#define SW_K(t) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(rijn_i_sha256_k + (t))))
#define SW_LOAD(dst, p, k, x)                                                                  \
    do {                                                                                       \
        __m256i v_ = _mm256_inserti128_si256(                                                  \
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)((p) + (size_t)16 * (k)))), \
            _mm_loadu_si128((const __m128i *)((p) + 64 + (size_t)16 * (k))), 1);              \
        (x) = _mm256_shuffle_epi8(v_, bswap);                                                  \
        _mm256_storeu_si256((__m256i *)((dst) + (size_t)8 * (k)), _mm256_add_epi32(x, SW_K(4 * (k)))); \
    } while (0)
/* words t + 4k .. t + 4k + 3 into x0 (which held them less sixteen),
 * W + K stored to dst; one asm statement with three temporaries (with
 * intrinsics GCC spilled window registers, see sha512_x86.c) */
#define SW_STEP(dst, t, k, x0, x1, x2, x3)                                   \
    __asm__("vpalignr $4, %[v0], %[v1], %[u1]\n\t"                                      \
            "vpalignr $4, %[v2], %[v3], %[u2]\n\t"                                      \
            "vpaddd %[u2], %[v0], %[v0]\n\t"                                            \
            "vpsrld $7, %[u1], %[u2]\n\t"                                               \
            "vpslld $25, %[u1], %[u3]\n\t"                                              \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpsrld $18, %[u1], %[u3]\n\t"                                              \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpslld $14, %[u1], %[u3]\n\t"                                              \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpsrld $3, %[u1], %[u3]\n\t"                                               \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpaddd %[u2], %[v0], %[v0]\n\t"                                            \
            "vpshufd $0xFA, %[v3], %[u1]\n\t"                                           \
            "vpsrlq $17, %[u1], %[u2]\n\t"                                              \
            "vpsrlq $19, %[u1], %[u3]\n\t"                                              \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpsrld $10, %[u1], %[u3]\n\t"                                              \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpshufb %[lo], %[u2], %[u2]\n\t"                                           \
            "vpaddd %[u2], %[v0], %[v0]\n\t"                                            \
            "vpshufd $0x50, %[v0], %[u1]\n\t"                                           \
            "vpsrlq $17, %[u1], %[u2]\n\t"                                              \
            "vpsrlq $19, %[u1], %[u3]\n\t"                                              \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpsrld $10, %[u1], %[u3]\n\t"                                              \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                             \
            "vpshufb %[hi], %[u2], %[u2]\n\t"                                           \
            "vpaddd %[u2], %[v0], %[v0]\n\t"                                            \
            "vbroadcasti128 %[kk], %[u1]\n\t"                                           \
            "vpaddd %[v0], %[u1], %[u1]\n\t"                                            \
            "vmovdqu %[u1], %[out]"                                                  \
            : [v0] "+x"(x0), [u1] "=&x"(u1), [u2] "=&x"(u2), [u3] "=&x"(u3),         \
              [out] "=m"(*(__m256i *)((dst) + (size_t)2 * (t) + (size_t)8 * (k)))    \
            : [v1] "x"(x1), [v2] "x"(x2), [v3] "x"(x3), [lo] "x"(lo2), [hi] "x"(hi2), \
              [kk] "m"(*(const __m128i *)(rijn_i_sha256_k + (t) + 4 * (k))))
#define SW_STEP4(dst, t)                            \
    do {                                            \
        SW_STEP(dst, t, 0, w0, w1, w2, w3);         \
        SW_STEP(dst, t, 1, w1, w2, w3, w0);         \
        SW_STEP(dst, t, 2, w2, w3, w0, w1);         \
        SW_STEP(dst, t, 3, w3, w0, w1, w2);         \
    } while (0)
#define SW_LOAD4(dst, p)                            \
    do {                                            \
        SW_LOAD(dst, p, 0, w0);                     \
        SW_LOAD(dst, p, 1, w1);                     \
        SW_LOAD(dst, p, 2, w2);                     \
        SW_LOAD(dst, p, 3, w3);                     \
    } while (0)
#define SW_WK0(i, j) wk[2 * (i) + 8 * ((j) / 4) + ((j) & 3)]
#define SW_WK1(i, j) wk[2 * (i) + 8 * ((j) / 4) + ((j) & 3) + 4]
#define SW_R8(WK, i) SR_ROUND8(SR_ROUND256, SR_RORX, WK, i)
#define SW_FEED()                                                                              \
    do {                                                                                       \
        hv[0] = a += hv[0]; hv[1] = b += hv[1]; hv[2] = c += hv[2]; hv[3] = d += hv[3];       \
        hv[4] = e += hv[4]; hv[5] = f += hv[5]; hv[6] = g += hv[6]; hv[7] = h += hv[7];       \
    } while (0)
#ifndef RIJN_I_SHA256_AHEAD_MIN
#define RIJN_I_SHA256_AHEAD_MIN 32 /* blocks: below, the first schedule up front costs more */
#endif

__attribute__((target("avx2,bmi,bmi2")))
void rijn_i_sha256_compress_avx2(uint32_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m256i bswap = _mm256_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL,
                                            0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    const __m256i lo2 = _mm256_set_epi64x(-1, 0x0b0a090803020100LL, -1, 0x0b0a090803020100LL);
    const __m256i hi2 = _mm256_set_epi64x(0x0b0a090803020100LL, -1, 0x0b0a090803020100LL, -1);
    uint32_t buf[256], *wk, *nx, a, b, c, d, e, f, g, h, t0, t1, t2, t3;
    const uint8_t *next;
    __m256i w0, w1, w2, w3, u1, u2, u3;
    size_t i;
    int ahead;
    if (nblocks < 2) {
        if (nblocks == 1)
            compress_avx2_one(hv, blocks, 1);
        return;
    }
    nx = buf;
    ahead = nblocks >= RIJN_I_SHA256_AHEAD_MIN;
    if (ahead) { /* the first pair's schedule */
        SW_LOAD4(nx, blocks);
        for (i = 16; i < 64; i += 16)
            SW_STEP4(nx, i);
    }
    a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
    e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];
    for (; nblocks >= 2; nblocks -= 2, blocks += 128) {
        /* long runs: block 0's rounds beside the next pair's whole schedule
         * (its sigma1 recurrence is the longer chain), then block 1's;
         * short runs: the pair's own schedule sixteen words ahead */
        wk = nx;
        next = blocks;
        if (ahead) {
            nx = (nx == buf) ? buf + 128 : buf;
            next = nblocks >= 4 ? blocks + 128 : blocks; /* no next pair: this one again */
        }
#ifdef __clang__
        /* opaque: one base register each, not an address selected per store */
        __asm__("" : "+r"(wk), "+r"(nx));
#endif
        SW_LOAD4(nx, next);
        for (i = 0; i < 48; i += 16) {
            SW_R8(SW_WK0, i);
            SW_STEP(nx, i + 16, 0, w0, w1, w2, w3);
            SW_STEP(nx, i + 16, 1, w1, w2, w3, w0);
            SW_R8(SW_WK0, i + 8);
            SW_STEP(nx, i + 16, 2, w2, w3, w0, w1);
            SW_STEP(nx, i + 16, 3, w3, w0, w1, w2);
        }
        SW_R8(SW_WK0, 48);
        SW_R8(SW_WK0, 56);
        SW_FEED();
        for (i = 0; i < 64; i += 16) {
            SW_R8(SW_WK1, i);
            SW_R8(SW_WK1, i + 8);
        }
        SW_FEED();
    }
    rijn_i_hash_wipe(buf, sizeof buf);
    /* the window: zero the registers (nothing of it lives in memory) */
    w0 = w1 = w2 = w3 = u1 = u2 = u3 = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "x"(w0), "x"(w1), "x"(w2), "x"(w3), "x"(u1), "x"(u2), "x"(u3));
    if (nblocks == 1)
        compress_avx2_one(hv, blocks, 1);
}

#define SV_NAME rijn_i_sha256_compress_ssse3
#define SV_TARGET __attribute__((target("ssse3")))
#define SV_LINKAGE
#define SV_ROT SR_MOVROR
#include "hash/sha256_x86v_body.h"

#else
typedef int rijn_i_sha256_x86v_empty; /* ISO C: no empty translation unit */
#endif
