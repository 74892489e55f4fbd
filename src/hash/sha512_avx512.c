/*
 * sha512_avx512.c -- SHA-512 compression for x86-64 with AVX-512VL and
 * BMI2: the rounds on the integer units (hand-scheduled RORX rounds with a
 * four-cycle critical path), the message schedule on the vector units.
 *
 * Implementation notes:
 * - Rounds: the usual form (T1 = h + W+K + Ch + Sigma1; d += T1) puts
 *   five dependent operations between e and the next e. Here d + h + W+K
 *   is added before e is known and Ch (two operations after e) before
 *   Sigma1 (three), so e' = (d + h + W+K + Ch) + Sigma1(e) is four
 *   operations behind e; a' = e' + ((b & c) - d) + (a & (b ^ c)) + Sigma0(a), which is
 *   T1 + Maj + Sigma0 (the two Maj terms have no common bit), runs two
 *   cycles behind e'. 24 integer operations a round, in one asm statement
 *   so that the compiler keeps that order and association; RORX makes the
 *   rotations non-destructive. On the AMD EPYC benchmark host (AVX-512,
 *   2-cycle vector latency, so rounds on vector registers were twice as
 *   slow) this runs ~5.0 cycles a round, where the integer units'
 *   throughput is the limit, against ~5.7 for the usual form (OpenSSL 3's
 *   AVX2 code and the former AVX-512VL form of sha512_x86.c).
 * - Schedule: two words per step in XMM registers, VPRORQ and one
 *   VPTERNLOGQ per sigma, sigma1 of the previous pair added last (it is
 *   the schedule's own recurrence); W + K go to a stack buffer that the
 *   rounds read with 8-byte loads. Two layouts:
 *   - fewer than RIJN_I_SHA512_FAR_MIN (16) blocks (the final block of
 *     every message, HMAC and PBKDF2 steps): the schedule runs sixteen
 *     words ahead of the rounds of the same block;
 *   - runs of blocks: the whole schedule of block i+1 is computed beside
 *     the rounds of block i into the other half of a double buffer, so the
 *     rounds never wait for it (~4% faster per block); the first block's
 *     schedule is computed up front (~250 cycles, hence the threshold), and
 *     the last block recomputes its own instead of reading past the input.
 * - Code: the short form loops over sixteen rounds (eight schedule
 *   steps: one turn of the eight-register window; ~3 KB), the run form is
 *   unrolled (~14 KB; ~3% faster than its rolled form).
 * - Dispatch: sha512.c calls this when src/core/cpu.c reports AVX-512
 *   (F+BW+VL, OS-enabled ZMM state) and BMI2; RIJN_CPU_MASK hides it, and
 *   Valgrind (no AVX-512) runs the other paths.
 * - Constant time: additions, shifts, rotations and Boolean operations
 *   only; no data-dependent branch or index (the threshold depends on the
 *   length only).
 * - Proof: CAVP SHA-384/512 and the OpenSSL differential tests
 *   (tests/hash/test_sha2_*.c), tests/hash/test_sha512_paths.c (every path forced,
 *   runs of 1..n blocks on both layouts).
 */
#include "hash_i.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_SHA512 && RIJN_I_SHA512_X86
#include <immintrin.h>

/* One round (AT&T operand order), named registers sa..sh; t0 = Sigma1,
 * t3 = Ch then Sigma0, t2 = (b & c) - d + (a & (b ^ c)) + e'. */
#define ROUND(a, b, c, d, e, f, g, h, i)                                         \
    __asm__("movq %[sf], %[t3]\n\t"                                              \
            "xorq %[sg], %[t3]\n\t"                                              \
            "andq %[se], %[t3]\n\t"                                              \
            "xorq %[sg], %[t3]\n\t"                                              \
            "rorx $14, %[se], %[t0]\n\t"                                         \
            "rorx $18, %[se], %[t1]\n\t"                                         \
            "xorq %[t1], %[t0]\n\t"                                              \
            "rorx $41, %[se], %[t1]\n\t"                                         \
            "xorq %[t1], %[t0]\n\t"                                              \
            "movq %[sb], %[t2]\n\t"                                              \
            "andq %[sc], %[t2]\n\t"                                              \
            "subq %[sd], %[t2]\n\t"                                              \
            "addq %[wk], %[sh]\n\t"                                              \
            "addq %[sh], %[sd]\n\t"                                              \
            "addq %[t3], %[sd]\n\t"                                              \
            "addq %[t0], %[sd]\n\t"                                              \
            "movq %[sb], %[t1]\n\t"                                              \
            "xorq %[sc], %[t1]\n\t"                                              \
            "andq %[sa], %[t1]\n\t"                                              \
            "addq %[t1], %[t2]\n\t"                                              \
            "rorx $28, %[sa], %[t3]\n\t"                                         \
            "rorx $34, %[sa], %[t1]\n\t"                                         \
            "xorq %[t1], %[t3]\n\t"                                              \
            "rorx $39, %[sa], %[t1]\n\t"                                         \
            "xorq %[t1], %[t3]\n\t"                                              \
            "addq %[sd], %[t2]\n\t"                                              \
            "leaq (%[t2], %[t3]), %[sh]\n\t"                                     \
            : [sd] "+r"(d), [sh] "+r"(h), [t0] "=&r"(t0), [t1] "=&r"(t1),       \
              [t2] "=&r"(t2), [t3] "=&r"(t3)                                     \
            : [sa] "r"(a), [sb] "r"(b), [sc] "r"(c), [se] "r"(e), [sf] "r"(f),  \
              [sg] "r"(g), [wk] "m"(wk[i]))
#define ROUND8(i)                               \
    do {                                        \
        ROUND(a, b, c, d, e, f, g, h, (i) + 0); \
        ROUND(h, a, b, c, d, e, f, g, (i) + 1); \
        ROUND(g, h, a, b, c, d, e, f, (i) + 2); \
        ROUND(f, g, h, a, b, c, d, e, (i) + 3); \
        ROUND(e, f, g, h, a, b, c, d, (i) + 4); \
        ROUND(d, e, f, g, h, a, b, c, (i) + 5); \
        ROUND(c, d, e, f, g, h, a, b, (i) + 6); \
        ROUND(b, c, d, e, f, g, h, a, (i) + 7); \
    } while (0)

/* sigma0 / sigma1 of two schedule words */
#define S0(x) \
    _mm_ternarylogic_epi64(_mm_ror_epi64(x, 1), _mm_ror_epi64(x, 8), _mm_srli_epi64(x, 7), 0x96)
#define S1(x) \
    _mm_ternarylogic_epi64(_mm_ror_epi64(x, 19), _mm_ror_epi64(x, 61), _mm_srli_epi64(x, 6), 0x96)
#define KP(t) ((const __m128i *)(rijn_i_sha512_k + (t)))

/* Words 2k, 2k+1 of block p into the window w[] and W + K into dst. */
#define SLOAD(dst, p, k)                                                               \
    do {                                                                               \
        w[k] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 16 * (k))), bswap); \
        _mm_storeu_si128((__m128i *)((dst) + 2 * (k)), _mm_add_epi64(w[k], _mm_loadu_si128(KP(2 * (k))))); \
    } while (0)
/* Words t + 2k, t + 2k + 1 (t a multiple of 16) from the window. */
#define SSTEP(dst, t, k)                                                                 \
    do {                                                                                 \
        __m128i w15_ = _mm_alignr_epi8(w[((k) + 1) & 7], w[k], 8);                       \
        __m128i w7_ = _mm_alignr_epi8(w[((k) + 5) & 7], w[((k) + 4) & 7], 8);             \
        __m128i n_ = _mm_add_epi64(_mm_add_epi64(w[k], w7_), S0(w15_));                  \
        n_ = _mm_add_epi64(n_, S1(w[((k) + 7) & 7]));                                    \
        w[k] = n_;                                                                       \
        _mm_storeu_si128((__m128i *)((dst) + (t) + 2 * (k)),                             \
                         _mm_add_epi64(n_, _mm_loadu_si128(KP((t) + 2 * (k)))));        \
    } while (0)
#define SSTEP4(dst, t, k)          \
    do {                           \
        SSTEP(dst, t, (k) + 0);    \
        SSTEP(dst, t, (k) + 1);    \
        SSTEP(dst, t, (k) + 2);    \
        SSTEP(dst, t, (k) + 3);    \
    } while (0)
#define SLOAD4(dst, p, k)          \
    do {                           \
        SLOAD(dst, p, (k) + 0);    \
        SLOAD(dst, p, (k) + 1);    \
        SLOAD(dst, p, (k) + 2);    \
        SLOAD(dst, p, (k) + 3);    \
    } while (0)

#define SH_TARGET __attribute__((target("avx2,bmi,bmi2,avx512f,avx512vl")))
#define LOADSTATE()                                              \
    do {                                                         \
        a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];              \
        e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];              \
    } while (0)
#define FEEDSTATE()                                              \
    do {                                                         \
        hv[0] = a += hv[0]; hv[1] = b += hv[1];                  \
        hv[2] = c += hv[2]; hv[3] = d += hv[3];                  \
        hv[4] = e += hv[4]; hv[5] = f += hv[5];                  \
        hv[6] = g += hv[6]; hv[7] = h += hv[7];                  \
    } while (0)

/* Wipe the W+K buffer in 64-byte stores: GCC turns a memset of it into
 * "rep stosq", whose start-up cost was ~10% of a one-block message. The
 * barrier keeps the loop from becoming that memset again. */
static inline __attribute__((always_inline, target("avx2,bmi,bmi2,avx512f,avx512vl"))) void
wipe_zmm(uint64_t *p, size_t nwords)
{
    size_t i;
    for (i = 0; i < nwords; i += 8) {
        _mm512_storeu_si512((void *)(p + i), _mm512_setzero_si512());
        __asm__ __volatile__("" : : "r"(p) : "memory");
    }
}

/* Blocks one at a time, the schedule sixteen words ahead of the rounds. */
SH_TARGET
static void compress_near(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    uint64_t wk[80], a, b, c, d, e, f, g, h, t0, t1, t2, t3;
    __m128i w[8];
    size_t i;
    LOADSTATE();
    while (nblocks-- > 0) {
        SLOAD4(wk, blocks, 0);
        SLOAD4(wk, blocks, 4);
        for (i = 0; i < 64; i += 16) {
            SSTEP4(wk, i + 16, 0);
            ROUND8(i);
            SSTEP4(wk, i + 16, 4);
            ROUND8(i + 8);
        }
        ROUND8(64);
        ROUND8(72);
        FEEDSTATE();
        blocks += 128;
    }
    wipe_zmm(wk, 80);
    rijn_i_hash_wipe(w, sizeof w);
}

/* Runs of blocks: block i's rounds beside block i+1's whole schedule. */
SH_TARGET
static void compress_far(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    uint64_t buf[160], *wk, *nx, a, b, c, d, e, f, g, h, t0, t1, t2, t3;
    const uint8_t *next;
    __m128i w[8];
    size_t i;
    nx = buf;
    SLOAD4(nx, blocks, 0);
    SLOAD4(nx, blocks, 4);
    for (i = 16; i < 80; i += 16) {
        SSTEP4(nx, i, 0);
        SSTEP4(nx, i, 4);
    }
    LOADSTATE();
    while (nblocks-- > 0) {
        wk = nx;
        nx = (nx == buf) ? buf + 80 : buf;
        next = nblocks > 0 ? blocks + 128 : blocks; /* last: its own again */
        SLOAD4(nx, next, 0);
        ROUND8(0);
        SLOAD4(nx, next, 4);
        ROUND8(8);
        SSTEP4(nx, 16, 0);
        ROUND8(16);
        SSTEP4(nx, 16, 4);
        ROUND8(24);
        SSTEP4(nx, 32, 0);
        ROUND8(32);
        SSTEP4(nx, 32, 4);
        ROUND8(40);
        SSTEP4(nx, 48, 0);
        ROUND8(48);
        SSTEP4(nx, 48, 4);
        ROUND8(56);
        SSTEP4(nx, 64, 0);
        ROUND8(64);
        SSTEP4(nx, 64, 4);
        ROUND8(72);
        FEEDSTATE();
        blocks = next;
    }
    wipe_zmm(buf, 160);
    rijn_i_hash_wipe(w, sizeof w);
}

#ifndef RIJN_I_SHA512_FAR_MIN
/* Blocks. Alone, the run form wins from ~6 blocks on; but a 1 KiB message
 * (8 blocks, then the final block in the short form) measured 3% faster
 * with both calls in the short form (one ~3 KB loop instead of two code
 * paths to fetch), so runs start at 16 blocks. */
#define RIJN_I_SHA512_FAR_MIN 16
#endif

void rijn_i_sha512_compress_avx512vl(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    if (nblocks >= RIJN_I_SHA512_FAR_MIN)
        compress_far(hv, blocks, nblocks);
    else if (nblocks > 0)
        compress_near(hv, blocks, nblocks);
}

#else
typedef int rijn_i_sha512_avx512_unused;
#endif
