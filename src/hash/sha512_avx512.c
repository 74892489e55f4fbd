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
 *   rotations non-destructive (sha2_x86_round_i.h, shared with the avx2 and
 *   ssse3 entries of sha512_x86.c and sha256_x86v.c). On the AMD EPYC benchmark host (AVX-512,
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
 * - Code (sha512_x86_body.h, also the body of sha512_x86.c's entries):
 *   the short form loops over sixteen rounds (eight schedule
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

#include "hash/sha2_x86_round_i.h"

#define SH_TARGET __attribute__((target("avx2,bmi,bmi2,avx512f,avx512vl")))

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

/* sigma0 / sigma1 of two schedule words: VPRORQ and one VPTERNLOGQ */
#define SH_S0(x) \
    _mm_ternarylogic_epi64(_mm_ror_epi64(x, 1), _mm_ror_epi64(x, 8), _mm_srli_epi64(x, 7), 0x96)
#define SH_S1(x) \
    _mm_ternarylogic_epi64(_mm_ror_epi64(x, 19), _mm_ror_epi64(x, 61), _mm_srli_epi64(x, 6), 0x96)
#define SH_WIPE(p, n) wipe_zmm(p, n)
#define SH_ROT SR_RORX
#define SH_NAME rijn_i_sha512_compress_avx512vl
#define SH_NEAR compress_near
#define SH_FAR compress_far
#include "hash/sha512_x86_body.h"

#else
typedef int rijn_i_sha512_avx512_unused;
#endif
